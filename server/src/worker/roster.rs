//! 花名册: the choices of the roster's forms, its filters and lines, the export's rows and one worker's detail
//! with his wage-standard history.

use super::input::*;
use super::repo::{self, RateRow, RosterFilter, RosterRow};
use super::rules;
use crate::clock;
use crate::db::Db;
use crate::domain::Invalid;
use crate::domain::dates::{format_date, parse_date};
use crate::domain::id_number::IdNumber;
use crate::domain::mask::masked;
use crate::envelope::ApiError;
use crate::extract::sent;
use crate::identity::sessions::CurrentAccount;
use crate::paging::{Cached, CountCache, Page, Paged};
use crate::project::options::{self, SelectOption};
use serde::{Deserialize, Serialize};
use std::sync::Arc;
use utoipa::{IntoParams, ToSchema};

/// A unit a worker may be registered with.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct RosterUnitOption {
    pub value: i64,
    pub label: String,
    /// contractor 施工总包, subcontractor 专业分包, labour 劳务分包.
    pub role: String,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TeamOption {
    pub value: i64,
    pub label: String,
    pub unit_id: i64,
    /// The team's work type, the form's default.
    pub work_type: String,
}

/// `Worker/options`: everything the registration form and the roster filters choose from.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WorkerOptions {
    pub units: Vec<RosterUnitOption>,
    pub teams: Vec<TeamOption>,
    pub work_types: Vec<SelectOption>,
    /// First-level banks: `{value: code, label: name}`.
    pub banks: Vec<BankChoice>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct BankChoice {
    pub value: String,
    pub label: String,
}

pub async fn load_options(db: &Db, project_id: i64) -> Result<WorkerOptions, ApiError> {
    let units = repo::units(db, project_id).await?;
    let teams = repo::teams(db, project_id).await?;
    let banks = repo::banks(db).await?;
    Ok(WorkerOptions {
        units: units
            .into_iter()
            .map(|unit| RosterUnitOption { value: unit.id, label: unit.name, role: unit.role })
            .collect(),
        teams: teams
            .into_iter()
            .map(|team| TeamOption {
                value: team.id,
                label: team.name,
                unit_id: team.unit_id,
                work_type: team.work_type,
            })
            .collect(),
        work_types: options::WORK_TYPES.to_vec(),
        banks: banks.into_iter().map(|(value, label)| BankChoice { value, label }).collect(),
    })
}

/// The roster's query: filters, paging and (for the regulator) the project.
#[derive(Debug, Default, Clone, Deserialize, IntoParams, ToSchema)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct RosterQuery {
    pub page: Option<String>,
    pub limit: Option<String>,
    /// The regulator's project; a builder's own project is implied (another id → 404).
    pub project_id: Option<String>,
    /// Part of the name.
    pub name: Option<String>,
    /// The start of the ID number (or all of it).
    pub id_number: Option<String>,
    pub unit_id: Option<String>,
    pub team_id: Option<String>,
    pub work_type: Option<String>,
    /// 1 on site, 2 exited; empty = both.
    pub status: Option<String>,
    /// Entry date from (inclusive), YYYY-MM-DD.
    pub entry_from: Option<String>,
    /// Entry date to (inclusive), YYYY-MM-DD.
    pub entry_to: Option<String>,
    /// The labour contract: 1 signed 已签, 0 not 未签; empty = both.
    pub contract: Option<String>,
}

pub(super) fn optional_id(text: &Option<String>) -> Result<Option<i64>, Invalid> {
    let text = sent(text);
    if text.is_empty() { Ok(None) } else { text.parse().map(Some).map_err(|_| Invalid(MSG_FILTER_TOO_LONG)) }
}

