import UnderConstruction from '@/components/UnderConstruction';

export default function OrderIndex() {
  return <UnderConstruction title="审批工单" />;
}
