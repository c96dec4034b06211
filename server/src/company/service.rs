//! Registration wizard steps 2 and 3 (spec §3 "Builder unit", "Construction unit", §4, §5 "Builder and
//! construction units"): who may load and save a project's builder (建设单位) and general contractor
//! (施工总包单位), the rules a save must pass, the company look-up and the deposit ceiling.
//! Handlers are in `mod.rs`, SQL in `repo.rs`.

use serde::{Deserialize, Serialize};
use serde_json::Value;
use time::Date;
use utoipa::ToSchema;

use super::repo::{self, CompanyChoice, CompanyFields, UnitFields};
pub use super::repo::{CompanyRow, RegisteredUnit, UnitRow};
use crate::area::{Level, areas};
use crate::clock;
use crate::db::{Db, Tx};
use crate::domain::credit_code::{self, CreditCodeOrNone};
use crate::domain::dates::{format_date, parse_date, required_date};
use crate::domain::id_number::IdNumber;
use crate::domain::person_name::PersonName;
use crate::domain::phone::Phone;
use crate::domain::text::{self as rules, *};
use crate::domain::{Invalid, money};
use crate::envelope::ApiError;
use crate::extract::sent;
use crate::identity::sessions::CurrentAccount;
use crate::oplog;
use crate::project::options::{self, SelectOption};
use crate::project::service::{self as project, StepFormRow};
use crate::project::service::{MSG_NO_PROJECT, MSG_OTHER_PROJECT, MSG_SUBMITTED, builder_project, check_editable};
use crate::project::staff::service::{KeyPostHolder, LABOUR_CLERK, PROJECT_MANAGER, staff_key_posts};
use crate::upload::service::URL_PREFIX;

pub const MSG_AREA_INVALID: &str = "请选择正确的注册地区";
pub const MSG_COMPANY_TYPE_UNKNOWN: &str = "请选择正确的单位类型";
pub const MSG_PAY_TYPE_UNKNOWN: &str = "请选择正确的缴纳方式";
pub const MSG_GUARANTEE_FILE_REQUIRED: &str = "请上传保函文件";
pub const MSG_GUARANTEE_FILE_INVALID: &str = "保函文件须为本项目上传的文件";
pub const MSG_GUARANTEE_DATES_ORDER: &str = "保函有效期开始日期不能晚于结束日期";
pub const MSG_ATTACHMENTS_TOO_MANY: &str = "当前限制选择9个文件";
pub const MSG_ATTACHMENT_INVALID: &str = "合同附件须为本项目上传的图片";
pub const MSG_SEARCH_REQUIRED: &str = "请输入单位名称或统一社会信用代码";
pub const MSG_LOOKUP_CODE: &str = "统一社会信用代码应为18位";

/// Contract attachments per unit (spec §9).
pub const MAX_ATTACHMENTS: usize = 9;
/// Companies answered by a name search.
pub const SEARCH_LIMIT: i64 = 20;
/// The deposit ceiling (desposittop) is this percentage of the contract price: the top of the 1–3 %
/// wage-guarantee range of DESIGN §5.
pub const DEPOSIT_CEILING_PERCENT: u64 = 3;
/// The ceiling while the project has no contract price yet: the spec's default of 200万.
pub const DEFAULT_DEPOSIT_CEILING_FEN: u64 = 200 * money::FEN_PER_WAN;

/// Builder (建设单位, wizard step 2) or general contractor (施工总包单位, step 3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    Builder,
    Contractor,
}

impl Role {
    pub fn as_str(self) -> &'static str {
        match self {
            Role::Builder => "builder",
            Role::Contractor => "contractor",
        }
    }

    /// The wizard step shown after a successful save.
    fn next_step(self) -> i64 {
        match self {
            Role::Builder => 3,
            Role::Contractor => 4,
        }
    }

    fn action(self) -> &'static str {
        match self {
            Role::Builder => "保存建设单位信息",
            Role::Contractor => "保存施工总包单位信息",
        }
    }
}

