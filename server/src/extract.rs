//! Request extractors that never answer outside the envelope.

use axum::body::{Body, Bytes};
use axum::extract::{FromRequest, FromRequestParts, Request};
use axum::http::request::Parts;
use axum::http::{HeaderMap, Method, header};
use http_body_util::BodyExt;
use serde::de::DeserializeOwned;

use crate::envelope::ApiError;

const MAX_FORM_BYTES: usize = 256 * 1024;
const MSG_FORM_UNREADABLE: &str = "请求内容过大或无法读取";

/// Reads a body of at most `limit` bytes, refusing with `too_large` as soon as the declared length or the
/// bytes received pass it: a larger body is never held in memory, whatever its sender claims.
pub async fn body_within(headers: &HeaderMap, body: Body, limit: usize, too_large: &str) -> Result<Bytes, ApiError> {
    let declared = headers.get(header::CONTENT_LENGTH).and_then(|value| value.to_str().ok()).and_then(|value| value.parse::<u64>().ok());
    if declared.is_some_and(|length| length > limit as u64) {
        return Err(ApiError::refused(too_large));
    }
    let mut body = body;
    let mut bytes = Vec::new();
    while let Some(frame) = body.frame().await {
        let frame = frame.map_err(|_| ApiError::refused("请求内容无法读取"))?;
        if let Ok(data) = frame.into_data() {
            if bytes.len() + data.len() > limit {
                return Err(ApiError::refused(too_large));
            }
            bytes.extend_from_slice(&data);
        }
    }
    Ok(Bytes::from(bytes))
}

/// Request parameters from the query string and, for POSTs, the form-encoded body (body wins on
/// repeated keys because it comes last). Form structs use `Option<String>` fields so that a missing
/// or odd value reaches validation, which answers with the field's own Chinese message.
pub struct Params<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequest<S> for Params<T> {
    type Rejection = ApiError;

    async fn from_request(request: Request, _state: &S) -> Result<Self, Self::Rejection> {
        let query = request.uri().query().unwrap_or("").to_owned();
        let mut pairs: Vec<(String, String)> = serde_urlencoded::from_str(&query)
            .map_err(|_| ApiError::refused("请求参数格式错误"))?;
        if request.method() != Method::GET {
            let content_type = request
                .headers()
                .get(header::CONTENT_TYPE)
                .and_then(|value| value.to_str().ok())
                .unwrap_or("")
                .to_ascii_lowercase();
            let (parts, body) = request.into_parts();
            let bytes = body_within(&parts.headers, body, MAX_FORM_BYTES, MSG_FORM_UNREADABLE).await?;
            if !bytes.is_empty() {
                if !content_type.is_empty() && !content_type.starts_with("application/x-www-form-urlencoded") {
                    return Err(ApiError::refused("请以表单格式提交 (application/x-www-form-urlencoded)"));
                }
                let body: Vec<(String, String)> =
                    serde_urlencoded::from_bytes(&bytes).map_err(|_| ApiError::refused("请求参数格式错误"))?;
                for (key, value) in body {
                    pairs.retain(|(existing, _)| existing != &key);
                    pairs.push((key, value));
                }
            }
        }
        let encoded = serde_urlencoded::to_string(&pairs).map_err(|_| ApiError::refused("请求参数格式错误"))?;
        serde_urlencoded::from_str(&encoded).map(Params).map_err(|_| ApiError::refused("请求参数格式错误"))
    }
}

/// The caller's address as seen by this server, for the operation log.
pub struct ClientIp(pub String);

impl<S: Send + Sync> FromRequestParts<S> for ClientIp {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, _state: &S) -> Result<Self, Self::Rejection> {
        let ip = parts
            .extensions
            .get::<axum::extract::ConnectInfo<std::net::SocketAddr>>()
            .map(|info| info.0.ip().to_string())
            .unwrap_or_default();
        Ok(ClientIp(ip))
    }
}

/// Query-string parameters only, for handlers whose body is something else (uploads).
pub struct QueryParams<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequestParts<S> for QueryParams<T> {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, _state: &S) -> Result<Self, Self::Rejection> {
        serde_urlencoded::from_str(parts.uri.query().unwrap_or(""))
            .map(QueryParams)
            .map_err(|_| ApiError::refused("请求参数格式错误"))
    }
}
