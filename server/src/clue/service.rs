//! The rules of the wage-arrears leads (issue 15 item 4): what a report must hold, who may move a lead from
//! which status to which, the deadline in working days, what the worker, the regulator and the project each see.

use serde::{Deserialize, Serialize};
use time::Date;
use utoipa::{IntoParams, ToSchema};

use super::repo::{self, FileRow, LeadFilter, LeadRow, NewFile, NewLead, NewStep, Site, StepRow, Transition};
use super::site;
use crate::auth::accounts::{AccountKind, RegulatorRole};
use crate::auth::sessions::CurrentAccount;
use crate::clock;
use crate::config::ClueConfig;
use crate::db::Db;
use crate::domain::Invalid;
use crate::domain::dates::format_date;
use crate::domain::id_number::IdNumber;
use crate::domain::mask::masked;
use crate::domain::person_name::PersonName;
use crate::domain::phone::is_mobile;
use crate::envelope::ApiError;
use crate::message::service::{self as message, Kind, Outgoing};
use crate::oplog::Entry;
use crate::paging::{self, Page, Paged};
use crate::project::service::{self as project, DirectoryFilter};
use crate::upload::service::NamedFile;
use crate::wage::money::{parse_yuan, yuan};
use crate::{calendar, scope, upload};

pub const MSG_NAME_REQUIRED: &str = "请填写姓名";
pub const MSG_PHONE: &str = "请填写正确的11位手机号码";
pub const MSG_PROJECT_REQUIRED: &str = "请选择欠薪项目";
pub const MSG_PROJECT: &str = "所选项目不存在或未通过审核";
pub const MSG_EMPLOYER: &str = "请填写欠薪单位或班组（100字以内）";
pub const MSG_AMOUNT: &str = "请填写正确的欠薪金额（大于0，最多两位小数）";
pub const MSG_MONTHS: &str = "请填写欠薪月数（1-120的整数）";
pub const MSG_DESCRIPTION: &str = "请填写情况描述（1000字以内）";
pub const MSG_TOO_MANY_PHOTOS: &str = "最多上传5张照片";
pub const MSG_TOO_OFTEN: &str = "提交过于频繁，请稍后再试";
pub const MSG_UNKNOWN_RECEIPT: &str = "未查到该线索，请核对受理编号和手机号码";
pub const MSG_SEARCH_NAME: &str = "请输入项目名称（50字以内）";
pub const MSG_SEARCH_LIMIT: &str = "每页条数应为1-20";
pub const MSG_NOT_FOUND: &str = "线索不存在";
pub const MSG_ADMIN_ONLY: &str = "仅监管部门账号可以处理欠薪线索";
pub const MSG_BUILDER_ONLY: &str = "仅项目账号可以反馈欠薪线索";
pub const MSG_STATUS: &str = "请选择正确的状态";
pub const MSG_SOURCE: &str = "请选择正确的来源";
pub const MSG_NOT_PENDING: &str = "该线索已派发，不能重复派发";
pub const MSG_NOT_AWAITING_FEEDBACK: &str = "该线索当前不需要反馈";
pub const MSG_NOT_AWAITING_REVIEW: &str = "该线索当前没有待审核的反馈";
pub const MSG_FEEDBACK: &str = "请填写反馈内容（1000字以内）";
pub const MSG_REMARK: &str = "请填写退回意见（500字以内）";
pub const MSG_ANSWER: &str = "请填写办结答复（1000字以内）";
pub const MSG_ATTACHMENT: &str = "请上传本项目的图片或附件";
pub const MSG_TOO_MANY_ATTACHMENTS: &str = "最多上传5个附件";
pub const MSG_SUBMITTED: &str = "提交成功";
pub const MSG_DISPATCHED: &str = "派发成功";
pub const MSG_FEEDBACK_SAVED: &str = "反馈成功";
pub const MSG_RETURNED: &str = "已退回";
pub const MSG_ACCEPTED: &str = "已办结";
/// Photos a report, and attachments a feedback, may carry.
pub const MAX_FILES: usize = 5;
/// Projects one page of the public search holds at most.
pub const SEARCH_MAX_LIMIT: i64 = 20;
const TEXT_MAX: usize = 1000;
const SHORT_MAX: usize = 100;
const REMARK_MAX: usize = 500;
/// The actor of the public report's step: the worker has no account.
pub const REPORTER: &str = "举报人";
pub(crate) const TARGET: &str = "lead";
/// The worker's photos are served from here (`{name}` the stored name), to the regulator and the project.
pub const PHOTO_PREFIX: &str = "/builder/clue/v1/Clue/photo/";

/// Where a lead came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    /// The public page `/clue`.
    Public,
    /// The 12333 hotline, entered by the regulator.
    Hotline,
}

impl Source {
    pub fn as_str(self) -> &'static str {
        match self {
            Source::Public => "public",
            Source::Hotline => "hotline",
        }
    }
}

