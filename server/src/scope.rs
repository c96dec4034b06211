//! Which project's records an account may read or write (issue 4 "Scoping"): a builder account only
//! its own project's, the regulator (admin) every project's but read-only, a finance account none.

use crate::auth::accounts::AccountKind;
use crate::auth::sessions::CurrentAccount;
use crate::envelope::ApiError;

pub const MSG_FINANCE: &str = "财务账号无权访问该功能";
pub const MSG_ADMIN_READ_ONLY: &str = "监管部门账号只能查看，不能修改项目数据";
pub const MSG_NO_PROJECT: &str = "项目不存在";
pub const MSG_PROJECT_REQUIRED: &str = "请选择项目";

/// The projects a read may cover: one project, or (admin without a project) all of them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReadScope {
    Project(i64),
    All,
}

impl ReadScope {
    /// The project id to filter on, 0 for all (no project has id 0).
    pub fn filter(self) -> i64 {
        match self {
            ReadScope::Project(id) => id,
            ReadScope::All => 0,
        }
    }

    /// Whether a record of `project_id` is inside this scope.
    pub fn covers(self, project_id: i64) -> bool {
        matches!(self, ReadScope::All) || self == ReadScope::Project(project_id)
    }
}

/// The session's project for a builder account: another `requested` project answers 404 (never
/// served). Admin: the `requested` project, or all. Finance: 403.
pub fn read(current: &CurrentAccount, requested: &Option<String>) -> Result<ReadScope, ApiError> {
    let requested = requested.as_deref().map(str::trim).filter(|text| !text.is_empty());
    let requested_id = match requested {
        None => None,
        Some(text) => Some(text.parse::<i64>().ok().filter(|id| *id > 0).ok_or_else(not_found)?),
    };
    match current.kind() {
        AccountKind::Finance => Err(ApiError::Forbidden(MSG_FINANCE.into())),
        AccountKind::Admin => Ok(requested_id.map_or(ReadScope::All, ReadScope::Project)),
        AccountKind::Builder => {
            let own = current.account.project_id.ok_or_else(not_found)?;
            match requested_id {
                Some(id) if id != own => Err(not_found()),
                _ => Ok(ReadScope::Project(own)),
            }
        }
    }
}

/// The one project a list or a look-up reads: a builder account's own (another `requested` project → 404),
/// the regulator's `requested` project (required), finance 403.
pub fn project(current: &CurrentAccount, requested: &Option<String>) -> Result<i64, ApiError> {
    match read(current, requested)? {
        ReadScope::Project(id) => Ok(id),
        ReadScope::All => Err(ApiError::refused(MSG_PROJECT_REQUIRED)),
    }
}

/// The project a change goes to: a builder account's own; admin and finance 403.
pub fn write(current: &CurrentAccount) -> Result<i64, ApiError> {
    match current.kind() {
        AccountKind::Finance => Err(ApiError::Forbidden(MSG_FINANCE.into())),
        AccountKind::Admin => Err(ApiError::Forbidden(MSG_ADMIN_READ_ONLY.into())),
        AccountKind::Builder => current.account.project_id.ok_or_else(not_found),
    }
}

pub fn not_found() -> ApiError {
    ApiError::NotFound(MSG_NO_PROJECT.into())
}
