//! The money path (issue 5): wage sheets (project/accounting), salaryCheck, wage orders (project/issue,
//! user/salaryPay, special/orderManagement and orderDetail), payouts through the bank and exception
//! handling (special/abnormal), under `/builder/wage/v1/<Controller>/<action>`. The finance shell's calls are
//! in the finance area. Handlers here, rules in `service.rs`, SQL in `repo.rs`, the bank in `payout.rs`.

pub mod approval;
pub mod basis;
mod batch;
mod check;
pub mod confirmation;
mod decision;
pub mod demo;
mod drafts;
mod exceptions;
mod figures;
mod input;
pub mod line_days;
pub mod minimum;
pub mod money;
mod notify;
mod orders;
mod own;
mod paid_days;
pub mod payout;
pub mod plan;
mod ports;
pub mod rates;
mod repo;
pub mod service;
mod sheets;
mod status;
mod takeback;
pub mod topup;
mod xlsx;

/// What the attendance and roster areas ask of pay, answered (their ports; `lib.rs` wires it).
pub use ports::Payroll;
/// Who acts on the money path (the operation log's actor), named by the services' signatures.
pub use repo::Actor;

use axum::extract::State;
use axum::response::Response;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::envelope::{ApiError, ApiResult, Envelope, ok, ok_with};
use crate::extract::{ClientIp, Params};
use crate::identity::sessions::CurrentAccount;
use crate::identity::worker_sessions::CurrentWorker;
use crate::paging::Paged;
use crate::state::AppState;
use service::{
    WageAnomaly, WageCardForm, WageCheckQuery, WageDetailQuery, WageIdForm, WageLineForm, WageLineRemoveForm,
    WageOptions, WageOrder, WageOrderDetail, WageOrderForm, WageOrderQuery, WagePayPreview, WagePayQuery, WagePayout,
    WagePayrollForm, WagePayrollSettings, WagePreviewQuery, WageProjectQuery, WageReissueForm, WageSheet,
    WageSheetDetail, WageSheetForm, WageSheetQuery,
};

/// An approval needs a verification of the approver at most this old.
pub const VERIFICATION_SECONDS: i64 = 600;
pub const MSG_NOT_VERIFIED: &str = "请先完成身份验证（短信验证码或身份证号码），验证10分钟内有效";

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(sheet_options))
        .routes(routes!(sheet_list))
        .routes(routes!(sheet_detail))
        .routes(routes!(sheet_export))
        .routes(routes!(sheet_create))
        .routes(routes!(sheet_save_line))
        .routes(routes!(sheet_remove_line))
        .routes(routes!(sheet_confirm))
        .routes(routes!(sheet_refresh))
        .routes(routes!(sheet_settings, sheet_save_settings))
        .routes(routes!(sheet_unconfirm))
        .routes(routes!(sheet_delete))
        .routes(routes!(sheet_preview))
        .routes(routes!(check_list))
        .routes(routes!(order_submit))
        .routes(routes!(order_list))
        .routes(routes!(order_detail))
        .routes(routes!(order_basis))
        .routes(routes!(order_withdraw))
        .routes(routes!(order_pay_lines))
        .routes(routes!(abnormal_list))
        .routes(routes!(abnormal_card))
        .routes(routes!(abnormal_reissue))
        .routes(routes!(sheet_answer_dispute))
        .routes(routes!(own_list))
        .routes(routes!(own_detail))
        .routes(routes!(own_confirm))
        .routes(routes!(own_dispute))
        .merge(batch::router())
}

/// Answers a worker's dispute of a line of the project (2–200 characters); the line may then be paid. Logged.
#[utoipa::path(post, path = "/builder/wage/v1/Sheet/answerDispute", tag = "wage",
    params(("X-Token" = String, Header, description = "session token")),
    request_body(content = confirmation::WageAnswerForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Envelope<Option<String>>)))]
async fn sheet_answer_dispute(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    current: CurrentAccount,
    Params(form): Params<confirmation::WageAnswerForm>,
) -> ApiResult<Option<String>> {
    confirmation::answer(&state.db, &current, &ip, &form).await?;
    Ok(ok(None))
}

/// The worker side: a page of the logged-in worker's wage lines on every project, newest month first, each
/// with its state (draft, to confirm, confirmed, disputed, paid, failed, re-issued), paid date, bank and card (masked).
#[utoipa::path(get, path = "/worker/wage/v1/Wage/list", tag = "wage",
    params(("X-Token" = String, Header, description = "the worker's session token"), own::OwnWageQuery),
    responses((status = 200, body = Envelope<Paged<own::OwnWageLine>>)))]
