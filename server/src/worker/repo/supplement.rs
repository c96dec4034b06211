//! The ID supplement: the project's workers whose ID data is incomplete, and completing it.

use super::*;
use crate::clock;
use crate::db::Db;
use crate::on_db;

/// A worker of the project whose ID data is incomplete.
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct IncompleteRow {
    pub id: i64,
    pub name: String,
    pub id_number: String,
    pub gender: i64,
    pub ethnicity: String,
    pub address: String,
    pub issuing_authority: String,
    pub id_valid_from: String,
    pub id_valid_to: String,
    pub photo: String,
}

const INCOMPLETE_WHERE: &str = "EXISTS (SELECT 1 FROM employments e WHERE e.worker_id = w.id AND e.project_id = $1) \
    AND (w.photo = '' OR w.address = '' OR w.issuing_authority = '' OR w.id_valid_from = '' OR w.id_valid_to = '') \
    AND w.name LIKE $2 ESCAPE '\\'";

pub async fn incomplete(
    db: &Db,
    project_id: i64,
    name: &str,
    limit: i64,
    offset: i64,
) -> sqlx::Result<(Vec<IncompleteRow>, i64)> {
    let pattern = format!("%{}%", like_escape(name));
    let count_sql = format!("SELECT COUNT(*) FROM workers w WHERE {INCOMPLETE_WHERE}");
    let total: i64 = on_db!(db, pool => sqlx::query_scalar(sqlx::AssertSqlSafe(count_sql.clone())).bind(project_id).bind(&pattern).fetch_one(pool).await)?;
    let sql = format!(
        "SELECT w.id, w.name, w.id_number, w.gender, w.ethnicity, w.address, w.issuing_authority, w.id_valid_from, w.id_valid_to, \
         w.photo FROM workers w WHERE {INCOMPLETE_WHERE} ORDER BY w.id DESC LIMIT $3 OFFSET $4"
    );
    let rows = on_db!(db, pool => sqlx::query_as(sqlx::AssertSqlSafe(sql.clone())).bind(project_id).bind(&pattern).bind(limit).bind(offset).fetch_all(pool).await)?;
    Ok((rows, total))
}

/// Whether the worker has (or had) an employment on the project.
pub async fn on_project(db: &Db, project_id: i64, worker_id: i64) -> sqlx::Result<bool> {
    let sql = "SELECT COUNT(*) FROM employments WHERE project_id = $1 AND worker_id = $2";
    let count: i64 =
        on_db!(db, pool => sqlx::query_scalar(sql).bind(project_id).bind(worker_id).fetch_one(pool).await)?;
    Ok(count > 0)
}

/// The ID data the supplement completes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Supplement {
    pub ethnicity: String,
    pub address: String,
    pub issuing_authority: String,
    pub id_valid_from: String,
    pub id_valid_to: String,
    pub photo: String,
}

pub async fn supplement(db: &Db, worker_id: i64, data: &Supplement) -> sqlx::Result<()> {
    let sql = "UPDATE workers SET ethnicity = $1, address = $2, issuing_authority = $3, id_valid_from = $4, id_valid_to = $5, \
               photo = $6, updated_at = $7 WHERE id = $8";
    crate::execute!(
        db,
        sqlx::query(sql)
            .bind(&data.ethnicity)
            .bind(&data.address)
            .bind(&data.issuing_authority)
            .bind(&data.id_valid_from)
            .bind(&data.id_valid_to)
            .bind(&data.photo)
            .bind(clock::now())
            .bind(worker_id)
    )?;
    Ok(())
}
