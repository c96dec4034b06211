//! Credit records (诚信记录, spec /faith): workers' bad-behaviour records (不良行为), and awards (奖励)
//! and punishments (惩罚) of units and workers, each with a date, a reason, the issuing body and up to
//! 5 attachments. Each record keeps its authority (decisions "Credit records keep their authority"): the
//! bureau's (entered by the regulator) or the project's; only that authority corrects or revokes it, a
//! revocation needs a reason, and nothing is deleted. Handlers in `mod.rs`, SQL in `repo.rs`.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::repo::{self, CreditFilter, CreditRow, NewCredit};
use crate::db::Db;
use crate::domain::Invalid;
use crate::domain::dates::{format_date, parse_date, required_date};
use crate::domain::id_number::IdNumber;
use crate::domain::mask::masked;
use crate::domain::person_name::PersonName;
use crate::envelope::ApiError;
use crate::extract::sent;
use crate::identity::accounts::AccountKind;
use crate::identity::accounts::RegulatorRole;
use crate::identity::sessions::CurrentAccount;
use crate::paging::{Page, Paged, contains_pattern};
use crate::scope;
use crate::upload::service::URL_PREFIX;
use crate::{clock, oplog};

pub const MSG_NOT_FOUND: &str = "记录不存在";
pub const MSG_KIND_REQUIRED: &str = "请选择记录类型";
pub const MSG_KIND_INVALID: &str = "请选择正确的记录类型";
pub const MSG_SUBJECT_REQUIRED: &str = "请选择对象类型";
pub const MSG_SUBJECT_INVALID: &str = "请选择正确的对象类型";
pub const MSG_BAD_WORKERS_ONLY: &str = "不良行为记录只能登记工人";
pub const MSG_NAME_REQUIRED: &str = "请填写姓名";
pub const MSG_ID_NUMBER_REQUIRED: &str = "请填写身份证号码";
pub const MSG_NAME_MISMATCH: &str = "姓名与该身份证号码登记的工人姓名不一致";
pub const MSG_UNIT_REQUIRED: &str = "请选择单位";
pub const MSG_UNIT_INVALID: &str = "请选择本项目的参建单位";
pub const MSG_DATE_REQUIRED: &str = "请选择日期";
pub const MSG_DATE_FUTURE: &str = "日期不能晚于今天";
pub const MSG_REASON_REQUIRED: &str = "请填写事由";
pub const MSG_REASON_TOO_LONG: &str = "事由不能超过500个字";
pub const MSG_ISSUER_REQUIRED: &str = "请填写发布单位";
pub const MSG_ISSUER_TOO_LONG: &str = "发布单位不能超过100个字";
pub const MSG_ATTACHMENTS_TOO_MANY: &str = "附件最多上传5个";
pub const MSG_ATTACHMENT_INVALID: &str = "附件无效，请重新上传";
pub const MSG_KEYWORD_TOO_LONG: &str = "搜索内容不能超过20个字";
pub const MSG_DATE_RANGE: &str = "开始日期不能晚于结束日期";
pub const MSG_PUNISHMENT_BUREAU: &str = "处罚记录由人社局录入，项目不能登记";
pub const MSG_ISSUER_BUREAU: &str = "人社局发布的记录由人社局录入，项目只能登记本项目发布的记录";
pub const MSG_BUREAU_ATTACHMENTS: &str = "人社局录入的记录请在事由中注明文书编号，不上传附件";
pub const MSG_KIND_FIXED: &str = "记录类型不能修改";
pub const MSG_BUREAU_RECORD: &str = "该记录由人社局登记，项目不能修改或撤销";
pub const MSG_PROJECT_RECORD: &str = "该记录由项目登记，只能由该项目修改或撤销";
pub const MSG_REVOKED: &str = "该记录已撤销，不能修改或再次撤销";
pub const MSG_REVOKE_REASON_REQUIRED: &str = "请填写撤销原因";
pub const MSG_REVOKE_REASON_TOO_LONG: &str = "撤销原因不能超过200个字";
pub const MSG_SAVED: &str = "保存成功";
pub const MSG_REVOKED_OK: &str = "已撤销";
pub const REASON_MAX: usize = 500;
pub const REVOKE_REASON_MAX: usize = 200;
pub const ISSUER_MAX: usize = 100;
pub const MAX_ATTACHMENTS: usize = 5;
pub const KEYWORD_MAX: usize = 20;

