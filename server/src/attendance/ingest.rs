//! Punches into the database and attendance_days out of them: the one path every punch takes (device API,
//! workbook import, demo data), and the recomputation after a rule change. Each call is one transaction:
//! multi-row inserts in chunks, duplicates dropped by the unique index, then the touched worker-days
//! recounted under the project's rules. A manual correction keeps its `attended` through all of this.
//! Punches on a day outside every employment line of the worker are stored but count for nothing: such a
//! worker-day has no counted punch, so it gets no attendance day (issue 10 item 1).

use std::collections::{BTreeMap, BTreeSet};

use sqlx::QueryBuilder;

use super::rules::{DayTotals, Direction, Rules, count_day};
use crate::clock;
use crate::db::Db;
use crate::on_db;

/// Rows per multi-row INSERT: 9 binds each stays under SQLite's 32,766 variables.
const CHUNK: usize = 1000;
/// Workers per `IN (...)` list when reading a day's punches back.
const WORKER_CHUNK: usize = 500;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    Device,
    Import,
}

impl Source {
    pub fn as_str(self) -> &'static str {
        match self {
            Source::Device => "device",
            Source::Import => "import",
        }
    }
}

/// One punch of a worker already known to be on the project.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewPunch {
    pub worker_id: i64,
    pub punched_at: i64,
    pub direction: Direction,
    /// Stored photo name, '' without one.
    pub photo: String,
}

/// Where a batch comes from: the source, the device (0 for an import) and, for the device API, the
/// signature that must not have been used before (written in the same transaction).
pub struct Batch<'a> {
    pub project_id: i64,
    pub source: Source,
    pub device_id: i64,
    pub nonce: Option<(&'a str, i64)>,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Ingested {
    pub inserted: usize,
    pub duplicates: usize,
}

/// The batch was refused as a whole.
#[derive(Debug)]
pub enum IngestError {
    /// The (device, signature) was used before.
    Replayed,
    Database(sqlx::Error),
}

impl From<sqlx::Error> for IngestError {
    fn from(error: sqlx::Error) -> Self {
        IngestError::Database(error)
    }
}

const INSERT_NONCE: &str =
    "INSERT INTO device_nonces (device_id, signature, signed_at) VALUES ($1, $2, $3) ON CONFLICT (device_id, signature) DO NOTHING";
const RULES_SQL: &str = "SELECT min_minutes, dedup_seconds, directions, offline_minutes FROM attendance_rules WHERE project_id = $1";

/// The project's rules, the defaults when it has saved none.
pub async fn rules(db: &Db, project_id: i64) -> sqlx::Result<Rules> {
    let row: Option<(i64, i64, String, i64)> =
        on_db!(db, pool => sqlx::query_as(RULES_SQL).bind(project_id).fetch_optional(pool).await)?;
    Ok(row
        .map(|(min_minutes, dedup_seconds, directions, offline_minutes)| Rules {
            min_minutes,
            dedup_seconds,
            directions: super::rules::Directions::parse(&directions).unwrap_or(super::rules::Directions::Both),
            offline_minutes,
        })
        .unwrap_or_default())
}

/// A worker-day's punches, grouped, and what they add up to.
fn totals(rows: Vec<(i64, String, i64, String)>, rules: &Rules) -> Vec<(i64, String, Option<DayTotals>)> {
    let mut grouped: BTreeMap<(i64, String), Vec<(i64, Direction)>> = BTreeMap::new();
    for (worker_id, day, at, direction) in rows {
        let direction = Direction::parse(&direction).unwrap_or(Direction::In);
        grouped.entry((worker_id, day)).or_default().push((at, direction));
    }
    grouped
        .into_iter()
        .map(|((worker_id, day), mut punches)| {
            punches.sort_unstable_by_key(|(at, _)| *at);
            (worker_id, day, count_day(&punches, rules))
        })
        .collect()
}

/// Writes computed days inside `$tx`: counted days upserted (a manual row keeps its `attended`), days
/// with nothing counted removed unless set by hand.
macro_rules! write_days {
    ($tx:expr, $project_id:expr, $days:expr) => {{
        let days: &[(i64, String, Option<DayTotals>)] = $days;
        let counted: Vec<&(i64, String, Option<DayTotals>)> = days.iter().filter(|(_, _, totals)| totals.is_some()).collect();
        for chunk in counted.chunks(CHUNK) {
            let mut builder = QueryBuilder::new(
                "INSERT INTO attendance_days (project_id, worker_id, day, first_at, last_at, punches, minutes, attended, manual) ",
            );
            builder.push_values(chunk.iter(), |mut row, (worker_id, day, totals)| {
                let totals = totals.unwrap_or(DayTotals { first_at: 0, last_at: 0, punches: 0, minutes: 0, attended: false });
                row.push_bind($project_id)
                    .push_bind(*worker_id)
                    .push_bind(day.clone())
                    .push_bind(totals.first_at)
                    .push_bind(totals.last_at)
                    .push_bind(totals.punches)
                    .push_bind(totals.minutes)
                    .push_bind(totals.attended)
                    .push_bind(false);
            });
            builder.push(
                " ON CONFLICT (project_id, worker_id, day) DO UPDATE SET first_at = excluded.first_at, last_at = excluded.last_at, \
                 punches = excluded.punches, minutes = excluded.minutes, \
                 attended = CASE WHEN attendance_days.manual THEN attendance_days.attended ELSE excluded.attended END",
            );
            builder.build().execute(&mut *$tx).await?;
        }
        for (worker_id, day, _) in days.iter().filter(|(_, _, totals)| totals.is_none()) {
            sqlx::query("DELETE FROM attendance_days WHERE project_id = $1 AND worker_id = $2 AND day = $3 AND manual = FALSE")
                .bind($project_id)
                .bind(*worker_id)
                .bind(day.clone())
                .execute(&mut *$tx)
                .await?;
        }
    }};
}

