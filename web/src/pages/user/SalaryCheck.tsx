import UnderConstruction from '@/components/UnderConstruction';

export default function SalaryCheck() {
  return <UnderConstruction title="工资核查" />;
}
