//! The regulator's audit of project registrations (DESIGN §1, §5 "Wizard"): list, detail, approve,
//! reject, and provisioning of new project accounts. Admin accounts only.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::account::special::{self, AccountForm, HOLDER_TYPES};
use crate::area::data::areas;
use crate::auth::password;
use crate::clock;
use crate::company::service::{self as company, RegisteredUnit};
use crate::db::Db;
use crate::domain::person_name::PersonName;
use crate::domain::phone::Phone;
use crate::domain::{Invalid, money};
use crate::envelope::ApiError;
use crate::identity::accounts::RegulatorRole;
use crate::identity::accounts::{self, AccountKind, NewAccount};
use crate::identity::sessions::CurrentAccount;
use crate::project::options::{self, SelectOption};
pub use crate::project::service::MSG_ID_REQUIRED;
use crate::project::service::{self as project, ListedProject, StepForm, StepFormRow, step_form};
use crate::{account, message, oplog, scope};

pub const MSG_ADMIN_ONLY: &str = "仅监管部门账号可以审核项目";
pub const MSG_NOT_FOUND: &str = "项目不存在";
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

/// A project the regulator's district holds; another district's answers as an unknown project.
async fn in_scope(db: &Db, current: &CurrentAccount, id: i64) -> Result<(), ApiError> {
    if scope::covers(db, current, id).await? { Ok(()) } else { Err(ApiError::NotFound(MSG_NOT_FOUND.into())) }
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

fn number(
    text: &Option<String>,
    default: i64,
    range: std::ops::RangeInclusive<i64>,
    message: &'static str,
) -> Result<i64, Invalid> {
    match text.as_deref().map(str::trim).filter(|t| !t.is_empty()) {
        None => Ok(default),
        Some(t) => t.parse::<i64>().ok().filter(|n| range.contains(n)).ok_or(Invalid(message)),
    }
}

fn like_pattern(text: &str) -> String {
    let escaped: String =
        text.chars().flat_map(|c| if matches!(c, '%' | '_' | '\\') { vec!['\\', c] } else { vec![c] }).collect();
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
    let (total, list) =
        project::audit_list(db, &status, &pattern, scope::district(current), limit, (page - 1) * limit).await?;
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

/// A unit (steps 2–3) as the regulator reads it: every field the clerk registered.
#[derive(Debug, Serialize, ToSchema)]
pub struct UnitSummary {
    /// 'builder' (建设单位, step 2) or 'contractor' (施工总包单位, step 3).
    pub role: String,
    /// The company, for `Company/unlock`.
    pub company_id: i64,
    /// The wizard locked the company's fields at the first save; the regulator may unlock them.
    pub company_locked: bool,
    pub name: String,
    pub social_credit_code: String,
    /// 法定代表人 and the phone.
    pub legal_person: String,
    pub legal_person_phone: String,
    pub project_leader: String,
    pub project_leader_phone: String,
    /// 劳资专管员 (step 3 only; '' for the builder).
    pub labor_leader: String,
    pub labor_leader_phone: String,
    /// 现场负责人 (step 3 only).
    pub site_manager: String,
    pub site_manager_phone: String,
    /// Comma-joined contract attachment URLs.
    pub contract_attachments: String,
    /// The deposit method's code (`depositmethod`) and its name, e.g. `322` / `银行保函`.
    pub pay_type: String,
    pub pay_type_label: String,
    /// The deposit in 万元, exact; '' when none.
    pub deposit: String,
    /// The guarantee file URL.
    pub guarantee_path: String,
    /// The guarantee's validity, YYYY-MM-DD; '' when not given.
    pub guarantee_start: String,
    pub guarantee_end: String,
}

impl From<RegisteredUnit> for UnitSummary {
    fn from(row: RegisteredUnit) -> Self {
        UnitSummary {
            role: row.role,
            company_id: row.company_id,
            company_locked: row.locked,
            name: row.name,
            social_credit_code: row.social_credit_code,
            legal_person: row.legal_person,
            legal_person_phone: row.legal_person_phone,
            project_leader: row.project_leader,
            project_leader_phone: row.project_leader_phone,
            labor_leader: row.labor_leader,
            labor_leader_phone: row.labor_leader_phone,
            site_manager: row.site_manager,
            site_manager_phone: row.site_manager_phone,
            contract_attachments: row.contract_attachments,
            pay_type_label: option_label(options::DEPOSIT_METHODS, &row.pay_type),
            pay_type: row.pay_type,
            deposit: row.deposit_fen.map(|fen| money::fen_to_wan(fen.max(0) as u64)).unwrap_or_default(),
            guarantee_path: row.guarantee_path,
            guarantee_start: row.guarantee_start,
            guarantee_end: row.guarantee_end,
        }
    }
}

/// The bank's last answer on the special account (wizard step 4's 验证).
#[derive(Debug, Serialize, ToSchema)]
pub struct BankCheck {
    /// 'verified' (the bank confirmed the account) or 'doubtful' (the bank answered with a warning).
    pub outcome: String,
    /// `银行验证通过` or `银行提示需确认`.
    pub outcome_label: String,
    /// The account the bank was asked about is the one saved in step 4.
    pub same_account: bool,
    /// The opening date the bank gave; '' when none.
    pub open_date: String,
    /// `YYYY-MM-DD HH:MM:SS`.
    pub checked_time: String,
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
    /// When the registration was last approved or rejected, `YYYY-MM-DD HH:MM:SS`; '' if never.
    pub decided_time: String,
    /// The deciding regulator's login name; '' if never decided.
    pub decided_by: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DetailData {
    pub project: ProjectAudit,
    /// Step 1.
    pub step_form: StepForm,
    /// Steps 2–3 (empty when not saved).
    pub units: Vec<UnitSummary>,
    /// Step 4 (null when not saved).
    pub account_form: Option<AccountForm>,
    /// The bank's last answer on the account (null when never asked).
    pub bank_check: Option<BankCheck>,
    /// Every attachment URL of the registration.
    pub attachments: Vec<String>,
    /// What the codes of stepForm and accountForm mean, so the regulator reads names, not codes.
    pub labels: DetailLabels,
}

/// The human labels of the registration's codes, resolved by the server. An empty or unknown code
/// (including a whole step not saved yet) gives ''.
#[derive(Debug, Default, Serialize, ToSchema)]
#[serde(rename_all = "PascalCase")]
pub struct DetailLabels {
    /// 项目类型 of stepForm.ProjectType, e.g. `房屋建筑工程`.
    pub project_type: String,
    /// 资金来源 of stepForm.MoneySource, e.g. `政府投资`.
    pub money_source: String,
    /// 行业主管部门 of stepForm.DepartmentIndustryId, e.g. `住建部门`.
    pub department_industry_id: String,
    /// 工程进度 of stepForm.GcProcess, e.g. `在建`.
    pub gc_process: String,
    /// 管辖划分: the full path of stepForm.DistrictCode's last code, from the province, names joined by `/`
    /// (`河南省/郑州市/金水区/…`).
    pub district_code: String,
    /// 所属区域: the full path of stepForm.selectedOptions' last code, as DistrictCode.
    #[serde(rename = "selectedOptions")]
    pub selected_options: String,
    /// The account's bank and branch (accountForm.bankSelected when opened, notopenbankSelected when not),
    /// names joined by `/` (`中国建设银行/中国建设银行郑州二七支行`); the bank alone when no branch was chosen.
    #[serde(rename = "bank")]
    pub bank: String,
    /// 开户主体类型 of accountForm.OpenCompanyType, e.g. `施工总包`.
    pub open_company_type: String,
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
    Ok(account::service::bank_name(db, code).await?.unwrap_or_default())
}

/// The special account's codes the labels name: bank, branch and holder type.
struct AccountCodes<'a> {
    bank: &'a str,
    branch: &'a str,
    holder_type: &'a str,
}

async fn labels(db: &Db, row: &StepFormRow, account: Option<AccountCodes<'_>>) -> Result<DetailLabels, ApiError> {
    let mut labels = DetailLabels {
        project_type: option_label(options::PROJECT_TYPES, &row.project_type),
        money_source: option_label(options::MONEY_SOURCES, &row.money_source),
        department_industry_id: option_label(options::INDUSTRY_DEPARTMENTS, &row.department_industry_id),
        gc_process: option_label(options::GC_PROCESSES, &row.gc_process),
        district_code: area_label(&row.district_code),
        selected_options: area_label(&row.selected_options),
        ..DetailLabels::default()
    };
    if let Some(account) = account {
        // Both opening states keep the chosen bank and branch in the same columns.
        let names = [bank_name(db, account.bank).await?, bank_name(db, account.branch).await?];
        labels.bank = names.into_iter().filter(|name| !name.is_empty()).collect::<Vec<_>>().join("/");
        labels.open_company_type = option_label(HOLDER_TYPES, account.holder_type);
    }
    Ok(labels)
}

pub async fn detail(db: &Db, current: &CurrentAccount, form: &IdForm) -> Result<DetailData, ApiError> {
    require_admin(current)?;
    let id = parse_id(&form.id)?;
    in_scope(db, current, id).await?;
    let row = project::find_step_form(db, id).await?.ok_or_else(|| ApiError::NotFound(MSG_NOT_FOUND.into()))?;
    let times = project::audit_times(db, id).await?;
    let units: Vec<UnitSummary> = company::registered_units(db, id).await?.into_iter().map(UnitSummary::from).collect();
    let account = account::service::special_account(db, id).await?;
    let codes = account.as_ref().map(|account| AccountCodes {
        bank: &account.bank_code,
        branch: &account.branch_code,
        holder_type: &account.open_company_type,
    });
    let labels = labels(db, &row, codes).await?;
    let account_form = account.as_ref().map(|row| special::account_form(Some(row)));
    let bank_check = account::service::verification(db, id).await?.map(|check| BankCheck {
        outcome_label: if check.outcome == "verified" { "银行验证通过" } else { "银行提示需确认" }.to_owned(),
        same_account: account.as_ref().is_some_and(|saved| saved.bank_account == check.bank_account),
        outcome: check.outcome,
        open_date: check.open_date,
        checked_time: clock::china_datetime(check.verified_at),
    });
    let mut attachments = Vec::new();
    for unit in &units {
        attachments
            .extend(unit.contract_attachments.split(',').map(str::trim).filter(|u| !u.is_empty()).map(str::to_owned));
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
            submitted_time: times.submitted_at.map(clock::china_datetime).unwrap_or_default(),
            decided_time: times.decided_at.map(clock::china_datetime).unwrap_or_default(),
            decided_by: times.decided_by,
        },
        step_form: step_form(&row),
        units,
        account_form,
        bank_check,
        attachments,
        labels,
    })
}

