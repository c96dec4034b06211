//! The project's rules, the roster's workers as attendance reads them, punch records and their photos.

use super::*;
use crate::attendance::rules::{Rules, Stay};
use crate::db::{Bind, Db, Tx};
use crate::{bind_all, execute_in, on_db};

pub async fn save_rules(tx: &mut Tx, project_id: i64, rules: &Rules, now: i64) -> sqlx::Result<()> {
    let sql = "INSERT INTO attendance_rules (project_id, min_minutes, dedup_seconds, directions, offline_minutes, max_shift_minutes, updated_at) \
               VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (project_id) DO UPDATE SET min_minutes = excluded.min_minutes, \
               dedup_seconds = excluded.dedup_seconds, directions = excluded.directions, offline_minutes = excluded.offline_minutes, \
               max_shift_minutes = excluded.max_shift_minutes, updated_at = excluded.updated_at";
    execute_in!(
        tx,
        sqlx::query(sql)
            .bind(project_id)
            .bind(rules.min_minutes)
            .bind(rules.dedup_seconds)
            .bind(rules.directions.as_str())
            .bind(rules.offline_minutes)
            .bind(rules.max_shift_minutes)
            .bind(now)
    )
    .map(|_| ())
}

// ---------------------------------------------------------------- workers

/// The workers of `id_numbers` who have (or had) a place on the project's roster: ID number, id, name.
pub async fn roster_workers(
    db: &Db,
    project_id: i64,
    id_numbers: &[String],
) -> sqlx::Result<Vec<(String, i64, String)>> {
    let mut found = Vec::new();
    for chunk in id_numbers.chunks(500) {
        let marks: Vec<String> = (0..chunk.len()).map(|i| format!("${}", i + 2)).collect();
        let sql = format!(
            "SELECT w.id_number, w.id, w.name FROM workers w WHERE w.id_number IN ({}) \
             AND EXISTS (SELECT 1 FROM employments e WHERE e.worker_id = w.id AND e.project_id = $1)",
            marks.join(", ")
        );
        let binds: Vec<Bind> = chunk.iter().map(|id| Bind::Text(id.clone())).collect();
        let rows: Vec<(String, i64, String)> = on_db!(db, pool => bind_all!(sqlx::query_as(sqlx::AssertSqlSafe(sql.clone())).bind(project_id), &binds).fetch_all(pool).await)?;
        found.extend(rows);
    }
    Ok(found)
}

/// A worker's name if they have (or had) a place on the project's roster.
pub async fn roster_worker(db: &Db, project_id: i64, worker_id: i64) -> sqlx::Result<Option<String>> {
    let sql = "SELECT w.name FROM workers w WHERE w.id = $2 AND EXISTS (SELECT 1 FROM employments e WHERE e.worker_id = w.id AND e.project_id = $1)";
    on_db!(db, pool => sqlx::query_scalar(sql).bind(project_id).bind(worker_id).fetch_optional(pool).await)
}

/// SQL true when the row `alias` (with project_id, worker_id, day) lies inside one of the worker's
/// employment lines on its project: only such days count (issue 10 item 1).
pub fn inside_employment(alias: &str) -> String {
    inside_employment_on(alias, &format!("{alias}.day"))
}

/// SQL true when `day` (an SQL expression) lies inside one of the employment lines of the row `alias`'s
/// worker on its project.
fn inside_employment_on(alias: &str, day: &str) -> String {
    format!(
        "EXISTS (SELECT 1 FROM employments y WHERE y.project_id = {alias}.project_id AND y.worker_id = {alias}.worker_id \
         AND y.entry_date <= {day} AND (y.exit_date = '' OR y.exit_date >= {day}))"
    )
}

