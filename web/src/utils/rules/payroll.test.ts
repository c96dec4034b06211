import payrollVectors from '../../../../vectors/payroll.json';
import { type EmployedDay, type Proration, type SpecialDay, type WageKind, dayClass, lineOwed, monthDays, monthFacts, owed, trial } from './payroll';

interface Scenario {
  name: string;
  month: string;
  proration?: string;
  employment: { from: string; to?: string; kind: string; rateFen: number }[];
  attended: string[];
  /** Days the scenario's punches attend under the shift rule (checked on the server). */
  shiftDays?: string[];
  sheets: { through: string; expectFen: number; expectAttendedDays?: number; expectOvertimeDays?: number }[];
  /** A paid day corrected to absent and the pay taken back for it. */
  corrections?: { day: string; expectTakeBackFen: number }[];
  calendar: { day: string; kind: string }[];
}

const scenarios = payrollVectors as Scenario[];

/** A scenario as the employed days of its month, as the Rust test reads it. */
function employed(scenario: Scenario, special: Map<string, SpecialDay>): EmployedDay[] {
  const days = monthDays(scenario.month);
  const attended = new Set([...scenario.attended, ...(scenario.shiftDays ?? [])]);
  return scenario.employment.flatMap((line, index) => days
    .filter((day) => day >= line.from && day <= (line.to ?? days[days.length - 1]))
    .map((day) => ({
      day,
      dayClass: dayClass(day, special),
      attended: attended.has(day),
      terms: { employmentId: index + 1, kind: line.kind as WageKind, rateFen: line.rateFen },
    })));
}

describe('payroll rule (server/src/domain/payroll.rs)', () => {
  it.each(scenarios.map((scenario) => [scenario.name, scenario] as const))('%s', (_, scenario) => {
    const special = new Map(scenario.calendar.map((entry) => [entry.day, entry.kind as SpecialDay]));
    const days = employed(scenario, special);
    const facts = monthFacts(scenario.month, special);
    const proration = (scenario.proration ?? 'statutory') as Proration;
    // Each sheet claims the payable days up to its `through` day that no earlier sheet claimed.
    let claimedThrough: string | undefined;
    for (const sheet of scenario.sheets) {
      const limit = claimedThrough;
      const owed = lineOwed(facts, days, (day) => limit !== undefined && day <= limit,
        (day) => (limit === undefined || day > limit) && day <= sheet.through, proration);
      expect(owed.fen, `${scenario.name} through ${sheet.through}: ${owed.basis}`).toBe(sheet.expectFen);
      if (sheet.expectAttendedDays !== undefined) expect(owed.attendedDays).toBe(sheet.expectAttendedDays);
      if (sheet.expectOvertimeDays !== undefined) expect(owed.overtimeDays).toBe(sheet.expectOvertimeDays);
      claimedThrough = sheet.through;
    }
    const paid = (day: string) => claimedThrough !== undefined && day <= claimedThrough;
    for (const correction of scenario.corrections ?? []) {
      const without = days.map((day) => (day.day === correction.day ? { ...day, attended: false } : day));
      const takeBack = owed(facts, days, paid, proration).fen - owed(facts, without, paid, proration).fen;
      expect(takeBack, `${scenario.name}: correction of ${correction.day}`).toBe(correction.expectTakeBackFen);
    }
  });

  it('classes days by the arrangement, else by the week', () => {
    const special = new Map<string, SpecialDay>([['2025-10-01', 'statutory'], ['2025-10-11', 'workday'], ['2025-10-08', 'off']]);
    expect(dayClass('2025-10-01', special)).toBe('statutory');
    expect(dayClass('2025-10-11', special)).toBe('working');
    expect(dayClass('2025-10-08', special)).toBe('rest');
    expect(dayClass('2025-10-12', special)).toBe('rest');
    expect(dayClass('2025-10-13', special)).toBe('working');
    expect(monthFacts('2024-02', new Map()).workingDays).toBe(21);
    expect(monthDays('2024-02')).toHaveLength(29);
  });

  it('a trial of a monthly worker entering mid-month says how it was reached', () => {
    const attended = new Set(monthDays('2026-11').filter((day) => day >= '2026-11-16' && dayClass(day, new Map()) === 'working'));
    const result = trial({ month: '2026-11', kind: 'month', rateFen: 600_000, entry: '2026-11-16', attended, proration: 'statutory', special: new Map() });
    expect(result.attendedDays).toBe(11);
    expect(result.fen).toBe(303_448);
    expect(result.basis).toBe('6000.00元 ÷ 21.75 × 11天 = 3034.48元');
  });
});
