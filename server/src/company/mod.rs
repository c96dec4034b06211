//! Companies and their part in a project: the registration wizard's step 2 (builder unit, 建设单位:
//! `Site/builderEdit`, `Site/ajaxBuilderEdit`), step 3 (construction unit, 施工总包单位:
//! `Site/contractorEdit`, `Site/ajaxContructorEdit`) and the company search / credit-code look-up
//! (`Site/ajax_builder`); after registration (`/builder/company/v1/Company/…`, tag `company`) the
//! builder and construction unit information with the wage guarantee's changes (`info.rs`) and the
//! participating units (`participants.rs`). Handlers here, rules in `service.rs`, `info.rs`,
//! `participants.rs`, `unlock.rs` (the regulator unlocks a company the wizard locked; who may see what:
//! `crate::scope`), SQL in `repo/` (`repo/units.rs` for the units after registration).

pub mod demo;
pub mod info;
pub mod participants;
mod repo;
pub mod service;
pub mod unlock;

use axum::Extension;
use axum::extract::State;
use serde::Deserialize;
use utoipa::IntoParams;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::envelope::{ApiResult, Envelope, ok, ok_with};
use crate::extract::{ClientIp, Params};
use crate::identity::sessions::CurrentAccount;
use crate::paging::Paged;
use crate::state::AppState;
use info::{
    ChangeIdForm, CompanyLookupForm, GuaranteeChangeForm, GuaranteeChanged, LeadersForm, UnitInfoData, UnitInfoForm,
};
use participants::{
    AllUnitsForm, BatchForm, ConstructionType, IdQuery, ParticipantDetail, ParticipantForm, ParticipantSaved,
    ReentryForm, Teams, UnitChoice, UnitListItem, UnitListQuery,
};
use service::{BuilderEditData, CompanyInfo, ContractorEditData, Role, UnitForm, UnitSaved};
use unlock::UnlockForm;

/// The company routes; `teams` ends a unit's teams when it exits (`participants::UnitTeams`).
pub fn router(teams: Teams) -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(builder_edit))
        .routes(routes!(builder_edit_save))
        .routes(routes!(contractor_edit))
        .routes(routes!(contractor_edit_save))
        .routes(routes!(company_search))
        .routes(routes!(company_info))
        .routes(routes!(company_edit_save))
        .routes(routes!(get_company_info))
        .routes(routes!(change_guarantee))
        .routes(routes!(guarantee_set_read))
        .routes(routes!(construction_types))
        .routes(routes!(company_all))
        .routes(routes!(construction_list))
        .routes(routes!(construction_edit))
        .routes(routes!(construction_save))
        .routes(routes!(construction_edit_save))
        .routes(routes!(reentry_save))
        .routes(routes!(exit_all))
        .routes(routes!(delete_all))
        .routes(routes!(company_unlock))
        .layer(Extension(teams))
}

/// The regulator unlocks a company the wizard locked (`id` the company, `project_id` the project it is a
/// unit of, `reason` required, at most 200 characters), logged with the reason. 401 when it is not locked,
/// 404 when it is no unit of the project, 403 for other accounts.
#[utoipa::path(post, path = "/admin/company/v1/Company/unlock", tag = "company",
    params(("X-Token" = String, Header, description = "session token")),
    request_body(content = UnlockForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Envelope<Option<String>>)))]
async fn company_unlock(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    current: CurrentAccount,
    Params(form): Params<UnlockForm>,
) -> ApiResult<Option<String>> {
    unlock::unlock(&state.db, &current, &ip, &form).await?;
    Ok(ok_with(None, unlock::MSG_UNLOCKED_OK))
}

/// Wizard step 2: the session's project's builder unit (builderForm), the company lock, the deposit
/// ceiling (desposittop) and the option lists. Builder accounts only (403 otherwise).
#[utoipa::path(post, path = "/builder/common/v1/Site/builderEdit", tag = "company",
    params(("X-Token" = String, Header, description = "session token")),
    responses((status = 200, body = Envelope<BuilderEditData>)))]
