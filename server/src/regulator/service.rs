//! The regulator's project directory (issue 14 item 1): which projects an account sees (its district), the
//! filters and the whitelisted sorts, and each row's figures read from the owning areas' services, one query
//! per figure for the whole page.

use std::collections::HashMap;

use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::area::data::areas;
use crate::clock;
use crate::db::Db;
use crate::domain::Invalid;
use crate::domain::dates::format_date;
use crate::envelope::ApiError;
use crate::identity::accounts::AccountKind;
use crate::identity::sessions::CurrentAccount;
use crate::paging::{self, Page, Paged};
use crate::project::service::{self as project, DirectoryFilter, DirectoryProject};
use crate::{account, attendance, company, scope, wage, warning, worker};

pub const MSG_ADMIN_ONLY: &str = "仅监管部门账号可以查看项目目录";
pub const MSG_STATUS: &str = "请选择正确的审核状态";
pub const MSG_DISTRICT: &str = "请选择正确的行政区划";
pub const MSG_WARNING_LEVEL: &str = "请选择正确的预警等级";
pub const MSG_NAME_TOO_LONG: &str = "项目名称不能超过255个字";
pub const MSG_SORT: &str = "不支持按该列排序";
/// Rows an export holds at most.
pub const EXPORT_MAX: i64 = 10_000;

/// Admin only: a builder account is told the directory is the regulator's, a finance account gets the
/// scope's finance refusal.
pub fn require_admin(current: &CurrentAccount) -> Result<(), ApiError> {
    match current.kind() {
        AccountKind::Admin => Ok(()),
        AccountKind::Finance => Err(ApiError::Forbidden(scope::MSG_FINANCE.into())),
        AccountKind::Builder => Err(ApiError::Forbidden(MSG_ADMIN_ONLY.into())),
    }
}

#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct DirectoryQuery {
    /// Part of the project name.
    pub name: Option<String>,
    /// A district code (city 4, county 6 or township 9 digits); empty = every district of the account.
    pub district: Option<String>,
    /// '0' draft, '1' submitted, '2' approved, '3' rejected; empty = all.
    pub status: Option<String>,
    /// red, orange or yellow: only projects with an open warning of that level; empty = all.
    pub warning: Option<String>,
    /// name, district, status or contractPrice; empty: newest project first.
    pub sort: Option<String>,
    /// asc or desc (default asc).
    pub order: Option<String>,
    /// From 1 (default 1).
    pub page: Option<String>,
    /// 1–100 (default 10).
    pub limit: Option<String>,
}

/// One project of the directory. Money in fen.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DirectoryRow {
    pub id: i64,
    pub name: String,
    /// The site's district path of codes, e.g. `4101,410105,410105001`.
    pub district_code: String,
    /// Its names, e.g. `郑州市/金水区/经八路街道`; '' when not registered.
    pub district_name: String,
    /// '0' draft, '1' submitted, '2' approved, '3' rejected.
    pub audit_status: String,
    pub audit_status_label: String,
    /// 建设单位, '' when not registered.
    pub builder: String,
    /// 施工总承包单位, '' when not registered.
    pub contractor: String,
    pub contract_price_fen: Option<i64>,
    /// Workers on the roster now (在场).
    pub workers_on_site: i64,
    /// The last day anyone punched, `YYYY-MM-DD`; '' if never.
    pub last_attendance: String,
    /// The month being paid now (`YYYY-MM`, the previous month).
    pub wage_month: String,
    /// Paid by that month's wage orders.
    pub wages_paid_fen: i64,
    /// Net payable on that month's wage sheets.
    pub wages_payable_fen: i64,
    /// The special account's balance; null without an account.
    pub balance_fen: Option<i64>,
    /// The general contractor's wage guarantee: none 未提交, valid 有效, expired 已过期.
    pub guarantee_state: String,
    pub guarantee_label: String,
    /// The guarantee's last day, '' when open-ended or none.
    pub guarantee_end: String,
    /// Workers' disputes of their wage lines, and of them not answered by the project.
    pub disputes: i64,
    pub disputes_unanswered: i64,
    /// Open early warnings by level (红, 橙, 黄).
    pub warnings_red: i64,
    pub warnings_orange: i64,
    pub warnings_yellow: i64,
}

pub fn audit_status_label(status: &str) -> &'static str {
    match status {
        "0" => "未提交",
        "1" => "待审核",
        "2" => "审核通过",
        "3" => "已驳回",
        _ => "",
    }
}

