//! Messages to a project or an account (issue 15 item 1): the inbox (系统消息, `/builder/message/v1/Message/…`),
//! the header bell's unread count, the arrears-lead popup (`Get_message`), and the same inbox for finance
//! approvers under `/finance/message/v1/Message/…`. Handlers here, rules in `service.rs`, SQL in `repo.rs`.

use axum::extract::State;
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::envelope::{ApiResult, Envelope, ok, ok_with};
use crate::extract::Params;
use crate::identity::accounts::Side;
use crate::identity::sessions::CurrentAccount;
use crate::paging::Paged;
use crate::state::AppState;
use service::{LeadMessage, MessageIdForm, MessageLine, MessageQuery, MessagesMarked};

mod model;
mod repo;
pub mod service;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(message_count))
        .routes(routes!(message_list))
        .routes(routes!(message_read))
        .routes(routes!(message_detail))
        .routes(routes!(message_read_all))
        .routes(routes!(lead_messages))
        .routes(routes!(finance_message_count))
        .routes(routes!(finance_message_list))
        .routes(routes!(finance_message_read))
        .routes(routes!(finance_message_detail))
        .routes(routes!(finance_message_read_all))
}

#[derive(Serialize, ToSchema)]
pub struct MessageCount {
    /// Unread messages of the inbox.
    pub count: i64,
}

/// Parameters of the calls that take only the regulator's project in view.
#[derive(Debug, Default, serde::Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct InboxQuery {
    #[serde(rename = "projectId")]
    #[param(rename = "projectId")]
    pub project_id: Option<String>,
}

async fn count(
    state: &AppState,
    current: &CurrentAccount,
    side: Side,
    project: &Option<String>,
) -> ApiResult<MessageCount> {
    let inbox = service::inbox(&state.db, current, side, project).await?;
    Ok(ok(MessageCount { count: service::unread_count(&state.db, &inbox).await? }))
}

async fn list(
    state: &AppState,
    current: &CurrentAccount,
    side: Side,
    query: &MessageQuery,
) -> ApiResult<Paged<MessageLine>> {
    let inbox = service::inbox(&state.db, current, side, &query.project_id).await?;
    Ok(ok(service::list(&state.db, &inbox, query).await?))
}

async fn read(
    state: &AppState,
    current: &CurrentAccount,
    side: Side,
    form: &MessageIdForm,
) -> ApiResult<Option<String>> {
    let inbox = service::inbox(&state.db, current, side, &form.project_id).await?;
    service::mark_read(&state.db, &inbox, form).await?;
    Ok(ok_with(None, "操作成功!"))
}

async fn detail(
    state: &AppState,
    current: &CurrentAccount,
    side: Side,
    form: &MessageIdForm,
) -> ApiResult<MessageLine> {
    let inbox = service::inbox(&state.db, current, side, &form.project_id).await?;
    Ok(ok(service::detail(&state.db, &inbox, form).await?))
}

async fn read_all(
    state: &AppState,
    current: &CurrentAccount,
    side: Side,
    query: &InboxQuery,
) -> ApiResult<MessagesMarked> {
    let inbox = service::inbox(&state.db, current, side, &query.project_id).await?;
    Ok(ok_with(service::mark_all_read(&state.db, &inbox).await?, "操作成功!"))
}

/// Unread messages of the inbox (header bell): a clerk's own and its project's; a regulator's own, or with
/// `projectId` that project's.
#[utoipa::path(post, path = "/builder/message/v1/Message/ajaxmessagecount", tag = "message",
    params(("X-Token" = String, Header, description = "session token"), InboxQuery),
    responses((status = 200, body = Envelope<MessageCount>)))]
async fn message_count(
    State(state): State<AppState>,
    current: CurrentAccount,
    Params(query): Params<InboxQuery>,
) -> ApiResult<MessageCount> {
    count(&state, &current, Side::Builder, &query.project_id).await
}

/// 系统消息: the inbox, newest first, filtered by `kind` and `read` (0 unread, 1 read), paged; each message
/// with its subject and the console path that resolves it. A regulator with `projectId` reads that
/// project's messages (read-only).
#[utoipa::path(post, path = "/builder/message/v1/Message/ajax_list", tag = "message",
    params(("X-Token" = String, Header, description = "session token"), MessageQuery),
    responses((status = 200, body = Envelope<Paged<MessageLine>>)))]
async fn message_list(
    State(state): State<AppState>,
    current: CurrentAccount,
    Params(query): Params<MessageQuery>,
) -> ApiResult<Paged<MessageLine>> {
    list(&state, &current, Side::Builder, &query).await
}

/// Marks one message read. Another inbox's message → 404; a regulator reading a project's → 403.
#[utoipa::path(post, path = "/builder/message/v1/Message/read", tag = "message",
    params(("X-Token" = String, Header, description = "session token"), MessageIdForm),
    responses((status = 200, body = Envelope<Option<String>>)))]
