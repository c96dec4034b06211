import UnderConstruction from '@/components/UnderConstruction';

export default function Attendance() {
  return <UnderConstruction title="考勤统计" />;
}
