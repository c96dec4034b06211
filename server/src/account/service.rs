//! What other areas read of the special wage account and the bank tree.

use super::repo;
pub use super::repo::{SpecialAccountRow, VerificationRow};
use crate::db::Db;

/// The name of a bank or branch code; None when it is not in the bank tree.
pub async fn bank_name(db: &Db, code: &str) -> sqlx::Result<Option<String>> {
    Ok(repo::find_bank(db, code).await?.map(|row| row.name))
}

/// The project's special wage account as saved (wizard step 4); None when not saved yet.
pub async fn special_account(db: &Db, project_id: i64) -> sqlx::Result<Option<SpecialAccountRow>> {
    repo::find(db, project_id).await
}

/// The bank's last answer on the project's account (verified or doubtful); None when never asked.
pub async fn verification(db: &Db, project_id: i64) -> sqlx::Result<Option<VerificationRow>> {
    repo::find_verification(db, project_id).await
}

/// The special-account balance (fen) per project, for the projects `ids` that have an account.
pub async fn balances(db: &Db, ids: &[i64]) -> sqlx::Result<Vec<(i64, i64)>> {
    repo::balances(db, ids).await
}

/// For the early warnings: (project, open status (1 opened), open day, balance fen) of every special account.
pub async fn account_states(db: &Db) -> sqlx::Result<Vec<(i64, i64, String, i64)>> {
    repo::account_states(db).await
}

/// For the early warnings: (project, unix second) of every inflow to a special account from `since`.
pub async fn inflows_since(db: &Db, since: i64) -> sqlx::Result<Vec<(i64, i64)>> {
    repo::inflows_since(db, since).await
}

/// The special account's part of a project's export (`backup`): every flow with its balance after.
pub async fn export_tables(db: &Db, project_id: i64) -> sqlx::Result<Vec<crate::spreadsheet::Table>> {
    let flows = repo::export_flows(db, project_id).await?;
    Ok(vec![crate::spreadsheet::Table::new("专户流水.xlsx", "专户流水", flows, &[])])
}

/// For the reports (issue 16): (unit, month, fen) paid out of the cohort's special accounts (the payout
/// flows) in the China months `first`..`last` (`YYYY-MM`).
pub async fn payouts_per_unit_month(
    db: &Db,
    cohort: &crate::db::cohort::Cohort,
    first: &str,
    last: &str,
) -> sqlx::Result<Vec<(i64, String, i64)>> {
    repo::payouts_per_unit_month(db, cohort, first, last).await
}

pub use super::repo::FlowForReconciliation;

/// 代发方式 of a special account: the bank's API (the gateway pays) or a batch file taken to the bank.
pub const PAYOUT_MODES: [(&str, &str); 2] = [("api", "接口"), ("file", "文件")];

/// The account's 代发方式 as the open transaction sees it ('api' without an account).
pub async fn payout_mode_in(tx: &mut crate::db::Tx, project_id: i64) -> sqlx::Result<String> {
    Ok(repo::payout_mode_in(tx, project_id).await?.unwrap_or_else(|| "api".to_owned()))
}

/// Sets the 代发方式 inside `tx` (one of [`PAYOUT_MODES`]); the mode before, None without an account.
pub async fn set_payout_mode(tx: &mut crate::db::Tx, project_id: i64, mode: &str) -> sqlx::Result<Option<String>> {
    repo::set_payout_mode(tx, project_id, mode).await
}

/// The flows of `[from, to)` (unix seconds) and the balance before them, for the reconciliation.
pub async fn flows_between(
    db: &Db,
    project_id: i64,
    from: i64,
    to: i64,
) -> sqlx::Result<(i64, Vec<FlowForReconciliation>)> {
    Ok((repo::balance_before(db, project_id, from).await?, repo::flows_between(db, project_id, from, to).await?))
}

/// The account's 代发方式 ('api' without an account).
pub async fn payout_mode(db: &Db, project_id: i64) -> sqlx::Result<String> {
    Ok(repo::payout_mode(db, project_id).await?.unwrap_or_else(|| "api".to_owned()))
}
