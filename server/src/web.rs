//! The built console, embedded in the binary, with the single-page-app fallback; and the envelope 404
//! for unknown API paths.

use std::collections::HashMap;
use std::io::Write;
use std::sync::{LazyLock, Mutex};

use axum::body::Bytes;
use axum::http::{HeaderMap, HeaderValue, StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};
use flate2::Compression;
use flate2::write::GzEncoder;
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

/// The client takes a gzip body (`Accept-Encoding`, a zero quality refusing it).
pub fn accepts_gzip(headers: &HeaderMap) -> bool {
    headers
        .get_all(header::ACCEPT_ENCODING)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|value| value.split(','))
        .any(|coding| {
            let mut parts = coding.split(';').map(str::trim);
            let refused = |q: &str| q.strip_prefix("q=").and_then(|q| q.parse::<f32>().ok()) == Some(0.0);
            parts.next().is_some_and(|name| name.eq_ignore_ascii_case("gzip")) && !parts.any(refused)
        })
}

fn compressible(mime: &str) -> bool {
    mime.starts_with("text/") || matches!(mime, "application/javascript" | "application/json" | "image/svg+xml")
}

/// The console's files gzipped once each, at the best level, on their first request: a hard load of the shell
/// asks for about a megabyte of scripts and as much stylesheet, which the compression layer would compress
/// again on every request, on the cores the browser needs.
static GZIPPED: LazyLock<Mutex<HashMap<String, Bytes>>> = LazyLock::new(Mutex::default);

pub fn gzip(data: &[u8]) -> Bytes {
    let mut encoder = GzEncoder::new(Vec::with_capacity(data.len() / 3), Compression::best());
    // Writing to a Vec cannot fail.
    encoder.write_all(data).expect("gzip into memory");
    Bytes::from(encoder.finish().expect("gzip into memory"))
}

fn gzipped(file: &str, data: &[u8]) -> Bytes {
    let cached = GZIPPED.lock().unwrap_or_else(|poisoned| poisoned.into_inner()).get(file).cloned();
    cached.unwrap_or_else(|| {
        let body = gzip(data);
        GZIPPED.lock().unwrap_or_else(|poisoned| poisoned.into_inner()).insert(file.to_owned(), body.clone());
        body
    })
}

pub async fn fallback(uri: Uri, headers: HeaderMap) -> Response {
    let path = uri.path();
    if is_api_path(path) {
        return ApiError::NotFound("接口不存在".into()).into_response();
    }
    let file = path.trim_start_matches('/');
    if let Some(content) = Some(file).filter(|f| !f.is_empty()).and_then(Console::get) {
        let cache = if file.starts_with("assets/") { "public, max-age=31536000, immutable" } else { "no-cache" };
        let mime = content.metadata.mimetype();
        let content_type = HeaderValue::from_str(mime).unwrap_or(HeaderValue::from_static("application/octet-stream"));
        let reply = [
            (header::CONTENT_TYPE, content_type),
            (header::CACHE_CONTROL, HeaderValue::from_static(cache)),
            (header::VARY, HeaderValue::from_static("accept-encoding")),
        ];
        if compressible(mime) && accepts_gzip(&headers) {
            return (
                reply,
                [(header::CONTENT_ENCODING, HeaderValue::from_static("gzip"))],
                gzipped(file, &content.data),
            )
                .into_response();
        }
        return (reply, content.data).into_response();
    }
    // Every other path is a console route; the client's router shows /404 for unknown ones.
    match Console::get("index.html") {
        Some(index) => (
            [
                (header::CONTENT_TYPE, HeaderValue::from_static("text/html; charset=utf-8")),
                (header::CACHE_CONTROL, HeaderValue::from_static("no-cache")),
            ],
            index.data,
        )
            .into_response(),
        None => (
            StatusCode::OK,
            Envelope {
                code: 404,
                message: "控制台尚未构建：请先在 web/ 下运行 npm run build".to_owned(),
                data: serde_json::Value::Null,
            },
        )
            .into_response(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gzip_is_taken_unless_refused() {
        let with =
            |value: &'static str| HeaderMap::from_iter([(header::ACCEPT_ENCODING, HeaderValue::from_static(value))]);
        assert!(accepts_gzip(&with("gzip, deflate, br, zstd")));
        assert!(accepts_gzip(&with("br;q=1.0, GZIP;q=0.5")));
        assert!(!accepts_gzip(&with("gzip;q=0, br")));
        assert!(!accepts_gzip(&with("br, x-gzip-like")));
        assert!(!accepts_gzip(&HeaderMap::new()));
    }

    #[test]
    fn gzipped_files_unpack_to_themselves() {
        use std::io::Read;
        let script = "export const a = 1;\n".repeat(1000);
        let packed = gzip(script.as_bytes());
        assert!(packed.len() < script.len() / 10);
        let mut unpacked = String::new();
        flate2::read::GzDecoder::new(&packed[..]).read_to_string(&mut unpacked).unwrap();
        assert_eq!(unpacked, script);
    }

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
