//! What every wage form shares: the messages the money path answers and the parsing of its fields (ids, id
//! lists, months, pages, the actor), with the project the current account may read.

use super::repo::Actor;
use crate::clock;
use crate::db::{Db, Tx};
use crate::envelope::ApiError;
use crate::identity::sessions::CurrentAccount;
use crate::paging::Page;
use crate::scope::{self, ReadScope};
use time::{Date, Month};

pub const MSG_MONTH: &str = "请选择正确的月份";
pub const MSG_MONTH_FUTURE: &str = "不能为未来月份编制工资表";
pub const MSG_UNIT: &str = "请选择参建单位";
pub const MSG_TEAM: &str = "所选班组不属于该参建单位";
pub const MSG_DUPLICATE: &str = "该单位（班组）本月已有未确认的工资表，请在该表中刷新考勤";
pub const MSG_NOTHING_NEW: &str = "该单位（班组）本月没有需要计发的出勤";
pub const MSG_STALE: &str = "考勤已变化，请先刷新工资表再确认";
pub const MSG_PRORATION: &str = "请选择计薪规则";
pub const MSG_CONFIRMATION_REQUIRED: &str = "是否须工人确认应为1（是）或0（否）";
pub const MSG_ADJUSTED: &str = "该日已记录扣回，无需重复修正";
pub const MSG_NO_SHEET: &str = "工资表不存在";
pub const MSG_NO_LINE: &str = "工资明细不存在";
pub const MSG_LOCKED: &str = "工资表已确认，不能修改";
pub const MSG_PAYABLE: &str = "应发工资应为0-9999999.99元的金额，最多2位小数";
pub const MSG_DEDUCTION: &str = "扣款应为0-9999999.99元的金额，最多2位小数";
pub const MSG_NEGATIVE: &str = "实发工资不能为负数，扣款不能超过应发工资";
pub const MSG_REASON: &str = "修改应发工资或扣款时请填写原因";
pub const MSG_REASON_LONG: &str = "原因不能超过200个字";
pub const MSG_REMOVE_REASON: &str = "请填写移出原因";
pub const MSG_NOT_DRAFT: &str = "只有未确认的工资表可以删除";
pub const MSG_NOT_CONFIRMABLE: &str = "工资表已确认";
pub const MSG_IN_ORDER: &str = "工资表已在工资单中，不能取消确认";
pub const MSG_EMPTY_SHEET: &str = "工资表没有明细，不能确认";
pub const MSG_KIND: &str = "请选择正确的异常类型";
pub const MSG_SHEETS: &str = "请选择要发放的工资表";
pub const MSG_SHEET_UNCONFIRMED: &str = "所选工资表尚未确认";
pub const MSG_SHEET_IN_ORDER: &str = "所选工资表已在其他工资单中";
pub const MSG_SHEET_MONTH: &str = "一个工资单只能包含同一月份的工资表";
pub const MSG_NOTHING_TO_PAY: &str = "所选工资表没有需要发放的金额";
pub const MSG_NO_ACCOUNT: &str = "项目尚未开立农民工工资专用账户";
pub const MSG_CHANGED: &str = "数据已被他人修改，请刷新后重试";
pub const MSG_NO_ORDER: &str = "工资单不存在";
pub const MSG_NOT_PENDING: &str = "工资单已处理，不能再操作";
pub const MSG_STATUS: &str = "请选择正确的状态";
pub const MSG_REMARK_LONG: &str = "备注不能超过200个字";
pub const MSG_WORKER: &str = "该工人不在本项目";
pub const MSG_PAYOUTS: &str = "请选择要重新发放的失败明细";
pub const MSG_PAYOUTS_ONE_ORDER: &str = "请选择同一工单的失败明细";
pub const MSG_ALREADY_REISSUED: &str = "所选明细已重新发放或不是失败明细";
pub const MSG_DECISION: &str = "请选择审核结果";
pub const MSG_REJECT_REASON: &str = "驳回时请填写驳回原因";
pub const MSG_ID_MISMATCH: &str = "身份证号码与账号登记信息不一致";
pub(super) const MSG_BANK_PAYING: &str = "审核通过，银行处理中，系统将自动继续发放";
pub const MSG_OWN_ORDER: &str = "提交工资单的账号不能审批该工资单";
pub const MSG_NO_ID_ON_FILE: &str = "账号未登记身份证号码，请使用短信验证";

