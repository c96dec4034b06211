//! Rates in force, paid in full (issue 28 item 3): what each day of a month was paid at so far (the plan's
//! levels), a change of a wage standard dated into paid days (a raise is made good as 补差 on a supplementary
//! sheet; a cut or a change of wage kind is refused, nothing paid is taken back), and 工资核查's days paid
//! below the standard in force.

use std::collections::HashMap;

use time::Date;

use super::line_days::{compact, topup_text};
use super::money::yuan;
use super::plan::{self, parse};
use super::repo::days::{self as repo_days, BaseDay, TopupRow};
use super::repo::{self, CheckLine};
use super::service::{BELOW_RATE_KIND, MonthSpan, WageAnomaly, kind_label};
use super::topup::{Level, chain};
use crate::db::Db;
use crate::domain::mask::masked;
use crate::domain::payroll::WageKind;
use crate::envelope::ApiError;

/// Per worker, each held day's level: its base payment's standard raised along the top-ups of the day
/// (`settled_only`: only those on sheets past the draft, i.e. what was paid, not what a draft offers).
pub fn levels(base: &[BaseDay], topups: &[TopupRow], settled_only: bool) -> HashMap<i64, HashMap<Date, Level>> {
    let mut steps: HashMap<(i64, &str), Vec<(i64, i64)>> = HashMap::new();
    for row in topups.iter().filter(|row| !settled_only || row.status != "draft") {
        steps.entry((row.worker_id, row.day.as_str())).or_default().push((row.from_fen, row.to_fen));
    }
    let mut out: HashMap<i64, HashMap<Date, Level>> = HashMap::new();
    for row in base {
        let settled = row.status != "draft";
        if settled_only && !settled {
            continue;
        }
        let (Some(day), Some(kind)) = (parse(&row.day), WageKind::parse(&row.wage_kind)) else { continue };
        let taken = steps.get(&(row.worker_id, row.day.as_str())).map(Vec::as_slice).unwrap_or(&[]);
        out.entry(row.worker_id).or_default().insert(day, Level { kind, fen: chain(row.wage_fen, taken), settled });
    }
    out
}

/// The month's days on lines of sheets other than `except_sheet` (0: none), and per worker their levels
/// (`settled_only` as [`levels`]). A day whose pay was taken back is no longer paid: it carries no level and is
/// never topped up.
pub async fn month_levels(
    db: &Db,
    project_id: i64,
    span: &MonthSpan,
    except_sheet: i64,
    settled_only: bool,
) -> Result<(Vec<BaseDay>, HashMap<i64, HashMap<Date, Level>>), ApiError> {
    let (base, topups) = repo_days::month_days(db, project_id, &span.month, except_sheet).await?;
    let mut found = levels(&base, &topups, settled_only);
    for (worker, day) in repo_days::taken_back(db, project_id, &span.first_day, &span.last_day).await? {
        if let (Some(days), Some(day)) = (found.get_mut(&worker), parse(&day)) {
            days.remove(&day);
        }
    }
    Ok((base, found))
}

/// Why a new standard cannot take effect from `from_day`: the first and last paid day it would lower (or
/// change the wage kind of) and what they were paid at.
fn cut_message(first: Date, last: Date, paid: &str) -> String {
    let next = last.next_day().map(|day| day.to_string()).unwrap_or_default();
    let span = if first == last { first.to_string() } else { format!("{first}至{last}") };
    format!("{span}的工资已按{paid}计发，工资标准下调或改变计薪方式只能自{next}起生效（已发工资不追回）")
}

