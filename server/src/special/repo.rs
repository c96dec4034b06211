//! SQL of the special account's page, its flows and the money coming in.

use crate::db::Db;
use crate::on_db;

/// The balance of the project's special account; `None` without an account.
pub async fn balance(db: &Db, project_id: i64) -> sqlx::Result<Option<i64>> {
    let sql = "SELECT balance_fen FROM special_accounts WHERE project_id = $1";
    on_db!(db, pool => sqlx::query_scalar(sql).bind(project_id).fetch_optional(pool).await)
}

/// Money in and money out over all the project's flows.
pub async fn totals(db: &Db, project_id: i64) -> sqlx::Result<(i64, i64)> {
    let sql = "SELECT CAST(COALESCE(SUM(CASE WHEN direction = 'in' THEN amount_fen ELSE 0 END), 0) AS BIGINT), \
               CAST(COALESCE(SUM(CASE WHEN direction = 'out' THEN amount_fen ELSE 0 END), 0) AS BIGINT) \
               FROM account_flows WHERE project_id = $1";
    on_db!(db, pool => sqlx::query_as(sql).bind(project_id).fetch_one(pool).await)
}

/// One flow as the flow list shows it.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct FlowRow {
    pub id: i64,
    pub direction: String,
    pub amount_fen: i64,
    pub balance_after_fen: i64,
    pub counterparty_name: String,
    pub counterparty_account: String,
    pub counterparty_bank: String,
    pub summary: String,
    pub source: String,
    pub bank_ref: String,
    pub occurred_at: i64,
}

/// The filters of the flow list: direction ('' any), `[from, to)` in unix seconds.
pub struct FlowFilter<'a> {
    pub project_id: i64,
    pub direction: &'a str,
    pub from: i64,
    pub to: i64,
}

const FLOW_WHERE: &str = "FROM account_flows WHERE project_id = $1 AND ($2 = '' OR direction = $2) AND occurred_at >= $3 AND occurred_at < $4";

/// Flows matching the filter in posting order, newest first (each one's balance after follows the one below).
/// A wage payout records the payee card's bank as its code (`102`); the list names the bank (中国工商银行).
pub async fn flows(db: &Db, filter: &FlowFilter<'_>, limit: i64, offset: i64) -> sqlx::Result<Vec<FlowRow>> {
    let sql = format!(
        "SELECT id, direction, amount_fen, balance_after_fen, counterparty_name, counterparty_account, \
         COALESCE((SELECT b.name FROM banks b WHERE account_flows.source = 'payout' AND b.code = account_flows.counterparty_bank), counterparty_bank) AS counterparty_bank, \
         summary, source, bank_ref, occurred_at {FLOW_WHERE} ORDER BY id DESC LIMIT $5 OFFSET $6"
    );
    on_db!(db, pool => sqlx::query_as(sqlx::AssertSqlSafe(sql.clone()))
        .bind(filter.project_id).bind(filter.direction).bind(filter.from).bind(filter.to).bind(limit).bind(offset)
        .fetch_all(pool).await)
}

/// How many flows match, and their sums in and out.
pub async fn flow_count(db: &Db, filter: &FlowFilter<'_>) -> sqlx::Result<(i64, i64, i64)> {
    let sql = format!(
        "SELECT COUNT(*), CAST(COALESCE(SUM(CASE WHEN direction = 'in' THEN amount_fen ELSE 0 END), 0) AS BIGINT), \
         CAST(COALESCE(SUM(CASE WHEN direction = 'out' THEN amount_fen ELSE 0 END), 0) AS BIGINT) {FLOW_WHERE}"
    );
    on_db!(db, pool => sqlx::query_as(sqlx::AssertSqlSafe(sql.clone()))
        .bind(filter.project_id).bind(filter.direction).bind(filter.from).bind(filter.to)
        .fetch_one(pool).await)
}

/// The project whose opened special account has this number.
pub async fn project_of_account(db: &Db, bank_account: &str) -> sqlx::Result<Option<i64>> {
    let sql = "SELECT project_id FROM special_accounts WHERE bank_account = $1 AND open_status = 1";
    on_db!(db, pool => sqlx::query_scalar(sql).bind(bank_account).fetch_optional(pool).await)
}

