//! The finance shell's order calls (spec §7, `/finance/project/v1/orders/<Action>`, all POST): pending orders,
//! the dashboard counts, order detail, approval history and detail, the approver's own operation records,
//! the approver's verification (SMS code to their own phone or their ID number) and the decision. Only
//! finance accounts, and only their project's orders (`accounts.project_id`); anyone else → 403, another
//! project's order → 404. The rules and SQL are the wage area's.
#![allow(non_snake_case)]

use axum::extract::State;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::auth::accounts::AccountKind;
use crate::auth::sessions::CurrentAccount;
use crate::auth::sms;
use crate::clock;
use crate::envelope::{ApiError, ApiResult, Envelope, ok, ok_with};
use crate::extract::{ClientIp, Params};
use crate::paging::{Page, Paged};
use crate::state::AppState;
use crate::wage::service::{self, WageDetailQuery, WageOrder, WageOrderDetail, WageOrderQuery, actor};
use crate::attendance::service::AttendanceWorkerMonth;
use crate::wage::basis::{self, WageAttendanceForm, WageBasisQuery, WageOrderBasis};
use crate::wage::{MSG_NOT_VERIFIED, VERIFICATION_SECONDS, payout, repo};

pub const MSG_APPROVERS_ONLY: &str = "仅财务审批人员可以操作";
pub const MSG_DECISION: &str = "请选择审核结果";
pub const MSG_REJECT_REASON: &str = "驳回时请填写驳回原因";
pub const MSG_ID_MISMATCH: &str = "身份证号码与账号登记信息不一致";
pub const MSG_NO_ID_ON_FILE: &str = "账号未登记身份证号码，请使用短信验证";
pub const MSG_CODE_REQUIRED: &str = "请输入短信验证码";
pub const MSG_NO_PHONE: &str = "账号未登记手机号码";
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
pub struct FinanceIndex {
    pub pending: i64,
    /// Yuan awaiting approval.
    pub pending_total: String,
    pub paying: i64,
    pub paid: i64,
    pub partial: i64,
    pub rejected: i64,
    /// The special account's balance, yuan ('' without an account).
    pub balance: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FinanceRecord {
    pub id: i64,
    pub action: String,
    pub target_type: String,
    pub target_id: String,
    pub detail: String,
    pub ip: String,
    pub created_at: String,
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
pub struct FinanceCodeForm {
    /// The six-digit code sent by `Veritest`.
    pub code: Option<String>,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct FinanceIdNumberForm {
    pub idnumber: Option<String>,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct FinanceAuditForm {
    pub id: Option<String>,
    /// 1 approve (needs a verification within 10 minutes, consumed), 2 reject (needs `remark`).
    pub status: Option<String>,
    pub remark: Option<String>,
}

/// Pending (待审核) orders of the approver's project, with month and order-number filters.
#[utoipa::path(post, path = "/finance/project/v1/orders/orderlist", tag = "finance",
    params(("X-Token" = String, Header, description = "session token")),
    request_body(content = WageOrderQuery, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Envelope<Paged<WageOrder>>)))]
async fn order_list(State(state): State<AppState>, current: CurrentAccount, Params(query): Params<WageOrderQuery>) -> ApiResult<Paged<WageOrder>> {
    let project_id = approver_project(&current)?;
    Ok(ok(service::order_page(&state.db, project_id, &["pending"], &query).await?))
}

/// Dashboard counts of the approver's project.
#[utoipa::path(post, path = "/finance/project/v1/orders/Index", tag = "finance",
    params(("X-Token" = String, Header, description = "session token")),
    responses((status = 200, body = Envelope<FinanceIndex>)))]
async fn index(State(state): State<AppState>, current: CurrentAccount) -> ApiResult<FinanceIndex> {
    let project_id = approver_project(&current)?;
    let counts = repo::order_counts(&state.db, project_id).await?;
    let count = |status: &str| counts.iter().find(|(s, _, _)| s == status).map(|(_, n, _)| *n).unwrap_or(0);
    let pending_total = counts.iter().find(|(s, _, _)| s == "pending").map(|(_, _, fen)| *fen).unwrap_or(0);
    let balance = repo::balance(&state.db, project_id).await?.map(crate::wage::money::yuan).unwrap_or_default();
    Ok(ok(FinanceIndex {
        pending: count("pending"),
        pending_total: crate::wage::money::yuan(pending_total),
        paying: count("paying"),
        paid: count("paid"),
        partial: count("partial"),
        rejected: count("rejected"),
        balance,
    }))
}

