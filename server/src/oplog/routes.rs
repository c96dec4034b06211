//! The regulator's 操作日志 endpoints.

use axum::extract::State;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::service::{self, OplogKinds, OplogLine, OplogQuery};
use crate::envelope::{ApiResult, Envelope, ok};
use crate::extract::Params;
use crate::identity::sessions::CurrentAccount;
use crate::paging::Paged;
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(log_list)).routes(routes!(log_kinds))
}

/// The operation log for the regulator: filtered by `project_id`, `account` (part of the login name), `kind`
/// (the action) and `start_date`–`end_date` (China days), newest first, paged. Regulator accounts only (403).
#[utoipa::path(get, path = "/admin/oplog/v1/Log/ajax_list", tag = "oplog",
    params(("X-Token" = String, Header, description = "session token"), OplogQuery),
    responses((status = 200, body = Envelope<Paged<OplogLine>>)))]
async fn log_list(
    State(state): State<AppState>,
    current: CurrentAccount,
    Params(query): Params<OplogQuery>,
) -> ApiResult<Paged<OplogLine>> {
    Ok(ok(service::list(&state.db, &current, &query).await?))
}

/// The actions the log holds, for the viewer's kind filter. Regulator accounts only (403).
#[utoipa::path(get, path = "/admin/oplog/v1/Log/kinds", tag = "oplog",
    params(("X-Token" = String, Header, description = "session token")),
    responses((status = 200, body = Envelope<OplogKinds>)))]
async fn log_kinds(State(state): State<AppState>, current: CurrentAccount) -> ApiResult<OplogKinds> {
    Ok(ok(service::kinds(&state.db, &current).await?))
}
