import UnderConstruction from '@/components/UnderConstruction';

export default function BzInfo() {
  return <UnderConstruction title="班组管理" />;
}