/// builderForm: the company (locked once saved), the project leader and the wage guarantee.
/// Empty values are '' (arrays: []).
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "PascalCase")]
pub struct BuilderForm {
    /// The unit's id in this project; null before the first save.
    #[serde(rename = "id")]
    pub id: Option<i64>,
    pub name: String,
    /// 18 upper-case characters, or '/'.
    pub social_credit_code: String,
    /// Registration area: the path of codes from `Area/registerplace` (province, city, county).
    pub registered_area: Vec<String>,
    /// YYYY-MM-DD.
    pub register_date: String,
    pub registered_address: String,
    pub legal_person: String,
    pub legal_person_phone: String,
    pub legal_person_id_number: String,
    pub office_address: String,
    #[serde(rename = "projectLeader")]
    pub project_leader: String,
    #[serde(rename = "projectLeaderPhone")]
    pub project_leader_phone: String,
    #[serde(rename = "projectLeaderIdNumber")]
    pub project_leader_id_number: String,
    /// A `company_type` value (单位类型).
    pub province_company_type: String,
    /// A `depositmethod` value; '321' until saved.
    #[serde(rename = "paytype")]
    pub paytype: String,
    /// The deposit in 万元, exact (up to 6 decimals, no trailing zeros); '' when none.
    #[serde(rename = "desposit")]
    pub desposit: String,
    /// The guarantee file's URL (`/uploads/…`).
    #[serde(rename = "guaranteepath")]
    pub guaranteepath: String,
    /// Guarantee validity start, YYYY-MM-DD.
    #[serde(rename = "startdate")]
    pub startdate: String,
    /// Guarantee validity end, YYYY-MM-DD.
    #[serde(rename = "enddate")]
    pub enddate: String,
}

/// contructorForm (the spec's spelling): builderForm plus the labour leader, the site manager and the
/// contract attachments.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ContructorForm {
    #[serde(flatten)]
    pub unit: BuilderForm,
    pub labor_leader: String,
    pub labor_leader_phone: String,
    pub labor_leader_id_number: String,
    pub sitemanager: String,
    pub sitemanagerphone: String,
    pub sitemanager_id_number: String,
    /// Contract attachment URLs (`/uploads/…`), at most 9.
    #[serde(rename = "ContractAttachment")]
    pub contract_attachment: Vec<String>,
}

/// What steps 2 and 3 show beside the form.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct UnitContext {
    /// The company is locked: its fields (Name … ProvinceCompanyType) are shown read-only and a save
    /// keeps the stored values.
    pub locked: bool,
    /// The deposit ceiling in 万元 (exact text): 3 % of the contract price, 200 without a price.
    pub desposittop: String,
    /// The ceiling as displayed: 万 up to 9999万, above that 亿.
    pub desposittop_display: String,
    pub depositmethod: Vec<SelectOption>,
    pub company_type: Vec<SelectOption>,
    /// '0' draft, '1' submitted, '2' approved, '3' rejected.
    pub auditstatus: String,
    /// Whether the wizard may still save (status '0' or '3').
    pub editable: bool,
    /// The wizard step to resume at (1–5).
    pub wizard_step: i64,
}

/// `Site/builderEdit`.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BuilderEditData {
    pub builder_form: BuilderForm,
    #[serde(flatten)]
    pub context: UnitContext,
}

/// `Site/contractorEdit`.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ContractorEditData {
    pub contructor_form: ContructorForm,
    #[serde(flatten)]
    pub context: UnitContext,
}

