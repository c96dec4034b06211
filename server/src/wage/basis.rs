//! What an order pays and why (issue 11 item 6): per order line the attended days, the wage kind and rate,
//! the prefill, payable, deduction with its reason, net, the card paid to, and every anomaly salaryCheck
//! (`service::anomalies`) finds for that line; the approver and the clerk read the same answer. And what the
//! payouts made of the sheets and orders (item 7): a sheet is 部分发放 while a line with net pay has no paid
//! payout, 已发放 when every one has; an order that partly failed becomes 已支付 once each failed line has
//! been re-issued and paid.

use std::collections::{HashMap, HashSet};

use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::confirmation::{self, WorkerConfirmation};
use super::line_days::{WagePaidDates, paid_dates};
use super::money::yuan;
use super::repo::{self, OrderRow};
use super::service::{self, MSG_NO_ORDER, MonthSpan, WageAnomaly, month_span, payout_status_label};
use crate::db::Db;
use crate::domain::mask::masked;
use crate::domain::wage_card as card;
use crate::envelope::ApiError;
use crate::paging::{Page, Paged};

pub const MSG_NOT_ON_ORDER: &str = "该工人不在本工资单";

/// A rule salaryCheck found broken on one line.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WageLineAnomaly {
    /// A kind of salaryCheck (`Sheet/options` checkKinds).
    pub kind: String,
    pub label: String,
    /// The figures behind it, e.g. `实发99,999.99元，超过50,000.00元`.
    pub detail: String,
}

/// One order line with what it is based on.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WageLineBasis {
    pub payout_id: i64,
    pub line_id: i64,
    pub sheet_id: i64,
    pub worker_id: i64,
    pub name: String,
    /// Masked.
    pub id_number: String,
    pub unit_name: String,
    pub team_name: String,
    /// Attended days the line pays.
    pub days: i64,
    /// day 日薪, month 月薪.
    pub wage_kind: String,
    pub wage_kind_label: String,
    /// The rate, yuan a day or a month.
    pub wage: String,
    /// What the attendance gives, yuan.
    pub prefill: String,
    pub payable: String,
    pub deduction: String,
    /// Why payable differs from the prefill or a deduction is made ('' when neither).
    pub reason: String,
    pub net: String,
    /// The card the payout goes (went) to, masked, its bank and what is wrong with it ('' nothing).
    pub card_number: String,
    pub card_bank: String,
    pub card_bank_name: String,
    pub card_problem: String,
    /// The payout's status: queued 待审批, pending 支付中, paid 已支付, failed 支付失败, cancelled 已取消.
    pub status: String,
    pub status_label: String,
    pub failure_reason: String,
    /// Statutory holidays paid without attendance (monthly wage).
    pub holiday_days: i64,
    /// Attended rest days and holidays of a monthly wage.
    pub overtime_days: i64,
    /// How the prefill was reached.
    pub basis: String,
    /// Pay taken back for days paid before and corrected to absent since, yuan.
    pub adjustment: String,
    /// Those take-backs: the day, the amount and the clerk's reason.
    pub adjustments: Vec<service::WageAdjustment>,
    pub anomalies: Vec<WageLineAnomaly>,
    /// Days other sheets paid below the standard in force that the line makes good (补差), and the amount.
    pub topup_days: i64,
    pub topup: String,
    /// The dates the line pays at their standards, and which sheets paid the worker's other days of the month.
    pub paid: WagePaidDates,
    /// The worker's confirmation or dispute of the line.
    pub worker_confirmation: WorkerConfirmation,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WageOrderBasis {
    pub order_id: i64,
    pub month: String,
    /// The order's total, yuan.
    pub total: String,
    pub line_count: i64,
    /// Lines of the order with at least one anomaly.
    pub anomaly_lines: i64,
    /// Lines whose worker has not confirmed yet, lines disputed, and disputes the clerk has not answered.
    pub unconfirmed: i64,
    pub disputed: i64,
    pub unanswered: i64,
    /// Lines with anomalies first, then the rest, each in payout order.
    pub lines: Paged<WageLineBasis>,
}