/// Moves a submitted project to `status` with `remark`, decided by `current`; 404 / 401 when it is not there
/// or not submitted.
async fn decide(db: &Db, current: &CurrentAccount, id: i64, status: &str, remark: &str) -> Result<String, ApiError> {
    if let Some(name) = project::audit_decide(db, id, status, remark, &current.account.username).await? {
        return Ok(name);
    }
    match project::find_summary(db, id).await? {
        None => Err(ApiError::NotFound(MSG_NOT_FOUND.into())),
        Some(_) => Err(ApiError::refused(MSG_NOT_SUBMITTED)),
    }
}

/// A decision's status change as the log writes it: from submitted to `after`.
fn status_change(after: &str) -> String {
    format!("{} → {}", project::audit_status_label("1"), project::audit_status_label(after))
}

pub async fn approve(db: &Db, current: &CurrentAccount, ip: &str, form: &IdForm) -> Result<(), ApiError> {
    require_admin(current)?;
    scope::require_role(current, &[RegulatorRole::Auditor])?;
    let id = parse_id(&form.id)?;
    in_scope(db, current, id).await?;
    let name = decide(db, current, id, "2", "").await?;
    message::service::send_to_project(
        db,
        id,
        TITLE_APPROVED,
        &format!("您的项目「{name}」注册信息已审核通过，可以进入企业平台使用。"),
    )
    .await?;
    oplog::record(
        db,
        oplog::Entry::by(&current.account, ip)
            .project(id)
            .action("审核通过")
            .on("project", id)
            .detail(format!("项目「{name}」审核状态：{}", status_change("2"))),
    )
    .await?;
    Ok(())
}

