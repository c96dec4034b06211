//! The worker-platform feed (docs/platform.md): a project's account saved and checked, every method of the
//! demo project sent to the built-in sandbox platform in its signed, encrypted envelope, one record refused
//! and shown so, nothing queued or sent twice — across a changed record, a lost answer and an outage — on
//! both backends.

use std::sync::atomic::{AtomicUsize, Ordering};

use serde_json::Value;
use wageguard::platform::gateway::{BoxFuture, PlatformGateway, Platforms};
use wageguard::platform::protocol::{METHODS, Reply};
use wageguard::platform::service::run;
use wageguard::worker::demo::demo_id_number;

use crate::both;
use crate::support::{TestApp, assert_refused};

const PASSWORD: &str = "Demo@12345";
const BASE: &str = "/builder/platform/v1";
const SECRET: &str = "platform-secret-0001-abcdef";

async fn save(app: &TestApp, token: &str, form: &[(&str, &str)]) -> Value {
    app.post(&format!("{BASE}/Setting/save"), Some(token), form).await
}

async fn counts(app: &TestApp, token: &str) -> Value {
    let reply = app.get(&format!("{BASE}/Record/counts"), Some(token)).await;
    assert_eq!(reply["code"], 201, "{reply}");
    reply["data"].clone()
}

/// Forwards to the sandbox, then loses the first `lose` answers (the platform took the call; we never heard).
struct LosingAnswers {
    inner: Platforms,
    lose: usize,
    calls: AtomicUsize,
}

impl PlatformGateway for LosingAnswers {
    fn call<'a>(&'a self, endpoint: &'a str, form: &'a [(String, String)]) -> BoxFuture<'a, anyhow::Result<Reply>> {
        Box::pin(async move {
            let reply = self.inner.call(endpoint, form).await?;
            if self.calls.fetch_add(1, Ordering::SeqCst) < self.lose {
                anyhow::bail!("connection reset before the answer");
            }
            Ok(reply)
        })
    }
}

/// No platform answers.
struct Outage;

impl PlatformGateway for Outage {
    fn call<'a>(&'a self, _: &'a str, _: &'a [(String, String)]) -> BoxFuture<'a, anyhow::Result<Reply>> {
        Box::pin(async { anyhow::bail!("platform unreachable") })
    }
}

