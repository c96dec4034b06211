import { Button, Space, Tag, Typography } from 'antd';
import type { components } from '@/api/schema';
import { groupYuan } from '@/utils/money';

type Schemas = components['schemas'];
export type WagePaidDates = Schemas['WagePaidDates'];
type WagePaidDay = WagePaidDates['days'][number];

const unit = (kind: string) => (kind === 'month' ? '元/月' : '元/日');

/** `10-03`: the day within the line's month. */
const short = (day: string) => day.slice(5);

/** One day as a tag: its standard, or for a 补差 day the step from what it was paid at. */
export function dayText(day: WagePaidDay): string {
  const standard = day.topupFrom
    ? `${groupYuan(day.topupFrom)}→${groupYuan(day.wage)}${unit(day.wageKind)}`
    : `${groupYuan(day.wage)}${unit(day.wageKind)}`;
  return `${short(day.day)} ${day.topupFrom ? '补差 ' : ''}${standard}${day.attended ? '' : '（法定节假日）'}`;
}

/**
 * The 计发日期 cell of a wage line: the dates it pays in full and the days it tops up, compact, and the button
 * that opens them day by day (the row's expansion). A click on it is not the row's click.
 */
export function PaidDatesCell({ paid, open, onToggle, testId }: {
  paid: WagePaidDates; open: boolean; onToggle: () => void; testId: string;
}) {
  return (
    <Space direction="vertical" size={0} data-testid={testId}>
      <span data-testid={`${testId}-dates`}>{paid.dates || '—'}</span>
      {paid.topupDates && <Typography.Text type="warning" data-testid={`${testId}-topup`}>补差 {paid.topupDates}</Typography.Text>}
      <Button
        type="link"
        size="small"
        style={{ padding: 0 }}
        onClick={(event) => { event.stopPropagation(); onToggle(); }}
        data-testid={`${testId}-toggle`}
      >
        {open ? '收起' : '逐日明细'}
      </Button>
    </Space>
  );
}

/** A line's days one by one at their standards, and which sheets paid the worker's other days of the month. */
export function PaidDatesDetail({ paid, testId }: { paid: WagePaidDates; testId: string }) {
  return (
    <div data-testid={testId} style={{ padding: '4px 8px' }}>
      <div style={{ marginBottom: 6 }}>
        <b>本行计发</b>：{paid.dates || '无'}
        {paid.topupDates && <span style={{ marginLeft: 12 }}><b>补差</b>：{paid.topupDates}</span>}
      </div>
      <Space size={[4, 4]} wrap style={{ marginBottom: 6 }}>
        {paid.days.map((day) => (
          <Tag key={`${day.day}-${day.topupFrom}`} color={day.topupFrom ? 'orange' : day.attended ? 'blue' : 'default'}>
            {dayText(day)}
          </Tag>
        ))}
      </Space>
      {paid.elsewhere.length > 0 && (
        <div data-testid={`${testId}-elsewhere`}>
          <b>本月其他工资表已计发</b>：
          {paid.elsewhere.map((other) => (
            <div key={other.sheetId} style={{ marginLeft: 12 }}>
              {other.sheetLabel}（{other.statusLabel}）：{other.dates || '无'}
              {other.topupDates ? `；补差 ${other.topupDates}` : ''}
            </div>
          ))}
        </div>
      )}
    </div>
  );
}

/** The keys of the rows opened day by day, and the toggle. */
export function toggled(keys: number[], key: number): number[] {
  return keys.includes(key) ? keys.filter((other) => other !== key) : [...keys, key];
}
