import UnderConstruction from '@/components/UnderConstruction';

export default function Abnormal() {
  return <UnderConstruction title="工资发放异常处理" />;
}
