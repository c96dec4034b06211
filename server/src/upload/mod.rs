//! File uploads (`site/upload_file_batch`, field `imgFile[]`) and serving them back to those who may see them.

pub mod kind;
pub mod pixels;
mod repo;
pub mod service;

use axum::Extension;
use axum::extract::multipart::{Multipart, MultipartRejection};
use axum::extract::{DefaultBodyLimit, Path, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use utoipa::IntoParams;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use kind::{MAX_FILE_BYTES, MSG_TOO_LARGE, UploadKind};

use crate::envelope::{ApiError, ApiResult, Envelope, ok, ok_with};
use crate::extract::{ClientIp, QueryParams, plain_text};
use crate::identity::sessions::{self, CurrentAccount, TOKEN_HEADER};
use crate::oplog;
use crate::state::AppState;
use service::{NamedFile, Shares, URL_PREFIX};

/// The console keeps the session token in this cookie; `<img src>` requests carry it, not the header.
const TOKEN_COOKIE: &str = "Admin-Token";
const MSG_NOT_MULTIPART: &str = "请以 multipart/form-data 格式上传文件";

/// The one workbook of an .xlsx import (multipart field `file`, at most 5 MB); `missing` when none came.
pub async fn workbook_field(
    multipart: Result<Multipart, MultipartRejection>,
    missing: &str,
) -> Result<axum::body::Bytes, ApiError> {
    let mut multipart = multipart.map_err(|_| ApiError::refused(MSG_NOT_MULTIPART))?;
    let mut workbook = None;
    while let Some(field) = multipart.next_field().await.map_err(|_| ApiError::refused(MSG_TOO_LARGE))? {
        plain_field(&field)?;
        if field.name() == Some("file") {
            let bytes = field.bytes().await.map_err(|_| ApiError::refused(MSG_TOO_LARGE))?;
            if bytes.len() > MAX_FILE_BYTES {
                return Err(ApiError::refused(MSG_TOO_LARGE));
            }
            workbook = Some(bytes);
        }
    }
    workbook.ok_or_else(|| ApiError::refused(missing))
}

/// The upload routes; `shares` answers which files of no project a project may read (`service::SharedFiles`).
pub fn router(shares: Shares) -> OpenApiRouter<AppState> {
    let largest_batch = 9 * MAX_FILE_BYTES + 1024 * 1024;
    OpenApiRouter::new()
        .routes(routes!(upload_files))
        .routes(routes!(serve_file))
        .routes(routes!(file_names))
        .layer(DefaultBodyLimit::max(largest_batch))
        .layer(Extension(shares))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct UploadQuery {
    /// What the files are for: image (default), avatar, contract, voucher, guarantee or attachment.
    kind: Option<String>,
}

struct Received {
    original_name: String,
    bytes: Vec<u8>,
}

/// A multipart field's name and file name are request text like any other (the file name is stored).
fn plain_field(field: &axum::extract::multipart::Field<'_>) -> Result<(), ApiError> {
    plain_text(field.name().unwrap_or_default())?;
    plain_text(field.file_name().unwrap_or_default())
}

fn unreadable(error: axum::extract::multipart::MultipartError) -> ApiError {
    if error.status() == StatusCode::PAYLOAD_TOO_LARGE {
        ApiError::refused(MSG_TOO_LARGE)
    } else {
        ApiError::refused("上传内容无法读取，请重新选择文件")
    }
}

async fn receive(mut multipart: Multipart, kind: UploadKind) -> Result<Vec<Received>, ApiError> {
    let mut files = Vec::new();
    while let Some(mut field) = multipart.next_field().await.map_err(unreadable)? {
        plain_field(&field)?;
        if !matches!(field.name(), Some("imgFile[]" | "imgFile")) {
            continue;
        }
        if files.len() == kind.max_files() {
            return Err(ApiError::refused(format!("当前限制选择{}个文件", kind.max_files())));
        }
        let original_name = field.file_name().unwrap_or_default().chars().take(200).collect::<String>();
        let mut bytes = Vec::new();
        while let Some(chunk) = field.chunk().await.map_err(unreadable)? {
            if bytes.len() + chunk.len() > MAX_FILE_BYTES {
                return Err(ApiError::refused(MSG_TOO_LARGE));
            }
            bytes.extend_from_slice(&chunk);
        }
        files.push(Received { original_name, bytes });
    }
    if files.is_empty() {
        return Err(ApiError::refused("请选择要上传的文件"));
    }
    Ok(files)
}

/// Uploads files; answers their URLs in order. The whole batch is refused when one file is refused.
#[utoipa::path(post, path = "/builder/common/v1/site/upload_file_batch", tag = "upload", params(("X-Token" = String, Header, description = "session token"), UploadQuery),
    request_body(content_type = "multipart/form-data", description = "one or more files in field `imgFile[]`, 5 MB each"),
    responses((status = 200, body = Envelope<Vec<String>>)))]
