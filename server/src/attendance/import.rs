//! The punch import: the template, and a workbook's rows checked against the roster and ingested. The
//! workbook itself is read and written in `xlsx.rs`.

use serde::Serialize;
use time::Duration;
use utoipa::ToSchema;

use super::ingest::{self, Batch, NewPunch, Source};
use super::repo;
use super::rules::{self, Direction, Stay};
use super::service::logged_by;
use super::xlsx;
use crate::clock;
use crate::db::Db;
use crate::domain::id_number::IdNumber;
use crate::envelope::ApiError;
use crate::identity::sessions::CurrentAccount;
use crate::oplog;
use crate::scope;

/// The import's answer: good rows saved, bad rows by their row number.
#[derive(Debug, Serialize, ToSchema)]
pub struct AttendanceImportResult {
    /// Data rows read.
    pub total: usize,
    /// New punches saved.
    pub inserted: usize,
    /// Good rows already stored before.
    pub duplicates: usize,
    pub errors: Vec<AttendanceImportError>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct AttendanceImportError {
    /// The Excel row number.
    pub row: usize,
    pub reason: String,
}

pub fn template(current: &CurrentAccount) -> Result<Vec<u8>, ApiError> {
    scope::write(current)?;
    Ok(xlsx::template()?)
}

pub async fn import(
    db: &Db,
    current: &CurrentAccount,
    ip: &str,
    bytes: &[u8],
) -> Result<AttendanceImportResult, ApiError> {
    let project_id = scope::write(current)?;
    let rows = xlsx::read_rows(bytes).await.map_err(ApiError::refused)?;
    let id_numbers: Vec<String> =
        rows.iter().filter_map(|row| IdNumber::parse(&row.id_number).ok().map(|id| id.as_str().to_owned())).collect();
    let known = repo::roster_workers(db, project_id, &id_numbers).await?;
    let known_ids: Vec<i64> = known.iter().map(|(_, id, _)| *id).collect();
    let stays = repo::stays(db, project_id, &known_ids).await?;
    let now = clock::now();
    let mut errors = Vec::new();
    let mut punches = Vec::new();
    for row in &rows {
        match check_import_row(row, &known, &stays, now) {
            Ok(punch) => punches.push(punch),
            Err(reason) => errors.push(AttendanceImportError { row: row.number, reason }),
        }
    }
    let batch = Batch { project_id, source: Source::Import, device_id: 0, nonce: None };
    let ingested = ingest::ingest(db, &batch, &punches).await.map_err(|error| match error {
        ingest::IngestError::Database(error) => ApiError::from(error),
        ingest::IngestError::Replayed => ApiError::Internal(anyhow::anyhow!("an import has no signature to replay")),
    })?;
    let detail = format!(
        "导入考勤 {} 行：新增 {} 条，重复 {} 条，错误 {} 行",
        rows.len(),
        ingested.inserted,
        ingested.duplicates,
        errors.len()
    );
    oplog::record(db, logged_by(current, ip).action("导入考勤").on("punches", project_id).detail(detail)).await?;
    Ok(AttendanceImportResult {
        total: rows.len(),
        inserted: ingested.inserted,
        duplicates: ingested.duplicates,
        errors,
    })
}

pub const MSG_ROW_ID: &str = "身份证号码不正确";
pub const MSG_ROW_NOT_ON_ROSTER: &str = "该人员不在本项目花名册中";
pub const MSG_ROW_NAME: &str = "姓名与身份证号不符";
pub const MSG_ROW_FUTURE: &str = "打卡时间不能晚于当前时间";
pub const MSG_ROW_DIRECTION: &str = "方向应为进或出";

/// A good row as a punch, or the reason it is refused. A punch outside every employment line of the worker
/// is refused here (the clerk can fix the workbook); a device's is kept but not counted (ingest.rs). A punch
/// the day after a line's last day may end a night shift begun inside it, so it is taken.
fn check_import_row(
    row: &xlsx::PunchRow,
    known: &[(String, i64, String)],
    stays: &[(i64, Stay)],
    now: i64,
) -> Result<NewPunch, String> {
    let id = IdNumber::parse(&row.id_number).map_err(|_| MSG_ROW_ID)?;
    let (_, worker_id, name) =
        known.iter().find(|(number, _, _)| number == id.as_str()).ok_or(MSG_ROW_NOT_ON_ROSTER)?;
    if !row.name.is_empty() && row.name != *name {
        return Err(MSG_ROW_NAME.into());
    }
    let punched_at = rules::parse_china_time(&row.time).map_err(|invalid| invalid.0)?;
    if punched_at > now {
        return Err(MSG_ROW_FUTURE.into());
    }
    let direction = Direction::parse(&row.direction).ok_or(MSG_ROW_DIRECTION)?;
    let day = rules::china_day(punched_at);
    let mine: Vec<Stay> =
        stays.iter().filter(|(worker, _)| worker == worker_id).map(|(_, stay)| stay.clone()).collect();
    let day_before = (day - Duration::days(1)).to_string();
    let day = day.to_string();
    if !rules::inside_any(&mine, &day) && !rules::inside_any(&mine, &day_before) {
        return Err(rules::msg_outside(&day, &mine, "导入打卡"));
    }
    Ok(NewPunch { worker_id: *worker_id, punched_at, direction, photo: String::new() })
}
