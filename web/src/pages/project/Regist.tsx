import UnderConstruction from '@/components/UnderConstruction';

export default function Regist() {
  return <UnderConstruction title="添加关键岗位人员" />;
}
