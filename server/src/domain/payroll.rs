//! What a worker is owed for the days of one month (issue 11 items 1 and 4). Pure: the wage sheet builder,
//! the correction after payment and the tests (vectors/payroll.json) share it.
//!
//! Every day of the month on which the worker had an employment carries that day's terms (day or month
//! wage, rate) and its class on China's calendar. A day worker is owed each attended day at that day's
//! rate. A monthly worker is owed by the national 月计薪天数 rule (劳社部发〔2008〕3号): daily rate = monthly
//! standard ÷ 21.75, paid days = working days attended + statutory holidays inside the employment, never
//! more than the standard; a worker employed and present on every working day of the month gets exactly
//! the standard. A project may divide by the month's working days instead (statutory holidays are then
//! outside both sides of the fraction). Days worked on a rest day or a holiday are counted as overtime
//! days, which the clerk pays on the sheet with a reason.

use time::Date;

use super::calendar::DayClass;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum WageKind {
    Day,
    Month,
}

impl WageKind {
    pub fn parse(text: &str) -> Option<WageKind> {
        match text {
            "day" => Some(WageKind::Day),
            "month" => Some(WageKind::Month),
            _ => None,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            WageKind::Day => "day",
            WageKind::Month => "month",
        }
    }
}

/// How a monthly wage is prorated (the project's setting, printed on each sheet).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Proration {
    /// 月计薪天数 21.75.
    #[default]
    Statutory,
    /// The month's actual working days.
    WorkingDays,
}

impl Proration {
    pub fn parse(text: &str) -> Option<Proration> {
        match text.trim() {
            "statutory" => Some(Proration::Statutory),
            "working_days" => Some(Proration::WorkingDays),
            _ => None,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Proration::Statutory => "statutory",
            Proration::WorkingDays => "working_days",
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            Proration::Statutory => "月工资 ÷ 21.75 天 × 计薪天数（出勤工作日 + 法定节假日）",
            Proration::WorkingDays => "月工资 ÷ 当月工作日 × 出勤工作日",
        }
    }
}

/// The terms of one day: the employment line it belongs to and its wage standard that day.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Terms {
    pub employment_id: i64,
    pub kind: WageKind,
    pub rate_fen: i64,
}

/// One day of the month on which the worker had an employment.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EmployedDay {
    pub day: Date,
    pub class: DayClass,
    pub attended: bool,
    pub terms: Terms,
}

impl EmployedDay {
    /// Whether a sheet pays (or records) the day: any attended day, and a monthly worker's statutory holidays.
    pub fn payable(&self) -> bool {
        self.attended || (self.terms.kind == WageKind::Month && self.class == DayClass::Statutory)
    }
}

/// The month as the rule needs it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MonthFacts {
    /// Days in the month.
    pub days: i64,
    /// Working days on China's calendar.
    pub working_days: i64,
}

/// What a set of days adds up to.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Owed {
    pub fen: i64,
    /// Attended days.
    pub attended_days: i64,
    /// Statutory holidays paid without attendance (monthly wage).
    pub holiday_days: i64,
    /// Attended rest days and holidays of a monthly wage: overtime, paid by the clerk.
    pub overtime_days: i64,
    /// How the amount was reached, as the sheet prints it.
    pub basis: String,
}

fn div_half_up(numerator: i64, denominator: i64) -> i64 {
    if denominator <= 0 { 0 } else { (2 * numerator + denominator) / (2 * denominator) }
}

fn yuan(fen: i64) -> String {
    format!("{}.{:02}", fen / 100, fen % 100)
}

/// A monthly segment's pay: `rate_fen` for `paid_days` under `proration`.
fn monthly_pay(rate_fen: i64, paid_days: i64, proration: Proration, month: MonthFacts) -> i64 {
    match proration {
        // 21.75 = 87 / 4.
        Proration::Statutory => div_half_up(rate_fen * paid_days * 4, 87),
        Proration::WorkingDays => div_half_up(rate_fen * paid_days, month.working_days),
    }
}

