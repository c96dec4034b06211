/**
 * Columns the special account's money tables share (专户流水, 专户对账): the direction as a tag, the amount
 * signed, the counterparty with its account under its name.
 */
import type { ReactNode } from 'react';
import { Tag } from 'antd';
import { groupYuan } from '@/utils/money';

interface Moving {
  direction: string;
  directionLabel: string;
  amount: string;
}

export const directionColumn = {
  title: '收支',
  key: 'direction',
  width: 80,
  render: (_: unknown, row: Moving) => <Tag color={row.direction === 'in' ? 'green' : 'volcano'}>{row.directionLabel}</Tag>,
};

/** The amount with its sign, in `color` (by default none). */
export function SignedAmount({ row, color, bold }: { row: Moving; color?: string; bold?: boolean }) {
  return (
    <span style={{ color, fontWeight: bold ? 600 : undefined }}>
      {row.direction === 'in' ? '+' : '-'}
      {groupYuan(row.amount)}
    </span>
  );
}

/** The counterparty's name, and under it what identifies it (account, bank). */
export function Counterparty({ name, detail }: { name: string; detail: ReactNode }) {
  return (
    <div>
      <div>{name || '—'}</div>
      <div style={{ color: '#888', fontSize: 12 }}>{detail}</div>
    </div>
  );
}