/// The employment lines of `workers` on the project, as (worker id, line).
pub async fn stays(db: &Db, project_id: i64, workers: &[i64]) -> sqlx::Result<Vec<(i64, Stay)>> {
    let mut found = Vec::new();
    for chunk in workers.chunks(500) {
        let marks: Vec<String> = (0..chunk.len()).map(|i| format!("${}", i + 2)).collect();
        let sql = format!(
            "SELECT worker_id, entry_date, exit_date FROM employments WHERE project_id = $1 AND worker_id IN ({}) ORDER BY worker_id, entry_date",
            marks.join(", ")
        );
        let binds = crate::db::int_binds(chunk);
        let rows: Vec<(i64, String, String)> = on_db!(db, pool => bind_all!(sqlx::query_as(sqlx::AssertSqlSafe(sql.clone())).bind(project_id), &binds).fetch_all(pool).await)?;
        found.extend(
            rows.into_iter().map(|(worker_id, entry_date, exit_date)| (worker_id, Stay { entry_date, exit_date })),
        );
    }
    Ok(found)
}

// ---------------------------------------------------------------- records

/// The worker's latest roster line on the record's project names the unit and team.
const LATEST_EMPLOYMENT: &str = "JOIN employments e ON e.id = (SELECT MAX(x.id) FROM employments x WHERE x.project_id = r.project_id AND x.worker_id = r.worker_id) \
    JOIN project_units pu ON pu.id = e.unit_id JOIN companies c ON c.id = pu.company_id LEFT JOIN teams t ON t.id = e.team_id";

pub struct RecordFilter {
    pub project_id: i64,
    pub keyword: String,
    pub unit_id: i64,
    pub team_id: i64,
    pub from_day: String,
    pub to_day: String,
    /// '', 'device', 'import' or 'manual'.
    pub source: String,
    /// 0: every worker.
    pub worker_id: i64,
    /// '' or a day: the punches of the shifts begun that day and the corrections of that day.
    pub shift_day: String,
}

#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct RecordRow {
    pub source: String,
    pub id: i64,
    pub project_id: i64,
    /// The project's name, for the regulator reading every project's rows.
    pub project_name: String,
    pub worker_id: i64,
    pub at: i64,
    pub day: String,
    pub direction: String,
    pub device_id: i64,
    pub note: String,
    pub photo: String,
    pub name: String,
    pub id_number: String,
    pub unit_name: String,
    pub team_name: String,
    pub device_name: String,
    /// The day the punch's shift began; '' when the punch does not count (or for a correction).
    pub shift_day: String,
    /// One end of an in→out pair.
    pub paired: bool,
    /// The day (the shift's day when it has one) lies outside every employment line of the worker: kept,
    /// never counted.
    pub outside_employment: bool,
}

fn record_union(filter: &RecordFilter, clause: &mut Clause) -> String {
    let common = |clause: &mut Clause, alias: &str| {
        if filter.project_id > 0 {
            clause.and(&format!("{alias}.project_id = ?"), vec![Bind::Int(filter.project_id)]);
        }
        if !filter.from_day.is_empty() {
            clause.and(&format!("{alias}.day >= ?"), vec![Bind::Text(filter.from_day.clone())]);
        }
        if !filter.to_day.is_empty() {
            clause.and(&format!("{alias}.day <= ?"), vec![Bind::Text(filter.to_day.clone())]);
        }
        if filter.worker_id > 0 {
            clause.and(&format!("{alias}.worker_id = ?"), vec![Bind::Int(filter.worker_id)]);
        }
    };
    let mut parts = Vec::new();
    if filter.source != "manual" {
        let mut part = Clause { conditions: Vec::new(), binds: std::mem::take(&mut clause.binds) };
        common(&mut part, "p");
        if matches!(filter.source.as_str(), "device" | "import") {
            part.and("p.source = ?", vec![Bind::Text(filter.source.clone())]);
        }
        if !filter.shift_day.is_empty() {
            part.and("p.shift_day = ?", vec![Bind::Text(filter.shift_day.clone())]);
        }
        parts.push(format!(
            "SELECT p.source, p.id, p.project_id, p.worker_id, p.punched_at AS at, p.day, p.direction, p.device_id, '' AS note, p.photo, \
             p.shift_day, p.paired FROM punches p WHERE {}",
            part.sql()
        ));
        clause.binds = part.binds;
    }
    if filter.source.is_empty() || filter.source == "manual" {
        let mut part = Clause { conditions: Vec::new(), binds: std::mem::take(&mut clause.binds) };
        common(&mut part, "k");
        if !filter.shift_day.is_empty() {
            part.and("k.day = ?", vec![Bind::Text(filter.shift_day.clone())]);
        }
        parts.push(format!(
            "SELECT 'manual' AS source, k.id, k.project_id, k.worker_id, k.created_at AS at, k.day, \
             CASE WHEN k.attended THEN 'attended' ELSE 'absent' END AS direction, CAST(0 AS BIGINT) AS device_id, k.reason AS note, '' AS photo, \
             '' AS shift_day, FALSE AS paired FROM attendance_corrections k WHERE {}",
            part.sql()
        ));
        clause.binds = part.binds;
    }
    parts.join(" UNION ALL ")
}

