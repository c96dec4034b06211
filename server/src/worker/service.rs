//! Site entry registration, the roster (search, detail, exit, re-entry, import, export), training and
//! the ID supplement (issue 4 items 6 and 7): who may do what on which project, and the rules a save
//! must pass. Handlers are in `mod.rs`, SQL in `repo.rs`, the spreadsheets in `xlsx.rs`.

#![allow(non_snake_case)]

use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::repo::{self, EmploymentFields, PersonFields, RosterFilter, RosterRow};
use super::corrections;
use super::rules;
use super::xlsx;
use crate::auth::accounts::AccountKind;
use crate::auth::sessions::CurrentAccount;
use crate::clock;
use crate::db::Db;
use crate::domain::mask::masked;
use crate::domain::Invalid;
use crate::domain::dates::{format_date, parse_date, required_date};
use crate::domain::id_number::{Gender, IdNumber};
use crate::domain::person_name::PersonName;
use crate::domain::phone::Phone;
use crate::domain::text;
use crate::domain::wage_card::{self, WageCard};
use crate::envelope::ApiError;
use crate::paging::CountCache;
use crate::oplog;
use crate::project::options::{self, SelectOption};
use crate::project::repo as project_repo;
use crate::scope;
use crate::upload::URL_PREFIX;

pub const MSG_NOT_FOUND: &str = "人员不存在";
pub const MSG_TRAINING_NOT_FOUND: &str = "培训记录不存在";
pub const MSG_PAGE: &str = "页码应为正整数";
pub const MSG_LIMIT: &str = "每页条数应为1-100";
pub const MSG_ID_REQUIRED: &str = "请选择人员";
pub const MSG_UNIT_REQUIRED: &str = "请选择所属单位";
pub const MSG_UNIT_UNKNOWN: &str = "所属单位不在本项目或已退场";
pub const MSG_TEAM_UNKNOWN: &str = "班组不属于所选单位";
pub const MSG_WORK_TYPE_REQUIRED: &str = "请选择工种";
pub const MSG_WORK_TYPE_UNKNOWN: &str = "请选择正确的工种";
pub const MSG_WAGE_KIND: &str = "请选择工资标准类型（日薪或月薪）";
pub const MSG_BANK_REQUIRED: &str = "请选择工资卡开户银行";
pub const MSG_BANK_UNKNOWN: &str = "请选择正确的开户银行";
pub const MSG_CONTRACT_DATES: &str = "请选择劳动合同起止日期";
pub const MSG_CONTRACT_ORDER: &str = "劳动合同开始日期不能晚于结束日期";
pub const MSG_CONTRACT_FILE: &str = "合同文件须为本项目上传的文件";
pub const MSG_PHOTO: &str = "身份证照片须为本项目上传的图片";
pub const MSG_ENTRY_REQUIRED: &str = "请选择进场日期";
pub const MSG_EXIT_REQUIRED: &str = "请选择退场日期";
pub const MSG_ETHNICITY: &str = "民族不能超过10个字";
pub const MSG_ISSUER: &str = "签发机关不能超过50个字";
pub const MSG_ACTIVE_HERE: &str = "该人员已在本项目在场，不能重复登记";
pub const MSG_EXIT_BEFORE_ENTRY: &str = "退场日期不能早于进场日期";
pub const MSG_ALREADY_EXITED: &str = "该人员已退场";
pub const MSG_STILL_ACTIVE: &str = "该人员仍在场，不能重新进场";
pub const MSG_REENTRY_BEFORE_EXIT: &str = "重新进场日期不能早于上次退场日期";
pub const MSG_STATUS: &str = "请选择正确的在场状态";
pub const MSG_FILTER_TOO_LONG: &str = "查询条件过长";
pub const MSG_ID_FILTER: &str = "身份证号只能包含数字和X";
pub const MSG_ADDRESS_REQUIRED: &str = "请输入规范的地址";
pub const MSG_ISSUER_REQUIRED: &str = "请填写签发机关";
pub const MSG_VALIDITY_REQUIRED: &str = "请选择身份证有效期";
pub const MSG_PHOTO_REQUIRED: &str = "请上传身份证照片";
pub const MSG_TOPIC: &str = "请填写1-50个字的培训主题";
pub const MSG_TRAIN_DATE: &str = "请选择培训日期";
pub const MSG_TRAINER: &str = "请填写1-20个字的培训讲师";
pub const MSG_ATTENDEES: &str = "请选择参加培训的人员";
pub const MSG_ATTENDEES_OTHER: &str = "参训人员须为本项目的人员";

/// Rows an export writes at most.
pub const EXPORT_MAX: i64 = 100_000;

/// How a message names a project: its name, or its number while it has none (a draft).
pub fn project_label((id, name): &(i64, String)) -> String {
    if name.trim().is_empty() { format!("编号{id}（未命名）") } else { name.clone() }
}

/// The confirmation a save answers (301) when the person is active on another project's roster.
pub fn msg_active_elsewhere(project: &(i64, String)) -> String {
    format!("该人员已在项目「{}」在场，确认继续登记吗？", project_label(project))
}

/// The project a request reads (`scope::project`); the regulator's project must exist.
pub async fn read_project(db: &Db, current: &CurrentAccount, requested: Option<&str>) -> Result<i64, ApiError> {
    let project_id = scope::project(current, &requested.map(str::to_owned))?;
    if current.kind() == AccountKind::Admin {
        project_repo::find_summary(db, project_id).await?.ok_or_else(scope::not_found)?;
    }
    Ok(project_id)
}

pub(super) fn sent(value: &Option<String>) -> String {
    value.as_deref().unwrap_or("").trim().to_owned()
}

fn number(text: &Option<String>, default: i64, range: std::ops::RangeInclusive<i64>, message: &'static str) -> Result<i64, Invalid> {
    match text.as_deref().map(str::trim).filter(|t| !t.is_empty()) {
        None => Ok(default),
        Some(t) => t.parse::<i64>().ok().filter(|n| range.contains(n)).ok_or(Invalid(message)),
    }
}

/// `page` and `limit` of a list request: (limit, offset, page).
pub(super) fn paging(page: &Option<String>, limit: &Option<String>) -> Result<(i64, i64, i64), Invalid> {
    let page = number(page, 1, 1..=1_000_000, MSG_PAGE)?;
    let limit = number(limit, 10, 1..=100, MSG_LIMIT)?;
    Ok((limit, (page - 1) * limit, page))
}

/// An id parameter: missing → 401 with `required`; not a number → 404 (no such record).
pub(super) fn id_param(text: &Option<String>, required: &'static str, missing: &'static str) -> Result<i64, ApiError> {
    let text = sent(text);
    if text.is_empty() {
        return Err(Invalid(required).into());
    }
    text.parse().map_err(|_| ApiError::NotFound(missing.into()))
}

fn upload_name(url: &str) -> Option<&str> {
    url.strip_prefix(URL_PREFIX).filter(|name| !name.is_empty() && !name.contains('/'))
}

