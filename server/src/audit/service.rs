//! The regulator's audit of project registrations (DESIGN §1, §5 "Wizard"): list, detail, approve,
//! reject, and provisioning of new project accounts. Admin accounts only.

#![allow(non_snake_case)]

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::repo::{self, ListedProject, UnitWithCompany};
use crate::account::special::{self, AccountForm, HOLDER_TYPES};
use crate::auth::accounts::{self, AccountKind, NewAccount};
use crate::auth::password;
use crate::auth::sessions::CurrentAccount;
use crate::clock;
use crate::db::Db;
use crate::domain::Invalid;
use crate::domain::person_name::PersonName;
use crate::domain::phone::Phone;
use crate::envelope::ApiError;
use crate::area::data::areas;
use crate::project::options::{self, SelectOption};
use crate::project::repo::StepFormRow;
use crate::project::service::{StepForm, step_form};
use crate::{account, oplog, project};

pub const MSG_ADMIN_ONLY: &str = "仅监管部门账号可以审核项目";
pub const MSG_NOT_FOUND: &str = "项目不存在";
pub const MSG_ID_REQUIRED: &str = "请选择项目";
pub const MSG_PAGE: &str = "页码应为正整数";
pub const MSG_LIMIT: &str = "每页条数应为1-100";
pub const MSG_STATUS: &str = "请选择正确的审核状态";
pub const MSG_NAME_TOO_LONG: &str = "项目名称不能超过255个字";
pub const MSG_NOT_SUBMITTED: &str = "只能审核待审核（已提交）的项目";
pub const MSG_REMARK_REQUIRED: &str = "请填写驳回原因";
pub const MSG_REMARK_TOO_LONG: &str = "驳回原因不能超过500个字";
pub const MSG_USERNAME: &str = "请输入4-30位字母、数字或下划线组成的账号";
pub const MSG_USERNAME_TAKEN: &str = "该账号已存在";
pub const MSG_NAME_REQUIRED: &str = "请填写姓名";
pub const MSG_APPROVED_OK: &str = "审核通过";
pub const MSG_REJECTED_OK: &str = "已驳回";
pub const TITLE_APPROVED: &str = "项目注册审核通过";
pub const TITLE_REJECTED: &str = "项目注册审核未通过";
pub const REMARK_MAX: usize = 500;

pub fn require_admin(current: &CurrentAccount) -> Result<(), ApiError> {
    if current.kind() == AccountKind::Admin { Ok(()) } else { Err(ApiError::Forbidden(MSG_ADMIN_ONLY.into())) }
}

#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct ListForm {
    /// From 1 (default 1).
    pub page: Option<String>,
    /// 1–100 (default 10).
    pub limit: Option<String>,
    /// '0' draft, '1' submitted, '2' approved, '3' rejected; empty = all.
    pub status: Option<String>,
    /// Part of the project name.
    pub name: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ListRow {
    pub id: i64,
    pub name: String,
    /// '0' draft, '1' submitted, '2' approved, '3' rejected.
    pub status: String,
    pub auditremark: String,
    /// When the project was (last) submitted, `YYYY-MM-DD HH:MM:SS`; '' if never.
    pub submitted_time: String,
}