async fn builder_edit(State(state): State<AppState>, current: CurrentAccount) -> ApiResult<BuilderEditData> {
    Ok(ok(service::load_builder(&state.db, &current).await?))
}

/// Wizard step 2 save: validates every field (401 with the field's message, nothing stored), keeps a
/// locked company's stored fields, stores the unit, moves the wizard to step 3 and logs the change.
/// A deposit above the ceiling is saved and answered `depositWarning: true`. Only a builder whose
/// project is a draft ('0') or rejected ('3') may save (403 otherwise).
#[utoipa::path(post, path = "/builder/common/v1/Site/ajaxBuilderEdit", tag = "company",
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
#[utoipa::path(get, path = "/builder/common/v1/Site/contractorEdit", tag = "company",
    params(("X-Token" = String, Header, description = "session token")),
    responses((status = 200, body = Envelope<ContractorEditData>)))]
async fn contractor_edit(State(state): State<AppState>, current: CurrentAccount) -> ApiResult<ContractorEditData> {
    Ok(ok(service::load_contractor(&state.db, &current).await?))
}

/// Wizard step 3 save: as step 2, plus the labour leader, the site manager, the guarantee file
/// (required) and the contract attachments; the deposit is required. Moves the wizard to step 4.
#[utoipa::path(post, path = "/builder/common/v1/Site/ajaxContructorEdit", tag = "company",
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
#[utoipa::path(get, path = "/builder/common/v1/Site/ajax_builder", tag = "company",
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

/// builderInfo / constructInfo: the builder (`type=builder`) or general contractor (`type=contractor`)
/// with its company (locked), leaders, wage guarantee, the deposit ceiling and the guarantee's changes.
/// Builder accounts: their project; admin: the `projectId` sent (required); finance: 403. 404 when the
/// unit is not registered yet.
#[utoipa::path(post, path = "/builder/company/v1/Company/ajax_company_info", tag = "company",
    params(("X-Token" = String, Header, description = "session token")),
    request_body(content = UnitInfoForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Envelope<UnitInfoData>)))]
async fn company_info(
    State(state): State<AppState>,
    current: CurrentAccount,
    Params(form): Params<UnitInfoForm>,
) -> ApiResult<UnitInfoData> {
    Ok(ok(info::info(&state.db, &current, &form).await?))
}

/// Saves the leaders of the builder (project leader) or general contractor (also the labour leader and
/// the site manager), each with the name, phone and ID-number rules. The company's fields are not
/// read: the company stays locked. Builder accounts only (admin and finance 403). Logged.
#[utoipa::path(post, path = "/builder/company/v1/Company/company_edit_save", tag = "company",
    params(("X-Token" = String, Header, description = "session token")),
    request_body(content = LeadersForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Envelope<Option<String>>)))]
async fn company_edit_save(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    current: CurrentAccount,
    Params(form): Params<LeadersForm>,
) -> ApiResult<Option<String>> {
    info::save_leaders(&state.db, &current, &ip, &form).await?;
    Ok(ok(None))
}

/// The participating unit form's company look-up: by `code` (18 characters: 0 or 1 company) or by part
/// of the `name` (up to 20), as the wizard's `Site/ajax_builder`. Builder accounts only.
#[utoipa::path(post, path = "/builder/company/v1/Company/ajax_get_company_info", tag = "company",
    params(("X-Token" = String, Header, description = "session token")),
    request_body(content = CompanyLookupForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Envelope<Vec<CompanyInfo>>)))]
async fn get_company_info(
    State(state): State<AppState>,
    current: CurrentAccount,
    Params(form): Params<CompanyLookupForm>,
) -> ApiResult<Vec<CompanyInfo>> {
    Ok(ok(info::lookup(&state.db, &current, &form).await?))
}

