//! E-contracts (电子合同, issue 16 item 4): the project's contract templates with their placeholders and
//! preview, a worker's contract generated from the roster and printed, and the signed scan uploaded back,
//! which marks the roster line's contract signed (`/builder/contract/v1/Contract/…`). Handlers here, rules
//! in `service.rs`, the placeholders and the default template in `template.rs`, SQL in `repo.rs`.

mod repo;
pub mod service;
pub mod template;

use axum::extract::State;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::envelope::{ApiResult, Envelope, ok, ok_with};
use crate::extract::{ClientIp, Params};
use crate::identity::sessions::CurrentAccount;
use crate::paging::Paged;
use crate::state::AppState;
use service::{
    ContractIdQuery, ContractLine, ContractQuery, ContractView, GenerateForm, PlaceholderLine, Preview, PreviewForm,
    SignForm, TemplateForm, TemplateIdForm, TemplateLine, TemplateQuery, TemplateSaved,
};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(contract_placeholders))
        .routes(routes!(contract_templates))
        .routes(routes!(contract_template_save))
        .routes(routes!(contract_template_delete))
        .routes(routes!(contract_preview))
        .routes(routes!(contract_generate))
        .routes(routes!(contract_list))
        .routes(routes!(contract_detail))
        .routes(routes!(contract_sign))
}

/// The placeholders a template may use, each with what it stands for.
#[utoipa::path(get, path = "/builder/contract/v1/Contract/placeholders", tag = "contract",
    params(("X-Token" = String, Header, description = "session token")),
    responses((status = 200, body = Envelope<Vec<PlaceholderLine>>)))]
async fn contract_placeholders(current: CurrentAccount) -> ApiResult<Vec<PlaceholderLine>> {
    Ok(ok(service::placeholders(&current)?))
}

/// The templates the project may use: the built-in 建筑施工劳动合同 first, then its own, newest first;
/// filtered by `name`, paged. The regulator names the project (`projectId`, its district's).
#[utoipa::path(get, path = "/builder/contract/v1/Contract/template_list", tag = "contract",
    params(("X-Token" = String, Header, description = "session token"), TemplateQuery),
    responses((status = 200, body = Envelope<Paged<TemplateLine>>)))]
async fn contract_templates(
    State(state): State<AppState>,
    current: CurrentAccount,
    Params(query): Params<TemplateQuery>,
) -> ApiResult<Paged<TemplateLine>> {
    Ok(ok(service::templates(&state.db, &current, &query).await?))
}

/// Saves a template of the project (new, or the next version of one of its own); unknown placeholders are
/// refused. Project accounts only; logged.
#[utoipa::path(post, path = "/builder/contract/v1/Contract/template_save", tag = "contract",
    params(("X-Token" = String, Header, description = "session token")),
    request_body(content = TemplateForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Envelope<TemplateSaved>)))]
async fn contract_template_save(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    current: CurrentAccount,
    Params(form): Params<TemplateForm>,
) -> ApiResult<TemplateSaved> {
    Ok(ok_with(service::save_template(&state.db, &current, &ip, &form).await?, "保存成功"))
}

/// Deletes one of the project's own templates (the built-in one stays). Logged.
#[utoipa::path(post, path = "/builder/contract/v1/Contract/template_delete", tag = "contract",
    params(("X-Token" = String, Header, description = "session token")),
    request_body(content = TemplateIdForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Envelope<serde_json::Value>)))]
async fn contract_template_delete(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    current: CurrentAccount,
    Params(form): Params<TemplateIdForm>,
) -> ApiResult<serde_json::Value> {
    service::delete_template(&state.db, &current, &ip, &form).await?;
    Ok(ok_with(serde_json::Value::Null, "删除成功"))
}

/// A body filled with a sample worker's values, after the same checks as a save.
#[utoipa::path(post, path = "/builder/contract/v1/Contract/preview", tag = "contract",
    params(("X-Token" = String, Header, description = "session token")),
    request_body(content = PreviewForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Envelope<Preview>)))]
async fn contract_preview(
    State(state): State<AppState>,
    current: CurrentAccount,
    Params(form): Params<PreviewForm>,
) -> ApiResult<Preview> {
    Ok(ok(service::preview(&current, &state.config, &form)?))
}

/// Generates a roster line's contract from a template, stored as printed. Project accounts only; logged.
#[utoipa::path(post, path = "/builder/contract/v1/Contract/generate", tag = "contract",
    params(("X-Token" = String, Header, description = "session token")),
    request_body(content = GenerateForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Envelope<ContractView>)))]
async fn contract_generate(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    current: CurrentAccount,
    Params(form): Params<GenerateForm>,
) -> ApiResult<ContractView> {
    Ok(ok_with(service::generate(&state.db, &state.config, &current, &ip, &form).await?, "合同已生成"))
}

/// The project's generated contracts (of one roster line with `employmentId`), newest first, with their
/// signed scans; filtered by worker `name` and `status`, paged.
#[utoipa::path(get, path = "/builder/contract/v1/Contract/ajax_list", tag = "contract",
    params(("X-Token" = String, Header, description = "session token"), ContractQuery),
    responses((status = 200, body = Envelope<Paged<ContractLine>>)))]
async fn contract_list(
    State(state): State<AppState>,
    current: CurrentAccount,
    Params(query): Params<ContractQuery>,
) -> ApiResult<Paged<ContractLine>> {
    Ok(ok(service::list(&state.db, &current, &query).await?))
}

/// One contract with its text as printed, its values and its signed scan.
#[utoipa::path(get, path = "/builder/contract/v1/Contract/detail", tag = "contract",
    params(("X-Token" = String, Header, description = "session token"), ContractIdQuery),
    responses((status = 200, body = Envelope<ContractView>)))]
async fn contract_detail(
    State(state): State<AppState>,
    current: CurrentAccount,
    Params(query): Params<ContractIdQuery>,
) -> ApiResult<ContractView> {
    Ok(ok(service::detail(&state.db, &current, &query).await?))
}

/// Uploads the signed scan back (files uploaded with `kind=attachment`): the contract becomes 已签 and the
/// roster shows the worker's contract signed. Project accounts only; logged.
#[utoipa::path(post, path = "/builder/contract/v1/Contract/sign", tag = "contract",
    params(("X-Token" = String, Header, description = "session token")),
    request_body(content = SignForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Envelope<ContractView>)))]
async fn contract_sign(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    current: CurrentAccount,
    Params(form): Params<SignForm>,
) -> ApiResult<ContractView> {
    let signed = service::sign(&state.db, &current, &ip, &form).await?;
    // The roster's totals by 已签 / 未签 changed.
    state.roster_counts.clear();
    Ok(ok_with(signed, "已上传，合同已签"))
}