/// The form `Site/ajaxBuilderEdit` and `Site/ajaxContructorEdit` receive. Arrays are comma-joined.
/// The fields from laborLeader on are the construction unit's only.
#[derive(Debug, Default, Clone, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UnitForm {
    /// The unit's id; optional, must be this project's unit when given.
    pub id: Option<String>,
    #[serde(rename = "Name")]
    pub name: Option<String>,
    /// 18 characters (upper-cased) or '/'.
    #[serde(rename = "SocialCreditCode")]
    pub social_credit_code: Option<String>,
    /// Comma-joined codes from `Area/registerplace`, e.g. `41,4101,410105`.
    #[serde(rename = "RegisteredArea")]
    pub registered_area: Option<String>,
    /// Used when RegisteredArea is not sent (the console's cascader model name).
    pub builder_area: Option<String>,
    /// Used when RegisteredArea is not sent (the console's cascader model name).
    pub contractor_area: Option<String>,
    #[serde(rename = "RegisterDate")]
    pub register_date: Option<String>,
    #[serde(rename = "RegisteredAddress")]
    pub registered_address: Option<String>,
    #[serde(rename = "LegalPerson")]
    pub legal_person: Option<String>,
    #[serde(rename = "LegalPersonPhone")]
    pub legal_person_phone: Option<String>,
    #[serde(rename = "LegalPersonIdNumber")]
    pub legal_person_id_number: Option<String>,
    #[serde(rename = "OfficeAddress")]
    pub office_address: Option<String>,
    pub project_leader: Option<String>,
    pub project_leader_phone: Option<String>,
    pub project_leader_id_number: Option<String>,
    #[serde(rename = "ProvinceCompanyType")]
    pub province_company_type: Option<String>,
    pub paytype: Option<String>,
    /// 万元: up to 4 integer digits and 6 decimals. Optional for the builder, required for the contractor.
    pub desposit: Option<String>,
    /// An `/uploads/…` URL this project uploaded with kind `guarantee`. Required for the contractor.
    pub guaranteepath: Option<String>,
    pub startdate: Option<String>,
    pub enddate: Option<String>,
    /// Used when startdate/enddate are not sent: `start,end`.
    pub date_arr: Option<String>,
    pub labor_leader: Option<String>,
    pub labor_leader_phone: Option<String>,
    pub labor_leader_id_number: Option<String>,
    pub sitemanager: Option<String>,
    pub sitemanagerphone: Option<String>,
    pub sitemanager_id_number: Option<String>,
    /// Comma-joined `/uploads/…` URLs this project uploaded with kind `contract`, at most 9.
    #[serde(rename = "ContractAttachment")]
    pub contract_attachment: Option<String>,
}

/// The reply of a successful save.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UnitSaved {
    /// The deposit is above the ceiling (spec §4: a warning flag, not a refusal).
    pub deposit_warning: bool,
    /// The ceiling in 万元.
    pub desposittop: String,
    /// The company is now locked.
    pub locked: bool,
}

/// A company as the look-up and the name search answer it, to fill and lock the form. The legal
/// person's phone and ID number are masked: a locked company's stored values are kept on save anyway.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "PascalCase")]
pub struct CompanyInfo {
    #[serde(rename = "id")]
    pub id: i64,
    pub name: String,
    pub social_credit_code: String,
    pub registered_area: Vec<String>,
    pub register_date: String,
    pub registered_address: String,
    pub legal_person: String,
    /// Masked (`138****8000`).
    pub legal_person_phone: String,
    /// Masked (`410105********1234`).
    pub legal_person_id_number: String,
    pub office_address: String,
    pub province_company_type: String,
    #[serde(rename = "locked")]
    pub locked: bool,
}

pub(crate) fn split_list(text: &str) -> Vec<String> {
    text.split(',').map(str::trim).filter(|item| !item.is_empty()).map(str::to_owned).collect()
}

pub(crate) fn show_date(text: &str) -> String {
    parse_date(text).ok().flatten().map(format_date).unwrap_or_default()
}

pub(crate) fn mask(text: &str, head: usize, tail: usize) -> String {
    let chars: Vec<char> = text.chars().collect();
    if chars.len() <= head + tail {
        return "*".repeat(chars.len());
    }
    let middle = "*".repeat(chars.len() - head - tail);
    format!(
        "{}{middle}{}",
        chars[..head].iter().collect::<String>(),
        chars[chars.len() - tail..].iter().collect::<String>()
    )
}

pub fn company_info(row: &CompanyRow) -> CompanyInfo {
    CompanyInfo {
        id: row.id,
        name: row.fields.name.clone(),
        social_credit_code: row.fields.social_credit_code.clone(),
        registered_area: split_list(&row.fields.registered_area),
        register_date: show_date(&row.fields.register_date),
        registered_address: row.fields.registered_address.clone(),
        legal_person: row.fields.legal_person.clone(),
        legal_person_phone: mask(&row.fields.legal_person_phone, 3, 4),
        legal_person_id_number: mask(&row.fields.legal_person_id_number, 6, 4),
        office_address: row.fields.office_address.clone(),
        province_company_type: row.fields.company_type.clone(),
        locked: row.locked,
    }
}

/// The deposit ceiling in fen: 3 % of the contract price (rounded down to the fen), 200万 without one.
pub fn deposit_ceiling_fen(contract_price_fen: Option<i64>) -> u64 {
    match contract_price_fen {
        Some(fen) if fen > 0 => (fen as u64) * DEPOSIT_CEILING_PERCENT / 100,
        _ => DEFAULT_DEPOSIT_CEILING_FEN,
    }
}

