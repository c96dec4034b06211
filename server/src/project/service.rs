//! Registration wizard step 1 (spec §3 "Project (stepForm)", §4, §5 "Project"): who may load and save
//! the project's stepForm, and the rules a save must pass. Handlers are in `mod.rs`, SQL in `repo.rs`.

use serde::{Deserialize, Serialize};
use time::Date;
use utoipa::ToSchema;

use super::options::{self, SelectOption};
use super::repo;
pub use super::repo::{AuditTimes, ListedProject, ProjectSummary, ProjectUnit, StepFormRow, StepFormUpdate};
use crate::area::{Area, Level, areas, tops};
use crate::db::{Db, Tx};
use crate::domain::dates::{self, format_date, parse_date, required_date};
use crate::domain::latlng::Latlng;
use crate::domain::text::{self as rules, *};
use crate::domain::{Invalid, money};
use crate::envelope::ApiError;
use crate::extract::sent;
use crate::identity::accounts::AccountKind;
use crate::identity::sessions::CurrentAccount;
use crate::oplog;

pub const MSG_NOT_BUILDER: &str = "当前账号不能填写项目登记信息";
pub const MSG_NO_PROJECT: &str = "项目不存在";
/// A request that names no project where the account is not tied to one (the regulator).
pub const MSG_ID_REQUIRED: &str = "请选择项目";
pub const MSG_OTHER_PROJECT: &str = "不能修改其他项目的信息";
pub const MSG_SUBMITTED: &str = "项目已提交审核，不能修改";
pub const MSG_APPROVED: &str = "项目已审核通过，不能修改";
pub const MSG_DISTRICT_INVALID: &str = "请选择正确的管辖划分";
pub const MSG_AREA_INVALID: &str = "请选择正确的所属区域";
pub const MSG_CCODE_MISMATCH: &str = "所属区域编码与所属区域不一致";
pub const MSG_PROJECT_TYPE_UNKNOWN: &str = "请选择正确的项目类型";
pub const MSG_MONEY_SOURCE_UNKNOWN: &str = "请选择正确的资金来源";
pub const MSG_INDUSTRY_UNKNOWN: &str = "请选择正确的行业主管部门";
pub const MSG_PROGRESS_UNKNOWN: &str = "请选择正确的工程进度";
pub const MSG_REGION_TOO_LONG: &str = "区域不能超过50个字";
pub const REGION_MAX: usize = 50;

/// The stepForm fields the regulator may fix; they are read-only in the wizard once it has.
pub const LOCKABLE_FIELDS: [&str; 6] =
    ["Name", "DistrictCode", "ContractPrice", "DepartmentIndustryId", "EndTime", "GcProcess"];

/// The project's stepForm with the spec's field names. Empty values are '' (arrays: []).
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "PascalCase")]
pub struct StepForm {
    pub id: i64,
    pub name: String,
    /// A `project_type` value.
    pub project_type: String,
    /// A `money_source_list` value.
    pub money_source: String,
    /// An `industry_department_list` value (行业主管部门).
    pub department_industry_id: String,
    /// 管辖划分: the path of 4/6/9-digit codes from `Area/guanxia_list`.
    pub district_code: Vec<String>,
    /// The last value of `selectedOptions` (6 or 9 digits).
    pub district_ccode: String,
    /// 所属区域: the path of codes from `Area/jmarea`.
    #[serde(rename = "selectedOptions")]
    pub selected_options: Vec<String>,
    pub address: String,
    /// "lat,lng".
    pub latlng: String,
    /// 中标合同价格 in 万元, exact (up to 6 decimals, no trailing zeros).
    pub contract_price: String,
    /// Contract start, YYYY-MM-DD.
    pub start_time: String,
    /// Contract completion, YYYY-MM-DD.
    #[serde(rename = "completiondate")]
    pub completiondate: String,
    /// Duration in days (day difference plus one), as text.
    pub end_time: String,
    /// A `gcprocess_arr` value.
    pub gc_process: String,
    pub project_desc: String,
    /// Tender date, YYYY-MM-DD.
    #[serde(rename = "tendertime")]
    pub tendertime: String,
    /// Award date, YYYY-MM-DD.
    #[serde(rename = "winningtime")]
    pub winningtime: String,
    #[serde(rename = "region")]
    pub region: String,
}

