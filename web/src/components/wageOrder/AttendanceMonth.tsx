import { useQuery } from '@tanstack/react-query';
import { Alert, Descriptions, Drawer, Spin, Tag } from 'antd';
import dayjs from 'dayjs';
import type { components } from '@/api/schema';

type AttendanceWorkerMonth = components['schemas']['AttendanceWorkerMonth'];

const WEEKDAYS = ['一', '二', '三', '四', '五', '六', '日'];

type Day = AttendanceWorkerMonth['days'][number];

/** The month laid out Monday to Sunday: `null` pads the first week. */
export function monthGrid(month: string, daysInMonth: number): (number | null)[] {
  const lead = (dayjs(`${month}-01`).day() + 6) % 7;
  return [...Array<null>(lead).fill(null), ...Array.from({ length: daysInMonth }, (_, index) => index + 1)];
}

const onSite = (data: AttendanceWorkerMonth, day: number) => data.stays.some((stay) => stay.fromDay <= day && day <= stay.toDay);

function DayCell({ data, day, record }: { data: AttendanceWorkerMonth; day: number; record?: Day }) {
  const away = !onSite(data, day);
  return (
    <div
      data-testid={`attendance-day-${day}`}
      style={{ border: '1px solid #f0f0f0', minHeight: 64, padding: 4, background: away ? '#fafafa' : record?.attended ? '#f6ffed' : undefined }}
    >
      <div style={{ fontWeight: 600, color: away ? '#bfbfbf' : undefined }}>{day}</div>
      {record && (
        <div style={{ fontSize: 12 }}>
          {record.outside ? <Tag>不在场，不计</Tag> : record.attended ? <Tag color="success">出勤</Tag> : <Tag>未出勤</Tag>}
          <div>{record.hours} 小时 · 打卡 {record.punches} 次</div>
          {record.manual && <Tag color="orange">人工修正</Tag>}
        </div>
      )}
    </div>
  );
}

/** A worker's month of attendance as a read-only grid. */
export function AttendanceMonthGrid({ data }: { data: AttendanceWorkerMonth }) {
  const byDay = new Map(data.days.map((day) => [day.day, day]));
  return (
    <>
      <Descriptions size="small" column={2} bordered style={{ marginBottom: 12 }}>
        <Descriptions.Item label="出勤天数">{data.attendedDays} 天</Descriptions.Item>
        <Descriptions.Item label="工时">{data.hours} 小时</Descriptions.Item>
        <Descriptions.Item label="在场期间" span={2}>{data.staysText || '—'}</Descriptions.Item>
      </Descriptions>
      <div style={{ display: 'grid', gridTemplateColumns: 'repeat(7, 1fr)', gap: 2 }} data-testid="attendance-grid">
        {WEEKDAYS.map((weekday) => (
          <div key={weekday} style={{ textAlign: 'center', fontWeight: 600 }}>周{weekday}</div>
        ))}
        {monthGrid(data.month, data.daysInMonth).map((day, index) =>
          day === null ? <div key={`pad-${index}`} /> : <DayCell key={day} data={data} day={day} record={byDay.get(day)} />,
        )}
      </div>
    </>
  );
}

/** The drawer an approver opens from an order line: that worker's attendance in the order's month. */
export default function AttendanceDrawer({
  open,
  title,
  queryKey,
  load,
  onClose,
}: {
  open: boolean;
  title: string;
  queryKey: unknown[];
  load: () => Promise<AttendanceWorkerMonth>;
  onClose: () => void;
}) {
  const month = useQuery({ queryKey, queryFn: load, enabled: open });
  return (
    <Drawer open={open} onClose={onClose} size={720} title={month.data ? `${month.data.name} · ${month.data.month} 考勤（只读）` : title}>
      {month.error ? <Alert type="error" showIcon title={month.error.message} /> : month.data ? <AttendanceMonthGrid data={month.data} /> : <Spin />}
    </Drawer>
  );
}
