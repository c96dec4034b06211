//! The regulator accounts (issue 14 "Regulator accounts and scope"): each with a district scope and a role,
//! managed by a 管理员 (a district 管理员 only within its own district). Every change is logged with what
//! the account was and what it became.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use axum::extract::State;

use super::password;
use crate::area::data::{Level, areas};
use crate::db::Db;
use crate::domain::Invalid;
use crate::domain::person_name::PersonName;
use crate::domain::phone::Phone;
use crate::envelope::{ApiError, ApiResult, Envelope, ok, ok_with};
use crate::extract::{ClientIp, Params};
use crate::identity::accounts::{self, Account, AccountKind, NewAccount, RegulatorRole};
use crate::identity::sessions::{self, CurrentAccount};
use crate::paging::{Page, Paged, contains_pattern};
use crate::state::AppState;
use crate::{oplog, scope};

pub const MSG_ADMIN_ONLY: &str = "仅监管部门账号可以管理监管账号";
pub const MSG_NOT_FOUND: &str = "监管账号不存在";
pub const MSG_USERNAME: &str = "请输入4-30位字母、数字或下划线组成的账号";
pub const MSG_USERNAME_TAKEN: &str = "该账号已存在";
pub const MSG_NAME_REQUIRED: &str = "请填写姓名";
pub const MSG_DISTRICT: &str = "请选择正确的管辖区域";
pub const MSG_DISTRICT_OUTSIDE: &str = "只能在本账号的管辖区域内设置监管账号";
pub const MSG_ROLE_REQUIRED: &str = "请选择角色";
pub const MSG_SELF: &str = "不能停用自己的账号，也不能修改自己的角色和管辖区域";
pub const MSG_SAVED: &str = "保存成功";
/// The name of the empty district: the account covers the whole area.
pub const WHOLE_AREA: &str = "全部区域";

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list))
        .routes(routes!(save))
        .routes(routes!(edit))
        .routes(routes!(disable))
        .routes(routes!(enable))
        .routes(routes!(reset_password))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct RegulatorListForm {
    pub page: Option<String>,
    /// 1–100, default 10.
    pub limit: Option<String>,
    /// Part of the login name or the name.
    pub keyword: Option<String>,
}

/// One regulator account as the list shows it.
#[derive(Debug, Serialize, ToSchema)]
pub struct RegulatorLine {
    pub id: i64,
    pub username: String,
    pub name: String,
    pub phone: String,
    /// The district code; '' for the whole area.
    pub district: String,
    #[serde(rename = "districtName")]
    pub district_name: String,
    /// auditor, inspector or manager.
    pub role: String,
    /// 审核, 监察 or 管理员.
    #[serde(rename = "roleLabel")]
    pub role_label: String,
    /// 1 enabled, 0 disabled.
    pub status: i64,
    /// 1 once the account has changed its initial password.
    pub isupdate: i64,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct RegulatorForm {
    /// `edit`: the account changed.
    pub id: Option<String>,
    /// `save`: the login name, 4–30 letters, digits or underscores, unique.
    pub username: Option<String>,
    pub name: Option<String>,
    /// Optional mobile or landline.
    pub phone: Option<String>,
    /// A city (4 digits), county (6) or township (9) code of the supervising districts; '' for the whole
    /// area (a 管理员 of the whole area only).
    pub district: Option<String>,
    /// auditor (审核), inspector (监察) or manager (管理员).
    pub role: Option<String>,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct RegulatorIdForm {
    pub id: Option<String>,
}

/// A created account or a reset: the initial password, shown once.
#[derive(Debug, Serialize, ToSchema)]
pub struct RegulatorPassword {
    pub id: i64,
    pub username: String,
    /// Shown once; the account must change it at its first login.
    pub password: String,
}

/// The regulator accounts the caller manages, a page of them.
#[utoipa::path(post, path = "/admin/auth/v1/Regulator/ajax_list", tag = "auth",
    params(("X-Token" = String, Header, description = "session token")),
    request_body(content = RegulatorListForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Envelope<Paged<RegulatorLine>>)))]
async fn list(
    State(state): State<AppState>,
    current: CurrentAccount,
    Params(form): Params<RegulatorListForm>,
) -> ApiResult<Paged<RegulatorLine>> {
    Ok(ok(list_regulators(&state.db, &current, &form).await?))
}

