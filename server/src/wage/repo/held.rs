//! The days a line pays must be the days it holds: `wage_line_days` keeps a worker's day on one line at most,
//! so a line paying attended days it does not hold there could be paying days another line paid. Checked
//! inside the transaction that confirms a sheet, submits an order, approves it and pays it.
//!
//! The same for the days a line tops up (`wage_line_topups`): a day carries one base payment and top-ups that
//! follow each other. A line pays only top-ups it holds whose day has its base payment on a confirmed sheet
//! and whose step from → to no other line's top-up of that day overlaps: a top-up is never paid twice.

use crate::db::{Bind, Tx};
use crate::{bind_all, on_tx};

/// A line whose attended days (or top-ups) differ from the ones it holds, and the worker's days (top-ups) of
/// the month that other lines hold.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnheldLine {
    pub line_id: i64,
    pub worker_name: String,
    pub month: String,
    /// Top-ups rather than attended days.
    pub topups: bool,
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
    /// 1: the month's first sheet of its unit (team); 2 and on: a 补充工资表.
    pub sheet_seq: i64,
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

/// Lines to be paid (net above 0) among `lines` whose attended days are not all held by them, or whose
/// top-ups are not all held and good, at most `limit`, each with the worker's days of the month (top-ups)
/// held by other lines.
pub async fn unheld_lines(tx: &mut Tx, lines: LinesOf<'_>, limit: i64) -> sqlx::Result<Vec<UnheldLine>> {
    let held = "(SELECT COUNT(*) FROM wage_line_days d WHERE d.line_id = l.id AND d.attended = TRUE)";
    // A top-up is good when its day's base payment is another line's on a confirmed sheet, paid at most at
    // the step's start, and no other line's top-up of the day overlaps its step.
    let topped = "(SELECT COUNT(*) FROM wage_line_topups t WHERE t.line_id = l.id \
        AND EXISTS (SELECT 1 FROM wage_line_days b JOIN wage_lines bl ON bl.id = b.line_id JOIN wage_sheets bs ON bs.id = bl.sheet_id \
            WHERE b.project_id = t.project_id AND b.worker_id = t.worker_id AND b.day = t.day AND b.line_id <> l.id \
            AND bs.status <> 'draft' AND b.wage_kind = t.wage_kind AND b.wage_fen <= t.from_fen) \
        AND NOT EXISTS (SELECT 1 FROM wage_line_topups o WHERE o.project_id = t.project_id AND o.worker_id = t.worker_id \
            AND o.day = t.day AND o.line_id <> t.line_id AND o.from_fen < t.to_fen AND o.to_fen > t.from_fen))";
    let (filter, binds) = match lines {
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
    let mut out = Vec::new();
    for (topups, days, count) in [(false, "l.days", held), (true, "l.topup_days", topped)] {
        let sql = format!(
            "SELECT l.id, l.project_id, l.worker_id, w.name, l.month, {days} AS days, {count} AS held \
             FROM wage_lines l JOIN workers w ON w.id = l.worker_id \
             WHERE {filter} AND l.net_fen > 0 AND {days} <> {count} ORDER BY l.id LIMIT ${}",
            binds.len() + 1
        );
        let mut binds = binds.clone();
        binds.push(Bind::Int(limit - out.len() as i64));
        let found: Vec<Mismatch> = on_tx!(tx, conn => {
            let query = bind_all!(sqlx::query_as::<_, Mismatch>(sqlx::AssertSqlSafe(sql.clone())), &binds);
            query.fetch_all(&mut **conn).await
        })?;
        for line in found {
            let elsewhere = elsewhere(tx, &line, topups).await?;
            out.push(UnheldLine {
                line_id: line.id,
                worker_name: line.name,
                month: line.month,
                topups,
                days: line.days,
                held: line.held,
                elsewhere,
            });
        }
        if out.len() as i64 >= limit {
            break;
        }
    }
    Ok(out)
}

/// The worker's days of the line's month that other lines hold (their top-ups, for `topups`), and where.
async fn elsewhere(tx: &mut Tx, line: &Mismatch, topups: bool) -> sqlx::Result<Vec<HeldElsewhere>> {
    let (table, attended) =
        if topups { ("wage_line_topups", "") } else { ("wage_line_days", " AND d.attended = TRUE") };
    let sql = format!(
        "SELECT d.day, l.sheet_id, COALESCE(t.name, c.name) AS sheet_name, s.status AS sheet_status, s.seq AS sheet_seq \
         FROM {table} d JOIN wage_lines l ON l.id = d.line_id JOIN wage_sheets s ON s.id = l.sheet_id \
         JOIN project_units pu ON pu.id = s.unit_id JOIN companies c ON c.id = pu.company_id \
         LEFT JOIN teams t ON t.id = s.team_id \
         WHERE d.project_id = $1 AND d.worker_id = $2 AND l.month = $3 AND d.line_id <> $4{attended} \
         ORDER BY d.day"
    );
    on_tx!(tx, conn => sqlx::query_as(sqlx::AssertSqlSafe(sql.clone()))
        .bind(line.project_id).bind(line.worker_id).bind(&line.month).bind(line.id)
        .fetch_all(&mut **conn).await)
}
