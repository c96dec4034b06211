//! Credit records (诚信记录, spec /faith): workers' bad-behaviour records (不良行为), and awards (奖励)
//! and punishments (惩罚) of units and workers, each with a date, a reason, the issuing body and up to
//! 5 attachments. Records are added, viewed and deleted (a correction is a delete and a new record),
//! never edited. Handlers in `mod.rs`, SQL in `repo.rs`.

#![allow(non_snake_case)]

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::repo::{self, CreditFilter, CreditRow, NewCredit};
use crate::auth::sessions::CurrentAccount;
use crate::db::Db;
use crate::domain::Invalid;
use crate::domain::dates::{format_date, parse_date, required_date};
use crate::domain::id_number::IdNumber;
use crate::domain::person_name::PersonName;
use crate::envelope::ApiError;
use crate::paging::{Page, Paged, contains_pattern};
use crate::project::info::repo as info_repo;
use crate::scope::{self, ReadScope};
use crate::upload::URL_PREFIX;
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
pub const MSG_SAVED: &str = "保存成功";
pub const MSG_DELETED: &str = "删除成功";
pub const REASON_MAX: usize = 500;
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
    /// The regulator: one project (empty = all). A builder account: its own only (another: 404).
    pub project_id: Option<String>,
}

/// A credit record.
#[derive(Debug, Serialize, ToSchema)]
pub struct Credit {
    pub id: i64,
    pub projectId: i64,
    pub projectName: String,
    /// bad, award or punishment.
    pub kind: String,
    /// worker or unit.
    pub subjectType: String,
    /// The worker's or the unit's name.
    pub subjectName: String,
    /// Workers: the ID number ('' for units).
    pub idNumber: String,
    /// Whether the worker is registered (found by ID number in the roster's workers).
    pub registered: bool,
    pub unitId: Option<i64>,
    pub recordDate: String,
    pub reason: String,
    pub issuer: String,
    /// `/uploads/…` URLs.
    pub attachments: Vec<String>,
    /// YYYY-MM-DD HH:MM:SS.
    pub createdTime: String,
}

fn split_list(text: &str) -> Vec<String> {
    text.split(',').map(str::trim).filter(|item| !item.is_empty()).map(str::to_owned).collect()
}

