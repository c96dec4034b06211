//! SQL of the early warnings, on the tables the area owns: `warnings` and `warning_notes` (lists join
//! `projects` for the name and the district).

use crate::db::{Bind, Db};
use crate::{bind_all, execute, on_db};

/// An open warning as the engine compares it with its findings.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct OpenWarning {
    pub id: i64,
    pub rule: String,
    pub level: String,
    pub project_id: i64,
    pub subject_kind: String,
    pub subject_id: i64,
    pub period: String,
    pub facts: String,
}

/// One warning with its project's name and district.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct WarningRow {
    pub id: i64,
    pub rule: String,
    pub level: String,
    pub project_id: i64,
    pub project_name: String,
    pub district_code: String,
    pub subject_kind: String,
    pub subject_id: i64,
    pub period: String,
    pub status: String,
    pub facts: String,
    pub raised_at: i64,
    pub closed_at: i64,
    pub closed_by: String,
    pub close_reason: String,
}

#[derive(Clone, Debug, sqlx::FromRow)]
pub struct NoteRow {
    pub id: i64,
    pub account_name: String,
    pub author_kind: String,
    pub body: String,
    pub attachments: String,
    pub created_at: i64,
}

/// The list's filters, checked: '' or 0 match everything.
#[derive(Clone, Debug, Default)]
pub struct WarningFilter {
    pub project_id: i64,
    /// A regulator's district (or the district asked for): the project's path holds this code.
    pub district: String,
    /// A district inside it the regulator asked for.
    pub narrower_district: String,
    pub level: String,
    pub rule: String,
    pub status: String,
}

const WARNING_COLUMNS: &str = "w.id, w.rule, w.level, w.project_id, p.name AS project_name, p.district_code, \
                               w.subject_kind, w.subject_id, w.period, w.status, w.facts, w.raised_at, w.closed_at, \
                               w.closed_by, w.close_reason";

/// A warning to open, as the engine found it (codes of its rule and level).
pub struct NewWarning<'a> {
    pub rule: &'a str,
    pub level: &'a str,
    pub project_id: i64,
    pub subject_kind: &'a str,
    pub subject_id: i64,
    pub period: &'a str,
    pub facts: &'a str,
}

/// Inserts a finding as an open warning unless one of its key is open (the partial unique index answers the
/// race of two engines) or the regulator closed one of its key: its id, None when nothing was inserted.
pub async fn insert_if_new(db: &Db, warning: &NewWarning<'_>, now: i64) -> sqlx::Result<Option<i64>> {
    let sql = "INSERT INTO warnings (rule, level, project_id, subject_kind, subject_id, period, facts, raised_at) \
               SELECT CAST($1 AS TEXT), CAST($2 AS TEXT), CAST($3 AS BIGINT), CAST($4 AS TEXT), CAST($5 AS BIGINT), \
               CAST($6 AS TEXT), CAST($7 AS TEXT), CAST($8 AS BIGINT) \
               WHERE NOT EXISTS (SELECT 1 FROM warnings c WHERE c.rule = $1 AND c.project_id = $3 \
                   AND c.subject_kind = $4 AND c.subject_id = $5 AND c.period = $6 AND c.closed_by = 'regulator') \
               ON CONFLICT DO NOTHING RETURNING id";
    on_db!(db, pool => sqlx::query_scalar(sql)
        .bind(warning.rule)
        .bind(warning.level)
        .bind(warning.project_id)
        .bind(warning.subject_kind)
        .bind(warning.subject_id)
        .bind(warning.period)
        .bind(warning.facts)
        .bind(now)
        .fetch_optional(pool)
        .await)
}

/// Every open warning.
pub async fn open_warnings(db: &Db) -> sqlx::Result<Vec<OpenWarning>> {
    let sql = "SELECT id, rule, level, project_id, subject_kind, subject_id, period, facts FROM warnings \
               WHERE status = 'open'";
    on_db!(db, pool => sqlx::query_as(sql).fetch_all(pool).await)
}

/// A still-open warning's level and facts as the engine found them now.
pub async fn update_open(db: &Db, id: i64, level: &str, facts: &str) -> sqlx::Result<u64> {
    let sql = "UPDATE warnings SET level = $1, facts = $2 WHERE id = $3 AND status = 'open' \
               AND (level <> $1 OR facts <> $2)";
    execute!(db, sqlx::query(sql).bind(level).bind(facts).bind(id))
}

/// Closes an open warning; 0 when it was closed already (by another engine or the regulator).
pub async fn close(db: &Db, id: i64, by: &str, reason: &str, now: i64) -> sqlx::Result<u64> {
    let sql = "UPDATE warnings SET status = 'closed', closed_at = $1, closed_by = $2, close_reason = $3 \
               WHERE id = $4 AND status = 'open'";
    execute!(db, sqlx::query(sql).bind(now).bind(by).bind(reason).bind(id))
}

/// Opens a closed warning again; 0 when it is open or another warning of its key is.
pub async fn reopen(db: &Db, id: i64) -> sqlx::Result<u64> {
    let sql = "UPDATE warnings SET status = 'open', closed_at = 0, closed_by = '', close_reason = '' \
               WHERE id = $1 AND status = 'closed' AND NOT EXISTS (SELECT 1 FROM warnings o WHERE o.status = 'open' \
               AND o.rule = warnings.rule AND o.project_id = warnings.project_id \
               AND o.subject_kind = warnings.subject_kind AND o.subject_id = warnings.subject_id \
               AND o.period = warnings.period)";
    execute!(db, sqlx::query(sql).bind(id))
}

