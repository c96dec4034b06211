//! Site terminals that speak ZKTeco PUSH (issue 17 item 1; docs/iclock.md): the protocol's own paths
//! (`/iclock/cdata`, `/iclock/getrequest`, `/iclock/devicecmd`, `/iclock/ping`), answered in plain text,
//! and what 考勤设备 shows of each terminal (`/builder/iclock/v1/…`). Punches go through the attendance
//! area's ingest; the roster is read through the worker area's service. Texts in `protocol.rs`, rules in
//! `service.rs`, SQL in `repo.rs`.

pub mod protocol;
mod repo;
pub mod service;

use axum::body::Body;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::envelope::{ApiResult, Envelope, ok};
use crate::extract::{ClientIp, Params, body_within};
use crate::identity::sessions::CurrentAccount;
use crate::paging::Paged;
use crate::state::AppState;
use service::{
    IclockCommand, IclockStranger, IclockTerminal, IclockUpload, Refusal, StrangerQuery, TerminalIdForm,
    TerminalIdQuery, TerminalListQuery,
};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(cdata_get, cdata_post))
        .routes(routes!(getrequest))
        .routes(routes!(devicecmd))
        .routes(routes!(ping))
        .routes(routes!(terminal_detail))
        .routes(routes!(terminal_strangers))
        .routes(routes!(terminal_reupload))
        .routes(routes!(terminal_resync))
        .routes(routes!(command_list))
        .routes(routes!(upload_list))
}

/// A query parameter by name, whatever its case (firmwares spell `Stamp`, `stamp`, `SN`…).
fn param(uri: &Uri, name: &str) -> String {
    let pairs: Vec<(String, String)> = serde_urlencoded::from_str(uri.query().unwrap_or("")).unwrap_or_default();
    pairs.into_iter().find(|(key, _)| key.eq_ignore_ascii_case(name)).map(|(_, value)| value).unwrap_or_default()
}

/// The plain-text answer: the text with 200, a refusal with its status and reason. A database that does
/// not answer is not a refusal: the terminal is told to try again (nothing it sent is taken as stored).
fn answer(result: Result<String, Refusal>) -> Response {
    let (status, text) = match result {
        Ok(text) => (StatusCode::OK, text),
        Err(Refusal::Malformed(reason)) => (StatusCode::BAD_REQUEST, format!("ERROR: {reason}")),
        Err(Refusal::NoSerial) => (StatusCode::UNAUTHORIZED, format!("ERROR: {}", service::MSG_SERIAL)),
        Err(Refusal::Unknown) => (StatusCode::UNAUTHORIZED, format!("ERROR: {}", service::MSG_UNKNOWN)),
        Err(Refusal::Disabled) => (StatusCode::FORBIDDEN, format!("ERROR: {}", service::MSG_DISABLED)),
        Err(Refusal::Database(error)) => {
            tracing::error!(?error, "iclock request failed");
            (StatusCode::OK, "ERROR: 服务器暂时无法处理，请稍后重试".to_owned())
        }
    };
    (status, [(header::CONTENT_TYPE, "text/plain; charset=utf-8")], text).into_response()
}

fn read_refused(reason: &'static str) -> Response {
    answer(Err(Refusal::Malformed(reason)))
}

/// The handshake (`options=all`): the option block with the stamps to resume from (`GET OPTION FROM: <SN>`,
/// `ATTLOGStamp=…`, `TimeZone=8`…). Without `options`, a sign of life answered `OK`. 401 for a serial not
/// registered as a ZKTeco PUSH terminal (then listed on 考勤设备 to adopt) or none, 403 disabled.
#[utoipa::path(get, path = "/iclock/cdata", tag = "iclock",
    params(("SN" = String, Query, description = "the terminal's serial"), ("options" = Option<String>, Query, description = "`all` for the handshake"),
        ("pushver" = Option<String>, Query, description = "the firmware's push version")),
    responses((status = 200, body = String, content_type = "text/plain"),
        (status = 401, body = String, content_type = "text/plain"), (status = 403, body = String, content_type = "text/plain")))]
async fn cdata_get(State(state): State<AppState>, uri: Uri) -> Response {
    let serial = param(&uri, "SN");
    if param(&uri, "options").is_empty() {
        return answer(service::ping(&state.db, &serial).await);
    }
    answer(service::handshake(&state.db, &serial, &param(&uri, "pushver")).await)
}

