//! Money on a special account. A flow and the account's new balance are written in one transaction, so the
//! balance is always the sum of the flows and a debit that would overdraw the account changes nothing.
//!
//! [`post_flow!`](crate::post_flow) posts inside a transaction the caller already holds (a payout writes its
//! line, its flow and its log line together); [`post`] opens one of its own.

use crate::db::Db;
use crate::on_db;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Direction {
    In,
    Out,
}

impl Direction {
    pub fn as_str(self) -> &'static str {
        match self {
            Direction::In => "in",
            Direction::Out => "out",
        }
    }
}

/// Where a flow comes from (column `source`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    /// Arrived through the bank gateway.
    Bank,
    /// Recorded by the labour bureau.
    Regulator,
    /// One wage-order payout line (`payout_id` names it).
    Payout,
}

impl Source {
    pub fn as_str(self) -> &'static str {
        match self {
            Source::Bank => "bank",
            Source::Regulator => "regulator",
            Source::Payout => "payout",
        }
    }
}

#[derive(Clone, Debug)]
pub struct NewFlow<'a> {
    pub project_id: i64,
    pub direction: Direction,
    /// Positive fen.
    pub amount_fen: i64,
    pub counterparty_name: &'a str,
    pub counterparty_account: &'a str,
    pub counterparty_bank: &'a str,
    pub summary: &'a str,
    pub source: Source,
    pub bank_ref: &'a str,
    pub payout_id: Option<i64>,
    pub occurred_at: i64,
    pub created_by: Option<i64>,
}

/// The flow written and the balance after it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Posted {
    pub flow_id: i64,
    pub balance_after_fen: i64,
}

#[doc(hidden)]
pub const CREDIT_SQL: &str =
    "UPDATE special_accounts SET balance_fen = balance_fen + $2 WHERE project_id = $1 RETURNING balance_fen";
#[doc(hidden)]
pub const DEBIT_SQL: &str = "UPDATE special_accounts SET balance_fen = balance_fen - $2 \
                             WHERE project_id = $1 AND balance_fen >= $2 RETURNING balance_fen";
#[doc(hidden)]
pub const INSERT_SQL: &str = "INSERT INTO account_flows (project_id, direction, amount_fen, balance_after_fen, \
     counterparty_name, counterparty_account, counterparty_bank, summary, source, bank_ref, payout_id, occurred_at, created_by) \
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING id";

/// Posts a [`NewFlow`] inside the open transaction `$tx` of either backend. Evaluates to
/// `Result<Option<Posted>, sqlx::Error>`: `None` when the project has no special account or a debit exceeds
/// the balance (nothing is written then; the caller decides whether to roll back).
#[macro_export]
macro_rules! post_flow {
    ($tx:expr, $flow:expr) => {
        async {
            let flow: &$crate::account::flows::NewFlow<'_> = $flow;
            let balance_sql = match flow.direction {
                $crate::account::flows::Direction::In => $crate::account::flows::CREDIT_SQL,
                $crate::account::flows::Direction::Out => $crate::account::flows::DEBIT_SQL,
            };
            let balance: Option<(i64,)> = sqlx::query_as(balance_sql)
                .bind(flow.project_id)
                .bind(flow.amount_fen)
                .fetch_optional(&mut *$tx)
                .await?;
            let Some((balance_after_fen,)) = balance else {
                return Ok::<_, sqlx::Error>(None);
            };
            let (flow_id,): (i64,) = sqlx::query_as($crate::account::flows::INSERT_SQL)
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
                .fetch_one(&mut *$tx)
                .await?;
            Ok(Some($crate::account::flows::Posted { flow_id, balance_after_fen }))
        }
        .await
    };
}

/// Flows written per INSERT by [`post_debits!`](crate::post_debits): PostgreSQL gains from multi-row inserts
/// (one round trip for many rows); SQLite runs in process and is fastest with one cached single-row statement
/// (a 500-row statement with 6,500 parameters cost it 140 µs a row, measured by bench/wage_payout.sh).
pub fn debits_per_insert(db: &crate::db::Db) -> usize {
    match db {
        crate::db::Db::Sqlite(_) => 1,
        crate::db::Db::Postgres(_) => 500,
    }
}

/// `INSERT INTO account_flows … VALUES (…), (…)` for `rows` flows, in [`INSERT_SQL`]'s column order.
#[doc(hidden)]
pub fn insert_many_sql(rows: usize) -> String {
    let values: Vec<String> = (0..rows)
        .map(|row| {
            let first = row * 13;
            let params: Vec<String> = (1..=13).map(|column| format!("${}", first + column)).collect();
            format!("({})", params.join(", "))
        })
        .collect();
    format!(
        "INSERT INTO account_flows (project_id, direction, amount_fen, balance_after_fen, counterparty_name, counterparty_account, \
         counterparty_bank, summary, source, bank_ref, payout_id, occurred_at, created_by) VALUES {}",
        values.join(", ")
    )
}

/// Posts several 'out' flows of one project inside the open transaction `$tx`, with one balance update for
/// their sum and inserts of `$rows_per_insert` rows ([`debits_per_insert`]): each flow's balance-after is
/// the balance before it minus its amount, in the order given, so the account still equals the sum of its
/// flows. Evaluates to `Result<bool, sqlx::Error>`:
/// `false` when the project has no special account or the sum exceeds the balance (nothing is written; the
/// caller can then post line by line to pay what the balance covers).
#[macro_export]
macro_rules! post_debits {
    ($tx:expr, $project_id:expr, $flows:expr, $rows_per_insert:expr) => {
        async {
            let flows: &[$crate::account::flows::NewFlow<'_>] = $flows;
            let project_id: i64 = $project_id;
            debug_assert!(flows.iter().all(|flow| flow.project_id == project_id && flow.direction == $crate::account::flows::Direction::Out));
            let total: i64 = flows.iter().map(|flow| flow.amount_fen).sum();
            let balance: Option<(i64,)> = sqlx::query_as($crate::account::flows::DEBIT_SQL)
                .bind(project_id)
                .bind(total)
                .fetch_optional(&mut *$tx)
                .await?;
            let Some((balance_after_all,)) = balance else {
                return Ok::<_, sqlx::Error>(false);
            };
            let mut balance_fen = balance_after_all + total;
            for part in flows.chunks($rows_per_insert) {
                let sql = $crate::account::flows::insert_many_sql(part.len());
                let mut query = sqlx::query(sqlx::AssertSqlSafe(sql));
                for flow in part {
                    balance_fen -= flow.amount_fen;
                    query = query
                        .bind(flow.project_id)
                        .bind(flow.direction.as_str())
                        .bind(flow.amount_fen)
                        .bind(balance_fen)
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
                query.execute(&mut *$tx).await?;
            }
            Ok(true)
        }
        .await
    };
}

/// Posts one flow in a transaction of its own (money recorded by the regulator, arrivals from the bank).
pub async fn post(db: &Db, flow: &NewFlow<'_>) -> sqlx::Result<Option<Posted>> {
    on_db!(db, pool => {
        let mut tx = pool.begin().await?;
        let posted = crate::post_flow!(tx, flow)?;
        if posted.is_some() {
            tx.commit().await?;
        }
        Ok(posted)
    })
}
