import UnderConstruction from '@/components/UnderConstruction';

export default function Accounting() {
  return <UnderConstruction title="工资核算" />;
}
