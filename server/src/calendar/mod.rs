//! China's working calendar (issue 11 item 1): the regulator's 节假日设置 (`/admin/calendar/v1/Calendar/…`:
//! a year's special days, save, delete; admin accounts only, 403 otherwise) and the calendar every
//! logged-in account reads (`/builder/calendar/v1/Calendar/month`, `…/year`). Handlers here, rules in
//! `service.rs`, SQL in `repo.rs`; the wage area calls [`service::calendar`].

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
    CalendarDayForm, CalendarListForm, CalendarMonth, CalendarSaveForm, CalendarYear, MonthQuery, SpecialDayRow,
    YearQuery,
};

pub use service::calendar;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list))
        .routes(routes!(save))
        .routes(routes!(delete))
        .routes(routes!(month))
        .routes(routes!(year))
}

/// A year's special days (法定节假日, 调休放假, 调休上班) in date order, paginated: `year` (2000–2100),
/// `page`, `limit` (1–100). Each with its kind label and source (数据包 / 监管部门). Regulator only.
#[utoipa::path(post, path = "/admin/calendar/v1/Calendar/list", tag = "calendar",
    params(("X-Token" = String, Header, description = "session token")),
    request_body(content = CalendarListForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Envelope<Paged<SpecialDayRow>>)))]
async fn list(
    State(state): State<AppState>,
    current: CurrentAccount,
    Params(form): Params<CalendarListForm>,
) -> ApiResult<Paged<SpecialDayRow>> {
    Ok(ok(service::list(&state.db, &current, &form).await?))
}

/// Adds a special day or changes the one on that `day`: `kind` and `name` (required, at most 20
/// characters). 法定节假日 only Monday–Friday, 调休上班 only on a weekend. Logged with before → after.
/// 401 with the field's message for bad input, or 没有修改任何内容. Regulator only.
#[utoipa::path(post, path = "/admin/calendar/v1/Calendar/save", tag = "calendar",
    params(("X-Token" = String, Header, description = "session token")),
    request_body(content = CalendarSaveForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Envelope<Option<String>>)))]
async fn save(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    current: CurrentAccount,
    Params(form): Params<CalendarSaveForm>,
) -> ApiResult<Option<String>> {
    service::save(&state.db, &current, &ip, &form).await?;
    Ok(ok_with(None, service::MSG_SAVED))
}

/// Deletes the special day on `day`; the day then follows the week. 404 when the day has none. Logged
/// with what it was. Regulator only.
#[utoipa::path(post, path = "/admin/calendar/v1/Calendar/delete", tag = "calendar",
    params(("X-Token" = String, Header, description = "session token")),
    request_body(content = CalendarDayForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Envelope<Option<String>>)))]
async fn delete(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    current: CurrentAccount,
    Params(form): Params<CalendarDayForm>,
) -> ApiResult<Option<String>> {
    service::delete(&state.db, &current, &ip, &form).await?;
    Ok(ok_with(None, service::MSG_DELETED))
}

/// Every day of `month` (`YYYY-MM`) with its class for pay (工作日 / 法定节假日 / 休息日), the
/// arrangement's mark and name, and the month's working-day, holiday and rest-day counts. Any logged-in
/// account.
#[utoipa::path(get, path = "/builder/calendar/v1/Calendar/month", tag = "calendar",
    params(("X-Token" = String, Header, description = "session token"), MonthQuery),
    responses((status = 200, body = Envelope<CalendarMonth>)))]
async fn month(
    State(state): State<AppState>,
    _current: CurrentAccount,
    Params(query): Params<MonthQuery>,
) -> ApiResult<CalendarMonth> {
    Ok(ok(service::month(&state.db, &query).await?))
}

/// The twelve months of `year` (`YYYY`) as `Calendar/month` answers each, with the year's totals. Any
/// logged-in account.
#[utoipa::path(get, path = "/builder/calendar/v1/Calendar/year", tag = "calendar",
    params(("X-Token" = String, Header, description = "session token"), YearQuery),
    responses((status = 200, body = Envelope<CalendarYear>)))]
async fn year(
    State(state): State<AppState>,
    _current: CurrentAccount,
    Params(query): Params<YearQuery>,
) -> ApiResult<CalendarYear> {
    Ok(ok(service::year(&state.db, &query).await?))
}
