//! The workbench (工作台) of each role: the clerk's (`/builder/workbench/…`, a regulator with a project in
//! view reads the same), the regulator's over its district (`/admin/workbench/…`) and the finance
//! approver's (`/finance/workbench/…`). Handlers here, the figures in `service.rs`, read through the owning
//! areas' services.

pub mod service;

use axum::extract::State;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::envelope::{ApiResult, Envelope, ok};
use crate::extract::Params;
use crate::identity::sessions::CurrentAccount;
use crate::state::AppState;
use service::{DistrictSummary, FinanceSummary, ProjectSummary, WorkbenchQuery};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(project_summary))
        .routes(routes!(district_summary))
        .routes(routes!(finance_summary))
}

/// The clerk's workbench: roster and attendance today, the settling month's wages payable and paid, the
/// special account's balance, open warnings by level, unread messages and notices, leads awaiting feedback,
/// orders awaiting approval, failed payouts, vacant key posts and the wage guarantee. A regulator names a
/// project of its district with `projectId`; finance 403.
#[utoipa::path(get, path = "/builder/workbench/v1/Workbench/summary", tag = "workbench",
    params(("X-Token" = String, Header, description = "session token"), WorkbenchQuery),
    responses((status = 200, body = Envelope<ProjectSummary>)))]
async fn project_summary(
    State(state): State<AppState>,
    current: CurrentAccount,
    Params(query): Params<WorkbenchQuery>,
) -> ApiResult<ProjectSummary> {
    Ok(ok(service::project_summary(&state.db, &current, &query).await?))
}

/// The regulator's workbench over its district: projects by audit status, open warnings by level, overdue
/// leads, workers on site and the settling month's wages paid. Admin accounts only (403 otherwise).
#[utoipa::path(get, path = "/admin/workbench/v1/Workbench/summary", tag = "workbench",
    params(("X-Token" = String, Header, description = "session token")),
    responses((status = 200, body = Envelope<DistrictSummary>)))]
async fn district_summary(State(state): State<AppState>, current: CurrentAccount) -> ApiResult<DistrictSummary> {
    Ok(ok(service::district_summary(&state.db, &current).await?))
}

/// The finance approver's figures: orders waiting for it and those approved this month. Finance approver
/// accounts only (403 otherwise).
#[utoipa::path(get, path = "/finance/workbench/v1/Workbench/summary", tag = "workbench",
    params(("X-Token" = String, Header, description = "session token")),
    responses((status = 200, body = Envelope<FinanceSummary>)))]
async fn finance_summary(State(state): State<AppState>, current: CurrentAccount) -> ApiResult<FinanceSummary> {
    Ok(ok(service::finance_summary(&state.db, &current).await?))
}
