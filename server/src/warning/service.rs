//! The early warnings' rules for people: who sees which warning (a project its own, a regulator its
//! district's), the project's answers with attachments, the regulator's comments, close and reopen (logged),
//! and the counts by level per district.

use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::engine::{Level, Rule};
use super::repo::{self, NewNote, NoteRow, WarningFilter, WarningRow};
use crate::area::data::areas;
use crate::clock;
use crate::db::Db;
use crate::envelope::ApiError;
use crate::identity::accounts::{AccountKind, RegulatorRole};
use crate::identity::sessions::CurrentAccount;
use crate::message::service::{self as message, Kind, Outgoing};
use crate::oplog::{self, Entry};
use crate::paging::{Page, Paged};
use crate::scope;
use crate::upload::service::URL_PREFIX;
use crate::worker::{self, service::NamedWorker};

pub const MSG_NO_WARNING: &str = "预警不存在";
pub const MSG_ID: &str = "请选择预警";
pub const MSG_LEVEL: &str = "请选择正确的预警级别";
pub const MSG_RULE: &str = "请选择正确的预警类型";
pub const MSG_STATUS: &str = "请选择正确的预警状态";
pub const MSG_DISTRICT: &str = "请选择正确的行政区划";
pub const MSG_CONTENT: &str = "请填写回复内容";
pub const MSG_CONTENT_LONG: &str = "回复内容不能超过500个字";
pub const MSG_REMARK: &str = "请填写处理说明";
pub const MSG_ATTACHMENTS: &str = "附件最多上传5个";
pub const MSG_ATTACHMENT_INVALID: &str = "附件无效，请重新上传";
pub const MSG_ADMIN_ONLY: &str = "仅监管部门账号可以进行该操作";
pub const MSG_ALREADY_CLOSED: &str = "该预警已关闭";
pub const MSG_NOT_REOPENABLE: &str = "该预警未关闭，或已有同类未关闭的预警";
pub const MSG_SAVED: &str = "操作成功!";
const MAX_TEXT: usize = 500;
const MAX_ATTACHMENTS: usize = 5;

/// The list's filters; every one optional.
#[derive(Debug, Default, Deserialize, IntoParams, ToSchema)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct WarningQuery {
    /// yellow, orange or red.
    pub level: Option<String>,
    /// A rule's code (`rules` of the counts answer).
    pub rule: Option<String>,
    /// open or closed.
    pub status: Option<String>,
    /// The regulator: one project of its district.
    pub project_id: Option<String>,
    /// The regulator: a district code inside its own.
    pub district: Option<String>,
    pub page: Option<String>,
    pub limit: Option<String>,
}

#[derive(Debug, Default, Deserialize, IntoParams, ToSchema)]
#[into_params(parameter_in = Query)]
pub struct WarningIdQuery {
    pub id: Option<String>,
}

/// The project's answer or the regulator's comment (`content`, up to 500 characters) with up to 5
/// attachments (`attachments`: upload URLs separated by commas; the project's only).
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct NoteForm {
    pub id: Option<String>,
    pub content: Option<String>,
    pub attachments: Option<String>,
}

/// Close or reopen with the regulator's remark.
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct DecisionForm {
    pub id: Option<String>,
    pub remark: Option<String>,
}

/// One warning.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WarningItem {
    pub id: i64,
    pub rule: String,
    pub rule_label: String,
    /// yellow, orange or red.
    pub level: String,
    /// 黄, 橙 or 红.
    pub level_label: String,
    pub project_id: i64,
    pub project_name: String,
    pub district_name: String,
    /// '' (the project), worker, sheet or unit.
    pub subject_kind: String,
    pub subject_id: i64,
    /// `YYYY-MM`, `YYYY`, `YYYY-MM-DD` or ''.
    pub period: String,
    /// open or closed.
    pub status: String,
    pub status_label: String,
    pub facts: String,
    pub raised_at: String,
    /// '' while open.
    pub closed_at: String,
    /// '', engine (the cause went) or regulator.
    pub closed_by: String,
    pub close_reason: String,
    /// A warning about a worker (`subjectKind` worker): his name, '' otherwise.
    pub worker_name: String,
    /// His ID number, masked.
    pub worker_id_number: String,
    /// His newest roster line on the project (the roster opens it with `?worker=`), 0 when none.
    pub worker_line_id: i64,
}

