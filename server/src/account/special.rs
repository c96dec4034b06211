//! Wizard step 4 (spec §3 "Special bank account (accountForm)", §5 "Bank account"): the account form
//! with the bank tree, its save, and the submit for audit (`Site/ajaxSubmit`).

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::repo::{self, SpecialAccountRow};
use super::verify::mask_account;
use crate::company;
use crate::company::service::Role;
use crate::db::Db;
use crate::domain::Invalid;
use crate::domain::credit_code::CreditCode;
use crate::domain::dates::{format_date, parse_date, required_date};
use crate::domain::person_name::PersonName;
use crate::domain::phone::Phone;
use crate::domain::text::{self, MSG_BANK_BRANCH_REQUIRED, MSG_OPEN_COMPANY_TYPE_REQUIRED};
use crate::envelope::ApiError;
use crate::extract::sent;
use crate::identity::accounts::AccountKind;
use crate::identity::sessions::CurrentAccount;
use crate::oplog;
use crate::project::options::SelectOption;
use crate::project::service::{MSG_APPROVED, MSG_NO_PROJECT, MSG_NOT_BUILDER, MSG_SUBMITTED};
use crate::upload::service::URL_PREFIX;

pub const MSG_OPEN_STATUS: &str = "请选择专户开户状态";
pub const MSG_OPEN_COMPANY_TYPE_UNKNOWN: &str = "请选择正确的开户主体类型";
pub const MSG_RECURL_REQUIRED: &str = "请上传专户开户凭证";
pub const MSG_AGREEMENT_REQUIRED: &str = "请上传三方监管协议";
pub const MSG_TOO_MANY_FILES: &str = "当前限制选择5个文件";
pub const MSG_BAD_ATTACHMENT: &str = "附件无效，请重新上传";
pub const MSG_VERIFY_FIRST: &str = "请先验证专户";
pub const MSG_CONFIRM_DOUBTFUL: &str = "专户验证结果需确认：该账户开户信息与登记信息不完全一致，请确认是否继续提交";
pub const MSG_NOT_OPENED_BANK: &str = "请选择拟开户银行";
pub const MSG_APPOINTMENT_REQUIRED: &str = "请选择预约开户日期";
pub const MSG_SUBMITTED_OK: &str = "成功提交审核";
pub const MSG_STEP1_MISSING: &str = "请先完成第一步：填写项目信息";
pub const MSG_STEP2_MISSING: &str = "请先完成第二步：填写建设单位信息";
pub const MSG_STEP3_MISSING: &str = "请先完成第三步：填写施工单位信息";
pub const MSG_STEP4_MISSING: &str = "请先完成第四步：填写专户信息";
pub const MAX_FILES: usize = 5;

/// Account-holder types (开户主体类型). The spec's short list is the first two.
pub const HOLDER_TYPES: &[SelectOption] = &[
    SelectOption { value: "1", label: "建设单位" },
    SelectOption { value: "2", label: "施工总包" },
    SelectOption { value: "3", label: "施工分包" },
];

/// The end of a special wage account's name: 《工程建设领域农民工工资专用账户管理暂行办法》 (2021) names the
/// account 总包单位名称 + 工程建设项目名称 + 「农民工工资专用账户」.
pub const ACCOUNT_NAME_SUFFIX: &str = "农民工工资专用账户";

/// The notice shown with the account form (the spec's `agreementfour`).
pub const AGREEMENT_FOUR: &str = "根据《保障农民工工资支付条例》（国务院令第724号）第二十六条，施工总承包单位应当按照有关规定开设农民工工资专用账户，专项用于支付该工程建设项目农民工工资。开设、使用专用账户有关资料应当由施工总承包单位妥善保存备查。专用账户须与建设单位、开户银行签订三方监管协议；开户凭证和三方监管协议请上传清晰的扫描件或照片（jpg、jpeg、png、gif、pdf，每类最多5个文件，单个不超过5MB）。";

