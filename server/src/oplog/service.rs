//! The regulator's operation-log viewer (issue 14): every line, filtered by project, account, kind (the
//! action) and date range, newest first, a page at a time. Regulator accounts only.

use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::repo::{self, LogFilter, LogRow};
use crate::clock;
use crate::db::Db;
use crate::domain::Invalid;
use crate::domain::dates::parse_date;
use crate::envelope::ApiError;
use crate::identity::accounts::AccountKind;
use crate::identity::sessions::CurrentAccount;
use crate::paging::{Page, Paged, contains_pattern};

pub const MSG_ADMIN_ONLY: &str = "仅监管部门账号可以查看操作日志";
pub const MSG_PROJECT: &str = "请选择正确的项目";
pub const MSG_ACCOUNT_TOO_LONG: &str = "操作账号不能超过50个字";
pub const MSG_KIND_TOO_LONG: &str = "操作类型不能超过50个字";
pub const MSG_DATE: &str = "请选择正确的日期";
pub const MSG_DATE_ORDER: &str = "开始日期不能晚于结束日期";
const TEXT_MAX: usize = 50;
/// China time is UTC+8: a China day starts 8 hours before the UTC day of the same date.
const CHINA_OFFSET_SECONDS: i64 = 8 * 3600;

fn require_admin(current: &CurrentAccount) -> Result<(), ApiError> {
    if current.kind() == AccountKind::Admin { Ok(()) } else { Err(ApiError::Forbidden(MSG_ADMIN_ONLY.into())) }
}

#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct OplogQuery {
    /// Lines about this project only; empty for all.
    pub project_id: Option<String>,
    /// Part of the acting account's login name (or of `bank` / `命令行` for lines no account wrote).
    pub account: Option<String>,
    /// The action exactly, as `Log/kinds` lists it; empty for all.
    pub kind: Option<String>,
    /// First day (China time), `YYYY-MM-DD`; empty for no lower bound.
    pub start_date: Option<String>,
    /// Last day (China time, inclusive), `YYYY-MM-DD`; empty for no upper bound.
    pub end_date: Option<String>,
    pub page: Option<String>,
    pub limit: Option<String>,
}

/// One line of the log as the viewer shows it.
#[derive(Debug, Serialize, ToSchema)]
pub struct OplogLine {
    pub id: i64,
    /// `YYYY-MM-DD HH:MM:SS`, China time.
    pub time: String,
    /// The acting account's login name (`bank`, `命令行` for lines no session wrote).
    pub account_name: String,
    pub action: String,
    /// The record's table-like type (`project`, `team`, `employment`, …) and id.
    pub target_type: String,
    pub target_id: String,
    /// The project the line is about; null when none (a regulator's own account, the calendar).
    pub project_id: Option<i64>,
    /// Its name; '' when none.
    pub project_name: String,
    /// What changed, with the values before and after (`before → after`) where there were any.
    pub detail: String,
    pub ip: String,
}

impl From<LogRow> for OplogLine {
    fn from(row: LogRow) -> Self {
        OplogLine {
            id: row.id,
            time: clock::china_datetime(row.created_at),
            account_name: row.account_name,
            action: row.action,
            target_type: row.target_type,
            target_id: row.target_id,
            project_id: row.project_id,
            project_name: row.project_name.unwrap_or_default(),
            detail: row.detail,
            ip: row.ip,
        }
    }
}

/// The distinct actions of the log, for the kind filter.
#[derive(Debug, Serialize, ToSchema)]
pub struct OplogKinds {
    pub kinds: Vec<String>,
}

fn sent(text: &Option<String>) -> &str {
    text.as_deref().map(str::trim).unwrap_or("")
}

fn bounded(text: &Option<String>, message: &'static str) -> Result<String, Invalid> {
    let text = sent(text);
    if text.chars().count() > TEXT_MAX { Err(Invalid(message)) } else { Ok(text.to_owned()) }
}

/// The first second of a China day.
fn day_start(date: time::Date) -> i64 {
    date.midnight().assume_utc().unix_timestamp() - CHINA_OFFSET_SECONDS
}