/// The three kinds: value, label (the screen's name).
pub const KINDS: [(&str, &str); 3] = [("bad", "不良行为记录"), ("award", "奖励记录"), ("punishment", "惩罚记录")];

fn kind(text: &Option<String>) -> Result<&'static str, Invalid> {
    let text = text.as_deref().unwrap_or("").trim();
    if text.is_empty() {
        return Err(Invalid(MSG_KIND_REQUIRED));
    }
    KINDS.iter().find(|(value, _)| *value == text).map(|(value, _)| *value).ok_or(Invalid(MSG_KIND_INVALID))
}

fn kind_label(kind: &str) -> &'static str {
    KINDS.iter().find(|(value, _)| *value == kind).map_or("诚信记录", |(_, label)| label)
}

#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct CreditListForm {
    /// bad 不良行为记录, award 奖励记录, punishment 惩罚记录 (required).
    pub kind: Option<String>,
    pub page: Option<String>,
    pub limit: Option<String>,
    /// worker or unit; empty = both.
    pub subject_type: Option<String>,
    /// Part of the name (worker or unit) or the ID number, at most 20 characters.
    pub keyword: Option<String>,
    /// YYYY-MM-DD, inclusive.
    pub date_from: Option<String>,
    pub date_to: Option<String>,
    /// The regulator: its project in view (empty = all, for a regulator of the whole area). A builder
    /// account: its own only (another: 404).
    #[serde(rename = "projectId")]
    #[schema(rename = "projectId")]
    pub project_id: Option<String>,
}

/// Words a project may not use as the issuer: they name the labour bureau, whose records the regulator enters.
const BUREAU_WORDS: [&str; 2] = ["人力资源和社会保障", "人社局"];

/// A credit record. Lists mask the ID number; the detail answers it in full.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Credit {
    pub id: i64,
    pub project_id: i64,
    pub project_name: String,
    /// bad, award or punishment.
    pub kind: String,
    /// worker or unit.
    pub subject_type: String,
    /// The worker's or the unit's name.
    pub subject_name: String,
    /// Workers: the ID number ('' for units), masked in the list.
    pub id_number: String,
    /// Whether the worker is registered (found by ID number in the roster's workers).
    pub registered: bool,
    pub unit_id: Option<i64>,
    pub record_date: String,
    pub reason: String,
    pub issuer: String,
    /// `/uploads/…` URLs.
    pub attachments: Vec<String>,
    /// bureau (entered by the regulator, 人社局) or project (entered by the project).
    pub authority: String,
    /// The name of the account that entered it ('' for seeded records).
    pub entered_by: String,
    /// YYYY-MM-DD HH:MM:SS.
    pub created_time: String,
    /// The last correction, YYYY-MM-DD HH:MM:SS ('' if never corrected).
    pub updated_time: String,
    /// Revoked records stay listed (已撤销) with when, by whom and why.
    pub revoked: bool,
    pub revoked_time: String,
    pub revoked_by: String,
    pub revoke_reason: String,
    /// Whether the session's account may correct or revoke it (the server checks again).
    pub can_change: bool,
}

fn split_list(text: &str) -> Vec<String> {
    text.split(',').map(str::trim).filter(|item| !item.is_empty()).map(str::to_owned).collect()
}

/// Who may correct or revoke `row`: the regulator the bureau's records, the project its own; nobody a
/// revoked record.
fn may_change(current: &CurrentAccount, row: &CreditRow) -> Result<(), ApiError> {
    match (current.kind(), row.authority.as_str()) {
        (AccountKind::Finance, _) => return Err(ApiError::Forbidden(scope::MSG_FINANCE.into())),
        (AccountKind::Admin, "bureau") => scope::require_role(current, &[RegulatorRole::Inspector])?,
        (AccountKind::Builder, "project") if current.account.project_id == Some(row.project_id) => {}
        (AccountKind::Builder, _) => return Err(ApiError::Forbidden(MSG_BUREAU_RECORD.into())),
        (AccountKind::Admin, _) => return Err(ApiError::Forbidden(MSG_PROJECT_RECORD.into())),
    }
    if row.revoked_at.is_some() {
        return Err(ApiError::refused(MSG_REVOKED));
    }
    Ok(())
}

