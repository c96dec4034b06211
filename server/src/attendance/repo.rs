//! SQL of the attendance area: devices, the replay guard, rules, punch records, the steps of the punch ingest
//! (whose rules are in `ingest.rs`), the monthly sheet and manual corrections. One text for both backends.

use sqlx::QueryBuilder;

use super::rules::{DayTotals, Direction, Directions, Rules, Stay, china_day};
use crate::db::cohort::Cohort;
use crate::db::{Bind, Db, Tx};
use crate::oplog::Entry;
use crate::{bind_all, execute_in, on_db, on_tx, record_in_tx};

/// A WHERE clause under construction: conditions joined by AND, binds numbered in order.
#[derive(Default)]
pub struct Clause {
    pub conditions: Vec<String>,
    pub binds: Vec<Bind>,
}

impl Clause {
    /// Adds a condition whose `?` marks are replaced by the next placeholders.
    pub fn and(&mut self, condition: &str, binds: Vec<Bind>) {
        let mut text = String::new();
        let mut binds = binds.into_iter();
        for (index, part) in condition.split('?').enumerate() {
            if index > 0 {
                if let Some(bind) = binds.next() {
                    self.binds.push(bind);
                }
                text.push_str(&format!("${}", self.binds.len()));
            }
            text.push_str(part);
        }
        self.conditions.push(text);
    }

    pub fn sql(&self) -> String {
        if self.conditions.is_empty() { "1 = 1".into() } else { self.conditions.join(" AND ") }
    }

    fn next(&self) -> usize {
        self.binds.len() + 1
    }
}

// ---------------------------------------------------------------- devices

pub struct NewDevice<'a> {
    pub project_id: i64,
    pub kind: &'a str,
    pub serial: &'a str,
    pub name: &'a str,
    pub direction: &'a str,
    pub location: &'a str,
    pub protocol: &'a str,
    pub secret_sha256: &'a str,
    pub now: i64,
}

/// Registers a device; None when the serial is taken.
pub async fn insert_device(db: &Db, device: &NewDevice<'_>) -> sqlx::Result<Option<i64>> {
    let sql = "INSERT INTO attendance_devices (project_id, kind, serial, name, direction, location, secret_sha256, enabled, \
               last_heartbeat_at, created_at, updated_at, protocol) VALUES ($1, $2, $3, $4, $5, $6, $7, TRUE, 0, $8, $8, $9) \
               ON CONFLICT (serial) DO NOTHING RETURNING id";
    on_db!(db, pool => sqlx::query_scalar(sql).bind(device.project_id).bind(device.kind).bind(device.serial).bind(device.name)
        .bind(device.direction).bind(device.location).bind(device.secret_sha256).bind(device.now).bind(device.protocol)
        .fetch_optional(pool).await)
}

#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct DeviceRow {
    pub id: i64,
    pub project_id: i64,
    pub project_name: String,
    pub kind: String,
    pub serial: String,
    pub name: String,
    pub direction: String,
    pub location: String,
    pub protocol: String,
    pub enabled: bool,
    pub last_heartbeat_at: i64,
    pub offline_minutes: i64,
    pub created_at: i64,
    pub punches: i64,
}

const DEVICE_COLUMNS: &str = "d.id, d.project_id, p.name AS project_name, d.kind, d.serial, d.name, d.direction, d.location, d.protocol, d.enabled, \
    d.last_heartbeat_at, COALESCE(r.offline_minutes, 10) AS offline_minutes, d.created_at, \
    (SELECT COUNT(*) FROM punches x WHERE x.device_id = d.id) AS punches";
const DEVICE_JOINS: &str = "FROM attendance_devices d JOIN projects p ON p.id = d.project_id \
    LEFT JOIN attendance_rules r ON r.project_id = d.project_id";

pub struct DeviceFilter {
    /// 0: every project.
    pub project_id: i64,
    pub kind: String,
    pub keyword: String,
    /// '', 'online', 'offline' or 'disabled'.
    pub status: String,
    pub now: i64,
}

