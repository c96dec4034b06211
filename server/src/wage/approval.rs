//! The approver's second factor (issue 28): a verification is for one pending order of the approver's project.
//! The SMS code names that order's number and amount and checks only for it; the ID-number check takes one of
//! the account's attempts before it compares (locked like a password after too many wrong answers, for every
//! instance at once). Either, once passed, allows that order's approval within [`VERIFICATION_SECONDS`].

use super::money::yuan_grouped;
use super::repo::{self, Actor, OrderRow};
use super::service::{MSG_ID_MISMATCH, MSG_NO_ID_ON_FILE, MSG_NO_ORDER, MSG_NOT_PENDING};
use crate::auth::lockout::{self, Attempt};
use crate::auth::sms::{self, SmsGateway};
use crate::config::SecurityConfig;
use crate::db::{Db, Tx};
use crate::envelope::ApiError;
use crate::extract::sent;

pub const MSG_NO_PHONE: &str = "账号未登记手机号码";
pub const MSG_CODE_REQUIRED: &str = "请输入短信验证码";
pub const MSG_ID_LOCKED: &str = "身份证号码验证错误次数过多，请{}分钟后再试或使用短信验证";

/// The pending order `id` of the approver's project the verification is for.
async fn pending_order(db: &Db, project_id: i64, id: &Option<String>) -> Result<OrderRow, ApiError> {
    let id =
        sent(id).parse::<i64>().ok().filter(|id| *id > 0).ok_or_else(|| ApiError::NotFound(MSG_NO_ORDER.into()))?;
    let order = repo::order(db, project_id, id).await?.ok_or_else(|| ApiError::NotFound(MSG_NO_ORDER.into()))?;
    if order.status != "pending" {
        return Err(ApiError::refused(MSG_NOT_PENDING));
    }
    Ok(order)
}

fn purpose(order_id: i64) -> String {
    format!("order:{order_id}")
}

/// `Veritest`: a code for approving order `id`, to the approver's own phone; answers the masked phone.
pub async fn send_code(
    db: &Db,
    gateway: &dyn SmsGateway,
    project_id: i64,
    phone: &str,
    id: &Option<String>,
) -> Result<String, ApiError> {
    let order = pending_order(db, project_id, id).await?;
    if !sms::is_mobile(phone) {
        return Err(ApiError::refused(MSG_NO_PHONE));
    }
    let amount = yuan_grouped(order.total_fen);
    let text = |code: &str| {
        format!("您正在审批工资单{}，金额{amount}元，验证码{code}，5分钟内有效，请勿泄露给他人。", order.order_no)
    };
    sms::send_code_for(db, gateway, phone, &purpose(order.id), &text).await?;
    Ok(crate::domain::mask::phone(phone))
}

/// `Verification`: the code sent for order `id`; passed, that order's approval may follow.
pub async fn check_code(
    db: &Db,
    project_id: i64,
    phone: &str,
    id: &Option<String>,
    code: &Option<String>,
    actor: &Actor,
) -> Result<(), ApiError> {
    let order = pending_order(db, project_id, id).await?;
    let code = sent(code);
    if code.is_empty() {
        return Err(ApiError::refused(MSG_CODE_REQUIRED));
    }
    sms::check_code_for(db, phone, &purpose(order.id), code).await?;
    Tx::within(db, async |tx: &mut Tx| repo::add_verification(tx, actor.account_id, order.id, "sms", actor).await)
        .await?;
    Ok(())
}

/// `VerifyIdnumber`: the approver's ID number against the one on file, for order `id`. Each check first takes
/// one of the account's attempts (`security.max_failed_logins` per lock window); a wrong answer is logged, the
/// right one ends the run of failures.
pub async fn check_id_number(
    db: &Db,
    security: &SecurityConfig,
    project_id: i64,
    id: &Option<String>,
    given: &Option<String>,
    actor: &Actor,
) -> Result<(), ApiError> {
    let order = pending_order(db, project_id, id).await?;
    let (_, on_file) = repo::approver_identity(db, actor.account_id).await?.ok_or(ApiError::NotLoggedIn)?;
    if on_file.trim().is_empty() {
        return Err(ApiError::refused(MSG_NO_ID_ON_FILE));
    }
    let guard = format!("idcheck:{}", actor.account_id);
    let lock_seconds = security.lockout_minutes * 60;
    if let Attempt::Locked { until } = lockout::take(db, &guard, security.max_failed_logins, lock_seconds).await? {
        let minutes = ((until - crate::clock::now() + 59) / 60).max(1);
        return Err(ApiError::refused(MSG_ID_LOCKED.replace("{}", &minutes.to_string())));
    }
    if !sent(given).eq_ignore_ascii_case(on_file.trim()) {
        let entry = actor.entry("审批身份验证失败", "account", actor.account_id, "身份证号码不一致".into());
        crate::oplog::record(db, entry).await?;
        return Err(ApiError::refused(MSG_ID_MISMATCH));
    }
    lockout::clear(db, &guard).await?;
    Tx::within(db, async |tx: &mut Tx| {
        repo::add_verification(tx, actor.account_id, order.id, "id_number", actor).await
    })
    .await?;
    Ok(())
}
