//! Failed passwords counted per login name (issue 12 findings 1, 4, 5), for names with an account and without:
//! an attempt is taken in one statement before the password is checked, so however many arrive at once at most
//! `max_failed_logins` are checked per lock window, and an unknown name is counted and locked like a real one.

use super::repo;
use crate::clock;
use crate::db::Db;

/// What taking an attempt at a name's password gave.
#[derive(Debug, PartialEq, Eq)]
pub enum Attempt {
    /// The password may be checked. `locks` when this is the window's last attempt: it has locked the name
    /// already, and only the right password lifts the lock again.
    Taken { locks: bool },
    /// The name is locked until then; the password must not be checked.
    Locked { until: i64 },
}

/// Takes one of the `max` attempts of `username`'s window, locking it for `lockout_seconds` with the last one.
pub async fn take(db: &Db, username: &str, max: i64, lockout_seconds: i64) -> sqlx::Result<Attempt> {
    let now = clock::now();
    match repo::take_attempt(db, username, max, now, now + lockout_seconds).await? {
        Some(attempts) => Ok(Attempt::Taken { locks: attempts >= max }),
        None => Ok(Attempt::Locked { until: locked_until(db, username).await? }),
    }
}

/// When the name's lock ends; 0 or a past time when it is not locked.
pub async fn locked_until(db: &Db, username: &str) -> sqlx::Result<i64> {
    Ok(repo::locked_until(db, username).await?.unwrap_or(0))
}

/// The right password (or a new one) ends the name's run of failures and any lock.
pub async fn clear(db: &Db, username: &str) -> sqlx::Result<()> {
    repo::delete_guard(db, username).await
}

/// Forgets the counts of names not tried since `before` and not locked now, so unknown names do not pile up.
pub async fn delete_stale(db: &Db, before: i64) -> sqlx::Result<u64> {
    repo::delete_stale_guards(db, before, clock::now()).await
}
