//! Each worker's confirmation of his wage line (issue 31; 人社部发〔2021〕53号: the sheet signed by the worker).
//! Confirming a sheet asks every worker on it (an SMS each, after the commit); the worker confirms or
//! disputes on his own pages (`own.rs`); the clerk answers a dispute (logged). The clerk's sheet, the
//! approver's basis and the order show each line's word and the counts. An order cannot be submitted or
//! approved while a dispute on it is unanswered, and where the project requires it (`confirmationRequired`,
//! default off: docs/decisions.md) not before every worker on it has confirmed.

use std::collections::HashMap;
use std::sync::Arc;

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::input::{actor, positive_id, text};
use super::money::yuan;
use super::repo::{self, ConfirmationRow};
use crate::auth::sms::{self, SmsGateway};
use crate::clock;
use crate::db::{Db, Tx};
use crate::envelope::ApiError;
use crate::extract::plain_text;
use crate::identity::sessions::CurrentAccount;
use crate::oplog;
use crate::scope;

pub const MSG_NO_LINE: &str = "未找到该工资记录";
pub const MSG_NO_OPEN_DISPUTE: &str = "该工资没有待答复的异议";
pub const MSG_ANSWER_LENGTH: &str = "请填写答复内容（2-200字）";

/// A worker's word on his line.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WorkerConfirmation {
    /// `none` (not asked: the sheet is a draft or older than the confirmations), `pending`, `confirmed`, `disputed`.
    pub status: String,
    pub status_label: String,
    /// When he confirmed or disputed (`YYYY-MM-DD HH:MM:SS`, '' before).
    pub decided_at: String,
    /// `days`, `rate`, `deduction`, `not_received` ('' without a dispute) and its label.
    pub dispute_reason: String,
    pub dispute_reason_label: String,
    pub dispute_text: String,
    /// The clerk's answer to the dispute and when ('' before).
    pub answer: String,
    pub answered_at: String,
}

impl Default for WorkerConfirmation {
    fn default() -> Self {
        WorkerConfirmation {
            status: "none".into(),
            status_label: "未征询".into(),
            decided_at: String::new(),
            dispute_reason: String::new(),
            dispute_reason_label: String::new(),
            dispute_text: String::new(),
            answer: String::new(),
            answered_at: String::new(),
        }
    }
}

/// The reasons a worker may give for a dispute.
pub fn reason_label(reason: &str) -> &'static str {
    match reason {
        "days" => "出勤天数不对",
        "rate" => "工资标准不对",
        "deduction" => "扣款不对",
        "not_received" => "未收到工资",
        _ => "",
    }
}

fn status_label(status: &str) -> &'static str {
    match status {
        "pending" => "待确认",
        "confirmed" => "已确认",
        "disputed" => "有异议",
        _ => "未征询",
    }
}

fn moment(unix_seconds: i64) -> String {
    if unix_seconds == 0 { String::new() } else { clock::china_datetime(unix_seconds) }
}

pub(super) fn confirmation_out(row: &ConfirmationRow) -> WorkerConfirmation {
    WorkerConfirmation {
        status: row.status.clone(),
        status_label: status_label(&row.status).into(),
        decided_at: moment(row.decided_at),
        dispute_reason: row.reason.clone(),
        dispute_reason_label: reason_label(&row.reason).into(),
        dispute_text: row.text.clone(),
        answer: row.answer.clone(),
        answered_at: moment(row.answered_at),
    }
}

/// The workers' words on `line_ids`, by line.
pub(super) async fn of_lines(db: &Db, line_ids: &[i64]) -> sqlx::Result<HashMap<i64, WorkerConfirmation>> {
    Ok(repo::confirmations_of(db, line_ids).await?.iter().map(|row| (row.line_id, confirmation_out(row))).collect())
}

/// Asks the workers of a sheet being confirmed, inside its transaction; answers the lines asked, whose
/// workers [`send_asks`] then tells by SMS.
pub(super) async fn ask(tx: &mut Tx, sheet_id: i64) -> sqlx::Result<Vec<i64>> {
    repo::ask_sheet(tx, sheet_id, clock::now()).await
}

