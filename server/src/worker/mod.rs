//! Workers (issue 4 items 6 and 7): site entry registration (user/register), the roster (user/list) with
//! its import and export, training (user/train) and the ID supplement (system/idmsg), under
//! `/builder/user/v1/Worker/<action>`. Handlers here, rules in `service.rs`, `corrections.rs` and `import.rs`,
//! SQL in `repo/`.

pub mod corrections;
pub mod demo;
mod figures;
pub mod import;
mod input;
mod moves;
pub mod own;
mod rate_changes;
mod registration;
mod repo;
mod roster;
pub mod rules;
pub mod service;
mod supplement;
mod training;
pub mod xlsx;

use std::sync::Arc;

use axum::Extension;
use axum::extract::multipart::MultipartRejection;
use axum::extract::{DefaultBodyLimit, Multipart, State};
use axum::response::Response;
use serde::Deserialize;
use utoipa::IntoParams;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::envelope::{ApiError, ApiResult, Envelope, ok, ok_with};
use crate::extract::{ClientIp, Params, QueryParams};
use crate::identity::sessions::CurrentAccount;
use crate::identity::worker_sessions::CurrentWorker;
use crate::paging::Paged;
use crate::spreadsheet::download;
use crate::state::AppState;
use crate::upload::kind::MAX_FILE_BYTES;
use corrections::{EditForm, HistoryLine, HistoryQuery, TransferForm, WageStandardForm};
use import::{ImportQuery, ImportResult};
use service::{
    DetailQuery, IncompleteLine, IncompleteQuery, MoveForm, RateLine, RegisterForm, Registered, RosterLine,
    RosterQuery, SupplementForm, TrainingDetail, TrainingForm, TrainingLine, TrainingQuery, WorkerDetail,
    WorkerOptions,
};

pub use rate_changes::{BoxFuture, RateChanges, StandardChange};

/// The roster's routes; `rate_changes` answers what a new wage standard does to days already paid (the wage
/// area's answer, handed in by `lib.rs`).
pub fn router(rate_changes: Arc<dyn RateChanges>) -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(options))
        .routes(routes!(register))
        .routes(routes!(list))
        .routes(routes!(detail))
        .routes(routes!(exit))
        .routes(routes!(reenter))
        .routes(routes!(template))
        .routes(routes!(import))
        .routes(routes!(export))
        .routes(routes!(incomplete))
        .routes(routes!(supplement))
        .routes(routes!(train_list))
        .routes(routes!(train_detail))
        .routes(routes!(train_save))
        .routes(routes!(edit))
        .routes(routes!(wage_standard))
        .routes(routes!(transfer))
        .routes(routes!(history))
        .routes(routes!(own_info))
        .layer(DefaultBodyLimit::max(MAX_FILE_BYTES + 64 * 1024))
        .layer(Extension(rate_changes))
}

/// The worker side: the logged-in worker's name (ID number and phone masked) and every project he has been
/// on, newest first, with his entries and exits, unit, team, work type and wage standards.
#[utoipa::path(get, path = "/worker/worker/v1/Worker/info", tag = "worker",
    params(("X-Token" = String, Header, description = "the worker's session token")),
    responses((status = 200, body = Envelope<own::OwnInfo>)))]
async fn own_info(State(state): State<AppState>, current: CurrentWorker) -> ApiResult<own::OwnInfo> {
    Ok(ok(own::own_info(&state.db, &current).await?))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ProjectQuery {
    /// The regulator's project; a builder's own project is implied (another id → 404).
    #[serde(rename = "projectId")]
    #[param(rename = "projectId")]
    project_id: Option<String>,
}

/// The registration form's and the roster filters' choices: the project's on-site units (not the
/// builder), its teams (with their unit), the work types and the wage card banks. Finance → 403.
#[utoipa::path(get, path = "/builder/user/v1/Worker/options", tag = "worker",
    params(("X-Token" = String, Header, description = "session token"), ProjectQuery),
    responses((status = 200, body = Envelope<WorkerOptions>)))]
async fn options(
    State(state): State<AppState>,
    current: CurrentAccount,
    Params(query): Params<ProjectQuery>,
) -> ApiResult<WorkerOptions> {
    let project_id = service::read_project(&state.db, &current, query.project_id.as_deref()).await?;
    Ok(ok(service::load_options(&state.db, project_id).await?))
}

