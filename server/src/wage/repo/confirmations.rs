//! SQL of the workers' confirmations of their wage lines (`wage_line_confirmations`) and of what the worker
//! side reads of his own lines and their payouts.

use crate::db::{Db, Tx, int_binds, placeholders};
use crate::{bind_all, execute_in, on_db, on_tx};

/// A worker's word on a line.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct ConfirmationRow {
    pub line_id: i64,
    pub project_id: i64,
    pub status: String,
    pub decided_at: i64,
    pub reason: String,
    pub text: String,
    pub answer: String,
    pub answered_at: i64,
}

const CONFIRMATION_SELECT: &str = "SELECT line_id, project_id, status, decided_at, reason, text, answer, \
    answered_at FROM wage_line_confirmations";

pub async fn confirmations_of(db: &Db, line_ids: &[i64]) -> sqlx::Result<Vec<ConfirmationRow>> {
    if line_ids.is_empty() {
        return Ok(Vec::new());
    }
    let sql = format!("{CONFIRMATION_SELECT} WHERE line_id IN ({})", placeholders(1, line_ids.len()));
    let binds = int_binds(line_ids);
    on_db!(db, pool => bind_all!(sqlx::query_as(sqlx::AssertSqlSafe(sql.clone())), &binds).fetch_all(pool).await)
}

/// Asks the workers of the sheet's lines to confirm them, inside `tx`: a line not asked yet, or whose net has
/// changed since it was asked, becomes pending for its net now. Answers the lines asked.
pub async fn ask_sheet(tx: &mut Tx, sheet_id: i64, now: i64) -> sqlx::Result<Vec<i64>> {
    let sql = "INSERT INTO wage_line_confirmations (line_id, project_id, worker_id, net_fen, status, asked_at) \
               SELECT l.id, l.project_id, l.worker_id, l.net_fen, 'pending', $2 FROM wage_lines l WHERE l.sheet_id = $1 \
               ON CONFLICT (line_id) DO UPDATE SET net_fen = excluded.net_fen, status = 'pending', asked_at = excluded.asked_at, \
               decided_at = 0, reason = '', text = '', answer = '', answered_at = 0, answered_by = NULL, lead_id = NULL \
               WHERE wage_line_confirmations.net_fen <> excluded.net_fen RETURNING line_id";
    on_tx!(tx, conn => sqlx::query_scalar(sql).bind(sheet_id).bind(now).fetch_all(&mut **conn).await)
}

/// (phone, name, month, payable, net) of the workers of `line_ids` with a phone, for the SMS that asks them.
pub async fn ask_contacts(db: &Db, line_ids: &[i64]) -> sqlx::Result<Vec<(String, String, String, i64, i64)>> {
    if line_ids.is_empty() {
        return Ok(Vec::new());
    }
    let sql = format!(
        "SELECT w.phone, w.name, l.month, l.payable_fen, l.net_fen FROM wage_lines l JOIN workers w ON w.id = l.worker_id \
         WHERE w.phone <> '' AND l.id IN ({})",
        placeholders(1, line_ids.len())
    );
    let binds = int_binds(line_ids);
    on_db!(db, pool => bind_all!(sqlx::query_as(sqlx::AssertSqlSafe(sql.clone())), &binds).fetch_all(pool).await)
}

/// The worker confirms a line he has not confirmed yet, inside `tx`; false when it was already confirmed.
pub async fn set_confirmed(tx: &mut Tx, line_id: i64, now: i64) -> sqlx::Result<bool> {
    let sql = "UPDATE wage_line_confirmations SET status = 'confirmed', decided_at = $2 WHERE line_id = $1 AND status <> 'confirmed'";
    Ok(execute_in!(tx, sqlx::query(sql).bind(line_id).bind(now))? == 1)
}