/// Creates a regulator account on a generated initial password (answered once).
#[utoipa::path(post, path = "/admin/auth/v1/Regulator/save", tag = "auth",
    params(("X-Token" = String, Header, description = "session token")),
    request_body(content = RegulatorForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Envelope<RegulatorPassword>)))]
async fn save(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    current: CurrentAccount,
    Params(form): Params<RegulatorForm>,
) -> ApiResult<RegulatorPassword> {
    Ok(ok(create(&state, &current, &ip, &form).await?))
}

/// Changes a regulator's name, phone, district and role.
#[utoipa::path(post, path = "/admin/auth/v1/Regulator/edit", tag = "auth",
    params(("X-Token" = String, Header, description = "session token")),
    request_body(content = RegulatorForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Envelope<Option<String>>)))]
async fn edit(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    current: CurrentAccount,
    Params(form): Params<RegulatorForm>,
) -> ApiResult<Option<String>> {
    change(&state, &current, &ip, &form).await?;
    Ok(ok_with(None, MSG_SAVED))
}

/// Disables a regulator account; its sessions end at once.
#[utoipa::path(post, path = "/admin/auth/v1/Regulator/disable", tag = "auth",
    params(("X-Token" = String, Header, description = "session token")),
    request_body(content = RegulatorIdForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Envelope<Option<String>>)))]
async fn disable(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    current: CurrentAccount,
    Params(form): Params<RegulatorIdForm>,
) -> ApiResult<Option<String>> {
    set_disabled(&state.db, &current, &ip, &form, true).await?;
    Ok(ok(None))
}

/// Enables a disabled regulator account.
#[utoipa::path(post, path = "/admin/auth/v1/Regulator/enable", tag = "auth",
    params(("X-Token" = String, Header, description = "session token")),
    request_body(content = RegulatorIdForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Envelope<Option<String>>)))]
async fn enable(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    current: CurrentAccount,
    Params(form): Params<RegulatorIdForm>,
) -> ApiResult<Option<String>> {
    set_disabled(&state.db, &current, &ip, &form, false).await?;
    Ok(ok(None))
}

/// A new initial password for a regulator account (answered once); its sessions end.
#[utoipa::path(post, path = "/admin/auth/v1/Regulator/reset_password", tag = "auth",
    params(("X-Token" = String, Header, description = "session token")),
    request_body(content = RegulatorIdForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Envelope<RegulatorPassword>)))]
async fn reset_password(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    current: CurrentAccount,
    Params(form): Params<RegulatorIdForm>,
) -> ApiResult<RegulatorPassword> {
    Ok(ok(reset(&state.db, &current, &ip, &form).await?))
}

/// The name of a district as the console shows it: `郑州市/金水区` ('' → 全部区域).
pub fn district_name(code: &str) -> String {
    if code.is_empty() {
        return WHOLE_AREA.to_owned();
    }
    let areas = areas();
    match areas.get(code) {
        Some(area) => {
            areas.path(area).iter().filter(|a| a.level >= Level::City).map(|a| a.name).collect::<Vec<_>>().join("/")
        }
        None => code.to_owned(),
    }
}

/// A district a regulator account may be given: a city, county or township code inside the site's area
/// (`site_area`), '' for the whole area.
pub fn check_district(code: &str, site_area: &str) -> Result<String, Invalid> {
    let code = code.trim();
    if code.is_empty() {
        return Ok(String::new());
    }
    let areas = areas();
    let area = areas.get(code).filter(|area| area.level >= Level::City).ok_or(Invalid(MSG_DISTRICT))?;
    if let Some(site) = areas.resolve(site_area)
        && !areas.contains(site, area)
    {
        return Err(Invalid(MSG_DISTRICT));
    }
    Ok(area.code.to_owned())
}

fn require_manager(current: &CurrentAccount) -> Result<(), ApiError> {
    if current.kind() != AccountKind::Admin {
        return Err(ApiError::Forbidden(MSG_ADMIN_ONLY.into()));
    }
    scope::require_role(current, &[])
}

/// Whether `district` lies within the manager's own (a whole-area manager holds every district).
fn within(current: &CurrentAccount, district: &str) -> bool {
    match current.account.district() {
        None => true,
        Some(own) => district.starts_with(own),
    }
}

