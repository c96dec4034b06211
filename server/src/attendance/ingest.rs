//! Punches into the database and attendance_days out of them: the one path every punch takes (device API,
//! workbook import, demo data), and the recomputation after a rule change. Each call is one transaction:
//! multi-row inserts in chunks, duplicates dropped by the unique index, then the touched workers' shifts
//! recounted (rules.rs) and their days rewritten. A punch on day D may end a shift that began on D-1, so a
//! worker is recounted from the day before their earliest new punch: a shift is at most 24 hours, so shifts
//! that began before that day cannot take a new punch, and their punches keep the shift they were given.
//! A manual correction keeps its `attended` through all of this. A shift that began on a day outside every
//! employment line of the worker is stored but counts for nothing: no attendance day (issue 10 item 1).

use std::collections::BTreeMap;

use sqlx::QueryBuilder;
use time::{Date, Duration, PrimitiveDateTime, Time};

use super::rules::{self, DayTotals, Direction, Rules, Stay};
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
const RULES_SQL: &str =
    "SELECT min_minutes, dedup_seconds, directions, offline_minutes, max_shift_minutes FROM attendance_rules WHERE project_id = $1";

/// The project's rules, the defaults when it has saved none.
pub async fn rules(db: &Db, project_id: i64) -> sqlx::Result<Rules> {
    let row: Option<(i64, i64, String, i64, i64)> =
        on_db!(db, pool => sqlx::query_as(RULES_SQL).bind(project_id).fetch_optional(pool).await)?;
    Ok(row
        .map(|(min_minutes, dedup_seconds, directions, offline_minutes, max_shift_minutes)| Rules {
            min_minutes,
            dedup_seconds,
            directions: rules::Directions::parse(&directions).unwrap_or(rules::Directions::Both),
            offline_minutes,
            max_shift_minutes,
        })
        .unwrap_or_default())
}

/// One stored punch as the recount reads it.
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
struct StoredPunch {
    worker_id: i64,
    id: i64,
    punched_at: i64,
    direction: String,
    shift_start: i64,
    shift_day: String,
    paired: bool,
}

/// What a recount writes: the days from `write_from` on (worker, day, totals), and the punches whose shift
/// or pairing changed (id, shift start, shift day, paired).
#[derive(Debug, Default, PartialEq, Eq)]
struct Recount {
    days: Vec<(i64, String, DayTotals)>,
    marks: Vec<(i64, i64, String, bool)>,
}

/// Unix seconds of 00:00 China time on `day`.
fn china_midnight(day: Date) -> i64 {
    PrimitiveDateTime::new(day, Time::MIDNIGHT).assume_offset(rules::CHINA).unix_timestamp()
}

/// Each worker's punches (from a shift start on) as shifts and days. A day outside every employment line of
/// the worker makes no row, though its punches still get their shift; days before `write_from` and their
/// punches are left as they are.
fn recount(punches: &[StoredPunch], stays: &[(i64, Stay)], rules: &Rules, write_from: &str) -> Recount {
    let mut by_worker: BTreeMap<i64, Vec<&StoredPunch>> = BTreeMap::new();
    for punch in punches {
        by_worker.entry(punch.worker_id).or_default().push(punch);
    }
    let mut out = Recount::default();
    for (worker_id, mut mine) in by_worker {
        mine.sort_by_key(|punch| (punch.punched_at, punch.id));
        let lines: Vec<Stay> = stays.iter().filter(|(id, _)| *id == worker_id).map(|(_, stay)| stay.clone()).collect();
        let timed: Vec<(i64, Direction)> =
            mine.iter().map(|punch| (punch.punched_at, Direction::parse(&punch.direction).unwrap_or(Direction::In))).collect();
        let (shifts, marks) = rules::count_shifts(&timed, rules);
        for (day, totals) in rules::count_days(&shifts, rules) {
            let day = day.to_string();
            if day.as_str() >= write_from && rules::inside_any(&lines, &day) {
                out.days.push((worker_id, day, totals));
            }
        }
        for (punch, mark) in mine.iter().zip(marks) {
            let shift_day = if mark.shift_start == 0 { String::new() } else { rules::china_day(mark.shift_start).to_string() };
            let changed = (punch.shift_start, punch.shift_day.as_str(), punch.paired) != (mark.shift_start, shift_day.as_str(), mark.paired);
            if changed && (shift_day.is_empty() || shift_day.as_str() >= write_from) {
                out.marks.push((punch.id, mark.shift_start, shift_day, mark.paired));
            }
        }
    }
    out
}

