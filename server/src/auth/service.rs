//! Login, SMS login, password change and the session's user info.

use serde::Serialize;
use utoipa::ToSchema;

use super::accounts::{self, Account, AccountKind, Side};
use super::password::{self, decode_base64_text};
use super::{captcha, sessions, sms};
use crate::clock;
use crate::config::SiteConfig;
use crate::envelope::ApiError;
use crate::oplog;
use crate::project::repo as projects;
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
#[allow(non_snake_case)]
pub struct UserInfo {
    pub id: i64,
    pub name: String,
    pub account: String,
    /// One of `builder`, `finance`, `admin`.
    pub roles: Vec<String>,
    /// The project's audit status: '0' draft, '1' submitted, '2' approved, '3' rejected.
    pub status: String,
    /// True when the registration wizard is still editable (status '0' or '3').
    pub auditStatus: bool,
    pub propertyStatus: i64,
    pub specialStatus: i64,
    pub open_sms: i64,
    pub cashdeposit: i64,
    pub mustbankinfo: i64,
    pub messageJson: SiteConfig,
    pub projectname: String,
    pub isupdate: i64,
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
        Ok(PasswordLogin { username, password, captcha, captcha_id, input_sms: input_sms.unwrap_or_default().trim().to_owned() })
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
    accounts::clear_failed_logins(&state.db, account.id).await?;
    let token = sessions::create(&state.db, account.id, state.config.security.session_days, ip).await?;
    oplog::record(&state.db, oplog::Entry {
        account_id: Some(account.id),
        account_name: &account.username,
        action: "登录",
        target_type: "account",
        target_id: account.id.to_string(),
        detail: how.to_owned(),
        ip,
    })
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

fn refuse_if_locked(account: &Account) -> Result<(), ApiError> {
    let now = clock::now();
    if account.locked_until > now {
        let minutes = (account.locked_until - now + 59) / 60;
        return Err(ApiError::refused(format!("密码错误次数过多，账号已锁定，请{minutes}分钟后再试")));
    }
    Ok(())
}

pub async fn login(state: &AppState, side: Side, form: PasswordLogin, ip: &str) -> Result<LoginData, ApiError> {
    if state.config.captcha {
        captcha::check(&state.db, &form.captcha_id, &form.captcha).await?;
    }
    let sms_on = state.config.security.sms_login;
    if sms_on && form.input_sms.is_empty() {
        return Err(ApiError::refused("请输入短信验证码"));
    }
    let wrong = || ApiError::refused("账号或密码错误");
    let account = accounts::find_by_username(&state.db, &form.username).await?.ok_or_else(wrong)?;
    refuse_if_locked(&account)?;
    if !password::verify_blocking(form.password.clone(), account.password_hash.clone()).await {
        let security = &state.config.security;
        let lock_until = clock::now() + security.lockout_minutes * 60;
        let failures = accounts::record_failed_login(&state.db, account.id, security.max_failed_logins, lock_until).await?;
        if failures == 0 {
            oplog::record(&state.db, oplog::Entry {
                account_id: Some(account.id),
                account_name: &account.username,
                action: "账号锁定",
                target_type: "account",
                target_id: account.id.to_string(),
                detail: format!("连续{}次密码错误，锁定{}分钟", security.max_failed_logins, security.lockout_minutes),
                ip,
            })
            .await?;
            return Err(ApiError::refused(format!("密码错误次数过多，账号已锁定，请{}分钟后再试", security.lockout_minutes)));
        }
        return Err(ApiError::refused(format!("账号或密码错误，还可尝试{}次", security.max_failed_logins - failures)));
    }
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
pub async fn send_login_code(state: &AppState, side: Side, phone: Option<String>, username: Option<String>) -> Result<(), ApiError> {
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

pub async fn sms_login(state: &AppState, side: Side, phone: Option<String>, code: Option<String>, ip: &str) -> Result<LoginData, ApiError> {
    require_sms_login(state)?;
    let phone = parse_phone(phone)?;
    let code = required(code, "请输入短信验证码")?;
    sms::check_code(&state.db, &phone, &code).await?;
    let account = account_for_phone(side, accounts::find_by_phone(&state.db, &phone).await?)
        .ok_or_else(|| ApiError::refused("该手机号未绑定账号"))?;
    refuse_if_locked(&account)?;
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
    if !password::verify_blocking(old.clone(), account.password_hash.clone()).await {
        return Err(ApiError::refused("原密码错误"));
    }
    if old == new {
        return Err(ApiError::refused("新密码不能与原密码相同"));
    }
    let hash = password::hash_blocking(new.clone()).await?;
    accounts::set_password(&state.db, account.id, &hash, password::meets_strong_rule(&new), false).await?;
    let ended = sessions::delete_all_for_account(&state.db, account.id).await?;
    oplog::record(&state.db, oplog::Entry {
        account_id: Some(account.id),
        account_name: &account.username,
        action: "修改密码",
        target_type: "account",
        target_id: account.id.to_string(),
        detail: format!("结束会话{ended}个"),
        ip,
    })
    .await?;
    Ok(())
}

pub async fn logout(state: &AppState, current: &sessions::CurrentAccount, ip: &str) -> Result<(), ApiError> {
    sessions::delete(&state.db, &current.token).await?;
    oplog::record(&state.db, oplog::Entry {
        account_id: Some(current.account.id),
        account_name: &current.account.username,
        action: "退出登录",
        target_type: "account",
        target_id: current.account.id.to_string(),
        detail: String::new(),
        ip,
    })
    .await?;
    Ok(())
}

/// The session's account must belong to the side whose path was called.
pub fn require_side(side: Side, current: &sessions::CurrentAccount) -> Result<(), ApiError> {
    if side.admits(current.kind()) { Ok(()) } else { Err(ApiError::Forbidden("当前账号无权访问该入口".into())) }
}

pub async fn user_info(state: &AppState, side: Side, current: &sessions::CurrentAccount, id: Option<String>) -> Result<UserInfo, ApiError> {
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
        auditStatus: !is_admin && account.kind() == AccountKind::Builder && project.as_ref().is_some_and(|p| p.editable()),
        propertyStatus: project.as_ref().map_or(1, |p| p.property_status),
        specialStatus: project.as_ref().map_or(0, |p| p.special_status),
        open_sms: i64::from(state.config.security.sms_login),
        cashdeposit: project.as_ref().map_or(0, |p| p.cashdeposit),
        mustbankinfo: project.as_ref().map_or(0, |p| p.mustbankinfo),
        messageJson: state.config.site.clone(),
        projectname: project.map(|p| p.name).unwrap_or_default(),
        isupdate: i64::from(!account.must_change_password),
    })
}
