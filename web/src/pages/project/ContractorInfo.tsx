import UnderConstruction from '@/components/UnderConstruction';

export default function ContractorInfo() {
  return <UnderConstruction title="参建单位" />;
}
