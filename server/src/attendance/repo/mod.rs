//! SQL of the attendance area: devices, the replay guard, rules, punch records, the steps of the punch ingest
//! (whose rules are in `ingest.rs`), the monthly sheet and manual corrections. One text for both backends.

use crate::db::Bind;

mod devices;
mod ingest;
mod own;
mod reads;
mod records;
mod sheet;

pub use devices::*;
pub use ingest::*;
pub use own::*;
pub use reads::*;
pub use records::*;
pub use sheet::*;

/// A WHERE clause under construction: conditions joined by AND, binds numbered in order.
#[derive(Default)]
pub struct Clause {
    pub conditions: Vec<String>,
    pub binds: Vec<Bind>,
}

impl Clause {
    /// Adds a condition whose `?` marks are replaced by the next placeholders.
    pub fn and(&mut self, condition: &str, binds: Vec<Bind>) {
        let mut text = String::new();
        let mut binds = binds.into_iter();
        for (index, part) in condition.split('?').enumerate() {
            if index > 0 {
                if let Some(bind) = binds.next() {
                    self.binds.push(bind);
                }
                text.push_str(&format!("${}", self.binds.len()));
            }
            text.push_str(part);
        }
        self.conditions.push(text);
    }

    pub fn sql(&self) -> String {
        if self.conditions.is_empty() { "1 = 1".into() } else { self.conditions.join(" AND ") }
    }

    fn next(&self) -> usize {
        self.binds.len() + 1
    }
}
