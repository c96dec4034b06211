import UnderConstruction from '@/components/UnderConstruction';

export default function Register() {
  return <UnderConstruction title="进场登记" />;
}
