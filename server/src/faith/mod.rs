//! Credit records (`/builder/faith/v1/Credit/…`, screens faith/record, faith/award, faith/punishment):
//! list, detail, add, correct, revoke (the old delete path). Handlers here, rules in `service.rs`, SQL in `repo.rs`.

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
use crate::project::staff::service::UnitOption;
use crate::state::AppState;
use service::{Credit, CreditForm, CreditIdForm, CreditListForm, CreditRevokeForm};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list))
        .routes(routes!(detail))
        .routes(routes!(units))
        .routes(routes!(save))
        .routes(routes!(update))
        .routes(routes!(delete))
}

/// The id of a saved record.
#[derive(Debug, Serialize, ToSchema)]
pub struct CreditSaved {
    pub id: i64,
}

/// Records of one `kind` (bad, award, punishment), latest date first: `page`, `limit`, optional
/// `subject_type`, `keyword` (name or ID number), `date_from`, `date_to`. Builder: its own project;
/// the regulator: every project (or `projectId`); finance 403.
#[utoipa::path(post, path = "/builder/faith/v1/Credit/list", tag = "faith",
    params(("X-Token" = String, Header, description = "session token")),
    request_body(content = CreditListForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Envelope<Paged<Credit>>)))]
async fn list(
    State(state): State<AppState>,
    current: CurrentAccount,
    Params(form): Params<CreditListForm>,
) -> ApiResult<Paged<Credit>> {
    Ok(ok(service::list(&state.db, &current, &form).await?))
}

/// One record. Another project's record: 404 (the regulator reads any).
#[utoipa::path(get, path = "/builder/faith/v1/Credit/detail", tag = "faith",
    params(("X-Token" = String, Header, description = "session token"), ("id" = String, Query, description = "record id")),
    responses((status = 200, body = Envelope<Credit>)))]
async fn detail(
    State(state): State<AppState>,
    current: CurrentAccount,
    Params(form): Params<CreditIdForm>,
) -> ApiResult<Credit> {
    Ok(ok(service::detail(&state.db, &current, &form).await?))
}

/// What `Credit/units` receives.
#[derive(Debug, Default, serde::Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct CreditUnitsForm {
    /// The regulator: the project whose units (required). A builder account: its own only.
    #[serde(rename = "projectId")]
    #[param(rename = "projectId")]
    pub project_id: Option<String>,
}

/// The units a unit award or punishment may name: the project's participating units (the builder's own
/// project, or the `projectId` the regulator enters a record for).
#[utoipa::path(get, path = "/builder/faith/v1/Credit/units", tag = "faith",
    params(("X-Token" = String, Header, description = "session token"), CreditUnitsForm),
    responses((status = 200, body = Envelope<Vec<UnitOption>>)))]
async fn units(
    State(state): State<AppState>,
    current: CurrentAccount,
    Params(form): Params<CreditUnitsForm>,
) -> ApiResult<Vec<UnitOption>> {
    let project_id = crate::scope::project(&state.db, &current, &form.project_id).await?;
    Ok(ok(crate::project::staff::service::unit_options(&state.db, project_id).await?))
}

/// Adds a record: `kind`; `subject_type` worker (`name`, `id_number`; a registered worker's name must
/// match) or unit (`unit_id`; not for bad-behaviour records); `record_date` (not after today),
/// `reason`, `issuer`, up to 5 `attachments`. A builder account adds its project's own records (bad-behaviour
/// and awards; punishments are the bureau's); the regulator adds the bureau's records to `project_id`
/// (no attachments). Logged.
#[utoipa::path(post, path = "/builder/faith/v1/Credit/save", tag = "faith",
    params(("X-Token" = String, Header, description = "session token")),
    request_body(content = CreditForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Envelope<CreditSaved>)))]
async fn save(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    current: CurrentAccount,
    Params(form): Params<CreditForm>,
) -> ApiResult<CreditSaved> {
    let id = service::save(&state.db, &current, &ip, &form).await?;
    Ok(ok_with(CreditSaved { id }, service::MSG_SAVED))
}

/// Corrects a record (`id` and the fields of `save`; the kind stays): the regulator the bureau's records,
/// a project its own; never a revoked one. Logged before → after.
#[utoipa::path(post, path = "/builder/faith/v1/Credit/update", tag = "faith",
    params(("X-Token" = String, Header, description = "session token")),
    request_body(content = CreditForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Envelope<Option<String>>)))]
async fn update(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    current: CurrentAccount,
    Params(form): Params<CreditForm>,
) -> ApiResult<Option<String>> {
    service::correct(&state.db, &current, &ip, &form).await?;
    Ok(ok_with(None, service::MSG_SAVED))
}

/// Revokes a record (the path is the old delete's; nothing is deleted): `id` and a `reason`. The
/// regulator revokes the bureau's records, a project its own; the record stays listed as 已撤销 with the
/// reason. Logged with what the record said.
#[utoipa::path(post, path = "/builder/faith/v1/Credit/delete", tag = "faith",
    params(("X-Token" = String, Header, description = "session token")),
    request_body(content = CreditRevokeForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Envelope<Option<String>>)))]
async fn delete(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    current: CurrentAccount,
    Params(form): Params<CreditRevokeForm>,
) -> ApiResult<Option<String>> {
    service::revoke(&state.db, &current, &ip, &form).await?;
    Ok(ok_with(None, service::MSG_REVOKED_OK))
}
