//! The workbench (工作台, issue 16 part 1): each role's figures on its home page, each read from the owning
//! area's service by the same definition as the list its card links to (the API tests compare every card
//! with that list's count). This area has no table and no repository.

use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::clock;
use crate::db::Db;
use crate::envelope::ApiError;
use crate::identity::accounts::AccountKind;
use crate::identity::accounts::Side;
use crate::identity::sessions::CurrentAccount;
use crate::project::staff::service::POSTS;
use crate::wage::money::yuan;
use crate::{account, attendance, clue, company, message, notice, project, regulator, scope, wage, warning, worker};

pub const MSG_ADMIN_ONLY: &str = "仅监管部门账号可以查看监管工作台";
pub const MSG_APPROVERS_ONLY: &str = "仅财务审批人员可以查看审批工作台";

#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct WorkbenchQuery {
    /// The regulator's project in view; a builder's own project is implied.
    pub project_id: Option<String>,
}

/// Open warnings by level.
#[derive(Debug, Default, Serialize, ToSchema)]
pub struct WarningLevels {
    pub red: i64,
    pub orange: i64,
    pub yellow: i64,
}

/// The general contractor's wage guarantee.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GuaranteeCard {
    /// none 未提交, valid 有效, expired 已过期 (as the regulator's directory says it).
    pub state: String,
    /// Its last day `YYYY-MM-DD`, '' when open-ended or none.
    pub end: String,
    /// Days from today to `end` (negative once expired); null without an end.
    pub days_left: Option<i64>,
}

/// The clerk's workbench (a regulator with the project in view reads the same). Money in yuan strings.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProjectSummary {
    /// Workers on the roster now (花名册, 在场).
    pub workers_on_site: i64,
    /// Workers whose shift began today (考勤表, today's column).
    pub attended_today: i64,
    /// The month being paid now (`YYYY-MM`, the previous month: wages are paid in arrears).
    pub wage_month: String,
    /// Net payable on that month's wage sheets.
    pub wages_payable: String,
    /// Paid by that month's wage orders.
    pub wages_paid: String,
    /// The special account's balance; '' without an account.
    pub balance: String,
    pub warnings: WarningLevels,
    /// Unread messages of the clerk's inbox (系统消息); the regulator: the project's.
    pub unread_messages: i64,
    /// Notices the project has not opened (通知公告).
    pub unread_notices: i64,
    /// Leads dispatched or returned to the project, awaiting its feedback (线索反馈管理).
    pub leads_awaiting_feedback: i64,
    /// Wage orders awaiting the approver (工资单管理, 待审核).
    pub orders_pending: i64,
    /// Failed payouts not yet re-issued (工资发放异常处理).
    pub failed_lines: i64,
    /// Key posts vacant today (管理人员), their names.
    pub key_posts_missing: Vec<String>,
    pub guarantee: GuaranteeCard,
}

/// The finance approver's figures, shown at the top of 审批工单.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FinanceSummary {
    /// Orders waiting for the approver (审批工单).
    pub pending: i64,
    /// Their total.
    pub pending_total: String,
    /// Orders approved since the 1st of this month (审批历史).
    pub approved_this_month: i64,
    pub approved_total: String,
}

/// Projects by audit status.
#[derive(Debug, Default, Serialize, ToSchema)]
pub struct AuditCounts {
    /// '0' 未提交.
    pub draft: i64,
    /// '1' 待审核.
    pub submitted: i64,
    /// '2' 审核通过.
    pub approved: i64,
    /// '3' 已驳回.
    pub rejected: i64,
}

/// The regulator's workbench over its district (a county account its county; an account of the whole
/// area all of it).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DistrictSummary {
    /// The projects of 项目目录 by audit status.
    pub projects: AuditCounts,
    /// Open warnings by level (预警监管).
    pub warnings: WarningLevels,
    /// Leads awaiting feedback past their deadline (线索管理, 逾期).
    pub leads_overdue: i64,
    /// Workers on site over the approved projects.
    pub workers_on_site: i64,
    /// The month being paid now (`YYYY-MM`) and what its orders paid over the approved projects.
    pub wage_month: String,
    pub wages_paid: String,
}

fn sum(rows: &[(i64, i64)]) -> i64 {
    rows.iter().map(|(_, value)| value).sum()
}

