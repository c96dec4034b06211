//! The worker's own wages (the worker side, `/worker/wage/v1/Wage/…`): each of his lines on every project,
//! newest month first, with its state from draft to paid; a line's pay slip (the dates it pays at their
//! rates, deductions and take-backs with reasons, the order and the bank's reference once paid); his
//! confirmation or dispute of a line (rules in `confirmation.rs`). A worker reads and changes only his own.

use std::collections::HashMap;

use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::confirmation::{self, MSG_NO_LINE, WorkerConfirmation, dispute_text_suffix, reason_label};
use super::input::{page, positive_id, text};
use super::line_days::{WagePaidDates, paid_dates};
use super::money::yuan;
use super::repo::{self, LinePayoutRow, OwnLineRow};
use super::sheets::WageAdjustment;
use crate::clock;
use crate::db::{Db, Tx};
use crate::domain::mask::masked;
use crate::envelope::ApiError;
use crate::extract::plain_text;
use crate::identity::worker_sessions::CurrentWorker;
use crate::message::service::{self as message, Kind, Outgoing};
use crate::oplog;
use crate::paging::Paged;
use crate::worker::own::own_name;

pub const MSG_NOT_ASKED: &str = "该月工资表尚未由项目确认，暂不能确认";
pub const MSG_ALREADY_CONFIRMED: &str = "您已确认过该工资";
pub const MSG_REASON: &str = "请选择异议原因";
pub const MSG_TEXT_LENGTH: &str = "异议说明不能超过200字";
pub const MSG_DISPUTE_OPEN: &str = "您的异议正在等待项目答复";
pub const MSG_NOT_RECEIVED_UNPAID: &str = "该工资尚未发放，请选择其他异议原因";
pub const MSG_PAID_NOT_RECEIVED_ONLY: &str = "该工资已发放，如未收到请选择“未收到工资”";

/// One of the worker's wage lines.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OwnWageLine {
    pub id: i64,
    pub project_id: i64,
    pub project_name: String,
    /// YYYY-MM.
    pub month: String,
    /// Attended days the line pays.
    pub days: i64,
    /// Yuan.
    pub payable: String,
    pub deduction: String,
    pub net: String,
    /// `draft`, `to_confirm`, `confirmed`, `disputed`, `paid`, `failed` or `reissued`, and its label.
    pub state: String,
    pub state_label: String,
    /// When the bank paid it (`YYYY-MM-DD HH:MM`, '' before).
    pub paid_at: String,
    pub bank_name: String,
    /// Masked.
    pub card_number: String,
}

fn state_label(state: &str) -> &'static str {
    match state {
        "draft" => "草稿",
        "to_confirm" => "待确认",
        "confirmed" => "已确认",
        "disputed" => "有异议",
        "paid" => "已发放",
        "failed" => "发放失败",
        "reissued" => "已重新发放",
        _ => "",
    }
}

/// The line's state: what the bank did first, else the worker's word, else the sheet's.
fn state_of(row: &OwnLineRow, confirmation: Option<&WorkerConfirmation>, payouts: &[&LinePayoutRow]) -> &'static str {
    if payouts.iter().any(|payout| payout.status == "paid") {
        return "paid";
    }
    if payouts.last().is_some_and(|payout| payout.status == "failed" && !payout.reissued) {
        return "failed";
    }
    if payouts.iter().any(|payout| payout.reissued) {
        return "reissued";
    }
    match confirmation.map(|confirmation| confirmation.status.as_str()) {
        Some("disputed") => "disputed",
        Some("confirmed") => "confirmed",
        Some("pending") => "to_confirm",
        _ if row.sheet_status == "draft" => "draft",
        _ => "to_confirm",
    }
}

fn line_out(row: OwnLineRow, confirmation: Option<&WorkerConfirmation>, payouts: &[&LinePayoutRow]) -> OwnWageLine {
    let state = state_of(&row, confirmation, payouts);
    let paid = payouts.iter().find(|payout| payout.status == "paid");
    let (card_number, bank_name) = match paid {
        Some(payout) => (payout.card_number.clone(), payout.card_bank_name.clone()),
        None => (row.card_number, row.card_bank_name),
    };
    OwnWageLine {
        id: row.id,
        project_id: row.project_id,
        project_name: row.project_name,
        month: row.month,
        days: row.days,
        payable: yuan(row.payable_fen),
        deduction: yuan(row.deduction_fen + row.adjustment_fen),
        net: yuan(row.net_fen),
        state: state.into(),
        state_label: state_label(state).into(),
        paid_at: paid.map(|payout| clock::china_datetime(payout.settled_at)[..16].to_owned()).unwrap_or_default(),
        bank_name,
        card_number: masked(&card_number),
    }
}

#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct OwnWageQuery {
    pub page: Option<String>,
    pub limit: Option<String>,
}

