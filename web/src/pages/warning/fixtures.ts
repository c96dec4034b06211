import type { WarningItem } from './service';

/** A warning as the server lists it, for the pages' tests. */
export const warning = (id: number, extra: Partial<WarningItem> = {}): WarningItem => ({
  id,
  rule: 'unpaid_wages',
  ruleLabel: '工资逾期未发放',
  level: 'red',
  levelLabel: '红',
  projectId: 1,
  projectName: '郑州市金水区幸福里安置房项目',
  districtName: '郑州市/金水区',
  subjectKind: '',
  subjectId: 0,
  period: '2026-09',
  status: 'open',
  statusLabel: '未关闭',
  facts: '2026-09工资尚有3000.00元未从专户发放（应于2026-10-31前发放）',
  raisedAt: '2026-11-24 10:00:00',
  closedAt: '',
  closedBy: '',
  closeReason: '',
  ...extra,
});
