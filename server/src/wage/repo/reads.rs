//! SQL other parts read: the approver's records, the bases of an order's lines, and the sums, counts and
//! tables other areas ask the wage service for.

use super::placeholders;
use super::sheets::LineRow;
use crate::db::cohort::Cohort;
use crate::db::{Bind, Db};
use crate::{bind_all, on_db};

#[derive(Clone, Debug, sqlx::FromRow)]
pub struct LogRow {
    pub id: i64,
    pub action: String,
    pub target_type: String,
    pub target_id: String,
    pub detail: String,
    pub ip: String,
    pub created_at: i64,
}

/// An account's own operation-log lines, newest first.
pub async fn account_log(db: &Db, account_id: i64, limit: i64, offset: i64) -> sqlx::Result<(Vec<LogRow>, i64)> {
    on_db!(db, pool => {
        let rows = sqlx::query_as("SELECT id, action, target_type, target_id, detail, ip, created_at FROM operation_log \
                                   WHERE account_id = $1 ORDER BY id DESC LIMIT $2 OFFSET $3")
            .bind(account_id).bind(limit).bind(offset).fetch_all(pool).await?;
        let total: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM operation_log WHERE account_id = $1").bind(account_id).fetch_one(pool).await?;
        Ok((rows, total))
    })
}

/// The approver's phone and ID number.
pub async fn approver_identity(db: &Db, account_id: i64) -> sqlx::Result<Option<(String, String)>> {
    on_db!(db, pool => sqlx::query_as("SELECT phone, id_number FROM accounts WHERE id = $1").bind(account_id).fetch_optional(pool).await)
}

/// An order's line: the wage line with its payout. The card is the one the payout was sent to.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct BasisRow {
    pub payout_id: i64,
    pub unit_name: String,
    pub team_name: String,
    pub status: String,
    pub failure_reason: String,
    #[sqlx(flatten)]
    pub line: LineRow,
}

/// Every payout of the order with its line: (payout id, line id), in payout order.
pub async fn order_payouts(db: &Db, order_id: i64) -> sqlx::Result<Vec<(i64, i64)>> {
    on_db!(db, pool => sqlx::query_as("SELECT id, line_id FROM payouts WHERE order_id = $1 ORDER BY id").bind(order_id).fetch_all(pool).await)
}

