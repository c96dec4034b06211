/**
 * The regulator records an owner's labour-cost transfer (人工费拨付) into an approved project's special
 * account (/admin/special/v1/Account/transfer); the project's balance and flows show it at once.
 */
import { chinaNow } from '@/utils/chinaTime';
import { Alert, DatePicker, Form, Input, Modal, message } from 'antd';
import type { Dayjs } from 'dayjs';
import { showAnyError } from '@/api/client';
import { requiredRule } from '@/utils/rules/antd';
import { useFormSubmit } from '@/utils/useFormSubmit';
import { recordTransfer } from './service';
const AMOUNT_PATTERN = /^\d{1,11}(\.\d{1,2})?$/;

interface TransferFields {
  amount: string;
  payer_name: string;
  payer_account: string;
  payer_bank: string;
  date: Dayjs;
  summary: string;
}

export interface TransferDialogProps {
  project: { id: number; name: string } | null;
  onClose: () => void;
}

export default function TransferDialog({ project, onClose }: TransferDialogProps) {
  const [form] = Form.useForm<TransferFields>();
  const { saving, submit } = useFormSubmit(form);

  const save = () =>
    submit(
      async (values) => {
        if (!project) return;
        const posted = await recordTransfer({
          projectId: project.id,
          amount: values.amount.trim(),
          payer_name: values.payer_name.trim(),
          payer_account: values.payer_account?.trim() || undefined,
          payer_bank: values.payer_bank?.trim() || undefined,
          date: values.date.format('YYYY-MM-DD'),
          summary: values.summary?.trim() || undefined,
        });
        void message.success(`已录入 ${posted.amount} 元，专户余额 ${posted.balance} 元`);
        onClose();
      },
      { onError: showAnyError },
    );

  return (
    <Modal
      open={project !== null}
      title="录入人工费拨付"
      okText="确认录入"
      confirmLoading={saving}
      onOk={() => void save()}
      onCancel={onClose}
      destroyOnHidden
      width={560}
    >
      <Alert type="info" showIcon style={{ marginBottom: 16 }} title={`收款专户：${project?.name ?? ''}`} description="录入后计入该项目农民工工资专用账户的收入流水，不可修改，请核对后提交。" />
      <Form form={form} layout="vertical" preserve={false} initialValues={{ date: chinaNow() }} data-testid="transfer-form">
        <Form.Item label="金额(元)" name="amount" rules={[requiredRule('请填写金额'), { pattern: AMOUNT_PATTERN, message: '请填写正确的金额，最多2位小数' }]}>
          <Input placeholder="例如 300000.00" data-testid="transfer-amount" />
        </Form.Item>
        <Form.Item label="付款单位" name="payer_name" rules={[requiredRule('请填写付款单位名称'), { max: 100, message: '付款单位名称不能超过100个字' }]}>
          <Input maxLength={100} data-testid="transfer-payer" />
        </Form.Item>
        <Form.Item label="付款账号" name="payer_account" rules={[{ pattern: /^[\d-]{0,50}$/, message: '请填写正确的付款账号' }]}>
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item label="付款银行" name="payer_bank">
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item label="到账日期" name="date" rules={[{ required: true, message: '请选择到账日期' }]}>
          <DatePicker style={{ width: '100%' }} disabledDate={(day) => day.isAfter(chinaNow(), 'day')} />
        </Form.Item>
        <Form.Item label="摘要" name="summary">
          <Input maxLength={200} placeholder="人工费拨付" data-testid="transfer-summary" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
