//! Data export and backup (数据导出备份, issue 16 item 5): a project's complete export as a .zip built in the
//! background (`/builder/backup/v1/Export/{start,ajax_list,download}`; the regulator names its project with
//! `projectId`), and the whole-site `wageguard backup` / `restore` (`archive.rs`, its scratch directory `scratch.rs`). Handlers here, rules in
//! `service.rs`, SQL in `repo.rs`.

pub mod archive;
mod entries;
mod repo;
mod scratch;
pub mod service;

use axum::body::Body;
use axum::extract::State;
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::envelope::{ApiError, ApiResult, Envelope, ok, ok_with};
use crate::extract::{ClientIp, Params};
use crate::identity::sessions::CurrentAccount;
use crate::paging::Paged;
use crate::state::AppState;
use service::{ExportDownloadQuery, ExportJob, ExportListQuery, ExportStartForm};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(start)).routes(routes!(list)).routes(routes!(download))
}

/// Queues a complete export of the project (builder: its own; regulator: `projectId` of its district;
/// finance 403) and starts building it; one at a time per project (401 while one is queued or running).
/// Logged.
#[utoipa::path(post, path = "/builder/backup/v1/Export/start", tag = "backup",
    params(("X-Token" = String, Header, description = "session token"), ExportStartForm),
    responses((status = 200, body = Envelope<ExportJob>)))]
async fn start(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    current: CurrentAccount,
    Params(form): Params<ExportStartForm>,
) -> ApiResult<ExportJob> {
    let job = service::start(&state.db, &state.config.data_dir, &current, &ip, &form).await?;
    Ok(ok_with(job, "导出任务已开始"))
}

/// The project's exports, newest first, with status and progress (the console polls it while one runs).
#[utoipa::path(get, path = "/builder/backup/v1/Export/ajax_list", tag = "backup",
    params(("X-Token" = String, Header, description = "session token"), ExportListQuery),
    responses((status = 200, body = Envelope<Paged<ExportJob>>)))]
async fn list(
    State(state): State<AppState>,
    current: CurrentAccount,
    Params(query): Params<ExportListQuery>,
) -> ApiResult<Paged<ExportJob>> {
    Ok(ok(service::list(&state.db, &current, &query).await?))
}

/// A finished export's .zip, streamed from disk; not finished, failed or past its seven days → 401 with the
/// reason. Logged.
#[utoipa::path(get, path = "/builder/backup/v1/Export/download", tag = "backup",
    params(("X-Token" = String, Header, description = "session token"), ExportDownloadQuery),
    responses((status = 200, content_type = "application/zip", description = "the export"),
        (status = 201, body = Envelope<serde_json::Value>, description = "401 / 403 / 404 in the envelope (HTTP 200)")))]
async fn download(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    current: CurrentAccount,
    Params(query): Params<ExportDownloadQuery>,
) -> Result<Response, ApiError> {
    let (path, file_name) = service::download(&state.db, &state.config.data_dir, &current, &ip, &query).await?;
    let file = tokio::fs::File::open(&path).await.map_err(|_| ApiError::refused(service::MSG_EXPIRED))?;
    let length = file.metadata().await.map(|m| m.len()).unwrap_or(0);
    let encoded = percent_encoding::utf8_percent_encode(&file_name, percent_encoding::NON_ALPHANUMERIC).to_string();
    let disposition = format!("attachment; filename=\"export.zip\"; filename*=UTF-8''{encoded}");
    Ok((
        [
            (header::CONTENT_TYPE, HeaderValue::from_static("application/zip")),
            (header::CONTENT_LENGTH, HeaderValue::from(length)),
            (
                header::CONTENT_DISPOSITION,
                HeaderValue::from_str(&disposition).unwrap_or(HeaderValue::from_static("attachment")),
            ),
        ],
        Body::from_stream(tokio_util::io::ReaderStream::new(file)),
    )
        .into_response())
}
