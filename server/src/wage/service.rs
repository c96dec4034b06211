//! The wage area's service: what handlers and other areas call. The rules live in the modules named by what
//! they are about — sheets and their drafts, salaryCheck, orders, the approver's decision, exceptions and
//! what other areas read — and are gathered here so that one name, `wage::service`, is the area's face. SQL
//! lives in `repo/`, the bank conversation in `payout.rs`.

pub use super::check::*;
pub use super::decision::*;
pub use super::drafts::*;
pub use super::exceptions::*;
pub use super::figures::*;
pub use super::input::*;
pub use super::orders::*;
pub use super::sheets::*;
pub use super::status::sheet_status_label;
