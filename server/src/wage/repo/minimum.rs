//! What the pro-rata minimum wage reads (`wage::minimum`): the days and pay of the lines of sheets no longer
//! drafts, per worker and month and per way the days were reckoned.

use crate::db::Db;
use crate::on_db;
use crate::wage::minimum::LineDays;

/// One worker's lines of a month that share a wage kind and a sheet's rule, summed.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct MonthLineDays {
    pub project_id: i64,
    pub worker_id: i64,
    pub month: String,
    pub wage_kind: String,
    pub proration: String,
    pub working_days: i64,
    pub days: i64,
    pub overtime_days: i64,
    pub holiday_days: i64,
    /// Payable less deductions: the take-backs of days paid before are not this month's pay.
    pub pay_fen: i64,
}

impl MonthLineDays {
    pub fn days(&self) -> LineDays {
        LineDays {
            wage_kind: self.wage_kind.clone(),
            proration: self.proration.clone(),
            working_days: self.working_days,
            days: self.days,
            overtime_days: self.overtime_days,
            holiday_days: self.holiday_days,
        }
    }
}

/// The lines of months from `from` on sheets that are not drafts, ordered by project, month and worker.
pub async fn confirmed_line_days(db: &Db, from: &str) -> sqlx::Result<Vec<MonthLineDays>> {
    let sql = "SELECT l.project_id, l.worker_id, l.month, l.wage_kind, s.proration, s.working_days, \
               CAST(SUM(l.days) AS BIGINT) AS days, CAST(SUM(l.overtime_days) AS BIGINT) AS overtime_days, \
               CAST(SUM(l.holiday_days) AS BIGINT) AS holiday_days, \
               CAST(SUM(l.payable_fen - l.deduction_fen) AS BIGINT) AS pay_fen \
               FROM wage_lines l JOIN wage_sheets s ON s.id = l.sheet_id \
               WHERE s.status <> 'draft' AND l.month >= $1 \
               GROUP BY l.project_id, l.month, l.worker_id, l.wage_kind, s.proration, s.working_days \
               ORDER BY l.project_id, l.month, l.worker_id";
    on_db!(db, pool => sqlx::query_as(sql).bind(from).fetch_all(pool).await)
}
