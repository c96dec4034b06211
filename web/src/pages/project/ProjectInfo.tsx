import UnderConstruction from '@/components/UnderConstruction';

export default function ProjectInfo() {
  return <UnderConstruction title="项目信息" />;
}
