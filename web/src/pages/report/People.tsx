import UnderConstruction from '@/components/UnderConstruction';

export default function People() {
  return <UnderConstruction title="用工结构" />;
}
