//! Participating units (参建单位, issue 4 item 3; console contractorInfo, newBulid, editBuilds): the
//! project's subcontractors (专业分包) and labour subcontractors (劳务分包) beside its builder and general
//! contractor — their company (found by credit code or name like the wizard's), leaders, contract
//! attachments, entry, exit, re-entry and removal. Handlers are in `mod.rs`, SQL in `repo/units.rs`.

use std::sync::Arc;

use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::{IntoParams, ToSchema};

use super::repo::units::{self, ListFilter, ParticipantFields, UnitListRow, UnitRecord};
use super::repo::{self, CompanyChoice, UnitFields};
use super::service::{
    CompanyInfo, MAX_ATTACHMENTS, MSG_ATTACHMENT_INVALID, MSG_ATTACHMENTS_TOO_MANY, UnitForm, change_summary,
    company_fields, company_info, person, split_list, upload_name,
};
use crate::clock;
use crate::db::{Db, DbFuture, Tx};
use crate::domain::Invalid;
use crate::domain::credit_code::CreditCodeOrNone;
use crate::domain::dates::{format_date, required_date};
use crate::envelope::ApiError;
use crate::extract::sent;
use crate::identity::sessions::CurrentAccount;
use crate::oplog;
use crate::paging::{Page, Paged, contains_pattern};
use crate::scope::{self, ReadScope};

pub const MSG_UNIT_NOT_FOUND: &str = "参建单位不存在";
pub const MSG_TYPE_REQUIRED: &str = "请选择分包类型";
pub const MSG_TYPE_UNKNOWN: &str = "请选择正确的分包类型";
pub const MSG_ROLE_FILTER: &str = "请选择正确的单位类型";
pub const MSG_STATUS_FILTER: &str = "请选择正确的进退场状态";
pub const MSG_NAME_FILTER: &str = "单位名称不能超过50个字";
pub const MSG_ALREADY_IN_PROJECT: &str = "该单位已是本项目的参建单位";
pub const MSG_ENTRY_REQUIRED: &str = "请选择进场日期";
pub const MSG_EXIT_REQUIRED: &str = "请选择退场日期";
pub const MSG_EXIT_FUTURE: &str = "退场日期不能晚于今天";
pub const MSG_ENTRY_AFTER_EXIT: &str = "进场日期不能晚于退场日期";
pub const MSG_IDS_REQUIRED: &str = "请选择参建单位";
pub const MSG_IDS_INVALID: &str = "请选择正确的参建单位";
pub const MSG_FIXED_EDIT: &str = "建设单位和施工总包单位请在单位信息页面修改";
pub const MSG_FIXED_EXIT: &str = "建设单位和施工总包单位不能退场";
pub const MSG_FIXED_DELETE: &str = "建设单位和施工总包单位不能删除";
pub const MSG_NOT_EXITED: &str = "该单位未退场，无需重新进场";
pub const MSG_CHANGED: &str = "单位状态已变化，请刷新后重试";
/// Units one exit or removal may name.
pub const MAX_BATCH: usize = 100;

/// The four roles a unit plays in a project.
pub fn role_label(role: &str) -> &'static str {
    match role {
        "builder" => "建设单位",
        "contractor" => "施工总包",
        "subcontractor" => "专业分包",
        "labour" => "劳务分包",
        _ => "",
    }
}

/// Builder and general contractor come from the registration and stay for the project's life.
pub fn is_fixed_role(role: &str) -> bool {
    matches!(role, "builder" | "contractor")
}

/// A `Get_constructionType` option: what a participating unit does, and so its role.
#[derive(Clone, Copy, Debug, Serialize, ToSchema)]
pub struct ConstructionType {
    pub value: &'static str,
    pub label: &'static str,
    /// `subcontractor` (专业分包) or `labour` (劳务分包).
    pub role: &'static str,
}

const fn sub(value: &'static str, label: &'static str) -> ConstructionType {
    ConstructionType { value, label, role: "subcontractor" }
}

const fn labour(value: &'static str, label: &'static str) -> ConstructionType {
    ConstructionType { value, label, role: "labour" }
}