async fn upload_files(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    current: CurrentAccount,
    QueryParams(query): QueryParams<UploadQuery>,
    multipart: Result<Multipart, MultipartRejection>,
) -> ApiResult<Vec<String>> {
    let kind =
        UploadKind::parse(query.kind.as_deref().unwrap_or("")).ok_or_else(|| ApiError::refused("上传类型不正确"))?;
    let multipart = multipart.map_err(|_| ApiError::refused(MSG_NOT_MULTIPART))?;
    let files = receive(multipart, kind).await?;
    let mut accepted = Vec::with_capacity(files.len());
    for file in files {
        let (format, extension) = kind::accept(kind, &file.original_name, &file.bytes)
            .ok_or_else(|| ApiError::refused(kind.type_message()))?;
        pixels::check(&file.bytes).map_err(ApiError::refused)?;
        accepted.push((file, format, extension));
    }

    let folder = state.config.data_dir.join("uploads");
    tokio::fs::create_dir_all(&folder).await.map_err(anyhow::Error::from)?;
    let mut urls = Vec::with_capacity(accepted.len());
    let mut written = Vec::with_capacity(accepted.len());
    for (file, format, extension) in &accepted {
        let stored_name = format!("{}.{extension}", uuid::Uuid::new_v4().simple());
        let path = folder.join(&stored_name);
        let stored = async {
            tokio::fs::write(&path, &file.bytes).await.map_err(anyhow::Error::from)?;
            written.push(path.clone());
            repo::insert(
                &state.db,
                &repo::NewUpload {
                    stored_name: &stored_name,
                    original_name: &file.original_name,
                    content_type: format.content_type(),
                    size: file.bytes.len() as i64,
                    kind: kind.as_str(),
                    project_id: current.account.project_id,
                    account_id: current.account.id,
                },
            )
            .await
            .map_err(anyhow::Error::from)
        };
        if let Err(error) = stored.await {
            for path in &written {
                let _ = tokio::fs::remove_file(path).await;
            }
            return Err(ApiError::Internal(error));
        }
        urls.push(format!("{URL_PREFIX}{stored_name}"));
    }
    oplog::record(
        &state.db,
        oplog::Entry::by(&current.account, &ip).action("上传文件").on("upload", urls.join(",")).detail(format!(
            "{}个{}文件",
            urls.len(),
            kind.as_str()
        )),
    )
    .await?;
    Ok(ok_with(urls, "上传成功"))
}

fn token_from(headers: &HeaderMap) -> Option<String> {
    if let Some(token) = headers.get(TOKEN_HEADER).and_then(|v| v.to_str().ok()).filter(|t| !t.trim().is_empty()) {
        return Some(token.trim().to_owned());
    }
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|cookies| cookies.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(name, _)| *name == TOKEN_COOKIE)
        .map(|(_, value)| value.to_owned())
        .filter(|token| !token.is_empty() && token.len() <= 128)
}

fn is_stored_name(name: &str) -> bool {
    match name.split_once('.') {
        Some((stem, extension)) => {
            stem.len() == 32
                && stem.bytes().all(|b| b.is_ascii_hexdigit() && !b.is_ascii_uppercase())
                && (1..=5).contains(&extension.len())
                && extension.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit())
        }
        None => false,
    }
}

/// An uploaded file, to those who may see it (`service::may_read`), never cached. Accepts the token in header
/// `X-Token` or in the console's `Admin-Token` cookie, so that `<img src>` works.
#[utoipa::path(get, path = "/uploads/{name}", tag = "upload",
    params(("name" = String, Path, description = "the stored name from the upload reply"),
        ("X-Token" = Option<String>, Header, description = "session token; without it, the `Admin-Token` cookie"),
        ("Admin-Token" = Option<String>, Cookie, description = "the console's session cookie, for links opened in a new tab")),
    responses((status = 200, description = "the file"), (status = 200, body = Envelope<serde_json::Value>, description = "101 / 403 / 404 in the envelope")))]
