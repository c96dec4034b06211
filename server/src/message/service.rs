//! The messages' rules: whose inbox holds which message, the inbox list and its read state, the lead messages
//! of the login popup, and the messages other areas send.

use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

pub use super::model::{Kind, Outgoing};
use super::repo::{self, InboxFilter, MessageRow};
use crate::clock;
use crate::db::{Db, Tx};
use crate::envelope::ApiError;
use crate::extract::sent;
use crate::identity::accounts::AccountKind;
use crate::identity::accounts::Side;
use crate::identity::sessions::CurrentAccount;
use crate::paging::{Page, Paged};
use crate::scope::{self, ReadScope};

pub const MSG_KIND: &str = "消息类型不正确";
pub const MSG_READ_STATE: &str = "已读状态应为0（未读）或1（已读）";
pub const MSG_ID: &str = "请选择正确的消息";
pub const MSG_NOT_FOUND: &str = "消息不存在";
pub const MSG_READ_ONLY: &str = "监管部门账号只能查看项目的消息，不能标记已读";
pub const MSG_WRONG_SIDE: &str = "当前账号无权访问该入口";
/// The popup lists at most this many lead messages, newest first.
const POPUP_LEADS: i64 = 50;

pub async fn send(db: &Db, message: Outgoing<'_>) -> sqlx::Result<()> {
    repo::insert(db, &message, clock::now()).await
}

/// One copy of `message` (about its project) to every enabled regulator account, inside the caller's `tx`, so
/// the record it reports and the regulators' messages commit together (a guarantee change).
pub async fn send_to_regulators(tx: &mut Tx, message: Outgoing<'_>) -> sqlx::Result<()> {
    repo::insert_for_regulators(tx, &message, clock::now()).await
}

/// The account has seen what its message of `kind` titled `title` about the project reports: the message is
/// read, inside the caller's `tx` (a regulator reading a guarantee change marks the change and its message
/// together).
pub async fn titled_read(tx: &mut Tx, account_id: i64, project_id: i64, kind: Kind, title: &str) -> sqlx::Result<()> {
    repo::mark_titled_read(tx, account_id, project_id, kind.as_str(), title, clock::now()).await
}

/// The project opened the record a message is about (a notice, a lead): its messages about it leave the bell.
pub async fn subject_opened(db: &Db, project_id: i64, kind: Kind, subject_id: i64) -> sqlx::Result<()> {
    repo::mark_subject_read(db, project_id, kind.as_str(), subject_id, clock::now()).await
}

/// A system message to the project (its accounts see it in their inbox).
pub async fn send_to_project(db: &Db, project_id: i64, title: &str, content: &str) -> sqlx::Result<()> {
    send(db, Outgoing::to_project(project_id, Kind::System, title, content)).await
}

/// Whose messages a reader sees, and whether it may mark them read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Inbox {
    side: Side,
    filter: InboxFilter,
    /// False for a regulator reading a project's messages: it looks, the project's read state stays.
    writable: bool,
}

/// The inbox of the session on `side`: a builder account reads its own messages and its project's; a
/// finance approver only its own (never the project's, which are the clerk's); a regulator its own, or with
/// `projectId` (in its district) that project's, read-only.
pub async fn inbox(db: &Db, current: &CurrentAccount, side: Side, project: &Option<String>) -> Result<Inbox, ApiError> {
    if !side.admits(current.kind()) {
        return Err(ApiError::Forbidden(MSG_WRONG_SIDE.into()));
    }
    let own =
        |project_id| Inbox { side, filter: InboxFilter { account_id: current.account.id, project_id }, writable: true };
    match current.kind() {
        AccountKind::Builder => Ok(own(current.account.project_id)),
        AccountKind::Finance => Ok(own(None)),
        AccountKind::Admin if sent(project).is_empty() => Ok(own(None)),
        AccountKind::Admin => match scope::read(db, current, project).await? {
            ReadScope::Project(project_id) => {
                Ok(Inbox { side, filter: InboxFilter { account_id: 0, project_id: Some(project_id) }, writable: false })
            }
            ReadScope::All => Ok(own(None)),
        },
    }
}

pub async fn unread_count(db: &Db, inbox: &Inbox) -> Result<i64, ApiError> {
    Ok(repo::unread_count(db, &inbox.filter).await?)
}

#[derive(Debug, Default, Deserialize, IntoParams, ToSchema)]
#[into_params(parameter_in = Query)]
pub struct MessageQuery {
    /// One kind (`system`, `order`, `payout`, `lead`, `warning`, `notice`, `guarantee`, `guarantee_change`);
    /// empty for all.
    pub kind: Option<String>,
    /// `0` unread, `1` read; empty for both.
    pub read: Option<String>,
    pub page: Option<String>,
    pub limit: Option<String>,
    /// The regulator's project in view (its messages, read-only); a builder's own project is implied.
    #[serde(rename = "projectId")]
    #[param(rename = "projectId")]
    pub project_id: Option<String>,
}

/// One message as the inbox shows it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MessageLine {
    pub id: i64,
    pub kind: String,
    /// The kind's name (系统消息, 工资单, …).
    pub kind_label: String,
    pub title: String,
    pub content: String,
    /// `YYYY-MM-DD HH:MM:SS`, China time.
    pub created_time: String,
    pub read: bool,
    /// When it was read (China time); '' while unread.
    pub read_time: String,
    /// The record the message is about (a lead, an order, a notice…); null when none.
    pub subject_id: Option<i64>,
    /// The console path of the screen that resolves it; '' when none.
    pub link: String,
}

