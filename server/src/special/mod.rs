//! The special wage account's pages (issue 5 item 8): special/information (account, balance, wage
//! guarantee) and special/water (flows with filters and .xlsx export) under `/builder/special/v1/Account/`,
//! and the money coming in: the regulator's record of a labour-cost transfer (`/admin/special/v1/Account/
//! transfer`) and the bank's announcement of an arrival (`/bank/special/v1/Account/arrival`, shared secret,
//! idempotent by bank reference). Handlers here, rules in `service.rs`, SQL in `repo.rs`.

pub mod demo;
pub mod reconcile;
mod repo;
pub mod service;
pub mod statement;
pub mod xlsx;

use axum::extract::State;
use axum::http::{HeaderMap, HeaderValue, header};
use axum::response::{IntoResponse, Response};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::envelope::{ApiError, ApiResult, Envelope, ok, ok_with};
use crate::extract::{ClientIp, Params, QueryParams};
use crate::identity::sessions::CurrentAccount;
use crate::scope;
use crate::state::AppState;
use service::{
    SpecialArrival, SpecialArrivalForm, SpecialFlowPage, SpecialFlowQuery, SpecialInformation, SpecialPosted,
    SpecialProjectQuery, SpecialTransferForm,
};

/// The header in which the bank sends the shared secret.
pub const BANK_SECRET_HEADER: &str = "x-bank-secret";

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(information))
        .routes(routes!(flows))
        .routes(routes!(export))
        .routes(routes!(transfer))
        .routes(routes!(arrival))
        .routes(routes!(payout_mode))
        .routes(routes!(statement_upload))
        .routes(routes!(statement_push))
        .routes(routes!(statement_formats))
        .routes(routes!(sandbox_statement))
        .routes(routes!(reconciliation))
        .layer(axum::extract::DefaultBodyLimit::max(crate::upload::kind::MAX_FILE_BYTES + 64 * 1024))
}

/// special/information: the account as registered (every accountForm field with the bank's and the branch's
/// names), the balance (the sum of its flows, yuan), money in and out so far, and the builder's and the
/// general contractor's wage guarantee. Builder: its own project; regulator: `projectId`; finance → 403.
#[utoipa::path(get, path = "/builder/special/v1/Account/info", tag = "special",
    params(("X-Token" = String, Header, description = "session token"), SpecialProjectQuery),
    responses((status = 200, body = Envelope<SpecialInformation>)))]
async fn information(
    State(state): State<AppState>,
    current: CurrentAccount,
    Params(query): Params<SpecialProjectQuery>,
) -> ApiResult<SpecialInformation> {
    Ok(ok(service::information(&state.db, &current, &query).await?))
}

/// special/water: the account's flows, newest first, with `direction` (in / out) and a `start`–`end` date
/// range (China days, inclusive), paged on the server, with the filtered sums and the balance.
#[utoipa::path(get, path = "/builder/special/v1/Account/flows", tag = "special",
    params(("X-Token" = String, Header, description = "session token"), SpecialFlowQuery),
    responses((status = 200, body = Envelope<SpecialFlowPage>)))]
async fn flows(
    State(state): State<AppState>,
    current: CurrentAccount,
    Params(query): Params<SpecialFlowQuery>,
) -> ApiResult<SpecialFlowPage> {
    Ok(ok(service::flows(&state.db, &current, &query).await?))
}

/// The filtered flows (the list's filters, no paging; at most 100,000) as .xlsx. Refusals answer the envelope.
#[utoipa::path(get, path = "/builder/special/v1/Account/export", tag = "special",
    params(("X-Token" = String, Header, description = "session token"), SpecialFlowQuery),
    responses((status = 200, content_type = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", description = "the flows"),
        (status = 201, body = Envelope<serde_json::Value>, description = "401 / 403 / 404 in the envelope (HTTP 200)")))]
