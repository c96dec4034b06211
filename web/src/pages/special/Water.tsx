import UnderConstruction from '@/components/UnderConstruction';

export default function Water() {
  return <UnderConstruction title="专户流水" />;
}
