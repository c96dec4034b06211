import UnderConstruction from '@/components/UnderConstruction';

export default function Award() {
  return <UnderConstruction title="奖励记录" />;
}
