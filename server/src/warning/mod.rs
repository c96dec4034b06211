//! 预警信息: the early-warning engine (`engine.rs`, the rules of DESIGN §5) and its warnings. The project
//! lists its warnings, reads one with its facts and answers in a thread (`/builder/earlywarning/v1/
//! EarlyWarning/…`, spec §7); the regulator lists every project's warnings of its district, comments, closes
//! and reopens with a remark and counts by level per district (`/admin/warning/v1/Warning/…`). Handlers
//! here, rules in `service.rs`, SQL in `repo.rs`.

pub mod demo;
pub mod engine;
mod repo;
pub mod service;

use axum::extract::State;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::envelope::{ApiResult, Envelope, ok, ok_with};
use crate::extract::{ClientIp, Params};
use crate::identity::sessions::CurrentAccount;
use crate::paging::Paged;
use crate::state::AppState;
use service::{
    DecisionForm, NoteForm, WarningCounts, WarningDetail, WarningIdQuery, WarningItem, WarningNote, WarningQuery,
};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(warning_list))
        .routes(routes!(warning_index))
        .routes(routes!(warning_thread))
        .routes(routes!(warning_save_note))
        .routes(routes!(regulator_warnings))
        .routes(routes!(regulator_warning))
        .routes(routes!(warning_counts))
        .routes(routes!(warning_comment))
        .routes(routes!(warning_close))
        .routes(routes!(warning_reopen))
}

/// 预警信息: the project's warnings, open first, newest first; filters `level` (yellow, orange, red), `rule`
/// and `status` (open, closed), paged. A regulator names the project (`projectId`, its district's).
#[utoipa::path(post, path = "/builder/earlywarning/v1/EarlyWarning/ajax_list", tag = "warning",
    params(("X-Token" = String, Header, description = "session token")),
    request_body(content = WarningQuery, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Envelope<Paged<WarningItem>>)))]
async fn warning_list(
    State(state): State<AppState>,
    current: CurrentAccount,
    Params(query): Params<WarningQuery>,
) -> ApiResult<Paged<WarningItem>> {
    Ok(ok(service::project_list(&state.db, &current, &query).await?))
}

/// One warning with its facts (`id`); another project's answers 404.
#[utoipa::path(get, path = "/builder/earlywarning/v1/EarlyWarning/index", tag = "warning",
    params(("X-Token" = String, Header, description = "session token"), WarningIdQuery),
    responses((status = 200, body = Envelope<WarningItem>)))]
async fn warning_index(
    State(state): State<AppState>,
    current: CurrentAccount,
    Params(query): Params<WarningIdQuery>,
) -> ApiResult<WarningItem> {
    Ok(ok(service::detail(&state.db, &current, &query.id).await?))
}

/// A warning's thread (`id`): the project's answers and the regulator's comments, oldest first.
#[utoipa::path(get, path = "/builder/earlywarning/v1/EarlyWarning/ajax_message", tag = "warning",
    params(("X-Token" = String, Header, description = "session token"), WarningIdQuery),
    responses((status = 200, body = Envelope<Vec<WarningNote>>)))]
async fn warning_thread(
    State(state): State<AppState>,
    current: CurrentAccount,
    Params(query): Params<WarningIdQuery>,
) -> ApiResult<Vec<WarningNote>> {
    Ok(ok(service::thread(&state.db, &current, &query.id).await?))
}

/// The project answers a warning (`id`, `content` up to 500 characters, `attachments` up to 5 upload URLs
/// of its own, comma-separated). Logged. Answers the note's id.
#[utoipa::path(post, path = "/builder/earlywarning/v1/EarlyWarning/ajax_save_message", tag = "warning",
    params(("X-Token" = String, Header, description = "session token")),
    request_body(content = NoteForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Envelope<i64>)))]
