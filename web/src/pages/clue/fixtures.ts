/** A lead as the server answers it, for the pages' tests. */
import type { LeadDetail, LeadItem } from './service';

export const item: LeadItem = {
  id: 7,
  receipt: 'XS2026112412345678',
  reporterName: '王小明',
  phone: '13912345678',
  projectId: 1,
  projectName: '郑州市金水区幸福里安置房项目',
  employer: '木工班组',
  amount: '12345.60',
  months: 3,
  source: 'public',
  sourceLabel: '网上举报',
  status: 'pending',
  statusLabel: '待派发',
  deadline: '',
  overdue: false,
  createdTime: '2026-11-24 10:00:00',
};

export function detail(status: string, statusLabel: string): LeadDetail {
  return {
    ...item,
    status,
    statusLabel,
    idNumber: '410105199003152013',
    description: '三个月工资没有发放',
    answer: '',
    steps: [
      { actor: '举报人', action: 'report', actionLabel: '网上举报', remark: '', time: '2026-11-24 10:00:00', files: [] },
      { actor: 'demo', action: 'feedback', actionLabel: '项目反馈', remark: '已协调班组补发', time: '2026-11-24 11:00:00', files: [] },
    ],
  };
}
