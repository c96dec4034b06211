//! SQL of the identity area, on the tables it owns: `accounts` and `sessions`. One text for both backends.

use super::model::{Account, NewAccount};
use crate::db::Db;
use crate::{execute, on_db};

// Accounts.

/// `SELECT` of every account column, followed by the given clause.
macro_rules! select_accounts {
    ($clause:literal) => {
        concat!(
            "SELECT id, username, name, kind, project_id, phone, password_hash, must_change_password, ",
            "password_meets_strong_rule, password_changed_at, disabled, district, regulator_role FROM accounts ",
            $clause
        )
    };
}

pub async fn insert_account(db: &Db, account: &NewAccount<'_>, now: i64) -> sqlx::Result<i64> {
    let sql = "INSERT INTO accounts (username, name, kind, project_id, phone, id_number, password_hash, \
               must_change_password, password_meets_strong_rule, password_changed_at, created_at, district, \
               regulator_role) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10, $11, $12) RETURNING id";
    on_db!(db, pool => sqlx::query_scalar(sql)
        .bind(account.username)
        .bind(account.name)
        .bind(account.kind.as_str())
        .bind(account.project_id)
        .bind(account.phone)
        .bind(account.id_number)
        .bind(account.password_hash)
        .bind(account.must_change_password)
        .bind(account.password_meets_strong_rule)
        .bind(now)
        .bind(account.district)
        .bind(account.regulator_role.map_or("", |role| role.as_str()))
        .fetch_one(pool)
        .await)
}

/// The regulator accounts' filter: kind admin, inside `$1` (a district prefix, '' for all), login name or
/// name containing `$2` ('' for all).
const REGULATOR_FILTER: &str = "kind = 'admin' AND ($1 = '' OR district LIKE $1 || '%') \
     AND ($2 = '' OR username LIKE $2 ESCAPE '\\' OR name LIKE $2 ESCAPE '\\')";

pub async fn count_regulators(db: &Db, district: &str, pattern: &str) -> sqlx::Result<i64> {
    let sql = format!("SELECT COUNT(*) FROM accounts WHERE {REGULATOR_FILTER}");
    on_db!(db, pool => sqlx::query_scalar(sqlx::AssertSqlSafe(sql.clone())).bind(district).bind(pattern).fetch_one(pool).await)
}

/// One page of the regulator accounts, in the order they were created.
pub async fn list_regulators(
    db: &Db,
    district: &str,
    pattern: &str,
    limit: i64,
    offset: i64,
) -> sqlx::Result<Vec<Account>> {
    let sql = format!(
        "SELECT id, username, name, kind, project_id, phone, password_hash, must_change_password, \
         password_meets_strong_rule, password_changed_at, disabled, district, regulator_role FROM accounts \
         WHERE {REGULATOR_FILTER} ORDER BY id LIMIT $3 OFFSET $4"
    );
    on_db!(db, pool => sqlx::query_as(sqlx::AssertSqlSafe(sql.clone()))
        .bind(district)
        .bind(pattern)
        .bind(limit)
        .bind(offset)
        .fetch_all(pool)
        .await)
}

/// A regulator's name, phone, district and role.
pub async fn update_regulator(
    db: &Db,
    id: i64,
    name: &str,
    phone: &str,
    district: &str,
    role: &str,
) -> sqlx::Result<()> {
    let sql = "UPDATE accounts SET name = $1, phone = $2, district = $3, regulator_role = $4 WHERE id = $5 AND kind = 'admin'";
    execute!(db, sqlx::query(sql).bind(name).bind(phone).bind(district).bind(role).bind(id))?;
    Ok(())
}

pub async fn account_by_username(db: &Db, username: &str) -> sqlx::Result<Option<Account>> {
    on_db!(db, pool => sqlx::query_as(select_accounts!("WHERE username = $1")).bind(username).fetch_optional(pool).await)
}

pub async fn account_by_id(db: &Db, id: i64) -> sqlx::Result<Option<Account>> {
    on_db!(db, pool => sqlx::query_as(select_accounts!("WHERE id = $1")).bind(id).fetch_optional(pool).await)
}

/// Accounts with this phone, oldest first.
pub async fn accounts_by_phone(db: &Db, phone: &str) -> sqlx::Result<Vec<Account>> {
    on_db!(db, pool => sqlx::query_as(select_accounts!("WHERE phone = $1 ORDER BY id")).bind(phone).fetch_all(pool).await)
}

pub async fn update_password(
    db: &Db,
    id: i64,
    password_hash: &str,
    meets_strong_rule: bool,
    initial: bool,
    now: i64,
) -> sqlx::Result<()> {
    let sql = "UPDATE accounts SET password_hash = $2, password_meets_strong_rule = $3, must_change_password = $4, \
               password_changed_at = $5 WHERE id = $1";
    execute!(db, sqlx::query(sql).bind(id).bind(password_hash).bind(meets_strong_rule).bind(initial).bind(now))?;
    Ok(())
}

pub async fn update_disabled(db: &Db, id: i64, disabled: bool) -> sqlx::Result<()> {
    let sql = "UPDATE accounts SET disabled = $2 WHERE id = $1";
    execute!(db, sqlx::query(sql).bind(id).bind(disabled))?;
    Ok(())
}

