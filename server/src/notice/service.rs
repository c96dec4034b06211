//! The notices' rules (issue 15 item 2): who publishes (a regulator 监察 or 管理员) to whom (the approved
//! projects of its district, of chosen districts within it, or chosen projects of it), the attachments (the
//! voucher upload rules, at most 5, uploaded by the publisher), withdrawal, the read receipts, and what a
//! project sees: only published notices addressed to it. Bodies are plain text and stay so: the console
//! renders them as text.

use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::repo::{self, AttachmentRow, NewNotice, NoticeRow, ProjectNoticeRow};
use crate::area::data::areas;
use crate::clock;
use crate::db::{Db, DbFuture, Tx};
use crate::domain::Invalid;
use crate::envelope::ApiError;
use crate::extract::sent;
use crate::identity::accounts::{AccountKind, RegulatorRole};
use crate::identity::sessions::CurrentAccount;
use crate::message::service::{self as message, Kind, Outgoing};
use crate::paging::{self, Page, Paged};
use crate::project::service as projects;
use crate::upload::kind::UploadKind;
use crate::upload::service::{SharedFiles, URL_PREFIX, account_upload};
use crate::{oplog, scope};

pub const MSG_REGULATOR_ONLY: &str = "仅监管部门账号可以发布通知";
pub const MSG_PROJECT_ONLY: &str = "通知公告仅供项目账号查看";
pub const MSG_TITLE: &str = "请输入通知标题";
pub const MSG_TITLE_LONG: &str = "通知标题不能超过100个字";
pub const MSG_BODY: &str = "请输入通知内容";
pub const MSG_BODY_LONG: &str = "通知内容不能超过5000个字";
pub const MSG_AUDIENCE: &str = "请选择发布范围";
pub const MSG_DISTRICTS: &str = "请选择辖区内的行政区划";
pub const MSG_PROJECTS: &str = "请选择辖区内已审核通过的项目";
pub const MSG_NOBODY: &str = "发布范围内没有已审核通过的项目";
pub const MSG_ATTACHMENT: &str = "附件无效，请重新上传";
pub const MSG_NOT_FOUND: &str = "通知不存在";
pub const MSG_WITHDRAWN: &str = "该通知已撤回";
pub const MSG_STATUS: &str = "请选择正确的通知状态";
pub const MSG_READ: &str = "请选择正确的阅读状态";
pub const MSG_ID: &str = "请选择通知";
pub const TITLE_MAX: usize = 100;
pub const BODY_MAX: usize = 5000;
/// Districts or projects one notice may name.
pub const AUDIENCE_MAX: usize = 200;

/// Publishing and withdrawing: 监察 (who handles warnings and leads, and so speaks to the projects) and
/// 管理员; every regulator of the district reads the notices and their receipts.
const PUBLISHERS: &[RegulatorRole] = &[RegulatorRole::Inspector];

fn require_regulator(current: &CurrentAccount) -> Result<(), ApiError> {
    match current.kind() {
        AccountKind::Admin => Ok(()),
        AccountKind::Finance => Err(ApiError::Forbidden(scope::MSG_FINANCE.into())),
        AccountKind::Builder => Err(ApiError::Forbidden(MSG_REGULATOR_ONLY.into())),
    }
}

/// The builder account's own project; regulators and finance accounts read notices elsewhere (403).
fn reader_project(current: &CurrentAccount) -> Result<i64, ApiError> {
    match current.kind() {
        AccountKind::Builder => current.account.project_id.ok_or_else(scope::not_found),
        AccountKind::Finance => Err(ApiError::Forbidden(scope::MSG_FINANCE.into())),
        AccountKind::Admin => Err(ApiError::Forbidden(MSG_PROJECT_ONLY.into())),
    }
}

fn notice_id(text: &Option<String>) -> Result<i64, ApiError> {
    match sent(text) {
        "" => Err(Invalid(MSG_ID).into()),
        text => text.parse::<i64>().ok().filter(|id| *id > 0).ok_or_else(not_found),
    }
}

fn not_found() -> ApiError {
    ApiError::NotFound(MSG_NOT_FOUND.into())
}

/// Who a notice goes to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Audience {
    /// Every approved project of the publisher's district.
    All,
    /// The approved projects of the chosen districts.
    Districts,
    /// The chosen projects.
    Projects,
}

impl Audience {
    fn parse(text: &str) -> Option<Audience> {
        match text {
            "all" => Some(Audience::All),
            "districts" => Some(Audience::Districts),
            "projects" => Some(Audience::Projects),
            _ => None,
        }
    }

