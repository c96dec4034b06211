/**
 * A masked ID or wage-card number in a list cell, with an eye icon that shows it in full. Showing it is a
 * logged action: the server answers the number of that one record's field and writes an operation-log line
 * (`/builder/common/v1/Privacy/reveal`). Hiding it again needs no request.
 */
import { useState } from 'react';
import { Button, Space, Tooltip } from 'antd';
import { EyeInvisibleOutlined, EyeOutlined } from '@ant-design/icons';
import { post, showApiError } from '@/api/client';
import { isMasked } from '@/utils/mask';

export interface RevealNumberProps {
  /** The masked number as the list answered it. */
  value: string;
  /** Whose number: roster (line id), worker (worker id), credit, staff, team, wage_line (sheet line), payout (pay line). */
  record: 'roster' | 'worker' | 'credit' | 'staff' | 'team' | 'wage_line' | 'payout';
  id: number;
  field?: 'id_number' | 'card' | 'current_card';
  /** The regulator: the project of a roster, worker, wage_line or payout record. */
  projectId?: string;
}

export default function RevealNumber({ value, record, id, field = 'id_number', projectId }: RevealNumberProps) {
  const [full, setFull] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  if (!value) return <>—</>;
  if (!isMasked(value)) return <>{value}</>;
  const testId = `reveal-${record}-${id}-${field}`;

  const reveal = async () => {
    setLoading(true);
    try {
      setFull(await post('/builder/common/v1/Privacy/reveal', { record, id, field, project_id: projectId }));
    } catch (error) {
      showApiError(error);
    } finally {
      setLoading(false);
    }
  };

  return (
    <Space size={2} style={{ whiteSpace: 'nowrap' }}>
      <span data-testid={`${testId}-value`} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {full ?? value}
      </span>
      <Tooltip title={full ? '隐藏' : '显示完整号码（记入操作日志）'}>
        <Button
          type="text"
          size="small"
          aria-label={full ? '隐藏完整号码' : '显示完整号码'}
          icon={full ? <EyeInvisibleOutlined /> : <EyeOutlined />}
          loading={loading}
          onClick={() => (full ? setFull(null) : void reveal())}
          data-testid={testId}
        />
      </Tooltip>
    </Space>
  );
}
