//! SQL of the site terminals' area, on its own tables (migration 0040): the terminals' stamps and info,
//! the people each was told about, the command queue, the uploads as received, photos waiting for their
//! punch and the serials that knocked unregistered.

use crate::db::{Bind, Db};
use crate::{bind_all, on_db};

// ---------------------------------------------------------------- terminals

#[derive(Clone, Debug, Default, PartialEq, Eq, sqlx::FromRow)]
pub struct TerminalRow {
    pub device_id: i64,
    pub attlog_stamp: i64,
    pub operlog_stamp: i64,
    pub attphoto_stamp: i64,
    pub push_version: String,
    pub info: String,
    pub handshake_at: i64,
    pub polled_at: i64,
}

pub async fn terminal(db: &Db, device_id: i64) -> sqlx::Result<Option<TerminalRow>> {
    let sql = "SELECT device_id, attlog_stamp, operlog_stamp, attphoto_stamp, push_version, info, handshake_at, polled_at \
               FROM iclock_terminals WHERE device_id = $1";
    on_db!(db, pool => sqlx::query_as(sql).bind(device_id).fetch_optional(pool).await)
}

/// A handshake: the terminal's push version, at `now`.
pub async fn record_handshake(db: &Db, device_id: i64, push_version: &str, now: i64) -> sqlx::Result<()> {
    let sql = "INSERT INTO iclock_terminals (device_id, push_version, handshake_at) VALUES ($1, $2, $3) \
               ON CONFLICT (device_id) DO UPDATE SET push_version = excluded.push_version, handshake_at = excluded.handshake_at";
    crate::execute!(db, sqlx::query(sql).bind(device_id).bind(push_version).bind(now)).map(drop)
}

/// A command poll, with the INFO it carried ('' keeps the last).
pub async fn record_poll(db: &Db, device_id: i64, info: &str, now: i64) -> sqlx::Result<()> {
    let sql = "INSERT INTO iclock_terminals (device_id, info, polled_at) VALUES ($1, $2, $3) \
               ON CONFLICT (device_id) DO UPDATE SET polled_at = excluded.polled_at, \
               info = CASE WHEN excluded.info = '' THEN iclock_terminals.info ELSE excluded.info END";
    crate::execute!(db, sqlx::query(sql).bind(device_id).bind(info).bind(now)).map(drop)
}

/// The stamp the terminal uploaded a table up to (never moved back by a late, older upload).
pub async fn advance_stamp(db: &Db, device_id: i64, column: StampColumn, stamp: i64) -> sqlx::Result<()> {
    let column = column.as_str();
    let sql = format!(
        "INSERT INTO iclock_terminals (device_id, {column}) VALUES ($1, $2) \
         ON CONFLICT (device_id) DO UPDATE SET {column} = excluded.{column} WHERE iclock_terminals.{column} < excluded.{column}"
    );
    crate::execute!(db, sqlx::query(sqlx::AssertSqlSafe(sql)).bind(device_id).bind(stamp)).map(drop)
}

/// Every stamp back to 0: the terminal sends all it holds at its next handshake.
pub async fn reset_stamps(db: &Db, device_id: i64) -> sqlx::Result<()> {
    let sql = "INSERT INTO iclock_terminals (device_id) VALUES ($1) ON CONFLICT (device_id) DO UPDATE \
               SET attlog_stamp = 0, operlog_stamp = 0, attphoto_stamp = 0";
    crate::execute!(db, sqlx::query(sql).bind(device_id)).map(drop)
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StampColumn {
    AttLog,
    OperLog,
    AttPhoto,
}

impl StampColumn {
    fn as_str(self) -> &'static str {
        match self {
            StampColumn::AttLog => "attlog_stamp",
            StampColumn::OperLog => "operlog_stamp",
            StampColumn::AttPhoto => "attphoto_stamp",
        }
    }
}

// ---------------------------------------------------------------- people on the terminal

#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct UserRow {
    pub worker_id: i64,
    pub name: String,
    pub fingers: i64,
    pub face: bool,
}

pub async fn users(db: &Db, device_id: i64) -> sqlx::Result<Vec<UserRow>> {
    let sql = "SELECT worker_id, name, fingers, face FROM iclock_users WHERE device_id = $1 ORDER BY worker_id";
    on_db!(db, pool => sqlx::query_as(sql).bind(device_id).fetch_all(pool).await)
}

