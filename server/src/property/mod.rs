//! Finance approver accounts (system/propertyRole, issue 5 item 5) under the spec's builder project calls
//! `/builder/project/v1/project/<action>` and `/builder/project/v1/Project/getpwd`, and the approver's
//! personal centre (finance `/personalCenter/index`) under `/finance/project/v1/project/<action>` and
//! `/finance/project/v1/orders/{Verifyphonenumber,Veritestalter}`. The meaning given to each call is in
//! docs/decisions.md "Finance approver accounts". Handlers here, rules in `service.rs`, SQL in `repo.rs`.

mod correction;
mod history;
mod repo;
pub mod service;

use axum::extract::State;
use serde::Deserialize;
use utoipa::IntoParams;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::envelope::{ApiResult, Envelope, ok, ok_with};
use crate::extract::{ClientIp, Params, QueryParams};
use crate::identity::sessions::CurrentAccount;
use crate::paging::Paged;
use crate::state::AppState;
use service::{
    FinanceNameForm, FinanceProfile, PropertyApproverDetail, PropertyApproverLine, PropertyCard, PropertyCardForm,
    PropertyIdCheckForm, PropertyIdFacts, PropertyIdQuery, PropertyInitialPassword, PropertyListQuery,
    PropertyOpenForm, PropertyPasswordRule, PropertyPhoneForm, PropertyProject, PropertySetForm,
};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(project_name))
        .routes(routes!(examine))
        .routes(routes!(approver_log))
        .routes(routes!(correct_id_number))
        .routes(routes!(information))
        .routes(routes!(set_account))
        .routes(routes!(open))
        .routes(routes!(reset_password))
        .routes(routes!(veritest))
        .routes(routes!(verification))
        .routes(routes!(builder_idcardreader))
        .routes(routes!(builder_verify_phone_number))
        .routes(routes!(builder_veritestalter))
        .routes(routes!(getpwd))
        .routes(routes!(messageinfo))
        .routes(routes!(inforalter))
        .routes(routes!(finance_idcardreader))
        .routes(routes!(finance_verify_phone_number))
        .routes(routes!(finance_veritestalter))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct PropertyProjectQuery {
    /// The regulator's project (a builder's own is implied; another id → 404).
    #[serde(rename = "projectId")]
    #[param(rename = "projectId")]
    project_id: Option<String>,
}

/// The project's name, property status and number of approvers, shown above the propertyRole list.
/// Builder: its own project; regulator: `projectId`; finance → 403.
#[utoipa::path(method(get, post), path = "/builder/project/v1/project/Projectname", tag = "property",
    params(("X-Token" = String, Header, description = "session token"), PropertyProjectQuery),
    responses((status = 200, body = Envelope<PropertyProject>)))]
async fn project_name(
    State(state): State<AppState>,
    current: CurrentAccount,
    Params(query): Params<PropertyProjectQuery>,
) -> ApiResult<PropertyProject> {
    Ok(ok(service::project_name(&state, &current, &query.project_id).await?))
}

/// The project's finance approvers (the propertyRole list): `keyword` (name, account or phone contains),
/// server paging `{list, total, page, limit}`, newest first, ID numbers masked. Builder: its own project;
/// regulator: `projectId`; finance → 403.
#[utoipa::path(method(get, post), path = "/builder/project/v1/project/Examine", tag = "property",
    params(("X-Token" = String, Header, description = "session token"), PropertyListQuery),
    responses((status = 200, body = Envelope<Paged<PropertyApproverLine>>)))]
async fn examine(
    State(state): State<AppState>,
    current: CurrentAccount,
    Params(query): Params<PropertyListQuery>,
) -> ApiResult<Paged<PropertyApproverLine>> {
    Ok(ok(service::list(&state, &current, &query).await?))
}

/// Who configured the project's approvers (配置记录): every change to its finance accounts, newest first, with
/// the account that made it, when and from which address. Builder: its own project; regulator: `projectId`;
/// finance → 403.
#[utoipa::path(get, path = "/builder/project/v1/project/Approverlog", tag = "property",
    params(("X-Token" = String, Header, description = "session token"), history::ApproverLogQuery),
    responses((status = 200, body = Envelope<Paged<history::ApproverLogLine>>)))]
async fn approver_log(
    State(state): State<AppState>,
    current: CurrentAccount,
    QueryParams(query): QueryParams<history::ApproverLogQuery>,
) -> ApiResult<Paged<history::ApproverLogLine>> {
    Ok(ok(history::history(&state.db, &current, &query).await?))
}

/// The bureau corrects an approver's ID number (`id`, `idnumber`, a `reason` up to 200 characters): a
/// regulator (审核 or 管理员) of the project's district only; the approver enters it himself otherwise. Logged
/// in the approver's configuration history.
#[utoipa::path(post, path = "/builder/project/v1/project/Correctidnumber", tag = "property",
    params(("X-Token" = String, Header, description = "session token")),
    request_body(content = correction::IdCorrectionForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Envelope<Option<String>>)))]
