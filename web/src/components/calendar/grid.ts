/** The year grid's layout and tints: pure functions over the server's calendar days. */
import type { CalendarDay } from '@/pages/calendar/service';

/** How a day is tinted: the arrangement's mark first, then the weekend, else an ordinary working day. */
export type Tint = 'statutory' | 'off' | 'workday' | 'weekend' | 'plain';

export function tintOf(day: Pick<CalendarDay, 'kind' | 'weekday'>): Tint {
  if (day.kind === 'statutory' || day.kind === 'off' || day.kind === 'workday') return day.kind;
  return day.weekday >= 6 ? 'weekend' : 'plain';
}

export const TINTS: Record<Tint, { background: string; color: string; label: string }> = {
  statutory: { background: '#ff4d4f', color: '#fff', label: '法定节假日' },
  off: { background: '#bfbfbf', color: '#fff', label: '调休放假' },
  workday: { background: '#1677ff', color: '#fff', label: '调休上班' },
  weekend: { background: '#f5f5f5', color: '#8c8c8c', label: '周末' },
  plain: { background: 'transparent', color: 'inherit', label: '工作日' },
};

/**
 * The month's days in weeks from Monday to Sunday; null pads the first week before the 1st and the last
 * week after the month's end.
 */
export function weeksOf<T extends { weekday: number }>(days: readonly T[]): (T | null)[][] {
  if (days.length === 0) return [];
  const cells: (T | null)[] = [...Array<null>(days[0].weekday - 1).fill(null), ...days];
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: (T | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

/** What a day's tooltip says: `2025-10-01 周三 法定节假日 国庆节`. */
export function describeDay(day: CalendarDay): string {
  const weekday = '一二三四五六日'[day.weekday - 1];
  const mark = day.kindLabel ? `${day.kindLabel}${day.name ? ` ${day.name}` : ''}` : day.classLabel;
  return `${day.day} 周${weekday} ${mark}`;
}

/** The years the selector offers: 2000–2100, as the server keeps. */
export const YEAR_OPTIONS = Array.from({ length: 101 }, (_, i) => 2000 + i);

/** How a day column's head is marked on a month grid (考勤表): 节 法定节假日, 班 调休上班, 休 any other rest day. */
export interface HeadMark {
  mark: '' | '节' | '班' | '休';
  color?: string;
  background?: string;
  title?: string;
}

export function headMark(day: CalendarDay | undefined): HeadMark {
  if (!day) return { mark: '' };
  const title = describeDay(day);
  if (day.class === 'statutory') return { mark: '节', color: '#cf1322', background: '#fff1f0', title };
  if (day.kind === 'workday') return { mark: '班', color: '#0958d9', background: '#e6f4ff', title };
  if (day.class === 'rest') return { mark: '休', color: '#8c8c8c', background: '#fafafa', title };
  return { mark: '', title };
}