async fn export(
    State(state): State<AppState>,
    current: CurrentAccount,
    Params(query): Params<SpecialFlowQuery>,
) -> Result<Response, ApiError> {
    let (project_name, lines) = service::export_rows(&state.db, &current, &query).await?;
    let bytes = xlsx::export(&project_name, &lines)?;
    let disposition = "attachment; filename=\"flows.xlsx\"; filename*=UTF-8''%E4%B8%93%E6%88%B7%E6%B5%81%E6%B0%B4.xlsx";
    Ok((
        [
            (header::CONTENT_TYPE, HeaderValue::from_static(xlsx::CONTENT_TYPE)),
            (header::CONTENT_DISPOSITION, HeaderValue::from_static(disposition)),
        ],
        bytes,
    )
        .into_response())
}

/// The regulator records an owner's labour-cost transfer into project `projectId`'s special account: amount
/// (yuan), payer, the day it arrived (not after today), summary. Posted as an 'in' flow (source 'regulator')
/// with its operation-log line in one transaction; answers the flow and the balance after it. Regulator only
/// (403 otherwise); a project without an opened special account → 401.
#[utoipa::path(post, path = "/admin/special/v1/Account/transfer", tag = "special",
    params(("X-Token" = String, Header, description = "session token")),
    request_body(content = SpecialTransferForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Envelope<SpecialPosted>)))]
async fn transfer(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    current: CurrentAccount,
    Params(form): Params<SpecialTransferForm>,
) -> ApiResult<SpecialPosted> {
    Ok(ok_with(service::record_transfer(&state.db, &current, &ip, &form).await?, service::MSG_RECORDED))
}

/// The bank announces money arriving on a special account (by its number). Authenticated by the shared
/// secret in header `X-Bank-Secret` (configuration `bank_notify_secret`; unset → every announcement 403).
/// Idempotent by `bank_ref`: a repeated announcement answers the flow already posted with `duplicate` true.
#[utoipa::path(post, path = "/bank/special/v1/Account/arrival", tag = "special",
    params(("X-Bank-Secret" = String, Header, description = "the shared secret")),
    request_body(content = SpecialArrivalForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Envelope<SpecialArrival>)))]
async fn arrival(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    headers: HeaderMap,
    Params(form): Params<SpecialArrivalForm>,
) -> ApiResult<SpecialArrival> {
    let secret = headers.get(BANK_SECRET_HEADER).and_then(|value| value.to_str().ok());
    service::secret_matches(&state.config.bank_notify_secret, secret)?;
    let arrival = service::record_arrival(&state.db, &ip, &form).await?;
    let message = if arrival.duplicate { service::MSG_ALREADY_RECORDED } else { service::MSG_RECORDED };
    Ok(ok_with(arrival, message))
}

/// Sets the special account's 代发方式: api 接口 (each approved order is paid through the bank's interface) or
/// file 文件 (an approved order waits as 待银行发放 for its batch file and the bank's result file). Logged
/// with before and after. The project's clerk only; 201 `代发方式已保存`.
#[utoipa::path(post, path = "/builder/special/v1/Account/payoutMode", tag = "special",
    params(("X-Token" = String, Header, description = "session token")),
    request_body(content = statement::SpecialModeForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Envelope<Option<String>>)))]
async fn payout_mode(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    current: CurrentAccount,
    Params(form): Params<statement::SpecialModeForm>,
) -> ApiResult<Option<String>> {
    statement::set_mode(&state.db, &current, &ip, &form).await?;
    Ok(ok_with(None, statement::MSG_MODE_SAVED))
}

#[derive(serde::Deserialize, utoipa::IntoParams, Default)]
#[into_params(parameter_in = Query)]
pub struct StatementFormatQuery {
    /// A statement layout's code (`generic`, `bank-csv-gbk`, … docs/bank.md); default `generic`.
    pub format: Option<String>,
}

/// The clerk uploads the bank's statement of the special account (multipart `file`, CSV/TXT or .xlsx, in
/// `format`): every line is read or the file refused with the first bad line's number; lines stored before
/// are skipped. Logged. 201 `对账单已导入` with the counts.
#[utoipa::path(post, path = "/builder/special/v1/Account/statement", tag = "special",
    params(("X-Token" = String, Header, description = "session token"), StatementFormatQuery),
    request_body(content_type = "multipart/form-data", description = "the statement in field `file`"),
    responses((status = 200, body = Envelope<statement::SpecialStatementStored>)))]