/// An optional upload URL: empty, or an upload of this project with one of `kinds`.
async fn project_upload(db: &Db, project_id: i64, url: &str, kinds: &[&str], message: &'static str) -> Result<String, ApiError> {
    if url.is_empty() {
        return Ok(String::new());
    }
    let name = upload_name(url).ok_or(Invalid(message))?;
    match repo::upload_kind(db, project_id, name).await? {
        Some(kind) if kinds.contains(&kind.as_str()) => Ok(url.to_owned()),
        _ => Err(Invalid(message).into()),
    }
}

fn gender_code(gender: Gender) -> i64 {
    match gender {
        Gender::Male => 1,
        Gender::Female => 2,
    }
}

fn gender_label(code: i64) -> &'static str {
    if code == 1 { "男" } else { "女" }
}

pub(super) fn work_type_label(value: &str) -> String {
    options::WORK_TYPES.iter().find(|option| option.value == value).map(|option| option.label.to_owned()).unwrap_or_default()
}

/// `Worker/register`'s form. Dates `YYYY-MM-DD`; money in yuan with up to 2 decimals.
#[derive(Debug, Default, Clone, Deserialize, ToSchema)]
pub struct RegisterForm {
    pub name: Option<String>,
    /// 18 characters (GB 11643 check character; a final x is upper-cased) or the legacy 15 digits.
    pub idNumber: Option<String>,
    /// 民族, at most 10 characters.
    pub ethnicity: Option<String>,
    /// 住址 as on the card: empty, or 3–100 characters.
    pub address: Option<String>,
    /// 签发机关, at most 50 characters.
    pub issuingAuthority: Option<String>,
    /// ID validity start.
    pub validFrom: Option<String>,
    /// ID validity end: a date or `长期`.
    pub validTo: Option<String>,
    /// The ID photo: an `/uploads/…` URL this project uploaded with kind `avatar`.
    pub photo: Option<String>,
    /// Mobile or landline (required).
    pub phone: Option<String>,
    /// 工资卡号: 12–30 digits (spaces ignored); optional. A UnionPay number (62…, 16–19 digits) failing its
    /// check digit → 301 until `cardConfirmed=1`.
    pub wageCardNumber: Option<String>,
    /// The wage card's bank: a first-level bank code of `Worker/options` (required with a card number).
    pub wageCardBank: Option<String>,
    /// An on-site unit of the project (`Worker/options` units).
    pub unitId: Option<String>,
    /// A team of that unit; optional.
    pub teamId: Option<String>,
    /// A work-type value (`Site/workTypes`).
    pub workType: Option<String>,
    /// `day` (daily rate) or `month` (monthly wage).
    pub wageKind: Option<String>,
    /// The rate in yuan, > 0, at most 99999.99, up to 2 decimals.
    pub wage: Option<String>,
    /// `1` when a labour contract is signed: then contractStart and contractEnd are required.
    pub contractSigned: Option<String>,
    pub contractStart: Option<String>,
    pub contractEnd: Option<String>,
    /// The contract file: an `/uploads/…` URL this project uploaded (kinds contract, attachment, image).
    pub contractFile: Option<String>,
    /// 进场日期 (required).
    pub entryDate: Option<String>,
    /// `1` after the user confirmed registering a person active on another project (the 301 reply).
    pub confirmed: Option<String>,
    /// `1` after the user confirmed a wage card failing its check digit as written (the 301 reply); recorded.
    pub cardConfirmed: Option<String>,
}

/// A registration that passed the field rules (uploads and the project's units are checked apart).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Registration {
    pub person: PersonFields,
    pub employment: EmploymentFields,
    /// The wage card fails UnionPay's check digit: saved only once the user confirmed it.
    pub card_check_fails: bool,
    /// The person is on site on another project already, whose clerk keeps their details: only this
    /// project's roster line is added and the stored person stays as it is (a clerk must not rewrite another
    /// project's worker, least of all the card their wages go to, by registering them too).
    pub keeps_stored_person: bool,
}

/// The field rules of a registration, in the form's order. `unit_id` / `team_id` still need checking
/// against the project.
pub fn validate_registration(form: &RegisterForm) -> Result<Registration, Invalid> {
    let name = PersonName::parse(&sent(&form.name))?.as_str().to_owned();
    let id = IdNumber::parse(&sent(&form.idNumber))?;
    let ethnicity = rules::short_text(&sent(&form.ethnicity), 10, MSG_ETHNICITY)?;
    let address_text = sent(&form.address);
    let address = if address_text.is_empty() { String::new() } else { text::address(&address_text)? };
    let issuing_authority = rules::short_text(&sent(&form.issuingAuthority), 50, MSG_ISSUER)?;
    let (id_valid_from, id_valid_to) = rules::id_validity(&sent(&form.validFrom), &sent(&form.validTo))?;
    let phone = Phone::parse(&sent(&form.phone))?.as_str().to_owned();
    let card = WageCard::parse_optional(&sent(&form.wageCardNumber))?;
    let card_check_fails = card.as_ref().is_some_and(WageCard::check_digit_fails);
    let wage_card_number = card.map(|card| card.as_str().to_owned()).unwrap_or_default();
    let wage_card_bank = sent(&form.wageCardBank);
    if !wage_card_number.is_empty() && wage_card_bank.is_empty() {
        return Err(Invalid(MSG_BANK_REQUIRED));
    }
    let unit_id: i64 = text::required(&sent(&form.unitId), MSG_UNIT_REQUIRED)?.parse().map_err(|_| Invalid(MSG_UNIT_UNKNOWN))?;
    let team_text = sent(&form.teamId);
    let team_id = if team_text.is_empty() { None } else { Some(team_text.parse().map_err(|_| Invalid(MSG_TEAM_UNKNOWN))?) };
    let work_type = text::required(&sent(&form.workType), MSG_WORK_TYPE_REQUIRED)?;
    if !options::is_known(options::WORK_TYPES, &work_type) {
        return Err(Invalid(MSG_WORK_TYPE_UNKNOWN));
    }
    let wage_kind = sent(&form.wageKind);
    if !matches!(wage_kind.as_str(), "day" | "month") {
        return Err(Invalid(MSG_WAGE_KIND));
    }
    let wage_fen = rules::wage_fen(&sent(&form.wage))?;
    let contract_signed = sent(&form.contractSigned) == "1";
    let (mut contract_start, mut contract_end) = (String::new(), String::new());
    if contract_signed {
        let start = required_date(&sent(&form.contractStart), MSG_CONTRACT_DATES)?;
        let end = required_date(&sent(&form.contractEnd), MSG_CONTRACT_DATES)?;
        if start > end {
            return Err(Invalid(MSG_CONTRACT_ORDER));
        }
        (contract_start, contract_end) = (format_date(start), format_date(end));
    }
    let entry_date = format_date(required_date(&sent(&form.entryDate), MSG_ENTRY_REQUIRED)?);
    Ok(Registration {
        person: PersonFields {
            id_number: id.as_str().to_owned(),
            name,
            gender: gender_code(id.gender()),
            ethnicity,
            birth_date: format_date(id.birth_date()),
            address,
            issuing_authority,
            id_valid_from,
            id_valid_to,
            photo: sent(&form.photo),
            phone,
            wage_card_number,
            wage_card_bank,
        },
        employment: EmploymentFields {
            unit_id,
            team_id,
            work_type,
            wage_kind,
            wage_fen,
            contract_signed,
            contract_start,
            contract_end,
            contract_file: if contract_signed { sent(&form.contractFile) } else { String::new() },
            entry_date,
        },
        card_check_fails,
        keeps_stored_person: false,
    })
}

