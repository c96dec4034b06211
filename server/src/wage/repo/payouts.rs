//! SQL of paying an order: its pending payouts, settling each, and finishing the order and its sheets.

use crate::db::{Db, Tx};
use crate::{execute_in, on_db, on_tx};

/// A payout asked of the bank.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct PendingPayout {
    pub id: i64,
    pub amount_fen: i64,
    pub card_number: String,
    pub card_bank: String,
    pub name: String,
}

/// Orders being paid through the bank's interface (支付中), oldest first: (id, project id). An order paid by
/// a batch file waits for its result file instead.
pub async fn paying_orders(db: &Db) -> sqlx::Result<Vec<(i64, i64)>> {
    on_db!(db, pool => sqlx::query_as("SELECT id, project_id FROM wage_orders WHERE status = 'paying' AND channel = 'api' ORDER BY id").fetch_all(pool).await)
}

pub async fn pending_payouts(db: &Db, order_id: i64, limit: i64) -> sqlx::Result<Vec<PendingPayout>> {
    let sql = "SELECT p.id, p.amount_fen, p.card_number, p.card_bank, w.name FROM payouts p JOIN workers w ON w.id = p.worker_id \
               WHERE p.order_id = $1 AND p.status = 'pending' ORDER BY p.id LIMIT $2";
    on_db!(db, pool => sqlx::query_as(sql).bind(order_id).bind(limit).fetch_all(pool).await)
}

/// Payouts taken per statement when recording the bank's answers (2 parameters each).
pub(super) const TAKE_CHUNK: usize = 1000;

/// Marks the paid payouts (payout, bank reference) still pending as paid, one statement per chunk: answers
/// the ids taken (a payout settled meanwhile is not).
pub async fn take_paid(
    tx: &mut Tx,
    paid: &[(&PendingPayout, String)],
    now: i64,
) -> sqlx::Result<std::collections::HashSet<i64>> {
    let mut taken = std::collections::HashSet::new();
    for part in paid.chunks(TAKE_CHUNK) {
        let values: Vec<String> = (0..part.len()).map(|i| format!("(${}, ${})", 2 * i + 2, 2 * i + 3)).collect();
        let sql = format!(
            "UPDATE payouts SET status = 'paid', bank_ref = v.column2, settled_at = $1 FROM (VALUES {}) AS v \
             WHERE payouts.id = v.column1 AND payouts.status = 'pending' RETURNING payouts.id",
            values.join(", ")
        );
        let ids: Vec<i64> = on_tx!(tx, conn => {
            let mut query = sqlx::query_scalar::<_, i64>(sqlx::AssertSqlSafe(sql.clone())).bind(now);
            for (payout, bank_ref) in part {
                query = query.bind(payout.id).bind(bank_ref);
            }
            query.fetch_all(&mut **conn).await
        })?;
        taken.extend(ids);
    }
    Ok(taken)
}

/// Turns a payout just taken as paid into a failure after all (its money could not be posted).
pub async fn unpay(tx: &mut Tx, payout_id: i64, reason: &str) -> sqlx::Result<()> {
    let sql = "UPDATE payouts SET status = 'failed', bank_ref = '', failure_reason = $2 WHERE id = $1";
    execute_in!(tx, sqlx::query(sql).bind(payout_id).bind(reason))?;
    Ok(())
}

/// Records the bank's refusal of a payout still pending. False: it was settled meanwhile.
pub async fn fail_payout(tx: &mut Tx, payout_id: i64, reason: &str, now: i64) -> sqlx::Result<bool> {
    let sql = "UPDATE payouts SET status = 'failed', failure_reason = $2, settled_at = $3 WHERE id = $1 AND status = 'pending'";
    Ok(execute_in!(tx, sqlx::query(sql).bind(payout_id).bind(reason).bind(now))? > 0)
}

/// The order's failed payouts.
pub async fn failed_payouts_of(db: &Db, order_id: i64) -> sqlx::Result<i64> {
    let sql = "SELECT COUNT(*) FROM payouts WHERE order_id = $1 AND status = 'failed'";
    on_db!(db, pool => sqlx::query_scalar(sql).bind(order_id).fetch_one(pool).await)
}

/// The order's payouts not yet answered by the bank (queued or pending).
pub async fn payouts_left(tx: &mut Tx, order_id: i64) -> sqlx::Result<i64> {
    let sql = "SELECT COUNT(*) FROM payouts WHERE order_id = $1 AND status IN ('queued', 'pending')";
    on_tx!(tx, conn => sqlx::query_scalar(sql).bind(order_id).fetch_one(&mut **conn).await)
}

