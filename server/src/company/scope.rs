//! Who may read and change a project's units and teams (issue 4 item 9): a builder account its own
//! project only; the regulator (admin) reads every project but changes none; finance accounts neither.
//! A record of another project is answered 404, as if it did not exist.

use crate::auth::accounts::AccountKind;
use crate::auth::sessions::CurrentAccount;
use crate::envelope::ApiError;
use crate::project::service::MSG_NO_PROJECT;

pub const MSG_FINANCE: &str = "财务账号不能查看参建单位和班组信息";
pub const MSG_READ_ONLY: &str = "监管部门账号只能查看，不能修改";
pub const MSG_PROJECT_REQUIRED: &str = "请选择项目";

/// Whose records a read may see.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReadScope {
    /// A builder: this project only.
    Project(i64),
    /// The regulator: any project.
    Any,
}

impl ReadScope {
    /// Whether a record of `project_id` is visible.
    pub fn sees(self, project_id: i64) -> bool {
        match self {
            ReadScope::Project(own) => own == project_id,
            ReadScope::Any => true,
        }
    }
}

pub fn read_scope(current: &CurrentAccount) -> Result<ReadScope, ApiError> {
    match current.kind() {
        AccountKind::Builder => current
            .account
            .project_id
            .map(ReadScope::Project)
            .ok_or_else(|| ApiError::NotFound(MSG_NO_PROJECT.into())),
        AccountKind::Admin => Ok(ReadScope::Any),
        AccountKind::Finance => Err(ApiError::Forbidden(MSG_FINANCE.into())),
    }
}

/// The project a list reads: the builder's own (a `project_id` sent is ignored), or for the regulator
/// the `project_id` sent (required).
pub fn list_project(current: &CurrentAccount, project_id: &Option<String>) -> Result<i64, ApiError> {
    match read_scope(current)? {
        ReadScope::Project(own) => Ok(own),
        ReadScope::Any => project_id
            .as_deref()
            .and_then(|text| text.trim().parse::<i64>().ok())
            .filter(|id| *id > 0)
            .ok_or_else(|| ApiError::refused(MSG_PROJECT_REQUIRED)),
    }
}

/// The project a change is made in: a builder's own. The regulator and finance accounts get 403.
pub fn write_project(current: &CurrentAccount) -> Result<i64, ApiError> {
    match current.kind() {
        AccountKind::Builder => current.account.project_id.ok_or_else(|| ApiError::NotFound(MSG_NO_PROJECT.into())),
        AccountKind::Admin => Err(ApiError::Forbidden(MSG_READ_ONLY.into())),
        AccountKind::Finance => Err(ApiError::Forbidden(MSG_FINANCE.into())),
    }
}
