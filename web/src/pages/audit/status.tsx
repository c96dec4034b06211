import { Tag } from 'antd';
import type { AuditStatus } from './service';

/** The audit statuses as the regulator filters them, in the order of the filter. */
export const STATUS_FILTERS: { value: AuditStatus; label: string }[] = [
  { value: '', label: '全部' },
  { value: '1', label: '待审核' },
  { value: '2', label: '已通过' },
  { value: '3', label: '已驳回' },
  { value: '0', label: '未提交' },
];

const TAGS: Record<string, { label: string; color: string }> = {
  '0': { label: '未提交', color: 'default' },
  '1': { label: '待审核', color: 'processing' },
  '2': { label: '已通过', color: 'success' },
  '3': { label: '已驳回', color: 'error' },
};

export function StatusTag({ status }: { status: string | undefined }) {
  const tag = TAGS[status ?? ''];
  if (!tag) return <Tag>{status || '未知'}</Tag>;
  return (
    <Tag color={tag.color} data-testid="audit-status-tag">
      {tag.label}
    </Tag>
  );
}