async fn own_list(
    State(state): State<AppState>,
    current: CurrentWorker,
    Params(query): Params<own::OwnWageQuery>,
) -> ApiResult<Paged<own::OwnWageLine>> {
    Ok(ok(own::own_lines(&state.db, &current, &query).await?))
}

/// The worker side: his pay slip — the line, each date it pays at its rate, deductions and take-backs with
/// their reasons, the order and the bank's reference once paid, his confirmation. Another's line → 404.
#[utoipa::path(get, path = "/worker/wage/v1/Wage/detail", tag = "wage",
    params(("X-Token" = String, Header, description = "the worker's session token"), own::OwnWageIdQuery),
    responses((status = 200, body = Envelope<own::OwnWageDetail>)))]
async fn own_detail(
    State(state): State<AppState>,
    current: CurrentWorker,
    Params(query): Params<own::OwnWageIdQuery>,
) -> ApiResult<own::OwnWageDetail> {
    Ok(ok(own::own_detail(&state.db, &current, &query).await?))
}

/// The worker side: he confirms his line of a confirmed sheet. Logged.
#[utoipa::path(post, path = "/worker/wage/v1/Wage/confirm", tag = "wage",
    params(("X-Token" = String, Header, description = "the worker's session token")),
    request_body(content = own::OwnConfirmForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Envelope<Option<String>>)))]
async fn own_confirm(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    current: CurrentWorker,
    Params(form): Params<own::OwnConfirmForm>,
) -> ApiResult<Option<String>> {
    own::confirm(&state.db, &current, &ip, &form).await?;
    Ok(ok_with(None, "已确认"))
}

/// The worker side: he disputes his line (days, rate or deduction before it is paid; not received after),
/// with his words; the clerk must answer before the line is paid, the bureau hears of a paid line not
/// received. Logged.
#[utoipa::path(post, path = "/worker/wage/v1/Wage/dispute", tag = "wage",
    params(("X-Token" = String, Header, description = "the worker's session token")),
    request_body(content = own::OwnDisputeForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Envelope<Option<String>>)))]
async fn own_dispute(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    current: CurrentWorker,
    Params(form): Params<own::OwnDisputeForm>,
) -> ApiResult<Option<String>> {
    own::dispute(&state.db, &current, &ip, &form).await?;
    Ok(ok_with(None, "异议已提交，项目将尽快答复"))
}

/// Choices of the wage screens: the project's units and teams, the default month (the previous one), salaryCheck's kinds and the special account's balance.
#[utoipa::path(get, path = "/builder/wage/v1/Sheet/options", tag = "wage",
    params(("X-Token" = String, Header, description = "session token"), WageProjectQuery),
    responses((status = 200, body = Envelope<WageOptions>)))]
async fn sheet_options(
    State(state): State<AppState>,
    current: CurrentAccount,
    Params(query): Params<WageProjectQuery>,
) -> ApiResult<WageOptions> {
    Ok(ok(service::options(&state.db, &current, &query).await?))
}

/// What paying these sheets would do, for the confirmation before 确认 and 提交审核: workers with net pay, total, the cards the bank would refuse (first 20, with their count), the special account's balance after. Changes nothing.
#[utoipa::path(get, path = "/builder/wage/v1/Sheet/preview", tag = "wage",
    params(("X-Token" = String, Header, description = "session token"), WagePreviewQuery),
    responses((status = 200, body = Envelope<WagePayPreview>)))]
async fn sheet_preview(
    State(state): State<AppState>,
    current: CurrentAccount,
    Params(query): Params<WagePreviewQuery>,
) -> ApiResult<WagePayPreview> {
    Ok(ok(service::preview(&state.db, &current, &query).await?))
}

/// Wage sheets with their totals, newest month first. `{list, total, page, limit}`.
#[utoipa::path(get, path = "/builder/wage/v1/Sheet/list", tag = "wage",
    params(("X-Token" = String, Header, description = "session token"), WageSheetQuery),
    responses((status = 200, body = Envelope<Paged<WageSheet>>)))]
async fn sheet_list(
    State(state): State<AppState>,
    current: CurrentAccount,
    Params(query): Params<WageSheetQuery>,
) -> ApiResult<Paged<WageSheet>> {
    Ok(ok(service::sheets(&state.db, &current, &query).await?))
}

