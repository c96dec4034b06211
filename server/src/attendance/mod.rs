//! Attendance (issue 5 items 1 and 2): devices and ID readers (`/builder/attendance/v1/Device/…`), the
//! device push API (`/device/v1/…`, docs/device-api.md), the project's rules (`Rule/…`), punch records and
//! their import (`Record/…`), the monthly sheet and manual corrections (`Sheet/…`). `attendance_days`, which
//! the wage area counts, is kept by `ingest.rs` from every punch. Handlers here, rules in `service.rs`,
//! `import.rs`, `ingest.rs` and `rules.rs`, the workbooks in `xlsx.rs`, SQL in `repo.rs`.

pub mod days;
pub mod demo;
pub mod device_api;
mod devices;
mod figures;
pub mod import;
pub mod ingest;
mod input;
pub mod own;
pub mod paid;
mod records;
mod repo;
mod rule_settings;
pub mod rules;
pub mod service;
mod sheet;
pub mod xlsx;

use std::sync::Arc;

use axum::Extension;
use axum::body::Body;
use axum::extract::multipart::MultipartRejection;
use axum::extract::{DefaultBodyLimit, Multipart, State};
use axum::http::{HeaderMap, HeaderValue, header};
use axum::response::{IntoResponse, Response};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::envelope::{ApiError, ApiResult, Envelope, ok};
use crate::extract::{ClientIp, Params, body_within};
use crate::identity::sessions::CurrentAccount;
use crate::identity::worker_sessions::CurrentWorker;
use crate::paging::Paged;
use crate::spreadsheet::download;
use crate::state::AppState;
use crate::upload::kind::MAX_FILE_BYTES;
use device_api::{DeviceHeartbeatReply, DevicePunchBatch, DevicePunchResult};
use import::AttendanceImportResult;
pub use paid::PaidDays;
use service::{
    AttendanceDevice, AttendanceDeviceSecret, AttendancePunchRecord, AttendanceRules, AttendanceRulesSaved,
    AttendanceSheet, CorrectionForm, DeviceEditForm, DeviceForm, DeviceIdForm, DeviceQuery, PhotoQuery, ProjectQuery,
    RecordQuery, RulesForm, SheetQuery,
};

/// The area's routes; `paid` answers which days wage lines hold and what correcting a paid day does (the
/// wage area's answer, handed in by `lib.rs`).
/// The worker side: the logged-in worker's month on one of his projects (default: the newest he was on that
/// month): each day of his stay up to today, attended / absent / rest / holiday, with his punch times.
#[utoipa::path(get, path = "/worker/attendance/v1/Attendance/month", tag = "attendance",
    params(("X-Token" = String, Header, description = "the worker's session token"), own::OwnMonthQuery),
    responses((status = 200, body = Envelope<own::OwnMonth>)))]
async fn own_month(
    State(state): State<AppState>,
    current: CurrentWorker,
    Params(query): Params<own::OwnMonthQuery>,
) -> ApiResult<own::OwnMonth> {
    Ok(ok(own::own_month(&state.db, &current, &query).await?))
}

pub fn router(paid: Arc<dyn PaidDays>) -> OpenApiRouter<AppState> {
    let console = OpenApiRouter::new()
        .routes(routes!(device_list))
        .routes(routes!(device_add))
        .routes(routes!(device_edit))
        .routes(routes!(device_reset_secret))
        .routes(routes!(device_delete))
        .routes(routes!(rule_get))
        .routes(routes!(rule_save))
        .routes(routes!(record_list))
        .routes(routes!(record_photo))
        .routes(routes!(record_template))
        .routes(routes!(record_import))
        .routes(routes!(sheet_month))
        .routes(routes!(sheet_export))
        .routes(routes!(sheet_correct))
        .routes(routes!(own_month))
        .layer(DefaultBodyLimit::max(MAX_FILE_BYTES + 64 * 1024))
        .layer(Extension(paid));
    // Each device call reads its body itself, after the headers passed, within its own limit.
    let devices = OpenApiRouter::new().routes(routes!(device_punch)).routes(routes!(device_heartbeat));
    console.merge(devices)
}

