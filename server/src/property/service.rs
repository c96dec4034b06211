//! Rules of the finance approver accounts (system/propertyRole) and of the approver's personal centre.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::repo::{self, ApproverRow};
use crate::auth::password;
use crate::auth::sms;
use crate::clock;
use crate::db::Db;
use crate::domain::Invalid;
use crate::domain::id_number::IdNumber;
use crate::domain::person_name::PersonName;
use crate::domain::phone::Phone;
use crate::envelope::ApiError;
use crate::extract::sent;
use crate::identity::accounts::{self, AccountKind, NewAccount};
use crate::identity::sessions::{self, CurrentAccount};
use crate::oplog;
use crate::paging::{Page, Paged, contains_pattern};
use crate::project::service as projects;
use crate::scope::{self, ReadScope};
use crate::state::AppState;

pub const MSG_NO_APPROVER: &str = "财务审批人不存在";
pub const MSG_ACCOUNT_RULE: &str = "请输入4-20位字母、数字或下划线组成的登录账号";
pub const MSG_ACCOUNT_TAKEN: &str = "该登录账号已存在";
pub const MSG_PHONE_TAKEN: &str = "该手机号已被其他账号使用";
pub const MSG_PHONE_NOT_MOBILE: &str = "财务审批人须使用手机号码（用于接收短信验证码）";
pub const MSG_PHONE_SAME: &str = "新手机号与当前手机号相同";
pub const MSG_PHONE_BY_SMS: &str = "修改手机号请通过短信验证";
pub const MSG_ID_TAKEN: &str = "该身份证号已是本项目的财务审批人";
pub const MSG_ID_REQUIRED: &str = "请填写身份证号码";
pub const MSG_NAME_REQUIRED: &str = "请填写姓名";
pub const MSG_STATUS: &str = "请选择启用或停用";
pub const MSG_ID_PARAM: &str = "参数id格式错误";
pub const MSG_PROJECT_REQUIRED: &str = "请选择项目";
pub const MSG_CARD_MISMATCH: &str = "身份证与本人登记信息不一致";
pub const MSG_CARD_OK: &str = "身份证核验通过";
pub const MSG_CODE_REQUIRED: &str = "请输入短信验证码";
pub const MSG_PHONE_CHANGED: &str = "手机号修改成功";
pub const MSG_CODE_SENT: &str = "验证码已发送";
pub const MSG_FINANCE_ONLY: &str = "当前账号无权访问该入口";

pub const MSG_ID_BY_APPROVER: &str = "身份证号码由财务审批人首次登录后本人填写，项目人员不能填写或修改";
pub const MSG_PHONE_BY_APPROVER: &str = "财务审批人的手机号只能由本人在个人中心通过短信验证修改";
pub const MSG_ID_ON_FILE: &str = "身份证号码已登记，如需更正请联系监管部门";

/// How an initial password reaches the approver (docs/decisions.md "Issue 28: who prepares money never
/// approves it").
pub const PASSWORD_DELIVERY: &str =
    "初始密码由系统随机生成，以短信发送到财务审批人本人手机，项目人员看不到；首次登录须修改密码并登记本人身份证号码。";

pub(super) fn parse_id(value: &Option<String>) -> Result<i64, ApiError> {
    sent(value).parse::<i64>().ok().filter(|id| *id > 0).ok_or_else(|| ApiError::refused(MSG_ID_PARAM))
}

pub(super) fn mask_id_number(number: &str) -> String {
    let chars: Vec<char> = number.chars().collect();
    if chars.len() < 10 {
        return number.to_owned();
    }
    format!(
        "{}{}{}",
        chars[..6].iter().collect::<String>(),
        "*".repeat(chars.len() - 10),
        chars[chars.len() - 4..].iter().collect::<String>()
    )
}

fn parse_name(value: &Option<String>) -> Result<String, ApiError> {
    let name = sent(value);
    if name.is_empty() {
        return Err(ApiError::refused(MSG_NAME_REQUIRED));
    }
    Ok(PersonName::parse(name)?.as_str().to_owned())
}

