//! 工资核查 (salaryCheck): every anomaly of a month's wages, by kind then by worker.

use super::input::*;
use super::money::{yuan, yuan_grouped};
use super::repo;
use crate::db::Db;
use crate::domain::mask::masked;
use crate::domain::wage_card as card;
use crate::envelope::ApiError;
use crate::identity::sessions::CurrentAccount;
use crate::paging::Paged;
use crate::scope::ReadScope;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use utoipa::{IntoParams, ToSchema};

pub const MINIMUM_WAGE_KIND: &str = "below_minimum";
pub const OUTSIDE_EMPLOYMENT_KIND: &str = "outside_employment";
pub const DAYS_MISMATCH_KIND: &str = "days_mismatch";
pub const OVER_YEAR_LIMIT_KIND: &str = "over_year_limit";
pub const BELOW_RATE_KIND: &str = "below_rate";
pub const KINDS: [(&str, &str); 9] = [
    ("unlisted", "有考勤未列入工资表"),
    (DAYS_MISMATCH_KIND, "工资表天数与考勤不符"),
    ("no_attendance", "列入工资表但无考勤"),
    (OUTSIDE_EMPLOYMENT_KIND, "计发了不在场期间的出勤"),
    (MINIMUM_WAGE_KIND, "实发低于最低工资标准"),
    (BELOW_RATE_KIND, "已计发日低于现行工资标准"),
    ("over_limit", "单月工资超过5万元"),
    (OVER_YEAR_LIMIT_KIND, "单年工资超过30万元"),
    ("card", "工资卡缺失或无效"),
];
/// More than this to one worker in one month is an anomaly (50,000 yuan).
pub const MONTHLY_LIMIT_FEN: i64 = 5_000_000;
/// More than this to one worker on the project in one calendar year is an anomaly (300,000 yuan, DESIGN §5).
pub const YEARLY_LIMIT_FEN: i64 = 30_000_000;

/// A salaryCheck kind's label ('' when unknown).
pub fn kind_label(kind: &str) -> &'static str {
    KINDS.iter().find(|(value, _)| *value == kind).map(|(_, label)| *label).unwrap_or("")
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WageAnomaly {
    pub kind: String,
    pub kind_label: String,
    pub worker_id: i64,
    pub name: String,
    pub id_number: String,
    /// 0 when the worker is on no sheet.
    pub line_id: i64,
    pub sheet_id: i64,
    pub unit_name: String,
    pub team_name: String,
    pub days: i64,
    pub net: String,
    pub detail: String,
    /// The wage month (`YYYY-MM`).
    pub month: String,
    /// outside_employment: days the line pays beyond the attended days inside the worker's employment; else 0.
    pub excess_days: i64,
}

#[derive(Debug, Default, Deserialize, IntoParams, ToSchema)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct WageCheckQuery {
    pub page: Option<String>,
    pub limit: Option<String>,
    pub project_id: Option<String>,
    pub month: Option<String>,
    /// A kind of `KINDS`; empty: all.
    pub kind: Option<String>,
}

