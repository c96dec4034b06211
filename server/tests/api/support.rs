//! `spawn_app()` for the integration tests: the real router over a fresh database, SQLite or PostgreSQL.

use std::pin::Pin;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::task::{Context, Poll};

use axum::Router;
use axum::body::Body;
use axum::http::{Request, header};
use base64::Engine;
use http_body_util::BodyExt;
use serde_json::Value;
use tower::ServiceExt;
use wageguard::config::Config;
use wageguard::db::Db;

pub const PG_ADMIN_URL: &str = "postgres://postgres@127.0.0.1:5432/test";

pub struct TestApp {
    pub router: Router,
    pub db: Db,
    pub config: Config,
    cleanup: Cleanup,
}

/// A data directory of the test's own (uploads land there).
fn fresh_data_dir() -> std::path::PathBuf {
    std::env::temp_dir().join(format!("wageguard-test-data-{}", uuid::Uuid::new_v4().simple()))
}

enum Cleanup {
    SqliteFile(std::path::PathBuf),
    PostgresDatabase(String),
}

/// A multipart body of `files` in field `imgFile[]`, with its content type.
pub fn multipart_files(files: &[(&str, &[u8])]) -> (String, Vec<u8>) {
    let boundary = "wageguard-test-boundary";
    let mut body = Vec::new();
    for (name, bytes) in files {
        body.extend_from_slice(
            format!("--{boundary}\r\nContent-Disposition: form-data; name=\"imgFile[]\"; filename=\"{name}\"\r\nContent-Type: application/octet-stream\r\n\r\n").as_bytes(),
        );
        body.extend_from_slice(bytes);
        body.extend_from_slice(b"\r\n");
    }
    body.extend_from_slice(format!("--{boundary}--\r\n").as_bytes());
    (format!("multipart/form-data; boundary={boundary}"), body)
}

pub fn b64(text: &str) -> String {
    base64::engine::general_purpose::STANDARD.encode(text.as_bytes())
}

/// A fresh SQLite file with migrations and demo data.
pub async fn spawn_sqlite(configure: fn(&mut Config)) -> TestApp {
    let path = std::env::temp_dir().join(format!("wageguard-test-{}.db", uuid::Uuid::new_v4().simple()));
    let mut config = Config::for_database(&format!("sqlite://{}", path.display()));
    config.data_dir = fresh_data_dir();
    configure(&mut config);
    start(config, Cleanup::SqliteFile(path)).await
}

/// A fresh empty PostgreSQL database, or None (with a notice) when no server answers.
pub async fn fresh_postgres_database() -> Option<FreshPostgres> {
    let admin_url = std::env::var("WAGEGUARD_TEST_POSTGRES").unwrap_or_else(|_| PG_ADMIN_URL.to_owned());
    let admin = match sqlx::PgPool::connect(&admin_url).await {
        Ok(pool) => pool,
        Err(error) => {
            eprintln!("NOTICE: PostgreSQL at {admin_url} does not answer ({error}); PostgreSQL test skipped");
            return None;
        }
    };
    drop_stale_databases(&admin).await;
    let name = format!("wg_test_{}_{}", wageguard::clock::now(), uuid::Uuid::new_v4().simple());
    sqlx::query(sqlx::AssertSqlSafe(format!("CREATE DATABASE {name}")))
        .execute(&admin)
        .await
        .expect("create test database");
    admin.close().await;
    let base = admin_url.rsplit_once('/').map(|(base, _)| base).unwrap_or(&admin_url);
    Some(FreshPostgres { url: format!("{base}/{name}"), name })
}

/// A fresh, empty PostgreSQL database (dropped by `drop_postgres_database`, or an hour later by the next test).
pub struct FreshPostgres {
    pub url: String,
    pub name: String,
}

/// A fresh PostgreSQL database with migrations and demo data, or None (with a notice) when no server answers.
pub async fn spawn_postgres(configure: fn(&mut Config)) -> Option<TestApp> {
    let database = fresh_postgres_database().await?;
    let mut config = Config::for_database(&database.url);
    config.data_dir = fresh_data_dir();
    configure(&mut config);
    Some(start(config, Cleanup::PostgresDatabase(database.name)).await)
}

