/** Wage order and payout statuses with their labels and tag colours, for the wage and finance areas. */
import { Tag } from 'antd';

export const ORDER_STATUSES: { value: string; label: string; color: string }[] = [
  { value: 'pending', label: '待审核', color: 'processing' },
  { value: 'paying', label: '支付中', color: 'warning' },
  { value: 'paid', label: '已支付', color: 'success' },
  { value: 'partial', label: '部分发放', color: 'warning' },
  { value: 'rejected', label: '已驳回', color: 'default' },
  { value: 'withdrawn', label: '已撤回', color: 'default' },
];

export const PAYOUT_STATUSES: { value: string; label: string; color: string }[] = [
  { value: 'queued', label: '待审批', color: 'processing' },
  { value: 'pending', label: '支付中', color: 'warning' },
  { value: 'paid', label: '已支付', color: 'success' },
  { value: 'failed', label: '支付失败', color: 'error' },
];

const statusColor = (list: { value: string; color: string }[], value: string) =>
  list.find((status) => status.value === value)?.color ?? 'default';

export function OrderStatusTag({ status, label }: { status: string; label: string }) {
  return <Tag color={statusColor(ORDER_STATUSES, status)}>{label}</Tag>;
}

export function PayoutStatusTag({ status, label }: { status: string; label: string }) {
  return <Tag color={statusColor(PAYOUT_STATUSES, status)}>{label}</Tag>;
}
