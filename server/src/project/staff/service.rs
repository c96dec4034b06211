//! Management and key staff of a project (项目管理人员, 关键岗位人员): who holds which post for which
//! unit, from when to when. The key posts — 项目经理 and 劳资专管员 (国令724 art. 28: the general
//! contractor's project department has a labour clerk) — must be filled before wages are paid
//! (`key_posts_missing`). Handlers in `mod.rs`, SQL in `repo.rs`.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

pub use super::repo::StaffRow;
use super::repo::{self, StaffFields, StaffFilter};
use crate::db::Db;
use crate::domain::Invalid;
use crate::domain::dates::{format_date, parse_date, required_date};
use crate::domain::id_number::IdNumber;
use crate::domain::mask::masked;
use crate::domain::person_name::PersonName;
use crate::domain::phone::Phone;
use crate::envelope::ApiError;
use crate::extract::sent;
use crate::identity::sessions::CurrentAccount;
use crate::paging::{Page, Paged, contains_pattern};
use crate::project::service::project_units;
use crate::scope::{self, ReadScope};
use crate::{clock, oplog};

pub const PROJECT_MANAGER: &str = "项目经理";
pub const LABOUR_CLERK: &str = "劳资专管员";

/// A post and whether it is a key post.
#[derive(Clone, Copy, Debug, Serialize, ToSchema)]
pub struct Post {
    pub value: &'static str,
    pub label: &'static str,
    /// Key posts must be filled before wages are paid.
    pub key: bool,
}

const fn post(label: &'static str, key: bool) -> Post {
    Post { value: label, label, key }
}

/// The posts of a site's management (住建部 施工现场专业人员 and 国令724), key posts first.
pub const POSTS: &[Post] = &[
    post(PROJECT_MANAGER, true),
    post(LABOUR_CLERK, true),
    post("技术负责人", false),
    post("施工员", false),
    post("安全员", false),
    post("质量员", false),
    post("材料员", false),
    post("资料员", false),
    post("机械员", false),
    post("标准员", false),
    post("劳务员", false),
    post("其他管理人员", false),
];

pub const MSG_NOT_FOUND: &str = "管理人员不存在";
pub const MSG_UNIT_REQUIRED: &str = "请选择所属单位";
pub const MSG_UNIT_INVALID: &str = "请选择本项目的参建单位";
pub const MSG_POST_REQUIRED: &str = "请选择岗位";
pub const MSG_POST_INVALID: &str = "请选择正确的岗位";
pub const MSG_NAME_REQUIRED: &str = "请填写姓名";
pub const MSG_ID_NUMBER_REQUIRED: &str = "请填写身份证号码";
pub const MSG_CERTIFICATE_TOO_LONG: &str = "证书编号不能超过50个字";
pub const MSG_ENTRY_REQUIRED: &str = "请选择进场日期";
pub const MSG_EXIT_BEFORE_ENTRY: &str = "离场日期不得早于进场日期";
pub const MSG_STATUS_INVALID: &str = "请选择正确的在岗状态";
pub const MSG_KEYWORD_TOO_LONG: &str = "搜索内容不能超过20个字";
pub const MSG_DUPLICATE: &str = "该人员已在本项目担任此岗位";
pub const MSG_MANAGER_TAKEN: &str = "本项目已有在岗的项目经理，请先为其办理离场";
pub const MSG_SAVED: &str = "保存成功";
pub const MSG_DELETED: &str = "删除成功";
pub const CERTIFICATE_MAX: usize = 50;
pub const KEYWORD_MAX: usize = 20;

/// The key posts vacant on a project today (none in post), in POSTS order. The pay step refuses to pay
/// while this is not empty.
pub async fn key_posts_missing(db: &Db, project_id: i64) -> Result<Vec<&'static str>, ApiError> {
    let filled = repo::posts_in_post(db, project_id, &clock::today()).await?;
    Ok(POSTS.iter().filter(|post| post.key && !filled.iter().any(|f| f == post.value)).map(|post| post.value).collect())
}

#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct StaffListForm {
    pub page: Option<String>,
    pub limit: Option<String>,
    /// A post; empty = all.
    pub post: Option<String>,
    /// Part of the name or the ID number (at most 20 characters).
    pub keyword: Option<String>,
    /// 1 in post, 2 left; empty = all.
    pub status: Option<String>,
    /// The regulator: its project in view (empty = all, for a regulator of the whole area). A builder
    /// account: its own project only (another: 404).
    #[serde(rename = "projectId")]
    #[schema(rename = "projectId")]
    pub project_id: Option<String>,
}

