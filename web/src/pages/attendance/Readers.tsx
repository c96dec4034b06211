import DeviceList from './DeviceList';

/** 系统设置 → 身份证阅读器: the ID readers at the site's labour office. */
export default function Readers() {
  return <DeviceList kind="reader" title="身份证阅读器" />;
}