fn credit(row: CreditRow) -> Credit {
    Credit {
        id: row.id,
        projectId: row.project_id,
        projectName: row.project_name,
        kind: row.kind,
        subjectType: row.subject_type,
        subjectName: row.subject_name,
        idNumber: row.id_number,
        registered: row.worker_id.is_some(),
        unitId: row.unit_id,
        recordDate: row.record_date,
        reason: row.reason,
        issuer: row.issuer,
        attachments: split_list(&row.attachments),
        createdTime: clock::china_datetime(row.created_at),
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
    let scope = scope::read(current, &form.project_id)?;
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
    Ok(page.answer(rows.into_iter().map(credit).collect(), total))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct CreditIdForm {
    pub id: Option<String>,
}

async fn readable(db: &Db, scope: ReadScope, id: &Option<String>) -> Result<CreditRow, ApiError> {
    let not_found = || ApiError::NotFound(MSG_NOT_FOUND.into());
    let id = id.as_deref().and_then(|text| text.trim().parse::<i64>().ok()).filter(|id| *id > 0).ok_or_else(not_found)?;
    repo::find(db, id).await?.filter(|row| scope.covers(row.project_id)).ok_or_else(not_found)
}

/// `Credit/detail`.
pub async fn detail(db: &Db, current: &CurrentAccount, form: &CreditIdForm) -> Result<Credit, ApiError> {
    let scope = scope::read(current, &None)?;
    Ok(credit(readable(db, scope, &form.id).await?))
}

/// What `Credit/save` receives.
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct CreditForm {
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

fn sent(value: &Option<String>) -> &str {
    value.as_deref().unwrap_or("")
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
    if attachments.iter().any(|url| url.strip_prefix(URL_PREFIX).is_none_or(|name| name.is_empty() || name.contains('/'))) {
        return Err(Invalid(MSG_ATTACHMENT_INVALID));
    }
    Ok(Checked { kind, subject, record_date, reason, issuer, attachments })
}

/// `Credit/save`: adds a record to the account's own project, logs it.
pub async fn save(db: &Db, current: &CurrentAccount, ip: &str, form: &CreditForm) -> Result<i64, ApiError> {
    let project_id = scope::write(current)?;
    let checked = validate(form, &clock::today())?;
    let names: Vec<String> = checked.attachments.iter().map(|url| url[URL_PREFIX.len()..].to_owned()).collect();
    if crate::company::repo::count_project_uploads(db, project_id, &names, &["attachment"]).await? != names.len() as i64 {
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
            let units = info_repo::units(db, project_id).await?;
            let unit = units.into_iter().find(|unit| unit.id == *unit_id).ok_or_else(|| ApiError::refused(MSG_UNIT_INVALID))?;
            ("unit", None, Some(unit.id), unit.name, String::new())
        }
    };
    let record = NewCredit {
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
    };
    let id = repo::insert(db, project_id, Some(current.account.id), &record).await?;
    oplog::record(db, oplog::Entry {
        account_id: Some(current.account.id),
        account_name: &current.account.username,
        action: "新增诚信记录",
        target_type: "credit_record",
        target_id: id.to_string(),
        detail: format!("{}：{} {}，{}", kind_label(&record.kind), record.subject_name, record.record_date, record.issuer),
        ip,
    })
    .await?;
    Ok(id)
}

/// `Credit/delete`: deletes a record of the account's own project, logs what it said.
pub async fn delete(db: &Db, current: &CurrentAccount, ip: &str, form: &CreditIdForm) -> Result<(), ApiError> {
    let project_id = scope::write(current)?;
    let row = readable(db, ReadScope::Project(project_id), &form.id).await?;
    if !repo::delete(db, project_id, row.id).await? {
        return Err(ApiError::NotFound(MSG_NOT_FOUND.into()));
    }
    oplog::record(db, oplog::Entry {
        account_id: Some(current.account.id),
        account_name: &current.account.username,
        action: "删除诚信记录",
        target_type: "credit_record",
        target_id: row.id.to_string(),
        detail: format!("{}：{} {}，{}，{}", kind_label(&row.kind), row.subject_name, row.record_date, row.issuer, row.reason),
        ip,
    })
    .await?;
    Ok(())
}

/// Demo: one award of the general contractor and one punishment of a worker on the approved project.
pub async fn seed_demo(db: &Db, project_id: i64) -> Result<(), ApiError> {
    if repo::count_for_project(db, project_id).await? > 0 {
        return Ok(());
    }
    let units = info_repo::units(db, project_id).await?;
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
        repo::insert(db, project_id, None, &award).await?;
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
        issuer: "河南中原建工集团有限公司项目部".into(),
        attachments: String::new(),
    };
    repo::insert(db, project_id, None, &punishment).await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn form(pairs: &[(&str, &str)]) -> CreditForm {
        let get = |key: &str| pairs.iter().find(|(k, _)| *k == key).map(|(_, v)| (*v).to_owned());
        CreditForm {
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
            ("attachments", "/uploads/1,/uploads/2,/uploads/3,/uploads/4,/uploads/5,/uploads/6", MSG_ATTACHMENTS_TOO_MANY),
        ];
        for (key, value, message) in cases {
            assert_eq!(validate(&form(&with(key, value)), "2026-07-05"), Err(Invalid(message)), "{key}={value}");
        }
    }

    #[test]
    fn a_unit_award_names_the_unit() {
        let pairs = [("kind", "award"), ("subject_type", "unit"), ("unit_id", "7"), ("record_date", "2026-01-01"), ("reason", "好"), ("issuer", "局")];
        assert_eq!(validate(&form(&pairs), "2026-07-05").unwrap().subject, Subject::Unit(7));
        let missing = [("kind", "award"), ("subject_type", "unit")];
        assert_eq!(validate(&form(&missing), "2026-07-05"), Err(Invalid(MSG_UNIT_REQUIRED)));
    }
}
