//! The minimum wage judged pro rata (issue 28 finding 4): one rule for 工资核查 and the early warning. A
//! worker's pay of a month (before take-backs of earlier months' days) is compared with the local monthly
//! minimum for the days his lines pay, weighed as his pay was reckoned: a monthly wage's paid days (working
//! days attended, plus statutory holidays under the 21.75 rule) at minimum ÷ 21.75 (or ÷ the month's working
//! days, when the sheet was reckoned by them), never more than the monthly minimum for the month; a day
//! wage's days at the daily minimum, monthly minimum ÷ 21.75 (劳社部发〔2008〕3号), without that cap. Rest-day
//! work is overtime and outside the minimum, as the law has it.

use std::collections::HashMap;

use super::money::{div_half_up, yuan};
use super::repo;
use crate::db::Db;
use crate::domain::payroll::{Proration, WageKind};

/// A worker's paid days of one month, as the minimum wage weighs them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PaidDays {
    /// Monthly wage, reckoned by 21.75.
    pub statutory: i64,
    /// Monthly wage, reckoned by the month's working days (`working_days`).
    pub working: i64,
    pub working_days: i64,
    /// Day wage.
    pub daily: i64,
}

impl PaidDays {
    /// Adds one line's days: `days` attended, of them `overtime_days` on rest days or worked holidays, and
    /// `holiday_days` statutory holidays paid without attendance; `working_days` and `proration` of its sheet.
    pub fn add(&mut self, line: &LineDays) {
        match WageKind::parse(&line.wage_kind).unwrap_or(WageKind::Day) {
            WageKind::Day => self.daily += line.days,
            WageKind::Month => match Proration::parse(&line.proration).unwrap_or_default() {
                Proration::Statutory => self.statutory += line.days - line.overtime_days + line.holiday_days,
                Proration::WorkingDays => {
                    self.working += line.days - line.overtime_days;
                    self.working_days = line.working_days;
                }
            },
        }
    }

    pub fn total(&self) -> i64 {
        self.statutory + self.working + self.daily
    }
}

/// One line's days as [`PaidDays::add`] takes them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LineDays {
    pub wage_kind: String,
    pub proration: String,
    pub working_days: i64,
    pub days: i64,
    pub overtime_days: i64,
    pub holiday_days: i64,
}

/// The minimum wage in fen owed for `paid` days with the monthly minimum `monthly_fen`, and how it was
/// reached (e.g. `2100.00元 ÷ 21.75 × 11天 = 1062.07元`).
pub fn minimum_of(monthly_fen: i64, paid: &PaidDays) -> (i64, String) {
    let mut parts = Vec::new();
    let mut monthly = 0;
    if paid.statutory > 0 {
        let fen = div_half_up(monthly_fen * paid.statutory * 4, 87);
        parts.push(format!("{}元 ÷ 21.75 × {}天 = {}元", yuan(monthly_fen), paid.statutory, yuan(fen)));
        monthly += fen;
    }
    if paid.working > 0 && paid.working_days > 0 {
        let fen = div_half_up(monthly_fen * paid.working, paid.working_days);
        let text =
            format!("{}元 ÷ {}个工作日 × {}天 = {}元", yuan(monthly_fen), paid.working_days, paid.working, yuan(fen));
        parts.push(text);
        monthly += fen;
    }
    if monthly > monthly_fen {
        monthly = monthly_fen;
        parts.push(format!("月薪不超过当月最低工资{}元", yuan(monthly_fen)));
    }
    let daily = if paid.daily > 0 { div_half_up(monthly_fen * paid.daily * 4, 87) } else { 0 };
    if daily > 0 {
        parts.push(format!("日薪：{}元 ÷ 21.75 × {}天 = {}元", yuan(monthly_fen), paid.daily, yuan(daily)));
    }
    (monthly + daily, parts.join("；"))
}

/// A worker's month on the confirmed (or paid) sheets of a project: what the minimum-wage warning judges.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PaidMonth {
    pub project_id: i64,
    pub worker_id: i64,
    pub month: String,
    pub paid: PaidDays,
    /// Payable less deductions, before take-backs of days paid earlier.
    pub pay_fen: i64,
}