/// Site entry registration: validates every field (401 with the field's message, nothing stored);
/// gender and birth date come from the ID number. The same person already active on this project →
/// 401; active on another project → 301 naming it, until sent again with `confirmed=1`. Creates or
/// refreshes the person and adds a roster line. Builder accounts only (403 otherwise).
#[utoipa::path(post, path = "/builder/user/v1/Worker/register", tag = "worker",
    params(("X-Token" = String, Header, description = "session token")),
    request_body(content = RegisterForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Envelope<Registered>)))]
async fn register(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    current: CurrentAccount,
    Params(form): Params<RegisterForm>,
) -> ApiResult<Registered> {
    let done = service::register(&state.db, &current, &ip, &form).await?;
    state.roster_counts.clear();
    Ok(ok(done))
}

// Every roster write below clears the totals this instance keeps (`AppState::roster_counts`).
/// The roster: filtered and paginated on the server, newest line first. `{list, total, page, limit}`.
#[utoipa::path(get, path = "/builder/user/v1/Worker/list", tag = "worker",
    params(("X-Token" = String, Header, description = "session token"), RosterQuery),
    responses((status = 200, body = Envelope<Paged<RosterLine>>)))]
async fn list(
    State(state): State<AppState>,
    current: CurrentAccount,
    Params(query): Params<RosterQuery>,
) -> ApiResult<Paged<RosterLine>> {
    Ok(ok(service::roster(&state.db, &state.roster_counts, &current, &query).await?))
}

/// One roster line with the person's ID data, the contract and the worker's employments on the project.
/// Another project's line → 404.
#[utoipa::path(get, path = "/builder/user/v1/Worker/detail", tag = "worker",
    params(("X-Token" = String, Header, description = "session token"), DetailQuery),
    responses((status = 200, body = Envelope<WorkerDetail>)))]
async fn detail(
    State(state): State<AppState>,
    current: CurrentAccount,
    Params(query): Params<DetailQuery>,
) -> ApiResult<WorkerDetail> {
    Ok(ok(service::detail(&state.db, &current, &query).await?))
}

/// Exit: `id` (an on-site line) and `date` (not before the entry date). Logged.
#[utoipa::path(post, path = "/builder/user/v1/Worker/exit", tag = "worker",
    params(("X-Token" = String, Header, description = "session token")),
    request_body(content = MoveForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Envelope<Option<String>>)))]
async fn exit(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    current: CurrentAccount,
    Params(form): Params<MoveForm>,
) -> ApiResult<Option<String>> {
    service::exit(&state.db, &current, &ip, &form).await?;
    state.roster_counts.clear();
    Ok(ok(None))
}

/// Re-entry: `id` (an exited line) and `date` (not before its exit date). Adds a new line copying the
/// unit, team, work type, wage and contract; the exited line stays. 301 as the registration when the
/// person is active on another project (`confirmed=1` goes on).
#[utoipa::path(post, path = "/builder/user/v1/Worker/reenter", tag = "worker",
    params(("X-Token" = String, Header, description = "session token")),
    request_body(content = MoveForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Envelope<Registered>)))]
async fn reenter(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    current: CurrentAccount,
    Params(form): Params<MoveForm>,
) -> ApiResult<Registered> {
    let done = service::reenter(&state.db, &current, &ip, &form).await?;
    state.roster_counts.clear();
    Ok(ok(done))
}

/// The .xlsx import template (columns of `xlsx::COLUMNS`, one example row). Builder accounts only; errors
/// answer the envelope.
#[utoipa::path(get, path = "/builder/user/v1/Worker/template", tag = "worker",
    params(("X-Token" = String, Header, description = "session token")),
    responses((status = 200, content_type = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", description = "the template"),
        (status = 201, body = Envelope<serde_json::Value>, description = "101 / 403 / 404 in the envelope (HTTP 200)")))]
async fn template(State(state): State<AppState>, current: CurrentAccount) -> Result<Response, ApiError> {
    let bytes = import::template(&state.db, &current).await?;
    Ok(download(bytes, "roster.xlsx", "%E8%8A%B1%E5%90%8D%E5%86%8C%E5%AF%BC%E5%85%A5%E6%A8%A1%E6%9D%BF.xlsx"))
}

