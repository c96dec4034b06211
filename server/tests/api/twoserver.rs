//! Two `wageguard serve` processes (the real binary) on one fresh PostgreSQL database and one data directory,
//! behind nginx from Debian with a round-robin upstream of both: a session, a captcha and an SMS code made by
//! one instance work on the other, a file uploaded through one downloads through the other, and each
//! scheduled job runs once per period although both instances run the schedule. PostgreSQL only: that is the
//! deployment it proves (docs/deploy.md). Skipped with a notice when nginx or PostgreSQL is absent.

use std::collections::{BTreeMap, BTreeSet};
use std::net::{SocketAddr, TcpListener};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use serde_json::Value;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

use crate::support::{b64, drop_postgres_database, fresh_postgres_database, multipart_files};

const WAGEGUARD: &str = env!("CARGO_BIN_EXE_wageguard");
/// The ports this test may use (servers and nginx).
const PORTS: std::ops::Range<u16> = 18500..18600;
const JOB_INTERVAL_SECONDS: &str = "2";
/// Periods each job must have run in before the run records are judged.
const PERIODS: usize = 3;
const PNG: &[u8] = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x01\0\0\0\x01\x08\x06\0\0\0\x1f\x15\xc4\x89";

fn job_names() -> impl Iterator<Item = &'static str> {
    wageguard::jobs::Job::ALL.into_iter().map(wageguard::jobs::Job::name)
}

struct Reply {
    status: u16,
    headers: Vec<(String, String)>,
    body: Vec<u8>,
}

impl Reply {
    fn header(&self, name: &str) -> Option<&str> {
        self.headers.iter().find(|(key, _)| key.eq_ignore_ascii_case(name)).map(|(_, value)| value.as_str())
    }

    fn envelope(&self) -> Value {
        assert_eq!(self.status, 200, "HTTP {}: {}", self.status, String::from_utf8_lossy(&self.body));
        serde_json::from_slice(&self.body)
            .unwrap_or_else(|_| panic!("not JSON: {}", String::from_utf8_lossy(&self.body)))
    }
}

fn dechunk(mut raw: &[u8]) -> Vec<u8> {
    let mut body = Vec::new();
    loop {
        let line_end = raw.windows(2).position(|w| w == b"\r\n").expect("chunk size line");
        let size_text = String::from_utf8_lossy(&raw[..line_end]);
        let size = usize::from_str_radix(size_text.split(';').next().unwrap_or("").trim(), 16).expect("chunk size");
        raw = &raw[line_end + 2..];
        if size == 0 {
            return body;
        }
        body.extend_from_slice(&raw[..size]);
        raw = &raw[size + 2..];
    }
}

/// One HTTP/1.1 exchange on a connection of its own.
async fn exchange(addr: SocketAddr, method: &str, path: &str, headers: &[(&str, &str)], body: &[u8]) -> Reply {
    let talk = async {
        let mut stream = TcpStream::connect(addr).await.expect("connect");
        let mut head = format!(
            "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nContent-Length: {}\r\n",
            body.len()
        );
        for (name, value) in headers {
            head.push_str(&format!("{name}: {value}\r\n"));
        }
        head.push_str("\r\n");
        stream.write_all(head.as_bytes()).await.expect("send head");
        stream.write_all(body).await.expect("send body");
        let mut raw = Vec::new();
        stream.read_to_end(&mut raw).await.expect("read reply");
        raw
    };
    let raw = tokio::time::timeout(Duration::from_secs(60), talk)
        .await
        .unwrap_or_else(|_| panic!("{method} {path} at {addr} did not answer"));
    let head_end = raw.windows(4).position(|w| w == b"\r\n\r\n").expect("reply head");
    let head = String::from_utf8_lossy(&raw[..head_end]).into_owned();
    let mut lines = head.split("\r\n");
    let status = lines
        .next()
        .and_then(|line| line.split_whitespace().nth(1))
        .and_then(|code| code.parse().ok())
        .expect("status line");
    let headers: Vec<(String, String)> = lines
        .filter_map(|line| line.split_once(':'))
        .map(|(name, value)| (name.trim().to_owned(), value.trim().to_owned()))
        .collect();
    let rest = &raw[head_end + 4..];
    let chunked =
        headers.iter().any(|(name, value)| name.eq_ignore_ascii_case("transfer-encoding") && value.contains("chunked"));
    let body = if chunked { dechunk(rest) } else { rest.to_vec() };
    Reply { status, headers, body }
}