/// 分包类型: the professional contracting categories of the 2020 qualification reform (建市〔2020〕94号)
/// for 专业分包, and the labour operation categories (劳务作业分包) for 劳务分包.
pub const CONSTRUCTION_TYPES: &[ConstructionType] = &[
    sub("101", "地基基础工程"),
    sub("102", "起重设备安装工程"),
    sub("103", "预拌混凝土"),
    sub("104", "模板脚手架"),
    sub("105", "建筑装修装饰工程"),
    sub("106", "建筑机电工程"),
    sub("107", "消防设施工程"),
    sub("108", "防水防腐保温工程"),
    sub("109", "桥梁工程"),
    sub("110", "隧道工程"),
    sub("111", "古建筑工程"),
    sub("112", "城市及道路照明工程"),
    sub("113", "特种工程"),
    sub("199", "其他专业工程"),
    labour("201", "施工劳务（综合）"),
    labour("202", "木工作业"),
    labour("203", "砌筑作业"),
    labour("204", "抹灰作业"),
    labour("205", "油漆作业"),
    labour("206", "钢筋作业"),
    labour("207", "混凝土作业"),
    labour("208", "脚手架作业"),
    labour("209", "模板作业"),
    labour("210", "焊接作业"),
    labour("211", "水暖电安装作业"),
];

pub fn construction_type(value: &str) -> Option<&'static ConstructionType> {
    CONSTRUCTION_TYPES.iter().find(|option| option.value == value)
}

fn construction_type_label(value: &str) -> &'static str {
    construction_type(value).map(|option| option.label).unwrap_or("")
}

fn status_label(status: i64) -> &'static str {
    if status == 1 { "在场" } else { "已退场" }
}

/// `construction_list` filters.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct UnitListQuery {
    /// The regulator's project in view (required for admin accounts; a builder's own is implied).
    #[serde(rename = "projectId")]
    #[param(rename = "projectId")]
    pub project_id: Option<String>,
    /// From 1 (default 1).
    pub page: Option<String>,
    /// 1–100 (default 10).
    pub limit: Option<String>,
    /// Part of the company name (≤ 50 characters).
    pub name: Option<String>,
    /// `builder`, `contractor`, `subcontractor` or `labour`; empty = all.
    #[serde(rename = "type")]
    #[param(rename = "type")]
    pub role: Option<String>,
    /// 1 on site, 2 exited; empty = all.
    pub status: Option<String>,
}

/// A line of the participating units' list.
#[derive(Debug, Serialize, ToSchema)]
pub struct UnitListItem {
    pub id: i64,
    /// `builder`, `contractor`, `subcontractor`, `labour`.
    pub role: String,
    /// 建设单位, 施工总包, 专业分包, 劳务分包.
    pub role_label: String,
    /// A `Get_constructionType` value ('' for builder and contractor).
    pub construction_type: String,
    pub construction_type_label: String,
    pub name: String,
    pub social_credit_code: String,
    pub project_leader: String,
    pub project_leader_phone: String,
    /// YYYY-MM-DD or ''.
    pub entry_date: String,
    pub exit_date: String,
    /// 1 on site, 2 exited.
    pub status: i64,
    pub status_label: String,
    pub team_count: i64,
    /// Workers on site.
    pub worker_count: i64,
    /// Builder and general contractor: never exited or deleted here.
    pub fixed: bool,
}

fn list_item(row: UnitListRow) -> UnitListItem {
    UnitListItem {
        role_label: role_label(&row.role).to_owned(),
        construction_type_label: construction_type_label(&row.construction_type).to_owned(),
        status_label: status_label(row.status).to_owned(),
        fixed: is_fixed_role(&row.role),
        id: row.id,
        construction_type: row.construction_type,
        name: row.company_name,
        social_credit_code: row.social_credit_code,
        project_leader: row.project_leader,
        project_leader_phone: row.project_leader_phone,
        entry_date: row.entry_date,
        exit_date: row.exit_date,
        status: row.status,
        team_count: row.team_count,
        worker_count: row.worker_count,
        role: row.role,
    }
}

/// The on-site / exited filter: '' = any (0), 1 or 2.
pub fn status_filter(text: &Option<String>) -> Result<i64, Invalid> {
    match sent(text) {
        "" => Ok(0),
        "1" => Ok(1),
        "2" => Ok(2),
        _ => Err(Invalid(MSG_STATUS_FILTER)),
    }
}

