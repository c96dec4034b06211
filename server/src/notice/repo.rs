//! SQL of the notices, on the tables the area owns: `notices`, `notice_attachments` and `notice_reads` (the
//! read receipts join `projects` for the names).

use crate::db::{Db, Tx};
use crate::{execute, execute_in, on_db, on_tx};

/// A notice to store, its audience already resolved to projects.
pub struct NewNotice<'a> {
    pub title: &'a str,
    pub body: &'a str,
    pub audience: &'a str,
    pub audience_list: &'a str,
    pub district: &'a str,
    pub publisher_id: i64,
    pub publisher_name: &'a str,
    /// (stored name, original name) in order.
    pub attachments: &'a [(String, String)],
    pub projects: &'a [i64],
}

/// Stores the notice, its attachments and one unread receipt per project inside `tx`; answers its id.
pub async fn insert(tx: &mut Tx, notice: &NewNotice<'_>, now: i64) -> sqlx::Result<i64> {
    let sql = "INSERT INTO notices (title, body, audience, audience_list, district, status, publisher_id, publisher_name, \
               published_at) VALUES ($1, $2, $3, $4, $5, 'published', $6, $7, $8) RETURNING id";
    let id: i64 = on_tx!(tx, conn => sqlx::query_scalar(sql)
        .bind(notice.title)
        .bind(notice.body)
        .bind(notice.audience)
        .bind(notice.audience_list)
        .bind(notice.district)
        .bind(notice.publisher_id)
        .bind(notice.publisher_name)
        .bind(now)
        .fetch_one(&mut **conn)
        .await)?;
    let attachment =
        "INSERT INTO notice_attachments (notice_id, stored_name, original_name, position) VALUES ($1, $2, $3, $4)";
    for (position, (stored, original)) in notice.attachments.iter().enumerate() {
        execute_in!(tx, sqlx::query(attachment).bind(id).bind(stored).bind(original).bind(position as i64))?;
    }
    let receipt = "INSERT INTO notice_reads (notice_id, project_id) VALUES ($1, $2)";
    for project_id in notice.projects {
        execute_in!(tx, sqlx::query(receipt).bind(id).bind(*project_id))?;
    }
    Ok(id)
}

/// A notice as the regulator's list shows it, with its receipts counted.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct NoticeRow {
    pub id: i64,
    pub title: String,
    pub body: String,
    pub audience: String,
    pub audience_list: String,
    pub district: String,
    pub status: String,
    pub publisher_name: String,
    pub published_at: i64,
    pub withdrawn_at: Option<i64>,
    pub withdrawn_by: String,
    pub recipients: i64,
    pub reads: i64,
    pub attachments: i64,
}

const NOTICE_COLUMNS: &str = "n.id, n.title, n.body, n.audience, n.audience_list, n.district, n.status, n.publisher_name, \
    n.published_at, n.withdrawn_at, n.withdrawn_by, \
    (SELECT COUNT(*) FROM notice_reads r WHERE r.notice_id = n.id) AS recipients, \
    (SELECT COUNT(*) FROM notice_reads r WHERE r.notice_id = n.id AND r.read_at IS NOT NULL) AS reads, \
    (SELECT COUNT(*) FROM notice_attachments a WHERE a.notice_id = n.id) AS attachments";

/// The regulator's filter: notices published within `scope` (a district code prefix, '' for all), of
/// `status` ('' for all), whose title matches `pattern` (LIKE with `\` escape, '' for all).
const REGULATOR_FILTER: &str = "($1 = '' OR n.district LIKE $1 || '%') AND ($2 = '' OR n.status = $2) AND ($3 = '' OR n.title LIKE $3 ESCAPE '\\')";

pub async fn list(
    db: &Db,
    scope: &str,
    status: &str,
    pattern: &str,
    limit: i64,
    offset: i64,
) -> sqlx::Result<(Vec<NoticeRow>, i64)> {
    let sql = format!(
        "SELECT {NOTICE_COLUMNS} FROM notices n WHERE {REGULATOR_FILTER} ORDER BY n.id DESC LIMIT $4 OFFSET $5"
    );
    let count = format!("SELECT COUNT(*) FROM notices n WHERE {REGULATOR_FILTER}");
    on_db!(db, pool => {
        let rows = sqlx::query_as(sqlx::AssertSqlSafe(sql))
            .bind(scope).bind(status).bind(pattern).bind(limit).bind(offset).fetch_all(pool).await?;
        let total: i64 = sqlx::query_scalar(sqlx::AssertSqlSafe(count))
            .bind(scope).bind(status).bind(pattern).fetch_one(pool).await?;
        Ok((rows, total))
    })
}

pub async fn find(db: &Db, id: i64) -> sqlx::Result<Option<NoticeRow>> {
    let sql = format!("SELECT {NOTICE_COLUMNS} FROM notices n WHERE n.id = $1");
    on_db!(db, pool => sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(id).fetch_optional(pool).await)
}

/// Marks a published notice withdrawn; false when it was not published (withdrawn already, or none).
pub async fn withdraw(db: &Db, id: i64, by: &str, now: i64) -> sqlx::Result<bool> {
    let sql = "UPDATE notices SET status = 'withdrawn', withdrawn_at = $2, withdrawn_by = $3 WHERE id = $1 AND status = 'published'";
    Ok(execute!(db, sqlx::query(sql).bind(id).bind(now).bind(by))? == 1)
}

#[derive(Clone, Debug, sqlx::FromRow)]
pub struct AttachmentRow {
    pub id: i64,
    pub stored_name: String,
    pub original_name: String,
}