fn line(side: Side, row: MessageRow) -> MessageLine {
    let kind = Kind::parse(&row.kind);
    MessageLine {
        id: row.id,
        kind_label: kind.map(Kind::label).unwrap_or("消息").to_owned(),
        link: kind.map(|kind| kind.link(side, row.subject_id)).unwrap_or_default(),
        kind: row.kind,
        title: row.title,
        content: row.content,
        created_time: clock::china_datetime(row.created_at),
        read: row.is_read,
        read_time: row.read_at.map(clock::china_datetime).unwrap_or_default(),
        subject_id: row.subject_id,
    }
}

/// A page of the inbox, newest first, filtered by kind and read state.
pub async fn list(db: &Db, inbox: &Inbox, query: &MessageQuery) -> Result<Paged<MessageLine>, ApiError> {
    let page = Page::parse(&query.page, &query.limit)?;
    let kind = match sent(&query.kind) {
        "" => None,
        text => Some(Kind::parse(text).ok_or_else(|| ApiError::refused(MSG_KIND))?),
    };
    let read = match sent(&query.read) {
        "" => None,
        "0" => Some(false),
        "1" => Some(true),
        _ => return Err(ApiError::refused(MSG_READ_STATE)),
    };
    let (rows, total) = repo::list(db, &inbox.filter, kind.map(Kind::as_str), read, page.limit, page.offset()).await?;
    Ok(page.answer(rows.into_iter().map(|row| line(inbox.side, row)).collect(), total))
}

/// `read`, `ajax_message_detail`: the message's id.
#[derive(Debug, Default, Deserialize, IntoParams, ToSchema)]
#[into_params(parameter_in = Query)]
pub struct MessageIdForm {
    pub id: Option<String>,
    #[serde(rename = "projectId")]
    #[param(rename = "projectId")]
    pub project_id: Option<String>,
}

fn message_id(form: &MessageIdForm) -> Result<i64, ApiError> {
    sent(&form.id).parse::<i64>().ok().filter(|id| *id > 0).ok_or_else(|| ApiError::refused(MSG_ID))
}

fn not_found() -> ApiError {
    ApiError::NotFound(MSG_NOT_FOUND.into())
}

fn require_writable(inbox: &Inbox) -> Result<(), ApiError> {
    if inbox.writable { Ok(()) } else { Err(ApiError::Forbidden(MSG_READ_ONLY.into())) }
}

/// Marks one message of the inbox read (again: nothing changes).
pub async fn mark_read(db: &Db, inbox: &Inbox, form: &MessageIdForm) -> Result<(), ApiError> {
    let id = message_id(form)?;
    require_writable(inbox)?;
    repo::find(db, &inbox.filter, id).await?.ok_or_else(not_found)?;
    repo::mark_read(db, &inbox.filter, id, clock::now()).await?;
    Ok(())
}

/// One message of the inbox; opening it marks it read (not for a regulator reading a project's).
pub async fn detail(db: &Db, inbox: &Inbox, form: &MessageIdForm) -> Result<MessageLine, ApiError> {
    let id = message_id(form)?;
    let row = repo::find(db, &inbox.filter, id).await?.ok_or_else(not_found)?;
    if inbox.writable && !row.is_read {
        repo::mark_read(db, &inbox.filter, id, clock::now()).await?;
        let row = repo::find(db, &inbox.filter, id).await?.ok_or_else(not_found)?;
        return Ok(line(inbox.side, row));
    }
    Ok(line(inbox.side, row))
}

/// How many messages 全部已读 marked.
#[derive(Debug, Serialize, ToSchema)]
pub struct MessagesMarked {
    pub count: u64,
}

/// Marks every unread message of the inbox read.
pub async fn mark_all_read(db: &Db, inbox: &Inbox) -> Result<MessagesMarked, ApiError> {
    require_writable(inbox)?;
    Ok(MessagesMarked { count: repo::mark_all_read(db, &inbox.filter, clock::now()).await? })
}

/// An unread lead message of the popup (spec §3 "Messages").
#[derive(Debug, Serialize, ToSchema)]
pub struct LeadMessage {
    /// The message's id (to mark it read once opened).
    pub id: i64,
    pub title: String,
    pub content: String,
    /// The lead's id: the popup opens `/remunerationClues/feedbackDetail?id=<back_id>`.
    pub back_id: Option<i64>,
    /// `YYYY-MM-DD HH:MM:SS`, China time.
    pub created_time: String,
}

/// The inbox's unread lead messages, newest first (at most 50).
pub async fn unread_leads(db: &Db, inbox: &Inbox) -> Result<Vec<LeadMessage>, ApiError> {
    let (rows, _) = repo::list(db, &inbox.filter, Some(Kind::Lead.as_str()), Some(false), POPUP_LEADS, 0).await?;
    Ok(rows
        .into_iter()
        .map(|row| LeadMessage {
            id: row.id,
            title: row.title,
            content: row.content,
            back_id: row.subject_id,
            created_time: clock::china_datetime(row.created_at),
        })
        .collect())
}

/// Demo messages of the approved demo project: an order approved (read) and a payout failed (unread).
pub async fn seed_demo(db: &Db, project_id: i64) -> sqlx::Result<()> {
    // The notice, the lead and the warnings of the demo send their own messages.
    let messages = [
        (Kind::Order, "工资单已审核通过", "您提交的工资单已由财务审核通过，银行正在发放。"),
        (
            Kind::Payout,
            "工资发放失败",
            "有 1 笔工资发放失败（卡号与户名不符），请在工资发放异常处理中修改工资卡后重新发放。",
        ),
    ];
    for (kind, title, content) in messages {
        send(db, Outgoing::to_project(project_id, kind, title, content)).await?;
    }
    repo::mark_oldest_read(db, project_id, clock::now()).await
}