async fn post_form(addr: SocketAddr, path: &str, token: Option<&str>, form: &[(&str, &str)]) -> Reply {
    let body = serde_urlencoded::to_string(form).expect("form encodes");
    let mut headers = vec![("Content-Type", "application/x-www-form-urlencoded")];
    headers.extend(token.map(|token| ("X-Token", token)));
    exchange(addr, "POST", path, &headers, body.as_bytes()).await
}

async fn get(addr: SocketAddr, path: &str, token: Option<&str>) -> Reply {
    let headers: Vec<(&str, &str)> = token.map(|token| ("X-Token", token)).into_iter().collect();
    exchange(addr, "GET", path, &headers, b"").await
}

/// A process this test started; killed when dropped.
struct Server {
    name: &'static str,
    child: Child,
    addr: SocketAddr,
    log: PathBuf,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Server {
    fn start(name: &'static str, dir: &Path, database_url: &str, port: u16) -> Server {
        let addr: SocketAddr = ([127, 0, 0, 1], port).into();
        let log = dir.join(format!("server-{name}.log"));
        let child = Command::new(WAGEGUARD)
            .args(["--config", "wageguard.toml", "serve"])
            .current_dir(dir)
            .env_remove("WAGEGUARD_CONFIG")
            .env("DATABASE_URL", database_url)
            .env("WAGEGUARD_ADDR", addr.to_string())
            .env("WAGEGUARD_DATA_DIR", dir.join("data"))
            .env("WAGEGUARD_CAPTCHA", "on")
            .env("WAGEGUARD_JOB_INTERVAL", JOB_INTERVAL_SECONDS)
            .env("RUST_LOG", "info,sqlx=warn,wageguard::jobs=debug")
            .env("NO_COLOR", "1")
            .stdout(Stdio::null())
            .stderr(std::fs::File::create(&log).expect("server log"))
            .spawn()
            .expect("start wageguard serve");
        Server { name, child, addr, log }
    }

    fn log_text(&self) -> String {
        std::fs::read_to_string(&self.log).unwrap_or_default()
    }

    /// The name this process writes into the run records (`instance::name`).
    fn instance(&self) -> String {
        format!(":{}", self.child.id())
    }

    async fn wait_until_healthy(&mut self) {
        for _ in 0..480 {
            if let Some(status) = self.child.try_wait().expect("server status") {
                panic!("server {} exited ({status}):\n{}", self.name, self.log_text());
            }
            if TcpStream::connect(self.addr).await.is_ok() && get(self.addr, "/healthz", None).await.status == 200 {
                return;
            }
            tokio::time::sleep(Duration::from_millis(250)).await;
        }
        panic!("server {} never became healthy:\n{}", self.name, self.log_text());
    }
}

struct Nginx {
    binary: &'static str,
    prefix: PathBuf,
    child: Child,
    addr: SocketAddr,
}

impl Nginx {
    fn args(prefix: &Path) -> Vec<String> {
        let path = |name: &str| prefix.join(name).display().to_string();
        vec!["-p".into(), path(""), "-c".into(), path("nginx.conf"), "-e".into(), path("error.log")]
    }

