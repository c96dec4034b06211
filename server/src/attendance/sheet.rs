//! The monthly attendance sheet (project/sheets), its export, and a day corrected by hand.

use serde::{Deserialize, Serialize};
use time::{Date, Month};
use utoipa::{IntoParams, ToSchema};

use super::input::*;
use super::paid::{Absence, AttendancePaidDay, PaidDays};
use super::repo::{self, SheetFilter};
use super::rule_settings::first_of_month;
use super::rules::{self, Stay};
use crate::clock;
use crate::db::{Db, Tx};
use crate::domain::Invalid;
use crate::domain::dates::parse_date;
use crate::domain::mask::masked;
use crate::domain::money::yuan;
use crate::envelope::ApiError;
use crate::extract::sent;
use crate::identity::sessions::CurrentAccount;
use crate::paging::Page;
use crate::scope::{self, ReadScope};

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct SheetQuery {
    /// `YYYY-MM`; this month when empty.
    pub month: Option<String>,
    pub unit_id: Option<String>,
    pub team_id: Option<String>,
    /// Part of the name or the ID number.
    pub keyword: Option<String>,
    pub project_id: Option<String>,
    pub page: Option<String>,
    pub limit: Option<String>,
}

/// One day of a worker on the sheet (only days with an attendance row).
#[derive(Debug, Serialize, ToSchema)]
pub struct AttendanceSheetCell {
    /// Day of the month, 1–31.
    pub day: u8,
    /// Counts for wages.
    pub attended: bool,
    /// Set by a manual correction.
    pub manual: bool,
    /// Hours of the in→out pairs of the shifts that began that day, one decimal.
    pub hours: String,
    /// Counted punches of those shifts in no pair (shown, never hours).
    pub unpaired: i64,
    /// Outside every employment line of the worker (old data): shown, never counted.
    pub outside: bool,
}

/// Days of the month (inclusive) inside one employment line of the worker.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AttendanceSheetStay {
    pub from_day: u8,
    pub to_day: u8,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AttendanceSheetRow {
    pub worker_id: i64,
    pub name: String,
    pub id_number: String,
    pub unit_name: String,
    pub team_name: String,
    pub cells: Vec<AttendanceSheetCell>,
    /// The month's days inside the worker's employment lines; only these count and can be marked attended.
    pub stays: Vec<AttendanceSheetStay>,
    /// Every line's dates, e.g. `进场 2026-11-24 起`.
    pub stays_text: String,
    /// Days that count for wages (attended and inside an employment line).
    pub attended_days: i64,
    /// Hours of the attended days, one decimal.
    pub hours: String,
}

/// The monthly attendance sheet, one row per worker, paginated by worker.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AttendanceSheet {
    pub project_id: i64,
    /// `YYYY-MM`.
    pub month: String,
    pub days_in_month: u8,
    pub list: Vec<AttendanceSheetRow>,
    /// The page's days that wage lines hold (the wage area's facts).
    pub paid_days: Vec<AttendancePaidDay>,
    pub total: i64,
    pub page: i64,
    pub limit: i64,
}

/// `YYYY-MM` (empty: this month) as its first and last day.
pub fn parse_month(text: &str) -> Result<(Date, Date), Invalid> {
    let text = text.trim();
    let first = if text.is_empty() {
        first_of_month(clock::china_today())
    } else {
        let (year, month) = text.split_once('-').ok_or(Invalid(MSG_MONTH))?;
        if year.len() != 4 || month.len() != 2 {
            return Err(Invalid(MSG_MONTH));
        }
        let year: i32 = year.parse().map_err(|_| Invalid(MSG_MONTH))?;
        let month =
            Month::try_from(month.parse::<u8>().map_err(|_| Invalid(MSG_MONTH))?).map_err(|_| Invalid(MSG_MONTH))?;
        if !(2000..=2099).contains(&year) {
            return Err(Invalid(MSG_MONTH));
        }
        Date::from_calendar_date(year, month, 1).map_err(|_| Invalid(MSG_MONTH))?
    };
    let last = first.replace_day(first.month().length(first.year())).unwrap_or(first);
    Ok((first, last))
}

struct SheetRequest {
    filter: SheetFilter,
    first: Date,
    last: Date,
}

fn sheet_request(scope: ReadScope, query: &SheetQuery) -> Result<SheetRequest, ApiError> {
    let project_id = one_project(scope)?;
    let (first, last) = parse_month(sent(&query.month))?;
    let filter = SheetFilter {
        project_id,
        first_day: first.to_string(),
        last_day: last.to_string(),
        unit_id: optional_id(&query.unit_id)?,
        team_id: optional_id(&query.team_id)?,
        keyword: keyword(&query.keyword)?,
    };
    Ok(SheetRequest { filter, first, last })
}

