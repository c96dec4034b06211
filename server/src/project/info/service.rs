//! Project information after approval (spec §7 `Project/ajax_project_info`, `Project/ajax_edit_save`)
//! and the rights-protection notice board (维权信息告示牌, 国令724 art. 34). The approved project keeps
//! the wizard's rules (`project::service::validate`); the fields the regulator approved — Name,
//! DistrictCode, ContractPrice, DepartmentIndustryId, EndTime, GcProcess — are read-only here and are
//! changed by the regulator (docs/decisions.md).

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::repo;
use crate::area::{Level, areas};
use crate::config::NoticeBoardConfig;
use crate::db::Db;
use crate::envelope::ApiError;
use crate::identity::accounts::AccountKind;
use crate::identity::sessions::CurrentAccount;
use crate::project::options::{self, SelectOption};
use crate::project::service::{
    LOCKABLE_FIELDS, MSG_ID_REQUIRED, ProjectForm, ProjectUnit, StepForm, StepFormRow, change_summary, find_step_form,
    project_units, role_label, step_form, validate,
};
use crate::project::staff;
use crate::scope::{self, ReadScope};
use crate::{clock, oplog};

pub const MSG_NOT_APPROVED: &str = "项目审核通过后才能修改项目信息，审核前请在注册向导中修改";
pub const MSG_SITE_AREA: &str = "站点所属地区配置错误";

#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct ProjectIdForm {
    /// The regulator's project in view (required for the regulator); a builder account reads its own
    /// project (another id answers 404).
    #[serde(rename = "projectId")]
    #[schema(rename = "projectId")]
    pub project_id: Option<String>,
}

/// What the project information page shows.
#[derive(Debug, Serialize, ToSchema)]
pub struct ProjectInfoData {
    #[serde(rename = "stepForm")]
    pub step_form: StepForm,
    /// '0' draft, '1' submitted, '2' approved, '3' rejected.
    pub auditstatus: String,
    /// Whether this account may save (`Project/ajax_edit_save`): the project's builder account, approved project.
    pub editable: bool,
    /// Fields shown read-only: the six the regulator approved; the server keeps their stored values.
    pub readonly: Vec<String>,
    /// Whom to ask to change a read-only field.
    #[serde(rename = "regulatorName")]
    pub regulator_name: String,
    #[serde(rename = "regulatorPhone")]
    pub regulator_phone: String,
    pub project_type: Vec<SelectOption>,
    pub money_source_list: Vec<SelectOption>,
    pub industry_department_list: Vec<SelectOption>,
    pub gcprocess_arr: Vec<SelectOption>,
}

/// A unit on the notice board.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BoardUnit {
    /// 建设单位, 施工总承包单位, 专业分包单位 or 劳务分包单位.
    pub role: String,
    pub name: String,
    /// The unit's project leader and phone.
    pub leader: String,
    pub leader_phone: String,
}

/// A person on the notice board.
#[derive(Debug, Serialize, ToSchema)]
pub struct BoardPerson {
    pub name: String,
    pub phone: String,
    /// The unit the person works for.
    pub unit: String,
}

/// 维权信息告示牌: everything the 2020 regulation asks a site to post, from the project and the site
/// configuration (`[notice_board]`).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NoticeBoard {
    pub project_name: String,
    pub address: String,
    /// The supervising district's name, e.g. 郑州市金水区.
    pub district: String,
    pub start_time: String,
    pub completion_date: String,
    pub builder: Option<BoardUnit>,
    pub contractor: Option<BoardUnit>,
    /// Subcontractors and labour subcontractors on site.
    pub subcontractors: Vec<BoardUnit>,
    /// 劳资专管员 in post; the general contractor's labour leader when none is registered.
    pub labour_clerks: Vec<BoardPerson>,
    /// The regulator (the supervising district's labour bureau) and its phone.
    pub regulator_name: String,
    pub regulator_phone: String,
    /// The complaint line (12333).
    pub complaint_hotline: String,
    /// The local minimum wage in yuan, two decimals.
    pub minimum_monthly_wage: String,
    pub minimum_hourly_wage: String,
    pub pay_day: String,
    /// When the board was generated, YYYY-MM-DD.
    pub generated_date: String,
}

