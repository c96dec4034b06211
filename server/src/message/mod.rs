//! Messages to a project or an account. This foundation serves the unread count for the header bell.

use axum::extract::State;
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::auth::sessions::CurrentAccount;
use crate::db::Db;
use crate::envelope::{ApiResult, Envelope, ok};
use crate::on_db;
use crate::state::AppState;

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
    let count = unread_count(&state.db, current.account.id, current.account.project_id).await?;
    Ok(ok(MessageCount { count }))
}

pub async fn unread_count(db: &Db, account_id: i64, project_id: Option<i64>) -> sqlx::Result<i64> {
    let sql = "SELECT COUNT(*) FROM messages WHERE is_read = FALSE AND (account_id = $1 OR (account_id IS NULL AND project_id = $2))";
    on_db!(db, pool => sqlx::query_scalar(sql).bind(account_id).bind(project_id).fetch_one(pool).await)
}