async fn the_sandbox_receives_every_method_and_one_refusal(app: &TestApp) {
    let token = app.login("demo", PASSWORD).await;
    assert_refused(&app.post(&format!("{BASE}/Record/send"), Some(&token), &[]).await, "请先保存数据上报设置");
    assert_refused(
        &save(app, &token, &[("appId", "wg demo"), ("appSecret", SECRET)]).await,
        "AppID应为1-64位字母、数字、-或_",
    );
    assert_refused(
        &save(app, &token, &[("appId", "wg-demo-app"), ("appSecret", "short")]).await,
        "AppSecret应为16-64位字母、数字或符号（不含空格）",
    );
    assert_refused(
        &save(app, &token, &[("appId", "wg-demo-app"), ("appSecret", SECRET), ("endpoint", "ftp://x")]).await,
        "平台接口地址应留空（使用内置沙箱平台）或以http://开头，不超过200个字符",
    );
    assert_eq!(
        save(app, &token, &[("appId", "wg-demo-app"), ("appSecret", SECRET), ("enabled", "1")]).await["code"],
        201
    );
    let setting = app.get(&format!("{BASE}/Setting/get"), Some(&token)).await;
    assert_eq!(setting["data"]["secretSet"], true);
    assert!(!setting.to_string().contains(SECRET), "the secret is never shown back");
    assert_eq!(
        save(app, &token, &[("appId", "wg-demo-app"), ("appSecret", ""), ("enabled", "1")]).await["code"],
        201,
        "kept"
    );
    let logged = "SELECT COUNT(*) FROM operation_log WHERE action = '保存数据上报设置'";
    assert_eq!(app.scalar(logged).await, 2);
    assert_eq!(app.scalar("SELECT COUNT(*) FROM operation_log WHERE detail LIKE '%platform-secret%'").await, 0);

    // Last month's wages paid, through the approver and the bank.
    let order = crate::orders::submitted_order(app, &token).await;
    let finance = app.login("finance", PASSWORD).await;
    crate::orders::verify_by_id(app, &finance, order).await;
    let approved = crate::orders::decide(app, &finance, order, "1", "").await;
    assert_eq!(approved["code"], 201, "{approved}");

    // One worker's ID card has expired: the platform refuses that worker.
    let expired = demo_id_number(0);
    app.exec_owned(format!("UPDATE workers SET id_valid_to = '2026-05-01' WHERE id_number = '{expired}'")).await;

    let sent = app.post(&format!("{BASE}/Record/send"), Some(&token), &[]).await;
    assert_eq!(sent["code"], 201, "{sent}");
    let run = &sent["data"];
    let queued = run["queued"].as_i64().unwrap();
    assert!(queued > 60, "{run}");
    assert_eq!(run["sent"].as_i64(), Some(queued));
    assert_eq!((run["accepted"].as_i64(), run["refused"].as_i64()), (Some(queued - 1), Some(1)), "{run}");
    let totals = counts(app, &token).await;
    assert_eq!(
        (totals["accepted"].as_i64(), totals["refused"].as_i64(), totals["queued"].as_i64()),
        (Some(queued - 1), Some(1), Some(0))
    );

    let refused = app.get(&format!("{BASE}/Record/list?status=refused"), Some(&token)).await;
    let line = &refused["data"]["list"][0];
    assert_eq!(refused["data"]["total"], 1);
    assert_eq!((line["method"].as_str(), line["statusLabel"].as_str()), (Some("ProjectWorker.Add"), Some("平台退回")));
    assert!(line["result"].as_str().unwrap().contains("身份证已过期（有效期至2026-05-01）"), "{line}");

    // Every method reached the sandbox, signed, with no ID number in the clear.
    let methods = wageguard::on_db!(&app.db, pool => sqlx::query_scalar::<_, String>("SELECT DISTINCT method FROM platform_sandbox_requests ORDER BY method").fetch_all(pool).await).unwrap();
    let mut expected: Vec<String> = METHODS.iter().map(|method| method.to_string()).collect();
    expected.sort();
    assert_eq!(methods, expected);
    let received = app.scalar("SELECT COUNT(*) FROM platform_sandbox_requests").await;
    assert_eq!(received, queued, "each record once");
    let clear = format!("SELECT COUNT(*) FROM platform_sandbox_requests WHERE data LIKE '%{expired}%'");
    assert_eq!(app.scalar_owned(clear).await, 0);
    let workers = app.get(&format!("{BASE}/Record/list?method=ProjectWorker.Add&limit=100"), Some(&token)).await;
    assert_eq!(workers["data"]["total"], 30);

    // Nothing changed, nothing sent; a renamed worker is one record, sent once.
    let again = app.post(&format!("{BASE}/Record/send"), Some(&token), &[]).await;
    assert_eq!((again["data"]["queued"].as_i64(), again["data"]["sent"].as_i64()), (Some(0), Some(0)), "{again}");
    app.exec_owned(format!("UPDATE workers SET name = '王改名' WHERE id_number = '{}'", demo_id_number(1))).await;
    let renamed = app.post(&format!("{BASE}/Record/send"), Some(&token), &[]).await;
    assert_eq!(
        (renamed["data"]["queued"].as_i64(), renamed["data"]["accepted"].as_i64()),
        (Some(1), Some(1)),
        "{renamed}"
    );
    assert_eq!(app.scalar("SELECT COUNT(*) FROM platform_sandbox_requests").await, queued + 1);
    assert_eq!(app.scalar("SELECT COUNT(*) FROM operation_log WHERE action = '立即上报'").await, 3);
}
both!(the_sandbox_receives_every_method_and_one_refusal);