/// The order's paid and failed sums, fen.
pub async fn payout_sums(tx: &mut Tx, order_id: i64) -> sqlx::Result<(i64, i64)> {
    let sql = "SELECT CAST(COALESCE(SUM(CASE WHEN status = 'paid' THEN amount_fen ELSE 0 END), 0) AS BIGINT), \
               CAST(COALESCE(SUM(CASE WHEN status = 'failed' THEN amount_fen ELSE 0 END), 0) AS BIGINT) FROM payouts WHERE order_id = $1";
    on_tx!(tx, conn => sqlx::query_as(sql).bind(order_id).fetch_one(&mut **conn).await)
}

/// Finishes a 支付中 order as `status` with its sums. False: it was no longer 支付中.
pub async fn finish_order(
    tx: &mut Tx,
    order_id: i64,
    status: &str,
    paid_fen: i64,
    failed_fen: i64,
    now: i64,
) -> sqlx::Result<bool> {
    let sql = "UPDATE wage_orders SET status = $2, paid_fen = $3, failed_fen = $4, finished_at = $5 WHERE id = $1 AND status = 'paying'";
    Ok(execute_in!(tx, sqlx::query(sql).bind(order_id).bind(status).bind(paid_fen).bind(failed_fen).bind(now))? > 0)
}

/// The sheets an order's settlement touches (its own, and those of the lines it re-issued): (id, status, the
/// status their lines' payouts call for: 'partial' while a line with net pay has no paid payout, else 'paid').
pub async fn settled_sheets(tx: &mut Tx, order_id: i64) -> sqlx::Result<Vec<(i64, String, String)>> {
    let sql = "SELECT s.id, s.status, CASE WHEN EXISTS (SELECT 1 FROM wage_lines l WHERE l.sheet_id = s.id \
        AND l.net_fen > 0 AND NOT EXISTS (SELECT 1 FROM payouts q WHERE q.line_id = l.id AND q.status = 'paid')) THEN 'partial' ELSE 'paid' END \
        FROM wage_sheets s WHERE s.status IN ('confirmed', 'partial', 'paid') AND s.id IN (SELECT sheet_id FROM wage_order_sheets WHERE order_id = $1 \
        UNION SELECT l.sheet_id FROM payouts p JOIN wage_lines l ON l.id = p.line_id WHERE p.order_id = $1) ORDER BY s.id";
    on_tx!(tx, conn => sqlx::query_as(sql).bind(order_id).fetch_all(&mut **conn).await)
}

/// Moves a sheet from one payment status to another.
pub async fn move_sheet(tx: &mut Tx, sheet_id: i64, from: &str, to: &str) -> sqlx::Result<()> {
    let sql = "UPDATE wage_sheets SET status = $3 WHERE id = $1 AND status = $2";
    execute_in!(tx, sqlx::query(sql).bind(sheet_id).bind(from).bind(to))?;
    Ok(())
}

/// Orders of the settled order's project left 部分发放 whose every failed line has since been paid (by a
/// re-issue). A project has few such orders; each is judged on its own payouts (`payouts_order`) and the
/// paid payout of a line (`payouts_one_paid`).
pub async fn orders_made_whole(tx: &mut Tx, order_id: i64) -> sqlx::Result<Vec<i64>> {
    let sql = "SELECT o.id FROM wage_orders o WHERE o.status = 'partial' \
        AND o.project_id = (SELECT project_id FROM wage_orders WHERE id = $1) \
        AND NOT EXISTS (SELECT 1 FROM payouts p WHERE p.order_id = o.id AND p.status = 'failed' \
        AND NOT EXISTS (SELECT 1 FROM payouts q WHERE q.line_id = p.line_id AND q.status = 'paid')) ORDER BY o.id";
    on_tx!(tx, conn => sqlx::query_scalar(sql).bind(order_id).fetch_all(&mut **conn).await)
}

/// A 部分发放 order becomes 已支付.
pub async fn make_whole(tx: &mut Tx, order_id: i64) -> sqlx::Result<()> {
    let sql = "UPDATE wage_orders SET status = 'paid' WHERE id = $1 AND status = 'partial'";
    execute_in!(tx, sqlx::query(sql).bind(order_id))?;
    Ok(())
}
