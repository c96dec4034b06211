import UnderConstruction from '@/components/UnderConstruction';

export default function NewBulid() {
  return <UnderConstruction title="新增参建单位" />;
}
