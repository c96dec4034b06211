import { Alert, Modal } from 'antd';
import ChangePasswordForm from '@/components/ChangePasswordForm';
import { useLogout } from './useLogout';

interface Props {
  open: boolean;
  /** The initial password must go: the dialog cannot be dismissed, only left by logging out. */
  forced?: boolean;
  onClose?: () => void;
}

export default function ChangePasswordDialog({ open, forced = false, onClose }: Props) {
  const confirmLogout = useLogout();
  return (
    <Modal
      title="修改密码"
      open={open}
      onCancel={onClose}
      closable={!forced}
      mask={{ closable: !forced }}
      keyboard={!forced}
      destroyOnHidden
      width={440}
      footer={
        forced ? (
          <a onClick={confirmLogout} data-testid="forced-password-logout">
            退出登录
          </a>
        ) : null
      }
    >
      <div data-testid={forced ? 'forced-password-dialog' : 'change-password-dialog'}>
        {forced && (
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 16 }}
            title="当前账号仍在使用初始密码，请修改密码后继续使用。"
          />
        )}
        <ChangePasswordForm />
      </div>
    </Modal>
  );
}
