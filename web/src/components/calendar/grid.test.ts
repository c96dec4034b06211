import { describeDay, headMark, tintOf, weeksOf } from './grid';
import type { CalendarDay } from '@/pages/calendar/service';

const day = (date: string, weekday: number, kind = '', name = ''): CalendarDay => ({
  day: date,
  weekday,
  kind,
  kindLabel: { statutory: '法定节假日', off: '调休放假', workday: '调休上班' }[kind] ?? '',
  name,
  class: kind === 'statutory' ? 'statutory' : kind === 'workday' || (!kind && weekday < 6) ? 'working' : 'rest',
  classLabel: kind === 'statutory' ? '法定节假日' : kind === 'workday' || (!kind && weekday < 6) ? '工作日' : '休息日',
});

describe('the year grid', () => {
  it('tints the arrangement before the week', () => {
    expect(tintOf(day('2025-10-01', 3, 'statutory'))).toBe('statutory');
    expect(tintOf(day('2025-10-04', 6, 'off'))).toBe('off');
    expect(tintOf(day('2025-10-11', 6, 'workday'))).toBe('workday');
    expect(tintOf(day('2025-10-18', 6))).toBe('weekend');
    expect(tintOf(day('2025-10-13', 1))).toBe('plain');
  });

  it('lays a month out in Monday-first weeks', () => {
    // October 2025 starts on a Wednesday and ends on a Friday.
    const days = Array.from({ length: 31 }, (_, i) => ({ weekday: ((2 + i) % 7) + 1, n: i + 1 }));
    const weeks = weeksOf(days);
    expect(weeks).toHaveLength(5);
    expect(weeks[0].slice(0, 2)).toEqual([null, null]);
    expect(weeks[0][2]?.n).toBe(1);
    expect(weeks[4].map((cell) => cell?.n ?? null)).toEqual([27, 28, 29, 30, 31, null, null]);
    expect(weeksOf([])).toEqual([]);
  });

  it('describes a day for its tooltip', () => {
    expect(describeDay(day('2025-10-01', 3, 'statutory', '国庆节'))).toBe('2025-10-01 周三 法定节假日 国庆节');
    expect(describeDay(day('2025-10-18', 6))).toBe('2025-10-18 周六 休息日');
  });

  it('marks the head of a month grid’s day column', () => {
    expect(headMark(day('2025-10-01', 3, 'statutory', '国庆节'))).toMatchObject({ mark: '节', title: '2025-10-01 周三 法定节假日 国庆节' });
    expect(headMark(day('2025-10-04', 6, 'off', '国庆节')).mark).toBe('休');
    expect(headMark(day('2025-10-11', 6, 'workday', '国庆节')).mark).toBe('班');
    expect(headMark(day('2025-10-18', 6)).mark).toBe('休');
    expect(headMark(day('2025-10-13', 1))).toEqual({ mark: '', title: '2025-10-13 周一 工作日' });
    expect(headMark(undefined)).toEqual({ mark: '' });
  });
});
