import UnderConstruction from '@/components/UnderConstruction';

export default function Issue() {
  return <UnderConstruction title="工资发放" />;
}