pub async fn reject(db: &Db, current: &CurrentAccount, ip: &str, form: &RejectForm) -> Result<(), ApiError> {
    require_admin(current)?;
    scope::require_role(current, &[RegulatorRole::Auditor])?;
    let id = parse_id(&form.id)?;
    in_scope(db, current, id).await?;
    let remark = form.auditremark.as_deref().unwrap_or("").trim().to_owned();
    if remark.is_empty() {
        return Err(Invalid(MSG_REMARK_REQUIRED).into());
    }
    if remark.chars().count() > REMARK_MAX {
        return Err(Invalid(MSG_REMARK_TOO_LONG).into());
    }
    let name = decide(db, current, id, "3", &remark).await?;
    message::service::send_to_project(
        db,
        id,
        TITLE_REJECTED,
        &format!("您的项目「{name}」注册信息审核未通过，驳回原因：{remark}。请修改后重新提交审核。"),
    )
    .await?;
    oplog::record(
        db,
        oplog::Entry::by(&current.account, ip)
            .project(id)
            .action("审核驳回")
            .on("project", id)
            .detail(format!("项目「{name}」审核状态：{}，驳回原因：{remark}", status_change("3"))),
    )
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

pub async fn create_account(
    db: &Db,
    current: &CurrentAccount,
    ip: &str,
    form: &CreateAccountForm,
) -> Result<CreatedAccount, ApiError> {
    require_admin(current)?;
    scope::require_role(current, &[RegulatorRole::Auditor])?;
    let username = form.username.as_deref().unwrap_or("").trim().to_owned();
    if !valid_username(&username) {
        return Err(Invalid(MSG_USERNAME).into());
    }
    let name = crate::domain::text::required(form.name.as_deref().unwrap_or(""), MSG_NAME_REQUIRED)?;
    let name = PersonName::parse(&name)?.as_str().to_owned();
    let phone = Phone::parse_optional(form.phone.as_deref().unwrap_or("").trim())?
        .map(|p| p.as_str().to_owned())
        .unwrap_or_default();
    let project_name = form.projectname.as_deref().unwrap_or("").trim().to_owned();
    if project_name.chars().count() > 255 {
        return Err(Invalid(MSG_NAME_TOO_LONG).into());
    }
    if accounts::find_by_username(db, &username).await?.is_some() {
        return Err(ApiError::refused(MSG_USERNAME_TAKEN));
    }
    let password = password::initial_password();
    let hash = password::hash_blocking(password.clone()).await?;
    // A district auditor's new project starts in its district, so that it stays in the auditor's view.
    let project_id = project::create_in_district(db, &project_name, "0", scope::district(current)).await?;
    let created = accounts::create(
        db,
        NewAccount {
            username: &username,
            name: &name,
            kind: AccountKind::Builder,
            project_id: Some(project_id),
            phone: &phone,
            id_number: "",
            password_hash: &hash,
            password_meets_strong_rule: password::meets_strong_rule(&password),
            must_change_password: true,
            district: "",
            regulator_role: None,
        },
    )
    .await;
    let account_id = match created {
        Ok(id) => id,
        Err(error) => {
            // The name was taken in the meantime: leave no orphan project behind.
            let _ = project::delete_unreferenced(db, project_id).await;
            if accounts::find_by_username(db, &username).await?.is_some() {
                return Err(ApiError::refused(MSG_USERNAME_TAKEN));
            }
            return Err(error.into());
        }
    };
    oplog::record(
        db,
        oplog::Entry::by(&current.account, ip)
            .project(project_id)
            .action("开通项目账号")
            .on("project", project_id)
            .detail(format!("账号{username}（{name}），账号编号{account_id}，初始密码已生成（须首次登录修改）")),
    )
    .await?;
    Ok(CreatedAccount { account_id, project_id, username, password })
}