/// How a record is shown: `full` in the detail, masked in lists.
fn credit(row: CreditRow, current: &CurrentAccount, full: bool) -> Credit {
    let can_change = may_change(current, &row).is_ok();
    let time = |at: Option<i64>| at.map(clock::china_datetime).unwrap_or_default();
    Credit {
        id: row.id,
        project_id: row.project_id,
        project_name: row.project_name,
        kind: row.kind,
        subject_type: row.subject_type,
        subject_name: row.subject_name,
        id_number: if full { row.id_number } else { masked(&row.id_number) },
        registered: row.worker_id.is_some(),
        unit_id: row.unit_id,
        record_date: row.record_date,
        reason: row.reason,
        issuer: row.issuer,
        attachments: split_list(&row.attachments),
        authority: row.authority,
        entered_by: row.entered_by,
        created_time: clock::china_datetime(row.created_at),
        updated_time: time(row.updated_at),
        revoked: row.revoked_at.is_some(),
        revoked_time: time(row.revoked_at),
        revoked_by: row.revoked_by,
        revoke_reason: row.revoke_reason,
        can_change,
    }
}

fn subject_type(text: &Option<String>, required: bool) -> Result<&'static str, Invalid> {
    match text.as_deref().unwrap_or("").trim() {
        "" if required => Err(Invalid(MSG_SUBJECT_REQUIRED)),
        "" => Ok(""),
        "worker" => Ok("worker"),
        "unit" => Ok("unit"),
        _ => Err(Invalid(MSG_SUBJECT_INVALID)),
    }
}

fn date_filter(text: &Option<String>) -> Result<String, Invalid> {
    Ok(parse_date(text.as_deref().unwrap_or(""))?.map(format_date).unwrap_or_default())
}

