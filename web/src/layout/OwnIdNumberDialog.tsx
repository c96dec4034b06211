/**
 * The approver's first login, after the initial password: the own ID number is entered here, once, by the
 * approver (the clerk who created the account never types or sees it). It cannot be dismissed, only left by
 * logging out, like the forced password change.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Modal } from 'antd';
import { MSG_UNKNOWN } from '@/api/client';
import { enterOwnIdNumber, fetchProfile } from '@/pages/property/service';
import { idNumberRule } from '@/utils/rules/antd';
import { useFormSubmit } from '@/utils/useFormSubmit';
import { useLogout } from './useLogout';

export default function OwnIdNumberDialog() {
  const queryClient = useQueryClient();
  const confirmLogout = useLogout();
  const profile = useQuery({ queryKey: ['finance', 'profile'], queryFn: fetchProfile });
  const [form] = Form.useForm<{ idnumber: string }>();
  const { saving, submit } = useFormSubmit(form);
  const open = profile.data !== undefined && profile.data.idnumber === '';

  const save = () =>
    submit(
      async ({ idnumber }) => {
        await enterOwnIdNumber(idnumber);
        await queryClient.invalidateQueries({ queryKey: ['finance', 'profile'] });
      },
      // The refusal belongs to the one field, where the approver is looking.
      { onError: (error) => form.setFields([{ name: 'idnumber', errors: [error instanceof Error ? error.message : MSG_UNKNOWN] }]) },
    );

  return (
    <Modal
      title="登记本人身份证号码"
      open={open}
      closable={false}
      mask={{ closable: false }}
      keyboard={false}
      destroyOnHidden
      width={440}
      footer={
        <>
          <a onClick={confirmLogout} style={{ marginRight: 16 }}>
            退出登录
          </a>
          <Button type="primary" loading={saving} onClick={() => void save()} data-testid="own-idnumber-save">
            保存
          </Button>
        </>
      }
    >
      <div data-testid="own-idnumber-dialog">
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title="审批工资单须核验本人身份。身份证号码只能由您本人登记一次，项目人员看不到完整号码。"
        />
        <Form form={form} layout="vertical" onFinish={() => void save()}>
          <Form.Item label="本人身份证号码" name="idnumber" rules={[idNumberRule()]}>
            <Input maxLength={18} placeholder="18位身份证号码" data-testid="own-idnumber" />
          </Form.Item>
        </Form>
      </div>
    </Modal>
  );
}