/// Recounts `$workers` inside `$tx`: reads their punches from 00:00 of `$from` on (leaving out the ones a
/// shift begun before `$from` holds; one never counted, -1 or 0, is read), their employment lines, then deletes their uncorrected days from
/// `$write_from` on and writes the recounted days (a manual row keeps its `attended`) and the punches' marks.
/// Evaluates to the number of days written.
macro_rules! recount_in_tx {
    ($tx:expr, $project_id:expr, $rules:expr, $workers:expr, $from:expr, $write_from:expr) => {{
        let workers: &[i64] = $workers;
        let from_at = china_midnight($from);
        let write_from: String = $write_from.to_string();
        let mut written = 0;
        for workers in workers.chunks(WORKER_CHUNK) {
            let mut builder = QueryBuilder::new("DELETE FROM attendance_days WHERE project_id = ");
            builder.push_bind($project_id).push(" AND manual = FALSE AND day >= ").push_bind(write_from.clone()).push(" AND worker_id IN (");
            let mut list = builder.separated(", ");
            for worker_id in workers {
                list.push_bind(*worker_id);
            }
            builder.push(")");
            builder.build().execute(&mut *$tx).await?;

            let mut builder = QueryBuilder::new(
                "SELECT worker_id, id, punched_at, direction, shift_start, shift_day, paired FROM punches WHERE project_id = ",
            );
            builder.push_bind($project_id).push(" AND punched_at >= ").push_bind(from_at);
            builder.push(" AND (shift_start <= 0 OR shift_start >= ").push_bind(from_at).push(") AND worker_id IN (");
            let mut list = builder.separated(", ");
            for worker_id in workers {
                list.push_bind(*worker_id);
            }
            builder.push(")");
            let punches: Vec<StoredPunch> = builder.build_query_as().fetch_all(&mut *$tx).await?;

            let mut builder = QueryBuilder::new("SELECT worker_id, entry_date, exit_date FROM employments WHERE project_id = ");
            builder.push_bind($project_id).push(" AND worker_id IN (");
            let mut list = builder.separated(", ");
            for worker_id in workers {
                list.push_bind(*worker_id);
            }
            builder.push(")");
            let lines: Vec<(i64, String, String)> = builder.build_query_as().fetch_all(&mut *$tx).await?;
            let stays: Vec<(i64, Stay)> =
                lines.into_iter().map(|(worker_id, entry_date, exit_date)| (worker_id, Stay { entry_date, exit_date })).collect();

            let recounted = recount(&punches, &stays, $rules, &write_from);
            write_days!($tx, $project_id, &recounted.days);
            write_marks!($tx, &recounted.marks);
            written += recounted.days.len();
        }
        written
    }};
}

