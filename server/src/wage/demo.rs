//! Demo wage sheets staged as they would stand after a clerk's work, for the warnings' demo
//! (`warning::demo`): a sheet in a given state with given nets, without building it from attendance.

use crate::db::Db;
use crate::{clock, execute, on_db};

/// Whether `project_id` has a sheet for `month` (`YYYY-MM`).
pub async fn has_sheet(db: &Db, project_id: i64, month: &str) -> sqlx::Result<bool> {
    let count: i64 = on_db!(db, pool => sqlx::query_scalar(
        "SELECT COUNT(*) FROM wage_sheets WHERE project_id = $1 AND month = $2")
        .bind(project_id)
        .bind(month)
        .fetch_one(pool)
        .await)?;
    Ok(count > 0)
}

/// A sheet of `project_id`'s unit `unit` for `month` in `status`, with a line of 20 days per
/// (worker, employment, net in fen) paid to the worker's card on file.
pub async fn sheet(
    db: &Db,
    project_id: i64,
    unit: i64,
    month: &str,
    status: &str,
    lines: &[(i64, i64, i64)],
) -> sqlx::Result<()> {
    let now = clock::now();
    let sheet_id: i64 = on_db!(db, pool => sqlx::query_scalar(
        "INSERT INTO wage_sheets (project_id, month, unit_id, team_id, seq, status, created_at, confirmed_at, refreshed_at) \
         VALUES ($1, $2, $3, 0, 1, $4, $5, $5, $5) RETURNING id")
        .bind(project_id)
        .bind(month)
        .bind(unit)
        .bind(status)
        .bind(now)
        .fetch_one(pool)
        .await)?;
    for (worker, employment, net) in lines {
        execute!(
            db,
            sqlx::query(
                "INSERT INTO wage_lines (sheet_id, project_id, month, worker_id, employment_id, days, wage_kind, \
                 wage_fen, prefill_fen, payable_fen, net_fen, card_number, card_bank) \
                 SELECT $1, $2, $3, $4, $5, 20, 'day', $6, $7, $7, $7, wage_card_number, wage_card_bank \
                 FROM workers WHERE id = $4"
            )
            .bind(sheet_id)
            .bind(project_id)
            .bind(month)
            .bind(worker)
            .bind(employment)
            .bind(net / 20)
            .bind(net)
        )?;
    }
    Ok(())
}