/// Every worker's month from `from` (`YYYY-MM`) on the sheets no longer drafts, with days paid.
pub async fn paid_months(db: &Db, from: &str) -> sqlx::Result<Vec<PaidMonth>> {
    let mut months: Vec<PaidMonth> = Vec::new();
    for row in repo::minimum::confirmed_line_days(db, from).await? {
        let same = months.last().is_some_and(|last| {
            (last.project_id, last.worker_id, last.month.as_str())
                == (row.project_id, row.worker_id, row.month.as_str())
        });
        if !same {
            months.push(PaidMonth {
                project_id: row.project_id,
                worker_id: row.worker_id,
                month: row.month.clone(),
                paid: PaidDays::default(),
                pay_fen: 0,
            });
        }
        let month = months.last_mut().expect("pushed above");
        month.paid.add(&row.days());
        month.pay_fen += row.pay_fen;
    }
    months.retain(|month| month.paid.total() > 0);
    Ok(months)
}

/// A worker paid below the minimum for the days his month's lines pay (工资核查's `below_minimum`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shortfall {
    pub days: i64,
    pub minimum_fen: i64,
    pub basis: String,
}

/// Per worker of a month's lines (of any sheet), his shortfall when his pay is below the minimum.
pub fn shortfalls(monthly_fen: i64, lines: &[repo::CheckLine]) -> HashMap<i64, Shortfall> {
    let mut months: HashMap<i64, (PaidDays, i64)> = HashMap::new();
    for line in lines {
        let month = months.entry(line.worker_id).or_default();
        month.0.add(&line.paid_days());
        month.1 += line.net_fen + line.adjustment_fen;
    }
    months
        .into_iter()
        .filter_map(|(worker, (paid, pay))| {
            let (minimum_fen, basis) = minimum_of(monthly_fen, &paid);
            (paid.total() > 0 && pay < minimum_fen)
                .then_some((worker, Shortfall { days: paid.total(), minimum_fen, basis }))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(kind: &str, proration: &str, days: i64, overtime: i64, holidays: i64) -> LineDays {
        LineDays {
            wage_kind: kind.into(),
            proration: proration.into(),
            working_days: 22,
            days,
            overtime_days: overtime,
            holiday_days: holidays,
        }
    }

    fn minimum(lines: &[LineDays]) -> (i64, String) {
        let mut paid = PaidDays::default();
        lines.iter().for_each(|line| paid.add(line));
        minimum_of(210_000, &paid)
    }

    #[test]
    fn a_part_month_owes_its_share_of_the_minimum() {
        // The sheet: a day worker paid 600.00 for 2 days, a monthly worker 3,034.48 for 11 paid days.
        assert_eq!(
            minimum(&[line("day", "statutory", 2, 0, 0)]),
            (19_310, "日薪：2100.00元 ÷ 21.75 × 2天 = 193.10元".into())
        );
        let (fen, basis) = minimum(&[line("month", "statutory", 10, 0, 1)]);
        assert_eq!((fen, basis.as_str()), (106_207, "2100.00元 ÷ 21.75 × 11天 = 1062.07元"));
    }

    #[test]
    fn a_monthly_wage_never_owes_more_than_the_monthly_minimum_and_rest_days_are_overtime() {
        let (fen, basis) = minimum(&[line("month", "statutory", 25, 2, 0)]);
        assert_eq!(fen, 210_000, "23 paid days are a full month");
        assert!(basis.ends_with("月薪不超过当月最低工资2100.00元"), "{basis}");
        let (fen, _) = minimum(&[line("month", "working_days", 11, 0, 3)]);
        assert_eq!(fen, 105_000, "the working-days rule: holidays outside, 2100 × 11 / 22");
    }

    #[test]
    fn a_day_wage_is_judged_by_the_daily_minimum_every_day() {
        assert_eq!(minimum(&[line("day", "statutory", 30, 0, 0)]).0, 289_655, "no monthly cap for day wages");
        let (fen, basis) = minimum(&[line("month", "statutory", 5, 0, 0), line("day", "statutory", 3, 0, 0)]);
        assert_eq!(fen, 48_276 + 28_966);
        assert_eq!(basis, "2100.00元 ÷ 21.75 × 5天 = 482.76元；日薪：2100.00元 ÷ 21.75 × 3天 = 289.66元");
    }
}
