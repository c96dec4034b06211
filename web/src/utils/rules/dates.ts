/**
 * Project dates, as server/src/domain/dates.rs checks them. Dates travel as 'YYYY-MM-DD' strings (a
 * time part is accepted and dropped); empty and '0000-00-00 00:00:00' mean no date. ISO strings compare
 * in calendar order, so no Date objects (and no time zones) are involved.
 */
import { calendarDate } from './idNumber';
import { type Parsed, fail, messageOf, ok } from './result';

export const MSG_INVALID_DATE = '请选择正确的日期';
export const MSG_AWARD_AFTER_START = '中标日期不得晚于合同开工日期！';
export const MSG_TENDER_AFTER_START = '招标日期不得晚于合同开工日期！';
export const MSG_AWARD_BEFORE_TENDER = '中标日期不得早于招标日期！';
export const MSG_START_NOT_BEFORE_COMPLETION = '开工日期要早于竣工日期';
export const MSG_COMPLETION_NOT_AFTER_START = '竣工日期要晚于开工日期';

const TIME = /^(?:[01][0-9]|2[0-3]):[0-5][0-9](?::[0-5][0-9])?$/;

/** null for empty or the zero date; otherwise 'YYYY-MM-DD'. */
export function parseDate(input: string | null | undefined): Parsed<string | null> {
  const text = (input ?? '').trim();
  if (text === '' || (text.startsWith('0000-00-00') && /^[0\-: ]+$/.test(text))) return ok(null);
  const space = text.indexOf(' ');
  const day = space < 0 ? text : text.slice(0, space);
  const time = space < 0 ? '' : text.slice(space + 1).trimStart();
  if (space >= 0 && !TIME.test(time)) return fail(MSG_INVALID_DATE);
  const match = /^([0-9]{4})-([0-9]{2})-([0-9]{2})$/.exec(day);
  const date = match && calendarDate(Number(match[1]), Number(match[2]), Number(match[3]));
  return date ? ok(date) : fail(MSG_INVALID_DATE);
}

export const checkDate = (input: string | null | undefined) => messageOf(parseDate(input));

/** A required date: empty answers the field's message. */
export function checkRequiredDate(input: string | null | undefined, message: string): string | undefined {
  const parsed = parseDate(input);
  if (!parsed.ok) return parsed.message;
  return parsed.value === null ? message : undefined;
}

/** Start strictly before completion; the message depends on the field being edited. */
export function checkStartCompletion(start: string, completion: string, editing: 'start' | 'completion'): string | undefined {
  if (start < completion) return undefined;
  return editing === 'start' ? MSG_START_NOT_BEFORE_COMPLETION : MSG_COMPLETION_NOT_AFTER_START;
}

export interface ProjectDates {
  tender?: string | null;
  award?: string | null;
  start: string;
  completion: string;
}

const dateOrNull = (input: string | null | undefined): string | null => {
  const parsed = parseDate(input);
  return parsed.ok ? parsed.value : null;
};

/** On save: award ≤ start, tender ≤ start, tender ≤ award, then start < completion. */
export function checkProjectDates(dates: ProjectDates): string | undefined {
  const tender = dateOrNull(dates.tender);
  const award = dateOrNull(dates.award);
  const start = dateOrNull(dates.start);
  const completion = dateOrNull(dates.completion);
  if (start === null || completion === null) return undefined;
  if (award !== null && award > start) return MSG_AWARD_AFTER_START;
  if (tender !== null && tender > start) return MSG_TENDER_AFTER_START;
  if (tender !== null && award !== null && award < tender) return MSG_AWARD_BEFORE_TENDER;
  return checkStartCompletion(start, completion, 'start');
}

const dayNumber = (date: string): number =>
  Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / 86_400_000;

/** Duration in days, both ends counted. */
export const durationBetween = (start: string, completion: string): number => dayNumber(completion) - dayNumber(start) + 1;

/** Date pickers: the contract start may not be earlier than today. */
export const startDateSelectable = (date: string, today: string): boolean => date >= today;

/** Date pickers: every other date may not be later than today. */
export const pastDateSelectable = (date: string, today: string): boolean => date <= today;