/// `Wage/list`: a page of the worker's lines on every project, newest month first.
pub async fn own_lines(db: &Db, current: &CurrentWorker, query: &OwnWageQuery) -> Result<Paged<OwnWageLine>, ApiError> {
    let page = page(&query.page, &query.limit)?;
    let (rows, total) = repo::own_lines(db, current.worker_id, page.limit, page.offset()).await?;
    let ids: Vec<i64> = rows.iter().map(|row| row.id).collect();
    let confirmations = confirmation::of_lines(db, &ids).await?;
    let payouts = repo::line_payouts(db, &ids).await?;
    let mut by_line: HashMap<i64, Vec<&LinePayoutRow>> = HashMap::new();
    for payout in &payouts {
        by_line.entry(payout.line_id).or_default().push(payout);
    }
    let list = rows
        .into_iter()
        .map(|row| {
            let (confirmation, payouts) = (confirmations.get(&row.id), by_line.remove(&row.id).unwrap_or_default());
            line_out(row, confirmation, &payouts)
        })
        .collect();
    Ok(page.answer(list, total))
}

/// His pay slip: the line with what it is based on.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OwnWageDetail {
    pub line: OwnWageLine,
    pub unit_name: String,
    pub team_name: String,
    /// day 日薪, month 月薪, and the standard of the line's last day, yuan.
    pub wage_kind: String,
    pub wage: String,
    /// What the attendance gives, yuan.
    pub prefill: String,
    /// The clerk's deduction and the pay taken back for days corrected to absent, yuan.
    pub deduction: String,
    pub adjustment: String,
    /// Why payable differs from the attendance or a deduction is made.
    pub reason: String,
    /// The take-backs: the day, the amount and the clerk's reason.
    pub adjustments: Vec<WageAdjustment>,
    /// How the prefill was reached.
    pub basis: String,
    /// Each date the line pays with its rate, and the sheets that paid his other days of the month.
    pub paid: WagePaidDates,
    /// The wage order that paid (pays) it, 0 before one; the bank's reference once paid; why a payout failed.
    pub order_id: i64,
    pub bank_ref: String,
    pub failure_reason: String,
    pub confirmation: WorkerConfirmation,
}

#[derive(Debug, Default, Deserialize, IntoParams, ToSchema)]
#[into_params(parameter_in = Query)]
pub struct OwnWageIdQuery {
    /// The line.
    pub id: Option<String>,
}

async fn his_line(db: &Db, current: &CurrentWorker, id: &Option<String>) -> Result<OwnLineRow, ApiError> {
    let missing = || ApiError::NotFound(MSG_NO_LINE.into());
    let id = positive_id(id, MSG_NO_LINE).map_err(|_| missing())?;
    repo::own_line(db, current.worker_id, id).await?.ok_or_else(missing)
}

/// `Wage/detail`: his pay slip; another worker's line → 404.
pub async fn own_detail(db: &Db, current: &CurrentWorker, query: &OwnWageIdQuery) -> Result<OwnWageDetail, ApiError> {
    let row = his_line(db, current, &query.id).await?;
    let (line, _) =
        repo::line(db, row.project_id, row.id).await?.ok_or_else(|| ApiError::NotFound(MSG_NO_LINE.into()))?;
    let sheet = repo::sheet(db, row.project_id, row.sheet_id).await?;
    let confirmation = confirmation::of_lines(db, &[row.id]).await?.remove(&row.id);
    let payouts = repo::line_payouts(db, &[row.id]).await?;
    let payouts: Vec<&LinePayoutRow> = payouts.iter().collect();
    let adjustments = repo::line_adjustments(db, &[row.id])
        .await?
        .into_iter()
        .map(|(line_id, taken)| WageAdjustment {
            line_id,
            day: taken.day,
            amount: yuan(taken.amount_fen),
            reason: taken.reason,
        })
        .collect();
    let paid = paid_dates(db, row.project_id, &row.month, &[(row.id, line.worker_id)]).await?.remove(&row.id);
    let shown = payouts.iter().rev().find(|payout| payout.status != "cancelled");
    Ok(OwnWageDetail {
        unit_name: sheet.as_ref().map(|sheet| sheet.unit_name.clone()).unwrap_or_default(),
        team_name: sheet.map(|sheet| sheet.team_name).unwrap_or_default(),
        wage_kind: line.wage_kind,
        wage: yuan(line.wage_fen),
        prefill: yuan(line.prefill_fen),
        deduction: yuan(line.deduction_fen),
        adjustment: yuan(line.adjustment_fen),
        reason: line.reason,
        adjustments,
        basis: line.basis,
        paid: paid.unwrap_or_default(),
        order_id: shown.map_or(0, |payout| payout.order_id),
        bank_ref: payouts
            .iter()
            .find(|payout| payout.status == "paid")
            .map(|payout| payout.bank_ref.clone())
            .unwrap_or_default(),
        failure_reason: shown.map(|payout| payout.failure_reason.clone()).unwrap_or_default(),
        line: line_out(row, confirmation.as_ref(), &payouts),
        confirmation: confirmation.unwrap_or_default(),
    })
}