    fn as_str(self) -> &'static str {
        match self {
            Audience::All => "all",
            Audience::Districts => "districts",
            Audience::Projects => "projects",
        }
    }

    fn label(self) -> &'static str {
        match self {
            Audience::All => "辖区内全部项目",
            Audience::Districts => "指定行政区划",
            Audience::Projects => "指定项目",
        }
    }
}

/// A notice to publish. Form-encoded; lists are comma-separated.
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct PublishForm {
    /// At most 100 characters.
    pub title: Option<String>,
    /// Plain text, at most 5000 characters; line breaks are kept, markup is shown as typed.
    pub body: Option<String>,
    /// `all` (every approved project of the publisher's district), `districts` or `projects`.
    pub audience: Option<String>,
    /// For `districts`: city, county or township codes within the publisher's district.
    pub districts: Option<String>,
    /// For `projects`: project ids of the publisher's district, approved.
    pub projects: Option<String>,
    /// Up to 5 file URLs (`/uploads/…`) the publisher uploaded with `kind=voucher`.
    pub attachments: Option<String>,
}

/// The published notice's id and how many projects it went to.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Published {
    pub id: i64,
    pub recipients: i64,
}

fn comma_list(text: &Option<String>) -> Vec<String> {
    let mut items: Vec<String> = Vec::new();
    for item in sent(text).split(',').map(str::trim).filter(|item| !item.is_empty()) {
        if !items.iter().any(|known| known == item) {
            items.push(item.to_owned());
        }
    }
    items
}

/// The form's title and body, checked.
fn text_fields(form: &PublishForm) -> Result<(String, String), Invalid> {
    let title = sent(&form.title);
    if title.is_empty() {
        return Err(Invalid(MSG_TITLE));
    }
    if title.chars().count() > TITLE_MAX {
        return Err(Invalid(MSG_TITLE_LONG));
    }
    // The body keeps its inner line breaks; only the ends are trimmed.
    let body = form.body.as_deref().unwrap_or("").trim();
    if body.is_empty() {
        return Err(Invalid(MSG_BODY));
    }
    if body.chars().count() > BODY_MAX {
        return Err(Invalid(MSG_BODY_LONG));
    }
    Ok((title.to_owned(), body.to_owned()))
}

/// The districts named, each a city, county or township inside the publisher's `scope` ('' = whole area).
fn check_districts(codes: &[String], scope: &str) -> Result<(), Invalid> {
    if codes.is_empty() || codes.len() > AUDIENCE_MAX {
        return Err(Invalid(MSG_DISTRICTS));
    }
    let areas = areas();
    for code in codes {
        let area = areas
            .get(code)
            .filter(|area| area.level >= crate::area::data::Level::City)
            .ok_or(Invalid(MSG_DISTRICTS))?;
        if !scope.is_empty() && !areas.get(scope).is_some_and(|own| areas.contains(own, area)) {
            return Err(Invalid(MSG_DISTRICTS));
        }
    }
    Ok(())
}

/// The projects a notice goes to, by id, and the audience list as stored.
async fn resolve_audience(
    db: &Db,
    audience: Audience,
    form: &PublishForm,
    scope: &str,
) -> Result<(Vec<i64>, String), ApiError> {
    let in_scope = projects::approved_in_district(db, scope).await?;
    let (mut ids, list) = match audience {
        Audience::All => (in_scope, String::new()),
        Audience::Districts => {
            let codes = comma_list(&form.districts);
            check_districts(&codes, scope)?;
            let mut ids = Vec::new();
            for code in &codes {
                ids.extend(projects::approved_in_district(db, code).await?);
            }
            (ids, codes.join(","))
        }
        Audience::Projects => {
            let chosen = comma_list(&form.projects);
            if chosen.is_empty() || chosen.len() > AUDIENCE_MAX {
                return Err(Invalid(MSG_PROJECTS).into());
            }
            let mut ids = Vec::with_capacity(chosen.len());
            for text in &chosen {
                let id = text.parse::<i64>().ok().filter(|id| in_scope.contains(id)).ok_or(Invalid(MSG_PROJECTS))?;
                ids.push(id);
            }
            let list = ids.iter().map(i64::to_string).collect::<Vec<_>>().join(",");
            (ids, list)
        }
    };
    ids.sort_unstable();
    ids.dedup();
    if ids.is_empty() {
        return Err(Invalid(MSG_NOBODY).into());
    }
    Ok((ids, list))
}

