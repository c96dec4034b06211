//! Sessions live in the database: a random token goes to the client, its SHA-256 is stored.

use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use sha2::{Digest, Sha256};

use super::accounts::{self, Account, AccountKind};
use super::repo;
use crate::clock;
use crate::db::Db;
use crate::envelope::ApiError;
use crate::state::AppState;

pub const TOKEN_HEADER: &str = "x-token";

fn token_hash(token: &str) -> String {
    hex::encode(Sha256::digest(token.as_bytes()))
}

/// Opens a session and returns its token.
pub async fn create(db: &Db, account_id: i64, lifetime_days: i64, ip: &str) -> sqlx::Result<String> {
    let token: String = hex::encode(rand::random::<[u8; 32]>());
    let now = clock::now();
    repo::insert_session(db, &token_hash(&token), account_id, now, now + lifetime_days * 86_400, ip).await?;
    Ok(token)
}

/// The account id behind a live token, if any.
pub async fn find_live(db: &Db, token: &str) -> sqlx::Result<Option<i64>> {
    repo::live_session_account(db, &token_hash(token), clock::now()).await
}

pub async fn delete(db: &Db, token: &str) -> sqlx::Result<()> {
    repo::delete_session(db, &token_hash(token)).await
}

pub async fn delete_all_for_account(db: &Db, account_id: i64) -> sqlx::Result<u64> {
    repo::delete_sessions_of(db, account_id).await
}

pub async fn delete_expired(db: &Db) -> sqlx::Result<u64> {
    repo::delete_sessions_expired(db, clock::now()).await
}

/// Answer (403) to an account still on its initial password anywhere but its user info, the password change
/// and logout; the console shows the forced-change dialog from the user info's `isupdate` (issue 12 finding 6).
pub const MSG_INITIAL_PASSWORD: &str = "当前账号仍在使用初始密码，请修改密码后继续使用";

/// The logged-in account of a request, from header `X-Token`. A missing, unknown or expired token, or a
/// disabled account, answers 101 登录已过期请重新登录; an account on its initial password answers 403.
pub struct CurrentAccount {
    pub account: Account,
    pub token: String,
}

impl CurrentAccount {
    pub fn kind(&self) -> AccountKind {
        self.account.kind()
    }
}

/// The logged-in account even while it is on its initial password: only for the user info, the password
/// change and logout, which the forced change needs.
pub struct AllowInitialPassword(pub CurrentAccount);

pub(super) fn token_of(parts: &Parts) -> Result<String, ApiError> {
    parts
        .headers
        .get(TOKEN_HEADER)
        .and_then(|value| value.to_str().ok())
        .map(str::trim)
        .filter(|token| !token.is_empty() && token.len() <= 128)
        .map(str::to_owned)
        .ok_or(ApiError::NotLoggedIn)
}

impl FromRequestParts<AppState> for CurrentAccount {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        let token = token_of(parts)?;
        let account = account_for_token(&state.db, &token).await?;
        Ok(CurrentAccount { account, token })
    }
}

impl FromRequestParts<AppState> for AllowInitialPassword {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        let token = token_of(parts)?;
        let account = live_account(&state.db, &token).await?;
        Ok(AllowInitialPassword(CurrentAccount { account, token }))
    }
}

/// The enabled account behind a live token, or 101; 403 while it is on its initial password.
pub async fn account_for_token(db: &Db, token: &str) -> Result<Account, ApiError> {
    let account = live_account(db, token).await?;
    if account.must_change_password {
        return Err(ApiError::Forbidden(MSG_INITIAL_PASSWORD.into()));
    }
    Ok(account)
}

/// The enabled account behind a live token, or 101.
async fn live_account(db: &Db, token: &str) -> Result<Account, ApiError> {
    // Two lookups, not one joined query: see docs/decisions.md "Issue 17: the session in one query, withdrawn twice".
    let account_id = find_live(db, token).await?.ok_or(ApiError::NotLoggedIn)?;
    let account = accounts::find_by_id(db, account_id).await?.ok_or(ApiError::NotLoggedIn)?;
    if account.disabled {
        return Err(ApiError::NotLoggedIn);
    }
    Ok(account)
}
