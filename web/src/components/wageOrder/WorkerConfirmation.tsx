/**
 * A wage line's confirmation by its worker (issue 31, `workerConfirmation`): 待确认, 已确认 with its time, or 有异议
 * with the reason, his text and, once the clerk answered, the answer. Shown on the clerk's sheet and on the
 * order basis the approver reads.
 */
import type { ReactNode } from 'react';
import { Tag, Typography } from 'antd';
import { disputeReasonLabel, type Confirmation } from './confirmation';

export { awaitsAnswer, type Confirmation } from './confirmation';

export function WorkerConfirmation({ confirmation, action }: { confirmation: Confirmation | undefined; action?: ReactNode }) {
  if (!confirmation || confirmation.status === 'none') return <span data-testid="worker-confirmation">—</span>;
  if (confirmation.status === 'pending')
    return (
      <Tag color="orange" data-testid="worker-confirmation">
        待确认
      </Tag>
    );
  if (confirmation.status === 'confirmed')
    return (
      <span data-testid="worker-confirmation">
        <Tag color="green">已确认</Tag>
        <div style={{ color: '#8c8c8c', fontSize: 12 }}>{confirmation.decidedAt}</div>
      </span>
    );
  return (
    <div data-testid="worker-confirmation" style={{ whiteSpace: 'normal' }}>
      <Tag color="red">有异议</Tag>
      <span>{disputeReasonLabel(confirmation.disputeReason)}</span>
      {confirmation.disputeText && (
        <Typography.Paragraph type="secondary" style={{ margin: '2px 0 0', fontSize: 12 }} ellipsis={{ rows: 3, tooltip: confirmation.disputeText }}>
          {confirmation.disputeText}
        </Typography.Paragraph>
      )}
      {confirmation.answer ? (
        <div style={{ fontSize: 12, marginTop: 2 }} data-testid="worker-confirmation-answer">
          答复（{confirmation.answeredAt}）：{confirmation.answer}
        </div>
      ) : (
        <div style={{ fontSize: 12, color: '#cf1322', marginTop: 2 }}>未答复</div>
      )}
      {action}
    </div>
  );
}
