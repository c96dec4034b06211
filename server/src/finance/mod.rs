//! The finance shell's order calls (spec §7, `/finance/project/v1/orders/<Action>`, all POST): pending orders,
//! the dashboard counts, order detail, approval history and detail, the approver's own operation records,
//! the approver's verification (SMS code to their own phone or their ID number) and the decision. Only
//! finance accounts, and only their project's orders (`accounts.project_id`); anyone else → 403, another
//! project's order → 404. The rules and SQL are the wage area's.

use axum::extract::State;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::attendance::service::AttendanceWorkerMonth;
use crate::clock;
use crate::envelope::{ApiError, ApiResult, Envelope, ok, ok_with};
use crate::extract::{ClientIp, Params};
use crate::identity::accounts::AccountKind;
use crate::identity::sessions::CurrentAccount;
use crate::paging::{Page, Paged};
use crate::state::AppState;
use crate::wage::basis::{self, WageAttendanceForm, WageBasisQuery, WageOrderBasis};
use crate::wage::service::{
    self, FinanceAuditForm, FinanceIndex, FinanceRecord, WageDetailQuery, WageOrder, WageOrderDetail, WageOrderQuery,
    actor,
};
use crate::wage::{VERIFICATION_SECONDS, approval};

pub const MSG_APPROVERS_ONLY: &str = "仅财务审批人员可以操作";
/// Orders an approver has decided (history).
pub const DECIDED: [&str; 4] = ["rejected", "paying", "paid", "partial"];

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(order_list))
        .routes(routes!(index))
        .routes(routes!(order_details))
        .routes(routes!(audit_history))
        .routes(routes!(details))
        .routes(routes!(line_basis))
        .routes(routes!(attendance))
        .routes(routes!(record_list))
        .routes(routes!(veritest))
        .routes(routes!(verification))
        .routes(routes!(verify_id_number))
        .routes(routes!(order_audit))
}

/// The approver's project: finance accounts only.
fn approver_project(current: &CurrentAccount) -> Result<i64, ApiError> {
    match (current.kind(), current.account.project_id) {
        (AccountKind::Finance, Some(project_id)) => Ok(project_id),
        _ => Err(ApiError::Forbidden(MSG_APPROVERS_ONLY.into())),
    }
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FinanceVerified {
    /// Unix seconds until which an approval may use this verification.
    pub valid_until: i64,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct FinancePageForm {
    pub page: Option<String>,
    pub limit: Option<String>,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct FinanceOrderForm {
    /// The pending order the verification is for.
    pub id: Option<String>,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct FinanceCodeForm {
    /// The pending order the code was sent for.
    pub id: Option<String>,
    /// The six-digit code sent by `Veritest`.
    pub code: Option<String>,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct FinanceIdNumberForm {
    /// The pending order the verification is for.
    pub id: Option<String>,
    pub idnumber: Option<String>,
}

/// Pending (待审核) orders of the approver's project, with month and order-number filters.
#[utoipa::path(post, path = "/finance/project/v1/orders/orderlist", tag = "finance",
    params(("X-Token" = String, Header, description = "session token")),
    request_body(content = WageOrderQuery, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Envelope<Paged<WageOrder>>)))]
async fn order_list(
    State(state): State<AppState>,
    current: CurrentAccount,
    Params(query): Params<WageOrderQuery>,
) -> ApiResult<Paged<WageOrder>> {
    let project_id = approver_project(&current)?;
    Ok(ok(service::order_page(&state.db, project_id, &["pending"], &query).await?))
}

/// Dashboard counts of the approver's project.
#[utoipa::path(post, path = "/finance/project/v1/orders/Index", tag = "finance",
    params(("X-Token" = String, Header, description = "session token")),
    responses((status = 200, body = Envelope<FinanceIndex>)))]
async fn index(State(state): State<AppState>, current: CurrentAccount) -> ApiResult<FinanceIndex> {
    let project_id = approver_project(&current)?;
    Ok(ok(service::finance_index(&state.db, project_id).await?))
}

