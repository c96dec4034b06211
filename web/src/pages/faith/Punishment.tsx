import UnderConstruction from '@/components/UnderConstruction';

export default function Punishment() {
  return <UnderConstruction title="处罚记录" />;
}