async fn statement_upload(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    current: CurrentAccount,
    QueryParams(query): QueryParams<StatementFormatQuery>,
    multipart: Result<axum::extract::Multipart, axum::extract::multipart::MultipartRejection>,
) -> ApiResult<statement::SpecialStatementStored> {
    scope::write(&current)?;
    let bytes = crate::upload::workbook_field(multipart, statement::MSG_NO_FILE).await?;
    Ok(ok_with(statement::upload(&state.db, &current, &ip, &query.format, &bytes).await?, statement::MSG_STORED))
}

/// The bank pushes one line of a special account's statement, authenticated as arrivals are (header
/// `X-Bank-Secret`); a line pushed again (same `bankRef`) is stored once.
#[utoipa::path(post, path = "/bank/special/v1/Account/statement", tag = "special",
    params(("X-Bank-Secret" = String, Header, description = "the shared secret")),
    request_body(content = statement::SpecialStatementForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Envelope<statement::SpecialStatementStored>)))]
async fn statement_push(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    headers: HeaderMap,
    Params(form): Params<statement::SpecialStatementForm>,
) -> ApiResult<statement::SpecialStatementStored> {
    let secret = headers.get(BANK_SECRET_HEADER).and_then(|value| value.to_str().ok());
    service::secret_matches(&state.config.bank_notify_secret, secret)?;
    Ok(ok_with(statement::push(&state.db, &ip, &form).await?, statement::MSG_STORED))
}

/// The statement layouts an upload may be in.
#[utoipa::path(get, path = "/builder/special/v1/Account/statementFormats", tag = "special",
    params(("X-Token" = String, Header, description = "session token")),
    responses((status = 200, body = Envelope<Vec<statement::SpecialStatementFormat>>)))]
async fn statement_formats(current: CurrentAccount) -> ApiResult<Vec<statement::SpecialStatementFormat>> {
    scope::write(&current)?;
    Ok(ok(statement::formats()))
}

/// The sandbox bank's statement of the project's special account in `format` (a CSV as the bank exports it:
/// every flow with its balance after). Only the sandbox answers here; a real bank's comes from its online
/// banking.
#[utoipa::path(get, path = "/builder/special/v1/Account/sandboxStatement", tag = "special",
    params(("X-Token" = String, Header, description = "session token"), StatementFormatQuery),
    responses((status = 200, content_type = "text/csv", description = "the statement"),
        (status = 201, body = Envelope<serde_json::Value>, description = "401 / 403 in the envelope (HTTP 200)")))]
async fn sandbox_statement(
    State(state): State<AppState>,
    current: CurrentAccount,
    Params(query): Params<StatementFormatQuery>,
) -> Result<Response, ApiError> {
    let (layout, bytes) = statement::sandbox_statement(&state.db, &current, &query.format).await?;
    let content_type = if layout.encoding == crate::bank::layouts::Encoding::Gbk {
        "text/csv; charset=gbk"
    } else {
        "text/csv; charset=utf-8"
    };
    Ok(crate::headers::attachment(content_type, "statement.csv", "沙箱银行对账单.csv", bytes))
}

/// 专户对账: the bank's statement lines matched with the account's flows over the statement's days (or
/// `start`–`end`): the counts, the lines only at the bank / only here / matched (`view`, paged), and each
/// statement day's closing balance, the bank's and ours (paged by `dayPage`). Builder: its own project;
/// regulator: `projectId`; finance → 403.
#[utoipa::path(get, path = "/builder/special/v1/Account/reconciliation", tag = "special",
    params(("X-Token" = String, Header, description = "session token"), reconcile::SpecialReconciliationQuery),
    responses((status = 200, body = Envelope<reconcile::SpecialReconciliation>)))]
async fn reconciliation(
    State(state): State<AppState>,
    current: CurrentAccount,
    Params(query): Params<reconcile::SpecialReconciliationQuery>,
) -> ApiResult<reconcile::SpecialReconciliation> {
    Ok(ok(reconcile::reconciliation(&state.db, &current, &query).await?))
}