/// One order of the approver's project with its sheets and a page of its lines.
#[utoipa::path(post, path = "/finance/project/v1/orders/Orderdetails", tag = "finance",
    params(("X-Token" = String, Header, description = "session token")),
    request_body(content = WageDetailQuery, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Envelope<WageOrderDetail>)))]
async fn order_details(
    State(state): State<AppState>,
    current: CurrentAccount,
    Params(query): Params<WageDetailQuery>,
) -> ApiResult<WageOrderDetail> {
    let project_id = approver_project(&current)?;
    Ok(ok(service::order_detail_in(&state.db, project_id, &query).await?))
}

/// Decided orders (已驳回, 支付中, 已支付, 部分发放) of the approver's project, newest first.
#[utoipa::path(post, path = "/finance/project/v1/orders/Audithistory", tag = "finance",
    params(("X-Token" = String, Header, description = "session token")),
    request_body(content = WageOrderQuery, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Envelope<Paged<WageOrder>>)))]
async fn audit_history(
    State(state): State<AppState>,
    current: CurrentAccount,
    Params(query): Params<WageOrderQuery>,
) -> ApiResult<Paged<WageOrder>> {
    let project_id = approver_project(&current)?;
    Ok(ok(service::order_page(&state.db, project_id, &DECIDED, &query).await?))
}

/// A decided order of the history with its lines and their pay results; a pending one → 404.
#[utoipa::path(post, path = "/finance/project/v1/orders/Details", tag = "finance",
    params(("X-Token" = String, Header, description = "session token")),
    request_body(content = WageDetailQuery, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Envelope<WageOrderDetail>)))]
async fn details(
    State(state): State<AppState>,
    current: CurrentAccount,
    Params(query): Params<WageDetailQuery>,
) -> ApiResult<WageOrderDetail> {
    let project_id = approver_project(&current)?;
    let detail = service::order_detail_in(&state.db, project_id, &query).await?;
    if !DECIDED.contains(&detail.order.status.as_str()) {
        return Err(ApiError::NotFound(service::MSG_NO_ORDER.into()));
    }
    Ok(ok(detail))
}

/// What each line of an order of the approver's project pays and why: days, rate and kind, prefill,
/// payable, deduction with its reason, net, card, and every anomaly salaryCheck finds for the line; lines
/// with anomalies first (`anomalous=1`: only those), and how many lines have one.
#[utoipa::path(post, path = "/finance/project/v1/orders/Linebasis", tag = "finance",
    params(("X-Token" = String, Header, description = "session token")),
    request_body(content = WageBasisQuery, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Envelope<WageOrderBasis>)))]
async fn line_basis(
    State(state): State<AppState>,
    current: CurrentAccount,
    Params(query): Params<WageBasisQuery>,
) -> ApiResult<WageOrderBasis> {
    let project_id = approver_project(&current)?;
    Ok(ok(basis::order_basis(&state.db, project_id, state.config.notice_board.minimum_monthly_wage_fen, &query).await?))
}

/// The attendance of a worker on an order of the approver's project, in the order's month, read-only.
/// Another project's order, or a worker not on the order → 404.
#[utoipa::path(post, path = "/finance/project/v1/orders/Attendance", tag = "finance",
    params(("X-Token" = String, Header, description = "session token")),
    request_body(content = WageAttendanceForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Envelope<AttendanceWorkerMonth>)))]
async fn attendance(
    State(state): State<AppState>,
    current: CurrentAccount,
    Params(form): Params<WageAttendanceForm>,
) -> ApiResult<AttendanceWorkerMonth> {
    let project_id = approver_project(&current)?;
    Ok(ok(basis::order_attendance(&state.db, project_id, &form).await?))
}