/// The worker disputes a line, inside `tx`, unless a dispute of his waits for its answer; false then.
pub async fn set_disputed(tx: &mut Tx, line_id: i64, (reason, text): (&str, &str), now: i64) -> sqlx::Result<bool> {
    let sql = "UPDATE wage_line_confirmations SET status = 'disputed', decided_at = $2, reason = $3, text = $4, answer = '', \
               answered_at = 0, answered_by = NULL, lead_id = NULL WHERE line_id = $1 AND NOT (status = 'disputed' AND answered_at = 0)";
    Ok(execute_in!(tx, sqlx::query(sql).bind(line_id).bind(now).bind(reason).bind(text))? == 1)
}

/// The clerk answers the line's dispute, inside `tx`; false when it has no unanswered dispute.
pub async fn set_answer(tx: &mut Tx, line_id: i64, answer: &str, (account_id, now): (i64, i64)) -> sqlx::Result<bool> {
    let sql = "UPDATE wage_line_confirmations SET answer = $2, answered_at = $3, answered_by = $4 \
               WHERE line_id = $1 AND status = 'disputed' AND answered_at = 0";
    Ok(execute_in!(tx, sqlx::query(sql).bind(line_id).bind(answer).bind(now).bind(account_id))? == 1)
}

/// (pending, disputed, disputed and unanswered) among the lines of the sheets `sheet_ids`.
pub async fn sheet_confirmation_counts(db: &Db, sheet_ids: &[i64]) -> sqlx::Result<(i64, i64, i64)> {
    if sheet_ids.is_empty() {
        return Ok((0, 0, 0));
    }
    let sql = format!(
        "SELECT COALESCE(SUM(CASE WHEN c.status = 'pending' THEN 1 ELSE 0 END), 0), \
         COALESCE(SUM(CASE WHEN c.status = 'disputed' THEN 1 ELSE 0 END), 0), \
         COALESCE(SUM(CASE WHEN c.status = 'disputed' AND c.answered_at = 0 THEN 1 ELSE 0 END), 0) \
         FROM wage_line_confirmations c JOIN wage_lines l ON l.id = c.line_id WHERE l.sheet_id IN ({})",
        placeholders(1, sheet_ids.len())
    );
    let binds = int_binds(sheet_ids);
    on_db!(db, pool => bind_all!(sqlx::query_as(sqlx::AssertSqlSafe(sql.clone())), &binds).fetch_one(pool).await)
}

/// (pending, disputed, disputed and unanswered) among the lines an order pays.
pub async fn order_confirmation_counts(db: &Db, order_id: i64) -> sqlx::Result<(i64, i64, i64)> {
    let sql = "SELECT COALESCE(SUM(CASE WHEN c.status = 'pending' THEN 1 ELSE 0 END), 0), \
               COALESCE(SUM(CASE WHEN c.status = 'disputed' THEN 1 ELSE 0 END), 0), \
               COALESCE(SUM(CASE WHEN c.status = 'disputed' AND c.answered_at = 0 THEN 1 ELSE 0 END), 0) \
               FROM wage_line_confirmations c JOIN payouts p ON p.line_id = c.line_id WHERE p.order_id = $1";
    on_db!(db, pool => sqlx::query_as(sql).bind(order_id).fetch_one(pool).await)
}

/// One of the worker's lines as his pages list it.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct OwnLineRow {
    pub id: i64,
    pub sheet_id: i64,
    pub project_id: i64,
    pub project_name: String,
    pub month: String,
    pub days: i64,
    pub payable_fen: i64,
    pub deduction_fen: i64,
    pub adjustment_fen: i64,
    pub net_fen: i64,
    pub sheet_status: String,
    pub card_number: String,
    pub card_bank_name: String,
}

const OWN_LINE_SELECT: &str = "SELECT l.id, l.sheet_id, l.project_id, p.name AS project_name, l.month, l.days, l.payable_fen, \
    l.deduction_fen, l.adjustment_fen, l.net_fen, s.status AS sheet_status, l.card_number, COALESCE(b.name, '') AS card_bank_name \
    FROM wage_lines l JOIN wage_sheets s ON s.id = l.sheet_id JOIN projects p ON p.id = l.project_id \
    LEFT JOIN banks b ON b.code = l.card_bank AND b.parent_code = ''";