async fn correct_id_number(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    current: CurrentAccount,
    Params(form): Params<correction::IdCorrectionForm>,
) -> ApiResult<Option<String>> {
    correction::correct(&state.db, &current, &ip, &form).await?;
    Ok(ok_with(None, "身份证号码已更正"))
}

/// One approver for the edit form (ID number masked 6 + 4). Another project's approver → 404.
#[utoipa::path(method(get, post), path = "/builder/project/v1/project/Information", tag = "property",
    params(("X-Token" = String, Header, description = "session token"), PropertyIdQuery),
    responses((status = 200, body = Envelope<PropertyApproverDetail>)))]
async fn information(
    State(state): State<AppState>,
    current: CurrentAccount,
    Params(query): Params<PropertyIdQuery>,
) -> ApiResult<PropertyApproverDetail> {
    Ok(ok(service::detail(&state, &current, &query.id).await?))
}

/// Without `id`, creates an approver: login `account` (4–20 letters, digits or underscores; unique), `name`,
/// mobile `phone` (nobody else's). The account starts on a random initial password sent by SMS to that phone
/// (never answered, never stored in clear), with `isupdate` 0, so the finance shell forces a change and the
/// entry of the approver's own ID number at the first login; answers the masked phone. With `id`, edits the
/// name. An `idnumber` is refused (the approver enters it). Logged. Builder only (regulator, finance → 403);
/// another project's `id` → 404.
#[utoipa::path(post, path = "/builder/project/v1/project/Set_account", tag = "property",
    params(("X-Token" = String, Header, description = "session token")),
    request_body(content = PropertySetForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Envelope<Option<PropertyInitialPassword>>)))]
async fn set_account(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    current: CurrentAccount,
    Params(form): Params<PropertySetForm>,
) -> ApiResult<Option<PropertyInitialPassword>> {
    Ok(ok(service::set_account(&state, &current, &ip, &form).await?))
}

/// Enables (`status=1`) or disables (`status=0`) an approver; disabling ends its sessions at once. Logged.
#[utoipa::path(post, path = "/builder/project/v1/project/Open", tag = "property",
    params(("X-Token" = String, Header, description = "session token")),
    request_body(content = PropertyOpenForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Envelope<Option<String>>)))]
async fn open(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    current: CurrentAccount,
    Params(form): Params<PropertyOpenForm>,
) -> ApiResult<Option<String>> {
    service::open(&state, &current, &ip, &form).await?;
    Ok(ok(None))
}

/// A new initial password for approver `id`, sent by SMS to the approver's own phone (answers the masked
/// phone); the lock-out is cleared, every session ends and the next login forces a change. Logged.
#[utoipa::path(post, path = "/builder/project/v1/project/Resetpassword", tag = "property",
    params(("X-Token" = String, Header, description = "session token")),
    request_body(content = PropertyIdQuery, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Envelope<PropertyInitialPassword>)))]
async fn reset_password(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    current: CurrentAccount,
    Params(form): Params<PropertyIdQuery>,
) -> ApiResult<PropertyInitialPassword> {
    Ok(ok_with(service::reset_password(&state, &current, &ip, &form.id).await?, "密码已重置"))
}

/// Checks a `phone` before it is given to an approver (`id` when editing): a mobile number, not the current
/// one, nobody else's. 201 when usable, else 401 with the reason.
#[utoipa::path(post, path = "/builder/project/v1/project/Veritest", tag = "property",
    params(("X-Token" = String, Header, description = "session token")),
    request_body(content = PropertyPhoneForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Envelope<Option<String>>)))]
async fn veritest(
    State(state): State<AppState>,
    current: CurrentAccount,
    Params(form): Params<PropertyPhoneForm>,
) -> ApiResult<Option<String>> {
    service::check_phone(&state, &current, &form).await?;
    Ok(ok_with(None, "手机号可以使用"))
}

/// Refused (403): the approver enters the ID number, and a check here would tell the clerk whether a guessed
/// number is an approver's.
#[utoipa::path(post, path = "/builder/project/v1/project/Verification", tag = "property",
    params(("X-Token" = String, Header, description = "session token")),
    request_body(content = PropertyIdCheckForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Envelope<PropertyIdFacts>)))]
async fn verification(
    current: CurrentAccount,
    Params(_form): Params<PropertyIdCheckForm>,
) -> ApiResult<PropertyIdFacts> {
    Err(service::check_id_number(&current))
}

/// The card the browser read from the site ID reader (the site configuration's `idreader`): `name` and
/// `idNumber` checked and answered with gender and birthday, to fill the approver form. Builder only.
#[utoipa::path(post, path = "/builder/project/v1/project/Idcardreader", tag = "property",
    params(("X-Token" = String, Header, description = "session token")),
    request_body(content = PropertyCardForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Envelope<PropertyCard>)))]
async fn builder_idcardreader(
    current: CurrentAccount,
    Params(form): Params<PropertyCardForm>,
) -> ApiResult<PropertyCard> {
    Ok(ok(service::builder_card(&current, &form)?))
}

