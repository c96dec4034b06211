//! Login and session (spec §7 "Login and session"), for the enterprise and the finance side: the login
//! flows, passwords, lock-out, captchas, SMS codes and the regulator accounts' management. The accounts and
//! sessions themselves are `identity`'s, below this area.

pub mod captcha;
pub mod lockout;
pub mod password;
pub mod regulators;
mod repo;
pub mod service;
pub mod sms;
pub mod worker_login;

use axum::extract::{Path, State};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use service::{LoginData, PasswordLogin, UserInfo};

use crate::envelope::{ApiError, ApiResult, Envelope, ok, ok_with};
use crate::extract::{ClientIp, Params};
use crate::identity::accounts::Side;
use crate::identity::sessions::{AllowInitialPassword, CurrentAccount};
use crate::identity::worker_sessions::CurrentWorker;
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(captcha_image))
        .routes(routes!(builder_login))
        .routes(routes!(finance_login))
        .routes(routes!(user_info))
        .routes(routes!(password_verification))
        .routes(routes!(sms_status))
        .routes(routes!(send_sms_code))
        .routes(routes!(sms_login))
        .routes(routes!(logout))
        .routes(routes!(builder_change_password))
        .routes(routes!(finance_change_password))
        .routes(routes!(worker_send_code))
        .routes(routes!(worker_sms_login))
        .routes(routes!(worker_logout))
        .merge(regulators::router())
}

fn side_of(segment: &str) -> Result<Side, ApiError> {
    Side::parse(segment).ok_or_else(|| ApiError::NotFound("接口不存在".into()))
}

#[derive(Serialize, ToSchema)]
pub struct CaptchaData {
    /// Send back as `captcha_id` with the login.
    pub captcha_id: String,
    /// The image as a `data:image/png;base64,…` URL.
    pub image: String,
}

/// A new image captcha: one use, valid five minutes (`refresh=1` is accepted and ignored: every call draws a new one).
#[utoipa::path(method(get, post), path = "/{side}/common/v1/Public/captcha", tag = "auth",
    params(("side" = String, Path, description = "`builder` (enterprise) or `finance`"),
        ("refresh" = Option<String>, Query, description = "`1` asks for a new image; accepted and ignored: every call draws one")),
    responses((status = 200, body = Envelope<CaptchaData>)))]
async fn captcha_image(State(state): State<AppState>, Path(side): Path<String>) -> ApiResult<CaptchaData> {
    side_of(&side)?;
    let issued = captcha::issue(&state.db).await?;
    Ok(ok(CaptchaData { captcha_id: issued.id, image: issued.image }))
}

#[derive(Deserialize, ToSchema)]
pub struct LoginForm {
    /// Account name.
    username: Option<String>,
    /// Base64 of the UTF-8 password.
    password: Option<String>,
    /// The captcha's characters (ignored while `WAGEGUARD_CAPTCHA=off`).
    captcha: Option<String>,
    /// The id from `Public/captcha`.
    captcha_id: Option<String>,
    /// The SMS code, required when SMS login is on.
    input_sms: Option<String>,
}

async fn password_login(state: AppState, side: Side, form: LoginForm, ip: String) -> ApiResult<LoginData> {
    let login = PasswordLogin::parse(
        form.username,
        form.password,
        form.captcha,
        form.captcha_id,
        form.input_sms,
        state.config.captcha,
    )?;
    Ok(ok_with(service::login(&state, side, login, &ip).await?, "登录成功"))
}

/// Enterprise (and regulator) login.
#[utoipa::path(post, path = "/builder/common/v1/Public/login", tag = "auth",
    request_body(content = LoginForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Envelope<LoginData>)))]
async fn builder_login(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    Params(form): Params<LoginForm>,
) -> ApiResult<LoginData> {
    password_login(state, Side::Builder, form, ip).await
}

/// Finance approver login.
#[utoipa::path(post, path = "/finance/common/v1/Public/Financelogin", tag = "auth",
    request_body(content = LoginForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Envelope<LoginData>)))]
async fn finance_login(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    Params(form): Params<LoginForm>,
) -> ApiResult<LoginData> {
    password_login(state, Side::Finance, form, ip).await
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct UserInfoQuery {
    /// The account id from the login; must be the session's own.
    id: Option<String>,
}

/// The logged-in user's information.
#[utoipa::path(get, path = "/{side}/common/v1/Public/get", tag = "auth", params(("side" = String, Path, description = "`builder` (enterprise) or `finance`"), ("X-Token" = String, Header, description = "session token"), UserInfoQuery),
    responses((status = 200, body = Envelope<UserInfo>)))]
