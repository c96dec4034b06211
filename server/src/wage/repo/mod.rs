//! SQL of wage sheets, their lines, wage orders, payouts and approvers' verifications. One text for both
//! backends. Every change of money or status writes its operation-log line in the same transaction.

use crate::clock;
use crate::db::cohort::Cohort;
use crate::db::{Bind, Db, Tx};
use crate::oplog::Entry;
use crate::{bind_all, execute_in, on_db, on_tx, record_in_tx};

pub mod days;
mod held;
pub mod minimum;
pub mod paid_days;
pub use held::{HeldElsewhere, LinesOf, UnheldLine, unheld_lines};

/// Lines a refusal for days held elsewhere names at most.
pub const UNHELD_NAMED: i64 = 3;

/// Who changes something, for the operation log.
#[derive(Clone, Debug)]
pub struct Actor {
    pub account_id: i64,
    pub account_name: String,
    /// The project the changes are about.
    pub project_id: Option<i64>,
    pub ip: String,
}

impl Actor {
    pub fn entry<'a>(&'a self, action: &'a str, target_type: &'a str, target_id: i64, detail: String) -> Entry<'a> {
        Entry::named(Some(self.account_id), &self.account_name, &self.ip)
            .project(self.project_id)
            .action(action)
            .on(target_type, target_id)
            .detail(detail)
    }
}

/// SQLite takes the write lock at BEGIN so two writers queue instead of failing on a stale snapshot;
/// PostgreSQL's row locks do the same inside a plain BEGIN.
fn begin_statement(db: &Db) -> &'static str {
    match db {
        Db::Sqlite(_) => "BEGIN IMMEDIATE",
        Db::Postgres(_) => "BEGIN",
    }
}

/// `$first, $first+1, …` for `count` values.
fn placeholders(first: usize, count: usize) -> String {
    (first..first + count).map(|n| format!("${n}")).collect::<Vec<_>>().join(", ")
}

// ---------------------------------------------------------------------------------------------------------
// Sheets

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

const SHEET_SELECT: &str = "SELECT s.id, s.project_id, p.name AS project_name, s.month, s.unit_id, s.team_id, s.status, s.order_id, c.name AS unit_name, \
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
    pub plan: &'a super::plan::PlannedLine,
    pub payable_fen: i64,
    pub deduction_fen: i64,
    pub adjustment_fen: i64,
    pub reason: String,
    pub adjustment_ids: Vec<i64>,
}

/// Deletes the lines matching `$filter` (bound `$value`) inside `$tx` with their days; the adjustments they
/// took wait for the next sheet again. Evaluates to the lines deleted.
macro_rules! clear_lines {
    ($tx:expr, $filter:literal, $value:expr) => {{
        sqlx::query(concat!(
            "UPDATE wage_adjustments SET line_id = NULL WHERE line_id IN (SELECT id FROM wage_lines WHERE ",
            $filter,
            ")"
        ))
        .bind($value)
        .execute(&mut *$tx)
        .await?;
        sqlx::query(concat!(
            "DELETE FROM wage_line_days WHERE line_id IN (SELECT id FROM wage_lines WHERE ",
            $filter,
            ")"
        ))
        .bind($value)
        .execute(&mut *$tx)
        .await?;
        sqlx::query(concat!(
            "DELETE FROM wage_line_topups WHERE line_id IN (SELECT id FROM wage_lines WHERE ",
            $filter,
            ")"
        ))
        .bind($value)
        .execute(&mut *$tx)
        .await?;
        sqlx::query(concat!("DELETE FROM wage_lines WHERE ", $filter))
            .bind($value)
            .execute(&mut *$tx)
            .await?
            .rows_affected()
    }};
}

/// Rows per multi-row insert (at most 19 binds a row stays under both backends' limits; lines take 19).
const WRITE_CHUNK: usize = 1_000;

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
            let written: Vec<(i64, i64)> = builder.build_query_as().fetch_all(&mut *$tx).await?;
            ids.extend(written.into_iter().map(|(id, worker)| (worker, id)));
        }
        let mut complete = ids.len() == lines.len();
        let days: Vec<(i64, i64, &super::plan::PlannedDay)> = lines
            .iter()
            .filter_map(|line| ids.get(&line.plan.worker_id).map(|id| (line, *id)))
            .flat_map(|(line, id)| line.plan.days.iter().map(move |day| (id, line.plan.worker_id, day)))
            .collect();
        complete &= PaidDays::write(&mut *$tx, $project_id, &days).await? == days.len() as u64;
        let topups: Vec<(i64, i64, &super::topup::TopupDay)> = lines
            .iter()
            .filter_map(|line| ids.get(&line.plan.worker_id).map(|id| (line, *id)))
            .flat_map(|(line, id)| line.plan.topup.iter().flat_map(move |topup| topup.days.iter().map(move |day| (id, line.plan.worker_id, day))))
            .collect();
        complete &= crate::wage::repo::days::Topups::write(&mut *$tx, $project_id, &topups).await? == topups.len() as u64;
        for line in lines {
            for adjustment in &line.adjustment_ids {
                complete &= sqlx::query("UPDATE wage_adjustments SET line_id = $1 WHERE id = $2 AND line_id IS NULL")
                    .bind(ids.get(&line.plan.worker_id).copied().unwrap_or(0)).bind(*adjustment).execute(&mut *$tx).await?.rows_affected() == 1;
            }
        }
        complete
    }};
}

/// The days a sheet's lines pay, (line, worker, day), written at once: PostgreSQL takes them as arrays in one
/// statement (a sheet of 10,000 workers holds some 300,000 days, which multi-row VALUES statements plan
/// slowly there), SQLite in chunks of multi-row VALUES. Answers the rows written (a day already on a line is not).
trait PaidDays {
    async fn write(&mut self, project_id: i64, days: &[(i64, i64, &super::plan::PlannedDay)]) -> sqlx::Result<u64>;
}

