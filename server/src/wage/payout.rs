//! Paying an approved order through the bank, and finishing orders a crash left 支付中. Payouts are asked
//! in chunks with the idempotency key `wg-payout-<id>`: asking again (after a crash, or by two instances at
//! once) gets the bank's first answer, and a payout is settled only while still pending, so no line is
//! paid twice. The bank's answers are settled here: which payouts are paid (their flows posted through the
//! account area), which fail, and when the order is 已支付 or 部分发放 with the sheets it pays.

use super::notify;
use super::repo::{self, Actor, LinesOf, PendingPayout};
use super::service::unheld_line_reason;
use super::status::sheet_status_label;
use crate::account::flows::{self, Direction, NewFlow, Source};
use crate::bank::{BankGateway, PayOutcome, PayRequest};
use crate::clock;
use crate::db::{Db, Tx};
use crate::oplog;

/// Payouts asked of the bank and settled per transaction.
const CHUNK: i64 = 5_000;

pub fn idempotency_key(payout_id: i64) -> String {
    format!("wg-payout-{payout_id}")
}

/// The order's payouts still pending whose lines pay attended days they do not hold fail before the bank is
/// asked; answers the workers' names and reasons.
async fn fail_unheld(db: &Db, order_id: i64, actor: &Actor) -> sqlx::Result<Vec<(String, String)>> {
    Tx::within(db, async |tx: &mut Tx| -> sqlx::Result<Vec<(String, String)>> {
        let mut failed = Vec::new();
        for line in repo::unheld_lines(tx, LinesOf::Order(order_id), i64::MAX).await? {
            let why = unheld_line_reason(&line);
            if repo::fail_line(tx, order_id, line.line_id, &why).await? {
                let detail = format!("{}：{why}", line.worker_name);
                oplog::record_in(tx, &actor.entry("拒付重复计发", "wage_order", order_id, detail)).await?;
                failed.push((line.worker_name, why));
            }
        }
        Ok(failed)
    })
    .await
}

/// Asks the bank for up to `max_lines` pending payouts of the order and records the answers; finishes the
/// order when none is left. `Err`: the bank could not be asked; the order stays 支付中 for a later retry.
pub async fn pay_order(
    db: &Db,
    bank: &dyn BankGateway,
    order_id: i64,
    actor: &Actor,
    max_lines: i64,
) -> anyhow::Result<()> {
    let order = repo::order(db, 0, order_id).await?.ok_or_else(|| anyhow::anyhow!("order {order_id} vanished"))?;
    // The approval checked the days; an order approved before that check existed is checked again here.
    let refused = fail_unheld(db, order_id, actor).await?;
    notify::lines_failed(db, order.project_id, order_id, &order.order_no, &refused).await?;
    let mut left = max_lines;
    loop {
        let batch = if left > 0 { repo::pending_payouts(db, order_id, left.min(CHUNK)).await? } else { Vec::new() };
        left -= batch.len() as i64;
        let requests: Vec<PayRequest> = batch
            .iter()
            .map(|payout| PayRequest {
                idempotency_key: idempotency_key(payout.id),
                card_number: payout.card_number.clone(),
                card_bank: payout.card_bank.clone(),
                holder_name: payout.name.clone(),
                amount_fen: payout.amount_fen,
            })
            .collect();
        let outcomes = if requests.is_empty() { Vec::new() } else { bank.pay(&requests).await? };
        let mut settlement = Settlement {
            project_id: order.project_id,
            order_id,
            order_no: &order.order_no,
            month: &order.month,
            paid: Vec::new(),
            failed: Vec::new(),
        };
        for (payout, outcome) in batch.iter().zip(outcomes) {
            match outcome {
                PayOutcome::Paid { bank_ref } => settlement.paid.push((payout, bank_ref)),
                PayOutcome::Failed { reason } => settlement.failed.push((payout, reason)),
            }
        }
        let settled = settle(db, &settlement, actor).await?;
        notify::lines_failed(db, order.project_id, order_id, &order.order_no, &settled.failures).await?;
        if let Some((paid_fen, failed_fen)) = settled.partly_failed {
            notify::partly_failed(db, order.project_id, order_id, &order.order_no, paid_fen, failed_fen).await?;
        }
        if batch.is_empty() || left <= 0 {
            return Ok(());
        }
    }
}