/// Everything step 1 shows: the form, the audit remark, the read-only fields and the option lists.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ProjectEditData {
    #[serde(rename = "stepForm")]
    pub step_form: StepForm,
    /// The regulator's remark on a rejected project ('' otherwise).
    pub auditremark: String,
    /// '0' draft, '1' submitted, '2' approved, '3' rejected.
    pub auditstatus: String,
    /// Whether the wizard may still save (status '0' or '3').
    pub editable: bool,
    /// The wizard step to resume at (1–5).
    pub wizard_step: i64,
    /// Fields the regulator has fixed, shown read-only (a subset of Name, DistrictCode, ContractPrice,
    /// DepartmentIndustryId, EndTime, GcProcess); the server keeps their stored values on save.
    pub readonly: Vec<String>,
    pub project_type: Vec<SelectOption>,
    pub money_source_list: Vec<SelectOption>,
    pub industry_department_list: Vec<SelectOption>,
    pub company_type: Vec<SelectOption>,
    pub gcprocess_arr: Vec<SelectOption>,
}

/// The form `Site/ajaxProjectEdit` receives. Arrays (DistrictCode, selectedOptions) are comma-joined.
#[derive(Debug, Default, Clone, Deserialize, ToSchema)]
#[serde(rename_all = "PascalCase")]
pub struct ProjectForm {
    /// The project's id; optional, must be the session's project when given.
    pub id: Option<String>,
    pub name: Option<String>,
    pub project_type: Option<String>,
    pub money_source: Option<String>,
    pub department_industry_id: Option<String>,
    /// Comma-joined codes, e.g. `4101,410105,410105001`.
    pub district_code: Option<String>,
    /// Optional: the last value of selectedOptions (also accepted in the 12-digit form).
    pub district_ccode: Option<String>,
    /// Comma-joined codes, e.g. `410105,410105001`.
    #[serde(rename = "selectedOptions")]
    pub selected_options: Option<String>,
    pub address: Option<String>,
    /// "lat,lng".
    pub latlng: Option<String>,
    /// 万元, up to 9 integer digits and 6 decimals.
    pub contract_price: Option<String>,
    pub start_time: Option<String>,
    #[serde(rename = "completiondate")]
    pub completiondate: Option<String>,
    /// Duration in days: must be the day difference of StartTime..completiondate plus one.
    pub end_time: Option<String>,
    pub gc_process: Option<String>,
    pub project_desc: Option<String>,
    #[serde(rename = "tendertime")]
    pub tendertime: Option<String>,
    #[serde(rename = "winningtime")]
    pub winningtime: Option<String>,
    #[serde(rename = "region")]
    pub region: Option<String>,
}

/// The session's project id, for a builder account only.
pub fn builder_project(current: &CurrentAccount) -> Result<i64, ApiError> {
    if current.kind() != AccountKind::Builder {
        return Err(ApiError::Forbidden(MSG_NOT_BUILDER.into()));
    }
    current.account.project_id.ok_or_else(|| ApiError::NotFound(MSG_NO_PROJECT.into()))
}

async fn stored(db: &Db, id: i64) -> Result<StepFormRow, ApiError> {
    repo::find_step_form(db, id).await?.ok_or_else(|| ApiError::NotFound(MSG_NO_PROJECT.into()))
}

fn split_path(text: &str) -> Vec<String> {
    if text.trim().is_empty() { Vec::new() } else { text.split(',').map(|code| code.trim().to_owned()).collect() }
}

fn show_date(text: &str) -> String {
    parse_date(text).ok().flatten().map(format_date).unwrap_or_default()
}

pub(crate) fn readonly_fields(row: &StepFormRow) -> Vec<String> {
    let fixed: Vec<&str> = row.regulator_fields.split(',').map(str::trim).collect();
    LOCKABLE_FIELDS.iter().filter(|field| fixed.contains(field)).map(|field| (*field).to_owned()).collect()
}