/// The attachments named, each the publisher's own voucher upload: (stored name, original name).
async fn check_attachments(
    db: &Db,
    current: &CurrentAccount,
    form: &PublishForm,
) -> Result<Vec<(String, String)>, ApiError> {
    let urls = comma_list(&form.attachments);
    let max = UploadKind::Voucher.max_files();
    if urls.len() > max {
        return Err(ApiError::refused(format!("当前限制选择{max}个文件")));
    }
    let mut files = Vec::with_capacity(urls.len());
    for url in urls {
        let name = url.strip_prefix(URL_PREFIX).unwrap_or("");
        let plain =
            !name.is_empty() && name.len() <= 80 && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'.');
        let original = if plain {
            account_upload(db, current.account.id, name, UploadKind::Voucher.as_str()).await?
        } else {
            None
        };
        files.push((name.to_owned(), original.ok_or_else(|| ApiError::refused(MSG_ATTACHMENT))?));
    }
    Ok(files)
}

/// How a notice names its publisher to the projects: the account's name (劳动监察员), else its login name.
fn publisher_name(account: &crate::identity::accounts::Account) -> &str {
    if account.name.trim().is_empty() { &account.username } else { &account.name }
}

/// Publishes a notice: stores it with its receipts, sends each addressed project a message, and logs it.
pub async fn publish(db: &Db, current: &CurrentAccount, ip: &str, form: &PublishForm) -> Result<Published, ApiError> {
    require_regulator(current)?;
    scope::require_role(current, PUBLISHERS)?;
    let (title, body) = text_fields(form)?;
    let audience = Audience::parse(sent(&form.audience)).ok_or(Invalid(MSG_AUDIENCE))?;
    let district = scope::district(current);
    let (recipients, audience_list) = resolve_audience(db, audience, form, district).await?;
    let attachments = check_attachments(db, current, form).await?;
    let notice = NewNotice {
        title: &title,
        body: &body,
        audience: audience.as_str(),
        audience_list: &audience_list,
        district,
        publisher_id: current.account.id,
        publisher_name: publisher_name(&current.account),
        attachments: &attachments,
        projects: &recipients,
    };
    let mut tx = Tx::begin(db).await?;
    let id = repo::insert(&mut tx, &notice, clock::now()).await?;
    let entry = oplog::Entry::by(&current.account, ip).action("发布通知").on("notice", id).detail(format!(
        "《{title}》→ {}（{}个项目）",
        audience.label(),
        recipients.len()
    ));
    oplog::record_in(&mut tx, &entry).await?;
    tx.commit().await?;
    let content = format!("监管部门发布了通知《{title}》，请在通知公告中查看。");
    for project_id in &recipients {
        message::send(db, Outgoing::to_project(*project_id, Kind::Notice, "新通知公告", &content).about(id)).await?;
    }
    Ok(Published { id, recipients: recipients.len() as i64 })
}

/// The regulator's filters of the notice list.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct NoticeQuery {
    /// Part of the title.
    pub title: Option<String>,
    /// `published` or `withdrawn`; empty = both.
    pub status: Option<String>,
    pub page: Option<String>,
    pub limit: Option<String>,
}

/// A notice as the regulator sees it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NoticeSummary {
    pub id: i64,
    pub title: String,
    /// `all`, `districts` or `projects`.
    pub audience: String,
    /// 辖区内全部项目 / 指定行政区划：… / 指定项目
    pub audience_label: String,
    /// `published` or `withdrawn`.
    pub status: String,
    pub status_label: String,
    /// The publisher's name (its login name when it has none).
    pub publisher: String,
    /// `YYYY-MM-DD HH:MM:SS`, China time.
    pub published_at: String,
    /// '' while published.
    pub withdrawn_at: String,
    pub withdrawn_by: String,
    /// Projects addressed, and how many of them opened it.
    pub recipients: i64,
    pub reads: i64,
    pub attachment_count: i64,
}

fn status_label(status: &str) -> &'static str {
    if status == "withdrawn" { "已撤回" } else { "已发布" }
}

fn audience_label(row: &NoticeRow) -> String {
    match Audience::parse(&row.audience) {
        Some(Audience::Districts) => {
            let names: Vec<String> = row.audience_list.split(',').map(crate::auth::regulators::district_name).collect();
            format!("{}：{}", Audience::Districts.label(), names.join("、"))
        }
        Some(audience) => audience.label().to_owned(),
        None => String::new(),
    }
}

