use crate::clock;
use crate::db::Db;
use crate::{execute, on_db};

#[derive(Clone, Debug, sqlx::FromRow)]
pub struct CreditRow {
    pub id: i64,
    pub project_id: i64,
    pub project_name: String,
    pub kind: String,
    pub subject_type: String,
    pub worker_id: Option<i64>,
    pub unit_id: Option<i64>,
    pub subject_name: String,
    pub id_number: String,
    pub record_date: String,
    pub reason: String,
    pub issuer: String,
    pub attachments: String,
    pub created_at: i64,
}

/// A validated record to store.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewCredit {
    pub kind: String,
    pub subject_type: String,
    pub worker_id: Option<i64>,
    pub unit_id: Option<i64>,
    pub subject_name: String,
    pub id_number: String,
    pub record_date: String,
    pub reason: String,
    pub issuer: String,
    pub attachments: String,
}

const SELECT: &str = "SELECT r.id, r.project_id, p.name AS project_name, r.kind, r.subject_type, r.worker_id, r.unit_id, \
                      r.subject_name, r.id_number, r.record_date, r.reason, r.issuer, r.attachments, r.created_at \
                      FROM credit_records r JOIN projects p ON p.id = r.project_id";

/// kind ($1), project ($2, 0 = all), subject type ($3, '' = all), name / ID number pattern ($4),
/// dates from ($5) and to ($6) ('' = open).
const FILTER: &str = "r.kind = $1 AND ($2 = 0 OR r.project_id = $2) AND ($3 = '' OR r.subject_type = $3) \
                      AND ($4 = '' OR r.subject_name LIKE $4 ESCAPE '\\' OR r.id_number LIKE $4 ESCAPE '\\') \
                      AND ($5 = '' OR r.record_date >= $5) AND ($6 = '' OR r.record_date <= $6)";

pub struct CreditFilter<'a> {
    pub kind: &'a str,
    pub project_id: i64,
    pub subject_type: &'a str,
    pub pattern: &'a str,
    pub date_from: &'a str,
    pub date_to: &'a str,
}

pub async fn count(db: &Db, filter: &CreditFilter<'_>) -> sqlx::Result<i64> {
    let sql = format!("SELECT COUNT(*) FROM credit_records r WHERE {FILTER}");
    on_db!(db, pool => sqlx::query_scalar(sqlx::AssertSqlSafe(sql.clone()))
        .bind(filter.kind).bind(filter.project_id).bind(filter.subject_type).bind(filter.pattern)
        .bind(filter.date_from).bind(filter.date_to)
        .fetch_one(pool).await)
}

pub async fn page(db: &Db, filter: &CreditFilter<'_>, limit: i64, offset: i64) -> sqlx::Result<Vec<CreditRow>> {
    let sql = format!("{SELECT} WHERE {FILTER} ORDER BY r.record_date DESC, r.id DESC LIMIT $7 OFFSET $8");
    on_db!(db, pool => sqlx::query_as(sqlx::AssertSqlSafe(sql.clone()))
        .bind(filter.kind).bind(filter.project_id).bind(filter.subject_type).bind(filter.pattern)
        .bind(filter.date_from).bind(filter.date_to).bind(limit).bind(offset)
        .fetch_all(pool).await)
}

pub async fn find(db: &Db, id: i64) -> sqlx::Result<Option<CreditRow>> {
    let sql = format!("{SELECT} WHERE r.id = $1");
    on_db!(db, pool => sqlx::query_as(sqlx::AssertSqlSafe(sql.clone())).bind(id).fetch_optional(pool).await)
}

/// The registered worker with this ID number: (id, name).
pub async fn find_worker(db: &Db, id_number: &str) -> sqlx::Result<Option<(i64, String)>> {
    on_db!(db, pool => sqlx::query_as("SELECT id, name FROM workers WHERE id_number = $1").bind(id_number).fetch_optional(pool).await)
}

pub async fn insert(db: &Db, project_id: i64, account_id: Option<i64>, record: &NewCredit) -> sqlx::Result<i64> {
    let sql = "INSERT INTO credit_records (project_id, kind, subject_type, worker_id, unit_id, subject_name, id_number, \
               record_date, reason, issuer, attachments, account_id, created_at) \
               VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING id";
    on_db!(db, pool => sqlx::query_scalar(sql)
        .bind(project_id)
        .bind(&record.kind)
        .bind(&record.subject_type)
        .bind(record.worker_id)
        .bind(record.unit_id)
        .bind(&record.subject_name)
        .bind(&record.id_number)
        .bind(&record.record_date)
        .bind(&record.reason)
        .bind(&record.issuer)
        .bind(&record.attachments)
        .bind(account_id)
        .bind(clock::now())
        .fetch_one(pool)
        .await)
}

pub async fn delete(db: &Db, project_id: i64, id: i64) -> sqlx::Result<bool> {
    let changed = execute!(db, sqlx::query("DELETE FROM credit_records WHERE id = $1 AND project_id = $2").bind(id).bind(project_id))?;
    Ok(changed == 1)
}

pub async fn count_for_project(db: &Db, project_id: i64) -> sqlx::Result<i64> {
    on_db!(db, pool => sqlx::query_scalar("SELECT COUNT(*) FROM credit_records WHERE project_id = $1").bind(project_id).fetch_one(pool).await)
}
