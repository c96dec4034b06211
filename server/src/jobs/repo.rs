//! `job_runs`: the lock and the record of every scheduled job run.

use serde::Serialize;

use crate::db::Db;
use crate::execute;
use crate::on_db;

#[derive(sqlx::FromRow, Serialize, Debug, Clone)]
pub struct JobRun {
    pub job: String,
    /// The period's first second (unix time); None for a start-up run.
    pub slot: Option<i64>,
    pub instance: String,
    pub started_at: i64,
    pub finished_at: Option<i64>,
    /// `running`, `ok` or `failed`.
    pub outcome: String,
    pub detail: String,
}

/// Records the start of `job` for `slot` and answers the run's id, or None when another instance recorded
/// that slot first. A None slot (a start-up run) is always recorded.
pub async fn claim(db: &Db, job: &str, slot: Option<i64>, instance: &str, now: i64) -> sqlx::Result<Option<i64>> {
    let sql = "INSERT INTO job_runs (job, slot, instance, started_at, outcome) VALUES ($1, $2, $3, $4, 'running') \
               ON CONFLICT (job, slot) DO NOTHING RETURNING id";
    on_db!(db, pool => sqlx::query_scalar(sql).bind(job).bind(slot).bind(instance).bind(now).fetch_optional(pool).await)
}

pub async fn finish(db: &Db, id: i64, outcome: &str, detail: &str, now: i64) -> sqlx::Result<()> {
    let sql = "UPDATE job_runs SET finished_at = $1, outcome = $2, detail = $3 WHERE id = $4";
    execute!(db, sqlx::query(sql).bind(now).bind(outcome).bind(detail).bind(id))?;
    Ok(())
}

/// The newest runs first (`wageguard jobs`, the tests).
pub async fn recent(db: &Db, limit: i64) -> sqlx::Result<Vec<JobRun>> {
    let sql =
        "SELECT job, slot, instance, started_at, finished_at, outcome, detail FROM job_runs ORDER BY id DESC LIMIT $1";
    on_db!(db, pool => sqlx::query_as(sql).bind(limit).fetch_all(pool).await)
}
