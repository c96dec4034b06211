//! 补差 (issue 28 item 3): a wage standard raised from a day whose pay is already on a confirmed sheet is made
//! good on a supplementary sheet. Pure: the plan (`plan.rs`) and 工资核查 (`rates.rs`) hand it a worker's month.
//!
//! A held day (on another line) was paid at a level: the standard of its base payment, raised by each top-up
//! since (`chain`). Where the standard in force that day is higher (same wage kind), the day is topped up from
//! its level to the standard in force. What the top-up pays is what the worker's held days of the month are
//! owed with those days at the standard in force minus what they are owed at their levels, both by
//! `domain::payroll::owed` under the project's proration: a day worker gets exactly the difference per day, a
//! monthly worker the difference of the prorated month (21.75 or working days, the cap and the whole-month
//! rule as the sheet reckons them) over the days that bear a monthly wage (working days, and statutory
//! holidays under 21.75; a rest day worked is overtime, paid by hand). Never negative; a day whose kind changed is not topped up (the worker area
//! refuses such a change into paid days).

use std::collections::{BTreeMap, HashMap};

use time::Date;

use super::money::yuan;
use crate::domain::calendar::DayClass;
use crate::domain::payroll::{self, EmployedDay, MonthFacts, Proration, Terms, WageKind};

/// What a held day was paid so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Level {
    pub kind: WageKind,
    pub fen: i64,
    /// The base payment's sheet is confirmed (or further on): only such a day is topped up; a draft's days
    /// are taken again at the standard in force when it is refreshed.
    pub settled: bool,
}

/// One day a line tops up: the terms in force that day and the level it had been paid at.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TopupDay {
    pub day: Date,
    pub terms: Terms,
    pub from_fen: i64,
}

/// What a line tops up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Topup {
    pub days: Vec<TopupDay>,
    pub fen: i64,
    /// e.g. `补差 3 天 × 50.00元 = 150.00元`.
    pub basis: String,
}

/// A day's level: its base standard raised along the top-ups that follow on from it (from → to). A step that
/// does not start where the level stands is not followed.
pub fn chain(base_fen: i64, steps: &[(i64, i64)]) -> i64 {
    let mut level = base_fen;
    while let Some((_, to)) = steps.iter().find(|(from, to)| *from == level && *to > level) {
        level = *to;
    }
    level
}

/// The days of `employed` (the worker's month at the standards in force) that `levels` (the worker's held
/// days) paid below the standard in force, of those `mine` takes, and what topping them up pays; None when
/// nothing is owed.
pub fn topup(
    month: MonthFacts,
    employed: &[EmployedDay],
    levels: &HashMap<Date, Level>,
    mine: &dyn Fn(Date) -> bool,
    proration: Proration,
) -> Option<Topup> {
    // A monthly wage pays working days (and statutory holidays under 21.75); rest days worked are overtime the
    // clerk pays by hand, so they carry no standard to top up.
    let bears_pay = |day: &EmployedDay| match day.terms.kind {
        WageKind::Day => true,
        WageKind::Month => {
            day.class == DayClass::Working || (day.class == DayClass::Statutory && proration == Proration::Statutory)
        }
    };
    let below = |day: &EmployedDay| {
        levels.get(&day.day).is_some_and(|level| {
            level.settled && level.kind == day.terms.kind && level.fen < day.terms.rate_fen && day.payable()
        }) && bears_pay(day)
    };
    let days: Vec<TopupDay> = employed
        .iter()
        .filter(|day| below(day) && mine(day.day))
        .map(|day| TopupDay { day: day.day, terms: day.terms, from_fen: levels[&day.day].fen })
        .collect();
    if days.is_empty() {
        return None;
    }
    let raised = |day: Date| days.iter().any(|topped| topped.day == day);
    let at_level = |raise: bool| -> Vec<EmployedDay> {
        employed
            .iter()
            .map(|day| match levels.get(&day.day) {
                Some(level) if !(raise && raised(day.day)) => {
                    EmployedDay { terms: Terms { kind: level.kind, rate_fen: level.fen, ..day.terms }, ..*day }
                }
                _ => *day,
            })
            .collect()
    };
    let held = |day: Date| levels.contains_key(&day);
    let before = payroll::owed(month, &at_level(false), &held, proration);
    let after = payroll::owed(month, &at_level(true), &held, proration);
    let fen = after.fen - before.fen;
    if fen <= 0 {
        return None;
    }
    Some(Topup { basis: basis(&days, fen), days, fen })
}

