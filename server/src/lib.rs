//! wageguard: the API server and embedded console of the construction-project wage-supervision platform.

pub mod account;
pub mod affix;
pub mod area;
pub mod attendance;
pub mod audit;
pub mod auth;
pub mod backup;
pub mod bank;
pub mod calendar;
pub mod cli;
pub mod clock;
pub mod clue;
pub mod company;
pub mod config;
pub mod contract;
pub mod db;
pub mod demo;
pub mod domain;
pub mod envelope;
pub mod extract;
pub mod faith;
pub mod finance;
pub mod headers;
pub mod iclock;
pub mod identity;
pub mod instance;
pub mod jobs;
pub mod message;
pub mod notice;
pub mod oplog;
pub mod paging;
pub mod platform;
pub mod privacy;
pub mod project;
pub mod property;
pub mod ratelimit;
pub mod regulator;
pub mod report;
pub mod routing;
pub mod scope;
pub mod screen;
pub mod special;
pub mod spreadsheet;
pub mod state;
pub mod system;
pub mod team;
pub mod upload;
pub mod wage;
pub mod warning;
pub mod web;
pub mod workbench;
pub mod worker;

use std::sync::Arc;

use axum::Router;
use axum::extract::Request;
use axum::response::IntoResponse;
use tower::ServiceExt as _;
use tower_http::catch_panic::CatchPanicLayer;
use tower_http::compression::CompressionLayer;
use tower_http::trace::{DefaultMakeSpan, DefaultOnResponse, TraceLayer};
use tracing::Level;
use utoipa::OpenApi;
use utoipa_axum::router::OpenApiRouter;

use crate::auth::sms::OutboxSms;
use crate::config::Config;
use crate::db::Db;
use crate::envelope::{ApiError, Envelope, INTERNAL, MSG_INTERNAL};
use crate::routing::CanonicalPaths;
use crate::state::AppState;

#[derive(OpenApi)]
#[openapi(
    info(title = "wageguard API", version = "0.1.0",
        description = "农民工工资支付监管平台接口。Every reply is HTTP 200 with the envelope {code, message, data}: 201 success, 101 not logged in, 401 refused, 301 needs confirmation, 403 forbidden, 404 not found. POST bodies are form-encoded; the session token goes in header X-Token."),
    tags((name = "auth", description = "登录与会话"), (name = "system", description = "系统设置"), (name = "message", description = "消息"), (name = "area", description = "行政区划"), (name = "upload", description = "文件上传"), (name = "account", description = "农民工工资专用账户"), (name = "audit", description = "监管审核"), (name = "company", description = "参建单位与保证金"), (name = "team", description = "班组"), (name = "project", description = "项目信息与管理人员"), (name = "faith", description = "诚信记录"), (name = "worker", description = "实名制人员：进场登记、花名册、培训、身份证补录"), (name = "attendance", description = "考勤：设备、规则、打卡记录、考勤表与修正"), (name = "iclock", description = "ZKTeco PUSH 考勤机：握手、上传、命令与设备诊断"), (name = "platform", description = "数据上报：全国建筑工人管理服务信息平台"), (name = "property", description = "财务角色配置与财务个人中心"), (name = "special", description = "专户信息、流水与到账"), (name = "affix", description = "附件凭证"), (name = "wage", description = "工资核算、工资单、发放与异常处理"), (name = "finance", description = "财务审批"), (name = "privacy", description = "证件与卡号的脱敏与查看"), (name = "calendar", description = "工作日历：法定节假日与调休"), (name = "oplog", description = "操作日志"), (name = "regulator", description = "监管：项目目录"), (name = "notice", description = "通知公告"), (name = "clue", description = "欠薪线索：公众举报、派发、反馈与办结"), (name = "warning", description = "预警信息与预警监管"), (name = "backup", description = "数据导出备份"), (name = "contract", description = "电子合同：模板、生成、打印与签订"), (name = "workbench", description = "工作台"), (name = "screen", description = "数据大屏"), (name = "report", description = "统计报表：用工结构、考勤统计、工资统计"))
)]
struct ApiDoc;