fn device_clause(filter: &DeviceFilter) -> Clause {
    let mut clause = Clause::default();
    if filter.project_id > 0 {
        clause.and("d.project_id = ?", vec![Bind::Int(filter.project_id)]);
    }
    clause.and("d.kind = ?", vec![Bind::Text(filter.kind.clone())]);
    if !filter.keyword.is_empty() {
        let pattern = crate::paging::contains_pattern(&filter.keyword);
        clause.and(
            "(d.serial LIKE ? ESCAPE '\\' OR d.name LIKE ? ESCAPE '\\')",
            vec![Bind::Text(pattern.clone()), Bind::Text(pattern)],
        );
    }
    let fresh = "d.last_heartbeat_at >= ? - COALESCE(r.offline_minutes, 10) * 60";
    match filter.status.as_str() {
        "online" => clause.and(&format!("d.enabled = TRUE AND {fresh}"), vec![Bind::Int(filter.now)]),
        "offline" => clause.and(&format!("d.enabled = TRUE AND NOT ({fresh})"), vec![Bind::Int(filter.now)]),
        "disabled" => clause.and("d.enabled = FALSE", vec![]),
        _ => {}
    }
    clause
}

pub async fn devices(db: &Db, filter: &DeviceFilter, limit: i64, offset: i64) -> sqlx::Result<(Vec<DeviceRow>, i64)> {
    let clause = device_clause(filter);
    let count_sql = format!("SELECT COUNT(*) {DEVICE_JOINS} WHERE {}", clause.sql());
    let total: i64 = on_db!(db, pool => bind_all!(sqlx::query_scalar(sqlx::AssertSqlSafe(count_sql.clone())), &clause.binds).fetch_one(pool).await)?;
    let n = clause.next();
    let sql = format!(
        "SELECT {DEVICE_COLUMNS} {DEVICE_JOINS} WHERE {} ORDER BY d.id DESC LIMIT ${n} OFFSET ${}",
        clause.sql(),
        n + 1
    );
    let rows = on_db!(db, pool => bind_all!(sqlx::query_as(sqlx::AssertSqlSafe(sql.clone())), &clause.binds).bind(limit).bind(offset).fetch_all(pool).await)?;
    Ok((rows, total))
}

pub async fn find_device(db: &Db, id: i64) -> sqlx::Result<Option<DeviceRow>> {
    let sql = format!("SELECT {DEVICE_COLUMNS} {DEVICE_JOINS} WHERE d.id = $1");
    on_db!(db, pool => sqlx::query_as(sqlx::AssertSqlSafe(sql.clone())).bind(id).fetch_optional(pool).await)
}

/// What the device API needs to authenticate a request.
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct DeviceAuth {
    pub id: i64,
    pub project_id: i64,
    pub direction: String,
    pub secret_sha256: String,
    pub enabled: bool,
    /// 'api' (the signed device API) or 'iclock' (ZKTeco PUSH).
    pub protocol: String,
}

pub async fn device_by_serial(db: &Db, serial: &str) -> sqlx::Result<Option<DeviceAuth>> {
    let sql =
        "SELECT id, project_id, direction, secret_sha256, enabled, protocol FROM attendance_devices WHERE serial = $1";
    on_db!(db, pool => sqlx::query_as(sql).bind(serial).fetch_optional(pool).await)
}

pub async fn update_device(
    db: &Db,
    id: i64,
    name: &str,
    direction: &str,
    location: &str,
    enabled: bool,
    now: i64,
) -> sqlx::Result<u64> {
    let sql = "UPDATE attendance_devices SET name = $2, direction = $3, location = $4, enabled = $5, updated_at = $6 WHERE id = $1";
    crate::execute!(db, sqlx::query(sql).bind(id).bind(name).bind(direction).bind(location).bind(enabled).bind(now))
}

pub async fn set_secret(db: &Db, id: i64, secret_sha256: &str, now: i64) -> sqlx::Result<u64> {
    let sql = "UPDATE attendance_devices SET secret_sha256 = $2, updated_at = $3 WHERE id = $1";
    crate::execute!(db, sqlx::query(sql).bind(id).bind(secret_sha256).bind(now))
}

/// Removes a device; its punches stay (they name the device by id) and so do the days they made.
pub async fn delete_device(db: &Db, id: i64) -> sqlx::Result<u64> {
    crate::execute!(db, sqlx::query("DELETE FROM device_nonces WHERE device_id = $1").bind(id))?;
    crate::execute!(db, sqlx::query("DELETE FROM attendance_devices WHERE id = $1").bind(id))
}