/// Devices of one kind (`kind=attendant` 考勤设备, `kind=reader` 身份证阅读器), filtered by serial / name
/// and status (在线 / 离线 / 停用, from the last heartbeat and the project's offline time), newest first.
#[utoipa::path(get, path = "/builder/attendance/v1/Device/list", tag = "attendance",
    params(("X-Token" = String, Header, description = "session token"), DeviceQuery),
    responses((status = 200, body = Envelope<Paged<AttendanceDevice>>)))]
async fn device_list(
    State(state): State<AppState>,
    current: CurrentAccount,
    Params(query): Params<DeviceQuery>,
) -> ApiResult<Paged<AttendanceDevice>> {
    Ok(ok(service::devices(&state.db, &current, &query).await?))
}

/// Registers a device on the builder's project. Answers its secret: shown this once, stored only as a
/// hash. A serial registered anywhere already → 401. Logged.
#[utoipa::path(post, path = "/builder/attendance/v1/Device/add", tag = "attendance",
    params(("X-Token" = String, Header, description = "session token")),
    request_body(content = DeviceForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Envelope<AttendanceDeviceSecret>)))]
async fn device_add(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    current: CurrentAccount,
    Params(form): Params<DeviceForm>,
) -> ApiResult<AttendanceDeviceSecret> {
    Ok(ok(service::add_device(&state.db, &current, &ip, &form).await?))
}

/// Edits name, direction and location, and enables (`enabled=1`) or disables (`enabled=0`) the device;
/// a disabled device's pushes are refused with 403. Another project's device → 404. Logged.
#[utoipa::path(post, path = "/builder/attendance/v1/Device/edit", tag = "attendance",
    params(("X-Token" = String, Header, description = "session token")),
    request_body(content = DeviceEditForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Envelope<Option<String>>)))]
async fn device_edit(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    current: CurrentAccount,
    Params(form): Params<DeviceEditForm>,
) -> ApiResult<Option<String>> {
    service::edit_device(&state.db, &current, &ip, &form).await?;
    Ok(ok(None))
}

/// A new secret for the device, shown once; the old one stops working at once. Logged.
#[utoipa::path(post, path = "/builder/attendance/v1/Device/resetSecret", tag = "attendance",
    params(("X-Token" = String, Header, description = "session token")),
    request_body(content = DeviceIdForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Envelope<AttendanceDeviceSecret>)))]
async fn device_reset_secret(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    current: CurrentAccount,
    Params(form): Params<DeviceIdForm>,
) -> ApiResult<AttendanceDeviceSecret> {
    Ok(ok(service::reset_secret(&state.db, &current, &ip, &form).await?))
}

/// Deletes a device; the punches it uploaded and the attendance they made stay. Logged.
#[utoipa::path(post, path = "/builder/attendance/v1/Device/delete", tag = "attendance",
    params(("X-Token" = String, Header, description = "session token")),
    request_body(content = DeviceIdForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Envelope<Option<String>>)))]
async fn device_delete(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    current: CurrentAccount,
    Params(form): Params<DeviceIdForm>,
) -> ApiResult<Option<String>> {
    service::delete_device(&state.db, &current, &ip, &form).await?;
    Ok(ok(None))
}

/// The project's attendance rules (defaults: any punch counts, 60 s de-duplication, both directions,
/// offline after 10 minutes). The regulator names the project.
#[utoipa::path(get, path = "/builder/attendance/v1/Rule/get", tag = "attendance",
    params(("X-Token" = String, Header, description = "session token"), ProjectQuery),
    responses((status = 200, body = Envelope<AttendanceRules>)))]
async fn rule_get(
    State(state): State<AppState>,
    current: CurrentAccount,
    Params(query): Params<ProjectQuery>,
) -> ApiResult<AttendanceRules> {
    Ok(ok(service::get_rules(&state.db, &current, &query).await?))
}

/// Saves the rules and recounts the open months (the previous and the current one) from the punches;
/// manual corrections keep their value. Logged.
#[utoipa::path(post, path = "/builder/attendance/v1/Rule/save", tag = "attendance",
    params(("X-Token" = String, Header, description = "session token")),
    request_body(content = RulesForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Envelope<AttendanceRulesSaved>)))]
async fn rule_save(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    current: CurrentAccount,
    Params(form): Params<RulesForm>,
) -> ApiResult<AttendanceRulesSaved> {
    Ok(ok(service::save_rules(&state.db, &current, &ip, &form).await?))
}

