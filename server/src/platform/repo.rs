//! SQL of the worker-platform feed, on its own tables (migration 0041): the projects' platform accounts,
//! the outbox and the built-in sandbox's memory.

use crate::db::Db;
use crate::on_db;

// ---------------------------------------------------------------- settings

#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct SettingRow {
    pub project_id: i64,
    pub app_id: String,
    pub secret: String,
    pub endpoint: String,
    pub enabled: bool,
    pub updated_at: i64,
}

const SETTING_COLUMNS: &str = "project_id, app_id, secret, endpoint, enabled, updated_at";

pub async fn setting(db: &Db, project_id: i64) -> sqlx::Result<Option<SettingRow>> {
    let sql = format!("SELECT {SETTING_COLUMNS} FROM platform_settings WHERE project_id = $1");
    on_db!(db, pool => sqlx::query_as(sqlx::AssertSqlSafe(sql.clone())).bind(project_id).fetch_optional(pool).await)
}

/// The account an app id belongs to (the sandbox checks a call's signature with its secret).
pub async fn setting_of_app(db: &Db, app_id: &str) -> sqlx::Result<Option<SettingRow>> {
    let sql = format!("SELECT {SETTING_COLUMNS} FROM platform_settings WHERE app_id = $1");
    on_db!(db, pool => sqlx::query_as(sqlx::AssertSqlSafe(sql.clone())).bind(app_id).fetch_optional(pool).await)
}

pub async fn enabled_projects(db: &Db) -> sqlx::Result<Vec<i64>> {
    let sql = "SELECT project_id FROM platform_settings WHERE enabled = TRUE ORDER BY project_id";
    on_db!(db, pool => sqlx::query_scalar(sql).fetch_all(pool).await)
}

/// Saves the account; false when another project uses the app id.
pub async fn save_setting(db: &Db, row: &SettingRow) -> sqlx::Result<bool> {
    let taken = "SELECT COUNT(*) FROM platform_settings WHERE app_id = $1 AND project_id <> $2";
    let taken: i64 =
        on_db!(db, pool => sqlx::query_scalar(taken).bind(&row.app_id).bind(row.project_id).fetch_one(pool).await)?;
    if taken > 0 {
        return Ok(false);
    }
    let sql = "INSERT INTO platform_settings (project_id, app_id, secret, endpoint, enabled, updated_at) VALUES ($1, $2, $3, $4, $5, $6) \
               ON CONFLICT (project_id) DO UPDATE SET app_id = excluded.app_id, secret = excluded.secret, \
               endpoint = excluded.endpoint, enabled = excluded.enabled, updated_at = excluded.updated_at";
    crate::execute!(
        db,
        sqlx::query(sql)
            .bind(row.project_id)
            .bind(&row.app_id)
            .bind(&row.secret)
            .bind(&row.endpoint)
            .bind(row.enabled)
            .bind(row.updated_at)
    )?;
    Ok(true)
}

// ---------------------------------------------------------------- outbox

/// (method, record key, fingerprint) of every version of every record queued for the project.
pub async fn queued_versions(db: &Db, project_id: i64) -> sqlx::Result<Vec<(String, String, String)>> {
    let sql = "SELECT method, record_key, fingerprint FROM platform_outbox WHERE project_id = $1";
    on_db!(db, pool => sqlx::query_as(sql).bind(project_id).fetch_all(pool).await)
}

pub struct NewRecord<'a> {
    pub project_id: i64,
    pub method: &'a str,
    pub record_key: &'a str,
    pub label: &'a str,
    pub fingerprint: &'a str,
    pub data: &'a str,
    pub now: i64,
}

/// Queues a version of a record; false when that version was queued before.
pub async fn queue(db: &Db, record: &NewRecord<'_>) -> sqlx::Result<bool> {
    let sql = "INSERT INTO platform_outbox (project_id, method, record_key, label, fingerprint, data, created_at) \
               VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (project_id, method, record_key, fingerprint) DO NOTHING";
    let r = record;
    Ok(crate::execute!(
        db,
        sqlx::query(sql)
            .bind(r.project_id)
            .bind(r.method)
            .bind(r.record_key)
            .bind(r.label)
            .bind(r.fingerprint)
            .bind(r.data)
            .bind(r.now)
    )? == 1)
}

#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct OutboxRow {
    pub id: i64,
    pub project_id: i64,
    pub method: String,
    pub record_key: String,
    pub label: String,
    pub data: String,
    pub status: String,
    pub attempts: i64,
    pub next_attempt_at: i64,
    pub last_error: String,
    pub request_code: String,
    pub result: String,
    pub created_at: i64,
    pub sent_at: i64,
    pub finished_at: i64,
}

const OUTBOX_COLUMNS: &str = "id, project_id, method, record_key, label, data, status, attempts, next_attempt_at, last_error, \
    request_code, result, created_at, sent_at, finished_at";

/// The project's first `limit` records in `status`, oldest first.
pub async fn in_status(db: &Db, project_id: i64, status: &str, limit: i64) -> sqlx::Result<Vec<OutboxRow>> {
    let sql = format!(
        "SELECT {OUTBOX_COLUMNS} FROM platform_outbox WHERE project_id = $1 AND status = $2 ORDER BY id LIMIT $3"
    );
    on_db!(db, pool => sqlx::query_as(sqlx::AssertSqlSafe(sql.clone())).bind(project_id).bind(status).bind(limit).fetch_all(pool).await)
}