pub(crate) fn builder_form(unit: Option<&UnitRow>, company: Option<&CompanyRow>) -> BuilderForm {
    let c = company.map(|company| company.fields.clone()).unwrap_or_default();
    let u = unit.map(|unit| unit.fields.clone()).unwrap_or_default();
    BuilderForm {
        id: unit.map(|unit| unit.id),
        name: c.name,
        social_credit_code: c.social_credit_code,
        registered_area: split_list(&c.registered_area),
        register_date: show_date(&c.register_date),
        registered_address: c.registered_address,
        legal_person: c.legal_person,
        legal_person_phone: c.legal_person_phone,
        legal_person_id_number: c.legal_person_id_number,
        office_address: c.office_address,
        project_leader: u.project_leader,
        project_leader_phone: u.project_leader_phone,
        project_leader_id_number: u.project_leader_id_number,
        province_company_type: c.company_type,
        paytype: if unit.is_some() { u.pay_type } else { options::DEFAULT_PAY_TYPE.to_owned() },
        desposit: u.deposit_fen.map(|fen| money::fen_to_wan(fen.max(0) as u64)).unwrap_or_default(),
        guaranteepath: u.guarantee_path,
        startdate: show_date(&u.guarantee_start),
        enddate: show_date(&u.guarantee_end),
    }
}

pub(crate) fn contructor_form(unit: Option<&UnitRow>, company: Option<&CompanyRow>) -> ContructorForm {
    let u = unit.map(|unit| unit.fields.clone()).unwrap_or_default();
    ContructorForm {
        unit: builder_form(unit, company),
        labor_leader: u.labor_leader,
        labor_leader_phone: u.labor_leader_phone,
        labor_leader_id_number: u.labor_leader_id_number,
        sitemanager: u.site_manager,
        sitemanagerphone: u.site_manager_phone,
        sitemanager_id_number: u.site_manager_id_number,
        contract_attachment: split_list(&u.contract_attachments),
    }
}

struct Loaded {
    project: StepFormRow,
    unit: Option<UnitRow>,
    company: Option<CompanyRow>,
}

async fn load_unit(db: &Db, project_id: i64, role: Role) -> Result<Loaded, ApiError> {
    let project =
        project::find_step_form(db, project_id).await?.ok_or_else(|| ApiError::NotFound(MSG_NO_PROJECT.into()))?;
    let unit = repo::find_unit(db, project_id, role.as_str()).await?;
    let company = match &unit {
        Some(unit) => repo::find_company(db, unit.company_id).await?,
        None => None,
    };
    Ok(Loaded { project, unit, company })
}

fn context(loaded: &Loaded) -> UnitContext {
    let ceiling = deposit_ceiling_fen(loaded.project.contract_price_fen);
    UnitContext {
        locked: loaded.company.as_ref().is_some_and(|company| company.locked),
        desposittop: money::fen_to_wan(ceiling),
        desposittop_display: money::deposit_display(Some(ceiling)),
        depositmethod: options::DEPOSIT_METHODS.to_vec(),
        company_type: options::COMPANY_TYPES.to_vec(),
        auditstatus: loaded.project.audit_status.clone(),
        editable: matches!(loaded.project.audit_status.as_str(), "0" | "3"),
        wizard_step: loaded.project.wizard_step,
    }
}

/// `Site/builderEdit`: the session's project's builder unit (step 2).
pub async fn load_builder(db: &Db, current: &CurrentAccount) -> Result<BuilderEditData, ApiError> {
    let loaded = load_unit(db, builder_project(current)?, Role::Builder).await?;
    Ok(BuilderEditData {
        builder_form: builder_form(loaded.unit.as_ref(), loaded.company.as_ref()),
        context: context(&loaded),
    })
}

/// `Site/contractorEdit`: the session's project's general contractor (step 3).
pub async fn load_contractor(db: &Db, current: &CurrentAccount) -> Result<ContractorEditData, ApiError> {
    let loaded = load_unit(db, builder_project(current)?, Role::Contractor).await?;
    Ok(ContractorEditData {
        contructor_form: contructor_form(loaded.unit.as_ref(), loaded.company.as_ref()),
        context: context(&loaded),
    })
}