async fn warning_save_note(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    current: CurrentAccount,
    Params(form): Params<NoteForm>,
) -> ApiResult<i64> {
    let id = service::save_note(&state.db, &current, &ip, &form).await?;
    Ok(ok_with(id, service::MSG_SAVED))
}

/// 预警监管: every project's warnings in the regulator's district; filters `level`, `rule`, `status`,
/// `district` (inside its own) and `projectId`, paged. Regulator accounts only (403).
#[utoipa::path(get, path = "/admin/warning/v1/Warning/ajax_list", tag = "warning",
    params(("X-Token" = String, Header, description = "session token"), WarningQuery),
    responses((status = 200, body = Envelope<Paged<WarningItem>>)))]
async fn regulator_warnings(
    State(state): State<AppState>,
    current: CurrentAccount,
    Params(query): Params<WarningQuery>,
) -> ApiResult<Paged<WarningItem>> {
    Ok(ok(service::regulator_list(&state.db, &current, &query).await?))
}

/// A warning (`id`) with its thread and its history (raised, closed, reopened). Regulator accounts only.
#[utoipa::path(get, path = "/admin/warning/v1/Warning/index", tag = "warning",
    params(("X-Token" = String, Header, description = "session token"), WarningIdQuery),
    responses((status = 200, body = Envelope<WarningDetail>)))]
async fn regulator_warning(
    State(state): State<AppState>,
    current: CurrentAccount,
    Params(query): Params<WarningIdQuery>,
) -> ApiResult<WarningDetail> {
    Ok(ok(service::regulator_detail(&state.db, &current, &query.id).await?))
}

/// Open warnings by level per county of the regulator's district (the list's filters apply), and the rules
/// for the filter. Regulator accounts only.
#[utoipa::path(get, path = "/admin/warning/v1/Warning/counts", tag = "warning",
    params(("X-Token" = String, Header, description = "session token"), WarningQuery),
    responses((status = 200, body = Envelope<WarningCounts>)))]
async fn warning_counts(
    State(state): State<AppState>,
    current: CurrentAccount,
    Params(query): Params<WarningQuery>,
) -> ApiResult<WarningCounts> {
    Ok(ok(service::counts(&state.db, &current, &query).await?))
}

/// The regulator comments on a warning (`id`, `content`). Logged. Answers the note's id.
#[utoipa::path(post, path = "/admin/warning/v1/Warning/comment", tag = "warning",
    params(("X-Token" = String, Header, description = "session token")),
    request_body(content = NoteForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Envelope<i64>)))]
async fn warning_comment(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    current: CurrentAccount,
    Params(form): Params<NoteForm>,
) -> ApiResult<i64> {
    let id = service::comment(&state.db, &current, &ip, &form).await?;
    Ok(ok_with(id, service::MSG_SAVED))
}

/// Closes an open warning (`id`) with a `remark`: 监察 or 管理员. The engine does not raise it again.
/// Logged; the project is told.
#[utoipa::path(post, path = "/admin/warning/v1/Warning/close", tag = "warning",
    params(("X-Token" = String, Header, description = "session token")),
    request_body(content = DecisionForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Envelope<Option<String>>)))]
async fn warning_close(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    current: CurrentAccount,
    Params(form): Params<DecisionForm>,
) -> ApiResult<Option<String>> {
    service::close(&state.db, &current, &ip, &form).await?;
    Ok(ok_with(None, service::MSG_SAVED))
}

/// Reopens a closed warning (`id`) with a `remark`: 监察 or 管理员. Logged; the project is told.
#[utoipa::path(post, path = "/admin/warning/v1/Warning/reopen", tag = "warning",
    params(("X-Token" = String, Header, description = "session token")),
    request_body(content = DecisionForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Envelope<Option<String>>)))]
async fn warning_reopen(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    current: CurrentAccount,
    Params(form): Params<DecisionForm>,
) -> ApiResult<Option<String>> {
    service::reopen(&state.db, &current, &ip, &form).await?;
    Ok(ok_with(None, service::MSG_SAVED))
}