pub async fn touch_heartbeat(db: &Db, id: i64, now: i64) -> sqlx::Result<u64> {
    crate::execute!(
        db,
        sqlx::query("UPDATE attendance_devices SET last_heartbeat_at = $2 WHERE id = $1 AND last_heartbeat_at < $2")
            .bind(id)
            .bind(now)
    )
}

/// A punch as the unique index knows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PunchKey {
    pub project_id: i64,
    pub worker_id: i64,
    pub punched_at: i64,
    pub device_id: i64,
}

/// Every device speaking `protocol`.
pub async fn device_ids(db: &Db, protocol: &str) -> sqlx::Result<Vec<i64>> {
    on_db!(db, pool => sqlx::query_scalar("SELECT id FROM attendance_devices WHERE protocol = $1").bind(protocol).fetch_all(pool).await)
}

/// Gives a device's punch its photo (a terminal sending the snapshot after the punch); false when that punch
/// is not stored (yet) or has one.
pub async fn attach_photo(db: &Db, punch: &PunchKey, photo: &str) -> sqlx::Result<bool> {
    let sql = "UPDATE punches SET photo = $5 \
               WHERE project_id = $1 AND worker_id = $2 AND punched_at = $3 AND device_id = $4 AND photo = ''";
    let PunchKey { project_id, worker_id, punched_at, device_id } = *punch;
    Ok(crate::execute!(
        db,
        sqlx::query(sql).bind(project_id).bind(worker_id).bind(punched_at).bind(device_id).bind(photo)
    )? > 0)
}

/// Records a used signature; false when it was used before (a replay).
pub async fn use_nonce(db: &Db, device_id: i64, signature: &str, signed_at: i64) -> sqlx::Result<bool> {
    let sql = "INSERT INTO device_nonces (device_id, signature, signed_at) VALUES ($1, $2, $3) ON CONFLICT (device_id, signature) DO NOTHING";
    Ok(crate::execute!(db, sqlx::query(sql).bind(device_id).bind(signature).bind(signed_at))? == 1)
}

/// Forgets signatures older than `before`: their timestamps are refused anyway.
pub async fn forget_nonces(db: &Db, before: i64) -> sqlx::Result<u64> {
    crate::execute!(db, sqlx::query("DELETE FROM device_nonces WHERE signed_at < $1").bind(before))
}

// ---------------------------------------------------------------- rules

pub async fn save_rules(
    db: &Db,
    project_id: i64,
    rules: &super::rules::Rules,
    now: i64,
    entry: &Entry<'_>,
) -> sqlx::Result<()> {
    let sql = "INSERT INTO attendance_rules (project_id, min_minutes, dedup_seconds, directions, offline_minutes, max_shift_minutes, updated_at) \
               VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (project_id) DO UPDATE SET min_minutes = excluded.min_minutes, \
               dedup_seconds = excluded.dedup_seconds, directions = excluded.directions, offline_minutes = excluded.offline_minutes, \
               max_shift_minutes = excluded.max_shift_minutes, updated_at = excluded.updated_at";
    on_db!(db, pool => {
        let mut tx = pool.begin().await?;
        sqlx::query(sql).bind(project_id).bind(rules.min_minutes).bind(rules.dedup_seconds).bind(rules.directions.as_str())
            .bind(rules.offline_minutes).bind(rules.max_shift_minutes).bind(now).execute(&mut *tx).await?;
        record_in_tx!(tx, entry)?;
        tx.commit().await
    })
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

// ---------------------------------------------------------------- sheet

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

// ---------------------------------------------------------------- ingest (rules in ingest.rs)

/// Rows per multi-row INSERT or UPDATE: 9 binds each stays under SQLite's 32,766 variables.
const CHUNK: usize = 1000;

/// One punch of a worker already known to be on the project.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewPunch {
    pub worker_id: i64,
    pub punched_at: i64,
    pub direction: Direction,
    /// Stored photo name, '' without one.
    pub photo: String,
}

/// The rules the project saved, if any.
pub async fn saved_rules(db: &Db, project_id: i64) -> sqlx::Result<Option<Rules>> {
    let sql = "SELECT min_minutes, dedup_seconds, directions, offline_minutes, max_shift_minutes FROM attendance_rules WHERE project_id = $1";
    let row: Option<(i64, i64, String, i64, i64)> =
        on_db!(db, pool => sqlx::query_as(sql).bind(project_id).fetch_optional(pool).await)?;
    Ok(row.map(|(min_minutes, dedup_seconds, directions, offline_minutes, max_shift_minutes)| Rules {
        min_minutes,
        dedup_seconds,
        directions: Directions::parse(&directions).unwrap_or(Directions::Both),
        offline_minutes,
        max_shift_minutes,
    }))
}

