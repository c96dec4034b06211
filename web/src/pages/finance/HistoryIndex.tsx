import UnderConstruction from '@/components/UnderConstruction';

export default function HistoryIndex() {
  return <UnderConstruction title="审批历史" />;
}
