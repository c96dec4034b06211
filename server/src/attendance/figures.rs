//! What other areas read of attendance: a worker's month for the approver, the last and attended days for
//! the warnings, the workbench, the data screen, the reports, the export and the worker-platform feed.

use serde::Serialize;
use utoipa::ToSchema;

use super::input::*;
use super::repo::{self};
use super::rules::{self, Stay};
use super::sheet::{AttendanceSheetStay, parse_month, stay_in_month};
use crate::db::Db;
use crate::envelope::ApiError;

/// One day of a worker's month as another area shows it read-only (the approver's view of a wage line).
#[derive(Debug, Serialize, ToSchema)]
pub struct AttendanceWorkerDay {
    /// Day of the month, 1–31.
    pub day: u8,
    /// Counts for wages (attended and inside an employment line).
    pub attended: bool,
    /// Set by a manual correction.
    pub manual: bool,
    pub hours: String,
    /// Counted punches of the day.
    pub punches: i64,
    /// Outside every employment line of the worker: shown, never counted.
    pub outside: bool,
}

/// A worker's attendance in one month of a project, read-only.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AttendanceWorkerMonth {
    pub worker_id: i64,
    pub name: String,
    /// `YYYY-MM`.
    pub month: String,
    pub days_in_month: u8,
    /// Only days with an attendance row.
    pub days: Vec<AttendanceWorkerDay>,
    pub stays: Vec<AttendanceSheetStay>,
    pub stays_text: String,
    pub attended_days: i64,
    pub hours: String,
}

/// The worker's days of `month` on the project, counted as the monthly sheet counts them. The caller has
/// checked who may read them.
pub async fn worker_month(
    db: &Db,
    project_id: i64,
    worker_id: i64,
    month: &str,
) -> Result<AttendanceWorkerMonth, ApiError> {
    let (first, last) = parse_month(month)?;
    let name = repo::roster_worker(db, project_id, worker_id)
        .await?
        .ok_or_else(|| ApiError::NotFound(MSG_WORKER_NOT_FOUND.into()))?;
    let days = repo::sheet_days(db, project_id, &first.to_string(), &last.to_string(), &[worker_id]).await?;
    let stays: Vec<Stay> = repo::stays(db, project_id, &[worker_id]).await?.into_iter().map(|(_, stay)| stay).collect();
    let counts = |day: &repo::SheetDay| day.attended && rules::inside_any(&stays, &day.day);
    let minutes: i64 = days.iter().filter(|day| counts(day)).map(|day| day.minutes).sum();
    let days: Vec<AttendanceWorkerDay> = days
        .into_iter()
        .map(|day| {
            let outside = !rules::inside_any(&stays, &day.day);
            AttendanceWorkerDay {
                day: day.day.get(8..10).and_then(|dd| dd.parse().ok()).unwrap_or(0),
                attended: day.attended && !outside,
                manual: day.manual,
                hours: rules::hours_text(day.minutes),
                punches: day.punches,
                outside,
            }
        })
        .collect();
    Ok(AttendanceWorkerMonth {
        worker_id,
        name,
        month: format!("{:04}-{:02}", first.year(), first.month() as u8),
        days_in_month: last.day(),
        attended_days: days.iter().filter(|day| day.attended).count() as i64,
        hours: rules::hours_text(minutes),
        stays: stays.iter().filter_map(|stay| stay_in_month(stay, first, last)).collect(),
        stays_text: rules::stays_text(&stays),
        days,
    })
}

/// The last day with a punch per project, for the projects `ids` (projects without any are left out).
pub async fn last_days(db: &Db, ids: &[i64]) -> sqlx::Result<Vec<(i64, String)>> {
    repo::last_days(db, ids).await
}

/// For the early warnings: (project, last day with a punch).
pub async fn last_punch_days(db: &Db) -> sqlx::Result<Vec<(i64, String)>> {
    repo::last_punch_days(db).await
}

/// For the early warnings: (project, `YYYY-MM`) of the months from `from` up to `before` (`YYYY-MM`, exclusive)
/// in which someone attended.
pub async fn attended_months(db: &Db, from: &str, before: &str) -> sqlx::Result<Vec<(i64, String)>> {
    repo::attended_months(db, &format!("{from}-01"), &format!("{before}-01")).await
}