/// One order of the approver's project with its sheets and a page of its lines.
#[utoipa::path(post, path = "/finance/project/v1/orders/Orderdetails", tag = "finance",
    params(("X-Token" = String, Header, description = "session token")),
    request_body(content = WageDetailQuery, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Envelope<WageOrderDetail>)))]
async fn order_details(State(state): State<AppState>, current: CurrentAccount, Params(query): Params<WageDetailQuery>) -> ApiResult<WageOrderDetail> {
    let project_id = approver_project(&current)?;
    Ok(ok(service::order_detail_in(&state.db, project_id, &query).await?))
}

/// Decided orders (已驳回, 支付中, 已支付, 部分发放) of the approver's project, newest first.
#[utoipa::path(post, path = "/finance/project/v1/orders/Audithistory", tag = "finance",
    params(("X-Token" = String, Header, description = "session token")),
    request_body(content = WageOrderQuery, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Envelope<Paged<WageOrder>>)))]
async fn audit_history(State(state): State<AppState>, current: CurrentAccount, Params(query): Params<WageOrderQuery>) -> ApiResult<Paged<WageOrder>> {
    let project_id = approver_project(&current)?;
    Ok(ok(service::order_page(&state.db, project_id, &DECIDED, &query).await?))
}

/// A decided order of the history with its lines and their pay results; a pending one → 404.
#[utoipa::path(post, path = "/finance/project/v1/orders/Details", tag = "finance",
    params(("X-Token" = String, Header, description = "session token")),
    request_body(content = WageDetailQuery, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Envelope<WageOrderDetail>)))]
async fn details(State(state): State<AppState>, current: CurrentAccount, Params(query): Params<WageDetailQuery>) -> ApiResult<WageOrderDetail> {
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
async fn line_basis(State(state): State<AppState>, current: CurrentAccount, Params(query): Params<WageBasisQuery>) -> ApiResult<WageOrderBasis> {
    let project_id = approver_project(&current)?;
    Ok(ok(basis::order_basis(&state.db, project_id, state.config.notice_board.minimum_monthly_wage_fen, &query).await?))
}

/// The attendance of a worker on an order of the approver's project, in the order's month, read-only.
/// Another project's order, or a worker not on the order → 404.
#[utoipa::path(post, path = "/finance/project/v1/orders/Attendance", tag = "finance",
    params(("X-Token" = String, Header, description = "session token")),
    request_body(content = WageAttendanceForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Envelope<AttendanceWorkerMonth>)))]
async fn attendance(State(state): State<AppState>, current: CurrentAccount, Params(form): Params<WageAttendanceForm>) -> ApiResult<AttendanceWorkerMonth> {
    let project_id = approver_project(&current)?;
    Ok(ok(basis::order_attendance(&state.db, project_id, &form).await?))
}

/// The approver's own operation records, newest first.
#[utoipa::path(post, path = "/finance/project/v1/orders/Recordlist", tag = "finance",
    params(("X-Token" = String, Header, description = "session token")),
    request_body(content = FinancePageForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Envelope<Paged<FinanceRecord>>)))]
async fn record_list(State(state): State<AppState>, current: CurrentAccount, Params(form): Params<FinancePageForm>) -> ApiResult<Paged<FinanceRecord>> {
    approver_project(&current)?;
    let page = Page::parse(&form.page, &form.limit)?;
    let (rows, total) = repo::account_log(&state.db, current.account.id, page.limit, page.offset()).await?;
    let list = rows
        .into_iter()
        .map(|row| FinanceRecord {
            id: row.id,
            action: row.action,
            target_type: row.target_type,
            target_id: row.target_id,
            detail: row.detail,
            ip: row.ip,
            created_at: clock::china_datetime(row.created_at),
        })
        .collect();
    Ok(ok(page.answer(list, total)))
}

/// Sends a six-digit code to the approver's own phone (once a minute). Answers the masked phone.
#[utoipa::path(post, path = "/finance/project/v1/orders/Veritest", tag = "finance",
    params(("X-Token" = String, Header, description = "session token")),
    responses((status = 200, body = Envelope<String>)))]