pub fn source_label(source: &str) -> &'static str {
    match source {
        "public" => "网上举报",
        "hotline" => "12333热线",
        _ => "",
    }
}

pub fn status_label(status: &str) -> &'static str {
    match status {
        "pending" => "待派发",
        "dispatched" => "待反馈",
        "feedback" => "待审核",
        "returned" => "已退回",
        "closed" => "已办结",
        _ => "",
    }
}

fn action_label(action: &str) -> &'static str {
    match action {
        "report" => "网上举报",
        "enter" => "热线录入",
        "dispatch" => "派发",
        "feedback" => "项目反馈",
        "return" => "退回",
        "accept" => "办结",
        "assign" => "关联项目",
        "close" => "直接办结",
        _ => "",
    }
}

pub(crate) fn sent(text: &Option<String>) -> &str {
    text.as_deref().map(str::trim).unwrap_or("")
}

fn bounded(text: &Option<String>, max: usize, message: &'static str) -> Result<String, Invalid> {
    let text = sent(text);
    if text.is_empty() || text.chars().count() > max { Err(Invalid(message)) } else { Ok(text.to_owned()) }
}

/// The report's fields as sent: by the worker on the public page, or by the regulator from a 12333 call.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReportForm {
    /// The worker's name.
    pub name: Option<String>,
    /// A mobile number, 11 digits.
    pub phone: Option<String>,
    /// The worker's ID number (checksum checked).
    pub id_number: Option<String>,
    /// An approved project, as `Project/search` answers it (not with `unregistered`).
    pub project_id: Option<String>,
    /// `1`: the site is not registered; the site's fields below name it instead of `projectId`.
    pub unregistered: Option<String>,
    /// The unregistered site's name (项目名称), at most 100 characters.
    pub site_name: Option<String>,
    /// Its address, 3–100 characters.
    pub site_address: Option<String>,
    /// Its county (`Area/districts`), optional.
    pub site_district: Option<String>,
    /// The employer or team that owes the wages (for an unregistered site: 欠薪单位/包工头).
    pub employer: Option<String>,
    /// The employer's phone (mobile or landline), optional; unregistered sites only.
    pub employer_phone: Option<String>,
    /// Yuan, more than 0, at most two decimals.
    pub amount: Option<String>,
    /// Months owed, 1–120.
    pub months: Option<String>,
    /// What happened, at most 1000 characters.
    pub description: Option<String>,
    /// The public page's captcha (ignored while the captcha is off).
    pub captcha: Option<String>,
    pub captcha_id: Option<String>,
}

/// A report that passed every check.
#[derive(Debug)]
pub struct Report {
    pub name: String,
    pub phone: String,
    pub id_number: String,
    /// None: an unregistered site, `site` says where.
    pub project_id: Option<i64>,
    pub site: Option<Site>,
    pub employer: String,
    pub owed_fen: i64,
    pub months: i64,
    pub description: String,
}

/// Checks every field of a report in the form's order (the first fault answers); the project must exist and
/// be approved, or the report names an unregistered site of the deployment's area (`areacode`).
pub async fn validate_report(db: &Db, form: &ReportForm, areacode: &str) -> Result<Report, ApiError> {
    let name = sent(&form.name);
    if name.is_empty() {
        return Err(Invalid(MSG_NAME_REQUIRED).into());
    }
    let name = PersonName::parse(name)?.as_str().to_owned();
    let phone = sent(&form.phone);
    if !is_mobile(phone) {
        return Err(Invalid(MSG_PHONE).into());
    }
    let id_number = IdNumber::parse(sent(&form.id_number))?.as_str().to_owned();
    let (project_id, site, employer) = if sent(&form.unregistered) == "1" {
        let (site, employer) = site::validate_site(form, areacode)?;
        (None, Some(site), employer)
    } else {
        (Some(registered_project(db, form).await?), None, bounded(&form.employer, SHORT_MAX, MSG_EMPLOYER)?)
    };
    let owed_fen = parse_yuan(sent(&form.amount)).filter(|fen| *fen > 0).ok_or(Invalid(MSG_AMOUNT))?;
    let months = sent(&form.months).parse::<i64>().ok().filter(|n| (1..=120).contains(n)).ok_or(Invalid(MSG_MONTHS))?;
    let description = bounded(&form.description, TEXT_MAX, MSG_DESCRIPTION)?;
    let phone = phone.to_owned();
    Ok(Report { name, phone, id_number, project_id, site, employer, owed_fen, months, description })
}

/// The report's registered, approved project.
async fn registered_project(db: &Db, form: &ReportForm) -> Result<i64, ApiError> {
    let project_id = match sent(&form.project_id) {
        "" => return Err(Invalid(MSG_PROJECT_REQUIRED).into()),
        text => text.parse::<i64>().ok().filter(|id| *id > 0).ok_or(Invalid(MSG_PROJECT))?,
    };
    match project::find_summary(db, project_id).await? {
        Some(summary) if summary.audit_status == "2" => {}
        _ => return Err(Invalid(MSG_PROJECT).into()),
    }
    Ok(project_id)
}