/// The terminal was told about a worker under this name.
pub async fn told_user(db: &Db, device_id: i64, worker_id: i64, name: &str) -> sqlx::Result<()> {
    let sql = "INSERT INTO iclock_users (device_id, worker_id, name) VALUES ($1, $2, $3) \
               ON CONFLICT (device_id, worker_id) DO UPDATE SET name = excluded.name";
    crate::execute!(db, sqlx::query(sql).bind(device_id).bind(worker_id).bind(name)).map(drop)
}

pub async fn forget_user(db: &Db, device_id: i64, worker_id: i64) -> sqlx::Result<()> {
    let sql = "DELETE FROM iclock_users WHERE device_id = $1 AND worker_id = $2";
    crate::execute!(db, sqlx::query(sql).bind(device_id).bind(worker_id)).map(drop)
}

/// Forgets every person the terminal was told about: the roster is pushed to it again.
pub async fn forget_users(db: &Db, device_id: i64) -> sqlx::Result<()> {
    crate::execute!(db, sqlx::query("DELETE FROM iclock_users WHERE device_id = $1").bind(device_id)).map(drop)
}

/// A finger (bit) or the face enrolled on the terminal for a worker it was told about.
pub async fn enrolled(db: &Db, device_id: i64, worker_id: i64, finger_bit: i64, face: bool) -> sqlx::Result<()> {
    let sql =
        "UPDATE iclock_users SET fingers = fingers | $3, face = (face OR $4) WHERE device_id = $1 AND worker_id = $2";
    crate::execute!(db, sqlx::query(sql).bind(device_id).bind(worker_id).bind(finger_bit).bind(face)).map(drop)
}

// ---------------------------------------------------------------- commands

pub async fn queue_command(db: &Db, device_id: i64, command: &str, summary: &str, now: i64) -> sqlx::Result<()> {
    let sql = "INSERT INTO iclock_commands (device_id, command, summary, created_at) VALUES ($1, $2, $3, $4)";
    crate::execute!(db, sqlx::query(sql).bind(device_id).bind(command).bind(summary).bind(now)).map(drop)
}

/// Up to `limit` unconfirmed commands never fetched or fetched before `refetch_before`, oldest first,
/// marked fetched at `now`.
pub async fn take_due(
    db: &Db,
    device_id: i64,
    refetch_before: i64,
    now: i64,
    limit: i64,
) -> sqlx::Result<Vec<(i64, String)>> {
    let sql = "SELECT id, command FROM iclock_commands WHERE device_id = $1 AND returned_at = 0 AND sent_at < $2 \
               ORDER BY id LIMIT $3";
    let due: Vec<(i64, String)> =
        on_db!(db, pool => sqlx::query_as(sql).bind(device_id).bind(refetch_before).bind(limit).fetch_all(pool).await)?;
    if let Some((last, _)) = due.last() {
        let sql = "UPDATE iclock_commands SET sent_at = $4, sends = sends + 1 \
                   WHERE device_id = $1 AND returned_at = 0 AND sent_at < $2 AND id <= $3";
        crate::execute!(db, sqlx::query(sql).bind(device_id).bind(refetch_before).bind(*last).bind(now))?;
    }
    Ok(due)
}

/// The terminal's answer to one of its commands; false for an id not its own or answered before.
pub async fn confirm(db: &Db, device_id: i64, id: i64, code: &str, now: i64) -> sqlx::Result<bool> {
    let sql = "UPDATE iclock_commands SET return_code = $3, returned_at = $4 WHERE device_id = $1 AND id = $2 AND returned_at = 0";
    Ok(crate::execute!(db, sqlx::query(sql).bind(device_id).bind(id).bind(code).bind(now))? > 0)
}

#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct CommandRow {
    pub id: i64,
    pub command: String,
    pub summary: String,
    pub created_at: i64,
    pub sent_at: i64,
    pub sends: i64,
    pub return_code: String,
    pub returned_at: i64,
}

pub async fn commands(db: &Db, device_id: i64, limit: i64, offset: i64) -> sqlx::Result<(Vec<CommandRow>, i64)> {
    let total: i64 = on_db!(db, pool => sqlx::query_scalar("SELECT COUNT(*) FROM iclock_commands WHERE device_id = $1")
        .bind(device_id).fetch_one(pool).await)?;
    let sql = "SELECT id, command, summary, created_at, sent_at, sends, return_code, returned_at FROM iclock_commands \
               WHERE device_id = $1 ORDER BY id DESC LIMIT $2 OFFSET $3";
    let rows = on_db!(db, pool => sqlx::query_as(sql).bind(device_id).bind(limit).bind(offset).fetch_all(pool).await)?;
    Ok((rows, total))
}