/// What a registration checks against the database: the unit and team of the project, the bank,
/// the uploads, and whether the person is on a roster already; then the confirmations (301): a card
/// failing its check digit unless `card_confirmed`, a person active on another project unless `confirmed`.
pub async fn check_registration(
    db: &Db,
    project_id: i64,
    registration: &mut Registration,
    card_confirmed: bool,
    confirmed: bool,
) -> Result<(), ApiError> {
    let employment = &registration.employment;
    let units = repo::units(db, project_id).await?;
    if !units.iter().any(|unit| unit.id == employment.unit_id) {
        return Err(Invalid(MSG_UNIT_UNKNOWN).into());
    }
    if let Some(team_id) = employment.team_id {
        let teams = repo::teams(db, project_id).await?;
        if !teams.iter().any(|team| team.id == team_id && team.unit_id == employment.unit_id) {
            return Err(Invalid(MSG_TEAM_UNKNOWN).into());
        }
    }
    let person = &mut registration.person;
    if !person.wage_card_bank.is_empty() && !repo::banks(db).await?.iter().any(|(code, _)| *code == person.wage_card_bank) {
        return Err(Invalid(MSG_BANK_UNKNOWN).into());
    }
    person.photo = project_upload(db, project_id, &person.photo, &["avatar", "image"], MSG_PHOTO).await?;
    registration.employment.contract_file = project_upload(
        db,
        project_id,
        &registration.employment.contract_file,
        &["contract", "attachment", "image"],
        MSG_CONTRACT_FILE,
    )
    .await?;
    let id_number = &registration.person.id_number;
    if repo::active_here(db, id_number, project_id).await? {
        return Err(Invalid(MSG_ACTIVE_HERE).into());
    }
    let active_elsewhere = repo::active_elsewhere(db, id_number, project_id).await?;
    if registration.card_check_fails && !card_confirmed && active_elsewhere.is_none() {
        return Err(ApiError::NeedsConfirmation(wage_card::MSG_CHECK_DIGIT.into()));
    }
    if let Some(project) = active_elsewhere {
        if !confirmed {
            return Err(ApiError::NeedsConfirmation(msg_active_elsewhere(&project)));
        }
        registration.keeps_stored_person = true;
    }
    Ok(())
}

/// What the log says of a registration that left the person as another project keeps them.
pub const KEPT_PERSON: &str = "该人员已在其他项目在场，个人信息沿用已登记的，未按本次所填修改";

/// What the log says of a card saved although it fails its check digit.
pub const CARD_WAIVED: &str = "工资卡号未通过银联校验位检查，已确认按所填保存";

pub(super) fn mask_id(id_number: &str) -> String {
    if id_number.len() < 10 { id_number.to_owned() } else { format!("{}********{}", &id_number[..6], &id_number[id_number.len() - 4..]) }
}

/// Stores a checked registration and logs it. Answers (worker id, employment id).
pub async fn store_registration(
    db: &Db,
    current: &CurrentAccount,
    ip: &str,
    project_id: i64,
    registration: &Registration,
    action: &str,
) -> Result<(i64, i64), ApiError> {
    let waived_by = registration.card_check_fails.then_some(current.account.username.as_str());
    let person = if registration.keeps_stored_person { repo::PersonWrite::Keep } else { repo::PersonWrite::Refresh(&registration.person, waived_by) };
    let (worker_id, employment_id) = repo::register(db, project_id, &registration.person.id_number, person, &registration.employment)
        .await?
        .ok_or(Invalid(MSG_ACTIVE_HERE))?;
    oplog::record(db, oplog::Entry {
        account_id: Some(current.account.id),
        account_name: &current.account.username,
        action,
        target_type: "employment",
        target_id: employment_id.to_string(),
        detail: format!(
            "{} {} 进场 {}{}",
            registration.person.name,
            mask_id(&registration.person.id_number),
            registration.employment.entry_date,
            if registration.keeps_stored_person {
                format!("，{KEPT_PERSON}")
            } else if registration.card_check_fails {
                format!("，{CARD_WAIVED}")
            } else {
                String::new()
            }
        ),
        ip,
    })
    .await?;
    Ok((worker_id, employment_id))
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Registered {
    pub workerId: i64,
    /// The new roster line (employment).
    pub id: i64,
}

/// `Worker/register`.
pub async fn register(db: &Db, current: &CurrentAccount, ip: &str, form: &RegisterForm) -> Result<Registered, ApiError> {
    let project_id = scope::write(current)?;
    let mut registration = validate_registration(form)?;
    check_registration(db, project_id, &mut registration, sent(&form.cardConfirmed) == "1", sent(&form.confirmed) == "1").await?;
    let (workerId, id) = store_registration(db, current, ip, project_id, &registration, "人员进场登记").await?;
    Ok(Registered { workerId, id })
}

/// A unit a worker may be registered with.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct RosterUnitOption {
    pub value: i64,
    pub label: String,
    /// contractor 施工总包, subcontractor 专业分包, labour 劳务分包.
    pub role: String,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct TeamOption {
    pub value: i64,
    pub label: String,
    pub unitId: i64,
    /// The team's work type, the form's default.
    pub workType: String,
}

/// `Worker/options`: everything the registration form and the roster filters choose from.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct WorkerOptions {
    pub units: Vec<RosterUnitOption>,
    pub teams: Vec<TeamOption>,
    pub workTypes: Vec<SelectOption>,
    /// First-level banks: `{value: code, label: name}`.
    pub banks: Vec<BankChoice>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct BankChoice {
    pub value: String,
    pub label: String,
}

pub async fn load_options(db: &Db, project_id: i64) -> Result<WorkerOptions, ApiError> {
    let units = repo::units(db, project_id).await?;
    let teams = repo::teams(db, project_id).await?;
    let banks = repo::banks(db).await?;
    Ok(WorkerOptions {
        units: units.into_iter().map(|unit| RosterUnitOption { value: unit.id, label: unit.name, role: unit.role }).collect(),
        teams: teams
            .into_iter()
            .map(|team| TeamOption { value: team.id, label: team.name, unitId: team.unit_id, workType: team.work_type })
            .collect(),
        workTypes: options::WORK_TYPES.to_vec(),
        banks: banks.into_iter().map(|(value, label)| BankChoice { value, label }).collect(),
    })
}

/// The roster's query: filters, paging and (for the regulator) the project.
#[derive(Debug, Default, Clone, Deserialize, IntoParams, ToSchema)]
#[into_params(parameter_in = Query)]
pub struct RosterQuery {
    pub page: Option<String>,
    pub limit: Option<String>,
    /// The regulator's project; a builder's own project is implied (another id → 404).
    pub projectId: Option<String>,
    /// Part of the name.
    pub name: Option<String>,
    /// The start of the ID number (or all of it).
    pub idNumber: Option<String>,
    pub unitId: Option<String>,
    pub teamId: Option<String>,
    pub workType: Option<String>,
    /// 1 on site, 2 exited; empty = both.
    pub status: Option<String>,
    /// Entry date from (inclusive), YYYY-MM-DD.
    pub entryFrom: Option<String>,
    /// Entry date to (inclusive), YYYY-MM-DD.
    pub entryTo: Option<String>,
}

fn optional_id(text: &Option<String>) -> Result<Option<i64>, Invalid> {
    let text = sent(text);
    if text.is_empty() { Ok(None) } else { text.parse().map(Some).map_err(|_| Invalid(MSG_FILTER_TOO_LONG)) }
}

pub fn roster_filter(project_id: i64, query: &RosterQuery) -> Result<RosterFilter, Invalid> {
    let name = sent(&query.name);
    let id_number = sent(&query.idNumber).to_ascii_uppercase();
    let work_type = sent(&query.workType);
    if name.chars().count() > 50 || id_number.len() > 18 || work_type.len() > 10 {
        return Err(Invalid(MSG_FILTER_TOO_LONG));
    }
    if !id_number.bytes().all(|b| b.is_ascii_digit() || b == b'X') {
        return Err(Invalid(MSG_ID_FILTER));
    }
    let status = match sent(&query.status).as_str() {
        "" => None,
        "1" => Some(1),
        "2" => Some(2),
        _ => return Err(Invalid(MSG_STATUS)),
    };
    let date = |text: &Option<String>| parse_date(&sent(text)).map(|date| date.map(format_date).unwrap_or_default());
    Ok(RosterFilter {
        project_id,
        name,
        id_number,
        unit_id: optional_id(&query.unitId)?,
        team_id: optional_id(&query.teamId)?,
        work_type,
        status,
        entry_from: date(&query.entryFrom)?,
        entry_to: date(&query.entryTo)?,
    })
}

/// One roster line as the console shows it.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct RosterLine {
    /// The employment's id (the roster line).
    pub id: i64,
    pub workerId: i64,
    pub name: String,
    pub idNumber: String,
    /// 男 / 女.
    pub gender: String,
    pub birthDate: String,
    /// Full years today (China time).
    pub age: Option<u32>,
    /// The province the ID number was issued in (籍贯).
    pub nativePlace: String,
    pub phone: String,
    pub unitId: i64,
    pub unitName: String,
    pub teamId: Option<i64>,
    pub teamName: String,
    pub workType: String,
    pub workTypeLabel: String,
    /// `day` or `month`.
    pub wageKind: String,
    /// Yuan with two decimals.
    pub wage: String,
    pub contractSigned: bool,
    pub entryDate: String,
    pub exitDate: String,
    /// 1 on site, 2 exited.
    pub status: i64,
    /// Why an exited line ended: '' left the site, `transfer` moved to another unit or team (the next line).
    pub exitReason: String,
    pub wageCardNumber: String,
    /// The wage card's bank code.
    pub wageCardBank: String,
}

