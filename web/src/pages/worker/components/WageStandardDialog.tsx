import { DatePicker, Form, Input, Modal, Radio, message } from 'antd';
import type { Dayjs } from 'dayjs';
import { useFormSubmit } from '@/utils/useFormSubmit';
import { chinaNow } from '@/utils/chinaTime';
import { requiredDateRule } from '@/utils/rules';
import { wageRule } from '@/utils/rules/worker';
import { changeWageStandard, type WorkerDetail } from '../service';

interface WageValues {
  wageKind: 'day' | 'month';
  wage: string;
  effective: Dayjs | null;
}

/**
 * 调整工资标准: a new day or month rate from a day on. A wage sheet pays each day at that day's standard; a
 * draft takes the new standard when refreshed; days on confirmed sheets get the difference of a raise on the
 * next supplementary sheet (补差), and a cut into them is refused by the server.
 */
export default function WageStandardDialog({ worker, onClose, onSaved }: { worker: WorkerDetail | null; onClose: () => void; onSaved: () => void }) {
  const [form] = Form.useForm<WageValues>();
  const { saving, run } = useFormSubmit();
  const entryDate = worker?.entryDate ?? '';

  const send = async (values: WageValues) => {
    if (!worker) return;
    await run(async () => {
      const told = await changeWageStandard({
        id: String(worker.id),
        wageKind: values.wageKind,
        wage: values.wage.trim(),
        effectiveDate: values.effective ? values.effective.format('YYYY-MM-DD') : '',
      });
      // A raise into paid days: the server says which days a supplementary sheet will top up.
      if (told.message.includes('补差')) void message.info(told.message, 8);
      else void message.success('工资标准已调整');
      onSaved();
    });
  };

  return (
    <Modal
      open={worker !== null}
      title={`调整工资标准：${worker?.name ?? ''}`}
      okText="保存"
      okButtonProps={{ 'data-testid': 'wage-submit' } as Record<string, string>}
      confirmLoading={saving}
      destroyOnHidden
      onCancel={onClose}
      onOk={() => form.submit()}
    >
      <Form<WageValues>
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={{ wageKind: worker?.wageKind === 'month' ? 'month' : 'day', wage: '', effective: chinaNow().startOf('day') }}
        onFinish={(values) => void send(values)}
      >
        <p data-testid="wage-current">
          现行标准：{worker?.wage} 元/{worker?.wageKind === 'month' ? '月' : '日'}
        </p>
        <Form.Item name="wageKind" label="工资标准类型">
          <Radio.Group options={[{ value: 'day', label: '日薪' }, { value: 'month', label: '月薪' }]} />
        </Form.Item>
        <Form.Item name="wage" label="新的工资标准（元）" rules={[wageRule()]}>
          <Input data-testid="wage-amount" />
        </Form.Item>
        <Form.Item
          name="effective"
          label="生效日期"
          extra="自该日起按新标准计薪。已计发的日期只能调高，差额在该月补充工资表中补发（补差）；未确认的工资表刷新后按新标准计算"
          rules={[
            requiredDateRule('请选择生效日期'),
            {
              validator: (_rule, value: Dayjs | null) =>
                value && value.format('YYYY-MM-DD') < entryDate ? Promise.reject(new Error('生效日期不能早于进场日期')) : Promise.resolve(),
            },
          ]}
        >
          <DatePicker style={{ width: '100%' }} data-testid="wage-effective" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
