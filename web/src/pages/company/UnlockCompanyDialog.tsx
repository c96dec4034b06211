import { useState } from 'react';
import { Alert, Form, Input, message, Modal } from 'antd';
import { showApiError } from '@/api/client';
import {
  MSG_UNLOCK_REASON_REQUIRED,
  MSG_UNLOCK_REASON_TOO_LONG,
  MSG_UNLOCKED_OK,
  UNLOCK_REASON_MAX,
  unlockCompany,
} from './service';

/** The company to unlock and the project the regulator is looking at. */
export interface UnlockTarget {
  companyId: number;
  companyName: string;
  projectId: number;
}

interface Props {
  target: UnlockTarget | null;
  onClose: () => void;
  onUnlocked: () => void;
}

/**
 * 解锁单位: the wizard locks a company's registered fields at its first save; the regulator unlocks them
 * with a reason (at most 200 characters, written to the operation log) so the clerk can correct them.
 */
export default function UnlockCompanyDialog({ target, onClose, onUnlocked }: Props) {
  const [form] = Form.useForm<{ reason: string }>();
  const [saving, setSaving] = useState(false);

  async function submit() {
    if (!target) return;
    const { reason } = await form.validateFields();
    setSaving(true);
    try {
      await unlockCompany(target.companyId, target.projectId, reason.trim());
      message.success(MSG_UNLOCKED_OK);
      form.resetFields();
      onUnlocked();
    } catch (error) {
      showApiError(error);
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal
      open={target !== null}
      title={`解锁单位：${target?.companyName || ''}`}
      okText="确认解锁"
      okButtonProps={{ 'data-testid': 'unlock-submit' }}
      confirmLoading={saving}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      destroyOnHidden
      mask={{ closable: false }}
    >
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title="解锁后，项目方在注册向导中可修改该单位的名称、信用代码等登记信息，再次保存时重新锁定。"
      />
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item
          name="reason"
          label="解锁原因"
          rules={[
            { required: true, whitespace: true, message: MSG_UNLOCK_REASON_REQUIRED },
            { max: UNLOCK_REASON_MAX, message: MSG_UNLOCK_REASON_TOO_LONG },
          ]}
        >
          <Input.TextArea
            data-testid="unlock-reason"
            rows={4}
            maxLength={UNLOCK_REASON_MAX}
            showCount
            placeholder="请填写解锁原因，将记入操作日志"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