/// A roster line as the list shows it: ID and card numbers masked (decisions "Privacy: one masking rule");
/// the detail, the export and the edit forms take the full line.
fn listed(line: RosterLine) -> RosterLine {
    RosterLine { idNumber: masked(&line.idNumber), wageCardNumber: masked(&line.wageCardNumber), ..line }
}

pub fn roster_line(row: &RosterRow) -> RosterLine {
    let id = IdNumber::parse(&row.id_number).ok();
    RosterLine {
        id: row.id,
        workerId: row.worker_id,
        name: row.name.clone(),
        idNumber: row.id_number.clone(),
        gender: gender_label(row.gender).to_owned(),
        birthDate: row.birth_date.clone(),
        age: id.as_ref().and_then(|id| id.age_on(clock::china_today())),
        nativePlace: id.as_ref().map(|id| id.province().to_owned()).unwrap_or_default(),
        phone: row.phone.clone(),
        unitId: row.unit_id,
        unitName: row.unit_name.clone(),
        teamId: row.team_id,
        teamName: row.team_name.clone().unwrap_or_default(),
        workType: row.work_type.clone(),
        workTypeLabel: work_type_label(&row.work_type),
        wageKind: row.wage_kind.clone(),
        wage: rules::fen_to_yuan(row.wage_fen),
        contractSigned: row.contract_signed,
        entryDate: row.entry_date.clone(),
        exitDate: row.exit_date.clone(),
        status: row.status,
        exitReason: row.exit_reason.clone(),
        wageCardNumber: row.wage_card_number.clone(),
        wageCardBank: row.wage_card_bank.clone(),
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Page<T> {
    pub list: Vec<T>,
    pub total: i64,
    pub page: i64,
    pub limit: i64,
}

/// A page of the roster. The filter's total comes from `counts` while fresh (the worker router clears it
/// after every write), so paging through a broad filter counts its lines once.
pub async fn roster(db: &Db, counts: &CountCache, current: &CurrentAccount, query: &RosterQuery) -> Result<Page<RosterLine>, ApiError> {
    let project_id = read_project(db, current, query.projectId.as_deref()).await?;
    let (limit, offset, page) = paging(&query.page, &query.limit)?;
    let filter = roster_filter(project_id, query)?;
    let key = format!("{filter:?}");
    let total = match counts.get(&key) {
        Some(total) => total,
        None => {
            let total = repo::roster_count(db, &filter).await?;
            counts.put(key, total);
            total
        }
    };
    let rows = if total > offset { repo::roster_page(db, &filter, limit, offset).await? } else { Vec::new() };
    Ok(Page { list: rows.iter().map(|row| listed(roster_line(row))).collect(), total, page, limit })
}

/// The export's rows (at most `EXPORT_MAX`), with the bank names.
pub async fn export_rows(db: &Db, current: &CurrentAccount, query: &RosterQuery) -> Result<(Vec<RosterLine>, Vec<(String, String)>), ApiError> {
    let project_id = read_project(db, current, query.projectId.as_deref()).await?;
    let filter = roster_filter(project_id, query)?;
    let rows = repo::roster_all(db, &filter, EXPORT_MAX).await?;
    Ok((rows.iter().map(roster_line).collect(), repo::banks(db).await?))
}

#[derive(Debug, Default, Clone, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct DetailQuery {
    /// The roster line (employment) id.
    pub id: Option<String>,
    pub projectId: Option<String>,
}

/// `Worker/detail`: the line with the person's ID data and contract, and the worker's employments on
/// this project.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct WorkerDetail {
    #[serde(flatten)]
    pub line: RosterLine,
    pub ethnicity: String,
    pub address: String,
    pub issuingAuthority: String,
    pub validFrom: String,
    pub validTo: String,
    pub photo: String,
    pub contractStart: String,
    pub contractEnd: String,
    pub contractFile: String,
    /// The account that confirmed the wage card although it fails UnionPay's check digit ('' when nobody).
    pub cardCheckWaivedBy: String,
    /// The line's wage standards, earliest first (`Worker/wage_standard`).
    pub rates: Vec<super::corrections::RateLine>,
    /// Every employment of the worker on this project, newest first (re-entries and transfers keep the
    /// old lines).
    pub history: Vec<RosterLine>,
}

