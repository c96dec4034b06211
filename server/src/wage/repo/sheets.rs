//! SQL of wage sheets and their lines: making, replacing, editing, confirming and deleting them.

use super::{Actor, placeholders};
use crate::clock;
use crate::db::{Db, Tx};
use crate::{execute_in, on_db, on_tx};

#[derive(Clone, Debug, sqlx::FromRow)]
pub struct SheetRow {
    pub id: i64,
    pub project_id: i64,
    pub project_name: String,
    pub month: String,
    pub unit_id: i64,
    pub team_id: i64,
    pub status: String,
    pub order_id: Option<i64>,
    pub unit_name: String,
    pub team_name: String,
    pub created_at: i64,
    pub confirmed_at: i64,
    pub seq: i64,
    pub proration: String,
    pub working_days: i64,
    pub refreshed_at: i64,
    pub line_count: i64,
    pub payable_fen: i64,
    pub deduction_fen: i64,
    pub net_fen: i64,
}

pub(super) const SHEET_SELECT: &str = "SELECT s.id, s.project_id, p.name AS project_name, s.month, s.unit_id, s.team_id, s.status, s.order_id, c.name AS unit_name, \
    COALESCE(t.name, '') AS team_name, s.created_at, s.confirmed_at, s.seq, s.proration, s.working_days, s.refreshed_at, \
    (SELECT COUNT(*) FROM wage_lines l WHERE l.sheet_id = s.id) AS line_count, \
    (SELECT CAST(COALESCE(SUM(l.payable_fen), 0) AS BIGINT) FROM wage_lines l WHERE l.sheet_id = s.id) AS payable_fen, \
    (SELECT CAST(COALESCE(SUM(l.deduction_fen), 0) AS BIGINT) FROM wage_lines l WHERE l.sheet_id = s.id) AS deduction_fen, \
    (SELECT CAST(COALESCE(SUM(l.net_fen), 0) AS BIGINT) FROM wage_lines l WHERE l.sheet_id = s.id) AS net_fen \
    FROM wage_sheets s JOIN projects p ON p.id = s.project_id JOIN project_units pu ON pu.id = s.unit_id \
    JOIN companies c ON c.id = pu.company_id LEFT JOIN teams t ON t.id = s.team_id";

pub async fn sheet(db: &Db, project_filter: i64, id: i64) -> sqlx::Result<Option<SheetRow>> {
    let sql = format!("{SHEET_SELECT} WHERE s.id = $1 AND ($2 = 0 OR s.project_id = $2)");
    on_db!(db, pool => sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(id).bind(project_filter).fetch_optional(pool).await)
}

/// Sheets of a project (0: all), optionally of one month and status, newest first.
pub async fn sheets(
    db: &Db,
    project_filter: i64,
    month: &str,
    status: &str,
    limit: i64,
    offset: i64,
) -> sqlx::Result<(Vec<SheetRow>, i64)> {
    let filter = "($1 = 0 OR s.project_id = $1) AND ($2 = '' OR s.month = $2) AND ($3 = '' OR s.status = $3)";
    let sql = format!("{SHEET_SELECT} WHERE {filter} ORDER BY s.month DESC, s.id DESC LIMIT $4 OFFSET $5");
    let count = format!("SELECT COUNT(*) FROM wage_sheets s WHERE {filter}");
    on_db!(db, pool => {
        let rows = sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(project_filter).bind(month).bind(status).bind(limit).bind(offset).fetch_all(pool).await?;
        let total: i64 = sqlx::query_scalar(sqlx::AssertSqlSafe(count)).bind(project_filter).bind(month).bind(status).fetch_one(pool).await?;
        Ok((rows, total))
    })
}

/// Another line took one of the days meanwhile: nothing was written.
#[derive(Debug)]
pub struct DayTaken;

