//! SMS: the gateway trait, the built-in outbox sandbox, and one-time login codes.

use std::future::Future;
use std::pin::Pin;

use super::repo;
use crate::clock;
use crate::db::Db;
use crate::domain::mask;
use crate::envelope::ApiError;

const CODE_LIFETIME_SECONDS: i64 = 300;
const RESEND_AFTER_SECONDS: i64 = 60;
const MAX_ATTEMPTS: i64 = 5;
/// Codes one phone may be sent in 24 hours, whoever asks: a phone cannot be flooded from many addresses.
const MAX_CODES_PER_PHONE_PER_DAY: i64 = 10;

pub type SendFuture<'a> = Pin<Box<dyn Future<Output = anyhow::Result<()>> + Send + 'a>>;

/// Sends text messages. The real one talks to an SMS provider; the sandbox keeps them in the database.
pub trait SmsGateway: Send + Sync {
    fn send<'a>(&'a self, phone: &'a str, content: &'a str) -> SendFuture<'a>;
}

/// The default gateway: writes every message to the `sms_outbox` table and the log, sends nothing.
pub struct OutboxSms {
    pub db: Db,
}

impl SmsGateway for OutboxSms {
    fn send<'a>(&'a self, phone: &'a str, content: &'a str) -> SendFuture<'a> {
        Box::pin(async move {
            tracing::info!(phone = %mask::phone(phone), content, "sms kept in the outbox (sandbox gateway)");
            repo::insert_outbox(&self.db, phone, content, clock::now()).await?;
            Ok(())
        })
    }
}

/// Mainland mobile numbers: 1, then 3–9, then nine digits.
pub fn is_mobile(phone: &str) -> bool {
    let bytes = phone.as_bytes();
    bytes.len() == 11 && bytes[0] == b'1' && (b'3'..=b'9').contains(&bytes[1]) && bytes.iter().all(u8::is_ascii_digit)
}

/// Creates a six-digit login or phone-change code for `phone` and sends it, at most once a minute and ten
/// times a day per phone.
pub async fn send_code(db: &Db, gateway: &dyn SmsGateway, phone: &str) -> Result<(), ApiError> {
    send_code_for(db, gateway, phone, "", &|code| format!("您的登录验证码为{code}，5分钟内有效，请勿泄露给他人。"))
        .await
}

/// Creates a six-digit code for `purpose` (see `repo::insert_code`) and sends `text(code)` to `phone`, with the
/// limits of [`send_code`].
pub async fn send_code_for(
    db: &Db,
    gateway: &dyn SmsGateway,
    phone: &str,
    purpose: &str,
    text: &(dyn Fn(&str) -> String + Sync),
) -> Result<(), ApiError> {
    if let Some(refusal) = over_limit(db, phone).await? {
        return Err(ApiError::refused(refusal));
    }
    let now = clock::now();
    let code = format!("{:06}", rand::random_range(0..1_000_000u32));
    repo::insert_code(db, phone, purpose, &code, now, now + CODE_LIFETIME_SECONDS).await?;
    send_message(gateway, phone, &text(&code)).await
}

/// Why `phone` may not be sent a code now (once a minute, ten a day), or None when it may.
pub async fn over_limit(db: &Db, phone: &str) -> sqlx::Result<Option<&'static str>> {
    let now = clock::now();
    if repo::codes_sent_since(db, phone, now - RESEND_AFTER_SECONDS).await? > 0 {
        return Ok(Some("验证码发送过于频繁，请60秒后再试"));
    }
    if repo::codes_sent_since(db, phone, now - 86_400).await? >= MAX_CODES_PER_PHONE_PER_DAY {
        return Ok(Some("该手机号今日获取验证码次数已达上限，请明天再试"));
    }
    Ok(None)
}

/// Sends one text (an initial password, a code) through the gateway; a failure is the envelope's refusal.
pub async fn send_message(gateway: &dyn SmsGateway, phone: &str, text: &str) -> Result<(), ApiError> {
    gateway.send(phone, text).await.map_err(|error| {
        tracing::error!(?error, "sms gateway failed");
        ApiError::refused("短信发送失败，请稍后再试")
    })
}

/// Checks the newest live login or phone-change code of `phone`.
pub async fn check_code(db: &Db, phone: &str, code: &str) -> Result<(), ApiError> {
    check_code_for(db, phone, "", code).await
}

/// Checks the newest live code of `phone` for `purpose`: each check takes one of its five attempts first (one
/// conditional update, so parallel guesses cannot check more); a right code is used up.
pub async fn check_code_for(db: &Db, phone: &str, purpose: &str, code: &str) -> Result<(), ApiError> {
    let now = clock::now();
    let Some((id, expected)) = repo::latest_code(db, phone, purpose, now).await? else {
        return Err(ApiError::refused("短信验证码已失效，请重新获取"));
    };
    if !repo::take_code_attempt(db, id, MAX_ATTEMPTS).await? {
        return Err(ApiError::refused("短信验证码错误次数过多，请重新获取"));
    }
    if expected != code.trim() {
        return Err(ApiError::refused("短信验证码错误"));
    }
    if repo::use_code(db, id).await? == 0 {
        return Err(ApiError::refused("短信验证码已失效，请重新获取"));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mobile_numbers_follow_the_spec_pattern() {
        assert!(is_mobile("13800138000"));
        assert!(is_mobile("19912345678"));
        assert!(!is_mobile("12800138000"));
        assert!(!is_mobile("1380013800"));
        assert!(!is_mobile("1380013800a"));
    }
}
