import CreditRecords from './CreditRecords';

export default function Punishment() {
  return <CreditRecords kind="punishment" />;
}
