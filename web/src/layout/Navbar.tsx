import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Badge, Dropdown, type MenuProps } from 'antd';
import { BellOutlined, DownOutlined, MenuFoldOutlined, MenuUnfoldOutlined, UserOutlined } from '@ant-design/icons';
import LeadPopup from '@/pages/message/LeadPopup';
import { MESSAGE_POLL_MS, fetchUnreadCount, pollsMessages } from '@/pages/message/service';
import { useAppStore } from '@/store/app';
import { useSession } from '@/store/session';
import ChangePasswordDialog from './ChangePasswordDialog';
import ProjectPicker from './ProjectPicker';
import { useLogout } from './useLogout';

export default function Navbar() {
  const navigate = useNavigate();
  const confirmLogout = useLogout();
  const { side, userInfo, siteConfig, roles } = useSession();
  const { sidebarOpened, toggleSidebar } = useAppStore();
  const [passwordOpen, setPasswordOpen] = useState(false);

  // The path is part of the key: every navigation asks for the count again (spec §4 outside area 4208).
  const { pathname } = useLocation();
  const messages = useQuery({
    queryKey: ['messageCount', side, pathname],
    queryFn: () => fetchUnreadCount(side),
    placeholderData: keepPreviousData,
    refetchInterval: pollsMessages(siteConfig, userInfo) ? MESSAGE_POLL_MS : false,
  });
  const count = messages.data?.count ?? 0;
  const home = side === 'finance' ? '/order/index' : '/index';
  const inbox = side === 'finance' ? '/message/index' : '/message/system';
  const helpCenter = siteConfig?.helpcenter;

  const userMenu: MenuProps = {
    items: [
      { key: 'home', label: <span data-testid="user-menu-home">工作台</span> },
      ...(helpCenter ? [{ key: 'help', label: <span data-testid="user-menu-help">帮助中心</span> }] : []),
      { key: 'password', label: <span data-testid="user-menu-password">修改密码</span> },
      { type: 'divider' as const },
      { key: 'logout', label: <span data-testid="user-menu-logout">退出登录</span> },
    ],
    onClick: ({ key }) => {
      if (key === 'home') navigate(home);
      if (key === 'help' && helpCenter) window.open(helpCenter, '_blank', 'noopener');
      if (key === 'password') setPasswordOpen(true);
      if (key === 'logout') confirmLogout();
    },
  };

  return (
    <header className="navbar">
      <button
        type="button"
        className="navbar-toggle"
        onClick={toggleSidebar}
        aria-label={sidebarOpened ? '收起菜单' : '展开菜单'}
        data-testid="sidebar-toggle"
      >
        {sidebarOpened ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
      </button>
      {siteConfig?.tieleicon && <img className="navbar-logo" src={siteConfig.tieleicon} alt="" />}
      <span className="navbar-title" data-testid="header-title">
        {siteConfig?.title}
      </span>
      {userInfo?.projectname && (
        <span className="navbar-project" data-testid="header-project">
          {userInfo.projectname}
        </span>
      )}
      {side === 'builder' && roles.includes('admin') && <ProjectPicker />}
      <span className="navbar-spacer" />
      <button
          type="button"
          className="navbar-bell"
          onClick={() => navigate(inbox)}
          aria-label={`未读消息 ${count} 条`}
          data-testid="header-messages"
        >
          <Badge dot={count > 0} offset={[-2, 2]}>
            <BellOutlined />
          </Badge>
          <span data-testid="header-message-count">{count}</span>
        </button>
      <Dropdown menu={userMenu} trigger={['click']} placement="bottomRight">
        <button type="button" className="navbar-user" data-testid="header-user-menu">
          <UserOutlined />
          <span data-testid="header-welcome">欢迎您，{userInfo?.account}</span>
          <DownOutlined />
        </button>
      </Dropdown>
      <ChangePasswordDialog open={passwordOpen} onClose={() => setPasswordOpen(false)} />
      <LeadPopup />
    </header>
  );
}