/// A receipt number: `XS`, the China date and eight random digits.
fn new_receipt() -> String {
    let random = uuid::Uuid::new_v4().as_u128() % 100_000_000;
    format!("XS{}{random:08}", format_date(clock::china_today()).replace('-', ""))
}

/// Stores a checked report with its first step (the worker's photos on it); answers the lead's id and receipt.
pub async fn store_report(
    db: &Db,
    report: &Report,
    source: Source,
    actor: &str,
    photos: &[NewFile],
    entry: Option<Entry<'_>>,
) -> Result<(i64, String), ApiError> {
    let receipt = new_receipt();
    let lead = NewLead {
        receipt: &receipt,
        reporter_name: &report.name,
        phone: &report.phone,
        id_number: &report.id_number,
        project_id: report.project_id,
        site: report.site.as_ref(),
        employer: &report.employer,
        owed_fen: report.owed_fen,
        months_owed: report.months,
        description: &report.description,
        source: source.as_str(),
    };
    let action = if source == Source::Public { "report" } else { "enter" };
    let step = NewStep { actor, action, remark: "", files: photos };
    let id = repo::create(db, &lead, &step, entry, clock::now()).await?;
    Ok((id, receipt))
}

/// A photo as the worker sent it.
pub struct Photo {
    pub original_name: String,
    pub bytes: Vec<u8>,
}

/// `Clue/submit`: the public report. The address's limit counts every try; then the captcha, every field,
/// every photo (images only, 5 MB each, at most 5) and the phone's limit; only then are the photos written
/// and the lead stored, so a refused report leaves nothing behind. Answers the receipt number.
pub async fn submit(
    db: &Db,
    config: &crate::config::Config,
    ip: &str,
    form: &ReportForm,
    photos: Vec<Photo>,
) -> Result<String, ApiError> {
    check_rate(db, &config.clues, ip, None).await?;
    if config.captcha {
        crate::auth::captcha::check(db, sent(&form.captcha_id), sent(&form.captcha)).await?;
    }
    let report = validate_report(db, form, &config.site.areacode).await?;
    if photos.len() > MAX_FILES {
        return Err(Invalid(MSG_TOO_MANY_PHOTOS).into());
    }
    let mut accepted = Vec::with_capacity(photos.len());
    for photo in photos {
        if photo.bytes.len() > upload::kind::MAX_FILE_BYTES {
            return Err(ApiError::refused(upload::kind::MSG_TOO_LARGE));
        }
        let (format, extension) =
            upload::kind::accept(upload::kind::UploadKind::Image, &photo.original_name, &photo.bytes)
                .ok_or_else(|| ApiError::refused(upload::kind::MSG_NOT_ALLOWED))?;
        let stored_name = format!("{}.{extension}", uuid::Uuid::new_v4().simple());
        let file = NewFile {
            url: format!("{PHOTO_PREFIX}{stored_name}"),
            stored_name,
            original_name: photo.original_name,
            content_type: format.content_type().to_owned(),
        };
        accepted.push((file, photo.bytes));
    }
    check_rate(db, &config.clues, ip, Some(&report.phone)).await?;
    let folder = config.data_dir.join("uploads");
    let written = async {
        tokio::fs::create_dir_all(&folder).await?;
        for (file, bytes) in &accepted {
            tokio::fs::write(folder.join(&file.stored_name), bytes).await?;
        }
        Ok::<_, std::io::Error>(())
    };
    let files: Vec<NewFile> = accepted.iter().map(|(file, _)| file.clone()).collect();
    // The worker has no account: the log names the reporter's role and the client address.
    let entry = Entry::named(None, REPORTER, ip)
        .project(report.project_id)
        .action("网上举报欠薪线索")
        .on(TARGET, "")
        .detail(format!("{} 欠薪{}元，照片{}张", report.name, yuan(report.owed_fen), files.len()));
    let stored = match written.await {
        Ok(()) => store_report(db, &report, Source::Public, REPORTER, &files, Some(entry)).await,
        Err(error) => Err(ApiError::Internal(error.into())),
    };
    match stored {
        Ok((_, receipt)) => Ok(receipt),
        Err(error) => {
            for file in &files {
                let _ = tokio::fs::remove_file(folder.join(&file.stored_name)).await;
            }
            Err(error)
        }
    }
}

/// Counts a report against the per-address and per-phone limits; refuses past either.
pub async fn check_rate(db: &Db, limits: &ClueConfig, address: &str, phone: Option<&str>) -> Result<(), ApiError> {
    let within = match phone {
        None => {
            crate::ratelimit::within(db, "clue_address", address, 3600, limits.reports_per_address_per_hour).await?
        }
        Some(phone) => {
            crate::ratelimit::within(db, "clue_phone", phone, 86_400, limits.reports_per_phone_per_day).await?
        }
    };
    if within { Ok(()) } else { Err(ApiError::refused(MSG_TOO_OFTEN)) }
}

