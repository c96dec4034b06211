//! Devices, their secrets and heartbeats, and the device API's replay guard.

use super::*;
use crate::db::{Bind, Db};
use crate::{bind_all, on_db};

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
