//! Failed passwords counted per login name (issue 12 findings 1, 4, 5), for names with an account and without:
//! an attempt is taken in one statement before the password is checked, so however many arrive at once at most
//! `max_failed_logins` are checked per lock window, and an unknown name is counted and locked like a real one.

use crate::clock;
use crate::db::Db;
use crate::{execute, on_db};

/// What taking an attempt at a name's password gave.
#[derive(Debug, PartialEq, Eq)]
pub enum Attempt {
    /// The password may be checked. `locks` when this is the window's last attempt: it has locked the name
    /// already, and only the right password lifts the lock again.
    Taken { locks: bool },
    /// The name is locked until then; the password must not be checked.
    Locked { until: i64 },
}

/// A locked name's window starts afresh at its first attempt after the lock ends.
const TAKE_SQL: &str = "INSERT INTO login_guards (username, attempts, locked_until, last_attempt_at) \
    VALUES ($1, 1, CASE WHEN 1 >= $2 THEN $4 ELSE 0 END, $3) \
    ON CONFLICT (username) DO UPDATE SET \
    attempts = CASE WHEN login_guards.attempts >= $2 THEN 1 ELSE login_guards.attempts + 1 END, \
    locked_until = CASE WHEN (CASE WHEN login_guards.attempts >= $2 THEN 1 ELSE login_guards.attempts + 1 END) >= $2 \
        THEN $4 ELSE login_guards.locked_until END, \
    last_attempt_at = $3 \
    WHERE login_guards.locked_until <= $3 \
    RETURNING attempts";

/// Takes one of the `max` attempts of `username`'s window, locking it for `lockout_seconds` with the last one.
pub async fn take(db: &Db, username: &str, max: i64, lockout_seconds: i64) -> sqlx::Result<Attempt> {
    let now = clock::now();
    let taken: Option<i64> = on_db!(db, pool => sqlx::query_scalar(TAKE_SQL)
        .bind(username)
        .bind(max)
        .bind(now)
        .bind(now + lockout_seconds)
        .fetch_optional(pool)
        .await)?;
    match taken {
        Some(attempts) => Ok(Attempt::Taken { locks: attempts >= max }),
        None => Ok(Attempt::Locked { until: locked_until(db, username).await? }),
    }
}

/// When the name's lock ends; 0 or a past time when it is not locked.
pub async fn locked_until(db: &Db, username: &str) -> sqlx::Result<i64> {
    let sql = "SELECT locked_until FROM login_guards WHERE username = $1";
    let until: Option<i64> = on_db!(db, pool => sqlx::query_scalar(sql).bind(username).fetch_optional(pool).await)?;
    Ok(until.unwrap_or(0))
}

/// The right password (or a new one) ends the name's run of failures and any lock.
pub async fn clear(db: &Db, username: &str) -> sqlx::Result<()> {
    execute!(db, sqlx::query("DELETE FROM login_guards WHERE username = $1").bind(username))?;
    Ok(())
}

/// Forgets the counts of names not tried since `before` and not locked now, so unknown names do not pile up.
pub async fn delete_stale(db: &Db, before: i64) -> sqlx::Result<u64> {
    let sql = "DELETE FROM login_guards WHERE last_attempt_at < $1 AND locked_until <= $2";
    let done = execute!(db, sqlx::query(sql).bind(before).bind(clock::now()))?;
    Ok(done)
}