#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct SearchQuery {
    /// Part of the project's name, 1–50 characters.
    pub name: Option<String>,
    pub page: Option<String>,
    /// 1–20 (default 10).
    pub limit: Option<String>,
}

/// A project the worker may name.
#[derive(Debug, Serialize, ToSchema)]
pub struct ProjectChoice {
    pub id: i64,
    pub name: String,
}

/// `Project/search`: approved projects whose name contains `name`, a page of at most 20, id and name only.
pub async fn search_projects(db: &Db, query: &SearchQuery) -> Result<Paged<ProjectChoice>, ApiError> {
    let name = sent(&query.name);
    if name.is_empty() || name.chars().count() > 50 {
        return Err(Invalid(MSG_SEARCH_NAME).into());
    }
    let page = Page::parse(&query.page, &query.limit)?;
    if page.limit > SEARCH_MAX_LIMIT {
        return Err(Invalid(MSG_SEARCH_LIMIT).into());
    }
    let filter = DirectoryFilter {
        scope: String::new(),
        district: String::new(),
        status: "2".into(),
        pattern: paging::contains_pattern(name),
        only: None,
    };
    let (projects, total) = project::directory(db, &filter, "name ASC", page.limit, page.offset()).await?;
    Ok(page.answer(projects.into_iter().map(|p| ProjectChoice { id: p.id, name: p.name }).collect(), total))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct ProgressForm {
    /// The receipt number the report answered.
    pub receipt: Option<String>,
    /// The phone given with the report.
    pub phone: Option<String>,
}

/// What the worker sees of a lead: its status and, once closed, the bureau's answer. Nothing else.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Progress {
    pub receipt: String,
    pub status: String,
    pub status_label: String,
    /// The bureau's final answer; '' until the lead is closed.
    pub answer: String,
}

/// `Clue/query`: the lead of `receipt` when `phone` is the one it was reported with; an unknown receipt and a
/// wrong phone get the same 404.
pub async fn progress(db: &Db, form: &ProgressForm) -> Result<Progress, ApiError> {
    let unknown = || ApiError::NotFound(MSG_UNKNOWN_RECEIPT.into());
    let (receipt, phone) = (sent(&form.receipt), sent(&form.phone));
    if receipt.is_empty() || receipt.len() > 32 || phone.is_empty() {
        return Err(unknown());
    }
    let lead = repo::find_by_receipt(db, receipt).await?.filter(|lead| lead.phone == phone).ok_or_else(unknown)?;
    Ok(Progress {
        receipt: lead.receipt,
        status_label: status_label(&lead.status).into(),
        answer: if lead.status == "closed" { lead.answer } else { String::new() },
        status: lead.status,
    })
}

/// The regulators who handle leads: admin accounts with the role 监察 or 管理员.
pub(crate) fn require_handler(current: &CurrentAccount) -> Result<(), ApiError> {
    if current.kind() != AccountKind::Admin {
        return Err(ApiError::Forbidden(MSG_ADMIN_ONLY.into()));
    }
    scope::require_role(current, &[RegulatorRole::Inspector])
}

fn require_builder(current: &CurrentAccount) -> Result<i64, ApiError> {
    match current.kind() {
        AccountKind::Builder => current.account.project_id.ok_or_else(scope::not_found),
        AccountKind::Finance => Err(ApiError::Forbidden(scope::MSG_FINANCE.into())),
        AccountKind::Admin => Err(ApiError::Forbidden(MSG_BUILDER_ONLY.into())),
    }
}

#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct LeadQuery {
    /// pending, dispatched, feedback, returned or closed; empty for all.
    pub status: Option<String>,
    /// Leads about this project; empty for all (the regulator's inbox only).
    pub project_id: Option<String>,
    /// public or hotline; empty for both.
    pub source: Option<String>,
    /// 1: only leads awaiting feedback past their deadline.
    pub overdue: Option<String>,
    /// 1: only leads reported from an unregistered site (未登记项目), linked since or not.
    pub unregistered: Option<String>,
    pub page: Option<String>,
    pub limit: Option<String>,
}

/// A lead as the lists show it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LeadItem {
    pub id: i64,
    pub receipt: String,
    pub reporter_name: String,
    pub phone: String,
    /// 0 for a lead from an unregistered site not linked to a project yet.
    pub project_id: i64,
    pub project_name: String,
    /// Reported from an unregistered site (未登记项目); stays true once linked.
    pub unregistered: bool,
    /// The unregistered site as the worker named it ('' otherwise).
    pub site_name: String,
    pub site_address: String,
    /// Its county's name, '' when none was chosen.
    pub site_district_name: String,
    pub employer: String,
    /// The employer's phone the worker gave for an unregistered site, '' otherwise.
    pub employer_phone: String,
    /// Yuan, two decimals.
    pub amount: String,
    pub months: i64,
    pub source: String,
    pub source_label: String,
    pub status: String,
    pub status_label: String,
    /// The last day to answer, `YYYY-MM-DD`; '' before dispatch.
    pub deadline: String,
    /// Awaiting feedback past the deadline.
    pub overdue: bool,
    /// `YYYY-MM-DD HH:MM:SS`.
    pub created_time: String,
}

