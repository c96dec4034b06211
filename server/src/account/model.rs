//! The shapes of a flow, shared by the account's service (`flows.rs`) and its repository.

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