/// Yuan with two decimals from fen.
pub fn yuan(fen: i64) -> String {
    let sign = if fen < 0 { "-" } else { "" };
    format!("{sign}{}.{:02}", fen.abs() / 100, fen.abs() % 100)
}

async fn stored(db: &Db, id: i64) -> Result<StepFormRow, ApiError> {
    find_step_form(db, id).await?.ok_or_else(scope::not_found)
}

/// The one project a read is about: the builder's own, or the regulator's `projectId` (required).
async fn readable(db: &Db, current: &CurrentAccount, id: &Option<String>) -> Result<StepFormRow, ApiError> {
    match scope::read(db, current, id).await? {
        ReadScope::Project(project_id) => stored(db, project_id).await,
        ReadScope::All => Err(ApiError::refused(MSG_ID_REQUIRED)),
    }
}

/// The supervising district (the last county or city of DistrictCode) by city and county, e.g. 郑州市金水区.
pub fn district_name(district_code: &str) -> String {
    let areas = areas();
    let supervising = district_code
        .split(',')
        .map(str::trim)
        .filter(|code| code.len() <= 6)
        .filter_map(|code| areas.get(code))
        .next_back();
    supervising
        .map(|area| areas.path(area).iter().filter(|a| a.level != Level::Province).map(|a| a.name).collect::<String>())
        .unwrap_or_default()
}

/// The regulator of a district: its name plus the configured suffix (…人力资源和社会保障局).
pub fn regulator_name(district_code: &str, board: &NoticeBoardConfig) -> String {
    let district = district_name(district_code);
    if district.is_empty() { String::new() } else { format!("{district}{}", board.regulator_suffix) }
}

/// `Project/ajax_project_info`.
pub async fn load(
    db: &Db,
    board: &NoticeBoardConfig,
    current: &CurrentAccount,
    form: &ProjectIdForm,
) -> Result<ProjectInfoData, ApiError> {
    let row = readable(db, current, &form.project_id).await?;
    Ok(ProjectInfoData {
        step_form: step_form(&row),
        editable: current.kind() == AccountKind::Builder && row.audit_status == "2",
        auditstatus: row.audit_status.clone(),
        readonly: LOCKABLE_FIELDS.iter().map(|field| (*field).to_owned()).collect(),
        regulator_name: regulator_name(&row.district_code, board),
        regulator_phone: board.regulator_phone.clone(),
        project_type: options::PROJECT_TYPES.to_vec(),
        money_source_list: options::MONEY_SOURCES.to_vec(),
        industry_department_list: options::INDUSTRY_DEPARTMENTS.to_vec(),
        gcprocess_arr: options::GC_PROCESSES.to_vec(),
    })
}

/// `Project/ajax_edit_save`: the wizard's step-1 rules with the six approved fields locked; only the
/// project's builder account, only while approved. Logs the changed fields.
pub async fn save(
    db: &Db,
    site_areacode: &str,
    current: &CurrentAccount,
    ip: &str,
    form: &ProjectForm,
) -> Result<(), ApiError> {
    let project_id = scope::write(current)?;
    if let Some(id) = form.id.as_deref().map(str::trim).filter(|id| !id.is_empty())
        && id != project_id.to_string()
    {
        return Err(scope::not_found());
    }
    let row = stored(db, project_id).await?;
    if row.audit_status != "2" {
        return Err(ApiError::Forbidden(MSG_NOT_APPROVED.into()));
    }
    let site = areas().resolve(site_areacode).ok_or_else(|| ApiError::refused(MSG_SITE_AREA))?;
    let locked = StepFormRow { regulator_fields: LOCKABLE_FIELDS.join(","), ..row.clone() };
    let update = validate(form, &locked, site)?;
    if !repo::save_project_info(db, project_id, &update).await? {
        return Err(ApiError::Forbidden(MSG_NOT_APPROVED.into()));
    }
    let after = stored(db, project_id).await?;
    oplog::record(
        db,
        oplog::Entry::by(&current.account, ip)
            .action("修改项目信息")
            .on("project", project_id)
            .detail(change_summary(&step_form(&row), &step_form(&after))),
    )
    .await?;
    Ok(())
}

