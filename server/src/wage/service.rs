//! Rules of the money path: who may do what, the month and amount checks, salaryCheck's anomalies, and the
//! shapes the console reads. SQL lives in `repo.rs`, the bank conversation in `payout.rs`.

use serde::{Deserialize, Serialize};
use std::collections::HashMap;

use time::{Date, Month};
use utoipa::{IntoParams, ToSchema};

use super::money::{parse_yuan, yuan, yuan_grouped};
pub use super::paid_days::paid_days;
use super::plan::{self, Inputs, PlannedLine};
use super::repo::{self, Actor, LineRow, OrderRow, PayoutRow, Refusal, SheetRow};
pub use super::status::sheet_status_label;
pub use super::takeback::{Absence, TakeBack, absence, record_take_back, refuse_attending_taken_back};
use super::{VERIFICATION_SECONDS, notify, payout};
use crate::auth::sessions::CurrentAccount;
use crate::bank::BankGateway;
use crate::clock;
use crate::db::Db;
use crate::domain::calendar::Calendar;
use crate::domain::mask::masked;
use crate::domain::payroll::Proration;
use crate::domain::wage_card as card;
use crate::envelope::ApiError;
use crate::paging::{self, Page, Paged};
use crate::scope::{self, ReadScope};

pub const MSG_MONTH: &str = "请选择正确的月份";
pub const MSG_MONTH_FUTURE: &str = "不能为未来月份编制工资表";
pub const MSG_UNIT: &str = "请选择参建单位";
pub const MSG_TEAM: &str = "所选班组不属于该参建单位";
pub const MSG_DUPLICATE: &str = "该单位（班组）本月已有未确认的工资表，请在该表中刷新考勤";
pub const MSG_NOTHING_NEW: &str = "该单位（班组）本月没有需要计发的出勤";
pub const MSG_STALE: &str = "考勤已变化，请先刷新工资表再确认";
pub const MSG_PRORATION: &str = "请选择计薪规则";
pub const MSG_ADJUSTED: &str = "该日已记录扣回，无需重复修正";
pub const MSG_NO_SHEET: &str = "工资表不存在";
pub const MSG_NO_LINE: &str = "工资明细不存在";
pub const MSG_LOCKED: &str = "工资表已确认，不能修改";
pub const MSG_PAYABLE: &str = "应发工资应为0-9999999.99元的金额，最多2位小数";
pub const MSG_DEDUCTION: &str = "扣款应为0-9999999.99元的金额，最多2位小数";
pub const MSG_NEGATIVE: &str = "实发工资不能为负数，扣款不能超过应发工资";
pub const MSG_REASON: &str = "修改应发工资或扣款时请填写原因";
pub const MSG_REASON_LONG: &str = "原因不能超过200个字";
pub const MSG_REMOVE_REASON: &str = "请填写移出原因";
pub const MSG_NOT_DRAFT: &str = "只有未确认的工资表可以删除";
pub const MSG_NOT_CONFIRMABLE: &str = "工资表已确认";
pub const MSG_IN_ORDER: &str = "工资表已在工资单中，不能取消确认";
pub const MSG_EMPTY_SHEET: &str = "工资表没有明细，不能确认";
pub const MSG_KIND: &str = "请选择正确的异常类型";
pub const MSG_SHEETS: &str = "请选择要发放的工资表";
pub const MSG_SHEET_UNCONFIRMED: &str = "所选工资表尚未确认";
pub const MSG_SHEET_IN_ORDER: &str = "所选工资表已在其他工资单中";
pub const MSG_SHEET_MONTH: &str = "一个工资单只能包含同一月份的工资表";
pub const MSG_NOTHING_TO_PAY: &str = "所选工资表没有需要发放的金额";
pub const MSG_NO_ACCOUNT: &str = "项目尚未开立农民工工资专用账户";
pub const MSG_CHANGED: &str = "数据已被他人修改，请刷新后重试";
pub const MSG_NO_ORDER: &str = "工资单不存在";
pub const MSG_NOT_PENDING: &str = "工资单已处理，不能再操作";
pub const MSG_STATUS: &str = "请选择正确的状态";
pub const MSG_REMARK_LONG: &str = "备注不能超过200个字";
pub const MSG_WORKER: &str = "该工人不在本项目";
pub const MSG_PAYOUTS: &str = "请选择要重新发放的失败明细";
pub const MSG_PAYOUTS_ONE_ORDER: &str = "请选择同一工单的失败明细";
pub const MSG_ALREADY_REISSUED: &str = "所选明细已重新发放或不是失败明细";
pub const MSG_DECISION: &str = "请选择审核结果";
pub const MSG_REJECT_REASON: &str = "驳回时请填写驳回原因";
pub const MSG_ID_MISMATCH: &str = "身份证号码与账号登记信息不一致";
const MSG_BANK_PAYING: &str = "审核通过，银行处理中，系统将自动继续发放";
pub const MSG_OWN_ORDER: &str = "提交工资单的账号不能审批该工资单";
pub const MSG_NO_ID_ON_FILE: &str = "账号未登记身份证号码，请使用短信验证";

pub const MINIMUM_WAGE_KIND: &str = "below_minimum";
pub const OUTSIDE_EMPLOYMENT_KIND: &str = "outside_employment";
pub const DAYS_MISMATCH_KIND: &str = "days_mismatch";
pub const OVER_YEAR_LIMIT_KIND: &str = "over_year_limit";
pub const BELOW_RATE_KIND: &str = "below_rate";
pub const KINDS: [(&str, &str); 9] = [
    ("unlisted", "有考勤未列入工资表"),
    (DAYS_MISMATCH_KIND, "工资表天数与考勤不符"),
    ("no_attendance", "列入工资表但无考勤"),
    (OUTSIDE_EMPLOYMENT_KIND, "计发了不在场期间的出勤"),
    (MINIMUM_WAGE_KIND, "实发低于最低工资标准"),
    (BELOW_RATE_KIND, "已计发日低于现行工资标准"),
    ("over_limit", "单月工资超过5万元"),
    (OVER_YEAR_LIMIT_KIND, "单年工资超过30万元"),
    ("card", "工资卡缺失或无效"),
];
/// More than this to one worker in one month is an anomaly (50,000 yuan).
pub const MONTHLY_LIMIT_FEN: i64 = 5_000_000;
/// More than this to one worker on the project in one calendar year is an anomaly (300,000 yuan, DESIGN §5).
pub const YEARLY_LIMIT_FEN: i64 = 30_000_000;

/// A salaryCheck kind's label ('' when unknown).
pub fn kind_label(kind: &str) -> &'static str {
    KINDS.iter().find(|(value, _)| *value == kind).map(|(_, label)| *label).unwrap_or("")
}

pub fn order_status_label(status: &str) -> &'static str {
    match status {
        "pending" => "待审核",
        "withdrawn" => "已撤回",
        "rejected" => "已驳回",
        "paying" => "支付中",
        "paid" => "已支付",
        "partial" => "部分发放",
        _ => "",
    }
}

pub fn payout_status_label(status: &str) -> &'static str {
    match status {
        "queued" => "待审批",
        "pending" => "支付中",
        "paid" => "已支付",
        "failed" => "支付失败",
        "cancelled" => "已取消",
        _ => "",
    }
}

fn text(value: &Option<String>) -> String {
    value.as_deref().unwrap_or("").trim().to_owned()
}

fn positive_id(value: &Option<String>, message: &'static str) -> Result<i64, ApiError> {
    text(value).parse::<i64>().ok().filter(|id| *id > 0).ok_or_else(|| ApiError::refused(message))
}

fn id_list(value: &Option<String>, message: &'static str) -> Result<Vec<i64>, ApiError> {
    let mut ids = Vec::new();
    for part in text(value).split(',').map(str::trim).filter(|part| !part.is_empty()) {
        ids.push(part.parse::<i64>().ok().filter(|id| *id > 0).ok_or_else(|| ApiError::refused(message))?);
    }
    ids.sort_unstable();
    ids.dedup();
    if ids.is_empty() || ids.len() > 1000 {
        return Err(ApiError::refused(message));
    }
    Ok(ids)
}

fn page(query_page: &Option<String>, limit: &Option<String>) -> Result<Page, ApiError> {
    Ok(Page::parse(query_page, limit)?)
}

pub fn actor(current: &CurrentAccount, ip: &str) -> Actor {
    Actor {
        account_id: current.account.id,
        account_name: current.account.username.clone(),
        project_id: current.account.project_id,
        ip: ip.to_owned(),
    }
}

/// A month `YYYY-MM` not after this month: its first and last day.
pub struct MonthSpan {
    pub month: String,
    pub first_day: String,
    pub last_day: String,
    pub first: Date,
    pub last: Date,
}

pub fn month_span(value: &str) -> Result<MonthSpan, ApiError> {
    let value = value.trim();
    let (year, month) = value.split_once('-').ok_or_else(|| ApiError::refused(MSG_MONTH))?;
    if year.len() != 4 || month.len() != 2 {
        return Err(ApiError::refused(MSG_MONTH));
    }
    let year: i32 = year.parse().map_err(|_| ApiError::refused(MSG_MONTH))?;
    let month: u8 = month.parse().map_err(|_| ApiError::refused(MSG_MONTH))?;
    let month = Month::try_from(month).map_err(|_| ApiError::refused(MSG_MONTH))?;
    if !(2000..=2100).contains(&year) {
        return Err(ApiError::refused(MSG_MONTH));
    }
    let first = Date::from_calendar_date(year, month, 1).map_err(|_| ApiError::refused(MSG_MONTH))?;
    let today = clock::china_today();
    if (year, month as u8) > (today.year(), today.month() as u8) {
        return Err(ApiError::refused(MSG_MONTH_FUTURE));
    }
    let days = month.length(year);
    let last = Date::from_calendar_date(year, month, days).map_err(|_| ApiError::refused(MSG_MONTH))?;
    Ok(MonthSpan {
        month: format!("{year:04}-{:02}", month as u8),
        first_day: first.to_string(),
        last_day: last.to_string(),
        first,
        last,
    })
}

