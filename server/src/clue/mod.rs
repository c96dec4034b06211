//! Wage-arrears leads (欠薪线索, issue 15 item 4). The worker's public page (`/public/clue/v1/…`, no login:
//! project search, captcha, report, progress by receipt + phone); the regulator's inbox (`/admin/clue/v1/…`,
//! 监察 or 管理员 of the project's district: list, hotline entry, dispatch, return, accept); the project's
//! feedback (`/builder/clue/v1/…`: the leads dispatched to it, detail, feedback). Handlers here, rules in
//! `service.rs` (the warning engine calls [`service::overdue_leads`]), SQL in `repo.rs`.

pub mod demo;
pub mod disputes;
mod handling;
mod input;
mod repo;
mod report;
pub mod service;
pub mod site;

use axum::extract::multipart::{Multipart, MultipartRejection};
use axum::extract::{DefaultBodyLimit, Path, State};
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::auth::captcha;
use crate::envelope::{ApiError, ApiResult, Envelope, ok, ok_with};
use crate::extract::{ClientIp, Params, plain_text};
use crate::identity::sessions::CurrentAccount;
use crate::identity::worker_sessions::CurrentWorker;
use crate::paging::Paged;
use crate::state::AppState;
use crate::upload::kind::{MAX_FILE_BYTES, MSG_TOO_LARGE};
use service::{
    DispatchForm, FeedbackForm, LeadDetail, LeadIdQuery, LeadItem, LeadQuery, Photo, Progress, ProgressForm,
    ProjectChoice, ReportForm, ReviewForm, SearchQuery,
};
use site::{AssignForm, CloseForm, DistrictChoice};

pub fn router() -> OpenApiRouter<AppState> {
    let largest_report = (service::MAX_FILES + 1) * MAX_FILE_BYTES + 1024 * 1024;
    OpenApiRouter::new()
        .routes(routes!(search_projects))
        .routes(routes!(captcha_image))
        .routes(routes!(submit))
        .routes(routes!(progress))
        .routes(routes!(worker_submit))
        .routes(routes!(worker_leads))
        .routes(routes!(inbox))
        .routes(routes!(admin_detail))
        .routes(routes!(enter))
        .routes(routes!(dispatch))
        .routes(routes!(send_back))
        .routes(routes!(accept))
        .routes(routes!(districts))
        .routes(routes!(assign))
        .routes(routes!(close_unlinked))
        .routes(routes!(feedback_list))
        .routes(routes!(feedback_detail))
        .routes(routes!(feedback))
        .routes(routes!(photo))
        .layer(DefaultBodyLimit::max(largest_report))
}

/// Approved projects whose name contains `name` (1–50 characters), id and name only, a page of at most 20.
/// No login.
#[utoipa::path(get, path = "/public/clue/v1/Project/search", tag = "clue", params(SearchQuery),
    responses((status = 200, body = Envelope<Paged<ProjectChoice>>)))]
async fn search_projects(
    State(state): State<AppState>,
    Params(query): Params<SearchQuery>,
) -> ApiResult<Paged<ProjectChoice>> {
    Ok(ok(service::search_projects(&state.db, &query).await?))
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ClueCaptcha {
    /// Send back as `captchaId` with the report.
    pub captcha_id: String,
    /// `data:image/png;base64,…`
    pub image: String,
}

/// A captcha for the report (the login's: one use, five minutes). No login.
#[utoipa::path(get, path = "/public/clue/v1/captcha", tag = "clue",
    responses((status = 200, body = Envelope<ClueCaptcha>)))]
async fn captcha_image(State(state): State<AppState>) -> ApiResult<ClueCaptcha> {
    let issued = captcha::issue(&state.db).await?;
    Ok(ok(ClueCaptcha { captcha_id: issued.id, image: issued.image }))
}

