//! Site entry registration, the roster (search, detail, exit, re-entry, import, export), training and
//! the ID supplement (issue 4 items 6 and 7): who may do what on which project, and the rules a save
//! must pass. Handlers are in `mod.rs`, the import in `import.rs`, SQL in `repo.rs`, the spreadsheets in
//! `xlsx.rs`.

use std::sync::Arc;

use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::repo::{self, EmploymentFields, PersonFields, RateRow, RosterFilter, RosterRow};
use super::rules;
use crate::auth::accounts::Account;
use crate::auth::accounts::AccountKind;
use crate::auth::sessions::CurrentAccount;
use crate::clock;
use crate::db::cohort::Cohort;
use crate::db::packed::{number, text, unpacked};
use crate::db::{Db, Tx};
use crate::domain::Invalid;
use crate::domain::dates::{format_date, parse_date, required_date};
use crate::domain::id_number::{Gender, IdNumber};
use crate::domain::mask::masked;
use crate::domain::person_name::PersonName;
use crate::domain::phone::Phone;
use crate::domain::text;
use crate::domain::wage_card::{self, WageCard};
use crate::envelope::ApiError;
use crate::extract::sent;
use crate::oplog;
use crate::paging::{Cached, CountCache, Page, Paged};
use crate::project::options::{self, SelectOption};
use crate::scope;
use crate::upload::service::URL_PREFIX;

