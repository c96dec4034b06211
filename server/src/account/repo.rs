//! SQL of the special account: the bank tree, the last verification per project, the account itself, and
//! its flows with the balance (written inside a transaction the caller holds, see `flows`).

use super::model::{NewFlow, Posted};
use crate::bank::AccountQuery;
use crate::clock;
use crate::db::cohort::Cohort;
use crate::db::{Bind, Db, Tx};
use crate::{bind_all, execute, on_db, on_tx};

/// One row of the bank tree: a bank (`parent_code` '') or a branch.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct BankRow {
    pub code: String,
    pub parent_code: String,
    pub name: String,
}

pub async fn banks(db: &Db) -> sqlx::Result<Vec<BankRow>> {
    let sql = "SELECT code, parent_code, name FROM banks ORDER BY parent_code, sort, code";
    on_db!(db, pool => sqlx::query_as(sql).fetch_all(pool).await)
}

pub async fn find_bank(db: &Db, code: &str) -> sqlx::Result<Option<BankRow>> {
    let sql = "SELECT code, parent_code, name FROM banks WHERE code = $1";
    on_db!(db, pool => sqlx::query_as(sql).bind(code).fetch_optional(pool).await)
}

/// Remembers the bank's last positive answer ('verified', or 'doubtful' = 301) for the project.
pub async fn record_verification(
    db: &Db,
    project_id: i64,
    query: &AccountQuery,
    outcome: &str,
    open_date: &str,
) -> sqlx::Result<()> {
    let sql = "INSERT INTO account_verifications (project_id, bank_account, account_name, bank_code, branch_code, outcome, open_date, verified_at) \
               VALUES ($1, $2, $3, $4, $5, $6, $7, $8) \
               ON CONFLICT (project_id) DO UPDATE SET bank_account = excluded.bank_account, account_name = excluded.account_name, \
               bank_code = excluded.bank_code, branch_code = excluded.branch_code, outcome = excluded.outcome, \
               open_date = excluded.open_date, verified_at = excluded.verified_at";
    execute!(
        db,
        sqlx::query(sql)
            .bind(project_id)
            .bind(&query.bank_account)
            .bind(&query.account_name)
            .bind(&query.bank_code)
            .bind(&query.branch_code)
            .bind(outcome)
            .bind(open_date)
            .bind(clock::now())
    )?;
    Ok(())
}

#[derive(Clone, Debug, sqlx::FromRow)]
pub struct VerificationRow {
    pub bank_account: String,
    pub account_name: String,
    pub branch_code: String,
    pub outcome: String,
    pub open_date: String,
    pub verified_at: i64,
}

pub async fn find_verification(db: &Db, project_id: i64) -> sqlx::Result<Option<VerificationRow>> {
    let sql = "SELECT bank_account, account_name, branch_code, outcome, open_date, verified_at FROM account_verifications WHERE project_id = $1";
    on_db!(db, pool => sqlx::query_as(sql).bind(project_id).fetch_optional(pool).await)
}

/// The stored special account of a project.
#[derive(Clone, Debug, Default, sqlx::FromRow)]
pub struct SpecialAccountRow {
    pub id: i64,
    pub project_id: i64,
    pub open_status: i64,
    pub bank_account: String,
    pub account_name: String,
    pub bank_code: String,
    pub branch_code: String,
    pub open_time: String,
    pub open_company_type: String,
    pub open_company_name: String,
    pub social_credit_code: String,
    pub recurl: String,
    pub agreementurl: String,
    pub is_virtual: bool,
    pub admin_name: String,
    pub admin_phone: String,
    pub appointment: String,
    pub account_status: String,
    pub verified_at: Option<i64>,
}

pub async fn find(db: &Db, project_id: i64) -> sqlx::Result<Option<SpecialAccountRow>> {
    let sql = "SELECT id, project_id, open_status, bank_account, account_name, bank_code, branch_code, open_time, \
               open_company_type, open_company_name, social_credit_code, recurl, agreementurl, is_virtual, admin_name, \
               admin_phone, appointment, account_status, verified_at FROM special_accounts WHERE project_id = $1";
    on_db!(db, pool => sqlx::query_as(sql).bind(project_id).fetch_optional(pool).await)
}