/// Batch import: one .xlsx (multipart field `file`, 5 MB, at most 5000 rows) in the template's columns.
/// Every row is checked as a registration; good rows are saved, bad rows answered by row number with the
/// reason; rows whose wage card fails its check digit are answered in `unconfirmed` and imported by
/// sending the file again with `confirmRows`. Builder accounts only.
#[utoipa::path(post, path = "/builder/user/v1/Worker/import", tag = "worker",
    params(("X-Token" = String, Header, description = "session token"), ImportQuery),
    request_body(content_type = "multipart/form-data", description = "the workbook in field `file`"),
    responses((status = 200, body = Envelope<ImportResult>)))]
async fn import(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    current: CurrentAccount,
    QueryParams(query): QueryParams<ImportQuery>,
    multipart: Result<Multipart, MultipartRejection>,
) -> ApiResult<ImportResult> {
    crate::scope::write(&current)?;
    let confirm = import::confirm_rows(&query)?;
    let bytes = crate::upload::workbook_field(multipart, xlsx::MSG_NOT_XLSX).await?;
    let done = import::import(&state.db, &current, &ip, &bytes, &confirm).await?;
    state.roster_counts.clear();
    Ok(ok(done))
}

/// The filtered roster (the list's filters, no paging; at most 100,000 lines) as .xlsx.
#[utoipa::path(get, path = "/builder/user/v1/Worker/export", tag = "worker",
    params(("X-Token" = String, Header, description = "session token"), RosterQuery),
    responses((status = 200, content_type = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", description = "the roster"),
        (status = 201, body = Envelope<serde_json::Value>, description = "401 / 403 / 404 in the envelope (HTTP 200)")))]
async fn export(
    State(state): State<AppState>,
    current: CurrentAccount,
    Params(query): Params<RosterQuery>,
) -> Result<Response, ApiError> {
    let (lines, banks) = service::export_rows(&state.db, &current, &query).await?;
    let bytes = xlsx::export(&lines, &banks)?;
    Ok(download(bytes, "roster.xlsx", "%E8%8A%B1%E5%90%8D%E5%86%8C.xlsx"))
}

/// ID supplement: the project's workers whose ID data lacks the photo, address, issuing authority or
/// validity. `{list, total, page, limit}`.
#[utoipa::path(get, path = "/builder/user/v1/Worker/incomplete", tag = "worker",
    params(("X-Token" = String, Header, description = "session token"), IncompleteQuery),
    responses((status = 200, body = Envelope<Paged<IncompleteLine>>)))]
async fn incomplete(
    State(state): State<AppState>,
    current: CurrentAccount,
    Params(query): Params<IncompleteQuery>,
) -> ApiResult<Paged<IncompleteLine>> {
    Ok(ok(service::incomplete(&state.db, &current, &query).await?))
}

/// ID supplement save: every ID field required (address 3–100, issuing authority, validity, photo).
/// A worker who never was on this project → 404. Logged.
#[utoipa::path(post, path = "/builder/user/v1/Worker/supplement", tag = "worker",
    params(("X-Token" = String, Header, description = "session token")),
    request_body(content = SupplementForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Envelope<Option<String>>)))]
async fn supplement(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    current: CurrentAccount,
    Params(form): Params<SupplementForm>,
) -> ApiResult<Option<String>> {
    service::supplement(&state.db, &current, &ip, &form).await?;
    state.roster_counts.clear();
    Ok(ok(None))
}

/// Training sessions of the project, latest first. `{list, total, page, limit}`.
#[utoipa::path(get, path = "/builder/user/v1/Worker/trainList", tag = "worker",
    params(("X-Token" = String, Header, description = "session token"), TrainingQuery),
    responses((status = 200, body = Envelope<Paged<TrainingLine>>)))]
async fn train_list(
    State(state): State<AppState>,
    current: CurrentAccount,
    Params(query): Params<TrainingQuery>,
) -> ApiResult<Paged<TrainingLine>> {
    Ok(ok(service::trainings(&state.db, &current, &query).await?))
}

/// One training session with its attendees. Another project's session → 404.
#[utoipa::path(get, path = "/builder/user/v1/Worker/trainDetail", tag = "worker",
    params(("X-Token" = String, Header, description = "session token"), DetailQuery),
    responses((status = 200, body = Envelope<TrainingDetail>)))]
