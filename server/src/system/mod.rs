//! Site-wide settings. This foundation serves the console's site configuration (messageJson).

use axum::extract::{Path, State};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::auth::accounts::Side;
use crate::config::SiteConfig;
use crate::envelope::{ApiError, ApiResult, Envelope, ok};
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