/// `Credit/list`.
pub async fn list(db: &Db, current: &CurrentAccount, form: &CreditListForm) -> Result<Paged<Credit>, ApiError> {
    let scope = scope::read(db, current, &form.project_id).await?;
    let kind = kind(&form.kind)?;
    let page = Page::parse(&form.page, &form.limit)?;
    let subject_type = subject_type(&form.subject_type, false)?;
    let keyword = form.keyword.as_deref().unwrap_or("").trim();
    if keyword.chars().count() > KEYWORD_MAX {
        return Err(Invalid(MSG_KEYWORD_TOO_LONG).into());
    }
    let (date_from, date_to) = (date_filter(&form.date_from)?, date_filter(&form.date_to)?);
    if !date_from.is_empty() && !date_to.is_empty() && date_from > date_to {
        return Err(Invalid(MSG_DATE_RANGE).into());
    }
    let pattern = contains_pattern(&keyword.to_uppercase());
    let filter = CreditFilter {
        kind,
        project_id: scope.filter(),
        subject_type,
        pattern: &pattern,
        date_from: &date_from,
        date_to: &date_to,
    };
    let total = repo::count(db, &filter).await?;
    let rows = repo::page(db, &filter, page.limit, page.offset()).await?;
    Ok(page.answer(rows.into_iter().map(|row| credit(row, current, false)).collect(), total))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct CreditIdForm {
    pub id: Option<String>,
}

/// What `Credit/delete` (a revocation) receives.
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct CreditRevokeForm {
    pub id: Option<String>,
    /// Why the record is revoked, at most 200 characters (required).
    pub reason: Option<String>,
}

async fn readable(db: &Db, current: &CurrentAccount, id: &Option<String>) -> Result<CreditRow, ApiError> {
    let not_found = || ApiError::NotFound(MSG_NOT_FOUND.into());
    let id =
        id.as_deref().and_then(|text| text.trim().parse::<i64>().ok()).filter(|id| *id > 0).ok_or_else(not_found)?;
    let row = repo::find(db, id).await?.ok_or_else(not_found)?;
    if scope::covers(db, current, row.project_id).await? { Ok(row) } else { Err(not_found()) }
}

/// `Credit/detail`.
pub async fn detail(db: &Db, current: &CurrentAccount, form: &CreditIdForm) -> Result<Credit, ApiError> {
    Ok(credit(readable(db, current, &form.id).await?, current, true))
}

/// The full ID number of one record, for a list's logged reveal (`privacy`).
pub async fn full_id_number(db: &Db, current: &CurrentAccount, id: &Option<String>) -> Result<String, ApiError> {
    Ok(readable(db, current, id).await?.id_number)
}

/// What `Credit/save` and `Credit/update` receive.
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct CreditForm {
    /// `Credit/update`: the record corrected.
    pub id: Option<String>,
    /// `Credit/save` by the regulator: the project the bureau's record is for (required).
    pub project_id: Option<String>,
    /// bad, award or punishment.
    pub kind: Option<String>,
    /// worker or unit (bad: worker only).
    pub subject_type: Option<String>,
    /// Worker: the name.
    pub name: Option<String>,
    /// Worker: the ID number (a registered worker's name must match).
    pub id_number: Option<String>,
    /// Unit: a unit of the project.
    pub unit_id: Option<String>,
    /// YYYY-MM-DD, not after today.
    pub record_date: Option<String>,
    /// At most 500 characters.
    pub reason: Option<String>,
    /// The issuing body, at most 100 characters.
    pub issuer: Option<String>,
    /// Comma-joined `/uploads/…` URLs this project uploaded with kind `attachment`, at most 5.
    pub attachments: Option<String>,
}

/// The subject as the form names it, before the database checks.
#[derive(Debug, PartialEq, Eq)]
pub enum Subject {
    Worker { name: String, id_number: String },
    Unit(i64),
}

/// The form's fields, checked in order, and the attachments' stored names.
#[derive(Debug, PartialEq, Eq)]
pub struct Checked {
    pub kind: &'static str,
    pub subject: Subject,
    pub record_date: String,
    pub reason: String,
    pub issuer: String,
    pub attachments: Vec<String>,
}

fn bounded(text: &str, max: usize, required: &'static str, too_long: &'static str) -> Result<String, Invalid> {
    let text = text.trim();
    if text.is_empty() {
        return Err(Invalid(required));
    }
    if text.chars().count() > max {
        return Err(Invalid(too_long));
    }
    Ok(text.to_owned())
}

pub fn validate(form: &CreditForm, today: &str) -> Result<Checked, Invalid> {
    let kind = kind(&form.kind)?;
    let subject = match subject_type(&form.subject_type, true)? {
        "unit" if kind == "bad" => return Err(Invalid(MSG_BAD_WORKERS_ONLY)),
        "unit" => {
            let text = sent(&form.unit_id).trim();
            if text.is_empty() {
                return Err(Invalid(MSG_UNIT_REQUIRED));
            }
            Subject::Unit(text.parse().map_err(|_| Invalid(MSG_UNIT_INVALID))?)
        }
        _ => {
            if sent(&form.name).trim().is_empty() {
                return Err(Invalid(MSG_NAME_REQUIRED));
            }
            let name = PersonName::parse(sent(&form.name))?.as_str().to_owned();
            if sent(&form.id_number).trim().is_empty() {
                return Err(Invalid(MSG_ID_NUMBER_REQUIRED));
            }
            let id_number = IdNumber::parse(sent(&form.id_number))?.as_str().to_owned();
            Subject::Worker { name, id_number }
        }
    };
    let record_date = format_date(required_date(sent(&form.record_date), MSG_DATE_REQUIRED)?);
    if record_date.as_str() > today {
        return Err(Invalid(MSG_DATE_FUTURE));
    }
    let reason = bounded(sent(&form.reason), REASON_MAX, MSG_REASON_REQUIRED, MSG_REASON_TOO_LONG)?;
    let issuer = bounded(sent(&form.issuer), ISSUER_MAX, MSG_ISSUER_REQUIRED, MSG_ISSUER_TOO_LONG)?;
    let mut attachments: Vec<String> = Vec::new();
    for url in split_list(sent(&form.attachments)) {
        if !attachments.contains(&url) {
            attachments.push(url);
        }
    }
    if attachments.len() > MAX_ATTACHMENTS {
        return Err(Invalid(MSG_ATTACHMENTS_TOO_MANY));
    }
    if attachments
        .iter()
        .any(|url| url.strip_prefix(URL_PREFIX).is_none_or(|name| name.is_empty() || name.contains('/')))
    {
        return Err(Invalid(MSG_ATTACHMENT_INVALID));
    }
    Ok(Checked { kind, subject, record_date, reason, issuer, attachments })
}

/// The rules that depend on who issues a record: a project neither punishes nor writes in the bureau's
/// name; the bureau's records name their decision in the reason instead of attachments the project
/// could not open.
pub fn authority_rule(authority: &str, checked: &Checked) -> Result<(), Invalid> {
    if authority == "project" {
        if checked.kind == "punishment" {
            return Err(Invalid(MSG_PUNISHMENT_BUREAU));
        }
        if BUREAU_WORDS.iter().any(|word| checked.issuer.contains(word)) {
            return Err(Invalid(MSG_ISSUER_BUREAU));
        }
    } else if !checked.attachments.is_empty() {
        return Err(Invalid(MSG_BUREAU_ATTACHMENTS));
    }
    Ok(())
}

/// The checked form as a record of `project_id`: the attachments are the project's uploads, a registered
/// worker's name matches, a unit is one of the project's.
async fn resolve(db: &Db, project_id: i64, authority: &str, checked: Checked) -> Result<NewCredit, ApiError> {
    authority_rule(authority, &checked)?;
    let names: Vec<String> = checked.attachments.iter().map(|url| url[URL_PREFIX.len()..].to_owned()).collect();
    if crate::upload::service::count_project_uploads(db, project_id, &names, &["attachment"]).await?
        != names.len() as i64
    {
        return Err(ApiError::refused(MSG_ATTACHMENT_INVALID));
    }
    let (subject_type, worker_id, unit_id, subject_name, id_number) = match &checked.subject {
        Subject::Worker { name, id_number } => {
            let worker = repo::find_worker(db, id_number).await?;
            if worker.as_ref().is_some_and(|(_, registered)| registered != name) {
                return Err(ApiError::refused(MSG_NAME_MISMATCH));
            }
            ("worker", worker.map(|(id, _)| id), None, name.clone(), id_number.clone())
        }
        Subject::Unit(unit_id) => {
            let units = crate::project::service::project_units(db, project_id).await?;
            let unit = units
                .into_iter()
                .find(|unit| unit.id == *unit_id)
                .ok_or_else(|| ApiError::refused(MSG_UNIT_INVALID))?;
            ("unit", None, Some(unit.id), unit.name, String::new())
        }
    };
    Ok(NewCredit {
        kind: checked.kind.to_owned(),
        subject_type: subject_type.to_owned(),
        worker_id,
        unit_id,
        subject_name,
        id_number,
        record_date: checked.record_date,
        reason: checked.reason,
        issuer: checked.issuer,
        attachments: checked.attachments.join(","),
    })
}

fn authority_label(authority: &str) -> &'static str {
    if authority == "bureau" { "人社局登记" } else { "项目登记" }
}