async fn veritest(State(state): State<AppState>, current: CurrentAccount) -> ApiResult<String> {
    approver_project(&current)?;
    let phone = current.account.phone.clone();
    if !sms::is_mobile(&phone) {
        return Err(ApiError::refused(MSG_NO_PHONE));
    }
    sms::send_code(&state.db, state.sms.as_ref(), &phone).await?;
    Ok(ok_with(sms::mask_phone(&phone), "验证码已发送"))
}

/// Checks the SMS code; success allows one approval within 10 minutes. Logged.
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
    approver_project(&current)?;
    let code = form.code.as_deref().unwrap_or("").trim().to_owned();
    if code.is_empty() {
        return Err(ApiError::refused(MSG_CODE_REQUIRED));
    }
    sms::check_code(&state.db, &current.account.phone, &code).await?;
    repo::add_verification(&state.db, current.account.id, "sms", &actor(&current, &ip)).await?;
    Ok(ok_with(FinanceVerified { valid_until: clock::now() + VERIFICATION_SECONDS }, "验证成功"))
}

/// Checks the approver's ID number against the one on file; success allows one approval within 10
/// minutes. Logged.
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
    approver_project(&current)?;
    let (_, on_file) = repo::approver_identity(&state.db, current.account.id).await?.ok_or(ApiError::NotLoggedIn)?;
    if on_file.trim().is_empty() {
        return Err(ApiError::refused(MSG_NO_ID_ON_FILE));
    }
    let given = form.idnumber.as_deref().unwrap_or("").trim().to_ascii_uppercase();
    if given != on_file.trim().to_ascii_uppercase() {
        let actor = actor(&current, &ip);
        crate::oplog::record(&state.db, crate::oplog::Entry {
            account_id: Some(actor.account_id),
            account_name: &actor.account_name,
            action: "审批身份验证失败",
            target_type: "account",
            target_id: actor.account_id.to_string(),
            detail: "身份证号码不一致".into(),
            ip: &actor.ip,
        })
        .await?;
        return Err(ApiError::refused(MSG_ID_MISMATCH));
    }
    repo::add_verification(&state.db, current.account.id, "id_number", &actor(&current, &ip)).await?;
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
    let id = form.id.as_deref().unwrap_or("").trim().parse::<i64>().ok().filter(|id| *id > 0)
        .ok_or_else(|| ApiError::NotFound(service::MSG_NO_ORDER.into()))?;
    repo::order(&state.db, project_id, id).await?.ok_or_else(|| ApiError::NotFound(service::MSG_NO_ORDER.into()))?;
    let remark = form.remark.as_deref().unwrap_or("").trim().to_owned();
    if remark.chars().count() > 200 {
        return Err(ApiError::refused(service::MSG_REMARK_LONG));
    }
    let actor = actor(&current, &ip);
    let message = match form.status.as_deref().map(str::trim) {
        Some("2") => {
            if remark.is_empty() {
                return Err(ApiError::refused(MSG_REJECT_REASON));
            }
            if !repo::close_pending(&state.db, project_id, id, "rejected", &remark, &actor).await? {
                return Err(ApiError::refused(service::MSG_NOT_PENDING));
            }
            "已驳回"
        }
        Some("1") => {
            let verified_after = clock::now() - VERIFICATION_SECONDS;
            match repo::approve(&state.db, project_id, id, verified_after, &remark, &actor).await? {
                Ok(()) => {}
                Err(repo::Refusal::Changed) => return Err(ApiError::refused(service::MSG_NOT_PENDING)),
                Err(repo::Refusal::NotVerified) => return Err(ApiError::refused(MSG_NOT_VERIFIED)),
                Err(other) => return Err(service::refusal(other)),
            }
            match payout::pay_order(&state.db, state.bank.as_ref(), id, &actor, i64::MAX).await {
                Ok(()) => "审核通过，已发放",
                Err(error) => {
                    tracing::warn!(?error, order = id, "payout interrupted; the order stays 支付中 and is resumed later");
                    "审核通过，银行处理中，系统将自动继续发放"
                }
            }
        }
        _ => return Err(ApiError::refused(MSG_DECISION)),
    };
    let order = repo::order(&state.db, project_id, id).await?.ok_or_else(|| ApiError::NotFound(service::MSG_NO_ORDER.into()))?;
    Ok(ok_with(service::order_out(order), message))
}
