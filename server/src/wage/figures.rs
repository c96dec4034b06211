//! What other areas read of the wages: the settling month, the month's payable and paid sums, order counts,
//! failed lines, the warnings' and reports' reads, the backup's tables and the platform feed's paid lines.

use super::repo;
use crate::clock;
use crate::db::Db;

/// The month a project settles now (`YYYY-MM`): wages are paid in arrears, so the previous month (China time).
pub fn settling_month() -> String {
    let today = clock::china_today();
    let previous = today.replace_day(1).ok().and_then(|first| first.previous_day()).unwrap_or(today);
    format!("{:04}-{:02}", previous.year(), previous.month() as u8)
}

/// Net payable of the sheets of `month` (fen) per project, for the projects `ids` (none: left out).
pub async fn payable_in_month(db: &Db, ids: &[i64], month: &str) -> sqlx::Result<Vec<(i64, i64)>> {
    repo::payable_in_month(db, ids, month).await
}

/// Paid by the orders of `month` (fen) per project, for the projects `ids` (none: left out).
pub async fn paid_in_month(db: &Db, ids: &[i64], month: &str) -> sqlx::Result<Vec<(i64, i64)>> {
    repo::paid_in_month(db, ids, month).await
}

/// Orders of `project_id` in `status` (an order status): 工资单管理 filtered to it counts the same.
pub async fn order_count(db: &Db, project_id: i64, status: &str) -> sqlx::Result<i64> {
    Ok(repo::orders(db, project_id, &[status], "", "", 1, 0).await?.1)
}

/// Failed payouts of `project_id` not yet re-issued: the lines 工资发放异常处理 lists.
pub async fn failed_lines(db: &Db, project_id: i64) -> sqlx::Result<i64> {
    let filter = repo::PayoutFilter {
        project_filter: project_id,
        order_id: 0,
        month: "",
        statuses: &["failed"],
        name_pattern: "",
        not_reissued: true,
        or_not_received: false,
    };
    Ok(repo::payouts(db, &filter, 1, 0).await?.1)
}

/// Orders of `project_id` approved this month (China time): how many, and their total (fen).
pub async fn approved_this_month(db: &Db, project_id: i64) -> sqlx::Result<(i64, i64)> {
    repo::approved_since(db, project_id, clock::china_month_start()).await
}

/// For the reports (issue 16): (unit, work type, month, lines, net fen) of the cohort's wage lines of months
/// `first`..`last` (`YYYY-MM`).
pub async fn nets_per_unit_month(
    db: &Db,
    cohort: &crate::db::cohort::Cohort,
    first: &str,
    last: &str,
) -> sqlx::Result<Vec<(i64, String, String, i64, i64)>> {
    repo::nets_per_unit_month(db, cohort, first, last).await
}

/// What the early-warning engine reads of the wages (`warning::engine`); months are `YYYY-MM`, bounds
/// inclusive `from`, exclusive `before`.
pub mod for_warnings {
    use super::repo;
    use crate::db::Db;

    /// (project, month, unpaid net fen): lines with pay and no paid payout.
    pub async fn unpaid_months(db: &Db, from: &str, before: &str) -> sqlx::Result<Vec<(i64, String, i64)>> {
        repo::unpaid_months(db, from, before).await
    }

    /// (project, month, workers attended, of them on no wage line).
    pub async fn attended_without_line(
        db: &Db,
        from: &str,
        before: &str,
    ) -> sqlx::Result<Vec<(i64, String, i64, i64)>> {
        repo::attended_without_line(db, from, before).await
    }

    pub use crate::wage::minimum::{PaidMonth, minimum_of, paid_months};

    /// (project, worker, month, net fen) above `limit` fen in one month.
    pub async fn worker_months_over(db: &Db, from: &str, limit: i64) -> sqlx::Result<Vec<(i64, i64, String, i64)>> {
        repo::worker_months_over(db, from, limit).await
    }

    /// (project, worker, year, net fen) above `limit` fen in one year.
    pub async fn worker_years_over(db: &Db, from: &str, limit: i64) -> sqlx::Result<Vec<(i64, i64, String, i64)>> {
        repo::worker_years_over(db, from, limit).await
    }

    /// (project, net fen) of `month`'s lines.
    pub async fn month_payrolls(db: &Db, month: &str) -> sqlx::Result<Vec<(i64, i64)>> {
        repo::month_payrolls(db, month).await
    }

    /// (project, worker, exit day) of departures without a final wage line.
    pub async fn departed_without_final_line(
        db: &Db,
        from: &str,
        before: &str,
    ) -> sqlx::Result<Vec<(i64, i64, String)>> {
        repo::departed_without_final_line(db, from, before).await
    }
}

/// The wage part of a project's export (`backup`): sheets and their lines, orders and their payouts.
pub async fn export_tables(db: &Db, project_id: i64) -> sqlx::Result<Vec<crate::spreadsheet::Table>> {
    use crate::spreadsheet::Table;
    Ok(vec![
        Table::new("工资表.xlsx", "工资表", repo::export_sheets(db, project_id).await?, &[]),
        Table::new(
            "工资明细.xlsx",
            "工资明细",
            super::line_days::with_dates(db, repo::export_lines(db, project_id).await?).await?,
            &[],
        ),
        Table::new("发放单.xlsx", "工资发放单", repo::export_orders(db, project_id).await?, &[]),
        Table::new("发放明细.xlsx", "代发明细", repo::export_payouts(db, project_id).await?, &[]),
    ])
}

pub use repo::PaidLine;

/// For the worker-platform feed: every paid payout of the project with its line's month and days.
pub async fn paid_lines(db: &Db, project_id: i64) -> sqlx::Result<Vec<PaidLine>> {
    repo::paid_lines(db, project_id).await
}
