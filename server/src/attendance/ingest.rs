//! Punches into the database and attendance_days out of them: the one path every punch takes (device API,
//! workbook import, demo data), and the recomputation after a rule change. Each call is one transaction:
//! multi-row inserts in chunks, duplicates dropped by the unique index, then the touched workers' shifts
//! recounted (rules.rs) and their days rewritten. A punch on day D may end a shift that began on D-1, so a
//! worker is recounted from the day before their earliest new punch: a shift is at most 24 hours, so shifts
//! that began before that day cannot take a new punch, and their punches keep the shift they were given.
//! A manual correction keeps its `attended` through all of this. A shift that began on a day outside every
//! employment line of the worker is stored but counts for nothing: no attendance day (issue 10 item 1).
//! The statements are in `repo.rs`; what they write is decided here.

use std::collections::BTreeMap;

use time::{Date, Duration, PrimitiveDateTime, Time};

pub use super::repo::NewPunch;
use super::repo::{self, StoredPunch};
use super::rules::{self, DayTotals, Direction, Rules, Stay};
use crate::clock;
use crate::db::{Db, Tx};

/// Workers recounted together (one `IN (...)` list when reading their punches back).
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

/// The project's rules, the defaults when it has saved none.
pub async fn rules(db: &Db, project_id: i64) -> sqlx::Result<Rules> {
    Ok(repo::saved_rules(db, project_id).await?.unwrap_or_default())
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
        let timed: Vec<(i64, Direction)> = mine
            .iter()
            .map(|punch| (punch.punched_at, Direction::parse(&punch.direction).unwrap_or(Direction::In)))
            .collect();
        let (shifts, marks) = rules::count_shifts(&timed, rules);
        for (day, totals) in rules::count_days(&shifts, rules) {
            let day = day.to_string();
            if day.as_str() >= write_from && rules::inside_any(&lines, &day) {
                out.days.push((worker_id, day, totals));
            }
        }
        for (punch, mark) in mine.iter().zip(marks) {
            let shift_day =
                if mark.shift_start == 0 { String::new() } else { rules::china_day(mark.shift_start).to_string() };
            let changed = (punch.shift_start, punch.shift_day.as_str(), punch.paired)
                != (mark.shift_start, shift_day.as_str(), mark.paired);
            if changed && (shift_day.is_empty() || shift_day.as_str() >= write_from) {
                out.marks.push((punch.id, mark.shift_start, shift_day, mark.paired));
            }
        }
    }
    out
}

/// What a recount changes of the stored days (`changes`).
struct DayChanges {
    /// (worker, day) of uncorrected days no longer counted.
    gone: Vec<(i64, String)>,
    /// (worker, day, totals) new or different.
    changed: Vec<(i64, String, DayTotals)>,
}

/// What a recount changes of the stored days: the uncorrected days it no longer counts (worker, day), and the
/// days it counts that are new or differ from their row. Rewriting only these keeps a batch's writes, and the
/// sums the database keeps from them (migrations 0035, 0037), to the days the batch changed. A manual row is
/// compared with its own `attended`, which a recount keeps.
fn changes(stored: &[repo::StoredDay], recounted: Vec<(i64, String, DayTotals)>) -> DayChanges {
    let rows: BTreeMap<(i64, &str), &repo::StoredDay> =
        stored.iter().map(|row| ((row.worker_id, row.day.as_str()), row)).collect();
    let counted: std::collections::BTreeSet<(i64, &str)> =
        recounted.iter().map(|(worker_id, day, _)| (*worker_id, day.as_str())).collect();
    let gone = stored
        .iter()
        .filter(|row| !row.manual && !counted.contains(&(row.worker_id, row.day.as_str())))
        .map(|row| (row.worker_id, row.day.clone()))
        .collect();
    let changed = recounted
        .into_iter()
        .filter(|(worker_id, day, totals)| match rows.get(&(*worker_id, day.as_str())) {
            None => true,
            Some(row) if row.manual => DayTotals { attended: row.totals.attended, ..*totals } != row.totals,
            Some(row) => *totals != row.totals,
        })
        .collect();
    DayChanges { gone, changed }
}

/// Recounts `workers` inside `tx`: reads their punches from 00:00 of `from` on (leaving out the ones a shift
/// begun before `from` holds; one never counted is read), their employment lines and their days from
/// `write_from` on, then deletes the uncorrected days the recount no longer has, writes the days it counted
/// differently or anew (a manual row keeps its `attended`) and the punches' marks. Answers the number of days
/// written.
async fn recount_in(
    tx: &mut Tx,
    project_id: i64,
    rules: &Rules,
    workers: &[i64],
    from: Date,
    write_from: &str,
) -> sqlx::Result<usize> {
    let from_at = china_midnight(from);
    let mut written = 0;
    for workers in workers.chunks(WORKER_CHUNK) {
        let punches = repo::punches_from(tx, project_id, from_at, workers).await?;
        let stays = repo::stays_in(tx, project_id, workers).await?;
        let stored = repo::days_from(tx, project_id, write_from, workers).await?;
        let recounted = recount(&punches, &stays, rules, write_from);
        let DayChanges { gone, changed } = changes(&stored, recounted.days);
        repo::delete_days(tx, project_id, &gone).await?;
        repo::write_days(tx, project_id, &changed).await?;
        repo::write_marks(tx, &recounted.marks).await?;
        written += changed.len();
    }
    Ok(written)
}