/// One sheet with a page of its lines. Another project's sheet → 404.
#[utoipa::path(get, path = "/builder/wage/v1/Sheet/detail", tag = "wage",
    params(("X-Token" = String, Header, description = "session token"), WageDetailQuery),
    responses((status = 200, body = Envelope<WageSheetDetail>)))]
async fn sheet_detail(
    State(state): State<AppState>,
    current: CurrentAccount,
    Params(query): Params<WageDetailQuery>,
) -> ApiResult<WageSheetDetail> {
    Ok(ok(service::sheet_detail(&state.db, &current, &query).await?))
}

/// A sheet for a unit (or one of its teams) and a month, prefilled from attendance: one line per worker employed there that month and on no other sheet of the month. One sheet per unit/team and month. Answers the id. Logged.
/// A sheet as .xlsx: every line with the dates it pays (计发日期) at their standards, the days it tops up
/// (补差日期), the sheets that paid the worker's other days of the month, amounts, ID and card in full.
#[utoipa::path(get, path = "/builder/wage/v1/Sheet/export", tag = "wage",
    params(("X-Token" = String, Header, description = "session token"), WageDetailQuery),
    responses((status = 200, content_type = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", description = "the sheet"),
        (status = 201, body = Envelope<serde_json::Value>, description = "401 / 403 / 404 in the envelope (HTTP 200)")))]
async fn sheet_export(
    State(state): State<AppState>,
    current: CurrentAccount,
    Params(query): Params<WageDetailQuery>,
) -> Result<Response, ApiError> {
    let bytes = xlsx::sheet_export(&state.db, &current, &query).await?;
    Ok(crate::spreadsheet::download(bytes, "wage-sheet.xlsx", "%E5%B7%A5%E8%B5%84%E8%A1%A8.xlsx"))
}

#[utoipa::path(post, path = "/builder/wage/v1/Sheet/create", tag = "wage",
    params(("X-Token" = String, Header, description = "session token")),
    request_body(content = WageSheetForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Envelope<i64>)))]
async fn sheet_create(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    current: CurrentAccount,
    Params(form): Params<WageSheetForm>,
) -> ApiResult<i64> {
    Ok(ok(service::create_sheet(&state.db, &current, &ip, &form).await?))
}

/// A draft line's payable and deductions (yuan) with the reason any change from the prefill or any deduction needs; net = payable − deductions, never negative. Logged.
#[utoipa::path(post, path = "/builder/wage/v1/Sheet/saveLine", tag = "wage",
    params(("X-Token" = String, Header, description = "session token")),
    request_body(content = WageLineForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Envelope<Option<String>>)))]
async fn sheet_save_line(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    current: CurrentAccount,
    Params(form): Params<WageLineForm>,
) -> ApiResult<Option<String>> {
    {
        service::save_line(&state.db, &current, &ip, &form).await?;
        Ok(ok(None))
    }
}

/// Takes a line off a draft sheet, with a reason. Logged.
#[utoipa::path(post, path = "/builder/wage/v1/Sheet/removeLine", tag = "wage",
    params(("X-Token" = String, Header, description = "session token")),
    request_body(content = WageLineRemoveForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Envelope<Option<String>>)))]
async fn sheet_remove_line(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    current: CurrentAccount,
    Params(form): Params<WageLineRemoveForm>,
) -> ApiResult<Option<String>> {
    {
        service::remove_line(&state.db, &current, &ip, &form).await?;
        Ok(ok(None))
    }
}

/// Confirms (locks) a draft sheet with lines. Logged.
#[utoipa::path(post, path = "/builder/wage/v1/Sheet/confirm", tag = "wage",
    params(("X-Token" = String, Header, description = "session token")),
    request_body(content = WageIdForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Envelope<Option<String>>)))]
async fn sheet_confirm(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    current: CurrentAccount,
    Params(form): Params<WageIdForm>,
) -> ApiResult<Option<String>> {
    {
        service::confirm(&state.db, state.sms.clone(), &current, &ip, &form).await?;
        Ok(ok(None))
    }
}

/// Takes a draft's days from attendance again (days paid by no other line, each at that day's terms),
/// keeping the clerk's edits. Logged.
#[utoipa::path(post, path = "/builder/wage/v1/Sheet/refresh", tag = "wage",
    params(("X-Token" = String, Header, description = "session token")),
    request_body(content = WageIdForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Envelope<Option<String>>)))]