/// For the early warnings: (project, day, persons, punches) of the days from `from` (`YYYY-MM-DD`) on which a
/// device sent punches of persons still on no roster of the project.
pub async fn unknown_punch_days(db: &Db, from: &str) -> sqlx::Result<Vec<(i64, String, i64, i64)>> {
    repo::unknown_punch_days(db, from).await
}

/// The attendance part of a project's export (`backup`): the punches, and the days the monthly sheets count.
pub async fn export_tables(db: &Db, project_id: i64) -> sqlx::Result<Vec<crate::spreadsheet::Table>> {
    use crate::spreadsheet::Table;
    Ok(vec![
        Table::new("打卡记录.xlsx", "打卡记录", repo::export_punches(db, project_id).await?, &[]),
        Table::new("考勤日表.xlsx", "考勤日表（考勤月表按此统计）", repo::export_days(db, project_id).await?, &[]),
    ])
}

/// Workers who attended per day of projects `ids` from `from` to `to` (`YYYY-MM-DD`, inclusive), as the
/// attendance sheet marks them; days without anyone are left out. The workbench's and the data screen's 今日出勤
/// and 30-day trend.
pub async fn attended_by_day(db: &Db, ids: &[i64], from: &str, to: &str) -> sqlx::Result<Vec<(String, i64)>> {
    repo::attended_by_day(db, ids, from, to).await
}

/// Workers who attended on `day` at projects `ids`.
pub async fn attended_on(db: &Db, ids: &[i64], day: &str) -> sqlx::Result<i64> {
    Ok(repo::attended_by_day(db, ids, day, day).await?.into_iter().map(|(_, count)| count).sum())
}

pub use super::repo::LatestPunchRow;

/// The latest `limit` punches of projects `ids` since `since` (unix seconds), newest first, unmasked: the
/// caller masks what it shows.
pub async fn latest_punches(db: &Db, ids: &[i64], since: i64, limit: i64) -> sqlx::Result<Vec<LatestPunchRow>> {
    repo::latest_punches(db, ids, since, limit).await
}

/// What the reports read of attendance (issue 16), over the cohort's stays; days `YYYY-MM-DD`, inclusive.
pub mod for_reports {
    use super::repo;
    use crate::db::Db;
    use crate::db::cohort::Cohort;
    use crate::db::packed::{number, unpacked};

    /// One worker's attended days of one month on one project: bit d-1 set for day d.
    #[derive(Clone, Debug, PartialEq, Eq)]
    pub struct AttendedMonth {
        pub project_id: i64,
        pub worker_id: i64,
        /// `YYYY-MM`.
        pub month: String,
        pub days: i64,
    }

    impl AttendedMonth {
        /// Whether day `day` (1–31) of the month was attended.
        pub fn attended(&self, day: u32) -> bool {
            (1..=31).contains(&day) && self.days & (1 << (day - 1)) != 0
        }

        /// Attended days from day `from` to day `to` of the month (both included, 1–31).
        pub fn count_between(&self, from: u32, to: u32) -> i64 {
            if from > to || from == 0 || to > 31 {
                return 0;
            }
            let span = ((1i64 << to) - 1) & !((1i64 << (from - 1)) - 1);
            i64::from((self.days & span).count_ones())
        }
    }

    /// The attended days of the cohort's projects in the months `first`..`last` (`YYYY-MM`), one row per
    /// project, worker and month; the caller narrows them to the cohort's stays.
    pub async fn attended_months(
        db: &Db,
        cohort: &Cohort,
        first: &str,
        last: &str,
    ) -> sqlx::Result<Vec<AttendedMonth>> {
        let mut months = Vec::new();
        for (project_id, month, packed) in repo::attended_day_bits(db, cohort, first, last).await? {
            months.extend(unpacked(&packed).map(|fields| AttendedMonth {
                project_id,
                worker_id: number(fields.first()),
                month: month.clone(),
                days: number(fields.get(1)),
            }));
        }
        Ok(months)
    }

    /// (project, ID number, day) the people `id_numbers` punched on the `projects`.
    pub async fn presence_days(
        db: &Db,
        projects: &[i64],
        id_numbers: &[String],
        first: &str,
        last: &str,
    ) -> sqlx::Result<Vec<(i64, String, String)>> {
        repo::presence_days(db, projects, id_numbers, first, last).await
    }
}

/// For the worker-platform feed: (day, worker) of the project's attended days from `first` to `last`.
pub async fn attended_people(db: &Db, project_id: i64, first: &str, last: &str) -> sqlx::Result<Vec<(String, i64)>> {
    repo::attended_people(db, project_id, first, last).await
}