/// `Site/ajax_builder`: with `code`, the company with that credit code (exactly 18 characters after
/// trimming, upper-cased; 0 or 1 hit); otherwise the companies whose name contains `name` (at most 20).
/// Companies without a code ('/') are never answered.
pub async fn search(db: &Db, current: &CurrentAccount, name: &str, code: &str) -> Result<Vec<CompanyInfo>, ApiError> {
    builder_project(current)?;
    find_companies(db, name, code).await
}

/// The look-up (`code`) or the name search, for whoever may ask.
pub(crate) async fn find_companies(db: &Db, name: &str, code: &str) -> Result<Vec<CompanyInfo>, ApiError> {
    let code = code.trim().to_ascii_uppercase();
    if !code.is_empty() {
        if !credit_code::triggers_lookup(&code) {
            return Err(ApiError::refused(MSG_LOOKUP_CODE));
        }
        return Ok(repo::find_company_by_code(db, &code).await?.iter().map(company_info).collect());
    }
    let name = name.trim();
    if name.is_empty() {
        return Err(ApiError::refused(MSG_SEARCH_REQUIRED));
    }
    if name.chars().count() > 50 {
        return Err(Invalid(MSG_UNIT_NAME).into());
    }
    Ok(repo::search_companies(db, name, SEARCH_LIMIT).await?.iter().map(company_info).collect())
}

/// A required select whose value must be one of `list`'s codes.
pub(crate) fn select(
    input: &str,
    list: &[SelectOption],
    required: &'static str,
    unknown: &'static str,
) -> Result<String, Invalid> {
    let value = rules::required(input, required)?;
    if options::is_known(list, &value) { Ok(value) } else { Err(Invalid(unknown)) }
}

/// Name, phone and ID number of a person, each required.
pub(crate) fn person(
    name: &Option<String>,
    phone: &Option<String>,
    id_number: &Option<String>,
) -> Result<[String; 3], Invalid> {
    let name = PersonName::parse(sent(name))?.as_str().to_owned();
    let phone = Phone::parse(sent(phone))?.as_str().to_owned();
    let id_number = IdNumber::parse(sent(id_number))?.as_str().to_owned();
    Ok([name, phone, id_number])
}

/// The registration area: a path from a province down (city and county optional), exact codes.
fn registered_area(text: &str) -> Result<String, Invalid> {
    let codes = split_list(&rules::required(text, MSG_REGISTERED_AREA_REQUIRED)?);
    let areas = areas();
    let exact = codes.iter().all(|code| areas.get(code).is_some_and(|area| area.code == code.as_str()));
    let starts_at_province =
        codes.first().and_then(|code| areas.get(code)).is_some_and(|area| area.level == Level::Province);
    if exact && starts_at_province && codes.len() <= 3 && areas.is_valid_path(&codes) {
        Ok(codes.join(","))
    } else {
        Err(Invalid(MSG_AREA_INVALID))
    }
}

/// The company fields as sent, validated in the form's order.
pub(crate) fn company_fields(form: &UnitForm, code: &CreditCodeOrNone) -> Result<CompanyFields, Invalid> {
    let name = rules::unit_name(sent(&form.name))?;
    let area_text = [&form.registered_area, &form.builder_area, &form.contractor_area]
        .into_iter()
        .map(sent)
        .find(|text| !text.trim().is_empty())
        .unwrap_or_default();
    let registered_area = registered_area(area_text)?;
    let register_date = format_date(required_date(sent(&form.register_date), MSG_REGISTER_DATE_REQUIRED)?);
    let registered_address = rules::address(sent(&form.registered_address))?;
    let [legal_person, legal_person_phone, legal_person_id_number] =
        person(&form.legal_person, &form.legal_person_phone, &form.legal_person_id_number)?;
    let office_address = rules::address(sent(&form.office_address))?;
    let company_type = select(
        sent(&form.province_company_type),
        options::COMPANY_TYPES,
        MSG_UNIT_TYPE_REQUIRED,
        MSG_COMPANY_TYPE_UNKNOWN,
    )?;
    Ok(CompanyFields {
        social_credit_code: code.as_str().to_owned(),
        name,
        registered_area,
        register_date,
        registered_address,
        legal_person,
        legal_person_phone,
        legal_person_id_number,
        office_address,
        company_type,
    })
}

/// The wage guarantee of a builder (`contractor` false: deposit optional, validity dates required) or a
/// general contractor (deposit and file required, dates optional but both or none), as validated fields.
pub(crate) struct GuaranteeFields {
    pub pay_type: String,
    pub deposit_fen: Option<i64>,
    pub guarantee_path: String,
    /// The guarantee file's stored upload name, to check it is the project's.
    pub upload: Option<String>,
    pub guarantee_start: String,
    pub guarantee_end: String,
}