/// The flow an earlier announcement of this bank reference posted: its id, project and balance after.
pub async fn flow_by_bank_ref(db: &Db, bank_ref: &str) -> sqlx::Result<Option<(i64, i64, i64)>> {
    let sql = "SELECT id, project_id, balance_after_fen FROM account_flows WHERE source = 'bank' AND bank_ref = $1";
    on_db!(db, pool => sqlx::query_as(sql).bind(bank_ref).fetch_optional(pool).await)
}

/// The wage guarantee of a unit that gives one (the builder and the general contractor).
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct GuaranteeRow {
    pub role: String,
    pub company_name: String,
    pub pay_type: String,
    pub deposit_fen: Option<i64>,
    pub guarantee_path: String,
    pub guarantee_start: String,
    pub guarantee_end: String,
}

pub async fn guarantees(db: &Db, project_id: i64) -> sqlx::Result<Vec<GuaranteeRow>> {
    let sql = "SELECT pu.role, c.name AS company_name, pu.pay_type, pu.deposit_fen, pu.guarantee_path, pu.guarantee_start, \
               pu.guarantee_end FROM project_units pu JOIN companies c ON c.id = pu.company_id \
               WHERE pu.project_id = $1 AND pu.role IN ('builder', 'contractor') ORDER BY pu.role";
    on_db!(db, pool => sqlx::query_as(sql).bind(project_id).fetch_all(pool).await)
}

/// A line of the bank's statement as stored.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct StatementRow {
    pub id: i64,
    pub txn_date: String,
    pub seq: i64,
    pub direction: String,
    pub amount_fen: i64,
    pub balance_fen: i64,
    pub counterparty_name: String,
    pub counterparty_account: String,
    pub bank_ref: String,
    pub summary: String,
    /// upload (the project's clerk) or push (the bank).
    pub source: String,
}

/// A statement line to store.
pub struct NewStatementLine<'a> {
    pub txn_date: &'a str,
    pub seq: i64,
    pub direction: &'a str,
    pub amount_fen: i64,
    pub balance_fen: i64,
    pub counterparty_name: &'a str,
    pub counterparty_account: &'a str,
    pub bank_ref: &'a str,
    pub summary: &'a str,
    pub line_key: &'a str,
}

/// Stores the lines not stored yet (by `line_key`) inside `tx`; answers how many were new.
pub async fn insert_statement_lines(
    tx: &mut crate::db::Tx,
    project_id: i64,
    source: &str,
    lines: &[NewStatementLine<'_>],
    now: i64,
) -> sqlx::Result<u64> {
    let sql = "INSERT INTO bank_statement_lines (project_id, txn_date, seq, direction, amount_fen, balance_fen, counterparty_name, \
               counterparty_account, bank_ref, summary, source, line_key, created_at) \
               VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) ON CONFLICT (project_id, line_key) DO NOTHING";
    let mut stored = 0;
    for line in lines {
        stored += crate::execute_in!(
            tx,
            sqlx::query(sql)
                .bind(project_id)
                .bind(line.txn_date)
                .bind(line.seq)
                .bind(line.direction)
                .bind(line.amount_fen)
                .bind(line.balance_fen)
                .bind(line.counterparty_name)
                .bind(line.counterparty_account)
                .bind(line.bank_ref)
                .bind(line.summary)
                .bind(source)
                .bind(line.line_key)
                .bind(now)
        )?;
    }
    Ok(stored)
}

/// The project's statement lines of `first`..=`last` (`YYYY-MM-DD`, '' open), by day and the bank's order.
pub async fn statement_lines(db: &Db, project_id: i64, first: &str, last: &str) -> sqlx::Result<Vec<StatementRow>> {
    let sql = "SELECT id, txn_date, seq, direction, amount_fen, balance_fen, counterparty_name, counterparty_account, bank_ref, summary, \
               source FROM bank_statement_lines WHERE project_id = $1 AND ($2 = '' OR txn_date >= $2) AND ($3 = '' OR txn_date <= $3) \
               ORDER BY txn_date, seq, id";
    on_db!(db, pool => sqlx::query_as(sql).bind(project_id).bind(first).bind(last).fetch_all(pool).await)
}

/// Projects with a statement line, for the early warnings.
pub async fn projects_with_statements(db: &Db) -> sqlx::Result<Vec<i64>> {
    let sql = "SELECT DISTINCT project_id FROM bank_statement_lines ORDER BY project_id";
    on_db!(db, pool => sqlx::query_scalar(sql).fetch_all(pool).await)
}
