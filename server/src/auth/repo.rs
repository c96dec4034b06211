//! SQL of the login area, on the tables it owns: `login_guards`, `captchas`, `sms_codes` and `sms_outbox`.
//! One text for both backends. The accounts and sessions are identity's (`crate::identity`).

use crate::db::Db;
use crate::{execute, on_db};

// Lock-out counters.

/// Takes an attempt of the name's window and answers the attempts taken in it, or None while the name is
/// locked. A locked name's window starts afresh at its first attempt after the lock ends.
pub async fn take_attempt(db: &Db, username: &str, max: i64, now: i64, lock_until: i64) -> sqlx::Result<Option<i64>> {
    let sql = "INSERT INTO login_guards (username, attempts, locked_until, last_attempt_at) \
    VALUES ($1, 1, CASE WHEN 1 >= $2 THEN $4 ELSE 0 END, $3) \
    ON CONFLICT (username) DO UPDATE SET \
    attempts = CASE WHEN login_guards.attempts >= $2 THEN 1 ELSE login_guards.attempts + 1 END, \
    locked_until = CASE WHEN (CASE WHEN login_guards.attempts >= $2 THEN 1 ELSE login_guards.attempts + 1 END) >= $2 \
        THEN $4 ELSE login_guards.locked_until END, \
    last_attempt_at = $3 \
    WHERE login_guards.locked_until <= $3 \
    RETURNING attempts";
    on_db!(db, pool => sqlx::query_scalar(sql)
        .bind(username)
        .bind(max)
        .bind(now)
        .bind(lock_until)
        .fetch_optional(pool)
        .await)
}

pub async fn locked_until(db: &Db, username: &str) -> sqlx::Result<Option<i64>> {
    let sql = "SELECT locked_until FROM login_guards WHERE username = $1";
    on_db!(db, pool => sqlx::query_scalar(sql).bind(username).fetch_optional(pool).await)
}

pub async fn delete_guard(db: &Db, username: &str) -> sqlx::Result<()> {
    execute!(db, sqlx::query("DELETE FROM login_guards WHERE username = $1").bind(username))?;
    Ok(())
}

/// Deletes the counts of names not tried since `before` and not locked at `now`.
pub async fn delete_stale_guards(db: &Db, before: i64, now: i64) -> sqlx::Result<u64> {
    let sql = "DELETE FROM login_guards WHERE last_attempt_at < $1 AND locked_until <= $2";
    execute!(db, sqlx::query(sql).bind(before).bind(now))
}

// Captchas.

/// Sweeps the captchas expired at `now` and stores a new one.
pub async fn insert_captcha(db: &Db, id: &str, answer: &str, now: i64, expires_at: i64) -> sqlx::Result<()> {
    on_db!(db, pool => {
        sqlx::query("DELETE FROM captchas WHERE expires_at <= $1").bind(now).execute(pool).await?;
        sqlx::query("INSERT INTO captchas (id, answer, expires_at) VALUES ($1, $2, $3)")
            .bind(id)
            .bind(answer)
            .bind(expires_at)
            .execute(pool)
            .await?;
    });
    Ok(())
}

/// Deletes the captcha and answers its answer and expiry, if it was there.
pub async fn take_captcha(db: &Db, id: &str) -> sqlx::Result<Option<(String, i64)>> {
    on_db!(db, pool =>
        sqlx::query_as("DELETE FROM captchas WHERE id = $1 RETURNING answer, expires_at").bind(id).fetch_optional(pool).await)
}

pub async fn captcha_answer(db: &Db, id: &str) -> sqlx::Result<Option<String>> {
    on_db!(db, pool => sqlx::query_scalar("SELECT answer FROM captchas WHERE id = $1").bind(id).fetch_optional(pool).await)
}

// SMS.

pub async fn insert_outbox(db: &Db, phone: &str, content: &str, now: i64) -> sqlx::Result<()> {
    let sql = "INSERT INTO sms_outbox (phone, content, created_at) VALUES ($1, $2, $3)";
    execute!(db, sqlx::query(sql).bind(phone).bind(content).bind(now))?;
    Ok(())
}

/// A new code of `phone` for `purpose` ('' for login and phone changes; `order:<id>` for an approval).
pub async fn insert_code(
    db: &Db,
    phone: &str,
    purpose: &str,
    code: &str,
    now: i64,
    expires_at: i64,
) -> sqlx::Result<()> {
    let sql = "INSERT INTO sms_codes (phone, purpose, code, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)";
    execute!(db, sqlx::query(sql).bind(phone).bind(purpose).bind(code).bind(now).bind(expires_at))?;
    Ok(())
}

pub async fn codes_sent_since(db: &Db, phone: &str, since: i64) -> sqlx::Result<i64> {
    on_db!(db, pool => sqlx::query_scalar("SELECT COUNT(*) FROM sms_codes WHERE phone = $1 AND created_at > $2")
        .bind(phone)
        .bind(since)
        .fetch_one(pool)
        .await)
}

/// The newest unused code of the phone for `purpose` live at `now`: its id and code.
pub async fn latest_code(db: &Db, phone: &str, purpose: &str, now: i64) -> sqlx::Result<Option<(i64, String)>> {
    on_db!(db, pool => sqlx::query_as(
        "SELECT id, code FROM sms_codes WHERE phone = $1 AND purpose = $2 AND used = FALSE AND expires_at > $3 ORDER BY id DESC LIMIT 1")
        .bind(phone)
        .bind(purpose)
        .bind(now)
        .fetch_optional(pool)
        .await)
}

/// Takes one of the code's `max` checks in one conditional update, so parallel guesses cannot check more;
/// false when none is left.
pub async fn take_code_attempt(db: &Db, id: i64, max: i64) -> sqlx::Result<bool> {
    let sql = "UPDATE sms_codes SET attempts = attempts + 1 WHERE id = $1 AND attempts < $2";
    Ok(execute!(db, sqlx::query(sql).bind(id).bind(max))? == 1)
}

/// Marks the code used; answers 0 when another request used it first.
pub async fn use_code(db: &Db, id: i64) -> sqlx::Result<u64> {
    execute!(db, sqlx::query("UPDATE sms_codes SET used = TRUE WHERE id = $1 AND used = FALSE").bind(id))
}
