//! The rules of the wage-arrears leads (issue 15 item 4): what a report must hold, who may move a lead from
//! which status to which, the deadline in working days, what the worker, the regulator and the project each see.
//! By concept — the report, the handling — gathered here as the area's face, `clue::service`.

pub use super::handling::*;
pub use super::input::*;
pub use super::report::*;