pub const MSG_NOT_FOUND: &str = "人员不存在";
pub const MSG_NOTHING_CHANGED: &str = "没有修改任何内容";
pub const MSG_TRAINING_NOT_FOUND: &str = "培训记录不存在";
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
pub const MSG_CONTRACT_FILTER: &str = "请选择正确的合同签订状态";
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
    let project_id = scope::project(db, current, &requested.map(str::to_owned)).await?;
    if current.kind() == AccountKind::Admin {
        crate::project::service::find_summary(db, project_id).await?.ok_or_else(scope::not_found)?;
    }
    Ok(project_id)
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
async fn project_upload(
    db: &Db,
    project_id: i64,
    url: &str,
    kinds: &[&str],
    message: &'static str,
) -> Result<String, ApiError> {
    if url.is_empty() {
        return Ok(String::new());
    }
    let name = upload_name(url).ok_or(Invalid(message))?;
    match crate::upload::service::project_kind(db, project_id, name).await? {
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

/// The label of a work-type option value ('' when unknown).
pub fn work_type_label(value: &str) -> String {
    options::WORK_TYPES
        .iter()
        .find(|option| option.value == value)
        .map(|option| option.label.to_owned())
        .unwrap_or_default()
}

/// `Worker/register`'s form. Dates `YYYY-MM-DD`; money in yuan with up to 2 decimals.
#[derive(Debug, Default, Clone, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RegisterForm {
    pub name: Option<String>,
    /// 18 characters (GB 11643 check character; a final x is upper-cased) or the legacy 15 digits.
    pub id_number: Option<String>,
    /// 民族, at most 10 characters.
    pub ethnicity: Option<String>,
    /// 住址 as on the card: empty, or 3–100 characters.
    pub address: Option<String>,
    /// 签发机关, at most 50 characters.
    pub issuing_authority: Option<String>,
    /// ID validity start.
    pub valid_from: Option<String>,
    /// ID validity end: a date or `长期`.
    pub valid_to: Option<String>,
    /// The ID photo: an `/uploads/…` URL this project uploaded with kind `avatar`.
    pub photo: Option<String>,
    /// Mobile or landline (required).
    pub phone: Option<String>,
    /// 工资卡号: 12–30 digits (spaces ignored); optional. A UnionPay number (62…, 16–19 digits) failing its
    /// check digit → 301 until `cardConfirmed=1`.
    pub wage_card_number: Option<String>,
    /// The wage card's bank: a first-level bank code of `Worker/options` (required with a card number).
    pub wage_card_bank: Option<String>,
    /// An on-site unit of the project (`Worker/options` units).
    pub unit_id: Option<String>,
    /// A team of that unit; optional.
    pub team_id: Option<String>,
    /// A work-type value (`Site/workTypes`).
    pub work_type: Option<String>,
    /// `day` (daily rate) or `month` (monthly wage).
    pub wage_kind: Option<String>,
    /// The rate in yuan, > 0, at most 99999.99, up to 2 decimals.
    pub wage: Option<String>,
    /// `1` when a labour contract is signed: then contractStart and contractEnd are required.
    pub contract_signed: Option<String>,
    pub contract_start: Option<String>,
    pub contract_end: Option<String>,
    /// The contract file: an `/uploads/…` URL this project uploaded (kinds contract, attachment, image).
    pub contract_file: Option<String>,
    /// 进场日期 (required).
    pub entry_date: Option<String>,
    /// `1` after the user confirmed registering a person active on another project (the 301 reply).
    pub confirmed: Option<String>,
    /// `1` after the user confirmed a wage card failing its check digit as written (the 301 reply); recorded.
    pub card_confirmed: Option<String>,
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
    let name = PersonName::parse(sent(&form.name))?.as_str().to_owned();
    let id = IdNumber::parse(sent(&form.id_number))?;
    let ethnicity = rules::short_text(sent(&form.ethnicity), 10, MSG_ETHNICITY)?;
    let address_text = sent(&form.address);
    let address = if address_text.is_empty() { String::new() } else { text::address(address_text)? };
    let issuing_authority = rules::short_text(sent(&form.issuing_authority), 50, MSG_ISSUER)?;
    let (id_valid_from, id_valid_to) = rules::id_validity(sent(&form.valid_from), sent(&form.valid_to))?;
    let phone = Phone::parse(sent(&form.phone))?.as_str().to_owned();
    let card = WageCard::parse_optional(sent(&form.wage_card_number))?;
    let card_check_fails = card.as_ref().is_some_and(WageCard::check_digit_fails);
    let wage_card_number = card.map(|card| card.as_str().to_owned()).unwrap_or_default();
    let wage_card_bank = sent(&form.wage_card_bank).to_owned();
    if !wage_card_number.is_empty() && wage_card_bank.is_empty() {
        return Err(Invalid(MSG_BANK_REQUIRED));
    }
    let unit_id: i64 =
        text::required(sent(&form.unit_id), MSG_UNIT_REQUIRED)?.parse().map_err(|_| Invalid(MSG_UNIT_UNKNOWN))?;
    let team_text = sent(&form.team_id);
    let team_id =
        if team_text.is_empty() { None } else { Some(team_text.parse().map_err(|_| Invalid(MSG_TEAM_UNKNOWN))?) };
    let work_type = text::required(sent(&form.work_type), MSG_WORK_TYPE_REQUIRED)?;
    if !options::is_known(options::WORK_TYPES, &work_type) {
        return Err(Invalid(MSG_WORK_TYPE_UNKNOWN));
    }
    let wage_kind = sent(&form.wage_kind).to_owned();
    if !matches!(wage_kind.as_str(), "day" | "month") {
        return Err(Invalid(MSG_WAGE_KIND));
    }
    let wage_fen = rules::wage_fen(sent(&form.wage))?;
    let contract_signed = sent(&form.contract_signed) == "1";
    let (mut contract_start, mut contract_end) = (String::new(), String::new());
    if contract_signed {
        let start = required_date(sent(&form.contract_start), MSG_CONTRACT_DATES)?;
        let end = required_date(sent(&form.contract_end), MSG_CONTRACT_DATES)?;
        if start > end {
            return Err(Invalid(MSG_CONTRACT_ORDER));
        }
        (contract_start, contract_end) = (format_date(start), format_date(end));
    }
    let entry_date = format_date(required_date(sent(&form.entry_date), MSG_ENTRY_REQUIRED)?);
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
            photo: sent(&form.photo).to_owned(),
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
            contract_file: if contract_signed { sent(&form.contract_file).to_owned() } else { String::new() },
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
    if !person.wage_card_bank.is_empty()
        && !repo::banks(db).await?.iter().any(|(code, _)| *code == person.wage_card_bank)
    {
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
    if id_number.len() < 10 {
        id_number.to_owned()
    } else {
        format!("{}********{}", &id_number[..6], &id_number[id_number.len() - 4..])
    }
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
    let person = if registration.keeps_stored_person {
        repo::PersonWrite::Keep
    } else {
        repo::PersonWrite::Refresh(&registration.person, waived_by)
    };
    let (worker_id, employment_id) =
        repo::register(db, project_id, &registration.person.id_number, person, &registration.employment)
            .await?
            .ok_or(Invalid(MSG_ACTIVE_HERE))?;
    oplog::record(
        db,
        oplog::Entry::by(&current.account, ip).action(action).on("employment", employment_id).detail(format!(
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
        )),
    )
    .await?;
    Ok((worker_id, employment_id))
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Registered {
    pub worker_id: i64,
    /// The new roster line (employment).
    pub id: i64,
}

/// `Worker/register`.
pub async fn register(
    db: &Db,
    current: &CurrentAccount,
    ip: &str,
    form: &RegisterForm,
) -> Result<Registered, ApiError> {
    let project_id = scope::write(current)?;
    let mut registration = validate_registration(form)?;
    check_registration(
        db,
        project_id,
        &mut registration,
        sent(&form.card_confirmed) == "1",
        sent(&form.confirmed) == "1",
    )
    .await?;
    let (worker_id, id) = store_registration(db, current, ip, project_id, &registration, "人员进场登记").await?;
    Ok(Registered { worker_id, id })
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
#[serde(rename_all = "camelCase")]
pub struct TeamOption {
    pub value: i64,
    pub label: String,
    pub unit_id: i64,
    /// The team's work type, the form's default.
    pub work_type: String,
}

/// `Worker/options`: everything the registration form and the roster filters choose from.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WorkerOptions {
    pub units: Vec<RosterUnitOption>,
    pub teams: Vec<TeamOption>,
    pub work_types: Vec<SelectOption>,
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
        units: units
            .into_iter()
            .map(|unit| RosterUnitOption { value: unit.id, label: unit.name, role: unit.role })
            .collect(),
        teams: teams
            .into_iter()
            .map(|team| TeamOption {
                value: team.id,
                label: team.name,
                unit_id: team.unit_id,
                work_type: team.work_type,
            })
            .collect(),
        work_types: options::WORK_TYPES.to_vec(),
        banks: banks.into_iter().map(|(value, label)| BankChoice { value, label }).collect(),
    })
}

/// The roster's query: filters, paging and (for the regulator) the project.
#[derive(Debug, Default, Clone, Deserialize, IntoParams, ToSchema)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct RosterQuery {
    pub page: Option<String>,
    pub limit: Option<String>,
    /// The regulator's project; a builder's own project is implied (another id → 404).
    pub project_id: Option<String>,
    /// Part of the name.
    pub name: Option<String>,
    /// The start of the ID number (or all of it).
    pub id_number: Option<String>,
    pub unit_id: Option<String>,
    pub team_id: Option<String>,
    pub work_type: Option<String>,
    /// 1 on site, 2 exited; empty = both.
    pub status: Option<String>,
    /// Entry date from (inclusive), YYYY-MM-DD.
    pub entry_from: Option<String>,
    /// Entry date to (inclusive), YYYY-MM-DD.
    pub entry_to: Option<String>,
    /// The labour contract: 1 signed 已签, 0 not 未签; empty = both.
    pub contract: Option<String>,
}

