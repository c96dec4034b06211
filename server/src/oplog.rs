//! The operation log: who did what to which record, from where. Every change of status or money
//! writes one line.

use crate::clock;
use crate::db::Db;
use crate::{execute, on_db};

pub struct Entry<'a> {
    pub account_id: Option<i64>,
    pub account_name: &'a str,
    pub action: &'a str,
    pub target_type: &'a str,
    pub target_id: String,
    pub detail: String,
    pub ip: &'a str,
}

pub async fn record(db: &Db, entry: Entry<'_>) -> sqlx::Result<()> {
    execute!(db, sqlx::query(INSERT_SQL)
        .bind(entry.account_id)
        .bind(entry.account_name)
        .bind(entry.action)
        .bind(entry.target_type)
        .bind(&entry.target_id)
        .bind(&entry.detail)
        .bind(entry.ip)
        .bind(clock::now()))?;
    Ok(())
}

#[doc(hidden)]
pub const INSERT_SQL: &str = "INSERT INTO operation_log (account_id, account_name, action, target_type, target_id, detail, ip, created_at) \
                              VALUES ($1, $2, $3, $4, $5, $6, $7, $8)";

/// Writes an [`Entry`] inside the open transaction `$tx` of either backend, so a change of money or status
/// and its log line commit (or roll back) together. Evaluates to `Result<_, sqlx::Error>`.
#[macro_export]
macro_rules! record_in_tx {
    ($tx:expr, $entry:expr) => {{
        let entry: &$crate::oplog::Entry<'_> = $entry;
        sqlx::query($crate::oplog::INSERT_SQL)
            .bind(entry.account_id)
            .bind(entry.account_name)
            .bind(entry.action)
            .bind(entry.target_type)
            .bind(&entry.target_id)
            .bind(&entry.detail)
            .bind(entry.ip)
            .bind($crate::clock::now())
            .execute(&mut *$tx)
            .await
    }};
}

/// One line of the log as a record's history shows it.
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct Line {
    pub id: i64,
    pub account_name: String,
    pub action: String,
    pub target_type: String,
    pub target_id: String,
    pub detail: String,
    pub created_at: i64,
}

/// The log lines about any of `targets` (type, id), newest first, a page of them, and their total.
pub async fn for_targets(db: &Db, targets: &[(&str, String)], limit: i64, offset: i64) -> sqlx::Result<(Vec<Line>, i64)> {
    if targets.is_empty() {
        return Ok((Vec::new(), 0));
    }
    let clause = (0..targets.len())
        .map(|i| format!("(target_type = ${} AND target_id = ${})", 2 * i + 1, 2 * i + 2))
        .collect::<Vec<_>>()
        .join(" OR ");
    let count_sql = format!("SELECT COUNT(*) FROM operation_log WHERE {clause}");
    let sql = format!(
        "SELECT id, account_name, action, target_type, target_id, detail, created_at FROM operation_log WHERE {clause} \
         ORDER BY id DESC LIMIT ${} OFFSET ${}",
        2 * targets.len() + 1,
        2 * targets.len() + 2
    );
    let total: i64 = on_db!(db, pool => {
        let mut query = sqlx::query_scalar(sqlx::AssertSqlSafe(count_sql.clone()));
        for (kind, id) in targets {
            query = query.bind(*kind).bind(id.clone());
        }
        query.fetch_one(pool).await
    })?;
    let lines = on_db!(db, pool => {
        let mut query = sqlx::query_as(sqlx::AssertSqlSafe(sql.clone()));
        for (kind, id) in targets {
            query = query.bind(*kind).bind(id.clone());
        }
        query.bind(limit).bind(offset).fetch_all(pool).await
    })?;
    Ok((lines, total))
}
