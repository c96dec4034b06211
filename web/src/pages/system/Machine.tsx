import DeviceList from '@/pages/attendance/DeviceList';

/** 系统设置 → 身份证阅读器: the ID readers at the site's labour office. */
export default function Machine() {
  return <DeviceList kind="reader" title="身份证阅读器" />;
}