#[derive(Debug, Default, Deserialize, IntoParams, ToSchema)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct WageBasisQuery {
    /// The order.
    pub id: Option<String>,
    pub page: Option<String>,
    pub limit: Option<String>,
    /// The regulator's project (builders: their own).
    pub project_id: Option<String>,
    /// 1: only lines with anomalies.
    pub anomalous: Option<String>,
}

/// The attendance month of a worker on an order, for its approver.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WageAttendanceForm {
    /// The order.
    pub id: Option<String>,
    pub worker_id: Option<String>,
}

fn positive(value: &Option<String>) -> Option<i64> {
    value.as_deref().unwrap_or("").trim().parse::<i64>().ok().filter(|id| *id > 0)
}

/// The order of the project (0: any) or 404.
pub async fn order_of(db: &Db, project_filter: i64, id: &Option<String>) -> Result<OrderRow, ApiError> {
    let missing = || ApiError::NotFound(MSG_NO_ORDER.into());
    let id = positive(id).ok_or_else(missing)?;
    repo::order(db, project_filter, id).await?.ok_or_else(missing)
}

/// The basis of an order of the project (0: any), a page of its lines.
pub async fn order_basis(
    db: &Db,
    project_filter: i64,
    minimum_monthly_fen: i64,
    query: &WageBasisQuery,
) -> Result<WageOrderBasis, ApiError> {
    let page = Page::parse(&query.page, &query.limit)?;
    let order = order_of(db, project_filter, &query.id).await?;
    let span = month_span(&order.month)?;
    let payouts = repo::order_payouts(db, order.id).await?;
    let mut found = line_anomalies(db, order.project_id, &span, minimum_monthly_fen, &payouts).await?;
    let flagged: Vec<i64> =
        payouts.iter().filter(|(_, line)| found.contains_key(line)).map(|(payout, _)| *payout).collect();
    let anomaly_lines = flagged.len() as i64;
    let chosen: Vec<i64> = if query.anomalous.as_deref().map(str::trim) == Some("1") {
        flagged
    } else {
        let clean = payouts.iter().filter(|(_, line)| !found.contains_key(line)).map(|(payout, _)| *payout);
        flagged.into_iter().chain(clean).collect()
    };
    let total = chosen.len() as i64;
    let ids: Vec<i64> = chosen.into_iter().skip(page.offset() as usize).take(page.limit as usize).collect();
    let mut rows = repo::basis_rows(db, &ids).await?;
    rows.sort_by_key(|row| ids.iter().position(|id| *id == row.payout_id));
    let mut taken: HashMap<i64, Vec<service::WageAdjustment>> = HashMap::new();
    for (line_id, adjustment) in
        repo::line_adjustments(db, &rows.iter().map(|row| row.line.id).collect::<Vec<_>>()).await?
    {
        taken.entry(line_id).or_default().push(service::WageAdjustment {
            line_id,
            day: adjustment.day,
            amount: yuan(adjustment.amount_fen),
            reason: adjustment.reason,
        });
    }
    let pairs: Vec<(i64, i64)> = rows.iter().map(|row| (row.line.id, row.line.worker_id)).collect();
    let mut dates = paid_dates(db, order.project_id, &order.month, &pairs).await?;
    let mut words = confirmation::of_lines(db, &pairs.iter().map(|(line, _)| *line).collect::<Vec<_>>()).await?;
    let counts = confirmation::order_counts(db, order.id).await?;
    let list = rows
        .into_iter()
        .map(|row| {
            let anomalies = found.remove(&row.line.id).unwrap_or_default();
            let adjustments = taken.remove(&row.line.id).unwrap_or_default();
            let paid = dates.remove(&row.line.id).unwrap_or_default();
            let worker_confirmation = words.remove(&row.line.id).unwrap_or_default();
            WageLineBasis { worker_confirmation, ..basis_out(row, anomalies, adjustments, paid) }
        })
        .collect();
    Ok(WageOrderBasis {
        order_id: order.id,
        month: order.month,
        total: yuan(order.total_fen),
        line_count: order.line_count,
        anomaly_lines,
        unconfirmed: counts.pending,
        disputed: counts.disputed,
        unanswered: counts.unanswered,
        lines: page.answer(list, total),
    })
}

