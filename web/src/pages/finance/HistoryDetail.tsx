import { useSearchParams } from 'react-router';
import OrderView from '@/components/wageOrder/OrderView';
import { fetchFinanceAttendance, fetchFinanceBasis, fetchFinanceOrder } from './service';

/** 审批详情: a decided order with every line's basis and pay result. */
export default function HistoryDetail() {
  const [params] = useSearchParams();
  const id = Number(params.get('id') ?? 0);
  return (
    <OrderView
      queryKey={['finance', 'history', 'detail', id]}
      load={(page, limit) => fetchFinanceOrder(id, page, limit, true)}
      basis={{
        load: (page, limit, anomalous) => fetchFinanceBasis(id, page, limit, anomalous),
        attendance: (workerId) => fetchFinanceAttendance(id, workerId),
      }}
    />
  );
}