/// Makes the project's recounts inside `tx` take turns: two uploads recounting the same workers at once would
/// each count without the other's punches (and on PostgreSQL could deadlock on the same day rows). SQLite's
/// `BEGIN IMMEDIATE` already serialises writers; PostgreSQL takes a lock held until the transaction ends.
pub async fn lock_project_recount_in(tx: &mut Tx, project_id: i64) -> sqlx::Result<()> {
    if let Tx::Postgres(conn) = tx {
        sqlx::query("SELECT pg_advisory_xact_lock($1, $2)")
            .bind(RECOUNT_LOCK_SPACE)
            .bind((project_id & i64::from(i32::MAX)) as i32)
            .execute(&mut **conn)
            .await?;
    }
    Ok(())
}

/// The first key of the recount lock: a name space of our own among PostgreSQL's advisory locks.
const RECOUNT_LOCK_SPACE: i32 = 0x7761_6765;

/// Records a used signature inside `tx`; false when it was used before (a replay).
pub async fn use_nonce_in(tx: &mut Tx, device_id: i64, signature: &str, signed_at: i64) -> sqlx::Result<bool> {
    let sql = "INSERT INTO device_nonces (device_id, signature, signed_at) VALUES ($1, $2, $3) ON CONFLICT (device_id, signature) DO NOTHING";
    Ok(execute_in!(tx, sqlx::query(sql).bind(device_id).bind(signature).bind(signed_at))? == 1)
}

/// Inserts punches inside `tx`, dropping those already stored (same device, worker and time). Answers the
/// (worker, time) of each punch inserted.
pub async fn insert_punches(
    tx: &mut Tx,
    project_id: i64,
    source: &str,
    device_id: i64,
    punches: &[&NewPunch],
    now: i64,
) -> sqlx::Result<Vec<(i64, i64)>> {
    let mut inserted = Vec::new();
    for chunk in punches.chunks(CHUNK) {
        let rows: Vec<(i64, i64)> = on_tx!(tx, conn => {
            let mut builder = QueryBuilder::new(
                "INSERT INTO punches (project_id, worker_id, punched_at, day, direction, source, device_id, photo, created_at) ",
            );
            builder.push_values(chunk.iter(), |mut row, punch| {
                row.push_bind(project_id)
                    .push_bind(punch.worker_id)
                    .push_bind(punch.punched_at)
                    .push_bind(china_day(punch.punched_at).to_string())
                    .push_bind(punch.direction.as_str())
                    .push_bind(source)
                    .push_bind(device_id)
                    .push_bind(punch.photo.clone())
                    .push_bind(now);
            });
            builder.push(" ON CONFLICT (project_id, worker_id, punched_at, device_id) DO NOTHING RETURNING worker_id, punched_at");
            builder.build_query_as().fetch_all(&mut **conn).await
        })?;
        inserted.extend(rows);
    }
    Ok(inserted)
}

/// One stored punch as the recount reads it.
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct StoredPunch {
    pub worker_id: i64,
    pub id: i64,
    pub punched_at: i64,
    pub direction: String,
    pub shift_start: i64,
    pub shift_day: String,
    pub paired: bool,
}

/// `WHERE … worker_id IN (…)` of a statement under construction.
fn push_workers<DB: sqlx::Database>(builder: &mut QueryBuilder<DB>, workers: &[i64])
where
    for<'t> i64: sqlx::Encode<'t, DB> + sqlx::Type<DB>,
{
    builder.push(" AND worker_id IN (");
    let mut list = builder.separated(", ");
    for worker_id in workers {
        list.push_bind(*worker_id);
    }
    builder.push(")");
}

/// A worker's day as stored, for the recount to write only what changed.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct StoredDay {
    pub worker_id: i64,
    pub day: String,
    #[sqlx(flatten)]
    pub totals: DayTotals,
    pub manual: bool,
}

