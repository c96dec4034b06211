import UnderConstruction from '@/components/UnderConstruction';

export default function BuilderInfo() {
  return <UnderConstruction title="建设单位信息" />;
}
