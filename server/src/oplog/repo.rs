//! SQL of the operation log, on the table it owns: `operation_log` (the viewer joins `projects` for names).

use super::{Entry, Line};
use crate::db::{Bind, Db};
use crate::{bind_all, execute, on_db};

/// The one INSERT of a log line, run alone by [`insert`] and inside another area's transaction through
/// [`LogConnection`].
const INSERT_SQL: &str = "INSERT INTO operation_log (account_id, account_name, action, target_type, target_id, detail, ip, created_at, \
                              project_id) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)";

pub async fn insert(db: &Db, entry: &Entry<'_>, now: i64) -> sqlx::Result<()> {
    execute!(
        db,
        sqlx::query(INSERT_SQL)
            .bind(entry.account_id)
            .bind(entry.account_name)
            .bind(entry.action)
            .bind(entry.target_type)
            .bind(&entry.target_id)
            .bind(&entry.detail)
            .bind(entry.ip)
            .bind(now)
            .bind(entry.project_id)
    )?;
    Ok(())
}

/// The log line bound to [`INSERT_SQL`], for a connection of either backend.
macro_rules! insert_on {
    ($conn:expr, $entry:expr) => {
        sqlx::query(INSERT_SQL)
            .bind($entry.account_id)
            .bind($entry.account_name)
            .bind($entry.action)
            .bind($entry.target_type)
            .bind(&$entry.target_id)
            .bind(&$entry.detail)
            .bind($entry.ip)
            .bind(crate::clock::now())
            .bind($entry.project_id)
            .execute($conn)
            .await
            .map(|_| ())
    };
}

type Written<'a> = std::pin::Pin<Box<dyn std::future::Future<Output = sqlx::Result<()>> + Send + 'a>>;

/// A connection inside another area's open transaction, on either backend: the log line commits (or rolls
/// back) with the change it records.
pub trait LogConnection: Send {
    fn record<'a>(&'a mut self, entry: &'a Entry<'a>) -> Written<'a>;
}

impl LogConnection for sqlx::SqliteConnection {
    fn record<'a>(&'a mut self, entry: &'a Entry<'a>) -> Written<'a> {
        Box::pin(async move { insert_on!(&mut *self, entry) })
    }
}

impl LogConnection for sqlx::PgConnection {
    fn record<'a>(&'a mut self, entry: &'a Entry<'a>) -> Written<'a> {
        Box::pin(async move { insert_on!(&mut *self, entry) })
    }
}

/// Writes an [`Entry`] inside the open transaction `tx`, so a change of money or status and its log line
/// commit (or roll back) together.
pub async fn record_in(tx: &mut crate::db::Tx, entry: &Entry<'_>) -> sqlx::Result<()> {
    crate::on_tx!(tx, conn => conn.record(entry).await)
}

/// The log lines about any of `targets` (type, id), newest first, a page of them, and their total.
pub async fn for_targets(
    db: &Db,
    targets: &[(&str, String)],
    limit: i64,
    offset: i64,
) -> sqlx::Result<(Vec<Line>, i64)> {
    let clause = (0..targets.len())
        .map(|i| format!("(target_type = ${} AND target_id = ${})", 2 * i + 1, 2 * i + 2))
        .collect::<Vec<_>>()
        .join(" OR ");
    let count_sql = format!("SELECT COUNT(*) FROM operation_log WHERE {clause}");
    let sql = format!(
        "SELECT id, account_name, action, target_type, target_id, detail, ip, created_at FROM operation_log WHERE {clause} \
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

/// The viewer's filters, checked: each empty or None matches every line.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LogFilter {
    pub project_id: Option<i64>,
    /// A LIKE pattern (with `\` as escape) on the account's name; '' for all.
    pub account_pattern: String,
    /// The action exactly; '' for all.
    pub kind: String,
    /// Lines written at or after this unix second.
    pub from: Option<i64>,
    /// Lines written before this unix second.
    pub before: Option<i64>,
}

/// A line with its project's name, for the viewer.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct LogRow {
    pub id: i64,
    pub account_name: String,
    pub action: String,
    pub target_type: String,
    pub target_id: String,
    pub project_id: Option<i64>,
    pub project_name: Option<String>,
    pub detail: String,
    pub ip: String,
    pub created_at: i64,
}

/// The filter as a WHERE clause over `l` (numbered placeholders from $1) and its values in order.
fn log_clause(filter: &LogFilter) -> (String, Vec<Bind>) {
    let mut conditions = vec!["1 = 1".to_owned()];
    let mut binds = Vec::new();
    let mut add = |condition: &str, bind: Bind| {
        binds.push(bind);
        conditions.push(condition.replace('?', &format!("${}", binds.len())));
    };
    if let Some(project_id) = filter.project_id {
        add("l.project_id = ?", Bind::Int(project_id));
    }
    if !filter.account_pattern.is_empty() {
        add("l.account_name LIKE ? ESCAPE '\\'", Bind::Text(filter.account_pattern.clone()));
    }
    if !filter.kind.is_empty() {
        add("l.action = ?", Bind::Text(filter.kind.clone()));
    }
    if let Some(from) = filter.from {
        add("l.created_at >= ?", Bind::Int(from));
    }
    if let Some(before) = filter.before {
        add("l.created_at < ?", Bind::Int(before));
    }
    (conditions.join(" AND "), binds)
}

/// A page of the lines matching `filter`, newest first, with the number of all that match.
pub async fn list(db: &Db, filter: &LogFilter, limit: i64, offset: i64) -> sqlx::Result<(Vec<LogRow>, i64)> {
    let (clause, binds) = log_clause(filter);
    let count_sql = format!("SELECT COUNT(*) FROM operation_log l WHERE {clause}");
    let total: i64 = on_db!(db, pool => bind_all!(sqlx::query_scalar(sqlx::AssertSqlSafe(count_sql.clone())), &binds)
        .fetch_one(pool)
        .await)?;
    let n = binds.len() + 1;
    let sql = format!(
        "SELECT l.id, l.account_name, l.action, l.target_type, l.target_id, l.project_id, p.name AS project_name, \
         l.detail, l.ip, l.created_at FROM operation_log l LEFT JOIN projects p ON p.id = l.project_id \
         WHERE {clause} ORDER BY l.id DESC LIMIT ${n} OFFSET ${}",
        n + 1
    );
    let rows = on_db!(db, pool => bind_all!(sqlx::query_as(sqlx::AssertSqlSafe(sql.clone())), &binds)
        .bind(limit)
        .bind(offset)
        .fetch_all(pool)
        .await)?;
    Ok((rows, total))
}

/// Every action the log holds, in order.
pub async fn kinds(db: &Db) -> sqlx::Result<Vec<String>> {
    let sql = "SELECT DISTINCT action FROM operation_log ORDER BY action";
    on_db!(db, pool => sqlx::query_scalar(sql).fetch_all(pool).await)
}
