import UnderConstruction from '@/components/UnderConstruction';

export default function ListPage() {
  return <UnderConstruction title="花名册" />;
}