pub fn step_form(row: &StepFormRow) -> StepForm {
    StepForm {
        id: row.id,
        name: row.name.clone(),
        project_type: row.project_type.clone(),
        money_source: row.money_source.clone(),
        department_industry_id: row.department_industry_id.clone(),
        district_code: split_path(&row.district_code),
        district_ccode: row.district_ccode.clone(),
        selected_options: split_path(&row.selected_options),
        address: row.address.clone(),
        latlng: row.latlng.clone(),
        contract_price: row.contract_price_fen.map(|fen| money::fen_to_wan(fen.max(0) as u64)).unwrap_or_default(),
        start_time: show_date(&row.start_time),
        completiondate: show_date(&row.completion_date),
        end_time: row.end_time.map(|days| days.to_string()).unwrap_or_default(),
        gc_process: row.gc_process.clone(),
        project_desc: row.project_desc.clone(),
        tendertime: show_date(&row.tender_time),
        winningtime: show_date(&row.winning_time),
        region: row.region.clone(),
    }
}

/// `Site/projectEdit`: the session's project step 1 with the option lists.
pub async fn load(db: &Db, current: &CurrentAccount) -> Result<ProjectEditData, ApiError> {
    let row = stored(db, builder_project(current)?).await?;
    Ok(ProjectEditData {
        step_form: step_form(&row),
        auditremark: row.auditremark.clone(),
        editable: matches!(row.audit_status.as_str(), "0" | "3"),
        auditstatus: row.audit_status.clone(),
        wizard_step: row.wizard_step,
        readonly: readonly_fields(&row),
        project_type: options::PROJECT_TYPES.to_vec(),
        money_source_list: options::MONEY_SOURCES.to_vec(),
        industry_department_list: options::INDUSTRY_DEPARTMENTS.to_vec(),
        company_type: options::COMPANY_TYPES.to_vec(),
        gcprocess_arr: options::GC_PROCESSES.to_vec(),
    })
}

/// A required select whose value must be one of `list`'s codes.
fn select(
    input: &str,
    list: &[SelectOption],
    required: &'static str,
    unknown: &'static str,
) -> Result<String, Invalid> {
    let value = rules::required(input, required)?;
    if options::is_known(list, &value) { Ok(value) } else { Err(Invalid(unknown)) }
}