/// The stored days of `workers` from `from_day` on, inside `tx`.
pub async fn days_from(tx: &mut Tx, project_id: i64, from_day: &str, workers: &[i64]) -> sqlx::Result<Vec<StoredDay>> {
    on_tx!(tx, conn => {
        let mut builder = QueryBuilder::new(
            "SELECT worker_id, day, first_at, last_at, punches, minutes, unpaired, attended, manual FROM attendance_days \
             WHERE project_id = ",
        );
        builder.push_bind(project_id).push(" AND day >= ").push_bind(from_day.to_owned());
        push_workers(&mut builder, workers);
        builder.build_query_as().fetch_all(&mut **conn).await
    })
}

/// Deletes the uncorrected days (worker, day) of the project, inside `tx`.
pub async fn delete_days(tx: &mut Tx, project_id: i64, days: &[(i64, String)]) -> sqlx::Result<()> {
    for chunk in days.chunks(CHUNK) {
        on_tx!(tx, conn => {
            let mut builder = QueryBuilder::new("DELETE FROM attendance_days WHERE project_id = ");
            builder.push_bind(project_id).push(" AND manual = FALSE AND (worker_id, day) IN (");
            builder.push_values(chunk.iter(), |mut row, (worker_id, day)| {
                row.push_bind(*worker_id).push_bind(day.clone());
            });
            builder.push(")");
            builder.build().execute(&mut **conn).await.map(|done| done.rows_affected())
        })?;
    }
    Ok(())
}

/// Deletes every uncorrected day of the project from `from_day` on, inside `tx`.
pub async fn clear_project_days(tx: &mut Tx, project_id: i64, from_day: &str) -> sqlx::Result<()> {
    let sql = "DELETE FROM attendance_days WHERE project_id = $1 AND day >= $2 AND manual = FALSE";
    execute_in!(tx, sqlx::query(sql).bind(project_id).bind(from_day))?;
    Ok(())
}

/// The workers with a punch on the project from `from_day` on, inside `tx`.
pub async fn punched_workers(tx: &mut Tx, project_id: i64, from_day: &str) -> sqlx::Result<Vec<i64>> {
    let sql = "SELECT DISTINCT worker_id FROM punches WHERE project_id = $1 AND day >= $2";
    on_tx!(tx, conn => sqlx::query_scalar(sql).bind(project_id).bind(from_day).fetch_all(&mut **conn).await)
}

/// The punches of `workers` at or after `from_at`, leaving out those a shift begun before `from_at` holds
/// (one never counted, -1 or 0, is read), inside `tx`.
pub async fn punches_from(
    tx: &mut Tx,
    project_id: i64,
    from_at: i64,
    workers: &[i64],
) -> sqlx::Result<Vec<StoredPunch>> {
    on_tx!(tx, conn => {
        let mut builder = QueryBuilder::new(
            "SELECT worker_id, id, punched_at, direction, shift_start, shift_day, paired FROM punches WHERE project_id = ",
        );
        builder.push_bind(project_id).push(" AND punched_at >= ").push_bind(from_at);
        builder.push(" AND (shift_start <= 0 OR shift_start >= ").push_bind(from_at).push(")");
        push_workers(&mut builder, workers);
        builder.build_query_as().fetch_all(&mut **conn).await
    })
}

/// The employment lines of `workers` on the project, as (worker id, line), inside `tx`.
pub async fn stays_in(tx: &mut Tx, project_id: i64, workers: &[i64]) -> sqlx::Result<Vec<(i64, Stay)>> {
    let lines: Vec<(i64, String, String)> = on_tx!(tx, conn => {
        let mut builder = QueryBuilder::new("SELECT worker_id, entry_date, exit_date FROM employments WHERE project_id = ");
        builder.push_bind(project_id);
        push_workers(&mut builder, workers);
        builder.build_query_as().fetch_all(&mut **conn).await
    })?;
    Ok(lines
        .into_iter()
        .map(|(worker_id, entry_date, exit_date)| (worker_id, Stay { entry_date, exit_date }))
        .collect())
}