fn optional_id(text: &Option<String>) -> Result<Option<i64>, Invalid> {
    let text = sent(text);
    if text.is_empty() { Ok(None) } else { text.parse().map(Some).map_err(|_| Invalid(MSG_FILTER_TOO_LONG)) }
}

pub fn roster_filter(project_id: i64, query: &RosterQuery) -> Result<RosterFilter, Invalid> {
    let name = sent(&query.name).to_owned();
    let id_number = sent(&query.id_number).to_ascii_uppercase();
    let work_type = sent(&query.work_type).to_owned();
    if name.chars().count() > 50 || id_number.len() > 18 || work_type.len() > 10 {
        return Err(Invalid(MSG_FILTER_TOO_LONG));
    }
    if !id_number.bytes().all(|b| b.is_ascii_digit() || b == b'X') {
        return Err(Invalid(MSG_ID_FILTER));
    }
    let status = match sent(&query.status) {
        "" => None,
        "1" => Some(1),
        "2" => Some(2),
        _ => return Err(Invalid(MSG_STATUS)),
    };
    let contract_signed = match sent(&query.contract) {
        "" => None,
        "1" => Some(true),
        "0" => Some(false),
        _ => return Err(Invalid(MSG_CONTRACT_FILTER)),
    };
    let date = |text: &Option<String>| parse_date(sent(text)).map(|date| date.map(format_date).unwrap_or_default());
    Ok(RosterFilter {
        project_id,
        name,
        id_number,
        unit_id: optional_id(&query.unit_id)?,
        team_id: optional_id(&query.team_id)?,
        work_type,
        status,
        contract_signed,
        entry_from: date(&query.entry_from)?,
        entry_to: date(&query.entry_to)?,
    })
}

/// One roster line as the console shows it.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RosterLine {
    /// The employment's id (the roster line).
    pub id: i64,
    pub worker_id: i64,
    pub name: String,
    pub id_number: String,
    /// 男 / 女.
    pub gender: String,
    pub birth_date: String,
    /// Full years today (China time).
    pub age: Option<u32>,
    /// The province the ID number was issued in (籍贯).
    pub native_place: String,
    pub phone: String,
    pub unit_id: i64,
    pub unit_name: String,
    pub team_id: Option<i64>,
    pub team_name: String,
    pub work_type: String,
    pub work_type_label: String,
    /// `day` or `month`.
    pub wage_kind: String,
    /// Yuan with two decimals.
    pub wage: String,
    pub contract_signed: bool,
    pub entry_date: String,
    pub exit_date: String,
    /// 1 on site, 2 exited.
    pub status: i64,
    /// Why an exited line ended: '' left the site, `transfer` moved to another unit or team (the next line).
    pub exit_reason: String,
    pub wage_card_number: String,
    /// The wage card's bank code.
    pub wage_card_bank: String,
}

/// A roster line as the list shows it: ID and card numbers masked (decisions "Privacy: one masking rule");
/// the detail, the export and the edit forms take the full line.
fn listed(line: RosterLine) -> RosterLine {
    RosterLine { id_number: masked(&line.id_number), wage_card_number: masked(&line.wage_card_number), ..line }
}

pub fn roster_line(row: &RosterRow) -> RosterLine {
    let id = IdNumber::parse(&row.id_number).ok();
    RosterLine {
        id: row.id,
        worker_id: row.worker_id,
        name: row.name.clone(),
        id_number: row.id_number.clone(),
        gender: gender_label(row.gender).to_owned(),
        birth_date: row.birth_date.clone(),
        age: id.as_ref().and_then(|id| id.age_on(clock::china_today())),
        native_place: id.as_ref().map(|id| id.province().to_owned()).unwrap_or_default(),
        phone: row.phone.clone(),
        unit_id: row.unit_id,
        unit_name: row.unit_name.clone(),
        team_id: row.team_id,
        team_name: row.team_name.clone().unwrap_or_default(),
        work_type: row.work_type.clone(),
        work_type_label: work_type_label(&row.work_type),
        wage_kind: row.wage_kind.clone(),
        wage: rules::fen_to_yuan(row.wage_fen),
        contract_signed: row.contract_signed,
        entry_date: row.entry_date.clone(),
        exit_date: row.exit_date.clone(),
        status: row.status,
        exit_reason: row.exit_reason.clone(),
        wage_card_number: row.wage_card_number.clone(),
        wage_card_bank: row.wage_card_bank.clone(),
    }
}

/// A page of the roster. The filter's total comes from `counts` (the worker router clears it after every
/// write), so paging through a broad filter counts its lines once; a total past its time is answered while
/// it is counted again in the background.
pub async fn roster(
    db: &Db,
    counts: &Arc<CountCache>,
    current: &CurrentAccount,
    query: &RosterQuery,
) -> Result<Paged<RosterLine>, ApiError> {
    let project_id = read_project(db, current, query.project_id.as_deref()).await?;
    let page = Page::parse(&query.page, &query.limit)?;
    let filter = roster_filter(project_id, query)?;
    let key = format!("{filter:?}");
    let total = match counts.get(&key) {
        Cached::Fresh(total) => total,
        Cached::Stale { total, recount } => {
            if let Some(ticket) = recount {
                let (db, counts) = (db.clone(), Arc::clone(counts));
                let filter = filter.clone();
                tokio::spawn(async move {
                    match repo::roster_count(&db, &filter).await {
                        Ok(total) => counts.put(key, total, ticket),
                        Err(error) => {
                            tracing::warn!(?error, "recounting a roster total failed; counted again on a later request")
                        }
                    }
                });
            }
            total
        }
        Cached::Missing(ticket) => {
            let total = repo::roster_count(db, &filter).await?;
            counts.put(key, total, ticket);
            total
        }
    };
    let rows = if total > page.offset() {
        repo::roster_page(db, &filter, page.limit, page.offset()).await?
    } else {
        Vec::new()
    };
    Ok(page.answer(rows.iter().map(|row| listed(roster_line(row))).collect(), total))
}