fn is_overdue(lead: &LeadRow, now: i64) -> bool {
    matches!(lead.status.as_str(), "dispatched" | "returned") && lead.deadline_at.is_some_and(|at| at <= now)
}

fn item(lead: LeadRow, now: i64) -> LeadItem {
    LeadItem {
        overdue: is_overdue(&lead, now),
        amount: yuan(lead.owed_fen),
        source_label: source_label(&lead.source).into(),
        status_label: status_label(&lead.status).into(),
        created_time: clock::china_datetime(lead.created_at),
        site_district_name: site::district_name(&lead.site_district),
        unregistered: lead.unregistered,
        site_name: lead.site_name,
        site_address: lead.site_address,
        employer_phone: lead.employer_phone,
        id: lead.id,
        receipt: lead.receipt,
        reporter_name: lead.reporter_name,
        phone: lead.phone,
        project_id: lead.project_id,
        project_name: lead.project_name,
        employer: lead.employer,
        months: lead.months_owed,
        source: lead.source,
        status: lead.status,
        deadline: lead.deadline_day,
    }
}

fn filter(query: &LeadQuery) -> Result<LeadFilter, Invalid> {
    let status = sent(&query.status).to_owned();
    if !status.is_empty() && status_label(&status).is_empty() {
        return Err(Invalid(MSG_STATUS));
    }
    let source = sent(&query.source).to_owned();
    if !source.is_empty() && source_label(&source).is_empty() {
        return Err(Invalid(MSG_SOURCE));
    }
    Ok(LeadFilter {
        status,
        source,
        overdue: sent(&query.overdue) == "1",
        unregistered: sent(&query.unregistered) == "1",
        now: clock::now(),
        ..LeadFilter::default()
    })
}

/// The regulator's inbox: the leads of the projects of its district, filtered, newest first.
pub async fn inbox(db: &Db, current: &CurrentAccount, query: &LeadQuery) -> Result<Paged<LeadItem>, ApiError> {
    require_handler(current)?;
    let page = Page::parse(&query.page, &query.limit)?;
    let mut filter = filter(query)?;
    filter.district = scope::district(current).to_owned();
    filter.project_id = match sent(&query.project_id) {
        "" => 0,
        text => text.parse::<i64>().ok().filter(|id| *id > 0).ok_or(Invalid(MSG_PROJECT))?,
    };
    let (rows, total) = repo::list(db, &filter, page.limit, page.offset()).await?;
    Ok(page.answer(rows.into_iter().map(|row| item(row, filter.now)).collect(), total))
}

/// The project's list (线索反馈管理): the leads dispatched to it, newest first.
pub async fn project_list(db: &Db, current: &CurrentAccount, query: &LeadQuery) -> Result<Paged<LeadItem>, ApiError> {
    let project_id = require_builder(current)?;
    let page = Page::parse(&query.page, &query.limit)?;
    let filter = LeadFilter { project_id, dispatched_only: true, ..filter(query)? };
    let (rows, total) = repo::list(db, &filter, page.limit, page.offset()).await?;
    Ok(page.answer(rows.into_iter().map(|row| item(row, filter.now)).collect(), total))
}

/// Leads awaiting project `project_id`'s feedback (dispatched, or returned for another answer): its
/// 线索反馈管理 list filtered to each of those statuses counts the same.
pub async fn awaiting_feedback(db: &Db, project_id: i64) -> sqlx::Result<i64> {
    let mut total = 0;
    for status in ["dispatched", "returned"] {
        let filter = LeadFilter { project_id, dispatched_only: true, status: status.into(), ..LeadFilter::default() };
        total += repo::list(db, &filter, 1, 0).await?.1;
    }
    Ok(total)
}

/// Leads of `district`'s projects ('' for the whole area) awaiting feedback past their deadline: 线索管理
/// filtered to 逾期 counts the same.
pub async fn overdue_count(db: &Db, district: &str) -> sqlx::Result<i64> {
    let filter = LeadFilter { district: district.into(), overdue: true, now: clock::now(), ..LeadFilter::default() };
    Ok(repo::list(db, &filter, 1, 0).await?.1)
}

#[derive(Debug, Default, Deserialize, IntoParams, ToSchema)]
#[into_params(parameter_in = Query)]
pub struct LeadIdQuery {
    pub id: Option<String>,
}

/// One step of a lead's history.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LeadStep {
    /// The acting account's login name, or 举报人.
    pub actor: String,
    /// report, enter, dispatch, feedback, return or accept.
    pub action: String,
    pub action_label: String,
    pub remark: String,
    /// `YYYY-MM-DD HH:MM:SS`.
    pub time: String,
    pub files: Vec<NamedFile>,
}

