import UnderConstruction from '@/components/UnderConstruction';

export default function OrderDetail() {
  return <UnderConstruction title="工单详情" />;
}
