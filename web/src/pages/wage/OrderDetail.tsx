import { Button } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import OrderView from '@/components/wageOrder/OrderView';
import { useCanWrite } from '@/store/session';
import BatchFiles from './BatchFiles';
import { fetchOrder, fetchOrderBasis } from './service';

/** The statuses of an approved order: its 代发文件 stay at hand until every line is settled, and after. */
const APPROVED = ['paying', 'partial', 'paid'];

/** 工资单详情: one order with its sheets, every line's basis with its anomalies and its pay result; an approved
 * order paid by file offers the clerk its 代发文件 and the bank's result file. */
export default function OrderDetail() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const canWrite = useCanWrite();
  const id = Number(params.get('id') ?? 0);
  return (
    <OrderView
      queryKey={['wage', 'order', id]}
      load={(page, limit) => fetchOrder(id, page, limit)}
      basis={{ load: (page, limit, anomalous) => fetchOrderBasis(id, page, limit, anomalous) }}
      actions={(detail) =>
        detail.order.status === 'partial' ? <Button onClick={() => navigate('/special/abnormal')}>异常处理</Button> : null
      }
      sections={({ order }) =>
        canWrite && order.channel === 'file' && APPROVED.includes(order.status) ? <BatchFiles key={order.id} order={order} /> : null
      }
    />
  );
}