/// Writes recounted days inside `$tx` (their uncorrected rows were deleted just before): a manual row keeps
/// its `attended` and takes the counted punches and hours.
macro_rules! write_days {
    ($tx:expr, $project_id:expr, $days:expr) => {{
        let days: &[(i64, String, DayTotals)] = $days;
        for chunk in days.chunks(CHUNK) {
            let mut builder = QueryBuilder::new(
                "INSERT INTO attendance_days (project_id, worker_id, day, first_at, last_at, punches, minutes, unpaired, attended, manual) ",
            );
            builder.push_values(chunk.iter(), |mut row, (worker_id, day, totals)| {
                row.push_bind($project_id)
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
            builder.build().execute(&mut *$tx).await?;
        }
    }};
}

/// Sets the punches' shift and pairing inside `$tx`, one multi-row UPDATE per chunk.
macro_rules! write_marks {
    ($tx:expr, $marks:expr) => {{
        let marks: &[(i64, i64, String, bool)] = $marks;
        for chunk in marks.chunks(CHUNK) {
            let mut builder = QueryBuilder::new("UPDATE punches SET shift_start = v.column2, shift_day = v.column3, paired = v.column4 FROM (");
            builder.push_values(chunk.iter(), |mut row, (id, shift_start, shift_day, paired)| {
                row.push_bind(*id).push_bind(*shift_start).push_bind(shift_day.clone()).push_bind(*paired);
            });
            builder.push(") AS v WHERE punches.id = v.column1");
            builder.build().execute(&mut *$tx).await?;
        }
    }};
}

/// Stores a batch of punches and recounts the workers it touched, in one transaction. Punches already
/// stored (same device, worker and time) are counted as duplicates.
pub async fn ingest(db: &Db, batch: &Batch<'_>, punches: &[NewPunch]) -> Result<Ingested, IngestError> {
    let rules = rules(db, batch.project_id).await?;
    let mut unique: Vec<&NewPunch> = punches.iter().collect();
    unique.sort_by_key(|punch| (punch.worker_id, punch.punched_at));
    unique.dedup_by_key(|punch| (punch.worker_id, punch.punched_at));
    let now = clock::now();
    let project_id = batch.project_id;
    let inserted = on_db!(db, pool => {
        let mut tx = pool.begin().await?;
        if let Some((signature, signed_at)) = batch.nonce {
            let fresh = sqlx::query(INSERT_NONCE).bind(batch.device_id).bind(signature).bind(signed_at).execute(&mut *tx).await?;
            if fresh.rows_affected() == 0 {
                return Err(IngestError::Replayed);
            }
        }
        // Each touched worker's earliest new punch.
        let mut earliest: BTreeMap<i64, i64> = BTreeMap::new();
        let mut inserted = 0;
        for chunk in unique.chunks(CHUNK) {
            let mut builder = QueryBuilder::new(
                "INSERT INTO punches (project_id, worker_id, punched_at, day, direction, source, device_id, photo, created_at) ",
            );
            builder.push_values(chunk.iter(), |mut row, punch| {
                row.push_bind(project_id)
                    .push_bind(punch.worker_id)
                    .push_bind(punch.punched_at)
                    .push_bind(rules::china_day(punch.punched_at).to_string())
                    .push_bind(punch.direction.as_str())
                    .push_bind(batch.source.as_str())
                    .push_bind(batch.device_id)
                    .push_bind(punch.photo.clone())
                    .push_bind(now);
            });
            builder.push(" ON CONFLICT (project_id, worker_id, punched_at, device_id) DO NOTHING RETURNING worker_id, punched_at");
            let rows: Vec<(i64, i64)> = builder.build_query_as().fetch_all(&mut *tx).await?;
            inserted += rows.len();
            for (worker_id, punched_at) in rows {
                let at = earliest.entry(worker_id).or_insert(punched_at);
                *at = (*at).min(punched_at);
            }
        }
        // Workers grouped by the day before their earliest new punch, where their recount starts.
        let mut by_day: BTreeMap<Date, Vec<i64>> = BTreeMap::new();
        for (worker_id, at) in earliest {
            let day = rules::china_day(at) - Duration::days(1);
            by_day.entry(day).or_default().push(worker_id);
        }
        for (day, workers) in &by_day {
            recount_in_tx!(tx, project_id, &rules, workers, *day, day);
        }
        tx.commit().await?;
        Ok::<usize, IngestError>(inserted)
    })?;
    Ok(Ingested { inserted, duplicates: punches.len() - inserted })
}

/// Recounts the project's attendance_days from `from_day` on under its current rules, after a rule change.
/// Shifts are read from the day before, so a night shift begun then keeps its punches; days before
/// `from_day` are not rewritten. Manual corrections keep their `attended`. Answers the days written.
pub async fn recompute(db: &Db, project_id: i64, from_day: Date) -> sqlx::Result<usize> {
    let rules = rules(db, project_id).await?;
    let from = from_day - Duration::days(1);
    let from_text = from_day.to_string();
    on_db!(db, pool => {
        let mut tx = pool.begin().await?;
        // Writing first takes SQLite's write lock at once (waiting for it), instead of upgrading a read lock,
        // which fails at once when a punch upload is writing.
        sqlx::query("DELETE FROM attendance_days WHERE project_id = $1 AND day >= $2 AND manual = FALSE")
            .bind(project_id).bind(&from_text).execute(&mut *tx).await?;
        let workers: Vec<i64> = sqlx::query_scalar("SELECT DISTINCT worker_id FROM punches WHERE project_id = $1 AND day >= $2")
            .bind(project_id).bind(from.to_string()).fetch_all(&mut *tx).await?;
        let written = recount_in_tx!(tx, project_id, &rules, &workers, from, from_text);
        tx.commit().await?;
        Ok(written)
    })
}

/// Punches stored before shifts were counted (migration 0019 marks them `shift_start = -1`): each such
/// project is recounted from `from_day` (the open months) and its older punches marked as not counted, so
/// this runs once. Answers the projects recounted.
pub async fn recount_stored(db: &Db, from_day: Date) -> sqlx::Result<usize> {
    let projects: Vec<i64> =
        on_db!(db, pool => sqlx::query_scalar("SELECT DISTINCT project_id FROM punches WHERE shift_start = -1").fetch_all(pool).await)?;
    for project_id in &projects {
        recompute(db, *project_id, from_day).await?;
        crate::execute!(db, sqlx::query("UPDATE punches SET shift_start = 0 WHERE project_id = $1 AND shift_start = -1").bind(*project_id))?;
    }
    Ok(projects.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn punch(worker_id: i64, id: i64, time: &str, direction: &str) -> StoredPunch {
        StoredPunch {
            worker_id,
            id,
            punched_at: rules::parse_china_time(time).unwrap(),
            direction: direction.into(),
            shift_start: 0,
            shift_day: String::new(),
            paired: false,
        }
    }

    #[test]
    fn a_recount_writes_shift_days_inside_employment_and_changed_marks() {
        let punches = vec![
            punch(1, 10, "2026-10-31 23:30:00", "in"),
            punch(1, 11, "2026-11-01 00:10:00", "out"),
            punch(2, 12, "2026-11-01 20:00:00", "in"),
        ];
        let stays = vec![(1, Stay { entry_date: "2026-10-01".into(), exit_date: String::new() })];
        let recounted = recount(&punches, &stays, &Rules::default(), "2026-10-31");
        let days: Vec<(i64, &str, i64)> = recounted.days.iter().map(|(worker, day, totals)| (*worker, day.as_str(), totals.minutes)).collect();
        // Worker 2 has no employment line: a mark, no day.
        assert_eq!(days, vec![(1, "2026-10-31", 40)]);
        let start = rules::parse_china_time("2026-10-31 23:30:00").unwrap();
        assert_eq!(recounted.marks[0], (10, start, "2026-10-31".to_owned(), true));
        assert_eq!(recounted.marks[1], (11, start, "2026-10-31".to_owned(), true));
        assert_eq!(recounted.marks.len(), 3);
        // Writing from November leaves October's shift alone.
        let later = recount(&punches, &stays, &Rules::default(), "2026-11-01");
        assert!(later.days.is_empty());
        assert_eq!(later.marks.len(), 1);
    }
}
