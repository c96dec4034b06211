//! 工资发放异常处理 (special/abnormal): failed pay lines, correcting a worker's card, and re-issuing failed
//! lines in a new order.

use super::input::*;
use super::money::{yuan, yuan_grouped};
use super::notify;
use super::orders::covered;
use super::repo::{self, PayoutRow};
use crate::clock;
use crate::db::{Db, Tx};
use crate::domain::mask::masked;
use crate::domain::wage_card as card;
use crate::envelope::ApiError;
use crate::identity::sessions::CurrentAccount;
use crate::oplog;
use crate::paging::{self, Paged};
use crate::scope;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

pub fn payout_status_label(status: &str) -> &'static str {
    match status {
        "queued" => "待审批",
        "pending" => "支付中",
        "paid" => "已支付",
        "failed" => "支付失败",
        "cancelled" => "已取消",
        _ => "",
    }
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WagePayout {
    pub id: i64,
    pub order_id: i64,
    pub order_no: String,
    pub month: String,
    pub line_id: i64,
    pub worker_id: i64,
    pub name: String,
    pub id_number: String,
    pub amount: String,
    /// The card the payout went (or goes) to.
    pub card_number: String,
    pub card_bank: String,
    /// What is wrong with that card ('' when nothing): the bank will refuse it.
    pub card_problem: String,
    /// The worker's card now (after a correction).
    pub current_card: String,
    pub current_bank: String,
    pub current_card_problem: String,
    /// queued 待审批, pending 支付中, paid 已支付, failed 支付失败, cancelled 已取消.
    pub status: String,
    pub status_label: String,
    pub bank_ref: String,
    pub failure_reason: String,
    pub reissued_by: Option<i64>,
    pub settled_at: String,
    /// Paid, but the worker says it never reached him and the clerk has not answered (异常处理 lists it).
    pub not_received: bool,
}

/// A pay line as the lists show it (order detail, 异常处理): ID and cards masked, their problems judged on the
/// full numbers.
pub fn payout_out(row: PayoutRow) -> WagePayout {
    WagePayout {
        id: row.id,
        order_id: row.order_id,
        order_no: row.order_no,
        month: row.month,
        line_id: row.line_id,
        worker_id: row.worker_id,
        name: row.name,
        id_number: masked(&row.id_number),
        amount: yuan(row.amount_fen),
        card_problem: card::problem(&row.card_number).unwrap_or("").into(),
        card_number: masked(&row.card_number),
        card_bank: row.card_bank,
        current_card_problem: card::problem(&row.current_card).unwrap_or("").into(),
        current_card: masked(&row.current_card),
        current_bank: row.current_bank,
        status_label: payout_status_label(&row.status).into(),
        status: row.status,
        bank_ref: row.bank_ref,
        failure_reason: row.failure_reason,
        reissued_by: row.reissued_by,
        settled_at: clock::china_datetime(row.settled_at),
        not_received: row.not_received,
    }
}

