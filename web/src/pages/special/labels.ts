/** The special account's 代发方式 and 专户对账 states, as the special area's pages show them. */
import type { PayoutMode } from './service';

export const PAYOUT_MODES: { value: PayoutMode; label: string; hint: string }[] = [
  { value: 'api', label: '接口', hint: '审核通过的工资单由银行接口逐笔发放到工人工资卡' },
  { value: 'file', label: '文件', hint: '审核通过的工资单待银行发放：下载代发文件提交银行，再上传银行回盘文件登记结果' },
];

/** 专户对账's state: none 未上传对账单, matched 一致, differs 不一致. */
export const RECONCILIATION_STATES: Record<string, { label: string; color: string }> = {
  none: { label: '未上传对账单', color: 'default' },
  matched: { label: '一致', color: 'success' },
  differs: { label: '不一致', color: 'error' },
};

export const reconciliationState = (state: string) => RECONCILIATION_STATES[state] ?? RECONCILIATION_STATES.none;