/// The multipart report: its text fields as a form, its files (field `imgFile[]`) as photos.
async fn receive(mut multipart: Multipart) -> Result<(ReportForm, Vec<Photo>), ApiError> {
    let unreadable = |_| ApiError::refused(MSG_TOO_LARGE);
    let mut pairs: Vec<(String, String)> = Vec::new();
    let mut photos = Vec::new();
    while let Some(mut field) = multipart.next_field().await.map_err(unreadable)? {
        let name = field.name().unwrap_or_default().to_owned();
        plain_text(&name)?;
        if matches!(name.as_str(), "imgFile[]" | "imgFile") {
            if photos.len() == service::MAX_FILES {
                return Err(ApiError::refused(service::MSG_TOO_MANY_PHOTOS));
            }
            let original_name = field.file_name().unwrap_or_default().chars().take(200).collect::<String>();
            plain_text(&original_name)?;
            let mut bytes = Vec::new();
            while let Some(chunk) = field.chunk().await.map_err(unreadable)? {
                if bytes.len() + chunk.len() > MAX_FILE_BYTES {
                    return Err(ApiError::refused(MSG_TOO_LARGE));
                }
                bytes.extend_from_slice(&chunk);
            }
            photos.push(Photo { original_name, bytes });
        } else {
            let value = field.text().await.map_err(unreadable)?;
            plain_text(&value)?;
            pairs.push((name, value));
        }
    }
    let encoded = serde_urlencoded::to_string(&pairs).map_err(|_| ApiError::refused("请求参数格式错误"))?;
    let form = serde_urlencoded::from_str(&encoded).map_err(|_| ApiError::refused("请求参数格式错误"))?;
    Ok((form, photos))
}

#[derive(Serialize, ToSchema)]
pub struct Receipt {
    /// Keep it: with the phone it shows the lead's progress.
    pub receipt: String,
}

/// The worker's report (multipart/form-data): the fields of `ReportForm` and up to 5 photos in `imgFile[]`
/// (jpg, jpeg, png, gif, 5 MB each). Every field is checked with its Chinese message and nothing is stored on
/// a refusal; a phone and a client address may report only so often (`[clues]`). No login.
#[utoipa::path(post, path = "/public/clue/v1/Clue/submit", tag = "clue",
    request_body(content = ReportForm, content_type = "multipart/form-data"),
    responses((status = 200, body = Envelope<Receipt>)))]
async fn submit(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    multipart: Result<Multipart, MultipartRejection>,
) -> ApiResult<Receipt> {
    let multipart = multipart.map_err(|_| ApiError::refused("请以 multipart/form-data 格式提交"))?;
    let (form, photos) = receive(multipart).await?;
    let receipt = service::submit(&state.db, &state.config, &ip, &form, photos).await?;
    Ok(ok_with(Receipt { receipt }, service::MSG_SUBMITTED))
}

/// The worker side: a logged-in worker reports arrears on a registered project (multipart/form-data, the
/// fields of `ReportForm` but name, phone and ID number, which come from the roster; up to 5 photos in
/// `imgFile[]`). No captcha; the address's and the phone's limits hold. Answers the receipt number.
#[utoipa::path(post, path = "/worker/clue/v1/Clue/submit", tag = "clue",
    params(("X-Token" = String, Header, description = "the worker's session token")),
    request_body(content = ReportForm, content_type = "multipart/form-data"),
    responses((status = 200, body = Envelope<Receipt>)))]
async fn worker_submit(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    current: CurrentWorker,
    multipart: Result<Multipart, MultipartRejection>,
) -> ApiResult<Receipt> {
    let multipart = multipart.map_err(|_| ApiError::refused("请以 multipart/form-data 格式提交"))?;
    let (form, photos) = receive(multipart).await?;
    let receipt = service::submit_as_worker(&state.db, &state.config, (&ip, current.worker_id), &form, photos).await?;
    Ok(ok_with(Receipt { receipt }, service::MSG_SUBMITTED))
}

/// The worker side: the leads reported under his ID number, newest first, with their status and, once
/// closed, the bureau's answer.
#[utoipa::path(get, path = "/worker/clue/v1/Clue/list", tag = "clue",
    params(("X-Token" = String, Header, description = "the worker's session token"), service::OwnLeadQuery),
    responses((status = 200, body = Envelope<Paged<service::OwnLead>>)))]
async fn worker_leads(
    State(state): State<AppState>,
    current: CurrentWorker,
    Params(query): Params<service::OwnLeadQuery>,
) -> ApiResult<Paged<service::OwnLead>> {
    Ok(ok(service::own_leads(&state.db, current.worker_id, &query).await?))
}

/// The lead's status and, once closed, the bureau's answer, for its receipt number and the phone it was
/// reported with; anything else answers 404 alike. No login.
#[utoipa::path(post, path = "/public/clue/v1/Clue/query", tag = "clue",
    request_body(content = ProgressForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Envelope<Progress>)))]
async fn progress(State(state): State<AppState>, Params(form): Params<ProgressForm>) -> ApiResult<Progress> {
    Ok(ok(service::progress(&state.db, &form).await?))
}