/// A staff member as listed (ID number and phone in full for the project's own account: they are its
/// own records and the edit form needs them).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Staff {
    pub id: i64,
    pub project_id: i64,
    pub project_name: String,
    pub unit_id: i64,
    pub unit_name: String,
    pub post: String,
    /// Whether the post is a key post.
    pub key: bool,
    pub name: String,
    pub phone: String,
    pub id_number: String,
    pub certificate_number: String,
    pub entry_date: String,
    /// '' while in post.
    pub exit_date: String,
    /// 1 in post, 2 left (exit date today or before).
    pub status: i64,
}

fn staff(row: StaffRow, today: &str) -> Staff {
    let in_post = row.exit_date.is_empty() || row.exit_date.as_str() > today;
    Staff {
        id: row.id,
        project_id: row.project_id,
        project_name: row.project_name,
        unit_id: row.unit_id,
        unit_name: row.unit_name,
        key: POSTS.iter().any(|post| post.key && post.value == row.post),
        post: row.post,
        name: row.name,
        phone: row.phone,
        id_number: row.id_number,
        certificate_number: row.certificate_number,
        entry_date: row.entry_date,
        exit_date: row.exit_date,
        status: if in_post { 1 } else { 2 },
    }
}

/// `Staff/list`.
pub async fn list(db: &Db, current: &CurrentAccount, form: &StaffListForm) -> Result<Paged<Staff>, ApiError> {
    let scope = scope::read(db, current, &form.project_id).await?;
    let page = Page::parse(&form.page, &form.limit)?;
    let post = form.post.as_deref().unwrap_or("").trim();
    if !post.is_empty() && !POSTS.iter().any(|known| known.value == post) {
        return Err(Invalid(MSG_POST_INVALID).into());
    }
    let status = match form.status.as_deref().unwrap_or("").trim() {
        "" => 0,
        "1" => 1,
        "2" => 2,
        _ => return Err(Invalid(MSG_STATUS_INVALID).into()),
    };
    let keyword = form.keyword.as_deref().unwrap_or("").trim();
    if keyword.chars().count() > KEYWORD_MAX {
        return Err(Invalid(MSG_KEYWORD_TOO_LONG).into());
    }
    let today = clock::today();
    let pattern = contains_pattern(&keyword.to_uppercase());
    let filter = StaffFilter { project_id: scope.filter(), post, pattern: &pattern, status, today: &today };
    let total = repo::count(db, &filter).await?;
    let rows = repo::page(db, &filter, page.limit, page.offset()).await?;
    // The list masks the ID number (decisions "Privacy: one masking rule"); the edit form reads the detail.
    let listed = |row| {
        let staff = staff(row, &today);
        Staff { id_number: masked(&staff.id_number), ..staff }
    };
    Ok(page.answer(rows.into_iter().map(listed).collect(), total))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct StaffIdForm {
    pub id: Option<String>,
}

fn parse_id(id: &Option<String>) -> Result<i64, ApiError> {
    id.as_deref()
        .and_then(|text| text.trim().parse::<i64>().ok())
        .filter(|id| *id > 0)
        .ok_or_else(|| ApiError::NotFound(MSG_NOT_FOUND.into()))
}

/// A record inside the account's read scope, or 404.
async fn readable(db: &Db, scope: ReadScope, id: &Option<String>) -> Result<StaffRow, ApiError> {
    let row = repo::find(db, parse_id(id)?).await?;
    row.filter(|row| scope.covers(row.project_id)).ok_or_else(|| ApiError::NotFound(MSG_NOT_FOUND.into()))
}

/// `Staff/detail`.
pub async fn detail(db: &Db, current: &CurrentAccount, form: &StaffIdForm) -> Result<Staff, ApiError> {
    let row = readable(db, ReadScope::All, &form.id).await?;
    if !scope::covers(db, current, row.project_id).await? {
        return Err(ApiError::NotFound(MSG_NOT_FOUND.into()));
    }
    Ok(staff(row, &clock::today()))
}

/// A unit the staff form may choose.
#[derive(Debug, Serialize, ToSchema)]
pub struct UnitOption {
    pub value: i64,
    /// The company's name and role, e.g. 河南中原建工集团有限公司（施工总承包单位）.
    pub label: String,
}

/// What the staff page needs besides the list.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StaffOptions {
    pub posts: Vec<Post>,
    pub units: Vec<UnitOption>,
    /// Key posts vacant today (the page warns: 关键岗位未配备：…，配备后才能发放工资).
    pub key_posts_missing: Vec<String>,
}