pub async fn project_summary(
    db: &Db,
    current: &CurrentAccount,
    query: &WorkbenchQuery,
) -> Result<ProjectSummary, ApiError> {
    let project_id = scope::project(db, current, &query.project_id).await?;
    let ids = [project_id];
    let month = wage::service::settling_month();
    let today = clock::today();
    let levels = warning::service::open_levels(db, &ids).await?.remove(&project_id).unwrap_or_default();
    let inbox = message::service::inbox(db, current, Side::Builder, &query.project_id).await?;
    let units = company::service::unit_briefs(db, &ids).await?;
    let contractor = units.iter().find(|unit| unit.role == "contractor");
    let missing = project::staff::service::key_posts_missing(db, project_id).await?;
    Ok(ProjectSummary {
        workers_on_site: sum(&worker::service::on_site_counts(db, &ids).await?),
        attended_today: attendance::service::attended_on(db, &ids, &today).await?,
        wages_payable: yuan(sum(&wage::service::payable_in_month(db, &ids, &month).await?)),
        wages_paid: yuan(sum(&wage::service::paid_in_month(db, &ids, &month).await?)),
        wage_month: month,
        balance: account::service::balances(db, &ids).await?.first().map(|(_, fen)| yuan(*fen)).unwrap_or_default(),
        warnings: WarningLevels { red: levels.red, orange: levels.orange, yellow: levels.yellow },
        unread_messages: message::service::unread_count(db, &inbox).await?,
        unread_notices: notice::service::unread_count(db, project_id).await?,
        leads_awaiting_feedback: clue::service::awaiting_feedback(db, project_id).await?,
        orders_pending: wage::service::order_count(db, project_id, "pending").await?,
        failed_lines: wage::service::failed_lines(db, project_id).await?,
        key_posts_missing: missing
            .iter()
            .filter_map(|value| POSTS.iter().find(|post| post.value == *value))
            .map(|post| post.label.to_owned())
            .collect(),
        guarantee: guarantee(contractor, clock::china_today()),
    })
}

/// The guarantee card: the directory's state and the days left to its end.
fn guarantee(contractor: Option<&company::service::UnitBrief>, today: time::Date) -> GuaranteeCard {
    let state = regulator::service::guarantee_state(contractor, &today.to_string());
    let end = contractor.map(|unit| unit.guarantee_end.clone()).filter(|_| state != "none").unwrap_or_default();
    let days_left = crate::domain::dates::parse_date(&end).ok().flatten().map(|day| (day - today).whole_days());
    GuaranteeCard { state: state.into(), end, days_left }
}

pub async fn finance_summary(db: &Db, current: &CurrentAccount) -> Result<FinanceSummary, ApiError> {
    let project_id = match (current.kind(), current.account.project_id) {
        (AccountKind::Finance, Some(project_id)) => project_id,
        _ => return Err(ApiError::Forbidden(MSG_APPROVERS_ONLY.into())),
    };
    let index = wage::service::finance_index(db, project_id).await?;
    let (approved, approved_fen) = wage::service::approved_this_month(db, project_id).await?;
    Ok(FinanceSummary {
        pending: index.pending,
        pending_total: index.pending_total,
        approved_this_month: approved,
        approved_total: yuan(approved_fen),
    })
}

pub async fn district_summary(db: &Db, current: &CurrentAccount) -> Result<DistrictSummary, ApiError> {
    match current.kind() {
        AccountKind::Admin => {}
        AccountKind::Finance => return Err(ApiError::Forbidden(scope::MSG_FINANCE.into())),
        AccountKind::Builder => return Err(ApiError::Forbidden(MSG_ADMIN_ONLY.into())),
    }
    let district = scope::district(current);
    let mut projects = AuditCounts::default();
    for (status, count) in regulator::service::status_counts(db, current).await? {
        match status.as_str() {
            "0" => projects.draft = count,
            "1" => projects.submitted = count,
            "2" => projects.approved = count,
            "3" => projects.rejected = count,
            _ => {}
        }
    }
    let ids: Vec<i64> = project::service::approved_in_district(db, district).await?;
    let counts = warning::service::counts(db, current, &warning::service::WarningQuery::default()).await?;
    let warnings = counts.districts.iter().fold(WarningLevels::default(), |sum, row| WarningLevels {
        red: sum.red + row.red,
        orange: sum.orange + row.orange,
        yellow: sum.yellow + row.yellow,
    });
    let month = wage::service::settling_month();
    Ok(DistrictSummary {
        projects,
        warnings,
        leads_overdue: clue::service::overdue_count(db, district).await?,
        workers_on_site: sum(&worker::service::on_site_counts(db, &ids).await?),
        wages_paid: yuan(sum(&wage::service::paid_in_month(db, &ids, &month).await?)),
        wage_month: month,
    })
}
