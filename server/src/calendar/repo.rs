//! SQL of the working calendar: the special days (`calendar_days`) and the package seed's mark
//! (`calendar_seed`). One text for both backends; the statements of a change run in the transaction its
//! service opens.

use crate::db::{Db, Tx};
use crate::{execute_in, on_db, on_tx};

/// A special day as stored.
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct DayRow {
    /// `YYYY-MM-DD`.
    pub day: String,
    pub kind: String,
    pub name: String,
    pub source: String,
    pub updated_at: i64,
}

const SELECT: &str = "SELECT day, kind, name, source, updated_at FROM calendar_days";

/// The special days from `first` to `last` (`YYYY-MM-DD`, inclusive), in date order.
pub async fn days_between(db: &Db, first: &str, last: &str) -> sqlx::Result<Vec<DayRow>> {
    let sql = format!("{SELECT} WHERE day >= $1 AND day <= $2 ORDER BY day");
    on_db!(db, pool => sqlx::query_as(sqlx::AssertSqlSafe(sql.clone())).bind(first).bind(last).fetch_all(pool).await)
}

/// How many special days lie from `first` to `last`.
pub async fn count_between(db: &Db, first: &str, last: &str) -> sqlx::Result<i64> {
    let sql = "SELECT COUNT(*) FROM calendar_days WHERE day >= $1 AND day <= $2";
    on_db!(db, pool => sqlx::query_scalar(sql).bind(first).bind(last).fetch_one(pool).await)
}

/// One page of the special days from `first` to `last`, in date order.
pub async fn page_between(db: &Db, first: &str, last: &str, limit: i64, offset: i64) -> sqlx::Result<Vec<DayRow>> {
    let sql = format!("{SELECT} WHERE day >= $1 AND day <= $2 ORDER BY day LIMIT $3 OFFSET $4");
    on_db!(db, pool => sqlx::query_as(sqlx::AssertSqlSafe(sql.clone())).bind(first).bind(last).bind(limit).bind(offset).fetch_all(pool).await)
}

pub async fn day(db: &Db, day: &str) -> sqlx::Result<Option<DayRow>> {
    let sql = format!("{SELECT} WHERE day = $1");
    on_db!(db, pool => sqlx::query_as(sqlx::AssertSqlSafe(sql.clone())).bind(day).fetch_optional(pool).await)
}

/// Writes the regulator's day: adds it when `before` is None, otherwise changes it only while it still
/// reads `before` (another regulator's change in between makes this answer false and change nothing).
pub async fn save(
    tx: &mut Tx,
    before: Option<&DayRow>,
    day: &str,
    kind: &str,
    name: &str,
    now: i64,
) -> sqlx::Result<bool> {
    let done = match before {
        None => execute_in!(
            tx,
            sqlx::query(
                "INSERT INTO calendar_days (day, kind, name, source, updated_at) VALUES ($1, $2, $3, 'regulator', $4) \
                 ON CONFLICT (day) DO NOTHING"
            )
            .bind(day)
            .bind(kind)
            .bind(name)
            .bind(now)
        )?,
        Some(before) => execute_in!(
            tx,
            sqlx::query(
                "UPDATE calendar_days SET kind = $1, name = $2, source = 'regulator', updated_at = $3 \
                 WHERE day = $4 AND kind = $5 AND name = $6 AND updated_at = $7"
            )
            .bind(kind)
            .bind(name)
            .bind(now)
            .bind(day)
            .bind(&before.kind)
            .bind(&before.name)
            .bind(before.updated_at)
        )?,
    };
    Ok(done > 0)
}

/// Deletes the day while it still reads `before`; false when it changed or went in between.
pub async fn delete(tx: &mut Tx, before: &DayRow) -> sqlx::Result<bool> {
    let done = execute_in!(
        tx,
        sqlx::query("DELETE FROM calendar_days WHERE day = $1 AND kind = $2 AND name = $3 AND updated_at = $4")
            .bind(&before.day)
            .bind(&before.kind)
            .bind(&before.name)
            .bind(before.updated_at)
    )?;
    Ok(done > 0)
}

/// The newest package day a seed has covered ('' before the first seed).
pub async fn seeded_through(db: &Db) -> sqlx::Result<String> {
    let found: Option<String> = on_db!(db, pool => sqlx::query_scalar("SELECT newest FROM calendar_seed WHERE id = 1").fetch_optional(pool).await)?;
    Ok(found.unwrap_or_default())
}

/// Inserts the package's `days` (day, kind, name) that are not in the table, in one statement, and marks
/// the seed as covering `newest`; answers the rows inserted. Days present (the regulator's, or seeded by
/// another instance) stay as they are.
pub async fn seed(tx: &mut Tx, days: &[(String, String, String)], newest: &str, now: i64) -> sqlx::Result<u64> {
    let values = (0..days.len())
        .map(|i| format!("(${}, ${}, ${}, 'package', ${})", 3 * i + 1, 3 * i + 2, 3 * i + 3, 3 * days.len() + 1))
        .collect::<Vec<_>>()
        .join(", ");
    let insert = format!(
        "INSERT INTO calendar_days (day, kind, name, source, updated_at) VALUES {values} ON CONFLICT (day) DO NOTHING"
    );
    let mark = "INSERT INTO calendar_seed (id, newest) VALUES (1, $1) \
                ON CONFLICT (id) DO UPDATE SET newest = excluded.newest WHERE calendar_seed.newest < excluded.newest";
    let inserted = if days.is_empty() {
        0
    } else {
        on_tx!(tx, conn => {
            let mut query = sqlx::query(sqlx::AssertSqlSafe(insert.clone()));
            for (day, kind, name) in days {
                query = query.bind(day).bind(kind).bind(name);
            }
            query.bind(now).execute(&mut **conn).await?.rows_affected()
        })
    };
    execute_in!(tx, sqlx::query(mark).bind(newest))?;
    Ok(inserted)
}