pub async fn find(db: &Db, id: i64) -> sqlx::Result<Option<WarningRow>> {
    let sql =
        format!("SELECT {WARNING_COLUMNS} FROM warnings w JOIN projects p ON p.id = w.project_id WHERE w.id = $1");
    on_db!(db, pool => sqlx::query_as(sqlx::AssertSqlSafe(sql.clone())).bind(id).fetch_optional(pool).await)
}

fn clause(filter: &WarningFilter) -> (String, Vec<Bind>) {
    let mut conditions = vec!["1 = 1".to_owned()];
    let mut binds = Vec::new();
    let mut add = |condition: &str, bind: Bind| {
        binds.push(bind);
        conditions.push(condition.replace('?', &format!("${}", binds.len())));
    };
    if filter.project_id > 0 {
        add("w.project_id = ?", Bind::Int(filter.project_id));
    }
    if !filter.district.is_empty() {
        add("',' || p.district_code || ',' LIKE '%,' || ? || ',%'", Bind::Text(filter.district.clone()));
    }
    if !filter.narrower_district.is_empty() {
        add("',' || p.district_code || ',' LIKE '%,' || ? || ',%'", Bind::Text(filter.narrower_district.clone()));
    }
    if !filter.level.is_empty() {
        add("w.level = ?", Bind::Text(filter.level.clone()));
    }
    if !filter.rule.is_empty() {
        add("w.rule = ?", Bind::Text(filter.rule.clone()));
    }
    if !filter.status.is_empty() {
        add("w.status = ?", Bind::Text(filter.status.clone()));
    }
    (conditions.join(" AND "), binds)
}

/// A page of the warnings matching `filter`, open first, newest first, and how many match.
pub async fn list(db: &Db, filter: &WarningFilter, limit: i64, offset: i64) -> sqlx::Result<(Vec<WarningRow>, i64)> {
    let (clause, binds) = clause(filter);
    let count_sql = format!("SELECT COUNT(*) FROM warnings w JOIN projects p ON p.id = w.project_id WHERE {clause}");
    let total: i64 = on_db!(db, pool => bind_all!(sqlx::query_scalar(sqlx::AssertSqlSafe(count_sql.clone())), &binds)
        .fetch_one(pool)
        .await)?;
    let n = binds.len() + 1;
    let sql = format!(
        "SELECT {WARNING_COLUMNS} FROM warnings w JOIN projects p ON p.id = w.project_id WHERE {clause} \
         ORDER BY w.status DESC, w.id DESC LIMIT ${n} OFFSET ${}",
        n + 1
    );
    let rows = on_db!(db, pool => bind_all!(sqlx::query_as(sqlx::AssertSqlSafe(sql.clone())), &binds)
        .bind(limit)
        .bind(offset)
        .fetch_all(pool)
        .await)?;
    Ok((rows, total))
}

/// (district path, level, count) of the open warnings matching `filter`.
pub async fn open_counts(db: &Db, filter: &WarningFilter) -> sqlx::Result<Vec<(String, String, i64)>> {
    let (clause, binds) = clause(filter);
    let sql = format!(
        "SELECT p.district_code, w.level, COUNT(*) FROM warnings w JOIN projects p ON p.id = w.project_id \
         WHERE {clause} AND w.status = 'open' GROUP BY p.district_code, w.level"
    );
    on_db!(db, pool => bind_all!(sqlx::query_as(sqlx::AssertSqlSafe(sql.clone())), &binds).fetch_all(pool).await)
}

/// A warning's thread, oldest first.
pub async fn notes(db: &Db, warning_id: i64) -> sqlx::Result<Vec<NoteRow>> {
    let sql = "SELECT id, account_name, author_kind, body, attachments, created_at FROM warning_notes \
               WHERE warning_id = $1 ORDER BY id";
    on_db!(db, pool => sqlx::query_as(sql).bind(warning_id).fetch_all(pool).await)
}

pub struct NewNote<'a> {
    pub warning_id: i64,
    pub account_id: i64,
    pub account_name: &'a str,
    pub author_kind: &'a str,
    pub body: &'a str,
    pub attachments: &'a str,
}

pub async fn insert_note(db: &Db, note: &NewNote<'_>, now: i64) -> sqlx::Result<i64> {
    let sql = "INSERT INTO warning_notes (warning_id, account_id, account_name, author_kind, body, attachments, \
               created_at) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id";
    on_db!(db, pool => sqlx::query_scalar(sql)
        .bind(note.warning_id)
        .bind(note.account_id)
        .bind(note.account_name)
        .bind(note.author_kind)
        .bind(note.body)
        .bind(note.attachments)
        .bind(now)
        .fetch_one(pool)
        .await)
}

/// Open warnings of each of `ids` by level: (project, level, count).
pub async fn open_by_project(db: &Db, ids: &[i64]) -> sqlx::Result<Vec<(i64, String, i64)>> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    let sql = format!(
        "SELECT project_id, level, COUNT(*) FROM warnings WHERE status = 'open' AND project_id IN ({}) \
         GROUP BY project_id, level",
        crate::db::placeholders(1, ids.len())
    );
    let binds = crate::db::int_binds(ids);
    on_db!(db, pool => bind_all!(sqlx::query_as(sqlx::AssertSqlSafe(sql.clone())), &binds).fetch_all(pool).await)
}

/// The projects with an open warning of `level`.
pub async fn projects_with_open(db: &Db, level: &str) -> sqlx::Result<Vec<i64>> {
    let sql = "SELECT DISTINCT project_id FROM warnings WHERE status = 'open' AND level = $1 ORDER BY project_id";
    on_db!(db, pool => sqlx::query_scalar(sql).bind(level).fetch_all(pool).await)
}