/// The platform took the call: its result is to be asked for with `request_code`.
pub async fn mark_sent(db: &Db, id: i64, request_code: &str, now: i64) -> sqlx::Result<()> {
    let sql = "UPDATE platform_outbox SET status = 'sent', request_code = $2, sent_at = $3, attempts = attempts + 1, last_error = '' \
               WHERE id = $1 AND status = 'queued'";
    crate::execute!(db, sqlx::query(sql).bind(id).bind(request_code).bind(now)).map(drop)
}

/// The call did not get through: tried again at `next_attempt_at`.
pub async fn mark_failed_attempt(db: &Db, id: i64, error: &str, next_attempt_at: i64) -> sqlx::Result<()> {
    let sql = "UPDATE platform_outbox SET attempts = attempts + 1, last_error = $2, next_attempt_at = $3 WHERE id = $1 AND status = 'queued'";
    crate::execute!(db, sqlx::query(sql).bind(id).bind(error).bind(next_attempt_at)).map(drop)
}

/// The platform's verdict (`accepted` or `refused`) with its message.
pub async fn finish(db: &Db, id: i64, status: &str, result: &str, now: i64) -> sqlx::Result<()> {
    let sql = "UPDATE platform_outbox SET status = $2, result = $3, finished_at = $4 WHERE id = $1 AND status IN ('queued', 'sent')";
    crate::execute!(db, sqlx::query(sql).bind(id).bind(status).bind(result).bind(now)).map(drop)
}

pub struct OutboxFilter {
    pub project_id: i64,
    /// '' any.
    pub method: String,
    /// '' any.
    pub status: String,
}

const OUTBOX_WHERE: &str = "project_id = $1 AND ($2 = '' OR method = $2) AND ($3 = '' OR status = $3)";

/// A page of the outbox, newest first, and the total.
pub async fn records(db: &Db, filter: &OutboxFilter, limit: i64, offset: i64) -> sqlx::Result<(Vec<OutboxRow>, i64)> {
    let count = format!("SELECT COUNT(*) FROM platform_outbox WHERE {OUTBOX_WHERE}");
    let total: i64 = on_db!(db, pool => sqlx::query_scalar(sqlx::AssertSqlSafe(count.clone()))
        .bind(filter.project_id).bind(&filter.method).bind(&filter.status).fetch_one(pool).await)?;
    let sql = format!(
        "SELECT {OUTBOX_COLUMNS} FROM platform_outbox WHERE {OUTBOX_WHERE} ORDER BY id DESC LIMIT $4 OFFSET $5"
    );
    let rows = on_db!(db, pool => sqlx::query_as(sqlx::AssertSqlSafe(sql.clone()))
        .bind(filter.project_id).bind(&filter.method).bind(&filter.status).bind(limit).bind(offset).fetch_all(pool).await)?;
    Ok((rows, total))
}

/// (status, records) of the project's outbox.
pub async fn counts(db: &Db, project_id: i64) -> sqlx::Result<Vec<(String, i64)>> {
    let sql = "SELECT status, COUNT(*) FROM platform_outbox WHERE project_id = $1 GROUP BY status";
    on_db!(db, pool => sqlx::query_as(sql).bind(project_id).fetch_all(pool).await)
}

// ---------------------------------------------------------------- the sandbox platform

#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct SandboxRow {
    pub request_code: String,
    pub method: String,
    pub status: String,
    pub message: String,
}

pub async fn sandbox_by_nonce(db: &Db, app_id: &str, nonce: &str) -> sqlx::Result<Option<SandboxRow>> {
    let sql =
        "SELECT request_code, method, status, message FROM platform_sandbox_requests WHERE app_id = $1 AND nonce = $2";
    on_db!(db, pool => sqlx::query_as(sql).bind(app_id).bind(nonce).fetch_optional(pool).await)
}

pub async fn sandbox_by_code(db: &Db, app_id: &str, request_code: &str) -> sqlx::Result<Option<SandboxRow>> {
    let sql = "SELECT request_code, method, status, message FROM platform_sandbox_requests WHERE app_id = $1 AND request_code = $2";
    on_db!(db, pool => sqlx::query_as(sql).bind(app_id).bind(request_code).fetch_optional(pool).await)
}

pub struct SandboxReceipt<'a> {
    pub request_code: &'a str,
    pub app_id: &'a str,
    pub nonce: &'a str,
    pub method: &'a str,
    pub data: &'a str,
    pub status: &'a str,
    pub message: &'a str,
    pub now: i64,
}

/// Keeps a call; false when the (app, nonce) was received before (a concurrent resend).
pub async fn sandbox_receive(db: &Db, receipt: &SandboxReceipt<'_>) -> sqlx::Result<bool> {
    let sql = "INSERT INTO platform_sandbox_requests (request_code, app_id, nonce, method, data, status, message, received_at) \
               VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (app_id, nonce) DO NOTHING";
    let r = receipt;
    Ok(crate::execute!(
        db,
        sqlx::query(sql)
            .bind(r.request_code)
            .bind(r.app_id)
            .bind(r.nonce)
            .bind(r.method)
            .bind(r.data)
            .bind(r.status)
            .bind(r.message)
            .bind(r.now)
    )? == 1)
}
