import UnderConstruction from '@/components/UnderConstruction';

export default function HistoryDetail() {
  return <UnderConstruction title="审批详情" />;
}
