//! Login, SMS login, password change and the session's user info.

use serde::Serialize;
use utoipa::ToSchema;

use super::password::{self, decode_base64_text};
use super::{captcha, lockout, sms};
use crate::clock;
use crate::config::SiteConfig;
use crate::envelope::ApiError;
use crate::identity::accounts::{self, Account, AccountKind, Side};
use crate::identity::sessions;
use crate::oplog;
use crate::project::service as projects;
use crate::state::AppState;

/// Reply of a successful login.
#[derive(Serialize, ToSchema)]
pub struct LoginData {
    /// Account id.
    pub id: i64,
    /// Session token; send it back as header `X-Token`.
    pub phpsessid: String,
    /// 1 once the account has left its initial password; otherwise the console forces a change.
    pub isupdate: i64,
    /// When the current password was set (China time).
    pub starttime: String,
    /// Epidemic-control flag of the original console; always 0.
    pub yqfk: i64,
    /// 1 when the current password meets the password rule in force.
    pub ifmatch: i64,
}

/// The logged-in user, as the console's guard and header need it.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UserInfo {
    pub id: i64,
    pub name: String,
    pub account: String,
    /// One of `builder`, `finance`, `admin`.
    pub roles: Vec<String>,
    /// The project's audit status: '0' draft, '1' submitted, '2' approved, '3' rejected.
    pub status: String,
    /// True when the registration wizard is still editable (status '0' or '3').
    pub audit_status: bool,
    pub property_status: i64,
    pub special_status: i64,
    #[serde(rename = "open_sms")]
    pub open_sms: i64,
    pub cashdeposit: i64,
    pub mustbankinfo: i64,
    pub message_json: SiteConfig,
    pub projectname: String,
    pub isupdate: i64,
    /// Regulators only: the district scope ('' for the whole area).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub district: Option<String>,
    /// Regulators only: the district's name (`郑州市/金水区`, 全部区域).
    #[serde(rename = "districtName", skip_serializing_if = "Option::is_none")]
    pub district_name: Option<String>,
    /// Regulators only: auditor, inspector or manager.
    #[serde(rename = "regulatorRole", skip_serializing_if = "Option::is_none")]
    pub regulator_role: Option<String>,
}

pub struct PasswordLogin {
    pub username: String,
    pub password: String,
    pub captcha: String,
    pub captcha_id: String,
    pub input_sms: String,
}

fn required(value: Option<String>, message: &str) -> Result<String, ApiError> {
    value.map(|v| v.trim().to_owned()).filter(|v| !v.is_empty()).ok_or_else(|| ApiError::refused(message))
}

impl PasswordLogin {
    /// Parses the login form; the captcha fields are required only while the captcha is on.
    pub fn parse(
        username: Option<String>,
        password: Option<String>,
        captcha: Option<String>,
        captcha_id: Option<String>,
        input_sms: Option<String>,
        captcha_on: bool,
    ) -> Result<PasswordLogin, ApiError> {
        let username = required(username, "请输入账号")?;
        if username.chars().count() > 50 {
            return Err(ApiError::refused("账号长度不能超过50个字符"));
        }
        let password = decode_base64_text(&required(password, "请输入密码")?, "密码")?;
        if password.is_empty() {
            return Err(ApiError::refused("请输入密码"));
        }
        if password.chars().count() > 64 {
            return Err(ApiError::refused("密码格式错误"));
        }
        let (captcha, captcha_id) = if captcha_on {
            (required(captcha, "请输入验证码")?, required(captcha_id, "验证码已失效，请刷新后重试")?)
        } else {
            (String::new(), String::new())
        };
        Ok(PasswordLogin {
            username,
            password,
            captcha,
            captcha_id,
            input_sms: input_sms.unwrap_or_default().trim().to_owned(),
        })
    }
}

fn side_name(side: Side) -> &'static str {
    match side {
        Side::Builder => "企业登录",
        Side::Finance => "财务登录",
    }
}

fn ifmatch(state: &AppState, account: &Account) -> i64 {
    i64::from(!state.config.security.strong_password || account.password_meets_strong_rule)
}

async fn open_session(state: &AppState, account: &Account, ip: &str, how: &str) -> Result<LoginData, ApiError> {
    let token = sessions::create(&state.db, account.id, state.config.security.session_days, ip).await?;
    oplog::record(
        &state.db,
        oplog::Entry::by(account, ip).action("登录").on("account", account.id).detail(how.to_owned()),
    )
    .await?;
    Ok(LoginData {
        id: account.id,
        phpsessid: token,
        isupdate: i64::from(!account.must_change_password),
        starttime: clock::china_datetime(account.password_changed_at),
        yqfk: 0,
        ifmatch: ifmatch(state, account),
    })
}

fn locked_message(minutes: i64) -> ApiError {
    ApiError::refused(format!("密码错误次数过多，账号已锁定，请{minutes}分钟后再试"))
}

fn still_locked(until: i64) -> ApiError {
    locked_message(((until - clock::now() + 59) / 60).max(1))
}

