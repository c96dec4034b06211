import { Tag } from 'antd';
import { ORDER_STATUSES, PAYOUT_STATUSES, statusColor } from './service';

export function OrderStatusTag({ status, label }: { status: string; label: string }) {
  return <Tag color={statusColor(ORDER_STATUSES, status)}>{label}</Tag>;
}

export function PayoutStatusTag({ status, label }: { status: string; label: string }) {
  return <Tag color={statusColor(PAYOUT_STATUSES, status)}>{label}</Tag>;
}
