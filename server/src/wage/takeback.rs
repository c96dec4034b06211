//! A paid day corrected to absent (issue 11 item 2, issue 28 finding 6). A day on a confirmed (or paid)
//! sheet becomes absent only once the clerk has confirmed (301) that its pay is taken back on the worker's
//! next sheet; attendance then records the day absent and this area the take-back, in one transaction
//! (`attendance::service::correct`), so that every count of attended days agrees with what was paid.
//! Attendance asks through its `PaidDays` port (answered in `ports.rs`) and owns the shapes
//! ([`Absence`], [`TakeBack`]).

use std::collections::HashSet;

use time::Date;

use super::money::yuan;
use super::plan;
use super::repo::{self, paid_days::NewAdjustment};
use super::service::{MSG_ADJUSTED, actor, month_span, plan_inputs};
use crate::attendance::paid::{Absence, TakeBack};
use crate::db::{Db, Tx};
use crate::envelope::ApiError;
use crate::identity::sessions::CurrentAccount;

pub const MSG_TAKEN_BACK: &str = "该日工资已扣回，不能再改为出勤";

/// A day on a confirmed (or paid) sheet becomes absent only with the clerk's confirmation (301 names the
/// sheet and the amount); confirmed, the day's pay becomes a take-back with the correction's reason. A day
/// taken back already is refused.
pub async fn absence(
    db: &Db,
    project_id: i64,
    worker_id: i64,
    day: Date,
    reason: &str,
    confirmed: bool,
) -> Result<Absence, ApiError> {
    let day_text = day.to_string();
    let Some((line_id, status, month, seq)) = repo::day_line(db, project_id, worker_id, &day_text).await? else {
        return Ok(Absence::Correct);
    };
    if status == "draft" {
        return Ok(Absence::Correct);
    }
    if repo::paid_days::taken_back(db, project_id, worker_id, &day_text).await? {
        return Err(ApiError::refused(MSG_ADJUSTED));
    }
    let span = month_span(&month)?;
    let inputs = plan_inputs(db, project_id, &span, 0).await?;
    let claimed: HashSet<Date> =
        inputs.claimed.iter().filter(|(worker, _)| *worker == worker_id).map(|(_, day)| *day).collect();
    let (_, mut paid) = super::rates::month_levels(db, project_id, &span, 0, true).await?;
    let paid = paid.remove(&worker_id).unwrap_or_default();
    let amount = plan::day_value(&inputs, worker_id, day, &claimed, &paid);
    let sheet =
        if seq == 1 { format!("{month} 工资表") } else { format!("{month} 补充工资表（第{seq}张）") };
    if !confirmed {
        return Err(ApiError::NeedsConfirmation(format!(
            "{day_text} 已计入已确认的{sheet}；确认后该日改为缺勤，该日工资{}元将在该工人的下一张工资表中扣回",
            yuan(amount)
        )));
    }
    let detail =
        format!("工人 {worker_id} {day_text}（{sheet}）改为缺勤，下一张工资表扣回 {} 元，原因：{reason}", yuan(amount));
    Ok(Absence::TakeBack(TakeBack {
        project_id,
        worker_id,
        day: day_text,
        paid_line_id: line_id,
        amount_fen: amount,
        reason: reason.to_owned(),
        detail,
    }))
}

/// Records `take_back` and its log line inside `tx`; refused when the day was taken back meanwhile.
pub async fn record_take_back(
    tx: &mut Tx,
    take_back: &TakeBack,
    current: &CurrentAccount,
    ip: &str,
) -> Result<(), ApiError> {
    let adjustment = NewAdjustment {
        project_id: take_back.project_id,
        worker_id: take_back.worker_id,
        day: &take_back.day,
        paid_line_id: take_back.paid_line_id,
        amount_fen: take_back.amount_fen,
        reason: &take_back.reason,
    };
    if !repo::paid_days::add_adjustment_in(tx, &adjustment, take_back.detail.clone(), &actor(current, ip)).await? {
        return Err(ApiError::refused(MSG_ADJUSTED));
    }
    Ok(())
}

/// A day whose pay was taken back stays absent: marking it attended again would leave the worker's day
/// worked and unpaid, since its line still holds it.
pub async fn refuse_attending_taken_back(db: &Db, project_id: i64, worker_id: i64, day: &str) -> Result<(), ApiError> {
    if repo::paid_days::taken_back(db, project_id, worker_id, day).await? {
        return Err(ApiError::refused(MSG_TAKEN_BACK));
    }
    Ok(())
}
