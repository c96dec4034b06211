//! Which days a sheet pays and what they are owed (issue 11 items 2, 4 and 5). Pure: the sheet builder,
//! the refresh, the draft's comparison with attendance and the correction after payment read their inputs
//! and hand them here.
//!
//! A day of a worker is paid on at most one line. A sheet of a unit (team) takes, for every worker, the
//! payable days not yet on another line on which the worker's employment that day was in that unit (team),
//! each at that day's wage standard; its line pays what the month is owed with those days minus what it is
//! owed without them (`domain::payroll::line_owed`).

use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};

use time::Date;

use super::topup::{self, Level, Topup};
use crate::domain::calendar::{Calendar, DayClass, days};
use crate::domain::payroll::{self, EmployedDay, MonthFacts, Owed, Proration, Terms, WageKind};
use crate::worker::service::{Employment, Rate};

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
    /// Per worker, the days of the month on lines of other sheets with what they were paid so far.
    pub levels: HashMap<i64, HashMap<Date, Level>>,
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
    /// Days other sheets paid below the standard in force, made good on this line.
    pub topup: Option<Topup>,
}

impl PlannedLine {
    /// What the attendance gives: the days' pay and the top-up.
    pub fn prefill_fen(&self) -> i64 {
        self.owed.fen + self.topup.as_ref().map_or(0, |topup| topup.fen)
    }

    pub fn topup_days(&self) -> i64 {
        self.topup.as_ref().map_or(0, |topup| topup.days.len() as i64)
    }

    /// How the prefill was reached.
    pub fn basis(&self) -> String {
        match &self.topup {
            None => self.owed.basis.clone(),
            // A line of top-ups only: the other sheets' days are its subject, not a share of the month.
            Some(topup) if self.days.is_empty() => topup.basis.clone(),
            Some(topup) => format!("{}；{}", self.owed.basis, topup.basis),
        }
    }
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
        let days: Vec<EmployedDay> = employed.iter().map(|(day, _)| *day).collect();
        let topup = inputs.levels.get(&worker).and_then(|levels| {
            let here: HashSet<Date> = employed
                .iter()
                .filter(|(_, employment)| in_place(employment, unit_id, team_id))
                .map(|(day, _)| day.day)
                .collect();
            topup::topup(facts, &days, levels, &|day| here.contains(&day), inputs.proration)
        });
        if mine.is_empty() && topup.is_none() && inputs.lined.contains(&worker) {
            continue;
        }
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
        let last_terms = planned
            .last()
            .map(|day| day.terms)
            .or_else(|| topup.as_ref().and_then(|topup| topup.days.last()).map(|day| day.terms))
            .or_else(|| {
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
        lines.push(PlannedLine { worker_id: worker, employment_id, wage_kind, wage_fen, days: planned, owed, topup });
    }
    lines
}

/// Per worker with days on confirmed sheets paid below the standard in force (`levels`: those days only),
/// what topping all of them up would pay: what 工资核查 reports.
pub fn below_standard(inputs: &Inputs, levels: &HashMap<i64, HashMap<Date, Level>>) -> Vec<(i64, Topup)> {
    let index = inputs.index();
    let facts = inputs.facts();
    levels
        .iter()
        .filter_map(|(worker, levels)| {
            let days: Vec<EmployedDay> = inputs.employed(&index, *worker).into_iter().map(|(day, _)| day).collect();
            topup::topup(facts, &days, levels, &|_| true, inputs.proration).map(|topup| (*worker, topup))
        })
        .collect()
}

/// What a worker's month is owed less without `day` attended: the pay a correction to absent takes back
/// once the day was paid. `claimed`: the worker's days on lines; `paid`: what those on confirmed sheets were
/// paid at (a raise not yet topped up is not taken back).
pub fn day_value(inputs: &Inputs, worker: i64, day: Date, claimed: &HashSet<Date>, paid: &HashMap<Date, Level>) -> i64 {
    let facts = inputs.facts();
    let employed: Vec<EmployedDay> = inputs
        .employed(&inputs.index(), worker)
        .into_iter()
        .map(|(employed, _)| match paid.get(&employed.day) {
            Some(level) => {
                EmployedDay { terms: Terms { kind: level.kind, rate_fen: level.fen, ..employed.terms }, ..employed }
            }
            None => employed,
        })
        .collect();
    let with = payroll::owed(facts, &employed, &|d| claimed.contains(&d), inputs.proration);
    let without_day: Vec<EmployedDay> =
        employed.iter().map(|d| if d.day == day { EmployedDay { attended: false, ..*d } } else { *d }).collect();
    let without = payroll::owed(facts, &without_day, &|d| claimed.contains(&d), inputs.proration);
    (with.fen - without.fen).max(0)
}

/// What a draft's line of a worker holds: its days at their standards, and its top-ups (day, from, to).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Held {
    pub days: BTreeMap<Date, i64>,
    pub topups: BTreeSet<(Date, i64, i64)>,
}