/// Inserts or replaces the project's special account (`id` and `project_id` of `row` are ignored).
pub async fn upsert(db: &Db, project_id: i64, row: &SpecialAccountRow) -> sqlx::Result<()> {
    let now = clock::now();
    let sql = "INSERT INTO special_accounts (project_id, open_status, bank_account, account_name, bank_code, branch_code, \
               open_time, open_company_type, open_company_name, social_credit_code, recurl, agreementurl, is_virtual, \
               admin_name, admin_phone, appointment, account_status, verified_at, created_at, updated_at) \
               VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $19) \
               ON CONFLICT (project_id) DO UPDATE SET open_status = excluded.open_status, bank_account = excluded.bank_account, \
               account_name = excluded.account_name, bank_code = excluded.bank_code, branch_code = excluded.branch_code, \
               open_time = excluded.open_time, open_company_type = excluded.open_company_type, \
               open_company_name = excluded.open_company_name, social_credit_code = excluded.social_credit_code, \
               recurl = excluded.recurl, agreementurl = excluded.agreementurl, is_virtual = excluded.is_virtual, \
               admin_name = excluded.admin_name, admin_phone = excluded.admin_phone, appointment = excluded.appointment, \
               account_status = excluded.account_status, verified_at = excluded.verified_at, updated_at = excluded.updated_at";
    execute!(
        db,
        sqlx::query(sql)
            .bind(project_id)
            .bind(row.open_status)
            .bind(&row.bank_account)
            .bind(&row.account_name)
            .bind(&row.bank_code)
            .bind(&row.branch_code)
            .bind(&row.open_time)
            .bind(&row.open_company_type)
            .bind(&row.open_company_name)
            .bind(&row.social_credit_code)
            .bind(&row.recurl)
            .bind(&row.agreementurl)
            .bind(row.is_virtual)
            .bind(&row.admin_name)
            .bind(&row.admin_phone)
            .bind(&row.appointment)
            .bind(&row.account_status)
            .bind(row.verified_at)
            .bind(now)
    )?;
    Ok(())
}

/// Whether `stored_name` is an upload of this project.
pub async fn is_project_upload(db: &Db, project_id: i64, stored_name: &str) -> sqlx::Result<bool> {
    let sql = "SELECT COUNT(*) FROM uploads WHERE stored_name = $1 AND project_id = $2";
    let count: i64 =
        on_db!(db, pool => sqlx::query_scalar(sql).bind(stored_name).bind(project_id).fetch_one(pool).await)?;
    Ok(count > 0)
}

// ---------------------------------------------------------------------------------------------------------
// Flows and the balance

const CREDIT_SQL: &str =
    "UPDATE special_accounts SET balance_fen = balance_fen + $2 WHERE project_id = $1 RETURNING balance_fen";
const DEBIT_SQL: &str = "UPDATE special_accounts SET balance_fen = balance_fen - $2 \
                         WHERE project_id = $1 AND balance_fen >= $2 RETURNING balance_fen";
const INSERT_COLUMNS: &str = "INSERT INTO account_flows (project_id, direction, amount_fen, balance_after_fen, \
     counterparty_name, counterparty_account, counterparty_bank, summary, source, bank_ref, payout_id, occurred_at, created_by)";

/// The special account's balance, None without an account.
pub async fn balance(db: &Db, project_id: i64) -> sqlx::Result<Option<i64>> {
    let sql = "SELECT balance_fen FROM special_accounts WHERE project_id = $1";
    on_db!(db, pool => sqlx::query_scalar(sql).bind(project_id).fetch_optional(pool).await)
}

/// The balance as the open transaction sees it, None without an account.
pub async fn balance_in(tx: &mut Tx, project_id: i64) -> sqlx::Result<Option<i64>> {
    let sql = "SELECT balance_fen FROM special_accounts WHERE project_id = $1";
    on_tx!(tx, conn => sqlx::query_scalar(sql).bind(project_id).fetch_optional(&mut **conn).await)
}

/// Adds `amount_fen` to the balance (`credit`) or takes it when the balance covers it: the balance after,
/// None without an account or when a debit exceeds the balance (nothing written then).
pub async fn move_balance(tx: &mut Tx, project_id: i64, amount_fen: i64, credit: bool) -> sqlx::Result<Option<i64>> {
    let sql = if credit { CREDIT_SQL } else { DEBIT_SQL };
    on_tx!(tx, conn => sqlx::query_scalar(sql).bind(project_id).bind(amount_fen).fetch_optional(&mut **conn).await)
}

