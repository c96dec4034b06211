import UnderConstruction from '@/components/UnderConstruction';

export default function EditBuilds() {
  return <UnderConstruction title="编辑参建单位" />;
}
