import UnderConstruction from '@/components/UnderConstruction';

export default function Wage() {
  return <UnderConstruction title="工资统计" />;
}