/// A cascader path: the first code one of the tops of level `top` under `scope`, each next code a
/// child of the one before. Answers the codes, or None.
fn area_path(text: &str, scope: &'static Area, top: Level) -> Option<Vec<&'static str>> {
    let areas = areas();
    let codes = split_path(text);
    let first = areas.get(codes.first()?)?;
    if !tops(areas, scope, top).iter().any(|area| area.code == first.code) {
        return None;
    }
    let mut path = vec![first.code];
    for code in &codes[1..] {
        let area = areas.get(code)?;
        if areas.parent(area).map(|parent| parent.code) != path.last().copied() {
            return None;
        }
        path.push(area.code);
    }
    Some(path)
}

fn optional_date(input: &str) -> Result<Option<Date>, Invalid> {
    parse_date(input)
}

fn date_text(date: Option<Date>) -> String {
    date.map(format_date).unwrap_or_default()
}

/// Checks every field of step 1 in the form's order, then the date rules. Fields the regulator fixed
/// (`readonly`) take their stored values whatever was sent.
pub fn validate(form: &ProjectForm, row: &StepFormRow, site: &'static Area) -> Result<StepFormUpdate, ApiError> {
    let locked = readonly_fields(row);
    let is_locked = |field: &str| locked.iter().any(|f| f == field);
    let pick = |field: &str, value: &Option<String>, stored: String| {
        if is_locked(field) { stored } else { sent(value).to_owned() }
    };

    let name = rules::project_name(&pick("Name", &form.name, row.name.clone()))?;
    let project_type =
        select(sent(&form.project_type), options::PROJECT_TYPES, MSG_PROJECT_TYPE_REQUIRED, MSG_PROJECT_TYPE_UNKNOWN)?;
    let money_source =
        select(sent(&form.money_source), options::MONEY_SOURCES, MSG_MONEY_SOURCE_REQUIRED, MSG_MONEY_SOURCE_UNKNOWN)?;
    let department_industry_id = select(
        &pick("DepartmentIndustryId", &form.department_industry_id, row.department_industry_id.clone()),
        options::INDUSTRY_DEPARTMENTS,
        MSG_INDUSTRY_REQUIRED,
        MSG_INDUSTRY_UNKNOWN,
    )?;

    let district_text =
        rules::required(&pick("DistrictCode", &form.district_code, row.district_code.clone()), MSG_DISTRICT_REQUIRED)?;
    let district = area_path(&district_text, site, Level::City).ok_or(Invalid(MSG_DISTRICT_INVALID))?;
    let selected_text = rules::required(sent(&form.selected_options), MSG_AREA_REQUIRED)?;
    let selected = area_path(&selected_text, site, Level::County).ok_or(Invalid(MSG_AREA_INVALID))?;
    let last = *selected.last().expect("a path has a code");
    let ccode_sent = sent(&form.district_ccode);
    if !ccode_sent.trim().is_empty() && areas().resolve(ccode_sent.trim()).map(|area| area.code) != Some(last) {
        return Err(Invalid(MSG_CCODE_MISMATCH).into());
    }

    let address = rules::address(sent(&form.address))?;
    let latlng_text = sent(&form.latlng);
    Latlng::parse(latlng_text)?;
    let latlng = latlng_text.split(',').map(str::trim).collect::<Vec<_>>().join(",");

    let price_text = match (is_locked("ContractPrice"), row.contract_price_fen) {
        (true, Some(fen)) => money::fen_to_wan(fen.max(0) as u64),
        (true, None) => String::new(),
        (false, _) => sent(&form.contract_price).to_owned(),
    };
    let contract_price_fen = money::contract_price(&price_text)?;

    let start = required_date(sent(&form.start_time), MSG_START_REQUIRED)?;
    let completion = required_date(sent(&form.completiondate), MSG_COMPLETION_REQUIRED)?;
    let end_time_text = pick("EndTime", &form.end_time, row.end_time.map(|d| d.to_string()).unwrap_or_default());
    let end_time = rules::duration_days(&end_time_text)?;
    let gc_process = select(
        &pick("GcProcess", &form.gc_process, row.gc_process.clone()),
        options::GC_PROCESSES,
        MSG_PROGRESS_REQUIRED,
        MSG_PROGRESS_UNKNOWN,
    )?;
    let project_desc = rules::project_desc(sent(&form.project_desc))?;
    let tender = optional_date(sent(&form.tendertime))?;
    let award = optional_date(sent(&form.winningtime))?;
    let region = sent(&form.region).to_owned();
    if region.chars().count() > REGION_MAX {
        return Err(Invalid(MSG_REGION_TOO_LONG).into());
    }

    dates::check_project_dates(tender, award, start, completion)?;
    let expected = dates::duration_days(start, completion);
    if i64::from(end_time) != expected {
        return Err(ApiError::refused(format!("合同工期应为{expected}天（竣工日期与开工日期相差天数加1）")));
    }

    Ok(StepFormUpdate {
        name,
        project_type,
        money_source,
        department_industry_id,
        district_code: district.join(","),
        district_ccode: last.to_owned(),
        selected_options: selected.join(","),
        address,
        latlng,
        contract_price_fen: contract_price_fen as i64,
        start_time: format_date(start),
        completion_date: format_date(completion),
        end_time: i64::from(end_time),
        gc_process,
        project_desc,
        tender_time: date_text(tender),
        winning_time: date_text(award),
        region,
    })
}

/// May this project's wizard still be saved?
pub fn check_editable(audit_status: &str) -> Result<(), ApiError> {
    match audit_status {
        "0" | "3" => Ok(()),
        "2" => Err(ApiError::Forbidden(MSG_APPROVED.into())),
        _ => Err(ApiError::Forbidden(MSG_SUBMITTED.into())),
    }
}

fn clip(text: &str) -> String {
    const MAX: usize = 40;
    if text.chars().count() > MAX {
        format!("{}…", text.chars().take(MAX).collect::<String>())
    } else {
        text.to_owned()
    }
}

/// "Field: before → after" for each changed field, `; `-joined ("无变更" when nothing changed).
pub(crate) fn change_summary(before: &StepForm, after: &StepForm) -> String {
    let (b, a) = (serde_json::to_value(before).unwrap_or_default(), serde_json::to_value(after).unwrap_or_default());
    let show = |value: &serde_json::Value| match value {
        serde_json::Value::String(text) => clip(text),
        serde_json::Value::Array(items) => {
            clip(&items.iter().filter_map(|item| item.as_str()).collect::<Vec<_>>().join(","))
        }
        other => other.to_string(),
    };
    let fields = [
        "Name",
        "ProjectType",
        "MoneySource",
        "DepartmentIndustryId",
        "DistrictCode",
        "DistrictCcode",
        "selectedOptions",
        "Address",
        "Latlng",
        "ContractPrice",
        "StartTime",
        "completiondate",
        "EndTime",
        "GcProcess",
        "ProjectDesc",
        "tendertime",
        "winningtime",
        "region",
    ];
    let changes: Vec<String> = fields
        .iter()
        .filter(|field| b[**field] != a[**field])
        .map(|field| format!("{field}: \"{}\" → \"{}\"", show(&b[*field]), show(&a[*field])))
        .collect();
    if changes.is_empty() { "无变更".to_owned() } else { changes.join("; ") }
}

/// `Site/ajaxProjectEdit`: validates and stores step 1, moves the wizard to step 2, logs the change.
pub async fn save(
    db: &Db,
    site_areacode: &str,
    current: &CurrentAccount,
    ip: &str,
    form: &ProjectForm,
) -> Result<(), ApiError> {
    let project_id = builder_project(current)?;
    let row = stored(db, project_id).await?;
    check_editable(&row.audit_status)?;
    if let Some(id) = form.id.as_deref().map(str::trim).filter(|id| !id.is_empty())
        && id != project_id.to_string()
    {
        return Err(ApiError::Forbidden(MSG_OTHER_PROJECT.into()));
    }
    let site = areas().resolve(site_areacode).ok_or_else(|| ApiError::refused(crate::area::MSG_UNKNOWN_CODE))?;
    let update = validate(form, &row, site)?;
    if !repo::save_step_form(db, project_id, &update).await? {
        return Err(ApiError::Forbidden(MSG_SUBMITTED.into()));
    }
    let after = stored(db, project_id).await?;
    oplog::record(
        db,
        oplog::Entry::by(&current.account, ip)
            .action("保存项目信息")
            .on("project", project_id)
            .detail(change_summary(&step_form(&row), &step_form(&after))),
    )
    .await?;
    Ok(())
}

/// Moves the wizard to `step` while the project is editable; false when it no longer is.
pub async fn set_wizard_step(db: &Db, project_id: i64, step: i64) -> sqlx::Result<bool> {
    repo::set_wizard_step(db, project_id, step).await
}

/// A wizard step (2 or 3, saved by the company area) moves the wizard on to `next_step`, inside the caller's `tx`
/// so the step's unit and the move commit together. The step only moves forward, so correcting an earlier step
/// keeps the later ones reachable. False: the project is no longer a draft or rejected, and may not be saved.
pub async fn advance_wizard(tx: &mut Tx, project_id: i64, next_step: i64) -> sqlx::Result<bool> {
    repo::advance_wizard(tx, project_id, next_step).await
}

/// Submits the project for audit while it is editable; false when it no longer is.
pub async fn submit_for_audit(db: &Db, project_id: i64) -> sqlx::Result<bool> {
    repo::submit(db, project_id).await
}

/// The role of a unit as the project's pages and notice board name it.
pub fn role_label(role: &str) -> &'static str {
    match role {
        "builder" => "建设单位",
        "contractor" => "施工总承包单位",
        "labour" => "劳务分包单位",
        _ => "专业分包单位",
    }
}