/// Writes recounted days (worker, day, totals) inside `tx`, new or over their stored row: a manual row keeps
/// its `attended` and takes the counted punches and hours.
pub async fn write_days(tx: &mut Tx, project_id: i64, days: &[(i64, String, DayTotals)]) -> sqlx::Result<()> {
    for chunk in days.chunks(CHUNK) {
        on_tx!(tx, conn => {
            let mut builder = QueryBuilder::new(
                "INSERT INTO attendance_days (project_id, worker_id, day, first_at, last_at, punches, minutes, unpaired, attended, manual) ",
            );
            builder.push_values(chunk.iter(), |mut row, (worker_id, day, totals)| {
                row.push_bind(project_id)
                    .push_bind(*worker_id)
                    .push_bind(day.clone())
                    .push_bind(totals.first_at)
                    .push_bind(totals.last_at)
                    .push_bind(totals.punches)
                    .push_bind(totals.minutes)
                    .push_bind(totals.unpaired)
                    .push_bind(totals.attended)
                    .push_bind(false);
            });
            builder.push(
                " ON CONFLICT (project_id, worker_id, day) DO UPDATE SET first_at = excluded.first_at, last_at = excluded.last_at, \
                 punches = excluded.punches, minutes = excluded.minutes, unpaired = excluded.unpaired, \
                 attended = CASE WHEN attendance_days.manual THEN attendance_days.attended ELSE excluded.attended END",
            );
            builder.build().execute(&mut **conn).await.map(|done| done.rows_affected())
        })?;
    }
    Ok(())
}

/// Sets punches' shift and pairing (id, shift start, shift day, paired) inside `tx`, one multi-row UPDATE
/// per chunk.
pub async fn write_marks(tx: &mut Tx, marks: &[(i64, i64, String, bool)]) -> sqlx::Result<()> {
    for chunk in marks.chunks(CHUNK) {
        on_tx!(tx, conn => {
            let mut builder = QueryBuilder::new(
                "UPDATE punches SET shift_start = v.column2, shift_day = v.column3, paired = v.column4 FROM (",
            );
            builder.push_values(chunk.iter(), |mut row, (id, shift_start, shift_day, paired)| {
                row.push_bind(*id).push_bind(*shift_start).push_bind(shift_day.clone()).push_bind(*paired);
            });
            builder.push(") AS v WHERE punches.id = v.column1");
            builder.build().execute(&mut **conn).await.map(|done| done.rows_affected())
        })?;
    }
    Ok(())
}

/// Projects with punches stored before shifts were counted (migration 0019 marks them `shift_start = -1`).
pub async fn projects_with_uncounted_punches(db: &Db) -> sqlx::Result<Vec<i64>> {
    let sql = "SELECT DISTINCT project_id FROM punches WHERE shift_start = -1";
    on_db!(db, pool => sqlx::query_scalar(sql).fetch_all(pool).await)
}

/// Marks the project's punches stored before shifts were counted as not counted (0).
pub async fn mark_uncounted(db: &Db, project_id: i64) -> sqlx::Result<u64> {
    let sql = "UPDATE punches SET shift_start = 0 WHERE project_id = $1 AND shift_start = -1";
    crate::execute!(db, sqlx::query(sql).bind(project_id))
}

/// The last day (`YYYY-MM-DD`) anyone punched in each of the projects `ids`, in one query.
pub async fn last_days(db: &Db, ids: &[i64]) -> sqlx::Result<Vec<(i64, String)>> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    let sql = format!(
        "SELECT project_id, MAX(day) FROM attendance_days WHERE project_id IN ({}) GROUP BY project_id",
        crate::db::placeholders(1, ids.len())
    );
    let binds = crate::db::int_binds(ids);
    on_db!(db, pool => bind_all!(sqlx::query_as(sqlx::AssertSqlSafe(sql.clone())), &binds).fetch_all(pool).await)
}

/// For the early warnings: each project's last day with a punch.
pub async fn last_punch_days(db: &Db) -> sqlx::Result<Vec<(i64, String)>> {
    let sql = "SELECT project_id, MAX(day) FROM attendance_days GROUP BY project_id";
    on_db!(db, pool => sqlx::query_as(sql).fetch_all(pool).await)
}

/// For the early warnings: (project, month) of the months in [`from`, `before`) (`YYYY-MM-DD`) with an attended day.
pub async fn attended_months(db: &Db, from: &str, before: &str) -> sqlx::Result<Vec<(i64, String)>> {
    let sql = "SELECT DISTINCT project_id, substr(day, 1, 7) FROM attendance_days \
               WHERE attended AND day >= $1 AND day < $2";
    on_db!(db, pool => sqlx::query_as(sql).bind(from).bind(before).fetch_all(pool).await)
}