/// Stores a batch of punches and recounts the workers it touched, in one transaction. Punches already
/// stored (same device, worker and time) are counted as duplicates.
pub async fn ingest(db: &Db, batch: &Batch<'_>, punches: &[NewPunch]) -> Result<Ingested, IngestError> {
    let rules = rules(db, batch.project_id).await?;
    let mut unique: Vec<&NewPunch> = punches.iter().collect();
    unique.sort_by_key(|punch| (punch.worker_id, punch.punched_at));
    unique.dedup_by_key(|punch| (punch.worker_id, punch.punched_at));
    let project_id = batch.project_id;
    let mut tx = Tx::begin(db).await?;
    repo::lock_project_recount_in(&mut tx, project_id).await?;
    if let Some((signature, signed_at)) = batch.nonce
        && !repo::use_nonce_in(&mut tx, batch.device_id, signature, signed_at).await?
    {
        return Err(IngestError::Replayed);
    }
    let rows = repo::insert_punches(&mut tx, project_id, batch.source.as_str(), batch.device_id, &unique, clock::now())
        .await?;
    // Each touched worker's earliest new punch.
    let mut earliest: BTreeMap<i64, i64> = BTreeMap::new();
    for (worker_id, punched_at) in &rows {
        let at = earliest.entry(*worker_id).or_insert(*punched_at);
        *at = (*at).min(*punched_at);
    }
    // Workers grouped by the day before their earliest new punch, where their recount starts.
    let mut by_day: BTreeMap<Date, Vec<i64>> = BTreeMap::new();
    for (worker_id, at) in earliest {
        let day = rules::china_day(at) - Duration::days(1);
        by_day.entry(day).or_default().push(worker_id);
    }
    for (day, workers) in &by_day {
        recount_in(&mut tx, project_id, &rules, workers, *day, &day.to_string()).await?;
    }
    tx.commit().await?;
    let inserted = rows.len();
    Ok(Ingested { inserted, duplicates: punches.len() - inserted })
}

/// Recounts the project's attendance_days from `from_day` on under its current rules, after a rule change.
/// Shifts are read from the day before, so a night shift begun then keeps its punches; days before
/// `from_day` are not rewritten. Manual corrections keep their `attended`. Answers the days written.
pub async fn recompute(db: &Db, project_id: i64, from_day: Date) -> sqlx::Result<usize> {
    let rules = rules(db, project_id).await?;
    let from = from_day - Duration::days(1);
    let from_text = from_day.to_string();
    let mut tx = Tx::begin(db).await?;
    repo::lock_project_recount_in(&mut tx, project_id).await?;
    // Writing first takes SQLite's write lock at once (waiting for it), instead of upgrading a read lock,
    // which fails at once when a punch upload is writing.
    repo::clear_project_days(&mut tx, project_id, &from_text).await?;
    let workers = repo::punched_workers(&mut tx, project_id, &from.to_string()).await?;
    let written = recount_in(&mut tx, project_id, &rules, &workers, from, &from_text).await?;
    tx.commit().await?;
    Ok(written)
}

/// Punches stored before shifts were counted (migration 0019 marks them `shift_start = -1`): each such
/// project is recounted from `from_day` (the open months) and its older punches marked as not counted, so
/// this runs once. Answers the projects recounted.
pub async fn recount_stored(db: &Db, from_day: Date) -> sqlx::Result<usize> {
    let projects = repo::projects_with_uncounted_punches(db).await?;
    for project_id in &projects {
        recompute(db, *project_id, from_day).await?;
        repo::mark_uncounted(db, *project_id).await?;
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
        let days: Vec<(i64, &str, i64)> =
            recounted.days.iter().map(|(worker, day, totals)| (*worker, day.as_str(), totals.minutes)).collect();
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

    fn stored(worker_id: i64, day: &str, minutes: i64, attended: bool, manual: bool) -> repo::StoredDay {
        let (_, _, totals) = counted(worker_id, day, minutes, attended);
        repo::StoredDay { worker_id, day: day.into(), totals, manual }
    }

    fn counted(worker_id: i64, day: &str, minutes: i64, attended: bool) -> (i64, String, DayTotals) {
        (worker_id, day.into(), DayTotals { first_at: 0, last_at: 0, punches: 2, minutes, unpaired: 0, attended })
    }

    #[test]
    fn a_recount_rewrites_only_the_days_it_changed() {
        let rows = vec![
            stored(1, "2026-11-01", 480, true, false),
            stored(1, "2026-11-02", 480, true, false),
            stored(2, "2026-11-01", 0, false, true),
            stored(2, "2026-11-02", 60, true, true),
            stored(3, "2026-11-01", 480, true, false),
        ];
        let DayChanges { gone, changed } = changes(
            &rows,
            vec![
                counted(1, "2026-11-01", 480, true),
                counted(1, "2026-11-02", 540, true),
                counted(1, "2026-11-03", 480, true),
                // A manual day keeps its own `attended`: the same hours are no change, other hours are.
                counted(2, "2026-11-01", 0, true),
                counted(2, "2026-11-02", 120, false),
            ],
        );
        // Worker 3's day is no longer counted; worker 2's manual days stay whatever the recount says.
        assert_eq!(gone, vec![(3, "2026-11-01".to_owned())]);
        let written: Vec<(i64, &str)> = changed.iter().map(|(worker, day, _)| (*worker, day.as_str())).collect();
        assert_eq!(written, vec![(1, "2026-11-02"), (1, "2026-11-03"), (2, "2026-11-02")]);
    }
}
