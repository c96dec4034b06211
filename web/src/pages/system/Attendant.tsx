import UnderConstruction from '@/components/UnderConstruction';

export default function Attendant() {
  return <UnderConstruction title="考勤设备" />;
}