/// The project's units as options (builder, contractor, then the others).
pub async fn unit_options(db: &Db, project_id: i64) -> Result<Vec<UnitOption>, ApiError> {
    Ok(project_units(db, project_id)
        .await?
        .into_iter()
        .map(|unit| UnitOption {
            value: unit.id,
            label: format!("{}（{}）", unit.name, crate::project::service::role_label(&unit.role)),
        })
        .collect())
}

/// `Staff/options`: posts, the project's units, vacant key posts. The regulator names the project.
pub async fn options(db: &Db, current: &CurrentAccount, form: &StaffListForm) -> Result<StaffOptions, ApiError> {
    let (units, missing) = match scope::read(db, current, &form.project_id).await? {
        ReadScope::Project(project_id) => (
            unit_options(db, project_id).await?,
            key_posts_missing(db, project_id).await?.into_iter().map(str::to_owned).collect(),
        ),
        ReadScope::All => (Vec::new(), Vec::new()),
    };
    Ok(StaffOptions { posts: POSTS.to_vec(), units, key_posts_missing: missing })
}

/// What `Staff/save` receives.
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct StaffForm {
    /// The record to edit; empty to add.
    pub id: Option<String>,
    /// A unit of the project (`Staff/options` units).
    pub unit_id: Option<String>,
    /// A post of `Staff/options` posts.
    pub post: Option<String>,
    pub name: Option<String>,
    /// Mobile or landline.
    pub phone: Option<String>,
    /// GB 11643 ID number.
    pub id_number: Option<String>,
    /// Optional, at most 50 characters.
    pub certificate_number: Option<String>,
    /// YYYY-MM-DD, required.
    pub entry_date: Option<String>,
    /// YYYY-MM-DD, optional, not before the entry date.
    pub exit_date: Option<String>,
}

/// Checks the form's fields in order (the unit's membership needs the database: `save`).
pub fn validate(form: &StaffForm) -> Result<StaffFields, Invalid> {
    let unit_text = sent(&form.unit_id);
    if unit_text.is_empty() {
        return Err(Invalid(MSG_UNIT_REQUIRED));
    }
    let unit_id = unit_text.parse::<i64>().map_err(|_| Invalid(MSG_UNIT_INVALID))?;
    let post = sent(&form.post);
    if post.is_empty() {
        return Err(Invalid(MSG_POST_REQUIRED));
    }
    let post = POSTS.iter().find(|known| known.value == post).ok_or(Invalid(MSG_POST_INVALID))?.value.to_owned();
    if sent(&form.name).is_empty() {
        return Err(Invalid(MSG_NAME_REQUIRED));
    }
    let name = PersonName::parse(sent(&form.name))?.as_str().to_owned();
    let phone = Phone::parse(sent(&form.phone))?.as_str().to_owned();
    if sent(&form.id_number).is_empty() {
        return Err(Invalid(MSG_ID_NUMBER_REQUIRED));
    }
    let id_number = IdNumber::parse(sent(&form.id_number))?.as_str().to_owned();
    let certificate_number = sent(&form.certificate_number).to_owned();
    if certificate_number.chars().count() > CERTIFICATE_MAX {
        return Err(Invalid(MSG_CERTIFICATE_TOO_LONG));
    }
    let entry = required_date(sent(&form.entry_date), MSG_ENTRY_REQUIRED)?;
    let exit = parse_date(sent(&form.exit_date))?;
    if exit.is_some_and(|exit| exit < entry) {
        return Err(Invalid(MSG_EXIT_BEFORE_ENTRY));
    }
    Ok(StaffFields {
        unit_id,
        post,
        name,
        phone,
        id_number,
        certificate_number,
        entry_date: format_date(entry),
        exit_date: exit.map(format_date).unwrap_or_default(),
    })
}

fn summary(fields: &StaffFields) -> String {
    let exit = if fields.exit_date.is_empty() { "在岗".to_owned() } else { format!("离场{}", fields.exit_date) };
    format!("{} {}，单位{}，进场{}，{exit}", fields.post, fields.name, fields.unit_id, fields.entry_date)
}

