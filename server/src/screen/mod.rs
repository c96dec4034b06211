//! The data screen (数据大屏): everything the full-screen TV page shows in one call, for one project
//! (`/builder/screen/…`; a regulator names a project of its district) or for a regulator's district with its
//! projects on the map (`/admin/screen/…`). Handlers here, the figures in `service.rs`.

pub mod service;

use axum::extract::State;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::envelope::{ApiResult, Envelope, ok};
use crate::extract::Params;
use crate::identity::sessions::CurrentAccount;
use crate::state::AppState;
use service::{ScreenData, ScreenQuery};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(project_data)).routes(routes!(district_data))
}

/// The project's screen: on site now, came today, by work type, the 30-day trend, the settling month's wages
/// paid, open warnings and the latest punches (names and ID numbers masked). A project not yet approved 403
/// (项目审核通过后才能查看数据大屏); finance 403.
#[utoipa::path(get, path = "/builder/screen/v1/Screen/data", tag = "screen",
    params(("X-Token" = String, Header, description = "session token"), ScreenQuery),
    responses((status = 200, body = Envelope<ScreenData>)))]
async fn project_data(
    State(state): State<AppState>,
    current: CurrentAccount,
    Params(query): Params<ScreenQuery>,
) -> ApiResult<ScreenData> {
    Ok(ok(service::project_screen(&state.db, &current, &query).await?))
}

/// The district's screen: the same figures over the approved projects of the regulator's district, and each
/// project with its site and its worst open warning for the map. Admin accounts only.
#[utoipa::path(get, path = "/admin/screen/v1/Screen/data", tag = "screen",
    params(("X-Token" = String, Header, description = "session token")),
    responses((status = 200, body = Envelope<ScreenData>)))]
async fn district_data(State(state): State<AppState>, current: CurrentAccount) -> ApiResult<ScreenData> {
    Ok(ok(service::district_screen(&state.db, &current).await?))
}
