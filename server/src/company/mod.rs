//! Companies and their part in a project: the registration wizard's step 2 (builder unit, 建设单位:
//! `Site/builderEdit`, `Site/ajaxBuilderEdit`), step 3 (construction unit, 施工总包单位:
//! `Site/contractorEdit`, `Site/ajaxContructorEdit`) and the company search / credit-code look-up
//! (`Site/ajax_builder`). Handlers here, rules in `service.rs`, SQL in `repo.rs`.

pub mod repo;
pub mod service;

use axum::extract::State;
use serde::Deserialize;
use utoipa::IntoParams;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::auth::sessions::CurrentAccount;
use crate::envelope::{ApiResult, Envelope, ok};
use crate::extract::{ClientIp, Params};
use crate::state::AppState;
use service::{BuilderEditData, CompanyInfo, ContractorEditData, Role, UnitForm, UnitSaved};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(builder_edit))
        .routes(routes!(builder_edit_save))
        .routes(routes!(contractor_edit))
        .routes(routes!(contractor_edit_save))
        .routes(routes!(company_search))
}

/// Wizard step 2: the session's project's builder unit (builderForm), the company lock, the deposit
/// ceiling (desposittop) and the option lists. Builder accounts only (403 otherwise).
#[utoipa::path(post, path = "/builder/common/v1/Site/builderEdit", tag = "wizard",
    params(("X-Token" = String, Header, description = "session token")),
    responses((status = 200, body = Envelope<BuilderEditData>)))]
async fn builder_edit(State(state): State<AppState>, current: CurrentAccount) -> ApiResult<BuilderEditData> {
    Ok(ok(service::load_builder(&state.db, &current).await?))
}

/// Wizard step 2 save: validates every field (401 with the field's message, nothing stored), keeps a
/// locked company's stored fields, stores the unit, moves the wizard to step 3 and logs the change.
/// A deposit above the ceiling is saved and answered `depositWarning: true`. Only a builder whose
/// project is a draft ('0') or rejected ('3') may save (403 otherwise).
#[utoipa::path(post, path = "/builder/common/v1/Site/ajaxBuilderEdit", tag = "wizard",
    params(("X-Token" = String, Header, description = "session token")),
    request_body(content = UnitForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Envelope<UnitSaved>)))]
async fn builder_edit_save(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    current: CurrentAccount,
    Params(form): Params<UnitForm>,
) -> ApiResult<UnitSaved> {
    Ok(ok(service::save(&state.db, &current, &ip, Role::Builder, &form).await?))
}

/// Wizard step 3: the session's project's construction unit (contructorForm), the company lock, the
/// deposit ceiling and the option lists. Builder accounts only (403 otherwise).
#[utoipa::path(get, path = "/builder/common/v1/Site/contractorEdit", tag = "wizard",
    params(("X-Token" = String, Header, description = "session token")),
    responses((status = 200, body = Envelope<ContractorEditData>)))]
async fn contractor_edit(State(state): State<AppState>, current: CurrentAccount) -> ApiResult<ContractorEditData> {
    Ok(ok(service::load_contractor(&state.db, &current).await?))
}

/// Wizard step 3 save: as step 2, plus the labour leader, the site manager, the guarantee file
/// (required) and the contract attachments; the deposit is required. Moves the wizard to step 4.
#[utoipa::path(post, path = "/builder/common/v1/Site/ajaxContructorEdit", tag = "wizard",
    params(("X-Token" = String, Header, description = "session token")),
    request_body(content = UnitForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Envelope<UnitSaved>)))]
async fn contractor_edit_save(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    current: CurrentAccount,
    Params(form): Params<UnitForm>,
) -> ApiResult<UnitSaved> {
    Ok(ok(service::save(&state.db, &current, &ip, Role::Contractor, &form).await?))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct CompanySearchQuery {
    /// Part of a company name (1–50 characters): up to 20 companies whose name contains it.
    name: Option<String>,
    /// A unified social credit code of exactly 18 characters (trimmed, upper-cased): the company with
    /// that code, to fill and lock the form (spec §4). Wins over `name`.
    code: Option<String>,
}

/// Company search (by `name`) and credit-code look-up (by `code`) for steps 2 and 3. Answers a list
/// (the look-up: 0 or 1 company). The legal person's phone and ID number are masked. Companies without
/// a credit code ('/') are not answered. Builder accounts only (403 otherwise).
#[utoipa::path(get, path = "/builder/common/v1/Site/ajax_builder", tag = "wizard",
    params(("X-Token" = String, Header, description = "session token"), CompanySearchQuery),
    responses((status = 200, body = Envelope<Vec<CompanyInfo>>)))]
async fn company_search(
    State(state): State<AppState>,
    current: CurrentAccount,
    Params(query): Params<CompanySearchQuery>,
) -> ApiResult<Vec<CompanyInfo>> {
    let name = query.name.unwrap_or_default();
    let code = query.code.unwrap_or_default();
    Ok(ok(service::search(&state.db, &current, &name, &code).await?))
}