/// The account form with the spec's field names; empty values '' (arrays []).
#[derive(Debug, Clone, Serialize, ToSchema)]
// The spec names these fields in mixed case (PascalCase beside lowercase): no serde rule spells them.
#[allow(non_snake_case)]
pub struct AccountForm {
    /// The special account's id ('' before the first save).
    pub Id: String,
    /// Opening status: '1' opened, '2' not opened ('' before the first save).
    pub banktype: String,
    pub BankAccount: String,
    pub AccountName: String,
    /// The bank's code.
    pub BankType: String,
    /// The branch's code.
    pub BankPoint: String,
    /// Open date, YYYY-MM-DD (the bank's, when verified).
    pub OpenTime: String,
    /// `[bank, branch]`.
    pub bankSelected: Vec<String>,
    /// A `companytype` value.
    pub OpenCompanyType: String,
    pub OpenCompanyName: String,
    pub SocialCreditCode: String,
    /// Opening voucher URLs.
    pub Recurl: Vec<String>,
    /// Tripartite agreement URLs.
    pub Agreementurl: Vec<String>,
    /// '1' when the account is a virtual sub-account (no tripartite agreement needed).
    pub isvirtual: String,
    /// Not opened: `[bank]` or `[bank, branch]`.
    pub notopenbankSelected: Vec<String>,
    pub AdminName: String,
    pub AdminPhone: String,
    /// Appointment date, YYYY-MM-DD.
    pub AppointMent: String,
    /// '1' = opened and verified with the bank (the console shows a flag), '0' otherwise.
    pub AccountStatus: String,
}

/// A branch in the bank tree.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct BranchOption {
    pub value: String,
    pub label: String,
}

/// A bank with its branches (Cascader option).
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct BankOption {
    pub value: String,
    pub label: String,
    pub children: Vec<BranchOption>,
}

/// What step 4 shows.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct AccountEditData {
    #[serde(rename = "accountForm")]
    pub account_form: AccountForm,
    /// Banks with their branches.
    pub banklist: Vec<BankOption>,
    /// Account-holder types.
    pub companytype: Vec<SelectOption>,
    pub agreementfour: String,
    /// '0' draft, '1' submitted, '2' approved, '3' rejected.
    pub auditstatus: String,
    pub auditremark: String,
    /// Whether the wizard may still save (status '0' or '3').
    pub editable: bool,
    pub wizard_step: i64,
    /// The account name the national rule prescribes, for the console to propose in AccountName: the
    /// general contractor's name (step 3) + the project's name (step 1) + `农民工工资专用账户`. '' while
    /// either is missing.
    pub suggested_account_name: String,
}

/// The form `SpecialAccount/specialAccountInfoSave` receives. Arrays arrive comma-joined.
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
// The spec names these fields in mixed case (PascalCase beside lowercase): no serde rule spells them.
#[allow(non_snake_case)]
pub struct AccountSaveForm {
    /// The special account's id; ignored (the account is always the session project's).
    pub Id: Option<String>,
    /// '1' opened, '2' not opened.
    pub banktype: Option<String>,
    pub BankAccount: Option<String>,
    pub AccountName: Option<String>,
    pub BankType: Option<String>,
    pub BankPoint: Option<String>,
    /// `bank,branch`.
    pub bankSelected: Option<String>,
    /// Ignored when the bank verified the account (its open date wins).
    pub OpenTime: Option<String>,
    pub OpenCompanyType: Option<String>,
    pub OpenCompanyName: Option<String>,
    pub SocialCreditCode: Option<String>,
    /// Comma-joined upload URLs (kind attachment), 1–5.
    pub Recurl: Option<String>,
    /// Comma-joined upload URLs, 1–5 unless `isvirtual` is '1'.
    pub Agreementurl: Option<String>,
    /// '1': a virtual sub-account; the tripartite agreement is not required.
    pub isvirtual: Option<String>,
    /// '1': the user confirmed the bank's 301 warning.
    pub confirmed: Option<String>,
    /// Not opened: `bank` or `bank,branch`.
    pub notopenbankSelected: Option<String>,
    pub AdminName: Option<String>,
    pub AdminPhone: Option<String>,
    pub AppointMent: Option<String>,
}