impl From<NoticeRow> for NoticeSummary {
    fn from(row: NoticeRow) -> Self {
        NoticeSummary {
            audience_label: audience_label(&row),
            status_label: status_label(&row.status).into(),
            published_at: clock::china_datetime(row.published_at),
            withdrawn_at: row.withdrawn_at.map(clock::china_datetime).unwrap_or_default(),
            id: row.id,
            title: row.title,
            audience: row.audience,
            status: row.status,
            publisher: row.publisher_name,
            withdrawn_by: row.withdrawn_by,
            recipients: row.recipients,
            reads: row.reads,
            attachment_count: row.attachments,
        }
    }
}

pub async fn list(db: &Db, current: &CurrentAccount, query: &NoticeQuery) -> Result<Paged<NoticeSummary>, ApiError> {
    require_regulator(current)?;
    let status = sent(&query.status);
    if !matches!(status, "" | "published" | "withdrawn") {
        return Err(Invalid(MSG_STATUS).into());
    }
    let title = sent(&query.title);
    if title.chars().count() > TITLE_MAX {
        return Err(Invalid(MSG_TITLE_LONG).into());
    }
    let page = Page::parse(&query.page, &query.limit)?;
    let (rows, total) =
        repo::list(db, scope::district(current), status, &paging::contains_pattern(title), page.limit, page.offset())
            .await?;
    Ok(page.answer(rows.into_iter().map(NoticeSummary::from).collect(), total))
}

/// An attachment: its name as uploaded and where to download it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Attachment {
    pub id: i64,
    pub name: String,
    /// `/uploads/…`, served to the publisher's district and to the addressed projects.
    pub url: String,
}

impl From<AttachmentRow> for Attachment {
    fn from(row: AttachmentRow) -> Self {
        Attachment { id: row.id, name: row.original_name, url: format!("{URL_PREFIX}{}", row.stored_name) }
    }
}

async fn attachments(db: &Db, notice_id: i64) -> Result<Vec<Attachment>, ApiError> {
    Ok(repo::attachments(db, notice_id).await?.into_iter().map(Attachment::from).collect())
}

/// A notice with its body and attachments, for the regulator.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NoticeDetail {
    #[serde(flatten)]
    pub summary: NoticeSummary,
    /// Plain text; show it as text.
    pub body: String,
    pub attachments: Vec<Attachment>,
}

#[derive(Debug, Default, Deserialize, IntoParams, ToSchema)]
#[into_params(parameter_in = Query)]
pub struct NoticeIdForm {
    /// The notice's id.
    pub id: Option<String>,
}

/// The notice `id` if the regulator's district holds it (404 otherwise, as for an unknown id).
async fn regulator_notice(db: &Db, current: &CurrentAccount, id: &Option<String>) -> Result<NoticeRow, ApiError> {
    require_regulator(current)?;
    let id = notice_id(id)?;
    let row = repo::find(db, id).await?.ok_or_else(not_found)?;
    if !row.district.starts_with(scope::district(current)) {
        return Err(not_found());
    }
    Ok(row)
}

pub async fn detail(db: &Db, current: &CurrentAccount, form: &NoticeIdForm) -> Result<NoticeDetail, ApiError> {
    let mut row = regulator_notice(db, current, &form.id).await?;
    let body = std::mem::take(&mut row.body);
    let attachments = attachments(db, row.id).await?;
    Ok(NoticeDetail { summary: row.into(), body, attachments })
}

/// Withdraws a published notice: the projects no longer see it; the receipts stay.
pub async fn withdraw(db: &Db, current: &CurrentAccount, ip: &str, form: &NoticeIdForm) -> Result<(), ApiError> {
    let row = regulator_notice(db, current, &form.id).await?;
    scope::require_role(current, PUBLISHERS)?;
    if !repo::withdraw(db, row.id, &current.account.username, clock::now()).await? {
        return Err(ApiError::refused(MSG_WITHDRAWN));
    }
    oplog::record(
        db,
        oplog::Entry::by(&current.account, ip)
            .action("撤回通知")
            .on("notice", row.id)
            .detail(format!("《{}》已发布 → 已撤回", row.title)),
    )
    .await?;
    Ok(())
}

#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ReceiptQuery {
    /// The notice's id.
    pub id: Option<String>,
    /// `1` the projects that read it, `0` those that did not; empty = all.
    pub read: Option<String>,
    pub page: Option<String>,
    pub limit: Option<String>,
}

