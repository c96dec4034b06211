//! Builder and construction unit information after registration (issue 4 item 2; console builderInfo,
//! constructInfo): the unit as the wizard stored it, its leaders (which may change; the company stays
//! locked), and the wage guarantee with its change flow. A change applies at once and is recorded with
//! before, after and the reason; every regulator account gets a message and marks the change read.
//! Handlers are in `mod.rs`, SQL in `repo/units.rs`.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::participants::role_label;
use super::repo::units::{self, GuaranteeChange, GuaranteeChangeRow, GuaranteeUpdate, UnitRecord};
use super::repo::{self, UnitFields, UnitRow};
use super::service::{
    CompanyInfo, ContructorForm, MSG_GUARANTEE_FILE_INVALID, UnitForm, change_summary, contructor_form,
    deposit_ceiling_fen, find_companies, guarantee_fields, person,
};
use crate::clock;
use crate::db::{Db, Tx};
use crate::domain::{Invalid, money};
use crate::envelope::ApiError;
use crate::extract::sent;
use crate::identity::accounts::AccountKind;
use crate::identity::sessions::CurrentAccount;
use crate::message::service::{self as message, Kind, Outgoing};
use crate::oplog;
use crate::project::options::{self, SelectOption};
use crate::project::service as project;
use crate::project::service::MSG_NO_PROJECT;
use crate::scope;

pub const MSG_ROLE: &str = "请选择建设单位或施工总包单位";
pub const MSG_UNIT_MISSING: &str = "该单位尚未登记";
pub const MSG_REASON_REQUIRED: &str = "请填写变更原因";
pub const MSG_REASON_TOO_LONG: &str = "变更原因不能超过200个字";
pub const MSG_NOTHING_CHANGED: &str = "保证金信息没有变化";
pub const MSG_CHANGE_NOT_FOUND: &str = "保证金变更记录不存在";
pub const MSG_CHANGE_ID: &str = "请选择保证金变更记录";
pub const MSG_ADMIN_ONLY: &str = "仅监管部门账号可以确认保证金变更";
pub const REASON_MAX: usize = 200;

/// `builder` (建设单位) or `contractor` (施工总包单位) as sent in `type`.
fn fixed_role(text: &Option<String>) -> Result<&'static str, Invalid> {
    match sent(text) {
        "builder" => Ok("builder"),
        "contractor" => Ok("contractor"),
        _ => Err(Invalid(MSG_ROLE)),
    }
}

/// `ajax_company_info` parameters.
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct UnitInfoForm {
    /// `builder` (builderInfo) or `contractor` (constructInfo).
    #[serde(rename = "type")]
    #[schema(rename = "type")]
    pub role: Option<String>,
    /// The regulator's project in view (required for admin accounts; a builder's own is implied).
    #[serde(rename = "projectId")]
    #[schema(rename = "projectId")]
    pub project_id: Option<String>,
}

/// The guarantee as a change shows it, before or after.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct GuaranteeView {
    pub paytype: String,
    pub paytype_label: String,
    /// 万元, exact; '' when none.
    pub desposit: String,
    pub guaranteepath: String,
    pub startdate: String,
    pub enddate: String,
}

fn guarantee_view(fields: &UnitFields) -> GuaranteeView {
    GuaranteeView {
        paytype_label: options::DEPOSIT_METHODS
            .iter()
            .find(|option| option.value == fields.pay_type)
            .map(|option| option.label.to_owned())
            .unwrap_or_default(),
        paytype: fields.pay_type.clone(),
        desposit: fields.deposit_fen.map(|fen| money::fen_to_wan(fen.max(0) as u64)).unwrap_or_default(),
        guaranteepath: fields.guarantee_path.clone(),
        startdate: fields.guarantee_start.clone(),
        enddate: fields.guarantee_end.clone(),
    }
}

/// A recorded change of the guarantee.
#[derive(Debug, Serialize, ToSchema)]
pub struct GuaranteeChangeView {
    pub id: i64,
    /// Who made it (the account's name).
    pub account_name: String,
    pub before: GuaranteeView,
    pub after: GuaranteeView,
    pub reason: String,
    /// The regulator has read it.
    pub is_read: bool,
    /// `YYYY-MM-DD HH:MM:SS`, '' while unread.
    pub read_time: String,
    pub created_time: String,
}