/// A new sheet's head: the rule and calendar its lines were reckoned with.
pub struct NewSheet {
    pub project_id: i64,
    pub month: String,
    pub unit_id: i64,
    pub team_id: i64,
    pub proration: &'static str,
    pub working_days: i64,
}

/// A line to write: its plan, the amounts (the clerk's edits kept over a refresh) and the adjustments it takes back.
pub struct LineToWrite<'a> {
    pub plan: &'a crate::wage::plan::PlannedLine,
    pub payable_fen: i64,
    pub deduction_fen: i64,
    pub adjustment_fen: i64,
    pub reason: String,
    pub adjustment_ids: Vec<i64>,
}

/// Deletes the lines matching `$filter` (bound `$value`) inside `$tx` with their days, top-ups and workers'
/// confirmations; the adjustments they took wait for the next sheet again. Evaluates to the lines deleted.
macro_rules! clear_lines {
    ($tx:expr, $filter:literal, $value:expr) => {{
        for statement in [
            concat!(
                "UPDATE wage_adjustments SET line_id = NULL WHERE line_id IN (SELECT id FROM wage_lines WHERE ",
                $filter,
                ")"
            ),
            concat!("DELETE FROM wage_line_days WHERE line_id IN (SELECT id FROM wage_lines WHERE ", $filter, ")"),
            concat!("DELETE FROM wage_line_topups WHERE line_id IN (SELECT id FROM wage_lines WHERE ", $filter, ")"),
            concat!(
                "DELETE FROM wage_line_confirmations WHERE line_id IN (SELECT id FROM wage_lines WHERE ",
                $filter,
                ")"
            ),
        ] {
            sqlx::query(statement).bind($value).execute(&mut **$tx).await?;
        }
        sqlx::query(concat!("DELETE FROM wage_lines WHERE ", $filter))
            .bind($value)
            .execute(&mut **$tx)
            .await?
            .rows_affected()
    }};
}

/// Rows per multi-row insert (at most 19 binds a row stays under both backends' limits; lines take 19).
pub(super) const WRITE_CHUNK: usize = 1_000;

