//! The worker side's login (`/worker/common/v1/Public/…`): no password; his ID number names him on the roster
//! and a six-digit code goes by SMS to the phone registered there (purpose `worker`, single use, 5 minutes,
//! 5 guesses taken atomically, the per-phone limits of `sms`, the per-address limit of `ratelimit`). The reply
//! to a code request is the same whether the ID number is on a roster or not, and whether the phone's limit
//! held the code back, so that nobody learns who is registered; only a person on a roster without a mobile
//! number is told to go to the site's labour clerk (docs/decisions.md, issue 31).

use serde::Serialize;
use utoipa::ToSchema;

use super::sms;
use crate::domain::id_number::IdNumber;
use crate::envelope::ApiError;
use crate::identity::worker_sessions::{self, CurrentWorker};
use crate::oplog;
use crate::state::AppState;
use crate::worker::own;

/// What a code request answers whenever a code may have gone out.
pub const MSG_CODE_SENT: &str = "如该身份证号已登记，验证码已发送至登记手机";
pub const MSG_NO_PHONE: &str = "您在花名册上没有登记手机号码，请联系项目劳资专管员登记";
pub const MSG_CODE_REQUIRED: &str = "请输入短信验证码";
const MSG_CODE_DEAD: &str = "短信验证码已失效，请重新获取";
const PURPOSE: &str = "worker";

#[derive(Serialize, ToSchema)]
pub struct WorkerLoginData {
    /// Session token of the worker side (30 days); send it back as header `X-Token` on `/worker/…`.
    pub phpsessid: String,
    pub name: String,
}

fn parse_id(id_number: Option<String>) -> Result<String, ApiError> {
    Ok(IdNumber::parse(id_number.as_deref().unwrap_or_default().trim())?.as_str().to_owned())
}

/// Sends a login code to the roster phone of the person `id_number` names, if there is one.
pub async fn send_code(state: &AppState, id_number: Option<String>) -> Result<(), ApiError> {
    let id_number = parse_id(id_number)?;
    let Some(contact) = own::login_contact(&state.db, &id_number).await? else { return Ok(()) };
    if !sms::is_mobile(&contact.phone) {
        return Err(ApiError::refused(MSG_NO_PHONE));
    }
    if let Some(refusal) = sms::over_limit(&state.db, &contact.phone).await? {
        tracing::info!(refusal, "worker login code held back");
        return Ok(());
    }
    sms::send_code_for(&state.db, state.sms.as_ref(), &contact.phone, PURPOSE, &|code| {
        format!("您的工资查询登录验证码为{code}，5分钟内有效，请勿泄露给他人。")
    })
    .await
}

/// Checks the code and opens the worker's session; logged.
pub async fn login(
    state: &AppState,
    id_number: Option<String>,
    code: Option<String>,
    ip: &str,
) -> Result<WorkerLoginData, ApiError> {
    let id_number = parse_id(id_number)?;
    let code = code.map(|code| code.trim().to_owned()).filter(|code| !code.is_empty());
    let code = code.ok_or_else(|| ApiError::refused(MSG_CODE_REQUIRED))?;
    let contact = own::login_contact(&state.db, &id_number).await?;
    let Some(contact) = contact.filter(|contact| sms::is_mobile(&contact.phone)) else {
        return Err(ApiError::refused(MSG_CODE_DEAD));
    };
    sms::check_code_for(&state.db, &contact.phone, PURPOSE, &code).await?;
    let token = worker_sessions::create(&state.db, contact.worker_id, &contact.phone, ip).await?;
    let actor = format!("工人 {}", contact.name);
    oplog::record(
        &state.db,
        oplog::Entry::named(None, &actor, ip).action("工人登录").on("worker", contact.worker_id).detail("短信验证码"),
    )
    .await?;
    Ok(WorkerLoginData { phpsessid: token, name: contact.name })
}

pub async fn logout(state: &AppState, current: &CurrentWorker) -> Result<(), ApiError> {
    Ok(worker_sessions::delete(&state.db, &current.token).await?)
}