pub(crate) fn guarantee_fields(form: &UnitForm, contractor: bool) -> Result<GuaranteeFields, Invalid> {
    let pay_type = select(sent(&form.paytype), options::DEPOSIT_METHODS, MSG_PAY_TYPE_REQUIRED, MSG_PAY_TYPE_UNKNOWN)?;
    let deposit_text = sent(&form.desposit);
    let deposit = if contractor { Some(money::deposit(deposit_text)?) } else { money::deposit_optional(deposit_text)? };
    let deposit_fen = deposit.map(|fen| fen as i64);

    let guarantee_path = sent(&form.guaranteepath).to_owned();
    if guarantee_path.is_empty() && contractor {
        return Err(Invalid(MSG_GUARANTEE_FILE_REQUIRED));
    }
    let upload = if guarantee_path.is_empty() {
        None
    } else {
        Some(upload_name(&guarantee_path).ok_or(Invalid(MSG_GUARANTEE_FILE_INVALID))?)
    };

    let (mut start_text, mut end_text) = (sent(&form.startdate), sent(&form.enddate));
    if start_text.trim().is_empty() && end_text.trim().is_empty() {
        let pair = sent(&form.date_arr);
        if let Some((start, end)) = pair.split_once(',') {
            (start_text, end_text) = (start, end);
        }
    }
    let (start, end): (Option<Date>, Option<Date>) = (parse_date(start_text)?, parse_date(end_text)?);
    match (start, end) {
        (Some(start), Some(end)) => {
            if start > end {
                return Err(Invalid(MSG_GUARANTEE_DATES_ORDER));
            }
            Ok(GuaranteeFields {
                pay_type,
                deposit_fen,
                guarantee_path,
                upload,
                guarantee_start: format_date(start),
                guarantee_end: format_date(end),
            })
        }
        (None, None) if contractor => Ok(GuaranteeFields {
            pay_type,
            deposit_fen,
            guarantee_path,
            upload,
            guarantee_start: String::new(),
            guarantee_end: String::new(),
        }),
        _ => Err(Invalid(MSG_GUARANTEE_DATES_REQUIRED)),
    }
}

/// An `/uploads/<name>` URL's stored name.
pub(crate) fn upload_name(url: &str) -> Option<String> {
    url.strip_prefix(URL_PREFIX).filter(|name| !name.is_empty() && !name.contains('/')).map(str::to_owned)
}

/// Validated unit fields, before the upload checks (which need the database).
struct UnitInput {
    unit: UnitFields,
    guarantee_upload: Option<String>,
    attachment_uploads: Vec<String>,
}

fn unit_fields(form: &UnitForm, role: Role) -> Result<UnitInput, Invalid> {
    let contractor = role == Role::Contractor;
    let [project_leader, project_leader_phone, project_leader_id_number] =
        person(&form.project_leader, &form.project_leader_phone, &form.project_leader_id_number)?;
    let mut unit =
        UnitFields { project_leader, project_leader_phone, project_leader_id_number, ..UnitFields::default() };
    if contractor {
        [unit.labor_leader, unit.labor_leader_phone, unit.labor_leader_id_number] =
            person(&form.labor_leader, &form.labor_leader_phone, &form.labor_leader_id_number)?;
        [unit.site_manager, unit.site_manager_phone, unit.site_manager_id_number] =
            person(&form.sitemanager, &form.sitemanagerphone, &form.sitemanager_id_number)?;
    }
    let guarantee = guarantee_fields(form, contractor)?;
    unit.pay_type = guarantee.pay_type;
    unit.deposit_fen = guarantee.deposit_fen;
    unit.guarantee_path = guarantee.guarantee_path;
    unit.guarantee_start = guarantee.guarantee_start;
    unit.guarantee_end = guarantee.guarantee_end;
    let guarantee_upload = guarantee.upload;

    let mut attachments: Vec<String> = Vec::new();
    let mut attachment_uploads = Vec::new();
    if contractor {
        for url in split_list(sent(&form.contract_attachment)) {
            if !attachments.contains(&url) {
                attachment_uploads.push(upload_name(&url).ok_or(Invalid(MSG_ATTACHMENT_INVALID))?);
                attachments.push(url);
            }
        }
        if attachments.len() > MAX_ATTACHMENTS {
            return Err(Invalid(MSG_ATTACHMENTS_TOO_MANY));
        }
    }
    unit.contract_attachments = attachments.join(",");
    Ok(UnitInput { unit, guarantee_upload, attachment_uploads })
}

