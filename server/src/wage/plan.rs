//! Which days a sheet pays and what they are owed (issue 11 items 2, 4 and 5). Pure: the sheet builder,
//! the refresh, the draft's comparison with attendance and the correction after payment read their inputs
//! and hand them here.
//!
//! A day of a worker is paid on at most one line. A sheet of a unit (team) takes, for every worker, the
//! payable days not yet on another line on which the worker's employment that day was in that unit (team),
//! each at that day's wage standard; its line pays what the month is owed with those days minus what it is
//! owed without them (`domain::payroll::line_owed`).

use std::collections::{BTreeSet, HashMap, HashSet};

use time::Date;

use crate::domain::calendar::{Calendar, DayClass, days};
use crate::domain::payroll::{self, EmployedDay, MonthFacts, Owed, Proration, Terms, WageKind};

/// A roster line of the project overlapping the month.
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct Employment {
    pub id: i64,
    pub worker_id: i64,
    pub unit_id: i64,
    pub team_id: i64,
    pub entry_date: String,
    /// '' while on site.
    pub exit_date: String,
    pub wage_kind: String,
    pub wage_fen: i64,
}

/// A wage standard of a roster line from a day on.
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct Rate {
    pub employment_id: i64,
    pub effective_from: String,
    pub wage_kind: String,
    pub wage_fen: i64,
}

/// What a plan of one month reads.
pub struct Inputs {
    pub first: Date,
    pub last: Date,
    /// Days after it are not paid yet (the running month).
    pub today: Date,
    pub calendar: Calendar,
    pub proration: Proration,
    pub employments: Vec<Employment>,
    pub rates: Vec<Rate>,
    /// Attended (worker, day) of the month.
    pub attended: HashSet<(i64, Date)>,
    /// Days of the month already on lines of other sheets: (worker, day).
    pub claimed: HashSet<(i64, Date)>,
    /// Workers with a line of the month on another sheet.
    pub lined: HashSet<i64>,
}

/// One day a line pays.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlannedDay {
    pub day: Date,
    pub class: DayClass,
    pub attended: bool,
    pub terms: Terms,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlannedLine {
    pub worker_id: i64,
    /// The employment of the line's last day (or of its unit / team in the month when it pays no day).
    pub employment_id: i64,
    pub wage_kind: WageKind,
    pub wage_fen: i64,
    pub days: Vec<PlannedDay>,
    pub owed: Owed,
}

impl Inputs {
    pub fn facts(&self) -> MonthFacts {
        MonthFacts { days: i64::from(self.last.day()), working_days: self.calendar.working_days(self.first, self.last) }
    }

    /// Every day of the month on which `worker` had an employment, with that day's terms; and the
    /// employment of each day.
    fn employed<'a>(&self, index: &Index<'a>, worker: i64) -> Vec<(EmployedDay, &'a Employment)> {
        let mut out = Vec::new();
        for employment in index.employments.get(&worker).into_iter().flatten() {
            let Some(entry) = parse(&employment.entry_date) else { continue };
            let exit = if employment.exit_date.is_empty() {
                self.last
            } else {
                parse(&employment.exit_date).unwrap_or(self.last)
            };
            let rates = index.rates.get(&employment.id).map(Vec::as_slice).unwrap_or(&[]);
            for day in days(entry.max(self.first), exit.min(self.last)) {
                let text = day.to_string();
                let (kind, fen) = rates
                    .iter()
                    .rev()
                    .find(|rate| rate.effective_from <= text)
                    .map(|rate| (rate.wage_kind.as_str(), rate.wage_fen))
                    .unwrap_or((employment.wage_kind.as_str(), employment.wage_fen));
                let terms = Terms {
                    employment_id: employment.id,
                    kind: WageKind::parse(kind).unwrap_or(WageKind::Day),
                    rate_fen: fen,
                };
                let attended = self.attended.contains(&(worker, day));
                out.push((EmployedDay { day, class: self.calendar.class(day), attended, terms }, *employment));
            }
        }
        out.sort_by_key(|(day, _)| day.day);
        out.dedup_by_key(|(day, _)| day.day);
        out
    }

    fn index(&self) -> Index<'_> {
        let mut index = Index { employments: HashMap::new(), rates: HashMap::new() };
        for employment in &self.employments {
            index.employments.entry(employment.worker_id).or_default().push(employment);
        }
        for rate in &self.rates {
            index.rates.entry(rate.employment_id).or_default().push(rate);
        }
        for rates in index.rates.values_mut() {
            rates.sort_by(|a, b| a.effective_from.cmp(&b.effective_from));
        }
        index
    }
}