fn line(account: Account) -> RegulatorLine {
    let role = account.regulator_role();
    RegulatorLine {
        id: account.id,
        district_name: district_name(&account.district),
        role: role.map_or("", |role| role.as_str()).to_owned(),
        role_label: role.map_or("", |role| role.label()).to_owned(),
        status: i64::from(!account.disabled),
        isupdate: i64::from(!account.must_change_password),
        username: account.username,
        name: account.name,
        phone: account.phone,
        district: account.district,
    }
}

pub async fn list_regulators(
    db: &Db,
    current: &CurrentAccount,
    form: &RegulatorListForm,
) -> Result<Paged<RegulatorLine>, ApiError> {
    require_manager(current)?;
    let page = Page::parse(&form.page, &form.limit)?;
    let keyword = form.keyword.as_deref().unwrap_or("").trim();
    let pattern = contains_pattern(keyword);
    let district = scope::district(current);
    let total = accounts::count_regulators(db, district, &pattern).await?;
    let rows = accounts::list_regulators(db, district, &pattern, page.limit, page.offset()).await?;
    Ok(page.answer(rows.into_iter().map(line).collect(), total))
}

/// What a form says of a regulator, checked.
struct Checked {
    name: String,
    phone: String,
    district: String,
    role: RegulatorRole,
}

fn check(current: &CurrentAccount, form: &RegulatorForm, site_area: &str) -> Result<Checked, ApiError> {
    let name = crate::domain::text::required(form.name.as_deref().unwrap_or(""), MSG_NAME_REQUIRED)?;
    let name = PersonName::parse(&name)?.as_str().to_owned();
    let phone = Phone::parse_optional(form.phone.as_deref().unwrap_or("").trim())?
        .map(|p| p.as_str().to_owned())
        .unwrap_or_default();
    let district = check_district(form.district.as_deref().unwrap_or(""), site_area)?;
    if !within(current, &district) {
        return Err(ApiError::refused(MSG_DISTRICT_OUTSIDE));
    }
    let role = RegulatorRole::parse(form.role.as_deref().unwrap_or("").trim()).ok_or(Invalid(MSG_ROLE_REQUIRED))?;
    Ok(Checked { name, phone, district, role })
}

fn describe(name: &str, phone: &str, district: &str, role: Option<RegulatorRole>) -> String {
    format!(
        "姓名{name}，电话{}，管辖区域{}，角色{}",
        if phone.is_empty() { "无" } else { phone },
        district_name(district),
        role.map_or("无", |role| role.label())
    )
}

async fn log(db: &Db, current: &CurrentAccount, ip: &str, action: &str, id: i64, detail: String) -> sqlx::Result<()> {
    oplog::record(db, oplog::Entry::by(&current.account, ip).action(action).on("account", id).detail(detail)).await
}

/// A regulator account the caller manages (within its district), or 404.
async fn managed(db: &Db, current: &CurrentAccount, id: &Option<String>) -> Result<Account, ApiError> {
    let not_found = || ApiError::NotFound(MSG_NOT_FOUND.into());
    let id =
        id.as_deref().and_then(|text| text.trim().parse::<i64>().ok()).filter(|id| *id > 0).ok_or_else(not_found)?;
    accounts::find_by_id(db, id)
        .await?
        .filter(|account| account.kind() == AccountKind::Admin && within(current, &account.district))
        .ok_or_else(not_found)
}