/// Punch records (device, import) and manual corrections, newest first, with filters; `outsideEmployment`
/// marks a day outside the worker's employment (kept, never counted).
#[utoipa::path(get, path = "/builder/attendance/v1/Record/list", tag = "attendance",
    params(("X-Token" = String, Header, description = "session token"), RecordQuery),
    responses((status = 200, body = Envelope<Paged<AttendancePunchRecord>>)))]
async fn record_list(
    State(state): State<AppState>,
    current: CurrentAccount,
    Params(query): Params<RecordQuery>,
) -> ApiResult<Paged<AttendancePunchRecord>> {
    Ok(ok(service::records(&state.db, &current, &query).await?))
}

/// The photo a terminal took with a punch (JPEG or PNG). Another project's punch → 404 in the envelope.
#[utoipa::path(get, path = "/builder/attendance/v1/Record/photo", tag = "attendance",
    params(("X-Token" = String, Header, description = "session token"), PhotoQuery),
    responses((status = 200, content_type = "image/jpeg", description = "the photo"),
        (status = 201, body = Envelope<serde_json::Value>, description = "404 in the envelope (HTTP 200)")))]
async fn record_photo(
    State(state): State<AppState>,
    current: CurrentAccount,
    Params(query): Params<PhotoQuery>,
) -> Result<Response, ApiError> {
    let name = service::photo(&state.db, &current, &query).await?;
    let bytes = tokio::fs::read(device_api::photo_folder(&state.config.data_dir).join(&name))
        .await
        .map_err(|_| ApiError::NotFound("照片不存在".into()))?;
    let content_type = if name.ends_with(".png") { "image/png" } else { "image/jpeg" };
    Ok(([(header::CONTENT_TYPE, HeaderValue::from_static(content_type))], bytes).into_response())
}

/// The punch import template (.xlsx: 姓名, 身份证号, 打卡时间, 方向). Builder accounts only.
#[utoipa::path(get, path = "/builder/attendance/v1/Record/template", tag = "attendance",
    params(("X-Token" = String, Header, description = "session token")),
    responses((status = 200, content_type = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", description = "the template"),
        (status = 201, body = Envelope<serde_json::Value>, description = "101 / 403 in the envelope (HTTP 200)")))]
async fn record_template(current: CurrentAccount) -> Result<Response, ApiError> {
    let bytes = import::template(&current)?;
    Ok(download(bytes, "punch-template.xlsx", "%E8%80%83%E5%8B%A4%E5%AF%BC%E5%85%A5%E6%A8%A1%E6%9D%BF.xlsx"))
}

/// Imports punches from one .xlsx (multipart field `file`, 5 MB, at most 5000 rows). Every row is checked
/// (ID number, on this project's roster, name, time not in the future, direction, the day inside one of
/// the worker's employment lines); good rows are saved
/// through the same ingest as the devices, bad rows answered by row number with the reason. Logged.
#[utoipa::path(post, path = "/builder/attendance/v1/Record/import", tag = "attendance",
    params(("X-Token" = String, Header, description = "session token")),
    request_body(content_type = "multipart/form-data", description = "the workbook in field `file`"),
    responses((status = 200, body = Envelope<AttendanceImportResult>)))]
async fn record_import(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    current: CurrentAccount,
    multipart: Result<Multipart, MultipartRejection>,
) -> ApiResult<AttendanceImportResult> {
    crate::scope::write(&current)?;
    let bytes = crate::upload::workbook_field(multipart, xlsx::MSG_NOT_XLSX).await?;
    Ok(ok(import::import(&state.db, &current, &ip, &bytes).await?))
}

/// The monthly attendance sheet (`month=YYYY-MM`, this month by default): one row per worker on the
/// roster that month, the days with attendance, days attended and hours; paginated by worker. `paidDays`:
/// the page's days that wage lines hold, each with its sheet and, for a paid day corrected to absent, the
/// take-back and the sheet taking it back.
#[utoipa::path(get, path = "/builder/attendance/v1/Sheet/month", tag = "attendance",
    params(("X-Token" = String, Header, description = "session token"), SheetQuery),
    responses((status = 200, body = Envelope<AttendanceSheet>)))]
async fn sheet_month(
    State(state): State<AppState>,
    Extension(paid): Extension<Arc<dyn PaidDays>>,
    current: CurrentAccount,
    Params(query): Params<SheetQuery>,
) -> ApiResult<AttendanceSheet> {
    Ok(ok(service::sheet(&state.db, paid.as_ref(), &current, &query).await?))
}