/// `construction_list`.
pub async fn list(db: &Db, current: &CurrentAccount, query: &UnitListQuery) -> Result<Paged<UnitListItem>, ApiError> {
    let project_id = scope::project(db, current, &query.project_id).await?;
    let page = Page::parse(&query.page, &query.limit)?;
    let name = sent(&query.name).to_owned();
    if name.chars().count() > 50 {
        return Err(Invalid(MSG_NAME_FILTER).into());
    }
    let role = sent(&query.role).to_owned();
    if !role.is_empty() && role_label(&role).is_empty() {
        return Err(Invalid(MSG_ROLE_FILTER).into());
    }
    let filter =
        ListFilter { project_id, name_pattern: contains_pattern(&name), role, status: status_filter(&query.status)? };
    let total = units::count_units(db, &filter).await?;
    let rows = units::list_units(db, &filter, page.limit, page.offset()).await?;
    Ok(page.answer(rows.into_iter().map(list_item).collect(), total))
}

/// `ajax_company_all` parameters.
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct AllUnitsForm {
    /// The regulator's project in view (required for admin accounts; a builder's own is implied).
    #[serde(rename = "projectId")]
    #[schema(rename = "projectId")]
    pub project_id: Option<String>,
    /// 1: only units on site (the team form); empty: all.
    pub status: Option<String>,
}

/// A unit for selects.
#[derive(Debug, Serialize, ToSchema)]
pub struct UnitChoice {
    pub id: i64,
    pub name: String,
    pub role: String,
    pub role_label: String,
    pub status: i64,
}

/// `ajax_company_all`: every unit of the project, builder and contractor first.
pub async fn all(db: &Db, current: &CurrentAccount, form: &AllUnitsForm) -> Result<Vec<UnitChoice>, ApiError> {
    let project_id = scope::project(db, current, &form.project_id).await?;
    let status = status_filter(&form.status)?;
    Ok(units::all_units(db, project_id, status)
        .await?
        .into_iter()
        .map(|row| UnitChoice {
            role_label: role_label(&row.role).to_owned(),
            id: row.id,
            name: row.name,
            role: row.role,
            status: row.status,
        })
        .collect())
}

/// A unit id as sent.
pub fn parse_id(text: &Option<String>) -> Result<i64, ApiError> {
    let text = sent(text);
    if text.is_empty() {
        return Err(ApiError::refused(MSG_IDS_REQUIRED));
    }
    text.parse::<i64>().ok().filter(|id| *id > 0).ok_or_else(|| ApiError::refused(MSG_IDS_INVALID))
}

/// A unit the scope may see, or 404.
pub async fn visible_unit(db: &Db, scope: ReadScope, id: i64) -> Result<UnitRecord, ApiError> {
    units::find_by_id(db, id)
        .await?
        .filter(|unit| scope.covers(unit.project_id))
        .ok_or_else(|| ApiError::NotFound(MSG_UNIT_NOT_FOUND.into()))
}

/// `construction_edit`: a unit with its company and leaders (the editBuilds form).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ParticipantDetail {
    pub id: i64,
    pub role: String,
    #[serde(rename = "role_label")]
    pub role_label: String,
    #[serde(rename = "construction_type")]
    pub construction_type: String,
    #[serde(rename = "construction_type_label")]
    pub construction_type_label: String,
    /// The company, read-only here (locked; legal person's phone and ID number masked).
    pub company: CompanyInfo,
    pub project_leader: String,
    pub project_leader_phone: String,
    pub project_leader_id_number: String,
    pub labor_leader: String,
    pub labor_leader_phone: String,
    pub labor_leader_id_number: String,
    pub sitemanager: String,
    pub sitemanagerphone: String,
    pub sitemanager_id_number: String,
    /// Contract attachment URLs (`/uploads/…`), at most 9.
    #[serde(rename = "ContractAttachment")]
    pub contract_attachment: Vec<String>,
    #[serde(rename = "entry_date")]
    pub entry_date: String,
    #[serde(rename = "exit_date")]
    pub exit_date: String,
    pub status: i64,
    #[serde(rename = "status_label")]
    pub status_label: String,
    pub fixed: bool,
}

/// `construction_edit` query.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct IdQuery {
    /// The unit's id.
    pub id: Option<String>,
}

pub async fn detail(db: &Db, current: &CurrentAccount, query: &IdQuery) -> Result<ParticipantDetail, ApiError> {
    let unit = visible_unit(db, ReadScope::All, parse_id(&query.id)?).await?;
    if !scope::covers(db, current, unit.project_id).await? {
        return Err(ApiError::NotFound(MSG_UNIT_NOT_FOUND.into()));
    }
    participant_detail(db, unit).await
}

