//! The worker side's sessions (`/worker/…`): a person of the roster logged in with his ID number and an SMS
//! code. A token of one side is unknown to the other: a worker token is no `CurrentAccount`, an account's
//! token no `CurrentWorker`.

use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use sha2::{Digest, Sha256};

use super::repo;
use super::sessions::token_of;
use crate::clock;
use crate::db::Db;
use crate::envelope::ApiError;
use crate::state::AppState;

/// A worker stays logged in on his phone for 30 days.
pub const LIFETIME_DAYS: i64 = 30;

fn token_hash(token: &str) -> String {
    hex::encode(Sha256::digest(token.as_bytes()))
}

/// Opens a session for the worker (a `workers` id) whose code went to `phone`, his roster phone; the session
/// ends when the roster's phone changes. Returns its token.
pub async fn create(db: &Db, worker_id: i64, phone: &str, ip: &str) -> sqlx::Result<String> {
    let token: String = hex::encode(rand::random::<[u8; 32]>());
    let now = clock::now();
    let expires_at = now + LIFETIME_DAYS * 86_400;
    repo::insert_worker_session(db, &token_hash(&token), (worker_id, phone), now, expires_at, ip).await?;
    Ok(token)
}

pub async fn delete(db: &Db, token: &str) -> sqlx::Result<()> {
    repo::delete_worker_session(db, &token_hash(token)).await
}

/// Removes the sessions that can no longer be used: expired, or opened with a phone the roster no longer has.
pub async fn delete_dead(db: &Db) -> sqlx::Result<u64> {
    repo::delete_worker_sessions_dead(db, clock::now()).await
}

/// The logged-in worker of a request, from header `X-Token`; a missing, unknown or expired token, or one whose
/// roster phone has changed since the login, answers 101.
pub struct CurrentWorker {
    pub worker_id: i64,
    pub token: String,
}

impl FromRequestParts<AppState> for CurrentWorker {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        let token = token_of(parts)?;
        let worker_id = repo::live_worker_session(&state.db, &token_hash(&token), clock::now())
            .await?
            .ok_or(ApiError::NotLoggedIn)?;
        Ok(CurrentWorker { worker_id, token })
    }
}