/// Writes `$lines` of sheet `$sheet_id` inside `$tx` with their days and taken adjustments. Evaluates to
/// false when a day is already on another line or an adjustment was taken meanwhile (the caller rolls back).
macro_rules! write_lines {
    ($tx:expr, $sheet_id:expr, $project_id:expr, $month:expr, $lines:expr) => {{
        let lines: &[LineToWrite] = $lines;
        let mut ids: std::collections::HashMap<i64, i64> = std::collections::HashMap::new();
        for chunk in lines.chunks(WRITE_CHUNK) {
            let mut builder = sqlx::QueryBuilder::new(
                "INSERT INTO wage_lines (sheet_id, project_id, month, worker_id, employment_id, days, holiday_days, overtime_days, wage_kind, \
                 wage_fen, prefill_fen, payable_fen, deduction_fen, adjustment_fen, net_fen, reason, basis, topup_days, topup_fen, card_number, card_bank) \
                 SELECT v.column1, v.column2, v.column3, v.column4, v.column5, v.column6, v.column7, v.column8, v.column9, v.column10, v.column11, v.column12, v.column13, v.column14, v.column15, v.column16, v.column17, \
                 v.column18, v.column19, w.wage_card_number, w.wage_card_bank FROM (",
            );
            builder.push_values(chunk.iter(), |mut row, line| {
                row.push_bind($sheet_id)
                    .push_bind($project_id)
                    .push_bind($month)
                    .push_bind(line.plan.worker_id)
                    .push_bind(line.plan.employment_id)
                    .push_bind(line.plan.owed.attended_days)
                    .push_bind(line.plan.owed.holiday_days)
                    .push_bind(line.plan.owed.overtime_days)
                    .push_bind(line.plan.wage_kind.as_str())
                    .push_bind(line.plan.wage_fen)
                    .push_bind(line.plan.prefill_fen())
                    .push_bind(line.payable_fen)
                    .push_bind(line.deduction_fen)
                    .push_bind(line.adjustment_fen)
                    .push_bind(line.payable_fen - line.deduction_fen - line.adjustment_fen)
                    .push_bind(line.reason.clone())
                    .push_bind(line.plan.basis())
                    .push_bind(line.plan.topup_days())
                    .push_bind(line.plan.topup.as_ref().map_or(0, |topup| topup.fen));
            });
            builder.push(
                ") AS v JOIN workers w ON w.id = v.column4 RETURNING id, worker_id",
            );
            let written: Vec<(i64, i64)> = builder.build_query_as().fetch_all(&mut **$tx).await?;
            ids.extend(written.into_iter().map(|(id, worker)| (worker, id)));
        }
        let mut complete = ids.len() == lines.len();
        let days: Vec<(i64, i64, &crate::wage::plan::PlannedDay)> = lines
            .iter()
            .filter_map(|line| ids.get(&line.plan.worker_id).map(|id| (line, *id)))
            .flat_map(|(line, id)| line.plan.days.iter().map(move |day| (id, line.plan.worker_id, day)))
            .collect();
        complete &= PaidDays::write(&mut **$tx, $project_id, &days).await? == days.len() as u64;
        let topups: Vec<(i64, i64, &crate::wage::topup::TopupDay)> = lines
            .iter()
            .filter_map(|line| ids.get(&line.plan.worker_id).map(|id| (line, *id)))
            .flat_map(|(line, id)| line.plan.topup.iter().flat_map(move |topup| topup.days.iter().map(move |day| (id, line.plan.worker_id, day))))
            .collect();
        complete &= crate::wage::repo::days::Topups::write(&mut **$tx, $project_id, &topups).await? == topups.len() as u64;
        for line in lines {
            for adjustment in &line.adjustment_ids {
                complete &= sqlx::query("UPDATE wage_adjustments SET line_id = $1 WHERE id = $2 AND line_id IS NULL")
                    .bind(ids.get(&line.plan.worker_id).copied().unwrap_or(0)).bind(*adjustment).execute(&mut **$tx).await?.rows_affected() == 1;
            }
        }
        complete
    }};
}

/// The days a sheet's lines pay, (line, worker, day), written at once: PostgreSQL takes them as arrays in one
/// statement (a sheet of 10,000 workers holds some 300,000 days, which multi-row VALUES statements plan
/// slowly there), SQLite in chunks of multi-row VALUES. Answers the rows written (a day already on a line is not).
trait PaidDays {
    async fn write(
        &mut self,
        project_id: i64,
        days: &[(i64, i64, &crate::wage::plan::PlannedDay)],
    ) -> sqlx::Result<u64>;
}

impl PaidDays for sqlx::PgConnection {
    async fn write(
        &mut self,
        project_id: i64,
        days: &[(i64, i64, &crate::wage::plan::PlannedDay)],
    ) -> sqlx::Result<u64> {
        let column = |pick: &dyn Fn(&(i64, i64, &crate::wage::plan::PlannedDay)) -> i64| {
            days.iter().map(pick).collect::<Vec<i64>>()
        };
        let text = |pick: &dyn Fn(&(i64, i64, &crate::wage::plan::PlannedDay)) -> String| {
            days.iter().map(pick).collect::<Vec<String>>()
        };
        let done = sqlx::query(
            "INSERT INTO wage_line_days (project_id, worker_id, day, line_id, class, attended, employment_id, wage_kind, wage_fen) \
             SELECT $1, u.worker_id, u.day, u.line_id, u.class, u.attended, u.employment_id, u.wage_kind, u.wage_fen \
             FROM UNNEST($2::BIGINT[], $3::TEXT[], $4::BIGINT[], $5::TEXT[], $6::BOOLEAN[], $7::BIGINT[], $8::TEXT[], $9::BIGINT[]) \
             AS u (worker_id, day, line_id, class, attended, employment_id, wage_kind, wage_fen) \
             ON CONFLICT (project_id, worker_id, day) DO NOTHING",
        )
        .bind(project_id)
        .bind(column(&|(_, worker, _)| *worker))
        .bind(text(&|(_, _, day)| day.day.to_string()))
        .bind(column(&|(line, _, _)| *line))
        .bind(text(&|(_, _, day)| day.class.as_str().to_owned()))
        .bind(days.iter().map(|(_, _, day)| day.attended).collect::<Vec<bool>>())
        .bind(column(&|(_, _, day)| day.terms.employment_id))
        .bind(text(&|(_, _, day)| day.terms.kind.as_str().to_owned()))
        .bind(column(&|(_, _, day)| day.terms.rate_fen))
        .execute(self)
        .await?;
        Ok(done.rows_affected())
    }
}

