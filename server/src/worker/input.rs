//! What the roster's forms share: the messages, the project the current account reads, its uploads, and
//! the labels of gender and work type.

use crate::db::Db;
use crate::domain::Invalid;
use crate::domain::id_number::Gender;
use crate::envelope::ApiError;
use crate::extract::sent;
use crate::identity::accounts::AccountKind;
use crate::identity::sessions::CurrentAccount;
use crate::project::options;
use crate::scope;
use crate::upload::service::URL_PREFIX;

pub const MSG_NOT_FOUND: &str = "人员不存在";
pub const MSG_NOTHING_CHANGED: &str = "没有修改任何内容";
pub const MSG_TRAINING_NOT_FOUND: &str = "培训记录不存在";
pub const MSG_ID_REQUIRED: &str = "请选择人员";
pub const MSG_UNIT_REQUIRED: &str = "请选择所属单位";
pub const MSG_UNIT_UNKNOWN: &str = "所属单位不在本项目或已退场";
pub const MSG_TEAM_UNKNOWN: &str = "班组不属于所选单位";
pub const MSG_WORK_TYPE_REQUIRED: &str = "请选择工种";
pub const MSG_WORK_TYPE_UNKNOWN: &str = "请选择正确的工种";
pub const MSG_WAGE_KIND: &str = "请选择工资标准类型（日薪或月薪）";
pub const MSG_BANK_REQUIRED: &str = "请选择工资卡开户银行";
pub const MSG_BANK_UNKNOWN: &str = "请选择正确的开户银行";
pub const MSG_CONTRACT_DATES: &str = "请选择劳动合同起止日期";
pub const MSG_CONTRACT_ORDER: &str = "劳动合同开始日期不能晚于结束日期";
pub const MSG_CONTRACT_FILE: &str = "合同文件须为本项目上传的文件";
pub const MSG_PHOTO: &str = "身份证照片须为本项目上传的图片";
pub const MSG_ENTRY_REQUIRED: &str = "请选择进场日期";
pub const MSG_EXIT_REQUIRED: &str = "请选择退场日期";
pub const MSG_ETHNICITY: &str = "民族不能超过10个字";
pub const MSG_ISSUER: &str = "签发机关不能超过50个字";
pub const MSG_ACTIVE_HERE: &str = "该人员已在本项目在场，不能重复登记";
pub const MSG_EXIT_BEFORE_ENTRY: &str = "退场日期不能早于进场日期";
pub const MSG_ALREADY_EXITED: &str = "该人员已退场";
pub const MSG_STILL_ACTIVE: &str = "该人员仍在场，不能重新进场";
pub const MSG_REENTRY_BEFORE_EXIT: &str = "重新进场日期不能早于上次退场日期";
pub const MSG_STATUS: &str = "请选择正确的在场状态";
pub const MSG_CONTRACT_FILTER: &str = "请选择正确的合同签订状态";
pub const MSG_FILTER_TOO_LONG: &str = "查询条件过长";
pub const MSG_ID_FILTER: &str = "身份证号只能包含数字和X";
pub const MSG_ADDRESS_REQUIRED: &str = "请输入规范的地址";
pub const MSG_ISSUER_REQUIRED: &str = "请填写签发机关";
pub const MSG_VALIDITY_REQUIRED: &str = "请选择身份证有效期";
pub const MSG_PHOTO_REQUIRED: &str = "请上传身份证照片";
pub const MSG_TOPIC: &str = "请填写1-50个字的培训主题";
pub const MSG_TRAIN_DATE: &str = "请选择培训日期";
pub const MSG_TRAINER: &str = "请填写1-20个字的培训讲师";
pub const MSG_ATTENDEES: &str = "请选择参加培训的人员";
pub const MSG_ATTENDEES_OTHER: &str = "参训人员须为本项目的人员";

/// Rows an export writes at most.
pub const EXPORT_MAX: i64 = 100_000;

/// How a message names a project: its name, or its number while it has none (a draft).
pub fn project_label((id, name): &(i64, String)) -> String {
    if name.trim().is_empty() { format!("编号{id}（未命名）") } else { name.clone() }
}

/// The confirmation a save answers (301) when the person is active on another project's roster.
pub fn msg_active_elsewhere(project: &(i64, String)) -> String {
    format!("该人员已在项目「{}」在场，确认继续登记吗？", project_label(project))
}

/// The project a request reads (`scope::project`); the regulator's project must exist.
pub async fn read_project(db: &Db, current: &CurrentAccount, requested: Option<&str>) -> Result<i64, ApiError> {
    let project_id = scope::project(db, current, &requested.map(str::to_owned)).await?;
    if current.kind() == AccountKind::Admin {
        crate::project::service::find_summary(db, project_id).await?.ok_or_else(scope::not_found)?;
    }
    Ok(project_id)
}

/// An id parameter: missing → 401 with `required`; not a number → 404 (no such record).
pub(super) fn id_param(text: &Option<String>, required: &'static str, missing: &'static str) -> Result<i64, ApiError> {
    let text = sent(text);
    if text.is_empty() {
        return Err(Invalid(required).into());
    }
    text.parse().map_err(|_| ApiError::NotFound(missing.into()))
}

pub(super) fn upload_name(url: &str) -> Option<&str> {
    url.strip_prefix(URL_PREFIX).filter(|name| !name.is_empty() && !name.contains('/'))
}

/// An optional upload URL: empty, or an upload of this project with one of `kinds`.
pub(super) async fn project_upload(
    db: &Db,
    project_id: i64,
    url: &str,
    kinds: &[&str],
    message: &'static str,
) -> Result<String, ApiError> {
    if url.is_empty() {
        return Ok(String::new());
    }
    let name = upload_name(url).ok_or(Invalid(message))?;
    match crate::upload::service::project_kind(db, project_id, name).await? {
        Some(kind) if kinds.contains(&kind.as_str()) => Ok(url.to_owned()),
        _ => Err(Invalid(message).into()),
    }
}

pub(super) fn gender_code(gender: Gender) -> i64 {
    match gender {
        Gender::Male => 1,
        Gender::Female => 2,
    }
}

pub(super) fn gender_label(code: i64) -> &'static str {
    if code == 1 { "男" } else { "女" }
}

/// The label of a work-type option value ('' when unknown).
pub fn work_type_label(value: &str) -> String {
    options::WORK_TYPES
        .iter()
        .find(|option| option.value == value)
        .map(|option| option.label.to_owned())
        .unwrap_or_default()
}