pub(super) fn text(value: &Option<String>) -> String {
    value.as_deref().unwrap_or("").trim().to_owned()
}

pub(super) fn positive_id(value: &Option<String>, message: &'static str) -> Result<i64, ApiError> {
    text(value).parse::<i64>().ok().filter(|id| *id > 0).ok_or_else(|| ApiError::refused(message))
}

pub(super) fn id_list(value: &Option<String>, message: &'static str) -> Result<Vec<i64>, ApiError> {
    let mut ids = Vec::new();
    for part in text(value).split(',').map(str::trim).filter(|part| !part.is_empty()) {
        ids.push(part.parse::<i64>().ok().filter(|id| *id > 0).ok_or_else(|| ApiError::refused(message))?);
    }
    ids.sort_unstable();
    ids.dedup();
    if ids.is_empty() || ids.len() > 1000 {
        return Err(ApiError::refused(message));
    }
    Ok(ids)
}

pub(super) fn page(query_page: &Option<String>, limit: &Option<String>) -> Result<Page, ApiError> {
    Ok(Page::parse(query_page, limit)?)
}

pub fn actor(current: &CurrentAccount, ip: &str) -> Actor {
    Actor {
        account_id: current.account.id,
        account_name: current.account.username.clone(),
        project_id: current.account.project_id,
        ip: ip.to_owned(),
    }
}

/// A month `YYYY-MM` not after this month: its first and last day.
pub struct MonthSpan {
    pub month: String,
    pub first_day: String,
    pub last_day: String,
    pub first: Date,
    pub last: Date,
}

pub fn month_span(value: &str) -> Result<MonthSpan, ApiError> {
    let value = value.trim();
    let (year, month) = value.split_once('-').ok_or_else(|| ApiError::refused(MSG_MONTH))?;
    if year.len() != 4 || month.len() != 2 {
        return Err(ApiError::refused(MSG_MONTH));
    }
    let year: i32 = year.parse().map_err(|_| ApiError::refused(MSG_MONTH))?;
    let month: u8 = month.parse().map_err(|_| ApiError::refused(MSG_MONTH))?;
    let month = Month::try_from(month).map_err(|_| ApiError::refused(MSG_MONTH))?;
    if !(2000..=2100).contains(&year) {
        return Err(ApiError::refused(MSG_MONTH));
    }
    let first = Date::from_calendar_date(year, month, 1).map_err(|_| ApiError::refused(MSG_MONTH))?;
    let today = clock::china_today();
    if (year, month as u8) > (today.year(), today.month() as u8) {
        return Err(ApiError::refused(MSG_MONTH_FUTURE));
    }
    let days = month.length(year);
    let last = Date::from_calendar_date(year, month, days).map_err(|_| ApiError::refused(MSG_MONTH))?;
    Ok(MonthSpan {
        month: format!("{year:04}-{:02}", month as u8),
        first_day: first.to_string(),
        last_day: last.to_string(),
        first,
        last,
    })
}

pub(super) fn optional_month(value: &Option<String>) -> Result<String, ApiError> {
    let value = text(value);
    if value.is_empty() { Ok(value) } else { Ok(month_span(&value)?.month) }
}

pub(super) async fn read_scope(
    db: &Db,
    current: &CurrentAccount,
    project: &Option<String>,
) -> Result<ReadScope, ApiError> {
    scope::read(db, current, project).await
}

/// Runs one change in a transaction of its own: committed when it changed something, else rolled back and
/// refused with `message` (the row was no longer in the state the change needs).
pub(super) async fn changed(
    db: &Db,
    message: &'static str,
    change: impl AsyncFnOnce(&mut Tx) -> sqlx::Result<bool>,
) -> Result<(), ApiError> {
    Tx::within(db, async |tx: &mut Tx| -> Result<(), ApiError> {
        if change(tx).await? { Ok(()) } else { Err(ApiError::refused(message)) }
    })
    .await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn months_span_their_days() {
        let span = month_span("2024-02").unwrap();
        assert_eq!((span.first_day.as_str(), span.last_day.as_str()), ("2024-02-01", "2024-02-29"));
        assert!(month_span("2024-13").is_err());
        assert!(month_span("2024-1").is_err());
        assert!(month_span("2099-01").is_err());
    }
}