/// The query's filters, checked.
fn filter(query: &OplogQuery) -> Result<LogFilter, Invalid> {
    let project_id = match sent(&query.project_id) {
        "" => None,
        text => Some(text.parse::<i64>().ok().filter(|id| *id > 0).ok_or(Invalid(MSG_PROJECT))?),
    };
    let account = bounded(&query.account, MSG_ACCOUNT_TOO_LONG)?;
    let kind = bounded(&query.kind, MSG_KIND_TOO_LONG)?;
    let start = parse_date(sent(&query.start_date)).map_err(|_| Invalid(MSG_DATE))?;
    let end = parse_date(sent(&query.end_date)).map_err(|_| Invalid(MSG_DATE))?;
    if let (Some(start), Some(end)) = (start, end)
        && start > end
    {
        return Err(Invalid(MSG_DATE_ORDER));
    }
    Ok(LogFilter {
        project_id,
        account_pattern: contains_pattern(&account),
        kind,
        from: start.map(day_start),
        before: end.and_then(|end| end.next_day()).map(day_start),
    })
}

/// `Log/ajax_list`: a page of the lines matching the filters, newest first.
pub async fn list(db: &Db, current: &CurrentAccount, query: &OplogQuery) -> Result<Paged<OplogLine>, ApiError> {
    require_admin(current)?;
    let page = Page::parse(&query.page, &query.limit)?;
    let filter = filter(query)?;
    // A district regulator reads the log of one project of its district at a time.
    if current.account.district().is_some() {
        match filter.project_id {
            None => return Err(ApiError::refused(crate::scope::MSG_PROJECT_REQUIRED)),
            Some(project_id) if !crate::scope::covers(db, current, project_id).await? => {
                return Err(crate::scope::not_found());
            }
            Some(_) => {}
        }
    }
    let (rows, total) = repo::list(db, &filter, page.limit, page.offset()).await?;
    Ok(page.answer(rows.into_iter().map(OplogLine::from).collect(), total))
}

/// `Log/kinds`: every action the log holds, in order.
pub async fn kinds(db: &Db, current: &CurrentAccount) -> Result<OplogKinds, ApiError> {
    require_admin(current)?;
    Ok(OplogKinds { kinds: repo::kinds(db).await? })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn query(start: &str, end: &str) -> OplogQuery {
        OplogQuery { start_date: Some(start.into()), end_date: Some(end.into()), ..OplogQuery::default() }
    }

    #[test]
    fn a_date_range_covers_whole_china_days() {
        let checked = filter(&query("2026-11-24", "2026-11-24")).unwrap();
        // 2026-11-24 00:00 in China is 2026-11-23 16:00 UTC.
        assert_eq!(checked.from, Some(1_795_449_600));
        assert_eq!(checked.before, Some(1_795_449_600 + 86_400));
        assert_eq!(clock::china_datetime(checked.from.unwrap()), "2026-11-24 00:00:00");
    }

    #[test]
    fn refuses_bad_filters() {
        assert_eq!(filter(&query("2026-11-25", "2026-11-24")).unwrap_err(), Invalid(MSG_DATE_ORDER));
        assert_eq!(filter(&query("2026-13-01", "")).unwrap_err(), Invalid(MSG_DATE));
        let project = OplogQuery { project_id: Some("x".into()), ..OplogQuery::default() };
        assert_eq!(filter(&project).unwrap_err(), Invalid(MSG_PROJECT));
        let account = OplogQuery { account: Some("a".repeat(51)), ..OplogQuery::default() };
        assert_eq!(filter(&account).unwrap_err(), Invalid(MSG_ACCOUNT_TOO_LONG));
    }

    #[test]
    fn empty_filters_match_everything() {
        let checked = filter(&OplogQuery::default()).unwrap();
        assert_eq!(checked.project_id, None);
        assert_eq!(checked.account_pattern, "");
        assert_eq!(checked.kind, "");
        assert_eq!((checked.from, checked.before), (None, None));
    }
}