/// A lead with its description, the bureau's answer and its history.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LeadDetail {
    #[serde(flatten)]
    pub lead: LeadItem,
    /// The worker's ID number; masked for the project.
    pub id_number: String,
    pub description: String,
    /// The bureau's final answer; '' until closed.
    pub answer: String,
    pub steps: Vec<LeadStep>,
}

fn lead_id(query: &LeadIdQuery) -> Result<i64, ApiError> {
    sent(&query.id).parse::<i64>().ok().filter(|id| *id > 0).ok_or_else(|| ApiError::NotFound(MSG_NOT_FOUND.into()))
}

fn history(steps: Vec<StepRow>, files: Vec<FileRow>) -> Vec<LeadStep> {
    steps
        .into_iter()
        .map(|step| LeadStep {
            action_label: action_label(&step.action).into(),
            time: clock::china_datetime(step.created_at),
            files: files
                .iter()
                .filter(|file| file.step_id == step.id)
                .map(|file| NamedFile::new(file.original_name.clone(), file.url.clone(), &file.content_type))
                .collect(),
            actor: step.actor,
            action: step.action,
            remark: step.remark,
        })
        .collect()
}

/// The lead `id` when the account may see it: a handler whose district holds the lead's project, or the
/// project it was dispatched to. 404 otherwise, as for an unknown id.
async fn visible(db: &Db, current: &CurrentAccount, id: i64) -> Result<LeadRow, ApiError> {
    let missing = || ApiError::NotFound(MSG_NOT_FOUND.into());
    let lead = repo::find(db, id).await?.ok_or_else(missing)?;
    let allowed = match current.kind() {
        AccountKind::Admin => {
            require_handler(current)?;
            match lead.project_id {
                0 => site::site_covered(current, &lead.site_district),
                project_id => scope::covers(db, current, project_id).await?,
            }
        }
        _ => require_builder(current)? == lead.project_id && lead.status != "pending",
    };
    if allowed { Ok(lead) } else { Err(missing()) }
}

/// The lead of the form's `id` when the account may see it (404 otherwise).
pub(crate) async fn visible_lead(db: &Db, current: &CurrentAccount, id: &Option<String>) -> Result<LeadRow, ApiError> {
    visible(db, current, lead_id(&LeadIdQuery { id: id.clone() })?).await
}

/// `Clue/detail` for either side.
pub async fn detail(db: &Db, current: &CurrentAccount, query: &LeadIdQuery) -> Result<LeadDetail, ApiError> {
    let lead = visible(db, current, lead_id(query)?).await?;
    let steps = history(repo::steps(db, lead.id).await?, repo::files(db, lead.id).await?);
    let id_number = if current.kind() == AccountKind::Admin { lead.id_number.clone() } else { masked(&lead.id_number) };
    Ok(LeadDetail {
        id_number,
        description: lead.description.clone(),
        answer: lead.answer.clone(),
        steps,
        lead: item(lead, clock::now()),
    })
}

/// Whether the account may see the worker's photo `stored_name`, and its content type.
pub async fn photo(db: &Db, current: &CurrentAccount, stored_name: &str) -> Result<String, ApiError> {
    let (lead_id, content_type) =
        repo::photo(db, stored_name).await?.ok_or_else(|| ApiError::NotFound("文件不存在".into()))?;
    visible(db, current, lead_id).await?;
    Ok(content_type)
}

/// The hotline entry: the report's fields (captcha fields ignored) entered by a handler.
pub async fn enter(
    db: &Db,
    areacode: &str,
    current: &CurrentAccount,
    ip: &str,
    form: &ReportForm,
) -> Result<String, ApiError> {
    require_handler(current)?;
    let report = validate_report(db, form, areacode).await?;
    let covered = match (&report.project_id, &report.site) {
        (Some(project_id), _) => scope::covers(db, current, *project_id).await?,
        (None, site) => site::site_covered(current, site.as_ref().map_or("", |site| site.district.as_str())),
    };
    if !covered {
        return Err(Invalid(MSG_PROJECT).into());
    }
    let entry = Entry::by(&current.account, ip)
        .project(report.project_id)
        .action("录入欠薪线索")
        .on(TARGET, "")
        .detail(format!("12333热线 {} 欠薪{}元", report.name, yuan(report.owed_fen)));
    let (_, receipt) = store_report(db, &report, Source::Hotline, &current.account.username, &[], Some(entry)).await?;
    Ok(receipt)
}