/// The approver's own operation records, newest first.
#[utoipa::path(post, path = "/finance/project/v1/orders/Recordlist", tag = "finance",
    params(("X-Token" = String, Header, description = "session token")),
    request_body(content = FinancePageForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Envelope<Paged<FinanceRecord>>)))]
async fn record_list(
    State(state): State<AppState>,
    current: CurrentAccount,
    Params(form): Params<FinancePageForm>,
) -> ApiResult<Paged<FinanceRecord>> {
    approver_project(&current)?;
    let page = Page::parse(&form.page, &form.limit)?;
    Ok(ok(service::own_records(&state.db, current.account.id, page).await?))
}

/// Sends a six-digit code for approving pending order `id` to the approver's own phone (once a minute); the
/// text names the order number and amount. Answers the masked phone.
#[utoipa::path(post, path = "/finance/project/v1/orders/Veritest", tag = "finance",
    params(("X-Token" = String, Header, description = "session token")),
    request_body(content = FinanceOrderForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Envelope<String>)))]
async fn veritest(
    State(state): State<AppState>,
    current: CurrentAccount,
    Params(form): Params<FinanceOrderForm>,
) -> ApiResult<String> {
    let project_id = approver_project(&current)?;
    let masked =
        approval::send_code(&state.db, state.sms.as_ref(), project_id, &current.account.phone, &form.id).await?;
    Ok(ok_with(masked, "验证码已发送"))
}

/// Checks the SMS code sent for order `id`; success allows that order's approval within 10 minutes. Logged.
#[utoipa::path(post, path = "/finance/project/v1/orders/Verification", tag = "finance",
    params(("X-Token" = String, Header, description = "session token")),
    request_body(content = FinanceCodeForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Envelope<FinanceVerified>)))]
async fn verification(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    current: CurrentAccount,
    Params(form): Params<FinanceCodeForm>,
) -> ApiResult<FinanceVerified> {
    let project_id = approver_project(&current)?;
    let actor = actor(&current, &ip);
    approval::check_code(&state.db, project_id, &current.account.phone, &form.id, &form.code, &actor).await?;
    Ok(ok_with(FinanceVerified { valid_until: clock::now() + VERIFICATION_SECONDS }, "验证成功"))
}

/// Checks the approver's ID number against the one on file, for order `id`; success allows that order's
/// approval within 10 minutes. Locked after too many wrong answers, like a password. Logged.
#[utoipa::path(post, path = "/finance/project/v1/orders/VerifyIdnumber", tag = "finance",
    params(("X-Token" = String, Header, description = "session token")),
    request_body(content = FinanceIdNumberForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Envelope<FinanceVerified>)))]
async fn verify_id_number(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    current: CurrentAccount,
    Params(form): Params<FinanceIdNumberForm>,
) -> ApiResult<FinanceVerified> {
    let project_id = approver_project(&current)?;
    let actor = actor(&current, &ip);
    let security = &state.config.security;
    approval::check_id_number(&state.db, security, project_id, &form.id, &form.idnumber, &actor).await?;
    Ok(ok_with(FinanceVerified { valid_until: clock::now() + VERIFICATION_SECONDS }, "验证成功"))
}

/// The decision on a 待审核 order: `status=2` rejects with a required reason (the sheets are released);
/// `status=1` approves, consuming the approver's verification, and pays every line through the bank at
/// once (支付中 → 已支付 / 部分发放). Only one of two simultaneous decisions wins; the other → 401.
#[utoipa::path(post, path = "/finance/project/v1/orders/Orderaudit", tag = "finance",
    params(("X-Token" = String, Header, description = "session token")),
    request_body(content = FinanceAuditForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Envelope<WageOrder>)))]
async fn order_audit(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    current: CurrentAccount,
    Params(form): Params<FinanceAuditForm>,
) -> ApiResult<WageOrder> {
    let project_id = approver_project(&current)?;
    let (order, message) =
        service::decide(&state.db, state.bank.as_ref(), project_id, &form, &actor(&current, &ip)).await?;
    Ok(ok_with(order, &message))
}