/// The inputs grouped: roster lines per worker, standards per line (earliest first).
struct Index<'a> {
    employments: HashMap<i64, Vec<&'a Employment>>,
    rates: HashMap<i64, Vec<&'a Rate>>,
}

/// A `YYYY-MM-DD` day as read back from the database.
pub fn parse(text: &str) -> Option<Date> {
    crate::domain::dates::parse_date(text).ok().flatten()
}

fn in_place(employment: &Employment, unit_id: i64, team_id: i64) -> bool {
    employment.unit_id == unit_id && (team_id == 0 || employment.team_id == team_id)
}

/// The lines a sheet of `unit_id` (`team_id`, 0 the whole unit) would have now, newest roster line first. A
/// worker gets a line when a day is left to pay, or when the worker has no line in the month yet (a first
/// sheet lists everyone employed there, also with no day).
pub fn plan(inputs: &Inputs, unit_id: i64, team_id: i64) -> Vec<PlannedLine> {
    let mut workers: Vec<(i64, i64)> =
        inputs.employments.iter().filter(|e| in_place(e, unit_id, team_id)).map(|e| (e.id, e.worker_id)).collect();
    workers.sort_by_key(|(id, _)| std::cmp::Reverse(*id));
    let mut seen = BTreeSet::new();
    workers.retain(|(_, worker)| seen.insert(*worker));
    let facts = inputs.facts();
    let index = inputs.index();
    let mut lines = Vec::new();
    for (newest_here, worker) in workers {
        let employed = inputs.employed(&index, worker);
        let mine: HashSet<Date> = employed
            .iter()
            .filter(|(day, employment)| {
                in_place(employment, unit_id, team_id)
                    && day.day <= inputs.today
                    && day.payable()
                    && !inputs.claimed.contains(&(worker, day.day))
            })
            .map(|(day, _)| day.day)
            .collect();
        if mine.is_empty() && inputs.lined.contains(&worker) {
            continue;
        }
        let days: Vec<EmployedDay> = employed.iter().map(|(day, _)| *day).collect();
        let owed = payroll::line_owed(
            facts,
            &days,
            &|day| inputs.claimed.contains(&(worker, day)),
            &|day| mine.contains(&day),
            inputs.proration,
        );
        let planned: Vec<PlannedDay> = employed
            .iter()
            .filter(|(day, _)| mine.contains(&day.day))
            .map(|(day, _)| PlannedDay { day: day.day, class: day.class, attended: day.attended, terms: day.terms })
            .collect();
        let last_terms = planned.last().map(|day| day.terms).or_else(|| {
            employed.iter().rev().find(|(_, employment)| employment.id == newest_here).map(|(day, _)| day.terms)
        });
        let (employment_id, wage_kind, wage_fen) = match last_terms {
            Some(terms) => (terms.employment_id, terms.kind, terms.rate_fen),
            None => {
                let employment = inputs
                    .employments
                    .iter()
                    .find(|e| e.id == newest_here)
                    .expect("the worker's line is among the inputs");
                (employment.id, WageKind::parse(&employment.wage_kind).unwrap_or(WageKind::Day), employment.wage_fen)
            }
        };
        lines.push(PlannedLine { worker_id: worker, employment_id, wage_kind, wage_fen, days: planned, owed });
    }
    lines
}

/// What a worker's month is owed less without `day` attended: the pay a correction to absent takes back
/// once the day was paid. `claimed`: the worker's days on lines.
pub fn day_value(inputs: &Inputs, worker: i64, day: Date, claimed: &HashSet<Date>) -> i64 {
    let facts = inputs.facts();
    let employed: Vec<EmployedDay> = inputs.employed(&inputs.index(), worker).into_iter().map(|(day, _)| day).collect();
    let with = payroll::owed(facts, &employed, &|d| claimed.contains(&d), inputs.proration);
    let without_day: Vec<EmployedDay> =
        employed.iter().map(|d| if d.day == day { EmployedDay { attended: false, ..*d } } else { *d }).collect();
    let without = payroll::owed(facts, &without_day, &|d| claimed.contains(&d), inputs.proration);
    (with.fen - without.fen).max(0)
}