/// The last day a project has to answer, `working_days` working days after `today` (China's holiday
/// calendar), and the first second after it.
pub async fn deadline(db: &Db, today: Date, working_days: i64) -> Result<(String, i64), ApiError> {
    let last = today + time::Duration::days(working_days.max(1) * 3 + 30);
    let calendar = calendar::calendar(db, today, last).await?;
    let mut day = today;
    let mut counted = 0;
    while counted < working_days.max(1) {
        day = day.next_day().unwrap_or(day);
        if calendar.class(day) == crate::domain::calendar::DayClass::Working {
            counted += 1;
        }
    }
    let end = day.next_day().unwrap_or(day).midnight().assume_utc().unix_timestamp() - 8 * 3600;
    Ok((format_date(day), end))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DispatchForm {
    pub id: Option<String>,
    /// The project to answer; empty: the project the lead names.
    pub project_id: Option<String>,
}

/// Sends a pending lead to a project of the handler's district with a deadline; the project gets a message.
pub async fn dispatch(
    db: &Db,
    config: &ClueConfig,
    current: &CurrentAccount,
    ip: &str,
    form: &DispatchForm,
) -> Result<(), ApiError> {
    require_handler(current)?;
    let lead = visible(db, current, lead_id(&LeadIdQuery { id: form.id.clone() })?).await?;
    if lead.project_id == 0 {
        return Err(ApiError::refused(site::MSG_LINK_FIRST));
    }
    let project_id = match sent(&form.project_id) {
        "" => lead.project_id,
        text => text.parse::<i64>().ok().filter(|id| *id > 0).ok_or(Invalid(MSG_PROJECT))?,
    };
    let approved = project::find_summary(db, project_id).await?.is_some_and(|summary| summary.audit_status == "2");
    if !approved || !scope::covers(db, current, project_id).await? {
        return Err(Invalid(MSG_PROJECT).into());
    }
    let (day, at) = deadline(db, clock::china_today(), config.feedback_working_days).await?;
    let change = Transition {
        from: ["pending", "pending"],
        to: "dispatched",
        project_id: Some(project_id),
        deadline: Some((&day, at)),
        answer: None,
    };
    let remark = format!("派发至项目，{day}前反馈");
    let step = NewStep { actor: &current.account.username, action: "dispatch", remark: &remark, files: &[] };
    let entry = Entry::by(&current.account, ip)
        .project(project_id)
        .action("派发欠薪线索")
        .on(TARGET, lead.id)
        .detail(format!("{} 待派发 → 待反馈，期限{day}", lead.receipt));
    if !repo::transition(db, lead.id, &change, &step, &entry, clock::now()).await? {
        return Err(ApiError::refused(MSG_NOT_PENDING));
    }
    let content = format!("欠薪线索{}已派发至本项目，请于{day}前反馈处理情况。", lead.receipt);
    message::send(db, Outgoing::to_project(project_id, Kind::Lead, "欠薪线索待反馈", &content).about(lead.id)).await?;
    Ok(())
}

#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct FeedbackForm {
    pub id: Option<String>,
    /// What the project did, at most 1000 characters.
    pub content: Option<String>,
    /// Up to 5 of the project's own uploads (images or attachments), their URLs separated by commas.
    pub files: Option<String>,
}

/// The project's answer to a lead awaiting feedback (dispatched or returned): text and up to 5 attachments.
pub async fn feedback(db: &Db, current: &CurrentAccount, ip: &str, form: &FeedbackForm) -> Result<(), ApiError> {
    let project_id = require_builder(current)?;
    let lead = visible(db, current, lead_id(&LeadIdQuery { id: form.id.clone() })?).await?;
    let content = bounded(&form.content, TEXT_MAX, MSG_FEEDBACK)?;
    let urls: Vec<&str> = sent(&form.files).split(',').map(str::trim).filter(|url| !url.is_empty()).collect();
    if urls.len() > MAX_FILES {
        return Err(Invalid(MSG_TOO_MANY_ATTACHMENTS).into());
    }
    let mut files = Vec::with_capacity(urls.len());
    for url in urls {
        let name = url.strip_prefix(upload::service::URL_PREFIX).ok_or(Invalid(MSG_ATTACHMENT))?;
        let upload = upload::service::project_file(db, project_id, name, &["image", "attachment"])
            .await?
            .ok_or(Invalid(MSG_ATTACHMENT))?;
        files.push(NewFile {
            stored_name: name.to_owned(),
            original_name: upload.original_name,
            content_type: upload.content_type,
            url: url.to_owned(),
        });
    }
    let change =
        Transition { from: ["dispatched", "returned"], to: "feedback", project_id: None, deadline: None, answer: None };
    let step = NewStep { actor: &current.account.username, action: "feedback", remark: &content, files: &files };
    let entry = Entry::by(&current.account, ip).action("反馈欠薪线索").on(TARGET, lead.id).detail(format!(
        "{} {} → 待审核",
        lead.receipt,
        status_label(&lead.status)
    ));
    if !repo::transition(db, lead.id, &change, &step, &entry, clock::now()).await? {
        return Err(ApiError::refused(MSG_NOT_AWAITING_FEEDBACK));
    }
    // An answered lead no longer waits in the login popup.
    message::subject_opened(db, project_id, Kind::Lead, lead.id).await?;
    Ok(())
}