    /// nginx with a round-robin upstream of `servers`, proxying as docs/deploy.md's site does. The
    /// `X-Upstream` reply header is the test's: it tells which instance answered.
    fn start(binary: &'static str, dir: &Path, port: u16, servers: &[Server]) -> Nginx {
        let prefix = dir.join("nginx");
        std::fs::create_dir_all(&prefix).expect("nginx prefix");
        let upstreams: String = servers.iter().map(|server| format!("        server {};\n", server.addr)).collect();
        let temp = |name: &str| prefix.join(name).display().to_string();
        let conf = format!(
            r#"worker_processes 1;
pid {pid};
events {{ worker_connections 64; }}
http {{
    access_log {access};
    client_body_temp_path {body};
    proxy_temp_path {proxy};
    fastcgi_temp_path {fastcgi};
    uwsgi_temp_path {uwsgi};
    scgi_temp_path {scgi};
    upstream wageguard {{
{upstreams}        keepalive 8;
    }}
    server {{
        listen 127.0.0.1:{port};
        client_max_body_size 46m;
        location / {{
            proxy_pass http://wageguard;
            proxy_http_version 1.1;
            proxy_set_header Connection "";
            proxy_set_header Host $host;
            proxy_set_header X-Real-IP $remote_addr;
            proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
            proxy_set_header X-Forwarded-Proto $scheme;
            proxy_read_timeout 120s;
            add_header X-Upstream $upstream_addr always;
        }}
    }}
}}
"#,
            pid = temp("nginx.pid"),
            access = temp("access.log"),
            body = temp("client_body"),
            proxy = temp("proxy"),
            fastcgi = temp("fastcgi"),
            uwsgi = temp("uwsgi"),
            scgi = temp("scgi"),
        );
        std::fs::write(prefix.join("nginx.conf"), conf).expect("nginx.conf");
        let child = Command::new(binary)
            .args(Nginx::args(&prefix))
            .args(["-g", "daemon off;"])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("start nginx");
        Nginx { binary, prefix, child, addr: ([127, 0, 0, 1], port).into() }
    }

    async fn wait_until_ready(&mut self) {
        for _ in 0..120 {
            if let Some(status) = self.child.try_wait().expect("nginx status") {
                let log = std::fs::read_to_string(self.prefix.join("error.log")).unwrap_or_default();
                panic!("nginx exited ({status}):\n{log}");
            }
            if TcpStream::connect(self.addr).await.is_ok() {
                return;
            }
            tokio::time::sleep(Duration::from_millis(250)).await;
        }
        panic!("nginx never listened on {}", self.addr);
    }
}

impl Drop for Nginx {
    fn drop(&mut self) {
        // The master stops its workers; a killed master would leave them listening.
        let stopped = Command::new(self.binary)
            .args(Nginx::args(&self.prefix))
            .args(["-s", "stop"])
            .status()
            .is_ok_and(|s| s.success());
        if !stopped {
            let _ = self.child.kill();
        }
        let _ = self.child.wait();
    }
}

fn nginx_binary() -> Option<&'static str> {
    ["/usr/sbin/nginx", "nginx"].into_iter().find(|binary| {
        Command::new(binary).arg("-v").stderr(Stdio::null()).status().is_ok_and(|status| status.success())
    })
}

fn free_ports(count: usize) -> Vec<u16> {
    PORTS.filter(|port| TcpListener::bind(("127.0.0.1", *port)).is_ok()).take(count).collect()
}

/// Requests through nginx, counted by the instance that answered.
struct Balancer<'a> {
    nginx: SocketAddr,
    servers: &'a [Server],
    answered: BTreeMap<&'static str, usize>,
}

impl Balancer<'_> {
    /// Sends a request through nginx; answers the reply and the index of the instance that answered it.
    async fn send(&mut self, method: &str, path: &str, headers: &[(&str, &str)], body: &[u8]) -> (Reply, usize) {
        let reply = exchange(self.nginx, method, path, headers, body).await;
        let upstream = reply.header("X-Upstream").expect("nginx names the upstream").to_owned();
        let index =
            self.servers.iter().position(|server| server.addr.to_string() == upstream).expect("a known upstream");
        *self.answered.entry(self.servers[index].name).or_default() += 1;
        (reply, index)
    }

    async fn post_form(&mut self, path: &str, token: Option<&str>, form: &[(&str, &str)]) -> (Value, usize) {
        let body = serde_urlencoded::to_string(form).expect("form encodes");
        let mut headers = vec![("Content-Type", "application/x-www-form-urlencoded")];
        headers.extend(token.map(|token| ("X-Token", token)));
        let (reply, index) = self.send("POST", path, &headers, body.as_bytes()).await;
        (reply.envelope(), index)
    }

    async fn get(&mut self, path: &str, token: &str) -> (Reply, usize) {
        self.send("GET", path, &[("X-Token", token)], b"").await
    }
}

