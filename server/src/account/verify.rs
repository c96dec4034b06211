//! Who may verify, what is checked before the bank is asked, and how the bank's answer becomes a reply.

use super::{VerifiedAccount, VerifyBankForm, repo};
use crate::bank::{AccountQuery, Verification};
use crate::domain::credit_code::CreditCode;
use crate::domain::text::{self, MSG_BANK_BRANCH_REQUIRED};
use crate::envelope::ApiError;
use crate::identity::accounts::AccountKind;
use crate::identity::sessions::CurrentAccount;
use crate::oplog;
use crate::state::AppState;

pub const MSG_VERIFIED: &str = "专户验证成功!";
pub const MSG_BANK_UNAVAILABLE: &str = "银行接口暂时不可用，请稍后再试";
pub const MSG_BUILDER_ONLY: &str = "仅项目的劳资专管员账号可以验证专户";
pub const MSG_NO_PROJECT: &str = "该账号未关联项目，不能验证专户";
pub const MSG_NOT_EDITABLE: &str = "项目已提交审核或已审核通过，不能修改专户信息";
pub const ACTION: &str = "专户验证";

/// A form that passed the rules: the question for the bank.
pub fn parse(form: VerifyBankForm) -> Result<AccountQuery, ApiError> {
    let bank_account = text::bank_account(form.bank_account.as_deref().unwrap_or(""))?;
    let account_name = text::account_name(form.account_name.as_deref().unwrap_or(""))?;
    let selected: Vec<String> = form
        .bank_selected
        .as_deref()
        .unwrap_or("")
        .split(',')
        .map(|part| part.trim().to_owned())
        .filter(|part| !part.is_empty())
        .collect();
    let nonempty = |value: Option<String>| value.map(|v| v.trim().to_owned()).filter(|v| !v.is_empty());
    let bank_code = nonempty(form.bank_type).or_else(|| selected.first().cloned()).unwrap_or_default();
    let branch_code = nonempty(form.bank_point)
        .or_else(|| if selected.len() >= 2 { selected.last().cloned() } else { None })
        .ok_or(ApiError::refused(MSG_BANK_BRANCH_REQUIRED))?;
    if branch_code.chars().count() > 50 || bank_code.chars().count() > 50 {
        return Err(ApiError::refused(MSG_BANK_BRANCH_REQUIRED));
    }
    if let Some(name) = form.open_company_name.as_deref().filter(|v| !v.trim().is_empty()) {
        text::unit_name(name)?;
    }
    if let Some(code) = form.social_credit_code.as_deref().filter(|v| !v.trim().is_empty()) {
        CreditCode::parse(code)?;
    }
    Ok(AccountQuery { bank_account, account_name, bank_code, branch_code })
}

/// The project whose account the caller may verify: a builder account's own, in draft or rejected.
async fn editable_project(state: &AppState, current: &CurrentAccount) -> Result<i64, ApiError> {
    if current.kind() != AccountKind::Builder {
        return Err(ApiError::Forbidden(MSG_BUILDER_ONLY.into()));
    }
    let project_id = current.account.project_id.ok_or_else(|| ApiError::Forbidden(MSG_NO_PROJECT.into()))?;
    let project = crate::project::service::find_summary(&state.db, project_id).await?;
    match project.as_ref().map(|project| project.audit_status.as_str()) {
        Some("0" | "3") => Ok(project_id),
        Some(_) => Err(ApiError::Forbidden(MSG_NOT_EDITABLE.into())),
        None => Err(ApiError::Forbidden(MSG_NO_PROJECT.into())),
    }
}

/// `6222…1234`: enough to recognise the account in the log, not enough to use it.
pub fn mask_account(account: &str) -> String {
    let chars: Vec<char> = account.chars().collect();
    if chars.len() <= 8 {
        return format!("{}****", chars.iter().take(2).collect::<String>());
    }
    format!("{}****{}", chars[..4].iter().collect::<String>(), chars[chars.len() - 4..].iter().collect::<String>())
}

