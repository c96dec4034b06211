import CreditRecords from './CreditRecords';

export default function Record() {
  return <CreditRecords kind="bad" />;
}