/// Takes an attempt at the name's password before it is checked; refused unchecked while the name is locked.
/// Returns whether this attempt is the window's last (it has locked the name).
async fn take_attempt(state: &AppState, username: &str) -> Result<bool, ApiError> {
    let security = &state.config.security;
    match lockout::take(&state.db, username, security.max_failed_logins, security.lockout_minutes * 60).await? {
        lockout::Attempt::Taken { locks } => Ok(locks),
        lockout::Attempt::Locked { until } => Err(still_locked(until)),
    }
}

/// The answer to a wrong password on an attempt taken: `message`, or the lock message (logged) when the
/// attempt was the window's last. Alike for names with and without an account.
async fn wrong_password(
    state: &AppState,
    username: &str,
    account_id: Option<i64>,
    locks: bool,
    ip: &str,
    message: &str,
) -> ApiError {
    if !locks {
        return ApiError::refused(message);
    }
    let security = &state.config.security;
    let logged = oplog::record(
        &state.db,
        oplog::Entry::named(account_id, username, ip)
            .action("账号锁定")
            .on("account", account_id.map(|id| id.to_string()).unwrap_or_default())
            .detail(format!("连续{}次密码错误，锁定{}分钟", security.max_failed_logins, security.lockout_minutes)),
    )
    .await;
    match logged {
        Ok(()) => locked_message(security.lockout_minutes),
        Err(error) => error.into(),
    }
}

async fn refuse_if_locked(state: &AppState, account: &Account) -> Result<(), ApiError> {
    let until = lockout::locked_until(&state.db, &account.username).await?;
    if until > clock::now() { Err(still_locked(until)) } else { Ok(()) }
}

pub async fn login(state: &AppState, side: Side, form: PasswordLogin, ip: &str) -> Result<LoginData, ApiError> {
    if state.config.captcha {
        captcha::check(&state.db, &form.captcha_id, &form.captcha).await?;
    }
    let sms_on = state.config.security.sms_login;
    if sms_on && form.input_sms.is_empty() {
        return Err(ApiError::refused("请输入短信验证码"));
    }
    let locks = take_attempt(state, &form.username).await?;
    let account = accounts::find_by_username(&state.db, &form.username).await?;
    let stored_hash =
        account.as_ref().map_or_else(|| password::unknown_account_hash().to_owned(), |a| a.password_hash.clone());
    let right = password::verify_blocking(form.password.clone(), stored_hash).await;
    let account_id = account.as_ref().map(|a| a.id);
    let Some(account) = account.filter(|_| right) else {
        return Err(wrong_password(state, &form.username, account_id, locks, ip, "账号或密码错误").await);
    };
    lockout::clear(&state.db, &account.username).await?;
    if account.disabled {
        return Err(ApiError::refused("账号已停用，请联系管理员"));
    }
    if !side.admits(account.kind()) {
        let right = if account.kind() == AccountKind::Finance { Side::Finance } else { Side::Builder };
        return Err(ApiError::refused(format!("该账号请从{}入口登录", side_name(right))));
    }
    if sms_on {
        if !sms::is_mobile(&account.phone) {
            return Err(ApiError::refused("该账号未绑定手机号，请联系管理员"));
        }
        sms::check_code(&state.db, &account.phone, &form.input_sms).await?;
    }
    open_session(state, &account, ip, "密码登录").await
}

/// Decodes and checks a base64 mobile number.
pub fn parse_phone(phone: Option<String>) -> Result<String, ApiError> {
    let phone = decode_base64_text(&required(phone, "请输入手机号")?, "手机号")?;
    if !sms::is_mobile(phone.trim()) {
        return Err(ApiError::refused("请输入正确的手机号"));
    }
    Ok(phone.trim().to_owned())
}

fn account_for_phone(side: Side, candidates: Vec<Account>) -> Option<Account> {
    candidates.into_iter().find(|account| side.admits(account.kind()) && !account.disabled)
}

fn require_sms_login(state: &AppState) -> Result<(), ApiError> {
    if state.config.security.sms_login { Ok(()) } else { Err(ApiError::refused("短信登录未开启")) }
}

/// Sends a login code to a phone given directly (base64) or through an account name.
pub async fn send_login_code(
    state: &AppState,
    side: Side,
    phone: Option<String>,
    username: Option<String>,
) -> Result<(), ApiError> {
    require_sms_login(state)?;
    let phone = match (phone.filter(|p| !p.trim().is_empty()), username.filter(|u| !u.trim().is_empty())) {
        (Some(phone), _) => {
            let phone = parse_phone(Some(phone))?;
            account_for_phone(side, accounts::find_by_phone(&state.db, &phone).await?)
                .ok_or_else(|| ApiError::refused("该手机号未绑定账号"))?;
            phone
        }
        (None, Some(username)) => {
            let account = accounts::find_by_username(&state.db, username.trim()).await?;
            match account {
                Some(account) if sms::is_mobile(&account.phone) => account.phone,
                _ => return Err(ApiError::refused("该账号未绑定手机号，请联系管理员")),
            }
        }
        (None, None) => return Err(ApiError::refused("请输入手机号")),
    };
    sms::send_code(&state.db, state.sms.as_ref(), &phone).await
}