pub async fn detail(db: &Db, current: &CurrentAccount, query: &DetailQuery) -> Result<WorkerDetail, ApiError> {
    let project_id = read_project(db, current, query.projectId.as_deref()).await?;
    let id = id_param(&query.id, MSG_ID_REQUIRED, MSG_NOT_FOUND)?;
    let row = repo::find_employment(db, project_id, id).await?.ok_or_else(|| ApiError::NotFound(MSG_NOT_FOUND.into()))?;
    let history = repo::history(db, project_id, row.line.worker_id).await?;
    Ok(WorkerDetail {
        line: roster_line(&row.line),
        ethnicity: row.ethnicity,
        address: row.address,
        issuingAuthority: row.issuing_authority,
        validFrom: row.id_valid_from,
        validTo: row.id_valid_to,
        photo: row.photo,
        contractStart: row.contract_start,
        contractEnd: row.contract_end,
        contractFile: row.contract_file,
        cardCheckWaivedBy: row.card_check_waived_by,
        rates: super::corrections::rate_lines(&repo::rates(db, id).await?),
        history: history.iter().map(roster_line).collect(),
    })
}

#[derive(Debug, Default, Clone, Deserialize, ToSchema)]
pub struct MoveForm {
    /// The roster line (employment) id.
    pub id: Option<String>,
    /// `Worker/exit`: the exit date (≥ the entry date). `Worker/reenter`: the new entry date (≥ the last
    /// exit date).
    pub date: Option<String>,
    /// `Worker/reenter`: `1` after the user confirmed re-entering a person active on another project.
    pub confirmed: Option<String>,
}

async fn line_of(db: &Db, project_id: i64, form: &MoveForm) -> Result<repo::EmploymentDetail, ApiError> {
    let id = id_param(&form.id, MSG_ID_REQUIRED, MSG_NOT_FOUND)?;
    repo::find_employment(db, project_id, id).await?.ok_or_else(|| ApiError::NotFound(MSG_NOT_FOUND.into()))
}

async fn log_move(db: &Db, current: &CurrentAccount, ip: &str, action: &str, id: i64, detail: String) -> Result<(), ApiError> {
    oplog::record(db, oplog::Entry {
        account_id: Some(current.account.id),
        account_name: &current.account.username,
        action,
        target_type: "employment",
        target_id: id.to_string(),
        detail,
        ip,
    })
    .await?;
    Ok(())
}

/// `Worker/exit`.
pub async fn exit(db: &Db, current: &CurrentAccount, ip: &str, form: &MoveForm) -> Result<(), ApiError> {
    let project_id = scope::write(current)?;
    let line = line_of(db, project_id, form).await?;
    if line.line.status != 1 {
        return Err(Invalid(MSG_ALREADY_EXITED).into());
    }
    let date = format_date(required_date(&sent(&form.date), MSG_EXIT_REQUIRED)?);
    if date < line.line.entry_date {
        return Err(Invalid(MSG_EXIT_BEFORE_ENTRY).into());
    }
    if !repo::exit(db, project_id, line.line.id, &date).await? {
        return Err(Invalid(MSG_ALREADY_EXITED).into());
    }
    log_move(db, current, ip, "人员退场", line.line.id, format!("{} 退场 {date}", line.line.name)).await
}

/// `Worker/reenter`: a new employment from the given date; the exited line stays as it was.
pub async fn reenter(db: &Db, current: &CurrentAccount, ip: &str, form: &MoveForm) -> Result<Registered, ApiError> {
    let project_id = scope::write(current)?;
    let line = line_of(db, project_id, form).await?;
    if line.line.status == 1 {
        return Err(Invalid(MSG_STILL_ACTIVE).into());
    }
    let date = format_date(required_date(&sent(&form.date), MSG_ENTRY_REQUIRED)?);
    if date < line.line.exit_date {
        return Err(Invalid(MSG_REENTRY_BEFORE_EXIT).into());
    }
    if repo::active_here(db, &line.line.id_number, project_id).await? {
        return Err(Invalid(MSG_ACTIVE_HERE).into());
    }
    if let Some(project) = repo::active_elsewhere(db, &line.line.id_number, project_id).await?
        && sent(&form.confirmed) != "1"
    {
        return Err(ApiError::NeedsConfirmation(msg_active_elsewhere(&project)));
    }
    let id = repo::reenter(db, project_id, line.line.id, &date).await?.ok_or(Invalid(MSG_ACTIVE_HERE))?;
    log_move(db, current, ip, "人员重新进场", id, format!("{} 重新进场 {date}（原记录 {}）", line.line.name, line.line.id)).await?;
    Ok(Registered { workerId: line.line.worker_id, id })
}

/// `Worker/incomplete`: workers of the project with incomplete ID data.
#[derive(Debug, Default, Clone, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct IncompleteQuery {
    pub page: Option<String>,
    pub limit: Option<String>,
    pub projectId: Option<String>,
    /// Part of the name.
    pub name: Option<String>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct IncompleteLine {
    /// The worker's id.
    pub id: i64,
    pub name: String,
    pub idNumber: String,
    pub gender: String,
    pub ethnicity: String,
    pub address: String,
    pub issuingAuthority: String,
    pub validFrom: String,
    pub validTo: String,
    pub photo: String,
    /// What is missing, e.g. ["照片", "住址"].
    pub missing: Vec<String>,
}

/// Whose numbers a list reveals: a roster line (employment id) or a worker of the project (worker id).
#[derive(Clone, Copy, Debug)]
pub enum NumbersOf {
    Line(i64),
    Worker(i64),
}

/// The full (ID number, wage-card number) behind a masked list cell, for the logged reveal (`privacy`).
/// Builder: its project; admin: `project` (required); another project's or unknown 404.
pub async fn full_numbers(db: &Db, current: &CurrentAccount, project: Option<&str>, owner: NumbersOf) -> Result<(String, String), ApiError> {
    let project_id = read_project(db, current, project).await?;
    let line = match owner {
        NumbersOf::Line(id) => repo::find_employment(db, project_id, id).await?.map(|detail| detail.line),
        NumbersOf::Worker(id) => repo::history(db, project_id, id).await?.into_iter().next(),
    };
    let line = line.ok_or_else(|| ApiError::NotFound(MSG_NOT_FOUND.into()))?;
    Ok((line.id_number, line.wage_card_number))
}

