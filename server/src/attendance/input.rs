//! What the attendance area's forms share: the messages, the project a request is about, its filters and
//! the operation log's line.

use crate::domain::Invalid;
use crate::envelope::ApiError;
use crate::extract::sent;
use crate::identity::sessions::CurrentAccount;
use crate::oplog::Entry;
use crate::scope::ReadScope;

pub const MSG_KIND: &str = "请选择设备类型";
pub const MSG_SERIAL: &str = "设备序列号应为1-32位字母、数字、-或_";
pub const MSG_SERIAL_TAKEN: &str = "该设备序列号已登记";
pub const MSG_NAME: &str = "请填写1-30个字的设备名称";
pub const MSG_DIRECTION: &str = "请选择进出方向";
pub const MSG_LOCATION: &str = "安装位置不能超过50个字";
pub const MSG_ENABLED: &str = "请选择启用或停用";
pub const MSG_DEVICE_NOT_FOUND: &str = "设备不存在";
pub const MSG_STATUS: &str = "请选择正确的设备状态";
pub const MSG_PROTOCOL: &str = "请选择通讯方式";
pub const MSG_PROJECT_REQUIRED: &str = "请选择项目";
pub const MSG_KEYWORD: &str = "查询条件过长";
pub const MSG_SOURCE: &str = "请选择正确的考勤来源";
pub const MSG_START: &str = "开始日期格式错误";
pub const MSG_END: &str = "结束日期格式错误";
pub const MSG_SHIFT_DAY: &str = "班次日期格式错误";
pub const MSG_FILTER_WORKER: &str = "请选择正确的工人";
pub const MSG_RANGE: &str = "开始日期不能晚于结束日期";
pub const MSG_FILTER_ID: &str = "请选择正确的单位或班组";
pub const MSG_MONTH: &str = "月份格式应为YYYY-MM";
pub const MSG_WORKER_REQUIRED: &str = "请选择人员";
pub const MSG_WORKER_NOT_FOUND: &str = "人员不存在";
pub const MSG_DAY: &str = "请选择要修正的日期";
pub const MSG_FUTURE_DAY: &str = "不能修正今天以后的考勤";
pub const MSG_ATTENDED: &str = "请选择出勤或缺勤";
pub const MSG_REASON: &str = "请填写2-100个字的修正原因";

/// Months before the current one whose attendance a rule change recounts: the previous month is still
/// open (wages are paid monthly, by the end of the following month); older months are settled.
pub(super) const OPEN_PREVIOUS_MONTHS: u8 = 1;

pub(super) fn one_project(scope: ReadScope) -> Result<i64, ApiError> {
    match scope {
        ReadScope::Project(id) => Ok(id),
        ReadScope::All => Err(Invalid(MSG_PROJECT_REQUIRED).into()),
    }
}

/// An optional id filter: empty → 0; otherwise a positive number.
pub(super) fn optional_id(text: &Option<String>) -> Result<i64, Invalid> {
    let text = sent(text);
    if text.is_empty() {
        return Ok(0);
    }
    text.parse::<i64>().ok().filter(|id| *id > 0).ok_or(Invalid(MSG_FILTER_ID))
}

pub(super) fn keyword(text: &Option<String>) -> Result<String, Invalid> {
    let text = sent(text);
    if text.chars().count() > 30 { Err(Invalid(MSG_KEYWORD)) } else { Ok(text.to_owned()) }
}

/// A log line of this area: it names the account by its display name, not its login name.
pub(super) fn logged_by<'a>(current: &'a CurrentAccount, ip: &'a str) -> Entry<'a> {
    Entry::named(Some(current.account.id), &current.account.name, ip).project(current.account.project_id)
}
