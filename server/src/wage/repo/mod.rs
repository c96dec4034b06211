//! SQL of wage sheets, their lines, wage orders, payouts and approvers' verifications, a file per concept
//! (sheets, salaryCheck, orders, payouts, reads). One text for both backends. Every change of money or
//! status writes its operation-log line in the same transaction.

use crate::oplog::Entry;

mod batches;
mod check;
mod confirmations;
pub mod days;
mod held;
pub mod minimum;
mod orders;
pub mod paid_days;
mod payouts;
mod reads;
mod sheets;

pub use batches::*;
pub use check::*;
pub use confirmations::*;
pub use held::{LinesOf, UnheldLine, unheld_lines};
pub use orders::*;
pub use payouts::*;
pub use reads::*;
pub use sheets::*;

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

/// `$first, $first+1, …` for `count` values.
fn placeholders(first: usize, count: usize) -> String {
    (first..first + count).map(|n| format!("${n}")).collect::<Vec<_>>().join(", ")
}
