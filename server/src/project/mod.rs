//! Projects: what the session needs (name, audit status, flags) and the registration wizard's step 1
//! (`Site/projectEdit`, `Site/ajaxProjectEdit`) with the forms' option lists. Handlers here, rules in
//! `service.rs`, SQL in `repo.rs`, option tables in `options.rs`.

pub mod demo;
pub mod info;
pub mod options;
mod repo;
pub mod service;
pub mod staff;

use axum::extract::State;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::envelope::{ApiResult, Envelope, ok};
use crate::extract::{ClientIp, Params};
use crate::identity::sessions::CurrentAccount;
use crate::state::AppState;
use service::{ProjectEditData, ProjectForm};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(project_edit))
        .routes(routes!(project_edit_save))
        .routes(routes!(work_types))
        .merge(info::router())
        .merge(staff::router())
}

/// Wizard step 1: the session's project (stepForm), its audit remark, the fields the regulator fixed
/// and the option lists. Builder accounts only (403 otherwise).
#[utoipa::path(get, path = "/builder/common/v1/Site/projectEdit", tag = "project",
    params(("X-Token" = String, Header, description = "session token")),
    responses((status = 200, body = Envelope<ProjectEditData>)))]
async fn project_edit(State(state): State<AppState>, current: CurrentAccount) -> ApiResult<ProjectEditData> {
    Ok(ok(service::load(&state.db, &current).await?))
}

/// Wizard step 1 save: validates every field (401 with the field's message, nothing stored), stores
/// the stepForm, moves the wizard to step 2 and logs the change. Only a builder whose project is a
/// draft ('0') or rejected ('3') may save (403 otherwise).
#[utoipa::path(post, path = "/builder/common/v1/Site/ajaxProjectEdit", tag = "project",
    params(("X-Token" = String, Header, description = "session token")),
    request_body(content = ProjectForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Envelope<Option<String>>)))]
async fn project_edit_save(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    current: CurrentAccount,
    Params(form): Params<ProjectForm>,
) -> ApiResult<Option<String>> {
    service::save(&state.db, &state.config.site.areacode, &current, &ip, &form).await?;
    Ok(ok(None))
}

/// 工种 (work types) for the team and worker forms: `[{value, label}]`. Any logged-in account.
#[utoipa::path(get, path = "/builder/common/v1/Site/workTypes", tag = "project",
    params(("X-Token" = String, Header, description = "session token")),
    responses((status = 200, body = Envelope<Vec<options::SelectOption>>)))]
async fn work_types(_current: CurrentAccount) -> ApiResult<Vec<options::SelectOption>> {
    Ok(ok(options::WORK_TYPES.to_vec()))
}
