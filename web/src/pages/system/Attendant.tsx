import DeviceList from '@/pages/attendance/DeviceList';

/** 系统设置 → 考勤设备: the site's attendance terminals. */
export default function Attendant() {
  return <DeviceList kind="attendant" title="考勤设备" />;
}
