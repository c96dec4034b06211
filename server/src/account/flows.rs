//! Money on a special account, the account area's service for every movement. A flow and the account's new
//! balance are written in one transaction, so the balance is always the sum of the flows and a debit that
//! would overdraw the account changes nothing.
//!
//! [`post_in`] and [`post_debits`] post inside a transaction the caller already holds (a payout writes its
//! line, its flow and its log line together); [`post`] and [`post_logged`] open one of their own.

use super::repo;
use crate::db::{Db, Tx};
use crate::oplog;

pub use super::model::{Direction, NewFlow, Posted, Source};

/// Posts a [`NewFlow`] inside the open transaction `tx`. `None` when the project has no special account or a
/// debit exceeds the balance (nothing is written then; the caller decides whether to roll back).
pub async fn post_in(tx: &mut Tx, flow: &NewFlow<'_>) -> sqlx::Result<Option<Posted>> {
    let Some(balance_after_fen) =
        repo::move_balance(tx, flow.project_id, flow.amount_fen, flow.direction == Direction::In).await?
    else {
        return Ok(None);
    };
    Ok(Some(repo::insert_flow(tx, flow, balance_after_fen).await?))
}

/// Posts several 'out' flows of one project inside the open transaction `tx`, with one balance update for
/// their sum: each flow's balance-after is the balance before it minus its amount, in the order given, so the
/// account still equals the sum of its flows. `false` when the project has no special account or the sum
/// exceeds the balance (nothing is written; the caller can then post line by line to pay what the balance
/// covers).
pub async fn post_debits(tx: &mut Tx, project_id: i64, flows: &[NewFlow<'_>]) -> sqlx::Result<bool> {
    debug_assert!(flows.iter().all(|flow| flow.project_id == project_id && flow.direction == Direction::Out));
    let total: i64 = flows.iter().map(|flow| flow.amount_fen).sum();
    let Some(balance_after_all) = repo::move_balance(tx, project_id, total, false).await? else {
        return Ok(false);
    };
    repo::insert_debits(tx, balance_after_all + total, flows).await?;
    Ok(true)
}

/// The special account's balance, None without an account.
pub async fn balance(db: &Db, project_id: i64) -> sqlx::Result<Option<i64>> {
    repo::balance(db, project_id).await
}

/// The balance as the open transaction `tx` sees it, None without an account.
pub async fn balance_in(tx: &mut Tx, project_id: i64) -> sqlx::Result<Option<i64>> {
    repo::balance_in(tx, project_id).await
}

/// Posts one flow in a transaction of its own (money recorded by the regulator, arrivals from the bank).
pub async fn post(db: &Db, flow: &NewFlow<'_>) -> sqlx::Result<Option<Posted>> {
    let mut tx = Tx::begin(db).await?;
    let posted = post_in(&mut tx, flow).await?;
    if posted.is_some() {
        tx.commit().await?;
    } else {
        tx.rollback().await?;
    }
    Ok(posted)
}

/// Posts one flow and its log line (about the flow: `entry`'s target is set to it) in one transaction.
/// `None`: the project has no special account (nothing is written).
pub async fn post_logged(db: &Db, flow: &NewFlow<'_>, entry: oplog::Entry<'_>) -> sqlx::Result<Option<Posted>> {
    let mut tx = Tx::begin(db).await?;
    let Some(posted) = post_in(&mut tx, flow).await? else {
        tx.rollback().await?;
        return Ok(None);
    };
    oplog::record_in(&mut tx, &entry.on("account_flow", posted.flow_id)).await?;
    tx.commit().await?;
    Ok(Some(posted))
}