/// What the worker is owed for the `claimed` days among `employed` (every employed day of one month, in any
/// order). Segments of equal terms are paid at their own rate: a transfer or a rate change takes effect on
/// its day.
pub fn owed(month: MonthFacts, employed: &[EmployedDay], claimed: &dyn Fn(Date) -> bool, proration: Proration) -> Owed {
    let mut owed = Owed::default();
    let mut segments: Vec<(Terms, i64, i64)> = Vec::new(); // terms, paid days, working days employed
    let mut basis: Vec<String> = Vec::new();
    for day in employed {
        let index = match segments
            .iter()
            .position(|(terms, _, _)| terms.kind == day.terms.kind && terms.rate_fen == day.terms.rate_fen)
        {
            Some(index) => index,
            None => {
                segments.push((day.terms, 0, 0));
                segments.len() - 1
            }
        };
        if day.class == DayClass::Working {
            segments[index].2 += 1;
        }
        if !claimed(day.day) || !day.payable() {
            continue;
        }
        if day.attended {
            owed.attended_days += 1;
        }
        match (day.terms.kind, day.class, day.attended) {
            (WageKind::Day, _, _) => segments[index].1 += 1,
            (WageKind::Month, DayClass::Working, _) => segments[index].1 += 1,
            (WageKind::Month, DayClass::Statutory, attended) => {
                if proration == Proration::Statutory {
                    segments[index].1 += 1;
                }
                if attended {
                    owed.overtime_days += 1;
                } else {
                    owed.holiday_days += 1;
                }
            }
            (WageKind::Month, DayClass::Rest, _) => owed.overtime_days += 1,
        }
    }
    let monthly: Vec<&(Terms, i64, i64)> =
        segments.iter().filter(|(terms, _, _)| terms.kind == WageKind::Month).collect();
    let whole_month = employed.len() as i64 == month.days
        && employed.iter().all(|day| day.terms.kind == WageKind::Month)
        && employed.iter().filter(|day| day.class == DayClass::Working).all(|day| day.attended && claimed(day.day));
    let mut monthly_fen = 0;
    if whole_month {
        for (terms, _, working) in &monthly {
            let fen = div_half_up(terms.rate_fen * working, month.working_days);
            monthly_fen += fen;
            basis.push(if monthly.len() == 1 {
                format!("全月出勤，按月工资{}元", yuan(terms.rate_fen))
            } else {
                format!("{}元 × {working}/{}个工作日 = {}元", yuan(terms.rate_fen), month.working_days, yuan(fen))
            });
        }
    } else {
        let cap = monthly.iter().map(|(terms, _, _)| terms.rate_fen).max().unwrap_or(0);
        for (terms, paid, _) in monthly.iter().filter(|(_, paid, _)| *paid > 0) {
            let fen = monthly_pay(terms.rate_fen, *paid, proration, month);
            monthly_fen += fen;
            let divisor = match proration {
                Proration::Statutory => "21.75".to_owned(),
                Proration::WorkingDays => month.working_days.to_string(),
            };
            basis.push(format!("{}元 ÷ {divisor} × {paid}天 = {}元", yuan(terms.rate_fen), yuan(fen)));
        }
        if monthly_fen > cap {
            monthly_fen = cap;
            basis.push(format!("不超过月工资{}元", yuan(cap)));
        }
    }
    owed.fen = monthly_fen;
    for (terms, paid, _) in segments.iter().filter(|(terms, paid, _)| terms.kind == WageKind::Day && *paid > 0) {
        let fen = terms.rate_fen * paid;
        owed.fen += fen;
        basis.push(format!("{}元 × {paid}天 = {}元", yuan(terms.rate_fen), yuan(fen)));
    }
    owed.basis = basis.join("；");
    owed
}

