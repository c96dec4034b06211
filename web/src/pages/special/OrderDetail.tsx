import UnderConstruction from '@/components/UnderConstruction';

export default function OrderDetail() {
  return <UnderConstruction title="工资单详情" />;
}