/// Every anomaly of a month, in kind order then by worker.
pub async fn anomalies(
    db: &Db,
    project_id: i64,
    span: &MonthSpan,
    minimum_monthly_fen: i64,
) -> Result<Vec<WageAnomaly>, ApiError> {
    let lines = repo::month_lines(db, project_id, &span.month, &span.first_day, &span.last_day).await?;
    let attended = repo::attended(db, project_id, &span.first_day, &span.last_day).await?;
    let attended_days: std::collections::HashMap<i64, i64> =
        attended.iter().map(|(worker, _, _, days)| (*worker, *days)).collect();
    let listed: std::collections::HashSet<i64> = lines.iter().map(|line| line.worker_id).collect();
    let label = kind_label;
    let mut found = Vec::new();
    let from_line = |kind: &str, line: &repo::CheckLine, detail: String| WageAnomaly {
        kind: kind.into(),
        kind_label: label(kind).into(),
        worker_id: line.worker_id,
        name: line.name.clone(),
        id_number: masked(&line.id_number),
        line_id: line.line_id,
        sheet_id: line.sheet_id,
        unit_name: line.unit_name.clone(),
        team_name: line.team_name.clone(),
        days: line.days,
        net: yuan(line.net_fen),
        detail,
        month: span.month.clone(),
        excess_days: 0,
    };
    for unpaid in repo::unpaid_days(db, project_id, &span.first_day, &span.last_day).await? {
        let listed_already = listed.contains(&unpaid.worker_id);
        let range = if unpaid.first_day == unpaid.last_day {
            unpaid.first_day[5..].to_owned()
        } else {
            format!("{} 至 {}", &unpaid.first_day[5..], &unpaid.last_day[5..])
        };
        found.push(WageAnomaly {
            kind: "unlisted".into(),
            kind_label: label("unlisted").into(),
            worker_id: unpaid.worker_id,
            name: unpaid.name,
            id_number: masked(&unpaid.id_number),
            line_id: 0,
            sheet_id: 0,
            unit_name: String::new(),
            team_name: String::new(),
            days: unpaid.days,
            net: yuan(0),
            detail: if listed_already {
                format!("本月有{}天出勤（{range}）未计入任何工资表，请编制补充工资表", unpaid.days)
            } else {
                format!("本月出勤{}天（{range}），未列入任何工资表", unpaid.days)
            },
            month: span.month.clone(),
            excess_days: 0,
        });
    }
    for line in &lines {
        if !attended_days.contains_key(&line.worker_id) {
            found.push(from_line("no_attendance", line, "本月无出勤记录".into()));
        }
    }
    // Sheets built before issue 10 counted every attended day of the month, also before entry or after exit:
    // the line pays more days than were attended inside the employment, and there are days outside to explain it.
    for line in &lines {
        let excess = (line.days - line.inside_days).min(line.outside_days);
        if excess > 0 {
            let detail =
                format!("工资表计出勤{}天，在场期间内出勤{}天，多计不在场期间{excess}天", line.days, line.inside_days);
            found.push(WageAnomaly { excess_days: excess, ..from_line(OUTSIDE_EMPLOYMENT_KIND, line, detail) });
        }
    }
    let mismatched: HashMap<i64, i64> =
        repo::mismatched_lines(db, project_id, &span.month).await?.into_iter().collect();
    for line in &lines {
        if let Some(days) = mismatched.get(&line.line_id) {
            found.push(from_line(DAYS_MISMATCH_KIND, line, format!("工资表计发的{days}天现在考勤为缺勤或无记录")));
        }
    }
    // A worker may be on several sheets of a month (a transfer, a 补充工资表): the month's pay is their sum.
    let mut month_net: HashMap<i64, (i64, usize)> = HashMap::new();
    for line in &lines {
        let entry = month_net.entry(line.worker_id).or_default();
        entry.0 += line.net_fen;
        entry.1 += 1;
    }
    let paid_text = |worker: i64| {
        let (net, count) = month_net[&worker];
        if count > 1 {
            format!("本月{count}张工资表合计实发{}元", yuan_grouped(net))
        } else {
            format!("实发{}元", yuan(net))
        }
    };
    let short = super::minimum::shortfalls(minimum_monthly_fen, &lines);
    for (line, short) in lines.iter().filter_map(|line| short.get(&line.worker_id).map(|short| (line, short))) {
        let (days, minimum, basis) = (short.days, yuan(short.minimum_fen), &short.basis);
        let detail = format!("计薪{days}天对应最低工资{minimum}元（{basis}），{}", paid_text(line.worker_id));
        found.push(from_line(MINIMUM_WAGE_KIND, line, detail));
    }
    for line in &lines {
        if month_net[&line.worker_id].0 > MONTHLY_LIMIT_FEN {
            let paid = month_net[&line.worker_id].0;
            let detail = if month_net[&line.worker_id].1 > 1 {
                format!("{}，超过50,000.00元", paid_text(line.worker_id))
            } else {
                format!("实发{}元，超过50,000.00元", yuan_grouped(paid))
            };
            found.push(from_line("over_limit", line, detail));
        }
    }
    let year_totals = repo::year_totals(db, project_id, &span.month).await?;
    for line in &lines {
        let year_fen = year_totals.get(&line.worker_id).copied().unwrap_or(0);
        if year_fen > YEARLY_LIMIT_FEN {
            let detail = format!(
                "{}年1月至{}月实发合计{}元，超过300,000.00元",
                &span.month[..4],
                span.month[5..].trim_start_matches('0'),
                yuan_grouped(year_fen)
            );
            found.push(from_line(OVER_YEAR_LIMIT_KIND, line, detail));
        }
    }
    found.extend(super::rates::below_rate(db, project_id, span, &lines).await?);
    for line in &lines {
        if let Some(problem) = card::problem(&line.card_number) {
            found.push(from_line("card", line, problem.into()));
        }
    }
    Ok(found)
}

pub async fn check(
    db: &Db,
    current: &CurrentAccount,
    minimum_monthly_fen: i64,
    query: &WageCheckQuery,
) -> Result<Paged<WageAnomaly>, ApiError> {
    let project_id = match read_scope(db, current, &query.project_id).await? {
        ReadScope::Project(id) => id,
        ReadScope::All => return Err(ApiError::refused("请选择项目")),
    };
    let page = page(&query.page, &query.limit)?;
    let span = month_span(&text(&query.month))?;
    let kind = text(&query.kind);
    if !kind.is_empty() && !KINDS.iter().any(|(value, _)| *value == kind) {
        return Err(ApiError::refused(MSG_KIND));
    }
    let all = anomalies(db, project_id, &span, minimum_monthly_fen).await?;
    let matching: Vec<WageAnomaly> =
        all.into_iter().filter(|anomaly| kind.is_empty() || anomaly.kind == kind).collect();
    let total = matching.len() as i64;
    let list = matching.into_iter().skip(page.offset() as usize).take(page.limit as usize).collect();
    Ok(page.answer(list, total))
}