async fn serve_file(
    State(state): State<AppState>,
    Extension(shares): Extension<Shares>,
    Path(name): Path<String>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    let token = token_from(&headers).ok_or(ApiError::NotLoggedIn)?;
    let account = sessions::account_for_token(&state.db, &token).await?;
    let missing = || ApiError::NotFound("文件不存在".into());
    if !is_stored_name(&name) {
        return Err(missing());
    }
    let upload = repo::find(&state.db, &name).await?.ok_or_else(missing)?;
    if !service::may_read(&state.db, shares.as_ref(), &account, &name, &upload).await? {
        return Err(ApiError::Forbidden("无权查看该文件".into()));
    }
    let bytes = tokio::fs::read(state.config.data_dir.join("uploads").join(&name)).await.map_err(|_| missing())?;
    tracing::debug!(file = %upload.original_name, "serving upload");
    Ok((
        [
            (
                header::CONTENT_TYPE,
                HeaderValue::from_str(&upload.content_type)
                    .unwrap_or(HeaderValue::from_static("application/octet-stream")),
            ),
            (header::CONTENT_DISPOSITION, HeaderValue::from_static("inline")),
            (header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff")),
            // ID photos, vouchers, contracts: a shared site-office browser keeps nothing after logout.
            (header::CACHE_CONTROL, HeaderValue::from_static("no-store")),
        ],
        bytes,
    )
        .into_response())
}

/// At most this many addresses in one `file_names` question: a page's files, not a listing of the store.
const MAX_NAMED: usize = 50;

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct FileNamesQuery {
    /// Upload addresses (`/uploads/<stored name>`) separated by commas, at most 50.
    urls: Option<String>,
}

/// The names files were uploaded with, for the pages that list stored addresses (a unit's guarantee and
/// contract files, a warning's answers, the audit's attachments): the files the session may read, in the
/// order asked; an address of no such file is left out.
#[utoipa::path(get, path = "/builder/common/v1/site/file_names", tag = "upload",
    params(("X-Token" = String, Header, description = "session token"), FileNamesQuery),
    responses((status = 200, body = Envelope<Vec<NamedFile>>)))]
async fn file_names(
    State(state): State<AppState>,
    Extension(shares): Extension<Shares>,
    current: CurrentAccount,
    QueryParams(query): QueryParams<FileNamesQuery>,
) -> ApiResult<Vec<NamedFile>> {
    let urls: Vec<&str> =
        query.urls.as_deref().unwrap_or("").split(',').map(str::trim).filter(|url| !url.is_empty()).collect();
    if urls.len() > MAX_NAMED {
        return Err(ApiError::refused(format!("一次最多查询{MAX_NAMED}个文件")));
    }
    let mut files = Vec::with_capacity(urls.len());
    for url in urls {
        let Some(name) = url.strip_prefix(URL_PREFIX).filter(|name| is_stored_name(name)) else { continue };
        let Some(upload) = repo::find(&state.db, name).await? else { continue };
        if service::may_read(&state.db, shares.as_ref(), &current.account, name, &upload).await? {
            files.push(NamedFile::new(upload.original_name, url.to_owned(), &upload.content_type));
        }
    }
    Ok(ok(files))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_generated_names_are_served() {
        assert!(is_stored_name("0123456789abcdef0123456789abcdef.png"));
        assert!(!is_stored_name("../../etc/passwd"));
        assert!(!is_stored_name("0123456789ABCDEF0123456789abcdef.png"));
        assert!(!is_stored_name("0123456789abcdef0123456789abcdef"));
        assert!(!is_stored_name("0123456789abcdef0123456789abcdef.p/g"));
    }

    #[test]
    fn the_token_comes_from_the_header_or_the_cookie() {
        let mut headers = HeaderMap::new();
        assert_eq!(token_from(&headers), None);
        headers.insert(header::COOKIE, HeaderValue::from_static("sidebarStatus=1; Admin-Token=abc; Admin-Id=1"));
        assert_eq!(token_from(&headers).as_deref(), Some("abc"));
        headers.insert(TOKEN_HEADER, HeaderValue::from_static("xyz"));
        assert_eq!(token_from(&headers).as_deref(), Some("xyz"));
    }
}