pub async fn create(
    state: &AppState,
    current: &CurrentAccount,
    ip: &str,
    form: &RegulatorForm,
) -> Result<RegulatorPassword, ApiError> {
    require_manager(current)?;
    let db = &state.db;
    let username = form.username.as_deref().unwrap_or("").trim().to_owned();
    let valid = (4..=30).contains(&username.len()) && username.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_');
    if !valid {
        return Err(Invalid(MSG_USERNAME).into());
    }
    let checked = check(current, form, &state.config.site.areacode)?;
    if accounts::find_by_username(db, &username).await?.is_some() {
        return Err(ApiError::refused(MSG_USERNAME_TAKEN));
    }
    let password = password::initial_password();
    let hash = password::hash_blocking(password.clone()).await?;
    let created = accounts::create(
        db,
        NewAccount {
            username: &username,
            name: &checked.name,
            kind: AccountKind::Admin,
            project_id: None,
            phone: &checked.phone,
            id_number: "",
            password_hash: &hash,
            password_meets_strong_rule: password::meets_strong_rule(&password),
            must_change_password: true,
            district: &checked.district,
            regulator_role: Some(checked.role),
        },
    )
    .await;
    let id = match created {
        Ok(id) => id,
        Err(sqlx::Error::Database(error)) if error.is_unique_violation() => {
            return Err(ApiError::refused(MSG_USERNAME_TAKEN));
        }
        Err(error) => return Err(error.into()),
    };
    let detail = format!(
        "账号{username}：新建 → {}",
        describe(&checked.name, &checked.phone, &checked.district, Some(checked.role))
    );
    log(db, current, ip, "新增监管账号", id, detail).await?;
    Ok(RegulatorPassword { id, username, password })
}

pub async fn change(
    state: &AppState,
    current: &CurrentAccount,
    ip: &str,
    form: &RegulatorForm,
) -> Result<(), ApiError> {
    require_manager(current)?;
    let db = &state.db;
    let before = managed(db, current, &form.id).await?;
    let checked = check(current, form, &state.config.site.areacode)?;
    if before.id == current.account.id
        && (checked.district != before.district || Some(checked.role) != before.regulator_role())
    {
        return Err(ApiError::refused(MSG_SELF));
    }
    accounts::set_regulator(db, before.id, &checked.name, &checked.phone, &checked.district, checked.role).await?;
    let detail = format!(
        "账号{}：{} → {}",
        before.username,
        describe(&before.name, &before.phone, &before.district, before.regulator_role()),
        describe(&checked.name, &checked.phone, &checked.district, Some(checked.role))
    );
    log(db, current, ip, "修改监管账号", before.id, detail).await?;
    Ok(())
}

pub async fn set_disabled(
    db: &Db,
    current: &CurrentAccount,
    ip: &str,
    form: &RegulatorIdForm,
    disabled: bool,
) -> Result<(), ApiError> {
    require_manager(current)?;
    let account = managed(db, current, &form.id).await?;
    if account.id == current.account.id {
        return Err(ApiError::refused(MSG_SELF));
    }
    accounts::set_disabled(db, account.id, disabled).await?;
    if disabled {
        sessions::delete_all_for_account(db, account.id).await?;
    }
    let state = |disabled: bool| if disabled { "停用" } else { "启用" };
    let action = if disabled { "停用监管账号" } else { "启用监管账号" };
    let detail = format!("账号{}：{} → {}", account.username, state(account.disabled), state(disabled));
    log(db, current, ip, action, account.id, detail).await?;
    Ok(())
}

pub async fn reset(
    db: &Db,
    current: &CurrentAccount,
    ip: &str,
    form: &RegulatorIdForm,
) -> Result<RegulatorPassword, ApiError> {
    require_manager(current)?;
    let account = managed(db, current, &form.id).await?;
    let password = password::initial_password();
    let hash = password::hash_blocking(password.clone()).await?;
    password::store(db, account.id, &hash, password::meets_strong_rule(&password), true).await?;
    let ended = sessions::delete_all_for_account(db, account.id).await?;
    log(
        db,
        current,
        ip,
        "重置监管账号密码",
        account.id,
        format!("账号{}：初始密码已重新生成（须首次登录修改），结束会话{ended}个", account.username),
    )
    .await?;
    Ok(RegulatorPassword { id: account.id, username: account.username, password })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn districts_are_named_from_the_city_down() {
        assert_eq!(district_name(""), WHOLE_AREA);
        assert_eq!(district_name("410105"), "郑州市/金水区");
    }

    #[test]
    fn a_district_is_a_city_county_or_township_of_the_site() {
        assert_eq!(check_district("410105", "4101"), Ok("410105".to_owned()));
        assert_eq!(check_district(" ", "4101"), Ok(String::new()));
        assert_eq!(check_district("41", "4101"), Err(Invalid(MSG_DISTRICT)));
        assert_eq!(check_district("110101", "4101"), Err(Invalid(MSG_DISTRICT)));
        assert_eq!(check_district("999999", "4101"), Err(Invalid(MSG_DISTRICT)));
    }
}