impl PaidDays for sqlx::SqliteConnection {
    async fn write(
        &mut self,
        project_id: i64,
        days: &[(i64, i64, &crate::wage::plan::PlannedDay)],
    ) -> sqlx::Result<u64> {
        let mut written = 0;
        for chunk in days.chunks(WRITE_CHUNK * 2) {
            let mut builder = sqlx::QueryBuilder::new(
                "INSERT INTO wage_line_days (project_id, worker_id, day, line_id, class, attended, employment_id, wage_kind, wage_fen) ",
            );
            builder.push_values(chunk.iter(), |mut row, (line_id, worker_id, day)| {
                row.push_bind(project_id)
                    .push_bind(*worker_id)
                    .push_bind(day.day.to_string())
                    .push_bind(*line_id)
                    .push_bind(day.class.as_str())
                    .push_bind(day.attended)
                    .push_bind(day.terms.employment_id)
                    .push_bind(day.terms.kind.as_str())
                    .push_bind(day.terms.rate_fen);
            });
            builder.push(" ON CONFLICT (project_id, worker_id, day) DO NOTHING");
            written += builder.build().execute(&mut *self).await?.rows_affected();
        }
        Ok(written)
    }
}

/// Workers with a line of the month on a sheet other than `except_sheet`.
pub async fn lined_workers(db: &Db, project_id: i64, month: &str, except_sheet: i64) -> sqlx::Result<Vec<i64>> {
    let sql = "SELECT DISTINCT worker_id FROM wage_lines WHERE project_id = $1 AND month = $2 AND sheet_id <> $3";
    on_db!(db, pool => sqlx::query_scalar(sql).bind(project_id).bind(month).bind(except_sheet).fetch_all(pool).await)
}

/// Whether the unit (team) has a draft sheet of the month.
pub async fn has_draft(db: &Db, project_id: i64, unit_id: i64, team_id: i64, month: &str) -> sqlx::Result<bool> {
    let sql = "SELECT COUNT(*) FROM wage_sheets WHERE project_id = $1 AND unit_id = $2 AND team_id = $3 AND month = $4 AND status = 'draft'";
    on_db!(db, pool => Ok(sqlx::query_scalar::<_, i64>(sql).bind(project_id).bind(unit_id).bind(team_id).bind(month).fetch_one(pool).await? > 0))
}

/// The workers on a sheet.
pub async fn sheet_workers(db: &Db, sheet_id: i64) -> sqlx::Result<Vec<i64>> {
    on_db!(db, pool => sqlx::query_scalar("SELECT worker_id FROM wage_lines WHERE sheet_id = $1").bind(sheet_id).fetch_all(pool).await)
}

/// Workers' names by id.
pub async fn worker_names(db: &Db, ids: &[i64]) -> sqlx::Result<Vec<(i64, String)>> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    let sql = format!("SELECT id, name FROM workers WHERE id IN ({})", placeholders(1, ids.len()));
    on_db!(db, pool => {
        let mut query = sqlx::query_as::<_, (i64, String)>(sqlx::AssertSqlSafe(sql));
        for id in ids { query = query.bind(*id); }
        query.fetch_all(pool).await
    })
}