/// Per worker, the days a line holds now against the days a plan would give it: the draft's differences
/// from attendance, as (worker, days on the line, days now).
pub fn differences(lines: &HashMap<i64, BTreeSet<Date>>, planned: &[PlannedLine]) -> Vec<(i64, i64, i64)> {
    let mut found = Vec::new();
    let empty = BTreeSet::new();
    for line in planned {
        let now: BTreeSet<Date> = line.days.iter().map(|day| day.day).collect();
        let held = lines.get(&line.worker_id).unwrap_or(&empty);
        if *held != now || !lines.contains_key(&line.worker_id) {
            found.push((line.worker_id, held.len() as i64, now.len() as i64));
        }
    }
    for (worker, held) in lines {
        if !planned.iter().any(|line| line.worker_id == *worker) && !held.is_empty() {
            found.push((*worker, held.len() as i64, 0));
        }
    }
    found.sort_unstable();
    found
}

#[cfg(test)]
mod tests {
    use super::*;
    use time::macros::date;

    fn inputs(employments: Vec<Employment>, attended: &[(i64, Date)], claimed: &[(i64, Date)]) -> Inputs {
        Inputs {
            first: date!(2025 - 11 - 01),
            last: date!(2025 - 11 - 30),
            today: date!(2026 - 11 - 24),
            calendar: Calendar::default(),
            proration: Proration::Statutory,
            employments,
            rates: Vec::new(),
            attended: attended.iter().copied().collect(),
            claimed: claimed.iter().copied().collect(),
            lined: claimed.iter().map(|(worker, _)| *worker).collect(),
        }
    }

    fn line(id: i64, team_id: i64, entry: &str, exit: &str, fen: i64) -> Employment {
        Employment {
            id,
            worker_id: 7,
            unit_id: 1,
            team_id,
            entry_date: entry.into(),
            exit_date: exit.into(),
            wage_kind: "day".into(),
            wage_fen: fen,
        }
    }

    #[test]
    fn a_transferred_worker_is_paid_on_each_teams_sheet_for_the_days_there() {
        let employments = vec![line(1, 10, "2025-11-01", "2025-11-15", 30_000), line(2, 20, "2025-11-16", "", 50_000)];
        let attended = [(7, date!(2025 - 11 - 03)), (7, date!(2025 - 11 - 04)), (7, date!(2025 - 11 - 17))];
        let first_team = plan(&inputs(employments.clone(), &attended, &[]), 1, 10);
        assert_eq!(first_team.len(), 1);
        assert_eq!((first_team[0].days.len(), first_team[0].owed.fen), (2, 60_000));
        let second_team =
            plan(&inputs(employments, &attended, &[(7, date!(2025 - 11 - 03)), (7, date!(2025 - 11 - 04))]), 1, 20);
        assert_eq!((second_team[0].days.len(), second_team[0].owed.fen, second_team[0].employment_id), (1, 50_000, 2));
    }

    #[test]
    fn a_day_on_a_line_is_never_taken_again() {
        let employments = vec![line(1, 10, "2025-11-01", "", 35_000)];
        let attended = [(7, date!(2025 - 11 - 03)), (7, date!(2025 - 11 - 20))];
        let later = plan(&inputs(employments.clone(), &attended, &[(7, date!(2025 - 11 - 03))]), 1, 0);
        assert_eq!((later[0].days.len(), later[0].owed.fen), (1, 35_000));
        let nothing_left =
            plan(&inputs(employments, &attended, &[(7, date!(2025 - 11 - 03)), (7, date!(2025 - 11 - 20))]), 1, 0);
        assert!(nothing_left.is_empty());
    }

    #[test]
    fn differences_name_the_workers_whose_days_changed() {
        let employments = vec![line(1, 10, "2025-11-01", "", 35_000)];
        let planned = plan(&inputs(employments, &[(7, date!(2025 - 11 - 03)), (7, date!(2025 - 11 - 04))], &[]), 1, 0);
        let held: HashMap<i64, BTreeSet<Date>> =
            [(7, [date!(2025 - 11 - 03)].into_iter().collect())].into_iter().collect();
        assert_eq!(differences(&held, &planned), vec![(7, 1, 2)]);
        let same: HashMap<i64, BTreeSet<Date>> =
            [(7, [date!(2025 - 11 - 03), date!(2025 - 11 - 04)].into_iter().collect())].into_iter().collect();
        assert!(differences(&same, &planned).is_empty());
    }
}