fn optional_month(value: &Option<String>) -> Result<String, ApiError> {
    let value = text(value);
    if value.is_empty() { Ok(value) } else { Ok(month_span(&value)?.month) }
}

async fn read_scope(db: &Db, current: &CurrentAccount, project: &Option<String>) -> Result<ReadScope, ApiError> {
    scope::read(db, current, project).await
}

// ---------------------------------------------------------------------------------------------------------
// Shapes

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WageSheet {
    pub id: i64,
    pub project_id: i64,
    /// The project's name: the regulator's list spans projects.
    pub project_name: String,
    pub month: String,
    pub unit_id: i64,
    pub unit_name: String,
    /// 0: the whole unit.
    pub team_id: i64,
    pub team_name: String,
    /// draft 未确认, confirmed 已确认, partial 部分发放 (a line's payout failed and is not yet re-paid), paid 已发放
    /// (every line with net pay is paid).
    pub status: String,
    pub status_label: String,
    /// The live wage order carrying the sheet.
    pub order_id: Option<i64>,
    pub line_count: i64,
    /// Yuan.
    pub payable: String,
    pub deduction: String,
    pub net: String,
    pub created_at: String,
    pub confirmed_at: String,
    /// 1: the month's first sheet of the unit (team); 2 and on: its supplementary sheets.
    pub seq: i64,
    /// 工资表 or 补充工资表（第N张）.
    pub kind_label: String,
    /// The payroll rule the lines were reckoned with, printed on the sheet.
    pub proration: String,
    pub proration_label: String,
    /// The month's working days on China's calendar.
    pub working_days: i64,
    /// When the lines were last taken from attendance.
    pub refreshed_at: String,
}

fn sheet_kind_label(seq: i64) -> String {
    if seq <= 1 { "工资表".into() } else { format!("补充工资表（第{seq}张）") }
}

fn sheet_out(row: SheetRow) -> WageSheet {
    WageSheet {
        id: row.id,
        project_id: row.project_id,
        project_name: row.project_name,
        month: row.month,
        unit_id: row.unit_id,
        unit_name: row.unit_name,
        team_id: row.team_id,
        team_name: row.team_name,
        status_label: sheet_status_label(&row.status).into(),
        status: row.status,
        order_id: row.order_id,
        line_count: row.line_count,
        payable: yuan(row.payable_fen),
        deduction: yuan(row.deduction_fen),
        net: yuan(row.net_fen),
        created_at: clock::china_datetime(row.created_at),
        confirmed_at: clock::china_datetime(row.confirmed_at),
        seq: row.seq,
        kind_label: sheet_kind_label(row.seq),
        proration_label: Proration::parse(&row.proration).unwrap_or_default().label().into(),
        proration: row.proration,
        working_days: row.working_days,
        refreshed_at: clock::china_datetime(row.refreshed_at),
    }
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WageLine {
    pub id: i64,
    pub worker_id: i64,
    pub name: String,
    pub id_number: String,
    /// Attended days in the month.
    pub days: i64,
    /// day 日薪, month 月薪.
    pub wage_kind: String,
    pub wage: String,
    /// What the attendance gives.
    pub prefill: String,
    pub payable: String,
    pub deduction: String,
    pub net: String,
    pub reason: String,
    pub card_number: String,
    pub card_bank: String,
    /// The bank's name ('' when the code is unknown).
    pub card_bank_name: String,
    /// Why the card (as on the sheet) cannot be paid into; '' when it can.
    pub card_problem: String,
    /// Statutory holidays paid without attendance (monthly wage).
    pub holiday_days: i64,
    /// Attended rest days and holidays of a monthly wage (overtime, paid by the clerk with a reason).
    pub overtime_days: i64,
    /// Pay taken back for days paid before and corrected to absent since, yuan.
    pub adjustment: String,
    /// How the prefill was reached.
    pub basis: String,
    /// Days other sheets paid below the standard in force that this line makes good (补差), and the amount
    /// (yuan, part of the prefill).
    pub topup_days: i64,
    pub topup: String,
    /// The dates the line pays at their standards, and the sheets that paid the worker's other days.
    pub paid: super::line_days::WagePaidDates,
}

/// A sheet line as the list shows it: ID and card masked (decisions "Privacy: one masking rule"), the card's
/// problem judged on the full number.
fn line_out(row: LineRow) -> WageLine {
    WageLine {
        id: row.id,
        worker_id: row.worker_id,
        name: row.name,
        id_number: masked(&row.id_number),
        days: row.days,
        wage_kind: row.wage_kind,
        wage: yuan(row.wage_fen),
        prefill: yuan(row.prefill_fen),
        payable: yuan(row.payable_fen),
        deduction: yuan(row.deduction_fen),
        net: yuan(row.net_fen),
        reason: row.reason,
        card_problem: card::problem(&row.card_number).unwrap_or("").into(),
        card_number: masked(&row.card_number),
        card_bank: row.card_bank,
        card_bank_name: row.card_bank_name,
        holiday_days: row.holiday_days,
        overtime_days: row.overtime_days,
        adjustment: yuan(row.adjustment_fen),
        basis: row.basis,
        topup_days: row.topup_days,
        topup: yuan(row.topup_fen),
        paid: Default::default(),
    }
}

/// A line whose card the bank would refuse.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WageCardProblem {
    pub name: String,
    pub card_number: String,
    pub card_bank_name: String,
    pub problem: String,
}

/// What paying sheets would do, for the confirmation before 确认 and 提交审核. Nothing is changed.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WagePayPreview {
    /// Lines with net pay.
    pub workers: i64,
    /// Their net pay, yuan.
    pub total: String,
    /// The special account's balance, yuan ('' without an account).
    pub balance: String,
    /// Balance minus total, yuan, negative when short ('' without an account).
    pub balance_after: String,
    /// Lines whose card the bank would refuse.
    pub card_problem_count: i64,
    /// The first `PREVIEW_PROBLEMS` of them.
    pub card_problems: Vec<WageCardProblem>,
}

/// How many refused cards a preview names; the count tells the rest.
pub const PREVIEW_PROBLEMS: usize = 20;

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WageSheetDetail {
    pub sheet: WageSheet,
    pub lines: Paged<WageLine>,
    /// A draft: workers whose days differ from attendance now (the first `DIFFERENCES_SHOWN`); confirmed: none.
    pub differences: Vec<WageSheetDifference>,
    pub difference_count: i64,
    /// Take-backs on the page's lines: the day, the amount and the reason.
    pub adjustments: Vec<WageAdjustment>,
}

/// A worker whose days on a draft differ from attendance now.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WageSheetDifference {
    pub worker_id: i64,
    pub name: String,
    pub days_on_sheet: i64,
    pub days_now: i64,
    /// The same days, but a wage standard in force changed since the sheet took them.
    pub standard_changed: bool,
}

/// A paid day corrected to absent, taken back on a line.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WageAdjustment {
    pub line_id: i64,
    pub day: String,
    pub amount: String,
    pub reason: String,
}

pub const DIFFERENCES_SHOWN: usize = 50;