/// The export's rows (at most `EXPORT_MAX`), with the bank names.
pub async fn export_rows(
    db: &Db,
    current: &CurrentAccount,
    query: &RosterQuery,
) -> Result<(Vec<RosterLine>, Vec<(String, String)>), ApiError> {
    let project_id = read_project(db, current, query.project_id.as_deref()).await?;
    let filter = roster_filter(project_id, query)?;
    let rows = repo::roster_all(db, &filter, EXPORT_MAX).await?;
    Ok((rows.iter().map(roster_line).collect(), repo::banks(db).await?))
}

#[derive(Debug, Default, Clone, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct DetailQuery {
    /// The roster line (employment) id.
    pub id: Option<String>,
    pub project_id: Option<String>,
}

/// A wage standard as the console shows it.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RateLine {
    /// YYYY-MM-DD: the first day the standard applies.
    pub effective_from: String,
    /// `day` or `month`.
    pub wage_kind: String,
    /// Yuan with two decimals.
    pub wage: String,
}

pub fn rate_lines(rates: &[RateRow]) -> Vec<RateLine> {
    rates
        .iter()
        .map(|rate| RateLine {
            effective_from: rate.effective_from.clone(),
            wage_kind: rate.wage_kind.clone(),
            wage: rules::fen_to_yuan(rate.wage_fen),
        })
        .collect()
}

/// `Worker/detail`: the line with the person's ID data and contract, and the worker's employments on
/// this project.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WorkerDetail {
    #[serde(flatten)]
    pub line: RosterLine,
    pub ethnicity: String,
    pub address: String,
    pub issuing_authority: String,
    pub valid_from: String,
    pub valid_to: String,
    pub photo: String,
    pub contract_start: String,
    pub contract_end: String,
    pub contract_file: String,
    /// The account that confirmed the wage card although it fails UnionPay's check digit ('' when nobody).
    pub card_check_waived_by: String,
    /// The line's wage standards, earliest first (`Worker/wage_standard`).
    pub rates: Vec<RateLine>,
    /// Every employment of the worker on this project, newest first (re-entries and transfers keep the
    /// old lines).
    pub history: Vec<RosterLine>,
}