impl PaidDays for sqlx::PgConnection {
    async fn write(&mut self, project_id: i64, days: &[(i64, i64, &super::plan::PlannedDay)]) -> sqlx::Result<u64> {
        let column =
            |pick: &dyn Fn(&(i64, i64, &super::plan::PlannedDay)) -> i64| days.iter().map(pick).collect::<Vec<i64>>();
        let text = |pick: &dyn Fn(&(i64, i64, &super::plan::PlannedDay)) -> String| {
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
    async fn write(&mut self, project_id: i64, days: &[(i64, i64, &super::plan::PlannedDay)]) -> sqlx::Result<u64> {
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
    db: &Db,
    sheet: &NewSheet,
    lines: &[LineToWrite<'_>],
    actor: &Actor,
) -> sqlx::Result<Result<Option<(i64, i64)>, Refusal>> {
    let now = clock::now();
    on_db!(db, pool => {
        let mut tx = pool.begin_with(begin_statement(db)).await?;
        let seq: i64 = sqlx::query_scalar("SELECT CAST(COALESCE(MAX(seq), 0) + 1 AS BIGINT) FROM wage_sheets \
                                           WHERE project_id = $1 AND unit_id = $2 AND team_id = $3 AND month = $4")
            .bind(sheet.project_id).bind(sheet.unit_id).bind(sheet.team_id).bind(&sheet.month).fetch_one(&mut *tx).await?;
        let id: Option<i64> = sqlx::query_scalar(
            "INSERT INTO wage_sheets (project_id, month, unit_id, team_id, seq, status, proration, working_days, created_by, created_at, refreshed_at) \
             VALUES ($1, $2, $3, $4, $5, 'draft', $6, $7, $8, $9, $9) \
             ON CONFLICT (project_id, unit_id, team_id, month) WHERE status = 'draft' DO NOTHING RETURNING id")
            .bind(sheet.project_id).bind(&sheet.month).bind(sheet.unit_id).bind(sheet.team_id).bind(seq)
            .bind(sheet.proration).bind(sheet.working_days).bind(actor.account_id).bind(now)
            .fetch_optional(&mut *tx).await?;
        let Some(id) = id else {
            tx.rollback().await?;
            return Ok(Ok(None));
        };
        if !write_lines!(tx, id, sheet.project_id, &sheet.month, lines) {
            tx.rollback().await?;
            return Ok(Err(Refusal::Changed));
        }
        let kind = if seq == 1 { "工资表".to_owned() } else { format!("补充工资表（第{seq}张）") };
        record_in_tx!(tx, &actor.entry("新建工资表", "wage_sheet", id, format!("{} 月份{kind}，{} 人", sheet.month, lines.len())))?;
        tx.commit().await?;
        Ok(Ok(Some((id, seq))))
    })
}

/// Replaces a draft's lines with `lines` (its refresh from attendance). False: no longer a draft;
/// Err(Changed): a day was taken meanwhile.
pub async fn replace_lines(
    db: &Db,
    sheet: &SheetRow,
    head: &NewSheet,
    lines: &[LineToWrite<'_>],
    detail: String,
    actor: &Actor,
) -> sqlx::Result<Result<bool, Refusal>> {
    let now = clock::now();
    on_db!(db, pool => {
        let mut tx = pool.begin_with(begin_statement(db)).await?;
        let draft = sqlx::query("UPDATE wage_sheets SET refreshed_at = $2, proration = $3, working_days = $4 WHERE id = $1 AND status = 'draft' AND order_id IS NULL")
            .bind(sheet.id).bind(now).bind(head.proration).bind(head.working_days).execute(&mut *tx).await?.rows_affected();
        if draft == 0 {
            tx.rollback().await?;
            return Ok(Ok(false));
        }
        clear_lines!(tx, "sheet_id = $1", sheet.id);
        if !write_lines!(tx, sheet.id, sheet.project_id, &sheet.month, lines) {
            tx.rollback().await?;
            return Ok(Err(Refusal::Changed));
        }
        record_in_tx!(tx, &actor.entry("刷新工资表", "wage_sheet", sheet.id, detail))?;
        tx.commit().await?;
        Ok(Ok(true))
    })
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
    db: &Db,
    project_id: i64,
    proration: &str,
    detail: String,
    actor: &Actor,
) -> sqlx::Result<()> {
    let now = clock::now();
    on_db!(db, pool => {
        let mut tx = pool.begin_with(begin_statement(db)).await?;
        sqlx::query("INSERT INTO payroll_settings (project_id, proration, updated_at) VALUES ($1, $2, $3) \
                     ON CONFLICT (project_id) DO UPDATE SET proration = excluded.proration, updated_at = excluded.updated_at")
            .bind(project_id).bind(proration).bind(now).execute(&mut *tx).await?;
        record_in_tx!(tx, &actor.entry("修改计薪规则", "project", project_id, detail))?;
        tx.commit().await
    })
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

const LINE_SELECT: &str = "SELECT l.id, l.sheet_id, l.worker_id, w.name, w.id_number, l.days, l.wage_kind, l.wage_fen, l.prefill_fen, \
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
    db: &Db,
    line: &LineRow,
    payable_fen: i64,
    deduction_fen: i64,
    reason: &str,
    actor: &Actor,
) -> sqlx::Result<bool> {
    on_db!(db, pool => {
        let mut tx = pool.begin_with(begin_statement(db)).await?;
        let done = sqlx::query("UPDATE wage_lines SET payable_fen = $2, deduction_fen = $3, net_fen = $4 - adjustment_fen, reason = $5 WHERE id = $1 \
                                AND adjustment_fen <= $4 AND sheet_id IN (SELECT id FROM wage_sheets WHERE status = 'draft')")
            .bind(line.id).bind(payable_fen).bind(deduction_fen).bind(payable_fen - deduction_fen).bind(reason)
            .execute(&mut *tx).await?.rows_affected();
        if done == 0 {
            tx.rollback().await?;
            return Ok(false);
        }
        let detail = format!("{}：应发 {} → {}，扣款 {} → {}，原因：{reason}", line.name,
            super::money::yuan(line.payable_fen), super::money::yuan(payable_fen), super::money::yuan(line.deduction_fen), super::money::yuan(deduction_fen));
        record_in_tx!(tx, &actor.entry("修改工资明细", "wage_line", line.id, detail))?;
        tx.commit().await?;
        Ok(true)
    })
}

/// Takes a line off its draft sheet. False: no longer a draft.
pub async fn remove_line(db: &Db, line: &LineRow, reason: &str, actor: &Actor) -> sqlx::Result<bool> {
    on_db!(db, pool => {
        let mut tx = pool.begin_with(begin_statement(db)).await?;
        let done = clear_lines!(tx, "id = $1 AND sheet_id IN (SELECT id FROM wage_sheets WHERE status = 'draft')", line.id);
        if done == 0 {
            tx.rollback().await?;
            return Ok(false);
        }
        record_in_tx!(tx, &actor.entry("移出工资表", "wage_line", line.id, format!("{}（工资表 {}），原因：{reason}", line.name, line.sheet_id)))?;
        tx.commit().await?;
        Ok(true)
    })
}

/// Moves a sheet from one status to another when it is in no live order. False: it was not.
pub async fn set_sheet_status(
    db: &Db,
    id: i64,
    from: &str,
    to: &str,
    action: &str,
    actor: &Actor,
) -> sqlx::Result<bool> {
    let confirmed_at = if to == "confirmed" { clock::now() } else { 0 };
    on_db!(db, pool => {
        let mut tx = pool.begin_with(begin_statement(db)).await?;
        let done = sqlx::query("UPDATE wage_sheets SET status = $3, confirmed_at = $4 WHERE id = $1 AND status = $2 AND order_id IS NULL")
            .bind(id).bind(from).bind(to).bind(confirmed_at).execute(&mut *tx).await?.rows_affected();
        if done == 0 {
            tx.rollback().await?;
            return Ok(false);
        }
        record_in_tx!(tx, &actor.entry(action, "wage_sheet", id, format!("{from} → {to}")))?;
        tx.commit().await?;
        Ok(true)
    })
}

/// Confirms a draft sheet whose lines hold every attended day they pay, in one transaction with the check.
pub async fn confirm_sheet(db: &Db, id: i64, actor: &Actor) -> sqlx::Result<Result<(), Refusal>> {
    let mut tx = Tx::begin(db).await?;
    let unheld = unheld_lines(&mut tx, LinesOf::Sheets(&[id]), UNHELD_NAMED).await?;
    if !unheld.is_empty() {
        tx.rollback().await?;
        return Ok(Err(Refusal::Unheld(unheld)));
    }
    let done = execute_in!(
        &mut tx,
        sqlx::query("UPDATE wage_sheets SET status = 'confirmed', confirmed_at = $2 WHERE id = $1 AND status = 'draft' AND order_id IS NULL")
            .bind(id)
            .bind(clock::now())
    )?;
    if done == 0 {
        tx.rollback().await?;
        return Ok(Err(Refusal::Changed));
    }
    crate::oplog::record_in(&mut tx, &actor.entry("确认工资表", "wage_sheet", id, "draft → confirmed".to_owned()))
        .await?;
    tx.commit().await?;
    Ok(Ok(()))
}

/// The order's payouts still pending whose lines pay attended days they do not hold fail with `reason(line)`
/// before the bank is asked; answers the workers' names and reasons.
pub async fn fail_unheld(
    db: &Db,
    order_id: i64,
    reason: impl Fn(&UnheldLine) -> String,
    actor: &Actor,
) -> sqlx::Result<Vec<(String, String)>> {
    let mut tx = Tx::begin(db).await?;
    let unheld = unheld_lines(&mut tx, LinesOf::Order(order_id), i64::MAX).await?;
    let now = clock::now();
    let mut failed = Vec::new();
    for line in &unheld {
        let why = reason(line);
        let sql = "UPDATE payouts SET status = 'failed', failure_reason = $3, settled_at = $4 \
                   WHERE order_id = $1 AND line_id = $2 AND status IN ('queued', 'pending')";
        if execute_in!(&mut tx, sqlx::query(sql).bind(order_id).bind(line.line_id).bind(&why).bind(now))? > 0 {
            crate::oplog::record_in(
                &mut tx,
                &actor.entry("拒付重复计发", "wage_order", order_id, format!("{}：{why}", line.worker_name)),
            )
            .await?;
            failed.push((line.worker_name.clone(), why));
        }
    }
    tx.commit().await?;
    Ok(failed)
}

/// Deletes a draft sheet with its lines. False: not a draft.
pub async fn delete_sheet(db: &Db, id: i64, actor: &Actor) -> sqlx::Result<bool> {
    on_db!(db, pool => {
        let mut tx = pool.begin_with(begin_statement(db)).await?;
        let draft: Option<i64> = sqlx::query_scalar("SELECT id FROM wage_sheets WHERE id = $1 AND status = 'draft' AND order_id IS NULL")
            .bind(id).fetch_optional(&mut *tx).await?;
        if draft.is_none() {
            tx.rollback().await?;
            return Ok(false);
        }
        let lines = clear_lines!(tx, "sheet_id = $1", id);
        sqlx::query("DELETE FROM wage_sheets WHERE id = $1").bind(id).execute(&mut *tx).await?;
        record_in_tx!(tx, &actor.entry("删除工资表", "wage_sheet", id, format!("{lines} 条明细")))?;
        tx.commit().await?;
        Ok(true)
    })
}

// ---------------------------------------------------------------------------------------------------------
// salaryCheck

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

// ---------------------------------------------------------------------------------------------------------
// Wage cards

// ---------------------------------------------------------------------------------------------------------
// Orders

#[derive(Clone, Debug, sqlx::FromRow)]
pub struct OrderRow {
    pub id: i64,
    pub project_id: i64,
    pub project_name: String,
    pub order_no: String,
    pub month: String,
    pub status: String,
    pub total_fen: i64,
    pub line_count: i64,
    pub paid_fen: i64,
    pub failed_fen: i64,
    pub reissue_of: Option<i64>,
    pub reissue_of_no: String,
    pub remark: String,
    pub created_at: i64,
    pub created_by_name: String,
    pub decided_at: i64,
    pub decided_by: Option<i64>,
    pub decided_by_name: String,
    pub decision_remark: String,
    pub finished_at: i64,
}

const ORDER_SELECT: &str = "SELECT o.id, o.project_id, p.name AS project_name, o.order_no, o.month, o.status, o.total_fen, o.line_count, \
    o.paid_fen, o.failed_fen, o.reissue_of, COALESCE(r.order_no, '') AS reissue_of_no, o.remark, o.created_at, \
    COALESCE(ca.name, '') AS created_by_name, o.decided_at, o.decided_by, COALESCE(da.name, '') AS decided_by_name, o.decision_remark, o.finished_at \
    FROM wage_orders o JOIN projects p ON p.id = o.project_id LEFT JOIN wage_orders r ON r.id = o.reissue_of \
    LEFT JOIN accounts ca ON ca.id = o.created_by LEFT JOIN accounts da ON da.id = o.decided_by";

pub async fn order(db: &Db, project_filter: i64, id: i64) -> sqlx::Result<Option<OrderRow>> {
    let sql = format!("{ORDER_SELECT} WHERE o.id = $1 AND ($2 = 0 OR o.project_id = $2)");
    on_db!(db, pool => sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(id).bind(project_filter).fetch_optional(pool).await)
}

/// Orders of a project (0: all) in the given statuses (empty: any), month and order-number part.
pub async fn orders(
    db: &Db,
    project_filter: i64,
    statuses: &[&str],
    month: &str,
    order_no_pattern: &str,
    limit: i64,
    offset: i64,
) -> sqlx::Result<(Vec<OrderRow>, i64)> {
    let status_filter = if statuses.is_empty() {
        String::new()
    } else {
        format!(" AND o.status IN ({})", placeholders(4, statuses.len()))
    };
    let filter = format!(
        "($1 = 0 OR o.project_id = $1) AND ($2 = '' OR o.month = $2) AND ($3 = '' OR o.order_no LIKE $3 ESCAPE '\\'){status_filter}"
    );
    let next = 4 + statuses.len();
    let sql = format!("{ORDER_SELECT} WHERE {filter} ORDER BY o.id DESC LIMIT ${next} OFFSET ${}", next + 1);
    let count = format!("SELECT COUNT(*) FROM wage_orders o WHERE {filter}");
    on_db!(db, pool => {
        let mut query = sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(project_filter).bind(month).bind(order_no_pattern);
        let mut count_query = sqlx::query_scalar(sqlx::AssertSqlSafe(count)).bind(project_filter).bind(month).bind(order_no_pattern);
        for status in statuses {
            query = query.bind(*status);
            count_query = count_query.bind(*status);
        }
        let rows = query.bind(limit).bind(offset).fetch_all(pool).await?;
        let total: i64 = count_query.fetch_one(pool).await?;
        Ok((rows, total))
    })
}

/// Orders of a project counted by status.
pub async fn order_counts(db: &Db, project_id: i64) -> sqlx::Result<Vec<(String, i64, i64)>> {
    let sql = "SELECT status, COUNT(*), CAST(COALESCE(SUM(total_fen), 0) AS BIGINT) FROM wage_orders WHERE project_id = $1 GROUP BY status";
    on_db!(db, pool => sqlx::query_as(sql).bind(project_id).fetch_all(pool).await)
}

/// The sheets an order carries: id, unit name, team name.
pub async fn order_sheets(db: &Db, order_id: i64) -> sqlx::Result<Vec<SheetRow>> {
    let sql = format!(
        "{SHEET_SELECT} WHERE s.id IN (SELECT sheet_id FROM wage_order_sheets WHERE order_id = $1) ORDER BY s.id"
    );
    on_db!(db, pool => sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(order_id).fetch_all(pool).await)
}

#[derive(Clone, Debug, sqlx::FromRow)]
pub struct PayoutRow {
    pub id: i64,
    pub order_id: i64,
    pub order_no: String,
    pub month: String,
    pub line_id: i64,
    pub worker_id: i64,
    pub name: String,
    pub id_number: String,
    pub amount_fen: i64,
    pub card_number: String,
    pub card_bank: String,
    pub current_card: String,
    pub current_bank: String,
    pub status: String,
    pub bank_ref: String,
    pub failure_reason: String,
    pub reissued_by: Option<i64>,
    pub settled_at: i64,
}

const PAYOUT_SELECT: &str = "SELECT p.id, p.order_id, o.order_no, o.month, p.line_id, p.worker_id, w.name, w.id_number, p.amount_fen, \
    p.card_number, p.card_bank, w.wage_card_number AS current_card, w.wage_card_bank AS current_bank, p.status, p.bank_ref, \
    p.failure_reason, p.reissued_by, p.settled_at FROM payouts p JOIN wage_orders o ON o.id = p.order_id JOIN workers w ON w.id = p.worker_id";

/// Payouts filtered: project (0 all), order (0 any), month, status list, name part, only not re-issued.
pub struct PayoutFilter<'a> {
    pub project_filter: i64,
    pub order_id: i64,
    pub month: &'a str,
    pub statuses: &'a [&'a str],
    pub name_pattern: &'a str,
    pub not_reissued: bool,
}

pub async fn payouts(
    db: &Db,
    filter: &PayoutFilter<'_>,
    limit: i64,
    offset: i64,
) -> sqlx::Result<(Vec<PayoutRow>, i64)> {
    let statuses = if filter.statuses.is_empty() {
        String::new()
    } else {
        format!(" AND p.status IN ({})", placeholders(5, filter.statuses.len()))
    };
    let reissued = if filter.not_reissued { " AND p.reissued_by IS NULL" } else { "" };
    let condition = format!(
        "($1 = 0 OR p.project_id = $1) AND ($2 = 0 OR p.order_id = $2) AND ($3 = '' OR o.month = $3) \
         AND ($4 = '' OR w.name LIKE $4 ESCAPE '\\'){statuses}{reissued}"
    );
    let next = 5 + filter.statuses.len();
    let sql = format!("{PAYOUT_SELECT} WHERE {condition} ORDER BY p.id DESC LIMIT ${next} OFFSET ${}", next + 1);
    let count = format!(
        "SELECT COUNT(*) FROM payouts p JOIN wage_orders o ON o.id = p.order_id JOIN workers w ON w.id = p.worker_id WHERE {condition}"
    );
    on_db!(db, pool => {
        let mut query = sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(filter.project_filter).bind(filter.order_id).bind(filter.month).bind(filter.name_pattern);
        let mut count_query = sqlx::query_scalar(sqlx::AssertSqlSafe(count)).bind(filter.project_filter).bind(filter.order_id).bind(filter.month).bind(filter.name_pattern);
        for status in filter.statuses {
            query = query.bind(*status);
            count_query = count_query.bind(*status);
        }
        let rows = query.bind(limit).bind(offset).fetch_all(pool).await?;
        let total: i64 = count_query.fetch_one(pool).await?;
        Ok((rows, total))
    })
}

/// The cards of an order's lines not yet asked of the bank.
pub async fn queued_cards(db: &Db, order_id: i64) -> sqlx::Result<Vec<String>> {
    let sql = "SELECT card_number FROM payouts WHERE order_id = $1 AND status = 'queued'";
    on_db!(db, pool => sqlx::query_scalar(sql).bind(order_id).fetch_all(pool).await)
}

pub async fn payouts_by_ids(db: &Db, project_id: i64, ids: &[i64]) -> sqlx::Result<Vec<PayoutRow>> {
    let sql =
        format!("{PAYOUT_SELECT} WHERE p.project_id = $1 AND p.id IN ({}) ORDER BY p.id", placeholders(2, ids.len()));
    on_db!(db, pool => {
        let mut query = sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(project_id);
        for id in ids {
            query = query.bind(*id);
        }
        query.fetch_all(pool).await
    })
}

/// Why an order could not be written.
#[derive(Debug, PartialEq, Eq)]
pub enum Refusal {
    /// Another request changed a sheet, a line or the order first.
    Changed,
    /// The project has no special account.
    NoAccount,
    /// The balance lacks this many fen.
    Shortfall(i64),
    /// Nothing to pay.
    Empty,
    /// The approver has no unused verification within its lifetime.
    NotVerified,
    /// Lines would pay attended days they do not hold (some held by other lines).
    Unheld(Vec<UnheldLine>),
    /// The approver submitted the order: who prepares money never approves it.
    OwnOrder,
}

fn order_no(now: i64) -> String {
    let stamp = time::OffsetDateTime::from_unix_timestamp(now)
        .unwrap_or(time::OffsetDateTime::UNIX_EPOCH)
        .to_offset(time::UtcOffset::from_hms(8, 0, 0).unwrap_or(time::UtcOffset::UTC));
    format!(
        "GZ{:04}{:02}{:02}{:02}{:02}{:02}{:04}",
        stamp.year(),
        stamp.month() as u8,
        stamp.day(),
        stamp.hour(),
        stamp.minute(),
        stamp.second(),
        rand::random_range(0..10_000u32)
    )
}

/// A line a payment of sheets would pay: the worker, the net pay and the card the payout would go to (the
/// worker's current one, as `submit_order` queues it).
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct PayLine {
    pub name: String,
    pub net_fen: i64,
    pub card_number: String,
    pub card_bank_name: String,
}

/// The lines with net pay of the project's sheets, in sheet and line order.
pub async fn pay_lines(db: &Db, project_id: i64, sheet_ids: &[i64]) -> sqlx::Result<Vec<PayLine>> {
    let ids = placeholders(2, sheet_ids.len());
    let sql = format!(
        "SELECT w.name, l.net_fen, w.wage_card_number AS card_number, COALESCE(b.name, '') AS card_bank_name \
        FROM wage_lines l JOIN workers w ON w.id = l.worker_id LEFT JOIN banks b ON b.code = w.wage_card_bank AND b.parent_code = '' WHERE l.project_id = $1 AND l.net_fen > 0 AND l.sheet_id IN ({ids}) \
        ORDER BY l.sheet_id, l.id"
    );
    on_db!(db, pool => {
        let mut query = sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(project_id);
        for id in sheet_ids { query = query.bind(*id); }
        query.fetch_all(pool).await
    })
}

/// Why the project's special account, as the open transaction sees it, cannot pay `total_fen`; None when
/// it can. The balance is the account area's.
async fn uncovered(tx: &mut Tx, project_id: i64, total_fen: i64) -> sqlx::Result<Option<Refusal>> {
    Ok(match crate::account::flows::balance_in(tx, project_id).await? {
        None => Some(Refusal::NoAccount),
        Some(balance) if balance < total_fen => Some(Refusal::Shortfall(total_fen - balance)),
        Some(_) => None,
    })
}

/// An order of confirmed sheets: the sheets are taken (only if confirmed and in no live order), every line
/// with net pay gets a queued payout to the worker's current card, the balance must cover the total.
pub async fn submit_order(
    db: &Db,
    project_id: i64,
    month: &str,
    sheet_ids: &[i64],
    remark: &str,
    actor: &Actor,
) -> sqlx::Result<Result<i64, Refusal>> {
    let now = clock::now();
    let ids = placeholders(3, sheet_ids.len());
    let total_sql = format!(
        "SELECT COUNT(*), CAST(COALESCE(SUM(net_fen), 0) AS BIGINT) FROM wage_lines WHERE project_id = $1 AND month = $2 AND net_fen > 0 AND sheet_id IN ({ids})"
    );
    let take_sql = format!(
        "UPDATE wage_sheets SET order_id = $1 WHERE project_id = $2 AND status = 'confirmed' AND order_id IS NULL AND id IN ({ids})"
    );
    let link_sql = format!(
        "INSERT INTO wage_order_sheets (order_id, sheet_id) SELECT $1, id FROM wage_sheets WHERE project_id = $2 AND id IN ({ids})"
    );
    let queue_sql = format!(
        "INSERT INTO payouts (order_id, project_id, line_id, worker_id, amount_fen, card_number, card_bank, status) \
        SELECT $1, l.project_id, l.id, l.worker_id, l.net_fen, w.wage_card_number, w.wage_card_bank, 'queued' \
        FROM wage_lines l JOIN workers w ON w.id = l.worker_id WHERE l.project_id = $2 AND l.net_fen > 0 AND l.sheet_id IN ({ids})"
    );
    let mut tx = Tx::begin(db).await?;
    let (line_count, total_fen) = on_tx!(&mut tx, conn => {
        let mut total = sqlx::query_as::<_, (i64, i64)>(sqlx::AssertSqlSafe(total_sql.clone())).bind(project_id).bind(month);
        for id in sheet_ids { total = total.bind(*id); }
        total.fetch_one(&mut **conn).await
    })?;
    if line_count == 0 {
        tx.rollback().await?;
        return Ok(Err(Refusal::Empty));
    }
    let unheld = unheld_lines(&mut tx, LinesOf::Sheets(sheet_ids), UNHELD_NAMED).await?;
    if !unheld.is_empty() {
        tx.rollback().await?;
        return Ok(Err(Refusal::Unheld(unheld)));
    }
    if let Some(refusal) = uncovered(&mut tx, project_id, total_fen).await? {
        tx.rollback().await?;
        return Ok(Err(refusal));
    }
    let written: Option<i64> = on_tx!(&mut tx, conn => async {
        let order_id: i64 = sqlx::query_scalar("INSERT INTO wage_orders (project_id, order_no, month, status, total_fen, line_count, remark, created_by, created_at) \
            VALUES ($1, $2, $3, 'pending', $4, $5, $6, $7, $8) RETURNING id")
            .bind(project_id).bind(order_no(now)).bind(month).bind(total_fen).bind(line_count).bind(remark).bind(actor.account_id).bind(now)
            .fetch_one(&mut **conn).await?;
        let mut take = sqlx::query(sqlx::AssertSqlSafe(take_sql.clone())).bind(order_id).bind(project_id);
        for id in sheet_ids { take = take.bind(*id); }
        if take.execute(&mut **conn).await?.rows_affected() != sheet_ids.len() as u64 {
            return Ok::<_, sqlx::Error>(None);
        }
        let mut link = sqlx::query(sqlx::AssertSqlSafe(link_sql.clone())).bind(order_id).bind(project_id);
        for id in sheet_ids { link = link.bind(*id); }
        link.execute(&mut **conn).await?;
        let mut queue = sqlx::query(sqlx::AssertSqlSafe(queue_sql.clone())).bind(order_id).bind(project_id);
        for id in sheet_ids { queue = queue.bind(*id); }
        queue.execute(&mut **conn).await?;
        Ok(Some(order_id))
    }.await)?;
    let Some(order_id) = written else {
        tx.rollback().await?;
        return Ok(Err(Refusal::Changed));
    };
    let detail = format!("{month} 月份，{line_count} 人，{} 元", super::money::yuan_grouped(total_fen));
    crate::oplog::record_in(&mut tx, &actor.entry("提交工资单", "wage_order", order_id, detail)).await?;
    tx.commit().await?;
    Ok(Ok(order_id))
}

/// A new order re-issuing failed payouts (each at most once) to the workers' current cards.
pub async fn reissue(
    db: &Db,
    project_id: i64,
    original: &OrderRow,
    payout_ids: &[i64],
    actor: &Actor,
) -> sqlx::Result<Result<i64, Refusal>> {
    let now = clock::now();
    let ids = placeholders(3, payout_ids.len());
    let total_sql = format!(
        "SELECT COUNT(*), CAST(COALESCE(SUM(amount_fen), 0) AS BIGINT) FROM payouts WHERE project_id = $1 AND order_id = $2 AND id IN ({ids})"
    );
    let take_sql = format!(
        "UPDATE payouts SET reissued_by = $1 WHERE project_id = $2 AND status = 'failed' AND reissued_by IS NULL AND id IN ({ids})"
    );
    let queue_sql = format!(
        "INSERT INTO payouts (order_id, project_id, line_id, worker_id, amount_fen, card_number, card_bank, status) \
        SELECT $1, p.project_id, p.line_id, p.worker_id, p.amount_fen, w.wage_card_number, w.wage_card_bank, 'queued' \
        FROM payouts p JOIN workers w ON w.id = p.worker_id WHERE p.project_id = $2 AND p.id IN ({ids})"
    );
    let mut tx = Tx::begin(db).await?;
    let (line_count, total_fen) = on_tx!(&mut tx, conn => {
        let mut total = sqlx::query_as::<_, (i64, i64)>(sqlx::AssertSqlSafe(total_sql.clone())).bind(project_id).bind(original.id);
        for id in payout_ids { total = total.bind(*id); }
        total.fetch_one(&mut **conn).await
    })?;
    if line_count != payout_ids.len() as i64 {
        tx.rollback().await?;
        return Ok(Err(Refusal::Changed));
    }
    if let Some(refusal) = uncovered(&mut tx, project_id, total_fen).await? {
        tx.rollback().await?;
        return Ok(Err(refusal));
    }
    let written: Option<i64> = on_tx!(&mut tx, conn => async {
        let order_id: i64 = sqlx::query_scalar("INSERT INTO wage_orders (project_id, order_no, month, status, total_fen, line_count, reissue_of, remark, created_by, created_at) \
            VALUES ($1, $2, $3, 'pending', $4, $5, $6, $7, $8, $9) RETURNING id")
            .bind(project_id).bind(order_no(now)).bind(&original.month).bind(total_fen).bind(line_count).bind(original.id)
            .bind(format!("重新发放 {} 的失败明细", original.order_no)).bind(actor.account_id).bind(now)
            .fetch_one(&mut **conn).await?;
        let mut take = sqlx::query(sqlx::AssertSqlSafe(take_sql.clone())).bind(order_id).bind(project_id);
        for id in payout_ids { take = take.bind(*id); }
        if take.execute(&mut **conn).await?.rows_affected() != payout_ids.len() as u64 {
            return Ok::<_, sqlx::Error>(None);
        }
        let mut queue = sqlx::query(sqlx::AssertSqlSafe(queue_sql.clone())).bind(order_id).bind(project_id);
        for id in payout_ids { queue = queue.bind(*id); }
        queue.execute(&mut **conn).await?;
        Ok(Some(order_id))
    }.await)?;
    let Some(order_id) = written else {
        tx.rollback().await?;
        return Ok(Err(Refusal::Changed));
    };
    let detail =
        format!("原工资单 {}，{line_count} 人，{} 元", original.order_no, super::money::yuan_grouped(total_fen));
    crate::oplog::record_in(&mut tx, &actor.entry("重新发放", "wage_order", order_id, detail)).await?;
    tx.commit().await?;
    Ok(Ok(order_id))
}

/// Ends a pending order without paying: `withdrawn` by the clerk or `rejected` by an approver. Its sheets
/// and re-issued lines are released, its payouts cancelled. False: the order was no longer pending.
pub async fn close_pending(
    db: &Db,
    project_id: i64,
    order_id: i64,
    to: &str,
    remark: &str,
    actor: &Actor,
) -> sqlx::Result<bool> {
    let now = clock::now();
    let (action, decided_by) =
        if to == "rejected" { ("驳回工资单", Some(actor.account_id)) } else { ("撤回工资单", None) };
    on_db!(db, pool => {
        let mut tx = pool.begin_with(begin_statement(db)).await?;
        let done = sqlx::query("UPDATE wage_orders SET status = $3, decided_by = $4, decided_at = $5, decision_remark = $6 \
                                WHERE id = $1 AND project_id = $2 AND status = 'pending'")
            .bind(order_id).bind(project_id).bind(to).bind(decided_by).bind(now).bind(remark)
            .execute(&mut *tx).await?.rows_affected();
        if done == 0 {
            tx.rollback().await?;
            return Ok(false);
        }
        sqlx::query("UPDATE wage_sheets SET order_id = NULL WHERE order_id = $1").bind(order_id).execute(&mut *tx).await?;
        sqlx::query("UPDATE payouts SET status = 'cancelled' WHERE order_id = $1 AND status = 'queued'").bind(order_id).execute(&mut *tx).await?;
        sqlx::query("UPDATE payouts SET reissued_by = NULL WHERE reissued_by = $1").bind(order_id).execute(&mut *tx).await?;
        record_in_tx!(tx, &actor.entry(action, "wage_order", order_id, remark.to_owned()))?;
        tx.commit().await?;
        Ok(true)
    })
}

/// Approval: takes one unused verification of the approver (newer than `verified_after`), moves the order
/// from pending to paying (only one of two concurrent approvals can) and queues its payouts for the bank,
/// all or nothing.
pub async fn approve(
    db: &Db,
    project_id: i64,
    order_id: i64,
    verified_after: i64,
    remark: &str,
    actor: &Actor,
) -> sqlx::Result<Result<(), Refusal>> {
    let now = clock::now();
    let mut tx = Tx::begin(db).await?;
    let preparer: Option<Option<i64>> = on_tx!(&mut tx, conn => sqlx::query_scalar(
        "SELECT created_by FROM wage_orders WHERE id = $1 AND project_id = $2")
        .bind(order_id).bind(project_id).fetch_optional(&mut **conn).await)?;
    if preparer.flatten() == Some(actor.account_id) {
        tx.rollback().await?;
        return Ok(Err(Refusal::OwnOrder));
    }
    let taken = execute_in!(
        &mut tx,
        sqlx::query(
            "UPDATE wage_orders SET status = 'paying', decided_by = $3, decided_at = $4, decision_remark = $5 \
                             WHERE id = $1 AND project_id = $2 AND status = 'pending'"
        )
        .bind(order_id)
        .bind(project_id)
        .bind(actor.account_id)
        .bind(now)
        .bind(remark)
    )?;
    if taken == 0 {
        tx.rollback().await?;
        return Ok(Err(Refusal::Changed));
    }
    let unheld = unheld_lines(&mut tx, LinesOf::Order(order_id), UNHELD_NAMED).await?;
    if !unheld.is_empty() {
        tx.rollback().await?;
        return Ok(Err(Refusal::Unheld(unheld)));
    }
    let used = on_tx!(&mut tx, conn => async {
        let verification: Option<i64> = sqlx::query_scalar("SELECT id FROM approval_verifications WHERE account_id = $1 AND order_id = $2 \
                                                            AND used = FALSE AND verified_at > $3 ORDER BY id DESC LIMIT 1")
            .bind(actor.account_id).bind(order_id).bind(verified_after).fetch_optional(&mut **conn).await?;
        match verification {
            Some(id) => Ok::<_, sqlx::Error>(sqlx::query("UPDATE approval_verifications SET used = TRUE WHERE id = $1 AND used = FALSE")
                .bind(id).execute(&mut **conn).await?.rows_affected()),
            None => Ok(0),
        }
    }.await)?;
    if used == 0 {
        tx.rollback().await?;
        return Ok(Err(Refusal::NotVerified));
    }
    let total_fen: i64 = on_tx!(&mut tx, conn => sqlx::query_scalar("SELECT total_fen FROM wage_orders WHERE id = $1")
        .bind(order_id).fetch_one(&mut **conn).await)?;
    if let Some(refusal) = uncovered(&mut tx, project_id, total_fen).await? {
        tx.rollback().await?;
        return Ok(Err(refusal));
    }
    execute_in!(
        &mut tx,
        sqlx::query("UPDATE payouts SET status = 'pending' WHERE order_id = $1 AND status = 'queued'").bind(order_id)
    )?;
    crate::oplog::record_in(&mut tx, &actor.entry("审核通过工资单", "wage_order", order_id, remark.to_owned())).await?;
    tx.commit().await?;
    Ok(Ok(()))
}

/// Records a successful SMS or ID-number check of an approver.
pub async fn add_verification(
    db: &Db,
    account_id: i64,
    order_id: i64,
    method: &str,
    actor: &Actor,
) -> sqlx::Result<()> {
    on_db!(db, pool => {
        let mut tx = pool.begin().await?;
        let id: i64 = sqlx::query_scalar("INSERT INTO approval_verifications (account_id, order_id, method, verified_at) VALUES ($1, $2, $3, $4) RETURNING id")
            .bind(account_id).bind(order_id).bind(method).bind(clock::now()).fetch_one(&mut *tx).await?;
        let how = if method == "sms" { "短信验证码" } else { "身份证号码" };
        record_in_tx!(tx, &actor.entry("审批身份验证", "approval_verification", id, format!("工资单{order_id}，{how}验证通过")))?;
        tx.commit().await
    })
}

// ---------------------------------------------------------------------------------------------------------
// Payout

/// A payout asked of the bank.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct PendingPayout {
    pub id: i64,
    pub amount_fen: i64,
    pub card_number: String,
    pub card_bank: String,
    pub name: String,
}

/// Orders being paid (支付中), oldest first: (id, project id).
pub async fn paying_orders(db: &Db) -> sqlx::Result<Vec<(i64, i64)>> {
    on_db!(db, pool => sqlx::query_as("SELECT id, project_id FROM wage_orders WHERE status = 'paying' ORDER BY id").fetch_all(pool).await)
}

pub async fn pending_payouts(db: &Db, order_id: i64, limit: i64) -> sqlx::Result<Vec<PendingPayout>> {
    let sql = "SELECT p.id, p.amount_fen, p.card_number, p.card_bank, w.name FROM payouts p JOIN workers w ON w.id = p.worker_id \
               WHERE p.order_id = $1 AND p.status = 'pending' ORDER BY p.id LIMIT $2";
    on_db!(db, pool => sqlx::query_as(sql).bind(order_id).bind(limit).fetch_all(pool).await)
}

/// Payouts taken per statement when recording the bank's answers (2 parameters each).
const TAKE_CHUNK: usize = 1000;

/// Marks the paid payouts (payout, bank reference) still pending as paid, one statement per chunk: answers
/// the ids taken (a payout settled meanwhile is not).
pub async fn take_paid(
    tx: &mut Tx,
    paid: &[(&PendingPayout, String)],
    now: i64,
) -> sqlx::Result<std::collections::HashSet<i64>> {
    let mut taken = std::collections::HashSet::new();
    for part in paid.chunks(TAKE_CHUNK) {
        let values: Vec<String> = (0..part.len()).map(|i| format!("(${}, ${})", 2 * i + 2, 2 * i + 3)).collect();
        let sql = format!(
            "UPDATE payouts SET status = 'paid', bank_ref = v.column2, settled_at = $1 FROM (VALUES {}) AS v \
             WHERE payouts.id = v.column1 AND payouts.status = 'pending' RETURNING payouts.id",
            values.join(", ")
        );
        let ids: Vec<i64> = on_tx!(tx, conn => {
            let mut query = sqlx::query_scalar::<_, i64>(sqlx::AssertSqlSafe(sql.clone())).bind(now);
            for (payout, bank_ref) in part {
                query = query.bind(payout.id).bind(bank_ref);
            }
            query.fetch_all(&mut **conn).await
        })?;
        taken.extend(ids);
    }
    Ok(taken)
}

/// Turns a payout just taken as paid into a failure after all (its money could not be posted).
pub async fn unpay(tx: &mut Tx, payout_id: i64, reason: &str) -> sqlx::Result<()> {
    let sql = "UPDATE payouts SET status = 'failed', bank_ref = '', failure_reason = $2 WHERE id = $1";
    execute_in!(tx, sqlx::query(sql).bind(payout_id).bind(reason))?;
    Ok(())
}

/// Records the bank's refusal of a payout still pending. False: it was settled meanwhile.
pub async fn fail_payout(tx: &mut Tx, payout_id: i64, reason: &str, now: i64) -> sqlx::Result<bool> {
    let sql = "UPDATE payouts SET status = 'failed', failure_reason = $2, settled_at = $3 WHERE id = $1 AND status = 'pending'";
    Ok(execute_in!(tx, sqlx::query(sql).bind(payout_id).bind(reason).bind(now))? > 0)
}

/// The order's failed payouts.
pub async fn failed_payouts_of(db: &Db, order_id: i64) -> sqlx::Result<i64> {
    let sql = "SELECT COUNT(*) FROM payouts WHERE order_id = $1 AND status = 'failed'";
    on_db!(db, pool => sqlx::query_scalar(sql).bind(order_id).fetch_one(pool).await)
}

/// The order's payouts not yet answered by the bank (queued or pending).
pub async fn payouts_left(tx: &mut Tx, order_id: i64) -> sqlx::Result<i64> {
    let sql = "SELECT COUNT(*) FROM payouts WHERE order_id = $1 AND status IN ('queued', 'pending')";
    on_tx!(tx, conn => sqlx::query_scalar(sql).bind(order_id).fetch_one(&mut **conn).await)
}

/// The order's paid and failed sums, fen.
pub async fn payout_sums(tx: &mut Tx, order_id: i64) -> sqlx::Result<(i64, i64)> {
    let sql = "SELECT CAST(COALESCE(SUM(CASE WHEN status = 'paid' THEN amount_fen ELSE 0 END), 0) AS BIGINT), \
               CAST(COALESCE(SUM(CASE WHEN status = 'failed' THEN amount_fen ELSE 0 END), 0) AS BIGINT) FROM payouts WHERE order_id = $1";
    on_tx!(tx, conn => sqlx::query_as(sql).bind(order_id).fetch_one(&mut **conn).await)
}

/// Finishes a 支付中 order as `status` with its sums. False: it was no longer 支付中.
pub async fn finish_order(
    tx: &mut Tx,
    order_id: i64,
    status: &str,
    paid_fen: i64,
    failed_fen: i64,
    now: i64,
) -> sqlx::Result<bool> {
    let sql = "UPDATE wage_orders SET status = $2, paid_fen = $3, failed_fen = $4, finished_at = $5 WHERE id = $1 AND status = 'paying'";
    Ok(execute_in!(tx, sqlx::query(sql).bind(order_id).bind(status).bind(paid_fen).bind(failed_fen).bind(now))? > 0)
}

/// The sheets an order's settlement touches (its own, and those of the lines it re-issued): (id, status, the
/// status their lines' payouts call for: 'partial' while a line with net pay has no paid payout, else 'paid').
pub async fn settled_sheets(tx: &mut Tx, order_id: i64) -> sqlx::Result<Vec<(i64, String, String)>> {
    let sql = "SELECT s.id, s.status, CASE WHEN EXISTS (SELECT 1 FROM wage_lines l WHERE l.sheet_id = s.id \
        AND l.net_fen > 0 AND NOT EXISTS (SELECT 1 FROM payouts q WHERE q.line_id = l.id AND q.status = 'paid')) THEN 'partial' ELSE 'paid' END \
        FROM wage_sheets s WHERE s.status IN ('confirmed', 'partial', 'paid') AND s.id IN (SELECT sheet_id FROM wage_order_sheets WHERE order_id = $1 \
        UNION SELECT l.sheet_id FROM payouts p JOIN wage_lines l ON l.id = p.line_id WHERE p.order_id = $1) ORDER BY s.id";
    on_tx!(tx, conn => sqlx::query_as(sql).bind(order_id).fetch_all(&mut **conn).await)
}

/// Moves a sheet from one payment status to another.
pub async fn move_sheet(tx: &mut Tx, sheet_id: i64, from: &str, to: &str) -> sqlx::Result<()> {
    let sql = "UPDATE wage_sheets SET status = $3 WHERE id = $1 AND status = $2";
    execute_in!(tx, sqlx::query(sql).bind(sheet_id).bind(from).bind(to))?;
    Ok(())
}

/// Orders of the settled order's project left 部分发放 whose every failed line has since been paid (by a
/// re-issue). A project has few such orders; each is judged on its own payouts (`payouts_order`) and the
/// paid payout of a line (`payouts_one_paid`).
pub async fn orders_made_whole(tx: &mut Tx, order_id: i64) -> sqlx::Result<Vec<i64>> {
    let sql = "SELECT o.id FROM wage_orders o WHERE o.status = 'partial' \
        AND o.project_id = (SELECT project_id FROM wage_orders WHERE id = $1) \
        AND NOT EXISTS (SELECT 1 FROM payouts p WHERE p.order_id = o.id AND p.status = 'failed' \
        AND NOT EXISTS (SELECT 1 FROM payouts q WHERE q.line_id = p.line_id AND q.status = 'paid')) ORDER BY o.id";
    on_tx!(tx, conn => sqlx::query_scalar(sql).bind(order_id).fetch_all(&mut **conn).await)
}

/// A 部分发放 order becomes 已支付.
pub async fn make_whole(tx: &mut Tx, order_id: i64) -> sqlx::Result<()> {
    let sql = "UPDATE wage_orders SET status = 'paid' WHERE id = $1 AND status = 'partial'";
    execute_in!(tx, sqlx::query(sql).bind(order_id))?;
    Ok(())
}

// ---------------------------------------------------------------------------------------------------------
// Finance records

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

// ---------------------------------------------------------------------------------------------------------
// Order-line bases (read by `basis.rs`)

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

async fn month_sums(db: &Db, ids: &[i64], month: &str, select: &'static str) -> sqlx::Result<Vec<(i64, i64)>> {
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
