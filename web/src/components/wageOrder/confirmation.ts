/** A wage line's confirmation by its worker (issue 31): its shape and the dispute reasons' labels. */

export interface Confirmation {
  status: string;
  decidedAt: string;
  disputeReason: string;
  disputeText: string;
  answer: string;
  answeredAt: string;
}

export const DISPUTE_REASONS = {
  days: '出勤天数不对',
  rate: '工资标准不对',
  deduction: '扣款不对',
  not_received: '未收到工资',
} as const;

export const disputeReasonLabel = (reason: string) => DISPUTE_REASONS[reason as keyof typeof DISPUTE_REASONS] ?? reason;

/** A dispute the clerk has not answered yet: the sheet offers 答复异议. */
export const awaitsAnswer = (confirmation: Confirmation | undefined) => confirmation?.status === 'disputed' && !confirmation.answer;
