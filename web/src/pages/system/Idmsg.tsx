import UnderConstruction from '@/components/UnderConstruction';

export default function Idmsg() {
  return <UnderConstruction title="身份证补录" />;
}