/// The project's units with their companies' names: builder, general contractor, then the others in order of
/// entry (the company area registers them; the project's pages, staff form and notice board list them).
pub async fn project_units(db: &Db, project_id: i64) -> sqlx::Result<Vec<ProjectUnit>> {
    repo::project_units(db, project_id).await
}

pub async fn find_summary(db: &Db, id: i64) -> sqlx::Result<Option<ProjectSummary>> {
    repo::find_summary(db, id).await
}

pub async fn find_step_form(db: &Db, id: i64) -> sqlx::Result<Option<StepFormRow>> {
    repo::find_step_form(db, id).await
}

/// A new project with only a name, in `audit_status`; its registration is filled in by the wizard.
pub async fn create(db: &Db, name: &str, audit_status: &str) -> sqlx::Result<i64> {
    repo::create(db, name, audit_status, "").await
}

/// A new project as `create`, its supervising district preset to `district` (a 4-, 6- or 9-digit code;
/// '' for none): the stored path holds the code and its city and county above it.
pub async fn create_in_district(db: &Db, name: &str, audit_status: &str, district: &str) -> sqlx::Result<i64> {
    let path = [4, 6, 9]
        .iter()
        .filter(|len| **len <= district.len())
        .map(|len| &district[..*len])
        .collect::<Vec<_>>()
        .join(",");
    repo::create(db, name, audit_status, &path).await
}

