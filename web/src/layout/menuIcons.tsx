import type { ReactNode } from 'react';
import {
  AlertOutlined,
  ApartmentOutlined,
  AuditOutlined,
  BankOutlined,
  BarChartOutlined,
  FileDoneOutlined,
  HistoryOutlined,
  HomeOutlined,
  IdcardOutlined,
  MessageOutlined,
  PaperClipOutlined,
  ProfileOutlined,
  ProjectOutlined,
  SafetyCertificateOutlined,
  SettingOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { MenuIconName } from '@/router/types';

export const MENU_ICONS: Record<MenuIconName, ReactNode> = {
  home: <HomeOutlined />,
  project: <ProjectOutlined />,
  idcard: <IdcardOutlined />,
  bank: <BankOutlined />,
  credit: <SafetyCertificateOutlined />,
  affix: <PaperClipOutlined />,
  message: <MessageOutlined />,
  report: <BarChartOutlined />,
  setting: <SettingOutlined />,
  lead: <AlertOutlined />,
  audit: <AuditOutlined />,
  order: <FileDoneOutlined />,
  history: <HistoryOutlined />,
  record: <ProfileOutlined />,
  user: <UserOutlined />,
  directory: <ApartmentOutlined />,
};