/// `Staff/save`: adds or edits a staff record of the account's own project, logs it.
pub async fn save(db: &Db, current: &CurrentAccount, ip: &str, form: &StaffForm) -> Result<i64, ApiError> {
    let project_id = scope::write(current)?;
    let existing = match sent(&form.id) {
        "" => None,
        _ => Some(readable(db, ReadScope::Project(project_id), &form.id).await?),
    };
    let fields = validate(form)?;
    if !project_units(db, project_id).await?.iter().any(|unit| unit.id == fields.unit_id) {
        return Err(Invalid(MSG_UNIT_INVALID).into());
    }
    let today = clock::today();
    let except = existing.as_ref().map_or(0, |row| row.id);
    let in_post = fields.exit_date.is_empty() || fields.exit_date > today;
    if in_post && repo::duplicate(db, project_id, &fields.id_number, &fields.post, except, &today).await? {
        return Err(ApiError::refused(MSG_DUPLICATE));
    }
    if in_post
        && fields.post == PROJECT_MANAGER
        && repo::post_taken(db, project_id, PROJECT_MANAGER, except, &today).await?
    {
        return Err(ApiError::refused(MSG_MANAGER_TAKEN));
    }
    let (id, action) = match &existing {
        None => (repo::insert(db, project_id, &fields).await?, "新增管理人员"),
        Some(row) => {
            if !repo::update(db, project_id, row.id, &fields).await? {
                return Err(ApiError::NotFound(MSG_NOT_FOUND.into()));
            }
            (row.id, "修改管理人员")
        }
    };
    oplog::record(
        db,
        oplog::Entry::by(&current.account, ip).action(action).on("project_staff", id).detail(summary(&fields)),
    )
    .await?;
    Ok(id)
}

/// A key post as wizard step 3 enters it: the general contractor's project leader (项目经理) or its labour
/// clerk (劳资专管员), with the same name, phone and ID-number rules as the staff form.
pub struct KeyPostHolder<'a> {
    pub post: &'static str,
    pub name: &'a str,
    pub phone: &'a str,
    pub id_number: &'a str,
}