pub async fn sms_login(
    state: &AppState,
    side: Side,
    phone: Option<String>,
    code: Option<String>,
    ip: &str,
) -> Result<LoginData, ApiError> {
    require_sms_login(state)?;
    let phone = parse_phone(phone)?;
    let code = required(code, "请输入短信验证码")?;
    sms::check_code(&state.db, &phone, &code).await?;
    let account = account_for_phone(side, accounts::find_by_phone(&state.db, &phone).await?)
        .ok_or_else(|| ApiError::refused("该手机号未绑定账号"))?;
    refuse_if_locked(state, &account).await?;
    lockout::clear(&state.db, &account.username).await?;
    open_session(state, &account, ip, "短信登录").await
}

pub async fn change_password(
    state: &AppState,
    current: &sessions::CurrentAccount,
    old_pwd: Option<String>,
    new_pwd: Option<String>,
    ip: &str,
) -> Result<(), ApiError> {
    let old = decode_base64_text(&required(old_pwd, "请输入原密码")?, "原密码")?;
    let new = decode_base64_text(&required(new_pwd, "请输入新密码")?, "新密码")?;
    password::check_new_password(&new, state.config.security.strong_password)?;
    let account = &current.account;
    let locks = take_attempt(state, &account.username).await?;
    if !password::verify_blocking(old.clone(), account.password_hash.clone()).await {
        return Err(wrong_password(state, &account.username, Some(account.id), locks, ip, "原密码错误").await);
    }
    lockout::clear(&state.db, &account.username).await?;
    if old == new {
        return Err(ApiError::refused("新密码不能与原密码相同"));
    }
    let hash = password::hash_blocking(new.clone()).await?;
    password::store(&state.db, account.id, &hash, password::meets_strong_rule(&new), false).await?;
    let ended = sessions::delete_all_for_account(&state.db, account.id).await?;
    oplog::record(
        &state.db,
        oplog::Entry::by(account, ip).action("修改密码").on("account", account.id).detail(format!("结束会话{ended}个")),
    )
    .await?;
    Ok(())
}

pub async fn logout(state: &AppState, current: &sessions::CurrentAccount, ip: &str) -> Result<(), ApiError> {
    sessions::delete(&state.db, &current.token).await?;
    oplog::record(
        &state.db,
        oplog::Entry::by(&current.account, ip).action("退出登录").on("account", current.account.id),
    )
    .await?;
    Ok(())
}

/// The session's account must belong to the side whose path was called.
pub fn require_side(side: Side, current: &sessions::CurrentAccount) -> Result<(), ApiError> {
    if side.admits(current.kind()) {
        Ok(())
    } else {
        Err(ApiError::Forbidden("当前账号无权访问该入口".into()))
    }
}

pub async fn user_info(
    state: &AppState,
    side: Side,
    current: &sessions::CurrentAccount,
    id: Option<String>,
) -> Result<UserInfo, ApiError> {
    require_side(side, current)?;
    if let Some(id) = id.map(|v| v.trim().to_owned()).filter(|v| !v.is_empty()) {
        let id: i64 = id.parse().map_err(|_| ApiError::refused("参数id格式错误"))?;
        if id != current.account.id {
            return Err(ApiError::Forbidden("无权查看其他账号的信息".into()));
        }
    }
    let account = &current.account;
    let project = match account.project_id {
        Some(project_id) => projects::find_summary(&state.db, project_id).await?,
        None => None,
    };
    let is_admin = account.kind() == AccountKind::Admin;
    Ok(UserInfo {
        id: account.id,
        name: account.name.clone(),
        account: account.username.clone(),
        roles: vec![account.kind().as_str().to_owned()],
        status: project.as_ref().map(|p| p.audit_status.clone()).unwrap_or_else(|| "2".into()),
        audit_status: !is_admin
            && account.kind() == AccountKind::Builder
            && project.as_ref().is_some_and(|p| p.editable()),
        property_status: project.as_ref().map_or(1, |p| p.property_status),
        special_status: project.as_ref().map_or(0, |p| p.special_status),
        open_sms: i64::from(state.config.security.sms_login),
        cashdeposit: project.as_ref().map_or(0, |p| p.cashdeposit),
        mustbankinfo: project.as_ref().map_or(0, |p| p.mustbankinfo),
        message_json: state.config.site.clone(),
        projectname: project.map(|p| p.name).unwrap_or_default(),
        isupdate: i64::from(!account.must_change_password),
        district: is_admin.then(|| account.district.clone()),
        district_name: is_admin.then(|| super::regulators::district_name(&account.district)),
        regulator_role: is_admin.then(|| account.regulator_role().map_or("", |role| role.as_str()).to_owned()),
    })
}