async fn train_detail(
    State(state): State<AppState>,
    current: CurrentAccount,
    Params(query): Params<DetailQuery>,
) -> ApiResult<TrainingDetail> {
    Ok(ok(service::training(&state.db, &current, &query).await?))
}

/// A new training session: topic, date, trainer, hours and attendees (workers of this project); with `id`,
/// a correction of one of this project's sessions (another project's → 404), the same rules. Logged, a
/// correction with before and after. Answers the session's id.
#[utoipa::path(post, path = "/builder/user/v1/Worker/trainSave", tag = "worker",
    params(("X-Token" = String, Header, description = "session token")),
    request_body(content = TrainingForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Envelope<i64>)))]
async fn train_save(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    current: CurrentAccount,
    Params(form): Params<TrainingForm>,
) -> ApiResult<i64> {
    Ok(ok(service::save_training(&state.db, &current, &ip, &form).await?))
}

/// Corrects a worker's phone and wage card (number and bank) from the roster: the registration's rules; a
/// card failing its check digit → 301 until `cardConfirmed=1` (recorded). Logged with before and after.
/// Builder accounts only.
#[utoipa::path(post, path = "/builder/user/v1/Worker/edit", tag = "worker",
    params(("X-Token" = String, Header, description = "session token")),
    request_body(content = EditForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Envelope<Option<String>>)))]
async fn edit(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    current: CurrentAccount,
    Params(form): Params<EditForm>,
) -> ApiResult<Option<String>> {
    corrections::edit(&state.db, &current, &ip, &form).await?;
    state.roster_counts.clear();
    Ok(ok(None))
}

/// A new wage standard of an on-site line from a day (`effectiveDate`, not before the entry date). A raise
/// into days on confirmed sheets is answered with the notice that a supplementary sheet pays the difference
/// (补差); a cut or a change of wage kind into them is refused (nothing paid is taken back). Logged with before
/// and after. Answers the line's standards, earliest first.
#[utoipa::path(post, path = "/builder/user/v1/Worker/wage_standard", tag = "worker",
    params(("X-Token" = String, Header, description = "session token")),
    request_body(content = WageStandardForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Envelope<Vec<RateLine>>)))]
async fn wage_standard(
    State(state): State<AppState>,
    Extension(rate_changes): Extension<Arc<dyn RateChanges>>,
    ClientIp(ip): ClientIp,
    current: CurrentAccount,
    Params(form): Params<WageStandardForm>,
) -> ApiResult<Vec<RateLine>> {
    let (rates, notice) =
        corrections::change_wage_standard(&state.db, rate_changes.as_ref(), &current, &ip, &form).await?;
    state.roster_counts.clear();
    Ok(match notice {
        Some(notice) => ok_with(rates, &notice),
        None => ok(rates),
    })
}

/// Transfers an on-site worker to another unit or team (or work type) of the project from `date`: the line
/// ends the day before (退场, reason 调动) and a new line starts on the date with the contract and wage
/// standard carried over. Logged with before and after. Answers the new line.
#[utoipa::path(post, path = "/builder/user/v1/Worker/transfer", tag = "worker",
    params(("X-Token" = String, Header, description = "session token")),
    request_body(content = TransferForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Envelope<Registered>)))]
async fn transfer(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    current: CurrentAccount,
    Params(form): Params<TransferForm>,
) -> ApiResult<Registered> {
    let done = corrections::transfer(&state.db, &current, &ip, &form).await?;
    state.roster_counts.clear();
    Ok(ok(done))
}

/// The worker's change history on this project (变更记录): every logged change of the person and of their
/// lines here, newest first, with before and after. `{list, total, page, limit}`.
#[utoipa::path(get, path = "/builder/user/v1/Worker/history", tag = "worker",
    params(("X-Token" = String, Header, description = "session token"), HistoryQuery),
    responses((status = 200, body = Envelope<Paged<HistoryLine>>)))]
async fn history(
    State(state): State<AppState>,
    current: CurrentAccount,
    Params(query): Params<HistoryQuery>,
) -> ApiResult<Paged<HistoryLine>> {
    Ok(ok(corrections::history(&state.db, &current, &query).await?))
}