/// Deletes a project nothing refers to yet (one just created for an account that could not be created).
pub async fn delete_unreferenced(db: &Db, id: i64) -> sqlx::Result<()> {
    repo::delete_project(db, id).await
}

/// Whether the project lies in a regulator's `district` (a city, county or township code, one of the codes
/// of the project's stored `district_code` path); false for an unknown project.
pub async fn in_district(db: &Db, project_id: i64, district: &str) -> sqlx::Result<bool> {
    repo::in_district(db, project_id, district).await
}

/// The approved projects of a regulator's `district` ('' for the whole area), by id: the audience of a notice.
pub async fn approved_in_district(db: &Db, district: &str) -> sqlx::Result<Vec<i64>> {
    repo::approved_in_district(db, district).await
}

pub use super::repo::ProjectSite;

/// The approved projects of a regulator's `district` ('' for the whole area) with their sites' coordinates:
/// the projects its workbench and data screen count.
pub async fn sites_in_district(db: &Db, district: &str) -> sqlx::Result<Vec<ProjectSite>> {
    repo::sites_in_district(db, district).await
}

/// The regulator's audit list (`district` '' for the whole area): how many projects match, and one page of them. `pattern` is a LIKE pattern
/// with `\` as escape, '' for all; `status` '' for all.
pub async fn audit_list(
    db: &Db,
    status: &str,
    pattern: &str,
    district: &str,
    limit: i64,
    offset: i64,
) -> sqlx::Result<(i64, Vec<ListedProject>)> {
    let total = repo::count_projects(db, status, pattern, district).await?;
    let list = repo::list_projects(db, status, pattern, district, limit, offset).await?;
    Ok((total, list))
}

/// Moves a submitted project to the regulator's `status` with `remark`, noting the deciding account's login
/// name and the time, and answers its name; None when the project is not there or not submitted.
pub async fn audit_decide(
    db: &Db,
    id: i64,
    status: &str,
    remark: &str,
    decided_by: &str,
) -> sqlx::Result<Option<String>> {
    repo::decide(db, id, status, remark, decided_by).await
}

/// When the registration was submitted and last decided, and by whom.
pub async fn audit_times(db: &Db, id: i64) -> sqlx::Result<AuditTimes> {
    repo::audit_times(db, id).await
}

/// The name of an audit status as the log and the regulator's list say it.
pub fn audit_status_label(status: &str) -> &'static str {
    match status {
        "0" => "未提交",
        "1" => "待审核",
        "2" => "已通过",
        "3" => "已驳回",
        _ => "未知",
    }
}

pub use super::repo::{DirectoryFilter, DirectoryProject};

/// The regulator's project directory: one page of the projects matching `filter` in `order` (a whitelisted
/// clause), and how many match.
pub async fn directory(
    db: &Db,
    filter: &DirectoryFilter,
    order: &'static str,
    limit: i64,
    offset: i64,
) -> sqlx::Result<(Vec<DirectoryProject>, i64)> {
    repo::directory(db, filter, order, limit, offset).await
}

/// For the early warnings: (id, district code, contract start day) of every approved project.
pub async fn approved(db: &Db) -> sqlx::Result<Vec<(i64, String, String)>> {
    repo::approved(db).await
}