async fn nothing_is_lost_or_sent_twice(app: &TestApp) {
    let token = app.login("demo", PASSWORD).await;
    assert_eq!(save(app, &token, &[("appId", "wg-demo-app"), ("appSecret", SECRET)]).await["code"], 201);
    let project = app.scalar("SELECT project_id FROM platform_settings").await;
    let now = wageguard::clock::now();

    // An outage: nothing leaves, the first record waits its back-off, the order is kept.
    let first = run(&app.db, &Outage, project, now).await.unwrap();
    assert!(first.queued > 60 && first.sent == 0 && first.error.contains("platform unreachable"), "{first:?}");
    assert_eq!(
        app.scalar("SELECT COUNT(*) FROM platform_outbox WHERE attempts > 0").await,
        1,
        "only the first was tried"
    );
    let waiting = run(&app.db, &Platforms { db: app.db.clone() }, project, now + 30).await.unwrap();
    assert_eq!((waiting.queued, waiting.sent), (0, 0), "still within its back-off");

    // The platform takes the first call but its answer is lost: sent again with the same nonce, processed once.
    let losing = LosingAnswers { inner: Platforms { db: app.db.clone() }, lose: 1, calls: AtomicUsize::new(0) };
    let lost = run(&app.db, &losing, project, now + 61).await.unwrap();
    assert_eq!(lost.sent, 0);
    assert_eq!(app.scalar("SELECT COUNT(*) FROM platform_sandbox_requests").await, 1, "the platform has it");
    let resumed = run(&app.db, &losing, project, now + 300).await.unwrap();
    assert_eq!(resumed.sent, first.queued, "{resumed:?}");
    assert_eq!(app.scalar("SELECT COUNT(*) FROM platform_sandbox_requests").await, first.queued, "nothing twice");
    assert_eq!(app.scalar("SELECT COUNT(*) FROM platform_outbox WHERE status = 'accepted'").await, first.queued);
    assert_eq!(
        app.scalar("SELECT MAX(attempts) FROM platform_outbox").await,
        3,
        "the first record: outage, lost answer, sent"
    );
}
both!(nothing_is_lost_or_sent_twice);

/// A platform reached over HTTP (here the sandbox served by a listener of the test's own), and one that is
/// not there: its record waits with the error shown.
async fn a_platform_over_http(app: &TestApp) {
    let db = app.db.clone();
    let platform = axum::Router::new().route(
        "/api",
        axum::routing::post(move |axum::Form(form): axum::Form<Vec<(String, String)>>| {
            let db = db.clone();
            async move { axum::Json(wageguard::platform::sandbox::answer(&db, &form).await.expect("sandbox")) }
        }),
    );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    tokio::spawn(async move { axum::serve(listener, platform).await.unwrap() });

    let token = app.login("demo", PASSWORD).await;
    let unreachable = format!("http://127.0.0.1:{}/api", address.port() + 1);
    assert_eq!(
        save(app, &token, &[("appId", "wg-http"), ("appSecret", SECRET), ("endpoint", &unreachable)]).await["code"],
        201
    );
    let failed = app.post(&format!("{BASE}/Record/send"), Some(&token), &[]).await;
    assert_eq!(failed["data"]["sent"], 0, "{failed}");
    assert!(!failed["data"]["error"].as_str().unwrap().is_empty());
    let waiting = app.get(&format!("{BASE}/Record/list?status=queued&method=Project.Add"), Some(&token)).await;
    let oldest = waiting["data"]["list"][0].clone();
    assert_eq!((oldest["attempts"].as_i64(), oldest["methodLabel"].as_str()), (Some(1), Some("项目")), "{oldest}");
    assert!(!oldest["lastError"].as_str().unwrap().is_empty());

    let endpoint = format!("http://{address}/api");
    assert_eq!(
        save(app, &token, &[("appId", "wg-http"), ("appSecret", ""), ("endpoint", &endpoint)]).await["code"],
        201
    );
    app.exec("UPDATE platform_outbox SET next_attempt_at = 0").await;
    let sent = app.post(&format!("{BASE}/Record/send"), Some(&token), &[]).await;
    let queued = app.scalar("SELECT COUNT(*) FROM platform_outbox").await;
    assert_eq!(
        (sent["data"]["sent"].as_i64(), sent["data"]["accepted"].as_i64()),
        (Some(queued), Some(queued)),
        "{sent}"
    );
}
both!(a_platform_over_http);