/// Refused (403): only the approver changes the own phone (finance `orders/Verifyphonenumber`); whoever could
/// point it at a number of his own could reset the password to it.
#[utoipa::path(post, path = "/builder/project/v1/project/Verifyphonenumber", tag = "property",
    params(("X-Token" = String, Header, description = "session token")),
    request_body(content = PropertyPhoneForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Envelope<Option<String>>)))]
async fn builder_verify_phone_number(
    current: CurrentAccount,
    Params(_form): Params<PropertyPhoneForm>,
) -> ApiResult<Option<String>> {
    service::builder_send_phone_code(&current)?;
    Ok(ok_with(None, service::MSG_CODE_SENT))
}

/// Refused (403), as `Verifyphonenumber`.
#[utoipa::path(post, path = "/builder/project/v1/project/Veritestalter", tag = "property",
    params(("X-Token" = String, Header, description = "session token")),
    request_body(content = PropertyPhoneForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Envelope<Option<String>>)))]
async fn builder_veritestalter(
    current: CurrentAccount,
    Params(_form): Params<PropertyPhoneForm>,
) -> ApiResult<Option<String>> {
    service::builder_change_phone(&current)?;
    Ok(ok_with(None, service::MSG_PHONE_CHANGED))
}

/// The rule an approver's password follows and how the initial password is handed out. Any logged-in
/// enterprise account.
#[utoipa::path(method(get, post), path = "/builder/project/v1/Project/getpwd", tag = "property",
    params(("X-Token" = String, Header, description = "session token")),
    responses((status = 200, body = Envelope<PropertyPasswordRule>)))]
async fn getpwd(State(state): State<AppState>, current: CurrentAccount) -> ApiResult<PropertyPasswordRule> {
    crate::auth::service::require_side(crate::identity::accounts::Side::Builder, &current)?;
    Ok(ok(service::password_rule(&state)))
}

/// The finance approver's own profile (personal centre): account, name, phone, masked ID number, project.
/// Finance accounts only (403 otherwise).
#[utoipa::path(method(get, post), path = "/finance/project/v1/project/Messageinfo", tag = "property",
    params(("X-Token" = String, Header, description = "session token")),
    responses((status = 200, body = Envelope<FinanceProfile>)))]
async fn messageinfo(State(state): State<AppState>, current: CurrentAccount) -> ApiResult<FinanceProfile> {
    Ok(ok(service::profile(&state, &current).await?))
}

/// The finance approver changes the name (2–20 Chinese chars or 1–50 letters). Logged.
#[utoipa::path(post, path = "/finance/project/v1/project/Inforalter", tag = "property",
    params(("X-Token" = String, Header, description = "session token")),
    request_body(content = FinanceNameForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Envelope<Option<String>>)))]
async fn inforalter(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    current: CurrentAccount,
    Params(form): Params<FinanceNameForm>,
) -> ApiResult<Option<String>> {
    service::change_name(&state, &current, &ip, &form).await?;
    Ok(ok_with(None, "修改成功"))
}

/// The card on the site ID reader (read by the browser) must be the approver's own: name and ID number as
/// registered → 201 `身份证核验通过`, else 401 `身份证与本人登记信息不一致`. Logged.
#[utoipa::path(post, path = "/finance/project/v1/project/Idcardreader", tag = "property",
    params(("X-Token" = String, Header, description = "session token")),
    request_body(content = PropertyCardForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Envelope<PropertyCard>)))]
async fn finance_idcardreader(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    current: CurrentAccount,
    Params(form): Params<PropertyCardForm>,
) -> ApiResult<PropertyCard> {
    Ok(ok_with(service::own_card(&state, &current, &ip, &form).await?, service::MSG_CARD_OK))
}

/// The finance approver's phone change, step 1: a six-digit code to the new `phone`.
#[utoipa::path(post, path = "/finance/project/v1/orders/Verifyphonenumber", tag = "property",
    params(("X-Token" = String, Header, description = "session token")),
    request_body(content = PropertyPhoneForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Envelope<Option<String>>)))]
async fn finance_verify_phone_number(
    State(state): State<AppState>,
    current: CurrentAccount,
    Params(form): Params<PropertyPhoneForm>,
) -> ApiResult<Option<String>> {
    service::finance_send_phone_code(&state, &current, &form).await?;
    Ok(ok_with(None, service::MSG_CODE_SENT))
}

/// The finance approver's phone change, step 2: the new `phone` and the `code` sent to it. Logged.
#[utoipa::path(post, path = "/finance/project/v1/orders/Veritestalter", tag = "property",
    params(("X-Token" = String, Header, description = "session token")),
    request_body(content = PropertyPhoneForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Envelope<Option<String>>)))]
async fn finance_veritestalter(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    current: CurrentAccount,
    Params(form): Params<PropertyPhoneForm>,
) -> ApiResult<Option<String>> {
    service::finance_change_phone(&state, &current, &ip, &form).await?;
    Ok(ok_with(None, service::MSG_PHONE_CHANGED))
}
