//! The special wage account (专户) of a project: verification with the bank (spec §4 "Account verification
//! responses", §5 "Bank account", §7 `Site/ajaxverifybank` and `SpecialAccount/ajax_verify_bank`), and
//! wizard step 4 (`Site/AccountEdit`, `SpecialAccount/specialAccountInfoSave`) with the submit for audit
//! (`Site/ajaxSubmit`). Rules in `special.rs` and `verify.rs`, SQL in `repo.rs`.

pub mod demo;
pub mod flows;
mod model;
mod repo;
pub mod service;
pub mod special;
pub mod verify;

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use axum::extract::State;

use crate::envelope::{ApiResult, Envelope, ok, ok_with};
use crate::extract::{ClientIp, Params};
use crate::identity::sessions::CurrentAccount;
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(site_verify_bank))
        .routes(routes!(special_account_verify_bank))
        .routes(routes!(account_edit))
        .routes(routes!(special_account_save))
        .routes(routes!(site_submit))
}

/// Wizard step 4: the session project's special account (accountForm), the bank tree (banks with their
/// branches), the account-holder types and the `agreementfour` notice. Builder accounts only (403 otherwise).
#[utoipa::path(get, path = "/builder/common/v1/Site/AccountEdit", tag = "account",
    params(("X-Token" = String, Header, description = "session token")),
    responses((status = 200, body = Envelope<special::AccountEditData>)))]
async fn account_edit(State(state): State<AppState>, current: CurrentAccount) -> ApiResult<special::AccountEditData> {
    Ok(ok(special::load(&state.db, &current).await?))
}

/// Wizard step 4 save. `banktype` 1 (opened): the account must have been verified with `ajaxverifybank`
/// (401 `请先验证专户`; a 301 verification needs `confirmed=1`), attachments must be the project's own
/// uploads. `banktype` 2 (not opened): bank, optional contact, appointment date. Stores the account, moves
/// the wizard to step 5, logs; 201 `操作成功!`. 401 with the field's message, nothing stored; 403 unless a
/// builder whose project is a draft or rejected.
#[utoipa::path(post, path = "/builder/infomation/v1/SpecialAccount/specialAccountInfoSave", tag = "account",
    params(("X-Token" = String, Header, description = "session token")),
    request_body(content = special::AccountSaveForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Envelope<Option<String>>)))]
async fn special_account_save(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    current: CurrentAccount,
    Params(form): Params<special::AccountSaveForm>,
) -> ApiResult<Option<String>> {
    special::save(&state.db, &current, &ip, &form).await?;
    Ok(ok(None))
}

/// Submits the project for audit (status '1'): 401 naming the first wizard step not saved; 403 unless a
/// builder whose project is a draft or rejected; 201 `成功提交审核`.
#[utoipa::path(get, path = "/builder/common/v1/Site/ajaxSubmit", tag = "account",
    params(("X-Token" = String, Header, description = "session token")),
    responses((status = 200, body = Envelope<Option<String>>)))]
async fn site_submit(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    current: CurrentAccount,
) -> ApiResult<Option<String>> {
    special::submit(&state.db, &current, &ip).await?;
    Ok(ok_with(None, special::MSG_SUBMITTED_OK))
}

/// The account form's fields the verification reads (accountForm, opened).
#[derive(Deserialize, ToSchema, Default)]
pub struct VerifyBankForm {
    /// The account number: 1–9, then up to 49 digits or hyphens.
    #[serde(rename = "BankAccount")]
    pub bank_account: Option<String>,
    /// The account holder's name, 3–100 non-space chars.
    #[serde(rename = "AccountName")]
    pub account_name: Option<String>,
    /// The bank's code (first level of the bank tree). Optional when `bankSelected` carries it.
    #[serde(rename = "BankType")]
    pub bank_type: Option<String>,
    /// The opening branch's code (second level of the bank tree); required unless `bankSelected` has it.
    #[serde(rename = "BankPoint")]
    pub bank_point: Option<String>,
    /// The cascader's value, comma-joined: `bank,branch`. `BankType` / `BankPoint` win when both are sent.
    #[serde(rename = "bankSelected")]
    pub bank_selected: Option<String>,
    /// The opening entity's type (optional here; checked on save).
    #[serde(rename = "OpenCompanyType")]
    pub open_company_type: Option<String>,
    /// The opening entity's name: when sent, 1–50 non-space chars.
    #[serde(rename = "OpenCompanyName")]
    pub open_company_name: Option<String>,
    /// The opening entity's unified social credit code: when sent, 18 chars with a valid check char.
    #[serde(rename = "SocialCreditCode")]
    pub social_credit_code: Option<String>,
}

/// A verified account, as the console shows it.
#[derive(Serialize, ToSchema, Debug)]
pub struct VerifiedAccount {
    /// The account's open date, `YYYY-MM-DD`.
    pub opentime: String,
    /// The bank's name.
    pub bank: String,
    /// The opening branch's name.
    pub branch: String,
}

async fn answer(
    state: AppState,
    current: CurrentAccount,
    ip: String,
    form: VerifyBankForm,
) -> ApiResult<VerifiedAccount> {
    let verified = verify::verify(&state, &current, &ip, form).await?;
    Ok(ok_with(verified, verify::MSG_VERIFIED))
}

/// Verifies the special account with the bank (registration wizard, step 4). 201 `专户验证成功!` with the
/// open date, bank and branch; 401 with the bank's reason; 301 with a warning the user may confirm (then
/// submit anyway); 403 unless the project is a draft or rejected; every verification is in the operation log.
#[utoipa::path(post, path = "/builder/common/v1/Site/ajaxverifybank", tag = "account",
    request_body(content = VerifyBankForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Envelope<VerifiedAccount>)))]
async fn site_verify_bank(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    current: CurrentAccount,
    Params(form): Params<VerifyBankForm>,
) -> ApiResult<VerifiedAccount> {
    answer(state, current, ip, form).await
}

/// The same verification from the special-account information page (the spec's spelling `infomation`).
#[utoipa::path(post, path = "/builder/infomation/v1/SpecialAccount/ajax_verify_bank", tag = "account",
    request_body(content = VerifyBankForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Envelope<VerifiedAccount>)))]
async fn special_account_verify_bank(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    current: CurrentAccount,
    Params(form): Params<VerifyBankForm>,
) -> ApiResult<VerifiedAccount> {
    answer(state, current, ip, form).await
}