fn split(text: &str) -> Vec<String> {
    text.split(',').map(|part| part.trim().to_owned()).filter(|part| !part.is_empty()).collect()
}

/// The session's project and its audit status, for a builder account only.
async fn builder_project(
    db: &Db,
    current: &CurrentAccount,
) -> Result<(i64, crate::project::service::StepFormRow), ApiError> {
    if current.kind() != AccountKind::Builder {
        return Err(ApiError::Forbidden(MSG_NOT_BUILDER.into()));
    }
    let id = current.account.project_id.ok_or_else(|| ApiError::NotFound(MSG_NO_PROJECT.into()))?;
    let row = crate::project::service::find_step_form(db, id)
        .await?
        .ok_or_else(|| ApiError::NotFound(MSG_NO_PROJECT.into()))?;
    Ok((id, row))
}

fn check_editable(audit_status: &str) -> Result<(), ApiError> {
    match audit_status {
        "0" | "3" => Ok(()),
        "2" => Err(ApiError::Forbidden(MSG_APPROVED.into())),
        _ => Err(ApiError::Forbidden(MSG_SUBMITTED.into())),
    }
}

pub fn account_form(row: Option<&SpecialAccountRow>) -> AccountForm {
    let Some(row) = row else {
        return AccountForm {
            Id: String::new(),
            banktype: String::new(),
            BankAccount: String::new(),
            AccountName: String::new(),
            BankType: String::new(),
            BankPoint: String::new(),
            OpenTime: String::new(),
            bankSelected: Vec::new(),
            OpenCompanyType: String::new(),
            OpenCompanyName: String::new(),
            SocialCreditCode: String::new(),
            Recurl: Vec::new(),
            Agreementurl: Vec::new(),
            isvirtual: "0".into(),
            notopenbankSelected: Vec::new(),
            AdminName: String::new(),
            AdminPhone: String::new(),
            AppointMent: String::new(),
            AccountStatus: "0".into(),
        };
    };
    let opened = row.open_status == 1;
    let path =
        [row.bank_code.clone(), row.branch_code.clone()].into_iter().filter(|c| !c.is_empty()).collect::<Vec<_>>();
    AccountForm {
        Id: row.id.to_string(),
        banktype: row.open_status.to_string(),
        BankAccount: row.bank_account.clone(),
        AccountName: row.account_name.clone(),
        BankType: if opened { row.bank_code.clone() } else { String::new() },
        BankPoint: if opened { row.branch_code.clone() } else { String::new() },
        OpenTime: row.open_time.clone(),
        bankSelected: if opened { path.clone() } else { Vec::new() },
        OpenCompanyType: row.open_company_type.clone(),
        OpenCompanyName: row.open_company_name.clone(),
        SocialCreditCode: row.social_credit_code.clone(),
        Recurl: split(&row.recurl),
        Agreementurl: split(&row.agreementurl),
        isvirtual: if row.is_virtual { "1".into() } else { "0".into() },
        notopenbankSelected: if opened { Vec::new() } else { path },
        AdminName: row.admin_name.clone(),
        AdminPhone: row.admin_phone.clone(),
        AppointMent: row.appointment.clone(),
        AccountStatus: row.account_status.clone(),
    }
}

/// The bank tree: banks (parent '') with their branches.
pub async fn bank_tree(db: &Db) -> Result<Vec<BankOption>, ApiError> {
    let rows = repo::banks(db).await?;
    let mut banks: Vec<BankOption> = rows
        .iter()
        .filter(|row| row.parent_code.is_empty())
        .map(|row| BankOption { value: row.code.clone(), label: row.name.clone(), children: Vec::new() })
        .collect();
    for row in rows.iter().filter(|row| !row.parent_code.is_empty()) {
        if let Some(bank) = banks.iter_mut().find(|bank| bank.value == row.parent_code) {
            bank.children.push(BranchOption { value: row.code.clone(), label: row.name.clone() });
        }
    }
    Ok(banks)
}

/// The general contractor's company name (step 3), if saved.
async fn contractor_name(db: &Db, project_id: i64) -> Result<Option<String>, ApiError> {
    let Some(unit) = company::service::find_unit(db, project_id, Role::Contractor.as_str()).await? else {
        return Ok(None);
    };
    Ok(company::service::find_company(db, unit.company_id).await?.map(|company| company.fields.name))
}

