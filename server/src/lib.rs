//! wageguard: the API server and embedded console of the construction-project wage-supervision platform.

pub mod account;
pub mod affix;
pub mod area;
pub mod attendance;
pub mod audit;
pub mod auth;
pub mod calendar;
pub mod bank;
pub mod cli;
pub mod clock;
pub mod company;
pub mod config;
pub mod db;
pub mod demo;
pub mod domain;
pub mod envelope;
pub mod extract;
pub mod faith;
pub mod finance;
pub mod jobs;
pub mod headers;
pub mod message;
pub mod oplog;
pub mod paging;
pub mod privacy;
pub mod project;
pub mod property;
pub mod ratelimit;
pub mod routing;
pub mod scope;
pub mod special;
pub mod state;
pub mod system;
pub mod team;
pub mod upload;
pub mod wage;
pub mod web;
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
    tags((name = "session", description = "登录与会话"), (name = "system", description = "系统设置"), (name = "message", description = "消息"), (name = "area", description = "行政区划"), (name = "upload", description = "文件上传"), (name = "wizard", description = "项目注册向导"), (name = "account", description = "农民工工资专用账户"), (name = "audit", description = "监管审核"), (name = "company", description = "参建单位与保证金"), (name = "team", description = "班组"), (name = "project", description = "项目信息与管理人员"), (name = "faith", description = "诚信记录"), (name = "worker", description = "实名制人员：进场登记、花名册、培训、身份证补录"), (name = "attendance", description = "考勤：设备、规则、打卡记录、考勤表与修正"), (name = "device", description = "设备推送接口（签名认证）"), (name = "property", description = "财务角色配置与财务个人中心"), (name = "special", description = "专户信息、流水与到账"), (name = "affix", description = "附件凭证"), (name = "wage", description = "工资核算、工资单、发放与异常处理"), (name = "finance", description = "财务审批"), (name = "privacy", description = "证件与卡号的脱敏与查看"), (name = "calendar", description = "工作日历：法定节假日与调休"))
)]
struct ApiDoc;

/// Every API route with its OpenAPI document.
pub fn api() -> (Router<AppState>, utoipa::openapi::OpenApi) {
    let (router, document) = OpenApiRouter::with_openapi(ApiDoc::openapi())
        .merge(auth::router())
        .merge(system::router())
        .merge(message::router())
        .merge(area::router())
        .merge(upload::router())
        .merge(project::router())
        .merge(company::router())
        .merge(account::router())
        .merge(audit::router())
        .merge(team::router())
        .merge(faith::router())
        .merge(worker::router())
        .merge(attendance::router())
        .merge(property::router())
        .merge(special::router())
        .merge(affix::router())
        .merge(wage::router())
        .merge(finance::router())
        .merge(privacy::router())
        .merge(calendar::router())
        .split_for_parts();
    (router, envelope::describe_refusals(document))
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
        bank: Arc::new(bank::SandboxBank { db: db.clone(), pay_delay: std::time::Duration::from_millis(config.sandbox_pay_delay_ms) }),
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
    let canonical = CanonicalPaths::new(document.paths.paths.keys());
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
        tracing::warn!("WAGEGUARD_CAPTCHA=off: logins need no captcha. Use this only for automated clients, never in production.");
    }
    let db = open_database(&config).await?;
    tracing::info!(backend = db.backend(), "database ready");
    if with_demo {
        demo::seed_if_empty(&db).await?;
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
                    plain.push(format!("{}:{}: {}", file.strip_prefix(&src).unwrap().display(), number + 1, line.trim()));
                }
            }
        }
        assert_eq!(plain.len(), 2, "routes outside the OpenAPI document (register them with routes! in the area's router): {plain:#?}");
        assert!(plain.iter().all(|route| route.starts_with("lib.rs:")), "{plain:?}");
        assert!(plain.iter().any(|route| route.contains("\"/healthz\"")), "{plain:?}");
        let (_, document) = crate::api();
        for path in ["/api/openapi.json", "/healthz"] {
            assert!(!document.paths.paths.contains_key(path), "{path} is one of the two plain routes");
        }
    }
}