/// Tells each worker of `line_ids` with a mobile phone what his line pays and to confirm it: in the
/// background, after the commit, so that a sheet of thousands of lines confirms at once.
pub(super) fn send_asks(db: &Db, gateway: Arc<dyn SmsGateway>, project_name: String, line_ids: Vec<i64>) {
    if line_ids.is_empty() {
        return;
    }
    let db = db.clone();
    tokio::spawn(async move {
        let contacts = match repo::ask_contacts(&db, &line_ids).await {
            Ok(contacts) => contacts,
            Err(error) => return tracing::error!(?error, "reading whom to ask for wage confirmations"),
        };
        for (phone, name, month, payable_fen, net_fen) in contacts {
            if !sms::is_mobile(&phone) {
                continue;
            }
            let (year, month) = month.split_once('-').unwrap_or((&month, ""));
            let month = month.trim_start_matches('0');
            let text = format!(
                "{project_name}：{name}，您{year}年{month}月工资应发{}元，实发{}元，请登录工资查询确认。",
                yuan(payable_fen),
                yuan(net_fen)
            );
            if let Err(error) = gateway.send(&phone, &text).await {
                tracing::error!(?error, "sms gateway failed on a wage confirmation request");
            }
        }
    });
}

/// (pending, disputed, unanswered) of the lines of sheets or of an order.
#[derive(Clone, Copy, Debug, Default)]
pub struct Counts {
    pub pending: i64,
    pub disputed: i64,
    pub unanswered: i64,
}

impl From<(i64, i64, i64)> for Counts {
    fn from((pending, disputed, unanswered): (i64, i64, i64)) -> Self {
        Counts { pending, disputed, unanswered }
    }
}

pub(super) async fn order_counts(db: &Db, order_id: i64) -> sqlx::Result<Counts> {
    Ok(repo::order_confirmation_counts(db, order_id).await?.into())
}

fn unanswered_refusal(counts: Counts) -> Result<(), ApiError> {
    if counts.unanswered > 0 {
        return Err(ApiError::refused(format!(
            "有{}名工人对工资提出异议尚未答复，请先在工资表中答复后再发放",
            counts.unanswered
        )));
    }
    Ok(())
}

/// Before an order of `sheet_ids` is submitted: no unanswered dispute, and where the project requires it,
/// every worker has confirmed.
pub(super) async fn refuse_unready_sheets(db: &Db, project_id: i64, sheet_ids: &[i64]) -> Result<(), ApiError> {
    let counts: Counts = repo::sheet_confirmation_counts(db, sheet_ids).await?.into();
    unanswered_refusal(counts)?;
    if counts.pending > 0 && repo::confirmation_required(db, project_id).await? {
        return Err(ApiError::refused(format!(
            "本项目要求工人确认工资后方可提交审核，尚有{}名工人未确认",
            counts.pending
        )));
    }
    Ok(())
}

/// Before an order is approved: a dispute raised since it was submitted must be answered first.
pub(super) async fn refuse_unanswered_order(db: &Db, order_id: i64) -> Result<(), ApiError> {
    unanswered_refusal(order_counts(db, order_id).await?)
}

/// (unit, month, lines whose workers were asked, of them confirmed) of a report's cohort (工资统计).
pub async fn per_unit_month(
    db: &Db,
    cohort: &crate::db::cohort::Cohort,
    first: &str,
    last: &str,
) -> sqlx::Result<Vec<(i64, String, i64, i64)>> {
    repo::confirmations_per_unit_month(db, cohort, first, last).await
}

/// (project, lines disputed, of them unanswered) of the projects `ids` with any (the regulator's directory).
pub async fn disputes_per_project(db: &Db, ids: &[i64]) -> sqlx::Result<Vec<(i64, i64, i64)>> {
    repo::disputes_per_project(db, ids).await
}