async fn participant_detail(db: &Db, unit: UnitRecord) -> Result<ParticipantDetail, ApiError> {
    let company =
        repo::find_company(db, unit.company_id).await?.ok_or_else(|| ApiError::NotFound(MSG_UNIT_NOT_FOUND.into()))?;
    let f = unit.fields;
    Ok(ParticipantDetail {
        id: unit.id,
        role_label: role_label(&unit.role).to_owned(),
        construction_type_label: construction_type_label(&unit.construction_type).to_owned(),
        fixed: is_fixed_role(&unit.role),
        role: unit.role,
        construction_type: unit.construction_type,
        company: company_info(&company),
        project_leader: f.project_leader,
        project_leader_phone: f.project_leader_phone,
        project_leader_id_number: f.project_leader_id_number,
        labor_leader: f.labor_leader,
        labor_leader_phone: f.labor_leader_phone,
        labor_leader_id_number: f.labor_leader_id_number,
        sitemanager: f.site_manager,
        sitemanagerphone: f.site_manager_phone,
        sitemanager_id_number: f.site_manager_id_number,
        contract_attachment: split_list(&f.contract_attachments),
        entry_date: unit.entry_date,
        exit_date: unit.exit_date,
        status_label: status_label(unit.status).to_owned(),
        status: unit.status,
    })
}

/// `construction_save` (new) and `construction_edit_save` (edit: `id`; the company fields are not read,
/// the company stays as it is). Company fields as the wizard's (`Name`, `SocialCreditCode` …
/// `ProvinceCompanyType`), then the unit's.
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct ParticipantForm {
    #[serde(flatten)]
    pub unit: UnitForm,
    /// A `Get_constructionType` value; it decides 专业分包 or 劳务分包.
    pub construction_type: Option<String>,
    /// YYYY-MM-DD.
    pub entry_date: Option<String>,
}

/// The unit's own fields, validated.
struct ParticipantInput {
    role: &'static str,
    construction_type: String,
    fields: UnitFields,
    attachment_uploads: Vec<String>,
    entry_date: String,
}

fn participant_input(form: &ParticipantForm) -> Result<ParticipantInput, Invalid> {
    let type_value = sent(&form.construction_type).to_owned();
    if type_value.is_empty() {
        return Err(Invalid(MSG_TYPE_REQUIRED));
    }
    let kind = construction_type(&type_value).ok_or(Invalid(MSG_TYPE_UNKNOWN))?;
    let u = &form.unit;
    let mut fields = UnitFields::default();
    [fields.project_leader, fields.project_leader_phone, fields.project_leader_id_number] =
        person(&u.project_leader, &u.project_leader_phone, &u.project_leader_id_number)?;
    [fields.labor_leader, fields.labor_leader_phone, fields.labor_leader_id_number] =
        person(&u.labor_leader, &u.labor_leader_phone, &u.labor_leader_id_number)?;
    [fields.site_manager, fields.site_manager_phone, fields.site_manager_id_number] =
        person(&u.sitemanager, &u.sitemanagerphone, &u.sitemanager_id_number)?;
    let mut attachments: Vec<String> = Vec::new();
    let mut attachment_uploads = Vec::new();
    for url in split_list(sent(&u.contract_attachment)) {
        if !attachments.contains(&url) {
            attachment_uploads.push(upload_name(&url).ok_or(Invalid(MSG_ATTACHMENT_INVALID))?);
            attachments.push(url);
        }
    }
    if attachments.len() > MAX_ATTACHMENTS {
        return Err(Invalid(MSG_ATTACHMENTS_TOO_MANY));
    }
    fields.contract_attachments = attachments.join(",");
    let entry_date = format_date(required_date(sent(&form.entry_date), MSG_ENTRY_REQUIRED)?);
    Ok(ParticipantInput { role: kind.role, construction_type: type_value, fields, attachment_uploads, entry_date })
}

async fn check_attachments(db: &Db, project_id: i64, input: &ParticipantInput) -> Result<(), ApiError> {
    let names = &input.attachment_uploads;
    if crate::upload::service::count_project_uploads(db, project_id, names, &["contract"]).await? != names.len() as i64
    {
        return Err(ApiError::refused(MSG_ATTACHMENT_INVALID));
    }
    Ok(())
}

