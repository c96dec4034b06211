//! Accounts: who may log in, on which side, with which password state.

use serde::{Deserialize, Serialize};

use super::lockout;
use crate::clock;
use crate::db::Db;
use crate::{execute, on_db};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, clap::ValueEnum)]
#[serde(rename_all = "lowercase")]
pub enum AccountKind {
    /// The project's labour clerk (enterprise side).
    Builder,
    /// A finance approver of a project's wage orders.
    Finance,
    /// Labour-bureau staff (regulator).
    Admin,
}

impl AccountKind {
    pub fn as_str(self) -> &'static str {
        match self {
            AccountKind::Builder => "builder",
            AccountKind::Finance => "finance",
            AccountKind::Admin => "admin",
        }
    }

    pub fn parse(text: &str) -> Option<AccountKind> {
        match text {
            "builder" => Some(AccountKind::Builder),
            "finance" => Some(AccountKind::Finance),
            "admin" => Some(AccountKind::Admin),
            _ => None,
        }
    }
}

/// The two login sides of the console (tab index 1 and 2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    Builder,
    Finance,
}

impl Side {
    pub fn parse(segment: &str) -> Option<Side> {
        match segment.to_ascii_lowercase().as_str() {
            "builder" => Some(Side::Builder),
            "finance" => Some(Side::Finance),
            _ => None,
        }
    }

    /// The enterprise side serves builder and regulator accounts; the finance side only approvers.
    pub fn admits(self, kind: AccountKind) -> bool {
        match self {
            Side::Builder => matches!(kind, AccountKind::Builder | AccountKind::Admin),
            Side::Finance => kind == AccountKind::Finance,
        }
    }
}

#[derive(Clone, Debug, sqlx::FromRow)]
pub struct Account {
    pub id: i64,
    pub username: String,
    pub name: String,
    pub kind: String,
    pub project_id: Option<i64>,
    pub phone: String,
    pub password_hash: String,
    pub must_change_password: bool,
    pub password_meets_strong_rule: bool,
    pub password_changed_at: i64,
    pub disabled: bool,
}

impl Account {
    pub fn kind(&self) -> AccountKind {
        AccountKind::parse(&self.kind).unwrap_or(AccountKind::Builder)
    }
}

/// `SELECT` of every account column, followed by the given clause.
macro_rules! select_accounts {
    ($clause:literal) => {
        concat!(
            "SELECT id, username, name, kind, project_id, phone, password_hash, must_change_password, ",
            "password_meets_strong_rule, password_changed_at, disabled FROM accounts ",
            $clause
        )
    };
}

pub struct NewAccount<'a> {
    pub username: &'a str,
    pub name: &'a str,
    pub kind: AccountKind,
    pub project_id: Option<i64>,
    pub phone: &'a str,
    /// Finance approvers' ID number (checked before they approve); empty for other accounts.
    pub id_number: &'a str,
    pub password_hash: &'a str,
    pub password_meets_strong_rule: bool,
    /// True for accounts handed out on an initial password, which the console forces to change.
    pub must_change_password: bool,
}

pub async fn create(db: &Db, account: NewAccount<'_>) -> sqlx::Result<i64> {
    let now = clock::now();
    let sql = "INSERT INTO accounts (username, name, kind, project_id, phone, id_number, password_hash, \
               must_change_password, password_meets_strong_rule, password_changed_at, created_at) \
               VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10) RETURNING id";
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
        .fetch_one(pool)
        .await)
}

pub async fn find_by_username(db: &Db, username: &str) -> sqlx::Result<Option<Account>> {
    on_db!(db, pool => sqlx::query_as(select_accounts!("WHERE username = $1")).bind(username).fetch_optional(pool).await)
}

pub async fn find_by_id(db: &Db, id: i64) -> sqlx::Result<Option<Account>> {
    on_db!(db, pool => sqlx::query_as(select_accounts!("WHERE id = $1")).bind(id).fetch_optional(pool).await)
}

/// Accounts with this phone, oldest first.
pub async fn find_by_phone(db: &Db, phone: &str) -> sqlx::Result<Vec<Account>> {
    on_db!(db, pool => sqlx::query_as(select_accounts!("WHERE phone = $1 ORDER BY id")).bind(phone).fetch_all(pool).await)
}

/// Stores a new password and lifts any lock of the account's name. `initial` marks a password handed out by
/// someone else (forced change).
pub async fn set_password(db: &Db, id: i64, password_hash: &str, meets_strong_rule: bool, initial: bool) -> sqlx::Result<()> {
    let sql = "UPDATE accounts SET password_hash = $2, password_meets_strong_rule = $3, must_change_password = $4, \
               password_changed_at = $5 WHERE id = $1";
    execute!(db, sqlx::query(sql)
        .bind(id)
        .bind(password_hash)
        .bind(meets_strong_rule)
        .bind(initial)
        .bind(clock::now()))?;
    if let Some(account) = find_by_id(db, id).await? {
        lockout::clear(db, &account.username).await?;
    }
    Ok(())
}

pub async fn set_disabled(db: &Db, id: i64, disabled: bool) -> sqlx::Result<()> {
    let sql = "UPDATE accounts SET disabled = $2 WHERE id = $1";
    execute!(db, sqlx::query(sql).bind(id).bind(disabled))?;
    Ok(())
}

pub async fn count(db: &Db) -> sqlx::Result<i64> {
    on_db!(db, pool => sqlx::query_scalar("SELECT COUNT(*) FROM accounts").fetch_one(pool).await)
}
