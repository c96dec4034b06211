import UnderConstruction from '@/components/UnderConstruction';

export default function Machine() {
  return <UnderConstruction title="身份证阅读器" />;
}
