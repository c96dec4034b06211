//! The operation log: who did what to which record, from where. Every change of status or money
//! writes one line.

use crate::clock;
use crate::db::Db;
use crate::execute;

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
