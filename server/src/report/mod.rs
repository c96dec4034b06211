//! 统计报表 (issue 16): 用工结构, 考勤统计 and 工资统计 at the spec's paths (`/builder/report/v1/Report/…`), each
//! with its .xlsx export under the same filters. A builder account reads its own project, a regulator its
//! district's approved projects (or one of them), finance 403. Handlers here, the figures in `service.rs`
//! (read from the owning areas' services: this area has no tables), the workbooks in `xlsx.rs`.

pub mod service;
mod wage;
pub mod xlsx;

use axum::extract::State;
use axum::response::Response;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::envelope::{ApiError, ApiResult, Envelope, ok};
use crate::extract::Params;
use crate::identity::sessions::CurrentAccount;
use crate::spreadsheet;
use crate::state::AppState;
use service::{AttendanceReport, PeopleReport, ReportQuery, WageReport};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(people))
        .routes(routes!(people_export))
        .routes(routes!(attendance))
        .routes(routes!(attendance_export))
        .routes(routes!(wage))
        .routes(routes!(wage_export))
}

/// 用工结构: workers on site by unit, team, work type, gender, age band and native province, the over-age
/// workers (men over 60, women over 50), entries and exits per month.
#[utoipa::path(get, path = "/builder/report/v1/Report/people", tag = "report",
    params(("X-Token" = String, Header, description = "session token"), ReportQuery),
    responses((status = 200, body = Envelope<PeopleReport>)))]
async fn people(
    State(state): State<AppState>,
    current: CurrentAccount,
    Params(query): Params<ReportQuery>,
) -> ApiResult<PeopleReport> {
    let selection = service::selection(&state.db, &current, &query).await?;
    Ok(ok(service::people(&state.db, &selection).await?))
}

/// 用工结构 as .xlsx: one sheet per table of the screen. Refusals answer the envelope.
#[utoipa::path(get, path = "/builder/report/v1/Report/people_export", tag = "report",
    params(("X-Token" = String, Header, description = "session token"), ReportQuery),
    responses((status = 200, content_type = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", description = "the report"),
        (status = 201, body = Envelope<serde_json::Value>, description = "401 / 403 / 404 in the envelope (HTTP 200)")))]
async fn people_export(
    State(state): State<AppState>,
    current: CurrentAccount,
    Params(query): Params<ReportQuery>,
) -> Result<Response, ApiError> {
    let selection = service::selection(&state.db, &current, &query).await?;
    let bytes = xlsx::people(&service::people(&state.db, &selection).await?)?;
    Ok(spreadsheet::download(bytes, "people.xlsx", "%E7%94%A8%E5%B7%A5%E7%BB%93%E6%9E%84.xlsx"))
}

/// 考勤统计: attended workers and the rate per day over 30 days, attended days per unit and team per month, the
/// workers with the most absent days, and the key staff's presence (flagged under 80 %).
#[utoipa::path(get, path = "/builder/report/v1/Report/attendance", tag = "report",
    params(("X-Token" = String, Header, description = "session token"), ReportQuery),
    responses((status = 200, body = Envelope<AttendanceReport>)))]
async fn attendance(
    State(state): State<AppState>,
    current: CurrentAccount,
    Params(query): Params<ReportQuery>,
) -> ApiResult<AttendanceReport> {
    let selection = service::selection(&state.db, &current, &query).await?;
    Ok(ok(service::attendance(&state.db, &selection).await?))
}

/// 考勤统计 as .xlsx: one sheet per table of the screen. Refusals answer the envelope.
#[utoipa::path(get, path = "/builder/report/v1/Report/attendance_export", tag = "report",
    params(("X-Token" = String, Header, description = "session token"), ReportQuery),
    responses((status = 200, content_type = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", description = "the report"),
        (status = 201, body = Envelope<serde_json::Value>, description = "401 / 403 / 404 in the envelope (HTTP 200)")))]
async fn attendance_export(
    State(state): State<AppState>,
    current: CurrentAccount,
    Params(query): Params<ReportQuery>,
) -> Result<Response, ApiError> {
    let selection = service::selection(&state.db, &current, &query).await?;
    let bytes = xlsx::attendance(&service::attendance(&state.db, &selection).await?)?;
    Ok(spreadsheet::download(bytes, "attendance.xlsx", "%E8%80%83%E5%8B%A4%E7%BB%9F%E8%AE%A1.xlsx"))
}

/// 工资统计: payable (the wage lines' net) and paid (the special account's payout flows) per month, per unit
/// with arrears (largest first), the share paid through the special account and the average net per work type.
#[utoipa::path(get, path = "/builder/report/v1/Report/wage", tag = "report",
    params(("X-Token" = String, Header, description = "session token"), ReportQuery),
    responses((status = 200, body = Envelope<WageReport>)))]
async fn wage(
    State(state): State<AppState>,
    current: CurrentAccount,
    Params(query): Params<ReportQuery>,
) -> ApiResult<WageReport> {
    let selection = service::selection(&state.db, &current, &query).await?;
    Ok(ok(service::wage_report(&service::wage_figures(&state.db, &selection).await?)))
}

/// 工资统计 as .xlsx: one sheet per table of the screen. Refusals answer the envelope.
#[utoipa::path(get, path = "/builder/report/v1/Report/wage_export", tag = "report",
    params(("X-Token" = String, Header, description = "session token"), ReportQuery),
    responses((status = 200, content_type = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", description = "the report"),
        (status = 201, body = Envelope<serde_json::Value>, description = "401 / 403 / 404 in the envelope (HTTP 200)")))]
async fn wage_export(
    State(state): State<AppState>,
    current: CurrentAccount,
    Params(query): Params<ReportQuery>,
) -> Result<Response, ApiError> {
    let selection = service::selection(&state.db, &current, &query).await?;
    let bytes = xlsx::wage(&service::wage_figures(&state.db, &selection).await?)?;
    Ok(spreadsheet::download(bytes, "wages.xlsx", "%E5%B7%A5%E8%B5%84%E7%BB%9F%E8%AE%A1.xlsx"))
}
