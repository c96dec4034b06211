//! Notices (通知公告, issue 15 item 2). The regulator publishes, lists, reads and withdraws them and sees who
//! read them (`/admin/notice/v1/Notice/…`); a project lists the notices addressed to it and opens them at the
//! spec's paths (`/builder/notice/v1/Notice/{ajax_list,ajax_attach_list,ajax_look}`). Handlers here, rules in
//! `service.rs`, SQL in `repo.rs`.

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
    Attachment, NoticeDetail, NoticeIdForm, NoticeQuery, NoticeSummary, OpenedNotice, ProjectNotice,
    ProjectNoticeQuery, PublishForm, Published, Receipt, ReceiptQuery,
};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(notice_publish))
        .routes(routes!(notice_list))
        .routes(routes!(notice_detail))
        .routes(routes!(notice_withdraw))
        .routes(routes!(notice_receipts))
        .routes(routes!(notice_project_list))
        .routes(routes!(notice_attach_list))
        .routes(routes!(notice_look))
}

/// Publishes a notice (监察 or 管理员): plain-text body, up to 5 attachments uploaded with `kind=voucher`, to
/// every approved project of the account's district, to those of chosen districts, or to chosen projects.
/// Each addressed project gets a message.
#[utoipa::path(post, path = "/admin/notice/v1/Notice/publish", tag = "notice",
    params(("X-Token" = String, Header, description = "session token")),
    request_body(content = PublishForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Envelope<Published>)))]
async fn notice_publish(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    current: CurrentAccount,
    Params(form): Params<PublishForm>,
) -> ApiResult<Published> {
    Ok(ok_with(service::publish(&state.db, &current, &ip, &form).await?, "发布成功"))
}

/// The notices published within the account's district, newest first, filtered by `title` and `status`,
/// paged. Regulator accounts only.
#[utoipa::path(get, path = "/admin/notice/v1/Notice/ajax_list", tag = "notice",
    params(("X-Token" = String, Header, description = "session token"), NoticeQuery),
    responses((status = 200, body = Envelope<Paged<NoticeSummary>>)))]
async fn notice_list(
    State(state): State<AppState>,
    current: CurrentAccount,
    Params(query): Params<NoticeQuery>,
) -> ApiResult<Paged<NoticeSummary>> {
    Ok(ok(service::list(&state.db, &current, &query).await?))
}

/// One notice with its body and attachments (404 outside the account's district).
#[utoipa::path(get, path = "/admin/notice/v1/Notice/detail", tag = "notice",
    params(("X-Token" = String, Header, description = "session token"), NoticeIdForm),
    responses((status = 200, body = Envelope<NoticeDetail>)))]
async fn notice_detail(
    State(state): State<AppState>,
    current: CurrentAccount,
    Params(form): Params<NoticeIdForm>,
) -> ApiResult<NoticeDetail> {
    Ok(ok(service::detail(&state.db, &current, &form).await?))
}

/// Withdraws a published notice (监察 or 管理员): the projects no longer see it.
#[utoipa::path(post, path = "/admin/notice/v1/Notice/withdraw", tag = "notice",
    params(("X-Token" = String, Header, description = "session token")),
    request_body(content = NoticeIdForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Envelope<serde_json::Value>)))]
async fn notice_withdraw(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    current: CurrentAccount,
    Params(form): Params<NoticeIdForm>,
) -> ApiResult<serde_json::Value> {
    service::withdraw(&state.db, &current, &ip, &form).await?;
    Ok(ok_with(serde_json::Value::Null, "已撤回"))
}

/// The read receipts: each addressed project, whether and when it first opened the notice, paged.
#[utoipa::path(get, path = "/admin/notice/v1/Notice/reads", tag = "notice",
    params(("X-Token" = String, Header, description = "session token"), ReceiptQuery),
    responses((status = 200, body = Envelope<Paged<Receipt>>)))]
async fn notice_receipts(
    State(state): State<AppState>,
    current: CurrentAccount,
    Params(query): Params<ReceiptQuery>,
) -> ApiResult<Paged<Receipt>> {
    Ok(ok(service::receipts(&state.db, &current, &query).await?))
}

/// 通知公告: the published notices addressed to the account's project, newest first, with the read state;
/// filtered by `title` and `read`, paged. Project accounts only.
#[utoipa::path(post, path = "/builder/notice/v1/Notice/ajax_list", tag = "notice",
    params(("X-Token" = String, Header, description = "session token")),
    request_body(content = ProjectNoticeQuery, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Envelope<Paged<ProjectNotice>>)))]
async fn notice_project_list(
    State(state): State<AppState>,
    current: CurrentAccount,
    Params(query): Params<ProjectNoticeQuery>,
) -> ApiResult<Paged<ProjectNotice>> {
    Ok(ok(service::project_list(&state.db, &current, &query).await?))
}

/// The attachments of a notice addressed to the account's project (404 for any other).
#[utoipa::path(post, path = "/builder/notice/v1/Notice/ajax_attach_list", tag = "notice",
    params(("X-Token" = String, Header, description = "session token")),
    request_body(content = NoticeIdForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Envelope<Vec<Attachment>>)))]
async fn notice_attach_list(
    State(state): State<AppState>,
    current: CurrentAccount,
    Params(form): Params<NoticeIdForm>,
) -> ApiResult<Vec<Attachment>> {
    Ok(ok(service::project_attachments(&state.db, &current, &form).await?))
}

/// Opens a notice addressed to the account's project: its body and attachments. The project's first
/// opening is recorded as its read (later ones keep it).
#[utoipa::path(post, path = "/builder/notice/v1/Notice/ajax_look", tag = "notice",
    params(("X-Token" = String, Header, description = "session token")),
    request_body(content = NoticeIdForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Envelope<OpenedNotice>)))]
async fn notice_look(
    State(state): State<AppState>,
    current: CurrentAccount,
    Params(form): Params<NoticeIdForm>,
) -> ApiResult<OpenedNotice> {
    Ok(ok(service::look(&state.db, &current, &form).await?))
}