/// Every API route with its OpenAPI document.
pub fn api() -> (Router<AppState>, utoipa::openapi::OpenApi) {
    let (router, document) = OpenApiRouter::with_openapi(ApiDoc::openapi())
        .merge(auth::router())
        .merge(system::router())
        .merge(message::router())
        .merge(area::router())
        .merge(upload::router(Arc::new(notice::service::NoticeFiles)))
        .merge(project::router())
        .merge(company::router(Arc::new(team::service::TeamsOfUnit)))
        .merge(account::router())
        .merge(audit::router())
        .merge(regulator::router())
        .merge(report::router())
        .merge(team::router())
        .merge(faith::router())
        // The lower areas ask the wage area through their ports (docs/architecture.md, "Ports").
        .merge(worker::router(Arc::new(wage::Payroll)))
        .merge(attendance::router(Arc::new(wage::Payroll)))
        .merge(iclock::router())
        .merge(platform::router())
        .merge(property::router())
        .merge(special::router())
        .merge(affix::router())
        .merge(wage::router())
        .merge(finance::router())
        .merge(privacy::router())
        .merge(calendar::router())
        .merge(oplog::routes::router())
        .merge(notice::router())
        .merge(clue::router())
        .merge(warning::router())
        .merge(backup::router())
        .merge(contract::router())
        .merge(workbench::router())
        .merge(screen::router())
        .split_for_parts();
    (router, unique_operation_ids(envelope::describe_refusals(document)))
}

/// Handlers of different areas share names (`list`, `detail`…) and utoipa takes the name as the operation's
/// id; the console's client generator keys operations by id, so an id used on two paths is prefixed with its
/// area's tag, and the POST of a path answering GET and POST with one handler gets `_post`.
fn unique_operation_ids(mut document: utoipa::openapi::OpenApi) -> utoipa::openapi::OpenApi {
    use std::collections::{BTreeSet, HashMap};
    let mut paths_of: HashMap<String, BTreeSet<String>> = HashMap::new();
    for (path, item) in &document.paths.paths {
        for operation in [&item.get, &item.post].into_iter().flatten() {
            if let Some(id) = &operation.operation_id {
                paths_of.entry(id.clone()).or_default().insert(path.clone());
            }
        }
    }
    for item in document.paths.paths.values_mut() {
        for operation in [&mut item.get, &mut item.post].into_iter().flatten() {
            let tag = operation.tags.as_ref().and_then(|tags| tags.first()).cloned().unwrap_or_default();
            if let Some(id) = operation.operation_id.as_mut().filter(|id| paths_of[id.as_str()].len() > 1) {
                *id = format!("{tag}_{id}");
            }
        }
        if let (Some(get), Some(post)) = (&item.get, &mut item.post)
            && get.operation_id == post.operation_id
            && let Some(id) = post.operation_id.as_mut()
        {
            id.push_str("_post");
        }
    }
    document
}

/// The OpenAPI document as the console's type generator reads it.
pub fn openapi_json() -> String {
    api().1.to_pretty_json().expect("the OpenAPI document serialises")
}

/// How long a roster total may be reused (writes through this instance clear it at once).
const ROSTER_COUNT_TTL: std::time::Duration = std::time::Duration::from_secs(5);

pub fn state(db: Db, config: Config) -> AppState {
    AppState {
        sms: Arc::new(OutboxSms { db: db.clone() }),
        bank: Arc::new(bank::SandboxBank {
            db: db.clone(),
            pay_delay: std::time::Duration::from_millis(config.sandbox_pay_delay_ms),
        }),
        platform: Arc::new(platform::gateway::Platforms { db: db.clone() }),
        roster_counts: Arc::new(paging::CountCache::new(ROSTER_COUNT_TTL)),
        db,
        config: Arc::new(config),
    }
}

fn panic_reply(_: Box<dyn std::any::Any + Send + 'static>) -> axum::response::Response {
    tracing::error!("a request handler panicked");
    Envelope { code: INTERNAL, message: MSG_INTERNAL.to_owned(), data: serde_json::Value::Null }.into_response()
}

