//! Teams (班组) of a project's units (issue 4 item 4; console bzInfo), `/builder/team/v1/Team/…`,
//! tag `team`. Handlers here, rules in `service.rs`, SQL in `repo.rs`, demo teams in `demo.rs`.

pub mod demo;
mod repo;
pub mod service;

use axum::extract::State;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::envelope::{ApiResult, Envelope, ok};
use crate::extract::{ClientIp, Params};
use crate::identity::sessions::CurrentAccount;
use crate::paging::Paged;
use crate::state::AppState;
use service::{TeamExitForm, TeamForm, TeamIdForm, TeamItem, TeamListForm, TeamSaved};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(team_list))
        .routes(routes!(team_detail))
        .routes(routes!(team_save))
        .routes(routes!(team_exit))
        .routes(routes!(team_delete))
}

/// A page of the project's teams, newest first, filtered by unit, name and status (1 on site, 2
/// exited). Builder: its project; admin: `projectId` (required); finance: 403.
#[utoipa::path(post, path = "/builder/team/v1/Team/ajax_list", tag = "team",
    params(("X-Token" = String, Header, description = "session token")),
    request_body(content = TeamListForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Envelope<Paged<TeamItem>>)))]
async fn team_list(
    State(state): State<AppState>,
    current: CurrentAccount,
    Params(form): Params<TeamListForm>,
) -> ApiResult<Paged<TeamItem>> {
    Ok(ok(service::list(&state.db, &current, &form).await?))
}

/// One team with the leader's full ID number (the list masks it): the edit form loads it from here.
/// Builder: its project's team; admin: any; finance 403; another project's or unknown 404.
#[utoipa::path(get, path = "/builder/team/v1/Team/detail", tag = "team",
    params(("X-Token" = String, Header, description = "session token"), ("id" = String, Query, description = "team id")),
    responses((status = 200, body = Envelope<TeamItem>)))]
async fn team_detail(
    State(state): State<AppState>,
    current: CurrentAccount,
    Params(form): Params<TeamIdForm>,
) -> ApiResult<TeamItem> {
    Ok(ok(service::detail(&state.db, &current, &form).await?))
}

/// Saves a new team (no `id`) or an edit: unit of the project on site, name 1–50 unique within the
/// unit, leader's name, phone and ID number, work type, entry date not before the unit's. A team with
/// workers keeps its unit. Builder accounts only (admin and finance 403). Logged.
#[utoipa::path(post, path = "/builder/team/v1/Team/ajax_save", tag = "team",
    params(("X-Token" = String, Header, description = "session token")),
    request_body(content = TeamForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Envelope<TeamSaved>)))]
async fn team_save(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    current: CurrentAccount,
    Params(form): Params<TeamForm>,
) -> ApiResult<TeamSaved> {
    Ok(ok(service::save(&state.db, &current, &ip, &form).await?))
}

/// Exit (退场) of a team on `exit_date` (not after today, not before its entry date); refused while it
/// has workers on site. Builder accounts only. Logged.
#[utoipa::path(post, path = "/builder/team/v1/Team/ajax_exit", tag = "team",
    params(("X-Token" = String, Header, description = "session token")),
    request_body(content = TeamExitForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Envelope<Option<String>>)))]
async fn team_exit(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    current: CurrentAccount,
    Params(form): Params<TeamExitForm>,
) -> ApiResult<Option<String>> {
    service::exit(&state.db, &current, &ip, &form).await?;
    Ok(ok(None))
}

/// Deletes a team; refused while any employment (a worker's record) refers to it:
/// `该班组下还有N名工人，不能删除`. Builder accounts only. Logged.
#[utoipa::path(post, path = "/builder/team/v1/Team/ajax_delete", tag = "team",
    params(("X-Token" = String, Header, description = "session token")),
    request_body(content = TeamIdForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Envelope<Option<String>>)))]
async fn team_delete(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    current: CurrentAccount,
    Params(form): Params<TeamIdForm>,
) -> ApiResult<Option<String>> {
    service::delete(&state.db, &current, &ip, &form).await?;
    Ok(ok(None))
}
