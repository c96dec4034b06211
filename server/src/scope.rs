//! Which project's records an account may read or write (issue 4 "Scoping"): a builder account only
//! its own project's, the regulator (admin) every project's of its district (issue 14) but read-only, a
//! finance account none. And what a regulator's role lets it do (`require_role`).

use crate::db::Db;
use crate::envelope::ApiError;
use crate::identity::accounts::AccountKind;
use crate::identity::accounts::RegulatorRole;
use crate::identity::sessions::CurrentAccount;
use crate::project::service as projects;

pub const MSG_FINANCE: &str = "财务账号无权访问该功能";
pub const MSG_ADMIN_READ_ONLY: &str = "监管部门账号只能查看，不能修改项目数据";
pub const MSG_NO_PROJECT: &str = "项目不存在";
pub const MSG_PROJECT_REQUIRED: &str = "请选择项目";
pub const MSG_ROLE: &str = "当前监管账号的角色无权进行该操作";

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
/// served). Admin: the `requested` project (404 outside the account's district), or all for an account
/// of the whole area; a district account must name a project (请选择项目). Finance: 403.
pub async fn read(db: &Db, current: &CurrentAccount, requested: &Option<String>) -> Result<ReadScope, ApiError> {
    let requested = requested.as_deref().map(str::trim).filter(|text| !text.is_empty());
    let requested_id = match requested {
        None => None,
        Some(text) => Some(text.parse::<i64>().ok().filter(|id| *id > 0).ok_or_else(not_found)?),
    };
    match current.kind() {
        AccountKind::Finance => Err(ApiError::Forbidden(MSG_FINANCE.into())),
        AccountKind::Admin => match (requested_id, current.account.district()) {
            (None, None) => Ok(ReadScope::All),
            (None, Some(_)) => Err(ApiError::refused(MSG_PROJECT_REQUIRED)),
            (Some(id), None) => Ok(ReadScope::Project(id)),
            (Some(id), Some(district)) => {
                if projects::in_district(db, id, district).await? {
                    Ok(ReadScope::Project(id))
                } else {
                    Err(not_found())
                }
            }
        },
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
/// the regulator's `requested` project (required; 404 outside its district), finance 403.
pub async fn project(db: &Db, current: &CurrentAccount, requested: &Option<String>) -> Result<i64, ApiError> {
    match read(db, current, requested).await? {
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

/// Whether the account may read a record of `project_id` it looked up by the record's own id: a
/// builder's own project, any project for a regulator of the whole area, one of its district's for a
/// district regulator. Finance: 403. Callers answer their own 404 on false, as for an unknown id.
pub async fn covers(db: &Db, current: &CurrentAccount, project_id: i64) -> Result<bool, ApiError> {
    match current.kind() {
        AccountKind::Finance => Err(ApiError::Forbidden(MSG_FINANCE.into())),
        AccountKind::Builder => Ok(current.account.project_id == Some(project_id)),
        AccountKind::Admin => match current.account.district() {
            None => Ok(true),
            Some(district) => Ok(projects::in_district(db, project_id, district).await?),
        },
    }
}

/// Refuses (403) a regulator whose role is not among `allowed`; a 管理员 may do everything. Accounts of
/// other kinds are no regulators: the caller's own kind check decides for them.
pub fn require_role(current: &CurrentAccount, allowed: &[RegulatorRole]) -> Result<(), ApiError> {
    if current.kind() != AccountKind::Admin {
        return Ok(());
    }
    match current.account.regulator_role() {
        Some(RegulatorRole::Manager) => Ok(()),
        Some(role) if allowed.contains(&role) => Ok(()),
        _ => Err(ApiError::Forbidden(MSG_ROLE.into())),
    }
}

/// Refuses (403) all but a 管理员 of the whole area (no district): the changes that hold for every
/// district, such as the holiday calendar.
pub fn require_area_manager(current: &CurrentAccount) -> Result<(), ApiError> {
    require_role(current, &[])?;
    if current.account.district().is_some() {
        return Err(ApiError::Forbidden(MSG_ROLE.into()));
    }
    Ok(())
}

/// The district a regulator acts in: '' for the whole area (and for accounts that are no regulators).
pub fn district(current: &CurrentAccount) -> &str {
    current.account.district().unwrap_or("")
}

pub fn not_found() -> ApiError {
    ApiError::NotFound(MSG_NO_PROJECT.into())
}