/// 施工总承包单位名称 + 工程项目名称 + 农民工工资专用账户; '' when either name is missing.
fn suggested_account_name(contractor: Option<&str>, project: &str) -> String {
    let contractor = contractor.unwrap_or("").trim();
    let project = project.trim();
    if contractor.is_empty() || project.is_empty() {
        String::new()
    } else {
        format!("{contractor}{project}{ACCOUNT_NAME_SUFFIX}")
    }
}

/// The project's stored special account, for the special-account pages.
pub async fn find_account(db: &Db, project_id: i64) -> sqlx::Result<Option<SpecialAccountRow>> {
    repo::find(db, project_id).await
}

/// The name of a bank or branch by its code ('' when unknown).
pub async fn bank_name(db: &Db, code: &str) -> sqlx::Result<String> {
    Ok(repo::find_bank(db, code).await?.map(|row| row.name).unwrap_or_default())
}

/// `Site/AccountEdit`.
pub async fn load(db: &Db, current: &CurrentAccount) -> Result<AccountEditData, ApiError> {
    let (project_id, project) = builder_project(db, current).await?;
    let stored = repo::find(db, project_id).await?;
    let contractor = contractor_name(db, project_id).await?;
    Ok(AccountEditData {
        suggested_account_name: suggested_account_name(contractor.as_deref(), &project.name),
        account_form: account_form(stored.as_ref()),
        banklist: bank_tree(db).await?,
        companytype: HOLDER_TYPES.to_vec(),
        agreementfour: AGREEMENT_FOUR.to_owned(),
        editable: matches!(project.audit_status.as_str(), "0" | "3"),
        auditstatus: project.audit_status,
        auditremark: project.auditremark,
        wizard_step: project.wizard_step,
    })
}

/// Upload URLs: 1–5 (when required) of this project's own uploads, stored as `/uploads/{name}`.
async fn attachments(
    db: &Db,
    project_id: i64,
    text: &str,
    required: Option<&'static str>,
) -> Result<Vec<String>, ApiError> {
    let urls = split(text);
    if urls.is_empty() {
        return match required {
            Some(message) => Err(ApiError::refused(message)),
            None => Ok(Vec::new()),
        };
    }
    if urls.len() > MAX_FILES {
        return Err(ApiError::refused(MSG_TOO_MANY_FILES));
    }
    let mut stored = Vec::new();
    for url in urls {
        let name = url.rsplit_once(URL_PREFIX).map(|(_, name)| name).unwrap_or("");
        let plain =
            !name.is_empty() && name.len() <= 80 && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'.');
        if !plain || !repo::is_project_upload(db, project_id, name).await? {
            return Err(ApiError::refused(MSG_BAD_ATTACHMENT));
        }
        let normalised = format!("{URL_PREFIX}{name}");
        if !stored.contains(&normalised) {
            stored.push(normalised);
        }
    }
    Ok(stored)
}

/// A `bank` or `bank,branch` path through the bank tree; the branch must belong to the bank.
async fn bank_path(
    db: &Db,
    bank: &str,
    branch: &str,
    bank_message: &'static str,
) -> Result<(String, String), ApiError> {
    let bank_row = match bank {
        "" => None,
        code => repo::find_bank(db, code).await?.filter(|row| row.parent_code.is_empty()),
    };
    if branch.is_empty() {
        let bank_row = bank_row.ok_or(Invalid(bank_message))?;
        return Ok((bank_row.code, String::new()));
    }
    let branch_row = repo::find_bank(db, branch)
        .await?
        .filter(|row| !row.parent_code.is_empty())
        .ok_or(Invalid(MSG_BANK_BRANCH_REQUIRED))?;
    if bank_row.as_ref().is_some_and(|bank| bank.code != branch_row.parent_code)
        || (!bank.is_empty() && bank_row.is_none())
    {
        return Err(Invalid(MSG_BANK_BRANCH_REQUIRED).into());
    }
    Ok((branch_row.parent_code, branch_row.code))
}

