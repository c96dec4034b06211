//! The wage area's answers to what the areas below it ask (issue 30: "the lower area owns the type, the upper
//! calls down"). Attendance asks through its `PaidDays` port which days wage lines hold and what correcting a
//! paid day does; the roster asks through its `RateChanges` port what a new wage standard does to days already
//! paid. Both traits and their shapes are theirs; [`Payroll`] implements them here by calling this area's
//! services, and `lib.rs` hands it to their routers.

use time::Date;

use super::{paid_days, rates, takeback};
use crate::attendance::paid::{self, Absence, AttendancePaidDay, PaidDays, TakeBack};
use crate::db::{Db, Tx};
use crate::envelope::ApiError;
use crate::identity::sessions::CurrentAccount;
use crate::worker::{RateChanges, StandardChange};

/// The wage area as the attendance and roster areas see it.
#[derive(Clone, Copy, Debug, Default)]
pub struct Payroll;

impl PaidDays for Payroll {
    fn paid_days<'a>(
        &'a self,
        db: &'a Db,
        project_id: i64,
        workers: &'a [i64],
        first: &'a str,
        last: &'a str,
    ) -> paid::BoxFuture<'a, Result<Vec<AttendancePaidDay>, ApiError>> {
        Box::pin(paid_days::paid_days(db, project_id, workers, first, last))
    }

    fn refuse_attending_taken_back<'a>(
        &'a self,
        db: &'a Db,
        project_id: i64,
        worker_id: i64,
        day: &'a str,
    ) -> paid::BoxFuture<'a, Result<(), ApiError>> {
        Box::pin(takeback::refuse_attending_taken_back(db, project_id, worker_id, day))
    }

    fn absence<'a>(
        &'a self,
        db: &'a Db,
        project_id: i64,
        worker_id: i64,
        day: Date,
        reason: &'a str,
        confirmed: bool,
    ) -> paid::BoxFuture<'a, Result<Absence, ApiError>> {
        Box::pin(takeback::absence(db, project_id, worker_id, day, reason, confirmed))
    }

    fn record_take_back<'a>(
        &'a self,
        tx: &'a mut Tx,
        take_back: &'a TakeBack,
        current: &'a CurrentAccount,
        ip: &'a str,
    ) -> paid::BoxFuture<'a, Result<(), ApiError>> {
        Box::pin(takeback::record_take_back(tx, take_back, current, ip))
    }
}

impl RateChanges for Payroll {
    fn standard_change<'a>(
        &'a self,
        db: &'a Db,
        change: StandardChange<'a>,
    ) -> crate::worker::BoxFuture<'a, Result<Option<String>, ApiError>> {
        let StandardChange { project_id, employment_id, wage_kind, wage_fen, from_day, until_day } = change;
        Box::pin(rates::standard_change(db, project_id, employment_id, (wage_kind, wage_fen), from_day, until_day))
    }
}
