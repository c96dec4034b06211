/** What the worker's wage pages call a line's state and his confirmation, in Chinese. */

export const LINE_STATES: Record<string, { label: string; color: string }> = {
  draft: { label: '草稿', color: 'default' },
  to_confirm: { label: '待确认', color: 'orange' },
  confirmed: { label: '已确认', color: 'blue' },
  disputed: { label: '有异议', color: 'red' },
  paid: { label: '已发放', color: 'green' },
  failed: { label: '发放失败', color: 'red' },
  reissued: { label: '已重新发放', color: 'green' },
};

export const lineState = (state: string) => LINE_STATES[state] ?? { label: state, color: 'default' };

/** The money reached his card: only then is 未收到工资 a reason he may give. */
export const isPaid = (state: string) => state === 'paid' || state === 'reissued';

export { DISPUTE_REASONS, disputeReasonLabel } from '@/components/wageOrder/confirmation';
