/** Old, new and repeated password (spec §5 "Password change"); on success the session ends. */
import { useEffect, useState } from 'react';
import { Button, Form, Input } from 'antd';
import type { Rule } from 'antd/es/form';
import { showApiError } from '@/api/client';
import { changePassword, fetchPasswordStatus } from '@/api/session';
import { useSession } from '@/store/session';
import { MAX_PASSWORD_LENGTH, MSG_MISMATCH, checkNewPassword } from '@/utils/passwordRules';
import { reloadPage } from '@/utils/reload';
import { useFormSubmit } from '@/utils/useFormSubmit';
import { local } from '@/utils/storage';

interface Values {
  old_pwd: string;
  new_pwd: string;
  confirm_pwd: string;
}

export default function ChangePasswordForm() {
  const side = useSession((state) => state.side);
  const clear = useSession((state) => state.clear);
  const [form] = Form.useForm<Values>();
  const [strong, setStrong] = useState(local.get('passwordstatus') === '1');
  const { saving, run } = useFormSubmit();

  useEffect(() => {
    fetchPasswordStatus(side).then(({ passwordstatus }) => {
      local.set('passwordstatus', passwordstatus);
      setStrong(passwordstatus === 1);
    }, showApiError);
  }, [side]);

  const newPasswordRule: Rule = {
    validator: (_, value: string | undefined) => {
      const problem = value ? checkNewPassword(value, strong) : null;
      return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
    },
  };
  const sameAsNew: Rule = ({ getFieldValue }) => ({
    validator: (_, value: string | undefined) =>
      !value || value === getFieldValue('new_pwd') ? Promise.resolve() : Promise.reject(new Error(MSG_MISMATCH)),
  });

  const submit = ({ old_pwd, new_pwd }: Values) =>
    run(async () => {
      await changePassword(side, old_pwd, new_pwd);
      clear();
      reloadPage({ type: 'success', text: '修改成功' });
    });

  return (
    <Form form={form} layout="vertical" onFinish={submit} autoComplete="off" data-testid="change-password-form">
      <Form.Item label="原密码" name="old_pwd" rules={[{ required: true, message: '请输入原密码' }]}>
        <Input.Password maxLength={MAX_PASSWORD_LENGTH} autoComplete="current-password" data-testid="old-password" />
      </Form.Item>
      <Form.Item
        label="新密码"
        name="new_pwd"
        rules={[{ required: true, message: '请输入新密码' }, newPasswordRule]}
        extra={strong ? '8-16位，须包含大小写字母、数字和特殊字符' : '6-16位非空格字符'}
      >
        <Input.Password maxLength={MAX_PASSWORD_LENGTH} autoComplete="new-password" data-testid="new-password" />
      </Form.Item>
      <Form.Item
        label="确认密码"
        name="confirm_pwd"
        dependencies={['new_pwd']}
        rules={[{ required: true, message: '请再次输入新密码' }, sameAsNew]}
      >
        <Input.Password maxLength={MAX_PASSWORD_LENGTH} autoComplete="new-password" data-testid="confirm-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={saving} data-testid="change-password-submit">
        确认修改
      </Button>
    </Form>
  );
}