/// "Field: before → after" for each changed field of the form, ID numbers masked.
pub(crate) fn change_summary(before: &Value, after: &Value) -> String {
    let show = |key: &str, value: &Value| {
        let text = match value {
            Value::String(text) => text.clone(),
            Value::Array(items) => items.iter().filter_map(Value::as_str).collect::<Vec<_>>().join(","),
            Value::Null => String::new(),
            other => other.to_string(),
        };
        let text = if key.ends_with("IdNumber") && !text.is_empty() { mask(&text, 6, 4) } else { text };
        if text.chars().count() > 40 { format!("{}…", text.chars().take(40).collect::<String>()) } else { text }
    };
    let Some(fields) = after.as_object() else { return String::new() };
    let changes: Vec<String> = fields
        .iter()
        .filter(|(key, value)| key.as_str() != "id" && before.get(key.as_str()) != Some(*value))
        .map(|(key, value)| format!("{key}: \"{}\" → \"{}\"", show(key, &before[key.as_str()]), show(key, value)))
        .collect();
    if changes.is_empty() { "无变更".to_owned() } else { changes.join("; ") }
}

fn form_json(role: Role, unit: Option<&UnitRow>, company: Option<&CompanyRow>) -> Value {
    match role {
        Role::Builder => serde_json::to_value(builder_form(unit, company)),
        Role::Contractor => serde_json::to_value(contructor_form(unit, company)),
    }
    .unwrap_or_default()
}

/// `Site/ajaxBuilderEdit` / `Site/ajaxContructorEdit`: validates and stores the unit, keeps a locked
/// company's stored fields, moves the wizard on, logs the change and answers the deposit warning.
pub async fn save(
    db: &Db,
    current: &CurrentAccount,
    ip: &str,
    role: Role,
    form: &UnitForm,
) -> Result<UnitSaved, ApiError> {
    let project_id = builder_project(current)?;
    let before = load_unit(db, project_id, role).await?;
    check_editable(&before.project.audit_status)?;
    if let Some(id) = form.id.as_deref().map(str::trim).filter(|id| !id.is_empty())
        && before.unit.as_ref().map(|unit| unit.id.to_string()).as_deref() != Some(id)
    {
        return Err(ApiError::Forbidden(MSG_OTHER_PROJECT.into()));
    }

    let code = CreditCodeOrNone::parse(sent(&form.social_credit_code))?;
    let existing = match &code {
        CreditCodeOrNone::Code(code) => repo::find_company_by_code(db, code.as_str()).await?,
        CreditCodeOrNone::None => before.company.clone().filter(|company| company.fields.social_credit_code == "/"),
    };
    let choice = match existing {
        Some(company) if company.locked => CompanyChoice::Keep(company.id),
        Some(company) => CompanyChoice::Update(company.id, company_fields(form, &code)?),
        None => CompanyChoice::Create(company_fields(form, &code)?),
    };
    let input = unit_fields(form, role)?;
    if let Some(name) = &input.guarantee_upload
        && crate::upload::service::count_project_uploads(db, project_id, std::slice::from_ref(name), &["guarantee"])
            .await?
            != 1
    {
        return Err(ApiError::refused(MSG_GUARANTEE_FILE_INVALID));
    }
    let attachments = &input.attachment_uploads;
    if crate::upload::service::count_project_uploads(db, project_id, attachments, &["contract"]).await?
        != attachments.len() as i64
    {
        return Err(ApiError::refused(MSG_ATTACHMENT_INVALID));
    }

    let now = clock::now();
    let before_json = form_json(role, before.unit.as_ref(), before.company.as_ref());
    Tx::within(db, async |tx: &mut Tx| -> Result<(), ApiError> {
        if !project::advance_wizard(tx, project_id, role.next_step()).await? {
            return Err(ApiError::Forbidden(MSG_SUBMITTED.into()));
        }
        let company_id = repo::write_company(tx, &choice, now).await?;
        repo::write_unit(tx, project_id, company_id, role.as_str(), &input.unit, now).await?;
        // The log line is the difference between the form before and the form read back inside the save.
        let unit = repo::find_unit_in(tx, project_id, role.as_str()).await?;
        let company = repo::find_company_in(tx, company_id).await?;
        let entry = oplog::Entry::by(&current.account, ip)
            .action(role.action())
            .on("project", project_id)
            .detail(change_summary(&before_json, &form_json(role, unit.as_ref(), company.as_ref())));
        oplog::record_in(tx, &entry).await?;
        Ok(())
    })
    .await?;
    let after = load_unit(db, project_id, role).await?;
    if role == Role::Contractor
        && let Some(unit) = &after.unit
    {
        let fields = &input.unit;
        let holders = [
            KeyPostHolder {
                post: PROJECT_MANAGER,
                name: &fields.project_leader,
                phone: &fields.project_leader_phone,
                id_number: &fields.project_leader_id_number,
            },
            KeyPostHolder {
                post: LABOUR_CLERK,
                name: &fields.labor_leader,
                phone: &fields.labor_leader_phone,
                id_number: &fields.labor_leader_id_number,
            },
        ];
        staff_key_posts(db, current, ip, project_id, unit.id, &holders).await?;
    }
    let ceiling = deposit_ceiling_fen(after.project.contract_price_fen);
    Ok(UnitSaved {
        deposit_warning: input.unit.deposit_fen.is_some_and(|fen| money::deposit_over_ceiling(fen as u64, ceiling)),
        desposittop: money::fen_to_wan(ceiling),
        locked: true,
    })
}

