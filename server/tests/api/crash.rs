//! Crash tests (issue 12): the real server binary, on the test's database, killed with SIGKILL during punch
//! ingest and during a payout, then started again on the same database. Acknowledged punches are all stored
//! and none twice; an interrupted payout resumes at start-up and pays every line exactly once. The counts
//! are printed for the CI log.

use std::collections::BTreeSet;
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use serde_json::{Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use wageguard::attendance::device_api::sign;
use wageguard::attendance::service::secret_key;
use wageguard::worker::demo::demo_id_number;

use crate::attendance::register;
use crate::both;
use crate::orders::{balance, flow_sum, submitted_order, verify_by_id};
use crate::support::TestApp;
use crate::wages::leak;

/// `wageguard serve` on the test's database and data directory, on a port of its own.
pub(crate) struct Server {
    child: Child,
    pub(crate) port: u16,
}

impl Server {
    pub(crate) async fn start(app: &TestApp, pay_delay_ms: u64) -> Server {
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .and_then(|listener| listener.local_addr())
            .expect("a free port")
            .port();
        let child = Command::new(env!("CARGO_BIN_EXE_wageguard"))
            .arg("serve")
            .env_remove("WAGEGUARD_CONFIG")
            .env("DATABASE_URL", &app.config.database_url)
            .env("WAGEGUARD_ADDR", format!("127.0.0.1:{port}"))
            .env("WAGEGUARD_DATA_DIR", &app.config.data_dir)
            .env("WAGEGUARD_CAPTCHA", "off")
            .env("WAGEGUARD_SANDBOX_PAY_DELAY_MS", pay_delay_ms.to_string())
            .env("RUST_LOG", "error")
            .stdout(Stdio::null())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("the server binary starts");
        let server = Server { child, port };
        for _ in 0..600 {
            if tokio::net::TcpStream::connect(("127.0.0.1", port)).await.is_ok() {
                return server;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        panic!("the server did not listen on {port}");
    }

    pub(crate) fn pid(&self) -> u32 {
        self.child.id()
    }

    /// SIGKILL: no shutdown, no flush, transactions in flight lost.
    fn kill(mut self) {
        self.child.kill().expect("kill -9");
        self.child.wait().expect("the killed server is reaped");
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Writes a line to stderr past the test harness's capture, so the CI log shows the counts of a passing run.
pub(crate) fn report(line: String) {
    use std::io::Write;
    let _ = writeln!(std::io::stderr(), "{line}");
}

/// POSTs over a plain HTTP/1.0 connection; the envelope, or the error of a server that went away.
async fn post(port: u16, path: &str, headers: &[(&str, String)], body: &[u8]) -> std::io::Result<Value> {
    let mut stream = tokio::net::TcpStream::connect(("127.0.0.1", port)).await?;
    let mut head = format!("POST {path} HTTP/1.0\r\nHost: 127.0.0.1\r\nContent-Length: {}\r\n", body.len());
    for (name, value) in headers {
        head.push_str(&format!("{name}: {value}\r\n"));
    }
    head.push_str("\r\n");
    stream.write_all(head.as_bytes()).await?;
    stream.write_all(body).await?;
    let mut reply = Vec::new();
    stream.read_to_end(&mut reply).await?;
    let start = reply
        .windows(4)
        .position(|window| window == b"\r\n\r\n")
        .ok_or_else(|| std::io::Error::other("no complete reply"))?;
    serde_json::from_slice(&reply[start + 4..]).map_err(std::io::Error::other)
}

const BATCHES: usize = 150;
const PER_BATCH: usize = 100;
const SENDERS: usize = 3;
/// Batches acknowledged before the kill.
const ACKED_BEFORE_KILL: usize = 20;

/// Batch `index`: punches of the 30 demo workers in turn, one second apart from `first`, each time
/// unique, so a stored punch names its batch.
fn batch_body(serial: &str, first: i64, index: usize) -> String {
    let punches: Vec<Value> = (0..PER_BATCH)
        .map(|offset| {
            let n = index * PER_BATCH + offset;
            let direction = if (n / 30).is_multiple_of(2) { "in" } else { "out" };
            json!({ "idNumber": demo_id_number(n % 30), "time": wageguard::clock::china_datetime(first + n as i64), "direction": direction })
        })
        .collect();
    json!({ "serial": serial, "punches": punches }).to_string()
}

async fn push_batch(port: u16, serial: &str, secret: &str, body: &str) -> std::io::Result<Value> {
    let timestamp = wageguard::clock::now().to_string();
    let signature = sign(&secret_key(secret), &timestamp, body.as_bytes());
    let headers = [
        ("Content-Type", "application/json".to_owned()),
        ("X-Device-Serial", serial.to_owned()),
        ("X-Device-Timestamp", timestamp),
        ("X-Device-Signature", signature),
    ];
    post(port, "/device/v1/punch", &headers, body.as_bytes()).await
}

/// The batch of every stored punch of the device (time − first, over the batch size), with repeats.
async fn stored_batches(app: &TestApp, first: i64) -> Vec<usize> {
    let times: Vec<i64> = wageguard::on_db!(&app.db, pool => sqlx::query_scalar(
        "SELECT punched_at FROM punches WHERE device_id = (SELECT id FROM attendance_devices WHERE serial = 'T-CRASH')")
        .fetch_all(pool).await)
    .expect("stored punches");
    times.into_iter().map(|at| usize::try_from(at - first).expect("a punch that was sent") / PER_BATCH).collect()
}

async fn a_kill_during_punch_ingest_loses_no_acknowledged_punch(app: &TestApp) {
    let token = app.login("demo", "Demo@12345").await;
    let (_, secret) = register(app, &token, "T-CRASH", "both").await;
    let first = wageguard::clock::now() - 2 * 86_400;
    let server = Server::start(app, 0).await;
    let port = server.port;
    let next = Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let acked = Arc::new(Mutex::new(BTreeSet::new()));
    let senders: Vec<_> = (0..SENDERS)
        .map(|_| {
            let (next, acked, secret) = (next.clone(), acked.clone(), secret.clone());
            tokio::spawn(async move {
                loop {
                    let index = next.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
                    if index >= BATCHES {
                        return;
                    }
                    match push_batch(port, "T-CRASH", &secret, &batch_body("T-CRASH", first, index)).await {
                        Ok(reply) if reply["code"] == 201 => {
                            assert_eq!(reply["data"]["inserted"], PER_BATCH, "{reply}");
                            acked.lock().unwrap().insert(index);
                        }
                        Ok(reply) => panic!("batch {index} refused: {reply}"),
                        Err(_) => return,
                    }
                }
            })
        })
        .collect();
    for _ in 0..1200 {
        if acked.lock().unwrap().len() >= ACKED_BEFORE_KILL {
            break;
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    server.kill();
    let killed_at = wageguard::clock::now();
    for sender in senders {
        sender.await.expect("a sender ends without panicking");
    }
    let acked = acked.lock().unwrap().clone();
    let sent = next.load(std::sync::atomic::Ordering::SeqCst).min(BATCHES);
    assert!(
        acked.len() >= ACKED_BEFORE_KILL && sent < BATCHES,
        "the kill came mid-stream: {} acknowledged, {sent} sent",
        acked.len()
    );

    let stored = stored_batches(app, first).await;
    let stored_set: BTreeSet<usize> = stored.iter().copied().collect();
    assert!(acked.is_subset(&stored_set), "every acknowledged batch is stored");
    assert!(stored_set.iter().all(|batch| *batch < sent), "nothing stored that was not sent");
    for batch in &stored_set {
        assert_eq!(stored.iter().filter(|b| *b == batch).count(), PER_BATCH, "batch {batch} is stored whole, once");
    }
    report(format!(
        "crash during ingest ({}): {} punches sent in {sent} batches, {} acknowledged, {} stored at the kill ({} not acknowledged)",
        app.db.backend(),
        sent * PER_BATCH,
        acked.len() * PER_BATCH,
        stored.len(),
        stored.len() - acked.len() * PER_BATCH
    ));

    // A retrying device signs a new timestamp (docs/device-api.md); timestamps are whole seconds, so the
    // resends wait for a second no request before the kill was signed in.
    while wageguard::clock::now() <= killed_at {
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let server = Server::start(app, 0).await;
    let mut duplicates = 0;
    for index in (0..BATCHES).filter(|index| !acked.contains(index)) {
        let reply = push_batch(server.port, "T-CRASH", &secret, &batch_body("T-CRASH", first, index))
            .await
            .expect("the restarted server answers");
        assert_eq!(reply["code"], 201, "{reply}");
        assert_eq!(
            reply["data"]["inserted"].as_u64().unwrap() + reply["data"]["duplicates"].as_u64().unwrap(),
            PER_BATCH as u64,
            "{reply}"
        );
        duplicates += reply["data"]["duplicates"].as_u64().unwrap();
    }
    let again = push_batch(server.port, "T-CRASH", &secret, &batch_body("T-CRASH", first, *acked.first().unwrap()))
        .await
        .unwrap();
    assert_eq!(again["data"]["duplicates"], PER_BATCH, "an acknowledged batch sent again is all duplicates: {again}");
    drop(server);
    let stored = stored_batches(app, first).await;
    assert_eq!(stored.len(), BATCHES * PER_BATCH, "every punch stored once");
    assert_eq!(stored.iter().copied().collect::<BTreeSet<_>>().len(), BATCHES);
    report(format!(
        "after the restart ({}): unacknowledged batches sent again, {duplicates} of their punches already stored; {} stored of {} sent, no duplicates",
        app.db.backend(),
        stored.len(),
        BATCHES * PER_BATCH
    ));
}
both!(a_kill_during_punch_ingest_loses_no_acknowledged_punch);

async fn order_status(app: &TestApp, order: i64) -> String {
    wageguard::on_db!(&app.db, pool => sqlx::query_scalar::<_, String>("SELECT status FROM wage_orders WHERE id = $1").bind(order).fetch_one(pool).await)
        .expect("order status")
}

/// Per payout line the sandbox bank waits this long, so a kill lands mid-payout.
const PAY_DELAY_MS: u64 = 100;

async fn a_kill_during_a_payout_resumes_and_pays_each_line_once(app: &TestApp) {
    let demo = app.login("demo", "Demo@12345").await;
    let order = submitted_order(app, &demo).await;
    let finance = app.login("finance", "Demo@12345").await;
    verify_by_id(app, &finance, order).await;
    let before = balance(app).await;
    let lines = app.scalar(leak(format!("SELECT line_count FROM wage_orders WHERE id = {order}"))).await;
    let total = app.scalar(leak(format!("SELECT total_fen FROM wage_orders WHERE id = {order}"))).await;
    assert!(lines >= 10, "the demo order has lines to interrupt: {lines}");

    let server = Server::start(app, PAY_DELAY_MS).await;
    let port = server.port;
    let approval = tokio::spawn(async move {
        let headers = [("Content-Type", "application/x-www-form-urlencoded".to_owned()), ("X-Token", finance)];
        post(port, "/finance/project/v1/orders/Orderaudit", &headers, format!("id={order}&status=1&remark=").as_bytes())
            .await
    });
    let mut asked = 0;
    for _ in 0..1200 {
        asked = app.scalar("SELECT COUNT(*) FROM sandbox_bank_payments").await;
        if asked >= lines / 3 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    server.kill();
    assert!(approval.await.expect("the approval task ends").is_err(), "the approval never answered");
    let asked = app.scalar("SELECT COUNT(*) FROM sandbox_bank_payments").await.max(asked);
    let settled = app
        .scalar(leak(format!("SELECT COUNT(*) FROM payouts WHERE order_id = {order} AND status <> 'pending'")))
        .await;
    assert!(asked > 0 && asked < lines, "the kill came mid-payout: {asked} of {lines} lines asked of the bank");
    assert_eq!(order_status(app, order).await, "paying");
    report(format!(
        "crash during a payout ({}): killed with {asked} of {lines} lines paid by the bank, {settled} recorded",
        app.db.backend()
    ));

    let server = Server::start(app, 0).await;
    for _ in 0..1200 {
        if order_status(app, order).await != "paying" {
            break;
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    drop(server);
    assert_eq!(order_status(app, order).await, "paid", "start-up resumed the order");
    let paid =
        app.scalar(leak(format!("SELECT COUNT(*) FROM payouts WHERE order_id = {order} AND status = 'paid'"))).await;
    let paid_lines = app
        .scalar(leak(format!(
            "SELECT COUNT(DISTINCT line_id) FROM payouts WHERE order_id = {order} AND status = 'paid'"
        )))
        .await;
    let bank_payments = app.scalar("SELECT COUNT(*) FROM sandbox_bank_payments").await;
    let flows = app.scalar("SELECT COUNT(*) FROM account_flows WHERE source = 'payout'").await;
    assert_eq!(
        (paid, paid_lines, bank_payments, flows),
        (lines, lines, lines, lines),
        "each line paid once, by the bank and in the account"
    );
    assert_eq!(balance(app).await, before - total);
    assert_eq!(balance(app).await, flow_sum(app).await);
    report(format!(
        "after the restart ({}): order paid, {paid} lines paid of {lines}, {bank_payments} bank payments, {flows} payout flows, balance = sum of flows",
        app.db.backend()
    ));
}
both!(a_kill_during_a_payout_resumes_and_pays_each_line_once);

/// The order's state after a kill: (result files recorded, payouts still pending, payouts settled, payout flows).
async fn file_order_state(app: &TestApp, order: i64) -> (i64, i64, i64, i64) {
    let count = |sql: String| async move { app.scalar(leak(sql)).await };
    (
        count(format!("SELECT COUNT(*) FROM wage_batch_results WHERE order_id = {order}")).await,
        count(format!("SELECT COUNT(*) FROM payouts WHERE order_id = {order} AND status = 'pending'")).await,
        count(format!("SELECT COUNT(*) FROM payouts WHERE order_id = {order} AND status <> 'pending'")).await,
        count(format!(
            "SELECT COUNT(*) FROM account_flows f JOIN payouts p ON p.id = f.payout_id WHERE p.order_id = {order}"
        ))
        .await,
    )
}

/// Issue 32: the server killed with SIGKILL at growing moments while it applies a bank's result file of 2,000
/// lines. After every kill the file is applied wholly (recorded, every line settled, a flow per paid line)
/// or not at all (nothing recorded, every line pending); sent again after a restart it applies once.
async fn a_kill_while_a_result_file_applies_leaves_all_or_nothing(app: &TestApp) {
    const LINES: i64 = 2_000;
    let demo = app.login("demo", "Demo@12345").await;
    let (unit, team) = crate::bank_files::file_team(app, LINES as usize, 0).await;
    assert_eq!(app.post("/builder/special/v1/Account/payoutMode", Some(&demo), &[("mode", "file")]).await["code"], 201);
    crate::basis::fund(app, 100_000_000).await;
    let order = crate::bank_files::team_order(app, &demo, unit, team).await;
    assert_eq!(crate::bank_files::approve(app, order).await["code"], 201);
    let (_, batch) =
        app.download(&format!("/builder/wage/v1/Payout/batchfile?orderId={order}&format=generic-txt"), &demo).await;
    let (_, result) = app.post_file("/builder/wage/v1/Payout/sandboxresult?format=generic-txt", &demo, &batch).await;
    let boundary = "crash-result-file";
    let mut body =
        format!("--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"result.txt\"\r\n\r\n")
            .into_bytes();
    body.extend_from_slice(&result);
    body.extend_from_slice(format!("\r\n--{boundary}--\r\n").as_bytes());
    let headers = [("Content-Type", format!("multipart/form-data; boundary={boundary}")), ("X-Token", demo.clone())];
    let path = format!("/builder/wage/v1/Payout/batchresult?orderId={order}&format=generic-txt");

    let (mut kills, mut during) = (0, 0);
    for delay_ms in (0..).step_by(40) {
        let server = Server::start(app, 0).await;
        let (port, body, headers, path) = (server.port, body.clone(), headers.clone(), path.clone());
        let upload = tokio::spawn(async move { post(port, &path, &headers, &body).await });
        tokio::time::sleep(Duration::from_millis(delay_ms)).await;
        let answered = upload.is_finished();
        server.kill();
        kills += 1;
        let state = file_order_state(app, order).await;
        match state {
            (0, LINES, 0, 0) => {}
            (1, 0, LINES, LINES) => break,
            _ => panic!("a kill after {delay_ms} ms left the file half applied: {state:?}"),
        }
        if !answered {
            during += 1;
        }
        assert!(delay_ms < 60_000, "the result file never applied");
    }
    report(format!(
        "crash while a result file applies ({}): {kills} kills at 40 ms steps, {during} with the upload in flight, each all or nothing",
        app.db.backend()
    ));
    let server = Server::start(app, 0).await;
    let again = post(server.port, &path, &headers, &body).await.expect("the restarted server answers");
    drop(server);
    assert_eq!(again["message"], "该回盘文件已处理过，未作任何更改", "{again}");
    assert_eq!(file_order_state(app, order).await, (1, 0, LINES, LINES));
    assert_eq!(balance(app).await, flow_sum(app).await);
}
both!(a_kill_while_a_result_file_applies_leaves_all_or_nothing);