/// Writes one flow with its balance after.
pub async fn insert_flow(tx: &mut Tx, flow: &NewFlow<'_>, balance_after_fen: i64) -> sqlx::Result<Posted> {
    let sql = format!("{INSERT_COLUMNS} VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING id");
    let flow_id: i64 = on_tx!(tx, conn => sqlx::query_scalar(sqlx::AssertSqlSafe(sql.clone()))
        .bind(flow.project_id)
        .bind(flow.direction.as_str())
        .bind(flow.amount_fen)
        .bind(balance_after_fen)
        .bind(flow.counterparty_name)
        .bind(flow.counterparty_account)
        .bind(flow.counterparty_bank)
        .bind(flow.summary)
        .bind(flow.source.as_str())
        .bind(flow.bank_ref)
        .bind(flow.payout_id)
        .bind(flow.occurred_at)
        .bind(flow.created_by)
        .fetch_one(&mut **conn)
        .await)?;
    Ok(Posted { flow_id, balance_after_fen })
}

/// Flows written per INSERT by [`insert_flows`]: PostgreSQL gains from multi-row inserts (one round trip for
/// many rows); SQLite runs in process and is fastest with one cached single-row statement (a 500-row
/// statement with 6,500 parameters cost it 140 µs a row, measured by bench/wage_payout.sh).
fn flows_per_insert(tx: &Tx) -> usize {
    match tx {
        Tx::Sqlite(_) => 1,
        Tx::Postgres(_) => 500,
    }
}

/// `INSERT INTO account_flows … VALUES (…), (…)` for `rows` flows.
fn insert_many_sql(rows: usize) -> String {
    let values: Vec<String> = (0..rows)
        .map(|row| {
            let first = row * 13;
            let params: Vec<String> = (1..=13).map(|column| format!("${}", first + column)).collect();
            format!("({})", params.join(", "))
        })
        .collect();
    format!("{INSERT_COLUMNS} VALUES {}", values.join(", "))
}

/// Writes flows with the balance after each (`balance_before` minus the amounts so far, in the order given).
pub async fn insert_debits(tx: &mut Tx, balance_before: i64, flows: &[NewFlow<'_>]) -> sqlx::Result<()> {
    let mut balance_fen = balance_before;
    for part in flows.chunks(flows_per_insert(tx)) {
        let sql = insert_many_sql(part.len());
        on_tx!(tx, conn => {
            let mut query = sqlx::query(sqlx::AssertSqlSafe(sql.clone()));
            let mut after = balance_fen;
            for flow in part {
                after -= flow.amount_fen;
                query = query
                    .bind(flow.project_id)
                    .bind(flow.direction.as_str())
                    .bind(flow.amount_fen)
                    .bind(after)
                    .bind(flow.counterparty_name)
                    .bind(flow.counterparty_account)
                    .bind(flow.counterparty_bank)
                    .bind(flow.summary)
                    .bind(flow.source.as_str())
                    .bind(flow.bank_ref)
                    .bind(flow.payout_id)
                    .bind(flow.occurred_at)
                    .bind(flow.created_by);
            }
            query.execute(&mut **conn).await.map(|_| ())
        })?;
        balance_fen -= part.iter().map(|flow| flow.amount_fen).sum::<i64>();
    }
    Ok(())
}

/// The special-account balance of each of the projects `ids` that has an account, in one query.
pub async fn balances(db: &Db, ids: &[i64]) -> sqlx::Result<Vec<(i64, i64)>> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    let sql = format!(
        "SELECT project_id, balance_fen FROM special_accounts WHERE project_id IN ({})",
        crate::db::placeholders(1, ids.len())
    );
    let binds = crate::db::int_binds(ids);
    on_db!(db, pool => crate::bind_all!(sqlx::query_as(sqlx::AssertSqlSafe(sql.clone())), &binds).fetch_all(pool).await)
}

/// For the early warnings: (project, open status, open day, balance) of every special account.
pub async fn account_states(db: &Db) -> sqlx::Result<Vec<(i64, i64, String, i64)>> {
    let sql = "SELECT project_id, open_status, open_time, balance_fen FROM special_accounts";
    on_db!(db, pool => sqlx::query_as(sql).fetch_all(pool).await)
}

/// For the early warnings: (project, when) of the money that came into special accounts from `since`.
pub async fn inflows_since(db: &Db, since: i64) -> sqlx::Result<Vec<(i64, i64)>> {
    let sql = "SELECT project_id, occurred_at FROM account_flows WHERE direction = 'in' AND occurred_at >= $1";
    on_db!(db, pool => sqlx::query_as(sql).bind(since).fetch_all(pool).await)
}
/// The project's special-account flows for its export (`backup`), in the order they happened.
pub async fn export_flows(db: &Db, project_id: i64) -> sqlx::Result<crate::db::TextRows> {
    let sql = "SELECT id AS \"编号\", direction AS \"方向\", amount_fen AS \"金额（分）\", balance_after_fen AS \"余额（分）\", \
               counterparty_name AS \"对方户名\", counterparty_account AS \"对方账号\", counterparty_bank AS \"对方开户行\", \
               summary AS \"摘要\", source AS \"来源\", bank_ref AS \"银行流水号\", payout_id AS \"发放编号\", \
               occurred_at AS \"发生时间（Unix 秒）\" \
               FROM account_flows WHERE project_id = $1 ORDER BY id";
    crate::db::text_rows(db, sql, project_id).await
}