pub async fn drop_postgres_database(name: &str) {
    let admin_url = std::env::var("WAGEGUARD_TEST_POSTGRES").unwrap_or_else(|_| PG_ADMIN_URL.to_owned());
    if let Ok(admin) = sqlx::PgPool::connect(&admin_url).await {
        let _ = sqlx::query(sqlx::AssertSqlSafe(format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)")))
            .execute(&admin)
            .await;
        admin.close().await;
    }
}

/// Databases left by tests that failed more than an hour ago.
async fn drop_stale_databases(admin: &sqlx::PgPool) {
    let names: Vec<String> = sqlx::query_scalar("SELECT datname FROM pg_database WHERE datname LIKE 'wg_test_%'")
        .fetch_all(admin)
        .await
        .unwrap_or_default();
    let cutoff = wageguard::clock::now() - 3600;
    for name in names {
        let created: i64 = name.split('_').nth(2).and_then(|s| s.parse().ok()).unwrap_or(i64::MAX);
        if created < cutoff {
            let _ = sqlx::query(sqlx::AssertSqlSafe(format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)")))
                .execute(admin)
                .await;
        }
    }
}

async fn start(config: Config, cleanup: Cleanup) -> TestApp {
    let db = wageguard::open_database(&config).await.expect("open test database");
    wageguard::demo::seed(&db).await.expect("seed demo data");
    let router = wageguard::app(wageguard::state(db.clone(), config.clone()));
    TestApp { router, db, config, cleanup }
}

impl TestApp {
    /// Removes the demo roster, for cases that count a unit's or a team's workers from zero.
    pub async fn without_demo_roster(&self) {
        for table in [
            "payouts",
            "wage_lines",
            "punches",
            "attendance_corrections",
            "attendance_days",
            "employment_rates",
            "employments",
        ] {
            self.exec_owned(format!("DELETE FROM {table}")).await;
        }
        self.exec("DELETE FROM workers").await;
    }

    pub async fn cleanup(self) {
        self.db.close().await;
        let _ = std::fs::remove_dir_all(&self.config.data_dir);
        match self.cleanup {
            Cleanup::SqliteFile(path) => {
                for suffix in ["", "-wal", "-shm"] {
                    let _ = std::fs::remove_file(format!("{}{suffix}", path.display()));
                }
            }
            Cleanup::PostgresDatabase(name) => drop_postgres_database(&name).await,
        }
    }

    /// Sends a request and returns (HTTP status, body as JSON or as a string value).
    pub async fn send(&self, request: Request<Body>) -> (u16, Value) {
        let response = self.router.clone().oneshot(request).await.expect("router answers");
        let status = response.status().as_u16();
        let bytes = response.into_body().collect().await.expect("body").to_bytes();
        let body = serde_json::from_slice(&bytes)
            .unwrap_or_else(|_| Value::String(String::from_utf8_lossy(&bytes).into_owned()));
        (status, body)
    }

    /// POSTs a form and returns the envelope, asserting HTTP 200.
    pub async fn post(&self, path: &str, token: Option<&str>, form: &[(&str, &str)]) -> Value {
        let mut request = Request::post(path).header(header::CONTENT_TYPE, "application/x-www-form-urlencoded");
        if let Some(token) = token {
            request = request.header("X-Token", token);
        }
        let body = serde_urlencoded::to_string(form).expect("form encodes");
        let (status, envelope) = self.send(request.body(Body::from(body)).expect("request")).await;
        assert_eq!(status, 200, "POST {path} answered HTTP {status}: {envelope}");
        envelope
    }

    /// POSTs files as multipart field `imgFile[]` and returns the envelope.
    pub async fn upload(&self, path: &str, token: Option<&str>, files: &[(&str, &[u8])]) -> Value {
        let (content_type, body) = multipart_files(files);
        let mut request = Request::post(path).header(header::CONTENT_TYPE, content_type);
        if let Some(token) = token {
            request = request.header("X-Token", token);
        }
        let (status, envelope) = self.send(request.body(Body::from(body)).expect("request")).await;
        assert_eq!(status, 200, "upload to {path} answered HTTP {status}: {envelope}");
        envelope
    }

    /// Sends a request and returns its status, content type and body bytes (files the server writes).
    pub async fn raw(&self, request: Request<Body>) -> (u16, String, Vec<u8>) {
        let response = self.router.clone().oneshot(request).await.expect("router answers");
        let status = response.status().as_u16();
        let content_type =
            response.headers().get(header::CONTENT_TYPE).and_then(|value| value.to_str().ok()).unwrap_or("").to_owned();
        let bytes = response.into_body().collect().await.expect("body").to_bytes().to_vec();
        (status, content_type, bytes)
    }

    /// GETs a download: (content type, bytes), asserting HTTP 200.
    pub async fn download(&self, path: &str, token: &str) -> (String, Vec<u8>) {
        let request = Request::get(path).header("X-Token", token).body(Body::empty()).expect("request");
        let (status, content_type, bytes) = self.raw(request).await;
        assert_eq!(status, 200, "GET {path} answered HTTP {status}");
        (content_type, bytes)
    }

    /// POSTs one file as multipart field `file`: (content type, bytes of the answer), asserting HTTP 200.
    pub async fn post_file(&self, path: &str, token: &str, bytes: &[u8]) -> (String, Vec<u8>) {
        let boundary = "wageguard-test-file";
        let mut body = format!(
            "--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"bank.txt\"\r\nContent-Type: application/octet-stream\r\n\r\n"
        )
        .into_bytes();
        body.extend_from_slice(bytes);
        body.extend_from_slice(format!("\r\n--{boundary}--\r\n").as_bytes());
        let request = Request::post(path)
            .header(header::CONTENT_TYPE, format!("multipart/form-data; boundary={boundary}"))
            .header("X-Token", token)
            .body(Body::from(body))
            .expect("request");
        let (status, content_type, bytes) = self.raw(request).await;
        assert_eq!(status, 200, "POST {path} answered HTTP {status}");
        (content_type, bytes)
    }

    /// POSTs one file as multipart field `file` and returns the envelope.
    pub async fn post_file_envelope(&self, path: &str, token: &str, bytes: &[u8]) -> Value {
        let (_, body) = self.post_file(path, token, bytes).await;
        serde_json::from_slice(&body).expect("an envelope")
    }

    pub async fn get(&self, path: &str, token: Option<&str>) -> Value {
        let mut request = Request::get(path);
        if let Some(token) = token {
            request = request.header("X-Token", token);
        }
        let (status, envelope) = self.send(request.body(Body::empty()).expect("request")).await;
        assert_eq!(status, 200, "GET {path} answered HTTP {status}: {envelope}");
        envelope
    }

    /// POSTs the same form `count` times at once (each a request of its own against the same database);
    /// the envelopes in no particular order.
    pub async fn post_at_once(&self, path: &str, form: &[(&str, &str)], count: usize) -> Vec<Value> {
        self.post_at_once_with(path, None, form, count).await
    }

    /// [`Self::post_at_once`] in the session of `token`.
    pub async fn post_at_once_as(&self, path: &str, token: &str, form: &[(&str, &str)], count: usize) -> Vec<Value> {
        self.post_at_once_with(path, Some(token), form, count).await
    }

    async fn post_at_once_with(
        &self,
        path: &str,
        token: Option<&str>,
        form: &[(&str, &str)],
        count: usize,
    ) -> Vec<Value> {
        let body = serde_urlencoded::to_string(form).expect("form");
        let mut requests = tokio::task::JoinSet::new();
        for _ in 0..count {
            let mut request = Request::post(path).header(header::CONTENT_TYPE, "application/x-www-form-urlencoded");
            if let Some(token) = token {
                request = request.header("X-Token", token);
            }
            let request = request.body(Body::from(body.clone())).expect("request");
            requests.spawn(self.router.clone().oneshot(request));
        }
        let mut envelopes = Vec::with_capacity(count);
        while let Some(done) = requests.join_next().await {
            let response = done.expect("task").expect("router answers");
            let bytes = response.into_body().collect().await.expect("body").to_bytes();
            envelopes.push(serde_json::from_slice(&bytes).expect("envelope"));
        }
        envelopes
    }

    /// Logs in on the enterprise side (or the finance side for `finance`) and returns the token.
    pub async fn login(&self, username: &str, password: &str) -> String {
        let path = if username == "finance" {
            "/finance/common/v1/Public/Financelogin"
        } else {
            "/builder/common/v1/Public/login"
        };
        let reply = self.post(path, None, &[("username", username), ("password", &b64(password))]).await;
        assert_eq!(reply["code"], 201, "login of {username}: {reply}");
        reply["data"]["phpsessid"].as_str().expect("token").to_owned()
    }

    /// A finance approver of project 2, created here and logged in: the token.
    pub async fn other_approver(&self) -> String {
        let hash = wageguard::auth::password::hash_blocking("Demo@12345".into()).await.unwrap();
        wageguard::identity::accounts::create(
            &self.db,
            wageguard::identity::accounts::NewAccount {
                username: "finance2",
                name: "赵会计",
                kind: wageguard::identity::accounts::AccountKind::Finance,
                project_id: Some(2),
                phone: "13800138009",
                id_number: "410105198805123025",
                password_hash: &hash,
                password_meets_strong_rule: true,
                must_change_password: false,
                district: "",
                regulator_role: None,
            },
        )
        .await
        .unwrap();
        let reply = self
            .post(
                "/finance/common/v1/Public/Financelogin",
                None,
                &[("username", "finance2"), ("password", &b64("Demo@12345"))],
            )
            .await;
        reply["data"]["phpsessid"].as_str().unwrap().to_owned()
    }

    pub async fn scalar(&self, sql: &'static str) -> i64 {
        wageguard::on_db!(&self.db, pool => sqlx::query_scalar::<_, i64>(sql).fetch_one(pool).await)
            .expect("scalar query")
    }

    /// [`TestApp::scalar`] of SQL built at run time.
    pub async fn scalar_owned(&self, sql: String) -> i64 {
        wageguard::on_db!(&self.db, pool => sqlx::query_scalar::<_, i64>(sqlx::AssertSqlSafe(sql.clone())).fetch_one(pool).await)
            .expect("scalar query")
    }

    pub async fn exec_owned(&self, sql: String) {
        wageguard::execute!(&self.db, sqlx::query(sqlx::AssertSqlSafe(sql.clone()))).expect("statement");
    }

    pub async fn exec(&self, sql: &'static str) {
        wageguard::execute!(&self.db, sqlx::query(sql)).expect("statement");
    }
}

pub const MIB: usize = 1024 * 1024;

/// A body of `chunks` MiB of spaces, made only as it is read; `read` counts the bytes handed out.
struct CountingBody {
    chunks: usize,
    read: Arc<AtomicUsize>,
}

impl http_body::Body for CountingBody {
    type Data = axum::body::Bytes;
    type Error = std::convert::Infallible;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        _: &mut Context<'_>,
    ) -> Poll<Option<Result<http_body::Frame<Self::Data>, Self::Error>>> {
        if self.chunks == 0 {
            return Poll::Ready(None);
        }
        self.chunks -= 1;
        self.read.fetch_add(MIB, Ordering::SeqCst);
        Poll::Ready(Some(Ok(http_body::Frame::data(axum::body::Bytes::from(vec![b' '; MIB])))))
    }
}

/// A body of `mib` MiB with no declared length, and the count of its bytes the server read.
pub fn counting_body(mib: usize) -> (Body, Arc<AtomicUsize>) {
    let read = Arc::new(AtomicUsize::new(0));
    (Body::new(CountingBody { chunks: mib, read: read.clone() }), read)
}

pub fn no_change(_: &mut Config) {}

/// The reply is a refusal (401) with exactly this message.
pub fn assert_refused(reply: &Value, message: &str) {
    assert_eq!(reply["code"], 401, "{reply}");
    assert_eq!(reply["message"], message, "{reply}");
}

/// Runs an async test case against SQLite and PostgreSQL, each on a fresh database with demo data.
#[macro_export]
macro_rules! both {
    ($case:ident) => {
        $crate::both!($case, $crate::support::no_change);
    };
    ($case:ident, $configure:expr) => {
        mod $case {
            #[allow(unused_imports)]
            use super::*;

            #[tokio::test]
            async fn sqlite() {
                let app = $crate::support::spawn_sqlite($configure).await;
                super::$case(&app).await;
                app.cleanup().await;
            }

            #[tokio::test]
            async fn postgres() {
                if let Some(app) = $crate::support::spawn_postgres($configure).await {
                    super::$case(&app).await;
                    app.cleanup().await;
                }
            }
        }
    };
}

/// A regulator account of `district` ('' for the whole area) and `role` (auditor, inspector, manager), on
/// the demo regulator's password (`Admin@12345`), logged in: its token.
pub async fn regulator(app: &TestApp, username: &str, district: &str, role: &str) -> String {
    app.exec_owned(format!(
        "INSERT INTO accounts (username, name, kind, phone, password_hash, must_change_password, \
         password_meets_strong_rule, password_changed_at, created_at, district, regulator_role) \
         SELECT '{username}', '监管员', kind, '', password_hash, must_change_password, password_meets_strong_rule, \
         password_changed_at, created_at, '{district}', '{role}' FROM accounts WHERE username = 'admin'"
    ))
    .await;
    app.login(username, "Admin@12345").await
}