#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct ReviewForm {
    pub id: Option<String>,
    /// Return: why (required, at most 500 characters). Accept: the final answer the worker sees (required, at
    /// most 1000 characters).
    pub remark: Option<String>,
}

/// Returns a lead's feedback with a remark: it awaits feedback again, with a new deadline; the project gets a
/// message.
pub async fn send_back(
    db: &Db,
    config: &ClueConfig,
    current: &CurrentAccount,
    ip: &str,
    form: &ReviewForm,
) -> Result<(), ApiError> {
    require_handler(current)?;
    let lead = visible(db, current, lead_id(&LeadIdQuery { id: form.id.clone() })?).await?;
    let remark = bounded(&form.remark, REMARK_MAX, MSG_REMARK)?;
    let (day, at) = deadline(db, clock::china_today(), config.feedback_working_days).await?;
    let change = Transition {
        from: ["feedback", "feedback"],
        to: "returned",
        project_id: None,
        deadline: Some((&day, at)),
        answer: None,
    };
    let step = NewStep { actor: &current.account.username, action: "return", remark: &remark, files: &[] };
    let entry = Entry::by(&current.account, ip)
        .project(lead.project_id)
        .action("退回欠薪线索反馈")
        .on(TARGET, lead.id)
        .detail(format!("{} 待审核 → 已退回：{remark}", lead.receipt));
    if !repo::transition(db, lead.id, &change, &step, &entry, clock::now()).await? {
        return Err(ApiError::refused(MSG_NOT_AWAITING_REVIEW));
    }
    let content = format!("欠薪线索{}的反馈被退回：{remark}。请于{day}前重新反馈。", lead.receipt);
    message::send(db, Outgoing::to_project(lead.project_id, Kind::Lead, "欠薪线索反馈被退回", &content).about(lead.id))
        .await?;
    Ok(())
}

/// Accepts a lead's feedback and closes it with the final answer the worker then sees.
pub async fn accept(db: &Db, current: &CurrentAccount, ip: &str, form: &ReviewForm) -> Result<(), ApiError> {
    require_handler(current)?;
    let lead = visible(db, current, lead_id(&LeadIdQuery { id: form.id.clone() })?).await?;
    let answer = bounded(&form.remark, TEXT_MAX, MSG_ANSWER)?;
    let change = Transition {
        from: ["feedback", "feedback"],
        to: "closed",
        project_id: None,
        deadline: None,
        answer: Some(&answer),
    };
    let step = NewStep { actor: &current.account.username, action: "accept", remark: &answer, files: &[] };
    let entry = Entry::by(&current.account, ip)
        .project(lead.project_id)
        .action("办结欠薪线索")
        .on(TARGET, lead.id)
        .detail(format!("{} 待审核 → 已办结", lead.receipt));
    if !repo::transition(db, lead.id, &change, &step, &entry, clock::now()).await? {
        return Err(ApiError::refused(MSG_NOT_AWAITING_REVIEW));
    }
    Ok(())
}

/// A dispatched (or returned) lead still without feedback past its deadline, for the warning engine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OverdueLead {
    pub lead_id: i64,
    pub project_id: i64,
    pub receipt: String,
    /// The first second after the deadline's China day.
    pub deadline: i64,
}

/// The leads awaiting the project's feedback whose deadline has passed at `now`.
pub async fn overdue_leads(db: &Db, now: i64) -> sqlx::Result<Vec<OverdueLead>> {
    Ok(repo::overdue(db, now)
        .await?
        .into_iter()
        .map(|(lead_id, project_id, receipt, deadline)| OverdueLead { lead_id, project_id, receipt, deadline })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn receipts_carry_the_day_and_eight_digits() {
        let receipt = new_receipt();
        assert_eq!(receipt.len(), 2 + 8 + 8, "{receipt}");
        assert!(receipt.starts_with("XS"));
        assert!(receipt[2..].bytes().all(|b| b.is_ascii_digit()));
    }

    #[test]
    fn only_leads_awaiting_feedback_run_late() {
        let lead = |status: &str, deadline_at| LeadRow {
            id: 1,
            receipt: String::new(),
            reporter_name: String::new(),
            phone: String::new(),
            id_number: String::new(),
            project_id: 1,
            project_name: String::new(),
            employer: String::new(),
            owed_fen: 1,
            months_owed: 1,
            description: String::new(),
            source: "public".into(),
            status: status.into(),
            deadline_day: String::new(),
            deadline_at,
            answer: String::new(),
            created_at: 0,
            updated_at: 0,
            unregistered: false,
            site_name: String::new(),
            site_address: String::new(),
            site_district: String::new(),
            employer_phone: String::new(),
        };
        assert!(is_overdue(&lead("dispatched", Some(100)), 100));
        assert!(is_overdue(&lead("returned", Some(50)), 100));
        assert!(!is_overdue(&lead("dispatched", Some(101)), 100));
        assert!(!is_overdue(&lead("feedback", Some(50)), 100));
        assert!(!is_overdue(&lead("pending", None), 100));
    }
}