/// What a sheet line pays for `this` days when the days `before` are already on other lines of the month:
/// the month's amount for both minus the amount for `before` alone, so that every line of the month adds up
/// to what the month is owed, whatever order the sheets were made in. Never negative.
pub fn line_owed(
    month: MonthFacts,
    employed: &[EmployedDay],
    before: &dyn Fn(Date) -> bool,
    this: &dyn Fn(Date) -> bool,
    proration: Proration,
) -> Owed {
    let earlier = owed(month, employed, before, proration);
    let both = owed(month, employed, &|day| before(day) || this(day), proration);
    let mine = owed(month, employed, this, proration);
    let fen = (both.fen - earlier.fen).max(0);
    let basis = if earlier.fen > 0 {
        format!("{}；本月其他工资表已计{}元，本表计{}元", both.basis, yuan(earlier.fen), yuan(fen))
    } else {
        both.basis
    };
    Owed { fen, basis, ..mine }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::calendar::{Calendar, SpecialDay, days};
    use serde_json::Value;

    fn day(text: &str) -> Date {
        crate::domain::dates::parse_date(text).unwrap().unwrap()
    }

    /// A scenario of vectors/payroll.json as the employed days of its month.
    fn employed(case: &Value, calendar: &Calendar) -> (MonthFacts, Vec<EmployedDay>) {
        let month = case["month"].as_str().unwrap();
        let first = day(&format!("{month}-01"));
        let last = days(first, first.replace_day(28).unwrap().checked_add(time::Duration::days(4)).unwrap())
            .filter(|day| day.month() == first.month())
            .last()
            .unwrap();
        let mut attended: Vec<Date> =
            case["attended"].as_array().unwrap().iter().map(|text| day(text.as_str().unwrap())).collect();
        // The days the scenario's punches attend, as it names them (the console's test takes them the same
        // way); that the shift rule gives exactly these is attendance's test
        // (`rules::tests::the_payroll_vectors_punches_attend_the_days_they_name`).
        attended.extend(case["shiftDays"].as_array().into_iter().flatten().map(|text| day(text.as_str().unwrap())));
        let mut employed = Vec::new();
        for (index, line) in case["employment"].as_array().unwrap().iter().enumerate() {
            let from = day(line["from"].as_str().unwrap());
            let to = line["to"].as_str().map(day).unwrap_or(last);
            let kind = WageKind::parse(line["kind"].as_str().unwrap()).unwrap();
            let rate_fen = line["rateFen"].as_i64().unwrap();
            for day in days(from.max(first), to.min(last)) {
                employed.push(EmployedDay {
                    day,
                    class: calendar.class(day),
                    attended: attended.contains(&day),
                    terms: Terms { employment_id: index as i64 + 1, kind, rate_fen },
                });
            }
        }
        (MonthFacts { days: i64::from(last.day()), working_days: calendar.working_days(first, last) }, employed)
    }

    fn calendar(case: &Value) -> Calendar {
        Calendar::new(case["calendar"].as_array().unwrap().iter().map(|entry| {
            (day(entry["day"].as_str().unwrap()), SpecialDay::parse(entry["kind"].as_str().unwrap()).unwrap())
        }))
    }

    #[test]
    fn vectors_payroll() {
        let cases: Vec<Value> = serde_json::from_str(include_str!("../../../vectors/payroll.json")).unwrap();
        for case in &cases {
            let name = case["name"].as_str().unwrap();
            let calendar = calendar(case);
            let (month, employed) = employed(case, &calendar);
            let proration = Proration::parse(case["proration"].as_str().unwrap_or("statutory")).unwrap();
            // Each sheet claims the payable days up to its `through` day that no earlier sheet claimed.
            let mut claimed_through: Option<Date> = None;
            for sheet in case["sheets"].as_array().unwrap() {
                let through = day(sheet["through"].as_str().unwrap());
                let before = claimed_through;
                let owed = line_owed(
                    month,
                    &employed,
                    &|day| before.is_some_and(|limit| day <= limit),
                    &|day| before.is_none_or(|limit| day > limit) && day <= through,
                    proration,
                );
                assert_eq!(
                    owed.fen,
                    sheet["expectFen"].as_i64().unwrap(),
                    "{name}: sheet through {through}: {}",
                    owed.basis
                );
                if let Some(days) = sheet["expectAttendedDays"].as_i64() {
                    assert_eq!(owed.attended_days, days, "{name}: attended days");
                }
                if let Some(days) = sheet["expectOvertimeDays"].as_i64() {
                    assert_eq!(owed.overtime_days, days, "{name}: overtime days");
                }
                claimed_through = Some(through);
            }
            // A paid day corrected to absent: what the month is owed less without it is taken back.
            for correction in case["corrections"].as_array().into_iter().flatten() {
                let corrected = day(correction["day"].as_str().unwrap());
                let paid = |d: Date| claimed_through.is_some_and(|limit| d <= limit);
                let without: Vec<EmployedDay> = employed
                    .iter()
                    .map(|d| if d.day == corrected { EmployedDay { attended: false, ..*d } } else { *d })
                    .collect();
                let take_back =
                    owed(month, &employed, &paid, proration).fen - owed(month, &without, &paid, proration).fen;
                assert_eq!(
                    take_back,
                    correction["expectTakeBackFen"].as_i64().unwrap(),
                    "{name}: correction of {corrected}"
                );
            }
        }
    }
}