/// The whitelisted sorts: a request's `sort` and `order` pick one of these clauses, never SQL of their own.
fn order_clause(sort: &str, order: &str) -> Result<&'static str, Invalid> {
    let descending = match order {
        "" | "asc" | "ascend" => false,
        "desc" | "descend" => true,
        _ => return Err(Invalid(MSG_SORT)),
    };
    Ok(match (sort, descending) {
        ("", _) => "id DESC",
        ("name", false) => "name ASC",
        ("name", true) => "name DESC",
        ("district", false) => "district_code ASC",
        ("district", true) => "district_code DESC",
        ("status", false) => "audit_status ASC",
        ("status", true) => "audit_status DESC",
        ("contractPrice", false) => "COALESCE(contract_price_fen, 0) ASC",
        ("contractPrice", true) => "COALESCE(contract_price_fen, 0) DESC",
        _ => return Err(Invalid(MSG_SORT)),
    })
}

fn trimmed(value: &Option<String>) -> String {
    value.as_deref().unwrap_or("").trim().to_owned()
}

/// The validated filter (the account's district always applies) and sort.
async fn filter(
    db: &Db,
    current: &CurrentAccount,
    query: &DirectoryQuery,
) -> Result<(DirectoryFilter, &'static str), ApiError> {
    require_admin(current)?;
    let warning = trimmed(&query.warning);
    let only = match warning.as_str() {
        "" => None,
        level => Some(warning::service::with_open_level(db, level).await?.ok_or(Invalid(MSG_WARNING_LEVEL))?),
    };
    let status = trimmed(&query.status);
    if !status.is_empty() && audit_status_label(&status).is_empty() {
        return Err(Invalid(MSG_STATUS).into());
    }
    let district = trimmed(&query.district);
    if !district.is_empty() && areas().get(&district).is_none() {
        return Err(Invalid(MSG_DISTRICT).into());
    }
    let name = trimmed(&query.name);
    if name.chars().count() > 255 {
        return Err(Invalid(MSG_NAME_TOO_LONG).into());
    }
    let order = order_clause(&trimmed(&query.sort), &trimmed(&query.order))?;
    let filter = DirectoryFilter {
        scope: current.account.district().unwrap_or("").to_owned(),
        district,
        status,
        pattern: paging::contains_pattern(&name),
        only,
    };
    Ok((filter, order))
}

pub async fn directory(
    db: &Db,
    current: &CurrentAccount,
    query: &DirectoryQuery,
) -> Result<Paged<DirectoryRow>, ApiError> {
    let (filter, order) = filter(db, current, query).await?;
    let page = Page::parse(&query.page, &query.limit)?;
    let (projects, total) = project::directory(db, &filter, order, page.limit, page.offset()).await?;
    Ok(page.answer(with_figures(db, projects).await?, total))
}

/// How many projects of the account's district the directory lists under each audit status ('0'–'3').
pub async fn status_counts(db: &Db, current: &CurrentAccount) -> Result<Vec<(String, i64)>, ApiError> {
    let mut counts = Vec::new();
    for status in ["0", "1", "2", "3"] {
        let query = DirectoryQuery { status: Some(status.into()), ..DirectoryQuery::default() };
        let (filter, order) = filter(db, current, &query).await?;
        counts.push((status.to_owned(), project::directory(db, &filter, order, 1, 0).await?.1));
    }
    Ok(counts)
}

/// Every row the filters match, in the list's order, at most `EXPORT_MAX`, read a page at a time.
pub async fn export_rows(
    db: &Db,
    current: &CurrentAccount,
    query: &DirectoryQuery,
) -> Result<Vec<DirectoryRow>, ApiError> {
    let (filter, order) = filter(db, current, query).await?;
    let mut rows = Vec::new();
    loop {
        let offset = rows.len() as i64;
        let (projects, total) = project::directory(db, &filter, order, paging::MAX_LIMIT, offset).await?;
        let done = projects.is_empty();
        rows.extend(with_figures(db, projects).await?);
        if done || rows.len() as i64 >= total.min(EXPORT_MAX) {
            rows.truncate(EXPORT_MAX as usize);
            return Ok(rows);
        }
    }
}