#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct OwnConfirmForm {
    /// The line.
    pub id: Option<String>,
}

fn worker_entry<'a>(
    actor: &'a str,
    ip: &'a str,
    row: &OwnLineRow,
    action: &'a str,
    detail: String,
) -> oplog::Entry<'a> {
    oplog::Entry::named(None, actor, ip).project(row.project_id).action(action).on("wage_line", row.id).detail(detail)
}

/// `Wage/confirm`: the worker confirms his line of a confirmed sheet (also after a dispute). Logged.
pub async fn confirm(db: &Db, current: &CurrentWorker, ip: &str, form: &OwnConfirmForm) -> Result<(), ApiError> {
    let row = his_line(db, current, &form.id).await?;
    let asked =
        confirmation::of_lines(db, &[row.id]).await?.remove(&row.id).ok_or_else(|| ApiError::refused(MSG_NOT_ASKED))?;
    let actor = format!("工人 {}", own_name(db, current.worker_id).await?);
    let detail =
        format!("{} {} 实发{}元：{} → 已确认", row.project_name, row.month, yuan(row.net_fen), asked.status_label);
    let entry = worker_entry(&actor, ip, &row, "工人确认工资", detail);
    Tx::within(db, async |tx: &mut Tx| -> Result<(), ApiError> {
        if !repo::set_confirmed(tx, row.id, clock::now()).await? {
            return Err(ApiError::refused(MSG_ALREADY_CONFIRMED));
        }
        Ok(oplog::record_in(tx, &entry).await?)
    })
    .await
}

#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct OwnDisputeForm {
    /// The line.
    pub id: Option<String>,
    /// `days` 出勤天数不对, `rate` 工资标准不对, `deduction` 扣款不对, `not_received` 未收到工资 (a paid line only).
    pub reason: Option<String>,
    /// What is wrong, in his words (up to 200 characters).
    pub text: Option<String>,
}

/// `Wage/dispute`: the worker disputes his line, with a reason and his words. A paid line only as "not
/// received", which the bureau is told of at once; an unpaid one for its days, rate or deduction, which the
/// clerk must answer before the line can be paid. Logged.
pub async fn dispute(db: &Db, current: &CurrentWorker, ip: &str, form: &OwnDisputeForm) -> Result<(), ApiError> {
    let row = his_line(db, current, &form.id).await?;
    let reason = text(&form.reason);
    if reason_label(&reason).is_empty() {
        return Err(ApiError::refused(MSG_REASON));
    }
    let words = text(&form.text);
    plain_text(&words)?;
    if words.chars().count() > 200 {
        return Err(ApiError::refused(MSG_TEXT_LENGTH));
    }
    let confirmation = confirmation::of_lines(db, &[row.id]).await?.remove(&row.id);
    let asked = confirmation.ok_or_else(|| ApiError::refused(MSG_NOT_ASKED))?;
    let paid = repo::line_payouts(db, &[row.id]).await?.iter().any(|payout| payout.status == "paid");
    match (paid, reason.as_str()) {
        (true, "not_received") | (false, "days" | "rate" | "deduction") => {}
        (true, _) => return Err(ApiError::refused(MSG_PAID_NOT_RECEIVED_ONLY)),
        (false, _) => return Err(ApiError::refused(MSG_NOT_RECEIVED_UNPAID)),
    }
    let name = own_name(db, current.worker_id).await?;
    let actor = format!("工人 {name}");
    let said = format!("{}{}", reason_label(&reason), dispute_text_suffix(&words));
    let detail = format!(
        "{} {} 实发{}元：{} → 有异议，{said}",
        row.project_name,
        row.month,
        yuan(row.net_fen),
        asked.status_label
    );
    let entry = worker_entry(&actor, ip, &row, "工人对工资提出异议", detail);
    let title = format!("工人反映未收到工资：{name} {}", row.month);
    let content = format!(
        "{} 工人{name} {}月工资实发{}元，银行已支付，工人反映未收到。{said}",
        row.project_name,
        row.month,
        yuan(row.net_fen)
    );
    Tx::within(db, async |tx: &mut Tx| -> Result<(), ApiError> {
        if !repo::set_disputed(tx, row.id, (&reason, &words), clock::now()).await? {
            return Err(ApiError::refused(MSG_DISPUTE_OPEN));
        }
        if paid {
            let notice = Outgoing::to_project(row.project_id, Kind::Payout, &title, &content).about(row.id);
            message::send_to_regulators(tx, notice).await?;
        }
        Ok(oplog::record_in(tx, &entry).await?)
    })
    .await
}