/// Stores a batch of punches and recounts the worker-days it touched, in one transaction. Punches already
/// stored (same device, worker and time) are counted as duplicates.
pub async fn ingest(db: &Db, batch: &Batch<'_>, punches: &[NewPunch]) -> Result<Ingested, IngestError> {
    let rules = rules(db, batch.project_id).await?;
    let mut unique: Vec<&NewPunch> = punches.iter().collect();
    unique.sort_by_key(|punch| (punch.worker_id, punch.punched_at));
    unique.dedup_by_key(|punch| (punch.worker_id, punch.punched_at));
    let now = clock::now();
    let project_id = batch.project_id;
    let counted_punches = super::repo::inside_employment("punches");
    let inserted = on_db!(db, pool => {
        let mut tx = pool.begin().await?;
        if let Some((signature, signed_at)) = batch.nonce {
            let fresh = sqlx::query(INSERT_NONCE).bind(batch.device_id).bind(signature).bind(signed_at).execute(&mut *tx).await?;
            if fresh.rows_affected() == 0 {
                return Err(IngestError::Replayed);
            }
        }
        let mut touched: BTreeSet<(String, i64)> = BTreeSet::new();
        let mut inserted = 0;
        for chunk in unique.chunks(CHUNK) {
            let mut builder = QueryBuilder::new(
                "INSERT INTO punches (project_id, worker_id, punched_at, day, direction, source, device_id, photo, created_at) ",
            );
            builder.push_values(chunk.iter(), |mut row, punch| {
                row.push_bind(project_id)
                    .push_bind(punch.worker_id)
                    .push_bind(punch.punched_at)
                    .push_bind(super::rules::china_day(punch.punched_at).to_string())
                    .push_bind(punch.direction.as_str())
                    .push_bind(batch.source.as_str())
                    .push_bind(batch.device_id)
                    .push_bind(punch.photo.clone())
                    .push_bind(now);
            });
            builder.push(" ON CONFLICT (project_id, worker_id, punched_at, device_id) DO NOTHING RETURNING day, worker_id");
            let rows: Vec<(String, i64)> = builder.build_query_as().fetch_all(&mut *tx).await?;
            inserted += rows.len();
            touched.extend(rows);
        }
        let mut by_day: BTreeMap<String, Vec<i64>> = BTreeMap::new();
        for (day, worker_id) in &touched {
            by_day.entry(day.clone()).or_default().push(*worker_id);
        }
        let mut days = Vec::new();
        for (day, workers) in &by_day {
            for workers in workers.chunks(WORKER_CHUNK) {
                let mut builder = QueryBuilder::new("SELECT worker_id, day, punched_at, direction FROM punches WHERE project_id = ");
                builder.push_bind(project_id).push(" AND day = ").push_bind(day.clone()).push(" AND worker_id IN (");
                let mut list = builder.separated(", ");
                for worker_id in workers {
                    list.push_bind(*worker_id);
                }
                builder.push(") AND ").push(&counted_punches);
                let rows: Vec<(i64, String, i64, String)> = builder.build_query_as().fetch_all(&mut *tx).await?;
                days.extend(totals(rows, &rules));
            }
        }
        write_days!(tx, project_id, &days);
        tx.commit().await?;
        Ok::<usize, IngestError>(inserted)
    })?;
    Ok(Ingested { inserted, duplicates: punches.len() - inserted })
}

/// Recounts the project's attendance_days from `from_day` to `to_day` (inclusive) under its current rules,
/// after a rule change. Manual corrections keep their `attended`.
pub async fn recompute(db: &Db, project_id: i64, from_day: &str, to_day: &str) -> sqlx::Result<usize> {
    let rules = rules(db, project_id).await?;
    let select = format!(
        "SELECT worker_id, day, punched_at, direction FROM punches WHERE project_id = $1 AND day >= $2 AND day <= $3 AND {}",
        super::repo::inside_employment("punches")
    );
    on_db!(db, pool => {
        let mut tx = pool.begin().await?;
        // Writing first takes SQLite's write lock at once (waiting for it), instead of upgrading a read lock,
        // which fails at once when a punch upload is writing.
        sqlx::query("DELETE FROM attendance_days WHERE project_id = $1 AND day >= $2 AND day <= $3 AND manual = FALSE")
            .bind(project_id).bind(from_day).bind(to_day).execute(&mut *tx).await?;
        let rows: Vec<(i64, String, i64, String)> = sqlx::query_as(sqlx::AssertSqlSafe(select.clone()))
            .bind(project_id).bind(from_day).bind(to_day).fetch_all(&mut *tx).await?;
        let days = totals(rows, &rules);
        write_days!(tx, project_id, &days);
        tx.commit().await?;
        Ok(days.len())
    })
}
