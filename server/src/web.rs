//! The built console, embedded in the binary, with the single-page-app fallback; and the envelope 404
//! for unknown API paths.

use axum::http::{HeaderValue, StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};
use rust_embed::RustEmbed;

use crate::envelope::{ApiError, Envelope};

#[derive(RustEmbed)]
#[folder = "../web/dist"]
#[allow_missing = true]
struct Console;

/// Path prefixes that belong to the API; anything else is the console's.
const API_PREFIXES: &[&str] = &["/builder/", "/finance/", "/admin/", "/bank/", "/device/", "/api/", "/uploads/"];

pub fn is_api_path(path: &str) -> bool {
    let lower = path.to_ascii_lowercase();
    API_PREFIXES.iter().any(|prefix| lower.starts_with(prefix) || lower == prefix.trim_end_matches('/'))
}

pub async fn fallback(uri: Uri) -> Response {
    let path = uri.path();
    if is_api_path(path) {
        return ApiError::NotFound("接口不存在".into()).into_response();
    }
    let file = path.trim_start_matches('/');
    if let Some(content) = Some(file).filter(|f| !f.is_empty()).and_then(Console::get) {
        let cache = if file.starts_with("assets/") { "public, max-age=31536000, immutable" } else { "no-cache" };
        let mime = HeaderValue::from_str(content.metadata.mimetype()).unwrap_or(HeaderValue::from_static("application/octet-stream"));
        return ([(header::CONTENT_TYPE, mime), (header::CACHE_CONTROL, HeaderValue::from_static(cache))], content.data).into_response();
    }
    // Every other path is a console route; the client's router shows /404 for unknown ones.
    match Console::get("index.html") {
        Some(index) => (
            [(header::CONTENT_TYPE, HeaderValue::from_static("text/html; charset=utf-8")), (header::CACHE_CONTROL, HeaderValue::from_static("no-cache"))],
            index.data,
        )
            .into_response(),
        None => (
            StatusCode::OK,
            Envelope { code: 404, message: "控制台尚未构建：请先在 web/ 下运行 npm run build".to_owned(), data: serde_json::Value::Null },
        )
            .into_response(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn api_paths_are_told_apart_from_console_paths() {
        assert!(is_api_path("/builder/common/v1/Public/login"));
        assert!(is_api_path("/Finance/x"));
        assert!(is_api_path("/api/openapi.json"));
        assert!(!is_api_path("/project/projectInfo"));
        assert!(!is_api_path("/builderish"));
        assert!(!is_api_path("/"));
    }
}