/// What a participating unit save answers.
#[derive(Debug, Serialize, ToSchema)]
pub struct ParticipantSaved {
    pub id: i64,
}

fn detail_json(detail: &ParticipantDetail) -> Value {
    let mut value = serde_json::to_value(detail).unwrap_or_default();
    if let Some(fields) = value.as_object_mut() {
        for derived in ["role_label", "construction_type_label", "status_label", "fixed", "company"] {
            fields.remove(derived);
        }
    }
    value
}

/// `construction_save`: a new subcontractor or labour subcontractor, on site from its entry date.
pub async fn create(
    db: &Db,
    current: &CurrentAccount,
    ip: &str,
    form: &ParticipantForm,
) -> Result<ParticipantSaved, ApiError> {
    let project_id = scope::write(current)?;
    let code = CreditCodeOrNone::parse(sent(&form.unit.social_credit_code))?;
    let existing = match &code {
        CreditCodeOrNone::Code(code) => repo::find_company_by_code(db, code.as_str()).await?,
        CreditCodeOrNone::None => None,
    };
    let choice = match existing {
        Some(company) if units::company_in_project(db, project_id, company.id).await? => {
            return Err(ApiError::refused(MSG_ALREADY_IN_PROJECT));
        }
        Some(company) if company.locked => CompanyChoice::Keep(company.id),
        Some(company) => CompanyChoice::Update(company.id, company_fields(&form.unit, &code)?),
        None => CompanyChoice::Create(company_fields(&form.unit, &code)?),
    };
    let input = participant_input(form)?;
    check_attachments(db, project_id, &input).await?;
    let company_id = repo::resolve_company(db, &choice).await?;
    if units::company_in_project(db, project_id, company_id).await? {
        return Err(ApiError::refused(MSG_ALREADY_IN_PROJECT));
    }
    let unit = ParticipantFields {
        role: input.role,
        construction_type: &input.construction_type,
        fields: &input.fields,
        entry_date: &input.entry_date,
    };
    let id = units::insert_participant(db, project_id, company_id, &unit).await?;
    let saved = participant_detail(db, visible_unit(db, ReadScope::Project(project_id), id).await?).await?;
    oplog::record(
        db,
        oplog::Entry::by(&current.account, ip).action("新增参建单位").on("project_unit", id).detail(format!(
            "{}（{}，{}），进场日期 {}",
            saved.company.name, saved.role_label, saved.construction_type_label, saved.entry_date
        )),
    )
    .await?;
    Ok(ParticipantSaved { id })
}

/// `construction_edit_save`: a participating unit's type, leaders, attachments and entry date.
pub async fn update(
    db: &Db,
    current: &CurrentAccount,
    ip: &str,
    form: &ParticipantForm,
) -> Result<ParticipantSaved, ApiError> {
    let project_id = scope::write(current)?;
    let unit = visible_unit(db, ReadScope::Project(project_id), parse_id(&form.unit.id)?).await?;
    if is_fixed_role(&unit.role) {
        return Err(ApiError::refused(MSG_FIXED_EDIT));
    }
    let input = participant_input(form)?;
    if !unit.exit_date.is_empty() && input.entry_date > unit.exit_date {
        return Err(ApiError::refused(MSG_ENTRY_AFTER_EXIT));
    }
    check_attachments(db, project_id, &input).await?;
    let before = detail_json(&participant_detail(db, unit.clone()).await?);
    let fields = ParticipantFields {
        role: input.role,
        construction_type: &input.construction_type,
        fields: &input.fields,
        entry_date: &input.entry_date,
    };
    if units::update_participant(db, unit.id, &fields).await? != 1 {
        return Err(ApiError::NotFound(MSG_UNIT_NOT_FOUND.into()));
    }
    let after = participant_detail(db, visible_unit(db, ReadScope::Project(project_id), unit.id).await?).await?;
    oplog::record(
        db,
        oplog::Entry::by(&current.account, ip).action("修改参建单位").on("project_unit", unit.id).detail(format!(
            "{}：{}",
            after.company.name,
            change_summary(&before, &detail_json(&after))
        )),
    )
    .await?;
    Ok(ParticipantSaved { id: unit.id })
}

