import UnderConstruction from '@/components/UnderConstruction';

export default function RecordIndex() {
  return <UnderConstruction title="操作记录" />;
}
