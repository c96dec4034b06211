import { useSearchParams } from 'react-router';
import UnderConstruction from '@/components/UnderConstruction';

export default function FeedbackDetail() {
  const [search] = useSearchParams();
  return <UnderConstruction title="线索详情">线索编号 {search.get('id') ?? '—'}</UnderConstruction>;
}
