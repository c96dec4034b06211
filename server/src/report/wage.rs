//! 统计报表 › 工资统计: payable (the wage sheets' net) and paid (the special account's payout flows) per month
//! and unit, the special account's share, the average net per work type and the workers' confirmation rate,
//! read through the owners' services over the selection's cohort.

use std::collections::{BTreeMap, HashMap};

use serde::Serialize;
use utoipa::ToSchema;

use super::service::{Selection, name_or, percent};
use crate::db::Db;
use crate::envelope::ApiError;
use crate::wage::money::yuan;
use crate::{account, wage, worker};

/// Payable and paid of one month, yuan.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WageMonth {
    pub month: String,
    /// Net of the month's wage lines.
    pub payable: String,
    /// Paid out of the special account in the month (its payout flows).
    pub paid: String,
}

/// One unit's payable, paid and arrears over the months, yuan.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WageUnit {
    pub unit: String,
    pub payable: String,
    pub paid: String,
    /// payable − paid, never below 0.
    pub arrears: String,
}

/// The average net of a work type's wage lines (one line = one worker's month).
#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WorkTypeAverage {
    pub work_type: String,
    pub lines: i64,
    pub net: String,
    pub average: String,
}

/// How many of a unit's wage lines of a month their workers confirmed (issue 31).
#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WageConfirmationRate {
    pub unit: String,
    pub month: String,
    /// Lines whose workers were asked (the sheet was confirmed), and of them confirmed.
    pub asked: i64,
    pub confirmed: i64,
    /// confirmed ÷ asked, per cent with one decimal.
    pub rate: f64,
}

/// 工资统计.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WageReport {
    pub months: Vec<WageMonth>,
    /// Largest arrears first.
    pub units: Vec<WageUnit>,
    pub payable: String,
    pub paid: String,
    /// Paid through the special account ÷ payable, per cent with one decimal.
    pub special_share: f64,
    pub work_types: Vec<WorkTypeAverage>,
    /// The workers' confirmation rate per unit and month.
    pub confirmations: Vec<WageConfirmationRate>,
}

/// Per month and per unit, in fen: (months [(month, payable, paid)], units [(unit, payable, paid)], work
/// types [(label, lines, net)]).
pub struct WageFigures {
    pub months: Vec<(String, i64, i64)>,
    pub units: Vec<(String, i64, i64)>,
    pub work_types: Vec<(String, i64, i64)>,
    /// (unit, month, asked, confirmed).
    pub confirmations: Vec<(String, String, i64, i64)>,
}

pub async fn wage_figures(db: &Db, selection: &Selection) -> Result<WageFigures, ApiError> {
    let cohort = &selection.cohort;
    let (first, last) =
        (selection.months.first().cloned().unwrap_or_default(), selection.months.last().cloned().unwrap_or_default());
    // Independent reads, each on its own connection.
    let (nets, (unit_names, _), paid, asked) = tokio::try_join!(
        wage::service::nets_per_unit_month(db, cohort, &first, &last),
        worker::service::unit_and_team_names(db, cohort),
        account::service::payouts_per_unit_month(db, cohort, &first, &last),
        wage::confirmation::per_unit_month(db, cohort, &first, &last),
    )?;
    let confirmations = asked
        .into_iter()
        .map(|(unit, month, asked, confirmed)| (name_or(&unit_names, unit, ""), month, asked, confirmed))
        .collect();
    let mut payable_month: HashMap<String, i64> = HashMap::new();
    let mut unit_figures: BTreeMap<i64, (i64, i64)> = BTreeMap::new();
    let mut work_types: HashMap<String, (i64, i64)> = HashMap::new();
    for (unit, work_type, month, lines, net) in nets {
        *payable_month.entry(month).or_insert(0) += net;
        unit_figures.entry(unit).or_default().0 += net;
        let label = worker::service::work_type_label(&work_type);
        let entry = work_types.entry(if label.is_empty() { "未填写".to_owned() } else { label }).or_default();
        entry.0 += lines;
        entry.1 += net;
    }
    let mut paid_month: HashMap<String, i64> = HashMap::new();
    for (unit, month, fen) in paid {
        unit_figures.entry(unit).or_default().1 += fen;
        *paid_month.entry(month).or_insert(0) += fen;
    }
    let months = selection
        .months
        .iter()
        .map(|month| {
            let figure = |per_month: &HashMap<String, i64>| per_month.get(month).copied().unwrap_or(0);
            (month.clone(), figure(&payable_month), figure(&paid_month))
        })
        .collect();
    let mut units: Vec<(String, i64, i64)> = unit_figures
        .into_iter()
        .map(|(unit, (payable, paid))| (name_or(&unit_names, unit, ""), payable, paid))
        .collect();
    units.sort_by(|a, b| (b.1 - b.2).cmp(&(a.1 - a.2)).then_with(|| a.0.cmp(&b.0)));
    let mut work_types: Vec<(String, i64, i64)> =
        work_types.into_iter().map(|(label, (lines, net))| (label, lines, net)).collect();
    work_types.sort_by(|a, b| a.0.cmp(&b.0));
    Ok(WageFigures { months, units, work_types, confirmations })
}

/// Half-up integer division of fen (averages).
fn average(total: i64, count: i64) -> i64 {
    if count == 0 { 0 } else { wage::money::div_half_up(total, count) }
}

pub fn wage_report(figures: &WageFigures) -> WageReport {
    let payable: i64 = figures.months.iter().map(|month| month.1).sum();
    let paid: i64 = figures.months.iter().map(|month| month.2).sum();
    WageReport {
        months: figures
            .months
            .iter()
            .map(|(month, payable, paid)| WageMonth {
                month: month.clone(),
                payable: yuan(*payable),
                paid: yuan(*paid),
            })
            .collect(),
        units: figures
            .units
            .iter()
            .map(|(unit, payable, paid)| WageUnit {
                unit: unit.clone(),
                payable: yuan(*payable),
                paid: yuan(*paid),
                arrears: yuan((payable - paid).max(0)),
            })
            .collect(),
        payable: yuan(payable),
        paid: yuan(paid),
        special_share: percent(paid, payable),
        work_types: figures
            .work_types
            .iter()
            .map(|(work_type, lines, net)| WorkTypeAverage {
                work_type: work_type.clone(),
                lines: *lines,
                net: yuan(*net),
                average: yuan(average(*net, *lines)),
            })
            .collect(),
        confirmations: figures
            .confirmations
            .iter()
            .map(|(unit, month, asked, confirmed)| WageConfirmationRate {
                unit: unit.clone(),
                month: month.clone(),
                asked: *asked,
                confirmed: *confirmed,
                rate: percent(*confirmed, *asked),
            })
            .collect(),
    }
}