/// An upload: `table=ATTLOG` (lines `PIN \t YYYY-MM-DD HH:MM:SS \t status \t verify …`, the terminal's local
/// time; also in a `data=` form field), `OPERLOG` (`USER PIN=…`, `FP PIN=…`, `FACE PIN=…`, `OPLOG …`) or
/// `ATTPHOTO` (header lines, a NUL byte, the JPEG). Answers `OK: <lines>`; lines that failed are kept
/// with the upload and shown on 考勤设备. A punch stored before is not stored again.
#[utoipa::path(post, path = "/iclock/cdata", tag = "iclock",
    params(("SN" = String, Query, description = "the terminal's serial"), ("table" = String, Query, description = "ATTLOG, OPERLOG or ATTPHOTO"),
        ("Stamp" = Option<String>, Query, description = "the terminal's position in that log")),
    request_body(content = String, content_type = "text/plain"),
    responses((status = 200, body = String, content_type = "text/plain"), (status = 400, body = String, content_type = "text/plain"),
        (status = 401, body = String, content_type = "text/plain"), (status = 403, body = String, content_type = "text/plain")))]
async fn cdata_post(State(state): State<AppState>, uri: Uri, headers: HeaderMap, body: Body) -> Response {
    let body = match body_within(&headers, body, service::UPLOAD_BODY_LIMIT, service::MSG_BODY_TOO_LARGE).await {
        Ok(body) => body,
        Err(_) => return read_refused(service::MSG_BODY_TOO_LARGE),
    };
    let (serial, table, stamp) = (param(&uri, "SN"), param(&uri, "table"), param(&uri, "Stamp"));
    answer(service::upload(&state.db, &state.config.data_dir, &serial, &table, &stamp, &body).await)
}

/// The command poll: `OK`, or `C:<id>:<command>` lines (`DATA UPDATE USERINFO PIN=…\tName=…` for a worker on
/// site, `DATA DELETE USERINFO PIN=…` after an exit, `CHECK`). `INFO` (firmware, counts, IP) is kept.
#[utoipa::path(get, path = "/iclock/getrequest", tag = "iclock",
    params(("SN" = String, Query, description = "the terminal's serial"), ("INFO" = Option<String>, Query, description = "firmware, user / fingerprint / punch counts, IP")),
    responses((status = 200, body = String, content_type = "text/plain"),
        (status = 401, body = String, content_type = "text/plain"), (status = 403, body = String, content_type = "text/plain")))]
async fn getrequest(State(state): State<AppState>, uri: Uri) -> Response {
    answer(service::poll(&state.db, &param(&uri, "SN"), &param(&uri, "INFO")).await)
}

/// The terminal's confirmations, one per line: `ID=<id>&Return=<code>&CMD=<verb>` (0 done). Answers `OK`.
#[utoipa::path(post, path = "/iclock/devicecmd", tag = "iclock",
    params(("SN" = String, Query, description = "the terminal's serial")),
    request_body(content = String, content_type = "text/plain"),
    responses((status = 200, body = String, content_type = "text/plain"), (status = 400, body = String, content_type = "text/plain"),
        (status = 401, body = String, content_type = "text/plain"), (status = 403, body = String, content_type = "text/plain")))]
async fn devicecmd(State(state): State<AppState>, uri: Uri, headers: HeaderMap, body: Body) -> Response {
    let body = match body_within(&headers, body, service::CONFIRM_BODY_LIMIT, service::MSG_CONFIRM_TOO_LARGE).await {
        Ok(body) => body,
        Err(_) => return read_refused(service::MSG_CONFIRM_TOO_LARGE),
    };
    answer(service::confirm(&state.db, &param(&uri, "SN"), &body).await)
}

/// A sign of life some firmwares send during long uploads. Answers `OK`.
#[utoipa::path(get, path = "/iclock/ping", tag = "iclock",
    params(("SN" = String, Query, description = "the terminal's serial")),
    responses((status = 200, body = String, content_type = "text/plain"),
        (status = 401, body = String, content_type = "text/plain"), (status = 403, body = String, content_type = "text/plain")))]
