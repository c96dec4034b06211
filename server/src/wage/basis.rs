//! What an order pays and why (issue 11 item 6): per order line the attended days, the wage kind and rate,
//! the prefill, payable, deduction with its reason, net, the card paid to, and every anomaly salaryCheck
//! (`service::anomalies`) finds for that line; the approver and the clerk read the same answer. And what the
//! payouts made of the sheets and orders (item 7): a sheet is 部分发放 while a line with net pay has no paid
//! payout, 已发放 when every one has; an order that partly failed becomes 已支付 once each failed line has
//! been re-issued and paid.

use std::collections::{HashMap, HashSet};

use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::money::yuan;
use super::repo::{self, OrderRow};
use super::service::{self, MSG_NO_ORDER, MonthSpan, WageAnomaly, month_span, payout_status_label};
use crate::db::Db;
use crate::domain::mask::masked;
use crate::domain::wage_card as card;
use crate::envelope::ApiError;
use crate::on_db;
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
    /// Lines with anomalies first, then the rest, each in payout order.
    pub lines: Paged<WageLineBasis>,
}

#[derive(Debug, Default, Deserialize, IntoParams, ToSchema)]
#[into_params(parameter_in = Query)]
#[allow(non_snake_case)]
pub struct WageBasisQuery {
    /// The order.
    pub id: Option<String>,
    pub page: Option<String>,
    pub limit: Option<String>,
    /// The regulator's project (builders: their own).
    pub projectId: Option<String>,
    /// 1: only lines with anomalies.
    pub anomalous: Option<String>,
}