/// The days of the month `first..=last` inside a line, as days of the month; None when it misses the month.
pub(super) fn stay_in_month(stay: &Stay, first: Date, last: Date) -> Option<AttendanceSheetStay> {
    let (first_text, last_text) = (first.to_string(), last.to_string());
    let from = stay.entry_date.as_str().max(first_text.as_str()).to_owned();
    let to = if stay.exit_date.is_empty() {
        last_text.clone()
    } else {
        stay.exit_date.as_str().min(last_text.as_str()).to_owned()
    };
    if from > to {
        return None;
    }
    let day_of = |text: &str| text.get(8..10).and_then(|dd| dd.parse().ok()).unwrap_or(0);
    Some(AttendanceSheetStay { from_day: day_of(&from), to_day: day_of(&to) })
}

async fn sheet_rows(
    db: &Db,
    request: &SheetRequest,
    workers: Vec<repo::SheetWorker>,
) -> Result<Vec<AttendanceSheetRow>, ApiError> {
    let ids: Vec<i64> = workers.iter().map(|worker| worker.worker_id).collect();
    let days =
        repo::sheet_days(db, request.filter.project_id, &request.filter.first_day, &request.filter.last_day, &ids)
            .await?;
    let stays = repo::stays(db, request.filter.project_id, &ids).await?;
    Ok(workers
        .into_iter()
        .map(|worker| {
            let lines: Vec<Stay> =
                stays.iter().filter(|(id, _)| *id == worker.worker_id).map(|(_, stay)| stay.clone()).collect();
            let mine: Vec<&repo::SheetDay> = days.iter().filter(|day| day.worker_id == worker.worker_id).collect();
            let counted: Vec<&&repo::SheetDay> =
                mine.iter().filter(|day| day.attended && rules::inside_any(&lines, &day.day)).collect();
            let minutes: i64 = counted.iter().map(|day| day.minutes).sum();
            AttendanceSheetRow {
                worker_id: worker.worker_id,
                name: worker.name,
                id_number: worker.id_number,
                unit_name: worker.unit_name,
                team_name: worker.team_name,
                attended_days: counted.len() as i64,
                hours: rules::hours_text(minutes),
                cells: mine
                    .iter()
                    .map(|day| AttendanceSheetCell {
                        day: day.day.get(8..10).and_then(|dd| dd.parse().ok()).unwrap_or(0),
                        attended: day.attended,
                        manual: day.manual,
                        hours: rules::hours_text(day.minutes),
                        unpaired: day.unpaired,
                        outside: !rules::inside_any(&lines, &day.day),
                    })
                    .collect(),
                stays: lines.iter().filter_map(|stay| stay_in_month(stay, request.first, request.last)).collect(),
                stays_text: rules::stays_text(&lines),
            }
        })
        .collect())
}

/// The sheet's page with the days of its workers that wage lines hold (`paid` answers those).
pub async fn sheet(
    db: &Db,
    paid: &dyn PaidDays,
    current: &CurrentAccount,
    query: &SheetQuery,
) -> Result<AttendanceSheet, ApiError> {
    let request = sheet_request(scope::read(db, current, &query.project_id).await?, query)?;
    let page = Page::parse(&query.page, &query.limit)?;
    let (workers, total) = repo::sheet_workers(db, &request.filter, page.limit, page.offset()).await?;
    // The screen masks the ID numbers; the export (below) keeps them in full.
    let list: Vec<AttendanceSheetRow> = sheet_rows(db, &request, workers)
        .await?
        .into_iter()
        .map(|row| AttendanceSheetRow { id_number: masked(&row.id_number), ..row })
        .collect();
    let ids: Vec<i64> = list.iter().map(|row| row.worker_id).collect();
    let (project_id, first, last) = (request.filter.project_id, &request.filter.first_day, &request.filter.last_day);
    let paid_days = paid.paid_days(db, project_id, &ids, first, last).await?;
    Ok(AttendanceSheet {
        project_id,
        month: format!("{:04}-{:02}", request.first.year(), request.first.month() as u8),
        days_in_month: request.last.day(),
        list,
        paid_days,
        total,
        page: page.page,
        limit: page.limit,
    })
}

/// Workers an export writes at most.
pub const EXPORT_MAX: i64 = 20_000;

/// What the sheet's export writes: the month (`YYYY-MM`), its number of days and the rows, ID numbers in
/// full.
pub struct SheetExport {
    pub month: String,
    pub days: u8,
    pub rows: Vec<AttendanceSheetRow>,
}