/// What the operation log keeps of a record (the ID number masked: the log is read by more people).
fn describe(record: &NewCredit) -> String {
    let id_number =
        if record.id_number.is_empty() { String::new() } else { format!("（{}）", masked(&record.id_number)) };
    let attachments = split_list(&record.attachments).len();
    format!(
        "{}{id_number} {}，事由：{}，发布单位：{}，附件{attachments}个",
        record.subject_name, record.record_date, record.reason, record.issuer
    )
}

fn stored(row: &CreditRow) -> NewCredit {
    NewCredit {
        kind: row.kind.clone(),
        subject_type: row.subject_type.clone(),
        worker_id: row.worker_id,
        unit_id: row.unit_id,
        subject_name: row.subject_name.clone(),
        id_number: row.id_number.clone(),
        record_date: row.record_date.clone(),
        reason: row.reason.clone(),
        issuer: row.issuer.clone(),
        attachments: row.attachments.clone(),
    }
}

async fn log(
    db: &Db,
    current: &CurrentAccount,
    ip: &str,
    action: &str,
    (project_id, id): (i64, i64),
    detail: String,
) -> Result<(), ApiError> {
    let entry = oplog::Entry::by(&current.account, ip).project(project_id);
    oplog::record(db, entry.action(action).on("credit_record", id).detail(detail)).await?;
    Ok(())
}

/// `Credit/save`: a project adds its own record to its project; the regulator adds the bureau's record to
/// the `project_id` it names. Logged.
pub async fn save(db: &Db, current: &CurrentAccount, ip: &str, form: &CreditForm) -> Result<i64, ApiError> {
    let (project_id, authority) = match current.kind() {
        AccountKind::Admin => {
            scope::require_role(current, &[RegulatorRole::Inspector])?;
            (scope::project(db, current, &form.project_id).await?, "bureau")
        }
        _ => (scope::write(current)?, "project"),
    };
    let checked = validate(form, &clock::today())?;
    let record = resolve(db, project_id, authority, checked).await?;
    let id = repo::insert(db, project_id, authority, Some(current.account.id), &record).await?;
    let detail = format!("{}（{}）：{}", kind_label(&record.kind), authority_label(authority), describe(&record));
    log(db, current, ip, "新增诚信记录", (project_id, id), detail).await?;
    Ok(id)
}