/// Changes the wage guarantee of the builder or general contractor (the wizard's rules for that unit)
/// with a reason: applied at once, recorded with before and after, every regulator account messaged.
/// 401 when nothing changed. A deposit above the ceiling is saved with `depositWarning`. Builder
/// accounts only. Logged.
#[utoipa::path(post, path = "/builder/company/v1/Company/ajax_change_guarantee", tag = "company",
    params(("X-Token" = String, Header, description = "session token")),
    request_body(content = GuaranteeChangeForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Envelope<GuaranteeChanged>)))]
async fn change_guarantee(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    current: CurrentAccount,
    Params(form): Params<GuaranteeChangeForm>,
) -> ApiResult<GuaranteeChanged> {
    Ok(ok(info::change_guarantee(&state.db, &current, &ip, &form).await?))
}

/// The regulator marks a guarantee change (`id`) read, and its message. Admin accounts only (403
/// otherwise); 404 for an unknown change; marking again changes nothing.
#[utoipa::path(post, path = "/builder/company/v1/Company/ajax_guarantee_set_read", tag = "company",
    params(("X-Token" = String, Header, description = "session token")),
    request_body(content = ChangeIdForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Envelope<Option<String>>)))]
async fn guarantee_set_read(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    current: CurrentAccount,
    Params(form): Params<ChangeIdForm>,
) -> ApiResult<Option<String>> {
    info::set_read(&state.db, &current, &ip, &form).await?;
    Ok(ok(None))
}

/// 分包类型 of participating units: `[{value, label, role}]`, role `subcontractor` (专业分包) or
/// `labour` (劳务分包). Any logged-in account.
#[utoipa::path(get, path = "/builder/company/v1/Company/Get_constructionType", tag = "company",
    params(("X-Token" = String, Header, description = "session token")),
    responses((status = 200, body = Envelope<Vec<ConstructionType>>)))]
async fn construction_types(_current: CurrentAccount) -> ApiResult<Vec<ConstructionType>> {
    Ok(ok(participants::CONSTRUCTION_TYPES.to_vec()))
}

/// Every unit of the project (builder, general contractor, then the participating units) for selects;
/// `status=1` only those on site. Builder: its project; admin: `projectId` (required); finance: 403.
#[utoipa::path(post, path = "/builder/company/v1/Company/ajax_company_all", tag = "company",
    params(("X-Token" = String, Header, description = "session token")),
    request_body(content = AllUnitsForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Envelope<Vec<UnitChoice>>)))]
async fn company_all(
    State(state): State<AppState>,
    current: CurrentAccount,
    Params(form): Params<AllUnitsForm>,
) -> ApiResult<Vec<UnitChoice>> {
    Ok(ok(participants::all(&state.db, &current, &form).await?))
}

/// contractorInfo: a page of the project's units (builder and general contractor first, then the
/// newest participating units), filtered by company name, type (role) and status. Builder: its
/// project; admin: `projectId` (required); finance: 403.
#[utoipa::path(get, path = "/builder/company/v1/Company/construction_list", tag = "company",
    params(("X-Token" = String, Header, description = "session token"), UnitListQuery),
    responses((status = 200, body = Envelope<Paged<UnitListItem>>)))]
async fn construction_list(
    State(state): State<AppState>,
    current: CurrentAccount,
    Params(query): Params<UnitListQuery>,
) -> ApiResult<Paged<UnitListItem>> {
    Ok(ok(participants::list(&state.db, &current, &query).await?))
}

/// editBuilds: one unit (`id`) with its company (read-only), leaders, attachments, entry and exit.
/// Another project's unit: 404.
#[utoipa::path(get, path = "/builder/company/v1/Company/construction_edit", tag = "company",
    params(("X-Token" = String, Header, description = "session token"), IdQuery),
    responses((status = 200, body = Envelope<ParticipantDetail>)))]
