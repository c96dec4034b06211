//! The bureau corrects an approver's ID number. The approver enters it once, himself (`Inforalter`); the clerk
//! who prepares the wages never can. A number entered wrong is corrected by a regulator of the project's
//! district (审核 or 管理员), with a reason, in the approver's configuration history (issue 28).

use serde::Deserialize;
use utoipa::ToSchema;

use super::repo;
use super::service::{MSG_ID_TAKEN, MSG_NO_APPROVER, mask_id_number, parse_id, parse_id_number};
use crate::db::Db;
use crate::envelope::ApiError;
use crate::extract::sent;
use crate::identity::accounts::{self, AccountKind, RegulatorRole};
use crate::identity::sessions::CurrentAccount;
use crate::{oplog, scope};

pub const MSG_BUREAU_ONLY: &str = "审批人身份证号码仅能由监管部门更正";
pub const MSG_REASON: &str = "请填写更正原因（200字以内）";
pub const MSG_SAME: &str = "与已登记的身份证号码相同，无需更正";
const REASON_MAX: usize = 200;

/// `Correctidnumber`: the approver (`id`), the right number (`idnumber`) and why (`reason`).
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct IdCorrectionForm {
    pub id: Option<String>,
    pub idnumber: Option<String>,
    pub reason: Option<String>,
}

/// Replaces the approver's ID number with `form.idnumber` (GB 11643, not another approver's of the project).
pub async fn correct(db: &Db, current: &CurrentAccount, ip: &str, form: &IdCorrectionForm) -> Result<(), ApiError> {
    if current.kind() != AccountKind::Admin {
        return Err(ApiError::Forbidden(MSG_BUREAU_ONLY.into()));
    }
    scope::require_role(current, &[RegulatorRole::Auditor])?;
    let missing = || ApiError::NotFound(MSG_NO_APPROVER.into());
    let row = repo::find(db, parse_id(&form.id)?).await?.ok_or_else(missing)?;
    let project_id = row.project_id.ok_or_else(missing)?;
    if !scope::covers(db, current, project_id).await? {
        return Err(missing());
    }
    let number = parse_id_number(&form.idnumber)?;
    let reason = sent(&form.reason);
    if reason.is_empty() || reason.chars().count() > REASON_MAX {
        return Err(ApiError::refused(MSG_REASON));
    }
    if number.as_str() == row.id_number {
        return Err(ApiError::refused(MSG_SAME));
    }
    if repo::id_number_taken(db, project_id, number.as_str(), row.id).await? {
        return Err(ApiError::refused(MSG_ID_TAKEN));
    }
    if !accounts::correct_id_number(db, row.id, number.as_str()).await? {
        return Err(missing());
    }
    let before = if row.id_number.is_empty() { "未登记".to_owned() } else { mask_id_number(&row.id_number) };
    let detail = format!("身份证号码{before}→{}，原因：{reason}", mask_id_number(number.as_str()));
    oplog::record(
        db,
        oplog::Entry::by(&current.account, ip)
            .action("监管更正身份证号码")
            .project(project_id)
            .on("account", row.id)
            .detail(detail),
    )
    .await?;
    Ok(())
}