async fn captcha_answer(db: &sqlx::PgPool, id: &str) -> String {
    sqlx::query_scalar("SELECT answer FROM captchas WHERE id = $1")
        .bind(id)
        .fetch_one(db)
        .await
        .expect("the captcha is stored")
}

async fn latest_sms_code(db: &sqlx::PgPool, phone: &str) -> String {
    let content: String =
        sqlx::query_scalar("SELECT content FROM sms_outbox WHERE phone = $1 ORDER BY id DESC LIMIT 1")
            .bind(phone)
            .fetch_one(db)
            .await
            .expect("an SMS was sent");
    content.chars().filter(char::is_ascii_digit).take(6).collect()
}

/// A `name=value` field of a log line, without quotes.
fn field<'a>(line: &'a str, name: &str) -> Option<&'a str> {
    let start = line.find(&format!(" {name}="))? + name.len() + 2;
    line[start..].split_whitespace().next().map(|value| value.trim_matches('"'))
}

/// (job, slot) pairs.
type Turns = BTreeSet<(String, i64)>;

/// The (job, slot) pairs a server's log says it ran, and those it found run by another instance.
fn job_turns(log: &str) -> (Turns, Turns) {
    let (mut ran, mut skipped) = (BTreeSet::new(), BTreeSet::new());
    for line in log.lines().filter(|line| line.contains("wageguard::jobs")) {
        let (Some(job), Some(slot)) = (field(line, "job"), field(line, "slot").and_then(|slot| slot.parse().ok()))
        else {
            continue;
        };
        if line.contains("job ran") {
            ran.insert((job.to_owned(), slot));
        } else if line.contains("already run by another instance") {
            skipped.insert((job.to_owned(), slot));
        }
    }
    (ran, skipped)
}

