//! The reply envelope `{code, message, data}` (always HTTP 200) and the one error type every handler uses.

use axum::Json;
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use utoipa::ToSchema;

pub const SUCCESS: i32 = 201;
pub const NOT_LOGGED_IN: i32 = 101;
pub const REFUSED: i32 = 401;
pub const NEEDS_CONFIRMATION: i32 = 301;
pub const FORBIDDEN: i32 = 403;
pub const NOT_FOUND: i32 = 404;
pub const INTERNAL: i32 = 500;

pub const MSG_SESSION_EXPIRED: &str = "登录已过期请重新登录";
pub const MSG_INTERNAL: &str = "系统繁忙，请稍后再试";

/// Every reply of the API.
#[derive(Debug, Serialize, ToSchema)]
pub struct Envelope<T> {
    /// 201 success, 101 not logged in, 401 refused, 301 confirm, 403 forbidden, 404 not found.
    pub code: i32,
    pub message: String,
    pub data: T,
}

impl<T: Serialize> IntoResponse for Envelope<T> {
    fn into_response(self) -> Response {
        Json(self).into_response()
    }
}

/// A successful reply with the default message.
pub fn ok<T: Serialize>(data: T) -> Envelope<T> {
    ok_with(data, "操作成功!")
}

pub fn ok_with<T: Serialize>(data: T, message: &str) -> Envelope<T> {
    Envelope { code: SUCCESS, message: message.to_owned(), data }
}

/// Why a request did not succeed. Its message is shown to the user as it is, so it is Chinese and safe;
/// internal errors are logged and answered with a generic message.
#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    #[error("{0}")]
    Refused(String),
    #[error("{0}")]
    NeedsConfirmation(String),
    #[error("登录已过期请重新登录")]
    NotLoggedIn,
    #[error("{0}")]
    Forbidden(String),
    #[error("{0}")]
    NotFound(String),
    #[error(transparent)]
    Internal(#[from] anyhow::Error),
}

pub type ApiResult<T> = Result<Envelope<T>, ApiError>;

impl ApiError {
    pub fn refused(message: impl Into<String>) -> ApiError {
        ApiError::Refused(message.into())
    }

    pub fn code(&self) -> i32 {
        match self {
            ApiError::Refused(_) => REFUSED,
            ApiError::NeedsConfirmation(_) => NEEDS_CONFIRMATION,
            ApiError::NotLoggedIn => NOT_LOGGED_IN,
            ApiError::Forbidden(_) => FORBIDDEN,
            ApiError::NotFound(_) => NOT_FOUND,
            ApiError::Internal(_) => INTERNAL,
        }
    }
}

impl From<sqlx::Error> for ApiError {
    fn from(error: sqlx::Error) -> ApiError {
        ApiError::Internal(error.into())
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let message = match &self {
            ApiError::Internal(error) => {
                tracing::error!(error = ?error, "request failed");
                MSG_INTERNAL.to_owned()
            }
            other => other.to_string(),
        };
        Envelope { code: self.code(), message, data: serde_json::Value::Null }.into_response()
    }
}