/// Checks the caller and the form, asks the bank, logs the verification, and answers.
pub async fn verify(
    state: &AppState,
    current: &CurrentAccount,
    ip: &str,
    form: VerifyBankForm,
) -> Result<VerifiedAccount, ApiError> {
    let project_id = editable_project(state, current).await?;
    let query = parse(form)?;
    let answer = state.bank.verify_account(&query).await;
    match &answer {
        Ok(Verification::Verified { open_date, .. }) => {
            repo::record_verification(&state.db, project_id, &query, "verified", open_date).await?
        }
        Ok(Verification::Doubtful { .. }) => {
            repo::record_verification(&state.db, project_id, &query, "doubtful", "").await?
        }
        // A refusal or an unreachable bank leaves the last successful verification as it was.
        _ => {}
    }
    let (outcome, result) = match answer {
        Ok(Verification::Verified { open_date, bank_name, branch_name }) => (
            format!("验证成功，开户日期{open_date}"),
            Ok(VerifiedAccount { opentime: open_date, bank: bank_name, branch: branch_name }),
        ),
        Ok(Verification::Rejected { reason }) => (format!("验证未通过：{reason}"), Err(ApiError::Refused(reason))),
        Ok(Verification::Doubtful { warning }) => {
            (format!("需确认：{warning}"), Err(ApiError::NeedsConfirmation(warning)))
        }
        Err(error) => {
            tracing::error!(?error, "bank gateway failed to verify an account");
            ("银行接口异常".to_owned(), Err(ApiError::refused(MSG_BANK_UNAVAILABLE)))
        }
    };
    let detail = format!(
        "账号{}，户名{}，网点{}：{outcome}",
        mask_account(&query.bank_account),
        query.account_name,
        query.branch_code
    );
    oplog::record(
        &state.db,
        oplog::Entry::by(&current.account, ip).action(ACTION).on("project", project_id).detail(detail),
    )
    .await?;
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    fn form(account: &str, name: &str, point: Option<&str>, selected: Option<&str>) -> VerifyBankForm {
        VerifyBankForm {
            bank_account: Some(account.into()),
            account_name: Some(name.into()),
            bank_point: point.map(Into::into),
            bank_selected: selected.map(Into::into),
            ..VerifyBankForm::default()
        }
    }

    fn refusal(result: Result<AccountQuery, ApiError>) -> String {
        match result {
            Err(ApiError::Refused(message)) => message,
            other => panic!("expected a refusal, got {other:?}"),
        }
    }

    #[test]
    fn the_branch_comes_from_bank_point_or_the_cascader() {
        let q = parse(form("6222020", "某某公司专户", Some("105501"), None)).unwrap();
        assert_eq!((q.bank_code.as_str(), q.branch_code.as_str()), ("", "105501"));
        let q = parse(form("6222020", "某某公司专户", None, Some("105, 105501"))).unwrap();
        assert_eq!((q.bank_code.as_str(), q.branch_code.as_str()), ("105", "105501"));
        assert_eq!(refusal(parse(form("6222020", "某某公司专户", None, Some("105")))), MSG_BANK_BRANCH_REQUIRED);
        assert_eq!(refusal(parse(form("6222020", "某某公司专户", Some("  "), None))), MSG_BANK_BRANCH_REQUIRED);
    }

    #[test]
    fn the_domain_rules_refuse_with_their_messages() {
        assert_eq!(refusal(parse(form("", "某某公司专户", Some("1"), None))), text::MSG_BANK_ACCOUNT_REQUIRED);
        assert_eq!(refusal(parse(form("0622", "某某公司专户", Some("1"), None))), text::MSG_BANK_ACCOUNT);
        assert_eq!(refusal(parse(form("6222", "某某", Some("1"), None))), text::MSG_ACCOUNT_NAME);
        let mut bad_code = form("6222", "某某公司专户", Some("1"), None);
        bad_code.social_credit_code = Some("91350100M000100Y44".into());
        assert_eq!(refusal(parse(bad_code)), crate::domain::credit_code::MSG_INVALID);
    }

    #[test]
    fn masks_account_numbers() {
        assert_eq!(mask_account("6222021234567890"), "6222****7890");
        assert_eq!(mask_account("622202"), "62****");
    }
}
