//! Site-wide settings. This foundation serves the console's site configuration (messageJson), and the
//! health check load balancers and monitoring ask.

use std::time::Duration;

use axum::extract::{Path, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::config::SiteConfig;
use crate::envelope::{ApiError, ApiResult, Envelope, ok};
use crate::identity::accounts::Side;
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(site_config))
}

/// The site configuration (messageJson); needs no login.
#[utoipa::path(method(get, post), path = "/{side}/common/v1/public/Message", tag = "system",
    params(("side" = String, Path, description = "`builder` or `finance`")),
    responses((status = 200, body = Envelope<SiteConfig>)))]
async fn site_config(State(state): State<AppState>, Path(side): Path<String>) -> ApiResult<SiteConfig> {
    Side::parse(&side).ok_or_else(|| ApiError::NotFound("接口不存在".into()))?;
    Ok(ok(state.config.site.clone()))
}

/// How long the health check waits for the database before answering 503.
const HEALTH_TIMEOUT: Duration = Duration::from_secs(3);

/// `GET /healthz`: 200 `ok` when the database answers, else 503. Plain HTTP status, not the envelope:
/// load balancers and monitors read the status code (docs/deploy.md).
pub async fn health(State(state): State<AppState>) -> Response {
    let answered = matches!(tokio::time::timeout(HEALTH_TIMEOUT, state.db.ping()).await, Ok(Ok(())));
    let (status, body) =
        if answered { (StatusCode::OK, "ok\n") } else { (StatusCode::SERVICE_UNAVAILABLE, "database unavailable\n") };
    (status, [(header::CACHE_CONTROL, "no-store")], body).into_response()
}