pub async fn detail(db: &Db, current: &CurrentAccount, query: &DetailQuery) -> Result<WorkerDetail, ApiError> {
    let project_id = read_project(db, current, query.project_id.as_deref()).await?;
    let id = id_param(&query.id, MSG_ID_REQUIRED, MSG_NOT_FOUND)?;
    let row =
        repo::find_employment(db, project_id, id).await?.ok_or_else(|| ApiError::NotFound(MSG_NOT_FOUND.into()))?;
    let history = repo::history(db, project_id, row.line.worker_id).await?;
    Ok(WorkerDetail {
        line: roster_line(&row.line),
        ethnicity: row.ethnicity,
        address: row.address,
        issuing_authority: row.issuing_authority,
        valid_from: row.id_valid_from,
        valid_to: row.id_valid_to,
        photo: row.photo,
        contract_start: row.contract_start,
        contract_end: row.contract_end,
        contract_file: row.contract_file,
        card_check_waived_by: row.card_check_waived_by,
        rates: rate_lines(&repo::rates(db, id).await?),
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

async fn log_move(
    db: &Db,
    current: &CurrentAccount,
    ip: &str,
    action: &str,
    id: i64,
    detail: String,
) -> Result<(), ApiError> {
    oplog::record(db, oplog::Entry::by(&current.account, ip).action(action).on("employment", id).detail(detail))
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
    let date = format_date(required_date(sent(&form.date), MSG_EXIT_REQUIRED)?);
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
    let date = format_date(required_date(sent(&form.date), MSG_ENTRY_REQUIRED)?);
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
    log_move(
        db,
        current,
        ip,
        "人员重新进场",
        id,
        format!("{} 重新进场 {date}（原记录 {}）", line.line.name, line.line.id),
    )
    .await?;
    Ok(Registered { worker_id: line.line.worker_id, id })
}

/// What a labour contract says of a worker's employment on the project (the `contract` area fills its
/// templates with it).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ContractParty {
    pub employment_id: i64,
    pub worker_id: i64,
    pub name: String,
    /// 男 / 女.
    pub gender: String,
    pub id_number: String,
    pub phone: String,
    pub address: String,
    pub work_type_label: String,
    pub team_id: Option<i64>,
    pub team_name: String,
    pub unit_name: String,
    /// `day` or `month`.
    pub wage_kind: String,
    /// The wage standard in yuan with two decimals.
    pub wage: String,
    pub entry_date: String,
    /// '' when the registration gave no contract term.
    pub contract_start: String,
    pub contract_end: String,
}

/// The contract party of the project's roster line `employment_id` (None: not this project's).
pub async fn contract_party(db: &Db, project_id: i64, employment_id: i64) -> Result<Option<ContractParty>, ApiError> {
    Ok(repo::find_employment(db, project_id, employment_id).await?.map(|row| ContractParty {
        employment_id: row.line.id,
        worker_id: row.line.worker_id,
        name: row.line.name,
        gender: gender_label(row.line.gender).to_owned(),
        id_number: row.line.id_number,
        phone: row.line.phone,
        address: row.address,
        work_type_label: work_type_label(&row.line.work_type),
        team_id: row.line.team_id,
        team_name: row.line.team_name.unwrap_or_default(),
        unit_name: row.line.unit_name,
        wage_kind: row.line.wage_kind,
        wage: rules::fen_to_yuan(row.line.wage_fen),
        entry_date: row.line.entry_date,
        contract_start: row.contract_start,
        contract_end: row.contract_end,
    }))
}

/// Marks the roster line's labour contract signed, its file the signed scan `file_url`, and logs it, inside
/// the contract area's transaction (the roster's 已签 and the no-contract warning read this column).
pub async fn mark_contract_signed(
    tx: &mut Tx,
    account: &Account,
    ip: &str,
    project_id: i64,
    employment_id: i64,
    file_url: &str,
) -> Result<(), ApiError> {
    if !repo::mark_contract_signed(tx, project_id, employment_id, file_url, clock::now()).await? {
        return Err(ApiError::NotFound(MSG_NOT_FOUND.into()));
    }
    let entry = oplog::Entry::by(account, ip)
        .action("劳动合同签订")
        .on("employment", employment_id)
        .detail(format!("上传已签字的劳动合同：{file_url}"));
    oplog::record_in(tx, &entry).await?;
    Ok(())
}

/// `Worker/incomplete`: workers of the project with incomplete ID data.
#[derive(Debug, Default, Clone, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct IncompleteQuery {
    pub page: Option<String>,
    pub limit: Option<String>,
    pub project_id: Option<String>,
    /// Part of the name.
    pub name: Option<String>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct IncompleteLine {
    /// The worker's id.
    pub id: i64,
    pub name: String,
    pub id_number: String,
    pub gender: String,
    pub ethnicity: String,
    pub address: String,
    pub issuing_authority: String,
    pub valid_from: String,
    pub valid_to: String,
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
pub async fn full_numbers(
    db: &Db,
    current: &CurrentAccount,
    project: Option<&str>,
    owner: NumbersOf,
) -> Result<(String, String), ApiError> {
    let project_id = read_project(db, current, project).await?;
    let line = match owner {
        NumbersOf::Line(id) => repo::find_employment(db, project_id, id).await?.map(|detail| detail.line),
        NumbersOf::Worker(id) => repo::history(db, project_id, id).await?.into_iter().next(),
    };
    let line = line.ok_or_else(|| ApiError::NotFound(MSG_NOT_FOUND.into()))?;
    Ok((line.id_number, line.wage_card_number))
}

pub async fn incomplete(
    db: &Db,
    current: &CurrentAccount,
    query: &IncompleteQuery,
) -> Result<Paged<IncompleteLine>, ApiError> {
    let project_id = read_project(db, current, query.project_id.as_deref()).await?;
    let page = Page::parse(&query.page, &query.limit)?;
    let name = sent(&query.name).to_owned();
    if name.chars().count() > 50 {
        return Err(Invalid(MSG_FILTER_TOO_LONG).into());
    }
    let (rows, total) = repo::incomplete(db, project_id, &name, page.limit, page.offset()).await?;
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
                id_number: masked(&row.id_number),
                gender: gender_label(row.gender).to_owned(),
                ethnicity: row.ethnicity,
                address: row.address,
                issuing_authority: row.issuing_authority,
                valid_from: row.id_valid_from,
                valid_to: row.id_valid_to,
                photo: row.photo,
                missing,
            }
        })
        .collect();
    Ok(page.answer(list, total))
}

pub const MSG_KEPT_ELSEWHERE: &str = "该人员已先在其他项目在场，其个人信息由该项目维护，本项目不能修改";

/// A person on several rosters at once has one phone and one card, kept by the project whose roster they
/// joined first: another project's clerk, who only had to know the ID number to register them, must not be
/// able to redirect their wages.
pub(super) async fn refuse_unless_keeper(db: &Db, project_id: i64, worker_id: i64) -> Result<(), ApiError> {
    match repo::keeping_project(db, worker_id).await? {
        Some(keeper) if keeper != project_id => Err(Invalid(MSG_KEPT_ELSEWHERE).into()),
        _ => Ok(()),
    }
}

/// `Worker/supplement`: completes a worker's ID data; every field is required here.
#[derive(Debug, Default, Clone, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SupplementForm {
    /// The worker's id (from `Worker/incomplete`).
    pub id: Option<String>,
    pub ethnicity: Option<String>,
    /// 3–100 characters.
    pub address: Option<String>,
    pub issuing_authority: Option<String>,
    pub valid_from: Option<String>,
    /// A date or `长期`.
    pub valid_to: Option<String>,
    /// An `/uploads/…` URL this project uploaded with kind `avatar`.
    pub photo: Option<String>,
}

pub async fn supplement(db: &Db, current: &CurrentAccount, ip: &str, form: &SupplementForm) -> Result<(), ApiError> {
    let project_id = scope::write(current)?;
    let worker_id = id_param(&form.id, MSG_ID_REQUIRED, MSG_NOT_FOUND)?;
    if !repo::on_project(db, project_id, worker_id).await? {
        return Err(ApiError::NotFound(MSG_NOT_FOUND.into()));
    }
    refuse_unless_keeper(db, project_id, worker_id).await?;
    let ethnicity = rules::short_text(sent(&form.ethnicity), 10, MSG_ETHNICITY)?;
    let address = text::address(sent(&form.address)).map_err(|_| Invalid(MSG_ADDRESS_REQUIRED))?;
    let issuing_authority = text::required(sent(&form.issuing_authority), MSG_ISSUER_REQUIRED)?;
    let issuing_authority = rules::short_text(&issuing_authority, 50, MSG_ISSUER)?;
    if sent(&form.valid_from).is_empty() || sent(&form.valid_to).is_empty() {
        return Err(Invalid(MSG_VALIDITY_REQUIRED).into());
    }
    let (id_valid_from, id_valid_to) = rules::id_validity(sent(&form.valid_from), sent(&form.valid_to))?;
    let photo_url = sent(&form.photo);
    if photo_url.is_empty() {
        return Err(Invalid(MSG_PHOTO_REQUIRED).into());
    }
    let photo = project_upload(db, project_id, photo_url, &["avatar", "image"], MSG_PHOTO).await?;
    let data = repo::Supplement { ethnicity, address, issuing_authority, id_valid_from, id_valid_to, photo };
    repo::supplement(db, worker_id, &data).await?;
    oplog::record(
        db,
        oplog::Entry::by(&current.account, ip).action("补充身份证信息").on("worker", worker_id).detail(format!(
            "签发机关 {}，有效期 {}至{}",
            data.issuing_authority, data.id_valid_from, data.id_valid_to
        )),
    )
    .await?;
    Ok(())
}

