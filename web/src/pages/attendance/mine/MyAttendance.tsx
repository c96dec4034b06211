/**
 * `/w/attendance`: the worker's month — each day attended, absent, rest or holiday on a calendar, a day's punch
 * times when tapped, the month's counts; of one project when he was on several that month (`?project=`).
 */
import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { Alert, Button, Select, Skeleton } from 'antd';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { projectParam } from '@/store/workerSession';
import { fetchMyMonth, type MyDay } from './service';
import './myAttendance.css';

const WEEK = ['一', '二', '三', '四', '五', '六', '日'];
export const DAY_STATUS: Record<string, { label: string; mark: string }> = {
  attended: { label: '出勤', mark: '√' },
  absent: { label: '缺勤', mark: '缺' },
  rest: { label: '休息', mark: '休' },
  holiday: { label: '节假日', mark: '节' },
};

/** China's current month, `YYYY-MM`. */
const chinaMonth = () => new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 7);

/** `YYYY-MM` moved by `step` months. */
export function shiftMonth(month: string, step: number): string {
  const [year, number] = month.split('-').map(Number);
  const index = year * 12 + (number - 1) + step;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

const MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;

export default function MyAttendance() {
  const [params, setParams] = useSearchParams();
  const asked = params.get('month') ?? '';
  const month = MONTH_PATTERN.test(asked) ? asked : chinaMonth();
  const projectId = projectParam(params.get('project'));
  const [picked, setPicked] = useState<string | null>(null);
  const data = useQuery({
    queryKey: ['mine', 'attendance', month, projectId],
    queryFn: () => fetchMyMonth(month, projectId),
    placeholderData: keepPreviousData,
  });
  const go = (next: { month?: string; project?: number | null }) => {
    const search = new URLSearchParams(params);
    if (next.month !== undefined) search.set('month', next.month);
    if (next.project !== undefined) {
      if (next.project === null) search.delete('project');
      else search.set('project', String(next.project));
    }
    setPicked(null);
    setParams(search, { replace: true });
  };
  const reply = data.data;
  const thisMonth = chinaMonth();
  const selected = reply?.days.find((day) => day.day === picked);

  return (
    <div data-testid="my-attendance">
      <div className="w-card wa-month">
        <Button icon={<LeftOutlined />} onClick={() => go({ month: shiftMonth(month, -1) })} aria-label="上个月" data-testid="my-month-prev" />
        <b data-testid="my-month">{month.replace('-', '年')}月</b>
        <Button
          icon={<RightOutlined />}
          onClick={() => go({ month: shiftMonth(month, 1) })}
          disabled={month >= thisMonth}
          aria-label="下个月"
          data-testid="my-month-next"
        />
      </div>
      {reply && reply.projects.length > 1 && (
        <Select
          style={{ width: '100%', marginBottom: 12 }}
          value={projectId ?? 0}
          onChange={(value: number) => go({ project: value || null })}
          options={[{ value: 0, label: '全部项目' }, ...reply.projects.map((project) => ({ value: project.projectId, label: project.projectName }))]}
          data-testid="my-attendance-project"
        />
      )}
      {data.isError && (
        <Alert type="error" showIcon title={data.error.message} action={<Button onClick={() => void data.refetch()}>重试</Button>} />
      )}
      {data.isPending && <Skeleton active paragraph={{ rows: 6 }} />}
      {reply && (
        <>
          <div className="w-card wa-counts" data-testid="my-attendance-counts">
            <span>
              出勤 <b>{reply.attended}</b> 天
            </span>
            <span>
              缺勤 <b>{reply.absent}</b> 天
            </span>
            {reply.projects.length === 1 && <span className="w-muted">{reply.projects[0].projectName}</span>}
          </div>
          {reply.projects.length === 0 && <Alert type="info" showIcon title="本月没有您的在场记录" style={{ marginBottom: 12 }} />}
          <div className="w-card">
            <div className="wa-grid" role="grid" aria-label={`${month} 考勤`}>
              {WEEK.map((name) => (
                <div key={name} className="wa-weekday">
                  {name}
                </div>
              ))}
              {Array.from({ length: reply.days.length ? reply.days[0].weekday - 1 : 0 }, (_, index) => (
                <div key={`blank-${index}`} />
              ))}
              {reply.days.map((day) => (
                <DayCell key={day.day} day={day} selected={day.day === picked} onPick={() => setPicked(day.day === picked ? null : day.day)} />
              ))}
            </div>
            <div className="wa-legend w-muted">√ 出勤　缺 缺勤　休 休息　节 节假日</div>
          </div>
          {selected && <DayDetail day={selected} />}
        </>
      )}
    </div>
  );
}

function DayCell({ day, selected, onPick }: { day: MyDay; selected: boolean; onPick: () => void }) {
  const status = DAY_STATUS[day.status];
  return (
    <button
      type="button"
      className={`wa-day wa-${day.status}${selected ? ' wa-selected' : ''}`}
      onClick={onPick}
      aria-label={`${day.day} ${status?.label ?? ''}`}
      aria-pressed={selected}
      data-testid={`my-day-${day.day}`}
      data-status={day.status}
    >
      <span className="wa-date">{Number(day.day.slice(8))}</span>
      <span className="wa-mark">{status?.mark ?? ''}</span>
    </button>
  );
}

function DayDetail({ day }: { day: MyDay }) {
  return (
    <div className="w-card" data-testid="my-day-detail">
      <h3 className="w-card-title">
        {day.day} 周{WEEK[day.weekday - 1]} · {DAY_STATUS[day.status]?.label ?? day.status}
      </h3>
      {day.punches.length === 0 ? (
        <div className="w-muted">当天没有打卡记录</div>
      ) : (
        <div data-testid="my-day-punches">打卡时间：{day.punches.join('、')}</div>
      )}
    </div>
  );
}