/// `ajax_edit_save`: an exited participating unit comes back on site.
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct ReentryForm {
    pub id: Option<String>,
    /// The new entry date, YYYY-MM-DD, not before the exit date.
    pub entry_date: Option<String>,
}

pub const MSG_REENTRY_BEFORE_EXIT: &str = "重新进场日期不能早于退场日期";

pub async fn reenter(db: &Db, current: &CurrentAccount, ip: &str, form: &ReentryForm) -> Result<(), ApiError> {
    let project_id = scope::write(current)?;
    let unit = visible_unit(db, ReadScope::Project(project_id), parse_id(&form.id)?).await?;
    if is_fixed_role(&unit.role) {
        return Err(ApiError::refused(MSG_FIXED_EDIT));
    }
    if unit.status != 2 {
        return Err(ApiError::refused(MSG_NOT_EXITED));
    }
    let entry_date = format_date(required_date(sent(&form.entry_date), MSG_ENTRY_REQUIRED)?);
    if entry_date < unit.exit_date {
        return Err(ApiError::refused(MSG_REENTRY_BEFORE_EXIT));
    }
    if units::reenter_unit(db, unit.id, &entry_date).await? != 1 {
        return Err(ApiError::refused(MSG_CHANGED));
    }
    let name = repo::find_company(db, unit.company_id).await?.map(|company| company.fields.name).unwrap_or_default();
    oplog::record(
        db,
        oplog::Entry::by(&current.account, ip)
            .action("参建单位重新进场")
            .on("project_unit", unit.id)
            .detail(format!("{name}：退场日期 {} → 重新进场 {entry_date}", unit.exit_date)),
    )
    .await?;
    Ok(())
}

/// `ajax_exitall` / `ajax_deleteall`.
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct BatchForm {
    /// Unit ids, comma-joined (at most 100).
    pub ids: Option<String>,
    /// `ajax_exitall` only: YYYY-MM-DD, not after today and not before the unit's (or its teams') entry.
    pub exit_date: Option<String>,
}

fn parse_ids(text: &Option<String>) -> Result<Vec<i64>, ApiError> {
    let mut ids = Vec::new();
    for part in split_list(sent(text)) {
        let id = part.parse::<i64>().ok().filter(|id| *id > 0).ok_or_else(|| ApiError::refused(MSG_IDS_INVALID))?;
        if !ids.contains(&id) {
            ids.push(id);
        }
    }
    if ids.is_empty() {
        return Err(ApiError::refused(MSG_IDS_REQUIRED));
    }
    if ids.len() > MAX_BATCH {
        return Err(ApiError::refused(MSG_IDS_INVALID));
    }
    Ok(ids)
}

/// The named units of the builder's project with their company names, or 404 for any other.
async fn batch_units(db: &Db, project_id: i64, ids: &[i64]) -> Result<Vec<(UnitRecord, String)>, ApiError> {
    let mut found = Vec::new();
    for id in ids {
        let unit = visible_unit(db, ReadScope::Project(project_id), *id).await?;
        let name =
            repo::find_company(db, unit.company_id).await?.map(|company| company.fields.name).unwrap_or_default();
        found.push((unit, name));
    }
    Ok(found)
}

/// The port through which a unit's exit ends its teams still on site, in the exit's transaction: the team area
/// (above company: a team belongs to a unit) answers it, and `lib.rs` hands it to [`super::router`], so company
/// never imports team.
pub trait UnitTeams: Send + Sync {
    /// Inside `tx`, the teams of unit `unit_id` still on site leave on `exit_date`.
    fn end_in<'a>(&'a self, tx: &'a mut Tx, unit_id: i64, exit_date: &'a str, now: i64) -> DbFuture<'a, ()>;
}

/// The port as the exit's handler receives it (an `axum::Extension`).
pub type Teams = Arc<dyn UnitTeams>;