/// Wizard step 3 (`Site/ajaxContructorEdit`): the people it enters for the key posts hold them at the general
/// contractor from today, so that the project is staffed where the key posts are read. The wizard may be saved
/// again until the project is approved: the unit's holder in post is then rewritten, not joined by a second.
/// Each change logged with before and after.
pub async fn staff_key_posts(
    db: &Db,
    current: &CurrentAccount,
    ip: &str,
    project_id: i64,
    unit_id: i64,
    holders: &[KeyPostHolder<'_>],
) -> Result<(), ApiError> {
    let today = clock::today();
    for holder in holders.iter().filter(|holder| !holder.name.is_empty()) {
        let existing =
            repo::in_post(db, project_id, holder.post, &today).await?.into_iter().find(|row| row.unit_id == unit_id);
        let fields = StaffFields {
            unit_id,
            post: holder.post.to_owned(),
            name: holder.name.to_owned(),
            phone: holder.phone.to_owned(),
            id_number: holder.id_number.to_owned(),
            certificate_number: existing.as_ref().map(|row| row.certificate_number.clone()).unwrap_or_default(),
            entry_date: existing.as_ref().map_or_else(|| today.clone(), |row| row.entry_date.clone()),
            exit_date: String::new(),
        };
        let (id, before) = match existing {
            Some(row)
                if (&row.name, &row.phone, &row.id_number) == (&fields.name, &fields.phone, &fields.id_number) =>
            {
                continue;
            }
            Some(row) => {
                repo::update(db, project_id, row.id, &fields).await?;
                (row.id, format!("{} {}", row.name, row.phone))
            }
            None => (repo::insert(db, project_id, &fields).await?, "未配备".to_owned()),
        };
        let detail = format!("{}：{before} → {} {}", holder.post, fields.name, fields.phone);
        oplog::record(
            db,
            oplog::Entry::by(&current.account, ip).action("登记关键岗位").on("project_staff", id).detail(detail),
        )
        .await?;
    }
    Ok(())
}

/// `Staff/delete`: removes a staff record of the account's own project, logs it.
pub async fn delete(db: &Db, current: &CurrentAccount, ip: &str, form: &StaffIdForm) -> Result<(), ApiError> {
    let project_id = scope::write(current)?;
    let row = readable(db, ReadScope::Project(project_id), &form.id).await?;
    if !repo::delete(db, project_id, row.id).await? {
        return Err(ApiError::NotFound(MSG_NOT_FOUND.into()));
    }
    oplog::record(
        db,
        oplog::Entry::by(&current.account, ip)
            .action("删除管理人员")
            .on("project_staff", row.id)
            .detail(format!("{} {}", row.post, row.name)),
    )
    .await?;
    Ok(())
}

/// Demo: a project manager and a labour clerk at the general contractor (first unit when there is none).
pub async fn seed_demo(db: &Db, project_id: i64) -> Result<(), ApiError> {
    let units = project_units(db, project_id).await?;
    let Some(unit) = units.iter().find(|unit| unit.role == "contractor").or(units.first()) else { return Ok(()) };
    if !repo::posts_in_post(db, project_id, &clock::today()).await?.is_empty() {
        return Ok(());
    }
    let people = [
        (PROJECT_MANAGER, "陈国强", "13837100001", "410105198005121232", "豫141060812345"),
        (LABOUR_CLERK, "孙丽", "13837100002", "41010219850308202X", ""),
    ];
    for (post, name, phone, id_number, certificate) in people {
        let fields = StaffFields {
            unit_id: unit.id,
            post: post.to_owned(),
            name: name.to_owned(),
            phone: phone.to_owned(),
            id_number: id_number.to_owned(),
            certificate_number: certificate.to_owned(),
            entry_date: "2026-03-01".to_owned(),
            exit_date: String::new(),
        };
        repo::insert(db, project_id, &fields).await?;
    }
    Ok(())
}

/// The project's staff in `post` on `today` (the notice board's labour clerks).
pub async fn in_post(db: &Db, project_id: i64, post: &str, today: &str) -> sqlx::Result<Vec<StaffRow>> {
    repo::in_post(db, project_id, post, today).await
}

/// For the reports: the key-post staff (项目经理, 劳资专管员) of the `projects` (unit `unit`, 0 all) in post at
/// some time in `first`..`last`.
pub async fn key_staff_between(
    db: &Db,
    projects: &[i64],
    unit: i64,
    first: &str,
    last: &str,
) -> sqlx::Result<Vec<StaffRow>> {
    let posts: Vec<&str> = POSTS.iter().filter(|post| post.key).map(|post| post.value).collect();
    repo::in_posts_between(db, projects, unit, &posts, first, last).await
}

#[cfg(test)]
mod tests {
    use super::*;

    fn form(pairs: &[(&str, &str)]) -> StaffForm {
        let get = |key: &str| pairs.iter().find(|(k, _)| *k == key).map(|(_, v)| (*v).to_owned());
        StaffForm {
            id: None,
            unit_id: get("unit_id"),
            post: get("post"),
            name: get("name"),
            phone: get("phone"),
            id_number: get("id_number"),
            certificate_number: get("certificate_number"),
            entry_date: get("entry_date"),
            exit_date: get("exit_date"),
        }
    }

    const VALID: &[(&str, &str)] = &[
        ("unit_id", "2"),
        ("post", "安全员"),
        ("name", "王安"),
        ("phone", "13800138000"),
        ("id_number", "11010519491231002x"),
        ("entry_date", "2026-03-01"),
    ];

    fn with(key: &'static str, value: &'static str) -> Vec<(&'static str, &'static str)> {
        let mut pairs: Vec<_> = VALID.iter().filter(|(k, _)| *k != key).copied().collect();
        pairs.push((key, value));
        pairs
    }

    #[test]
    fn a_valid_form_is_normalised() {
        let fields = validate(&form(VALID)).unwrap();
        assert_eq!(fields.post, "安全员");
        assert_eq!(fields.id_number, "11010519491231002X");
    }

    #[test]
    fn each_rule_has_its_message() {
        let cases = [
            ("unit_id", "", MSG_UNIT_REQUIRED),
            ("unit_id", "x", MSG_UNIT_INVALID),
            ("post", "", MSG_POST_REQUIRED),
            ("post", "厨师", MSG_POST_INVALID),
            ("name", " ", MSG_NAME_REQUIRED),
            ("name", "王1", crate::domain::person_name::MSG_INVALID),
            ("phone", "", crate::domain::phone::MSG_REQUIRED),
            ("phone", "12345", crate::domain::phone::MSG_INVALID),
            ("id_number", "", MSG_ID_NUMBER_REQUIRED),
            ("id_number", "410103199007161036", crate::domain::id_number::MSG_INVALID),
            (
                "certificate_number",
                "一二三四五六七八九十一二三四五六七八九十一二三四五六七八九十一二三四五六七八九十一二三四五六七八九十一",
                MSG_CERTIFICATE_TOO_LONG,
            ),
            ("entry_date", "", MSG_ENTRY_REQUIRED),
            ("exit_date", "2026-02-28", MSG_EXIT_BEFORE_ENTRY),
        ];
        for (key, value, message) in cases {
            assert_eq!(validate(&form(&with(key, value))), Err(Invalid(message)), "{key}={value}");
        }
    }

    #[test]
    fn the_key_posts_are_the_manager_and_the_labour_clerk() {
        let keys: Vec<_> = POSTS.iter().filter(|post| post.key).map(|post| post.value).collect();
        assert_eq!(keys, [PROJECT_MANAGER, LABOUR_CLERK]);
    }
}
