//! Messages to a project or an account. This foundation serves the unread count for the header bell.

use axum::extract::State;
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::auth::sessions::CurrentAccount;
use crate::envelope::{ApiResult, Envelope, ok};
use crate::state::AppState;

mod model;
mod repo;
pub mod service;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(message_count))
}

#[derive(Serialize, ToSchema)]
pub struct MessageCount {
    /// Unread messages addressed to the account or its project.
    pub count: i64,
}

/// Unread messages of the logged-in account (header bell).
#[utoipa::path(post, path = "/builder/message/v1/Message/ajaxmessagecount", tag = "message",
    params(("X-Token" = String, Header, description = "session token")),
    responses((status = 200, body = Envelope<MessageCount>)))]
async fn message_count(State(state): State<AppState>, current: CurrentAccount) -> ApiResult<MessageCount> {
    let count = service::unread_count(&state.db, current.account.id, current.account.project_id).await?;
    Ok(ok(MessageCount { count }))
}
