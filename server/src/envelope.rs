//! The reply envelope `{code, message, data}` (always HTTP 200) and the one error type every handler uses.

use axum::Json;
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use utoipa::ToSchema;
use utoipa::openapi::content::ContentBuilder;
use utoipa::openapi::path::ParameterIn;
use utoipa::openapi::schema::{KnownFormat, ObjectBuilder, OneOfBuilder, Ref, Schema, SchemaFormat, Type};
use utoipa::openapi::{OpenApi, RefOr};

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

/// Makes the OpenAPI document describe every reply the server gives: a success envelope carries code 201,
/// and every operation may instead answer a refusal envelope (code 101/301/401/403/404, `data: null`),
/// also where a good request downloads a file. `{side}` path segments are `builder` or `finance` (any other
/// answers 404 in the envelope).
pub fn describe_refusals(mut document: OpenApi) -> OpenApi {
    let code = |codes: &[i32], description: &str| {
        ObjectBuilder::new()
            .schema_type(Type::Integer)
            .format(Some(SchemaFormat::KnownFormat(KnownFormat::Int32)))
            .enum_values(Some(codes.iter().copied()))
            .description(Some(description))
    };
    let refusal = ObjectBuilder::new()
        .description(Some("Any request may be answered so (HTTP 200); the message is shown to the user as it is."))
        .property(
            "code",
            code(
                &[NOT_LOGGED_IN, NEEDS_CONFIRMATION, REFUSED, FORBIDDEN, NOT_FOUND],
                "101 not logged in, 301 needs confirmation, 401 refused, 403 forbidden, 404 not found",
            ),
        )
        .property("message", ObjectBuilder::new().schema_type(Type::String))
        .property("data", ObjectBuilder::new().schema_type(Type::Null))
        .required("code")
        .required("message")
        .required("data");
    let components = document.components.get_or_insert_with(Default::default);
    for (name, schema) in components.schemas.iter_mut() {
        if let (true, RefOr::T(Schema::Object(envelope))) = (name.starts_with("Envelope"), schema) {
            envelope.properties.insert("code".to_owned(), code(&[SUCCESS], "201 success").into());
        }
    }
    components.schemas.insert("Refusal".to_owned(), refusal.into());
    let refusal_ref = || RefOr::Ref(Ref::from_schema_name("Refusal"));
    for item in document.paths.paths.values_mut() {
        let operations = [&mut item.get, &mut item.post, &mut item.put, &mut item.delete, &mut item.patch];
        for operation in operations.into_iter().flatten() {
            // File downloads once documented their refusals as a 201 response; the reply is HTTP 200.
            operation.responses.responses.remove("201");
            let reply =
                operation.responses.responses.entry("200".to_owned()).or_insert_with(|| RefOr::T(Default::default()));
            if let RefOr::T(reply) = reply {
                match reply.content.get_mut("application/json") {
                    Some(RefOr::T(json)) => {
                        let success = json.schema.take().into_iter().fold(OneOfBuilder::new(), OneOfBuilder::item);
                        json.schema = Some(success.item(refusal_ref()).into());
                    }
                    Some(RefOr::Ref(_)) => {}
                    None => {
                        reply.content.insert(
                            "application/json".to_owned(),
                            RefOr::T(ContentBuilder::new().schema(Some(refusal_ref())).build()),
                        );
                    }
                }
            }
            for parameter in operation.parameters.iter_mut().flatten() {
                if let RefOr::T(parameter) = parameter
                    && parameter.parameter_in == ParameterIn::Path
                    && parameter.name == "side"
                {
                    parameter.schema = Some(
                        ObjectBuilder::new().schema_type(Type::String).enum_values(Some(["builder", "finance"])).into(),
                    );
                }
            }
        }
    }
    document
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
