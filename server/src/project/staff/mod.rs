//! Management and key staff (`/builder/project/v1/Staff/…`, screens projectManagement and regist):
//! list, options, detail, add / edit, delete. Handlers here, rules in `service.rs`, SQL in `repo.rs`.

mod repo;
pub mod service;

use axum::extract::State;
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::envelope::{ApiResult, Envelope, ok, ok_with};
use crate::extract::{ClientIp, Params};
use crate::identity::sessions::CurrentAccount;
use crate::paging::Paged;
use crate::state::AppState;
use service::{Staff, StaffForm, StaffIdForm, StaffListForm, StaffOptions};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list))
        .routes(routes!(options))
        .routes(routes!(detail))
        .routes(routes!(save))
        .routes(routes!(delete))
}

/// The id of a saved record.
#[derive(Debug, Serialize, ToSchema)]
pub struct Saved {
    pub id: i64,
}

/// Staff of the project, last added first: `page`, `limit`, optional `post`, `keyword` (name or ID
/// number), `status` (1 in post, 2 left). Builder: its own project; the regulator: `projectId` or all;
/// finance 403.
#[utoipa::path(post, path = "/builder/project/v1/Staff/list", tag = "project",
    params(("X-Token" = String, Header, description = "session token")),
    request_body(content = StaffListForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Envelope<Paged<Staff>>)))]
async fn list(
    State(state): State<AppState>,
    current: CurrentAccount,
    Params(form): Params<StaffListForm>,
) -> ApiResult<Paged<Staff>> {
    Ok(ok(service::list(&state.db, &current, &form).await?))
}

/// The posts (with the key-post flag), the project's units and the key posts vacant today.
#[utoipa::path(get, path = "/builder/project/v1/Staff/options", tag = "project",
    params(("X-Token" = String, Header, description = "session token"),
        ("projectId" = Option<String>, Query, description = "the regulator's project in view")),
    responses((status = 200, body = Envelope<StaffOptions>)))]
async fn options(
    State(state): State<AppState>,
    current: CurrentAccount,
    Params(form): Params<StaffListForm>,
) -> ApiResult<StaffOptions> {
    Ok(ok(service::options(&state.db, &current, &form).await?))
}

/// One staff record (for the edit form). Another project's record: 404.
#[utoipa::path(get, path = "/builder/project/v1/Staff/detail", tag = "project",
    params(("X-Token" = String, Header, description = "session token"), ("id" = String, Query, description = "staff id")),
    responses((status = 200, body = Envelope<Staff>)))]
async fn detail(
    State(state): State<AppState>,
    current: CurrentAccount,
    Params(form): Params<StaffIdForm>,
) -> ApiResult<Staff> {
    Ok(ok(service::detail(&state.db, &current, &form).await?))
}

/// Adds (no `id`) or edits a staff record: unit of the project, post, name, phone, ID number,
/// optional certificate number, entry date, optional exit date. One person holds a post once; one
/// project manager in post at a time. The project's builder account only (admin, finance 403). Logged.
#[utoipa::path(post, path = "/builder/project/v1/Staff/save", tag = "project",
    params(("X-Token" = String, Header, description = "session token")),
    request_body(content = StaffForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Envelope<Saved>)))]
async fn save(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    current: CurrentAccount,
    Params(form): Params<StaffForm>,
) -> ApiResult<Saved> {
    let id = service::save(&state.db, &current, &ip, &form).await?;
    Ok(ok_with(Saved { id }, service::MSG_SAVED))
}

/// Deletes a staff record of the own project (a person who left keeps the record with an exit date;
/// delete is for mistakes). Logged.
#[utoipa::path(post, path = "/builder/project/v1/Staff/delete", tag = "project",
    params(("X-Token" = String, Header, description = "session token")),
    request_body(content = StaffIdForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Envelope<Option<String>>)))]
async fn delete(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    current: CurrentAccount,
    Params(form): Params<StaffIdForm>,
) -> ApiResult<Option<String>> {
    service::delete(&state.db, &current, &ip, &form).await?;
    Ok(ok_with(None, service::MSG_DELETED))
}
