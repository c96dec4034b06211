//! Paying an approved order through the bank, and finishing orders a crash left 支付中. Payouts are asked
//! in chunks with the idempotency key `wg-payout-<id>`: asking again (after a crash, or by two instances at
//! once) gets the bank's first answer, and a payout is settled only while still pending, so no line is
//! paid twice.

use super::repo::{self, Actor, PendingPayout, Settlement};
use crate::bank::{BankGateway, PayOutcome, PayRequest};
use crate::db::Db;

/// Payouts asked of the bank and settled per transaction.
const CHUNK: i64 = 5_000;

pub fn idempotency_key(payout_id: i64) -> String {
    format!("wg-payout-{payout_id}")
}

/// Asks the bank for up to `max_lines` pending payouts of the order and records the answers; finishes the
/// order when none is left. `Err`: the bank could not be asked; the order stays 支付中 for a later retry.
pub async fn pay_order(db: &Db, bank: &dyn BankGateway, order_id: i64, actor: &Actor, max_lines: i64) -> anyhow::Result<()> {
    let order = repo::order(db, 0, order_id).await?.ok_or_else(|| anyhow::anyhow!("order {order_id} vanished"))?;
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
        repo::settle(db, &settlement, actor).await?;
        if batch.is_empty() || left <= 0 {
            return Ok(());
        }
    }
}

/// At start-up (and hourly): every order left 支付中 is paid on, as its approver.
pub async fn recover(db: &Db, bank: &dyn BankGateway) -> anyhow::Result<usize> {
    let orders = repo::paying_orders(db).await?;
    for (order_id, _) in &orders {
        let order = repo::order(db, 0, *order_id).await?.ok_or_else(|| anyhow::anyhow!("order {order_id} vanished"))?;
        let Some(approver) = order.decided_by else { continue };
        let actor = Actor { account_id: approver, account_name: "系统恢复支付".into(), ip: String::new() };
        pay_order(db, bank, *order_id, &actor, i64::MAX).await?;
    }
    Ok(orders.len())
}

/// Used by tests and the bench to look at what is pending.
pub async fn pending(db: &Db, order_id: i64) -> sqlx::Result<Vec<PendingPayout>> {
    repo::pending_payouts(db, order_id, i64::MAX).await
}
