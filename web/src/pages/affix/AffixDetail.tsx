import { useParams } from 'react-router';
import UnderConstruction from '@/components/UnderConstruction';

export default function AffixDetail() {
  const { belongdate, companyid } = useParams();
  return (
    <UnderConstruction title="凭证详情">
      所属月份 {belongdate}，单位编号 {companyid}
    </UnderConstruction>
  );
}