/// Counts device punches refused because the person is on no roster of the project: (day, ID number, how many).
pub async fn count_unknown_punches(db: &Db, project_id: i64, refused: &[(String, String, i64)]) -> sqlx::Result<()> {
    let sql = "INSERT INTO unknown_punches (project_id, day, id_number, refused) VALUES ($1, $2, $3, $4) \
               ON CONFLICT (project_id, day, id_number) DO UPDATE SET refused = unknown_punches.refused + excluded.refused";
    for (day, id_number, count) in refused {
        crate::execute!(db, sqlx::query(sql).bind(project_id).bind(day).bind(id_number).bind(*count))?;
    }
    Ok(())
}

/// For the early warnings: (project, day, persons, punches) of the days from `from` with refused punches of
/// persons still on no roster of the project.
pub async fn unknown_punch_days(db: &Db, from: &str) -> sqlx::Result<Vec<(i64, String, i64, i64)>> {
    let sql = "SELECT u.project_id, u.day, COUNT(*), CAST(SUM(u.refused) AS BIGINT) FROM unknown_punches u \
               WHERE u.day >= $1 AND NOT EXISTS (SELECT 1 FROM workers w JOIN employments e ON e.worker_id = w.id \
                   WHERE w.id_number = u.id_number AND e.project_id = u.project_id) \
               GROUP BY u.project_id, u.day";
    on_db!(db, pool => sqlx::query_as(sql).bind(from).fetch_all(pool).await)
}

/// The project's punches for its export (`backup`), oldest first.
pub async fn export_punches(db: &Db, project_id: i64) -> sqlx::Result<crate::db::TextRows> {
    let sql = "SELECT p.id AS \"编号\", p.worker_id AS \"人员编号\", w.name AS \"姓名\", p.punched_at AS \"打卡时间（Unix 秒）\", \
               p.day AS \"日期\", p.direction AS \"方向\", p.source AS \"来源\", p.device_id AS \"设备编号\" \
               FROM punches p LEFT JOIN workers w ON w.id = p.worker_id WHERE p.project_id = $1 ORDER BY p.punched_at, p.id";
    crate::db::text_rows(db, sql, project_id).await
}

/// The project's attendance days (what the monthly sheets count) for its export (`backup`).
pub async fn export_days(db: &Db, project_id: i64) -> sqlx::Result<crate::db::TextRows> {
    let sql = "SELECT d.worker_id AS \"人员编号\", w.name AS \"姓名\", d.day AS \"日期\", d.first_at AS \"首次打卡（Unix 秒）\", \
               d.last_at AS \"末次打卡（Unix 秒）\", d.punches AS \"打卡次数\", d.minutes AS \"在场分钟\", d.attended AS \"出勤\", \
               d.manual AS \"人工修正\" \
               FROM attendance_days d LEFT JOIN workers w ON w.id = d.worker_id WHERE d.project_id = $1 ORDER BY d.day, d.worker_id";
    crate::db::text_rows(db, sql, project_id).await
}

/// Workers who attended per day of projects `ids` from `from` to `to` (`YYYY-MM-DD`, inclusive), days without
/// any left out: from `attendance_day_counts` (migration 0037, kept from attendance_days by the database), a row
/// per project and day.
pub async fn attended_by_day(db: &Db, ids: &[i64], from: &str, to: &str) -> sqlx::Result<Vec<(String, i64)>> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    let sql = format!(
        "SELECT day, CAST(SUM(attended) AS BIGINT) FROM attendance_day_counts WHERE day >= $1 AND day <= $2 \
         AND project_id IN ({}) GROUP BY day ORDER BY day",
        crate::db::placeholders(3, ids.len())
    );
    let mut binds = vec![Bind::Text(from.to_owned()), Bind::Text(to.to_owned())];
    binds.extend(crate::db::int_binds(ids));
    on_db!(db, pool => bind_all!(sqlx::query_as(sqlx::AssertSqlSafe(sql.clone())), &binds).fetch_all(pool).await)
}

/// A recent punch with its worker, for the data screen's ticker.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct LatestPunchRow {
    pub project_id: i64,
    pub name: String,
    pub id_number: String,
    pub punched_at: i64,
    pub direction: String,
}