pub async fn required(db: &Db, project_id: i64) -> sqlx::Result<bool> {
    repo::confirmation_required(db, project_id).await
}

/// Sets the project's rule inside `tx` when it changes; logged before → after.
pub(super) async fn set_required(
    tx: &mut Tx,
    current: &CurrentAccount,
    ip: &str,
    (project_id, before, after): (i64, bool, bool),
) -> sqlx::Result<()> {
    if before == after {
        return Ok(());
    }
    let label = |required: bool| if required { "须工人确认" } else { "不要求" };
    repo::set_confirmation_required(tx, project_id, after, clock::now()).await?;
    let detail = format!("提交审核前工人确认工资：{} → {}", label(before), label(after));
    let actor = actor(current, ip);
    oplog::record_in(tx, &actor.entry("修改计薪规则", "project", project_id, detail)).await
}

/// A worker's dispute the clerk has not answered, for the bureau's lead it becomes after 3 working days.
pub use super::repo::OpenDisputeRow as OpenDispute;

/// Unanswered disputes raised before `before` (unix seconds) that no lead carries yet, oldest first.
pub async fn open_disputes(db: &Db, before: i64) -> sqlx::Result<Vec<OpenDispute>> {
    repo::open_disputes(db, before, true).await
}

/// Every unanswered dispute raised before `before`, a lead carrying it or not (the warnings).
pub async fn unanswered_disputes(db: &Db, before: i64) -> sqlx::Result<Vec<OpenDispute>> {
    repo::open_disputes(db, before, false).await
}

/// (project, month, paid lines whose worker had not confirmed them before the payment, paid lines asked)
/// of the months from `from` (the warnings).
pub async fn paid_unconfirmed(db: &Db, from: &str) -> sqlx::Result<Vec<(i64, String, i64, i64)>> {
    repo::paid_unconfirmed(db, from).await
}

/// Inside the lead's transaction: the lead now carries the dispute; false when the clerk answered it or
/// another lead took it meanwhile (the caller rolls back).
pub async fn carried_by_lead(tx: &mut Tx, line_id: i64, lead_id: i64) -> sqlx::Result<bool> {
    repo::set_dispute_lead(tx, line_id, lead_id).await
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WageAnswerForm {
    /// The disputed line.
    pub line_id: Option<String>,
    /// The clerk's answer to the worker, 2–200 characters.
    pub answer: Option<String>,
}

/// `Sheet/answerDispute`: the clerk answers a worker's dispute of a line of the project. Logged.
pub async fn answer(db: &Db, current: &CurrentAccount, ip: &str, form: &WageAnswerForm) -> Result<(), ApiError> {
    let project_id = scope::write(current)?;
    let line_id = positive_id(&form.line_id, MSG_NO_LINE)?;
    let answer = text(&form.answer);
    plain_text(&answer)?;
    if !(2..=200).contains(&answer.chars().count()) {
        return Err(ApiError::refused(MSG_ANSWER_LENGTH));
    }
    let row = repo::confirmations_of(db, &[line_id]).await?.into_iter().next();
    let row = row.filter(|row| row.project_id == project_id).ok_or_else(|| ApiError::NotFound(MSG_NO_LINE.into()))?;
    let detail = format!("异议：{}{}；答复：{answer}", reason_label(&row.reason), dispute_text_suffix(&row.text));
    let actor = actor(current, ip);
    let entry = actor.entry("答复工人异议", "wage_line", line_id, detail);
    Tx::within(db, async |tx: &mut Tx| -> Result<(), ApiError> {
        if !repo::set_answer(tx, line_id, &answer, (current.account.id, clock::now())).await? {
            return Err(ApiError::refused(MSG_NO_OPEN_DISPUTE));
        }
        Ok(oplog::record_in(tx, &entry).await?)
    })
    .await
}

pub(super) fn dispute_text_suffix(text: &str) -> String {
    if text.is_empty() { String::new() } else { format!("（{text}）") }
}
