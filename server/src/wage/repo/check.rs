//! SQL salaryCheck reads: a month's lines, unpaid days, mismatched lines and attendance.

use crate::db::Db;
use crate::on_db;

#[derive(Clone, Debug, sqlx::FromRow)]
pub struct CheckLine {
    pub line_id: i64,
    pub sheet_id: i64,
    pub worker_id: i64,
    pub name: String,
    pub id_number: String,
    pub days: i64,
    pub net_fen: i64,
    pub card_number: String,
    pub unit_name: String,
    pub team_name: String,
    /// Attended days of the month inside the worker's lines of the sheet's unit (team): what the line may pay.
    pub inside_days: i64,
    /// Attended days of the month outside them.
    pub outside_days: i64,
    pub adjustment_fen: i64,
    pub wage_kind: String,
    pub overtime_days: i64,
    pub holiday_days: i64,
    pub proration: String,
    pub working_days: i64,
}

impl CheckLine {
    pub fn paid_days(&self) -> crate::wage::minimum::LineDays {
        let (kind, proration) = (self.wage_kind.clone(), self.proration.clone());
        let (days, overtime_days, holiday_days) = (self.days, self.overtime_days, self.holiday_days);
        crate::wage::minimum::LineDays {
            wage_kind: kind,
            proration,
            working_days: self.working_days,
            days,
            overtime_days,
            holiday_days,
        }
    }
}

/// Every line of a month (`first_day`..`last_day`) with the worker's current wage card.
pub async fn month_lines(
    db: &Db,
    project_id: i64,
    month: &str,
    first_day: &str,
    last_day: &str,
) -> sqlx::Result<Vec<CheckLine>> {
    let days = |inside: &str| {
        format!(
            "(SELECT COUNT(*) FROM attendance_days a WHERE a.project_id = l.project_id AND a.worker_id = l.worker_id \
             AND a.day >= $3 AND a.day <= $4 AND a.attended = TRUE AND {inside} EXISTS (SELECT 1 FROM employments y \
             WHERE y.project_id = a.project_id AND y.worker_id = a.worker_id AND y.unit_id = s.unit_id \
             AND (s.team_id = 0 OR y.team_id = s.team_id) AND y.entry_date <= a.day AND (y.exit_date = '' OR y.exit_date >= a.day)))"
        )
    };
    let sql = format!(
        "SELECT l.id AS line_id, l.sheet_id, l.worker_id, w.name, w.id_number, l.days, l.net_fen, w.wage_card_number AS card_number, \
         c.name AS unit_name, COALESCE(t.name, '') AS team_name, {} AS inside_days, {} AS outside_days, l.adjustment_fen, \
         l.wage_kind, l.overtime_days, l.holiday_days, s.proration, s.working_days \
         FROM wage_lines l JOIN workers w ON w.id = l.worker_id JOIN wage_sheets s ON s.id = l.sheet_id \
         JOIN project_units pu ON pu.id = s.unit_id JOIN companies c ON c.id = pu.company_id LEFT JOIN teams t ON t.id = s.team_id \
         WHERE l.project_id = $1 AND l.month = $2 ORDER BY l.id",
        days(""),
        days("NOT")
    );
    on_db!(db, pool => sqlx::query_as(sqlx::AssertSqlSafe(sql.clone())).bind(project_id).bind(month).bind(first_day).bind(last_day).fetch_all(pool).await)
}

/// A worker's attended days of a month that no line pays.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct UnpaidDays {
    pub worker_id: i64,
    pub name: String,
    pub id_number: String,
    pub days: i64,
    pub first_day: String,
    pub last_day: String,
}

/// Attended days inside an employment from `first_day` to `last_day` on no line, per worker.
pub async fn unpaid_days(db: &Db, project_id: i64, first_day: &str, last_day: &str) -> sqlx::Result<Vec<UnpaidDays>> {
    let sql = format!(
        "SELECT a.worker_id, w.name, w.id_number, COUNT(*) AS days, MIN(a.day) AS first_day, MAX(a.day) AS last_day \
         FROM attendance_days a JOIN workers w ON w.id = a.worker_id \
         WHERE a.project_id = $1 AND a.day >= $2 AND a.day <= $3 AND a.attended = TRUE AND {} \
         AND NOT EXISTS (SELECT 1 FROM wage_line_days d WHERE d.project_id = a.project_id AND d.worker_id = a.worker_id AND d.day = a.day) \
         GROUP BY a.worker_id, w.name, w.id_number ORDER BY a.worker_id",
        crate::attendance::days::inside_employment_sql("a")
    );
    on_db!(db, pool => sqlx::query_as(sqlx::AssertSqlSafe(sql.clone())).bind(project_id).bind(first_day).bind(last_day).fetch_all(pool).await)
}

/// Lines of a month paying attended days that attendance no longer shows attended (and that were not taken
/// back): (line, days).
pub async fn mismatched_lines(db: &Db, project_id: i64, month: &str) -> sqlx::Result<Vec<(i64, i64)>> {
    let sql = "SELECT d.line_id, COUNT(*) FROM wage_line_days d JOIN wage_lines l ON l.id = d.line_id \
               WHERE l.project_id = $1 AND l.month = $2 AND d.attended = TRUE \
               AND NOT EXISTS (SELECT 1 FROM attendance_days a WHERE a.project_id = d.project_id AND a.worker_id = d.worker_id AND a.day = d.day AND a.attended = TRUE) \
               AND NOT EXISTS (SELECT 1 FROM wage_adjustments j WHERE j.project_id = d.project_id AND j.worker_id = d.worker_id AND j.day = d.day) \
               GROUP BY d.line_id";
    on_db!(db, pool => sqlx::query_as(sql).bind(project_id).bind(month).fetch_all(pool).await)
}

/// Attended days per worker in a date range, inside one of the worker's lines on the project: (worker id,
/// name, ID number, days).
pub async fn attended(
    db: &Db,
    project_id: i64,
    first_day: &str,
    last_day: &str,
) -> sqlx::Result<Vec<(i64, String, String, i64)>> {
    let sql = format!(
        "SELECT a.worker_id, w.name, w.id_number, COUNT(*) FROM attendance_days a JOIN workers w ON w.id = a.worker_id \
         WHERE a.project_id = $1 AND a.day >= $2 AND a.day <= $3 AND a.attended = TRUE AND {} \
         GROUP BY a.worker_id, w.name, w.id_number ORDER BY a.worker_id",
        crate::attendance::days::inside_employment_sql("a")
    );
    on_db!(db, pool => sqlx::query_as(sqlx::AssertSqlSafe(sql.clone())).bind(project_id).bind(first_day).bind(last_day).fetch_all(pool).await)
}