fn change_view(row: GuaranteeChangeRow) -> GuaranteeChangeView {
    GuaranteeChangeView {
        id: row.id,
        account_name: row.account_name,
        before: serde_json::from_str(&row.before_json).unwrap_or_default(),
        after: serde_json::from_str(&row.after_json).unwrap_or_default(),
        reason: row.reason,
        is_read: row.is_read,
        read_time: row.read_at.map(clock::china_datetime).unwrap_or_default(),
        created_time: clock::china_datetime(row.created_at),
    }
}

/// `ajax_company_info`: the unit (contructorForm's fields; the builder's labour leader, site manager
/// and attachments are empty), the ceiling, the option lists and the guarantee's changes.
#[derive(Debug, Serialize, ToSchema)]
pub struct UnitInfoData {
    pub id: i64,
    pub role: String,
    pub role_label: String,
    pub form: ContructorForm,
    /// The company's fields are read-only (always, once registered).
    pub locked: bool,
    /// The deposit ceiling in 万元: 3 % of the contract price, 200 without one.
    pub desposittop: String,
    pub desposittop_display: String,
    pub depositmethod: Vec<SelectOption>,
    pub company_type: Vec<SelectOption>,
    /// Newest first.
    pub guarantee_changes: Vec<GuaranteeChangeView>,
}

async fn fixed_unit(db: &Db, project_id: i64, role: &str) -> Result<UnitRecord, ApiError> {
    units::find_by_role(db, project_id, role).await?.ok_or_else(|| ApiError::NotFound(MSG_UNIT_MISSING.into()))
}

async fn ceiling_fen(db: &Db, project_id: i64) -> Result<u64, ApiError> {
    let project =
        project::find_step_form(db, project_id).await?.ok_or_else(|| ApiError::NotFound(MSG_NO_PROJECT.into()))?;
    Ok(deposit_ceiling_fen(project.contract_price_fen))
}

async fn form_of(db: &Db, unit: &UnitRecord) -> Result<(ContructorForm, bool), ApiError> {
    let company = repo::find_company(db, unit.company_id).await?;
    let row = UnitRow { id: unit.id, company_id: unit.company_id, fields: unit.fields.clone() };
    let locked = company.as_ref().is_some_and(|company| company.locked);
    Ok((contructor_form(Some(&row), company.as_ref()), locked))
}

pub async fn info(db: &Db, current: &CurrentAccount, form: &UnitInfoForm) -> Result<UnitInfoData, ApiError> {
    let project_id = scope::project(db, current, &form.project_id).await?;
    let role = fixed_role(&form.role)?;
    let unit = fixed_unit(db, project_id, role).await?;
    let ceiling = ceiling_fen(db, project_id).await?;
    let (unit_form, locked) = form_of(db, &unit).await?;
    let changes = units::guarantee_changes(db, unit.id).await?.into_iter().map(change_view).collect();
    Ok(UnitInfoData {
        id: unit.id,
        role: role.to_owned(),
        role_label: role_label(role).to_owned(),
        form: unit_form,
        locked,
        desposittop: money::fen_to_wan(ceiling),
        desposittop_display: money::deposit_display(Some(ceiling)),
        depositmethod: options::DEPOSIT_METHODS.to_vec(),
        company_type: options::COMPANY_TYPES.to_vec(),
        guarantee_changes: changes,
    })
}

/// `company_edit_save`: the leaders of the builder (project leader) or general contractor (plus the
/// labour leader and the site manager). Company fields sent are not read: the company stays locked.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LeadersForm {
    /// `builder` or `contractor`.
    #[serde(rename = "type")]
    #[schema(rename = "type")]
    pub role: Option<String>,
    pub project_leader: Option<String>,
    pub project_leader_phone: Option<String>,
    pub project_leader_id_number: Option<String>,
    /// Contractor only.
    pub labor_leader: Option<String>,
    pub labor_leader_phone: Option<String>,
    pub labor_leader_id_number: Option<String>,
    pub sitemanager: Option<String>,
    pub sitemanagerphone: Option<String>,
    pub sitemanager_id_number: Option<String>,
}