impl From<ListedProject> for ListRow {
    fn from(row: ListedProject) -> Self {
        ListRow {
            id: row.id,
            name: row.name,
            status: row.audit_status,
            auditremark: row.auditremark,
            submitted_time: row.submitted_at.map(clock::china_datetime).unwrap_or_default(),
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ListData {
    pub list: Vec<ListRow>,
    pub total: i64,
    pub page: i64,
    pub limit: i64,
}

fn number(text: &Option<String>, default: i64, range: std::ops::RangeInclusive<i64>, message: &'static str) -> Result<i64, Invalid> {
    match text.as_deref().map(str::trim).filter(|t| !t.is_empty()) {
        None => Ok(default),
        Some(t) => t.parse::<i64>().ok().filter(|n| range.contains(n)).ok_or(Invalid(message)),
    }
}

fn like_pattern(text: &str) -> String {
    let escaped: String = text.chars().flat_map(|c| if matches!(c, '%' | '_' | '\\') { vec!['\\', c] } else { vec![c] }).collect();
    format!("%{escaped}%")
}

pub async fn list(db: &Db, current: &CurrentAccount, form: &ListForm) -> Result<ListData, ApiError> {
    require_admin(current)?;
    let page = number(&form.page, 1, 1..=1_000_000, MSG_PAGE)?;
    let limit = number(&form.limit, 10, 1..=100, MSG_LIMIT)?;
    let status = form.status.as_deref().unwrap_or("").trim().to_owned();
    if !matches!(status.as_str(), "" | "0" | "1" | "2" | "3") {
        return Err(Invalid(MSG_STATUS).into());
    }
    let name = form.name.as_deref().unwrap_or("").trim().to_owned();
    if name.chars().count() > 255 {
        return Err(Invalid(MSG_NAME_TOO_LONG).into());
    }
    let pattern = if name.is_empty() { String::new() } else { like_pattern(&name) };
    let total = repo::count_projects(db, &status, &pattern).await?;
    let list = repo::list_projects(db, &status, &pattern, limit, (page - 1) * limit).await?;
    Ok(ListData { list: list.into_iter().map(ListRow::from).collect(), total, page, limit })
}

#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct IdForm {
    /// The project's id.
    pub id: Option<String>,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct RejectForm {
    /// The project's id.
    pub id: Option<String>,
    /// Why the registration is rejected (required, at most 500 chars); the project sees it.
    pub auditremark: Option<String>,
}

/// A unit (steps 2–3) as the regulator reads it.
#[derive(Debug, Serialize, ToSchema)]
pub struct UnitSummary {
    /// 'builder' (建设单位, step 2) or 'contractor' (施工总包单位, step 3).
    pub role: String,
    pub name: String,
    pub social_credit_code: String,
    pub project_leader: String,
    pub project_leader_phone: String,
    /// Comma-joined contract attachment URLs.
    pub contract_attachments: String,
    /// The guarantee file URL.
    pub guarantee_path: String,
}

impl From<UnitWithCompany> for UnitSummary {
    fn from(row: UnitWithCompany) -> Self {
        UnitSummary {
            role: row.role,
            name: row.name,
            social_credit_code: row.social_credit_code,
            project_leader: row.project_leader,
            project_leader_phone: row.project_leader_phone,
            contract_attachments: row.contract_attachments,
            guarantee_path: row.guarantee_path,
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ProjectAudit {
    pub id: i64,
    pub name: String,
    pub status: String,
    pub auditremark: String,
    pub wizard_step: i64,
    /// `YYYY-MM-DD HH:MM:SS`, '' if never submitted.
    pub submitted_time: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct DetailData {
    pub project: ProjectAudit,
    /// Step 1.
    pub stepForm: StepForm,
    /// Steps 2–3 (empty when not saved).
    pub units: Vec<UnitSummary>,
    /// Step 4 (null when not saved).
    pub accountForm: Option<AccountForm>,
    /// Every attachment URL of the registration.
    pub attachments: Vec<String>,
    /// What the codes of stepForm and accountForm mean, so the regulator reads names, not codes.
    pub labels: DetailLabels,
}

/// The human labels of the registration's codes, resolved by the server. An empty or unknown code
/// (including a whole step not saved yet) gives ''.
#[derive(Debug, Default, Serialize, ToSchema)]
pub struct DetailLabels {
    /// 项目类型 of stepForm.ProjectType, e.g. `房屋建筑工程`.
    pub ProjectType: String,
    /// 资金来源 of stepForm.MoneySource, e.g. `政府投资`.
    pub MoneySource: String,
    /// 行业主管部门 of stepForm.DepartmentIndustryId, e.g. `住建部门`.
    pub DepartmentIndustryId: String,
    /// 工程进度 of stepForm.GcProcess, e.g. `在建`.
    pub GcProcess: String,
    /// 管辖划分: the full path of stepForm.DistrictCode's last code, from the province, names joined by `/`
    /// (`河南省/郑州市/金水区/…`).
    pub DistrictCode: String,
    /// 所属区域: the full path of stepForm.selectedOptions' last code, as DistrictCode.
    pub selectedOptions: String,
    /// The account's bank and branch (accountForm.bankSelected when opened, notopenbankSelected when not),
    /// names joined by `/` (`中国建设银行/中国建设银行郑州二七支行`); the bank alone when no branch was chosen.
    pub bank: String,
    /// 开户主体类型 of accountForm.OpenCompanyType, e.g. `施工总包`.
    pub OpenCompanyType: String,
}

fn parse_id(id: &Option<String>) -> Result<i64, ApiError> {
    let text = id.as_deref().unwrap_or("").trim();
    if text.is_empty() {
        return Err(Invalid(MSG_ID_REQUIRED).into());
    }
    text.parse::<i64>().ok().filter(|id| *id > 0).ok_or_else(|| ApiError::NotFound(MSG_NOT_FOUND.into()))
}

/// The label of `code` in `list`; '' when the code is empty or unknown.
fn option_label(list: &[SelectOption], code: &str) -> String {
    list.iter().find(|option| option.value == code).map(|option| option.label.to_owned()).unwrap_or_default()
}

/// The full path name of the last code of a stored comma-joined area path; '' when empty or unknown.
fn area_label(stored: &str) -> String {
    let last = stored.rsplit(',').map(str::trim).find(|code| !code.is_empty());
    last.and_then(|code| areas().resolve(code)).map(|area| areas().path_name(area)).unwrap_or_default()
}

/// The name of a bank or branch code; '' when empty or not in the bank tree.
async fn bank_name(db: &Db, code: &str) -> Result<String, ApiError> {
    if code.is_empty() {
        return Ok(String::new());
    }
    Ok(account::repo::find_bank(db, code).await?.map(|row| row.name).unwrap_or_default())
}

async fn labels(db: &Db, row: &StepFormRow, account: Option<&account::repo::SpecialAccountRow>) -> Result<DetailLabels, ApiError> {
    let mut labels = DetailLabels {
        ProjectType: option_label(options::PROJECT_TYPES, &row.project_type),
        MoneySource: option_label(options::MONEY_SOURCES, &row.money_source),
        DepartmentIndustryId: option_label(options::INDUSTRY_DEPARTMENTS, &row.department_industry_id),
        GcProcess: option_label(options::GC_PROCESSES, &row.gc_process),
        DistrictCode: area_label(&row.district_code),
        selectedOptions: area_label(&row.selected_options),
        ..DetailLabels::default()
    };
    if let Some(account) = account {
        // Both opening states keep the chosen bank and branch in the same columns.
        let names = [bank_name(db, &account.bank_code).await?, bank_name(db, &account.branch_code).await?];
        labels.bank = names.into_iter().filter(|name| !name.is_empty()).collect::<Vec<_>>().join("/");
        labels.OpenCompanyType = option_label(HOLDER_TYPES, &account.open_company_type);
    }
    Ok(labels)
}

pub async fn detail(db: &Db, current: &CurrentAccount, form: &IdForm) -> Result<DetailData, ApiError> {
    require_admin(current)?;
    let id = parse_id(&form.id)?;
    let row = project::repo::find_step_form(db, id).await?.ok_or_else(|| ApiError::NotFound(MSG_NOT_FOUND.into()))?;
    let submitted_at = repo::submitted_at(db, id).await?;
    let units: Vec<UnitSummary> = repo::units(db, id).await?.into_iter().map(UnitSummary::from).collect();
    let account = account::repo::find(db, id).await?;
    let labels = labels(db, &row, account.as_ref()).await?;
    let account_form = account.as_ref().map(|row| special::account_form(Some(row)));
    let mut attachments = Vec::new();
    for unit in &units {
        attachments.extend(unit.contract_attachments.split(',').map(str::trim).filter(|u| !u.is_empty()).map(str::to_owned));
        if !unit.guarantee_path.trim().is_empty() {
            attachments.push(unit.guarantee_path.trim().to_owned());
        }
    }
    if let Some(form) = &account_form {
        attachments.extend(form.Recurl.iter().cloned());
        attachments.extend(form.Agreementurl.iter().cloned());
    }
    Ok(DetailData {
        project: ProjectAudit {
            id,
            name: row.name.clone(),
            status: row.audit_status.clone(),
            auditremark: row.auditremark.clone(),
            wizard_step: row.wizard_step,
            submitted_time: submitted_at.map(clock::china_datetime).unwrap_or_default(),
        },
        stepForm: step_form(&row),
        units,
        accountForm: account_form,
        attachments,
        labels,
    })
}

/// Moves a submitted project to `status` with `remark`; 404 / 401 when it is not there or not submitted.
async fn decide(db: &Db, id: i64, status: &str, remark: &str) -> Result<String, ApiError> {
    if let Some(name) = repo::decide(db, id, status, remark).await? {
        return Ok(name);
    }
    match project::repo::find_summary(db, id).await? {
        None => Err(ApiError::NotFound(MSG_NOT_FOUND.into())),
        Some(_) => Err(ApiError::refused(MSG_NOT_SUBMITTED)),
    }
}

pub async fn approve(db: &Db, current: &CurrentAccount, ip: &str, form: &IdForm) -> Result<(), ApiError> {
    require_admin(current)?;
    let id = parse_id(&form.id)?;
    let name = decide(db, id, "2", "").await?;
    repo::insert_message(db, id, TITLE_APPROVED, &format!("您的项目「{name}」注册信息已审核通过，可以进入企业平台使用。")).await?;
    oplog::record(db, oplog::Entry {
        account_id: Some(current.account.id),
        account_name: &current.account.username,
        action: "审核通过",
        target_type: "project",
        target_id: id.to_string(),
        detail: format!("项目「{name}」审核通过"),
        ip,
    })
    .await?;
    Ok(())
}

pub async fn reject(db: &Db, current: &CurrentAccount, ip: &str, form: &RejectForm) -> Result<(), ApiError> {
    require_admin(current)?;
    let id = parse_id(&form.id)?;
    let remark = form.auditremark.as_deref().unwrap_or("").trim().to_owned();
    if remark.is_empty() {
        return Err(Invalid(MSG_REMARK_REQUIRED).into());
    }
    if remark.chars().count() > REMARK_MAX {
        return Err(Invalid(MSG_REMARK_TOO_LONG).into());
    }
    let name = decide(db, id, "3", &remark).await?;
    repo::insert_message(db, id, TITLE_REJECTED, &format!("您的项目「{name}」注册信息审核未通过，驳回原因：{remark}。请修改后重新提交审核。")).await?;
    oplog::record(db, oplog::Entry {
        account_id: Some(current.account.id),
        account_name: &current.account.username,
        action: "审核驳回",
        target_type: "project",
        target_id: id.to_string(),
        detail: format!("项目「{name}」驳回：{remark}"),
        ip,
    })
    .await?;
    Ok(())
}

#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct CreateAccountForm {
    /// The login name: 4–30 letters, digits or underscores, unique.
    pub username: Option<String>,
    /// The labour clerk's name (the person-name rule).
    pub name: Option<String>,
    /// Optional mobile or landline.
    pub phone: Option<String>,
    /// Optional: the project's name as the regulator knows it (the builder fills in the rest).
    pub projectname: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct CreatedAccount {
    pub account_id: i64,
    pub project_id: i64,
    pub username: String,
    /// The initial password, shown once: the account must change it at first login.
    pub password: String,
}

fn valid_username(text: &str) -> bool {
    (4..=30).contains(&text.len()) && text.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
}

/// 12 characters with an upper-case letter, a lower-case letter, a digit and a special character; no
/// look-alike characters (0/O, 1/l/I).
pub fn initial_password() -> String {
    const UPPER: &[u8] = b"ABCDEFGHJKLMNPQRSTUVWXYZ";
    const LOWER: &[u8] = b"abcdefghijkmnpqrstuvwxyz";
    const DIGIT: &[u8] = b"23456789";
    const SPECIAL: &[u8] = b"@#$%&*+=?";
    let pick = |set: &[u8]| set[rand::random_range(0..set.len())] as char;
    let mut chars = vec![pick(UPPER), pick(LOWER), pick(DIGIT), pick(SPECIAL)];
    let all: Vec<u8> = [UPPER, LOWER, DIGIT, SPECIAL].concat();
    while chars.len() < 12 {
        chars.push(pick(&all));
    }
    for i in (1..chars.len()).rev() {
        chars.swap(i, rand::random_range(0..=i));
    }
    chars.into_iter().collect()
}

pub async fn create_account(db: &Db, current: &CurrentAccount, ip: &str, form: &CreateAccountForm) -> Result<CreatedAccount, ApiError> {
    require_admin(current)?;
    let username = form.username.as_deref().unwrap_or("").trim().to_owned();
    if !valid_username(&username) {
        return Err(Invalid(MSG_USERNAME).into());
    }
    let name = crate::domain::text::required(form.name.as_deref().unwrap_or(""), MSG_NAME_REQUIRED)?;
    let name = PersonName::parse(&name)?.as_str().to_owned();
    let phone = Phone::parse_optional(form.phone.as_deref().unwrap_or("").trim())?.map(|p| p.as_str().to_owned()).unwrap_or_default();
    let project_name = form.projectname.as_deref().unwrap_or("").trim().to_owned();
    if project_name.chars().count() > 255 {
        return Err(Invalid(MSG_NAME_TOO_LONG).into());
    }
    if accounts::find_by_username(db, &username).await?.is_some() {
        return Err(ApiError::refused(MSG_USERNAME_TAKEN));
    }
    let password = initial_password();
    let hash = password::hash_blocking(password.clone()).await?;
    let project_id = project::repo::create(db, &project_name, "0").await?;
    let created = accounts::create(db, NewAccount {
        username: &username,
        name: &name,
        kind: AccountKind::Builder,
        project_id: Some(project_id),
        phone: &phone,
        id_number: "",
        password_hash: &hash,
        password_meets_strong_rule: password::meets_strong_rule(&password),
        must_change_password: true,
    })
    .await;
    let account_id = match created {
        Ok(id) => id,
        Err(error) => {
            // The name was taken in the meantime: leave no orphan project behind.
            let _ = repo::delete_project(db, project_id).await;
            if accounts::find_by_username(db, &username).await?.is_some() {
                return Err(ApiError::refused(MSG_USERNAME_TAKEN));
            }
            return Err(error.into());
        }
    };
    oplog::record(db, oplog::Entry {
        account_id: Some(current.account.id),
        account_name: &current.account.username,
        action: "开通项目账号",
        target_type: "project",
        target_id: project_id.to_string(),
        detail: format!("账号{username}（{name}），账号编号{account_id}，初始密码已生成（须首次登录修改）"),
        ip,
    })
    .await?;
    Ok(CreatedAccount { account_id, project_id, username, password })
}