/// The regulator's lead inbox: the leads of its district's projects, filtered by `status`, `projectId`,
/// `source` and `overdue`, newest first, paged. 监察 or 管理员 only.
#[utoipa::path(get, path = "/admin/clue/v1/Clue/ajax_list", tag = "clue",
    params(("X-Token" = String, Header, description = "session token"), LeadQuery),
    responses((status = 200, body = Envelope<Paged<LeadItem>>)))]
async fn inbox(
    State(state): State<AppState>,
    current: CurrentAccount,
    Params(query): Params<LeadQuery>,
) -> ApiResult<Paged<LeadItem>> {
    Ok(ok(service::inbox(&state.db, &current, &query).await?))
}

/// A lead with the worker's details, the project's feedback and the history. 监察 or 管理员 of its district.
#[utoipa::path(get, path = "/admin/clue/v1/Clue/detail", tag = "clue",
    params(("X-Token" = String, Header, description = "session token"), LeadIdQuery),
    responses((status = 200, body = Envelope<LeadDetail>)))]
async fn admin_detail(
    State(state): State<AppState>,
    current: CurrentAccount,
    Params(query): Params<LeadIdQuery>,
) -> ApiResult<LeadDetail> {
    Ok(ok(service::detail(&state.db, &current, &query).await?))
}

/// A lead taken by the 12333 hotline, entered by hand: the report's fields (no captcha, no photos); answers
/// the receipt number to tell the caller. 监察 or 管理员; the project must be in the account's district.
#[utoipa::path(post, path = "/admin/clue/v1/Clue/create", tag = "clue",
    params(("X-Token" = String, Header, description = "session token")),
    request_body(content = ReportForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Envelope<Receipt>)))]
async fn enter(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    current: CurrentAccount,
    Params(form): Params<ReportForm>,
) -> ApiResult<Receipt> {
    let receipt = service::enter(&state.db, &state.config.site.areacode, &current, &ip, &form).await?;
    Ok(ok_with(Receipt { receipt }, service::MSG_SUBMITTED))
}

/// Dispatches a pending lead to a project (`projectId`, default the one it names) with a deadline of
/// `[clues] feedback_working_days` working days; the project gets a message. 监察 or 管理员.
#[utoipa::path(post, path = "/admin/clue/v1/Clue/dispatch", tag = "clue",
    params(("X-Token" = String, Header, description = "session token")),
    request_body(content = DispatchForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Envelope<Option<String>>)))]
async fn dispatch(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    current: CurrentAccount,
    Params(form): Params<DispatchForm>,
) -> ApiResult<Option<String>> {
    service::dispatch(&state.db, &state.config.clues, &current, &ip, &form).await?;
    Ok(ok_with(None, service::MSG_DISPATCHED))
}

/// Returns the project's feedback with a `remark`: the lead awaits feedback again, with a new deadline; the
/// project gets a message. 监察 or 管理员.
#[utoipa::path(post, path = "/admin/clue/v1/Clue/return", tag = "clue",
    params(("X-Token" = String, Header, description = "session token")),
    request_body(content = ReviewForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Envelope<Option<String>>)))]
async fn send_back(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    current: CurrentAccount,
    Params(form): Params<ReviewForm>,
) -> ApiResult<Option<String>> {
    service::send_back(&state.db, &state.config.clues, &current, &ip, &form).await?;
    Ok(ok_with(None, service::MSG_RETURNED))
}

/// Accepts the project's feedback and closes the lead; `remark` is the final answer the worker sees.
/// 监察 or 管理员.
#[utoipa::path(post, path = "/admin/clue/v1/Clue/accept", tag = "clue",
    params(("X-Token" = String, Header, description = "session token")),
    request_body(content = ReviewForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Envelope<Option<String>>)))]
async fn accept(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    current: CurrentAccount,
    Params(form): Params<ReviewForm>,
) -> ApiResult<Option<String>> {
    service::accept(&state.db, &current, &ip, &form).await?;
    Ok(ok_with(None, service::MSG_ACCEPTED))
}

/// 线索反馈管理: the leads dispatched to the account's project (status, deadline, overdue), filtered by
/// `status` and `overdue`, newest first, paged. Project accounts only.
#[utoipa::path(get, path = "/builder/clue/v1/Clue/ajax_list", tag = "clue",
    params(("X-Token" = String, Header, description = "session token"), LeadQuery),
    responses((status = 200, body = Envelope<Paged<LeadItem>>)))]