/// The attendance month of a worker on an order, for its approver.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[allow(non_snake_case)]
pub struct WageAttendanceForm {
    /// The order.
    pub id: Option<String>,
    pub workerId: Option<String>,
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
pub async fn order_basis(db: &Db, project_filter: i64, minimum_monthly_fen: i64, query: &WageBasisQuery) -> Result<WageOrderBasis, ApiError> {
    let page = Page::parse(&query.page, &query.limit)?;
    let order = order_of(db, project_filter, &query.id).await?;
    let span = month_span(&order.month)?;
    let payouts = order_payouts(db, order.id).await?;
    let mut found = line_anomalies(db, order.project_id, &span, minimum_monthly_fen, &payouts).await?;
    let flagged: Vec<i64> = payouts.iter().filter(|(_, line)| found.contains_key(line)).map(|(payout, _)| *payout).collect();
    let anomaly_lines = flagged.len() as i64;
    let chosen: Vec<i64> = if query.anomalous.as_deref().map(str::trim) == Some("1") {
        flagged
    } else {
        let clean = payouts.iter().filter(|(_, line)| !found.contains_key(line)).map(|(payout, _)| *payout);
        flagged.into_iter().chain(clean).collect()
    };
    let total = chosen.len() as i64;
    let ids: Vec<i64> = chosen.into_iter().skip(page.offset() as usize).take(page.limit as usize).collect();
    let mut rows = basis_rows(db, &ids).await?;
    rows.sort_by_key(|row| ids.iter().position(|id| *id == row.payout_id));
    let mut taken: HashMap<i64, Vec<service::WageAdjustment>> = HashMap::new();
    for (line_id, adjustment) in repo::line_adjustments(db, &rows.iter().map(|row| row.line_id).collect::<Vec<_>>()).await? {
        taken.entry(line_id).or_default().push(service::WageAdjustment {
            line_id,
            day: adjustment.day,
            amount: yuan(adjustment.amount_fen),
            reason: adjustment.reason,
        });
    }
    let list = rows
        .into_iter()
        .map(|row| {
            let anomalies = found.remove(&row.line_id).unwrap_or_default();
            let adjustments = taken.remove(&row.line_id).unwrap_or_default();
            basis_out(row, anomalies, adjustments)
        })
        .collect();
    Ok(WageOrderBasis {
        order_id: order.id,
        month: order.month,
        total: yuan(order.total_fen),
        line_count: order.line_count,
        anomaly_lines,
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

fn basis_out(row: BasisRow, anomalies: Vec<WageLineAnomaly>, adjustments: Vec<service::WageAdjustment>) -> WageLineBasis {
    WageLineBasis {
        payout_id: row.payout_id,
        line_id: row.line_id,
        sheet_id: row.sheet_id,
        worker_id: row.worker_id,
        name: row.name,
        id_number: masked(&row.id_number),
        unit_name: row.unit_name,
        team_name: row.team_name,
        days: row.days,
        wage_kind_label: wage_kind_label(&row.wage_kind).into(),
        wage_kind: row.wage_kind,
        wage: yuan(row.wage_fen),
        prefill: yuan(row.prefill_fen),
        payable: yuan(row.payable_fen),
        deduction: yuan(row.deduction_fen),
        reason: row.reason,
        net: yuan(row.net_fen),
        card_problem: card::problem(&row.card_number).unwrap_or("").into(),
        card_number: masked(&row.card_number),
        card_bank: row.card_bank,
        card_bank_name: row.card_bank_name,
        status_label: payout_status_label(&row.status).into(),
        status: row.status,
        failure_reason: row.failure_reason,
        holiday_days: row.holiday_days,
        overtime_days: row.overtime_days,
        basis: row.basis,
        adjustment: yuan(row.adjustment_fen),
        adjustments,
        anomalies,
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
    let worker_id = positive(&form.workerId).ok_or_else(missing)?;
    if !on_order(db, order.id, worker_id).await? {
        return Err(missing());
    }
    crate::attendance::service::worker_month(db, order.project_id, worker_id, &order.month).await
}

// ---------------------------------------------------------------------------------------------------------
// SQL of the basis (wage area tables; read-only)

#[derive(Clone, Debug, sqlx::FromRow)]
struct BasisRow {
    payout_id: i64,
    line_id: i64,
    sheet_id: i64,
    worker_id: i64,
    name: String,
    id_number: String,
    unit_name: String,
    team_name: String,
    days: i64,
    wage_kind: String,
    wage_fen: i64,
    prefill_fen: i64,
    payable_fen: i64,
    deduction_fen: i64,
    net_fen: i64,
    reason: String,
    card_number: String,
    card_bank: String,
    card_bank_name: String,
    status: String,
    failure_reason: String,
    holiday_days: i64,
    overtime_days: i64,
    basis: String,
    adjustment_fen: i64,
}

/// Every payout of the order with its line: (payout id, line id), in payout order.
async fn order_payouts(db: &Db, order_id: i64) -> sqlx::Result<Vec<(i64, i64)>> {
    on_db!(db, pool => sqlx::query_as("SELECT id, line_id FROM payouts WHERE order_id = $1 ORDER BY id").bind(order_id).fetch_all(pool).await)
}

async fn basis_rows(db: &Db, payout_ids: &[i64]) -> sqlx::Result<Vec<BasisRow>> {
    if payout_ids.is_empty() {
        return Ok(Vec::new());
    }
    let marks: Vec<String> = (1..=payout_ids.len()).map(|n| format!("${n}")).collect();
    let sql = format!(
        "SELECT p.id AS payout_id, l.id AS line_id, l.sheet_id, l.worker_id, w.name, w.id_number, c.name AS unit_name, \
         COALESCE(t.name, '') AS team_name, l.days, l.wage_kind, l.wage_fen, l.prefill_fen, l.payable_fen, l.deduction_fen, l.net_fen, \
         l.reason, p.card_number, p.card_bank, COALESCE(b.name, '') AS card_bank_name, p.status, p.failure_reason, \
         l.holiday_days, l.overtime_days, l.basis, l.adjustment_fen \
         FROM payouts p JOIN wage_lines l ON l.id = p.line_id JOIN workers w ON w.id = l.worker_id JOIN wage_sheets s ON s.id = l.sheet_id \
         JOIN project_units pu ON pu.id = s.unit_id JOIN companies c ON c.id = pu.company_id LEFT JOIN teams t ON t.id = s.team_id \
         LEFT JOIN banks b ON b.code = p.card_bank AND b.parent_code = '' WHERE p.id IN ({})",
        marks.join(", ")
    );
    on_db!(db, pool => {
        let mut query = sqlx::query_as(sqlx::AssertSqlSafe(sql.clone()));
        for id in payout_ids {
            query = query.bind(*id);
        }
        query.fetch_all(pool).await
    })
}

async fn on_order(db: &Db, order_id: i64, worker_id: i64) -> sqlx::Result<bool> {
    let sql = "SELECT COUNT(*) FROM payouts WHERE order_id = $1 AND worker_id = $2";
    let count: i64 = on_db!(db, pool => sqlx::query_scalar(sql).bind(order_id).bind(worker_id).fetch_one(pool).await)?;
    Ok(count > 0)
}

/// Each worker's net pay on the project's lines from January to `month` (`YYYY-MM`) of its year, in fen.
pub async fn year_totals(db: &Db, project_id: i64, month: &str) -> sqlx::Result<HashMap<i64, i64>> {
    let january = format!("{}-01", month.get(..4).unwrap_or(""));
    let sql = "SELECT worker_id, CAST(SUM(net_fen) AS BIGINT) FROM wage_lines WHERE project_id = $1 AND month >= $2 AND month <= $3 GROUP BY worker_id";
    let rows: Vec<(i64, i64)> = on_db!(db, pool => sqlx::query_as(sql).bind(project_id).bind(&january).bind(month).fetch_all(pool).await)?;
    Ok(rows.into_iter().collect())
}

// ---------------------------------------------------------------------------------------------------------
// Sheet and order states after a settlement (item 7)

/// The sheets an order's settlement touches (its own, and those of the lines it re-issued), their status
/// and the one their lines' payouts call for.
#[doc(hidden)]
pub const SHEETS_SETTLED_SQL: &str = "SELECT s.id, s.status, CASE WHEN EXISTS (SELECT 1 FROM wage_lines l WHERE l.sheet_id = s.id \
    AND l.net_fen > 0 AND NOT EXISTS (SELECT 1 FROM payouts q WHERE q.line_id = l.id AND q.status = 'paid')) THEN 'partial' ELSE 'paid' END \
    FROM wage_sheets s WHERE s.status IN ('confirmed', 'partial', 'paid') AND s.id IN (SELECT sheet_id FROM wage_order_sheets WHERE order_id = $1 \
    UNION SELECT l.sheet_id FROM payouts p JOIN wage_lines l ON l.id = p.line_id WHERE p.order_id = $1) ORDER BY s.id";

#[doc(hidden)]
pub const SHEET_STATUS_SQL: &str = "UPDATE wage_sheets SET status = $3 WHERE id = $1 AND status = $2";

/// Orders of the settled order's project left 部分发放 whose every failed line has since been paid (by a
/// re-issue). A project has few such orders; each is judged on its own payouts (`payouts_order`) and the
/// paid payout of a line (`payouts_one_paid`).
#[doc(hidden)]
pub const ORDERS_MADE_WHOLE_SQL: &str = "SELECT o.id FROM wage_orders o WHERE o.status = 'partial' \
    AND o.project_id = (SELECT project_id FROM wage_orders WHERE id = $1) \
    AND NOT EXISTS (SELECT 1 FROM payouts p WHERE p.order_id = o.id AND p.status = 'failed' \
    AND NOT EXISTS (SELECT 1 FROM payouts q WHERE q.line_id = p.line_id AND q.status = 'paid')) ORDER BY o.id";

#[doc(hidden)]
pub const ORDER_MADE_WHOLE_SQL: &str = "UPDATE wage_orders SET status = 'paid' WHERE id = $1 AND status = 'partial'";

/// After the order `$order_id` finished (inside its settlement's open transaction `$tx`): each sheet it
/// touched becomes 已发放 or 部分发放 by its lines' payouts, and each earlier order whose failed lines are
/// now all paid becomes 已支付; every change logged with before and after as `$actor` (a `repo::Actor`).
/// Evaluates to `Result<(), sqlx::Error>`.
#[macro_export]
macro_rules! settle_states {
    ($tx:expr, $order_id:expr, $actor:expr) => {
        async {
            let order_id: i64 = $order_id;
            let actor: &$crate::wage::repo::Actor = $actor;
            let entry = move |action: &'static str, target_type: &'static str, target_id: i64, detail: String| $crate::oplog::Entry {
                account_id: Some(actor.account_id),
                account_name: &actor.account_name,
                action,
                target_type,
                target_id: target_id.to_string(),
                detail,
                ip: &actor.ip,
            };
            let sheets: Vec<(i64, String, String)> =
                sqlx::query_as($crate::wage::basis::SHEETS_SETTLED_SQL).bind(order_id).fetch_all(&mut *$tx).await?;
            for (sheet_id, from, to) in sheets.iter().filter(|(_, from, to)| from != to) {
                sqlx::query($crate::wage::basis::SHEET_STATUS_SQL).bind(sheet_id).bind(from).bind(to).execute(&mut *$tx).await?;
                let detail = format!("{} → {}", $crate::wage::service::sheet_status_label(from), $crate::wage::service::sheet_status_label(to));
                $crate::record_in_tx!($tx, &entry("工资表发放状态", "wage_sheet", *sheet_id, detail))?;
            }
            let whole: Vec<i64> = sqlx::query_scalar($crate::wage::basis::ORDERS_MADE_WHOLE_SQL).bind(order_id).fetch_all(&mut *$tx).await?;
            for id in whole {
                sqlx::query($crate::wage::basis::ORDER_MADE_WHOLE_SQL).bind(id).execute(&mut *$tx).await?;
                $crate::record_in_tx!($tx, &entry("工资单已全部发放", "wage_order", id, "部分发放 → 已支付：失败明细已重新发放并支付".into()))?;
            }
            Ok::<(), sqlx::Error>(())
        }
        .await
    };
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
