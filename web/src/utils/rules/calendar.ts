/**
 * China's working calendar, as server/src/domain/calendar.rs checks it: the regulator's special days
 * (day, kind, name) and the calendar's year and month queries, with the server's messages. Days travel as
 * 'YYYY-MM-DD' strings; the weekday is computed in UTC, so no time zone is involved.
 */
import { calendarDate } from './idNumber';
import { type Parsed, charCount, fail, ok } from './result';

export const MSG_DAY_REQUIRED = '请选择日期';
export const MSG_DAY = '日期格式应为YYYY-MM-DD';
export const MSG_MONTH = '月份格式应为YYYY-MM';
export const MSG_YEAR_REQUIRED = '请选择年份';
export const MSG_YEAR = '年份应在2000-2100之间';
export const MSG_KIND = '请选择类型：法定节假日、调休放假或调休上班';
export const MSG_NAME_REQUIRED = '请填写名称';
export const MSG_NAME_TOO_LONG = '名称不能超过20个字';
export const MSG_WORKDAY_ON_WEEKDAY = '调休上班只能设在周六或周日';
export const MSG_STATUTORY_ON_WEEKEND = '法定节假日只能设在周一至周五，周末的假日请选调休放假';
export const FIRST_YEAR = 2000;
export const LAST_YEAR = 2100;
export const NAME_MAX = 20;

/** How the arrangement marks a day (calendar_days.kind). */
export type SpecialKind = 'statutory' | 'off' | 'workday';
export const KIND_LABELS: Record<SpecialKind, string> = { statutory: '法定节假日', off: '调休放假', workday: '调休上班' };
export const KINDS = Object.keys(KIND_LABELS) as SpecialKind[];

const inYears = (year: number) => year >= FIRST_YEAR && year <= LAST_YEAR;

export function parseYear(input: string | null | undefined): Parsed<number> {
  const text = (input ?? '').trim();
  if (text === '') return fail(MSG_YEAR_REQUIRED);
  if (!/^[0-9]{4}$/.test(text) || !inYears(Number(text))) return fail(MSG_YEAR);
  return ok(Number(text));
}

/** 'YYYY-MM' within the years the calendar keeps. */
export function parseMonth(input: string | null | undefined): Parsed<string> {
  const match = /^([0-9]{4})-([0-9]{2})$/.exec((input ?? '').trim());
  if (!match || !calendarDate(Number(match[1]), Number(match[2]), 1)) return fail(MSG_MONTH);
  if (!inYears(Number(match[1]))) return fail(MSG_YEAR);
  return ok(`${match[1]}-${match[2]}`);
}

/** 'YYYY-MM-DD' within the years the calendar keeps. */
export function parseDay(input: string | null | undefined): Parsed<string> {
  const text = (input ?? '').trim();
  if (text === '') return fail(MSG_DAY_REQUIRED);
  const match = /^([0-9]{4})-([0-9]{2})-([0-9]{2})$/.exec(text);
  const day = match && calendarDate(Number(match[1]), Number(match[2]), Number(match[3]));
  if (!day) return fail(MSG_DAY);
  if (!inYears(Number(match[1]))) return fail(MSG_YEAR);
  return ok(day);
}

export function parseKind(input: string | null | undefined): Parsed<SpecialKind> {
  const text = (input ?? '').trim();
  return (KINDS as string[]).includes(text) ? ok(text as SpecialKind) : fail(MSG_KIND);
}

export function parseName(input: string | null | undefined): Parsed<string> {
  const text = (input ?? '').trim();
  if (text === '') return fail(MSG_NAME_REQUIRED);
  if (charCount(text) > NAME_MAX) return fail(MSG_NAME_TOO_LONG);
  return ok(text);
}

/** 1 Monday … 7 Sunday of a 'YYYY-MM-DD' day. */
export function weekdayOf(day: string): number {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, date)).getUTCDay() || 7;
}

/** A worked weekend (调休上班) is a Saturday or Sunday; a paid holiday falls on Monday–Friday. */
export function checkKindOnDay(day: string, kind: SpecialKind): string | undefined {
  const weekend = weekdayOf(day) >= 6;
  if (kind === 'workday' && !weekend) return MSG_WORKDAY_ON_WEEKDAY;
  if (kind === 'statutory' && weekend) return MSG_STATUTORY_ON_WEEKEND;
  return undefined;
}
