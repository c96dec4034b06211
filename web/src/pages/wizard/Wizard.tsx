/** Stands in for the registration wizard (spec §2, built in a later issue) for unsubmitted projects. */
import { Button, Result } from 'antd';
import { LogoutOutlined } from '@ant-design/icons';
import ChangePasswordDialog from '@/layout/ChangePasswordDialog';
import { useLogout } from '@/layout/useLogout';
import { mustChangePassword, useSession } from '@/store/session';

export default function Wizard() {
  const confirmLogout = useLogout();
  const { side, siteConfig, userInfo } = useSession();
  return (
    <div className="wizard-page" data-testid="wizard">
      <header className="navbar">
        <span className="navbar-title">{siteConfig?.titleall || siteConfig?.title}</span>
        <span className="navbar-spacer" />
        <Button
          type="text"
          icon={<LogoutOutlined />}
          onClick={confirmLogout}
          className="navbar-text-button"
          data-testid="wizard-logout"
        >
          退出登录
        </Button>
      </header>
      <Result
        status="info"
        title="项目注册"
        subTitle={
          <>
            <div data-testid="wizard-project">{userInfo?.projectname || '未填写项目名称'}</div>
            <div>功能建设中</div>
          </>
        }
      />
      <ChangePasswordDialog open={mustChangePassword(side, userInfo)} forced />
    </div>
  );
}