pub fn roster_filter(project_id: i64, query: &RosterQuery) -> Result<RosterFilter, Invalid> {
    let name = sent(&query.name).to_owned();
    let id_number = sent(&query.id_number).to_ascii_uppercase();
    let work_type = sent(&query.work_type).to_owned();
    if name.chars().count() > 50 || id_number.len() > 18 || work_type.len() > 10 {
        return Err(Invalid(MSG_FILTER_TOO_LONG));
    }
    if !id_number.bytes().all(|b| b.is_ascii_digit() || b == b'X') {
        return Err(Invalid(MSG_ID_FILTER));
    }
    let status = match sent(&query.status) {
        "" => None,
        "1" => Some(1),
        "2" => Some(2),
        _ => return Err(Invalid(MSG_STATUS)),
    };
    let contract_signed = match sent(&query.contract) {
        "" => None,
        "1" => Some(true),
        "0" => Some(false),
        _ => return Err(Invalid(MSG_CONTRACT_FILTER)),
    };
    let date = |text: &Option<String>| parse_date(sent(text)).map(|date| date.map(format_date).unwrap_or_default());
    Ok(RosterFilter {
        project_id,
        name,
        id_number,
        unit_id: optional_id(&query.unit_id)?,
        team_id: optional_id(&query.team_id)?,
        work_type,
        status,
        contract_signed,
        entry_from: date(&query.entry_from)?,
        entry_to: date(&query.entry_to)?,
    })
}

/// One roster line as the console shows it.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RosterLine {
    /// The employment's id (the roster line).
    pub id: i64,
    pub worker_id: i64,
    pub name: String,
    pub id_number: String,
    /// 男 / 女.
    pub gender: String,
    pub birth_date: String,
    /// Full years today (China time).
    pub age: Option<u32>,
    /// The province the ID number was issued in (籍贯).
    pub native_place: String,
    pub phone: String,
    pub unit_id: i64,
    pub unit_name: String,
    pub team_id: Option<i64>,
    pub team_name: String,
    pub work_type: String,
    pub work_type_label: String,
    /// `day` or `month`.
    pub wage_kind: String,
    /// Yuan with two decimals.
    pub wage: String,
    pub contract_signed: bool,
    pub entry_date: String,
    pub exit_date: String,
    /// 1 on site, 2 exited.
    pub status: i64,
    /// Why an exited line ended: '' left the site, `transfer` moved to another unit or team (the next line).
    pub exit_reason: String,
    pub wage_card_number: String,
    /// The wage card's bank code.
    pub wage_card_bank: String,
}

/// A roster line as the list shows it: ID and card numbers masked (decisions "Privacy: one masking rule");
/// the detail, the export and the edit forms take the full line.
pub(super) fn listed(line: RosterLine) -> RosterLine {
    RosterLine { id_number: masked(&line.id_number), wage_card_number: masked(&line.wage_card_number), ..line }
}

pub fn roster_line(row: &RosterRow) -> RosterLine {
    let id = IdNumber::parse(&row.id_number).ok();
    RosterLine {
        id: row.id,
        worker_id: row.worker_id,
        name: row.name.clone(),
        id_number: row.id_number.clone(),
        gender: gender_label(row.gender).to_owned(),
        birth_date: row.birth_date.clone(),
        age: id.as_ref().and_then(|id| id.age_on(clock::china_today())),
        native_place: id.as_ref().map(|id| id.province().to_owned()).unwrap_or_default(),
        phone: row.phone.clone(),
        unit_id: row.unit_id,
        unit_name: row.unit_name.clone(),
        team_id: row.team_id,
        team_name: row.team_name.clone().unwrap_or_default(),
        work_type: row.work_type.clone(),
        work_type_label: work_type_label(&row.work_type),
        wage_kind: row.wage_kind.clone(),
        wage: rules::fen_to_yuan(row.wage_fen),
        contract_signed: row.contract_signed,
        entry_date: row.entry_date.clone(),
        exit_date: row.exit_date.clone(),
        status: row.status,
        exit_reason: row.exit_reason.clone(),
        wage_card_number: row.wage_card_number.clone(),
        wage_card_bank: row.wage_card_bank.clone(),
    }
}

