//! Rate limits on the endpoints anyone can reach without a session: login, SMS codes, the captcha and the
//! public site configuration, counted per client address (`ClientIp`, behind trusted proxies the forwarded
//! one) in the database so that every instance counts the same requests. A limited request is answered with
//! the envelope refusal like any other rule; the per-account lock-out and the per-phone SMS limits are the
//! auth area's, on top of these.

mod repo;

use axum::extract::{Request, State};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use crate::clock;
use crate::config::RateLimitConfig;
use crate::envelope::ApiError;
use crate::extract::ClientIp;
use crate::state::AppState;

#[derive(Clone, Copy, Debug, PartialEq)]
enum Bucket {
    Login,
    SmsCode,
    Captcha,
    Public,
}

impl Bucket {
    fn name(self) -> &'static str {
        match self {
            Bucket::Login => "login",
            Bucket::SmsCode => "sms_code",
            Bucket::Captcha => "captcha",
            Bucket::Public => "public",
        }
    }

    fn window_seconds(self) -> i64 {
        match self {
            Bucket::SmsCode => 3600,
            Bucket::Login | Bucket::Captcha | Bucket::Public => 60,
        }
    }

    fn limit(self, limits: &RateLimitConfig) -> i64 {
        match self {
            Bucket::Login => limits.login_per_minute,
            Bucket::SmsCode => limits.sms_codes_per_hour,
            Bucket::Captcha => limits.captchas_per_minute,
            Bucket::Public => limits.public_per_minute,
        }
    }

    fn refusal(self) -> &'static str {
        match self {
            Bucket::Login => "登录尝试过于频繁，请1分钟后再试",
            Bucket::SmsCode => "验证码获取过于频繁，请1小时后再试",
            Bucket::Captcha | Bucket::Public => "请求过于频繁，请稍后再试",
        }
    }

    /// The bucket of a canonical API path, `/{side}/common/v1/Public/<action>` whatever the side.
    fn of(path: &str) -> Option<Bucket> {
        let (_side, rest) = path.strip_prefix('/')?.split_once('/')?;
        match rest {
            "common/v1/Public/login"
            | "common/v1/Public/Financelogin"
            | "common/v1/Public/smslogin"
            | "common/v1/Public/passwordverification" => Some(Bucket::Login),
            "common/v1/Public/getvcode" => Some(Bucket::SmsCode),
            "common/v1/Public/captcha" | "clue/v1/captcha" => Some(Bucket::Captcha),
            "clue/v1/Project/search" | "clue/v1/Clue/query" => Some(Bucket::Public),
            "common/v1/public/Message" | "common/v1/Public/get" | "common/v1/Public/getsmsstatus" => {
                Some(Bucket::Public)
            }
            _ => None,
        }
    }
}

/// Counts the request when its endpoint has a limit, and refuses it past the limit. A counter the database
/// cannot take lets the request through (logged): the endpoint itself will meet the same database.
pub async fn guard(
    State(state): State<AppState>,
    ClientIp(client): ClientIp,
    request: Request,
    next: Next,
) -> Response {
    let Some(bucket) = Bucket::of(request.uri().path()) else { return next.run(request).await };
    let limit = bucket.limit(&state.config.rate_limits);
    if limit > 0 {
        let now = clock::now();
        let window = bucket.window_seconds();
        match repo::hit(&state.db, bucket.name(), &client, now - now.rem_euclid(window)).await {
            Ok(hits) if hits > limit => return ApiError::refused(bucket.refusal()).into_response(),
            Ok(_) => {}
            Err(error) => {
                tracing::warn!(?error, bucket = bucket.name(), "rate counter unavailable; request let through")
            }
        }
    }
    next.run(request).await
}

/// Counts one event of `key` (a phone, an address) in `bucket`'s current window of `window_seconds` and answers
/// whether the window's count stays within `limit` (0: no limit), for the limits an area checks itself.
pub async fn within(
    db: &crate::db::Db,
    bucket: &str,
    key: &str,
    window_seconds: i64,
    limit: i64,
) -> sqlx::Result<bool> {
    if limit <= 0 {
        return Ok(true);
    }
    let now = clock::now();
    Ok(repo::hit(db, bucket, key, now - now.rem_euclid(window_seconds)).await? <= limit)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn public_endpoints_fall_in_their_buckets_on_either_side() {
        assert_eq!(Bucket::of("/builder/common/v1/Public/login"), Some(Bucket::Login));
        assert_eq!(Bucket::of("/finance/common/v1/Public/Financelogin"), Some(Bucket::Login));
        assert_eq!(Bucket::of("/finance/common/v1/Public/smslogin"), Some(Bucket::Login));
        assert_eq!(Bucket::of("/builder/common/v1/Public/getvcode"), Some(Bucket::SmsCode));
        assert_eq!(Bucket::of("/finance/common/v1/Public/captcha"), Some(Bucket::Captcha));
        assert_eq!(Bucket::of("/builder/common/v1/public/Message"), Some(Bucket::Public));
        assert_eq!(Bucket::of("/public/clue/v1/captcha"), Some(Bucket::Captcha));
        assert_eq!(Bucket::of("/public/clue/v1/Clue/query"), Some(Bucket::Public));
        assert_eq!(Bucket::of("/builder/project/v1/Worker/list"), None);
        assert_eq!(Bucket::of("/builder/common/v1/Public/Logout"), None);
        assert_eq!(Bucket::of("/"), None);
    }
}
