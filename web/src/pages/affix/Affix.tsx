import UnderConstruction from '@/components/UnderConstruction';

export default function Affix() {
  return <UnderConstruction title="附件凭证" />;
}
