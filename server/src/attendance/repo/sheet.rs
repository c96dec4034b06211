//! The monthly sheet's workers and days, and a day corrected by hand.

use super::*;
use crate::db::{Bind, Db, Tx};
use crate::oplog::Entry;
use crate::{bind_all, on_db, on_tx};

pub struct SheetFilter {
    pub project_id: i64,
    pub first_day: String,
    pub last_day: String,
    pub unit_id: i64,
    pub team_id: i64,
    pub keyword: String,
}

#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct SheetWorker {
    pub worker_id: i64,
    pub name: String,
    pub id_number: String,
    pub unit_name: String,
    pub team_name: String,
}

#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct SheetDay {
    pub worker_id: i64,
    pub day: String,
    pub attended: bool,
    pub manual: bool,
    pub minutes: i64,
    pub punches: i64,
    pub unpaired: i64,
}

/// Workers on the month's sheet: on the roster some time in the month, or with attendance in it; their
/// latest roster line names the unit and team.
fn sheet_clause(filter: &SheetFilter) -> Clause {
    let mut clause = Clause::default();
    clause.and("e.project_id = ?", vec![Bind::Int(filter.project_id)]);
    clause.and(
        "e.id = (SELECT MAX(x.id) FROM employments x WHERE x.project_id = e.project_id AND x.worker_id = e.worker_id)",
        vec![],
    );
    clause.and(
        "(EXISTS (SELECT 1 FROM employments y WHERE y.project_id = e.project_id AND y.worker_id = e.worker_id AND y.entry_date <= ? \
          AND (y.exit_date = '' OR y.exit_date >= ?)) \
          OR EXISTS (SELECT 1 FROM attendance_days a WHERE a.project_id = e.project_id AND a.worker_id = e.worker_id AND a.day >= ? AND a.day <= ?))",
        vec![
            Bind::Text(filter.last_day.clone()),
            Bind::Text(filter.first_day.clone()),
            Bind::Text(filter.first_day.clone()),
            Bind::Text(filter.last_day.clone()),
        ],
    );
    if filter.unit_id > 0 {
        clause.and("e.unit_id = ?", vec![Bind::Int(filter.unit_id)]);
    }
    if filter.team_id > 0 {
        clause.and("e.team_id = ?", vec![Bind::Int(filter.team_id)]);
    }
    if !filter.keyword.is_empty() {
        let pattern = crate::paging::contains_pattern(&filter.keyword);
        clause.and(
            "(w.name LIKE ? ESCAPE '\\' OR w.id_number LIKE ? ESCAPE '\\')",
            vec![Bind::Text(pattern.clone()), Bind::Text(pattern)],
        );
    }
    clause
}

pub async fn sheet_workers(
    db: &Db,
    filter: &SheetFilter,
    limit: i64,
    offset: i64,
) -> sqlx::Result<(Vec<SheetWorker>, i64)> {
    let clause = sheet_clause(filter);
    let from = "FROM employments e JOIN workers w ON w.id = e.worker_id JOIN project_units pu ON pu.id = e.unit_id \
                JOIN companies c ON c.id = pu.company_id LEFT JOIN teams t ON t.id = e.team_id";
    let count_sql = format!("SELECT COUNT(*) {from} WHERE {}", clause.sql());
    let total: i64 = on_db!(db, pool => bind_all!(sqlx::query_scalar(sqlx::AssertSqlSafe(count_sql.clone())), &clause.binds).fetch_one(pool).await)?;
    if total == 0 {
        return Ok((Vec::new(), 0));
    }
    let n = clause.next();
    let sql = format!(
        "SELECT w.id AS worker_id, w.name, w.id_number, c.name AS unit_name, COALESCE(t.name, '') AS team_name {from} \
         WHERE {} ORDER BY e.unit_id, COALESCE(e.team_id, 0), w.name, w.id LIMIT ${n} OFFSET ${}",
        clause.sql(),
        n + 1
    );
    let rows = on_db!(db, pool => bind_all!(sqlx::query_as(sqlx::AssertSqlSafe(sql.clone())), &clause.binds).bind(limit).bind(offset).fetch_all(pool).await)?;
    Ok((rows, total))
}

/// The attendance days of `workers` in the month.
pub async fn sheet_days(
    db: &Db,
    project_id: i64,
    first_day: &str,
    last_day: &str,
    workers: &[i64],
) -> sqlx::Result<Vec<SheetDay>> {
    let mut days = Vec::new();
    for chunk in workers.chunks(500) {
        let marks: Vec<String> = (0..chunk.len()).map(|i| format!("${}", i + 4)).collect();
        let sql = format!(
            "SELECT worker_id, day, attended, manual, minutes, punches, unpaired FROM attendance_days \
             WHERE project_id = $1 AND day >= $2 AND day <= $3 AND worker_id IN ({}) ORDER BY worker_id, day",
            marks.join(", ")
        );
        let binds = crate::db::int_binds(chunk);
        let rows: Vec<SheetDay> = on_db!(db, pool => bind_all!(
            sqlx::query_as(sqlx::AssertSqlSafe(sql.clone())).bind(project_id).bind(first_day).bind(last_day), &binds).fetch_all(pool).await)?;
        days.extend(rows);
    }
    Ok(days)
}

// ---------------------------------------------------------------- corrections

pub struct Correction<'a> {
    pub project_id: i64,
    pub worker_id: i64,
    pub day: &'a str,
    pub attended: bool,
    pub reason: &'a str,
    pub account_id: i64,
    pub account_name: &'a str,
    pub now: i64,
}

/// Sets the worker's day by hand (manual = TRUE), keeps the correction and logs it, inside `tx`.
pub async fn correct_day_in(tx: &mut Tx, correction: &Correction<'_>, entry: &Entry<'_>) -> sqlx::Result<()> {
    let upsert = "INSERT INTO attendance_days (project_id, worker_id, day, first_at, last_at, punches, minutes, attended, manual) \
                  VALUES ($1, $2, $3, 0, 0, 0, 0, $4, TRUE) \
                  ON CONFLICT (project_id, worker_id, day) DO UPDATE SET attended = excluded.attended, manual = TRUE";
    let keep = "INSERT INTO attendance_corrections (project_id, worker_id, day, attended, reason, account_id, account_name, created_at) \
                VALUES ($1, $2, $3, $4, $5, $6, $7, $8)";
    on_tx!(tx, conn => {
        sqlx::query(upsert).bind(correction.project_id).bind(correction.worker_id).bind(correction.day).bind(correction.attended)
            .execute(&mut **conn).await?;
        sqlx::query(keep).bind(correction.project_id).bind(correction.worker_id).bind(correction.day).bind(correction.attended)
            .bind(correction.reason).bind(correction.account_id).bind(correction.account_name).bind(correction.now)
            .execute(&mut **conn).await?;
    });
    crate::oplog::record_in(tx, entry).await
}

/// The attended days (worker, `YYYY-MM-DD`) of the project from `first` to `last`. The wage area pairs each
/// with the employment line of its day, so a day outside every line is never paid.
pub async fn attended_between(db: &Db, project_id: i64, first: &str, last: &str) -> sqlx::Result<Vec<(i64, String)>> {
    let sql = "SELECT worker_id, day FROM attendance_days WHERE project_id = $1 AND day >= $2 AND day <= $3 AND attended = TRUE";
    on_db!(db, pool => sqlx::query_as(sql).bind(project_id).bind(first).bind(last).fetch_all(pool).await)
}