/// The whole application: API, OpenAPI document, console, with path canonicalisation in front.
pub fn app(state: AppState) -> Router {
    let (api, document) = api();
    // Shared: the service in front is cloned for every request.
    let canonical = Arc::new(CanonicalPaths::new(document.paths.paths.keys()));
    let document = Arc::new(document);
    let security_headers = headers::security_headers(&state.config.site);
    let router = Router::new()
        .merge(api)
        .route(
            "/api/openapi.json",
            axum::routing::get(move || {
                let document = document.clone();
                async move { axum::Json(document.as_ref().clone()) }
            }),
        )
        .route("/healthz", axum::routing::get(system::health))
        .fallback(web::fallback)
        .method_not_allowed_fallback(|| async { ApiError::NotFound("接口不存在".into()) })
        .layer(axum::middleware::from_fn_with_state(state.clone(), ratelimit::guard))
        .with_state(state)
        .layer(axum::middleware::from_fn(extract::plain_uri))
        .layer(CompressionLayer::new())
        .layer(CatchPanicLayer::custom(panic_reply))
        .layer(
            TraceLayer::new_for_http()
                .make_span_with(DefaultMakeSpan::new().level(Level::INFO))
                .on_response(DefaultOnResponse::new().level(Level::INFO)),
        )
        .layer(axum::middleware::map_response(move |response| headers::add(security_headers.clone(), response)));
    Router::new().fallback_service(router.map_request(move |request: Request| canonical.rewrite(request)))
}

/// Opens the database named by the configuration, applies its migrations and adds the holiday
/// arrangement days the embedded package data has and the last start did not.
pub async fn open_database(config: &Config) -> anyhow::Result<Db> {
    let db = Db::connect(&config.database_url).await?;
    db.migrate().await?;
    let seeded = calendar::service::seed(&db).await?;
    if seeded > 0 {
        tracing::info!(seeded, "holiday arrangement days added from the embedded package data");
    }
    Ok(db)
}

/// Serves until Ctrl-C or SIGTERM, then finishes the requests in flight.
pub async fn serve(config: Config, with_demo: bool) -> anyhow::Result<()> {
    if !config.captcha {
        tracing::warn!(
            "WAGEGUARD_CAPTCHA=off: logins need no captcha. Use this only for automated clients, never in production."
        );
    }
    let db = open_database(&config).await?;
    tracing::info!(backend = db.backend(), "database ready");
    if with_demo {
        demo::seed_if_empty(&db, &config.warnings).await?;
    }
    let interrupted = backup::service::recover(&db).await?;
    if interrupted > 0 {
        tracing::warn!(interrupted, "exports a previous process left unfinished recorded as failed");
    }
    let recounted = attendance::service::recount_stored_shifts(&db).await?;
    if recounted > 0 {
        tracing::info!(recounted, "projects' open months recounted as shifts");
    }
    let addr = config.addr;
    let state = state(db.clone(), config);
    tokio::spawn(jobs::schedule(state.clone()));
    let listener = tokio::net::TcpListener::bind(addr).await?;
    tracing::info!("wageguard listening on http://{}", listener.local_addr()?);
    axum::serve(listener, app(state).into_make_service_with_connect_info::<std::net::SocketAddr>())
        .with_graceful_shutdown(shutdown_signal())
        .await?;
    db.close().await;
    tracing::info!("wageguard stopped");
    Ok(())
}

