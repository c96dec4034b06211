//! SQL of the messages, on the table the area owns: `messages`.

use crate::db::Db;
use crate::{execute, on_db};

/// Unread messages addressed to the account, or to its project and no account in particular.
pub async fn unread_count(db: &Db, account_id: i64, project_id: Option<i64>) -> sqlx::Result<i64> {
    let sql = "SELECT COUNT(*) FROM messages WHERE is_read = FALSE AND (account_id = $1 OR (account_id IS NULL AND project_id = $2))";
    on_db!(db, pool => sqlx::query_scalar(sql).bind(account_id).bind(project_id).fetch_one(pool).await)
}

/// A system message to the project (its accounts see it in their inbox).
pub async fn insert_project_message(
    db: &Db,
    project_id: i64,
    title: &str,
    content: &str,
    now: i64,
) -> sqlx::Result<()> {
    let sql = "INSERT INTO messages (project_id, kind, title, content, created_at) VALUES ($1, 'system', $2, $3, $4)";
    execute!(db, sqlx::query(sql).bind(project_id).bind(title).bind(content).bind(now))?;
    Ok(())
}