/// `ajax_exitall`: the units leave the site on the date, with their teams still on site (`teams` ends them).
/// All or none: the first unit that may not exit is named with the reason.
pub async fn exit(
    db: &Db,
    teams: &dyn UnitTeams,
    current: &CurrentAccount,
    ip: &str,
    form: &BatchForm,
) -> Result<(), ApiError> {
    let project_id = scope::write(current)?;
    let ids = parse_ids(&form.ids)?;
    let exit = required_date(sent(&form.exit_date), MSG_EXIT_REQUIRED)?;
    if exit > clock::china_today() {
        return Err(Invalid(MSG_EXIT_FUTURE).into());
    }
    let exit_date = format_date(exit);
    let batch = batch_units(db, project_id, &ids).await?;
    for (unit, name) in &batch {
        if is_fixed_role(&unit.role) {
            return Err(ApiError::refused(MSG_FIXED_EXIT));
        }
        if unit.status == 2 {
            return Err(ApiError::refused(format!("{name}已于{}退场", unit.exit_date)));
        }
        let refs = units::references(db, unit.id).await?;
        if refs.employments_on_site > 0 {
            return Err(ApiError::refused(format!(
                "{name}还有{}名工人在场，请先办理工人退场后再退场",
                refs.employments_on_site
            )));
        }
        if exit_date < unit.entry_date {
            return Err(ApiError::refused(format!("{name}的退场日期不能早于进场日期（{}）", unit.entry_date)));
        }
        let latest_team = units::latest_team_entry(db, unit.id).await?;
        if exit_date < latest_team {
            return Err(ApiError::refused(format!("{name}的退场日期不能早于其班组的进场日期（{latest_team}）")));
        }
    }
    let now = clock::now();
    Tx::within(db, async |tx: &mut Tx| -> Result<(), ApiError> {
        for (unit, name) in &batch {
            if !units::exit_unit(tx, unit.id, &exit_date, now).await? {
                return Err(ApiError::refused(MSG_CHANGED));
            }
            teams.end_in(tx, unit.id, &exit_date, now).await?;
            let entry = oplog::Entry::by(&current.account, ip)
                .action("参建单位退场")
                .on("project_unit", unit.id)
                .detail(format!("{name}：状态 在场 → 已退场，退场日期 {exit_date}"));
            oplog::record_in(tx, &entry).await?;
        }
        Ok(())
    })
    .await
}

/// `ajax_deleteall`: removes participating units nothing refers to. All or none: the first unit that
/// may not go is named with what still refers to it.
pub async fn delete(db: &Db, current: &CurrentAccount, ip: &str, form: &BatchForm) -> Result<(), ApiError> {
    let project_id = scope::write(current)?;
    let ids = parse_ids(&form.ids)?;
    let batch = batch_units(db, project_id, &ids).await?;
    for (unit, name) in &batch {
        if is_fixed_role(&unit.role) {
            return Err(ApiError::refused(MSG_FIXED_DELETE));
        }
        let refs = units::references(db, unit.id).await?;
        let mut held = Vec::new();
        if refs.teams > 0 {
            held.push(format!("{}个班组", refs.teams));
        }
        if refs.employments > 0 {
            held.push(format!("{}条工人用工记录", refs.employments));
        }
        if refs.wage_sheets > 0 {
            held.push(format!("{}张工资表", refs.wage_sheets));
        }
        if !held.is_empty() {
            return Err(ApiError::refused(format!("{name}下还有{}，不能删除", held.join("、"))));
        }
    }
    Tx::within(db, async |tx: &mut Tx| -> Result<(), ApiError> {
        for (unit, name) in &batch {
            if !units::delete_unit(tx, unit.id).await? {
                return Err(ApiError::refused(MSG_CHANGED));
            }
            let entry = oplog::Entry::by(&current.account, ip)
                .action("删除参建单位")
                .on("project_unit", unit.id)
                .detail(format!("{name}（{}）", role_label(&unit.role)));
            oplog::record_in(tx, &entry).await?;
        }
        Ok(())
    })
    .await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn construction_types_are_unique_and_each_names_a_participating_role() {
        let mut values: Vec<_> = CONSTRUCTION_TYPES.iter().map(|option| option.value).collect();
        values.sort();
        values.dedup();
        assert_eq!(values.len(), CONSTRUCTION_TYPES.len());
        assert!(CONSTRUCTION_TYPES.iter().all(|option| matches!(option.role, "subcontractor" | "labour")));
        assert_eq!(construction_type("206").map(|option| option.role), Some("labour"));
        assert!(construction_type("").is_none());
    }

    #[test]
    fn ids_are_positive_numbers_once_each() {
        assert_eq!(parse_ids(&Some("3, 1,3".into())).ok(), Some(vec![3, 1]));
        assert!(parse_ids(&Some("".into())).is_err());
        assert!(parse_ids(&Some("1,x".into())).is_err());
        assert!(parse_ids(&Some("0".into())).is_err());
    }
}