/// A page of the worker's lines, newest month first, and their count.
pub async fn own_lines(db: &Db, worker_id: i64, limit: i64, offset: i64) -> sqlx::Result<(Vec<OwnLineRow>, i64)> {
    let sql = format!("{OWN_LINE_SELECT} WHERE l.worker_id = $1 ORDER BY l.month DESC, l.id DESC LIMIT $2 OFFSET $3");
    on_db!(db, pool => {
        let rows = sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(worker_id).bind(limit).bind(offset).fetch_all(pool).await?;
        let total: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM wage_lines WHERE worker_id = $1").bind(worker_id).fetch_one(pool).await?;
        Ok((rows, total))
    })
}

/// The worker's line `id`, if it is his.
pub async fn own_line(db: &Db, worker_id: i64, id: i64) -> sqlx::Result<Option<OwnLineRow>> {
    let sql = format!("{OWN_LINE_SELECT} WHERE l.id = $1 AND l.worker_id = $2");
    on_db!(db, pool => sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(id).bind(worker_id).fetch_optional(pool).await)
}

/// A payout of a line, as the worker's pages show it.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct LinePayoutRow {
    pub line_id: i64,
    pub order_id: i64,
    pub status: String,
    pub bank_ref: String,
    pub settled_at: i64,
    pub card_number: String,
    pub card_bank_name: String,
    pub failure_reason: String,
    pub reissued: bool,
}

/// Every payout of the lines, oldest first.
pub async fn line_payouts(db: &Db, line_ids: &[i64]) -> sqlx::Result<Vec<LinePayoutRow>> {
    if line_ids.is_empty() {
        return Ok(Vec::new());
    }
    let sql = format!(
        "SELECT p.line_id, p.order_id, p.status, p.bank_ref, p.settled_at, p.card_number, COALESCE(b.name, '') AS card_bank_name, \
         p.failure_reason, p.reissued_by IS NOT NULL AS reissued FROM payouts p \
         LEFT JOIN banks b ON b.code = p.card_bank AND b.parent_code = '' WHERE p.line_id IN ({}) ORDER BY p.id",
        placeholders(1, line_ids.len())
    );
    let binds = int_binds(line_ids);
    on_db!(db, pool => bind_all!(sqlx::query_as(sqlx::AssertSqlSafe(sql.clone())), &binds).fetch_all(pool).await)
}

/// Whether the project submits orders only once every worker on them has confirmed (false without a row).
pub async fn confirmation_required(db: &Db, project_id: i64) -> sqlx::Result<bool> {
    let sql = "SELECT confirmation_required FROM payroll_settings WHERE project_id = $1";
    let stored: Option<bool> = on_db!(db, pool => sqlx::query_scalar(sql).bind(project_id).fetch_optional(pool).await)?;
    Ok(stored.unwrap_or(false))
}

pub async fn set_confirmation_required(tx: &mut Tx, project_id: i64, required: bool, now: i64) -> sqlx::Result<()> {
    let sql = "INSERT INTO payroll_settings (project_id, confirmation_required, updated_at) VALUES ($1, $2, $3) \
               ON CONFLICT (project_id) DO UPDATE SET confirmation_required = excluded.confirmation_required, \
               updated_at = excluded.updated_at";
    execute_in!(tx, sqlx::query(sql).bind(project_id).bind(required).bind(now)).map(|_| ())
}

/// A dispute the clerk has not answered and no lead carries yet.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct OpenDisputeRow {
    pub line_id: i64,
    pub project_id: i64,
    pub worker_id: i64,
    pub month: String,
    pub net_fen: i64,
    pub unit_name: String,
    pub reason: String,
    pub text: String,
    pub decided_at: i64,
}

