/**
 * The bureau corrects an approver's ID number (审核 or 管理员 of the project's district): the approver enters
 * it once himself, the clerk never; a number entered wrong is put right here, with the reason, and the change
 * shows in 配置记录.
 */
import { Form, Input, Modal } from 'antd';
import { idNumberRule, requiredRule } from '@/utils/rules/antd';
import { useFormSubmit } from '@/utils/useFormSubmit';
import { correctIdNumber, type ApproverLine } from './service';

interface CorrectionValues {
  idnumber: string;
  reason: string;
}

export default function IdCorrectionDialog({ approver, onClose, onDone }: { approver: ApproverLine | null; onClose: () => void; onDone: () => void }) {
  const [form] = Form.useForm<CorrectionValues>();
  const { saving, submit } = useFormSubmit(form);
  const save = async () => {
    if (!approver) return;
    await submit(
      async (values) => {
        await correctIdNumber(approver.id, values.idnumber, values.reason);
        form.resetFields();
        onDone();
      },
      { success: '身份证号码已更正' },
    );
  };
  return (
    <Modal
      open={approver !== null}
      title={approver ? `更正身份证号码：${approver.name}（${approver.account}）` : ''}
      okText="更正"
      onOk={() => void save()}
      confirmLoading={saving}
      onCancel={onClose}
      destroyOnHidden
      okButtonProps={{ 'data-testid': 'id-correction-save' }}
    >
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item label="现登记号码">{approver?.idnumber || '未登记'}</Form.Item>
        <Form.Item label="正确的身份证号码" name="idnumber" rules={[idNumberRule()]}>
          <Input maxLength={18} data-testid="id-correction-number" />
        </Form.Item>
        <Form.Item label="更正原因" name="reason" rules={[requiredRule('请填写更正原因（200字以内）'), { max: 200, message: '请填写更正原因（200字以内）' }]}>
          <Input.TextArea rows={3} maxLength={200} showCount data-testid="id-correction-reason" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
