//! Payment vouchers (issue 5 item 9): affix (months × units with their proofs) and affixDetail/{belongdate}/
//! {companyid} (list, file, delete) under `/builder/affix/v1/Affix/<action>`. The files themselves go through
//! `site/upload_file_batch?kind=voucher` (spec §5 voucher rules). Handlers here, rules in `service.rs`, SQL in
//! `repo.rs`.

mod repo;
pub mod service;

use axum::extract::State;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::envelope::{ApiResult, Envelope, ok, ok_with};
use crate::extract::{ClientIp, Params};
use crate::identity::sessions::CurrentAccount;
use crate::paging::Paged;
use crate::state::AppState;
use service::{AffixDeleteForm, AffixDetail, AffixDetailQuery, AffixListQuery, AffixMonthLine, AffixSaveForm};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(list)).routes(routes!(detail)).routes(routes!(save)).routes(routes!(delete))
}

/// The affix list: the `year`'s months that are over (newest first) × the project's units from the month each entered
/// (`companyid` narrows to one), each with its bank receipts, signed wage sheets and other proofs and whether
/// the required two are there. Paged on the server. Builder: its own project; regulator: `projectId`;
/// finance → 403.
#[utoipa::path(get, path = "/builder/affix/v1/Affix/list", tag = "affix",
    params(("X-Token" = String, Header, description = "session token"), AffixListQuery),
    responses((status = 200, body = Envelope<Paged<AffixMonthLine>>)))]
async fn list(
    State(state): State<AppState>,
    current: CurrentAccount,
    Params(query): Params<AffixListQuery>,
) -> ApiResult<Paged<AffixMonthLine>> {
    Ok(ok(service::months(&state.db, &current, &query).await?))
}

/// affixDetail/{belongdate}/{companyid}: the month's vouchers of the unit, the categories, completeness.
/// Another project's unit → 404.
#[utoipa::path(get, path = "/builder/affix/v1/Affix/detail", tag = "affix",
    params(("X-Token" = String, Header, description = "session token"), AffixDetailQuery),
    responses((status = 200, body = Envelope<AffixDetail>)))]
async fn detail(
    State(state): State<AppState>,
    current: CurrentAccount,
    Params(query): Params<AffixDetailQuery>,
) -> ApiResult<AffixDetail> {
    Ok(ok(service::detail(&state.db, &current, &query).await?))
}

/// Files uploads (kind voucher, this project's) as vouchers of a month (over, not before the unit entered), a unit and a
/// category; at most 5 per category (401 `当前限制选择5个文件`). Answers the new ids. Logged. Builder only.
#[utoipa::path(post, path = "/builder/affix/v1/Affix/save", tag = "affix",
    params(("X-Token" = String, Header, description = "session token")),
    request_body(content = AffixSaveForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Envelope<Vec<i64>>)))]
async fn save(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    current: CurrentAccount,
    Params(form): Params<AffixSaveForm>,
) -> ApiResult<Vec<i64>> {
    Ok(ok_with(service::save(&state.db, &current, &ip, &form).await?, "上传成功"))
}

/// Deletes a voucher of the builder's project. Logged. Another project's voucher → 404.
#[utoipa::path(post, path = "/builder/affix/v1/Affix/delete", tag = "affix",
    params(("X-Token" = String, Header, description = "session token")),
    request_body(content = AffixDeleteForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Envelope<Option<String>>)))]
async fn delete(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    current: CurrentAccount,
    Params(form): Params<AffixDeleteForm>,
) -> ApiResult<Option<String>> {
    service::delete(&state.db, &current, &ip, &form).await?;
    Ok(ok_with(None, "删除成功"))
}
