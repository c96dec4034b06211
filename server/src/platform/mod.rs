//! The national / provincial worker-platform feed (issue 17 item 2; docs/platform.md): each project's
//! platform account, the outbox that sends the project's records in the platform's signed envelope, the
//! built-in sandbox platform, and 数据上报 (`/builder/platform/v1/…`). Records are read through the owning
//! areas' services. Wire format in `protocol.rs`, the way out in `gateway.rs`, the sandbox in `sandbox.rs`,
//! rules in `service.rs`, SQL in `repo.rs`.

pub mod gateway;
pub mod protocol;
mod repo;
pub mod sandbox;
pub mod service;

use axum::extract::State;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::envelope::{ApiResult, Envelope, ok};
use crate::extract::{ClientIp, Params};
use crate::identity::sessions::CurrentAccount;
use crate::paging::Paged;
use crate::state::AppState;
use service::{FeedRun, PlatformCounts, PlatformQuery, PlatformRecord, PlatformSetting, PlatformSettingForm};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(setting_get))
        .routes(routes!(setting_save))
        .routes(routes!(record_list))
        .routes(routes!(record_counts))
        .routes(routes!(record_send))
}

/// The project's platform account: AppID, whether a secret is saved (never the secret), the endpoint ('' the
/// built-in sandbox platform), enabled.
#[utoipa::path(get, path = "/builder/platform/v1/Setting/get", tag = "platform",
    params(("X-Token" = String, Header, description = "session token"), PlatformQuery),
    responses((status = 200, body = Envelope<PlatformSetting>)))]
async fn setting_get(
    State(state): State<AppState>,
    current: CurrentAccount,
    Params(query): Params<PlatformQuery>,
) -> ApiResult<PlatformSetting> {
    Ok(ok(service::setting(&state.db, &current, &query).await?))
}

/// Saves the project's platform account (an empty secret keeps the saved one). Logged, without the secret.
#[utoipa::path(post, path = "/builder/platform/v1/Setting/save", tag = "platform",
    params(("X-Token" = String, Header, description = "session token")),
    request_body(content = PlatformSettingForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Envelope<Option<String>>)))]
async fn setting_save(
    State(state): State<AppState>,
    current: CurrentAccount,
    ClientIp(ip): ClientIp,
    Params(form): Params<PlatformSettingForm>,
) -> ApiResult<Option<String>> {
    service::save_setting(&state.db, &current, &ip, &form).await?;
    Ok(ok(None))
}

/// The outbox, newest first: each version of each record with its state (待上报 / 已提交 / 上报成功 /
/// 平台退回), attempts, the last error and the platform's result.
#[utoipa::path(get, path = "/builder/platform/v1/Record/list", tag = "platform",
    params(("X-Token" = String, Header, description = "session token"), PlatformQuery),
    responses((status = 200, body = Envelope<Paged<PlatformRecord>>)))]
async fn record_list(
    State(state): State<AppState>,
    current: CurrentAccount,
    Params(query): Params<PlatformQuery>,
) -> ApiResult<Paged<PlatformRecord>> {
    Ok(ok(service::list(&state.db, &current, &query).await?))
}

/// Records per state.
#[utoipa::path(get, path = "/builder/platform/v1/Record/counts", tag = "platform",
    params(("X-Token" = String, Header, description = "session token"), PlatformQuery),
    responses((status = 200, body = Envelope<PlatformCounts>)))]
async fn record_counts(
    State(state): State<AppState>,
    current: CurrentAccount,
    Params(query): Params<PlatformQuery>,
) -> ApiResult<PlatformCounts> {
    Ok(ok(service::counts(&state.db, &current, &query).await?))
}

/// 立即上报: queues what changed, sends the queued records in order and asks for the results, now (the
/// schedule does the same every period). Logged.
#[utoipa::path(post, path = "/builder/platform/v1/Record/send", tag = "platform",
    params(("X-Token" = String, Header, description = "session token")),
    responses((status = 200, body = Envelope<FeedRun>)))]
async fn record_send(
    State(state): State<AppState>,
    current: CurrentAccount,
    ClientIp(ip): ClientIp,
) -> ApiResult<FeedRun> {
    Ok(ok(service::send_now(&state.db, state.platform.as_ref(), &current, &ip).await?))
}
