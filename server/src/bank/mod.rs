//! The bank behind the special wage accounts (DESIGN §2): one trait for everything the product asks a bank,
//! a built-in deterministic sandbox, and later a real adapter. The trait verifies accounts and pays wage
//! lines (idempotent per key: a retried key answers the first result, so a line is never paid twice).

pub mod files;
pub mod layouts;
mod repo;
pub mod sandbox;

use std::future::Future;
use std::pin::Pin;

pub use sandbox::SandboxBank;

pub type BoxFuture<'a, T> = Pin<Box<dyn Future<Output = anyhow::Result<T>> + Send + 'a>>;

/// What the console asks the bank to verify: the account as the user typed it and the branch chosen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AccountQuery {
    /// Digits and hyphens, as validated by `domain::text::bank_account`.
    pub bank_account: String,
    /// The account holder's name.
    pub account_name: String,
    /// The bank's code (first level of the bank tree); may be empty when only the branch is known.
    pub bank_code: String,
    /// The opening branch's code (second level of the bank tree).
    pub branch_code: String,
}

/// The bank's answer about an account.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verification {
    /// The account exists under that name: its open date (`YYYY-MM-DD`) and where it was opened.
    Verified { open_date: String, bank_name: String, branch_name: String },
    /// The bank says no; the reason is shown to the user as it is (Chinese).
    Rejected { reason: String },
    /// The bank has doubts the user may override after confirming; the warning is shown as it is.
    Doubtful { warning: String },
}

/// One payment from the special account into a worker's card.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PayRequest {
    /// The same key always gets the first answer (the bank pays it at most once).
    pub idempotency_key: String,
    pub card_number: String,
    /// The card's bank code (banks table).
    pub card_bank: String,
    pub holder_name: String,
    /// Positive fen.
    pub amount_fen: i64,
}

/// The bank's answer to one [`PayRequest`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PayOutcome {
    Paid {
        bank_ref: String,
    },
    /// Refused by the bank; the reason is shown to the clerk as it is (Chinese).
    Failed {
        reason: String,
    },
}

/// A bank. `Err` means the bank could not be asked (network, outage), never a refusal of the account.
pub trait BankGateway: Send + Sync {
    fn verify_account<'a>(&'a self, query: &'a AccountQuery) -> BoxFuture<'a, Verification>;
    /// Pays a batch; answers one outcome per request, in order. `Err`: nothing is known to be paid, the
    /// caller asks again later with the same keys.
    fn pay<'a>(&'a self, requests: &'a [PayRequest]) -> BoxFuture<'a, Vec<PayOutcome>>;
}