fn board_unit(unit: &ProjectUnit) -> BoardUnit {
    BoardUnit {
        role: role_label(&unit.role).to_owned(),
        name: unit.name.clone(),
        leader: unit.project_leader.clone(),
        leader_phone: unit.project_leader_phone.clone(),
    }
}

/// The notice board of one project (`Project/noticeBoard`).
pub async fn notice_board(
    db: &Db,
    board: &NoticeBoardConfig,
    current: &CurrentAccount,
    form: &ProjectIdForm,
) -> Result<NoticeBoard, ApiError> {
    let row = readable(db, current, &form.project_id).await?;
    board_of(db, board, row).await
}

/// The board of an approved project for anyone on its site (the worker side: the QR code on the printed
/// board opens it); a project not approved, or none, answers 404.
pub async fn public_board(db: &Db, board: &NoticeBoardConfig, form: &ProjectIdForm) -> Result<NoticeBoard, ApiError> {
    let id = form.project_id.as_deref().unwrap_or_default().trim().parse::<i64>().map_err(|_| scope::not_found())?;
    let row = stored(db, id).await?;
    if row.audit_status != "2" {
        return Err(scope::not_found());
    }
    board_of(db, board, row).await
}

async fn board_of(db: &Db, board: &NoticeBoardConfig, row: StepFormRow) -> Result<NoticeBoard, ApiError> {
    let units = project_units(db, row.id).await?;
    let today = clock::today();
    let unit_name = |id: i64| units.iter().find(|unit| unit.id == id).map(|unit| unit.name.clone()).unwrap_or_default();
    let mut labour_clerks: Vec<BoardPerson> = staff::service::in_post(db, row.id, staff::service::LABOUR_CLERK, &today)
        .await?
        .into_iter()
        .map(|person| BoardPerson { unit: unit_name(person.unit_id), name: person.name, phone: person.phone })
        .collect();
    let contractor = units.iter().find(|unit| unit.role == "contractor");
    if labour_clerks.is_empty()
        && let Some(unit) = contractor.filter(|unit| !unit.labor_leader.is_empty())
    {
        labour_clerks.push(BoardPerson {
            name: unit.labor_leader.clone(),
            phone: unit.labor_leader_phone.clone(),
            unit: unit.name.clone(),
        });
    }
    Ok(NoticeBoard {
        project_name: row.name.clone(),
        address: row.address.clone(),
        district: district_name(&row.district_code),
        start_time: step_form(&row).start_time,
        completion_date: step_form(&row).completiondate,
        builder: units.iter().find(|unit| unit.role == "builder").map(board_unit),
        contractor: contractor.map(board_unit),
        subcontractors: units
            .iter()
            .filter(|unit| matches!(unit.role.as_str(), "subcontractor" | "labour") && unit.status == 1)
            .map(board_unit)
            .collect(),
        labour_clerks,
        regulator_name: regulator_name(&row.district_code, board),
        regulator_phone: board.regulator_phone.clone(),
        complaint_hotline: board.complaint_hotline.clone(),
        minimum_monthly_wage: yuan(board.minimum_monthly_wage_fen),
        minimum_hourly_wage: yuan(board.minimum_hourly_wage_fen),
        pay_day: board.pay_day.clone(),
        generated_date: today,
    })
}

/// Demo: the approved project's registration, when nothing filled it yet.
pub async fn seed_demo(db: &Db, project_id: i64) -> sqlx::Result<()> {
    repo::seed_registration(db, project_id).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn yuan_has_two_decimals() {
        assert_eq!(yuan(210_000), "2100.00");
        assert_eq!(yuan(2_060), "20.60");
        assert_eq!(yuan(5), "0.05");
    }

    #[test]
    fn the_regulator_is_the_supervising_county() {
        let board = NoticeBoardConfig::default();
        assert_eq!(district_name("4101,410105,410105001"), "郑州市金水区");
        assert_eq!(regulator_name("4101", &board), "郑州市人力资源和社会保障局");
        assert_eq!(regulator_name("", &board), "");
    }
}