/// A page of the roster. The filter's total comes from `counts` (the worker router clears it after every
/// write), so paging through a broad filter counts its lines once; a total past its time is answered while
/// it is counted again in the background.
pub async fn roster(
    db: &Db,
    counts: &Arc<CountCache>,
    current: &CurrentAccount,
    query: &RosterQuery,
) -> Result<Paged<RosterLine>, ApiError> {
    let project_id = read_project(db, current, query.project_id.as_deref()).await?;
    let page = Page::parse(&query.page, &query.limit)?;
    let filter = roster_filter(project_id, query)?;
    let key = format!("{filter:?}");
    let total = match counts.get(&key) {
        Cached::Fresh(total) => total,
        Cached::Stale { total, recount } => {
            if let Some(ticket) = recount {
                let (db, counts) = (db.clone(), Arc::clone(counts));
                let filter = filter.clone();
                tokio::spawn(async move {
                    match repo::roster_count(&db, &filter).await {
                        Ok(total) => counts.put(key, total, ticket),
                        Err(error) => {
                            tracing::warn!(?error, "recounting a roster total failed; counted again on a later request")
                        }
                    }
                });
            }
            total
        }
        Cached::Missing(ticket) => {
            let total = repo::roster_count(db, &filter).await?;
            counts.put(key, total, ticket);
            total
        }
    };
    let rows = if total > page.offset() {
        repo::roster_page(db, &filter, page.limit, page.offset()).await?
    } else {
        Vec::new()
    };
    Ok(page.answer(rows.iter().map(|row| listed(roster_line(row))).collect(), total))
}

/// The export's rows (at most `EXPORT_MAX`), with the bank names.
pub async fn export_rows(
    db: &Db,
    current: &CurrentAccount,
    query: &RosterQuery,
) -> Result<(Vec<RosterLine>, Vec<(String, String)>), ApiError> {
    let project_id = read_project(db, current, query.project_id.as_deref()).await?;
    let filter = roster_filter(project_id, query)?;
    let rows = repo::roster_all(db, &filter, EXPORT_MAX).await?;
    Ok((rows.iter().map(roster_line).collect(), repo::banks(db).await?))
}

#[derive(Debug, Default, Clone, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct DetailQuery {
    /// The roster line (employment) id.
    pub id: Option<String>,
    pub project_id: Option<String>,
}

/// A wage standard as the console shows it.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RateLine {
    /// YYYY-MM-DD: the first day the standard applies.
    pub effective_from: String,
    /// `day` or `month`.
    pub wage_kind: String,
    /// Yuan with two decimals.
    pub wage: String,
}

pub fn rate_lines(rates: &[RateRow]) -> Vec<RateLine> {
    rates
        .iter()
        .map(|rate| RateLine {
            effective_from: rate.effective_from.clone(),
            wage_kind: rate.wage_kind.clone(),
            wage: rules::fen_to_yuan(rate.wage_fen),
        })
        .collect()
}

/// `Worker/detail`: the line with the person's ID data and contract, and the worker's employments on
/// this project.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WorkerDetail {
    #[serde(flatten)]
    pub line: RosterLine,
    pub ethnicity: String,
    pub address: String,
    pub issuing_authority: String,
    pub valid_from: String,
    pub valid_to: String,
    pub photo: String,
    pub contract_start: String,
    pub contract_end: String,
    pub contract_file: String,
    /// The account that confirmed the wage card although it fails UnionPay's check digit ('' when nobody).
    pub card_check_waived_by: String,
    /// The line's wage standards, earliest first (`Worker/wage_standard`).
    pub rates: Vec<RateLine>,
    /// Every employment of the worker on this project, newest first (re-entries and transfers keep the
    /// old lines).
    pub history: Vec<RosterLine>,
}

pub async fn detail(db: &Db, current: &CurrentAccount, query: &DetailQuery) -> Result<WorkerDetail, ApiError> {
    let project_id = read_project(db, current, query.project_id.as_deref()).await?;
    let id = id_param(&query.id, MSG_ID_REQUIRED, MSG_NOT_FOUND)?;
    let row =
        repo::find_employment(db, project_id, id).await?.ok_or_else(|| ApiError::NotFound(MSG_NOT_FOUND.into()))?;
    let history = repo::history(db, project_id, row.line.worker_id).await?;
    Ok(WorkerDetail {
        line: roster_line(&row.line),
        ethnicity: row.ethnicity,
        address: row.address,
        issuing_authority: row.issuing_authority,
        valid_from: row.id_valid_from,
        valid_to: row.id_valid_to,
        photo: row.photo,
        contract_start: row.contract_start,
        contract_end: row.contract_end,
        contract_file: row.contract_file,
        card_check_waived_by: row.card_check_waived_by,
        rates: rate_lines(&repo::rates(db, id).await?),
        history: history.iter().map(roster_line).collect(),
    })
}
