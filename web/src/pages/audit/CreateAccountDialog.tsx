import { useState } from 'react';
import { Alert, Button, Descriptions, Form, Input, message, Modal, Space, Typography } from 'antd';
import { checkPersonName, optionalPhoneRule, ruleFrom } from '@/utils/rules';
import { useFormSubmit } from '@/utils/useFormSubmit';
import {
  createAccount,
  MSG_NAME_REQUIRED,
  MSG_USERNAME,
  USERNAME,
  type CreateAccountForm,
  type CreatedAccount,
} from './service';

interface Props {
  open: boolean;
  onClose: () => void;
  onCreated: () => void;
}

interface Values {
  username: string;
  name: string;
  phone?: string;
  projectname?: string;
}

/** Copies text, with the old selection trick where the async clipboard is unavailable. */
async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // fall through to the selection trick
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  let copied = false;
  try {
    copied = document.execCommand('copy');
  } catch {
    copied = false;
  }
  area.remove();
  return copied;
}

/** 开通项目账号: a new draft project and its builder account; the initial password is shown once. */
export default function CreateAccountDialog({ open, onClose, onCreated }: Props) {
  const [form] = Form.useForm<Values>();
  const { saving, submit } = useFormSubmit(form);
  const [created, setCreated] = useState<CreatedAccount | null>(null);

  const save = () =>
    submit(async (values) => {
      const payload: CreateAccountForm = {
        username: values.username,
        name: values.name,
        phone: values.phone ?? '',
        projectname: values.projectname ?? '',
      };
      const account = await createAccount(payload);
      form.resetFields();
      onClose();
      setCreated(account);
      onCreated();
    });

  async function copy() {
    if (!created) return;
    const ok = await copyText(`账号：${created.username}\n初始密码：${created.password}`);
    if (ok) message.success('已复制账号和初始密码');
    else message.error('复制失败，请手动记录');
  }

  return (
    <>
      <Modal
        open={open}
        title="开通项目账号"
        okText="开通"
        okButtonProps={{ 'data-testid': 'create-submit' }}
        confirmLoading={saving}
        onOk={() => void save()}
        onCancel={onClose}
        destroyOnHidden
        mask={{ closable: false }}
      >
        <Form form={form} layout="vertical" preserve={false} data-testid="create-account-form">
          <Form.Item
            name="username"
            label="账号"
            extra="用于项目劳资专管员登录"
            validateFirst
            rules={[
              { required: true, message: MSG_USERNAME },
              { pattern: USERNAME, message: MSG_USERNAME },
            ]}
          >
            <Input data-testid="create-username" maxLength={30} autoComplete="off" />
          </Form.Item>
          <Form.Item
            name="name"
            label="姓名"
            rules={[ruleFrom((value) => (value.trim() === '' ? MSG_NAME_REQUIRED : checkPersonName(value)))]}
          >
            <Input data-testid="create-name" maxLength={50} autoComplete="off" />
          </Form.Item>
          <Form.Item name="phone" label="手机号" rules={[optionalPhoneRule()]}>
            <Input data-testid="create-phone" maxLength={20} autoComplete="off" />
          </Form.Item>
          <Form.Item name="projectname" label="项目名称" extra="可留空，由项目方在注册向导中填写" rules={[{ max: 255, message: '项目名称不能超过255个字' }]}>
            <Input data-testid="create-projectname" maxLength={255} autoComplete="off" />
          </Form.Item>
        </Form>
      </Modal>

      <Modal
        open={created !== null}
        title="项目账号已开通"
        closable={false}
        mask={{ closable: false }}
        keyboard={false}
        onCancel={() => setCreated(null)}
        footer={
          <Space>
            <Button data-testid="created-copy" onClick={() => void copy()}>
              复制账号和密码
            </Button>
            <Button type="primary" data-testid="created-close" onClick={() => setCreated(null)}>
              我已记录
            </Button>
          </Space>
        }
      >
        {created && (
          <div data-testid="created-account">
            <Alert
              type="warning"
              showIcon
              style={{ marginBottom: 16 }}
              title="初始密码只显示这一次，关闭后无法再次查看，请立即记录并转交项目方。"
              description="该账号首次登录时必须修改密码。"
            />
            <Descriptions
              column={1}
              bordered
              size="small"
              items={[
                {
                  key: 'username',
                  label: '账号',
                  children: (
                    <Typography.Text strong data-testid="created-username">
                      {created.username}
                    </Typography.Text>
                  ),
                },
                {
                  key: 'password',
                  label: '初始密码',
                  children: (
                    <Typography.Text code strong style={{ fontSize: 16 }} data-testid="created-password">
                      {created.password}
                    </Typography.Text>
                  ),
                },
              ]}
            />
          </div>
        )}
      </Modal>
    </>
  );
}
