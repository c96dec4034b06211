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
    /// bureau or project.
    pub authority: String,
    /// The name of the account that entered it ('' for seeded records).
    pub entered_by: String,
    pub created_at: i64,
    pub updated_at: Option<i64>,
    pub revoked_at: Option<i64>,
    pub revoked_by: String,
    pub revoke_reason: String,
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
                      r.subject_name, r.id_number, r.record_date, r.reason, r.issuer, r.attachments, r.authority, \
                      COALESCE(a.name, '') AS entered_by, r.created_at, r.updated_at, r.revoked_at, \
                      COALESCE(v.name, '') AS revoked_by, r.revoke_reason \
                      FROM credit_records r JOIN projects p ON p.id = r.project_id \
                      LEFT JOIN accounts a ON a.id = r.account_id LEFT JOIN accounts v ON v.id = r.revoked_by";

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

pub async fn insert(
    db: &Db,
    project_id: i64,
    authority: &str,
    account_id: Option<i64>,
    record: &NewCredit,
) -> sqlx::Result<i64> {
    let sql = "INSERT INTO credit_records (project_id, kind, subject_type, worker_id, unit_id, subject_name, id_number, \
               record_date, reason, issuer, attachments, account_id, created_at, authority) \
               VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) RETURNING id";
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
        .bind(authority)
        .fetch_one(pool)
        .await)
}

/// Corrects a record that is not revoked; false when it was revoked meanwhile. The kind, the project and
/// who entered it stay.
pub async fn correct(db: &Db, id: i64, record: &NewCredit) -> sqlx::Result<bool> {
    let changed = execute!(db, sqlx::query(
        "UPDATE credit_records SET subject_type = $2, worker_id = $3, unit_id = $4, subject_name = $5, id_number = $6, \
         record_date = $7, reason = $8, issuer = $9, attachments = $10, updated_at = $11 WHERE id = $1 AND revoked_at IS NULL")
        .bind(id)
        .bind(&record.subject_type)
        .bind(record.worker_id)
        .bind(record.unit_id)
        .bind(&record.subject_name)
        .bind(&record.id_number)
        .bind(&record.record_date)
        .bind(&record.reason)
        .bind(&record.issuer)
        .bind(&record.attachments)
        .bind(clock::now()))?;
    Ok(changed == 1)
}

/// Marks a record revoked (it stays listed); false when it already was.
pub async fn revoke(db: &Db, id: i64, account_id: i64, reason: &str) -> sqlx::Result<bool> {
    let changed = execute!(db, sqlx::query(
        "UPDATE credit_records SET revoked_at = $2, revoked_by = $3, revoke_reason = $4 WHERE id = $1 AND revoked_at IS NULL")
        .bind(id)
        .bind(clock::now())
        .bind(account_id)
        .bind(reason))?;
    Ok(changed == 1)
}

pub async fn count_for_project(db: &Db, project_id: i64) -> sqlx::Result<i64> {
    on_db!(db, pool => sqlx::query_scalar("SELECT COUNT(*) FROM credit_records WHERE project_id = $1").bind(project_id).fetch_one(pool).await)
}

/// The project's credit records for its export (`backup`).
pub async fn export_records(db: &Db, project_id: i64) -> sqlx::Result<crate::db::TextRows> {
    let sql = "SELECT id AS \"编号\", kind AS \"类别\", subject_type AS \"对象类型\", subject_name AS \"对象\", \
               id_number AS \"证件号\", record_date AS \"日期\", reason AS \"事由\", issuer AS \"发布单位\", \
               authority AS \"来源\", attachments AS \"附件\", created_at AS \"登记时间（Unix 秒）\" \
               FROM credit_records WHERE project_id = $1 ORDER BY id";
    crate::db::text_rows(db, sql, project_id).await
}
