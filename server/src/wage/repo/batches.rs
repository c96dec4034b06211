//! SQL of the file channel (issue 32): the batch numbers of an order's payouts, the batch's lines, and the
//! result files applied.

use crate::db::{Db, Tx};
use crate::{execute_in, on_db, on_tx};

/// Numbers the order's pending payouts 1, 2, … in payout order (their 序号 in the batch file), inside the
/// approval's `tx`; payouts numbered already keep theirs.
pub async fn number_batch(tx: &mut Tx, order_id: i64) -> sqlx::Result<u64> {
    let sql = "UPDATE payouts SET batch_seq = (SELECT COUNT(*) FROM payouts q WHERE q.order_id = payouts.order_id \
               AND q.status = 'pending' AND q.id <= payouts.id) WHERE order_id = $1 AND status = 'pending' AND batch_seq IS NULL";
    execute_in!(tx, sqlx::query(sql).bind(order_id))
}

/// A line of an order's batch file, with what is recorded of it.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct BatchLine {
    pub payout_id: i64,
    pub batch_seq: i64,
    pub card_number: String,
    pub card_bank: String,
    pub bank_name: String,
    pub name: String,
    pub amount_fen: i64,
    /// pending, paid or failed.
    pub status: String,
    pub bank_ref: String,
}

/// Every numbered payout of the order, by 序号 (the batch file's lines).
pub async fn batch_lines(db: &Db, order_id: i64) -> sqlx::Result<Vec<BatchLine>> {
    let sql = "SELECT p.id AS payout_id, p.batch_seq, p.card_number, p.card_bank, COALESCE(b.name, '') AS bank_name, w.name, \
               p.amount_fen, p.status, p.bank_ref FROM payouts p JOIN workers w ON w.id = p.worker_id \
               LEFT JOIN banks b ON b.code = p.card_bank AND b.parent_code = '' \
               WHERE p.order_id = $1 AND p.batch_seq IS NOT NULL ORDER BY p.batch_seq";
    on_db!(db, pool => sqlx::query_as(sql).bind(order_id).fetch_all(pool).await)
}

/// Whether the result file of SHA-256 `sha256` was applied to the order already.
pub async fn result_applied(tx: &mut Tx, order_id: i64, sha256: &str) -> sqlx::Result<bool> {
    let sql = "SELECT COUNT(*) FROM wage_batch_results WHERE order_id = $1 AND file_sha256 = $2";
    let count: i64 =
        on_tx!(tx, conn => sqlx::query_scalar(sql).bind(order_id).bind(sha256).fetch_one(&mut **conn).await)?;
    Ok(count > 0)
}

/// Records a result file applied, inside the `tx` that applied it.
pub async fn record_result(
    tx: &mut Tx,
    order_id: i64,
    sha256: &str,
    (paid, failed): (i64, i64),
    applied_by: i64,
    now: i64,
) -> sqlx::Result<()> {
    let sql = "INSERT INTO wage_batch_results (order_id, file_sha256, paid, failed, applied_by, applied_at) VALUES ($1, $2, $3, $4, $5, $6)";
    execute_in!(tx, sqlx::query(sql).bind(order_id).bind(sha256).bind(paid).bind(failed).bind(applied_by).bind(now))?;
    Ok(())
}
