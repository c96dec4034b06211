//! Corrections from the roster: the worker's contact and card, the wage standard over time, transfers.

use crate::db::{Db, Tx};
use crate::{execute_in, on_db, on_tx};

/// What the edit dialog changes on the person.
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct ContactCard {
    pub phone: String,
    pub wage_card_number: String,
    pub wage_card_bank: String,
    /// Who confirmed a card failing its check digit ('' when nobody).
    pub card_check_waived_by: String,
}

pub async fn worker_name(db: &Db, worker_id: i64) -> sqlx::Result<Option<String>> {
    on_db!(db, pool => sqlx::query_scalar("SELECT name FROM workers WHERE id = $1").bind(worker_id).fetch_optional(pool).await)
}

pub async fn contact_card(db: &Db, worker_id: i64) -> sqlx::Result<Option<ContactCard>> {
    let sql = "SELECT phone, wage_card_number, wage_card_bank, card_check_waived_by FROM workers WHERE id = $1";
    on_db!(db, pool => sqlx::query_as(sql).bind(worker_id).fetch_optional(pool).await)
}

/// Saves the phone and card inside `tx`, the waiver as given: who confirmed a failing check digit and when
/// (None and '' for nobody).
pub async fn set_contact_card(
    tx: &mut Tx,
    worker_id: i64,
    after: &ContactCard,
    waived_at: Option<i64>,
    now: i64,
) -> sqlx::Result<()> {
    let sql = "UPDATE workers SET phone = $2, wage_card_number = $3, wage_card_bank = $4, card_check_waived_at = $5, \
               card_check_waived_by = $6, updated_at = $7 WHERE id = $1";
    execute_in!(
        tx,
        sqlx::query(sql)
            .bind(worker_id)
            .bind(&after.phone)
            .bind(&after.wage_card_number)
            .bind(&after.wage_card_bank)
            .bind(waived_at)
            .bind(&after.card_check_waived_by)
            .bind(now)
    )
    .map(|_| ())
}

/// A wage standard of a roster line from a day on.
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct RateRow {
    pub effective_from: String,
    pub wage_kind: String,
    pub wage_fen: i64,
}

/// The line's wage standards, earliest first.
pub async fn rates(db: &Db, employment_id: i64) -> sqlx::Result<Vec<RateRow>> {
    let sql = "SELECT effective_from, wage_kind, wage_fen FROM employment_rates WHERE employment_id = $1 ORDER BY effective_from";
    on_db!(db, pool => sqlx::query_as(sql).bind(employment_id).fetch_all(pool).await)
}

/// Whether a standard of a roster line of the project taking effect on or before `through_day` was recorded
/// at `since` (unix seconds) or later.
pub async fn rates_recorded_since(db: &Db, project_id: i64, since: i64, through_day: &str) -> sqlx::Result<bool> {
    let sql = "SELECT COUNT(*) FROM employment_rates r JOIN employments e ON e.id = r.employment_id \
               WHERE e.project_id = $1 AND r.created_at >= $2 AND r.effective_from <= $3";
    let count: i64 = on_db!(db, pool => sqlx::query_scalar(sql).bind(project_id).bind(since).bind(through_day).fetch_one(pool).await)?;
    Ok(count > 0)
}

/// Records a wage standard from `rate.effective_from` (replacing one recorded for that same day) and sets the
/// line's newest standard, inside `tx`.
pub async fn set_rate(tx: &mut Tx, employment_id: i64, rate: &RateRow, now: i64) -> sqlx::Result<()> {
    let record = "INSERT INTO employment_rates (employment_id, effective_from, wage_kind, wage_fen, created_at) \
                  VALUES ($1, $2, $3, $4, $5) ON CONFLICT (employment_id, effective_from) \
                  DO UPDATE SET wage_kind = excluded.wage_kind, wage_fen = excluded.wage_fen, created_at = excluded.created_at";
    let newest = "UPDATE employments SET wage_kind = r.wage_kind, wage_fen = r.wage_fen, updated_at = $2 \
                  FROM (SELECT wage_kind, wage_fen FROM employment_rates WHERE employment_id = $1 \
                  ORDER BY effective_from DESC LIMIT 1) r WHERE employments.id = $1";
    execute_in!(
        tx,
        sqlx::query(record)
            .bind(employment_id)
            .bind(&rate.effective_from)
            .bind(&rate.wage_kind)
            .bind(rate.wage_fen)
            .bind(now)
    )?;
    execute_in!(tx, sqlx::query(newest).bind(employment_id).bind(now)).map(|_| ())
}

/// Where a transferred worker goes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TransferTo {
    pub unit_id: i64,
    pub team_id: Option<i64>,
    pub work_type: String,
    /// The first day of the new line; the old one ends the day before.
    pub date: String,
    pub last_day_before: String,
    /// The standard in effect on `date`, carried over.
    pub rate: RateRow,
}

/// Ends the project's active line `id` the day before the transfer (exit reason `transfer`) inside `tx`.
/// Whether it was active.
pub async fn end_for_transfer(tx: &mut Tx, project_id: i64, id: i64, to: &TransferTo, now: i64) -> sqlx::Result<bool> {
    let sql = "UPDATE employments SET status = 2, exit_date = $1, exit_reason = 'transfer', updated_at = $2 \
               WHERE project_id = $3 AND id = $4 AND status = 1";
    Ok(execute_in!(tx, sqlx::query(sql).bind(&to.last_day_before).bind(now).bind(project_id).bind(id))? == 1)
}

/// Starts the line following the transferred line `id` inside `tx`: from the transfer date, with the new unit,
/// team and work type, the contract and the standard carried over. Its id.
pub async fn insert_transferred(tx: &mut Tx, id: i64, to: &TransferTo, now: i64) -> sqlx::Result<i64> {
    let sql = "INSERT INTO employments (project_id, worker_id, unit_id, team_id, work_type, wage_kind, wage_fen, contract_signed, \
               contract_start, contract_end, contract_file, entry_date, status, created_at, updated_at) \
               SELECT project_id, worker_id, $1, $2, $3, $4, $5, contract_signed, contract_start, contract_end, contract_file, $6, 1, $7, $7 \
               FROM employments WHERE id = $8 RETURNING id";
    on_tx!(tx, conn => sqlx::query_scalar(sql)
        .bind(to.unit_id).bind(to.team_id).bind(&to.work_type).bind(&to.rate.wage_kind).bind(to.rate.wage_fen)
        .bind(&to.date).bind(now).bind(id)
        .fetch_one(&mut **conn).await)
}