async fn ping(State(state): State<AppState>, uri: Uri) -> Response {
    answer(service::ping(&state.db, &param(&uri, "SN")).await)
}

/// A ZKTeco PUSH terminal on 考勤设备: its handshake and poll, stamps, the people it holds, commands waiting
/// or failed. 401 for a device of the signed API.
#[utoipa::path(get, path = "/builder/iclock/v1/Terminal/detail", tag = "iclock",
    params(("X-Token" = String, Header, description = "session token"), TerminalIdQuery),
    responses((status = 200, body = Envelope<IclockTerminal>)))]
async fn terminal_detail(
    State(state): State<AppState>,
    current: CurrentAccount,
    Params(query): Params<TerminalIdQuery>,
) -> ApiResult<IclockTerminal> {
    Ok(ok(service::detail(&state.db, &current, &query).await?))
}

/// Serials that knocked in the last 7 days without being registered as ZKTeco PUSH terminals, most recent
/// first: the clerk adopts one by registering it (builder accounts).
#[utoipa::path(get, path = "/builder/iclock/v1/Terminal/strangers", tag = "iclock",
    params(("X-Token" = String, Header, description = "session token"), StrangerQuery),
    responses((status = 200, body = Envelope<Paged<IclockStranger>>)))]
async fn terminal_strangers(
    State(state): State<AppState>,
    current: CurrentAccount,
    Params(query): Params<StrangerQuery>,
) -> ApiResult<Paged<IclockStranger>> {
    Ok(ok(service::strangers(&state.db, &current, &query).await?))
}

/// 重新上传考勤: the terminal's stamps go back to 0 and it is told to handshake (CHECK), so it sends every
/// record it holds; what was stored counts as duplicates. Logged.
#[utoipa::path(post, path = "/builder/iclock/v1/Terminal/reupload", tag = "iclock",
    params(("X-Token" = String, Header, description = "session token")),
    request_body(content = TerminalIdForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Envelope<Option<String>>)))]
async fn terminal_reupload(
    State(state): State<AppState>,
    current: CurrentAccount,
    ClientIp(ip): ClientIp,
    Params(form): Params<TerminalIdForm>,
) -> ApiResult<Option<String>> {
    service::reupload(&state.db, &current, &ip, &form).await?;
    Ok(ok(None))
}

/// 重新下发人员: the whole site roster is given to the terminal again at its next poll. Logged.
#[utoipa::path(post, path = "/builder/iclock/v1/Terminal/resync", tag = "iclock",
    params(("X-Token" = String, Header, description = "session token")),
    request_body(content = TerminalIdForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Envelope<Option<String>>)))]
async fn terminal_resync(
    State(state): State<AppState>,
    current: CurrentAccount,
    ClientIp(ip): ClientIp,
    Params(form): Params<TerminalIdForm>,
) -> ApiResult<Option<String>> {
    service::resync(&state.db, &current, &ip, &form).await?;
    Ok(ok(None))
}

/// The commands given to a terminal, newest first, with their state (待下发 / 已下发 / 已执行 / 执行失败)
/// and Return code.
#[utoipa::path(get, path = "/builder/iclock/v1/Command/list", tag = "iclock",
    params(("X-Token" = String, Header, description = "session token"), TerminalListQuery),
    responses((status = 200, body = Envelope<Paged<IclockCommand>>)))]
async fn command_list(
    State(state): State<AppState>,
    current: CurrentAccount,
    Params(query): Params<TerminalListQuery>,
) -> ApiResult<Paged<IclockCommand>> {
    Ok(ok(service::commands(&state.db, &current, &query).await?))
}

/// A terminal's uploads of the last 7 days, newest first: lines received, stored, duplicates and the
/// lines that failed with why, and the text as sent.
#[utoipa::path(get, path = "/builder/iclock/v1/Upload/list", tag = "iclock",
    params(("X-Token" = String, Header, description = "session token"), TerminalListQuery),
    responses((status = 200, body = Envelope<Paged<IclockUpload>>)))]
async fn upload_list(
    State(state): State<AppState>,
    current: CurrentAccount,
    Params(query): Params<TerminalListQuery>,
) -> ApiResult<Paged<IclockUpload>> {
    Ok(ok(service::uploads(&state.db, &current, &query).await?))
}