/// One note of a warning's thread.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WarningNote {
    pub id: i64,
    pub account_name: String,
    /// project or regulator.
    pub author_kind: String,
    /// 项目 or 监管部门.
    pub author_label: String,
    pub content: String,
    pub attachments: Vec<String>,
    pub created_at: String,
}

/// One line of a warning's history (raised, closed, reopened).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WarningEvent {
    pub account_name: String,
    pub action: String,
    pub detail: String,
    pub created_at: String,
}

/// A warning with its thread and its history.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WarningDetail {
    pub warning: WarningItem,
    pub notes: Vec<WarningNote>,
    pub history: Vec<WarningEvent>,
}

/// Open warnings of one district by level.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DistrictCount {
    pub district: String,
    pub district_name: String,
    pub yellow: i64,
    pub orange: i64,
    pub red: i64,
}

/// A rule for the filters.
#[derive(Debug, Serialize, ToSchema)]
pub struct RuleOption {
    pub code: String,
    pub label: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct WarningCounts {
    pub districts: Vec<DistrictCount>,
    pub rules: Vec<RuleOption>,
}

fn text(value: &Option<String>) -> &str {
    value.as_deref().map(str::trim).unwrap_or("")
}

fn district_name(path: &str) -> String {
    let areas = areas();
    path.split(',').filter_map(|code| areas.get(code)).map(|area| area.name).collect::<Vec<_>>().join("/")
}

/// The rows as the lists show them, each warning about a worker with his name, masked ID and roster line
/// read now (through the worker area), so that a warning raised before it named him names him too.
async fn items(db: &Db, rows: Vec<WarningRow>) -> sqlx::Result<Vec<WarningItem>> {
    let pairs: Vec<(i64, i64)> =
        rows.iter().filter(|row| row.subject_kind == "worker").map(|row| (row.project_id, row.subject_id)).collect();
    // Cloned, not taken: two warnings on a page may be about one worker.
    let named = worker::service::named_on_projects(db, &pairs).await?;
    Ok(rows
        .into_iter()
        .map(|row| {
            let worker =
                if row.subject_kind == "worker" { named.get(&(row.project_id, row.subject_id)).cloned() } else { None };
            item(row, worker.unwrap_or_default())
        })
        .collect())
}

async fn one_item(db: &Db, row: WarningRow) -> sqlx::Result<WarningItem> {
    Ok(items(db, vec![row]).await?.pop().expect("one row, one item"))
}

fn item(row: WarningRow, worker: NamedWorker) -> WarningItem {
    let rule = Rule::parse(&row.rule);
    let level = Level::parse(&row.level);
    WarningItem {
        id: row.id,
        rule_label: rule.map(Rule::label).unwrap_or_default().to_owned(),
        rule: row.rule,
        level_label: level.map(Level::label).unwrap_or_default().to_owned(),
        level: row.level,
        project_id: row.project_id,
        project_name: row.project_name,
        district_name: district_name(&row.district_code),
        subject_kind: row.subject_kind,
        subject_id: row.subject_id,
        period: row.period,
        status_label: if row.status == "open" { "未关闭" } else { "已关闭" }.to_owned(),
        status: row.status,
        facts: row.facts,
        raised_at: clock::china_datetime(row.raised_at),
        closed_at: if row.closed_at == 0 { String::new() } else { clock::china_datetime(row.closed_at) },
        closed_by: row.closed_by,
        close_reason: row.close_reason,
        worker_name: worker.name,
        worker_id_number: worker.masked_id_number,
        worker_line_id: worker.line_id,
    }
}

fn note(row: NoteRow) -> WarningNote {
    WarningNote {
        id: row.id,
        account_name: row.account_name,
        author_label: if row.author_kind == "regulator" { "监管部门" } else { "项目" }.to_owned(),
        author_kind: row.author_kind,
        content: row.body,
        attachments: row.attachments.lines().filter(|line| !line.is_empty()).map(str::to_owned).collect(),
        created_at: clock::china_datetime(row.created_at),
    }
}

/// The filters of `query` that do not depend on who asks.
fn filter_of(query: &WarningQuery) -> Result<WarningFilter, ApiError> {
    let level = text(&query.level);
    if !level.is_empty() && Level::parse(level).is_none() {
        return Err(ApiError::refused(MSG_LEVEL));
    }
    let rule = text(&query.rule);
    if !rule.is_empty() && Rule::parse(rule).is_none() {
        return Err(ApiError::refused(MSG_RULE));
    }
    let status = text(&query.status);
    if !["", "open", "closed"].contains(&status) {
        return Err(ApiError::refused(MSG_STATUS));
    }
    Ok(WarningFilter {
        level: level.to_owned(),
        rule: rule.to_owned(),
        status: status.to_owned(),
        ..WarningFilter::default()
    })
}

fn parse_id(id: &Option<String>) -> Result<i64, ApiError> {
    text(id).parse::<i64>().ok().filter(|id| *id > 0).ok_or_else(|| ApiError::refused(MSG_ID))
}

/// The warning `id` if the account may see it (a project its own, a regulator its district's); 404 otherwise.
async fn visible(db: &Db, current: &CurrentAccount, id: &Option<String>) -> Result<WarningRow, ApiError> {
    let id = parse_id(id)?;
    let row = repo::find(db, id).await?.ok_or_else(|| ApiError::NotFound(MSG_NO_WARNING.into()))?;
    if !scope::covers(db, current, row.project_id).await? {
        return Err(ApiError::NotFound(MSG_NO_WARNING.into()));
    }
    Ok(row)
}

/// 预警信息: the project's warnings (a regulator names one of its projects), paged.
pub async fn project_list(
    db: &Db,
    current: &CurrentAccount,
    query: &WarningQuery,
) -> Result<Paged<WarningItem>, ApiError> {
    let project_id = scope::project(db, current, &query.project_id).await?;
    let page = Page::parse(&query.page, &query.limit)?;
    let filter = WarningFilter { project_id, ..filter_of(query)? };
    let (rows, total) = repo::list(db, &filter, page.limit, page.offset()).await?;
    Ok(page.answer(items(db, rows).await?, total))
}

pub async fn detail(db: &Db, current: &CurrentAccount, id: &Option<String>) -> Result<WarningItem, ApiError> {
    Ok(one_item(db, visible(db, current, id).await?).await?)
}

pub async fn thread(db: &Db, current: &CurrentAccount, id: &Option<String>) -> Result<Vec<WarningNote>, ApiError> {
    let row = visible(db, current, id).await?;
    Ok(repo::notes(db, row.id).await?.into_iter().map(note).collect())
}

/// The text and attachments of a note, checked; the attachments must be the project's own uploads.
async fn checked_note(db: &Db, form: &NoteForm, project_id: Option<i64>) -> Result<(String, String), ApiError> {
    let content = text(&form.content);
    if content.is_empty() {
        return Err(ApiError::refused(MSG_CONTENT));
    }
    if content.chars().count() > MAX_TEXT {
        return Err(ApiError::refused(MSG_CONTENT_LONG));
    }
    let mut urls: Vec<String> = Vec::new();
    for url in text(&form.attachments).split(',').map(str::trim).filter(|url| !url.is_empty()) {
        if !urls.iter().any(|seen| seen == url) {
            urls.push(url.to_owned());
        }
    }
    if urls.len() > MAX_ATTACHMENTS {
        return Err(ApiError::refused(MSG_ATTACHMENTS));
    }
    if !urls.is_empty() {
        let names: Option<Vec<String>> = urls
            .iter()
            .map(|url| url.strip_prefix(URL_PREFIX).filter(|n| !n.is_empty() && !n.contains('/')).map(str::to_owned))
            .collect();
        let (Some(names), Some(project_id)) = (names, project_id) else {
            return Err(ApiError::refused(MSG_ATTACHMENT_INVALID));
        };
        let owned =
            crate::upload::service::count_project_uploads(db, project_id, &names, &["attachment", "image"]).await?;
        if owned != names.len() as i64 {
            return Err(ApiError::refused(MSG_ATTACHMENT_INVALID));
        }
    }
    Ok((content.to_owned(), urls.join("\n")))
}

/// The project answers one of its warnings (open or closed) with a note and attachments.
pub async fn save_note(db: &Db, current: &CurrentAccount, ip: &str, form: &NoteForm) -> Result<i64, ApiError> {
    let project_id = scope::write(current)?;
    let row = visible(db, current, &form.id).await?;
    let (content, attachments) = checked_note(db, form, Some(project_id)).await?;
    let note = NewNote {
        warning_id: row.id,
        account_id: current.account.id,
        account_name: &current.account.username,
        author_kind: "project",
        body: &content,
        attachments: &attachments,
    };
    let id = repo::insert_note(db, &note, clock::now()).await?;
    oplog::record(db, Entry::by(&current.account, ip).action("预警回复").on("warning", row.id).detail(content)).await?;
    Ok(id)
}

/// Regulator accounts only.
fn require_admin(current: &CurrentAccount) -> Result<(), ApiError> {
    match current.kind() {
        AccountKind::Admin => Ok(()),
        AccountKind::Finance => Err(ApiError::Forbidden(scope::MSG_FINANCE.into())),
        AccountKind::Builder => Err(ApiError::Forbidden(MSG_ADMIN_ONLY.into())),
    }
}

/// The regulator's filter: its own district, and the district and project asked for inside it.
async fn regulator_filter(db: &Db, current: &CurrentAccount, query: &WarningQuery) -> Result<WarningFilter, ApiError> {
    require_admin(current)?;
    let mut filter = filter_of(query)?;
    let own = scope::district(current);
    let asked = text(&query.district);
    if !asked.is_empty() && areas().get(asked).is_none() {
        return Err(ApiError::refused(MSG_DISTRICT));
    }
    filter.district = own.to_owned();
    filter.narrower_district = asked.to_owned();
    if !text(&query.project_id).is_empty() {
        filter.project_id = scope::project(db, current, &query.project_id).await?;
    }
    Ok(filter)
}

/// 预警监管: every warning of the regulator's district, paged.
pub async fn regulator_list(
    db: &Db,
    current: &CurrentAccount,
    query: &WarningQuery,
) -> Result<Paged<WarningItem>, ApiError> {
    let filter = regulator_filter(db, current, query).await?;
    let page = Page::parse(&query.page, &query.limit)?;
    let (rows, total) = repo::list(db, &filter, page.limit, page.offset()).await?;
    Ok(page.answer(items(db, rows).await?, total))
}

/// A warning with its thread and history, for the regulator.
pub async fn regulator_detail(
    db: &Db,
    current: &CurrentAccount,
    id: &Option<String>,
) -> Result<WarningDetail, ApiError> {
    require_admin(current)?;
    let row = visible(db, current, id).await?;
    let notes = repo::notes(db, row.id).await?.into_iter().map(note).collect();
    let (lines, _) = oplog::for_targets(db, &[("warning", row.id.to_string())], 100, 0).await?;
    let history = lines
        .into_iter()
        .rev()
        .map(|line| WarningEvent {
            account_name: line.account_name,
            action: line.action,
            detail: line.detail,
            created_at: clock::china_datetime(line.created_at),
        })
        .collect();
    Ok(WarningDetail { warning: one_item(db, row).await?, notes, history })
}

/// Open warnings by level per county of the regulator's district (the filters apply), and the rules.
pub async fn counts(db: &Db, current: &CurrentAccount, query: &WarningQuery) -> Result<WarningCounts, ApiError> {
    let filter = regulator_filter(db, current, query).await?;
    let mut districts: Vec<DistrictCount> = Vec::new();
    for (path, level, count) in repo::open_counts(db, &filter).await? {
        let codes: Vec<&str> = path.split(',').filter(|code| !code.is_empty()).collect();
        let county = codes.get(1).or(codes.first()).copied().unwrap_or("").to_owned();
        let position = match districts.iter().position(|row| row.district == county) {
            Some(position) => position,
            None => {
                let name = areas().get(&county).map(|area| area.name.to_owned()).unwrap_or_else(|| "未登记".into());
                districts.push(DistrictCount { district: county, district_name: name, yellow: 0, orange: 0, red: 0 });
                districts.len() - 1
            }
        };
        let row = &mut districts[position];
        match level.as_str() {
            "yellow" => row.yellow += count,
            "orange" => row.orange += count,
            _ => row.red += count,
        }
    }
    districts.sort_by(|a, b| a.district.cmp(&b.district));
    let rules =
        Rule::ALL.iter().map(|rule| RuleOption { code: rule.code().into(), label: rule.label().into() }).collect();
    Ok(WarningCounts { districts, rules })
}

/// The regulator comments on a warning of its district.
pub async fn comment(db: &Db, current: &CurrentAccount, ip: &str, form: &NoteForm) -> Result<i64, ApiError> {
    require_admin(current)?;
    let row = visible(db, current, &form.id).await?;
    if !text(&form.attachments).is_empty() {
        return Err(ApiError::refused(MSG_ATTACHMENT_INVALID));
    }
    let (content, _) = checked_note(db, form, None).await?;
    let note = NewNote {
        warning_id: row.id,
        account_id: current.account.id,
        account_name: &current.account.username,
        author_kind: "regulator",
        body: &content,
        attachments: "",
    };
    let id = repo::insert_note(db, &note, clock::now()).await?;
    oplog::record(
        db,
        Entry::by(&current.account, ip)
            .project(row.project_id)
            .action("预警批注")
            .on("warning", row.id)
            .detail(content),
    )
    .await?;
    Ok(id)
}

fn remark(form: &DecisionForm) -> Result<String, ApiError> {
    let remark = text(&form.remark);
    if remark.is_empty() {
        return Err(ApiError::refused(MSG_REMARK));
    }
    if remark.chars().count() > MAX_TEXT {
        return Err(ApiError::refused(MSG_CONTENT_LONG));
    }
    Ok(remark.to_owned())
}

/// The regulator (监察 or 管理员) closes an open warning with a remark; the engine does not raise its key
/// again. Logged; the project is told.
pub async fn close(db: &Db, current: &CurrentAccount, ip: &str, form: &DecisionForm) -> Result<(), ApiError> {
    require_admin(current)?;
    scope::require_role(current, &[RegulatorRole::Inspector])?;
    let row = visible(db, current, &form.id).await?;
    let remark = remark(form)?;
    if repo::close(db, row.id, "regulator", &remark, clock::now()).await? == 0 {
        return Err(ApiError::refused(MSG_ALREADY_CLOSED));
    }
    oplog::record(
        db,
        Entry::by(&current.account, ip)
            .project(row.project_id)
            .action("关闭预警")
            .on("warning", row.id)
            .detail(format!("未关闭 → 已关闭：{remark}")),
    )
    .await?;
    let title = format!("预警已关闭：{}", Rule::parse(&row.rule).map(Rule::label).unwrap_or_default());
    message::send(db, Outgoing::to_project(row.project_id, Kind::Warning, &title, &remark).about(row.id)).await?;
    Ok(())
}

/// The regulator (监察 or 管理员) reopens a closed warning with a remark. Logged; the project is told.
pub async fn reopen(db: &Db, current: &CurrentAccount, ip: &str, form: &DecisionForm) -> Result<(), ApiError> {
    require_admin(current)?;
    scope::require_role(current, &[RegulatorRole::Inspector])?;
    let row = visible(db, current, &form.id).await?;
    let remark = remark(form)?;
    if repo::reopen(db, row.id).await? == 0 {
        return Err(ApiError::refused(MSG_NOT_REOPENABLE));
    }
    oplog::record(
        db,
        Entry::by(&current.account, ip)
            .project(row.project_id)
            .action("重新打开预警")
            .on("warning", row.id)
            .detail(format!("已关闭 → 未关闭：{remark}")),
    )
    .await?;
    let title = format!("预警已重新打开：{}", Rule::parse(&row.rule).map(Rule::label).unwrap_or_default());
    message::send(db, Outgoing::to_project(row.project_id, Kind::Warning, &title, &remark).about(row.id)).await?;
    Ok(())
}

/// A project's open warnings by level, as the regulator's directory shows them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct OpenLevels {
    pub red: i64,
    pub orange: i64,
    pub yellow: i64,
}

/// The open warnings of each of `ids` by level (projects without any are left out).
pub async fn open_levels(db: &Db, ids: &[i64]) -> sqlx::Result<std::collections::HashMap<i64, OpenLevels>> {
    let mut levels = std::collections::HashMap::<i64, OpenLevels>::new();
    for (project_id, level, count) in repo::open_by_project(db, ids).await? {
        let entry = levels.entry(project_id).or_default();
        match Level::parse(&level) {
            Some(Level::Red) => entry.red += count,
            Some(Level::Orange) => entry.orange += count,
            Some(Level::Yellow) => entry.yellow += count,
            None => {}
        }
    }
    Ok(levels)
}

/// The projects with an open warning of `level` (red, orange or yellow); `None` for an unknown level.
pub async fn with_open_level(db: &Db, level: &str) -> sqlx::Result<Option<Vec<i64>>> {
    match Level::parse(level) {
        Some(level) => repo::projects_with_open(db, level.code()).await.map(Some),
        None => Ok(None),
    }
}