#[tokio::test]
async fn two_servers_on_one_postgres_behind_nginx() {
    let Some(nginx_binary) = nginx_binary() else {
        eprintln!("NOTICE: nginx is not installed; the two-server test skipped");
        return;
    };
    let Some(database) = fresh_postgres_database().await else { return };
    let dir = std::env::temp_dir().join(format!("wageguard-twoserver-{}", uuid::Uuid::new_v4().simple()));
    std::fs::create_dir_all(dir.join("data")).expect("shared data directory");
    std::fs::write(dir.join("wageguard.toml"), "[security]\nsms_login = true\n").expect("configuration file");

    // Both start at once on the empty database: one applies the migrations, the other waits for it.
    let ports = free_ports(3);
    assert_eq!(ports.len(), 3, "three free ports in {PORTS:?}");
    let mut servers =
        [Server::start("A", &dir, &database.url, ports[0]), Server::start("B", &dir, &database.url, ports[1])];
    for server in &mut servers {
        server.wait_until_healthy().await;
    }
    let seeded = Command::new(WAGEGUARD)
        .arg("demo")
        .current_dir(&dir)
        .env_remove("WAGEGUARD_CONFIG")
        .env("DATABASE_URL", &database.url)
        .env("RUST_LOG", "warn")
        .stdout(Stdio::null())
        .status()
        .expect("wageguard demo");
    assert!(seeded.success(), "wageguard demo failed");
    let mut nginx = Nginx::start(nginx_binary, &dir, ports[2], &servers);
    nginx.wait_until_ready().await;
    let db = sqlx::PgPool::connect(&database.url).await.expect("test connection");
    let (a, b) = (servers[0].addr, servers[1].addr);

    // A captcha and an SMS code made by A let the regulator log in on B; the session works on both.
    let captcha = post_form(a, "/builder/common/v1/Public/captcha", None, &[]).await.envelope();
    let captcha_id = captcha["data"]["captcha_id"].as_str().expect("captcha id").to_owned();
    let answer = captcha_answer(&db, &captcha_id).await;
    let sent = post_form(a, "/builder/common/v1/Public/getvcode", None, &[("username", "admin")]).await.envelope();
    assert_eq!(sent["code"], 201, "{sent}");
    let code = latest_sms_code(&db, "13800138004").await;
    let password = b64("Admin@12345");
    let login_form = [
        ("username", "admin"),
        ("password", password.as_str()),
        ("captcha", answer.as_str()),
        ("captcha_id", captcha_id.as_str()),
        ("input_sms", code.as_str()),
    ];
    let login = post_form(b, "/builder/common/v1/Public/login", None, &login_form).await.envelope();
    assert_eq!(login["code"], 201, "A's captcha and SMS code answered on B: {login}");
    let token = login["data"]["phpsessid"].as_str().expect("token").to_owned();
    let info_path = format!("/builder/common/v1/Public/get?id={}", login["data"]["id"]);
    for server in &servers {
        let info = get(server.addr, &info_path, Some(&token)).await.envelope();
        assert_eq!(info["code"], 201, "the session made on B answers on {}: {info}", server.name);
    }
    let again = post_form(a, "/builder/common/v1/Public/login", None, &login_form).await.envelope();
    assert_eq!(again["message"], "验证码已失效，请刷新后重试", "the captcha used on B is gone on A");

    // Through nginx: the clerk logs in, works through the other instance, uploads through one and
    // downloads through the other.
    let mut balancer = Balancer { nginx: nginx.addr, servers: &servers, answered: BTreeMap::new() };
    let (captcha, captcha_by) = balancer.post_form("/builder/common/v1/Public/captcha", None, &[]).await;
    let captcha_id = captcha["data"]["captcha_id"].as_str().expect("captcha id").to_owned();
    let answer = captcha_answer(&db, &captcha_id).await;
    let (sent, sms_by) = balancer.post_form("/builder/common/v1/Public/getvcode", None, &[("username", "demo")]).await;
    assert_eq!(sent["code"], 201, "{sent}");
    let code = latest_sms_code(&db, "13800138001").await;
    let password = b64("Demo@12345");
    let (login, login_by) = balancer
        .post_form(
            "/builder/common/v1/Public/login",
            None,
            &[
                ("username", "demo"),
                ("password", &password),
                ("captcha", &answer),
                ("captcha_id", &captcha_id),
                ("input_sms", &code),
            ],
        )
        .await;
    assert_eq!(login["code"], 201, "{login}");
    let token = login["data"]["phpsessid"].as_str().expect("token").to_owned();
    let info_path = format!("/builder/common/v1/Public/get?id={}", login["data"]["id"]);
    let mut worked_by = BTreeSet::new();
    for _ in 0..6 {
        let (info, by) = balancer.get(&info_path, &token).await;
        assert_eq!(info.envelope()["code"], 201);
        worked_by.insert(by);
        if by != login_by {
            break;
        }
    }
    assert!(worked_by.iter().any(|by| *by != login_by), "no request after the login reached the other instance");

    let (content_type, body) = multipart_files(&[("现场照片.png", PNG)]);
    let (uploaded, upload_by) = balancer
        .send(
            "POST",
            "/builder/common/v1/site/upload_file_batch",
            &[("Content-Type", &content_type), ("X-Token", &token)],
            &body,
        )
        .await;
    let uploaded = uploaded.envelope();
    assert_eq!(uploaded["code"], 201, "{uploaded}");
    let url = uploaded["data"][0].as_str().expect("the file's URL").to_owned();
    let other = &servers[1 - upload_by];
    let direct = get(other.addr, &url, Some(&token)).await;
    assert_eq!(
        (direct.status, direct.body.as_slice()),
        (200, PNG),
        "uploaded through {}, read from {}",
        servers[upload_by].name,
        other.name
    );
    let mut downloaded_by = BTreeSet::new();
    for _ in 0..6 {
        let (file, by) = balancer.get(&url, &token).await;
        assert_eq!((file.status, file.body.as_slice()), (200, PNG));
        downloaded_by.insert(by);
        if downloaded_by.len() == servers.len() {
            break;
        }
    }
    assert_eq!(downloaded_by.len(), servers.len(), "both instances serve the upload through nginx");

    // Both instances run the schedule every period; the run records hold one run per job and period, and
    // each job has at least one period both instances asked for, run by one and skipped by the other.
    let mut waited = 0;
    let (turns, periods) = loop {
        let turns: Vec<_> = servers.iter().map(|server| job_turns(&server.log_text())).collect();
        let contested = |job: &str| {
            (0..2).any(|i| {
                turns[i].0.iter().any(|(ran, slot)| ran == job && turns[1 - i].1.contains(&(job.to_owned(), *slot)))
            })
        };
        let periods: Vec<i64> = {
            let mut counts = Vec::new();
            for job in job_names() {
                counts.push(
                    sqlx::query_scalar(
                        "SELECT COUNT(*) FROM job_runs WHERE job = $1 AND slot IS NOT NULL AND outcome = 'ok'",
                    )
                    .bind(job)
                    .fetch_one(&db)
                    .await
                    .expect("count runs"),
                );
            }
            counts
        };
        if job_names().all(contested) && periods.iter().all(|count| *count as usize >= PERIODS) {
            break (turns, periods);
        }
        waited += 1;
        assert!(
            waited < 180,
            "the schedule did not cover {PERIODS} contested periods; logs:\n{}\n{}",
            servers[0].log_text(),
            servers[1].log_text()
        );
        tokio::time::sleep(Duration::from_millis(500)).await;
    };
    let twice: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM (SELECT job, slot FROM job_runs WHERE slot IS NOT NULL GROUP BY job, slot HAVING COUNT(*) > 1) AS doubled")
        .fetch_one(&db)
        .await
        .expect("count doubled runs");
    assert_eq!(twice, 0, "a job ran twice in one period");
    assert!(turns[0].0.is_disjoint(&turns[1].0), "both instances say they ran the same period");
    let recorded: Vec<(String, i64, String)> =
        sqlx::query_as("SELECT job, slot, instance FROM job_runs WHERE slot IS NOT NULL")
            .fetch_all(&db)
            .await
            .expect("run records");
    for (index, server) in servers.iter().enumerate() {
        for (job, slot) in &turns[index].0 {
            let run =
                recorded.iter().find(|(j, s, _)| j == job && s == slot).expect("every run the log tells is recorded");
            assert!(
                run.2.ends_with(&server.instance()),
                "{job} {slot} recorded for {}, logged by {}",
                run.2,
                server.name
            );
        }
    }
    let start_runs: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM job_runs WHERE slot IS NULL")
        .fetch_one(&db)
        .await
        .expect("start runs");

    let answered: Vec<String> = servers
        .iter()
        .map(|server| format!("{} ({}) {}", server.name, server.addr, balancer.answered.get(server.name).unwrap_or(&0)))
        .collect();
    println!(
        "two servers behind nginx: {} requests through nginx, answered by {}",
        balancer.answered.values().sum::<usize>(),
        answered.join(", ")
    );
    println!(
        "  captcha and SMS code from A, login on B; through nginx: captcha by {}, SMS code by {}, login by {}, work by {}, upload by {}, download by {}",
        servers[captcha_by].name,
        servers[sms_by].name,
        servers[login_by].name,
        worked_by.iter().map(|i| servers[*i].name).collect::<Vec<_>>().join("+"),
        servers[upload_by].name,
        downloaded_by.iter().map(|i| servers[*i].name).collect::<Vec<_>>().join("+"),
    );
    for (job, count) in job_names().zip(&periods) {
        let ran: Vec<String> = (0..2)
            .map(|i| {
                format!(
                    "{} ran {}, skipped {}",
                    servers[i].name,
                    turns[i].0.iter().filter(|(j, _)| j == job).count(),
                    turns[i].1.iter().filter(|(j, _)| j == job).count()
                )
            })
            .collect();
        println!("  {job}: {count} periods, each run once ({})", ran.join("; "));
    }
    println!("  start-up payout recoveries outside a period: {start_runs}");

    db.close().await;
    drop(balancer);
    drop(nginx);
    drop(servers);
    drop_postgres_database(&database.name).await;
    let _ = std::fs::remove_dir_all(&dir);
}
