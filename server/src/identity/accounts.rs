//! Accounts: who may log in, on which side, with which password state.

pub use super::model::{Account, AccountKind, NewAccount, RegulatorRole, Side};
use super::repo;
use crate::clock;
use crate::db::Db;

pub async fn create(db: &Db, account: NewAccount<'_>) -> sqlx::Result<i64> {
    repo::insert_account(db, &account, clock::now()).await
}

pub async fn find_by_username(db: &Db, username: &str) -> sqlx::Result<Option<Account>> {
    repo::account_by_username(db, username).await
}

pub async fn find_by_id(db: &Db, id: i64) -> sqlx::Result<Option<Account>> {
    repo::account_by_id(db, id).await
}

/// Accounts with this phone, oldest first.
pub async fn find_by_phone(db: &Db, phone: &str) -> sqlx::Result<Vec<Account>> {
    repo::accounts_by_phone(db, phone).await
}

/// Stores a new password hash. `initial` marks a password handed out by someone else (forced change). The
/// login area's `auth::password::store` also lifts the lock of the account's name: use that.
pub async fn set_password(
    db: &Db,
    id: i64,
    password_hash: &str,
    meets_strong_rule: bool,
    initial: bool,
) -> sqlx::Result<()> {
    repo::update_password(db, id, password_hash, meets_strong_rule, initial, clock::now()).await
}

pub async fn set_disabled(db: &Db, id: i64, disabled: bool) -> sqlx::Result<()> {
    repo::update_disabled(db, id, disabled).await
}

/// How many regulator accounts lie inside `district` (a district prefix, '' for all) whose login name or name
/// matches `pattern` (a LIKE pattern, '' for all).
pub async fn count_regulators(db: &Db, district: &str, pattern: &str) -> sqlx::Result<i64> {
    repo::count_regulators(db, district, pattern).await
}

/// One page of those regulator accounts, in the order they were created.
pub async fn list_regulators(
    db: &Db,
    district: &str,
    pattern: &str,
    limit: i64,
    offset: i64,
) -> sqlx::Result<Vec<Account>> {
    repo::list_regulators(db, district, pattern, limit, offset).await
}

/// A regulator's name, phone, district and role.
pub async fn set_regulator(
    db: &Db,
    id: i64,
    name: &str,
    phone: &str,
    district: &str,
    role: RegulatorRole,
) -> sqlx::Result<()> {
    repo::update_regulator(db, id, name, phone, district, role.as_str()).await
}

pub async fn count(db: &Db) -> sqlx::Result<i64> {
    repo::count_accounts(db).await
}

/// A finance approver's name and ID number, as the project's 财务角色配置 sets them.
/// A finance approver enters the ID number once, at first login: false when one is on file already.
pub async fn set_own_id_number(db: &Db, id: i64, id_number: &str) -> sqlx::Result<bool> {
    repo::set_own_id_number(db, id, id_number).await
}

/// The bureau's correction of an approver's ID number, whatever is on file.
pub async fn correct_id_number(db: &Db, id: i64, id_number: &str) -> sqlx::Result<bool> {
    repo::correct_id_number(db, id, id_number).await
}

pub async fn set_name(db: &Db, id: i64, name: &str) -> sqlx::Result<()> {
    repo::update_name(db, id, name).await
}

pub async fn set_phone(db: &Db, id: i64, phone: &str) -> sqlx::Result<()> {
    repo::update_phone(db, id, phone).await
}
