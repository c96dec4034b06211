//! 工资表 (project/accounting): the sheets and their lines as the console reads them, the project's payroll rule,
//! a clerk's edit of a line and the sheet's confirmation. Making and refreshing a sheet from attendance is in
//! `drafts.rs`.

use super::check::KINDS;
use super::confirmation::{self, WorkerConfirmation};
use super::drafts::draft_differences;
use super::figures::settling_month;
use super::input::*;
use super::money::{parse_yuan, yuan};
use super::orders::held;
use super::plan;
use super::repo::LinesOf;
use super::repo::{self, LineRow, SheetRow};
use super::status::sheet_status_label;
use crate::auth::sms::SmsGateway;
use crate::clock;
use crate::db::{Db, Tx};
use crate::domain::mask::masked;
use crate::domain::payroll::Proration;
use crate::domain::wage_card as card;
use crate::envelope::ApiError;
use crate::identity::sessions::CurrentAccount;
use crate::oplog;
use crate::paging::Paged;
use crate::scope::{self, ReadScope};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::sync::Arc;
use utoipa::{IntoParams, ToSchema};

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

pub(super) fn sheet_kind_label(seq: i64) -> String {
    if seq <= 1 { "工资表".into() } else { format!("补充工资表（第{seq}张）") }
}

pub(super) fn sheet_out(row: SheetRow) -> WageSheet {
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
    /// The worker's confirmation or dispute of the line.
    pub worker_confirmation: WorkerConfirmation,
}

/// A sheet line as the list shows it: ID and card masked (decisions "Privacy: one masking rule"), the card's
/// problem judged on the full number.
pub(super) fn line_out(row: LineRow) -> WageLine {
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
        worker_confirmation: Default::default(),
    }
}

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
    /// An order may be submitted only once every worker on it has confirmed his line.
    pub confirmation_required: bool,
    pub choices: Vec<WageUnitOption2>,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct WagePayrollForm {
    /// `statutory` (21.75) or `working_days` (may be left out when only `confirmationRequired` is sent).
    pub proration: Option<String>,
    /// `1`: orders are submitted only once every worker on them has confirmed; `0`: confirmations are shown,
    /// not required (the default). Left out: unchanged.
    #[serde(rename = "confirmationRequired")]
    pub confirmation_required: Option<String>,
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
    let mut words = confirmation::of_lines(db, &pairs.iter().map(|(line, _)| *line).collect::<Vec<_>>()).await?;
    let lines = lines
        .into_iter()
        .map(|row| {
            let paid = dates.remove(&row.id).unwrap_or_default();
            let worker_confirmation = words.remove(&row.id).unwrap_or_default();
            WageLine { paid, worker_confirmation, ..line_out(row) }
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

/// `Sheet/settings`: the project's payroll rule.
pub async fn settings(
    db: &Db,
    current: &CurrentAccount,
    query: &WageProjectQuery,
) -> Result<WagePayrollSettings, ApiError> {
    let project_id = scope::project(db, current, &query.project_id).await?;
    let proration = Proration::parse(&repo::proration(db, project_id).await?).unwrap_or_default();
    Ok(settings_out(proration, confirmation::required(db, project_id).await?))
}

pub(super) fn settings_out(proration: Proration, confirmation_required: bool) -> WagePayrollSettings {
    WagePayrollSettings {
        proration: proration.as_str().into(),
        label: proration.label().into(),
        confirmation_required,
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
    let before = Proration::parse(&repo::proration(db, project_id).await?).unwrap_or_default();
    let required_before = confirmation::required(db, project_id).await?;
    let chosen = match text(&form.proration).as_str() {
        "" if form.confirmation_required.is_some() => before,
        given => Proration::parse(given).ok_or_else(|| ApiError::refused(MSG_PRORATION))?,
    };
    let required = match text(&form.confirmation_required).as_str() {
        "" => required_before,
        "1" | "true" => true,
        "0" | "false" => false,
        _ => return Err(ApiError::refused(MSG_CONFIRMATION_REQUIRED)),
    };
    let actor = actor(current, ip);
    Tx::within(db, async |tx: &mut Tx| -> sqlx::Result<()> {
        if before != chosen {
            let detail = format!("计薪规则：{} → {}", before.label(), chosen.label());
            repo::set_proration(tx, project_id, chosen.as_str(), detail, &actor).await?;
        }
        confirmation::set_required(tx, current, ip, (project_id, required_before, required)).await
    })
    .await?;
    Ok(settings_out(chosen, required))
}

pub(super) async fn own_sheet(db: &Db, project_id: i64, id: &Option<String>) -> Result<SheetRow, ApiError> {
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
    let actor = actor(current, ip);
    changed(db, MSG_LOCKED, async |tx: &mut Tx| repo::update_line(tx, &line, payable, deduction, &reason, &actor).await)
        .await
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
    let actor = actor(current, ip);
    changed(db, MSG_LOCKED, async |tx: &mut Tx| repo::remove_line(tx, &line, &reason, &actor).await).await
}

/// Confirms (freezes) a draft and asks each worker on it to confirm his line (an SMS each, sent by `sms`
/// after the commit). Logged.
pub async fn confirm(
    db: &Db,
    sms: Arc<dyn SmsGateway>,
    current: &CurrentAccount,
    ip: &str,
    form: &WageIdForm,
) -> Result<(), ApiError> {
    let project_id = scope::write(current)?;
    let sheet = own_sheet(db, project_id, &form.id).await?;
    if sheet.line_count == 0 {
        return Err(ApiError::refused(MSG_EMPTY_SHEET));
    }
    if sheet.status == "draft" && !draft_differences(db, &sheet).await?.2.is_empty() {
        return Err(ApiError::refused(MSG_STALE));
    }
    let actor = actor(current, ip);
    let asked = Tx::within(db, async |tx: &mut Tx| -> Result<Vec<i64>, ApiError> {
        held(tx, LinesOf::Sheets(&[sheet.id])).await?;
        if !repo::confirm_draft(tx, sheet.id).await? {
            return Err(ApiError::refused(MSG_NOT_CONFIRMABLE));
        }
        let entry = actor.entry("确认工资表", "wage_sheet", sheet.id, "draft → confirmed".to_owned());
        oplog::record_in(tx, &entry).await?;
        Ok(confirmation::ask(tx, sheet.id).await?)
    })
    .await?;
    confirmation::send_asks(db, sms, sheet.project_name, asked);
    Ok(())
}

pub async fn unconfirm(db: &Db, current: &CurrentAccount, ip: &str, form: &WageIdForm) -> Result<(), ApiError> {
    let project_id = scope::write(current)?;
    let sheet = own_sheet(db, project_id, &form.id).await?;
    if sheet.status != "confirmed" || sheet.order_id.is_some() {
        return Err(ApiError::refused(MSG_IN_ORDER));
    }
    let actor = actor(current, ip);
    changed(db, MSG_IN_ORDER, async |tx: &mut Tx| {
        repo::set_sheet_status(tx, sheet.id, "confirmed", "draft", "取消确认工资表", &actor).await
    })
    .await
}

pub async fn delete_sheet(db: &Db, current: &CurrentAccount, ip: &str, form: &WageIdForm) -> Result<(), ApiError> {
    let project_id = scope::write(current)?;
    let sheet = own_sheet(db, project_id, &form.id).await?;
    if sheet.status != "draft" {
        return Err(ApiError::refused(MSG_NOT_DRAFT));
    }
    let actor = actor(current, ip);
    changed(db, MSG_NOT_DRAFT, async |tx: &mut Tx| repo::delete_sheet(tx, sheet.id, &actor).await).await
}