async fn construction_edit(
    State(state): State<AppState>,
    current: CurrentAccount,
    Params(query): Params<IdQuery>,
) -> ApiResult<ParticipantDetail> {
    Ok(ok(participants::detail(&state.db, &current, &query).await?))
}

/// newBulid: a new subcontractor or labour subcontractor (the `construction_type` decides which) with
/// its company (an existing company by credit code is linked, a locked one as stored; a company already
/// in the project is refused), the project leader, labour leader and site manager, up to 9 contract
/// images and the entry date. Builder accounts only. Logged.
#[utoipa::path(post, path = "/builder/company/v1/Company/construction_save", tag = "company",
    params(("X-Token" = String, Header, description = "session token")),
    request_body(content = ParticipantForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Envelope<ParticipantSaved>)))]
async fn construction_save(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    current: CurrentAccount,
    Params(form): Params<ParticipantForm>,
) -> ApiResult<ParticipantSaved> {
    Ok(ok(participants::create(&state.db, &current, &ip, &form).await?))
}

/// editBuilds save (`id`): type, leaders, attachments and entry date of a participating unit; the
/// company stays. Builder and general contractor are edited on their information pages (401).
#[utoipa::path(post, path = "/builder/company/v1/Company/construction_edit_save", tag = "company",
    params(("X-Token" = String, Header, description = "session token")),
    request_body(content = ParticipantForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Envelope<ParticipantSaved>)))]
async fn construction_edit_save(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    current: CurrentAccount,
    Params(form): Params<ParticipantForm>,
) -> ApiResult<ParticipantSaved> {
    Ok(ok(participants::update(&state.db, &current, &ip, &form).await?))
}

/// Re-entry (重新进场) of an exited participating unit (`id`) on `entry_date` (not before its exit date):
/// back on site, exit date cleared. Builder accounts only. Logged.
#[utoipa::path(post, path = "/builder/company/v1/Company/ajax_edit_save", tag = "company",
    params(("X-Token" = String, Header, description = "session token")),
    request_body(content = ReentryForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Envelope<Option<String>>)))]
async fn reentry_save(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    current: CurrentAccount,
    Params(form): Params<ReentryForm>,
) -> ApiResult<Option<String>> {
    participants::reenter(&state.db, &current, &ip, &form).await?;
    Ok(ok(None))
}

/// Exit (退场) of participating units (`ids` comma-joined) on `exit_date`, with their teams still on
/// site. All or none; refused, naming the unit, while it has workers on site, when it has exited already,
/// or when the date is before its or its teams' entry. Builder and general contractor never exit here.
#[utoipa::path(post, path = "/builder/company/v1/Company/ajax_exitall", tag = "company",
    params(("X-Token" = String, Header, description = "session token")),
    request_body(content = BatchForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Envelope<Option<String>>)))]
async fn exit_all(
    State(state): State<AppState>,
    Extension(teams): Extension<Teams>,
    ClientIp(ip): ClientIp,
    current: CurrentAccount,
    Params(form): Params<BatchForm>,
) -> ApiResult<Option<String>> {
    participants::exit(&state.db, teams.as_ref(), &current, &ip, &form).await?;
    Ok(ok(None))
}

/// Removes participating units (`ids` comma-joined). All or none; refused while a team or an
/// employment (a worker's record, past ones too) refers to one, saying which and how many. Builder and
/// general contractor can never be deleted.
#[utoipa::path(post, path = "/builder/company/v1/Company/ajax_deleteall", tag = "company",
    params(("X-Token" = String, Header, description = "session token")),
    request_body(content = BatchForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Envelope<Option<String>>)))]
async fn delete_all(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    current: CurrentAccount,
    Params(form): Params<BatchForm>,
) -> ApiResult<Option<String>> {
    participants::delete(&state.db, &current, &ip, &form).await?;
    Ok(ok(None))
}