async fn validate_opened(
    db: &Db,
    project_id: i64,
    form: &AccountSaveForm,
) -> Result<(SpecialAccountRow, String), ApiError> {
    let bank_account = text::bank_account(sent(&form.BankAccount))?;
    let account_name = text::account_name(sent(&form.AccountName))?;
    let selected = split(sent(&form.bankSelected));
    let bank = Some(sent(&form.BankType).to_owned())
        .filter(|v| !v.is_empty())
        .or_else(|| selected.first().cloned())
        .unwrap_or_default();
    let branch = Some(sent(&form.BankPoint).to_owned())
        .filter(|v| !v.is_empty())
        .or_else(|| if selected.len() >= 2 { selected.last().cloned() } else { None })
        .ok_or(Invalid(MSG_BANK_BRANCH_REQUIRED))?;
    let (bank_code, branch_code) = bank_path(db, &bank, &branch, MSG_BANK_BRANCH_REQUIRED).await?;
    let company_type = text::required(sent(&form.OpenCompanyType), MSG_OPEN_COMPANY_TYPE_REQUIRED)?;
    if !HOLDER_TYPES.iter().any(|option| option.value == company_type) {
        return Err(Invalid(MSG_OPEN_COMPANY_TYPE_UNKNOWN).into());
    }
    let company_name = text::required(sent(&form.OpenCompanyName), text::MSG_OPEN_COMPANY_NAME_REQUIRED)?;
    let company_name = text::unit_name(&company_name)?;
    let credit_code = CreditCode::parse(sent(&form.SocialCreditCode))?;
    let open_time = parse_date(sent(&form.OpenTime))?;
    let is_virtual = sent(&form.isvirtual) == "1";
    let recurl = attachments(db, project_id, sent(&form.Recurl), Some(MSG_RECURL_REQUIRED)).await?;
    let agreement =
        attachments(db, project_id, sent(&form.Agreementurl), (!is_virtual).then_some(MSG_AGREEMENT_REQUIRED)).await?;

    let verification = repo::find_verification(db, project_id).await?;
    let verification = verification
        .filter(|v| v.bank_account == bank_account && v.account_name == account_name && v.branch_code == branch_code)
        .ok_or_else(|| ApiError::refused(MSG_VERIFY_FIRST))?;
    let verified = verification.outcome == "verified";
    if !verified && sent(&form.confirmed) != "1" {
        return Err(ApiError::NeedsConfirmation(MSG_CONFIRM_DOUBTFUL.into()));
    }
    let open_time =
        if verified { verification.open_date.clone() } else { open_time.map(format_date).unwrap_or_default() };
    let summary = format!(
        "已开户，账号{}，户名{account_name}，网点{branch_code}，{}",
        mask_account(&bank_account),
        if verified { "银行验证通过" } else { "银行验证需确认，用户已确认" }
    );
    Ok((
        SpecialAccountRow {
            open_status: 1,
            bank_account,
            account_name,
            bank_code,
            branch_code,
            open_time,
            open_company_type: company_type,
            open_company_name: company_name,
            social_credit_code: credit_code.as_str().to_owned(),
            recurl: recurl.join(","),
            agreementurl: agreement.join(","),
            is_virtual,
            account_status: if verified { "1".into() } else { "0".into() },
            verified_at: Some(verification.verified_at),
            ..SpecialAccountRow::default()
        },
        summary,
    ))
}