pub(super) fn parse_id_number(value: &Option<String>) -> Result<IdNumber, ApiError> {
    let number = sent(value);
    if number.is_empty() {
        return Err(ApiError::refused(MSG_ID_REQUIRED));
    }
    Ok(IdNumber::parse(number)?)
}

/// A mobile number (the approver receives SMS codes on it).
fn parse_mobile(value: &Option<String>) -> Result<String, ApiError> {
    let phone = Phone::parse(sent(value))?;
    if !sms::is_mobile(phone.as_str()) {
        return Err(ApiError::refused(MSG_PHONE_NOT_MOBILE));
    }
    Ok(phone.as_str().to_owned())
}

fn parse_username(value: &Option<String>) -> Result<String, ApiError> {
    let username = sent(value).to_owned();
    let ok = (4..=20).contains(&username.len()) && username.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_');
    if ok { Ok(username) } else { Err(Invalid(MSG_ACCOUNT_RULE).into()) }
}

/// A fresh initial password that meets the strong rule: `Cw@` + eight digits + `x`.
fn initial_password() -> String {
    format!("Cw@{:08}x", rand::random_range(0..100_000_000u32))
}

/// One approver in the list (ID number masked).
#[derive(Debug, Serialize, ToSchema)]
pub struct PropertyApproverLine {
    pub id: i64,
    /// Login account.
    pub account: String,
    pub name: String,
    pub phone: String,
    /// Masked ID number.
    pub idnumber: String,
    /// 1 enabled, 0 disabled.
    pub status: i64,
    /// 1 once the approver has changed the initial password.
    pub isupdate: i64,
    pub createtime: String,
}

fn line(row: ApproverRow) -> PropertyApproverLine {
    PropertyApproverLine {
        id: row.id,
        account: row.username,
        name: row.name,
        phone: row.phone,
        idnumber: mask_id_number(&row.id_number),
        status: i64::from(!row.disabled),
        isupdate: i64::from(!row.must_change_password),
        createtime: clock::china_datetime(row.created_at),
    }
}

/// One approver for the edit form. The ID number is masked (6 + 4): the approver enters it, nobody who
/// prepares wages reads it.
#[derive(Debug, Serialize, ToSchema)]
pub struct PropertyApproverDetail {
    pub id: i64,
    pub account: String,
    pub name: String,
    pub phone: String,
    /// Masked; '' until the approver has entered it.
    pub idnumber: String,
    pub status: i64,
    pub isupdate: i64,
    pub createtime: String,
}

#[derive(Debug, Deserialize, ToSchema, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct PropertyListQuery {
    /// Name, account or phone contains.
    pub keyword: Option<String>,
    pub page: Option<String>,
    pub limit: Option<String>,
    /// The regulator's project (a builder's own is implied).
    #[serde(rename = "projectId")]
    #[param(rename = "projectId")]
    pub project_id: Option<String>,
}

#[derive(Debug, Deserialize, ToSchema, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct PropertyIdQuery {
    /// The approver's account id.
    pub id: Option<String>,
}

/// The project whose approvers a read covers: a builder's own, the regulator's chosen one.
pub(super) async fn read_project(
    db: &Db,
    current: &CurrentAccount,
    requested: &Option<String>,
) -> Result<i64, ApiError> {
    match scope::read(db, current, requested).await? {
        ReadScope::Project(id) => Ok(id),
        ReadScope::All => Err(ApiError::refused(MSG_PROJECT_REQUIRED)),
    }
}

/// An approver of a project the caller may read; another project's → 404.
async fn readable_approver(
    state: &AppState,
    current: &CurrentAccount,
    id: &Option<String>,
) -> Result<ApproverRow, ApiError> {
    let id = parse_id(id)?;
    let row = repo::find(&state.db, id).await?.ok_or_else(|| ApiError::NotFound(MSG_NO_APPROVER.into()))?;
    match row.project_id {
        Some(project) if scope::covers(&state.db, current, project).await? => Ok(row),
        _ => Err(ApiError::NotFound(MSG_NO_APPROVER.into())),
    }
}