pub async fn count_accounts(db: &Db) -> sqlx::Result<i64> {
    on_db!(db, pool => sqlx::query_scalar("SELECT COUNT(*) FROM accounts").fetch_one(pool).await)
}

/// Records a finance account's own ID number when none is on file; false when one is.
pub async fn set_own_id_number(db: &Db, id: i64, id_number: &str) -> sqlx::Result<bool> {
    let sql = "UPDATE accounts SET id_number = $2 WHERE id = $1 AND kind = 'finance' AND id_number = ''";
    Ok(execute!(db, sqlx::query(sql).bind(id).bind(id_number))? == 1)
}

pub async fn correct_id_number(db: &Db, id: i64, id_number: &str) -> sqlx::Result<bool> {
    let sql = "UPDATE accounts SET id_number = $2 WHERE id = $1 AND kind = 'finance'";
    Ok(execute!(db, sqlx::query(sql).bind(id).bind(id_number))? == 1)
}

pub async fn update_name(db: &Db, id: i64, name: &str) -> sqlx::Result<()> {
    execute!(db, sqlx::query("UPDATE accounts SET name = $2 WHERE id = $1").bind(id).bind(name))?;
    Ok(())
}

pub async fn update_phone(db: &Db, id: i64, phone: &str) -> sqlx::Result<()> {
    execute!(db, sqlx::query("UPDATE accounts SET phone = $2 WHERE id = $1").bind(id).bind(phone))?;
    Ok(())
}

// Sessions, by the SHA-256 of their token.

pub async fn insert_session(
    db: &Db,
    token_hash: &str,
    account_id: i64,
    now: i64,
    expires_at: i64,
    ip: &str,
) -> sqlx::Result<()> {
    let sql = "INSERT INTO sessions (token_hash, account_id, created_at, expires_at, ip) VALUES ($1, $2, $3, $4, $5)";
    execute!(db, sqlx::query(sql).bind(token_hash).bind(account_id).bind(now).bind(expires_at).bind(ip))?;
    Ok(())
}

/// The account id of a session still live at `now`.
pub async fn live_session_account(db: &Db, token_hash: &str, now: i64) -> sqlx::Result<Option<i64>> {
    let sql = "SELECT account_id FROM sessions WHERE token_hash = $1 AND expires_at > $2";
    on_db!(db, pool => sqlx::query_scalar(sql).bind(token_hash).bind(now).fetch_optional(pool).await)
}

pub async fn delete_session(db: &Db, token_hash: &str) -> sqlx::Result<()> {
    execute!(db, sqlx::query("DELETE FROM sessions WHERE token_hash = $1").bind(token_hash))?;
    Ok(())
}

pub async fn delete_sessions_of(db: &Db, account_id: i64) -> sqlx::Result<u64> {
    execute!(db, sqlx::query("DELETE FROM sessions WHERE account_id = $1").bind(account_id))
}

pub async fn delete_sessions_expired(db: &Db, now: i64) -> sqlx::Result<u64> {
    execute!(db, sqlx::query("DELETE FROM sessions WHERE expires_at <= $1").bind(now))
}

// Workers' sessions (the worker side), by the SHA-256 of their token.

pub async fn insert_worker_session(
    db: &Db,
    token_hash: &str,
    (worker_id, phone): (i64, &str),
    now: i64,
    expires_at: i64,
    ip: &str,
) -> sqlx::Result<()> {
    let sql = "INSERT INTO worker_sessions (token_hash, worker_id, phone, created_at, expires_at, ip) \
               VALUES ($1, $2, $3, $4, $5, $6)";
    execute!(db, sqlx::query(sql).bind(token_hash).bind(worker_id).bind(phone).bind(now).bind(expires_at).bind(ip))?;
    Ok(())
}

/// The worker of a session still live at `now` whose roster phone is still the one the session was opened
/// with (a read of the roster's `workers`).
pub async fn live_worker_session(db: &Db, token_hash: &str, now: i64) -> sqlx::Result<Option<i64>> {
    let sql = "SELECT s.worker_id FROM worker_sessions s JOIN workers w ON w.id = s.worker_id AND w.phone = s.phone \
               WHERE s.token_hash = $1 AND s.expires_at > $2";
    on_db!(db, pool => sqlx::query_scalar(sql).bind(token_hash).bind(now).fetch_optional(pool).await)
}

pub async fn delete_worker_session(db: &Db, token_hash: &str) -> sqlx::Result<()> {
    execute!(db, sqlx::query("DELETE FROM worker_sessions WHERE token_hash = $1").bind(token_hash))?;
    Ok(())
}

/// Expired sessions, and those whose roster phone has changed since.
pub async fn delete_worker_sessions_dead(db: &Db, now: i64) -> sqlx::Result<u64> {
    let sql = "DELETE FROM worker_sessions WHERE expires_at <= $1 \
               OR NOT EXISTS (SELECT 1 FROM workers w WHERE w.id = worker_sessions.worker_id AND w.phone = worker_sessions.phone)";
    execute!(db, sqlx::query(sql).bind(now))
}