pub async fn save_leaders(db: &Db, current: &CurrentAccount, ip: &str, form: &LeadersForm) -> Result<(), ApiError> {
    let project_id = scope::write(current)?;
    let role = fixed_role(&form.role)?;
    let unit = fixed_unit(db, project_id, role).await?;
    let mut fields = unit.fields.clone();
    [fields.project_leader, fields.project_leader_phone, fields.project_leader_id_number] =
        person(&form.project_leader, &form.project_leader_phone, &form.project_leader_id_number)?;
    if role == "contractor" {
        [fields.labor_leader, fields.labor_leader_phone, fields.labor_leader_id_number] =
            person(&form.labor_leader, &form.labor_leader_phone, &form.labor_leader_id_number)?;
        [fields.site_manager, fields.site_manager_phone, fields.site_manager_id_number] =
            person(&form.sitemanager, &form.sitemanagerphone, &form.sitemanager_id_number)?;
    }
    let (before, _) = form_of(db, &unit).await?;
    units::update_leaders(db, unit.id, &fields).await?;
    let (after, _) = form_of(db, &fixed_unit(db, project_id, role).await?).await?;
    let as_json = |form: &ContructorForm| serde_json::to_value(form).unwrap_or_default();
    oplog::record(
        db,
        oplog::Entry::by(&current.account, ip)
            .action(if role == "builder" { "修改建设单位负责人" } else { "修改施工总包单位负责人" })
            .on("project_unit", unit.id)
            .detail(change_summary(&as_json(&before), &as_json(&after))),
    )
    .await?;
    Ok(())
}

/// `ajax_get_company_info`: the credit-code look-up (`code`, 18 characters) or the name search
/// (`name`) of the participating unit form, as the wizard's.
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct CompanyLookupForm {
    pub code: Option<String>,
    pub name: Option<String>,
}

pub async fn lookup(db: &Db, current: &CurrentAccount, form: &CompanyLookupForm) -> Result<Vec<CompanyInfo>, ApiError> {
    scope::write(current)?;
    find_companies(db, sent(&form.name), sent(&form.code)).await
}

/// `ajax_change_guarantee`: the new guarantee of the builder or general contractor (the wizard's rules
/// for that unit) and why it changes.
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct GuaranteeChangeForm {
    /// `builder` or `contractor`.
    #[serde(rename = "type")]
    #[schema(rename = "type")]
    pub role: Option<String>,
    /// A `depositmethod` value.
    pub paytype: Option<String>,
    /// 万元: up to 4 integer digits and 6 decimals. Required for the contractor.
    pub desposit: Option<String>,
    /// An `/uploads/…` URL this project uploaded with kind `guarantee`. Required for the contractor.
    pub guaranteepath: Option<String>,
    /// Validity, YYYY-MM-DD; required for the builder.
    pub startdate: Option<String>,
    pub enddate: Option<String>,
    /// Why (1–200 characters).
    pub reason: Option<String>,
}

/// What a guarantee change answers.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GuaranteeChanged {
    /// The change record's id.
    pub id: i64,
    /// The deposit is above the ceiling (a warning, as in the wizard).
    pub deposit_warning: bool,
    pub desposittop: String,
}

