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
  workerName: '',
  workerIdNumber: '',
  workerLineId: 0,
  ...extra,
});

/** A warning about one worker, named with his masked ID and his roster line. */
export const workerWarning = (id: number, extra: Partial<WarningItem> = {}): WarningItem =>
  warning(id, {
    rule: 'no_contract',
    ruleLabel: '未签订劳动合同',
    level: 'orange',
    levelLabel: '橙',
    subjectKind: 'worker',
    subjectId: 31,
    period: '',
    facts: '张预警（4101**********999X）2026-10-28进场，在场超过30天仍未签订劳动合同',
    workerName: '张预警',
    workerIdNumber: '4101**********999X',
    workerLineId: 57,
    ...extra,
  });
