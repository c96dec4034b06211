//! Request extractors that never answer outside the envelope.

use axum::extract::{FromRequest, FromRequestParts, Request};
use axum::http::request::Parts;
use axum::http::{Method, header};
use serde::de::DeserializeOwned;

use std::net::IpAddr;

use crate::envelope::ApiError;
use crate::state::AppState;

const MAX_FORM_BYTES: usize = 256 * 1024;

/// Request parameters from the query string and, for POSTs, the form-encoded body (body wins on
/// repeated keys because it comes last). Form structs use `Option<String>` fields so that a missing
/// or odd value reaches validation, which answers with the field's own Chinese message.
pub struct Params<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequest<S> for Params<T> {
    type Rejection = ApiError;

    async fn from_request(request: Request, state: &S) -> Result<Self, Self::Rejection> {
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
            let bytes = axum::body::Bytes::from_request(request, state)
                .await
                .map_err(|_| ApiError::refused("请求内容过大或无法读取"))?;
            if !bytes.is_empty() {
                if !content_type.is_empty() && !content_type.starts_with("application/x-www-form-urlencoded") {
                    return Err(ApiError::refused("请以表单格式提交 (application/x-www-form-urlencoded)"));
                }
                if bytes.len() > MAX_FORM_BYTES {
                    return Err(ApiError::refused("请求内容过大或无法读取"));
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

/// The caller's address, for the operation log and the rate limits: the peer, or, when the peer is one of the
/// configured `trusted_proxies`, the nearest address in `X-Forwarded-For` that is not a trusted proxy.
pub struct ClientIp(pub String);

impl FromRequestParts<AppState> for ClientIp {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        let peer = parts.extensions.get::<axum::extract::ConnectInfo<std::net::SocketAddr>>().map(|info| info.0.ip());
        let forwarded = parts.headers.get("x-forwarded-for").and_then(|value| value.to_str().ok());
        Ok(ClientIp(client_address(peer, forwarded, &state.config.trusted_proxies).map(|ip| ip.to_string()).unwrap_or_default()))
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
}