pub async fn change_guarantee(
    db: &Db,
    current: &CurrentAccount,
    ip: &str,
    form: &GuaranteeChangeForm,
) -> Result<GuaranteeChanged, ApiError> {
    let project_id = scope::write(current)?;
    let role = fixed_role(&form.role)?;
    let unit = fixed_unit(db, project_id, role).await?;
    let as_unit_form = UnitForm {
        paytype: form.paytype.clone(),
        desposit: form.desposit.clone(),
        guaranteepath: form.guaranteepath.clone(),
        startdate: form.startdate.clone(),
        enddate: form.enddate.clone(),
        ..UnitForm::default()
    };
    let guarantee = guarantee_fields(&as_unit_form, role == "contractor")?;
    let reason = sent(&form.reason).to_owned();
    if reason.is_empty() {
        return Err(Invalid(MSG_REASON_REQUIRED).into());
    }
    if reason.chars().count() > REASON_MAX {
        return Err(Invalid(MSG_REASON_TOO_LONG).into());
    }
    if let Some(name) = &guarantee.upload
        && crate::upload::service::count_project_uploads(db, project_id, std::slice::from_ref(name), &["guarantee"])
            .await?
            != 1
    {
        return Err(ApiError::refused(MSG_GUARANTEE_FILE_INVALID));
    }
    let mut after_fields = unit.fields.clone();
    after_fields.pay_type = guarantee.pay_type.clone();
    after_fields.deposit_fen = guarantee.deposit_fen;
    after_fields.guarantee_path = guarantee.guarantee_path.clone();
    after_fields.guarantee_start = guarantee.guarantee_start.clone();
    after_fields.guarantee_end = guarantee.guarantee_end.clone();
    let (before, after) = (guarantee_view(&unit.fields), guarantee_view(&after_fields));
    if before == after {
        return Err(ApiError::refused(MSG_NOTHING_CHANGED));
    }
    let (before_json, after_json) =
        (serde_json::to_value(&before).unwrap_or_default(), serde_json::to_value(&after).unwrap_or_default());
    let summary = change_summary(&before_json, &after_json);
    let project_name = project::find_summary(db, project_id).await?.map(|project| project.name).unwrap_or_default();
    let company_name =
        repo::find_company(db, unit.company_id).await?.map(|company| company.fields.name).unwrap_or_default();
    let notice = format!(
        "项目「{project_name}」的{}{company_name}变更了工资保证金：{summary}。变更原因：{reason}",
        role_label(role)
    );
    let update = GuaranteeUpdate {
        pay_type: &guarantee.pay_type,
        deposit_fen: guarantee.deposit_fen,
        guarantee_path: &guarantee.guarantee_path,
        guarantee_start: &guarantee.guarantee_start,
        guarantee_end: &guarantee.guarantee_end,
    };
    let (before_text, after_text) = (before_json.to_string(), after_json.to_string());
    let change = GuaranteeChange {
        project_id,
        unit_id: unit.id,
        account_id: current.account.id,
        before_json: &before_text,
        after_json: &after_text,
        reason: &reason,
    };
    let entry = oplog::Entry::by(&current.account, ip)
        .action("变更工资保证金")
        .on("project_unit", unit.id)
        .detail(format!("{summary}；原因：{reason}"));
    let now = clock::now();
    let id = Tx::within(db, async |tx: &mut Tx| -> sqlx::Result<i64> {
        let id = units::change_guarantee(tx, &update, &change, now).await?;
        let title = notice_title(id);
        let regulators = Outgoing::to_project(project_id, Kind::GuaranteeChange, &title, &notice).about(id);
        message::send_to_regulators(tx, regulators).await?;
        oplog::record_in(tx, &entry).await?;
        Ok(id)
    })
    .await?;
    let ceiling = ceiling_fen(db, project_id).await?;
    Ok(GuaranteeChanged {
        id,
        deposit_warning: guarantee.deposit_fen.is_some_and(|fen| money::deposit_over_ceiling(fen as u64, ceiling)),
        desposittop: money::fen_to_wan(ceiling),
    })
}

/// The title of the regulators' message of change `id` (it finds the message again when the change is read).
fn notice_title(id: i64) -> String {
    format!("工资保证金变更 #{id}")
}

/// `ajax_guarantee_set_read`.
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct ChangeIdForm {
    /// The change record's id.
    pub id: Option<String>,
}

/// The regulator marks a guarantee change read (with its message). Admin accounts only.
pub async fn set_read(db: &Db, current: &CurrentAccount, ip: &str, form: &ChangeIdForm) -> Result<(), ApiError> {
    if current.kind() != AccountKind::Admin {
        return Err(ApiError::Forbidden(MSG_ADMIN_ONLY.into()));
    }
    let id = sent(&form.id).parse::<i64>().ok().filter(|id| *id > 0).ok_or_else(|| ApiError::refused(MSG_CHANGE_ID))?;
    let change =
        units::find_guarantee_change(db, id).await?.ok_or_else(|| ApiError::NotFound(MSG_CHANGE_NOT_FOUND.into()))?;
    if !scope::covers(db, current, change.project_id).await? {
        return Err(ApiError::NotFound(MSG_CHANGE_NOT_FOUND.into()));
    }
    let entry = oplog::Entry::by(&current.account, ip)
        .action("确认保证金变更")
        .on("guarantee_change", change.id)
        .detail(format!("项目 {} 单位 {}", change.project_id, change.unit_id));
    let now = clock::now();
    let first_read = Tx::within(db, async |tx: &mut Tx| -> sqlx::Result<bool> {
        let first_read = units::set_guarantee_read(tx, change.id, current.account.id, now).await?;
        let title = notice_title(change.id);
        message::titled_read(tx, current.account.id, change.project_id, Kind::GuaranteeChange, &title).await?;
        if first_read {
            oplog::record_in(tx, &entry).await?;
        }
        Ok(first_read)
    })
    .await?;
    if first_read {
        let content = format!("监管部门已查阅您单位的工资保证金变更（变更原因：{}）。", change.reason);
        let outgoing = Outgoing::to_project(change.project_id, Kind::Guarantee, "工资保证金变更已查阅", &content);
        message::send(db, outgoing.about(change.id)).await?;
    }
    Ok(())
}