/// `Worker/trainList`.
#[derive(Debug, Default, Clone, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct TrainingQuery {
    pub page: Option<String>,
    pub limit: Option<String>,
    pub project_id: Option<String>,
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

pub async fn trainings(
    db: &Db,
    current: &CurrentAccount,
    query: &TrainingQuery,
) -> Result<Paged<TrainingLine>, ApiError> {
    let project_id = read_project(db, current, query.project_id.as_deref()).await?;
    let page = Page::parse(&query.page, &query.limit)?;
    let topic = sent(&query.topic);
    if topic.chars().count() > 50 {
        return Err(Invalid(MSG_FILTER_TOO_LONG).into());
    }
    let (rows, total) = repo::trainings(db, project_id, topic, page.limit, page.offset()).await?;
    Ok(page.answer(rows.into_iter().map(training_line).collect(), total))
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Attendee {
    /// The worker's id.
    pub id: i64,
    pub name: String,
    pub id_number: String,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TrainingDetail {
    #[serde(flatten)]
    pub training: TrainingLine,
    pub attendee_list: Vec<Attendee>,
}

pub async fn training(db: &Db, current: &CurrentAccount, query: &DetailQuery) -> Result<TrainingDetail, ApiError> {
    let project_id = read_project(db, current, query.project_id.as_deref()).await?;
    let id = id_param(&query.id, MSG_ID_REQUIRED, MSG_TRAINING_NOT_FOUND)?;
    let row = repo::find_training(db, project_id, id)
        .await?
        .ok_or_else(|| ApiError::NotFound(MSG_TRAINING_NOT_FOUND.into()))?;
    let attendees = repo::attendees(db, id).await?;
    Ok(TrainingDetail {
        training: training_line(row),
        attendee_list: attendees
            .into_iter()
            .map(|(id, name, id_number)| Attendee { id, name, id_number: masked(&id_number) })
            .collect(),
    })
}

/// `Worker/trainSave`: a new training session (no `id`) or a correction of one.
#[derive(Debug, Default, Clone, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
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
    pub worker_ids: Option<String>,
}

pub async fn save_training(db: &Db, current: &CurrentAccount, ip: &str, form: &TrainingForm) -> Result<i64, ApiError> {
    let project_id = scope::write(current)?;
    let existing = match sent(&form.id) {
        "" => None,
        id => {
            let id: i64 = id.parse().map_err(|_| ApiError::NotFound(MSG_TRAINING_NOT_FOUND.into()))?;
            Some(
                repo::find_training(db, project_id, id)
                    .await?
                    .ok_or_else(|| ApiError::NotFound(MSG_TRAINING_NOT_FOUND.into()))?,
            )
        }
    };
    let topic = sent(&form.topic);
    if topic.is_empty() || topic.chars().count() > 50 {
        return Err(Invalid(MSG_TOPIC).into());
    }
    let date = format_date(required_date(sent(&form.date), MSG_TRAIN_DATE)?);
    let trainer = sent(&form.trainer);
    if trainer.is_empty() || trainer.chars().count() > 20 {
        return Err(Invalid(MSG_TRAINER).into());
    }
    let hours_tenths = rules::hours_tenths(sent(&form.hours))?;
    let content = text::project_desc(sent(&form.content))?;
    let mut worker_ids: Vec<i64> = Vec::new();
    for part in sent(&form.worker_ids).split(',').map(str::trim).filter(|part| !part.is_empty()) {
        let id: i64 = part.parse().map_err(|_| Invalid(MSG_ATTENDEES_OTHER))?;
        if !worker_ids.contains(&id) {
            worker_ids.push(id);
        }
    }
    if worker_ids.is_empty() {
        return Err(Invalid(MSG_ATTENDEES).into());
    }
    if worker_ids.len() > 1000
        || repo::count_project_workers(db, project_id, &worker_ids).await? != worker_ids.len() as i64
    {
        return Err(Invalid(MSG_ATTENDEES_OTHER).into());
    }
    let training = repo::NewTraining { topic, train_date: &date, trainer, hours_tenths, content: &content };
    if let Some(before) = existing {
        return correct_training(db, current, ip, before, &training, &worker_ids).await;
    }
    let id = repo::create_training(db, project_id, &training, &worker_ids).await?;
    oplog::record(
        db,
        oplog::Entry::by(&current.account, ip)
            .action("新增培训记录")
            .on("training", id)
            .detail(format!("{topic} {date}，{}人", worker_ids.len())),
    )
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
    let added: Vec<&str> = names
        .iter()
        .filter(|(id, _)| !attended.iter().any(|(old, ..)| old == id))
        .map(|(_, name)| name.as_str())
        .collect();
    let removed: Vec<&str> =
        attended.iter().filter(|(id, ..)| !worker_ids.contains(id)).map(|(_, name, _)| name.as_str()).collect();
    if !added.is_empty() {
        changes.push(format!("增加参训人员 {}", added.join("、")));
    }
    if !removed.is_empty() {
        changes.push(format!("移除参训人员 {}", removed.join("、")));
    }
    if changes.is_empty() {
        return Err(Invalid(MSG_NOTHING_CHANGED).into());
    }
    let detail = format!("{} {}：{}", before.topic, before.train_date, changes.join("；"));
    let entry = oplog::Entry::by(&current.account, ip).action("修改培训记录").on("training", before.id).detail(detail);
    repo::update_training(db, before.id, after, worker_ids, &entry).await?;
    Ok(before.id)
}

/// The roster lines of the project overlapping `first`..`last` with their wage standards, for the wage area.
pub async fn roster_between(
    db: &Db,
    project_id: i64,
    first: &str,
    last: &str,
) -> Result<(Vec<crate::wage::plan::Employment>, Vec<crate::wage::plan::Rate>), ApiError> {
    Ok((
        repo::employments_between(db, project_id, first, last).await?,
        repo::rates_between(db, project_id, first, last).await?,
    ))
}

/// The project's active units other than the builder, for the wage screens.
pub async fn active_units(db: &Db, project_id: i64) -> sqlx::Result<Vec<repo::UnitRow>> {
    repo::units(db, project_id).await
}

/// The project's teams that have not left the site, for the wage screens.
pub async fn active_teams(db: &Db, project_id: i64) -> sqlx::Result<Vec<repo::TeamRow>> {
    repo::teams(db, project_id).await
}

/// Workers on site per project, for the projects `ids` (projects with none are left out).
pub async fn on_site_counts(db: &Db, ids: &[i64]) -> sqlx::Result<Vec<(i64, i64)>> {
    repo::on_site_counts(db, ids).await
}

/// Workers on site of projects `ids` per work type, as (label, count), most first: the roster's 工种 filter
/// with 在场 counts the same.
pub async fn on_site_by_work_type(db: &Db, ids: &[i64]) -> sqlx::Result<Vec<(String, i64)>> {
    let mut counts: Vec<(String, i64)> = repo::on_site_by_work_type(db, ids)
        .await?
        .into_iter()
        .map(|(work_type, count)| {
            let label = work_type_label(&work_type);
            (if label.is_empty() { "未填写".to_owned() } else { label }, count)
        })
        .collect();
    counts.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    Ok(counts)
}

/// For the early warnings: per project, (project, workers on site, earliest entry day).
pub async fn on_site_since(db: &Db) -> sqlx::Result<Vec<(i64, i64, String)>> {
    repo::on_site_since(db).await
}

/// For the early warnings: (project, worker, entry day) of workers on site without a signed labour contract
/// who entered before `before` (`YYYY-MM-DD`).
pub async fn on_site_without_contract(db: &Db, before: &str) -> sqlx::Result<Vec<(i64, i64, String)>> {
    repo::on_site_without_contract(db, before).await
}

/// The roster's part of a project's export (`backup`): every employment with its worker, past ones too; the
/// photos and signed contracts they refer to go along.
pub async fn export_tables(db: &Db, project_id: i64) -> sqlx::Result<Vec<crate::spreadsheet::Table>> {
    let roster = repo::export_roster(db, project_id).await?;
    Ok(vec![crate::spreadsheet::Table::new("花名册.xlsx", "花名册（含已退场人员）", roster, &["照片", "合同文件"])])
}

/// A worker on site for the reports (issue 16): the roster line and what the ID card says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OnSitePerson {
    pub project_id: i64,
    pub worker_id: i64,
    pub name: String,
    pub id_number: String,
    pub gender: i64,
    pub unit_id: i64,
    /// 0 without a team.
    pub team_id: i64,
    pub work_type: String,
}