async fn feedback_list(
    State(state): State<AppState>,
    current: CurrentAccount,
    Params(query): Params<LeadQuery>,
) -> ApiResult<Paged<LeadItem>> {
    Ok(ok(service::project_list(&state.db, &current, &query).await?))
}

/// 线索详情: a lead dispatched to the account's project (the worker's ID number masked) and its history.
#[utoipa::path(get, path = "/builder/clue/v1/Clue/detail", tag = "clue",
    params(("X-Token" = String, Header, description = "session token"), LeadIdQuery),
    responses((status = 200, body = Envelope<LeadDetail>)))]
async fn feedback_detail(
    State(state): State<AppState>,
    current: CurrentAccount,
    Params(query): Params<LeadIdQuery>,
) -> ApiResult<LeadDetail> {
    Ok(ok(service::detail(&state.db, &current, &query).await?))
}

/// The project's feedback on a lead awaiting it: `content` and up to 5 of its uploads (`files`, URLs from
/// `site/upload_file_batch?kind=image` or `kind=attachment`, comma-separated).
#[utoipa::path(post, path = "/builder/clue/v1/Clue/feedback", tag = "clue",
    params(("X-Token" = String, Header, description = "session token")),
    request_body(content = FeedbackForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Envelope<Option<String>>)))]
async fn feedback(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    current: CurrentAccount,
    Params(form): Params<FeedbackForm>,
) -> ApiResult<Option<String>> {
    service::feedback(&state.db, &current, &ip, &form).await?;
    Ok(ok_with(None, service::MSG_FEEDBACK_SAVED))
}

/// A worker's photo of a lead, to those who may see the lead (its district's handlers, the project it was
/// dispatched to).
#[utoipa::path(get, path = "/builder/clue/v1/Clue/photo/{name}", tag = "clue",
    params(("name" = String, Path, description = "the stored name, as the lead's history lists it"),
        ("X-Token" = String, Header, description = "session token")),
    responses((status = 200, description = "the photo"), (status = 201, body = Envelope<serde_json::Value>, description = "101 / 403 / 404 in the envelope")))]
async fn photo(
    State(state): State<AppState>,
    current: CurrentAccount,
    Path(name): Path<String>,
) -> Result<Response, ApiError> {
    let content_type = service::photo(&state.db, &current, &name).await?;
    let missing = || ApiError::NotFound("文件不存在".into());
    let bytes = tokio::fs::read(state.config.data_dir.join("uploads").join(&name)).await.map_err(|_| missing())?;
    Ok((
        [
            (header::CONTENT_TYPE, HeaderValue::from_str(&content_type).map_err(|_| missing())?),
            (header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff")),
            (header::CACHE_CONTROL, HeaderValue::from_static("no-store")),
        ],
        bytes,
    )
        .into_response())
}

/// The counties of the deployment's area, for a report from an unregistered site (its `siteDistrict`). No
/// login.
#[utoipa::path(get, path = "/public/clue/v1/Area/districts", tag = "clue",
    responses((status = 200, body = Envelope<Vec<DistrictChoice>>)))]
async fn districts(State(state): State<AppState>) -> ApiResult<Vec<DistrictChoice>> {
    Ok(ok(site::districts(&state.config.site.areacode)))
}

/// Links a pending lead from an unregistered site (`id`) to the registered, approved project it turned out to
/// be (`projectId`, of the handler's district); then it is dispatched as any lead. Logged. 监察 or 管理员.
#[utoipa::path(post, path = "/admin/clue/v1/Clue/assign", tag = "clue",
    params(("X-Token" = String, Header, description = "session token")),
    request_body(content = AssignForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Envelope<Option<String>>)))]
async fn assign(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    current: CurrentAccount,
    Params(form): Params<AssignForm>,
) -> ApiResult<Option<String>> {
    site::assign(&state.db, &current, &ip, &form).await?;
    Ok(ok_with(None, site::MSG_ASSIGNED))
}

/// Closes a pending lead that has no project (`id`) with the bureau's answer (`remark`, which the worker
/// sees): a lead handled without a project. Logged. 监察 or 管理员.
#[utoipa::path(post, path = "/admin/clue/v1/Clue/close", tag = "clue",
    params(("X-Token" = String, Header, description = "session token")),
    request_body(content = CloseForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Envelope<Option<String>>)))]
async fn close_unlinked(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    current: CurrentAccount,
    Params(form): Params<CloseForm>,
) -> ApiResult<Option<String>> {
    site::close(&state.db, &current, &ip, &form).await?;
    Ok(ok_with(None, service::MSG_ACCEPTED))
}
