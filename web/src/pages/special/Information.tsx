import UnderConstruction from '@/components/UnderConstruction';

export default function Information() {
  return <UnderConstruction title="专户信息" />;
}