pub async fn attachments(db: &Db, notice_id: i64) -> sqlx::Result<Vec<AttachmentRow>> {
    let sql = "SELECT id, stored_name, original_name FROM notice_attachments WHERE notice_id = $1 ORDER BY position";
    on_db!(db, pool => sqlx::query_as(sql).bind(notice_id).fetch_all(pool).await)
}

/// One addressed project's receipt, with the project's name and the reader's login name.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct ReceiptRow {
    pub project_id: i64,
    pub project_name: String,
    pub read_at: Option<i64>,
    pub reader: Option<String>,
}

/// `read`: None all receipts, Some(true) the read ones, Some(false) the unread.
const RECEIPT_FILTER: &str =
    "r.notice_id = $1 AND ($2 = '' OR ($2 = '1' AND r.read_at IS NOT NULL) OR ($2 = '0' AND r.read_at IS NULL))";

pub async fn receipts(
    db: &Db,
    notice_id: i64,
    read: &str,
    limit: i64,
    offset: i64,
) -> sqlx::Result<(Vec<ReceiptRow>, i64)> {
    let sql = format!(
        "SELECT r.project_id, p.name AS project_name, r.read_at, a.username AS reader FROM notice_reads r \
         JOIN projects p ON p.id = r.project_id LEFT JOIN accounts a ON a.id = r.read_by \
         WHERE {RECEIPT_FILTER} ORDER BY r.read_at IS NULL, r.read_at, r.project_id LIMIT $3 OFFSET $4"
    );
    let count = format!("SELECT COUNT(*) FROM notice_reads r WHERE {RECEIPT_FILTER}");
    on_db!(db, pool => {
        let rows = sqlx::query_as(sqlx::AssertSqlSafe(sql))
            .bind(notice_id).bind(read).bind(limit).bind(offset).fetch_all(pool).await?;
        let total: i64 = sqlx::query_scalar(sqlx::AssertSqlSafe(count))
            .bind(notice_id).bind(read).fetch_one(pool).await?;
        Ok((rows, total))
    })
}

/// A published notice addressed to a project, with the project's first read.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct ProjectNoticeRow {
    pub id: i64,
    pub title: String,
    pub body: String,
    pub publisher_name: String,
    pub published_at: i64,
    pub read_at: Option<i64>,
    pub attachments: i64,
}

const PROJECT_COLUMNS: &str = "n.id, n.title, n.body, n.publisher_name, n.published_at, r.read_at, \
    (SELECT COUNT(*) FROM notice_attachments a WHERE a.notice_id = n.id) AS attachments";
const PROJECT_FILTER: &str = "r.project_id = $1 AND n.status = 'published' \
    AND ($2 = '' OR ($2 = '1' AND r.read_at IS NOT NULL) OR ($2 = '0' AND r.read_at IS NULL)) \
    AND ($3 = '' OR n.title LIKE $3 ESCAPE '\\')";

pub async fn project_list(
    db: &Db,
    project_id: i64,
    read: &str,
    pattern: &str,
    limit: i64,
    offset: i64,
) -> sqlx::Result<(Vec<ProjectNoticeRow>, i64)> {
    let sql = format!(
        "SELECT {PROJECT_COLUMNS} FROM notice_reads r JOIN notices n ON n.id = r.notice_id WHERE {PROJECT_FILTER} \
         ORDER BY n.id DESC LIMIT $4 OFFSET $5"
    );
    let count =
        format!("SELECT COUNT(*) FROM notice_reads r JOIN notices n ON n.id = r.notice_id WHERE {PROJECT_FILTER}");
    on_db!(db, pool => {
        let rows = sqlx::query_as(sqlx::AssertSqlSafe(sql))
            .bind(project_id).bind(read).bind(pattern).bind(limit).bind(offset).fetch_all(pool).await?;
        let total: i64 = sqlx::query_scalar(sqlx::AssertSqlSafe(count))
            .bind(project_id).bind(read).bind(pattern).fetch_one(pool).await?;
        Ok((rows, total))
    })
}

/// The published notice `id` if it is addressed to the project.
pub async fn find_for_project(db: &Db, project_id: i64, id: i64) -> sqlx::Result<Option<ProjectNoticeRow>> {
    let sql = format!(
        "SELECT {PROJECT_COLUMNS} FROM notice_reads r JOIN notices n ON n.id = r.notice_id \
         WHERE r.project_id = $1 AND n.id = $2 AND n.status = 'published'"
    );
    on_db!(db, pool => sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(project_id).bind(id).fetch_optional(pool).await)
}

/// Records the project's first read; a later read changes nothing. Answers whether this was the first.
pub async fn mark_read(db: &Db, notice_id: i64, project_id: i64, account_id: i64, now: i64) -> sqlx::Result<bool> {
    let sql = "UPDATE notice_reads SET read_at = $3, read_by = $4 WHERE notice_id = $1 AND project_id = $2 AND read_at IS NULL";
    Ok(execute!(db, sqlx::query(sql).bind(notice_id).bind(project_id).bind(now).bind(account_id))? == 1)
}

/// Whether `stored_name` is an attachment of a published notice addressed to the project.
pub async fn addresses_file(db: &Db, project_id: i64, stored_name: &str) -> sqlx::Result<bool> {
    let sql = "SELECT COUNT(*) FROM notice_attachments a JOIN notices n ON n.id = a.notice_id \
               JOIN notice_reads r ON r.notice_id = n.id \
               WHERE a.stored_name = $1 AND r.project_id = $2 AND n.status = 'published'";
    let found: i64 =
        on_db!(db, pool => sqlx::query_scalar(sql).bind(stored_name).bind(project_id).fetch_one(pool).await)?;
    Ok(found > 0)
}
