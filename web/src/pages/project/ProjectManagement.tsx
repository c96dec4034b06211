import UnderConstruction from '@/components/UnderConstruction';

export default function ProjectManagement() {
  return <UnderConstruction title="管理人员" />;
}