/// A worker whose line on a draft is not what a plan would give it now.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Difference {
    pub worker_id: i64,
    pub days_on_sheet: i64,
    pub days_now: i64,
    /// The same days, but a standard in force changed since (the days' or a top-up's).
    pub standard_changed: bool,
}

/// Per worker, what a line holds now against what a plan would give it: the draft's differences from
/// attendance and the standards in force.
pub fn differences(lines: &HashMap<i64, Held>, planned: &[PlannedLine]) -> Vec<Difference> {
    let mut found = Vec::new();
    let empty = Held::default();
    for line in planned {
        let now = Held {
            days: line.days.iter().map(|day| (day.day, day.terms.rate_fen)).collect(),
            topups: line
                .topup
                .iter()
                .flat_map(|topup| topup.days.iter().map(|day| (day.day, day.from_fen, day.terms.rate_fen)))
                .collect(),
        };
        let held = lines.get(&line.worker_id).unwrap_or(&empty);
        if *held != now || !lines.contains_key(&line.worker_id) {
            found.push(Difference {
                worker_id: line.worker_id,
                days_on_sheet: held.days.len() as i64,
                days_now: now.days.len() as i64,
                standard_changed: held.days.keys().eq(now.days.keys()) && lines.contains_key(&line.worker_id),
            });
        }
    }
    for (worker, held) in lines {
        if !planned.iter().any(|line| line.worker_id == *worker) && (!held.days.is_empty() || !held.topups.is_empty()) {
            found.push(Difference {
                worker_id: *worker,
                days_on_sheet: held.days.len() as i64,
                days_now: 0,
                standard_changed: held.days.is_empty(),
            });
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
            levels: HashMap::new(),
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
    fn differences_name_the_workers_whose_days_or_standards_changed() {
        let employments = vec![line(1, 10, "2025-11-01", "", 35_000)];
        let planned = plan(&inputs(employments, &[(7, date!(2025 - 11 - 03)), (7, date!(2025 - 11 - 04))], &[]), 1, 0);
        let held = |days: &[(Date, i64)]| -> HashMap<i64, Held> {
            [(7, Held { days: days.iter().copied().collect(), topups: BTreeSet::new() })].into_iter().collect()
        };
        let fewer = held(&[(date!(2025 - 11 - 03), 35_000)]);
        let changed = Difference { worker_id: 7, days_on_sheet: 1, days_now: 2, standard_changed: false };
        assert_eq!(differences(&fewer, &planned), vec![changed]);
        let same = held(&[(date!(2025 - 11 - 03), 35_000), (date!(2025 - 11 - 04), 35_000)]);
        assert!(differences(&same, &planned).is_empty());
        let old_rate = held(&[(date!(2025 - 11 - 03), 30_000), (date!(2025 - 11 - 04), 35_000)]);
        let raised = Difference { worker_id: 7, days_on_sheet: 2, days_now: 2, standard_changed: true };
        assert_eq!(differences(&old_rate, &planned), vec![raised]);
    }

    #[test]
    fn a_raise_into_paid_days_tops_them_up_on_the_next_sheet() {
        let employments = vec![line(1, 10, "2025-11-01", "", 35_000)];
        let attended = [(7, date!(2025 - 11 - 03)), (7, date!(2025 - 11 - 04)), (7, date!(2025 - 11 - 20))];
        let paid = [(7, date!(2025 - 11 - 03)), (7, date!(2025 - 11 - 04))];
        let mut month = inputs(employments, &attended, &paid);
        let level = Level { kind: WageKind::Day, fen: 30_000, settled: true };
        month.levels = [(7, paid.iter().map(|(_, day)| (*day, level)).collect())].into_iter().collect();
        let lines = plan(&month, 1, 0);
        assert_eq!((lines[0].days.len(), lines[0].owed.fen, lines[0].prefill_fen()), (1, 35_000, 45_000));
        assert_eq!(lines[0].topup_days(), 2);
        assert!(lines[0].basis().ends_with("；补差 2 天 × 50.00元 = 100.00元"), "{}", lines[0].basis());
        // Nothing new attended: a line of the top-up alone.
        month.attended.remove(&(7, date!(2025 - 11 - 20)));
        let lines = plan(&month, 1, 0);
        assert_eq!((lines[0].days.len(), lines[0].prefill_fen()), (0, 10_000));
        assert_eq!(lines[0].basis(), "补差 2 天 × 50.00元 = 100.00元");
    }
}