/// For the reports: the cohort's workers on site, as the roster lists them.
pub async fn on_site_people(db: &Db, cohort: &Cohort) -> sqlx::Result<Vec<OnSitePerson>> {
    let mut people = Vec::new();
    for (project_id, packed) in repo::on_site_people(db, cohort).await? {
        people.extend(unpacked(&packed).map(|fields| OnSitePerson {
            project_id,
            worker_id: number(fields.first()),
            name: text(fields.get(1)),
            id_number: text(fields.get(2)),
            gender: number(fields.get(3)),
            unit_id: number(fields.get(4)),
            team_id: number(fields.get(5)),
            work_type: text(fields.get(6)),
        }));
    }
    Ok(people)
}

/// For the reports: entries (or `exits`) per month `YYYY-MM` of days `first`..`last`.
pub async fn moves_by_month(
    db: &Db,
    cohort: &Cohort,
    exits: bool,
    first: &str,
    last: &str,
) -> sqlx::Result<Vec<(String, i64)>> {
    repo::moves_by_month(db, cohort, exits, first, last).await
}

/// A roster line's stay on its project, for the reports.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stay {
    pub project_id: i64,
    pub worker_id: i64,
    /// `YYYY-MM-DD`.
    pub entry_date: String,
    /// `YYYY-MM-DD`, '' while on site.
    pub exit_date: String,
    pub unit_id: i64,
    /// 0 without a team.
    pub team_id: i64,
}

/// For the reports: the cohort's roster lines overlapping `first`..`last`.
pub async fn stays_between(db: &Db, cohort: &Cohort, first: &str, last: &str) -> sqlx::Result<Vec<Stay>> {
    let mut stays = Vec::new();
    for (project_id, packed) in repo::stays_between(db, cohort, first, last).await? {
        stays.extend(unpacked(&packed).map(|fields| Stay {
            project_id,
            worker_id: number(fields.first()),
            entry_date: text(fields.get(1)),
            exit_date: text(fields.get(2)),
            unit_id: number(fields.get(3)),
            team_id: number(fields.get(4)),
        }));
    }
    Ok(stays)
}