/// What a new standard (`kind`, `fen`) of roster line `employment_id` from `from_day` (until `until_day`, the
/// next recorded standard's day, '' none) does to days already on confirmed sheets: a cut or a change of kind
/// is refused with the days named; a raise answers the notice that they will be made good (补差).
pub async fn standard_change(
    db: &Db,
    project_id: i64,
    employment_id: i64,
    (kind, fen): (&str, i64),
    from_day: &str,
    until_day: &str,
) -> Result<Option<String>, ApiError> {
    let (base, topups) = repo_days::employment_paid(db, project_id, employment_id, from_day, until_day).await?;
    let paid = levels(&base, &topups, true);
    let mut days: Vec<(Date, Level)> = paid.into_values().flatten().collect();
    days.sort_by_key(|(day, _)| *day);
    let text = |level: &Level| {
        let unit = if level.kind == WageKind::Month { "月薪" } else { "日薪" };
        format!("{unit}{}元", yuan(level.fen))
    };
    let lowered: Vec<&(Date, Level)> =
        days.iter().filter(|(_, level)| level.kind.as_str() != kind || level.fen > fen).collect();
    if let (Some(first), Some(last)) = (lowered.first(), lowered.last()) {
        let highest = lowered.iter().map(|(_, level)| level).max_by_key(|level| level.fen).unwrap_or(&first.1);
        return Err(ApiError::refused(cut_message(first.0, last.0, &text(highest))));
    }
    let raised: Vec<Date> = days.iter().filter(|(_, level)| level.fen < fen).map(|(day, _)| *day).collect();
    Ok((!raised.is_empty()).then(|| {
        format!(
            "已保存。已计发的{}天（{}）按新标准计算的差额，将在新建该月补充工资表时补发（补差）",
            raised.len(),
            compact(&raised)
        )
    }))
}

/// 工资核查: per worker, the days of the month on confirmed sheets paid below the standard in force that day,
/// on the line that paid the first of them (`lines`: the month's lines), with the shortfall.
pub async fn below_rate(
    db: &Db,
    project_id: i64,
    span: &MonthSpan,
    lines: &[CheckLine],
) -> Result<Vec<WageAnomaly>, ApiError> {
    let Some(priced_at) = repo::days::first_priced(db, project_id, &span.month).await? else { return Ok(Vec::new()) };
    if !crate::worker::corrections::rates_recorded_since(db, project_id, priced_at, &span.last_day).await? {
        return Ok(Vec::new());
    }
    let inputs = super::service::plan_inputs(db, project_id, span, 0).await?;
    let (base, settled) = month_levels(db, project_id, span, 0, true).await?;
    let line_of: HashMap<(i64, &str), i64> =
        base.iter().map(|row| ((row.worker_id, row.day.as_str()), row.line_id)).collect();
    let by_line: HashMap<i64, &CheckLine> = lines.iter().map(|line| (line.line_id, line)).collect();
    let mut found = Vec::new();
    for (worker, topup) in plan::below_standard(&inputs, &settled) {
        let Some(first) = topup.days.first() else { continue };
        let Some(line) = line_of.get(&(worker, first.day.to_string().as_str())).and_then(|id| by_line.get(id)) else {
            continue;
        };
        let steps: Vec<(Date, &str, i64, i64)> =
            topup.days.iter().map(|day| (day.day, day.terms.kind.as_str(), day.from_fen, day.terms.rate_fen)).collect();
        found.push(WageAnomaly {
            kind: BELOW_RATE_KIND.into(),
            kind_label: kind_label(BELOW_RATE_KIND).into(),
            worker_id: worker,
            name: line.name.clone(),
            id_number: masked(&line.id_number),
            line_id: line.line_id,
            sheet_id: line.sheet_id,
            unit_name: line.unit_name.clone(),
            team_name: line.team_name.clone(),
            days: topup.days.len() as i64,
            net: yuan(line.net_fen),
            detail: format!(
                "{}天已计发的工资低于现行工资标准：{}，少计{}元，请编制补充工资表补差",
                topup.days.len(),
                topup_text(&steps),
                yuan(topup.fen)
            ),
            month: span.month.clone(),
            excess_days: 0,
        });
    }
    found.sort_by_key(|anomaly| anomaly.worker_id);
    Ok(found)
}