async fn sheet_refresh(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    current: CurrentAccount,
    Params(form): Params<WageIdForm>,
) -> ApiResult<Option<String>> {
    {
        service::refresh(&state.db, &current, &ip, &form).await?;
        Ok(ok(None))
    }
}

/// The project's payroll rule (how monthly wages are prorated).
#[utoipa::path(get, path = "/builder/wage/v1/Sheet/settings", tag = "wage",
    params(("X-Token" = String, Header, description = "session token"), WageProjectQuery),
    responses((status = 200, body = Envelope<WagePayrollSettings>)))]
async fn sheet_settings(
    State(state): State<AppState>,
    current: CurrentAccount,
    Params(query): Params<WageProjectQuery>,
) -> ApiResult<WagePayrollSettings> {
    Ok(ok(service::settings(&state.db, &current, &query).await?))
}

/// Sets the project's payroll rule; new sheets and refreshed drafts use it. Logged.
#[utoipa::path(post, path = "/builder/wage/v1/Sheet/settings", tag = "wage",
    params(("X-Token" = String, Header, description = "session token")),
    request_body(content = WagePayrollForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Envelope<WagePayrollSettings>)))]
async fn sheet_save_settings(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    current: CurrentAccount,
    Params(form): Params<WagePayrollForm>,
) -> ApiResult<WagePayrollSettings> {
    Ok(ok(service::save_settings(&state.db, &current, &ip, &form).await?))
}

/// Unlocks a confirmed sheet that is in no live order. Logged.
#[utoipa::path(post, path = "/builder/wage/v1/Sheet/unconfirm", tag = "wage",
    params(("X-Token" = String, Header, description = "session token")),
    request_body(content = WageIdForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Envelope<Option<String>>)))]
async fn sheet_unconfirm(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    current: CurrentAccount,
    Params(form): Params<WageIdForm>,
) -> ApiResult<Option<String>> {
    {
        service::unconfirm(&state.db, &current, &ip, &form).await?;
        Ok(ok(None))
    }
}

/// Deletes a draft sheet and its lines. Logged.
#[utoipa::path(post, path = "/builder/wage/v1/Sheet/delete", tag = "wage",
    params(("X-Token" = String, Header, description = "session token")),
    request_body(content = WageIdForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Envelope<Option<String>>)))]
async fn sheet_delete(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    current: CurrentAccount,
    Params(form): Params<WageIdForm>,
) -> ApiResult<Option<String>> {
    {
        service::delete_sheet(&state.db, &current, &ip, &form).await?;
        Ok(ok(None))
    }
}

/// salaryCheck: the month's anomalies before money moves (kinds in `Sheet/options`), filtered by kind. `{list, total, page, limit}`.
#[utoipa::path(get, path = "/builder/wage/v1/Check/list", tag = "wage",
    params(("X-Token" = String, Header, description = "session token"), WageCheckQuery),
    responses((status = 200, body = Envelope<Paged<WageAnomaly>>)))]
async fn check_list(
    State(state): State<AppState>,
    current: CurrentAccount,
    Params(query): Params<WageCheckQuery>,
) -> ApiResult<Paged<WageAnomaly>> {
    Ok(ok(service::check(&state.db, &current, state.config.notice_board.minimum_monthly_wage_fen, &query).await?))
}

/// A wage order of confirmed sheets of one month (none in another live order), for the project's finance approvers. The special account must cover the total, or 401 `专户余额不足，还差N元`. Answers the id. Logged.
#[utoipa::path(post, path = "/builder/wage/v1/Order/submit", tag = "wage",
    params(("X-Token" = String, Header, description = "session token")),
    request_body(content = WageOrderForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Envelope<i64>)))]
async fn order_submit(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    current: CurrentAccount,
    Params(form): Params<WageOrderForm>,
) -> ApiResult<i64> {
    Ok(ok(service::submit(&state.db, &current, &ip, &form).await?))
}

/// Wage orders, newest first, with filters. `{list, total, page, limit}`.
#[utoipa::path(get, path = "/builder/wage/v1/Order/list", tag = "wage",
    params(("X-Token" = String, Header, description = "session token"), WageOrderQuery),
    responses((status = 200, body = Envelope<Paged<WageOrder>>)))]
async fn order_list(
    State(state): State<AppState>,
    current: CurrentAccount,
    Params(query): Params<WageOrderQuery>,
) -> ApiResult<Paged<WageOrder>> {
    Ok(ok(service::orders(&state.db, &current, &query).await?))
}

