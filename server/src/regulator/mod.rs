//! The regulator's own pages (`/admin/regulator/v1/…`): the project directory of every project in the
//! account's district with each area's figures, and its .xlsx export. Admin accounts only (403 otherwise).
//! Handlers here, rules in `service.rs`, the workbook in `xlsx.rs`; the figures come from the owning areas'
//! services, so this area has no repository of its own.

pub mod service;
pub mod xlsx;

use axum::extract::State;
use axum::response::Response;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::envelope::{ApiError, ApiResult, Envelope, ok};
use crate::extract::Params;
use crate::identity::sessions::CurrentAccount;
use crate::paging::Paged;
use crate::spreadsheet;
use crate::state::AppState;
use service::{DirectoryQuery, DirectoryRow};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(directory)).routes(routes!(export))
}

/// 项目目录: every project in the account's district, with district, audit status, builder, general
/// contractor, contract price, workers on site, last attendance day, the settling month's wages paid and
/// payable, the special account's balance and the guarantee's state. Search by `name`, filter by `district`
/// and `status`, `sort` (name, district, status, contractPrice) with `order` (asc, desc), paged on the server.
#[utoipa::path(get, path = "/admin/regulator/v1/Project/ajax_list", tag = "regulator",
    params(("X-Token" = String, Header, description = "session token"), DirectoryQuery),
    responses((status = 200, body = Envelope<Paged<DirectoryRow>>)))]
async fn directory(
    State(state): State<AppState>,
    current: CurrentAccount,
    Params(query): Params<DirectoryQuery>,
) -> ApiResult<Paged<DirectoryRow>> {
    Ok(ok(service::directory(&state.db, &current, &query).await?))
}

/// The directory's rows under the same filters and sort (no paging; at most 10,000) as .xlsx. Refusals
/// answer the envelope.
#[utoipa::path(get, path = "/admin/regulator/v1/Project/export", tag = "regulator",
    params(("X-Token" = String, Header, description = "session token"), DirectoryQuery),
    responses((status = 200, content_type = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", description = "the directory"),
        (status = 201, body = Envelope<serde_json::Value>, description = "401 / 403 in the envelope (HTTP 200)")))]
async fn export(
    State(state): State<AppState>,
    current: CurrentAccount,
    Params(query): Params<DirectoryQuery>,
) -> Result<Response, ApiError> {
    let rows = service::export_rows(&state.db, &current, &query).await?;
    let bytes = xlsx::export(&rows)?;
    Ok(spreadsheet::download(bytes, "projects.xlsx", "%E9%A1%B9%E7%9B%AE%E7%9B%AE%E5%BD%95.xlsx"))
}
