//! A worker leaving the site and coming back, and his labour contract's signing.

use crate::db::Tx;
use crate::{execute_in, on_tx};

/// Marks an active employment exited on `exit_date`, inside `tx`. Whether it was active.
pub async fn exit(tx: &mut Tx, project_id: i64, id: i64, exit_date: &str, now: i64) -> sqlx::Result<bool> {
    let sql = "UPDATE employments SET status = 2, exit_date = $1, updated_at = $2 WHERE project_id = $3 AND id = $4 AND status = 1";
    Ok(execute_in!(tx, sqlx::query(sql).bind(exit_date).bind(now).bind(project_id).bind(id))? == 1)
}

/// A new line copying the project's exited line `id` (unit, team, work type, newest wage standard, contract)
/// from `entry_date`, inside `tx`. None when the worker is active on the project again already.
pub async fn insert_reentry(
    tx: &mut Tx,
    project_id: i64,
    id: i64,
    entry_date: &str,
    now: i64,
) -> sqlx::Result<Option<i64>> {
    let sql = "INSERT INTO employments (project_id, worker_id, unit_id, team_id, work_type, wage_kind, wage_fen, contract_signed, \
               contract_start, contract_end, contract_file, entry_date, status, created_at, updated_at) \
               SELECT project_id, worker_id, unit_id, team_id, work_type, wage_kind, wage_fen, contract_signed, contract_start, \
               contract_end, contract_file, $1, 1, $2, $2 FROM employments WHERE project_id = $3 AND id = $4 AND status = 2 \
               ON CONFLICT (project_id, worker_id) WHERE status = 1 DO NOTHING RETURNING id";
    on_tx!(tx, conn => sqlx::query_scalar(sql).bind(entry_date).bind(now).bind(project_id).bind(id).fetch_optional(&mut **conn).await)
}

/// Marks the project's employment `id` as having a signed labour contract, its file `file_url`, inside `tx`.
/// Whether the line is the project's.
pub async fn mark_contract_signed(
    tx: &mut Tx,
    project_id: i64,
    id: i64,
    file_url: &str,
    now: i64,
) -> sqlx::Result<bool> {
    let sql = "UPDATE employments SET contract_signed = TRUE, contract_file = $1, updated_at = $2 WHERE project_id = $3 AND id = $4";
    Ok(execute_in!(tx, sqlx::query(sql).bind(file_url).bind(now).bind(project_id).bind(id))? == 1)
}