/// The bank's answers for some pending payouts of an order, and the order's number (flow summaries).
pub(super) struct Settlement<'a> {
    pub project_id: i64,
    pub order_id: i64,
    pub order_no: &'a str,
    pub month: &'a str,
    pub paid: Vec<(&'a PendingPayout, String)>,
    pub failed: Vec<(&'a PendingPayout, String)>,
}

/// What a settlement left to tell the project: the lines that failed (name, reason), and the sums paid and
/// failed when it finished the order 部分发放.
pub(super) struct Settled {
    pub failures: Vec<(String, String)>,
    pub partly_failed: Option<(i64, i64)>,
}

/// Why a payout the bank paid fails after all: the account could not cover it when its flow was posted.
const NO_FUNDS: &str = "专户余额不足";

/// Records the bank's answers in one transaction: a paid payout (still pending) becomes paid with its 'out'
/// flow (payout_id) moving the balance; a failed one keeps its reason; then, when nothing is left pending,
/// the order is finished (已支付 / 部分发放) and the sheets and earlier orders it pays follow
/// ([`settle_states`]). The messages go out once it committed.
async fn settle(db: &Db, settlement: &Settlement<'_>, actor: &Actor) -> sqlx::Result<Settled> {
    let mut tx = Tx::begin(db).await?;
    let settled = settle_in(&mut tx, settlement, actor).await?;
    tx.commit().await?;
    Ok(settled)
}

/// [`settle`] inside the caller's `tx` (a result file applies all its lines, or none).
pub(super) async fn settle_in(tx: &mut Tx, settlement: &Settlement<'_>, actor: &Actor) -> sqlx::Result<Settled> {
    let now = clock::now();
    let summary = format!("{} 月工资（工资单 {}）", settlement.month, settlement.order_no);
    let mut paid = 0usize;
    let mut failures = Vec::new();
    let mut partly_failed = None;
    // Only the payouts still pending when taken get their flow: a payout is never paid twice.
    let taken = repo::take_paid(tx, &settlement.paid, now).await?;
    let taken: Vec<&(&PendingPayout, String)> =
        settlement.paid.iter().filter(|(payout, _)| taken.contains(&payout.id)).collect();
    let debits: Vec<NewFlow> = taken
        .iter()
        .map(|(payout, bank_ref)| NewFlow {
            project_id: settlement.project_id,
            direction: Direction::Out,
            amount_fen: payout.amount_fen,
            counterparty_name: &payout.name,
            counterparty_account: &payout.card_number,
            counterparty_bank: &payout.card_bank,
            summary: &summary,
            source: Source::Payout,
            bank_ref,
            payout_id: Some(payout.id),
            occurred_at: now,
            created_by: Some(actor.account_id),
        })
        .collect();
    if flows::post_debits(tx, settlement.project_id, &debits).await? {
        paid += debits.len();
    } else {
        // The balance does not cover the whole chunk (money left the account after the approval's check):
        // pay line by line what it covers; the rest fails for want of funds.
        for ((payout, _), debit) in taken.iter().zip(&debits) {
            if flows::post_in(tx, debit).await?.is_some() {
                paid += 1;
            } else {
                repo::unpay(tx, payout.id, NO_FUNDS).await?;
                failures.push((payout.name.clone(), NO_FUNDS.to_owned()));
            }
        }
    }
    for (payout, reason) in &settlement.failed {
        if repo::fail_payout(tx, payout.id, reason, now).await? {
            failures.push((payout.name.clone(), reason.clone()));
        }
    }
    if paid + failures.len() > 0 {
        let detail = format!("成功 {paid} 笔，失败 {} 笔", failures.len());
        oplog::record_in(tx, &actor.entry("工资发放", "wage_order", settlement.order_id, detail)).await?;
    }
    if repo::payouts_left(tx, settlement.order_id).await? == 0 {
        let (paid_fen, failed_fen) = repo::payout_sums(tx, settlement.order_id).await?;
        let (status, action) =
            if failed_fen > 0 { ("partial", "工资单部分发放") } else { ("paid", "工资单已支付") };
        if repo::finish_order(tx, settlement.order_id, status, paid_fen, failed_fen, now).await? {
            let detail = format!(
                "成功 {} 元，失败 {} 元",
                super::money::yuan_grouped(paid_fen),
                super::money::yuan_grouped(failed_fen)
            );
            oplog::record_in(tx, &actor.entry(action, "wage_order", settlement.order_id, detail)).await?;
            settle_states(tx, settlement.order_id, actor).await?;
            if status == "partial" {
                partly_failed = Some((paid_fen, failed_fen));
            }
        }
    }
    Ok(Settled { failures, partly_failed })
}

/// After the order finished (inside its settlement's transaction): each sheet it touched becomes 已发放 or
/// 部分发放 by its lines' payouts, and each earlier order whose failed lines are now all paid becomes 已支付;
/// every change logged with before and after.
async fn settle_states(tx: &mut Tx, order_id: i64, actor: &Actor) -> sqlx::Result<()> {
    for (sheet_id, from, to) in repo::settled_sheets(tx, order_id).await? {
        if from == to {
            continue;
        }
        repo::move_sheet(tx, sheet_id, &from, &to).await?;
        let detail = format!("{} → {}", sheet_status_label(&from), sheet_status_label(&to));
        oplog::record_in(tx, &actor.entry("工资表发放状态", "wage_sheet", sheet_id, detail)).await?;
    }
    for id in repo::orders_made_whole(tx, order_id).await? {
        repo::make_whole(tx, id).await?;
        let detail = "部分发放 → 已支付：失败明细已重新发放并支付".to_owned();
        oplog::record_in(tx, &actor.entry("工资单已全部发放", "wage_order", id, detail)).await?;
    }
    Ok(())
}

/// At start-up (and hourly): every order left 支付中 is paid on, as its approver.
pub async fn recover(db: &Db, bank: &dyn BankGateway) -> anyhow::Result<usize> {
    let orders = repo::paying_orders(db).await?;
    for (order_id, _) in &orders {
        let order = repo::order(db, 0, *order_id).await?.ok_or_else(|| anyhow::anyhow!("order {order_id} vanished"))?;
        let Some(approver) = order.decided_by else { continue };
        let actor = Actor {
            account_id: approver,
            account_name: "系统恢复支付".into(),
            project_id: Some(order.project_id),
            ip: String::new(),
        };
        pay_order(db, bank, *order_id, &actor, i64::MAX).await?;
    }
    Ok(orders.len())
}

/// Used by tests and the bench to look at what is pending.
pub async fn pending(db: &Db, order_id: i64) -> sqlx::Result<Vec<PendingPayout>> {
    repo::pending_payouts(db, order_id, i64::MAX).await
}