/// `Credit/update`: corrects a record by its own authority (kind and project stay). Logged before → after.
pub async fn correct(db: &Db, current: &CurrentAccount, ip: &str, form: &CreditForm) -> Result<(), ApiError> {
    let row = readable(db, current, &form.id).await?;
    may_change(current, &row)?;
    let checked = validate(form, &clock::today())?;
    if checked.kind != row.kind {
        return Err(Invalid(MSG_KIND_FIXED).into());
    }
    let record = resolve(db, row.project_id, &row.authority, checked).await?;
    if !repo::correct(db, row.id, &record).await? {
        return Err(ApiError::refused(MSG_REVOKED));
    }
    let detail = format!(
        "{}（{}）：{} → {}",
        kind_label(&row.kind),
        authority_label(&row.authority),
        describe(&stored(&row)),
        describe(&record)
    );
    log(db, current, ip, "修改诚信记录", (row.project_id, row.id), detail).await
}

/// `Credit/delete`: revokes a record by its own authority, with a reason. The record stays listed as
/// revoked; nothing is deleted. Logged with what the record said and why.
pub async fn revoke(db: &Db, current: &CurrentAccount, ip: &str, form: &CreditRevokeForm) -> Result<(), ApiError> {
    let row = readable(db, current, &form.id).await?;
    may_change(current, &row)?;
    let reason =
        bounded(sent(&form.reason), REVOKE_REASON_MAX, MSG_REVOKE_REASON_REQUIRED, MSG_REVOKE_REASON_TOO_LONG)?;
    if !repo::revoke(db, row.id, current.account.id, &reason).await? {
        return Err(ApiError::refused(MSG_REVOKED));
    }
    let detail = format!(
        "{}（{}）：{}；撤销原因：{reason}",
        kind_label(&row.kind),
        authority_label(&row.authority),
        describe(&stored(&row))
    );
    log(db, current, ip, "撤销诚信记录", (row.project_id, row.id), detail).await
}

/// Demo: the bureau's award of the general contractor and its punishment of a worker on the approved project.
pub async fn seed_demo(db: &Db, project_id: i64) -> Result<(), ApiError> {
    if repo::count_for_project(db, project_id).await? > 0 {
        return Ok(());
    }
    let units = crate::project::service::project_units(db, project_id).await?;
    if let Some(unit) = units.iter().find(|unit| unit.role == "contractor") {
        let award = NewCredit {
            kind: "award".into(),
            subject_type: "unit".into(),
            worker_id: None,
            unit_id: Some(unit.id),
            subject_name: unit.name.clone(),
            id_number: String::new(),
            record_date: "2026-06-18".into(),
            reason: "农民工实名制管理和工资专户按月足额发放，获评季度“无欠薪项目”".into(),
            issuer: "郑州市金水区人力资源和社会保障局".into(),
            attachments: String::new(),
        };
        repo::insert(db, project_id, "bureau", None, &award).await?;
    }
    let punishment = NewCredit {
        kind: "punishment".into(),
        subject_type: "worker".into(),
        worker_id: None,
        unit_id: None,
        subject_name: "赵小虎".into(),
        id_number: "410184199202035616".into(),
        record_date: "2026-07-05".into(),
        reason: "在施工现场高处作业未系安全带，经劝阻不改".into(),
        issuer: "郑州市金水区人力资源和社会保障局".into(),
        attachments: String::new(),
    };
    repo::insert(db, project_id, "bureau", None, &punishment).await?;
    Ok(())
}

/// The credit records' part of a project's export (`backup`), with their attachments.
pub async fn export_tables(db: &Db, project_id: i64) -> sqlx::Result<Vec<crate::spreadsheet::Table>> {
    let records = repo::export_records(db, project_id).await?;
    Ok(vec![crate::spreadsheet::Table::new("诚信记录.xlsx", "诚信记录", records, &["附件"])])
}

#[cfg(test)]
mod tests {
    use super::*;

    fn form(pairs: &[(&str, &str)]) -> CreditForm {
        let get = |key: &str| pairs.iter().find(|(k, _)| *k == key).map(|(_, v)| (*v).to_owned());
        CreditForm {
            id: None,
            project_id: None,
            kind: get("kind"),
            subject_type: get("subject_type"),
            name: get("name"),
            id_number: get("id_number"),
            unit_id: get("unit_id"),
            record_date: get("record_date"),
            reason: get("reason"),
            issuer: get("issuer"),
            attachments: get("attachments"),
        }
    }

