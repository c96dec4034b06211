/**
 * Create or edit a finance approver. A new approver's initial password is shown once afterwards
 * (PropertyRole's password notice); an edit changes name and ID number only (the phone has its own dialog).
 */
import { useEffect, useState } from 'react';
import { Alert, Button, Form, Input, Modal, message } from 'antd';
import { IdcardOutlined } from '@ant-design/icons';
import { ApiError, MSG_UNKNOWN } from '@/api/client';
import { readCard } from '@/pages/worker/service';
import { useSession } from '@/store/session';
import { idNumberRule, personNameRule, phoneRule } from '@/utils/rules/antd';
import {
  checkCard,
  createApprover,
  editApprover,
  fetchApprover,
  type ApproverForm,
  type InitialPassword,
} from './service';

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
  该身份证号已是本项目的财务审批人: 'idnumber',
};

export default function PropertyRoleDialog({ editing, onClose, onSaved }: ApproverDialogProps) {
  const [form] = Form.useForm<ApproverForm>();
  const [saving, setSaving] = useState(false);
  const [reading, setReading] = useState(false);
  // A failed load of the approver being edited; another approver's is not shown.
  const [failed, setFailed] = useState<{ id: number; message: string } | null>(null);
  const loadError = failed !== null && failed.id === editing ? failed.message : '';
  const readerUrl = useSession((state) => state.siteConfig?.idreader ?? '');
  const creating = editing === 0;

  useEffect(() => {
    if (!editing) return;
    fetchApprover(editing)
      .then((detail) => {
        setFailed(null);
        form.setFieldsValue({ account: detail.account, name: detail.name, phone: detail.phone, idnumber: detail.idnumber });
      })
      .catch((error: unknown) => setFailed({ id: editing, message: error instanceof Error ? error.message : MSG_UNKNOWN }));
  }, [editing, form]);

  const read = async () => {
    setReading(true);
    try {
      const raw = await readCard(readerUrl);
      const card = await checkCard(raw.name, raw.idNumber);
      form.setFieldsValue({ name: card.name, idnumber: card.idnumber });
      void message.success(`已读取身份证：${card.name}`);
    } catch (error) {
      void message.error(error instanceof Error ? error.message : MSG_UNKNOWN);
    } finally {
      setReading(false);
    }
  };

  const submit = async () => {
    const values = await form.validateFields().catch(() => undefined);
    if (!values) return;
    setSaving(true);
    try {
      if (creating) {
        onSaved(await createApprover(values));
      } else if (editing) {
        await editApprover(editing, values);
        void message.success('保存成功');
        onSaved(null);
      }
    } catch (error) {
      const field = error instanceof ApiError ? FIELD_OF[error.message] : undefined;
      if (field) form.setFields([{ name: field, errors: [(error as ApiError).message] }]);
      else void message.error(error instanceof Error ? error.message : MSG_UNKNOWN);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={editing !== null}
      title={creating ? '新增财务审批人' : '编辑财务审批人'}
      okText="保存"
      confirmLoading={saving}
      onOk={() => void submit()}
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
          extra={creating ? '用于接收审批短信验证码' : '修改手机号请在列表中点击“改手机号”，需短信验证'}
          rules={[phoneRule()]}
        >
          <Input maxLength={11} disabled={!creating} data-testid="approver-phone" />
        </Form.Item>
        <Form.Item label="身份证号" required>
          <div style={{ display: 'flex', gap: 8 }}>
            <Form.Item name="idnumber" noStyle rules={[idNumberRule()]}>
              <Input maxLength={18} data-testid="approver-idnumber" />
            </Form.Item>
            {readerUrl && (
              <Button icon={<IdcardOutlined />} loading={reading} onClick={() => void read()} data-testid="approver-read-card">
                读卡
              </Button>
            )}
          </div>
        </Form.Item>
      </Form>
    </Modal>
  );
}
