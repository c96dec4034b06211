//! SQL of the uploads, on the table the area owns: `uploads`.

use crate::clock;
use crate::db::Db;
use crate::execute;
use crate::on_db;

pub struct NewUpload<'a> {
    pub stored_name: &'a str,
    pub original_name: &'a str,
    pub content_type: &'a str,
    pub size: i64,
    pub kind: &'a str,
    pub project_id: Option<i64>,
    pub account_id: i64,
}

#[derive(sqlx::FromRow)]
pub struct StoredUpload {
    pub original_name: String,
    pub content_type: String,
    pub project_id: Option<i64>,
    pub account_id: i64,
    pub kind: String,
}

pub async fn insert(db: &Db, upload: &NewUpload<'_>) -> sqlx::Result<()> {
    let sql = "INSERT INTO uploads (stored_name, original_name, content_type, size, kind, project_id, account_id, created_at) \
               VALUES ($1, $2, $3, $4, $5, $6, $7, $8)";
    execute!(
        db,
        sqlx::query(sql)
            .bind(upload.stored_name)
            .bind(upload.original_name)
            .bind(upload.content_type)
            .bind(upload.size)
            .bind(upload.kind)
            .bind(upload.project_id)
            .bind(upload.account_id)
            .bind(clock::now())
    )?;
    Ok(())
}

pub async fn find(db: &Db, stored_name: &str) -> sqlx::Result<Option<StoredUpload>> {
    let sql = "SELECT original_name, content_type, project_id, account_id, kind FROM uploads WHERE stored_name = $1";
    on_db!(db, pool => sqlx::query_as(sql).bind(stored_name).fetch_optional(pool).await)
}

/// The kind of an upload the project itself made, None when it made none of that name.
pub async fn project_kind(db: &Db, project_id: i64, stored_name: &str) -> sqlx::Result<Option<String>> {
    let sql = "SELECT kind FROM uploads WHERE stored_name = $1 AND project_id = $2";
    on_db!(db, pool => sqlx::query_scalar(sql).bind(stored_name).bind(project_id).fetch_optional(pool).await)
}
