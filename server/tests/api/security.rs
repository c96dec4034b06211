//! What a security review asks of every reply and of the endpoints anyone can reach: the security headers,
//! per-address rate limits counted in the database, the forwarded address believed only from trusted proxies,
//! and the per-phone SMS cap.

use axum::body::Body;
use axum::extract::ConnectInfo;
use axum::http::{Request, header};
use http_body_util::BodyExt;
use tower::ServiceExt;
use wageguard::config::Config;

use crate::both;
use crate::support::{TestApp, assert_refused, b64};

async fn headers_of(app: &TestApp, path: &str) -> axum::http::HeaderMap {
    let response = app.router.clone().oneshot(Request::get(path).body(Body::empty()).unwrap()).await.unwrap();
    let headers = response.headers().clone();
    response.into_body().collect().await.unwrap();
    headers
}

async fn every_reply_carries_the_security_headers(app: &TestApp) {
    for path in
        ["/", "/user/list", "/builder/common/v1/public/Message", "/builder/project/v1/Worker/list", "/api/openapi.json"]
    {
        let headers = headers_of(app, path).await;
        let policy =
            headers.get(header::CONTENT_SECURITY_POLICY).unwrap_or_else(|| panic!("{path}: no CSP")).to_str().unwrap();
        assert!(policy.contains("script-src 'self';") && policy.contains("frame-ancestors 'none'"), "{path}: {policy}");
        assert!(
            policy.contains("connect-src 'self' http://127.0.0.1:18089"),
            "the configured ID reader may be called: {policy}"
        );
        assert_eq!(headers[header::X_FRAME_OPTIONS], "DENY", "{path}");
        assert_eq!(headers[header::REFERRER_POLICY], "same-origin", "{path}");
        assert_eq!(headers[header::X_CONTENT_TYPE_OPTIONS], "nosniff", "{path}");
    }
    assert_eq!(
        headers_of(app, "/builder/project/v1/Worker/list").await[header::CACHE_CONTROL],
        "no-store",
        "API replies are not cached"
    );
    assert_eq!(headers_of(app, "/").await[header::CACHE_CONTROL], "no-cache", "the console page keeps its own caching");
}
both!(every_reply_carries_the_security_headers);

/// A POST from `peer`, optionally through a proxy that says the client was `forwarded_for`.
async fn post_from(
    app: &TestApp,
    path: &str,
    peer: &str,
    forwarded_for: Option<&str>,
    form: &[(&str, &str)],
) -> serde_json::Value {
    let mut request = Request::post(path).header(header::CONTENT_TYPE, "application/x-www-form-urlencoded");
    if let Some(client) = forwarded_for {
        request = request.header("X-Forwarded-For", client);
    }
    let mut request = request.body(Body::from(serde_urlencoded::to_string(form).unwrap())).unwrap();
    request.extensions_mut().insert(ConnectInfo(format!("{peer}:40000").parse::<std::net::SocketAddr>().unwrap()));
    app.send(request).await.1
}

fn three_logins_a_minute(config: &mut Config) {
    config.rate_limits.login_per_minute = 3;
    config.trusted_proxies = vec!["10.0.0.2".parse().unwrap()];
}

/// Waits, when needed, until at least 40 seconds of the current minute remain: the per-minute limits count
/// in calendar-minute windows, and a case crossing into the next window on a loaded machine would start
/// counting afresh halfway.
async fn within_one_minute_window() {
    let second = wageguard::clock::now().rem_euclid(60);
    if second > 20 {
        tokio::time::sleep(std::time::Duration::from_secs((61 - second) as u64)).await;
    }
}

