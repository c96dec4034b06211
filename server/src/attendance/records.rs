//! Punch records (user/attendance): the list and a punch's photo; their import is `import.rs`.

use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::devices::direction_label;
use super::input::*;
use super::repo::{self, RecordFilter, RecordRow};
use crate::clock;
use crate::db::Db;
use crate::domain::Invalid;
use crate::domain::dates::parse_date;
use crate::domain::mask::masked;
use crate::envelope::ApiError;
use crate::extract::sent;
use crate::identity::sessions::CurrentAccount;
use crate::paging::{Page, Paged};
use crate::scope::{self};

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct RecordQuery {
    /// Part of the name or the ID number.
    pub keyword: Option<String>,
    pub unit_id: Option<String>,
    pub team_id: Option<String>,
    /// `YYYY-MM-DD`, inclusive.
    pub start_date: Option<String>,
    /// `YYYY-MM-DD`, inclusive.
    pub end_date: Option<String>,
    /// `device`, `import` or `manual` (corrections); empty for all.
    pub source: Option<String>,
    /// One worker (the monthly sheet's day detail).
    pub worker_id: Option<String>,
    /// `YYYY-MM-DD`: the punches of the shifts begun that day, and that day's corrections.
    pub shift_day: Option<String>,
    pub project_id: Option<String>,
    pub page: Option<String>,
    pub limit: Option<String>,
}

/// One punch, or one manual correction (source `manual`).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AttendancePunchRecord {
    pub id: i64,
    pub project_id: i64,
    /// The project's name: the regulator's list without a project in view spans projects.
    pub project_name: String,
    /// `device`, `import` or `manual`.
    pub source: String,
    /// 设备 / 导入 / 手工修正.
    pub source_label: String,
    pub worker_id: i64,
    pub name: String,
    pub id_number: String,
    pub unit_name: String,
    pub team_name: String,
    /// The punch time; for a correction, when it was made.
    pub time: String,
    /// The punch's calendar day (China time); for a correction, the day corrected (`YYYY-MM-DD`).
    pub day: String,
    /// The day the punch's shift began, which it counts for (`YYYY-MM-DD`); '' when the punch does not
    /// count (its direction is not counted) and for a correction.
    pub shift_day: String,
    /// A counted punch in no in→out pair: shown, never hours (未配对，不计工时).
    pub unpaired: bool,
    /// `in` / `out`; a correction: `attended` / `absent`.
    pub direction: String,
    pub direction_label: String,
    pub device_name: String,
    /// A correction's reason.
    pub note: String,
    /// The terminal sent a photo (`Record/photo?id=`).
    pub has_photo: bool,
    /// The day lies outside every employment line of the worker on the project: kept, never counted
    /// (不在场期间，不计出勤).
    pub outside_employment: bool,
}

/// A punch as the record list shows it: the ID number masked (decisions "Privacy: one masking rule").
fn record_line(row: RecordRow) -> AttendancePunchRecord {
    let label = match row.source.as_str() {
        "device" => "设备",
        "import" => "导入",
        _ => "手工修正",
    };
    let device_name = if row.source == "device" && row.device_name.is_empty() {
        "已删除的设备".to_owned()
    } else {
        row.device_name
    };
    AttendancePunchRecord {
        id: row.id,
        project_id: row.project_id,
        project_name: row.project_name,
        source_label: label.into(),
        source: row.source,
        worker_id: row.worker_id,
        name: row.name,
        id_number: masked(&row.id_number),
        unit_name: row.unit_name,
        team_name: row.team_name,
        time: clock::china_datetime(row.at),
        day: row.day,
        unpaired: !row.shift_day.is_empty() && !row.paired,
        shift_day: row.shift_day,
        direction_label: direction_label(&row.direction).into(),
        direction: row.direction,
        device_name,
        note: row.note,
        has_photo: !row.photo.is_empty(),
        outside_employment: row.outside_employment,
    }
}

fn optional_day(text: &Option<String>, message: &'static str) -> Result<String, Invalid> {
    match parse_date(sent(text)) {
        Ok(Some(day)) => Ok(day.to_string()),
        Ok(None) => Ok(String::new()),
        Err(_) => Err(Invalid(message)),
    }
}

pub async fn records(
    db: &Db,
    current: &CurrentAccount,
    query: &RecordQuery,
) -> Result<Paged<AttendancePunchRecord>, ApiError> {
    let scope = scope::read(db, current, &query.project_id).await?;
    let source = sent(&query.source).to_owned();
    if !matches!(source.as_str(), "" | "device" | "import" | "manual") {
        return Err(Invalid(MSG_SOURCE).into());
    }
    let from_day = optional_day(&query.start_date, MSG_START)?;
    let to_day = optional_day(&query.end_date, MSG_END)?;
    if !from_day.is_empty() && !to_day.is_empty() && from_day > to_day {
        return Err(Invalid(MSG_RANGE).into());
    }
    let page = Page::parse(&query.page, &query.limit)?;
    let filter = RecordFilter {
        project_id: scope.filter(),
        keyword: keyword(&query.keyword)?,
        unit_id: optional_id(&query.unit_id)?,
        team_id: optional_id(&query.team_id)?,
        from_day,
        to_day,
        source,
        worker_id: optional_id(&query.worker_id).map_err(|_| Invalid(MSG_FILTER_WORKER))?,
        shift_day: optional_day(&query.shift_day, MSG_SHIFT_DAY)?,
    };
    let (rows, total) = repo::records(db, &filter, page.limit, page.offset()).await?;
    Ok(page.answer(rows.into_iter().map(record_line).collect(), total))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct PhotoQuery {
    pub id: Option<String>,
    pub project_id: Option<String>,
}

/// The stored name of a punch's photo, inside the caller's scope.
pub async fn photo(db: &Db, current: &CurrentAccount, query: &PhotoQuery) -> Result<String, ApiError> {
    let scope = scope::read(db, current, &query.project_id).await?;
    let missing = || ApiError::NotFound("照片不存在".into());
    let id: i64 = sent(&query.id).parse().map_err(|_| missing())?;
    repo::punch_photo(db, scope.filter(), id).await?.ok_or_else(missing)
}