async fn message_read(
    State(state): State<AppState>,
    current: CurrentAccount,
    Params(form): Params<MessageIdForm>,
) -> ApiResult<Option<String>> {
    read(&state, &current, Side::Builder, &form).await
}

/// One message; opening it marks it read (a regulator reading a project's leaves it unread).
#[utoipa::path(post, path = "/builder/message/v1/Message/ajax_message_detail", tag = "message",
    params(("X-Token" = String, Header, description = "session token"), MessageIdForm),
    responses((status = 200, body = Envelope<MessageLine>)))]
async fn message_detail(
    State(state): State<AppState>,
    current: CurrentAccount,
    Params(form): Params<MessageIdForm>,
) -> ApiResult<MessageLine> {
    detail(&state, &current, Side::Builder, &form).await
}

/// 全部已读: marks every unread message of the inbox read; answers how many.
#[utoipa::path(post, path = "/builder/message/v1/Message/ajax_message_detail_all", tag = "message",
    params(("X-Token" = String, Header, description = "session token"), InboxQuery),
    responses((status = 200, body = Envelope<MessagesMarked>)))]
async fn message_read_all(
    State(state): State<AppState>,
    current: CurrentAccount,
    Params(query): Params<InboxQuery>,
) -> ApiResult<MessagesMarked> {
    read_all(&state, &current, Side::Builder, &query).await
}

/// The arrears-lead popup: the inbox's unread lead messages (newest first, at most 50), each with its
/// `content` and `back_id` (the lead).
#[utoipa::path(post, path = "/builder/message/v1/Message/Get_message", tag = "message",
    params(("X-Token" = String, Header, description = "session token"), InboxQuery),
    responses((status = 200, body = Envelope<Vec<LeadMessage>>)))]
async fn lead_messages(
    State(state): State<AppState>,
    current: CurrentAccount,
    Params(query): Params<InboxQuery>,
) -> ApiResult<Vec<LeadMessage>> {
    let inbox = service::inbox(&state.db, &current, Side::Builder, &query.project_id).await?;
    Ok(ok(service::unread_leads(&state.db, &inbox).await?))
}

/// The finance approver's unread messages (its own only). Finance accounts only (403).
#[utoipa::path(post, path = "/finance/message/v1/Message/ajaxmessagecount", tag = "message",
    params(("X-Token" = String, Header, description = "session token")),
    responses((status = 200, body = Envelope<MessageCount>)))]
async fn finance_message_count(State(state): State<AppState>, current: CurrentAccount) -> ApiResult<MessageCount> {
    count(&state, &current, Side::Finance, &None).await
}

/// The finance approver's messages (orders submitted for approval), as `ajax_list` on the builder side.
#[utoipa::path(post, path = "/finance/message/v1/Message/ajax_list", tag = "message",
    params(("X-Token" = String, Header, description = "session token"), MessageQuery),
    responses((status = 200, body = Envelope<Paged<MessageLine>>)))]
async fn finance_message_list(
    State(state): State<AppState>,
    current: CurrentAccount,
    Params(query): Params<MessageQuery>,
) -> ApiResult<Paged<MessageLine>> {
    list(&state, &current, Side::Finance, &query).await
}

/// Marks one of the approver's messages read.
#[utoipa::path(post, path = "/finance/message/v1/Message/read", tag = "message",
    params(("X-Token" = String, Header, description = "session token"), MessageIdForm),
    responses((status = 200, body = Envelope<Option<String>>)))]
async fn finance_message_read(
    State(state): State<AppState>,
    current: CurrentAccount,
    Params(form): Params<MessageIdForm>,
) -> ApiResult<Option<String>> {
    read(&state, &current, Side::Finance, &form).await
}

/// One of the approver's messages; opening it marks it read.
#[utoipa::path(post, path = "/finance/message/v1/Message/ajax_message_detail", tag = "message",
    params(("X-Token" = String, Header, description = "session token"), MessageIdForm),
    responses((status = 200, body = Envelope<MessageLine>)))]
async fn finance_message_detail(
    State(state): State<AppState>,
    current: CurrentAccount,
    Params(form): Params<MessageIdForm>,
) -> ApiResult<MessageLine> {
    detail(&state, &current, Side::Finance, &form).await
}

/// Marks every unread message of the approver read.
#[utoipa::path(post, path = "/finance/message/v1/Message/ajax_message_detail_all", tag = "message",
    params(("X-Token" = String, Header, description = "session token")),
    responses((status = 200, body = Envelope<MessagesMarked>)))]
async fn finance_message_read_all(State(state): State<AppState>, current: CurrentAccount) -> ApiResult<MessagesMarked> {
    read_all(&state, &current, Side::Finance, &InboxQuery::default()).await
}