pub async fn incomplete(db: &Db, current: &CurrentAccount, query: &IncompleteQuery) -> Result<Page<IncompleteLine>, ApiError> {
    let project_id = read_project(db, current, query.projectId.as_deref()).await?;
    let (limit, offset, page) = paging(&query.page, &query.limit)?;
    let name = sent(&query.name);
    if name.chars().count() > 50 {
        return Err(Invalid(MSG_FILTER_TOO_LONG).into());
    }
    let (rows, total) = repo::incomplete(db, project_id, &name, limit, offset).await?;
    let list = rows
        .into_iter()
        .map(|row| {
            let missing = [
                (row.photo.is_empty(), "照片"),
                (row.address.is_empty(), "住址"),
                (row.issuing_authority.is_empty(), "签发机关"),
                (row.id_valid_from.is_empty() || row.id_valid_to.is_empty(), "有效期"),
            ]
            .into_iter()
            .filter(|(missing, _)| *missing)
            .map(|(_, label)| label.to_owned())
            .collect();
            IncompleteLine {
                id: row.id,
                name: row.name,
                idNumber: masked(&row.id_number),
                gender: gender_label(row.gender).to_owned(),
                ethnicity: row.ethnicity,
                address: row.address,
                issuingAuthority: row.issuing_authority,
                validFrom: row.id_valid_from,
                validTo: row.id_valid_to,
                photo: row.photo,
                missing,
            }
        })
        .collect();
    Ok(Page { list, total, page, limit })
}

/// `Worker/supplement`: completes a worker's ID data; every field is required here.
#[derive(Debug, Default, Clone, Deserialize, ToSchema)]
pub struct SupplementForm {
    /// The worker's id (from `Worker/incomplete`).
    pub id: Option<String>,
    pub ethnicity: Option<String>,
    /// 3–100 characters.
    pub address: Option<String>,
    pub issuingAuthority: Option<String>,
    pub validFrom: Option<String>,
    /// A date or `长期`.
    pub validTo: Option<String>,
    /// An `/uploads/…` URL this project uploaded with kind `avatar`.
    pub photo: Option<String>,
}

pub async fn supplement(db: &Db, current: &CurrentAccount, ip: &str, form: &SupplementForm) -> Result<(), ApiError> {
    let project_id = scope::write(current)?;
    let worker_id = id_param(&form.id, MSG_ID_REQUIRED, MSG_NOT_FOUND)?;
    if !repo::on_project(db, project_id, worker_id).await? {
        return Err(ApiError::NotFound(MSG_NOT_FOUND.into()));
    }
    super::corrections::refuse_unless_keeper(db, project_id, worker_id).await?;
    let ethnicity = rules::short_text(&sent(&form.ethnicity), 10, MSG_ETHNICITY)?;
    let address = text::address(&sent(&form.address)).map_err(|_| Invalid(MSG_ADDRESS_REQUIRED))?;
    let issuing_authority = text::required(&sent(&form.issuingAuthority), MSG_ISSUER_REQUIRED)?;
    let issuing_authority = rules::short_text(&issuing_authority, 50, MSG_ISSUER)?;
    if sent(&form.validFrom).is_empty() || sent(&form.validTo).is_empty() {
        return Err(Invalid(MSG_VALIDITY_REQUIRED).into());
    }
    let (id_valid_from, id_valid_to) = rules::id_validity(&sent(&form.validFrom), &sent(&form.validTo))?;
    let photo_url = sent(&form.photo);
    if photo_url.is_empty() {
        return Err(Invalid(MSG_PHOTO_REQUIRED).into());
    }
    let photo = project_upload(db, project_id, &photo_url, &["avatar", "image"], MSG_PHOTO).await?;
    let data = repo::Supplement { ethnicity, address, issuing_authority, id_valid_from, id_valid_to, photo };
    repo::supplement(db, worker_id, &data).await?;
    oplog::record(db, oplog::Entry {
        account_id: Some(current.account.id),
        account_name: &current.account.username,
        action: "补充身份证信息",
        target_type: "worker",
        target_id: worker_id.to_string(),
        detail: format!("签发机关 {}，有效期 {}至{}", data.issuing_authority, data.id_valid_from, data.id_valid_to),
        ip,
    })
    .await?;
    Ok(())
}

/// `Worker/trainList`.
#[derive(Debug, Default, Clone, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct TrainingQuery {
    pub page: Option<String>,
    pub limit: Option<String>,
    pub projectId: Option<String>,
    /// Part of the topic.
    pub topic: Option<String>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct TrainingLine {
    pub id: i64,
    pub topic: String,
    /// YYYY-MM-DD.
    pub date: String,
    pub trainer: String,
    /// Hours, e.g. "1.5".
    pub hours: String,
    pub content: String,
    /// How many workers attended.
    pub attendees: i64,
}

fn training_line(row: repo::TrainingRow) -> TrainingLine {
    TrainingLine {
        id: row.id,
        topic: row.topic,
        date: row.train_date,
        trainer: row.trainer,
        hours: rules::hours_text(row.hours_tenths),
        content: row.content,
        attendees: row.attendees,
    }
}

