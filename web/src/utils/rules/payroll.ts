/**
 * What a worker is owed for the days of one month: a port of server/src/domain/payroll.rs (`owed`,
 * `line_owed`) and the day classes of server/src/domain/calendar.rs, the same rule and the same rounding in
 * integer fen, so the console's 试算 shows what a sheet will prefill. Both run vectors/payroll.json.
 */

export type WageKind = 'day' | 'month';
/** How a monthly wage is prorated: 21.75 paid days (月计薪天数) or the month's working days. */
export type Proration = 'statutory' | 'working_days';
/** How the State Council's arrangement marks a day (calendar_days.kind). */
export type SpecialDay = 'statutory' | 'off' | 'workday';
export type DayClass = 'working' | 'statutory' | 'rest';

export interface Terms {
  employmentId: number;
  kind: WageKind;
  rateFen: number;
}

/** One day of the month on which the worker had an employment; `day` is YYYY-MM-DD. */
export interface EmployedDay {
  day: string;
  dayClass: DayClass;
  attended: boolean;
  terms: Terms;
}

export interface MonthFacts {
  /** Days in the month. */
  days: number;
  /** Working days on China's calendar. */
  workingDays: number;
}

export interface Owed {
  fen: number;
  attendedDays: number;
  /** Statutory holidays paid without attendance (monthly wage). */
  holidayDays: number;
  /** Attended rest days and holidays of a monthly wage: overtime, paid by the clerk. */
  overtimeDays: number;
  /** How the amount was reached, as the sheet prints it. */
  basis: string;
}

export const DAY_CLASS_LABELS: Record<DayClass, string> = { working: '工作日', statutory: '法定节假日', rest: '休息日' };

/** A day's class: the arrangement's special day, else Saturday and Sunday rest and the weekdays work. */
export function dayClass(day: string, special: ReadonlyMap<string, SpecialDay>): DayClass {
  switch (special.get(day)) {
    case 'statutory':
      return 'statutory';
    case 'off':
      return 'rest';
    case 'workday':
      return 'working';
    default: {
      const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
      return weekday === 0 || weekday === 6 ? 'rest' : 'working';
    }
  }
}

/** Every day of a month (YYYY-MM) as YYYY-MM-DD. */
export function monthDays(month: string): string[] {
  const [year, number] = month.split('-').map(Number);
  const count = new Date(Date.UTC(year, number, 0)).getUTCDate();
  return Array.from({ length: count }, (_, index) => `${month}-${String(index + 1).padStart(2, '0')}`);
}

export function monthFacts(month: string, special: ReadonlyMap<string, SpecialDay>): MonthFacts {
  const days = monthDays(month);
  return { days: days.length, workingDays: days.filter((day) => dayClass(day, special) === 'working').length };
}

function payable(day: EmployedDay): boolean {
  return day.attended || (day.terms.kind === 'month' && day.dayClass === 'statutory');
}

function divHalfUp(numerator: number, denominator: number): number {
  return denominator <= 0 ? 0 : Math.floor((2 * numerator + denominator) / (2 * denominator));
}

