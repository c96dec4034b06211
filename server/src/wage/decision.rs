//! The approver's decision on a pending order: reject with a reason, or approve with a fresh verification
//! (`approval.rs`) and pay through the bank (`payout.rs`); the finance shell's dashboard and records.

use super::MSG_NOT_VERIFIED;
use super::input::*;
use super::money::yuan;
use super::orders::{WageOrder, order_out};
use super::orders::{covered, held};
use super::repo::LinesOf;
use super::repo::{self, Actor};
use super::{VERIFICATION_SECONDS, notify, payout};
use crate::bank::BankGateway;
use crate::clock;
use crate::db::{Db, Tx};
use crate::envelope::ApiError;
use crate::oplog;
use crate::paging::{Page, Paged};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// The approver's decision on a 待审核 order of `project_id` (`status` 1 approve, 2 reject with a required
/// reason): the order after it and the message to answer. Approving consumes the approver's verification and
/// pays every line through the bank at once ([`payout::pay_order`]); a bank that cannot be reached leaves the
/// order 支付中 for the recovery job. Only one of two simultaneous decisions wins.
pub async fn decide(
    db: &Db,
    bank: &dyn BankGateway,
    project_id: i64,
    form: &FinanceAuditForm,
    actor: &Actor,
) -> Result<(WageOrder, String), ApiError> {
    let id = text(&form.id)
        .parse::<i64>()
        .ok()
        .filter(|id| *id > 0)
        .ok_or_else(|| ApiError::NotFound(MSG_NO_ORDER.into()))?;
    repo::order(db, project_id, id).await?.ok_or_else(|| ApiError::NotFound(MSG_NO_ORDER.into()))?;
    let remark = text(&form.remark);
    if remark.chars().count() > 200 {
        return Err(ApiError::refused(MSG_REMARK_LONG));
    }
    let message = match form.status.as_deref().map(str::trim) {
        Some("2") => reject(db, project_id, id, &remark, actor).await?.to_owned(),
        Some("1") => approve(db, bank, project_id, id, &remark, actor).await?,
        _ => return Err(ApiError::refused(MSG_DECISION)),
    };
    let order = repo::order(db, project_id, id).await?.ok_or_else(|| ApiError::NotFound(MSG_NO_ORDER.into()))?;
    Ok((order_out(order), message))
}

/// The approver's decision as the finance shell sends it (`orders/Orderaudit`).
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct FinanceAuditForm {
    pub id: Option<String>,
    /// 1 approve (needs a verification within 10 minutes, consumed), 2 reject (needs `remark`).
    pub status: Option<String>,
    pub remark: Option<String>,
}

pub(super) async fn reject(
    db: &Db,
    project_id: i64,
    id: i64,
    remark: &str,
    actor: &Actor,
) -> Result<&'static str, ApiError> {
    if remark.is_empty() {
        return Err(ApiError::refused(MSG_REJECT_REASON));
    }
    changed(db, MSG_NOT_PENDING, async |tx: &mut Tx| {
        repo::close_pending(tx, project_id, id, "rejected", remark, actor).await
    })
    .await?;
    if let Some(order) = repo::order(db, project_id, id).await? {
        notify::rejected(db, &order, remark).await?;
    }
    Ok("已驳回")
}

