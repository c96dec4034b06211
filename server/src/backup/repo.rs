//! SQL of the project exports, on the table the area owns: `export_jobs`.

use crate::db::Db;
use crate::execute;
use crate::on_db;

#[derive(sqlx::FromRow, Debug, Clone)]
pub struct ExportRow {
    pub id: i64,
    pub project_id: i64,
    pub requested_name: String,
    pub status: String,
    pub progress: i64,
    pub file_name: String,
    pub stored_name: String,
    pub size: i64,
    pub detail: String,
    pub instance: String,
    pub created_at: i64,
    pub finished_at: Option<i64>,
    pub expires_at: i64,
}

const COLUMNS: &str = "id, project_id, requested_name, status, progress, file_name, stored_name, size, detail, instance, \
                       created_at, finished_at, expires_at";

pub struct NewExport<'a> {
    pub project_id: i64,
    pub requested_by: i64,
    pub requested_name: &'a str,
    pub instance: &'a str,
    pub created_at: i64,
    pub expires_at: i64,
}

pub async fn insert(db: &Db, export: &NewExport<'_>) -> sqlx::Result<i64> {
    let sql = "INSERT INTO export_jobs (project_id, requested_by, requested_name, status, instance, created_at, expires_at) \
               VALUES ($1, $2, $3, 'queued', $4, $5, $6) RETURNING id";
    on_db!(db, pool => sqlx::query_scalar(sql)
        .bind(export.project_id)
        .bind(export.requested_by)
        .bind(export.requested_name)
        .bind(export.instance)
        .bind(export.created_at)
        .bind(export.expires_at)
        .fetch_one(pool)
        .await)
}

pub async fn find(db: &Db, id: i64) -> sqlx::Result<Option<ExportRow>> {
    let sql = format!("SELECT {COLUMNS} FROM export_jobs WHERE id = $1");
    on_db!(db, pool => sqlx::query_as(sqlx::AssertSqlSafe(sql.clone())).bind(id).fetch_optional(pool).await)
}

/// Whether the project has an export queued or running.
pub async fn has_unfinished(db: &Db, project_id: i64) -> sqlx::Result<bool> {
    let sql = "SELECT COUNT(*) FROM export_jobs WHERE project_id = $1 AND status IN ('queued', 'running')";
    let count: i64 = on_db!(db, pool => sqlx::query_scalar(sql).bind(project_id).fetch_one(pool).await)?;
    Ok(count > 0)
}

/// One page of the project's exports, newest first, and their total.
pub async fn page(db: &Db, project_id: i64, offset: i64, limit: i64) -> sqlx::Result<(Vec<ExportRow>, i64)> {
    let sql = format!("SELECT {COLUMNS} FROM export_jobs WHERE project_id = $1 ORDER BY id DESC LIMIT $2 OFFSET $3");
    let rows = on_db!(db, pool => sqlx::query_as(sqlx::AssertSqlSafe(sql.clone())).bind(project_id).bind(limit).bind(offset).fetch_all(pool).await)?;
    let count_sql = "SELECT COUNT(*) FROM export_jobs WHERE project_id = $1";
    let total = on_db!(db, pool => sqlx::query_scalar(count_sql).bind(project_id).fetch_one(pool).await)?;
    Ok((rows, total))
}

pub async fn set_running(db: &Db, id: i64) -> sqlx::Result<()> {
    execute!(db, sqlx::query("UPDATE export_jobs SET status = 'running', progress = 0 WHERE id = $1").bind(id))?;
    Ok(())
}

pub async fn set_progress(db: &Db, id: i64, progress: i64) -> sqlx::Result<()> {
    execute!(db, sqlx::query("UPDATE export_jobs SET progress = $1 WHERE id = $2").bind(progress).bind(id))?;
    Ok(())
}

pub async fn set_done(db: &Db, id: i64, file_name: &str, stored_name: &str, size: i64, now: i64) -> sqlx::Result<()> {
    let sql = "UPDATE export_jobs SET status = 'done', progress = 100, file_name = $1, stored_name = $2, size = $3, \
               finished_at = $4 WHERE id = $5";
    execute!(db, sqlx::query(sql).bind(file_name).bind(stored_name).bind(size).bind(now).bind(id))?;
    Ok(())
}

pub async fn set_failed(db: &Db, id: i64, detail: &str, now: i64) -> sqlx::Result<()> {
    let sql = "UPDATE export_jobs SET status = 'failed', detail = $1, finished_at = $2 WHERE id = $3";
    execute!(db, sqlx::query(sql).bind(detail).bind(now).bind(id))?;
    Ok(())
}

/// The exports queued or running, of every instance.
pub async fn unfinished(db: &Db) -> sqlx::Result<Vec<ExportRow>> {
    let sql = format!("SELECT {COLUMNS} FROM export_jobs WHERE status IN ('queued', 'running') ORDER BY id");
    on_db!(db, pool => sqlx::query_as(sqlx::AssertSqlSafe(sql.clone())).fetch_all(pool).await)
}

/// The finished exports whose seven days are over at `now`.
pub async fn expired(db: &Db, now: i64) -> sqlx::Result<Vec<ExportRow>> {
    let sql = format!("SELECT {COLUMNS} FROM export_jobs WHERE status = 'done' AND expires_at <= $1 ORDER BY id");
    on_db!(db, pool => sqlx::query_as(sqlx::AssertSqlSafe(sql.clone())).bind(now).fetch_all(pool).await)
}

pub async fn set_expired(db: &Db, id: i64) -> sqlx::Result<()> {
    execute!(db, sqlx::query("UPDATE export_jobs SET status = 'expired', stored_name = '' WHERE id = $1").bind(id))?;
    Ok(())
}

/// SQLite: a consistent copy of the whole database into the new file `path` (`wageguard backup`), taken while
/// other connections write.
pub async fn vacuum_into(db: &Db, path: &str) -> sqlx::Result<()> {
    execute!(db, sqlx::query("VACUUM INTO $1").bind(path))?;
    Ok(())
}

/// PostgreSQL: the tables of the public schema (`wageguard restore` goes only into an empty database).
pub async fn table_count(db: &Db) -> sqlx::Result<i64> {
    let sql = "SELECT COUNT(*) FROM information_schema.tables WHERE table_schema = 'public'";
    on_db!(db, pool => sqlx::query_scalar(sql).fetch_one(pool).await)
}
