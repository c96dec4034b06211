//! What a change of a wage standard does to days already paid (issue 28 item 3): the roster asks, the wage
//! area answers. The roster sits below the wage area, so it owns the question — the trait and the shape of a
//! change — and never names the wage area; the wage area implements it and `lib.rs` hands the implementation
//! to [`super::router`], whose handler passes it to `corrections::change_wage_standard` (issue 30: no pair of
//! areas imports each other).

use std::future::Future;
use std::pin::Pin;

use crate::db::Db;
use crate::envelope::ApiError;

pub type BoxFuture<'a, T> = Pin<Box<dyn Future<Output = T> + Send + 'a>>;

/// A new wage standard of an on-site roster line, as the roster is about to record it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StandardChange<'a> {
    pub project_id: i64,
    pub employment_id: i64,
    /// `day` or `month`.
    pub wage_kind: &'a str,
    pub wage_fen: i64,
    /// The day it takes effect, `YYYY-MM-DD`.
    pub from_day: &'a str,
    /// The next recorded standard's day, '' when none: the change holds until then.
    pub until_day: &'a str,
}

/// The days a standard governs that sheets past the draft paid, and what the change may do to them.
pub trait RateChanges: Send + Sync {
    /// Refused (`Err`, the paid days and their standard named) when the change lowers a paid day or changes
    /// its wage kind; for a raise into paid days, the notice that the difference is paid on a supplementary
    /// sheet (补差); `None` when no paid day is touched. Reads only: the roster records the standard.
    fn standard_change<'a>(
        &'a self,
        db: &'a Db,
        change: StandardChange<'a>,
    ) -> BoxFuture<'a, Result<Option<String>, ApiError>>;
}
