import UnderConstruction from '@/components/UnderConstruction';

export default function PropertyRole() {
  return <UnderConstruction title="财务角色配置" />;
}