/// An approver of the builder's own project, for a change; another project's → 404.
async fn own_approver(
    state: &AppState,
    current: &CurrentAccount,
    id: &Option<String>,
) -> Result<(i64, ApproverRow), ApiError> {
    let project_id = scope::write(current)?;
    let id = parse_id(id)?;
    let row = repo::find(&state.db, id)
        .await?
        .filter(|row| row.project_id == Some(project_id))
        .ok_or_else(|| ApiError::NotFound(MSG_NO_APPROVER.into()))?;
    Ok((project_id, row))
}

async fn log(
    state: &AppState,
    current: &CurrentAccount,
    ip: &str,
    action: &str,
    target: i64,
    detail: String,
) -> Result<(), ApiError> {
    oplog::record(
        &state.db,
        oplog::Entry::by(&current.account, ip).action(action).on("account", target).detail(detail),
    )
    .await?;
    Ok(())
}

/// The accounts of the project's enabled approvers: the wage area tells them of an order to approve.
pub async fn enabled_approver_ids(db: &Db, project_id: i64) -> sqlx::Result<Vec<i64>> {
    repo::enabled_ids(db, project_id).await
}

/// `Examine`.
pub async fn list(
    state: &AppState,
    current: &CurrentAccount,
    query: &PropertyListQuery,
) -> Result<Paged<PropertyApproverLine>, ApiError> {
    let project_id = read_project(&state.db, current, &query.project_id).await?;
    let page = Page::parse(&query.page, &query.limit)?;
    let pattern = contains_pattern(sent(&query.keyword));
    let (rows, total) = repo::list(&state.db, project_id, &pattern, page.limit, page.offset()).await?;
    Ok(page.answer(rows.into_iter().map(line).collect(), total))
}

