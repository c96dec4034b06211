/**
 * Phone change with SMS verification (财务审批人的手机号): a code goes to the new phone, which changes once
 * the code comes back. Used on propertyRole (the clerk changes an approver's phone) and in the finance
 * personal centre (the approver changes their own).
 */
import { Button, Form, Input, Modal, Space } from 'antd';
import { ApiError, showAnyError } from '@/api/client';
import { useCountdown } from '@/utils/useCountdown';
import { phoneRule, requiredRule } from '@/utils/rules/antd';
import { useFormSubmit } from '@/utils/useFormSubmit';

const RESEND_SECONDS = 60;

export interface PhoneDialogProps {
  open: boolean;
  /** Who the phone belongs to, for the title. */
  owner: string;
  currentPhone: string;
  send: (phone: string) => Promise<unknown>;
  confirm: (phone: string, code: string) => Promise<unknown>;
  onClose: () => void;
  onChanged: () => void;
}

interface PhoneForm {
  phone: string;
  code: string;
}

export default function PropertyRolePhoneDialog({ open, owner, currentPhone, send, confirm, onClose, onChanged }: PhoneDialogProps) {
  const [form] = Form.useForm<PhoneForm>();
  const [left, start] = useCountdown();
  const sending = useFormSubmit();
  const { saving, submit } = useFormSubmit(form);

  const sendCode = async () => {
    const values = await form.validateFields(['phone']).catch(() => undefined);
    if (!values) return;
    await sending.run(
      async () => {
        await send(values.phone);
        start(RESEND_SECONDS);
      },
      { success: '验证码已发送', onError: showAnyError },
    );
  };

  const save = () =>
    submit(
      async (values) => {
        await confirm(values.phone, values.code);
        form.resetFields();
        onChanged();
      },
      {
        success: '手机号修改成功',
        // The server's refusal is about the code the user just typed.
        onError: (error) => (error instanceof ApiError ? form.setFields([{ name: 'code', errors: [error.message] }]) : showAnyError(error)),
      },
    );

  return (
    <Modal
      open={open}
      title={`修改手机号 — ${owner}`}
      okText="确认修改"
      confirmLoading={saving}
      onOk={() => void save()}
      onCancel={onClose}
      destroyOnHidden
      width={480}
    >
      <Form form={form} layout="vertical" preserve={false} data-testid="phone-change-form">
        <Form.Item label="当前手机号">
          <Input value={currentPhone} disabled />
        </Form.Item>
        <Form.Item label="新手机号" name="phone" rules={[phoneRule()]}>
          <Input maxLength={11} placeholder="请输入新手机号" data-testid="phone-change-phone" />
        </Form.Item>
        <Form.Item label="短信验证码" required>
          <Space.Compact style={{ width: '100%' }}>
            <Form.Item name="code" noStyle rules={[requiredRule('请输入短信验证码')]}>
              <Input maxLength={6} placeholder="验证码发送到新手机号" data-testid="phone-change-code" />
            </Form.Item>
            <Button disabled={left > 0} loading={sending.saving} onClick={() => void sendCode()} data-testid="phone-change-send">
              {left > 0 ? `${left}秒后重发` : '获取验证码'}
            </Button>
          </Space.Compact>
        </Form.Item>
      </Form>
    </Modal>
  );
}
