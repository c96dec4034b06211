//! The steps of the punch ingest, whose rules are in `ingest.rs`: stored punches, days, marks, the recount.

use sqlx::QueryBuilder;

use crate::attendance::rules::{DayTotals, Direction, Directions, Rules, Stay, china_day};
use crate::db::{Db, Tx};
use crate::{execute_in, on_db, on_tx};

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