/// The project's unit in `role`, if it has one.
pub async fn find_unit(db: &Db, project_id: i64, role: &str) -> sqlx::Result<Option<UnitRow>> {
    repo::find_unit(db, project_id, role).await
}

pub async fn find_company(db: &Db, id: i64) -> sqlx::Result<Option<CompanyRow>> {
    repo::find_company(db, id).await
}

/// The units the regulator registers (wizard steps 2–3), builder before contractor.
pub async fn registered_units(db: &Db, project_id: i64) -> sqlx::Result<Vec<RegisteredUnit>> {
    repo::registered_units(db, project_id).await
}

pub use super::repo::UnitBrief;

/// The builder and general contractor of each of the projects `ids` (one query for all).
pub async fn unit_briefs(db: &Db, ids: &[i64]) -> sqlx::Result<Vec<UnitBrief>> {
    repo::unit_briefs(db, ids).await
}

/// For the early warnings: (project, unit, last day `YYYY-MM-DD`) of each unit's wage guarantee.
pub async fn guarantee_ends(db: &Db) -> sqlx::Result<Vec<(i64, i64, String)>> {
    repo::guarantee_ends(db).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_ceiling_is_three_percent_of_the_price_or_two_million() {
        assert_eq!(deposit_ceiling_fen(None), 200 * money::FEN_PER_WAN);
        assert_eq!(deposit_ceiling_fen(Some(0)), 200 * money::FEN_PER_WAN);
        assert_eq!(money::fen_to_wan(deposit_ceiling_fen(Some(12_345_678_901))), "370.370367");
        assert_eq!(money::fen_to_wan(deposit_ceiling_fen(Some(1_000_000 * 1_000_000))), "30000");
    }

    #[test]
    fn masks_keep_the_ends() {
        assert_eq!(mask("13800138000", 3, 4), "138****8000");
        assert_eq!(mask("11010519491231002X", 6, 4), "110105********002X");
        assert_eq!(mask("", 6, 4), "");
        assert_eq!(mask("abc", 6, 4), "***");
    }

    #[test]
    fn registered_areas_start_at_a_province() {
        assert_eq!(registered_area("41,4101,410105"), Ok("41,4101,410105".to_owned()));
        assert_eq!(registered_area("41"), Ok("41".to_owned()));
        assert_eq!(registered_area(""), Err(Invalid(MSG_REGISTERED_AREA_REQUIRED)));
        assert_eq!(registered_area("4101,410105"), Err(Invalid(MSG_AREA_INVALID)));
        assert_eq!(registered_area("410000,4101"), Err(Invalid(MSG_AREA_INVALID)));
        assert_eq!(registered_area("41,4102,410105"), Err(Invalid(MSG_AREA_INVALID)));
        assert_eq!(registered_area("41,4101,410105,410105001"), Err(Invalid(MSG_AREA_INVALID)));
    }
}
