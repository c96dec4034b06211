//! Which wage sheet paid each day of the monthly attendance sheet, and the take-back of a paid day corrected
//! to absent (issue 28, "every day traceable"). The facts are the wage area's, and the wage area sits above
//! attendance (it reads the days): so attendance owns the question — the [`PaidDays`] trait and the shapes
//! here — and never names the wage area. The wage area implements the trait; `lib.rs` hands the
//! implementation to [`super::router`], whose handlers pass it to the sheet's services (issue 30: no pair of
//! areas imports each other).

use std::future::Future;
use std::pin::Pin;

use serde::Serialize;
use time::Date;
use utoipa::ToSchema;

use crate::db::{Db, Tx};
use crate::envelope::ApiError;
use crate::identity::sessions::CurrentAccount;

pub type BoxFuture<'a, T> = Pin<Box<dyn Future<Output = T> + Send + 'a>>;

/// What attendance asks of pay: which days wage lines hold, and what correcting a day does to its pay.
pub trait PaidDays: Send + Sync {
    /// The days from `first` to `last` (`YYYY-MM-DD`) of the project's `workers` that wage lines hold, by
    /// worker and day. The caller has checked who may read the project.
    fn paid_days<'a>(
        &'a self,
        db: &'a Db,
        project_id: i64,
        workers: &'a [i64],
        first: &'a str,
        last: &'a str,
    ) -> BoxFuture<'a, Result<Vec<AttendancePaidDay>, ApiError>>;

    /// Refused when the day's pay was taken back: marking it attended again would leave it worked and unpaid.
    fn refuse_attending_taken_back<'a>(
        &'a self,
        db: &'a Db,
        project_id: i64,
        worker_id: i64,
        day: &'a str,
    ) -> BoxFuture<'a, Result<(), ApiError>>;

    /// What correcting the worker's `day` to absent does to pay: a day on a sheet past the draft asks the
    /// clerk's confirmation first (301 naming the sheet and the amount), and once `confirmed` becomes a
    /// take-back with `reason`; a day taken back already is refused.
    fn absence<'a>(
        &'a self,
        db: &'a Db,
        project_id: i64,
        worker_id: i64,
        day: Date,
        reason: &'a str,
        confirmed: bool,
    ) -> BoxFuture<'a, Result<Absence, ApiError>>;

    /// Records `take_back` and its log line inside `tx`, the attendance correction's transaction; refused
    /// when the day was taken back meanwhile.
    fn record_take_back<'a>(
        &'a self,
        tx: &'a mut Tx,
        take_back: &'a TakeBack,
        current: &'a CurrentAccount,
        ip: &'a str,
    ) -> BoxFuture<'a, Result<(), ApiError>>;
}

/// What correcting a worker's day to absent does to pay ([`PaidDays::absence`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Absence {
    /// The day is on no confirmed sheet: correct the attendance.
    Correct,
    /// The day was paid: correct the attendance and record this take-back in the same transaction.
    TakeBack(TakeBack),
}

/// A paid day's pay to take back on the worker's next sheet.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TakeBack {
    pub project_id: i64,
    pub worker_id: i64,
    pub day: String,
    /// The line that paid the day.
    pub paid_line_id: i64,
    pub amount_fen: i64,
    pub reason: String,
    /// The operation log's text.
    pub detail: String,
}

/// A day of a worker's month that a wage line holds.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AttendancePaidDay {
    pub worker_id: i64,
    /// Day of the month, 1–31.
    pub day: u8,
    /// False: a monthly wage's statutory holiday, paid without attendance.
    pub attended: bool,
    /// The wage sheet whose line holds the day.
    pub sheet_id: i64,
    /// E.g. `2026-10 钢筋班 工资表`, `2026-10 钢筋班 补充工资表（第2张）`.
    pub sheet_label: String,
    /// draft, confirmed, partial, paid.
    pub sheet_status: String,
    pub sheet_status_label: String,
    /// Set when the day was corrected to absent after its sheet was confirmed.
    pub taken_back: Option<AttendanceTakeBack>,
}

/// The pay of a paid day corrected to absent, taken back on the worker's next sheet.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AttendanceTakeBack {
    /// Yuan, two decimals.
    pub amount: String,
    pub reason: String,
    /// The sheet whose line takes the amount back; 0 while it waits for the worker's next sheet.
    pub sheet_id: i64,
    /// '' while it waits.
    pub sheet_label: String,
}
