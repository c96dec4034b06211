//! Response headers a bureau's security review asks for, on every reply the server gives: a Content Security
//! Policy built from the configured outside services (map tiles, geocoder, the local ID-card reader), no
//! framing, no referrer beyond this site, no content sniffing, and `no-store` on whatever did not set its own
//! caching (the API's replies carry personal data).

use std::sync::Arc;

use axum::http::{HeaderMap, HeaderName, HeaderValue, header};
use axum::response::{IntoResponse, Response};

use crate::config::SiteConfig;

/// The headers, built once at start.
pub fn security_headers(site: &SiteConfig) -> Arc<HeaderMap> {
    let mut headers = HeaderMap::new();
    let policy = content_security_policy(site);
    headers.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_str(&policy).unwrap_or_else(|_| HeaderValue::from_static("default-src 'self'")),
    );
    headers.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    headers.insert(header::REFERRER_POLICY, HeaderValue::from_static("same-origin"));
    headers.insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    headers.insert(
        HeaderName::from_static("permissions-policy"),
        HeaderValue::from_static("camera=(), microphone=(), geolocation=(self), payment=()"),
    );
    headers.insert(HeaderName::from_static("cross-origin-opener-policy"), HeaderValue::from_static("same-origin"));
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    Arc::new(headers)
}

/// Adds each header the reply does not already carry.
pub async fn add(headers: Arc<HeaderMap>, mut response: Response) -> Response {
    for (name, value) in headers.iter() {
        response.headers_mut().entry(name).or_insert_with(|| value.clone());
    }
    response
}

/// Scripts only from this server; styles also inline (antd writes its CSS at run time); images also as
/// data/blob URLs (the captcha, previews) and from the tile server; requests also to the ID-card reader and the
/// geocoder the site configures.
fn content_security_policy(site: &SiteConfig) -> String {
    let tiles = origin(&site.maptiles.replace("{s}", "*"));
    let outside_calls: Vec<String> =
        [&site.idreader, &site.geocoder].into_iter().filter_map(|url| origin(url)).collect();
    let mut images = "'self' data: blob:".to_owned();
    if let Some(tiles) = tiles {
        images.push(' ');
        images.push_str(&tiles);
    }
    let mut connect = "'self'".to_owned();
    for url in outside_calls {
        connect.push(' ');
        connect.push_str(&url);
    }
    format!(
        "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src {images}; font-src 'self' data:; \
         connect-src {connect}; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'"
    )
}

/// `scheme://host[:port]` of a URL, or None when it is empty or not http(s).
fn origin(url: &str) -> Option<String> {
    let (scheme, rest) = url.trim().split_once("://")?;
    if !matches!(scheme, "http" | "https") {
        return None;
    }
    let host = rest.split(['/', '?', '#']).next().filter(|host| !host.is_empty())?;
    if !host.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | ':' | '*' | '[' | ']')) {
        return None;
    }
    Some(format!("{scheme}://{host}"))
}

/// A file to save as `file_name` (UTF-8; `ascii_name` for a browser that reads only the plain parameter).
pub fn attachment(content_type: &'static str, ascii_name: &str, file_name: &str, bytes: Vec<u8>) -> Response {
    let encoded = percent_encoding::utf8_percent_encode(file_name, percent_encoding::NON_ALPHANUMERIC);
    let disposition = format!("attachment; filename=\"{ascii_name}\"; filename*=UTF-8''{encoded}");
    let disposition = HeaderValue::from_str(&disposition).unwrap_or(HeaderValue::from_static("attachment"));
    (
        [(header::CONTENT_TYPE, HeaderValue::from_static(content_type)), (header::CONTENT_DISPOSITION, disposition)],
        bytes,
    )
        .into_response()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_policy_names_the_configured_outside_services_and_nothing_else() {
        let site = SiteConfig {
            idreader: "http://127.0.0.1:18089/readcard".into(),
            maptiles: "https://{s}.tile.example.cn/{z}/{x}/{y}.png".into(),
            geocoder: "https://geo.example.cn/search?x=1".into(),
            ..SiteConfig::default()
        };
        let policy = content_security_policy(&site);
        assert!(policy.contains("connect-src 'self' http://127.0.0.1:18089 https://geo.example.cn;"), "{policy}");
        assert!(policy.contains("img-src 'self' data: blob: https://*.tile.example.cn;"), "{policy}");
        assert!(policy.contains("script-src 'self';"));
        assert!(policy.ends_with("frame-ancestors 'none'"));
        let site = SiteConfig {
            maptiles: String::new(),
            geocoder: "javascript:alert(1)".into(),
            idreader: "http://evil.cn; script-src *".into(),
            ..SiteConfig::default()
        };
        let policy = content_security_policy(&site);
        assert!(policy.contains("img-src 'self' data: blob:;"), "{policy}");
        assert!(policy.contains("connect-src 'self';"), "{policy}");
    }
}
