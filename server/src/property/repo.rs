//! SQL of the finance approver accounts (accounts of kind 'finance' with the project they approve for).

use crate::db::Db;
use crate::on_db;

/// One approver as the propertyRole screen lists it.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct ApproverRow {
    pub id: i64,
    pub username: String,
    pub name: String,
    pub phone: String,
    pub id_number: String,
    pub project_id: Option<i64>,
    pub disabled: bool,
    pub must_change_password: bool,
    pub created_at: i64,
}

const COLUMNS: &str = "id, username, name, phone, id_number, project_id, disabled, must_change_password, created_at";

/// The project's approvers whose name, account or phone contains `pattern` ('' for all), newest first.
pub async fn list(
    db: &Db,
    project_id: i64,
    pattern: &str,
    limit: i64,
    offset: i64,
) -> sqlx::Result<(Vec<ApproverRow>, i64)> {
    let filter = "FROM accounts WHERE kind = 'finance' AND project_id = $1 \
                  AND ($2 = '' OR name LIKE $2 ESCAPE '\\' OR username LIKE $2 ESCAPE '\\' OR phone LIKE $2 ESCAPE '\\')";
    let rows_sql = format!("SELECT {COLUMNS} {filter} ORDER BY id DESC LIMIT $3 OFFSET $4");
    let count_sql = format!("SELECT COUNT(*) {filter}");
    let rows = on_db!(db, pool => sqlx::query_as(sqlx::AssertSqlSafe(rows_sql.clone()))
        .bind(project_id).bind(pattern).bind(limit).bind(offset).fetch_all(pool).await)?;
    let total = on_db!(db, pool => sqlx::query_scalar(sqlx::AssertSqlSafe(count_sql.clone()))
        .bind(project_id).bind(pattern).fetch_one(pool).await)?;
    Ok((rows, total))
}

/// A finance account by id (any project: the caller checks the scope).
pub async fn find(db: &Db, id: i64) -> sqlx::Result<Option<ApproverRow>> {
    let sql = format!("SELECT {COLUMNS} FROM accounts WHERE kind = 'finance' AND id = $1");
    on_db!(db, pool => sqlx::query_as(sqlx::AssertSqlSafe(sql.clone())).bind(id).fetch_optional(pool).await)
}

/// Whether another account (not `except_id`) already has this phone.
pub async fn phone_taken(db: &Db, phone: &str, except_id: i64) -> sqlx::Result<bool> {
    let sql = "SELECT COUNT(*) FROM accounts WHERE phone = $1 AND id <> $2";
    let count: i64 = on_db!(db, pool => sqlx::query_scalar(sql).bind(phone).bind(except_id).fetch_one(pool).await)?;
    Ok(count > 0)
}

/// Whether another approver of the project (not `except_id`) already has this ID number.
pub async fn id_number_taken(db: &Db, project_id: i64, id_number: &str, except_id: i64) -> sqlx::Result<bool> {
    let sql =
        "SELECT COUNT(*) FROM accounts WHERE kind = 'finance' AND project_id = $1 AND id_number = $2 AND id <> $3";
    let count: i64 = on_db!(db, pool => sqlx::query_scalar(sql).bind(project_id).bind(id_number).bind(except_id).fetch_one(pool).await)?;
    Ok(count > 0)
}

/// Every approver the project has had (disabled ones too): id, login account and name.
pub async fn all(db: &Db, project_id: i64) -> sqlx::Result<Vec<(i64, String, String)>> {
    let sql = "SELECT id, username, name FROM accounts WHERE kind = 'finance' AND project_id = $1 ORDER BY id";
    on_db!(db, pool => sqlx::query_as(sql).bind(project_id).fetch_all(pool).await)
}

/// The ids of the project's enabled approvers (who are told of an order to approve).
pub async fn enabled_ids(db: &Db, project_id: i64) -> sqlx::Result<Vec<i64>> {
    let sql = "SELECT id FROM accounts WHERE kind = 'finance' AND project_id = $1 AND disabled = FALSE ORDER BY id";
    on_db!(db, pool => sqlx::query_scalar(sql).bind(project_id).fetch_all(pool).await)
}