/// Approves with a verification of the approver at most [`VERIFICATION_SECONDS`] old, then pays.
pub async fn approve(
    db: &Db,
    bank: &dyn BankGateway,
    project_id: i64,
    id: i64,
    remark: &str,
    actor: &Actor,
) -> Result<String, ApiError> {
    super::confirmation::refuse_unanswered_order(db, id).await?;
    let channel = Tx::within(db, async |tx: &mut Tx| -> Result<String, ApiError> {
        if repo::preparer(tx, project_id, id).await? == Some(actor.account_id) {
            return Err(ApiError::refused(MSG_OWN_ORDER));
        }
        if !repo::start_paying(tx, project_id, id, remark, actor.account_id).await? {
            return Err(ApiError::refused(MSG_NOT_PENDING));
        }
        held(tx, LinesOf::Order(id)).await?;
        if !repo::use_verification(tx, actor.account_id, id, clock::now() - VERIFICATION_SECONDS).await? {
            return Err(ApiError::refused(MSG_NOT_VERIFIED));
        }
        let total_fen = repo::order_total(tx, id).await?;
        covered(tx, project_id, total_fen).await?;
        repo::release_payouts(tx, id).await?;
        let channel = crate::account::service::payout_mode_in(tx, project_id).await?;
        repo::set_channel(tx, id, &channel).await?;
        if channel == "file" {
            // The batch file's lines, fixed now: the approval above checked every line's days.
            repo::number_batch(tx, id).await?;
        }
        oplog::record_in(tx, &actor.entry("审核通过工资单", "wage_order", id, remark.to_owned())).await?;
        Ok(channel)
    })
    .await?;
    if let Some(order) = repo::order(db, project_id, id).await? {
        notify::approved(db, &order).await?;
    }
    if channel == "file" {
        return Ok(super::batch::MSG_QUEUED.to_owned());
    }
    match payout::pay_order(db, bank, id, actor, i64::MAX).await {
        Ok(()) => match repo::order(db, project_id, id).await? {
            Some(order) if order.status == "partial" => {
                let failed = repo::failed_payouts_of(db, id).await?;
                Ok(format!("审核通过，{failed}笔发放失败，已转异常处理"))
            }
            Some(order) if order.status == "paying" => Ok(MSG_BANK_PAYING.to_owned()),
            _ => Ok("审核通过，已发放".to_owned()),
        },
        Err(error) => {
            tracing::warn!(?error, order = id, "payout interrupted; the order stays 支付中 and is resumed later");
            Ok(MSG_BANK_PAYING.to_owned())
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FinanceIndex {
    pub pending: i64,
    /// Yuan awaiting approval.
    pub pending_total: String,
    pub paying: i64,
    pub paid: i64,
    pub partial: i64,
    pub rejected: i64,
    /// The special account's balance, yuan ('' without an account).
    pub balance: String,
}

/// The finance shell's dashboard: the project's orders counted by status, the sum awaiting approval and the
/// special account's balance.
pub async fn finance_index(db: &Db, project_id: i64) -> Result<FinanceIndex, ApiError> {
    let counts = repo::order_counts(db, project_id).await?;
    let count = |status: &str| counts.iter().find(|(s, _, _)| s == status).map(|(_, n, _)| *n).unwrap_or(0);
    let pending_total = counts.iter().find(|(s, _, _)| s == "pending").map(|(_, _, fen)| *fen).unwrap_or(0);
    let balance = crate::account::flows::balance(db, project_id).await?.map(yuan).unwrap_or_default();
    Ok(FinanceIndex {
        pending: count("pending"),
        pending_total: yuan(pending_total),
        paying: count("paying"),
        paid: count("paid"),
        partial: count("partial"),
        rejected: count("rejected"),
        balance,
    })
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FinanceRecord {
    pub id: i64,
    pub action: String,
    pub target_type: String,
    pub target_id: String,
    pub detail: String,
    pub ip: String,
    pub created_at: String,
}

/// The approver's own operation records, newest first.
pub async fn own_records(db: &Db, account_id: i64, page: Page) -> Result<Paged<FinanceRecord>, ApiError> {
    let (rows, total) = repo::account_log(db, account_id, page.limit, page.offset()).await?;
    let list = rows
        .into_iter()
        .map(|row| FinanceRecord {
            id: row.id,
            action: row.action,
            target_type: row.target_type,
            target_id: row.target_id,
            detail: row.detail,
            ip: row.ip,
            created_at: clock::china_datetime(row.created_at),
        })
        .collect();
    Ok(page.answer(list, total))
}
