import UnderConstruction from '@/components/UnderConstruction';

export default function Sheets() {
  return <UnderConstruction title="考勤表" />;
}
