//! SQL of the messages, on the table the area owns: `messages`.

use super::model::Outgoing;
use crate::db::Db;
use crate::{execute, on_db};

/// Unread messages addressed to the account, or to its project and no account in particular.
pub async fn unread_count(db: &Db, account_id: i64, project_id: Option<i64>) -> sqlx::Result<i64> {
    let sql = "SELECT COUNT(*) FROM messages WHERE is_read = FALSE AND (account_id = $1 OR (account_id IS NULL AND project_id = $2))";
    on_db!(db, pool => sqlx::query_scalar(sql).bind(account_id).bind(project_id).fetch_one(pool).await)
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