async fn logins_are_limited_per_client_address(app: &TestApp) {
    within_one_minute_window().await;
    let wrong = [("username", "nobody-here"), ("password", "d3Jvbmc=")];
    for _ in 0..3 {
        let reply = post_from(app, "/builder/common/v1/Public/login", "1.1.1.1", None, &wrong).await;
        assert_ne!(reply["message"], "登录尝试过于频繁，请1分钟后再试");
    }
    let right = [("username", "demo"), ("password", &b64("Demo@12345") as &str)];
    let limited = post_from(app, "/builder/common/v1/Public/login", "1.1.1.1", None, &right).await;
    assert_refused(&limited, "登录尝试过于频繁，请1分钟后再试");
    let limited = post_from(app, "/finance/common/v1/Public/Financelogin", "1.1.1.1", None, &wrong).await;
    assert_refused(&limited, "登录尝试过于频繁，请1分钟后再试");
    // Another address is counted on its own.
    assert_eq!(post_from(app, "/builder/common/v1/Public/login", "2.2.2.2", None, &right).await["code"], 201);
    // An untrusted peer cannot choose its address with the header.
    let spoofed = post_from(app, "/builder/common/v1/Public/login", "1.1.1.1", Some("3.3.3.3"), &right).await;
    assert_refused(&spoofed, "登录尝试过于频繁，请1分钟后再试");
    // Behind the trusted proxy each client is its forwarded address.
    assert_eq!(
        post_from(app, "/builder/common/v1/Public/login", "10.0.0.2", Some("3.3.3.3"), &right).await["code"],
        201
    );
    for _ in 0..3 {
        post_from(app, "/builder/common/v1/Public/login", "10.0.0.2", Some("4.4.4.4"), &wrong).await;
    }
    let limited = post_from(app, "/builder/common/v1/Public/login", "10.0.0.2", Some("4.4.4.4"), &right).await;
    assert_refused(&limited, "登录尝试过于频繁，请1分钟后再试");
    assert_eq!(
        post_from(app, "/builder/common/v1/Public/login", "10.0.0.2", Some("5.5.5.5"), &right).await["code"],
        201
    );
    let counted =
        app.scalar("SELECT CAST(COALESCE(SUM(hits), 0) AS BIGINT) FROM rate_counters WHERE bucket = 'login'").await;
    assert_eq!(counted, 13, "every login request is counted in the database, limited ones too");
}
both!(logins_are_limited_per_client_address, three_logins_a_minute);

fn two_captchas_a_minute(config: &mut Config) {
    config.rate_limits.captchas_per_minute = 2;
}

async fn captchas_are_limited_and_other_endpoints_are_not(app: &TestApp) {
    within_one_minute_window().await;
    for _ in 0..2 {
        assert_eq!(post_from(app, "/builder/common/v1/Public/captcha", "1.1.1.1", None, &[]).await["code"], 201);
    }
    assert_refused(
        &post_from(app, "/finance/common/v1/Public/captcha", "1.1.1.1", None, &[]).await,
        "请求过于频繁，请稍后再试",
    );
    for _ in 0..5 {
        assert_eq!(post_from(app, "/builder/common/v1/public/Message", "1.1.1.1", None, &[]).await["code"], 201);
    }
}
both!(captchas_are_limited_and_other_endpoints_are_not, two_captchas_a_minute);

fn sms_on(config: &mut Config) {
    config.security.sms_login = true;
}

async fn a_phone_gets_at_most_ten_codes_a_day(app: &TestApp) {
    let now = wageguard::clock::now();
    for hours_ago in 1..=10 {
        app.exec_owned(format!(
            "INSERT INTO sms_codes (phone, code, created_at, expires_at, used) VALUES ('13800138001', '000000', {}, {}, TRUE)",
            now - hours_ago * 2000,
            now - hours_ago * 2000 + 300
        ))
        .await;
    }
    let reply = app.post("/builder/common/v1/Public/getvcode", None, &[("phone", &b64("13800138001"))]).await;
    assert_refused(&reply, "该手机号今日获取验证码次数已达上限，请明天再试");
    assert_eq!(app.scalar("SELECT COUNT(*) FROM sms_outbox").await, 0);
    app.exec_owned(format!("UPDATE sms_codes SET created_at = {} WHERE created_at = {}", now - 90_000, now - 20_000))
        .await;
    let reply = app.post("/builder/common/v1/Public/getvcode", None, &[("phone", &b64("13800138001"))]).await;
    assert_eq!(reply["code"], 201, "a code older than a day no longer counts: {reply}");
}
both!(a_phone_gets_at_most_ten_codes_a_day, sms_on);