/// A pay take-back waiting for the worker's next sheet.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct PendingAdjustment {
    pub id: i64,
    pub worker_id: i64,
    pub day: String,
    pub amount_fen: i64,
    pub reason: String,
}

/// The project's adjustments not yet taken by a line (or taken by a line of `sheet_id`, which a refresh rewrites).
pub async fn pending_adjustments(db: &Db, project_id: i64, sheet_id: i64) -> sqlx::Result<Vec<PendingAdjustment>> {
    let sql = "SELECT id, worker_id, day, amount_fen, reason FROM wage_adjustments WHERE project_id = $1 \
               AND (line_id IS NULL OR line_id IN (SELECT id FROM wage_lines WHERE sheet_id = $2)) ORDER BY id";
    on_db!(db, pool => sqlx::query_as(sql).bind(project_id).bind(sheet_id).fetch_all(pool).await)
}

/// The adjustments a line takes back, oldest first.
pub async fn line_adjustments(db: &Db, line_ids: &[i64]) -> sqlx::Result<Vec<(i64, PendingAdjustment)>> {
    if line_ids.is_empty() {
        return Ok(Vec::new());
    }
    let sql = format!(
        "SELECT line_id, id, worker_id, day, amount_fen, reason FROM wage_adjustments WHERE line_id IN ({}) ORDER BY id",
        placeholders(1, line_ids.len())
    );
    on_db!(db, pool => {
        let mut query = sqlx::query_as::<_, (i64, i64, i64, String, i64, String)>(sqlx::AssertSqlSafe(sql));
        for id in line_ids { query = query.bind(*id); }
        Ok(query.fetch_all(pool).await?.into_iter()
            .map(|(line, id, worker_id, day, amount_fen, reason)| (line, PendingAdjustment { id, worker_id, day, amount_fen, reason })).collect())
    })
}

/// The clerk's edits of a draft's lines, kept over a refresh: (worker, prefill, payable, deduction, reason).
pub async fn line_edits(db: &Db, sheet_id: i64) -> sqlx::Result<Vec<(i64, i64, i64, i64, String)>> {
    let sql = "SELECT worker_id, prefill_fen, payable_fen, deduction_fen, reason FROM wage_lines WHERE sheet_id = $1";
    on_db!(db, pool => sqlx::query_as(sql).bind(sheet_id).fetch_all(pool).await)
}

