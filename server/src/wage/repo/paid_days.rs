//! SQL of a worker's paid days: the line (and sheet) that paid each day, and the take-backs of paid days
//! corrected to absent with the line that takes each back.

use super::{Actor, placeholders};
use crate::db::{Bind, Db, Tx};
use crate::{bind_all, clock, on_db, on_tx};

/// A paid day's pay to take back on the worker's next sheet.
pub struct NewAdjustment<'a> {
    pub project_id: i64,
    pub worker_id: i64,
    pub day: &'a str,
    pub paid_line_id: i64,
    pub amount_fen: i64,
    pub reason: &'a str,
}

/// Records inside `tx` that a paid day's pay is taken back on the worker's next sheet, with its log line.
/// False: already recorded.
pub async fn add_adjustment_in(
    tx: &mut Tx,
    adjustment: &NewAdjustment<'_>,
    detail: String,
    actor: &Actor,
) -> sqlx::Result<bool> {
    let NewAdjustment { project_id, worker_id, day, paid_line_id, amount_fen, reason } = *adjustment;
    let sql = "INSERT INTO wage_adjustments (project_id, worker_id, day, paid_line_id, amount_fen, reason, created_by, created_at) \
               VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (project_id, worker_id, day) DO NOTHING RETURNING id";
    let id: Option<i64> = on_tx!(tx, conn => sqlx::query_scalar(sql)
        .bind(project_id).bind(worker_id).bind(day).bind(paid_line_id).bind(amount_fen).bind(reason)
        .bind(actor.account_id).bind(clock::now())
        .fetch_optional(&mut **conn).await)?;
    let Some(id) = id else { return Ok(false) };
    crate::oplog::record_in(tx, &actor.entry("工资扣回", "wage_adjustment", id, detail)).await?;
    Ok(true)
}

/// Whether the worker's `day` was taken back.
pub async fn taken_back(db: &Db, project_id: i64, worker_id: i64, day: &str) -> sqlx::Result<bool> {
    let sql = "SELECT COUNT(*) FROM wage_adjustments WHERE project_id = $1 AND worker_id = $2 AND day = $3";
    let count: i64 =
        on_db!(db, pool => sqlx::query_scalar(sql).bind(project_id).bind(worker_id).bind(day).fetch_one(pool).await)?;
    Ok(count > 0)
}

/// One day on a line, with its sheet and, when taken back, the take-back and the sheet of the line taking it.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct PaidDayRow {
    pub worker_id: i64,
    pub day: String,
    /// False: a monthly wage's statutory holiday, paid without attendance.
    pub attended: bool,
    pub sheet_id: i64,
    pub month: String,
    pub seq: i64,
    pub status: String,
    /// The team's name, else the unit's.
    pub sheet_name: String,
    pub taken_back_fen: Option<i64>,
    pub taken_back_reason: Option<String>,
    pub back_sheet_id: Option<i64>,
    pub back_month: Option<String>,
    pub back_seq: Option<i64>,
    pub back_sheet_name: Option<String>,
}

/// The days from `first` to `last` (`YYYY-MM-DD`) that lines hold, of the project's `workers`, by worker and day.
pub async fn paid_days(
    db: &Db,
    project_id: i64,
    workers: &[i64],
    first: &str,
    last: &str,
) -> sqlx::Result<Vec<PaidDayRow>> {
    if workers.is_empty() {
        return Ok(Vec::new());
    }
    let sql = format!(
        "SELECT d.worker_id, d.day, d.attended, l.sheet_id, s.month, s.seq, s.status, COALESCE(t.name, c.name) AS sheet_name, \
         j.amount_fen AS taken_back_fen, j.reason AS taken_back_reason, bs.id AS back_sheet_id, bs.month AS back_month, \
         bs.seq AS back_seq, COALESCE(bt.name, bc.name) AS back_sheet_name \
         FROM wage_line_days d JOIN wage_lines l ON l.id = d.line_id JOIN wage_sheets s ON s.id = l.sheet_id \
         JOIN project_units pu ON pu.id = s.unit_id JOIN companies c ON c.id = pu.company_id LEFT JOIN teams t ON t.id = s.team_id \
         LEFT JOIN wage_adjustments j ON j.project_id = d.project_id AND j.worker_id = d.worker_id AND j.day = d.day \
         LEFT JOIN wage_lines bl ON bl.id = j.line_id LEFT JOIN wage_sheets bs ON bs.id = bl.sheet_id \
         LEFT JOIN project_units bpu ON bpu.id = bs.unit_id LEFT JOIN companies bc ON bc.id = bpu.company_id \
         LEFT JOIN teams bt ON bt.id = bs.team_id \
         WHERE d.project_id = $1 AND d.day >= $2 AND d.day <= $3 AND d.worker_id IN ({}) ORDER BY d.worker_id, d.day",
        placeholders(4, workers.len())
    );
    let mut binds = vec![Bind::Int(project_id), Bind::Text(first.to_owned()), Bind::Text(last.to_owned())];
    binds.extend(workers.iter().map(|worker| Bind::Int(*worker)));
    on_db!(db, pool => {
        let query = bind_all!(sqlx::query_as::<_, PaidDayRow>(sqlx::AssertSqlSafe(sql.clone())), &binds);
        query.fetch_all(pool).await
    })
}
