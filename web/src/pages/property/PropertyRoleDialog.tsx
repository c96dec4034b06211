/**
 * Create or edit a finance approver. A new approver's initial password goes by SMS to the phone entered here
 * (PropertyRole says where it went); an edit changes the name only. The ID number and, later, the phone are the
 * approver's own to enter (个人中心).
 */
import { useEffect, useState } from 'react';
import { Alert, Form, Input, Modal, message } from 'antd';
import { ApiError, MSG_UNKNOWN, showAnyError } from '@/api/client';
import { personNameRule, phoneRule } from '@/utils/rules/antd';
import { useFormSubmit } from '@/utils/useFormSubmit';
import { createApprover, editApprover, fetchApprover, type ApproverForm, type InitialPassword } from './service';

export const MSG_ACCOUNT_RULE = '请输入4-20位字母、数字或下划线组成的登录账号';
const ACCOUNT_PATTERN = /^[A-Za-z0-9_]{4,20}$/;

export interface ApproverDialogProps {
  /** null: closed; 0: a new approver; otherwise the approver being edited. */
  editing: number | null;
  onClose: () => void;
  onSaved: (created: InitialPassword | null) => void;
}

/** The server's refusals that belong to one field. */
const FIELD_OF: Record<string, keyof ApproverForm> = {
  该登录账号已存在: 'account',
  [MSG_ACCOUNT_RULE]: 'account',
  该手机号已被其他账号使用: 'phone',
  '财务审批人须使用手机号码（用于接收短信验证码）': 'phone',
};

export default function PropertyRoleDialog({ editing, onClose, onSaved }: ApproverDialogProps) {
  const [form] = Form.useForm<ApproverForm>();
  const { saving, submit } = useFormSubmit(form);
  // A failed load of the approver being edited; another approver's is not shown.
  const [failed, setFailed] = useState<{ id: number; message: string } | null>(null);
  const loadError = failed !== null && failed.id === editing ? failed.message : '';
  const creating = editing === 0;

  useEffect(() => {
    if (!editing) return;
    fetchApprover(editing)
      .then((detail) => {
        setFailed(null);
        form.setFieldsValue({ account: detail.account, name: detail.name, phone: detail.phone });
      })
      .catch((error: unknown) => setFailed({ id: editing, message: error instanceof Error ? error.message : MSG_UNKNOWN }));
  }, [editing, form]);

  const save = () =>
    submit(
      async (values) => {
        if (creating) {
          onSaved(await createApprover(values));
        } else if (editing) {
          await editApprover(editing, values);
          void message.success('保存成功');
          onSaved(null);
        }
      },
      {
        onError: (error) => {
          const field = error instanceof ApiError ? FIELD_OF[error.message] : undefined;
          if (field) form.setFields([{ name: field, errors: [(error as ApiError).message] }]);
          else showAnyError(error);
        },
      },
    );

  return (
    <Modal
      open={editing !== null}
      title={creating ? '新增财务审批人' : '编辑财务审批人'}
      okText="保存"
      confirmLoading={saving}
      onOk={() => void save()}
      onCancel={onClose}
      destroyOnHidden
      width={560}
    >
      {loadError && <Alert type="error" showIcon title={loadError} style={{ marginBottom: 16 }} />}
      <Form form={form} layout="vertical" preserve={false} data-testid="approver-form">
        <Form.Item
          label="登录账号"
          name="account"
          extra={creating ? '财务审批人在“财务登录”入口用此账号登录' : undefined}
          rules={[{ required: true, pattern: ACCOUNT_PATTERN, message: MSG_ACCOUNT_RULE }]}
        >
          <Input maxLength={20} disabled={!creating} placeholder="字母、数字或下划线" data-testid="approver-account" />
        </Form.Item>
        <Form.Item label="姓名" name="name" rules={[personNameRule()]}>
          <Input maxLength={50} data-testid="approver-name" />
        </Form.Item>
        <Form.Item
          label="手机号"
          name="phone"
          extra={creating ? '初始密码和审批验证码都以短信发送到这个手机号' : '手机号由审批人本人在个人中心通过短信验证修改'}
          rules={[phoneRule()]}
        >
          <Input maxLength={11} disabled={!creating} data-testid="approver-phone" />
        </Form.Item>
        {creating && (
          <Alert type="info" showIcon title="身份证号码由审批人首次登录后本人填写，项目人员看不到完整号码。" />
        )}
      </Form>
    </Modal>
  );
}