/// The page's rows with each area's figures: one query per figure for all of the page's projects.
async fn with_figures(db: &Db, projects: Vec<DirectoryProject>) -> Result<Vec<DirectoryRow>, ApiError> {
    let ids: Vec<i64> = projects.iter().map(|project| project.id).collect();
    let month = wage::service::settling_month();
    let units = company::service::unit_briefs(db, &ids).await?;
    let on_site: HashMap<i64, i64> = worker::service::on_site_counts(db, &ids).await?.into_iter().collect();
    let last_days: HashMap<i64, String> = attendance::service::last_days(db, &ids).await?.into_iter().collect();
    let paid: HashMap<i64, i64> = wage::service::paid_in_month(db, &ids, &month).await?.into_iter().collect();
    let payable: HashMap<i64, i64> = wage::service::payable_in_month(db, &ids, &month).await?.into_iter().collect();
    let balances: HashMap<i64, i64> = account::service::balances(db, &ids).await?.into_iter().collect();
    let warnings = warning::service::open_levels(db, &ids).await?;
    let disputes: HashMap<i64, (i64, i64)> = wage::confirmation::disputes_per_project(db, &ids)
        .await?
        .into_iter()
        .map(|(project, disputed, unanswered)| (project, (disputed, unanswered)))
        .collect();
    let today = format_date(clock::china_today());
    Ok(projects
        .into_iter()
        .map(|project| {
            let unit = |role: &str| units.iter().find(|unit| unit.project_id == project.id && unit.role == role);
            let contractor = unit("contractor");
            let (guarantee_state, guarantee_label) = guarantee(contractor, &today);
            let open = warnings.get(&project.id).copied().unwrap_or_default();
            let (disputed, unanswered) = disputes.get(&project.id).copied().unwrap_or_default();
            DirectoryRow {
                id: project.id,
                district_name: district_name(&project.district_code),
                audit_status_label: audit_status_label(&project.audit_status).into(),
                builder: unit("builder").map(|unit| unit.name.clone()).unwrap_or_default(),
                contractor: contractor.map(|unit| unit.name.clone()).unwrap_or_default(),
                contract_price_fen: project.contract_price_fen,
                workers_on_site: on_site.get(&project.id).copied().unwrap_or(0),
                last_attendance: last_days.get(&project.id).cloned().unwrap_or_default(),
                wage_month: month.clone(),
                wages_paid_fen: paid.get(&project.id).copied().unwrap_or(0),
                wages_payable_fen: payable.get(&project.id).copied().unwrap_or(0),
                balance_fen: balances.get(&project.id).copied(),
                guarantee_state: guarantee_state.into(),
                guarantee_label,
                guarantee_end: contractor.map(|unit| unit.guarantee_end.clone()).unwrap_or_default(),
                disputes: disputed,
                disputes_unanswered: unanswered,
                warnings_red: open.red,
                warnings_orange: open.orange,
                warnings_yellow: open.yellow,
                name: project.name,
                district_code: project.district_code,
                audit_status: project.audit_status,
            }
        })
        .collect())
}

/// The general contractor's wage guarantee as the directory shows it; `today` is `YYYY-MM-DD`.
fn guarantee(contractor: Option<&company::service::UnitBrief>, today: &str) -> (&'static str, String) {
    let state = guarantee_state(contractor, today);
    let end = contractor.map(|unit| unit.guarantee_end.as_str()).unwrap_or("");
    let label = match state {
        "expired" => format!("已过期（{end}）"),
        "valid" if end.is_empty() => "有效".into(),
        "valid" => format!("有效至{end}"),
        _ => "未提交".into(),
    };
    (state, label)
}

/// The general contractor's wage guarantee on `today` (`YYYY-MM-DD`): none (no guarantee letter and no
/// deposit), valid or expired. The workbench's guarantee card says the same.
pub fn guarantee_state(contractor: Option<&company::service::UnitBrief>, today: &str) -> &'static str {
    match contractor {
        Some(unit) if !unit.guarantee_path.is_empty() || unit.deposit_fen.is_some_and(|fen| fen > 0) => {
            if !unit.guarantee_end.is_empty() && unit.guarantee_end.as_str() < today { "expired" } else { "valid" }
        }
        _ => "none",
    }
}

/// `郑州市/金水区/经八路街道` of a path of codes (the last code's names); the codes themselves when unknown.
fn district_name(path: &str) -> String {
    let Some(last) = path.split(',').map(str::trim).rfind(|code| !code.is_empty()) else {
        return String::new();
    };
    let areas = areas();
    areas.resolve(last).map_or_else(|| path.to_owned(), |area| areas.path_name(area))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_whitelisted_sorts() {
        assert_eq!(order_clause("", ""), Ok("id DESC"));
        assert_eq!(order_clause("name", "desc"), Ok("name DESC"));
        assert_eq!(order_clause("contractPrice", "ascend"), Ok("COALESCE(contract_price_fen, 0) ASC"));
        assert_eq!(order_clause("name; DROP TABLE projects", ""), Err(Invalid(MSG_SORT)));
        assert_eq!(order_clause("name", "sideways"), Err(Invalid(MSG_SORT)));
    }

    #[test]
    fn districts_read_as_names() {
        assert_eq!(district_name(""), "");
        assert!(district_name("4101,410105").ends_with("金水区"), "{}", district_name("4101,410105"));
        assert_eq!(district_name("99"), "99");
    }
}