/// `补差 3 天 × 50.00元 = 150.00元`; a day worker's days grouped by the difference, a monthly worker's by the
/// standards before and after.
fn basis(days: &[TopupDay], fen: i64) -> String {
    let mut daily: BTreeMap<i64, i64> = BTreeMap::new();
    let mut monthly: BTreeMap<(i64, i64), i64> = BTreeMap::new();
    for day in days {
        match day.terms.kind {
            WageKind::Day => *daily.entry(day.terms.rate_fen - day.from_fen).or_default() += 1,
            WageKind::Month => *monthly.entry((day.from_fen, day.terms.rate_fen)).or_default() += 1,
        }
    }
    let mut parts: Vec<String> =
        daily.iter().map(|(difference, count)| format!("{count} 天 × {}元", yuan(*difference))).collect();
    parts.extend(
        monthly.iter().map(|((from, to), count)| format!("{count} 天（月工资 {}元 → {}元）", yuan(*from), yuan(*to))),
    );
    format!("补差 {} = {}元", parts.join(" + "), yuan(fen))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::calendar::{Calendar, days};
    use time::macros::date;

    fn month(calendar: &Calendar) -> MonthFacts {
        MonthFacts { days: 31, working_days: calendar.working_days(date!(2025 - 10 - 01), date!(2025 - 10 - 31)) }
    }

    /// Every day of October 2025 at `kind` and the standard `rate(day)`, attended on working days.
    fn employed(calendar: &Calendar, kind: WageKind, rate: &dyn Fn(Date) -> i64) -> Vec<EmployedDay> {
        days(date!(2025 - 10 - 01), date!(2025 - 10 - 31))
            .map(|day| EmployedDay {
                day,
                class: calendar.class(day),
                attended: calendar.class(day) == DayClass::Working,
                terms: Terms { employment_id: 1, kind, rate_fen: rate(day) },
            })
            .collect()
    }

    fn paid(employed: &[EmployedDay], through: Date, kind: WageKind, fen: i64) -> HashMap<Date, Level> {
        employed
            .iter()
            .filter(|day| day.day <= through && day.payable())
            .map(|day| (day.day, Level { kind, fen, settled: true }))
            .collect()
    }

    #[test]
    fn a_day_worker_gets_the_difference_of_each_day_at_its_own_rate() {
        let calendar = Calendar::default();
        // Raised to 350 from the 1st and to 400 from the 15th; the days to the 17th were paid at 300.
        let rate = |day: Date| if day >= date!(2025 - 10 - 15) { 40_000 } else { 35_000 };
        let month_days = employed(&calendar, WageKind::Day, &rate);
        let levels = paid(&month_days, date!(2025 - 10 - 17), WageKind::Day, 30_000);
        let found = topup(month(&calendar), &month_days, &levels, &|_| true, Proration::Statutory).unwrap();
        let before = found.days.iter().filter(|day| day.day < date!(2025 - 10 - 15)).count() as i64;
        let after = found.days.len() as i64 - before;
        assert_eq!(found.fen, before * 5_000 + after * 10_000);
        assert_eq!(found.basis, format!("补差 {before} 天 × 50.00元 + {after} 天 × 100.00元 = {}元", yuan(found.fen)));
        assert!(found.days.iter().all(|day| day.from_fen == 30_000));
    }

    #[test]
    fn nothing_is_owed_on_days_paid_at_the_standard_in_force_or_on_a_draft() {
        let calendar = Calendar::default();
        let month_days = employed(&calendar, WageKind::Day, &|_| 30_000);
        let levels = paid(&month_days, date!(2025 - 10 - 31), WageKind::Day, 30_000);
        assert_eq!(topup(month(&calendar), &month_days, &levels, &|_| true, Proration::Statutory), None);
        let raised = employed(&calendar, WageKind::Day, &|_| 35_000);
        let drafted: HashMap<Date, Level> =
            levels.iter().map(|(day, level)| (*day, Level { settled: false, ..*level })).collect();
        assert_eq!(topup(month(&calendar), &raised, &drafted, &|_| true, Proration::Statutory), None);
        // Another place's days are its sheet's.
        assert_eq!(topup(month(&calendar), &raised, &levels, &|_| false, Proration::Statutory), None);
    }

    #[test]
    fn a_monthly_worker_gets_the_difference_of_the_prorated_month() {
        let calendar = Calendar::default();
        let facts = month(&calendar);
        let raised = employed(&calendar, WageKind::Month, &|_| 650_000);
        // The whole month paid at 6000 (every working day attended): the difference is the whole 500.
        let whole = paid(&raised, date!(2025 - 10 - 31), WageKind::Month, 600_000);
        let found = topup(facts, &raised, &whole, &|_| true, Proration::Statutory).unwrap();
        assert_eq!(found.fen, 50_000);
        assert!(found.basis.starts_with(&format!("补差 {} 天（月工资 6000.00元 → 6500.00元）", found.days.len())));
        // Half the month paid: the prorated difference, 500 ÷ 21.75 × paid days (each side rounded as a sheet).
        let half = paid(&raised, date!(2025 - 10 - 15), WageKind::Month, 600_000);
        let paid_days = half.len() as i64;
        let found = topup(facts, &raised, &half, &|_| true, Proration::Statutory).unwrap();
        let prorated = |rate: i64| (2 * rate * paid_days * 4 + 87) / (2 * 87);
        assert_eq!(found.fen, prorated(650_000) - prorated(600_000));
    }

    #[test]
    fn a_level_follows_the_top_ups_that_start_where_it_stands() {
        assert_eq!(chain(30_000, &[]), 30_000);
        assert_eq!(chain(30_000, &[(35_000, 40_000), (30_000, 35_000)]), 40_000);
        assert_eq!(chain(30_000, &[(32_000, 40_000)]), 30_000);
    }
}