export function yuanOf(fen: number): string {
  return `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;
}

function monthlyPay(rateFen: number, paidDays: number, proration: Proration, month: MonthFacts): number {
  // 21.75 = 87 / 4.
  return proration === 'statutory' ? divHalfUp(rateFen * paidDays * 4, 87) : divHalfUp(rateFen * paidDays, month.workingDays);
}

interface Segment {
  terms: Terms;
  paid: number;
  working: number;
}

/** What the worker is owed for the `claimed` days among `employed` (every employed day of one month). Segments of
 * equal terms are paid at their own rate: a transfer or a rate change takes effect on its day. */
export function owed(month: MonthFacts, employed: EmployedDay[], claimed: (day: string) => boolean, proration: Proration): Owed {
  const result: Owed = { fen: 0, attendedDays: 0, holidayDays: 0, overtimeDays: 0, basis: '' };
  const segments: Segment[] = [];
  const basis: string[] = [];
  for (const day of employed) {
    let segment = segments.find((found) => found.terms.kind === day.terms.kind && found.terms.rateFen === day.terms.rateFen);
    if (!segment) {
      segment = { terms: day.terms, paid: 0, working: 0 };
      segments.push(segment);
    }
    if (day.dayClass === 'working') segment.working += 1;
    if (!claimed(day.day) || !payable(day)) continue;
    if (day.attended) result.attendedDays += 1;
    if (day.terms.kind === 'day' || day.dayClass === 'working') {
      segment.paid += 1;
    } else if (day.dayClass === 'statutory') {
      if (proration === 'statutory') segment.paid += 1;
      if (day.attended) result.overtimeDays += 1;
      else result.holidayDays += 1;
    } else {
      result.overtimeDays += 1;
    }
  }
  const monthly = segments.filter((segment) => segment.terms.kind === 'month');
  const wholeMonth = employed.length === month.days
    && employed.every((day) => day.terms.kind === 'month')
    && employed.filter((day) => day.dayClass === 'working').every((day) => day.attended && claimed(day.day));
  let monthlyFen = 0;
  if (wholeMonth) {
    for (const segment of monthly) {
      const fen = divHalfUp(segment.terms.rateFen * segment.working, month.workingDays);
      monthlyFen += fen;
      basis.push(monthly.length === 1
        ? `全月出勤，按月工资${yuanOf(segment.terms.rateFen)}元`
        : `${yuanOf(segment.terms.rateFen)}元 × ${segment.working}/${month.workingDays}个工作日 = ${yuanOf(fen)}元`);
    }
  } else {
    const cap = Math.max(0, ...monthly.map((segment) => segment.terms.rateFen));
    for (const segment of monthly.filter((found) => found.paid > 0)) {
      const fen = monthlyPay(segment.terms.rateFen, segment.paid, proration, month);
      monthlyFen += fen;
      const divisor = proration === 'statutory' ? '21.75' : String(month.workingDays);
      basis.push(`${yuanOf(segment.terms.rateFen)}元 ÷ ${divisor} × ${segment.paid}天 = ${yuanOf(fen)}元`);
    }
    if (monthlyFen > cap) {
      monthlyFen = cap;
      basis.push(`不超过月工资${yuanOf(cap)}元`);
    }
  }
  result.fen = monthlyFen;
  for (const segment of segments.filter((found) => found.terms.kind === 'day' && found.paid > 0)) {
    const fen = segment.terms.rateFen * segment.paid;
    result.fen += fen;
    basis.push(`${yuanOf(segment.terms.rateFen)}元 × ${segment.paid}天 = ${yuanOf(fen)}元`);
  }
  result.basis = basis.join('；');
  return result;
}

/** What a sheet line pays for `current` days when the days `before` are already on other lines of the month: the
 * month's amount for both minus the amount for `before` alone. Never negative. */
export function lineOwed(
  month: MonthFacts,
  employed: EmployedDay[],
  before: (day: string) => boolean,
  current: (day: string) => boolean,
  proration: Proration,
): Owed {
  const earlier = owed(month, employed, before, proration);
  const both = owed(month, employed, (day) => before(day) || current(day), proration);
  const mine = owed(month, employed, current, proration);
  const fen = Math.max(0, both.fen - earlier.fen);
  const basis = earlier.fen > 0 ? `${both.basis}；本月其他工资表已计${yuanOf(earlier.fen)}元，本表计${yuanOf(fen)}元` : both.basis;
  return { ...mine, fen, basis };
}

/** The 试算: one employment from `entry` (YYYY-MM-DD, within or before the month) to the month's end. */
export interface Trial {
  month: string;
  kind: WageKind;
  rateFen: number;
  entry: string;
  attended: ReadonlySet<string>;
  proration: Proration;
  special: ReadonlyMap<string, SpecialDay>;
}

export function trial({ month, kind, rateFen, entry, attended, proration, special }: Trial): Owed {
  const terms: Terms = { employmentId: 1, kind, rateFen };
  const employed = monthDays(month)
    .filter((day) => day >= entry)
    .map((day) => ({ day, dayClass: dayClass(day, special), attended: attended.has(day), terms }));
  return lineOwed(monthFacts(month, special), employed, () => false, () => true, proration);
}
