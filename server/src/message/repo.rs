//! SQL of the messages, on the table the area owns: `messages`.

use super::model::Outgoing;
use crate::db::{Db, Tx};
use crate::{execute, execute_in, on_db};

/// Whose messages a query reads: those addressed to `account_id` (0: none), and those addressed to
/// `project_id` and no account in particular.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct InboxFilter {
    pub account_id: i64,
    pub project_id: Option<i64>,
}

/// The inbox condition on placeholders $1 (account) and $2 (project).
const INBOX: &str = "(account_id = $1 OR (account_id IS NULL AND project_id = $2))";

#[derive(Clone, Debug, sqlx::FromRow)]
pub struct MessageRow {
    pub id: i64,
    pub kind: String,
    pub title: String,
    pub content: String,
    pub is_read: bool,
    pub read_at: Option<i64>,
    pub subject_id: Option<i64>,
    pub created_at: i64,
}

const COLUMNS: &str = "id, kind, title, content, is_read, read_at, subject_id, created_at";

pub async fn unread_count(db: &Db, inbox: &InboxFilter) -> sqlx::Result<i64> {
    let sql = format!("SELECT COUNT(*) FROM messages WHERE is_read = FALSE AND {INBOX}");
    on_db!(db, pool => sqlx::query_scalar(sqlx::AssertSqlSafe(sql.clone()))
        .bind(inbox.account_id).bind(inbox.project_id).fetch_one(pool).await)
}

/// A page of the inbox, newest first, of one kind (None: all) and read state (None: both), and the total.
pub async fn list(
    db: &Db,
    inbox: &InboxFilter,
    kind: Option<&str>,
    read: Option<bool>,
    limit: i64,
    offset: i64,
) -> sqlx::Result<(Vec<MessageRow>, i64)> {
    let filter = format!("FROM messages WHERE {INBOX} AND ($3 = '' OR kind = $3) AND ($4 = -1 OR is_read = ($4 = 1))");
    let kind = kind.unwrap_or("");
    let read = read.map_or(-1i64, i64::from);
    let count_sql = format!("SELECT COUNT(*) {filter}");
    let rows_sql = format!("SELECT {COLUMNS} {filter} ORDER BY created_at DESC, id DESC LIMIT $5 OFFSET $6");
    let total = on_db!(db, pool => sqlx::query_scalar(sqlx::AssertSqlSafe(count_sql.clone()))
        .bind(inbox.account_id).bind(inbox.project_id).bind(kind).bind(read).fetch_one(pool).await)?;
    let rows = on_db!(db, pool => sqlx::query_as(sqlx::AssertSqlSafe(rows_sql.clone()))
        .bind(inbox.account_id).bind(inbox.project_id).bind(kind).bind(read).bind(limit).bind(offset)
        .fetch_all(pool).await)?;
    Ok((rows, total))
}

/// One message of the inbox.
pub async fn find(db: &Db, inbox: &InboxFilter, id: i64) -> sqlx::Result<Option<MessageRow>> {
    let sql = format!("SELECT {COLUMNS} FROM messages WHERE {INBOX} AND id = $3");
    on_db!(db, pool => sqlx::query_as(sqlx::AssertSqlSafe(sql.clone()))
        .bind(inbox.account_id).bind(inbox.project_id).bind(id).fetch_optional(pool).await)
}

/// Marks one unread message of the inbox read at `now`.
pub async fn mark_read(db: &Db, inbox: &InboxFilter, id: i64, now: i64) -> sqlx::Result<()> {
    let sql = format!("UPDATE messages SET is_read = TRUE, read_at = $3 WHERE {INBOX} AND id = $4 AND is_read = FALSE");
    execute!(
        db,
        sqlx::query(sqlx::AssertSqlSafe(sql.clone())).bind(inbox.account_id).bind(inbox.project_id).bind(now).bind(id)
    )?;
    Ok(())
}

/// Marks every unread message of the inbox read at `now`; answers how many.
pub async fn mark_all_read(db: &Db, inbox: &InboxFilter, now: i64) -> sqlx::Result<u64> {
    let sql = format!("UPDATE messages SET is_read = TRUE, read_at = $3 WHERE {INBOX} AND is_read = FALSE");
    execute!(db, sqlx::query(sqlx::AssertSqlSafe(sql.clone())).bind(inbox.account_id).bind(inbox.project_id).bind(now))
}

/// Marks the project's unread messages of `kind` about `subject_id` read at `now` (the subject was opened).
pub async fn mark_subject_read(db: &Db, project_id: i64, kind: &str, subject_id: i64, now: i64) -> sqlx::Result<()> {
    let sql = "UPDATE messages SET is_read = TRUE, read_at = $1 \
               WHERE project_id = $2 AND account_id IS NULL AND kind = $3 AND subject_id = $4 AND is_read = FALSE";
    execute!(db, sqlx::query(sql).bind(now).bind(project_id).bind(kind).bind(subject_id))?;
    Ok(())
}

/// Marks the project's first message read (the demo shows both states).
pub async fn mark_oldest_read(db: &Db, project_id: i64, now: i64) -> sqlx::Result<()> {
    let sql = "UPDATE messages SET is_read = TRUE, read_at = $1 \
               WHERE id = (SELECT MIN(id) FROM messages WHERE project_id = $2 AND account_id IS NULL)";
    execute!(db, sqlx::query(sql).bind(now).bind(project_id))?;
    Ok(())
}

pub async fn insert(db: &Db, message: &Outgoing<'_>, now: i64) -> sqlx::Result<()> {
    let sql = "INSERT INTO messages (project_id, account_id, kind, title, content, subject_id, created_at) \
               VALUES ($1, $2, $3, $4, $5, $6, $7)";
    execute!(
        db,
        sqlx::query(sql)
            .bind(message.project_id)
            .bind(message.account_id)
            .bind(message.kind.as_str())
            .bind(message.title)
            .bind(message.content)
            .bind(message.subject_id)
            .bind(now)
    )?;
    Ok(())
}

/// One copy of `message` to every enabled regulator account (its `account_id` is each one's), inside `tx`.
pub async fn insert_for_regulators(tx: &mut Tx, message: &Outgoing<'_>, now: i64) -> sqlx::Result<()> {
    let sql = "INSERT INTO messages (project_id, account_id, kind, title, content, created_at, subject_id) \
               SELECT $1, id, $2, $3, $4, $5, $6 FROM accounts WHERE kind = 'admin' AND disabled = FALSE";
    execute_in!(
        tx,
        sqlx::query(sql)
            .bind(message.project_id)
            .bind(message.kind.as_str())
            .bind(message.title)
            .bind(message.content)
            .bind(now)
            .bind(message.subject_id)
    )?;
    Ok(())
}

/// Marks the account's unread messages of `kind` titled `title` about the project read at `now`, inside `tx`.
pub async fn mark_titled_read(
    tx: &mut Tx,
    account_id: i64,
    project_id: i64,
    kind: &str,
    title: &str,
    now: i64,
) -> sqlx::Result<()> {
    let sql = "UPDATE messages SET is_read = TRUE, read_at = $1 WHERE account_id = $2 AND kind = $3 AND title = $4 \
               AND is_read = FALSE AND project_id = $5";
    execute_in!(tx, sqlx::query(sql).bind(now).bind(account_id).bind(kind).bind(title).bind(project_id))?;
    Ok(())
}
