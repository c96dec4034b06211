import UnderConstruction from '@/components/UnderConstruction';

export default function SalaryPay() {
  return <UnderConstruction title="工资支付" />;
}
