//! Which wage sheet paid each day of the monthly attendance sheet, and the take-back of a paid day corrected
//! to absent (issue 28, "every day traceable"). The facts are the wage area's: `wage::service::paid_days`
//! answers them in these shapes and the `Sheet/month` handler puts them beside the sheet, so that the wage
//! area, which reads attendance, is never called back by attendance's service for a read.

use serde::Serialize;
use utoipa::ToSchema;

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
