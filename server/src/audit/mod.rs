//! The regulator's audit of project registrations (`/admin/audit/v1/Project/...`): list, detail,
//! approve, reject, and provisioning of project accounts. Admin accounts only (403 otherwise).
//! Handlers here, rules in `service.rs`, SQL in `repo.rs`.

pub mod service;

use axum::extract::State;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::envelope::{ApiResult, Envelope, ok, ok_with};
use crate::extract::{ClientIp, Params};
use crate::identity::sessions::CurrentAccount;
use crate::state::AppState;
use service::{CreateAccountForm, CreatedAccount, DetailData, IdForm, ListData, ListForm, RejectForm};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list))
        .routes(routes!(detail))
        .routes(routes!(approve))
        .routes(routes!(reject))
        .routes(routes!(create_account))
}

/// Projects for the regulator, last submitted first: `page`, `limit` (1–100), optional `status`
/// ('0'–'3') and `name` (substring). Answers `{list, total, page, limit}`.
#[utoipa::path(post, path = "/admin/audit/v1/Project/list", tag = "audit",
    params(("X-Token" = String, Header, description = "session token")),
    request_body(content = ListForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Envelope<ListData>)))]
async fn list(
    State(state): State<AppState>,
    current: CurrentAccount,
    Params(form): Params<ListForm>,
) -> ApiResult<ListData> {
    Ok(ok(service::list(&state.db, &current, &form).await?))
}

/// A project's registration read-only: step 1 (stepForm), steps 2–3 (units), step 4 (accountForm),
/// every attachment URL, and `labels`: the names of stepForm's and accountForm's codes. 404 for an
/// unknown id.
#[utoipa::path(get, path = "/admin/audit/v1/Project/detail", tag = "audit",
    params(("X-Token" = String, Header, description = "session token"), ("id" = String, Query, description = "project id")),
    responses((status = 200, body = Envelope<DetailData>)))]
async fn detail(
    State(state): State<AppState>,
    current: CurrentAccount,
    Params(form): Params<IdForm>,
) -> ApiResult<DetailData> {
    Ok(ok(service::detail(&state.db, &current, &form).await?))
}

/// Approves a submitted project (status '1' → '2'), clears the remark, messages the project, logs.
/// 401 when the project is not submitted.
#[utoipa::path(post, path = "/admin/audit/v1/Project/approve", tag = "audit",
    params(("X-Token" = String, Header, description = "session token")),
    request_body(content = IdForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Envelope<Option<String>>)))]
async fn approve(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    current: CurrentAccount,
    Params(form): Params<IdForm>,
) -> ApiResult<Option<String>> {
    service::approve(&state.db, &current, &ip, &form).await?;
    Ok(ok_with(None, service::MSG_APPROVED_OK))
}

/// Rejects a submitted project (status '1' → '3') with `auditremark` (required, at most 500 chars),
/// messages the project with the remark, logs. 401 when the project is not submitted.
#[utoipa::path(post, path = "/admin/audit/v1/Project/reject", tag = "audit",
    params(("X-Token" = String, Header, description = "session token")),
    request_body(content = RejectForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Envelope<Option<String>>)))]
async fn reject(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    current: CurrentAccount,
    Params(form): Params<RejectForm>,
) -> ApiResult<Option<String>> {
    service::reject(&state.db, &current, &ip, &form).await?;
    Ok(ok_with(None, service::MSG_REJECTED_OK))
}

/// Provisions a project account: a new draft project and a builder account on a generated initial
/// password, answered once here; the account must change it at first login.
#[utoipa::path(post, path = "/admin/audit/v1/Project/create_account", tag = "audit",
    params(("X-Token" = String, Header, description = "session token")),
    request_body(content = CreateAccountForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Envelope<CreatedAccount>)))]
async fn create_account(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    current: CurrentAccount,
    Params(form): Params<CreateAccountForm>,
) -> ApiResult<CreatedAccount> {
    Ok(ok(service::create_account(&state.db, &current, &ip, &form).await?))
}