#[derive(Debug, Default, Deserialize, IntoParams, ToSchema)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct WagePayQuery {
    pub page: Option<String>,
    pub limit: Option<String>,
    pub project_id: Option<String>,
    pub month: Option<String>,
    /// A payout status; empty: any.
    pub status: Option<String>,
    pub name: Option<String>,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WageCardForm {
    pub worker_id: Option<String>,
    /// 12–30 digits.
    pub card: Option<String>,
    /// A first-level bank code.
    pub bank: Option<String>,
    /// 1: save a UnionPay number although its check digit fails (after the 301).
    pub confirmed: Option<String>,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct WageReissueForm {
    /// Comma-joined failed payout ids of one order.
    pub ids: Option<String>,
}

/// salaryPay: every order line's pay status.
pub async fn pay_lines(db: &Db, current: &CurrentAccount, query: &WagePayQuery) -> Result<Paged<WagePayout>, ApiError> {
    let scope = read_scope(db, current, &query.project_id).await?;
    let page = page(&query.page, &query.limit)?;
    let month = optional_month(&query.month)?;
    let status = text(&query.status);
    if !status.is_empty() && payout_status_label(&status).is_empty() {
        return Err(ApiError::refused(MSG_STATUS));
    }
    let statuses: Vec<&str> =
        if status.is_empty() { vec!["queued", "pending", "paid", "failed"] } else { vec![status.as_str()] };
    let pattern = paging::contains_pattern(&text(&query.name));
    let filter = repo::PayoutFilter {
        project_filter: scope.filter(),
        order_id: 0,
        month: &month,
        statuses: &statuses,
        name_pattern: &pattern,
        not_reissued: false,
        or_not_received: false,
    };
    let (rows, total) = repo::payouts(db, &filter, page.limit, page.offset()).await?;
    Ok(page.answer(rows.into_iter().map(payout_out).collect(), total))
}

pub async fn abnormal(db: &Db, current: &CurrentAccount, query: &WagePayQuery) -> Result<Paged<WagePayout>, ApiError> {
    let scope = read_scope(db, current, &query.project_id).await?;
    let page = page(&query.page, &query.limit)?;
    let month = optional_month(&query.month)?;
    let pattern = paging::contains_pattern(&text(&query.name));
    let filter = repo::PayoutFilter {
        project_filter: scope.filter(),
        order_id: 0,
        month: &month,
        statuses: &["failed"],
        name_pattern: &pattern,
        not_reissued: true,
        or_not_received: true,
    };
    let (rows, total) = repo::payouts(db, &filter, page.limit, page.offset()).await?;
    Ok(page.answer(rows.into_iter().map(payout_out).collect(), total))
}

/// Corrects a worker's wage card: the roster's rule and record (`worker::corrections::correct_card`); a
/// UnionPay number failing its check digit asks for confirmation (301) first. Logged.
pub async fn set_card(db: &Db, current: &CurrentAccount, ip: &str, form: &WageCardForm) -> Result<(), ApiError> {
    let project_id = scope::write(current)?;
    let worker_id = positive_id(&form.worker_id, MSG_WORKER)?;
    let (number, bank) = (text(&form.card), text(&form.bank));
    let input =
        crate::worker::corrections::CardInput { number: &number, bank: &bank, confirmed: text(&form.confirmed) == "1" };
    crate::worker::corrections::correct_card(db, current, ip, (project_id, worker_id), &input, MSG_WORKER).await
}

pub async fn reissue(db: &Db, current: &CurrentAccount, ip: &str, form: &WageReissueForm) -> Result<i64, ApiError> {
    let project_id = scope::write(current)?;
    let ids = id_list(&form.ids, MSG_PAYOUTS)?;
    let payouts = repo::payouts_by_ids(db, project_id, &ids).await?;
    if payouts.len() != ids.len() {
        return Err(ApiError::NotFound(MSG_PAYOUTS.into()));
    }
    let order_id = payouts[0].order_id;
    if payouts.iter().any(|payout| payout.order_id != order_id) {
        return Err(ApiError::refused(MSG_PAYOUTS_ONE_ORDER));
    }
    if payouts.iter().any(|payout| payout.status != "failed" || payout.reissued_by.is_some()) {
        return Err(ApiError::refused(MSG_ALREADY_REISSUED));
    }
    if let Some(payout) = payouts.iter().find(|payout| card::problem(&payout.current_card).is_some()) {
        return Err(ApiError::refused(format!(
            "{}的工资卡{}，请先修改工资卡",
            payout.name,
            card::problem(&payout.current_card).unwrap_or("")
        )));
    }
    let original =
        repo::order(db, project_id, order_id).await?.ok_or_else(|| ApiError::NotFound(MSG_NO_ORDER.into()))?;
    let actor = actor(current, ip);
    let id = Tx::within(db, async |tx: &mut Tx| -> Result<i64, ApiError> {
        let (line_count, total_fen) = repo::payouts_total(tx, project_id, original.id, &ids).await?;
        if line_count != ids.len() as i64 {
            return Err(ApiError::refused(MSG_CHANGED));
        }
        covered(tx, project_id, total_fen).await?;
        let remark = format!("重新发放 {} 的失败明细", original.order_no);
        let order = repo::NewOrder {
            project_id,
            month: &original.month,
            total_fen,
            line_count,
            reissue_of: Some(original.id),
            remark: &remark,
            created_by: actor.account_id,
        };
        let order_id = repo::insert_order(tx, &order).await?;
        if !repo::attach_failed(tx, order_id, project_id, &ids).await? {
            return Err(ApiError::refused(MSG_CHANGED));
        }
        let detail = format!("原工资单 {}，{line_count} 人，{} 元", original.order_no, yuan_grouped(total_fen));
        oplog::record_in(tx, &actor.entry("重新发放", "wage_order", order_id, detail)).await?;
        Ok(order_id)
    })
    .await?;
    if let Some(order) = repo::order(db, project_id, id).await? {
        notify::submitted(db, &order).await?;
    }
    Ok(id)
}