/// salaryCheck's anomalies of the month, kept for the order's lines, by line id.
async fn line_anomalies(
    db: &Db,
    project_id: i64,
    span: &MonthSpan,
    minimum_monthly_fen: i64,
    payouts: &[(i64, i64)],
) -> Result<HashMap<i64, Vec<WageLineAnomaly>>, ApiError> {
    let lines: HashSet<i64> = payouts.iter().map(|(_, line)| *line).collect();
    let mut found: HashMap<i64, Vec<WageLineAnomaly>> = HashMap::new();
    for anomaly in service::anomalies(db, project_id, span, minimum_monthly_fen).await? {
        if lines.contains(&anomaly.line_id) {
            let WageAnomaly { kind, kind_label, detail, line_id, .. } = anomaly;
            found.entry(line_id).or_default().push(WageLineAnomaly { kind, label: kind_label, detail });
        }
    }
    Ok(found)
}

fn wage_kind_label(kind: &str) -> &'static str {
    match kind {
        "day" => "日薪",
        "month" => "月薪",
        _ => "",
    }
}

fn basis_out(
    row: repo::BasisRow,
    anomalies: Vec<WageLineAnomaly>,
    adjustments: Vec<service::WageAdjustment>,
    paid: WagePaidDates,
) -> WageLineBasis {
    WageLineBasis {
        payout_id: row.payout_id,
        line_id: row.line.id,
        sheet_id: row.line.sheet_id,
        worker_id: row.line.worker_id,
        name: row.line.name,
        id_number: masked(&row.line.id_number),
        unit_name: row.unit_name,
        team_name: row.team_name,
        days: row.line.days,
        wage_kind_label: wage_kind_label(&row.line.wage_kind).into(),
        wage_kind: row.line.wage_kind,
        wage: yuan(row.line.wage_fen),
        prefill: yuan(row.line.prefill_fen),
        payable: yuan(row.line.payable_fen),
        deduction: yuan(row.line.deduction_fen),
        reason: row.line.reason,
        net: yuan(row.line.net_fen),
        card_problem: card::problem(&row.line.card_number).unwrap_or("").into(),
        card_number: masked(&row.line.card_number),
        card_bank: row.line.card_bank,
        card_bank_name: row.line.card_bank_name,
        status_label: payout_status_label(&row.status).into(),
        status: row.status,
        failure_reason: row.failure_reason,
        holiday_days: row.line.holiday_days,
        overtime_days: row.line.overtime_days,
        basis: row.line.basis,
        adjustment: yuan(row.line.adjustment_fen),
        adjustments,
        anomalies,
        topup_days: row.line.topup_days,
        topup: yuan(row.line.topup_fen),
        paid,
        worker_confirmation: WorkerConfirmation::default(),
    }
}

/// The worker's attendance in the order's month, read-only, for whoever may read the order; a worker with
/// no line on it → 404.
pub async fn order_attendance(
    db: &Db,
    project_filter: i64,
    form: &WageAttendanceForm,
) -> Result<crate::attendance::service::AttendanceWorkerMonth, ApiError> {
    let order = order_of(db, project_filter, &form.id).await?;
    let missing = || ApiError::NotFound(MSG_NOT_ON_ORDER.into());
    let worker_id = positive(&form.worker_id).ok_or_else(missing)?;
    if !repo::on_order(db, order.id, worker_id).await? {
        return Err(missing());
    }
    crate::attendance::service::worker_month(db, order.project_id, worker_id, &order.month).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wage_kinds_read_in_chinese() {
        assert_eq!(wage_kind_label("day"), "日薪");
        assert_eq!(wage_kind_label("month"), "月薪");
        assert_eq!(wage_kind_label("piece"), "");
    }
}
