import { Form, Input, Modal } from 'antd';
import { WorkerConfirmation, type Confirmation } from '@/components/wageOrder/WorkerConfirmation';
import { useFormSubmit } from '@/utils/useFormSubmit';
import { answerDispute } from './service';

/** The disputed line being answered: on the wage sheet, or a paid line in 异常处理 the worker never received. */
export interface AnswerTarget {
  lineId: number;
  name: string;
  confirmation?: Confirmation;
}

/** 答复异议: the clerk's answer to a worker's dispute of his line, which the worker reads on his pay slip. */
export default function AnswerDialog({ target, onClose, onSaved }: { target: AnswerTarget | null; onClose: () => void; onSaved: () => void }) {
  const [form] = Form.useForm<{ answer: string }>();
  const { saving, submit } = useFormSubmit(form);
  const save = () =>
    submit(
      async (values) => {
        if (!target) return;
        await answerDispute(target.lineId, values.answer.trim());
        form.resetFields();
        onSaved();
      },
      { success: '已答复' },
    );
  return (
    <Modal title={target ? `答复异议 · ${target.name}` : ''} open={target !== null} onCancel={onClose} onOk={() => void save()} confirmLoading={saving}
      okText="答复" cancelText="取消" destroyOnHidden okButtonProps={{ 'data-testid': 'answer-submit' } as Record<string, string>}>
      {target?.confirmation && (
        <div style={{ marginBottom: 12 }} data-testid="answer-dispute">
          <WorkerConfirmation confirmation={target.confirmation} />
        </div>
      )}
      <Form form={form} layout="vertical">
        <Form.Item name="answer" label="答复" rules={[{ required: true, whitespace: true, min: 2, max: 200, message: '请填写答复（2至200字）' }]}>
          <Input.TextArea rows={4} maxLength={200} showCount placeholder="核实情况及处理结果，工人可在工资条上看到" data-testid="answer-text" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
