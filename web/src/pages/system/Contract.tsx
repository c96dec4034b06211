import UnderConstruction from '@/components/UnderConstruction';

export default function Contract() {
  return <UnderConstruction title="电子合同模板" />;
}
