import UnderConstruction from '@/components/UnderConstruction';

export default function Digital() {
  return <UnderConstruction title="数据导出备份" />;
}
