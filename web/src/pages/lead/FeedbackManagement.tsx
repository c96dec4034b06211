import UnderConstruction from '@/components/UnderConstruction';

export default function FeedbackManagement() {
  return <UnderConstruction title="线索反馈管理" />;
}
