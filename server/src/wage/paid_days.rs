//! Which sheet paid each day, for the attendance sheet (issue 28, "every day traceable"): every day a line
//! holds in `wage_line_days`, with its sheet and, for a paid day corrected to absent, the take-back and the
//! sheet of the line taking it back. Answered in attendance's shapes, through attendance's `PaidDays` port
//! (`ports.rs`): this area reads attendance, attendance never names this area.

use super::money::yuan;
use super::repo::paid_days::{self, PaidDayRow};
use super::service::sheet_status_label;
use crate::attendance::paid::{AttendancePaidDay, AttendanceTakeBack};
use crate::db::Db;
use crate::envelope::ApiError;

fn sheet_label(month: &str, name: &str, seq: i64) -> String {
    let kind = if seq <= 1 { "工资表".to_owned() } else { format!("补充工资表（第{seq}张）") };
    format!("{month} {name} {kind}")
}

fn paid_day(row: PaidDayRow) -> AttendancePaidDay {
    let taken_back = row.taken_back_fen.map(|fen| AttendanceTakeBack {
        amount: yuan(fen),
        reason: row.taken_back_reason.clone().unwrap_or_default(),
        sheet_id: row.back_sheet_id.unwrap_or(0),
        sheet_label: match (&row.back_month, &row.back_sheet_name, row.back_seq) {
            (Some(month), Some(name), Some(seq)) => sheet_label(month, name, seq),
            _ => String::new(),
        },
    });
    AttendancePaidDay {
        worker_id: row.worker_id,
        day: row.day.get(8..10).and_then(|dd| dd.parse().ok()).unwrap_or(0),
        attended: row.attended,
        sheet_id: row.sheet_id,
        sheet_label: sheet_label(&row.month, &row.sheet_name, row.seq),
        sheet_status_label: sheet_status_label(&row.status).to_owned(),
        sheet_status: row.status,
        taken_back,
    }
}

/// The days from `first` to `last` (`YYYY-MM-DD`) of the project's `workers` that wage lines hold, by worker
/// and day. The caller has checked who may read the project.
pub async fn paid_days(
    db: &Db,
    project_id: i64,
    workers: &[i64],
    first: &str,
    last: &str,
) -> Result<Vec<AttendancePaidDay>, ApiError> {
    Ok(paid_days::paid_days(db, project_id, workers, first, last).await?.into_iter().map(paid_day).collect())
}
