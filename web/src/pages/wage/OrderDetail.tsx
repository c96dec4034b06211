import { Button } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import OrderView from '@/components/wageOrder/OrderView';
import { fetchOrder, fetchOrderBasis } from './service';

/** 工资单详情: one order with its sheets, every line's basis with its anomalies and its pay result. */
export default function OrderDetail() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const id = Number(params.get('id') ?? 0);
  return (
    <OrderView
      queryKey={['wage', 'order', id]}
      load={(page, limit) => fetchOrder(id, page, limit)}
      basis={{ load: (page, limit, anomalous) => fetchOrderBasis(id, page, limit, anomalous) }}
      actions={(detail) =>
        detail.order.status === 'partial' ? <Button onClick={() => navigate('/special/abnormal')}>异常处理</Button> : null
      }
    />
  );
}