/// (waiting, failed) commands of a terminal.
pub async fn command_counts(db: &Db, device_id: i64) -> sqlx::Result<(i64, i64)> {
    let sql = "SELECT COALESCE(SUM(CASE WHEN returned_at = 0 THEN 1 ELSE 0 END), 0), \
               COALESCE(SUM(CASE WHEN returned_at > 0 AND return_code <> '0' THEN 1 ELSE 0 END), 0) \
               FROM iclock_commands WHERE device_id = $1";
    on_db!(db, pool => sqlx::query_as(sql).bind(device_id).fetch_one(pool).await)
}

// ---------------------------------------------------------------- uploads

pub struct NewUpload<'a> {
    pub device_id: i64,
    pub table: &'a str,
    pub stamp: i64,
    pub received_at: i64,
    pub lines: i64,
    pub stored: i64,
    pub duplicates: i64,
    pub failed: i64,
    pub raw: &'a str,
    pub failures: &'a str,
}

pub async fn record_upload(db: &Db, upload: &NewUpload<'_>) -> sqlx::Result<()> {
    let sql = "INSERT INTO iclock_uploads (device_id, table_name, stamp, received_at, lines, stored, duplicates, failed, raw, failures) \
               VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)";
    let u = upload;
    crate::execute!(
        db,
        sqlx::query(sql)
            .bind(u.device_id)
            .bind(u.table)
            .bind(u.stamp)
            .bind(u.received_at)
            .bind(u.lines)
            .bind(u.stored)
            .bind(u.duplicates)
            .bind(u.failed)
            .bind(u.raw)
            .bind(u.failures)
    )
    .map(drop)
}

#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct UploadRow {
    pub id: i64,
    pub table_name: String,
    pub stamp: i64,
    pub received_at: i64,
    pub lines: i64,
    pub stored: i64,
    pub duplicates: i64,
    pub failed: i64,
    pub raw: String,
    pub failures: String,
}

pub async fn uploads(
    db: &Db,
    device_id: i64,
    failed_only: bool,
    limit: i64,
    offset: i64,
) -> sqlx::Result<(Vec<UploadRow>, i64)> {
    let filter = if failed_only { "device_id = $1 AND failed > 0" } else { "device_id = $1" };
    let count = format!("SELECT COUNT(*) FROM iclock_uploads WHERE {filter}");
    let total: i64 = on_db!(db, pool => sqlx::query_scalar(sqlx::AssertSqlSafe(count.clone())).bind(device_id).fetch_one(pool).await)?;
    let sql = format!(
        "SELECT id, table_name, stamp, received_at, lines, stored, duplicates, failed, raw, failures FROM iclock_uploads \
         WHERE {filter} ORDER BY id DESC LIMIT $2 OFFSET $3"
    );
    let rows = on_db!(db, pool => sqlx::query_as(sqlx::AssertSqlSafe(sql.clone())).bind(device_id).bind(limit).bind(offset).fetch_all(pool).await)?;
    Ok((rows, total))
}

// ---------------------------------------------------------------- photos waiting for their punch

pub async fn keep_photo(db: &Db, device_id: i64, worker_id: i64, punched_at: i64, photo: &str) -> sqlx::Result<()> {
    let sql = "INSERT INTO iclock_photos (device_id, worker_id, punched_at, photo) VALUES ($1, $2, $3, $4) \
               ON CONFLICT (device_id, worker_id, punched_at) DO UPDATE SET photo = excluded.photo";
    crate::execute!(db, sqlx::query(sql).bind(device_id).bind(worker_id).bind(punched_at).bind(photo)).map(drop)
}

/// The waiting photos of a terminal for punches between `first` and `last` (unix seconds).
pub async fn waiting_photos(db: &Db, device_id: i64, first: i64, last: i64) -> sqlx::Result<Vec<(i64, i64, String)>> {
    let sql =
        "SELECT worker_id, punched_at, photo FROM iclock_photos WHERE device_id = $1 AND punched_at BETWEEN $2 AND $3";
    on_db!(db, pool => sqlx::query_as(sql).bind(device_id).bind(first).bind(last).fetch_all(pool).await)
}

pub async fn photo_attached(db: &Db, device_id: i64, worker_id: i64, punched_at: i64) -> sqlx::Result<()> {
    let sql = "DELETE FROM iclock_photos WHERE device_id = $1 AND worker_id = $2 AND punched_at = $3";
    crate::execute!(db, sqlx::query(sql).bind(device_id).bind(worker_id).bind(punched_at)).map(drop)
}

