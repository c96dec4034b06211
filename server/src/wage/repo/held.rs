//! The days a line pays must be the days it holds: `wage_line_days` keeps a worker's day on one line at most,
//! so a line paying attended days it does not hold there could be paying days another line paid. Checked
//! inside the transaction that confirms a sheet, submits an order, approves it and pays it.

use crate::db::{Bind, Tx};
use crate::{bind_all, on_tx};

/// A line whose attended days differ from the days it holds, and the worker's attended days of the month
/// that other lines hold.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnheldLine {
    pub line_id: i64,
    pub worker_name: String,
    pub month: String,
    pub days: i64,
    pub held: i64,
    pub elsewhere: Vec<HeldElsewhere>,
}

/// One of the worker's days on another line: the day and where it is.
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct HeldElsewhere {
    pub day: String,
    pub sheet_id: i64,
    /// The unit's or team's name of that sheet.
    pub sheet_name: String,
    pub sheet_status: String,
}

/// Which lines to check: those of some sheets, or those an order still has to pay.
pub enum LinesOf<'a> {
    Sheets(&'a [i64]),
    Order(i64),
}

#[derive(sqlx::FromRow)]
struct Mismatch {
    id: i64,
    project_id: i64,
    worker_id: i64,
    name: String,
    month: String,
    days: i64,
    held: i64,
}

/// Lines to be paid (net above 0) among `lines` whose attended days are not all held by them, at most
/// `limit`, each with the worker's days of the month held by other lines.
pub async fn unheld_lines(tx: &mut Tx, lines: LinesOf<'_>, limit: i64) -> sqlx::Result<Vec<UnheldLine>> {
    let held = "(SELECT COUNT(*) FROM wage_line_days d WHERE d.line_id = l.id AND d.attended = TRUE)";
    let (filter, mut binds) = match lines {
        LinesOf::Sheets([]) => return Ok(Vec::new()),
        LinesOf::Sheets(ids) => (
            format!("l.sheet_id IN ({})", super::placeholders(1, ids.len())),
            ids.iter().map(|id| Bind::Int(*id)).collect::<Vec<_>>(),
        ),
        LinesOf::Order(id) => (
            "l.id IN (SELECT line_id FROM payouts WHERE order_id = $1 AND status IN ('queued', 'pending'))".to_owned(),
            vec![Bind::Int(id)],
        ),
    };
    let sql = format!(
        "SELECT l.id, l.project_id, l.worker_id, w.name, l.month, l.days, {held} AS held \
         FROM wage_lines l JOIN workers w ON w.id = l.worker_id \
         WHERE {filter} AND l.net_fen > 0 AND l.days <> {held} ORDER BY l.id LIMIT ${}",
        binds.len() + 1
    );
    binds.push(Bind::Int(limit));
    let found: Vec<Mismatch> = on_tx!(tx, conn => {
        let query = bind_all!(sqlx::query_as::<_, Mismatch>(sqlx::AssertSqlSafe(sql.clone())), &binds);
        query.fetch_all(&mut **conn).await
    })?;
    let elsewhere_sql = "SELECT d.day, l.sheet_id, COALESCE(t.name, c.name) AS sheet_name, s.status AS sheet_status \
        FROM wage_line_days d JOIN wage_lines l ON l.id = d.line_id JOIN wage_sheets s ON s.id = l.sheet_id \
        JOIN project_units pu ON pu.id = s.unit_id JOIN companies c ON c.id = pu.company_id \
        LEFT JOIN teams t ON t.id = s.team_id \
        WHERE d.project_id = $1 AND d.worker_id = $2 AND l.month = $3 AND d.line_id <> $4 AND d.attended = TRUE \
        ORDER BY d.day";
    let mut out = Vec::with_capacity(found.len());
    for line in found {
        let elsewhere: Vec<HeldElsewhere> = on_tx!(tx, conn => sqlx::query_as(elsewhere_sql)
            .bind(line.project_id).bind(line.worker_id).bind(&line.month).bind(line.id)
            .fetch_all(&mut **conn).await)?;
        out.push(UnheldLine {
            line_id: line.id,
            worker_name: line.name,
            month: line.month,
            days: line.days,
            held: line.held,
            elsewhere,
        });
    }
    Ok(out)
}