/// For the reports: (unit, month, fen) of the payout flows (out, source payout) of the cohort that occurred in
/// the China months `first`..`last` (`YYYY-MM`), under the roster line each paid: read from
/// `account_payout_months` (migration 0036), the flows' sums the database keeps.
pub async fn payouts_per_unit_month(
    db: &Db,
    cohort: &Cohort,
    first: &str,
    last: &str,
) -> sqlx::Result<Vec<(i64, String, i64)>> {
    let sql = format!(
        "SELECT m.unit_id, m.month, CAST(SUM(m.paid_fen) AS BIGINT) FROM account_payout_months m \
         WHERE m.month >= $1 AND m.month <= $2 AND {} GROUP BY m.unit_id, m.month",
        cohort.clause("m", 3)
    );
    let mut binds = vec![Bind::Text(first.into()), Bind::Text(last.into())];
    binds.extend(cohort.binds());
    on_db!(db, pool => bind_all!(sqlx::query_as(sqlx::AssertSqlSafe(sql.clone())), &binds).fetch_all(pool).await)
}

/// The special account's 代发方式 ('api' or 'file'), as the open transaction sees it; None without an account.
pub async fn payout_mode_in(tx: &mut Tx, project_id: i64) -> sqlx::Result<Option<String>> {
    let sql = "SELECT payout_mode FROM special_accounts WHERE project_id = $1";
    on_tx!(tx, conn => sqlx::query_scalar(sql).bind(project_id).fetch_optional(&mut **conn).await)
}

/// Sets the 代发方式 inside `tx`; answers the mode it had (None without an account, nothing written).
pub async fn set_payout_mode(tx: &mut Tx, project_id: i64, mode: &str) -> sqlx::Result<Option<String>> {
    let Some(before) = payout_mode_in(tx, project_id).await? else { return Ok(None) };
    let sql = "UPDATE special_accounts SET payout_mode = $2, updated_at = $3 WHERE project_id = $1";
    crate::execute_in!(tx, sqlx::query(sql).bind(project_id).bind(mode).bind(clock::now()))?;
    Ok(Some(before))
}

/// A flow as the reconciliation compares it with the bank's statement.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct FlowForReconciliation {
    pub id: i64,
    pub direction: String,
    pub amount_fen: i64,
    pub counterparty_name: String,
    pub counterparty_account: String,
    pub bank_ref: String,
    pub summary: String,
    pub occurred_at: i64,
}

/// The project's flows that occurred in `[from, to)` (unix seconds), in the order they occurred.
pub async fn flows_between(db: &Db, project_id: i64, from: i64, to: i64) -> sqlx::Result<Vec<FlowForReconciliation>> {
    let sql = "SELECT id, direction, amount_fen, counterparty_name, counterparty_account, bank_ref, \
               summary, occurred_at FROM account_flows WHERE project_id = $1 AND occurred_at >= $2 AND occurred_at < $3 \
               ORDER BY occurred_at, id";
    on_db!(db, pool => sqlx::query_as(sql).bind(project_id).bind(from).bind(to).fetch_all(pool).await)
}

/// The balance the flows that occurred before `before` (unix seconds) make: money in minus money out. A flow
/// recorded later with an earlier day (a transfer the regulator records) counts on its day.
pub async fn balance_before(db: &Db, project_id: i64, before: i64) -> sqlx::Result<i64> {
    let sql = "SELECT CAST(COALESCE(SUM(CASE WHEN direction = 'in' THEN amount_fen ELSE -amount_fen END), 0) AS BIGINT) \
               FROM account_flows WHERE project_id = $1 AND occurred_at < $2";
    on_db!(db, pool => sqlx::query_scalar(sql).bind(project_id).bind(before).fetch_one(pool).await)
}

pub async fn payout_mode(db: &Db, project_id: i64) -> sqlx::Result<Option<String>> {
    let sql = "SELECT payout_mode FROM special_accounts WHERE project_id = $1";
    on_db!(db, pool => sqlx::query_scalar(sql).bind(project_id).fetch_optional(pool).await)
}