pub async fn trainings(db: &Db, current: &CurrentAccount, query: &TrainingQuery) -> Result<Page<TrainingLine>, ApiError> {
    let project_id = read_project(db, current, query.projectId.as_deref()).await?;
    let (limit, offset, page) = paging(&query.page, &query.limit)?;
    let topic = sent(&query.topic);
    if topic.chars().count() > 50 {
        return Err(Invalid(MSG_FILTER_TOO_LONG).into());
    }
    let (rows, total) = repo::trainings(db, project_id, &topic, limit, offset).await?;
    Ok(Page { list: rows.into_iter().map(training_line).collect(), total, page, limit })
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Attendee {
    /// The worker's id.
    pub id: i64,
    pub name: String,
    pub idNumber: String,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct TrainingDetail {
    #[serde(flatten)]
    pub training: TrainingLine,
    pub attendeeList: Vec<Attendee>,
}

pub async fn training(db: &Db, current: &CurrentAccount, query: &DetailQuery) -> Result<TrainingDetail, ApiError> {
    let project_id = read_project(db, current, query.projectId.as_deref()).await?;
    let id = id_param(&query.id, MSG_ID_REQUIRED, MSG_TRAINING_NOT_FOUND)?;
    let row = repo::find_training(db, project_id, id).await?.ok_or_else(|| ApiError::NotFound(MSG_TRAINING_NOT_FOUND.into()))?;
    let attendees = repo::attendees(db, id).await?;
    Ok(TrainingDetail {
        training: training_line(row),
        attendeeList: attendees.into_iter().map(|(id, name, id_number)| Attendee { id, name, idNumber: masked(&id_number) }).collect(),
    })
}

/// `Worker/trainSave`: a new training session (no `id`) or a correction of one.
#[derive(Debug, Default, Clone, Deserialize, ToSchema)]
pub struct TrainingForm {
    /// The session to correct (a session of this project); empty for a new one.
    pub id: Option<String>,
    /// 1–50 characters.
    pub topic: Option<String>,
    /// YYYY-MM-DD.
    pub date: Option<String>,
    /// 1–20 characters.
    pub trainer: Option<String>,
    /// 0.5–24, one decimal at most.
    pub hours: Option<String>,
    /// Optional, at most 1000 characters.
    pub content: Option<String>,
    /// Comma-joined worker ids (`workerId` of roster lines) of this project; at least one.
    pub workerIds: Option<String>,
}

pub async fn save_training(db: &Db, current: &CurrentAccount, ip: &str, form: &TrainingForm) -> Result<i64, ApiError> {
    let project_id = scope::write(current)?;
    let existing = match sent(&form.id) {
        id if id.is_empty() => None,
        id => {
            let id: i64 = id.parse().map_err(|_| ApiError::NotFound(MSG_TRAINING_NOT_FOUND.into()))?;
            Some(repo::find_training(db, project_id, id).await?.ok_or_else(|| ApiError::NotFound(MSG_TRAINING_NOT_FOUND.into()))?)
        }
    };
    let topic = sent(&form.topic);
    if topic.is_empty() || topic.chars().count() > 50 {
        return Err(Invalid(MSG_TOPIC).into());
    }
    let date = format_date(required_date(&sent(&form.date), MSG_TRAIN_DATE)?);
    let trainer = sent(&form.trainer);
    if trainer.is_empty() || trainer.chars().count() > 20 {
        return Err(Invalid(MSG_TRAINER).into());
    }
    let hours_tenths = rules::hours_tenths(&sent(&form.hours))?;
    let content = text::project_desc(&sent(&form.content))?;
    let mut worker_ids: Vec<i64> = Vec::new();
    for part in sent(&form.workerIds).split(',').map(str::trim).filter(|part| !part.is_empty()) {
        let id: i64 = part.parse().map_err(|_| Invalid(MSG_ATTENDEES_OTHER))?;
        if !worker_ids.contains(&id) {
            worker_ids.push(id);
        }
    }
    if worker_ids.is_empty() {
        return Err(Invalid(MSG_ATTENDEES).into());
    }
    if worker_ids.len() > 1000 || repo::count_project_workers(db, project_id, &worker_ids).await? != worker_ids.len() as i64 {
        return Err(Invalid(MSG_ATTENDEES_OTHER).into());
    }
    let training = repo::NewTraining { topic: &topic, train_date: &date, trainer: &trainer, hours_tenths, content: &content };
    if let Some(before) = existing {
        return correct_training(db, current, ip, before, &training, &worker_ids).await;
    }
    let id = repo::create_training(db, project_id, &training, &worker_ids).await?;
    oplog::record(db, oplog::Entry {
        account_id: Some(current.account.id),
        account_name: &current.account.username,
        action: "新增培训记录",
        target_type: "training",
        target_id: id.to_string(),
        detail: format!("{topic} {date}，{}人", worker_ids.len()),
        ip,
    })
    .await?;
    Ok(id)
}

/// Saves a corrected session with a log line naming each changed field, before → after, and the attendees
/// added and removed. Nothing changed → 401.
async fn correct_training(
    db: &Db,
    current: &CurrentAccount,
    ip: &str,
    before: repo::TrainingRow,
    after: &repo::NewTraining<'_>,
    worker_ids: &[i64],
) -> Result<i64, ApiError> {
    let mut changes = Vec::new();
    let mut field = |label: &str, old: &str, new: &str| {
        if old != new {
            changes.push(format!("{label} {old} → {new}"));
        }
    };
    field("培训主题", &before.topic, after.topic);
    field("培训日期", &before.train_date, after.train_date);
    field("培训讲师", &before.trainer, after.trainer);
    field("培训时长", &rules::hours_text(before.hours_tenths), &rules::hours_text(after.hours_tenths));
    field("培训内容", &before.content, after.content);
    let attended = repo::attendees(db, before.id).await?;
    let names = repo::worker_names(db, worker_ids).await?;
    let added: Vec<&str> = names.iter().filter(|(id, _)| !attended.iter().any(|(old, ..)| old == id)).map(|(_, name)| name.as_str()).collect();
    let removed: Vec<&str> =
        attended.iter().filter(|(id, ..)| !worker_ids.contains(id)).map(|(_, name, _)| name.as_str()).collect();
    if !added.is_empty() {
        changes.push(format!("增加参训人员 {}", added.join("、")));
    }
    if !removed.is_empty() {
        changes.push(format!("移除参训人员 {}", removed.join("、")));
    }
    if changes.is_empty() {
        return Err(Invalid(corrections::MSG_NOTHING_CHANGED).into());
    }
    let detail = format!("{} {}：{}", before.topic, before.train_date, changes.join("；"));
    let entry = oplog::Entry {
        account_id: Some(current.account.id),
        account_name: &current.account.username,
        action: "修改培训记录",
        target_type: "training",
        target_id: before.id.to_string(),
        detail,
        ip,
    };
    repo::update_training(db, before.id, after, worker_ids, &entry).await?;
    Ok(before.id)
}

/// A row of an import that was not saved.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct BadRow {
    /// The Excel row number (the header is row 1).
    pub row: usize,
    pub reason: String,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ImportResult {
    /// Rows saved.
    pub saved: usize,
    /// Rows refused, in row order.
    pub failed: Vec<BadRow>,
    /// Rows not saved because their wage card fails its check digit: the clerk checks them and imports the
    /// same file again with `confirmRows` naming them.
    pub unconfirmed: Vec<BadRow>,
}

/// `Worker/import`'s query.
#[derive(Debug, Default, Clone, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ImportQuery {
    /// Comma-joined row numbers of an earlier answer's `unconfirmed`: only these rows are imported, their
    /// cards confirmed as written (recorded).
    pub confirmRows: Option<String>,
}

/// The rows `confirmRows` names.
pub fn confirm_rows(query: &ImportQuery) -> Result<Vec<usize>, Invalid> {
    sent(&query.confirmRows)
        .split(',')
        .map(str::trim)
        .filter(|part| !part.is_empty())
        .map(|part| part.parse::<usize>().ok().filter(|row| (2..=xlsx::MAX_IMPORT_ROWS + 1).contains(row)).ok_or(Invalid(MSG_CONFIRM_ROWS)))
        .collect()
}

pub const MSG_CONFIRM_ROWS: &str = "确认导入的行号有误";

enum RowOutcome {
    Saved,
    Failed(String),
    Unconfirmed,
}

/// `Worker/import`: every row is checked as a registration; good rows are saved, bad rows reported. A
/// person active on another project is a bad row here (an import cannot ask), and so is an ID number
/// that an earlier row of the file carries. A row whose wage card fails its check digit is held back as
/// unconfirmed; sending the file again with those rows in `confirm` imports just them, confirmed.
pub async fn import(db: &Db, current: &CurrentAccount, ip: &str, bytes: &[u8], confirm: &[usize]) -> Result<ImportResult, ApiError> {
    let project_id = scope::write(current)?;
    let rows = xlsx::read_rows(bytes).map_err(Invalid)?;
    let units = repo::units(db, project_id).await?;
    let teams = repo::teams(db, project_id).await?;
    let banks = repo::banks(db).await?;
    let lookups = xlsx::Lookups { units: &units, teams: &teams, banks: &banks };
    let confirming = !confirm.is_empty();
    let mut seen: Vec<(String, usize)> = Vec::new();
    let mut result = ImportResult { saved: 0, failed: Vec::new(), unconfirmed: Vec::new() };
    for row in &rows {
        if confirming && !confirm.contains(&row.number) {
            continue;
        }
        let outcome: RowOutcome = async {
            let form = match xlsx::row_form(row, &lookups) {
                Ok(form) => form,
                Err(reason) => return RowOutcome::Failed(reason),
            };
            let mut registration = match validate_registration(&form) {
                Ok(registration) => registration,
                Err(invalid) => return RowOutcome::Failed(invalid.0.to_owned()),
            };
            if let Some((_, first)) = seen.iter().find(|(id, _)| *id == registration.person.id_number) {
                return RowOutcome::Failed(format!("身份证号与第{first}行重复"));
            }
            seen.push((registration.person.id_number.clone(), row.number));
            match check_registration(db, project_id, &mut registration, confirming, false).await {
                Ok(()) => {}
                Err(ApiError::Refused(message)) => return RowOutcome::Failed(message),
                Err(ApiError::NeedsConfirmation(_)) if registration.card_check_fails && !confirming => return RowOutcome::Unconfirmed,
                Err(ApiError::NeedsConfirmation(_)) => {
                    let project = repo::active_elsewhere(db, &registration.person.id_number, project_id).await.ok().flatten();
                    return RowOutcome::Failed(format!("该人员已在项目「{}」在场", project.as_ref().map(project_label).unwrap_or_default()));
                }
                Err(error) => return RowOutcome::Failed(error.to_string()),
            }
            match store_registration(db, current, ip, project_id, &registration, "人员批量导入").await {
                Ok(_) => RowOutcome::Saved,
                Err(error) => RowOutcome::Failed(error.to_string()),
            }
        }
        .await;
        match outcome {
            RowOutcome::Saved => result.saved += 1,
            RowOutcome::Failed(reason) => result.failed.push(BadRow { row: row.number, reason }),
            RowOutcome::Unconfirmed => {
                result.unconfirmed.push(BadRow { row: row.number, reason: wage_card::PROBLEM_CHECK_DIGIT.to_owned() })
            }
        }
    }
    Ok(result)
}

/// The import template with an example row naming this project's first unit and team.
pub async fn template(db: &Db, current: &CurrentAccount) -> Result<Vec<u8>, ApiError> {
    let project_id = scope::write(current)?;
    let units = repo::units(db, project_id).await?;
    let teams = repo::teams(db, project_id).await?;
    let unit = units.first();
    let team = unit.and_then(|unit| teams.iter().find(|team| team.unit_id == unit.id));
    let example = [
        "张三", "11010519491231002X", "汉", "河南省郑州市金水区文化路1号", "郑州市公安局金水分局", "2020-01-01", "长期",
        "13800138000", "6222021234567890128", "中国工商银行", unit.map(|unit| unit.name.as_str()).unwrap_or("（本项目单位名称）"),
        team.map(|team| team.name.as_str()).unwrap_or(""), "钢筋工", "日薪", "350.00", "是", "2026-03-01", "2026-12-31",
        "2026-03-01",
    ]
    .map(str::to_owned);
    Ok(xlsx::template(&example)?)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn form() -> RegisterForm {
        RegisterForm {
            name: Some("张三".into()),
            idNumber: Some("11010519491231002x".into()),
            phone: Some("13800138000".into()),
            unitId: Some("1".into()),
            workType: Some("3".into()),
            wageKind: Some("day".into()),
            wage: Some("350.5".into()),
            entryDate: Some("2026-03-01".into()),
            ..RegisterForm::default()
        }
    }

    #[test]
    fn a_registration_derives_gender_and_birth_from_the_id_number() {
        let registration = validate_registration(&form()).unwrap();
        assert_eq!(registration.person.id_number, "11010519491231002X");
        assert_eq!(registration.person.gender, 2);
        assert_eq!(registration.person.birth_date, "1949-12-31");
        assert_eq!(registration.employment.wage_fen, 35_050);
        assert!(!registration.employment.contract_signed);
    }

    #[test]
    fn registration_rules_answer_their_messages() {
        let cases: Vec<(RegisterForm, &str)> = vec![
            (RegisterForm { idNumber: Some("110105194912310021".into()), ..form() }, "请填写正确的身份证号码"),
            (RegisterForm { wageCardNumber: Some("6222021234567890".into()), ..form() }, MSG_BANK_REQUIRED),
            (RegisterForm { wageCardNumber: Some("1234".into()), ..form() }, wage_card::MSG_SHAPE),
            (RegisterForm { unitId: None, ..form() }, MSG_UNIT_REQUIRED),
            (RegisterForm { workType: Some("x".into()), ..form() }, MSG_WORK_TYPE_UNKNOWN),
            (RegisterForm { wageKind: Some("hour".into()), ..form() }, MSG_WAGE_KIND),
            (RegisterForm { contractSigned: Some("1".into()), ..form() }, MSG_CONTRACT_DATES),
            (
                RegisterForm {
                    contractSigned: Some("1".into()),
                    contractStart: Some("2026-05-01".into()),
                    contractEnd: Some("2026-04-01".into()),
                    ..form()
                },
                MSG_CONTRACT_ORDER,
            ),
            (RegisterForm { entryDate: None, ..form() }, MSG_ENTRY_REQUIRED),
            (RegisterForm { address: Some("短".into()), ..form() }, "请输入规范的地址"),
        ];
        for (form, message) in cases {
            assert_eq!(validate_registration(&form).err(), Some(Invalid(message)), "{form:?}");
        }
    }

    #[test]
    fn roster_filters_are_checked() {
        let query = RosterQuery { status: Some("3".into()), ..RosterQuery::default() };
        assert_eq!(roster_filter(1, &query).err(), Some(Invalid(MSG_STATUS)));
        let query = RosterQuery { idNumber: Some("4101%".into()), ..RosterQuery::default() };
        assert_eq!(roster_filter(1, &query).err(), Some(Invalid(MSG_ID_FILTER)));
        let query = RosterQuery { idNumber: Some("11010519491231002x".into()), entryFrom: Some("2026-01-01".into()), ..RosterQuery::default() };
        let filter = roster_filter(1, &query).unwrap();
        assert_eq!(filter.id_number, "11010519491231002X");
        assert_eq!(filter.entry_from, "2026-01-01");
        assert_eq!(mask_id("11010519491231002X"), "110105********002X");
        assert_eq!(project_label(&(2, String::new())), "编号2（未命名）");
        assert_eq!(msg_active_elsewhere(&(1, "幸福里".into())), "该人员已在项目「幸福里」在场，确认继续登记吗？");
    }
}

/// The roster lines of the project overlapping `first`..`last` with their wage standards, for the wage area.
pub async fn roster_between(db: &Db, project_id: i64, first: &str, last: &str) -> Result<(Vec<crate::wage::plan::Employment>, Vec<crate::wage::plan::Rate>), ApiError> {
    Ok((repo::employments_between(db, project_id, first, last).await?, repo::rates_between(db, project_id, first, last).await?))
}