/// One order with its sheets and a page of its lines (payouts). Another project's order → 404.
#[utoipa::path(get, path = "/builder/wage/v1/Order/detail", tag = "wage",
    params(("X-Token" = String, Header, description = "session token"), WageDetailQuery),
    responses((status = 200, body = Envelope<WageOrderDetail>)))]
async fn order_detail(
    State(state): State<AppState>,
    current: CurrentAccount,
    Params(query): Params<WageDetailQuery>,
) -> ApiResult<WageOrderDetail> {
    Ok(ok(service::order_detail(&state.db, &current, &query).await?))
}

/// What each line of an order pays and why, with salaryCheck's anomalies per line (the approver's `Linebasis`).
/// Another project's order → 404.
#[utoipa::path(get, path = "/builder/wage/v1/Order/basis", tag = "wage",
    params(("X-Token" = String, Header, description = "session token"), basis::WageBasisQuery),
    responses((status = 200, body = Envelope<basis::WageOrderBasis>)))]
async fn order_basis(
    State(state): State<AppState>,
    current: CurrentAccount,
    Params(query): Params<basis::WageBasisQuery>,
) -> ApiResult<basis::WageOrderBasis> {
    let scope = crate::scope::read(&state.db, &current, &query.project_id).await?;
    Ok(ok(basis::order_basis(&state.db, scope.filter(), state.config.notice_board.minimum_monthly_wage_fen, &query)
        .await?))
}

/// Withdraws a 待审核 order; its sheets are free again. Logged.
#[utoipa::path(post, path = "/builder/wage/v1/Order/withdraw", tag = "wage",
    params(("X-Token" = String, Header, description = "session token")),
    request_body(content = WageIdForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Envelope<Option<String>>)))]
async fn order_withdraw(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    current: CurrentAccount,
    Params(form): Params<WageIdForm>,
) -> ApiResult<Option<String>> {
    {
        service::withdraw(&state.db, &current, &ip, &form).await?;
        Ok(ok(None))
    }
}

/// salaryPay: every order line with its pay status, filtered by month, status and name.
#[utoipa::path(get, path = "/builder/wage/v1/Order/payLines", tag = "wage",
    params(("X-Token" = String, Header, description = "session token"), WagePayQuery),
    responses((status = 200, body = Envelope<Paged<WagePayout>>)))]
async fn order_pay_lines(
    State(state): State<AppState>,
    current: CurrentAccount,
    Params(query): Params<WagePayQuery>,
) -> ApiResult<Paged<WagePayout>> {
    Ok(ok(service::pay_lines(&state.db, &current, &query).await?))
}

/// Exception handling: failed payouts not yet re-issued, with the bank's reason and the worker's current card; and
/// paid ones whose worker says they never reached him (`notReceived`), until the clerk answers him.
#[utoipa::path(get, path = "/builder/wage/v1/Abnormal/list", tag = "wage",
    params(("X-Token" = String, Header, description = "session token"), WagePayQuery),
    responses((status = 200, body = Envelope<Paged<WagePayout>>)))]
async fn abnormal_list(
    State(state): State<AppState>,
    current: CurrentAccount,
    Params(query): Params<WagePayQuery>,
) -> ApiResult<Paged<WagePayout>> {
    Ok(ok(service::abnormal(&state.db, &current, &query).await?))
}

/// Corrects a worker's wage card (12–30 digits and a bank; a UnionPay number failing its check digit → 301 until `confirmed=1`). Logged.
#[utoipa::path(post, path = "/builder/wage/v1/Abnormal/card", tag = "wage",
    params(("X-Token" = String, Header, description = "session token")),
    request_body(content = WageCardForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Envelope<Option<String>>)))]
async fn abnormal_card(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    current: CurrentAccount,
    Params(form): Params<WageCardForm>,
) -> ApiResult<Option<String>> {
    {
        service::set_card(&state.db, &current, &ip, &form).await?;
        Ok(ok(None))
    }
}

/// Re-issues failed payouts of one order as a new order (`reissue_of`) to the workers' current cards; it is approved like any order. A line is re-issued at most once. Answers the id. Logged.
#[utoipa::path(post, path = "/builder/wage/v1/Abnormal/reissue", tag = "wage",
    params(("X-Token" = String, Header, description = "session token")),
    request_body(content = WageReissueForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Envelope<i64>)))]
async fn abnormal_reissue(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    current: CurrentAccount,
    Params(form): Params<WageReissueForm>,
) -> ApiResult<i64> {
    Ok(ok(service::reissue(&state.db, &current, &ip, &form).await?))
}