/// For the reports: the names of the cohort's projects' units and teams, by id.
pub async fn unit_and_team_names(
    db: &Db,
    cohort: &Cohort,
) -> sqlx::Result<(std::collections::HashMap<i64, String>, std::collections::HashMap<i64, String>)> {
    let mut units = std::collections::HashMap::new();
    let mut teams = std::collections::HashMap::new();
    for (kind, id, name) in repo::unit_and_team_names(db, cohort).await? {
        if kind == "unit" {
            units.insert(id, name)
        } else {
            teams.insert(id, name)
        };
    }
    Ok((units, teams))
}

/// Workers' names by id.
pub async fn names(db: &Db, ids: &[i64]) -> sqlx::Result<std::collections::HashMap<i64, String>> {
    Ok(repo::names(db, ids).await?.into_iter().collect())
}

/// A worker as another area names him on a project: name, the masked ID number (`domain::mask`) and his
/// newest roster line there (the roster's `?worker=` opens it).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct NamedWorker {
    pub name: String,
    pub masked_id_number: String,
    pub line_id: i64,
}

/// The workers of `pairs` (project, worker) as [`NamedWorker`]s; a pair without a roster line is left out.
pub async fn named_on_projects(
    db: &Db,
    pairs: &[(i64, i64)],
) -> sqlx::Result<std::collections::HashMap<(i64, i64), NamedWorker>> {
    let mut ids: Vec<i64> = pairs.iter().map(|(_, worker)| *worker).collect();
    ids.sort_unstable();
    ids.dedup();
    let wanted: std::collections::HashSet<&(i64, i64)> = pairs.iter().collect();
    let mut named = std::collections::HashMap::new();
    // Bounded binds per statement, whatever the engine asks for.
    for chunk in ids.chunks(500) {
        for (project_id, worker_id, name, number, line_id) in repo::lines_of_workers(db, chunk).await? {
            if wanted.contains(&(project_id, worker_id)) {
                let masked_id_number = crate::domain::mask::masked(&number);
                named.insert((project_id, worker_id), NamedWorker { name, masked_id_number, line_id });
            }
        }
    }
    Ok(named)
}

/// For the site terminals (iclock): (worker, name) of everyone on the project's site now, by worker.
pub async fn on_site_names(db: &Db, project_id: i64) -> sqlx::Result<Vec<(i64, String)>> {
    repo::on_site_names(db, project_id).await
}

/// For the site terminals: which of `ids` are or were on the project's roster.
pub async fn ever_on_roster(db: &Db, project_id: i64, ids: &[i64]) -> sqlx::Result<std::collections::HashSet<i64>> {
    Ok(repo::ever_on_roster(db, project_id, ids).await?.into_iter().collect())
}

pub use repo::FeedLine;

/// For the worker-platform feed: every roster line of the project (past ones too) with the person's data.
pub async fn feed_lines(db: &Db, project_id: i64) -> sqlx::Result<Vec<FeedLine>> {
    repo::feed_lines(db, project_id).await
}

#[cfg(test)]
mod tests {
    use super::*;

    fn form() -> RegisterForm {
        RegisterForm {
            name: Some("张三".into()),
            id_number: Some("11010519491231002x".into()),
            phone: Some("13800138000".into()),
            unit_id: Some("1".into()),
            work_type: Some("3".into()),
            wage_kind: Some("day".into()),
            wage: Some("350.5".into()),
            entry_date: Some("2026-03-01".into()),
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
            (RegisterForm { id_number: Some("110105194912310021".into()), ..form() }, "请填写正确的身份证号码"),
            (RegisterForm { wage_card_number: Some("6222021234567890".into()), ..form() }, MSG_BANK_REQUIRED),
            (RegisterForm { wage_card_number: Some("1234".into()), ..form() }, wage_card::MSG_SHAPE),
            (RegisterForm { unit_id: None, ..form() }, MSG_UNIT_REQUIRED),
            (RegisterForm { work_type: Some("x".into()), ..form() }, MSG_WORK_TYPE_UNKNOWN),
            (RegisterForm { wage_kind: Some("hour".into()), ..form() }, MSG_WAGE_KIND),
            (RegisterForm { contract_signed: Some("1".into()), ..form() }, MSG_CONTRACT_DATES),
            (
                RegisterForm {
                    contract_signed: Some("1".into()),
                    contract_start: Some("2026-05-01".into()),
                    contract_end: Some("2026-04-01".into()),
                    ..form()
                },
                MSG_CONTRACT_ORDER,
            ),
            (RegisterForm { entry_date: None, ..form() }, MSG_ENTRY_REQUIRED),
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
        let query = RosterQuery { id_number: Some("4101%".into()), ..RosterQuery::default() };
        assert_eq!(roster_filter(1, &query).err(), Some(Invalid(MSG_ID_FILTER)));
        let query = RosterQuery {
            id_number: Some("11010519491231002x".into()),
            entry_from: Some("2026-01-01".into()),
            ..RosterQuery::default()
        };
        let filter = roster_filter(1, &query).unwrap();
        assert_eq!(filter.id_number, "11010519491231002X");
        assert_eq!(filter.entry_from, "2026-01-01");
        assert_eq!(mask_id("11010519491231002X"), "110105********002X");
        assert_eq!(project_label(&(2, String::new())), "编号2（未命名）");
        assert_eq!(msg_active_elsewhere(&(1, "幸福里".into())), "该人员已在项目「幸福里」在场，确认继续登记吗？");
    }
}