    const WORKER: &[(&str, &str)] = &[
        ("kind", "bad"),
        ("subject_type", "worker"),
        ("name", "赵小虎"),
        ("id_number", "11010519491231002x"),
        ("record_date", "2026-07-05"),
        ("reason", "酒后上岗"),
        ("issuer", "项目部"),
        ("attachments", "/uploads/a.png,/uploads/a.png"),
    ];

    fn with(key: &'static str, value: &'static str) -> Vec<(&'static str, &'static str)> {
        let mut pairs: Vec<_> = WORKER.iter().filter(|(k, _)| *k != key).copied().collect();
        pairs.push((key, value));
        pairs
    }

    #[test]
    fn a_worker_record_is_normalised() {
        let checked = validate(&form(WORKER), "2026-07-05").unwrap();
        assert_eq!(checked.subject, Subject::Worker { name: "赵小虎".into(), id_number: "11010519491231002X".into() });
        assert_eq!(checked.attachments, ["/uploads/a.png"]);
    }

    #[test]
    fn each_rule_has_its_message() {
        let long_reason: &'static str = "长".repeat(501).leak();
        let cases = [
            ("kind", "", MSG_KIND_REQUIRED),
            ("kind", "medal", MSG_KIND_INVALID),
            ("subject_type", "", MSG_SUBJECT_REQUIRED),
            ("subject_type", "team", MSG_SUBJECT_INVALID),
            ("subject_type", "unit", MSG_BAD_WORKERS_ONLY),
            ("name", "", MSG_NAME_REQUIRED),
            ("id_number", "", MSG_ID_NUMBER_REQUIRED),
            ("id_number", "110105194912310021", crate::domain::id_number::MSG_INVALID),
            ("record_date", "", MSG_DATE_REQUIRED),
            ("record_date", "2026-07-06", MSG_DATE_FUTURE),
            ("reason", " ", MSG_REASON_REQUIRED),
            ("reason", long_reason, MSG_REASON_TOO_LONG),
            ("issuer", "", MSG_ISSUER_REQUIRED),
            ("attachments", "/etc/passwd", MSG_ATTACHMENT_INVALID),
            (
                "attachments",
                "/uploads/1,/uploads/2,/uploads/3,/uploads/4,/uploads/5,/uploads/6",
                MSG_ATTACHMENTS_TOO_MANY,
            ),
        ];
        for (key, value, message) in cases {
            assert_eq!(validate(&form(&with(key, value)), "2026-07-05"), Err(Invalid(message)), "{key}={value}");
        }
    }

    #[test]
    fn a_unit_award_names_the_unit() {
        let pairs = [
            ("kind", "award"),
            ("subject_type", "unit"),
            ("unit_id", "7"),
            ("record_date", "2026-01-01"),
            ("reason", "好"),
            ("issuer", "局"),
        ];
        assert_eq!(validate(&form(&pairs), "2026-07-05").unwrap().subject, Subject::Unit(7));
        let missing = [("kind", "award"), ("subject_type", "unit")];
        assert_eq!(validate(&form(&missing), "2026-07-05"), Err(Invalid(MSG_UNIT_REQUIRED)));
    }

    #[test]
    fn a_project_neither_punishes_nor_writes_for_the_bureau() {
        let checked = |pairs: &[(&str, &str)]| validate(&form(pairs), "2026-07-05").unwrap();
        let without_attachments: Vec<_> =
            with("kind", "punishment").into_iter().filter(|(key, _)| *key != "attachments").collect();
        assert_eq!(
            authority_rule("project", &checked(&with("kind", "punishment"))),
            Err(Invalid(MSG_PUNISHMENT_BUREAU))
        );
        assert_eq!(
            authority_rule("project", &checked(&with("issuer", "金水区人社局"))),
            Err(Invalid(MSG_ISSUER_BUREAU))
        );
        assert_eq!(authority_rule("project", &checked(WORKER)), Ok(()));
        assert_eq!(authority_rule("bureau", &checked(WORKER)), Err(Invalid(MSG_BUREAU_ATTACHMENTS)));
        assert_eq!(authority_rule("bureau", &checked(&without_attachments)), Ok(()));
    }
}