// ---------------------------------------------------------------- strangers

/// An unregistered serial knocked. A new one is listed, and the list keeps it and the `cap` - 1 others heard
/// from most recently.
pub async fn stranger_knocked(db: &Db, serial: &str, info: &str, now: i64, cap: i64) -> sqlx::Result<()> {
    let sql = "UPDATE iclock_strangers SET last_seen_at = $2, contacts = contacts + 1, \
               info = CASE WHEN $3 = '' THEN info ELSE $3 END WHERE serial = $1";
    if crate::execute!(db, sqlx::query(sql).bind(serial).bind(now).bind(info))? > 0 {
        return Ok(());
    }
    let sql = "INSERT INTO iclock_strangers (serial, first_seen_at, last_seen_at, contacts, info) \
               VALUES ($1, $2, $2, 1, $3) ON CONFLICT (serial) DO NOTHING";
    if crate::execute!(db, sqlx::query(sql).bind(serial).bind(now).bind(info))? == 0 {
        return Ok(());
    }
    let sql = "DELETE FROM iclock_strangers WHERE serial <> $1 AND serial NOT IN \
               (SELECT serial FROM iclock_strangers WHERE serial <> $1 ORDER BY last_seen_at DESC, serial LIMIT $2)";
    crate::execute!(db, sqlx::query(sql).bind(serial).bind(cap - 1)).map(drop)
}

#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct StrangerRow {
    pub serial: String,
    pub first_seen_at: i64,
    pub last_seen_at: i64,
    pub contacts: i64,
    pub info: String,
}

/// Strangers heard from since `since` and not registered meanwhile, most recent first.
pub async fn strangers(db: &Db, since: i64, limit: i64, offset: i64) -> sqlx::Result<(Vec<StrangerRow>, i64)> {
    let total: i64 = on_db!(db, pool => sqlx::query_scalar("SELECT COUNT(*) FROM iclock_strangers WHERE last_seen_at >= $1")
        .bind(since).fetch_one(pool).await)?;
    let sql = "SELECT serial, first_seen_at, last_seen_at, contacts, info FROM iclock_strangers WHERE last_seen_at >= $1 \
               ORDER BY last_seen_at DESC, serial LIMIT $2 OFFSET $3";
    let rows = on_db!(db, pool => sqlx::query_as(sql).bind(since).bind(limit).bind(offset).fetch_all(pool).await)?;
    Ok((rows, total))
}

pub async fn forget_stranger(db: &Db, serial: &str) -> sqlx::Result<()> {
    crate::execute!(db, sqlx::query("DELETE FROM iclock_strangers WHERE serial = $1").bind(serial)).map(drop)
}

// ---------------------------------------------------------------- upkeep

/// Removes uploads received and commands answered before `before`, strangers unheard since then, and
/// every row of terminals no longer registered (`live`: the iclock devices there are). Rows removed.
pub async fn upkeep(db: &Db, before: i64, live: &[i64]) -> sqlx::Result<u64> {
    let mut removed =
        crate::execute!(db, sqlx::query("DELETE FROM iclock_uploads WHERE received_at < $1").bind(before))?;
    removed += crate::execute!(
        db,
        sqlx::query("DELETE FROM iclock_commands WHERE returned_at > 0 AND returned_at < $1").bind(before)
    )?;
    removed += crate::execute!(db, sqlx::query("DELETE FROM iclock_strangers WHERE last_seen_at < $1").bind(before))?;
    let known: Vec<i64> =
        on_db!(db, pool => sqlx::query_scalar("SELECT device_id FROM iclock_terminals").fetch_all(pool).await)?;
    let gone: Vec<i64> = known.into_iter().filter(|id| !live.contains(id)).collect();
    for table in ["iclock_terminals", "iclock_users", "iclock_commands", "iclock_uploads", "iclock_photos"] {
        for chunk in gone.chunks(500) {
            let sql = format!("DELETE FROM {table} WHERE device_id IN ({})", crate::db::placeholders(1, chunk.len()));
            let binds: Vec<Bind> = crate::db::int_binds(chunk);
            removed += on_db!(db, pool => bind_all!(sqlx::query(sqlx::AssertSqlSafe(sql.clone())), &binds).execute(pool).await.map(|done| done.rows_affected()))?;
        }
    }
    Ok(removed)
}
