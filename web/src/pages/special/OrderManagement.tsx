import UnderConstruction from '@/components/UnderConstruction';

export default function OrderManagement() {
  return <UnderConstruction title="工资单管理" />;
}