pub async fn export_sheet(db: &Db, current: &CurrentAccount, query: &SheetQuery) -> Result<SheetExport, ApiError> {
    let request = sheet_request(scope::read(db, current, &query.project_id).await?, query)?;
    let (workers, _) = repo::sheet_workers(db, &request.filter, EXPORT_MAX, 0).await?;
    let rows = sheet_rows(db, &request, workers).await?;
    let month = format!("{:04}-{:02}", request.first.year(), request.first.month() as u8);
    Ok(SheetExport { month, days: request.last.day(), rows })
}

/// `Sheet/correct`'s form.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CorrectionForm {
    pub worker_id: Option<String>,
    /// `YYYY-MM-DD`, today or earlier.
    pub day: Option<String>,
    /// `1` attended, `0` absent.
    pub attended: Option<String>,
    /// 2–100 characters; kept with the correction and in the operation log.
    pub reason: Option<String>,
    /// `1`: the clerk confirmed (after the 301) that a paid day's pay is taken back on the next sheet.
    pub confirmed: Option<String>,
}

/// Corrects one worker's day; `paid` answers what that does to the day's pay (a paid day's take-back is
/// recorded in the correction's transaction).
pub async fn correct(
    db: &Db,
    paid: &dyn PaidDays,
    current: &CurrentAccount,
    ip: &str,
    form: &CorrectionForm,
) -> Result<(), ApiError> {
    let project_id = scope::write(current)?;
    let worker = sent(&form.worker_id);
    if worker.is_empty() {
        return Err(Invalid(MSG_WORKER_REQUIRED).into());
    }
    let missing = || ApiError::NotFound(MSG_WORKER_NOT_FOUND.into());
    let worker_id: i64 = worker.parse().map_err(|_| missing())?;
    let day = parse_date(sent(&form.day)).map_err(|_| Invalid(MSG_DAY))?.ok_or(Invalid(MSG_DAY))?;
    if day > clock::china_today() {
        return Err(Invalid(MSG_FUTURE_DAY).into());
    }
    let attended = match sent(&form.attended) {
        "1" => true,
        "0" => false,
        _ => return Err(Invalid(MSG_ATTENDED).into()),
    };
    let reason = sent(&form.reason).to_owned();
    if !(2..=100).contains(&reason.chars().count()) {
        return Err(Invalid(MSG_REASON).into());
    }
    let name = repo::roster_worker(db, project_id, worker_id).await?.ok_or_else(missing)?;
    let day_text = day.to_string();
    // Marking a day absent only takes pay away, so it stays allowed anywhere (it cleans up old data too).
    let mut take_back = None;
    if attended {
        let stays: Vec<Stay> =
            repo::stays(db, project_id, &[worker_id]).await?.into_iter().map(|(_, stay)| stay).collect();
        if !rules::inside_any(&stays, &day_text) {
            return Err(ApiError::refused(rules::msg_outside(&day_text, &stays, "补记出勤")));
        }
        paid.refuse_attending_taken_back(db, project_id, worker_id, &day_text).await?;
    } else {
        // A day on a confirmed sheet becomes absent with its pay taken back on the worker's next sheet, once
        // the clerk has confirmed (issue 11 item 2), so that every count of attended days follows (issue 28).
        let confirmed = sent(&form.confirmed) == "1";
        let reason = format!("{name}：{reason}");
        if let Absence::TakeBack(back) = paid.absence(db, project_id, worker_id, day, &reason, confirmed).await? {
            take_back = Some(back);
        }
    }
    let taken = take_back
        .as_ref()
        .map_or(String::new(), |back| format!("（该日已计发，工资{}元在下一张工资表扣回）", yuan(back.amount_fen)));
    let detail = format!("{name} {day_text} 修正为{}，原因：{reason}{taken}", if attended { "出勤" } else { "缺勤" });
    let correction = repo::Correction {
        project_id,
        worker_id,
        day: &day_text,
        attended,
        reason: &reason,
        account_id: current.account.id,
        account_name: &current.account.name,
        now: clock::now(),
    };
    let entry = logged_by(current, ip)
        .action("修正考勤")
        .on("attendance_day", format!("{worker_id}:{day_text}"))
        .detail(detail);
    let mut tx = Tx::begin(db).await?;
    if let Some(back) = &take_back {
        paid.record_take_back(&mut tx, back, current, ip).await?;
    }
    repo::correct_day_in(&mut tx, &correction, &entry).await?;
    tx.commit().await?;
    Ok(())
}