/// One addressed project and when it first opened the notice.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Receipt {
    pub project_id: i64,
    pub project_name: String,
    pub read: bool,
    /// `YYYY-MM-DD HH:MM:SS`, China time; '' when unread.
    pub read_at: String,
    /// The login name of the account that opened it first; '' when unread.
    pub reader: String,
}

fn read_filter(text: &Option<String>) -> Result<&str, Invalid> {
    match sent(text) {
        read @ ("" | "0" | "1") => Ok(read),
        _ => Err(Invalid(MSG_READ)),
    }
}

/// The addressed projects, read ones first (in the order they read), then the unread.
pub async fn receipts(db: &Db, current: &CurrentAccount, query: &ReceiptQuery) -> Result<Paged<Receipt>, ApiError> {
    let row = regulator_notice(db, current, &query.id).await?;
    let read = read_filter(&query.read)?;
    let page = Page::parse(&query.page, &query.limit)?;
    let (rows, total) = repo::receipts(db, row.id, read, page.limit, page.offset()).await?;
    let list = rows
        .into_iter()
        .map(|row| Receipt {
            project_id: row.project_id,
            project_name: row.project_name,
            read: row.read_at.is_some(),
            read_at: row.read_at.map(clock::china_datetime).unwrap_or_default(),
            reader: row.reader.unwrap_or_default(),
        })
        .collect();
    Ok(page.answer(list, total))
}

/// The project's filters of its notices.
#[derive(Debug, Default, Deserialize, IntoParams, ToSchema)]
#[into_params(parameter_in = Query)]
pub struct ProjectNoticeQuery {
    /// Part of the title.
    pub title: Option<String>,
    /// `1` read, `0` unread; empty = all.
    pub read: Option<String>,
    pub page: Option<String>,
    pub limit: Option<String>,
}

/// A notice as its project sees it in the list.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProjectNotice {
    pub id: i64,
    pub title: String,
    pub publisher: String,
    /// `YYYY-MM-DD HH:MM:SS`, China time.
    pub published_at: String,
    /// Whether the project has opened it.
    pub read: bool,
    /// When the project first opened it; '' when unread.
    pub read_at: String,
    pub attachment_count: i64,
}

impl From<ProjectNoticeRow> for ProjectNotice {
    fn from(row: ProjectNoticeRow) -> Self {
        ProjectNotice {
            id: row.id,
            title: row.title,
            publisher: row.publisher_name,
            published_at: clock::china_datetime(row.published_at),
            read: row.read_at.is_some(),
            read_at: row.read_at.map(clock::china_datetime).unwrap_or_default(),
            attachment_count: row.attachments,
        }
    }
}

pub async fn project_list(
    db: &Db,
    current: &CurrentAccount,
    query: &ProjectNoticeQuery,
) -> Result<Paged<ProjectNotice>, ApiError> {
    let project_id = reader_project(current)?;
    let read = read_filter(&query.read)?;
    let title = sent(&query.title);
    if title.chars().count() > TITLE_MAX {
        return Err(Invalid(MSG_TITLE_LONG).into());
    }
    let page = Page::parse(&query.page, &query.limit)?;
    let pattern = paging::contains_pattern(title);
    let (rows, total) = repo::project_list(db, project_id, read, &pattern, page.limit, page.offset()).await?;
    Ok(page.answer(rows.into_iter().map(ProjectNotice::from).collect(), total))
}

/// The notices project `project_id` has not opened yet: its 通知公告 list filtered to unread counts the same.
pub async fn unread_count(db: &Db, project_id: i64) -> sqlx::Result<i64> {
    Ok(repo::project_list(db, project_id, "0", "", 1, 0).await?.1)
}

/// The published notice `id` addressed to the account's project (404 for any other).
async fn project_notice(
    db: &Db,
    current: &CurrentAccount,
    id: &Option<String>,
) -> Result<(i64, ProjectNoticeRow), ApiError> {
    let project_id = reader_project(current)?;
    let id = notice_id(id)?;
    let row = repo::find_for_project(db, project_id, id).await?.ok_or_else(not_found)?;
    Ok((project_id, row))
}

pub async fn project_attachments(
    db: &Db,
    current: &CurrentAccount,
    form: &NoticeIdForm,
) -> Result<Vec<Attachment>, ApiError> {
    let (_, row) = project_notice(db, current, &form.id).await?;
    attachments(db, row.id).await
}

/// A notice opened by its project.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OpenedNotice {
    #[serde(flatten)]
    pub notice: ProjectNotice,
    /// Plain text; show it as text.
    pub body: String,
    pub attachments: Vec<Attachment>,
}

