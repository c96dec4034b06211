//! Project information after approval (`/builder/project/v1/Project/…`): view, edit what may still
//! change, and the printable rights-protection notice board. Handlers here, rules in `service.rs`,
//! SQL in `repo.rs`.

mod repo;
pub mod service;

use axum::extract::State;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::envelope::{ApiResult, Envelope, ok, ok_with};
use crate::extract::{ClientIp, Params};
use crate::identity::sessions::CurrentAccount;
use crate::project::service::ProjectForm;
use crate::state::AppState;
use service::{NoticeBoard, ProjectIdForm, ProjectInfoData};

pub const MSG_SAVED: &str = "保存成功";

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(project_info))
        .routes(routes!(edit_save))
        .routes(routes!(notice_board))
        .routes(routes!(public_notice_board))
}

/// The project's information (stepForm), which fields are read-only (the six the regulator approved),
/// whether this account may save, whom to ask for a change, and the option lists. A builder account
/// reads its own project (another `projectId`: 404); the regulator its district's by `projectId`; finance 403.
#[utoipa::path(post, path = "/builder/project/v1/Project/ajax_project_info", tag = "project",
    params(("X-Token" = String, Header, description = "session token")),
    request_body(content = ProjectIdForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Envelope<ProjectInfoData>)))]
async fn project_info(
    State(state): State<AppState>,
    current: CurrentAccount,
    Params(form): Params<ProjectIdForm>,
) -> ApiResult<ProjectInfoData> {
    Ok(ok(service::load(&state.db, &state.config.notice_board, &current, &form).await?))
}

/// Saves the approved project's information with the wizard's step-1 rules (401 with the field's
/// message, nothing stored). Name, DistrictCode, ContractPrice, DepartmentIndustryId, EndTime and
/// GcProcess keep their stored values whatever is sent. The project's builder account only (admin and
/// finance 403), only while approved (403). Logs the changed fields.
#[utoipa::path(post, path = "/builder/project/v1/Project/ajax_edit_save", tag = "project",
    params(("X-Token" = String, Header, description = "session token")),
    request_body(content = ProjectForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Envelope<Option<String>>)))]
async fn edit_save(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    current: CurrentAccount,
    Params(form): Params<ProjectForm>,
) -> ApiResult<Option<String>> {
    service::save(&state.db, &state.config.site.areacode, &current, &ip, &form).await?;
    Ok(ok_with(None, MSG_SAVED))
}

/// 维权信息告示牌: project, address, builder, general contractor, subcontractors, labour clerks with
/// contacts, the regulator and its phone, 12333, the local minimum wage and the pay day. Same scoping
/// as `ajax_project_info`.
#[utoipa::path(get, path = "/builder/project/v1/Project/noticeBoard", tag = "project",
    params(("X-Token" = String, Header, description = "session token"),
        ("projectId" = Option<String>, Query, description = "the regulator's project in view (required for the regulator)")),
    responses((status = 200, body = Envelope<NoticeBoard>)))]
async fn notice_board(
    State(state): State<AppState>,
    current: CurrentAccount,
    Params(form): Params<ProjectIdForm>,
) -> ApiResult<NoticeBoard> {
    Ok(ok(service::notice_board(&state.db, &state.config.notice_board, &current, &form).await?))
}

/// The worker side, no login: the 维权信息告示牌 of an approved project (the QR code on the printed board
/// opens `/w` with it); any other id → 404.
#[utoipa::path(get, path = "/worker/project/v1/Project/noticeBoard", tag = "project",
    params(("projectId" = String, Query, description = "the project")),
    responses((status = 200, body = Envelope<NoticeBoard>)))]
async fn public_notice_board(
    State(state): State<AppState>,
    Params(form): Params<ProjectIdForm>,
) -> ApiResult<NoticeBoard> {
    Ok(ok(service::public_board(&state.db, &state.config.notice_board, &form).await?))
}