/// Creates the sheet (numbered after the unit's (team's) earlier sheets of the month) with its lines in one
/// transaction: (id, number). None: the unit (team) has a draft that month; Err(Changed): a day was taken meanwhile.
pub async fn create_sheet(
    tx: &mut Tx,
    sheet: &NewSheet,
    lines: &[LineToWrite<'_>],
    actor: &Actor,
) -> sqlx::Result<Result<Option<(i64, i64)>, DayTaken>> {
    let now = clock::now();
    on_tx!(tx, conn => async {
        let seq: i64 = sqlx::query_scalar("SELECT CAST(COALESCE(MAX(seq), 0) + 1 AS BIGINT) FROM wage_sheets \
                                           WHERE project_id = $1 AND unit_id = $2 AND team_id = $3 AND month = $4")
            .bind(sheet.project_id).bind(sheet.unit_id).bind(sheet.team_id).bind(&sheet.month).fetch_one(&mut **conn).await?;
        let id: Option<i64> = sqlx::query_scalar(
            "INSERT INTO wage_sheets (project_id, month, unit_id, team_id, seq, status, proration, working_days, created_by, created_at, refreshed_at) \
             VALUES ($1, $2, $3, $4, $5, 'draft', $6, $7, $8, $9, $9) \
             ON CONFLICT (project_id, unit_id, team_id, month) WHERE status = 'draft' DO NOTHING RETURNING id")
            .bind(sheet.project_id).bind(&sheet.month).bind(sheet.unit_id).bind(sheet.team_id).bind(seq)
            .bind(sheet.proration).bind(sheet.working_days).bind(actor.account_id).bind(now)
            .fetch_optional(&mut **conn).await?;
        let Some(id) = id else {
            return Ok(Ok(None));
        };
        if !write_lines!(conn, id, sheet.project_id, &sheet.month, lines) {
            return Ok(Err(DayTaken));
        }
        let kind = if seq == 1 { "工资表".to_owned() } else { format!("补充工资表（第{seq}张）") };
        crate::oplog::record_on(&mut **conn, &actor.entry("新建工资表", "wage_sheet", id, format!("{} 月份{kind}，{} 人", sheet.month, lines.len()))).await?;
        Ok::<_, sqlx::Error>(Ok(Some((id, seq))))
    }.await)
}

/// Replaces a draft's lines with `lines` (its refresh from attendance). False: no longer a draft;
/// Err(Changed): a day was taken meanwhile.
pub async fn replace_lines(
    tx: &mut Tx,
    sheet: &SheetRow,
    head: &NewSheet,
    lines: &[LineToWrite<'_>],
    detail: String,
    actor: &Actor,
) -> sqlx::Result<Result<bool, DayTaken>> {
    let now = clock::now();
    on_tx!(tx, conn => async {
        let draft = sqlx::query("UPDATE wage_sheets SET refreshed_at = $2, proration = $3, working_days = $4 WHERE id = $1 AND status = 'draft' AND order_id IS NULL")
            .bind(sheet.id).bind(now).bind(head.proration).bind(head.working_days).execute(&mut **conn).await?.rows_affected();
        if draft == 0 {
            return Ok(Ok(false));
        }
        clear_lines!(conn, "sheet_id = $1", sheet.id);
        if !write_lines!(conn, sheet.id, sheet.project_id, &sheet.month, lines) {
            return Ok(Err(DayTaken));
        }
        crate::oplog::record_on(&mut **conn, &actor.entry("刷新工资表", "wage_sheet", sheet.id, detail)).await?;
        Ok::<_, sqlx::Error>(Ok(true))
    }.await)
}

/// The project's payroll rule ('statutory' without a row).
pub async fn proration(db: &Db, project_id: i64) -> sqlx::Result<String> {
    on_db!(db, pool => {
        let stored: Option<String> = sqlx::query_scalar("SELECT proration FROM payroll_settings WHERE project_id = $1")
            .bind(project_id).fetch_optional(pool).await?;
        Ok(stored.unwrap_or_else(|| "statutory".to_owned()))
    })
}

/// Sets the project's payroll rule; logs before → after.
pub async fn set_proration(
    tx: &mut Tx,
    project_id: i64,
    proration: &str,
    detail: String,
    actor: &Actor,
) -> sqlx::Result<()> {
    let now = clock::now();
    on_tx!(tx, conn => async {
        sqlx::query("INSERT INTO payroll_settings (project_id, proration, updated_at) VALUES ($1, $2, $3) \
                     ON CONFLICT (project_id) DO UPDATE SET proration = excluded.proration, updated_at = excluded.updated_at")
            .bind(project_id).bind(proration).bind(now).execute(&mut **conn).await?;
        crate::oplog::record_on(&mut **conn, &actor.entry("修改计薪规则", "project", project_id, detail)).await?;
        Ok::<_, sqlx::Error>(())
    }.await)
}

/// The line (and its sheet's status) that pays a worker's day, if any.
pub async fn day_line(
    db: &Db,
    project_id: i64,
    worker_id: i64,
    day: &str,
) -> sqlx::Result<Option<(i64, String, String, i64)>> {
    let sql = "SELECT l.id, s.status, s.month, s.seq FROM wage_line_days d JOIN wage_lines l ON l.id = d.line_id JOIN wage_sheets s ON s.id = l.sheet_id \
               WHERE d.project_id = $1 AND d.worker_id = $2 AND d.day = $3";
    on_db!(db, pool => sqlx::query_as(sql).bind(project_id).bind(worker_id).bind(day).fetch_optional(pool).await)
}

#[derive(Clone, Debug, sqlx::FromRow)]
pub struct LineRow {
    pub id: i64,
    pub sheet_id: i64,
    pub worker_id: i64,
    pub name: String,
    pub id_number: String,
    pub days: i64,
    pub wage_kind: String,
    pub wage_fen: i64,
    pub prefill_fen: i64,
    pub payable_fen: i64,
    pub deduction_fen: i64,
    pub net_fen: i64,
    pub reason: String,
    pub card_number: String,
    pub card_bank: String,
    pub card_bank_name: String,
    pub holiday_days: i64,
    pub overtime_days: i64,
    pub adjustment_fen: i64,
    pub basis: String,
    pub topup_days: i64,
    pub topup_fen: i64,
}

pub(super) const LINE_SELECT: &str = "SELECT l.id, l.sheet_id, l.worker_id, w.name, w.id_number, l.days, l.wage_kind, l.wage_fen, l.prefill_fen, \
    l.payable_fen, l.deduction_fen, l.net_fen, l.reason, l.holiday_days, l.overtime_days, l.adjustment_fen, l.basis, l.topup_days, l.topup_fen, l.card_number, l.card_bank, COALESCE(b.name, '') AS card_bank_name \
    FROM wage_lines l JOIN workers w ON w.id = l.worker_id LEFT JOIN banks b ON b.code = l.card_bank AND b.parent_code = ''";

pub async fn lines(db: &Db, sheet_id: i64, limit: i64, offset: i64) -> sqlx::Result<(Vec<LineRow>, i64)> {
    let sql = format!("{LINE_SELECT} WHERE l.sheet_id = $1 ORDER BY l.id LIMIT $2 OFFSET $3");
    on_db!(db, pool => {
        let rows = sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(sheet_id).bind(limit).bind(offset).fetch_all(pool).await?;
        let total: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM wage_lines WHERE sheet_id = $1").bind(sheet_id).fetch_one(pool).await?;
        Ok((rows, total))
    })
}

/// A line of the project with its sheet's status.
pub async fn line(db: &Db, project_id: i64, id: i64) -> sqlx::Result<Option<(LineRow, String)>> {
    let sql = format!("{LINE_SELECT} WHERE l.id = $1 AND l.project_id = $2");
    on_db!(db, pool => {
        let row: Option<LineRow> = sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(id).bind(project_id).fetch_optional(pool).await?;
        let Some(row) = row else { return Ok(None) };
        let status: String = sqlx::query_scalar("SELECT status FROM wage_sheets WHERE id = $1").bind(row.sheet_id).fetch_one(pool).await?;
        Ok(Some((row, status)))
    })
}

/// Writes a line's payable, deductions and reason while its sheet is a draft. False: no longer a draft.
pub async fn update_line(
    tx: &mut Tx,
    line: &LineRow,
    payable_fen: i64,
    deduction_fen: i64,
    reason: &str,
    actor: &Actor,
) -> sqlx::Result<bool> {
    on_tx!(tx, conn => async {
        let done = sqlx::query("UPDATE wage_lines SET payable_fen = $2, deduction_fen = $3, net_fen = $4 - adjustment_fen, reason = $5 WHERE id = $1 \
                                AND adjustment_fen <= $4 AND sheet_id IN (SELECT id FROM wage_sheets WHERE status = 'draft')")
            .bind(line.id).bind(payable_fen).bind(deduction_fen).bind(payable_fen - deduction_fen).bind(reason)
            .execute(&mut **conn).await?.rows_affected();
        if done == 0 {
            return Ok(false);
        }
        let detail = format!("{}：应发 {} → {}，扣款 {} → {}，原因：{reason}", line.name,
            crate::wage::money::yuan(line.payable_fen), crate::wage::money::yuan(payable_fen), crate::wage::money::yuan(line.deduction_fen), crate::wage::money::yuan(deduction_fen));
        crate::oplog::record_on(&mut **conn, &actor.entry("修改工资明细", "wage_line", line.id, detail)).await?;
        Ok::<_, sqlx::Error>(true)
    }.await)
}

/// Takes a line off its draft sheet. False: no longer a draft.
pub async fn remove_line(tx: &mut Tx, line: &LineRow, reason: &str, actor: &Actor) -> sqlx::Result<bool> {
    on_tx!(tx, conn => async {
        let done = clear_lines!(conn, "id = $1 AND sheet_id IN (SELECT id FROM wage_sheets WHERE status = 'draft')", line.id);
        if done == 0 {
            return Ok(false);
        }
        crate::oplog::record_on(&mut **conn, &actor.entry("移出工资表", "wage_line", line.id, format!("{}（工资表 {}），原因：{reason}", line.name, line.sheet_id))).await?;
        Ok::<_, sqlx::Error>(true)
    }.await)
}

/// Moves a sheet from one status to another when it is in no live order. False: it was not.
pub async fn set_sheet_status(
    tx: &mut Tx,
    id: i64,
    from: &str,
    to: &str,
    action: &str,
    actor: &Actor,
) -> sqlx::Result<bool> {
    let confirmed_at = if to == "confirmed" { clock::now() } else { 0 };
    on_tx!(tx, conn => async {
        let done = sqlx::query("UPDATE wage_sheets SET status = $3, confirmed_at = $4 WHERE id = $1 AND status = $2 AND order_id IS NULL")
            .bind(id).bind(from).bind(to).bind(confirmed_at).execute(&mut **conn).await?.rows_affected();
        if done == 0 {
            return Ok(false);
        }
        crate::oplog::record_on(&mut **conn, &actor.entry(action, "wage_sheet", id, format!("{from} → {to}"))).await?;
        Ok::<_, sqlx::Error>(true)
    }.await)
}

/// Confirms the draft. False: it was no longer a free draft.
pub async fn confirm_draft(tx: &mut Tx, id: i64) -> sqlx::Result<bool> {
    let done = execute_in!(
        tx,
        sqlx::query("UPDATE wage_sheets SET status = 'confirmed', confirmed_at = $2 WHERE id = $1 AND status = 'draft' AND order_id IS NULL")
            .bind(id)
            .bind(clock::now())
    )?;
    Ok(done > 0)
}

/// Fails the order's payout of `line_id` with `reason` while it is not yet settled. False: it was.
pub async fn fail_line(tx: &mut Tx, order_id: i64, line_id: i64, reason: &str) -> sqlx::Result<bool> {
    let sql = "UPDATE payouts SET status = 'failed', failure_reason = $3, settled_at = $4 \
               WHERE order_id = $1 AND line_id = $2 AND status IN ('queued', 'pending')";
    Ok(execute_in!(tx, sqlx::query(sql).bind(order_id).bind(line_id).bind(reason).bind(clock::now()))? > 0)
}

/// Deletes a draft sheet with its lines. False: not a draft.
pub async fn delete_sheet(tx: &mut Tx, id: i64, actor: &Actor) -> sqlx::Result<bool> {
    on_tx!(tx, conn => async {
        let draft: Option<i64> = sqlx::query_scalar("SELECT id FROM wage_sheets WHERE id = $1 AND status = 'draft' AND order_id IS NULL")
            .bind(id).fetch_optional(&mut **conn).await?;
        if draft.is_none() {
            return Ok(false);
        }
        let lines = clear_lines!(conn, "sheet_id = $1", id);
        sqlx::query("DELETE FROM wage_sheets WHERE id = $1").bind(id).execute(&mut **conn).await?;
        crate::oplog::record_on(&mut **conn, &actor.entry("删除工资表", "wage_sheet", id, format!("{lines} 条明细"))).await?;
        Ok::<_, sqlx::Error>(true)
    }.await)
}