async fn user_info(
    State(state): State<AppState>,
    Path(side): Path<String>,
    AllowInitialPassword(current): AllowInitialPassword,
    Params(query): Params<UserInfoQuery>,
) -> ApiResult<UserInfo> {
    Ok(ok(service::user_info(&state, side_of(&side)?, &current, query.id).await?))
}

#[derive(Deserialize, ToSchema)]
pub struct PasswordCheckForm {
    /// Base64 of a password to test against the rule in force (optional).
    password: Option<String>,
}

#[derive(Serialize, ToSchema)]
pub struct PasswordStatus {
    /// 1 when the strong-password setting is on (8–16 with upper, lower, digit and special char).
    pub passwordstatus: i64,
    /// 1 when the given password meets the rule in force; 0 when it does not or none was given.
    pub ifmatch: i64,
}

/// The password rule in force, and whether a password meets it.
#[utoipa::path(post, path = "/{side}/common/v1/Public/passwordverification", tag = "auth", params(("side" = String, Path, description = "`builder` (enterprise) or `finance`")),
    request_body(content = PasswordCheckForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Envelope<PasswordStatus>)))]
async fn password_verification(
    State(state): State<AppState>,
    Path(side): Path<String>,
    Params(form): Params<PasswordCheckForm>,
) -> ApiResult<PasswordStatus> {
    side_of(&side)?;
    let strong = state.config.security.strong_password;
    let ifmatch = match form.password.filter(|p| !p.trim().is_empty()) {
        Some(encoded) => {
            let password = password::decode_base64_text(&encoded, "密码")?;
            i64::from(password::check_new_password(&password, strong).is_ok())
        }
        None => 0,
    };
    Ok(ok(PasswordStatus { passwordstatus: i64::from(strong), ifmatch }))
}

#[derive(Serialize, ToSchema)]
pub struct SmsStatus {
    /// 1 when SMS login (and the SMS code on password login) is on.
    pub open_sms: i64,
}

/// Whether SMS login is on.
#[utoipa::path(post, path = "/{side}/common/v1/Public/getsmsstatus", tag = "auth", params(("side" = String, Path, description = "`builder` (enterprise) or `finance`")),
    responses((status = 200, body = Envelope<SmsStatus>)))]
async fn sms_status(State(state): State<AppState>, Path(side): Path<String>) -> ApiResult<SmsStatus> {
    side_of(&side)?;
    Ok(ok(SmsStatus { open_sms: i64::from(state.config.security.sms_login) }))
}

#[derive(Deserialize, ToSchema)]
pub struct SmsCodeForm {
    /// Base64 of the mobile number.
    phone: Option<String>,
    /// Or the account name, whose bound phone receives the code.
    username: Option<String>,
}

/// Sends a six-digit login code (valid 5 minutes, at most one a minute per phone).
#[utoipa::path(post, path = "/{side}/common/v1/Public/getvcode", tag = "auth", params(("side" = String, Path, description = "`builder` (enterprise) or `finance`")),
    request_body(content = SmsCodeForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Envelope<serde_json::Value>)))]
async fn send_sms_code(
    State(state): State<AppState>,
    Path(side): Path<String>,
    Params(form): Params<SmsCodeForm>,
) -> ApiResult<serde_json::Value> {
    service::send_login_code(&state, side_of(&side)?, form.phone, form.username).await?;
    Ok(ok_with(serde_json::json!({}), "验证码已发送"))
}

#[derive(Deserialize, ToSchema)]
pub struct SmsLoginForm {
    /// Base64 of the mobile number.
    phone: Option<String>,
    /// The six-digit code.
    code: Option<String>,
}

/// Login with a phone and an SMS code.
#[utoipa::path(post, path = "/{side}/common/v1/Public/smslogin", tag = "auth", params(("side" = String, Path, description = "`builder` (enterprise) or `finance`")),
    request_body(content = SmsLoginForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Envelope<LoginData>)))]
async fn sms_login(
    State(state): State<AppState>,
    Path(side): Path<String>,
    ClientIp(ip): ClientIp,
    Params(form): Params<SmsLoginForm>,
) -> ApiResult<LoginData> {
    Ok(ok_with(service::sms_login(&state, side_of(&side)?, form.phone, form.code, &ip).await?, "登录成功"))
}

