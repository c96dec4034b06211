import { useState } from 'react';
import { Form, Input, message, Modal } from 'antd';
import { showApiError } from '@/api/client';
import { MSG_REJECTED_OK, MSG_REMARK_REQUIRED, MSG_REMARK_TOO_LONG, REMARK_MAX, rejectProject } from './service';

interface Props {
  project: { id: number; name: string } | null;
  onClose: () => void;
  onRejected: () => void;
}

/** 驳回: the reason is required (at most 500 characters) and shown to the project in its wizard. */
export default function RejectDialog({ project, onClose, onRejected }: Props) {
  const [form] = Form.useForm<{ auditremark: string }>();
  const [saving, setSaving] = useState(false);

  async function submit() {
    if (!project) return;
    const { auditremark } = await form.validateFields();
    setSaving(true);
    try {
      await rejectProject(project.id, auditremark.trim());
      message.success(MSG_REJECTED_OK);
      form.resetFields();
      onRejected();
    } catch (error) {
      showApiError(error);
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal
      open={project !== null}
      title={`驳回：${project?.name || '未命名项目'}`}
      okText="确认驳回"
      okButtonProps={{ danger: true, 'data-testid': 'reject-submit' }}
      confirmLoading={saving}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      destroyOnHidden
      mask={{ closable: false }}
    >
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item
          name="auditremark"
          label="驳回原因"
          rules={[
            { required: true, whitespace: true, message: MSG_REMARK_REQUIRED },
            { max: REMARK_MAX, message: MSG_REMARK_TOO_LONG },
          ]}
        >
          <Input.TextArea
            data-testid="reject-remark"
            rows={5}
            maxLength={REMARK_MAX}
            showCount
            placeholder="请填写驳回原因，项目方将在注册向导中看到"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
