import DeviceList from './DeviceList';

/** 系统设置 → 考勤设备: the site's attendance terminals. */
export default function Terminals() {
  return <DeviceList kind="attendant" title="考勤设备" />;
}
