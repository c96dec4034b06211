//! How a call reaches a platform: the built-in sandbox (a project's endpoint left empty) or the platform's
//! HTTP interface (an `http://` endpoint; docs/platform.md on HTTPS). Behind a trait so that a test can put an
//! outage or a lost answer in between.

use std::future::Future;
use std::pin::Pin;
use std::time::Duration;

use http_body_util::{BodyExt, Full};
use hyper::body::Bytes;
use hyper_util::client::legacy::Client;
use hyper_util::rt::TokioExecutor;

use super::protocol::Reply;
use super::sandbox;
use crate::db::Db;

pub type BoxFuture<'a, T> = Pin<Box<dyn Future<Output = T> + Send + 'a>>;

pub trait PlatformGateway: Send + Sync {
    /// Posts one signed envelope to `endpoint` ('' the sandbox). `Err`: no answer came back; the caller
    /// sends the same envelope (same nonce) again later.
    fn call<'a>(&'a self, endpoint: &'a str, form: &'a [(String, String)]) -> BoxFuture<'a, anyhow::Result<Reply>>;
}

/// The gateway of a running server.
pub struct Platforms {
    pub db: Db,
}

/// Longest wait for a platform's answer.
const TIMEOUT: Duration = Duration::from_secs(20);

impl PlatformGateway for Platforms {
    fn call<'a>(&'a self, endpoint: &'a str, form: &'a [(String, String)]) -> BoxFuture<'a, anyhow::Result<Reply>> {
        Box::pin(async move {
            if endpoint.is_empty() {
                return Ok(sandbox::answer(&self.db, form).await?);
            }
            post(endpoint, form).await
        })
    }
}

async fn post(endpoint: &str, form: &[(String, String)]) -> anyhow::Result<Reply> {
    anyhow::ensure!(endpoint.starts_with("http://"), "only http:// endpoints are called directly (docs/platform.md)");
    let body = serde_urlencoded::to_string(form)?;
    let request = hyper::Request::post(endpoint)
        .header(hyper::header::CONTENT_TYPE, "application/x-www-form-urlencoded; charset=utf-8")
        .body(Full::new(Bytes::from(body)))?;
    let client = Client::builder(TokioExecutor::new()).build_http();
    let response = tokio::time::timeout(TIMEOUT, client.request(request)).await??;
    anyhow::ensure!(response.status().is_success(), "the platform answered HTTP {}", response.status());
    let bytes = tokio::time::timeout(TIMEOUT, response.into_body().collect()).await??.to_bytes();
    Ok(serde_json::from_slice(&bytes)?)
}
