import UnderConstruction from '@/components/UnderConstruction';

export default function ConstructInfo() {
  return <UnderConstruction title="施工单位信息" />;
}
