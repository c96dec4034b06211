//! Demo attendance: two devices on the approved project (a terminal with a known secret for trying the
//! device API, README "Device API", and an ID reader), and the terminal's punches for the project's active
//! workers, Monday to Saturday of the previous calendar month and of this month up to yesterday, in about
//! 07:30 and out about 17:30, a few absences. The punches go through the same ingest as the device API,
//! so attendance_days agree with them.

use time::{Date, Duration, Month, Time, Weekday};

use super::ingest::{self, Batch, NewPunch, Source};
use super::repo::{self, NewDevice};
use super::rules::Direction;
use super::service::secret_key;
use crate::clock;
use crate::db::Db;
use crate::on_db;

pub const TERMINAL_SERIAL: &str = "WG-DEMO-T01";
/// Published in the README so anyone can sign requests for the demo terminal; never use it on a real site.
pub const TERMINAL_SECRET: &str = "demo-terminal-secret-0001";
pub const READER_SERIAL: &str = "WG-DEMO-R01";

const CHINA_OFFSET_SECONDS: i64 = 8 * 3600;

fn china_seconds(day: Date, at: Time) -> i64 {
    day.with_time(at).assume_utc().unix_timestamp() - CHINA_OFFSET_SECONDS
}

/// The first day of the month before `today`'s.
fn previous_month_start(today: Date) -> Date {
    let (year, month) = match today.month() {
        Month::January => (today.year() - 1, Month::December),
        month => (today.year(), month.previous()),
    };
    Date::from_calendar_date(year, month, 1).unwrap_or(today)
}

pub async fn seed(db: &Db, project_id: i64) -> anyhow::Result<()> {
    let now = clock::now();
    let terminal_key = secret_key(TERMINAL_SECRET);
    let terminal = NewDevice {
        project_id,
        kind: "attendant",
        serial: TERMINAL_SERIAL,
        name: "1号门岗考勤机",
        direction: "both",
        location: "项目东大门",
        protocol: "api",
        secret_sha256: &terminal_key,
        now,
    };
    let Some(terminal_id) = repo::insert_device(db, &terminal).await? else {
        return Ok(());
    };
    // The reader's secret is random and never shown: register it again (reset) to push from it.
    let reader_key = secret_key(&hex::encode(rand::random::<[u8; 16]>()));
    let reader = NewDevice {
        project_id,
        kind: "reader",
        serial: READER_SERIAL,
        name: "劳资室身份证阅读器",
        direction: "in",
        location: "项目部劳资室",
        protocol: "api",
        secret_sha256: &reader_key,
        now,
    };
    repo::insert_device(db, &reader).await?;

    let workers: Vec<(i64,)> = on_db!(db, pool => sqlx::query_as(
        "SELECT worker_id FROM employments WHERE project_id = $1 AND status = 1 ORDER BY worker_id")
        .bind(project_id).fetch_all(pool).await)?;
    let workers: Vec<i64> = workers.into_iter().map(|(worker,)| worker).collect();
    let today = clock::china_today();
    ingest_from(db, project_id, terminal_id, &working_days(&workers, previous_month_start(today), today)).await?;
    repo::touch_heartbeat(db, terminal_id, now).await?;
    Ok(())
}

/// Each of `workers` on the days from `from` up to (not including) `until`, Monday to Saturday, but for an
/// absence now and then that differs per worker.
pub fn working_days(workers: &[i64], from: Date, until: Date) -> Vec<(i64, Date)> {
    let mut attended = Vec::new();
    let mut day = from;
    while day < until {
        for (index, worker_id) in workers.iter().enumerate() {
            let absent = (day.day() as usize + index).is_multiple_of(13);
            if day.weekday() != Weekday::Sunday && !absent {
                attended.push((*worker_id, day));
            }
        }
        day += Duration::days(1);
    }
    attended
}

/// The warnings' demo: each (worker, day) punched in about 07:30 and out about 17:30 at the demo terminal,
/// through the device ingest, so the attended days follow from punches as on a real site.
pub async fn punch(db: &Db, project_id: i64, attended: &[(i64, Date)]) -> anyhow::Result<()> {
    let terminal = repo::device_by_serial(db, TERMINAL_SERIAL)
        .await?
        .filter(|device| device.project_id == project_id)
        .ok_or_else(|| anyhow::anyhow!("the demo terminal is not on project {project_id}"))?;
    ingest_from(db, project_id, terminal.id, attended).await
}

async fn ingest_from(db: &Db, project_id: i64, device_id: i64, attended: &[(i64, Date)]) -> anyhow::Result<()> {
    let mut punches = Vec::with_capacity(attended.len() * 2);
    for (worker_id, day) in attended {
        // A few minutes either side of 07:30 and 17:30, different per worker and day.
        let jitter = ((*worker_id as usize * 7 + day.day() as usize * 3) % 21) as i64 * 60 - 600;
        let arrive = china_seconds(*day, Time::from_hms(7, 30, 0)?) + jitter;
        let leave = china_seconds(*day, Time::from_hms(17, 30, 0)?) - jitter / 2;
        for (punched_at, direction) in [(arrive, Direction::In), (leave, Direction::Out)] {
            punches.push(NewPunch { worker_id: *worker_id, punched_at, direction, photo: String::new() });
        }
    }
    let batch = Batch { project_id, source: Source::Device, device_id, nonce: None };
    ingest::ingest(db, &batch, &punches).await.map_err(|error| match error {
        ingest::IngestError::Database(error) => anyhow::Error::from(error),
        ingest::IngestError::Replayed => anyhow::anyhow!("the demo batch carries no signature"),
    })?;
    Ok(())
}

/// Removes `project_id`'s punches and attended days from `day` on: a site gone quiet.
pub async fn forget_from(db: &Db, project_id: i64, day: &str) -> sqlx::Result<()> {
    crate::execute!(
        db,
        sqlx::query("DELETE FROM attendance_days WHERE project_id = $1 AND day >= $2").bind(project_id).bind(day)
    )?;
    crate::execute!(
        db,
        sqlx::query("DELETE FROM punches WHERE project_id = $1 AND day >= $2").bind(project_id).bind(day)
    )?;
    Ok(())
}

/// Removes `worker`'s attended days after `day`: the days after a departure.
pub async fn forget_worker_after(db: &Db, worker: i64, day: &str) -> sqlx::Result<u64> {
    crate::execute!(
        db,
        sqlx::query("DELETE FROM attendance_days WHERE worker_id = $1 AND day > $2").bind(worker).bind(day)
    )
}

/// `refused` punches on `day` of a person on no roster of `project_id`.
pub async fn stranger(db: &Db, project_id: i64, day: &str, id_number: &str, refused: i64) -> sqlx::Result<u64> {
    crate::execute!(
        db,
        sqlx::query(
            "INSERT INTO unknown_punches (project_id, day, id_number, refused) VALUES ($1, $2, $3, $4) \
             ON CONFLICT DO NOTHING"
        )
        .bind(project_id)
        .bind(day)
        .bind(id_number)
        .bind(refused)
    )
}