/// Ends the session.
#[utoipa::path(post, path = "/{side}/common/v1/Public/Logout", tag = "auth", params(("side" = String, Path, description = "`builder` (enterprise) or `finance`"), ("X-Token" = String, Header, description = "session token")),
    responses((status = 200, body = Envelope<serde_json::Value>)))]
async fn logout(
    State(state): State<AppState>,
    Path(side): Path<String>,
    ClientIp(ip): ClientIp,
    AllowInitialPassword(current): AllowInitialPassword,
) -> ApiResult<serde_json::Value> {
    side_of(&side)?;
    service::logout(&state, &current, &ip).await?;
    Ok(ok_with(serde_json::Value::Null, "退出成功!"))
}

#[derive(Deserialize, ToSchema)]
pub struct PasswordChangeForm {
    /// Base64 of the current password.
    old_pwd: Option<String>,
    /// Base64 of the new password.
    new_pwd: Option<String>,
}

async fn change_password(
    state: AppState,
    side: Side,
    current: CurrentAccount,
    ip: String,
    form: PasswordChangeForm,
) -> ApiResult<serde_json::Value> {
    service::require_side(side, &current)?;
    service::change_password(&state, &current, form.old_pwd, form.new_pwd, &ip).await?;
    Ok(ok_with(serde_json::Value::Null, "修改成功"))
}

/// Changes the enterprise account's password; every session of the account ends.
#[utoipa::path(post, path = "/builder/common/v1/Site/ajax_pwd", tag = "auth", params(("X-Token" = String, Header, description = "session token")),
    request_body(content = PasswordChangeForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Envelope<serde_json::Value>)))]
async fn builder_change_password(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    AllowInitialPassword(current): AllowInitialPassword,
    Params(form): Params<PasswordChangeForm>,
) -> ApiResult<serde_json::Value> {
    change_password(state, Side::Builder, current, ip, form).await
}

/// Changes the finance approver's password; every session of the account ends.
#[utoipa::path(post, path = "/finance/project/v1/project/Ajax_pwd", tag = "auth", params(("X-Token" = String, Header, description = "session token")),
    request_body(content = PasswordChangeForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Envelope<serde_json::Value>)))]
async fn finance_change_password(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    AllowInitialPassword(current): AllowInitialPassword,
    Params(form): Params<PasswordChangeForm>,
) -> ApiResult<serde_json::Value> {
    change_password(state, Side::Finance, current, ip, form).await
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WorkerCodeForm {
    /// The worker's 18-character ID number.
    id_number: Option<String>,
}

/// The worker side: sends a six-digit login code (5 minutes) to the phone the roster has for this ID number.
/// Answers the same (`如该身份证号已登记，验证码已发送至登记手机`) for an ID number on no roster; a person on a
/// roster without a mobile number is told to ask the site's labour clerk.
#[utoipa::path(post, path = "/worker/common/v1/Public/getvcode", tag = "auth",
    request_body(content = WorkerCodeForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Envelope<serde_json::Value>)))]
async fn worker_send_code(
    State(state): State<AppState>,
    Params(form): Params<WorkerCodeForm>,
) -> ApiResult<serde_json::Value> {
    worker_login::send_code(&state, form.id_number).await?;
    Ok(ok_with(serde_json::Value::Null, worker_login::MSG_CODE_SENT))
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WorkerLoginForm {
    id_number: Option<String>,
    /// The six-digit code of `getvcode`.
    code: Option<String>,
}

/// The worker side's login with ID number and SMS code: a session of 30 days, which ends when the clerk
/// changes the roster's phone. Logged.
#[utoipa::path(post, path = "/worker/common/v1/Public/smslogin", tag = "auth",
    request_body(content = WorkerLoginForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Envelope<worker_login::WorkerLoginData>)))]
async fn worker_sms_login(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    Params(form): Params<WorkerLoginForm>,
) -> ApiResult<worker_login::WorkerLoginData> {
    Ok(ok_with(worker_login::login(&state, form.id_number, form.code, &ip).await?, "登录成功"))
}

/// Ends the worker's session.
#[utoipa::path(post, path = "/worker/common/v1/Public/Logout", tag = "auth",
    params(("X-Token" = String, Header, description = "the worker's session token")),
    responses((status = 200, body = Envelope<serde_json::Value>)))]
async fn worker_logout(State(state): State<AppState>, current: CurrentWorker) -> ApiResult<serde_json::Value> {
    worker_login::logout(&state, &current).await?;
    Ok(ok_with(serde_json::Value::Null, "退出成功!"))
}
