import UnderConstruction from '@/components/UnderConstruction';

export default function Train() {
  return <UnderConstruction title="培训记录" />;
}
