//! A sheet drafted from attendance: the month's plan (`plan.rs`) turned into a new sheet or a 补充工资表, a
//! draft refreshed with a clerk's edits kept, and how a draft differs from attendance now.

use super::input::*;
use super::money::yuan;
use super::plan::{self, Inputs, PlannedLine};
use super::repo::{self, SheetRow};
use super::sheets::{WageIdForm, WageSheetForm, own_sheet};
use crate::clock;
use crate::db::{Db, Tx};
use crate::domain::calendar::Calendar;
use crate::domain::payroll::Proration;
use crate::envelope::ApiError;
use crate::identity::sessions::CurrentAccount;
use crate::scope;
use std::collections::HashMap;

/// The month's calendar from the calendar area.
pub(super) async fn month_calendar(db: &Db, span: &MonthSpan) -> Result<Calendar, ApiError> {
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
pub(super) struct KeptEdit {
    prefill_fen: i64,
    payable_fen: i64,
    deduction_fen: i64,
    reason: String,
}

/// The plan's lines with their amounts: an edited payable (it differs from its prefill) and a deduction are
/// kept over a refresh; each worker's pending take-backs are applied while the net stays non-negative.
pub(super) fn lines_to_write<'a>(
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

pub(super) fn sheet_head(
    project_id: i64,
    span: &MonthSpan,
    unit_id: i64,
    team_id: i64,
    inputs: &Inputs,
) -> repo::NewSheet {
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
    let head = sheet_head(project_id, &span, unit_id, team_id, &inputs);
    let actor = actor(current, ip);
    Tx::within(db, async |tx: &mut Tx| -> Result<i64, ApiError> {
        match repo::create_sheet(tx, &head, &lines, &actor).await? {
            Ok(Some((id, _))) => Ok(id),
            Ok(None) => Err(ApiError::refused(MSG_DUPLICATE)),
            Err(repo::DayTaken) => Err(ApiError::refused(MSG_CHANGED)),
        }
    })
    .await
}

/// The draft's lines against what attendance and the standards in force give now.
pub(super) async fn draft_differences(
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
    let head = sheet_head(project_id, &span, sheet.unit_id, sheet.team_id, &inputs);
    let actor = actor(current, ip);
    Tx::within(db, async |tx: &mut Tx| -> Result<(), ApiError> {
        match repo::replace_lines(tx, &sheet, &head, &lines, detail, &actor).await? {
            Ok(true) => Ok(()),
            Ok(false) => Err(ApiError::refused(MSG_LOCKED)),
            Err(repo::DayTaken) => Err(ApiError::refused(MSG_CHANGED)),
        }
    })
    .await
}
