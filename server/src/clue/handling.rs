//! A lead's handling: the regulator's inbox and the project's list, the detail, dispatch with a deadline in
//! working days, the project's feedback, sending it back, closing, and the overdue leads the warnings read.

use serde::{Deserialize, Serialize};
use time::Date;
use utoipa::{IntoParams, ToSchema};

use super::input::*;
use super::repo::{self, FileRow, LeadChange, LeadFilter, LeadRow, NewFile, NewStep, StepRow, Transition};
use super::report::{ReportForm, store_report, validate_report};
use super::site;
use crate::clock;
use crate::config::ClueConfig;
use crate::db::{Db, Tx};
use crate::domain::Invalid;
use crate::domain::dates::format_date;
use crate::domain::mask::masked;
use crate::envelope::ApiError;
use crate::identity::accounts::{AccountKind, RegulatorRole};
use crate::identity::sessions::CurrentAccount;
use crate::message::service::{self as message, Kind, Outgoing};
use crate::oplog::{self, Entry};
use crate::paging::{Page, Paged};
use crate::project::service::{self as project};
use crate::upload::service::NamedFile;
use crate::wage::money::yuan;
use crate::{calendar, scope, upload};

/// Changes the lead with its step and log line, all or nothing; refused with `moved_on` when it was no longer in
/// the state the change starts from (another hand was quicker).
pub(super) async fn change_lead(
    db: &Db,
    id: i64,
    change: LeadChange<'_>,
    step: &NewStep<'_>,
    entry: &Entry<'_>,
    moved_on: &'static str,
) -> Result<(), ApiError> {
    let now = clock::now();
    Tx::within(db, async |tx: &mut Tx| -> Result<(), ApiError> {
        if !repo::change(tx, id, &change, now).await? {
            return Err(ApiError::refused(moved_on));
        }
        repo::insert_step(tx, id, step, now).await?;
        oplog::record_in(tx, entry).await?;
        Ok(())
    })
    .await
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
    change_lead(db, lead.id, LeadChange::Status(&change), &step, &entry, MSG_NOT_PENDING).await?;
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
    change_lead(db, lead.id, LeadChange::Status(&change), &step, &entry, MSG_NOT_AWAITING_FEEDBACK).await?;
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
    change_lead(db, lead.id, LeadChange::Status(&change), &step, &entry, MSG_NOT_AWAITING_REVIEW).await?;
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
    change_lead(db, lead.id, LeadChange::Status(&change), &step, &entry, MSG_NOT_AWAITING_REVIEW).await?;
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