fn record_outer(filter: &RecordFilter, clause: &mut Clause) {
    if !filter.keyword.is_empty() {
        let pattern = crate::paging::contains_pattern(&filter.keyword);
        clause.and(
            "(w.name LIKE ? ESCAPE '\\' OR w.id_number LIKE ? ESCAPE '\\')",
            vec![Bind::Text(pattern.clone()), Bind::Text(pattern)],
        );
    }
    if filter.unit_id > 0 {
        clause.and("e.unit_id = ?", vec![Bind::Int(filter.unit_id)]);
    }
    if filter.team_id > 0 {
        clause.and("e.team_id = ?", vec![Bind::Int(filter.team_id)]);
    }
}

pub async fn records(db: &Db, filter: &RecordFilter, limit: i64, offset: i64) -> sqlx::Result<(Vec<RecordRow>, i64)> {
    let mut clause = Clause::default();
    let union = record_union(filter, &mut clause);
    record_outer(filter, &mut clause);
    let from = format!("FROM ({union}) r JOIN workers w ON w.id = r.worker_id {LATEST_EMPLOYMENT}");
    let count_sql = format!("SELECT COUNT(*) {from} WHERE {}", clause.sql());
    let total: i64 = on_db!(db, pool => bind_all!(sqlx::query_scalar(sqlx::AssertSqlSafe(count_sql.clone())), &clause.binds).fetch_one(pool).await)?;
    if total == 0 {
        return Ok((Vec::new(), 0));
    }
    let n = clause.next();
    let sql = format!(
        "SELECT r.source, r.id, r.project_id, p.name AS project_name, r.worker_id, r.at, r.day, r.direction, r.device_id, r.note, r.photo, w.name, w.id_number, \
         c.name AS unit_name, COALESCE(t.name, '') AS team_name, COALESCE(d.name, '') AS device_name, r.shift_day, r.paired, \
         NOT {} AS outside_employment {from} \
         JOIN projects p ON p.id = r.project_id LEFT JOIN attendance_devices d ON d.id = r.device_id WHERE {} ORDER BY r.at DESC, r.id DESC LIMIT ${n} OFFSET ${}",
        inside_employment_on("r", "CASE WHEN r.shift_day = '' THEN r.day ELSE r.shift_day END"),
        clause.sql(),
        n + 1
    );
    let rows = on_db!(db, pool => bind_all!(sqlx::query_as(sqlx::AssertSqlSafe(sql.clone())), &clause.binds).bind(limit).bind(offset).fetch_all(pool).await)?;
    Ok((rows, total))
}

/// The stored photo of a punch of the project (0: any project).
pub async fn punch_photo(db: &Db, project_id: i64, id: i64) -> sqlx::Result<Option<String>> {
    let sql = "SELECT photo FROM punches WHERE id = $1 AND ($2 = 0 OR project_id = $2) AND photo <> ''";
    on_db!(db, pool => sqlx::query_scalar(sql).bind(id).bind(project_id).fetch_optional(pool).await)
}
