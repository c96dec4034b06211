import CreditRecords from './CreditRecords';

export default function Award() {
  return <CreditRecords kind="award" />;
}