/// `Information`.
pub async fn detail(
    state: &AppState,
    current: &CurrentAccount,
    id: &Option<String>,
) -> Result<PropertyApproverDetail, ApiError> {
    let row = readable_approver(state, current, id).await?;
    Ok(PropertyApproverDetail {
        id: row.id,
        account: row.username,
        name: row.name,
        phone: row.phone,
        idnumber: mask_id_number(&row.id_number),
        status: i64::from(!row.disabled),
        isupdate: i64::from(!row.must_change_password),
        createtime: clock::china_datetime(row.created_at),
    })
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct PropertySetForm {
    /// Empty to create; the approver's id to edit.
    pub id: Option<String>,
    /// Login account (create only): 4–20 letters, digits or underscores.
    pub account: Option<String>,
    pub name: Option<String>,
    /// Mobile number (create only; only the approver changes it afterwards).
    pub phone: Option<String>,
    /// Refused when sent: the approver enters the ID number.
    pub idnumber: Option<String>,
}

/// The answer of a create or a reset: the initial password went by SMS to the approver's own phone.
#[derive(Debug, Serialize, ToSchema)]
pub struct PropertyInitialPassword {
    pub id: i64,
    pub account: String,
    /// The phone the password was sent to, masked.
    pub phone: String,
}

/// Sends approver `username`'s new initial password to `phone`.
async fn send_initial_password(state: &AppState, username: &str, phone: &str, password: &str) -> Result<(), ApiError> {
    let text = format!(
        "您的工资支付审批账号{username}的初始密码为{password}，请登录后立即修改，并登记本人身份证号码。请勿告知他人。"
    );
    sms::send_message(state.sms.as_ref(), phone, &text).await
}

/// `Set_account`: creates an approver on an initial password sent by SMS to the approver's phone, or edits the
/// name. The ID number is the approver's to enter; an edit never changes the phone.
pub async fn set_account(
    state: &AppState,
    current: &CurrentAccount,
    ip: &str,
    form: &PropertySetForm,
) -> Result<Option<PropertyInitialPassword>, ApiError> {
    if !sent(&form.idnumber).is_empty() {
        return Err(ApiError::refused(MSG_ID_BY_APPROVER));
    }
    if !sent(&form.id).is_empty() {
        let (_, row) = own_approver(state, current, &form.id).await?;
        let name = parse_name(&form.name)?;
        let phone = sent(&form.phone);
        if !phone.is_empty() && phone != row.phone {
            return Err(ApiError::refused(MSG_PHONE_BY_APPROVER));
        }
        crate::identity::accounts::set_name(&state.db, row.id, &name).await?;
        log(state, current, ip, "修改财务审批人", row.id, format!("姓名{}→{name}", row.name)).await?;
        return Ok(None);
    }
    let project_id = scope::write(current)?;
    let username = parse_username(&form.account)?;
    let name = parse_name(&form.name)?;
    let phone = parse_mobile(&form.phone)?;
    if accounts::find_by_username(&state.db, &username).await?.is_some() {
        return Err(ApiError::refused(MSG_ACCOUNT_TAKEN));
    }
    if repo::phone_taken(&state.db, &phone, 0).await? {
        return Err(ApiError::refused(MSG_PHONE_TAKEN));
    }
    let password = initial_password();
    let hash = password::hash_blocking(password.clone()).await?;
    let created = accounts::create(
        &state.db,
        NewAccount {
            username: &username,
            name: &name,
            kind: AccountKind::Finance,
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
    let id = match created {
        Ok(id) => id,
        Err(sqlx::Error::Database(error)) if error.is_unique_violation() => {
            return Err(ApiError::refused(MSG_ACCOUNT_TAKEN));
        }
        Err(error) => return Err(error.into()),
    };
    send_initial_password(state, &username, &phone, &password).await?;
    let masked = crate::domain::mask::phone(&phone);
    log(state, current, ip, "新增财务审批人", id, format!("账号{username}，姓名{name}，初始密码已短信发送至{masked}"))
        .await?;
    Ok(Some(PropertyInitialPassword { id, account: username, phone: masked }))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct PropertyOpenForm {
    pub id: Option<String>,
    /// '1' enable, '0' disable.
    pub status: Option<String>,
}

/// `Open`: enables or disables an approver; a disabled approver's sessions end at once.
pub async fn open(
    state: &AppState,
    current: &CurrentAccount,
    ip: &str,
    form: &PropertyOpenForm,
) -> Result<(), ApiError> {
    let (_, row) = own_approver(state, current, &form.id).await?;
    let disabled = match sent(&form.status) {
        "1" => false,
        "0" => true,
        _ => return Err(ApiError::refused(MSG_STATUS)),
    };
    accounts::set_disabled(&state.db, row.id, disabled).await?;
    if disabled {
        sessions::delete_all_for_account(&state.db, row.id).await?;
    }
    let action = if disabled { "停用财务审批人" } else { "启用财务审批人" };
    log(state, current, ip, action, row.id, format!("账号{}", row.username)).await
}

/// `Resetpassword`: a new initial password sent by SMS to the approver's own phone (forced change at the next
/// login), lock cleared, sessions ended.
pub async fn reset_password(
    state: &AppState,
    current: &CurrentAccount,
    ip: &str,
    id: &Option<String>,
) -> Result<PropertyInitialPassword, ApiError> {
    let (_, row) = own_approver(state, current, id).await?;
    if !sms::is_mobile(&row.phone) {
        return Err(ApiError::refused(MSG_PHONE_NOT_MOBILE));
    }
    let password = initial_password();
    let hash = password::hash_blocking(password.clone()).await?;
    password::store(&state.db, row.id, &hash, password::meets_strong_rule(&password), true).await?;
    let ended = sessions::delete_all_for_account(&state.db, row.id).await?;
    send_initial_password(state, &row.username, &row.phone, &password).await?;
    let masked = crate::domain::mask::phone(&row.phone);
    let detail = format!("账号{}，新初始密码已短信发送至{masked}，结束会话{ended}个", row.username);
    log(state, current, ip, "重置财务审批人密码", row.id, detail).await?;
    Ok(PropertyInitialPassword { id: row.id, account: row.username, phone: masked })
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct PropertyPhoneForm {
    /// The approver's id (enterprise side only; the finance side changes its own phone).
    pub id: Option<String>,
    /// The new mobile number.
    pub phone: Option<String>,
    /// The SMS code sent to the new number.
    pub code: Option<String>,
}

/// A new phone for account `id`: a mobile number, not its current one, nobody else's.
async fn new_phone(state: &AppState, id: i64, current_phone: &str, phone: &Option<String>) -> Result<String, ApiError> {
    let phone = parse_mobile(phone)?;
    if phone == current_phone {
        return Err(ApiError::refused(MSG_PHONE_SAME));
    }
    if repo::phone_taken(&state.db, &phone, id).await? {
        return Err(ApiError::refused(MSG_PHONE_TAKEN));
    }
    Ok(phone)
}

/// `Veritest`: whether a phone may be given to an approver (`id` when editing).
pub async fn check_phone(state: &AppState, current: &CurrentAccount, form: &PropertyPhoneForm) -> Result<(), ApiError> {
    scope::write(current)?;
    let (id, phone) = match sent(&form.id) {
        "" => (0, String::new()),
        _ => {
            let (_, row) = own_approver(state, current, &form.id).await?;
            (row.id, row.phone)
        }
    };
    new_phone(state, id, &phone, &form.phone).await.map(|_| ())
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct PropertyIdCheckForm {
    /// The approver's id when editing (its own number is not a clash).
    pub id: Option<String>,
    pub idnumber: Option<String>,
}

/// What an ID number says.
#[derive(Debug, Serialize, ToSchema)]
pub struct PropertyIdFacts {
    pub idnumber: String,
    /// 男 or 女.
    pub gender: String,
    /// YYYY-MM-DD.
    pub birthday: String,
}

fn facts(number: &IdNumber) -> PropertyIdFacts {
    PropertyIdFacts {
        idnumber: number.as_str().to_owned(),
        gender: number.gender().label().to_owned(),
        birthday: crate::domain::dates::format_date(number.birth_date()),
    }
}

/// `Verification` (enterprise): refused for every account; the builder's own kind check first (regulator,
/// finance → their 403).
pub fn check_id_number(current: &CurrentAccount) -> ApiError {
    match scope::write(current) {
        Err(refused) => refused,
        Ok(_) => ApiError::Forbidden(MSG_ID_BY_APPROVER.into()),
    }
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct PropertyCardForm {
    /// The name on the card, as the site ID reader (`idreader` of the site configuration) answered it.
    pub name: Option<String>,
    /// The ID number on the card.
    #[serde(rename = "idNumber")]
    pub id_number: Option<String>,
}

/// A card read by the site ID reader, checked.
#[derive(Debug, Serialize, ToSchema)]
pub struct PropertyCard {
    pub name: String,
    pub idnumber: String,
    pub gender: String,
    pub birthday: String,
}

fn read_card(form: &PropertyCardForm) -> Result<PropertyCard, ApiError> {
    let name = parse_name(&form.name)?;
    let number = parse_id_number(&form.id_number)?;
    let facts = facts(&number);
    Ok(PropertyCard { name, idnumber: facts.idnumber, gender: facts.gender, birthday: facts.birthday })
}

/// Enterprise `Idcardreader`: the card read on site, checked, to fill the approver's name and ID number.
pub fn builder_card(current: &CurrentAccount, form: &PropertyCardForm) -> Result<PropertyCard, ApiError> {
    scope::write(current)?;
    read_card(form)
}

/// `Verifyphonenumber` (enterprise): refused. Whoever could point an approver's phone at a number of his own
/// could then reset the password to it; only the approver changes the phone.
pub fn builder_send_phone_code(current: &CurrentAccount) -> Result<(), ApiError> {
    scope::write(current)?;
    Err(ApiError::Forbidden(MSG_PHONE_BY_APPROVER.into()))
}

async fn change_phone(
    state: &AppState,
    current: &CurrentAccount,
    ip: &str,
    id: i64,
    old: &str,
    form: &PropertyPhoneForm,
) -> Result<(), ApiError> {
    let phone = new_phone(state, id, old, &form.phone).await?;
    let code = sent(&form.code);
    if code.is_empty() {
        return Err(ApiError::refused(MSG_CODE_REQUIRED));
    }
    sms::check_code(&state.db, &phone, code).await?;
    crate::identity::accounts::set_phone(&state.db, id, &phone).await?;
    log(
        state,
        current,
        ip,
        "修改手机号",
        id,
        format!("{}→{}（短信验证）", crate::domain::mask::phone(old), crate::domain::mask::phone(&phone)),
    )
    .await
}

/// `Veritestalter` (enterprise): refused, as [`builder_send_phone_code`].
pub fn builder_change_phone(current: &CurrentAccount) -> Result<(), ApiError> {
    builder_send_phone_code(current)
}

/// `Projectname`: what the propertyRole screen shows above the list.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PropertyProject {
    pub projectname: String,
    /// The project's property status (the finance menu rule).
    pub property_status: i64,
    /// The approvers configured, enabled or not.
    pub approvers: i64,
}

pub async fn project_name(
    state: &AppState,
    current: &CurrentAccount,
    requested: &Option<String>,
) -> Result<PropertyProject, ApiError> {
    let project_id = read_project(&state.db, current, requested).await?;
    let project = projects::find_summary(&state.db, project_id).await?.ok_or_else(scope::not_found)?;
    let (_, approvers) = repo::list(&state.db, project_id, "", 1, 0).await?;
    Ok(PropertyProject { projectname: project.name, property_status: project.property_status, approvers })
}

/// `getpwd`: the rule an initial password follows and how it is handed out.
#[derive(Debug, Serialize, ToSchema)]
pub struct PropertyPasswordRule {
    /// 1 when the strong-password rule is on.
    pub passwordstatus: i64,
    /// The rule a new password must meet.
    pub rule: String,
    /// How the initial password reaches the approver.
    pub delivery: String,
}

pub fn password_rule(state: &AppState) -> PropertyPasswordRule {
    let strong = state.config.security.strong_password;
    PropertyPasswordRule {
        passwordstatus: i64::from(strong),
        rule: if strong { password::MSG_STRONG_RULE } else { password::MSG_NORMAL_RULE }.to_owned(),
        delivery: PASSWORD_DELIVERY.to_owned(),
    }
}

// ----- the finance approver's personal centre -----

fn require_finance(current: &CurrentAccount) -> Result<(), ApiError> {
    if current.kind() == AccountKind::Finance { Ok(()) } else { Err(ApiError::Forbidden(MSG_FINANCE_ONLY.into())) }
}

/// `Messageinfo`: the approver's own profile.
#[derive(Debug, Serialize, ToSchema)]
pub struct FinanceProfile {
    pub id: i64,
    pub account: String,
    pub name: String,
    pub phone: String,
    /// Masked ID number.
    pub idnumber: String,
    pub projectname: String,
    pub isupdate: i64,
    /// When the password was last set.
    pub starttime: String,
}

pub async fn profile(state: &AppState, current: &CurrentAccount) -> Result<FinanceProfile, ApiError> {
    require_finance(current)?;
    let account = &current.account;
    let row = repo::find(&state.db, account.id).await?.ok_or(ApiError::NotLoggedIn)?;
    let projectname = match account.project_id {
        Some(id) => projects::find_summary(&state.db, id).await?.map(|p| p.name).unwrap_or_default(),
        None => String::new(),
    };
    Ok(FinanceProfile {
        id: account.id,
        account: account.username.clone(),
        name: account.name.clone(),
        phone: account.phone.clone(),
        idnumber: mask_id_number(&row.id_number),
        projectname,
        isupdate: i64::from(!account.must_change_password),
        starttime: clock::china_datetime(account.password_changed_at),
    })
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct FinanceNameForm {
    pub name: Option<String>,
    /// The approver's own ID number, entered once (at first login) when none is on file.
    pub idnumber: Option<String>,
}

/// `Inforalter`: the approver edits the name and, once, enters the own ID number (pattern and checksum, not
/// another approver's of the project).
pub async fn change_name(
    state: &AppState,
    current: &CurrentAccount,
    ip: &str,
    form: &FinanceNameForm,
) -> Result<(), ApiError> {
    require_finance(current)?;
    let account = &current.account;
    let number = match sent(&form.idnumber) {
        "" => None,
        _ => Some(parse_id_number(&form.idnumber)?),
    };
    let name =
        if sent(&form.name).is_empty() && number.is_some() { account.name.clone() } else { parse_name(&form.name)? };
    if let Some(number) = number {
        let project_id = account.project_id.unwrap_or(0);
        if repo::id_number_taken(&state.db, project_id, number.as_str(), account.id).await? {
            return Err(ApiError::refused(MSG_ID_TAKEN));
        }
        if !crate::identity::accounts::set_own_id_number(&state.db, account.id, number.as_str()).await? {
            return Err(ApiError::refused(MSG_ID_ON_FILE));
        }
        let detail = format!("本人登记身份证号码{}", mask_id_number(number.as_str()));
        log(state, current, ip, "登记身份证号码", account.id, detail).await?;
    }
    if name != account.name {
        crate::identity::accounts::set_name(&state.db, account.id, &name).await?;
        log(state, current, ip, "修改姓名", account.id, format!("{}→{name}", account.name)).await?;
    }
    Ok(())
}

/// Finance `Idcardreader`: the card on the site reader must be the approver's own.
pub async fn own_card(
    state: &AppState,
    current: &CurrentAccount,
    ip: &str,
    form: &PropertyCardForm,
) -> Result<PropertyCard, ApiError> {
    require_finance(current)?;
    let card = read_card(form)?;
    let row = repo::find(&state.db, current.account.id).await?.ok_or(ApiError::NotLoggedIn)?;
    let matches = card.idnumber.eq_ignore_ascii_case(&row.id_number) && card.name == row.name;
    log(state, current, ip, "身份证核验", row.id, if matches { "一致".into() } else { "不一致".into() }).await?;
    if matches { Ok(card) } else { Err(ApiError::refused(MSG_CARD_MISMATCH)) }
}

/// Finance `orders/Verifyphonenumber`: a code to the approver's new phone.
pub async fn finance_send_phone_code(
    state: &AppState,
    current: &CurrentAccount,
    form: &PropertyPhoneForm,
) -> Result<(), ApiError> {
    require_finance(current)?;
    let phone = new_phone(state, current.account.id, &current.account.phone, &form.phone).await?;
    sms::send_code(&state.db, state.sms.as_ref(), &phone).await
}

/// Finance `orders/Veritestalter`: the approver's phone changes with the code sent to the new phone.
pub async fn finance_change_phone(
    state: &AppState,
    current: &CurrentAccount,
    ip: &str,
    form: &PropertyPhoneForm,
) -> Result<(), ApiError> {
    require_finance(current)?;
    change_phone(state, current, ip, current.account.id, &current.account.phone, form).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn initial_passwords_meet_the_strong_rule() {
        for _ in 0..50 {
            assert!(password::meets_strong_rule(&initial_password()));
        }
    }

    #[test]
    fn id_numbers_are_masked_in_the_middle() {
        assert_eq!(mask_id_number("410105198805123025"), "410105********3025");
        assert_eq!(mask_id_number(""), "");
    }

    #[test]
    fn accounts_are_letters_digits_and_underscores() {
        assert!(parse_username(&Some("cw_wang01".into())).is_ok());
        assert!(parse_username(&Some("abc".into())).is_err());
        assert!(parse_username(&Some("王会计".into())).is_err());
    }
}