async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let terminate = async {
        if let Ok(mut signal) = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            signal.recv().await;
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        _ = ctrl_c => {},
        _ = terminate => {},
    }
    tracing::info!("shutting down");
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    /// Route registrations that bypass the OpenAPI document: the router would serve them while the document,
    /// and with it the access matrix and the fuzzing, would not know them.
    const UNDOCUMENTED_REGISTRATIONS: [&str; 4] = [".route(", ".route_service(", ".nest(", ".nest_service("];

    fn rust_files(dir: &Path, found: &mut Vec<std::path::PathBuf>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                rust_files(&path, found);
            } else if path.extension().is_some_and(|extension| extension == "rs") {
                found.push(path);
            }
        }
    }

    /// Every area registers its routes with `routes!` on an `OpenApiRouter`, so `api()` answers the router
    /// and its document from the same registrations; the two plain routes (in `app`) are the document itself and
    /// the load balancer's health check, which answers plain HTTP outside the envelope.
    #[test]
    fn every_route_is_registered_with_its_document() {
        let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
        let mut files = Vec::new();
        rust_files(&src, &mut files);
        let mut plain = Vec::new();
        for file in files {
            let text = std::fs::read_to_string(&file).unwrap();
            // This module names the registrations it looks for.
            let code = text.split("#[cfg(test)]\nmod tests {\n    use std::path::Path;").next().unwrap();
            for (number, line) in code.lines().enumerate() {
                if UNDOCUMENTED_REGISTRATIONS.iter().any(|registration| line.contains(registration)) {
                    plain.push(format!(
                        "{}:{}: {}",
                        file.strip_prefix(&src).unwrap().display(),
                        number + 1,
                        line.trim()
                    ));
                }
            }
        }
        assert_eq!(
            plain.len(),
            2,
            "routes outside the OpenAPI document (register them with routes! in the area's router): {plain:#?}"
        );
        assert!(plain.iter().all(|route| route.starts_with("lib.rs:")), "{plain:?}");
        assert!(plain.iter().any(|route| route.contains("\"/healthz\"")), "{plain:?}");
        let (_, document) = crate::api();
        for path in ["/api/openapi.json", "/healthz"] {
            assert!(!document.paths.paths.contains_key(path), "{path} is one of the two plain routes");
        }
    }

    /// The console's client is generated from the document and keys operations by id: an id used twice
    /// would give one operation the other's types.
    #[test]
    fn every_operation_has_its_own_id() {
        let (_, document) = crate::api();
        let mut seen = std::collections::HashMap::new();
        for (path, item) in &document.paths.paths {
            for (method, operation) in [("get", &item.get), ("post", &item.post)] {
                let Some(operation) = operation else { continue };
                let id = operation.operation_id.clone().expect("every operation has an id");
                if let Some(first) = seen.insert(id.clone(), format!("{method} {path}")) {
                    panic!("operation id {id} names {first} and {method} {path}");
                }
            }
        }
    }

    /// The code of a source file without its test module (tests may set up rows directly).
    fn code_of(text: &str) -> &str {
        text.split("#[cfg(test)]").next().unwrap()
    }

    /// Each area owns its tables (docs/architecture.md): SQL runs only in an area's repository, `repo.rs` or a
    /// `repo/` folder. The database module (pools, the dispatch macros, migrations) and demo seeding are the
    /// exceptions.
    #[test]
    fn only_repositories_run_sql() {
        const SQL: [&str; 9] = [
            "sqlx::query",
            "query_as(",
            "query_scalar(",
            "execute!(",
            "on_db!(",
            "\"SELECT ",
            "\"INSERT INTO ",
            "\"UPDATE ",
            "\"DELETE FROM ",
        ];
        let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
        let mut files = Vec::new();
        rust_files(&src, &mut files);
        let mut outside = Vec::new();
        for file in files {
            let relative = file.strip_prefix(&src).unwrap();
            let repository =
                relative.ends_with("repo.rs") || relative.components().any(|part| part.as_os_str() == "repo");
            let exempt = relative.starts_with("db") || relative.ends_with("demo.rs");
            if repository || exempt {
                continue;
            }
            let text = std::fs::read_to_string(&file).unwrap();
            for (number, line) in code_of(&text).lines().enumerate() {
                if SQL.iter().any(|sql| line.contains(sql)) {
                    outside.push(format!("{}:{}: {}", relative.display(), number + 1, line.trim()));
                }
            }
        }
        assert!(outside.is_empty(), "SQL outside a repository (move it to the area's repo.rs): {outside:#?}");
    }

    /// Text goes into a workbook only through `spreadsheet::write_text`, which keeps text that begins like a
    /// formula from ever becoming one (issue 29 finding 7); the writer's own text calls are used nowhere else.
    #[test]
    fn only_the_spreadsheet_module_writes_workbook_text() {
        const WRITES: [&str; 4] = [".write_string(", ".write_string_with_format(", ".write(", ".write_with_format("];
        let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
        let mut files = Vec::new();
        rust_files(&src, &mut files);
        let mut outside = Vec::new();
        for file in files {
            let relative = file.strip_prefix(&src).unwrap();
            let text = std::fs::read_to_string(&file).unwrap();
            if relative.starts_with("spreadsheet") || !text.contains("rust_xlsxwriter") {
                continue;
            }
            for (number, line) in code_of(&text).lines().enumerate() {
                if WRITES.iter().any(|write| line.contains(write)) {
                    outside.push(format!("{}:{}: {}", relative.display(), number + 1, line.trim()));
                }
            }
        }
        assert!(outside.is_empty(), "workbook text written around spreadsheet::write_text: {outside:#?}");
    }

    /// The areas a source file names through `crate::…` (`use crate::x::…`, `crate::{x, y::…}`, a path in code).
    fn areas_named(code: &str, areas: &[String]) -> std::collections::BTreeSet<String> {
        let mut named = std::collections::BTreeSet::new();
        let word = |text: &str| text.chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '_').collect::<String>();
        for (at, _) in code.match_indices("crate::") {
            let rest = &code[at + "crate::".len()..];
            let heads: Vec<String> = match rest.strip_prefix('{') {
                Some(group) => {
                    let (mut depth, mut item_start, mut heads) = (0usize, true, Vec::new());
                    for (i, c) in group.char_indices() {
                        match c {
                            '{' => depth += 1,
                            '}' if depth == 0 => break,
                            '}' => depth -= 1,
                            ',' if depth == 0 => item_start = true,
                            c if item_start && !c.is_whitespace() => {
                                heads.push(word(&group[i..]));
                                item_start = false;
                            }
                            _ => {}
                        }
                    }
                    heads
                }
                None => vec![word(rest)],
            };
            named.extend(heads.into_iter().filter(|head| areas.contains(head)));
        }
        named
    }

    /// No pair of areas imports each other: the lower area owns the type, the upper calls down, and a lower area
    /// asks an upper one only through a port it defines (docs/architecture.md, "Ports"); Rust lets the modules
    /// of one crate name each other in a circle, so this test holds it. `identity` (who is acting) sits below
    /// `auth` (the login flows), `oplog` and `project`.
    #[test]
    fn no_two_areas_import_each_other() {
        let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
        let areas: Vec<String> = std::fs::read_dir(&src)
            .unwrap()
            .map(|entry| entry.unwrap().path())
            .filter(|path| path.is_dir())
            .map(|path| path.file_name().unwrap().to_string_lossy().into_owned())
            .collect();
        let mut imports = std::collections::BTreeMap::new();
        for area in &areas {
            let mut files = Vec::new();
            rust_files(&src.join(area), &mut files);
            let mut named = std::collections::BTreeSet::new();
            for file in files {
                named.extend(areas_named(code_of(&std::fs::read_to_string(&file).unwrap()), &areas));
            }
            named.remove(area);
            imports.insert(area.clone(), named);
        }
        let mut cycles = Vec::new();
        for (area, named) in &imports {
            for other in named.iter().filter(|other| area < *other && imports[*other].contains(area)) {
                cycles.push(format!("{area} <-> {other}"));
            }
        }
        assert!(cycles.is_empty(), "areas that import each other (move the shared type down): {cycles:#?}");
        let below = [
            ("identity", "auth"),
            ("identity", "oplog"),
            ("identity", "project"),
            ("oplog", "auth"),
            ("oplog", "project"),
            ("project", "auth"),
        ];
        for (lower, upper) in below {
            assert!(!imports[lower].contains(upper), "{lower} imports {upper}, which sits above it");
        }
    }

    /// Another area's tables are reached through its service, never its repository: the compiler holds that
    /// wall as long as every repository module stays private to its area (docs/architecture.md shows the error).
    #[test]
    fn every_repository_is_private_to_its_area() {
        let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
        let mut files = Vec::new();
        rust_files(&src, &mut files);
        let mut public = Vec::new();
        for file in files {
            let text = std::fs::read_to_string(&file).unwrap();
            for (number, line) in code_of(&text).lines().enumerate() {
                let line = line.trim();
                if line.starts_with("pub") && line.ends_with("mod repo;") {
                    public.push(format!("{}:{}: {line}", file.strip_prefix(&src).unwrap().display(), number + 1));
                }
            }
        }
        assert!(public.is_empty(), "a repository reachable from other areas (declare it `mod repo;`): {public:#?}");
    }

    /// One area, one name: every operation's OpenAPI tag is the server folder that serves it (and the
    /// console folder that calls it, docs/architecture.md).
    #[test]
    fn every_tag_names_a_server_area() {
        let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
        let (_, document) = crate::api();
        let declared: Vec<String> = document.tags.iter().flatten().map(|tag| tag.name.clone()).collect();
        for (path, item) in &document.paths.paths {
            for operation in [&item.get, &item.post].into_iter().flatten() {
                let tags = operation.tags.clone().unwrap_or_default();
                assert_eq!(tags.len(), 1, "{path}: one tag, the area's");
                assert!(src.join(&tags[0]).is_dir(), "{path}: tag {} is no folder of server/src", tags[0]);
                assert!(declared.contains(&tags[0]), "{path}: tag {} is not declared in ApiDoc", tags[0]);
            }
        }
        for tag in &declared {
            assert!(src.join(tag).is_dir(), "declared tag {tag} is no folder of server/src");
        }
    }

    /// Which area writes each table (docs/architecture.md has the same list). Reads may join other areas'
    /// tables for a list's names and scope; writes go through the owner's service.
    const OWNERS: [(&str, &[&str]); 31] = [
        ("account", &["special_accounts", "account_flows", "account_verifications", "account_payout_months"]),
        ("affix", &["vouchers"]),
        ("backup", &["export_jobs"]),
        (
            "attendance",
            &[
                "attendance_devices",
                "device_nonces",
                "attendance_rules",
                "punches",
                "attendance_days",
                "attendance_months",
                "attendance_day_counts",
                "attendance_corrections",
                "unknown_punches",
            ],
        ),
        ("auth", &["login_guards", "captchas", "sms_codes", "sms_outbox"]),
        ("bank", &["sandbox_bank_payments", "banks"]),
        ("calendar", &["calendar_days", "calendar_seed"]),
        ("clue", &["leads", "lead_steps", "lead_files"]),
        ("company", &["companies", "project_units", "guarantee_changes"]),
        ("contract", &["contract_templates", "contracts", "contract_files"]),
        ("faith", &["credit_records"]),
        (
            "iclock",
            &[
                "iclock_terminals",
                "iclock_users",
                "iclock_commands",
                "iclock_uploads",
                "iclock_photos",
                "iclock_strangers",
            ],
        ),
        ("identity", &["accounts", "sessions", "worker_sessions"]),
        ("platform", &["platform_settings", "platform_outbox", "platform_sandbox_requests"]),
        ("jobs", &["job_runs"]),
        ("message", &["messages"]),
        ("oplog", &["operation_log"]),
        ("notice", &["notices", "notice_attachments", "notice_reads"]),
        ("project", &["projects", "project_staff"]),
        ("ratelimit", &["rate_counters"]),
        ("team", &["teams"]),
        ("upload", &["uploads"]),
        (
            "wage",
            &[
                "wage_sheets",
                "wage_lines",
                "wage_line_months",
                "wage_line_days",
                "wage_line_topups",
                "wage_adjustments",
                "payroll_settings",
                "wage_orders",
                "wage_order_sheets",
                "payouts",
                "approval_verifications",
                "wage_line_confirmations",
                "wage_batch_results",
            ],
        ),
        (
            "worker",
            &[
                "workers",
                "worker_name_suffixes",
                "name_positions",
                "employments",
                "employment_rates",
                "trainings",
                "training_attendees",
            ],
        ),
        ("warning", &["warnings", "warning_notes"]),
        ("audit", &[]),
        ("property", &[]),
        ("special", &["bank_statement_lines"]),
        ("finance", &[]),
        ("regulator", &[]),
        ("report", &[]),
    ];

    /// The tables each backend's migrations leave, in order: created, dropped, renamed.
    fn migrated_tables(backend: &str) -> std::collections::BTreeSet<String> {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("migrations").join(backend);
        let mut files: Vec<_> = std::fs::read_dir(&dir).unwrap().map(|entry| entry.unwrap().path()).collect();
        files.sort();
        let mut tables = std::collections::BTreeSet::new();
        for file in files {
            let sql = std::fs::read_to_string(&file).unwrap().to_lowercase();
            let words: Vec<&str> =
                sql.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_')).filter(|word| !word.is_empty()).collect();
            for (at, window) in words.windows(3).enumerate() {
                let name = |offset: usize| words.get(at + offset).map(|word| word.to_string()).unwrap_or_default();
                match window {
                    ["create", "table", "if"] => tables.insert(name(5)),
                    ["create", "table", table] => tables.insert(table.to_string()),
                    ["drop", "table", "if"] => tables.remove(&name(4)),
                    ["drop", "table", table] => tables.remove(*table),
                    ["alter", "table", table] if words.get(at + 3..at + 5) == Some(&["rename", "to"][..]) => {
                        tables.remove(*table);
                        tables.insert(name(5))
                    }
                    _ => false,
                };
            }
        }
        tables
    }

    /// Every table the migrations leave has its owner in `OWNERS`, so a new table cannot be forgotten, and
    /// every owned table exists.
    #[test]
    fn every_table_has_an_owner() {
        let owned: std::collections::BTreeSet<String> =
            OWNERS.iter().flat_map(|(_, tables)| tables.iter().map(|table| table.to_string())).collect();
        let sqlite = migrated_tables("sqlite");
        let postgres = migrated_tables("postgres");
        let unowned: Vec<&String> = sqlite.union(&postgres).filter(|table| !owned.contains(*table)).collect();
        assert!(unowned.is_empty(), "tables without an owner in OWNERS: {unowned:?}");
        let missing: Vec<&String> =
            owned.iter().filter(|table| !sqlite.contains(*table) && !postgres.contains(*table)).collect();
        assert!(missing.is_empty(), "OWNERS names tables no migration leaves: {missing:?}");
    }

    #[test]
    fn each_table_is_written_by_its_area() {
        let owner_of = |table: &str| OWNERS.iter().find(|(_, tables)| tables.contains(&table)).map(|(area, _)| *area);
        let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
        let mut files = Vec::new();
        rust_files(&src, &mut files);
        let mut foreign = Vec::new();
        for file in files {
            let relative = file.strip_prefix(&src).unwrap();
            let area =
                relative.components().next().unwrap().as_os_str().to_string_lossy().trim_end_matches(".rs").to_owned();
            if relative.starts_with("db") || relative.ends_with("demo.rs") {
                continue;
            }
            let text = std::fs::read_to_string(&file).unwrap();
            let code = code_of(&text);
            for verb in ["INSERT INTO ", "UPDATE ", "DELETE FROM "] {
                for (at, _) in code.match_indices(verb) {
                    let table: String = code[at + verb.len()..]
                        .chars()
                        .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                        .collect();
                    let Some(owner) = owner_of(&table) else {
                        // Not a table of ours: `ON CONFLICT … DO UPDATE SET`, a text that mentions a verb.
                        continue;
                    };
                    if owner != area {
                        foreign.push(format!("{}: {verb}{table} (owned by {owner})", relative.display()));
                    }
                }
            }
        }
        assert!(foreign.is_empty(), "writes into another area's table (go through its service): {foreign:#?}");
    }
}
