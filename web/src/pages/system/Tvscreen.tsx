import UnderConstruction from '@/components/UnderConstruction';

export default function Tvscreen() {
  return <UnderConstruction title="数据大屏" />;
}
