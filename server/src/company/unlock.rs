//! The regulator unlocks a company the wizard locked (issue 14): the wizard locks a company's fields at its
//! first save (`repo::save_unit`), so a clerk cannot change a registered company's name or credit code; when
//! they are wrong, the bureau unlocks the company with a reason, and the next save of the wizard writes the
//! corrected fields and locks it again.

use serde::Deserialize;
use utoipa::ToSchema;

use super::repo;
use crate::db::{Db, Tx};
use crate::domain::Invalid;
use crate::envelope::ApiError;
use crate::identity::accounts::AccountKind;
use crate::identity::sessions::CurrentAccount;
use crate::oplog;

pub const MSG_ADMIN_ONLY: &str = "仅监管部门账号可以解锁单位";
pub const MSG_ID_REQUIRED: &str = "请选择要解锁的单位";
pub const MSG_PROJECT_REQUIRED: &str = "请选择项目";
pub const MSG_NOT_FOUND: &str = "该项目没有这个单位";
pub const MSG_REASON_REQUIRED: &str = "请填写解锁原因";
pub const MSG_REASON_TOO_LONG: &str = "解锁原因不能超过200个字";
pub const MSG_NOT_LOCKED: &str = "该单位未锁定，无需解锁";
pub const MSG_UNLOCKED_OK: &str = "已解锁";
pub const REASON_MAX: usize = 200;

#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct UnlockForm {
    /// The company's id (the audit detail's `units[].company_id`).
    pub id: Option<String>,
    /// The project the regulator acts in: the company must be one of its units.
    pub project_id: Option<String>,
    /// Why (required, at most 200 characters); written to the operation log.
    pub reason: Option<String>,
}

fn positive(text: &Option<String>, message: &'static str) -> Result<i64, Invalid> {
    text.as_deref()
        .map(str::trim)
        .and_then(|text| text.parse::<i64>().ok())
        .filter(|id| *id > 0)
        .ok_or(Invalid(message))
}

/// `Company/unlock`: refuses a company that is not locked; else unlocks it and logs before and after with
/// the reason, in one transaction.
pub async fn unlock(db: &Db, current: &CurrentAccount, ip: &str, form: &UnlockForm) -> Result<(), ApiError> {
    if current.kind() != AccountKind::Admin {
        return Err(ApiError::Forbidden(MSG_ADMIN_ONLY.into()));
    }
    crate::scope::require_role(current, &[crate::identity::accounts::RegulatorRole::Auditor])?;
    let company_id = positive(&form.id, MSG_ID_REQUIRED)?;
    let project_id = positive(&form.project_id, MSG_PROJECT_REQUIRED)?;
    if !crate::scope::covers(db, current, project_id).await? {
        return Err(ApiError::NotFound(MSG_NOT_FOUND.into()));
    }
    let reason = form.reason.as_deref().unwrap_or("").trim().to_owned();
    if reason.is_empty() {
        return Err(Invalid(MSG_REASON_REQUIRED).into());
    }
    if reason.chars().count() > REASON_MAX {
        return Err(Invalid(MSG_REASON_TOO_LONG).into());
    }
    if !repo::is_unit_of(db, project_id, company_id).await? {
        return Err(ApiError::NotFound(MSG_NOT_FOUND.into()));
    }
    let company = repo::find_company(db, company_id).await?.ok_or_else(|| ApiError::NotFound(MSG_NOT_FOUND.into()))?;
    let mut tx = Tx::begin(db).await?;
    if !repo::unlock_in(&mut tx, company_id).await? {
        tx.rollback().await?;
        return Err(ApiError::refused(MSG_NOT_LOCKED));
    }
    let detail =
        format!("{}（{}）：锁定 → 未锁定，原因：{reason}", company.fields.name, company.fields.social_credit_code);
    let entry = oplog::Entry::by(&current.account, ip)
        .project(project_id)
        .action("解锁单位")
        .on("company", company_id)
        .detail(detail);
    oplog::record_in(&mut tx, &entry).await?;
    tx.commit().await?;
    Ok(())
}
