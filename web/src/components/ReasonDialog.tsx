/**
 * A decision that needs a written reason (驳回, 解锁, 撤销, 退回…): the reason is required, limited in length
 * with the server's own messages, and the dialog stays open with the server's refusal when the call fails.
 */
import type { ReactNode } from 'react';
import { Alert, Form, Input, Modal } from 'antd';
import { useFormSubmit } from '@/utils/useFormSubmit';

export interface ReasonDialogProps {
  open: boolean;
  title: string;
  okText: string;
  danger?: boolean;
  /** An explanation above the field. */
  note?: ReactNode;
  label: string;
  placeholder: string;
  rows?: number;
  maxLength: number;
  requiredMessage: string;
  tooLongMessage: string;
  /** The data-testids of the text area and the confirm button. */
  fieldTestId: string;
  submitTestId: string;
  /** Shown after the call succeeded. */
  successMessage: string;
  onSubmit: (reason: string) => Promise<unknown>;
  onClose: () => void;
  onDone: () => void;
}

export default function ReasonDialog(props: ReasonDialogProps) {
  const [form] = Form.useForm<{ reason: string }>();
  const { saving, submit } = useFormSubmit(form);

  const save = () =>
    submit(
      async ({ reason }) => {
        await props.onSubmit(reason.trim());
        form.resetFields();
        props.onDone();
      },
      { success: props.successMessage },
    );

  return (
    <Modal
      open={props.open}
      title={props.title}
      okText={props.okText}
      cancelText="取消"
      okButtonProps={{ danger: props.danger, ...({ 'data-testid': props.submitTestId } as Record<string, string>) }}
      confirmLoading={saving}
      onOk={() => void save()}
      onCancel={props.onClose}
      destroyOnHidden
      mask={{ closable: false }}
    >
      {props.note && <Alert type="info" showIcon style={{ marginBottom: 16 }} title={props.note} />}
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item
          name="reason"
          label={props.label}
          rules={[
            { required: true, whitespace: true, message: props.requiredMessage },
            { max: props.maxLength, message: props.tooLongMessage },
          ]}
        >
          <Input.TextArea
            data-testid={props.fieldTestId}
            rows={props.rows ?? 4}
            maxLength={props.maxLength}
            showCount
            placeholder={props.placeholder}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