/// Opens a notice: records the project's first read (kept on later openings) and answers it.
pub async fn look(db: &Db, current: &CurrentAccount, form: &NoticeIdForm) -> Result<OpenedNotice, ApiError> {
    let (project_id, mut row) = project_notice(db, current, &form.id).await?;
    let now = clock::now();
    if repo::mark_read(db, row.id, project_id, current.account.id, now).await? {
        row.read_at = Some(now);
    } else if row.read_at.is_none() {
        // Read by another account of the project between the look-up and the mark.
        row = project_notice(db, current, &form.id).await?.1;
    }
    message::subject_opened(db, project_id, Kind::Notice, row.id).await?;
    let body = std::mem::take(&mut row.body);
    let attachments = attachments(db, row.id).await?;
    Ok(OpenedNotice { notice: row.into(), body, attachments })
}

/// The notices' answer to upload's port: a file is shared with a project while it is an attachment of a
/// published notice addressed to it (so the project may download it; no longer once the notice is withdrawn).
/// `lib.rs` hands it to `upload::router`.
pub struct NoticeFiles;

impl SharedFiles for NoticeFiles {
    fn shared_with<'a>(&'a self, db: &'a Db, project_id: i64, stored_name: &'a str) -> DbFuture<'a, bool> {
        Box::pin(repo::addresses_file(db, project_id, stored_name))
    }
}

/// Demo data: one published notice to the demo project, unread, from the whole-area regulator.
pub async fn seed_demo(db: &Db, project_id: i64) -> anyhow::Result<()> {
    let Some(admin) = crate::identity::accounts::find_by_username(db, "admin").await? else {
        return Ok(());
    };
    let title = "关于做好年底农民工工资支付工作的通知";
    let body = "各在建项目：\n\n临近年底，请各项目于本月底前核对农民工工资专用账户余额，按月足额支付工资，\
                并在平台上传工资支付凭证。\n\n如有欠薪线索，请及时反馈。";
    let notice = NewNotice {
        title,
        body,
        audience: Audience::Projects.as_str(),
        audience_list: &project_id.to_string(),
        district: "",
        publisher_id: admin.id,
        publisher_name: publisher_name(&admin),
        attachments: &[],
        projects: &[project_id],
    };
    let mut tx = Tx::begin(db).await?;
    let id = repo::insert(&mut tx, &notice, clock::now()).await?;
    tx.commit().await?;
    let content = format!("监管部门发布了通知《{title}》，请在通知公告中查看。");
    message::send(db, Outgoing::to_project(project_id, Kind::Notice, "新通知公告", &content).about(id)).await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn form(title: &str, body: &str) -> PublishForm {
        PublishForm { title: Some(title.into()), body: Some(body.into()), ..PublishForm::default() }
    }

    #[test]
    fn titles_and_bodies_are_required_and_bounded() {
        assert_eq!(text_fields(&form(" ", "x")), Err(Invalid(MSG_TITLE)));
        assert_eq!(text_fields(&form(&"字".repeat(101), "x")), Err(Invalid(MSG_TITLE_LONG)));
        assert_eq!(text_fields(&form("t", " \n ")), Err(Invalid(MSG_BODY)));
        assert_eq!(text_fields(&form("t", &"字".repeat(5001))), Err(Invalid(MSG_BODY_LONG)));
        assert_eq!(text_fields(&form(" t ", "\n第一行\n\n第二行 \n")), Ok(("t".into(), "第一行\n\n第二行".into())));
    }

    #[test]
    fn districts_lie_within_the_publishers() {
        assert_eq!(check_districts(&["410105".into()], ""), Ok(()));
        assert_eq!(check_districts(&["410105".into()], "4101"), Ok(()));
        assert_eq!(check_districts(&["410105001".into()], "410105"), Ok(()));
        assert_eq!(check_districts(&["410302".into()], "410105"), Err(Invalid(MSG_DISTRICTS)));
        assert_eq!(check_districts(&["4101".into()], "410105"), Err(Invalid(MSG_DISTRICTS)));
        assert_eq!(check_districts(&["999999".into()], ""), Err(Invalid(MSG_DISTRICTS)));
        assert_eq!(check_districts(&[], ""), Err(Invalid(MSG_DISTRICTS)));
    }

    #[test]
    fn lists_drop_blanks_and_repeats() {
        assert_eq!(comma_list(&Some(" 1, 2,,1 ,3".into())), vec!["1", "2", "3"]);
        assert!(comma_list(&None).is_empty());
    }
}
