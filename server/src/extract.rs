//! Request extractors that never answer outside the envelope.

use std::net::IpAddr;

use axum::body::{Body, Bytes};
use axum::extract::{FromRequest, FromRequestParts, Request};
use axum::http::request::Parts;
use axum::http::{HeaderMap, Method, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use http_body_util::BodyExt;
use serde::de::DeserializeOwned;

use crate::envelope::ApiError;
use crate::state::AppState;

const MAX_FORM_BYTES: usize = 256 * 1024;
const MSG_FORM_UNREADABLE: &str = "请求内容过大或无法读取";

/// Reads a body of at most `limit` bytes, refusing with `too_large` as soon as the declared length or the
/// bytes received pass it: a larger body is never held in memory, whatever its sender claims.
pub async fn body_within(headers: &HeaderMap, body: Body, limit: usize, too_large: &str) -> Result<Bytes, ApiError> {
    let declared = headers
        .get(header::CONTENT_LENGTH)
        .and_then(|value| value.to_str().ok())
        .and_then(|value| value.parse::<u64>().ok());
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

pub const MSG_CONTROL_CHARACTERS: &str = "输入内容含有不可见的控制字符，请删除后重试";

/// A form field as sent, trimmed; a missing field reads as empty, so validation gives the field's own message.
pub fn sent(value: &Option<String>) -> &str {
    value.as_deref().unwrap_or("").trim()
}

/// The one check on request text. Tab, line feed and carriage return pass (multi-line remarks and pasted
/// text have them, and both databases store them); every other C0 control (NUL, which PostgreSQL cannot
/// store in text), DEL and the C1 controls are refused, so both backends answer alike.
pub fn plain_text(text: &str) -> Result<(), ApiError> {
    if text.chars().any(|c| c.is_control() && !matches!(c, '\t' | '\n' | '\r')) {
        return Err(ApiError::refused(MSG_CONTROL_CHARACTERS));
    }
    Ok(())
}

/// Refuses a request whose path or query string, percent-decoded, is not plain text: this covers every
/// path segment and query parameter before any extractor reads them. Header values need no check: the
/// HTTP parser already refuses control bytes other than tab in them.
pub async fn plain_uri(request: Request, next: Next) -> Response {
    let path_and_query = request.uri().path_and_query().map(|value| value.as_str()).unwrap_or("");
    match plain_text(&percent_encoding::percent_decode_str(path_and_query).decode_utf8_lossy()) {
        Ok(()) => next.run(request).await,
        Err(error) => error.into_response(),
    }
}

/// Request parameters from the query string and, for POSTs, the form-encoded body (body wins on
/// repeated keys because it comes last). Form structs use `Option<String>` fields so that a missing
/// or odd value reaches validation, which answers with the field's own Chinese message.
pub struct Params<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequest<S> for Params<T> {
    type Rejection = ApiError;

    async fn from_request(request: Request, _state: &S) -> Result<Self, Self::Rejection> {
        let query = request.uri().query().unwrap_or("").to_owned();
        let mut pairs: Vec<(String, String)> =
            serde_urlencoded::from_str(&query).map_err(|_| ApiError::refused("请求参数格式错误"))?;
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
                    plain_text(&key)?;
                    plain_text(&value)?;
                    pairs.retain(|(existing, _)| existing != &key);
                    pairs.push((key, value));
                }
            }
        }
        let encoded = serde_urlencoded::to_string(&pairs).map_err(|_| ApiError::refused("请求参数格式错误"))?;
        serde_urlencoded::from_str(&encoded).map(Params).map_err(|_| ApiError::refused("请求参数格式错误"))
    }
}

/// The caller's address, for the operation log and the rate limits: the peer, or, when the peer is one of the
/// configured `trusted_proxies`, the nearest address in `X-Forwarded-For` that is not a trusted proxy.
pub struct ClientIp(pub String);

impl FromRequestParts<AppState> for ClientIp {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        let peer = parts.extensions.get::<axum::extract::ConnectInfo<std::net::SocketAddr>>().map(|info| info.0.ip());
        let forwarded = parts.headers.get("x-forwarded-for").and_then(|value| value.to_str().ok());
        Ok(ClientIp(
            client_address(peer, forwarded, &state.config.trusted_proxies).map(|ip| ip.to_string()).unwrap_or_default(),
        ))
    }
}

fn client_address(peer: Option<IpAddr>, forwarded: Option<&str>, trusted: &[IpAddr]) -> Option<IpAddr> {
    let peer = peer?;
    if !trusted.contains(&peer) {
        return Some(peer);
    }
    // Each proxy appends the address it saw, so the client is the rightmost one no trusted proxy wrote.
    let hops = forwarded.unwrap_or("").split(',').filter_map(|hop| hop.trim().parse::<IpAddr>().ok());
    Some(hops.rev().find(|hop| !trusted.contains(hop)).unwrap_or(peer))
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

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(text: &str) -> IpAddr {
        text.parse().unwrap()
    }

    #[test]
    fn the_client_is_the_peer_unless_the_peer_is_a_trusted_proxy() {
        let nginx = [ip("10.0.0.2")];
        assert_eq!(client_address(Some(ip("1.2.3.4")), Some("9.9.9.9"), &nginx), Some(ip("1.2.3.4")));
        assert_eq!(client_address(Some(ip("10.0.0.2")), Some("9.9.9.9, 1.2.3.4"), &nginx), Some(ip("1.2.3.4")));
        assert_eq!(client_address(Some(ip("10.0.0.2")), Some("1.2.3.4, 10.0.0.2"), &nginx), Some(ip("1.2.3.4")));
        assert_eq!(client_address(Some(ip("10.0.0.2")), Some("garbage"), &nginx), Some(ip("10.0.0.2")));
        assert_eq!(client_address(Some(ip("10.0.0.2")), None, &nginx), Some(ip("10.0.0.2")));
        assert_eq!(client_address(Some(ip("10.0.0.2")), Some("9.9.9.9"), &[]), Some(ip("10.0.0.2")));
        assert_eq!(client_address(None, Some("9.9.9.9"), &nginx), None);
    }

    #[test]
    fn line_breaks_and_tabs_are_text_other_controls_are_not() {
        assert!(plain_text("钢筋班\t二组\r\n备注").is_ok());
        for control in ['\0', '\u{1}', '\u{1b}', '\u{7f}', '\u{80}', '\u{9f}'] {
            let refused = plain_text(&format!("a{control}b")).unwrap_err();
            assert_eq!(refused.to_string(), MSG_CONTROL_CHARACTERS);
        }
        assert!(plain_text("\u{a0}\u{200b}甲").is_ok(), "no-break and zero-width spaces are not controls");
    }
}
