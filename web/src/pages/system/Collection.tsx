import UnderConstruction from '@/components/UnderConstruction';

export default function Collection() {
  return <UnderConstruction title="考勤采集" />;
}