async fn validate_not_opened(db: &Db, form: &AccountSaveForm) -> Result<(SpecialAccountRow, String), ApiError> {
    let selected = split(sent(&form.notopenbankSelected));
    let bank = selected.first().cloned().unwrap_or_default();
    let branch = if selected.len() >= 2 { selected.last().cloned().unwrap_or_default() } else { String::new() };
    let (bank_code, branch_code) = bank_path(db, &bank, &branch, MSG_NOT_OPENED_BANK).await?;
    let admin_name = match sent(&form.AdminName) {
        "" => String::new(),
        name => PersonName::parse(name)?.as_str().to_owned(),
    };
    let admin_phone =
        Phone::parse_optional(sent(&form.AdminPhone))?.map(|phone| phone.as_str().to_owned()).unwrap_or_default();
    let appointment = format_date(required_date(sent(&form.AppointMent), MSG_APPOINTMENT_REQUIRED)?);
    let summary = format!(
        "未开户，拟开户银行{bank_code}{}，预约日期{appointment}",
        if branch_code.is_empty() { String::new() } else { format!("（网点{branch_code}）") }
    );
    Ok((
        SpecialAccountRow {
            open_status: 2,
            bank_code,
            branch_code,
            admin_name,
            admin_phone,
            appointment,
            account_status: "0".into(),
            ..SpecialAccountRow::default()
        },
        summary,
    ))
}

/// `SpecialAccount/specialAccountInfoSave`: validates, stores the account, moves the wizard to 5, logs.
pub async fn save(db: &Db, current: &CurrentAccount, ip: &str, form: &AccountSaveForm) -> Result<(), ApiError> {
    let (project_id, project) = builder_project(db, current).await?;
    check_editable(&project.audit_status)?;
    let (row, summary) = match sent(&form.banktype) {
        "1" => validate_opened(db, project_id, form).await?,
        "2" => validate_not_opened(db, form).await?,
        _ => return Err(ApiError::refused(MSG_OPEN_STATUS)),
    };
    if !crate::project::service::set_wizard_step(db, project_id, 5).await? {
        return Err(ApiError::Forbidden(MSG_SUBMITTED.into()));
    }
    repo::upsert(db, project_id, &row).await?;
    oplog::record(
        db,
        oplog::Entry::by(&current.account, ip).action("保存专户信息").on("project", project_id).detail(summary),
    )
    .await?;
    Ok(())
}

fn step1_complete(row: &crate::project::service::StepFormRow) -> bool {
    let texts = [
        &row.name,
        &row.project_type,
        &row.money_source,
        &row.department_industry_id,
        &row.district_code,
        &row.selected_options,
        &row.address,
        &row.latlng,
        &row.start_time,
        &row.completion_date,
        &row.gc_process,
    ];
    texts.iter().all(|text| !text.trim().is_empty()) && row.contract_price_fen.is_some() && row.end_time.is_some()
}

/// Steps 2 and 3: the project's units (`project_units`, role 'builder' = step 2, 'contractor' = step 3).
/// The stored rows decide, not `wizard_step`, which only says where the console resumes.
async fn units_missing(db: &Db, project_id: i64) -> Result<Option<&'static str>, ApiError> {
    for (role, message) in [(Role::Builder, MSG_STEP2_MISSING), (Role::Contractor, MSG_STEP3_MISSING)] {
        if company::service::find_unit(db, project_id, role.as_str()).await?.is_none() {
            return Ok(Some(message));
        }
    }
    Ok(None)
}

/// `Site/ajaxSubmit`: refuses naming the first step not saved, else submits for audit and logs.
pub async fn submit(db: &Db, current: &CurrentAccount, ip: &str) -> Result<(), ApiError> {
    let (project_id, project) = builder_project(db, current).await?;
    check_editable(&project.audit_status)?;
    if !step1_complete(&project) {
        return Err(ApiError::refused(MSG_STEP1_MISSING));
    }
    if let Some(message) = units_missing(db, project_id).await? {
        return Err(ApiError::refused(message));
    }
    if repo::find(db, project_id).await?.is_none() {
        return Err(ApiError::refused(MSG_STEP4_MISSING));
    }
    if !crate::project::service::submit_for_audit(db, project_id).await? {
        return Err(ApiError::Forbidden(MSG_SUBMITTED.into()));
    }
    oplog::record(
        db,
        oplog::Entry::by(&current.account, ip).action("提交审核").on("project", project_id).detail(format!(
            "{}，审核状态：{} → {}",
            if project.audit_status == "3" { "驳回后重新提交审核" } else { "提交项目注册审核" },
            crate::project::service::audit_status_label(&project.audit_status),
            crate::project::service::audit_status_label("1"),
        )),
    )
    .await?;
    Ok(())
}
