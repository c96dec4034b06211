import UnderConstruction from '@/components/UnderConstruction';

export default function ProjectAudit() {
  return <UnderConstruction title="注册审核" />;
}