/// The project's payroll rule and the choices.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WagePayrollSettings {
    pub proration: String,
    pub label: String,
    pub choices: Vec<WageUnitOption2>,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct WagePayrollForm {
    /// `statutory` (21.75) or `working_days`.
    pub proration: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WageUnitOption {
    pub id: i64,
    pub name: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WageTeamOption {
    pub id: i64,
    pub unit_id: i64,
    pub name: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WageOptions {
    pub units: Vec<WageUnitOption>,
    pub teams: Vec<WageTeamOption>,
    /// The month a clerk usually pays: the previous one.
    pub default_month: String,
    /// salaryCheck's kinds: value and label.
    pub check_kinds: Vec<WageUnitOption2>,
    /// The special account's balance, yuan ('' without an account).
    pub balance: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WageUnitOption2 {
    pub value: String,
    pub label: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WageAnomaly {
    pub kind: String,
    pub kind_label: String,
    pub worker_id: i64,
    pub name: String,
    pub id_number: String,
    /// 0 when the worker is on no sheet.
    pub line_id: i64,
    pub sheet_id: i64,
    pub unit_name: String,
    pub team_name: String,
    pub days: i64,
    pub net: String,
    pub detail: String,
    /// The wage month (`YYYY-MM`).
    pub month: String,
    /// outside_employment: days the line pays beyond the attended days inside the worker's employment; else 0.
    pub excess_days: i64,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WageOrder {
    pub id: i64,
    pub project_id: i64,
    pub project_name: String,
    pub order_no: String,
    pub month: String,
    /// pending 待审核, withdrawn 已撤回, rejected 已驳回, paying 支付中, paid 已支付 (every line paid, failed ones
    /// by a re-issue), partial 部分发放 (a failed line not yet re-issued and paid).
    pub status: String,
    pub status_label: String,
    pub total: String,
    pub line_count: i64,
    pub paid: String,
    pub failed: String,
    pub reissue_of: Option<i64>,
    pub reissue_of_no: String,
    pub remark: String,
    pub created_at: String,
    pub created_by: String,
    pub decided_at: String,
    pub decided_by: String,
    pub decision_remark: String,
    pub finished_at: String,
}

pub fn order_out(row: OrderRow) -> WageOrder {
    WageOrder {
        id: row.id,
        project_id: row.project_id,
        project_name: row.project_name,
        order_no: row.order_no,
        month: row.month,
        status_label: order_status_label(&row.status).into(),
        status: row.status,
        total: yuan(row.total_fen),
        line_count: row.line_count,
        paid: yuan(row.paid_fen),
        failed: yuan(row.failed_fen),
        reissue_of: row.reissue_of,
        reissue_of_no: row.reissue_of_no,
        remark: row.remark,
        created_at: clock::china_datetime(row.created_at),
        created_by: row.created_by_name,
        decided_at: clock::china_datetime(row.decided_at),
        decided_by: row.decided_by_name,
        decision_remark: row.decision_remark,
        finished_at: clock::china_datetime(row.finished_at),
    }
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WagePayout {
    pub id: i64,
    pub order_id: i64,
    pub order_no: String,
    pub month: String,
    pub line_id: i64,
    pub worker_id: i64,
    pub name: String,
    pub id_number: String,
    pub amount: String,
    /// The card the payout went (or goes) to.
    pub card_number: String,
    pub card_bank: String,
    /// What is wrong with that card ('' when nothing): the bank will refuse it.
    pub card_problem: String,
    /// The worker's card now (after a correction).
    pub current_card: String,
    pub current_bank: String,
    pub current_card_problem: String,
    /// queued 待审批, pending 支付中, paid 已支付, failed 支付失败, cancelled 已取消.
    pub status: String,
    pub status_label: String,
    pub bank_ref: String,
    pub failure_reason: String,
    pub reissued_by: Option<i64>,
    pub settled_at: String,
}

/// A pay line as the lists show it (order detail, 异常处理): ID and cards masked, their problems judged on the
/// full numbers.
pub fn payout_out(row: PayoutRow) -> WagePayout {
    WagePayout {
        id: row.id,
        order_id: row.order_id,
        order_no: row.order_no,
        month: row.month,
        line_id: row.line_id,
        worker_id: row.worker_id,
        name: row.name,
        id_number: masked(&row.id_number),
        amount: yuan(row.amount_fen),
        card_problem: card::problem(&row.card_number).unwrap_or("").into(),
        card_number: masked(&row.card_number),
        card_bank: row.card_bank,
        current_card_problem: card::problem(&row.current_card).unwrap_or("").into(),
        current_card: masked(&row.current_card),
        current_bank: row.current_bank,
        status_label: payout_status_label(&row.status).into(),
        status: row.status,
        bank_ref: row.bank_ref,
        failure_reason: row.failure_reason,
        reissued_by: row.reissued_by,
        settled_at: clock::china_datetime(row.settled_at),
    }
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WageOrderDetail {
    pub order: WageOrder,
    pub sheets: Vec<WageSheet>,
    pub lines: Paged<WagePayout>,
    /// Lines awaiting approval whose card has a problem: they will fail at the bank (the approver is told).
    pub invalid_cards: i64,
}

// ---------------------------------------------------------------------------------------------------------
// Forms and queries

#[derive(Debug, Default, Deserialize, IntoParams, ToSchema)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct WageProjectQuery {
    /// The regulator's project; a builder's own project is implied (another id → 404).
    pub project_id: Option<String>,
}

#[derive(Debug, Default, Deserialize, IntoParams, ToSchema)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct WageSheetQuery {
    pub page: Option<String>,
    pub limit: Option<String>,
    pub project_id: Option<String>,
    /// YYYY-MM; empty: every month.
    pub month: Option<String>,
    /// draft / confirmed / partial / paid; empty: any.
    pub status: Option<String>,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WageSheetForm {
    /// YYYY-MM, not after this month.
    pub month: Option<String>,
    pub unit_id: Option<String>,
    /// Empty or 0: the whole unit.
    pub team_id: Option<String>,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct WageIdForm {
    pub id: Option<String>,
}

#[derive(Debug, Default, Deserialize, IntoParams, ToSchema)]
#[into_params(parameter_in = Query)]
pub struct WagePreviewQuery {
    /// Comma-joined sheet ids of the project.
    pub ids: Option<String>,
}

#[derive(Debug, Default, Deserialize, IntoParams, ToSchema)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct WageDetailQuery {
    pub id: Option<String>,
    pub page: Option<String>,
    pub limit: Option<String>,
    pub project_id: Option<String>,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct WageLineForm {
    pub id: Option<String>,
    /// Yuan, two decimals at most.
    pub payable: Option<String>,
    pub deduction: Option<String>,
    /// Required when payable differs from the prefill or a deduction is made.
    pub reason: Option<String>,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct WageLineRemoveForm {
    pub id: Option<String>,
    pub reason: Option<String>,
}

#[derive(Debug, Default, Deserialize, IntoParams, ToSchema)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct WageCheckQuery {
    pub page: Option<String>,
    pub limit: Option<String>,
    pub project_id: Option<String>,
    pub month: Option<String>,
    /// A kind of `KINDS`; empty: all.
    pub kind: Option<String>,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WageOrderForm {
    pub month: Option<String>,
    /// Comma-joined sheet ids.
    pub sheet_ids: Option<String>,
    pub remark: Option<String>,
}

#[derive(Debug, Default, Deserialize, IntoParams, ToSchema)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct WageOrderQuery {
    pub page: Option<String>,
    pub limit: Option<String>,
    pub project_id: Option<String>,
    pub month: Option<String>,
    /// An order status; empty: any.
    pub status: Option<String>,
    /// Part of the order number.
    pub order_no: Option<String>,
}

#[derive(Debug, Default, Deserialize, IntoParams, ToSchema)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct WagePayQuery {
    pub page: Option<String>,
    pub limit: Option<String>,
    pub project_id: Option<String>,
    pub month: Option<String>,
    /// A payout status; empty: any.
    pub status: Option<String>,
    pub name: Option<String>,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WageCardForm {
    pub worker_id: Option<String>,
    /// 12–30 digits.
    pub card: Option<String>,
    /// A first-level bank code.
    pub bank: Option<String>,
    /// 1: save a UnionPay number although its check digit fails (after the 301).
    pub confirmed: Option<String>,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct WageReissueForm {
    /// Comma-joined failed payout ids of one order.
    pub ids: Option<String>,
}

// ---------------------------------------------------------------------------------------------------------
// Sheets

pub async fn options(db: &Db, current: &CurrentAccount, query: &WageProjectQuery) -> Result<WageOptions, ApiError> {
    let project_id = match read_scope(db, current, &query.project_id).await? {
        ReadScope::Project(id) => id,
        ReadScope::All => return Err(ApiError::refused("请选择项目")),
    };
    let units = crate::worker::service::active_units(db, project_id)
        .await?
        .into_iter()
        .map(|unit| WageUnitOption { id: unit.id, name: unit.name })
        .collect();
    let teams = crate::worker::service::active_teams(db, project_id)
        .await?
        .into_iter()
        .map(|team| WageTeamOption { id: team.id, unit_id: team.unit_id, name: team.name })
        .collect();
    let balance = crate::account::flows::balance(db, project_id).await?.map(yuan).unwrap_or_default();
    Ok(WageOptions {
        units,
        teams,
        default_month: settling_month(),
        check_kinds: KINDS
            .iter()
            .map(|(value, label)| WageUnitOption2 { value: (*value).into(), label: (*label).into() })
            .collect(),
        balance,
    })
}

pub async fn sheets(db: &Db, current: &CurrentAccount, query: &WageSheetQuery) -> Result<Paged<WageSheet>, ApiError> {
    let scope = read_scope(db, current, &query.project_id).await?;
    let page = page(&query.page, &query.limit)?;
    let month = optional_month(&query.month)?;
    let status = text(&query.status);
    if !status.is_empty() && sheet_status_label(&status).is_empty() {
        return Err(ApiError::refused(MSG_STATUS));
    }
    let (rows, total) = repo::sheets(db, scope.filter(), &month, &status, page.limit, page.offset()).await?;
    Ok(page.answer(rows.into_iter().map(sheet_out).collect(), total))
}

pub async fn sheet_detail(
    db: &Db,
    current: &CurrentAccount,
    query: &WageDetailQuery,
) -> Result<WageSheetDetail, ApiError> {
    let scope = read_scope(db, current, &query.project_id).await?;
    let id = positive_id(&query.id, MSG_NO_SHEET)?;
    let page = page(&query.page, &query.limit)?;
    let sheet = repo::sheet(db, scope.filter(), id).await?.ok_or_else(|| ApiError::NotFound(MSG_NO_SHEET.into()))?;
    let (lines, total) = repo::lines(db, id, page.limit, page.offset()).await?;
    let (differences, difference_count) = if sheet.status == "draft" {
        let (_, _, found) = draft_differences(db, &sheet).await?;
        let shown: Vec<plan::Difference> = found.iter().take(DIFFERENCES_SHOWN).cloned().collect();
        let names: HashMap<i64, String> =
            repo::worker_names(db, &shown.iter().map(|shown| shown.worker_id).collect::<Vec<_>>())
                .await?
                .into_iter()
                .collect();
        let list = shown
            .into_iter()
            .map(|shown| WageSheetDifference {
                worker_id: shown.worker_id,
                name: names.get(&shown.worker_id).cloned().unwrap_or_default(),
                days_on_sheet: shown.days_on_sheet,
                days_now: shown.days_now,
                standard_changed: shown.standard_changed,
            })
            .collect();
        (list, found.len() as i64)
    } else {
        (Vec::new(), 0)
    };
    let adjustments = repo::line_adjustments(db, &lines.iter().map(|line| line.id).collect::<Vec<_>>())
        .await?
        .into_iter()
        .map(|(line_id, adjustment)| WageAdjustment {
            line_id,
            day: adjustment.day,
            amount: yuan(adjustment.amount_fen),
            reason: adjustment.reason,
        })
        .collect();
    let pairs: Vec<(i64, i64)> = lines.iter().map(|line| (line.id, line.worker_id)).collect();
    let mut dates = super::line_days::paid_dates(db, sheet.project_id, &sheet.month, &pairs).await?;
    let lines = lines
        .into_iter()
        .map(|row| {
            let paid = dates.remove(&row.id).unwrap_or_default();
            WageLine { paid, ..line_out(row) }
        })
        .collect();
    Ok(WageSheetDetail {
        sheet: sheet_out(sheet),
        lines: page.answer(lines, total),
        differences,
        difference_count,
        adjustments,
    })
}

/// The month's calendar from the calendar area.
async fn month_calendar(db: &Db, span: &MonthSpan) -> Result<Calendar, ApiError> {
    crate::calendar::service::calendar(db, span.first, span.last).await
}

/// Everything a plan of the project's month reads, the lines of sheet `except_sheet` (0: none) left out.
pub(super) async fn plan_inputs(
    db: &Db,
    project_id: i64,
    span: &MonthSpan,
    except_sheet: i64,
) -> Result<Inputs, ApiError> {
    let calendar = month_calendar(db, span).await?;
    let proration = Proration::parse(&repo::proration(db, project_id).await?).unwrap_or_default();
    let (employments, rates) =
        crate::worker::service::roster_between(db, project_id, &span.first_day, &span.last_day).await?;
    let attended = crate::attendance::days::attended_between(db, project_id, &span.first_day, &span.last_day)
        .await?
        .into_iter()
        .filter_map(|(worker, day)| plan::parse(&day).map(|day| (worker, day)))
        .collect();
    let (base, levels) = super::rates::month_levels(db, project_id, span, except_sheet, false).await?;
    let claimed = base.iter().filter_map(|row| plan::parse(&row.day).map(|day| (row.worker_id, day))).collect();
    let lined = repo::lined_workers(db, project_id, &span.month, except_sheet).await?.into_iter().collect();
    Ok(Inputs {
        first: span.first,
        last: span.last,
        today: clock::china_today(),
        calendar,
        proration,
        employments,
        rates,
        attended,
        claimed,
        lined,
        levels,
    })
}

/// A clerk's edit of a line kept over a refresh.
struct KeptEdit {
    prefill_fen: i64,
    payable_fen: i64,
    deduction_fen: i64,
    reason: String,
}

/// The plan's lines with their amounts: an edited payable (it differs from its prefill) and a deduction are
/// kept over a refresh; each worker's pending take-backs are applied while the net stays non-negative.
fn lines_to_write<'a>(
    planned: &'a [PlannedLine],
    adjustments: &[repo::PendingAdjustment],
    edits: &HashMap<i64, KeptEdit>,
) -> Vec<repo::LineToWrite<'a>> {
    planned
        .iter()
        .map(|plan| {
            let edit = edits.get(&plan.worker_id);
            let payable_fen = edit
                .filter(|edit| edit.payable_fen != edit.prefill_fen)
                .map_or(plan.prefill_fen(), |edit| edit.payable_fen);
            let deduction_fen = edit.map_or(0, |edit| edit.deduction_fen).min(payable_fen);
            let mut room = payable_fen - deduction_fen;
            let mut taken = Vec::new();
            let mut adjustment_fen = 0;
            for adjustment in adjustments.iter().filter(|adjustment| adjustment.worker_id == plan.worker_id) {
                if adjustment.amount_fen <= room {
                    room -= adjustment.amount_fen;
                    adjustment_fen += adjustment.amount_fen;
                    taken.push(adjustment.id);
                }
            }
            repo::LineToWrite {
                plan,
                payable_fen,
                deduction_fen,
                adjustment_fen,
                reason: edit.map(|edit| edit.reason.clone()).unwrap_or_default(),
                adjustment_ids: taken,
            }
        })
        .collect()
}

fn sheet_head(project_id: i64, span: &MonthSpan, unit_id: i64, team_id: i64, inputs: &Inputs) -> repo::NewSheet {
    repo::NewSheet {
        project_id,
        month: span.month.clone(),
        unit_id,
        team_id,
        proration: inputs.proration.as_str(),
        working_days: inputs.facts().working_days,
    }
}

/// A new sheet of the unit (team) and month: the first, or a 补充工资表 taking the payable days no sheet took.
pub async fn create_sheet(db: &Db, current: &CurrentAccount, ip: &str, form: &WageSheetForm) -> Result<i64, ApiError> {
    let project_id = scope::write(current)?;
    let span = month_span(&text(&form.month))?;
    let unit_id = positive_id(&form.unit_id, MSG_UNIT)?;
    let units = crate::worker::service::active_units(db, project_id).await?;
    if !units.iter().any(|unit| unit.id == unit_id) {
        return Err(ApiError::refused(MSG_UNIT));
    }
    let team_text = text(&form.team_id);
    let team_id = if team_text.is_empty() || team_text == "0" { 0 } else { positive_id(&form.team_id, MSG_TEAM)? };
    if team_id != 0 {
        let teams = crate::worker::service::active_teams(db, project_id).await?;
        if !teams.iter().any(|team| team.id == team_id && team.unit_id == unit_id) {
            return Err(ApiError::refused(MSG_TEAM));
        }
    }
    if repo::has_draft(db, project_id, unit_id, team_id, &span.month).await? {
        return Err(ApiError::refused(MSG_DUPLICATE));
    }
    let inputs = plan_inputs(db, project_id, &span, 0).await?;
    let planned = plan::plan(&inputs, unit_id, team_id);
    if planned.is_empty() {
        return Err(ApiError::refused(MSG_NOTHING_NEW));
    }
    let adjustments = repo::pending_adjustments(db, project_id, 0).await?;
    let lines = lines_to_write(&planned, &adjustments, &HashMap::new());
    match repo::create_sheet(db, &sheet_head(project_id, &span, unit_id, team_id, &inputs), &lines, &actor(current, ip))
        .await?
    {
        Ok(Some((id, _))) => Ok(id),
        Ok(None) => Err(ApiError::refused(MSG_DUPLICATE)),
        Err(refused) => Err(refusal(refused)),
    }
}

/// The draft's lines against what attendance and the standards in force give now.
async fn draft_differences(
    db: &Db,
    sheet: &SheetRow,
) -> Result<(Inputs, Vec<PlannedLine>, Vec<plan::Difference>), ApiError> {
    let span = month_span(&sheet.month)?;
    let inputs = plan_inputs(db, sheet.project_id, &span, sheet.id).await?;
    let planned = plan::plan(&inputs, sheet.unit_id, sheet.team_id);
    let mut held: HashMap<i64, plan::Held> =
        repo::sheet_workers(db, sheet.id).await?.into_iter().map(|worker| (worker, plan::Held::default())).collect();
    let (days, topups) = repo::days::sheet_held(db, sheet.id).await?;
    for row in days {
        if let Some(day) = plan::parse(&row.day) {
            held.entry(row.worker_id).or_default().days.insert(day, row.wage_fen);
        }
    }
    for row in topups {
        if let Some(day) = plan::parse(&row.day) {
            held.entry(row.worker_id).or_default().topups.insert((day, row.from_fen, row.to_fen));
        }
    }
    let found = plan::differences(&held, &planned);
    Ok((inputs, planned, found))
}

/// `Sheet/refresh`: takes a draft's days from attendance again, keeping the clerk's edits. Logged.
pub async fn refresh(db: &Db, current: &CurrentAccount, ip: &str, form: &WageIdForm) -> Result<(), ApiError> {
    let project_id = scope::write(current)?;
    let sheet = own_sheet(db, project_id, &form.id).await?;
    if sheet.status != "draft" {
        return Err(ApiError::refused(MSG_LOCKED));
    }
    let (inputs, planned, found) = draft_differences(db, &sheet).await?;
    let edits: HashMap<i64, KeptEdit> = repo::line_edits(db, sheet.id)
        .await?
        .into_iter()
        .map(|(worker, prefill_fen, payable_fen, deduction_fen, reason)| {
            (worker, KeptEdit { prefill_fen, payable_fen, deduction_fen, reason })
        })
        .collect();
    let adjustments = repo::pending_adjustments(db, project_id, sheet.id).await?;
    let lines = lines_to_write(&planned, &adjustments, &edits);
    let span = month_span(&sheet.month)?;
    let before: i64 = sheet.net_fen;
    let after: i64 = lines.iter().map(|line| line.payable_fen - line.deduction_fen - line.adjustment_fen).sum();
    let detail =
        format!("{} 人天数有变化，{} 人，实发 {} → {} 元", found.len(), lines.len(), yuan(before), yuan(after));
    match repo::replace_lines(
        db,
        &sheet,
        &sheet_head(project_id, &span, sheet.unit_id, sheet.team_id, &inputs),
        &lines,
        detail,
        &actor(current, ip),
    )
    .await?
    {
        Ok(true) => Ok(()),
        Ok(false) => Err(ApiError::refused(MSG_LOCKED)),
        Err(refused) => Err(refusal(refused)),
    }
}

/// `Sheet/settings`: the project's payroll rule.
pub async fn settings(
    db: &Db,
    current: &CurrentAccount,
    query: &WageProjectQuery,
) -> Result<WagePayrollSettings, ApiError> {
    let project_id = scope::project(db, current, &query.project_id).await?;
    let proration = Proration::parse(&repo::proration(db, project_id).await?).unwrap_or_default();
    Ok(settings_out(proration))
}

fn settings_out(proration: Proration) -> WagePayrollSettings {
    WagePayrollSettings {
        proration: proration.as_str().into(),
        label: proration.label().into(),
        choices: [Proration::Statutory, Proration::WorkingDays]
            .iter()
            .map(|choice| WageUnitOption2 { value: choice.as_str().into(), label: choice.label().into() })
            .collect(),
    }
}

pub async fn save_settings(
    db: &Db,
    current: &CurrentAccount,
    ip: &str,
    form: &WagePayrollForm,
) -> Result<WagePayrollSettings, ApiError> {
    let project_id = scope::write(current)?;
    let chosen = Proration::parse(&text(&form.proration)).ok_or_else(|| ApiError::refused(MSG_PRORATION))?;
    let before = Proration::parse(&repo::proration(db, project_id).await?).unwrap_or_default();
    if before != chosen {
        let detail = format!("计薪规则：{} → {}", before.label(), chosen.label());
        repo::set_proration(db, project_id, chosen.as_str(), detail, &actor(current, ip)).await?;
    }
    Ok(settings_out(chosen))
}

async fn own_sheet(db: &Db, project_id: i64, id: &Option<String>) -> Result<SheetRow, ApiError> {
    let id = positive_id(id, MSG_NO_SHEET)?;
    repo::sheet(db, project_id, id).await?.ok_or_else(|| ApiError::NotFound(MSG_NO_SHEET.into()))
}

pub async fn save_line(db: &Db, current: &CurrentAccount, ip: &str, form: &WageLineForm) -> Result<(), ApiError> {
    let project_id = scope::write(current)?;
    let id = positive_id(&form.id, MSG_NO_LINE)?;
    let (line, status) = repo::line(db, project_id, id).await?.ok_or_else(|| ApiError::NotFound(MSG_NO_LINE.into()))?;
    if status != "draft" {
        return Err(ApiError::refused(MSG_LOCKED));
    }
    let payable = parse_yuan(&text(&form.payable)).ok_or_else(|| ApiError::refused(MSG_PAYABLE))?;
    let deduction_text = text(&form.deduction);
    let deduction = if deduction_text.is_empty() {
        0
    } else {
        parse_yuan(&deduction_text).ok_or_else(|| ApiError::refused(MSG_DEDUCTION))?
    };
    if deduction > payable {
        return Err(ApiError::refused(MSG_NEGATIVE));
    }
    if payable - deduction < line.adjustment_fen {
        return Err(ApiError::refused(format!(
            "实发工资不能为负数：本行扣回以前多发的{}元，应发工资减扣款不能少于这个金额",
            yuan(line.adjustment_fen)
        )));
    }
    let reason = text(&form.reason);
    if reason.chars().count() > 200 {
        return Err(ApiError::refused(MSG_REASON_LONG));
    }
    if (payable != line.prefill_fen || deduction > 0) && reason.is_empty() {
        return Err(ApiError::refused(MSG_REASON));
    }
    if !repo::update_line(db, &line, payable, deduction, &reason, &actor(current, ip)).await? {
        return Err(ApiError::refused(MSG_LOCKED));
    }
    Ok(())
}

pub async fn remove_line(
    db: &Db,
    current: &CurrentAccount,
    ip: &str,
    form: &WageLineRemoveForm,
) -> Result<(), ApiError> {
    let project_id = scope::write(current)?;
    let id = positive_id(&form.id, MSG_NO_LINE)?;
    let (line, status) = repo::line(db, project_id, id).await?.ok_or_else(|| ApiError::NotFound(MSG_NO_LINE.into()))?;
    if status != "draft" {
        return Err(ApiError::refused(MSG_LOCKED));
    }
    let reason = text(&form.reason);
    if reason.is_empty() {
        return Err(ApiError::refused(MSG_REMOVE_REASON));
    }
    if reason.chars().count() > 200 {
        return Err(ApiError::refused(MSG_REASON_LONG));
    }
    if !repo::remove_line(db, &line, &reason, &actor(current, ip)).await? {
        return Err(ApiError::refused(MSG_LOCKED));
    }
    Ok(())
}

pub async fn confirm(db: &Db, current: &CurrentAccount, ip: &str, form: &WageIdForm) -> Result<(), ApiError> {
    let project_id = scope::write(current)?;
    let sheet = own_sheet(db, project_id, &form.id).await?;
    if sheet.line_count == 0 {
        return Err(ApiError::refused(MSG_EMPTY_SHEET));
    }
    if sheet.status == "draft" && !draft_differences(db, &sheet).await?.2.is_empty() {
        return Err(ApiError::refused(MSG_STALE));
    }
    match repo::confirm_sheet(db, sheet.id, &actor(current, ip)).await? {
        Ok(()) => Ok(()),
        Err(Refusal::Changed) => Err(ApiError::refused(MSG_NOT_CONFIRMABLE)),
        Err(other) => Err(refusal(other)),
    }
}

pub async fn unconfirm(db: &Db, current: &CurrentAccount, ip: &str, form: &WageIdForm) -> Result<(), ApiError> {
    let project_id = scope::write(current)?;
    let sheet = own_sheet(db, project_id, &form.id).await?;
    if sheet.status != "confirmed" || sheet.order_id.is_some() {
        return Err(ApiError::refused(MSG_IN_ORDER));
    }
    if !repo::set_sheet_status(db, sheet.id, "confirmed", "draft", "取消确认工资表", &actor(current, ip)).await?
    {
        return Err(ApiError::refused(MSG_IN_ORDER));
    }
    Ok(())
}

pub async fn delete_sheet(db: &Db, current: &CurrentAccount, ip: &str, form: &WageIdForm) -> Result<(), ApiError> {
    let project_id = scope::write(current)?;
    let sheet = own_sheet(db, project_id, &form.id).await?;
    if sheet.status != "draft" || !repo::delete_sheet(db, sheet.id, &actor(current, ip)).await? {
        return Err(ApiError::refused(MSG_NOT_DRAFT));
    }
    Ok(())
}

// ---------------------------------------------------------------------------------------------------------
// salaryCheck

/// Every anomaly of a month, in kind order then by worker.
pub async fn anomalies(
    db: &Db,
    project_id: i64,
    span: &MonthSpan,
    minimum_monthly_fen: i64,
) -> Result<Vec<WageAnomaly>, ApiError> {
    let lines = repo::month_lines(db, project_id, &span.month, &span.first_day, &span.last_day).await?;
    let attended = repo::attended(db, project_id, &span.first_day, &span.last_day).await?;
    let attended_days: std::collections::HashMap<i64, i64> =
        attended.iter().map(|(worker, _, _, days)| (*worker, *days)).collect();
    let listed: std::collections::HashSet<i64> = lines.iter().map(|line| line.worker_id).collect();
    let label = kind_label;
    let mut found = Vec::new();
    let from_line = |kind: &str, line: &repo::CheckLine, detail: String| WageAnomaly {
        kind: kind.into(),
        kind_label: label(kind).into(),
        worker_id: line.worker_id,
        name: line.name.clone(),
        id_number: masked(&line.id_number),
        line_id: line.line_id,
        sheet_id: line.sheet_id,
        unit_name: line.unit_name.clone(),
        team_name: line.team_name.clone(),
        days: line.days,
        net: yuan(line.net_fen),
        detail,
        month: span.month.clone(),
        excess_days: 0,
    };
    for unpaid in repo::unpaid_days(db, project_id, &span.first_day, &span.last_day).await? {
        let listed_already = listed.contains(&unpaid.worker_id);
        let range = if unpaid.first_day == unpaid.last_day {
            unpaid.first_day[5..].to_owned()
        } else {
            format!("{} 至 {}", &unpaid.first_day[5..], &unpaid.last_day[5..])
        };
        found.push(WageAnomaly {
            kind: "unlisted".into(),
            kind_label: label("unlisted").into(),
            worker_id: unpaid.worker_id,
            name: unpaid.name,
            id_number: masked(&unpaid.id_number),
            line_id: 0,
            sheet_id: 0,
            unit_name: String::new(),
            team_name: String::new(),
            days: unpaid.days,
            net: yuan(0),
            detail: if listed_already {
                format!("本月有{}天出勤（{range}）未计入任何工资表，请编制补充工资表", unpaid.days)
            } else {
                format!("本月出勤{}天（{range}），未列入任何工资表", unpaid.days)
            },
            month: span.month.clone(),
            excess_days: 0,
        });
    }
    for line in &lines {
        if !attended_days.contains_key(&line.worker_id) {
            found.push(from_line("no_attendance", line, "本月无出勤记录".into()));
        }
    }
    // Sheets built before issue 10 counted every attended day of the month, also before entry or after exit:
    // the line pays more days than were attended inside the employment, and there are days outside to explain it.
    for line in &lines {
        let excess = (line.days - line.inside_days).min(line.outside_days);
        if excess > 0 {
            let detail =
                format!("工资表计出勤{}天，在场期间内出勤{}天，多计不在场期间{excess}天", line.days, line.inside_days);
            found.push(WageAnomaly { excess_days: excess, ..from_line(OUTSIDE_EMPLOYMENT_KIND, line, detail) });
        }
    }
    let mismatched: HashMap<i64, i64> =
        repo::mismatched_lines(db, project_id, &span.month).await?.into_iter().collect();
    for line in &lines {
        if let Some(days) = mismatched.get(&line.line_id) {
            found.push(from_line(DAYS_MISMATCH_KIND, line, format!("工资表计发的{days}天现在考勤为缺勤或无记录")));
        }
    }
    // A worker may be on several sheets of a month (a transfer, a 补充工资表): the month's pay is their sum.
    let mut month_net: HashMap<i64, (i64, usize)> = HashMap::new();
    for line in &lines {
        let entry = month_net.entry(line.worker_id).or_default();
        entry.0 += line.net_fen;
        entry.1 += 1;
    }
    let paid_text = |worker: i64| {
        let (net, count) = month_net[&worker];
        if count > 1 {
            format!("本月{count}张工资表合计实发{}元", yuan_grouped(net))
        } else {
            format!("实发{}元", yuan(net))
        }
    };
    let short = super::minimum::shortfalls(minimum_monthly_fen, &lines);
    for (line, short) in lines.iter().filter_map(|line| short.get(&line.worker_id).map(|short| (line, short))) {
        let (days, minimum, basis) = (short.days, yuan(short.minimum_fen), &short.basis);
        let detail = format!("计薪{days}天对应最低工资{minimum}元（{basis}），{}", paid_text(line.worker_id));
        found.push(from_line(MINIMUM_WAGE_KIND, line, detail));
    }
    for line in &lines {
        if month_net[&line.worker_id].0 > MONTHLY_LIMIT_FEN {
            let paid = month_net[&line.worker_id].0;
            let detail = if month_net[&line.worker_id].1 > 1 {
                format!("{}，超过50,000.00元", paid_text(line.worker_id))
            } else {
                format!("实发{}元，超过50,000.00元", yuan_grouped(paid))
            };
            found.push(from_line("over_limit", line, detail));
        }
    }
    let year_totals = repo::year_totals(db, project_id, &span.month).await?;
    for line in &lines {
        let year_fen = year_totals.get(&line.worker_id).copied().unwrap_or(0);
        if year_fen > YEARLY_LIMIT_FEN {
            let detail = format!(
                "{}年1月至{}月实发合计{}元，超过300,000.00元",
                &span.month[..4],
                span.month[5..].trim_start_matches('0'),
                yuan_grouped(year_fen)
            );
            found.push(from_line(OVER_YEAR_LIMIT_KIND, line, detail));
        }
    }
    found.extend(super::rates::below_rate(db, project_id, span, &lines).await?);
    for line in &lines {
        if let Some(problem) = card::problem(&line.card_number) {
            found.push(from_line("card", line, problem.into()));
        }
    }
    Ok(found)
}

pub async fn check(
    db: &Db,
    current: &CurrentAccount,
    minimum_monthly_fen: i64,
    query: &WageCheckQuery,
) -> Result<Paged<WageAnomaly>, ApiError> {
    let project_id = match read_scope(db, current, &query.project_id).await? {
        ReadScope::Project(id) => id,
        ReadScope::All => return Err(ApiError::refused("请选择项目")),
    };
    let page = page(&query.page, &query.limit)?;
    let span = month_span(&text(&query.month))?;
    let kind = text(&query.kind);
    if !kind.is_empty() && !KINDS.iter().any(|(value, _)| *value == kind) {
        return Err(ApiError::refused(MSG_KIND));
    }
    let all = anomalies(db, project_id, &span, minimum_monthly_fen).await?;
    let matching: Vec<WageAnomaly> =
        all.into_iter().filter(|anomaly| kind.is_empty() || anomaly.kind == kind).collect();
    let total = matching.len() as i64;
    let list = matching.into_iter().skip(page.offset() as usize).take(page.limit as usize).collect();
    Ok(page.answer(list, total))
}

// ---------------------------------------------------------------------------------------------------------
// Orders

pub fn refusal(refusal: Refusal) -> ApiError {
    match refusal {
        Refusal::Changed => ApiError::refused(MSG_CHANGED),
        Refusal::NoAccount => ApiError::refused(MSG_NO_ACCOUNT),
        Refusal::Shortfall(fen) => ApiError::refused(format!("专户余额不足，还差{}元", yuan_grouped(fen))),
        Refusal::Empty => ApiError::refused(MSG_NOTHING_TO_PAY),
        Refusal::NotVerified => ApiError::refused(super::MSG_NOT_VERIFIED),
        Refusal::Unheld(lines) => ApiError::refused(unheld_message(&lines)),
        Refusal::OwnOrder => ApiError::refused(MSG_OWN_ORDER),
    }
}

/// Dates named in a refusal at most; the rest are counted.
const DAYS_NAMED: usize = 5;

/// Why a line cannot pay: the days of its worker's month another sheet holds (named, with that sheet), or,
/// when none does, that the line pays more attended days than it holds.
pub fn unheld_line_reason(line: &repo::UnheldLine) -> String {
    let what = if line.topups { "补差" } else { "" };
    if line.elsewhere.is_empty() {
        let (year, month) = line.month.split_once('-').unwrap_or((&line.month, ""));
        let kind = if line.topups { "补差" } else { "出勤" };
        return format!(
            "{}{year}年{}月计发{}天{kind}，只登记了其中{}天的日期，不能发放",
            line.worker_name,
            month.trim_start_matches('0'),
            line.days,
            line.held
        );
    }
    let mut sheets: Vec<String> = Vec::new();
    for day in &line.elsewhere {
        let kind = if day.sheet_seq > 1 {
            format!("补充工资表（第{}张）", day.sheet_seq)
        } else {
            "工资表".to_owned()
        };
        let sheet = format!("{}{kind}（{}）", day.sheet_name, sheet_status_label(&day.sheet_status));
        if !sheets.contains(&sheet) {
            sheets.push(sheet);
        }
    }
    let named: Vec<&str> = line.elsewhere.iter().take(DAYS_NAMED).map(|day| day.day.as_str()).collect();
    let more =
        if line.elsewhere.len() > DAYS_NAMED { format!("等{}天", line.elsewhere.len()) } else { String::new() };
    format!("{}的{}{}{what}已在{}计发，不能重复计发", line.worker_name, named.join("、"), more, sheets.join("、"))
}

fn unheld_message(lines: &[repo::UnheldLine]) -> String {
    let first = lines.first().map(unheld_line_reason).unwrap_or_default();
    if lines.len() > 1 { format!("{first}（另有{}人同样）", lines.len() - 1) } else { first }
}

/// What confirming or submitting the sheets would pay: lines with net pay, total, the cards the bank would
/// refuse (the worker's current card, the one the payout takes) and the balance left.
pub async fn preview(db: &Db, current: &CurrentAccount, query: &WagePreviewQuery) -> Result<WagePayPreview, ApiError> {
    let project_id = scope::write(current)?;
    let ids = id_list(&query.ids, MSG_SHEETS)?;
    for id in &ids {
        repo::sheet(db, project_id, *id).await?.ok_or_else(|| ApiError::NotFound(MSG_NO_SHEET.into()))?;
    }
    let lines = repo::pay_lines(db, project_id, &ids).await?;
    let workers = lines.len() as i64;
    let total_fen: i64 = lines.iter().map(|line| line.net_fen).sum();
    let refused: Vec<WageCardProblem> = lines
        .into_iter()
        .filter_map(|line| {
            card::problem(&line.card_number).map(|problem| WageCardProblem {
                name: line.name,
                card_number: masked(&line.card_number),
                card_bank_name: line.card_bank_name,
                problem: problem.into(),
            })
        })
        .collect();
    let balance = crate::account::flows::balance(db, project_id).await?;
    Ok(WagePayPreview {
        workers,
        total: yuan(total_fen),
        balance: balance.map(yuan).unwrap_or_default(),
        balance_after: balance.map(|fen| yuan(fen - total_fen)).unwrap_or_default(),
        card_problem_count: refused.len() as i64,
        card_problems: refused.into_iter().take(PREVIEW_PROBLEMS).collect(),
    })
}

pub async fn submit(db: &Db, current: &CurrentAccount, ip: &str, form: &WageOrderForm) -> Result<i64, ApiError> {
    let project_id = scope::write(current)?;
    let span = month_span(&text(&form.month))?;
    let ids = id_list(&form.sheet_ids, MSG_SHEETS)?;
    let remark = text(&form.remark);
    if remark.chars().count() > 200 {
        return Err(ApiError::refused(MSG_REMARK_LONG));
    }
    for id in &ids {
        let sheet = repo::sheet(db, project_id, *id).await?.ok_or_else(|| ApiError::NotFound(MSG_NO_SHEET.into()))?;
        if sheet.month != span.month {
            return Err(ApiError::refused(MSG_SHEET_MONTH));
        }
        if sheet.status != "confirmed" {
            return Err(ApiError::refused(if sheet.status == "draft" {
                MSG_SHEET_UNCONFIRMED
            } else {
                MSG_SHEET_IN_ORDER
            }));
        }
        if sheet.order_id.is_some() {
            return Err(ApiError::refused(MSG_SHEET_IN_ORDER));
        }
    }
    let id =
        repo::submit_order(db, project_id, &span.month, &ids, &remark, &actor(current, ip)).await?.map_err(refusal)?;
    if let Some(order) = repo::order(db, project_id, id).await? {
        notify::submitted(db, &order).await?;
    }
    Ok(id)
}

pub async fn orders(db: &Db, current: &CurrentAccount, query: &WageOrderQuery) -> Result<Paged<WageOrder>, ApiError> {
    let scope = read_scope(db, current, &query.project_id).await?;
    order_page(db, scope.filter(), &[], query).await
}

/// A page of orders of a project (0: all) limited to some statuses and the query's filters.
pub async fn order_page(
    db: &Db,
    project_filter: i64,
    statuses: &[&str],
    query: &WageOrderQuery,
) -> Result<Paged<WageOrder>, ApiError> {
    let page = page(&query.page, &query.limit)?;
    let month = optional_month(&query.month)?;
    let status = text(&query.status);
    if !status.is_empty()
        && (order_status_label(&status).is_empty() || (!statuses.is_empty() && !statuses.contains(&status.as_str())))
    {
        return Err(ApiError::refused(MSG_STATUS));
    }
    let chosen: Vec<&str> = if status.is_empty() { statuses.to_vec() } else { vec![status.as_str()] };
    let pattern = paging::contains_pattern(&text(&query.order_no));
    let (rows, total) = repo::orders(db, project_filter, &chosen, &month, &pattern, page.limit, page.offset()).await?;
    Ok(page.answer(rows.into_iter().map(order_out).collect(), total))
}

/// One order with its sheets and a page of its lines.
pub async fn order_detail_in(
    db: &Db,
    project_filter: i64,
    query: &WageDetailQuery,
) -> Result<WageOrderDetail, ApiError> {
    let id = positive_id(&query.id, MSG_NO_ORDER)?;
    let page = page(&query.page, &query.limit)?;
    let order = repo::order(db, project_filter, id).await?.ok_or_else(|| ApiError::NotFound(MSG_NO_ORDER.into()))?;
    let sheets = repo::order_sheets(db, id).await?.into_iter().map(sheet_out).collect();
    let filter = repo::PayoutFilter {
        project_filter: order.project_id,
        order_id: id,
        month: "",
        statuses: &[],
        name_pattern: "",
        not_reissued: false,
    };
    let (lines, total) = repo::payouts(db, &filter, page.limit, page.offset()).await?;
    let invalid_cards = if order.status == "pending" {
        repo::queued_cards(db, id).await?.iter().filter(|card| card::problem(card).is_some()).count() as i64
    } else {
        0
    };
    Ok(WageOrderDetail {
        order: order_out(order),
        sheets,
        lines: page.answer(lines.into_iter().map(payout_out).collect(), total),
        invalid_cards,
    })
}

/// Whose numbers a wage list reveals (`privacy`): a sheet line or a pay line (order detail, 异常处理).
#[derive(Clone, Copy, Debug)]
pub enum WageNumbersOf {
    Line(i64),
    Payout(i64),
}

/// The full (ID number, card, current card) behind a masked wage-list cell, for the logged reveal. A sheet
/// line has no current card (''). Builder: its project; admin: `project` (required); finance 403.
pub async fn full_numbers(
    db: &Db,
    current: &CurrentAccount,
    project: &Option<String>,
    owner: WageNumbersOf,
) -> Result<(String, String, String), ApiError> {
    let project_id = scope::project(db, current, project).await?;
    let not_found = || ApiError::NotFound(MSG_NO_LINE.into());
    match owner {
        WageNumbersOf::Line(id) => {
            let (line, _) = repo::line(db, project_id, id).await?.ok_or_else(not_found)?;
            Ok((line.id_number, line.card_number, String::new()))
        }
        WageNumbersOf::Payout(id) => {
            let payout = repo::payouts_by_ids(db, project_id, &[id]).await?.into_iter().next().ok_or_else(not_found)?;
            Ok((payout.id_number, payout.card_number, payout.current_card))
        }
    }
}

pub async fn order_detail(
    db: &Db,
    current: &CurrentAccount,
    query: &WageDetailQuery,
) -> Result<WageOrderDetail, ApiError> {
    let scope = read_scope(db, current, &query.project_id).await?;
    order_detail_in(db, scope.filter(), query).await
}

pub async fn withdraw(db: &Db, current: &CurrentAccount, ip: &str, form: &WageIdForm) -> Result<(), ApiError> {
    let project_id = scope::write(current)?;
    let id = positive_id(&form.id, MSG_NO_ORDER)?;
    repo::order(db, project_id, id).await?.ok_or_else(|| ApiError::NotFound(MSG_NO_ORDER.into()))?;
    if !repo::close_pending(db, project_id, id, "withdrawn", "", &actor(current, ip)).await? {
        return Err(ApiError::refused(MSG_NOT_PENDING));
    }
    Ok(())
}

/// The approver's decision on a 待审核 order of `project_id` (`status` 1 approve, 2 reject with a required
/// reason): the order after it and the message to answer. Approving consumes the approver's verification and
/// pays every line through the bank at once ([`payout::pay_order`]); a bank that cannot be reached leaves the
/// order 支付中 for the recovery job. Only one of two simultaneous decisions wins.
pub async fn decide(
    db: &Db,
    bank: &dyn BankGateway,
    project_id: i64,
    form: &FinanceAuditForm,
    actor: &Actor,
) -> Result<(WageOrder, String), ApiError> {
    let id = text(&form.id)
        .parse::<i64>()
        .ok()
        .filter(|id| *id > 0)
        .ok_or_else(|| ApiError::NotFound(MSG_NO_ORDER.into()))?;
    repo::order(db, project_id, id).await?.ok_or_else(|| ApiError::NotFound(MSG_NO_ORDER.into()))?;
    let remark = text(&form.remark);
    if remark.chars().count() > 200 {
        return Err(ApiError::refused(MSG_REMARK_LONG));
    }
    let message = match form.status.as_deref().map(str::trim) {
        Some("2") => reject(db, project_id, id, &remark, actor).await?.to_owned(),
        Some("1") => approve(db, bank, project_id, id, &remark, actor).await?,
        _ => return Err(ApiError::refused(MSG_DECISION)),
    };
    let order = repo::order(db, project_id, id).await?.ok_or_else(|| ApiError::NotFound(MSG_NO_ORDER.into()))?;
    Ok((order_out(order), message))
}

/// The approver's decision as the finance shell sends it (`orders/Orderaudit`).
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct FinanceAuditForm {
    pub id: Option<String>,
    /// 1 approve (needs a verification within 10 minutes, consumed), 2 reject (needs `remark`).
    pub status: Option<String>,
    pub remark: Option<String>,
}

async fn reject(db: &Db, project_id: i64, id: i64, remark: &str, actor: &Actor) -> Result<&'static str, ApiError> {
    if remark.is_empty() {
        return Err(ApiError::refused(MSG_REJECT_REASON));
    }
    if !repo::close_pending(db, project_id, id, "rejected", remark, actor).await? {
        return Err(ApiError::refused(MSG_NOT_PENDING));
    }
    if let Some(order) = repo::order(db, project_id, id).await? {
        notify::rejected(db, &order, remark).await?;
    }
    Ok("已驳回")
}

/// Approves with a verification of the approver at most [`VERIFICATION_SECONDS`] old, then pays.
pub async fn approve(
    db: &Db,
    bank: &dyn BankGateway,
    project_id: i64,
    id: i64,
    remark: &str,
    actor: &Actor,
) -> Result<String, ApiError> {
    let verified_after = clock::now() - VERIFICATION_SECONDS;
    match repo::approve(db, project_id, id, verified_after, remark, actor).await? {
        Ok(()) => {}
        Err(Refusal::Changed) => return Err(ApiError::refused(MSG_NOT_PENDING)),
        Err(other) => return Err(refusal(other)),
    }
    if let Some(order) = repo::order(db, project_id, id).await? {
        notify::approved(db, &order).await?;
    }
    match payout::pay_order(db, bank, id, actor, i64::MAX).await {
        Ok(()) => match repo::order(db, project_id, id).await? {
            Some(order) if order.status == "partial" => {
                let failed = repo::failed_payouts_of(db, id).await?;
                Ok(format!("审核通过，{failed}笔发放失败，已转异常处理"))
            }
            Some(order) if order.status == "paying" => Ok(MSG_BANK_PAYING.to_owned()),
            _ => Ok("审核通过，已发放".to_owned()),
        },
        Err(error) => {
            tracing::warn!(?error, order = id, "payout interrupted; the order stays 支付中 and is resumed later");
            Ok(MSG_BANK_PAYING.to_owned())
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FinanceIndex {
    pub pending: i64,
    /// Yuan awaiting approval.
    pub pending_total: String,
    pub paying: i64,
    pub paid: i64,
    pub partial: i64,
    pub rejected: i64,
    /// The special account's balance, yuan ('' without an account).
    pub balance: String,
}

/// The finance shell's dashboard: the project's orders counted by status, the sum awaiting approval and the
/// special account's balance.
pub async fn finance_index(db: &Db, project_id: i64) -> Result<FinanceIndex, ApiError> {
    let counts = repo::order_counts(db, project_id).await?;
    let count = |status: &str| counts.iter().find(|(s, _, _)| s == status).map(|(_, n, _)| *n).unwrap_or(0);
    let pending_total = counts.iter().find(|(s, _, _)| s == "pending").map(|(_, _, fen)| *fen).unwrap_or(0);
    let balance = crate::account::flows::balance(db, project_id).await?.map(yuan).unwrap_or_default();
    Ok(FinanceIndex {
        pending: count("pending"),
        pending_total: yuan(pending_total),
        paying: count("paying"),
        paid: count("paid"),
        partial: count("partial"),
        rejected: count("rejected"),
        balance,
    })
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FinanceRecord {
    pub id: i64,
    pub action: String,
    pub target_type: String,
    pub target_id: String,
    pub detail: String,
    pub ip: String,
    pub created_at: String,
}

/// The approver's own operation records, newest first.
pub async fn own_records(db: &Db, account_id: i64, page: Page) -> Result<Paged<FinanceRecord>, ApiError> {
    let (rows, total) = repo::account_log(db, account_id, page.limit, page.offset()).await?;
    let list = rows
        .into_iter()
        .map(|row| FinanceRecord {
            id: row.id,
            action: row.action,
            target_type: row.target_type,
            target_id: row.target_id,
            detail: row.detail,
            ip: row.ip,
            created_at: clock::china_datetime(row.created_at),
        })
        .collect();
    Ok(page.answer(list, total))
}

/// salaryPay: every order line's pay status.
pub async fn pay_lines(db: &Db, current: &CurrentAccount, query: &WagePayQuery) -> Result<Paged<WagePayout>, ApiError> {
    let scope = read_scope(db, current, &query.project_id).await?;
    let page = page(&query.page, &query.limit)?;
    let month = optional_month(&query.month)?;
    let status = text(&query.status);
    if !status.is_empty() && payout_status_label(&status).is_empty() {
        return Err(ApiError::refused(MSG_STATUS));
    }
    let statuses: Vec<&str> =
        if status.is_empty() { vec!["queued", "pending", "paid", "failed"] } else { vec![status.as_str()] };
    let pattern = paging::contains_pattern(&text(&query.name));
    let filter = repo::PayoutFilter {
        project_filter: scope.filter(),
        order_id: 0,
        month: &month,
        statuses: &statuses,
        name_pattern: &pattern,
        not_reissued: false,
    };
    let (rows, total) = repo::payouts(db, &filter, page.limit, page.offset()).await?;
    Ok(page.answer(rows.into_iter().map(payout_out).collect(), total))
}

// ---------------------------------------------------------------------------------------------------------
// Exception handling

pub async fn abnormal(db: &Db, current: &CurrentAccount, query: &WagePayQuery) -> Result<Paged<WagePayout>, ApiError> {
    let scope = read_scope(db, current, &query.project_id).await?;
    let page = page(&query.page, &query.limit)?;
    let month = optional_month(&query.month)?;
    let pattern = paging::contains_pattern(&text(&query.name));
    let filter = repo::PayoutFilter {
        project_filter: scope.filter(),
        order_id: 0,
        month: &month,
        statuses: &["failed"],
        name_pattern: &pattern,
        not_reissued: true,
    };
    let (rows, total) = repo::payouts(db, &filter, page.limit, page.offset()).await?;
    Ok(page.answer(rows.into_iter().map(payout_out).collect(), total))
}

/// Corrects a worker's wage card: the roster's rule and record (`worker::corrections::correct_card`); a
/// UnionPay number failing its check digit asks for confirmation (301) first. Logged.
pub async fn set_card(db: &Db, current: &CurrentAccount, ip: &str, form: &WageCardForm) -> Result<(), ApiError> {
    let project_id = scope::write(current)?;
    let worker_id = positive_id(&form.worker_id, MSG_WORKER)?;
    let (number, bank) = (text(&form.card), text(&form.bank));
    let input =
        crate::worker::corrections::CardInput { number: &number, bank: &bank, confirmed: text(&form.confirmed) == "1" };
    crate::worker::corrections::correct_card(db, current, ip, (project_id, worker_id), &input, MSG_WORKER).await
}

pub async fn reissue(db: &Db, current: &CurrentAccount, ip: &str, form: &WageReissueForm) -> Result<i64, ApiError> {
    let project_id = scope::write(current)?;
    let ids = id_list(&form.ids, MSG_PAYOUTS)?;
    let payouts = repo::payouts_by_ids(db, project_id, &ids).await?;
    if payouts.len() != ids.len() {
        return Err(ApiError::NotFound(MSG_PAYOUTS.into()));
    }
    let order_id = payouts[0].order_id;
    if payouts.iter().any(|payout| payout.order_id != order_id) {
        return Err(ApiError::refused(MSG_PAYOUTS_ONE_ORDER));
    }
    if payouts.iter().any(|payout| payout.status != "failed" || payout.reissued_by.is_some()) {
        return Err(ApiError::refused(MSG_ALREADY_REISSUED));
    }
    if let Some(payout) = payouts.iter().find(|payout| card::problem(&payout.current_card).is_some()) {
        return Err(ApiError::refused(format!(
            "{}的工资卡{}，请先修改工资卡",
            payout.name,
            card::problem(&payout.current_card).unwrap_or("")
        )));
    }
    let original =
        repo::order(db, project_id, order_id).await?.ok_or_else(|| ApiError::NotFound(MSG_NO_ORDER.into()))?;
    let id = repo::reissue(db, project_id, &original, &ids, &actor(current, ip)).await?.map_err(refusal)?;
    if let Some(order) = repo::order(db, project_id, id).await? {
        notify::submitted(db, &order).await?;
    }
    Ok(id)
}

/// The month a project settles now (`YYYY-MM`): wages are paid in arrears, so the previous month (China time).
pub fn settling_month() -> String {
    let today = clock::china_today();
    let previous = today.replace_day(1).ok().and_then(|first| first.previous_day()).unwrap_or(today);
    format!("{:04}-{:02}", previous.year(), previous.month() as u8)
}

/// Net payable of the sheets of `month` (fen) per project, for the projects `ids` (none: left out).
pub async fn payable_in_month(db: &Db, ids: &[i64], month: &str) -> sqlx::Result<Vec<(i64, i64)>> {
    repo::payable_in_month(db, ids, month).await
}

/// Paid by the orders of `month` (fen) per project, for the projects `ids` (none: left out).
pub async fn paid_in_month(db: &Db, ids: &[i64], month: &str) -> sqlx::Result<Vec<(i64, i64)>> {
    repo::paid_in_month(db, ids, month).await
}

/// Orders of `project_id` in `status` (an order status): 工资单管理 filtered to it counts the same.
pub async fn order_count(db: &Db, project_id: i64, status: &str) -> sqlx::Result<i64> {
    Ok(repo::orders(db, project_id, &[status], "", "", 1, 0).await?.1)
}

/// Failed payouts of `project_id` not yet re-issued: the lines 工资发放异常处理 lists.
pub async fn failed_lines(db: &Db, project_id: i64) -> sqlx::Result<i64> {
    let filter = repo::PayoutFilter {
        project_filter: project_id,
        order_id: 0,
        month: "",
        statuses: &["failed"],
        name_pattern: "",
        not_reissued: true,
    };
    Ok(repo::payouts(db, &filter, 1, 0).await?.1)
}

/// Orders of `project_id` approved this month (China time): how many, and their total (fen).
pub async fn approved_this_month(db: &Db, project_id: i64) -> sqlx::Result<(i64, i64)> {
    repo::approved_since(db, project_id, clock::china_month_start()).await
}

/// For the reports (issue 16): (unit, work type, month, lines, net fen) of the cohort's wage lines of months
/// `first`..`last` (`YYYY-MM`).
pub async fn nets_per_unit_month(
    db: &Db,
    cohort: &crate::db::cohort::Cohort,
    first: &str,
    last: &str,
) -> sqlx::Result<Vec<(i64, String, String, i64, i64)>> {
    repo::nets_per_unit_month(db, cohort, first, last).await
}

/// What the early-warning engine reads of the wages (`warning::engine`); months are `YYYY-MM`, bounds
/// inclusive `from`, exclusive `before`.
pub mod for_warnings {
    use super::repo;
    use crate::db::Db;

    /// (project, month, unpaid net fen): lines with pay and no paid payout.
    pub async fn unpaid_months(db: &Db, from: &str, before: &str) -> sqlx::Result<Vec<(i64, String, i64)>> {
        repo::unpaid_months(db, from, before).await
    }

    /// (project, month, workers attended, of them on no wage line).
    pub async fn attended_without_line(
        db: &Db,
        from: &str,
        before: &str,
    ) -> sqlx::Result<Vec<(i64, String, i64, i64)>> {
        repo::attended_without_line(db, from, before).await
    }

    pub use crate::wage::minimum::{PaidMonth, minimum_of, paid_months};

    /// (project, worker, month, net fen) above `limit` fen in one month.
    pub async fn worker_months_over(db: &Db, from: &str, limit: i64) -> sqlx::Result<Vec<(i64, i64, String, i64)>> {
        repo::worker_months_over(db, from, limit).await
    }

    /// (project, worker, year, net fen) above `limit` fen in one year.
    pub async fn worker_years_over(db: &Db, from: &str, limit: i64) -> sqlx::Result<Vec<(i64, i64, String, i64)>> {
        repo::worker_years_over(db, from, limit).await
    }

    /// (project, net fen) of `month`'s lines.
    pub async fn month_payrolls(db: &Db, month: &str) -> sqlx::Result<Vec<(i64, i64)>> {
        repo::month_payrolls(db, month).await
    }

    /// (project, worker, exit day) of departures without a final wage line.
    pub async fn departed_without_final_line(
        db: &Db,
        from: &str,
        before: &str,
    ) -> sqlx::Result<Vec<(i64, i64, String)>> {
        repo::departed_without_final_line(db, from, before).await
    }
}

/// The wage part of a project's export (`backup`): sheets and their lines, orders and their payouts.
pub async fn export_tables(db: &Db, project_id: i64) -> sqlx::Result<Vec<crate::spreadsheet::Table>> {
    use crate::spreadsheet::Table;
    Ok(vec![
        Table::new("工资表.xlsx", "工资表", repo::export_sheets(db, project_id).await?, &[]),
        Table::new(
            "工资明细.xlsx",
            "工资明细",
            super::line_days::with_dates(db, repo::export_lines(db, project_id).await?).await?,
            &[],
        ),
        Table::new("发放单.xlsx", "工资发放单", repo::export_orders(db, project_id).await?, &[]),
        Table::new("发放明细.xlsx", "代发明细", repo::export_payouts(db, project_id).await?, &[]),
    ])
}

pub use repo::PaidLine;

/// For the worker-platform feed: every paid payout of the project with its line's month and days.
pub async fn paid_lines(db: &Db, project_id: i64) -> sqlx::Result<Vec<PaidLine>> {
    repo::paid_lines(db, project_id).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn months_span_their_days() {
        let span = month_span("2024-02").unwrap();
        assert_eq!((span.first_day.as_str(), span.last_day.as_str()), ("2024-02-01", "2024-02-29"));
        assert!(month_span("2024-13").is_err());
        assert!(month_span("2024-1").is_err());
        assert!(month_span("2099-01").is_err());
    }
}