/// The monthly sheet's filters, every worker (at most 20,000), as .xlsx.
#[utoipa::path(get, path = "/builder/attendance/v1/Sheet/export", tag = "attendance",
    params(("X-Token" = String, Header, description = "session token"), SheetQuery),
    responses((status = 200, content_type = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", description = "the sheet"),
        (status = 201, body = Envelope<serde_json::Value>, description = "401 / 403 / 404 in the envelope (HTTP 200)")))]
async fn sheet_export(
    State(state): State<AppState>,
    current: CurrentAccount,
    Params(query): Params<SheetQuery>,
) -> Result<Response, ApiError> {
    let export = service::export_sheet(&state.db, &current, &query).await?;
    let bytes = xlsx::export_sheet(&export.month, export.days, &export.rows)?;
    let month = export.month;
    Ok(download(bytes, &format!("attendance-{month}.xlsx"), &format!("{month}%E8%80%83%E5%8B%A4%E8%A1%A8.xlsx")))
}

/// Manual correction of one worker's day: attended (`attended=1`) or not (`0`), with a required reason.
/// Attended only inside one of the worker's employment lines (else 401 naming the dates); absent anywhere.
/// The day keeps the corrected value through later punches and rule changes. Logged.
#[utoipa::path(post, path = "/builder/attendance/v1/Sheet/correct", tag = "attendance",
    params(("X-Token" = String, Header, description = "session token")),
    request_body(content = CorrectionForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Envelope<Option<String>>)))]
async fn sheet_correct(
    State(state): State<AppState>,
    Extension(paid): Extension<Arc<dyn PaidDays>>,
    ClientIp(ip): ClientIp,
    current: CurrentAccount,
    Params(form): Params<CorrectionForm>,
) -> ApiResult<Option<String>> {
    service::correct(&state.db, paid.as_ref(), &current, &ip, &form).await?;
    Ok(ok(None))
}

/// A device uploads punches (JSON, at most 5000). Headers X-Device-Serial, X-Device-Timestamp (unix
/// seconds, within 5 minutes of the server) and X-Device-Signature (hex HMAC-SHA256 over
/// `timestamp + "\n" + body`, docs/device-api.md); a signature is accepted once. Idempotent: a punch
/// stored before counts as a duplicate. Rows refused one by one (index and reason); the rest are stored.
#[utoipa::path(post, path = "/device/v1/punch", tag = "attendance",
    params(("X-Device-Serial" = String, Header), ("X-Device-Timestamp" = String, Header), ("X-Device-Signature" = String, Header)),
    request_body(content = DevicePunchBatch, content_type = "application/json"),
    responses((status = 200, body = Envelope<DevicePunchResult>)))]
async fn device_punch(State(state): State<AppState>, headers: HeaderMap, body: Body) -> ApiResult<DevicePunchResult> {
    let admitted = device_api::admit(&state.db, &headers).await?;
    let body = body_within(&headers, body, device_api::PUNCH_BODY_LIMIT, device_api::MSG_PUNCH_BODY_TOO_LARGE).await?;
    Ok(ok(device_api::punch(&state.db, &state.config.data_dir, admitted, &body).await?))
}

/// A device is alive (any body, signed like a punch upload); marks it online.
#[utoipa::path(post, path = "/device/v1/heartbeat", tag = "attendance",
    params(("X-Device-Serial" = String, Header), ("X-Device-Timestamp" = String, Header), ("X-Device-Signature" = String, Header)),
    request_body(content = String, content_type = "application/json", description = "e.g. {\"serial\": \"…\"}; signed as sent"),
    responses((status = 200, body = Envelope<DeviceHeartbeatReply>)))]
async fn device_heartbeat(
    State(state): State<AppState>,
    headers: HeaderMap,
    body: Body,
) -> ApiResult<DeviceHeartbeatReply> {
    let admitted = device_api::admit(&state.db, &headers).await?;
    let body =
        body_within(&headers, body, device_api::HEARTBEAT_BODY_LIMIT, device_api::MSG_HEARTBEAT_BODY_TOO_LARGE).await?;
    Ok(ok(device_api::heartbeat(&state.db, admitted, &body).await?))
}
