import UnderConstruction from '@/components/UnderConstruction';

export default function RecordPage() {
  return <UnderConstruction title="不良行为记录" />;
}