pub async fn basis_rows(db: &Db, payout_ids: &[i64]) -> sqlx::Result<Vec<BasisRow>> {
    if payout_ids.is_empty() {
        return Ok(Vec::new());
    }
    let marks: Vec<String> = (1..=payout_ids.len()).map(|n| format!("${n}")).collect();
    let sql = format!(
        "SELECT p.id AS payout_id, l.id, l.sheet_id, l.worker_id, w.name, w.id_number, c.name AS unit_name, \
         COALESCE(t.name, '') AS team_name, l.days, l.wage_kind, l.wage_fen, l.prefill_fen, l.payable_fen, l.deduction_fen, l.net_fen, \
         l.reason, p.card_number, p.card_bank, COALESCE(b.name, '') AS card_bank_name, p.status, p.failure_reason, \
         l.holiday_days, l.overtime_days, l.basis, l.adjustment_fen, l.topup_days, l.topup_fen \
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

pub async fn on_order(db: &Db, order_id: i64, worker_id: i64) -> sqlx::Result<bool> {
    let sql = "SELECT COUNT(*) FROM payouts WHERE order_id = $1 AND worker_id = $2";
    let count: i64 = on_db!(db, pool => sqlx::query_scalar(sql).bind(order_id).bind(worker_id).fetch_one(pool).await)?;
    Ok(count > 0)
}

/// Each worker's net pay on the project's lines from January to `month` (`YYYY-MM`) of its year, in fen.
pub async fn year_totals(db: &Db, project_id: i64, month: &str) -> sqlx::Result<std::collections::HashMap<i64, i64>> {
    let january = format!("{}-01", month.get(..4).unwrap_or(""));
    let sql = "SELECT worker_id, CAST(SUM(net_fen) AS BIGINT) FROM wage_lines WHERE project_id = $1 AND month >= $2 AND month <= $3 GROUP BY worker_id";
    let rows: Vec<(i64, i64)> =
        on_db!(db, pool => sqlx::query_as(sql).bind(project_id).bind(&january).bind(month).fetch_all(pool).await)?;
    Ok(rows.into_iter().collect())
}

/// What the sheets of `month` make payable (net, fen) per project, for the projects `ids`, in one query.
pub async fn payable_in_month(db: &Db, ids: &[i64], month: &str) -> sqlx::Result<Vec<(i64, i64)>> {
    month_sums(db, ids, month, "SELECT project_id, CAST(COALESCE(SUM(net_fen), 0) AS BIGINT) FROM wage_lines").await
}

/// What the orders of `month` paid (fen) per project, for the projects `ids`, in one query.
pub async fn paid_in_month(db: &Db, ids: &[i64], month: &str) -> sqlx::Result<Vec<(i64, i64)>> {
    month_sums(db, ids, month, "SELECT project_id, CAST(COALESCE(SUM(paid_fen), 0) AS BIGINT) FROM wage_orders").await
}

pub(super) async fn month_sums(
    db: &Db,
    ids: &[i64],
    month: &str,
    select: &'static str,
) -> sqlx::Result<Vec<(i64, i64)>> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    let sql =
        format!("{select} WHERE month = $1 AND project_id IN ({}) GROUP BY project_id", placeholders(2, ids.len()));
    on_db!(db, pool => {
        let mut query = sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(month);
        for id in ids {
            query = query.bind(*id);
        }
        query.fetch_all(pool).await
    })
}

/// For the early warnings: (project, month, unpaid net) of months in [`from`, `before`) whose lines with pay
/// have no paid payout. A paid sheet has none, so only the others' lines are looked at (sheets first: `CROSS
/// JOIN` keeps SQLite from scanning every line of the months).
pub async fn unpaid_months(db: &Db, from: &str, before: &str) -> sqlx::Result<Vec<(i64, String, i64)>> {
    let sql = "SELECT l.project_id, l.month, CAST(SUM(l.net_fen) AS BIGINT) FROM wage_sheets s CROSS JOIN wage_lines l \
               WHERE l.sheet_id = s.id AND s.status <> 'paid' AND s.month >= $1 AND s.month < $2 AND l.net_fen > 0 \
               AND NOT EXISTS (SELECT 1 FROM payouts p WHERE p.line_id = l.id AND p.status = 'paid') \
               GROUP BY l.project_id, l.month";
    on_db!(db, pool => sqlx::query_as(sql).bind(from).bind(before).fetch_all(pool).await)
}

/// For the early warnings: per project and month of [`from`, `before`), the workers who attended and how many
/// of them are on no wage line of that month.
pub async fn attended_without_line(db: &Db, from: &str, before: &str) -> sqlx::Result<Vec<(i64, String, i64, i64)>> {
    let sql = "SELECT a.project_id, substr(a.day, 1, 7), COUNT(DISTINCT a.worker_id), \
               COUNT(DISTINCT CASE WHEN l.id IS NULL THEN a.worker_id END) FROM attendance_days a \
               LEFT JOIN wage_lines l ON l.project_id = a.project_id AND l.worker_id = a.worker_id \
               AND l.month = substr(a.day, 1, 7) \
               WHERE a.attended AND a.day >= $1 AND a.day < $2 GROUP BY a.project_id, substr(a.day, 1, 7)";
    let (from, before) = (format!("{from}-01"), format!("{before}-01"));
    on_db!(db, pool => sqlx::query_as(sql).bind(&from).bind(&before).fetch_all(pool).await)
}

/// For the early warnings: (project, worker, month, net) of a worker's lines of one month above `limit`.
pub async fn worker_months_over(db: &Db, from: &str, limit: i64) -> sqlx::Result<Vec<(i64, i64, String, i64)>> {
    // Grouped in the order of the index `wage_lines_month`, so no sort.
    let sql = "SELECT project_id, worker_id, month, CAST(SUM(net_fen) AS BIGINT) FROM wage_lines WHERE month >= $1 \
               GROUP BY project_id, month, worker_id HAVING SUM(net_fen) > $2";
    on_db!(db, pool => sqlx::query_as(sql).bind(from).bind(limit).fetch_all(pool).await)
}

/// For the early warnings: (project, worker, year, net) of a worker's lines of one calendar year above `limit`.
pub async fn worker_years_over(db: &Db, from: &str, limit: i64) -> sqlx::Result<Vec<(i64, i64, String, i64)>> {
    let sql = "SELECT project_id, worker_id, substr(month, 1, 4), CAST(SUM(net_fen) AS BIGINT) FROM wage_lines \
               WHERE month >= $1 GROUP BY project_id, worker_id, substr(month, 1, 4) HAVING SUM(net_fen) > $2";
    on_db!(db, pool => sqlx::query_as(sql).bind(from).bind(limit).fetch_all(pool).await)
}

/// For the early warnings: each project's net payroll of `month`.
pub async fn month_payrolls(db: &Db, month: &str) -> sqlx::Result<Vec<(i64, i64)>> {
    let sql = "SELECT project_id, CAST(SUM(net_fen) AS BIGINT) FROM wage_lines WHERE month = $1 GROUP BY project_id";
    on_db!(db, pool => sqlx::query_as(sql).bind(month).fetch_all(pool).await)
}

/// For the early warnings: (project, worker, exit day) of employments ended in [`from`, `before`) whose worker
/// attended in the exit month, is not back on the roster and has no wage line of that month.
pub async fn departed_without_final_line(db: &Db, from: &str, before: &str) -> sqlx::Result<Vec<(i64, i64, String)>> {
    let sql = "SELECT e.project_id, e.worker_id, MAX(e.exit_date) FROM employments e \
               WHERE e.status = 2 AND e.exit_date >= $1 AND e.exit_date < $2 \
               AND NOT EXISTS (SELECT 1 FROM employments o WHERE o.project_id = e.project_id \
                   AND o.worker_id = e.worker_id AND o.status = 1) \
               AND EXISTS (SELECT 1 FROM attendance_days a WHERE a.project_id = e.project_id \
                   AND a.worker_id = e.worker_id AND a.attended AND a.day >= substr(e.exit_date, 1, 7) || '-01' \
                   AND a.day <= e.exit_date) \
               AND NOT EXISTS (SELECT 1 FROM wage_lines l WHERE l.project_id = e.project_id \
                   AND l.worker_id = e.worker_id AND l.month = substr(e.exit_date, 1, 7)) \
               GROUP BY e.project_id, e.worker_id";
    on_db!(db, pool => sqlx::query_as(sql).bind(from).bind(before).fetch_all(pool).await)
}

/// The project's wage sheets for its export (`backup`).
pub async fn export_sheets(db: &Db, project_id: i64) -> sqlx::Result<crate::db::TextRows> {
    let sql = "SELECT id AS \"编号\", month AS \"月份\", unit_id AS \"单位编号\", team_id AS \"班组编号\", status AS \"状态\", \
               order_id AS \"发放单编号\", created_at AS \"创建时间（Unix 秒）\", confirmed_at AS \"确认时间（Unix 秒）\" \
               FROM wage_sheets WHERE project_id = $1 ORDER BY id";
    crate::db::text_rows(db, sql, project_id).await
}

/// The project's wage lines for its export (`backup`).
pub async fn export_lines(db: &Db, project_id: i64) -> sqlx::Result<crate::db::TextRows> {
    let sql = "SELECT l.id AS \"编号\", l.sheet_id AS \"工资表编号\", l.month AS \"月份\", l.worker_id AS \"人员编号\", \
               w.name AS \"姓名\", l.days AS \"出勤天数\", l.wage_kind AS \"计薪方式\", l.wage_fen AS \"工资标准（分）\", \
               l.payable_fen AS \"应发（分）\", l.deduction_fen AS \"扣款（分）\", l.net_fen AS \"实发（分）\", \
               l.reason AS \"说明\", l.card_number AS \"工资卡号\", l.card_bank AS \"开户行\" \
               FROM wage_lines l LEFT JOIN workers w ON w.id = l.worker_id WHERE l.project_id = $1 ORDER BY l.id";
    crate::db::text_rows(db, sql, project_id).await
}

/// The project's wage orders for its export (`backup`).
pub async fn export_orders(db: &Db, project_id: i64) -> sqlx::Result<crate::db::TextRows> {
    let sql = "SELECT id AS \"编号\", order_no AS \"单号\", month AS \"月份\", status AS \"状态\", total_fen AS \"总额（分）\", \
               line_count AS \"人数\", paid_fen AS \"已发（分）\", failed_fen AS \"失败（分）\", reissue_of AS \"补发自\", \
               remark AS \"备注\", created_at AS \"创建时间（Unix 秒）\", decided_at AS \"审批时间（Unix 秒）\", \
               decision_remark AS \"审批意见\", finished_at AS \"完成时间（Unix 秒）\" \
               FROM wage_orders WHERE project_id = $1 ORDER BY id";
    crate::db::text_rows(db, sql, project_id).await
}

/// The project's payouts (one per order line) for its export (`backup`).
pub async fn export_payouts(db: &Db, project_id: i64) -> sqlx::Result<crate::db::TextRows> {
    let sql = "SELECT p.id AS \"编号\", p.order_id AS \"发放单编号\", p.line_id AS \"工资明细编号\", p.worker_id AS \"人员编号\", \
               w.name AS \"姓名\", p.amount_fen AS \"金额（分）\", p.card_number AS \"工资卡号\", p.card_bank AS \"开户行\", \
               p.status AS \"状态\", p.bank_ref AS \"银行流水号\", p.failure_reason AS \"失败原因\", \
               p.settled_at AS \"完成时间（Unix 秒）\" \
               FROM payouts p LEFT JOIN workers w ON w.id = p.worker_id WHERE p.project_id = $1 ORDER BY p.id";
    crate::db::text_rows(db, sql, project_id).await
}

/// How many orders of `project_id` the approver approved from `since` (unix seconds), and their total (fen).
pub async fn approved_since(db: &Db, project_id: i64, since: i64) -> sqlx::Result<(i64, i64)> {
    let sql = "SELECT COUNT(*), CAST(COALESCE(SUM(total_fen), 0) AS BIGINT) FROM wage_orders \
               WHERE project_id = $1 AND status IN ('paying', 'paid', 'partial') AND decided_at >= $2";
    on_db!(db, pool => sqlx::query_as(sql).bind(project_id).bind(since).fetch_one(pool).await)
}

/// For the reports: (unit, work type, month, lines, net fen) of the cohort's wage lines of months
/// `first`..`last` (`YYYY-MM`, inclusive), each under the roster line it pays: read from `wage_line_months`
/// (migration 0036), the lines' sums the database keeps.
pub async fn nets_per_unit_month(
    db: &Db,
    cohort: &Cohort,
    first: &str,
    last: &str,
) -> sqlx::Result<Vec<(i64, String, String, i64, i64)>> {
    let sql = format!(
        "SELECT m.unit_id, m.work_type, m.month, CAST(SUM(m.lines) AS BIGINT), CAST(SUM(m.net_fen) AS BIGINT) \
         FROM wage_line_months m WHERE m.month >= $1 AND m.month <= $2 AND {} \
         GROUP BY m.unit_id, m.work_type, m.month",
        cohort.clause("m", 3)
    );
    let mut binds = vec![Bind::Text(first.into()), Bind::Text(last.into())];
    binds.extend(cohort.binds());
    on_db!(db, pool => bind_all!(sqlx::query_as(sqlx::AssertSqlSafe(sql.clone())), &binds).fetch_all(pool).await)
}

/// A paid payout as the worker-platform feed reports it.
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct PaidLine {
    pub month: String,
    pub worker_id: i64,
    pub employment_id: i64,
    pub days: i64,
    pub net_fen: i64,
    pub paid_fen: i64,
    pub settled_at: i64,
}

/// Every paid payout of the project, by month and worker.
pub async fn paid_lines(db: &Db, project_id: i64) -> sqlx::Result<Vec<PaidLine>> {
    let sql = "SELECT l.month, l.worker_id, l.employment_id, l.days, l.net_fen, p.amount_fen AS paid_fen, p.settled_at \
               FROM payouts p JOIN wage_lines l ON l.id = p.line_id WHERE p.project_id = $1 AND p.status = 'paid' \
               ORDER BY l.month, l.worker_id, p.id";
    on_db!(db, pool => sqlx::query_as(sql).bind(project_id).fetch_all(pool).await)
}