/// The latest `limit` punches of projects `ids` from `since` (unix seconds), newest first, walking the index
/// `punches_recent` back from now instead of reading the table.
pub async fn latest_punches(db: &Db, ids: &[i64], since: i64, limit: i64) -> sqlx::Result<Vec<LatestPunchRow>> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    let sql = format!(
        "SELECT p.project_id, w.name, w.id_number, p.punched_at, p.direction FROM punches p \
         JOIN workers w ON w.id = p.worker_id \
         WHERE p.punched_at >= $1 AND p.project_id IN ({}) ORDER BY p.punched_at DESC, p.id DESC LIMIT ${}",
        crate::db::placeholders(2, ids.len()),
        ids.len() + 2
    );
    let mut binds = vec![Bind::Int(since)];
    binds.extend(crate::db::int_binds(ids));
    binds.push(Bind::Int(limit));
    on_db!(db, pool => bind_all!(sqlx::query_as(sqlx::AssertSqlSafe(sql.clone())), &binds).fetch_all(pool).await)
}

/// The stay condition of the reports: an employment `e` of the cohort covering the attendance day `a`.
/// For the reports: per project and month of `first`..`last` (`YYYY-MM`), its workers' attended-day bits
/// packed (`db::packed`: worker id, bits), from `attendance_months` (migration 0035: bit d-1 for day d, kept
/// from attendance_days by the database).
pub async fn attended_day_bits(
    db: &Db,
    cohort: &Cohort,
    first: &str,
    last: &str,
) -> sqlx::Result<Vec<(i64, String, String)>> {
    let sql = format!(
        "SELECT m.project_id, m.month, {} FROM attendance_months m \
         WHERE {} AND m.month >= $1 AND m.month <= $2 GROUP BY m.project_id, m.month",
        crate::db::packed::packed(&["m.worker_id", "m.days"]),
        cohort.projects_clause("m.project_id", 3)
    );
    let mut binds = vec![Bind::Text(first.into()), Bind::Text(last.into())];
    binds.extend(cohort.project_binds());
    on_db!(db, pool => bind_all!(sqlx::query_as(sqlx::AssertSqlSafe(sql.clone())), &binds).fetch_all(pool).await)
}

/// For the reports: (project, ID number, day) on which the people `id_numbers` punched on the `projects` in
/// `first`..`last`: an attended day on the roster, or a punch the roster did not know (unknown_punches).
pub async fn presence_days(
    db: &Db,
    projects: &[i64],
    id_numbers: &[String],
    first: &str,
    last: &str,
) -> sqlx::Result<Vec<(i64, String, String)>> {
    if projects.is_empty() || id_numbers.is_empty() {
        return Ok(Vec::new());
    }
    let projects_at = 3;
    let numbers_at = projects_at + projects.len();
    let project_list = crate::db::placeholders(projects_at, projects.len());
    let number_list = crate::db::placeholders(numbers_at, id_numbers.len());
    let sql = format!(
        "SELECT a.project_id, w.id_number, a.day FROM attendance_days a JOIN workers w ON w.id = a.worker_id \
         WHERE a.attended = TRUE AND a.day >= $1 AND a.day <= $2 AND a.project_id IN ({project_list}) \
         AND w.id_number IN ({number_list}) \
         UNION SELECT u.project_id, u.id_number, u.day FROM unknown_punches u WHERE u.day >= $1 AND u.day <= $2 \
         AND u.project_id IN ({project_list}) AND u.id_number IN ({number_list})"
    );
    let mut binds = vec![Bind::Text(first.into()), Bind::Text(last.into())];
    binds.extend(crate::db::int_binds(projects));
    binds.extend(id_numbers.iter().map(|number| Bind::Text(number.clone())));
    on_db!(db, pool => bind_all!(sqlx::query_as(sqlx::AssertSqlSafe(sql.clone())), &binds).fetch_all(pool).await)
}

/// (day, worker) of every attended day of the project from `first` to `last` (`YYYY-MM-DD`), by day.
pub async fn attended_people(db: &Db, project_id: i64, first: &str, last: &str) -> sqlx::Result<Vec<(String, i64)>> {
    let sql = "SELECT day, worker_id FROM attendance_days WHERE project_id = $1 AND day BETWEEN $2 AND $3 AND attended = TRUE \
               ORDER BY day, worker_id";
    on_db!(db, pool => sqlx::query_as(sql).bind(project_id).bind(first).bind(last).fetch_all(pool).await)
}