/// Unanswered disputes raised before `before`, oldest first: all of them, or only those no lead carries yet.
pub async fn open_disputes(db: &Db, before: i64, uncarried_only: bool) -> sqlx::Result<Vec<OpenDisputeRow>> {
    let sql = "SELECT c.line_id, c.project_id, c.worker_id, l.month, l.net_fen, COALESCE(co.name, '') AS unit_name, \
               c.reason, c.text, c.decided_at FROM wage_line_confirmations c JOIN wage_lines l ON l.id = c.line_id \
               JOIN wage_sheets s ON s.id = l.sheet_id LEFT JOIN project_units pu ON pu.id = s.unit_id \
               LEFT JOIN companies co ON co.id = pu.company_id \
               WHERE c.status = 'disputed' AND c.answered_at = 0 AND (c.lead_id IS NULL OR NOT $2) AND c.decided_at < $1 \
               ORDER BY c.decided_at";
    on_db!(db, pool => sqlx::query_as(sql).bind(before).bind(uncarried_only).fetch_all(pool).await)
}

/// Records inside `tx` that `lead_id` now carries the line's unanswered dispute; false when it was answered
/// or carried meanwhile.
pub async fn set_dispute_lead(tx: &mut Tx, line_id: i64, lead_id: i64) -> sqlx::Result<bool> {
    let sql = "UPDATE wage_line_confirmations SET lead_id = $2 WHERE line_id = $1 AND status = 'disputed' \
               AND answered_at = 0 AND lead_id IS NULL";
    Ok(execute_in!(tx, sqlx::query(sql).bind(line_id).bind(lead_id))? == 1)
}

/// (project, month, paid lines whose worker had not confirmed, paid lines asked) of the months from `from`.
pub async fn paid_unconfirmed(db: &Db, from: &str) -> sqlx::Result<Vec<(i64, String, i64, i64)>> {
    let sql = "SELECT l.project_id, l.month, \
               COALESCE(SUM(CASE WHEN c.status <> 'confirmed' OR c.decided_at > p.settled_at THEN 1 ELSE 0 END), 0), COUNT(*) \
               FROM payouts p JOIN wage_lines l ON l.id = p.line_id JOIN wage_line_confirmations c ON c.line_id = l.id \
               WHERE p.status = 'paid' AND l.month >= $1 GROUP BY l.project_id, l.month";
    on_db!(db, pool => sqlx::query_as(sql).bind(from).fetch_all(pool).await)
}

/// (unit, month, lines asked, of them confirmed) of the cohort's lines of the months `first`..=`last`.
pub async fn confirmations_per_unit_month(
    db: &Db,
    cohort: &crate::db::cohort::Cohort,
    first: &str,
    last: &str,
) -> sqlx::Result<Vec<(i64, String, i64, i64)>> {
    let sql = format!(
        "SELECT e.unit_id, l.month, COUNT(*), COALESCE(SUM(CASE WHEN c.status = 'confirmed' THEN 1 ELSE 0 END), 0) \
         FROM wage_line_confirmations c JOIN wage_lines l ON l.id = c.line_id JOIN employments e ON e.id = l.employment_id \
         WHERE l.month >= $1 AND l.month <= $2 AND {} GROUP BY e.unit_id, l.month ORDER BY l.month, e.unit_id",
        cohort.clause("e", 3)
    );
    let mut binds = vec![crate::db::Bind::Text(first.into()), crate::db::Bind::Text(last.into())];
    binds.extend(cohort.binds());
    on_db!(db, pool => bind_all!(sqlx::query_as(sqlx::AssertSqlSafe(sql.clone())), &binds).fetch_all(pool).await)
}

/// (project, disputes open, of them unanswered) of the projects `ids` that have any.
pub async fn disputes_per_project(db: &Db, ids: &[i64]) -> sqlx::Result<Vec<(i64, i64, i64)>> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    let sql = format!(
        "SELECT project_id, COUNT(*), COALESCE(SUM(CASE WHEN answered_at = 0 THEN 1 ELSE 0 END), 0) \
         FROM wage_line_confirmations WHERE status = 'disputed' AND project_id IN ({}) GROUP BY project_id",
        placeholders(1, ids.len())
    );
    let binds = int_binds(ids);
    on_db!(db, pool => bind_all!(sqlx::query_as(sqlx::AssertSqlSafe(sql.clone())), &binds).fetch_all(pool).await)
}
