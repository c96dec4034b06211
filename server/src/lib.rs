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
pub mod message;
pub mod oplog;
pub mod paging;
pub mod privacy;
pub mod project;
pub mod property;
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
use std::time::Duration;

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
    OpenApiRouter::with_openapi(ApiDoc::openapi())
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
        .split_for_parts()
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
        bank: Arc::new(bank::SandboxBank { db: db.clone(), pay_delay: Duration::from_millis(config.sandbox_pay_delay_ms) }),
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
    let router = Router::new()
        .merge(api)
        .route(
            "/api/openapi.json",
            axum::routing::get(move || {
                let document = document.clone();
                async move { axum::Json(document.as_ref().clone()) }
            }),
        )
        .fallback(web::fallback)
        .method_not_allowed_fallback(|| async { ApiError::NotFound("接口不存在".into()) })
        .with_state(state)
        .layer(CompressionLayer::new())
        .layer(CatchPanicLayer::custom(panic_reply))
        .layer(
            TraceLayer::new_for_http()
                .make_span_with(DefaultMakeSpan::new().level(Level::INFO))
                .on_response(DefaultOnResponse::new().level(Level::INFO)),
        );
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
    tokio::spawn(housekeeping(state.clone()));
    let listener = tokio::net::TcpListener::bind(addr).await?;
    tracing::info!("wageguard listening on http://{}", listener.local_addr()?);
    axum::serve(listener, app(state).into_make_service_with_connect_info::<std::net::SocketAddr>())
        .with_graceful_shutdown(shutdown_signal())
        .await?;
    db.close().await;
    tracing::info!("wageguard stopped");
    Ok(())
}

/// At start and hourly: wage orders left 支付中 (a crash or a bank outage) are paid on, and expired sessions
/// removed; both idempotent, so several instances may run them at once.
async fn housekeeping(state: AppState) {
    let db = state.db.clone();
    let mut interval = tokio::time::interval(Duration::from_secs(3600));
    loop {
        interval.tick().await;
        match wage::payout::recover(&db, state.bank.as_ref()).await {
            Ok(resumed) if resumed > 0 => tracing::info!(resumed, "wage orders left paying were resumed"),
            Ok(_) => {}
            Err(error) => tracing::warn!(?error, "resuming wage payouts failed; retried in an hour"),
        }
        match auth::sessions::delete_expired(&db).await {
            Ok(removed) if removed > 0 => tracing::info!(removed, "expired sessions removed"),
            Ok(_) => {}
            Err(error) => tracing::warn!(?error, "session clean-up failed"),
        }
    }
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
