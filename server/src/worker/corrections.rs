//! Correcting a worker from the roster (issue 10 item 3): the phone and wage card (`Worker/edit`, and
//! 异常处理's card correction through `correct_card`), the wage standard over time (`Worker/wage_standard`,
//! `rate_for`), a transfer to another unit or team as a new line (`Worker/transfer`), and the history of
//! every change read from the operation log (`Worker/history`).

use serde::{Deserialize, Serialize};
use time::Duration;
use utoipa::{IntoParams, ToSchema};

use super::rate_changes::{RateChanges, StandardChange};
use super::repo::{self, ContactCard, RateRow, TransferTo};
use super::rules;
use super::service::{
    CARD_WAIVED, MSG_ALREADY_EXITED, MSG_BANK_REQUIRED, MSG_BANK_UNKNOWN, MSG_ID_REQUIRED, MSG_NOT_FOUND,
    MSG_NOTHING_CHANGED, MSG_TEAM_UNKNOWN, MSG_UNIT_REQUIRED, MSG_UNIT_UNKNOWN, MSG_WAGE_KIND, MSG_WORK_TYPE_REQUIRED,
    MSG_WORK_TYPE_UNKNOWN, RateLine, Registered, id_param, rate_lines, read_project, refuse_unless_keeper,
    work_type_label,
};
use crate::clock;
use crate::db::{Db, Tx};
use crate::domain::Invalid;
use crate::domain::dates::{format_date, required_date};
use crate::domain::phone::Phone;
use crate::domain::wage_card::{self, WageCard};
use crate::envelope::ApiError;
use crate::extract::sent;
use crate::identity::sessions::CurrentAccount;
use crate::oplog;
use crate::paging::{Page, Paged};
use crate::project::options;
use crate::scope;

pub const MSG_EFFECTIVE_DATE: &str = "请选择生效日期";
pub const MSG_EFFECTIVE_BEFORE_ENTRY: &str = "生效日期不能早于进场日期";
pub const MSG_RATE_UNCHANGED: &str = "新的工资标准与该日执行的标准相同";
pub const MSG_TRANSFER_DATE: &str = "请选择调动日期";
pub const MSG_TRANSFER_NOT_AFTER_ENTRY: &str = "调动日期应晚于本次进场日期";
pub const MSG_TRANSFER_FUTURE: &str = "调动日期不能晚于今天";
pub const MSG_TRANSFER_SAME: &str = "调动后的单位、班组、工种与现在相同";

async fn active_line(db: &Db, project_id: i64, id: &Option<String>) -> Result<repo::EmploymentDetail, ApiError> {
    let id = id_param(id, MSG_ID_REQUIRED, MSG_NOT_FOUND)?;
    let line =
        repo::find_employment(db, project_id, id).await?.ok_or_else(|| ApiError::NotFound(MSG_NOT_FOUND.into()))?;
    if line.line.status != 1 {
        return Err(Invalid(MSG_ALREADY_EXITED).into());
    }
    Ok(line)
}

fn bank_name(banks: &[(String, String)], code: &str) -> String {
    banks.iter().find(|(known, _)| known == code).map(|(_, name)| name.clone()).unwrap_or_else(|| code.to_owned())
}

fn card_text(banks: &[(String, String)], number: &str, bank: &str) -> String {
    if number.is_empty() { "无".to_owned() } else { format!("{number}（{}）", bank_name(banks, bank)) }
}

/// A card as a form sends it.
pub struct CardInput<'a> {
    pub number: &'a str,
    pub bank: &'a str,
    /// The user confirmed a number failing its check digit (the 301 reply).
    pub confirmed: bool,
}

/// A new card checked against the stored one: the number (12–30 digits; required unless `optional`), the
/// bank (a first-level bank, required with a number), and a UnionPay check digit that fails → 301 until
/// confirmed. Answers the number, the bank and who confirmed a failing check digit (the stored waiver
/// when the number is unchanged).
async fn checked_card(
    db: &Db,
    current: &CurrentAccount,
    before: &ContactCard,
    input: &CardInput<'_>,
    optional: bool,
) -> Result<(String, String, String), ApiError> {
    let card = if optional { WageCard::parse_optional(input.number)? } else { Some(WageCard::parse(input.number)?) };
    let Some(card) = card else { return Ok((String::new(), String::new(), String::new())) };
    let (bank, confirmed) = (input.bank.trim(), input.confirmed);
    if bank.is_empty() {
        return Err(Invalid(MSG_BANK_REQUIRED).into());
    }
    if !repo::banks(db).await?.iter().any(|(code, _)| code == bank) {
        return Err(Invalid(MSG_BANK_UNKNOWN).into());
    }
    let waived_by = if card.as_str() == before.wage_card_number {
        before.card_check_waived_by.clone()
    } else if card.check_digit_fails() {
        if !confirmed {
            return Err(ApiError::NeedsConfirmation(wage_card::MSG_CHECK_DIGIT.into()));
        }
        current.account.username.clone()
    } else {
        String::new()
    };
    Ok((card.as_str().to_owned(), bank.to_owned(), waived_by))
}

/// A change of a person's phone or card.
struct ContactChange<'a> {
    worker_id: i64,
    name: &'a str,
    before: ContactCard,
    after: ContactCard,
}

/// Saves the change with a log line (`action`) naming what changed, before → after.
async fn save_contact_card(
    db: &Db,
    current: &CurrentAccount,
    ip: &str,
    action: &str,
    change: &ContactChange<'_>,
) -> Result<(), ApiError> {
    let ContactChange { worker_id, name, before, after } = change;
    let worker_id = *worker_id;
    let banks = repo::banks(db).await?;
    let mut changes = Vec::new();
    if before.phone != after.phone {
        changes.push(format!("手机号码 {} → {}", before.phone, after.phone));
    }
    if (&before.wage_card_number, &before.wage_card_bank) != (&after.wage_card_number, &after.wage_card_bank) {
        let waived = if after.card_check_waived_by.is_empty() || after.wage_card_number == before.wage_card_number {
            String::new()
        } else {
            format!("（{CARD_WAIVED}）")
        };
        changes.push(format!(
            "工资卡 {} → {}{waived}",
            card_text(&banks, &before.wage_card_number, &before.wage_card_bank),
            card_text(&banks, &after.wage_card_number, &after.wage_card_bank)
        ));
    }
    if changes.is_empty() {
        return Err(Invalid(MSG_NOTHING_CHANGED).into());
    }
    let detail = format!("{name} {}", changes.join("；"));
    let entry = oplog::Entry::by(&current.account, ip).action(action).on("worker", worker_id).detail(detail);
    let now = clock::now();
    let waived_at = (!after.card_check_waived_by.is_empty()).then_some(now);
    Tx::within(db, async |tx: &mut Tx| -> sqlx::Result<()> {
        repo::set_contact_card(tx, worker_id, after, waived_at, now).await?;
        oplog::record_in(tx, &entry).await
    })
    .await?;
    Ok(())
}

/// 异常处理's card correction (`/builder/wage/v1/Abnormal/card`): the same rule and record as the roster's
/// edit; the card is required there. A worker never on the project → 404 with `missing`.
pub async fn correct_card(
    db: &Db,
    current: &CurrentAccount,
    ip: &str,
    (project_id, worker_id): (i64, i64),
    input: &CardInput<'_>,
    missing: &str,
) -> Result<(), ApiError> {
    if !repo::on_project(db, project_id, worker_id).await? {
        return Err(ApiError::NotFound(missing.into()));
    }
    refuse_unless_keeper(db, project_id, worker_id).await?;
    let name = repo::worker_name(db, worker_id).await?.unwrap_or_default();
    let before = repo::contact_card(db, worker_id).await?.ok_or_else(|| ApiError::NotFound(missing.into()))?;
    let (wage_card_number, wage_card_bank, card_check_waived_by) =
        checked_card(db, current, &before, input, false).await?;
    let after = ContactCard { phone: before.phone.clone(), wage_card_number, wage_card_bank, card_check_waived_by };
    save_contact_card(db, current, ip, "修改工资卡", &ContactChange { worker_id, name: &name, before, after }).await
}

/// `Worker/edit`: the person's phone and wage card, from one of their roster lines on this project.
#[derive(Debug, Default, Clone, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EditForm {
    /// The roster line (employment) id.
    pub id: Option<String>,
    /// Mobile or landline (required).
    pub phone: Option<String>,
    /// 12–30 digits (spaces ignored); empty removes the card.
    pub wage_card_number: Option<String>,
    /// A first-level bank code of `Worker/options` (required with a card number).
    pub wage_card_bank: Option<String>,
    /// `1` after the user confirmed a card failing its check digit as written (the 301 reply); recorded.
    pub card_confirmed: Option<String>,
}

pub async fn edit(db: &Db, current: &CurrentAccount, ip: &str, form: &EditForm) -> Result<(), ApiError> {
    let project_id = scope::write(current)?;
    let id = id_param(&form.id, MSG_ID_REQUIRED, MSG_NOT_FOUND)?;
    let line =
        repo::find_employment(db, project_id, id).await?.ok_or_else(|| ApiError::NotFound(MSG_NOT_FOUND.into()))?;
    let worker_id = line.line.worker_id;
    refuse_unless_keeper(db, project_id, worker_id).await?;
    let phone = Phone::parse(sent(&form.phone))?.as_str().to_owned();
    let before = repo::contact_card(db, worker_id).await?.ok_or_else(|| ApiError::NotFound(MSG_NOT_FOUND.into()))?;
    let (number, bank) = (sent(&form.wage_card_number), sent(&form.wage_card_bank));
    let input = CardInput { number, bank, confirmed: sent(&form.card_confirmed) == "1" };
    let (wage_card_number, wage_card_bank, card_check_waived_by) =
        checked_card(db, current, &before, &input, true).await?;
    let after = ContactCard { phone, wage_card_number, wage_card_bank, card_check_waived_by };
    save_contact_card(
        db,
        current,
        ip,
        "修改人员信息",
        &ContactChange { worker_id, name: &line.line.name, before, after },
    )
    .await
}

fn rate_text(rate: &RateRow) -> String {
    format!("{}元/{}", rules::fen_to_yuan(rate.wage_fen), if rate.wage_kind == "month" { "月" } else { "日" })
}

/// The wage standard of a roster line in effect on `day` (a month's sheet asks for its last day): the
/// newest standard taking effect on or before it; None before the line's first standard. The wage-sheet
/// builder reads the same rule for a whole month at once through `repo::employments_rated_on`.
pub async fn rate_for(db: &Db, employment_id: i64, day: &str) -> Result<Option<RateRow>, ApiError> {
    Ok(repo::rates(db, employment_id).await?.into_iter().rev().find(|rate| rate.effective_from.as_str() <= day))
}

/// Whether a wage standard of the project taking effect on or before `through_day` was recorded at `since`
/// (unix seconds) or later: 工资核查 looks for days paid below the standard in force only then.
pub async fn rates_recorded_since(db: &Db, project_id: i64, since: i64, through_day: &str) -> sqlx::Result<bool> {
    repo::rates_recorded_since(db, project_id, since, through_day).await
}

/// `Worker/wage_standard`.
#[derive(Debug, Default, Clone, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WageStandardForm {
    /// The roster line (employment) id; on site.
    pub id: Option<String>,
    /// `day` or `month`.
    pub wage_kind: Option<String>,
    /// Yuan, > 0, at most 99999.99, up to 2 decimals.
    pub wage: Option<String>,
    /// YYYY-MM-DD: the new standard applies from this day on (issue 11: a sheet pays each day at that
    /// day's standard); not before the entry date. Into days on confirmed sheets only a raise (issue 28: the
    /// difference is paid on a supplementary sheet); a cut or a change of wage kind there is refused.
    pub effective_date: Option<String>,
}

/// Records a new standard of an on-site line; answers its standards and, for a raise into days already paid,
/// the notice that the difference will be paid on a supplementary sheet (`rates` answers what the change does
/// to paid days).
pub async fn change_wage_standard(
    db: &Db,
    rates: &dyn RateChanges,
    current: &CurrentAccount,
    ip: &str,
    form: &WageStandardForm,
) -> Result<(Vec<RateLine>, Option<String>), ApiError> {
    let project_id = scope::write(current)?;
    let line = active_line(db, project_id, &form.id).await?;
    let wage_kind = sent(&form.wage_kind).to_owned();
    if !matches!(wage_kind.as_str(), "day" | "month") {
        return Err(Invalid(MSG_WAGE_KIND).into());
    }
    let wage_fen = rules::wage_fen(sent(&form.wage))?;
    let effective_from = format_date(
        required_date(sent(&form.effective_date), MSG_EFFECTIVE_DATE).map_err(|_| Invalid(MSG_EFFECTIVE_DATE))?,
    );
    if effective_from < line.line.entry_date {
        return Err(Invalid(MSG_EFFECTIVE_BEFORE_ENTRY).into());
    }
    let new = RateRow { effective_from, wage_kind, wage_fen };
    let before = rate_for(db, line.line.id, &new.effective_from).await?;
    if before.as_ref().is_some_and(|before| before.wage_kind == new.wage_kind && before.wage_fen == new.wage_fen) {
        return Err(Invalid(MSG_RATE_UNCHANGED).into());
    }
    let until = repo::rates(db, line.line.id)
        .await?
        .into_iter()
        .find(|rate| rate.effective_from > new.effective_from)
        .map(|rate| rate.effective_from)
        .unwrap_or_default();
    let change = StandardChange {
        project_id,
        employment_id: line.line.id,
        wage_kind: &new.wage_kind,
        wage_fen: new.wage_fen,
        from_day: &new.effective_from,
        until_day: &until,
    };
    let notice = rates.standard_change(db, change).await?;
    let detail = format!(
        "{} 工资标准 {} → {}，自{}起执行",
        line.line.name,
        before.as_ref().map(rate_text).unwrap_or_else(|| "无".to_owned()),
        rate_text(&new),
        new.effective_from
    );
    let entry =
        oplog::Entry::by(&current.account, ip).action("调整工资标准").on("employment", line.line.id).detail(detail);
    let now = clock::now();
    Tx::within(db, async |tx: &mut Tx| -> sqlx::Result<()> {
        repo::set_rate(tx, line.line.id, &new, now).await?;
        oplog::record_in(tx, &entry).await
    })
    .await?;
    Ok((rate_lines(&repo::rates(db, line.line.id).await?), notice))
}

/// `Worker/transfer`.
#[derive(Debug, Default, Clone, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TransferForm {
    /// The roster line (employment) id; on site.
    pub id: Option<String>,
    /// The first day in the new unit / team: after the line's entry date, not after today.
    pub date: Option<String>,
    /// An on-site unit of the project (`Worker/options` units).
    pub unit_id: Option<String>,
    /// A team of that unit; optional.
    pub team_id: Option<String>,
    /// A work-type value.
    pub work_type: Option<String>,
}

fn place_text(unit: &str, team: &str, work_type: &str) -> String {
    format!("{unit}/{}/{}", if team.is_empty() { "无班组" } else { team }, work_type_label(work_type))
}

pub async fn transfer(
    db: &Db,
    current: &CurrentAccount,
    ip: &str,
    form: &TransferForm,
) -> Result<Registered, ApiError> {
    let project_id = scope::write(current)?;
    let line = active_line(db, project_id, &form.id).await?.line;
    let date = required_date(sent(&form.date), MSG_TRANSFER_DATE)?;
    let date_text = format_date(date);
    if date_text <= line.entry_date {
        return Err(Invalid(MSG_TRANSFER_NOT_AFTER_ENTRY).into());
    }
    if date > clock::china_today() {
        return Err(Invalid(MSG_TRANSFER_FUTURE).into());
    }
    let unit_text = sent(&form.unit_id);
    if unit_text.is_empty() {
        return Err(Invalid(MSG_UNIT_REQUIRED).into());
    }
    let units = repo::units(db, project_id).await?;
    let unit = unit_text
        .parse::<i64>()
        .ok()
        .and_then(|id| units.iter().find(|unit| unit.id == id))
        .ok_or(Invalid(MSG_UNIT_UNKNOWN))?;
    let team_text = sent(&form.team_id);
    let teams = repo::teams(db, project_id).await?;
    let team = if team_text.is_empty() {
        None
    } else {
        Some(
            team_text
                .parse::<i64>()
                .ok()
                .and_then(|id| teams.iter().find(|team| team.id == id && team.unit_id == unit.id))
                .ok_or(Invalid(MSG_TEAM_UNKNOWN))?,
        )
    };
    let work_type = sent(&form.work_type).to_owned();
    if work_type.is_empty() {
        return Err(Invalid(MSG_WORK_TYPE_REQUIRED).into());
    }
    if !options::is_known(options::WORK_TYPES, &work_type) {
        return Err(Invalid(MSG_WORK_TYPE_UNKNOWN).into());
    }
    if unit.id == line.unit_id && team.map(|team| team.id) == line.team_id && work_type == line.work_type {
        return Err(Invalid(MSG_TRANSFER_SAME).into());
    }
    let rate = rate_for(db, line.id, &date_text).await?.unwrap_or(RateRow {
        effective_from: date_text.clone(),
        wage_kind: line.wage_kind.clone(),
        wage_fen: line.wage_fen,
    });
    let last_day_before = format_date(date - Duration::days(1));
    let detail = format!(
        "{} 调动 {} → {}，自{date_text}起（原记录退场于{last_day_before}，工资标准{}）",
        line.name,
        place_text(&line.unit_name, line.team_name.as_deref().unwrap_or(""), &line.work_type),
        place_text(&unit.name, team.map(|team| team.name.as_str()).unwrap_or(""), &work_type),
        rate_text(&rate)
    );
    let to = TransferTo {
        unit_id: unit.id,
        team_id: team.map(|team| team.id),
        work_type,
        date: date_text,
        last_day_before,
        rate,
    };
    let entry = oplog::Entry::by(&current.account, ip).action("人员调动").on("employment", line.id).detail(detail);
    let now = clock::now();
    let id = Tx::within(db, async |tx: &mut Tx| -> Result<i64, ApiError> {
        if !repo::end_for_transfer(tx, project_id, line.id, &to, now).await? {
            return Err(Invalid(MSG_ALREADY_EXITED).into());
        }
        let id = repo::insert_transferred(tx, line.id, &to, now).await?;
        repo::insert_first_rate(tx, id, now).await?;
        oplog::record_in(tx, &entry).await?;
        Ok(id)
    })
    .await?;
    Ok(Registered { worker_id: line.worker_id, id })
}

/// `Worker/history`.
#[derive(Debug, Default, Clone, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct HistoryQuery {
    /// A roster line (employment) id of the worker.
    pub id: Option<String>,
    pub project_id: Option<String>,
    pub page: Option<String>,
    pub limit: Option<String>,
}

/// One change of the worker or of one of their lines on the project.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct HistoryLine {
    pub id: i64,
    /// YYYY-MM-DD HH:MM:SS, China time.
    pub time: String,
    /// The account that made the change.
    pub account: String,
    /// e.g. 修改人员信息, 调整工资标准, 人员调动, 人员退场.
    pub action: String,
    /// What changed, before → after.
    pub detail: String,
}

pub async fn history(db: &Db, current: &CurrentAccount, query: &HistoryQuery) -> Result<Paged<HistoryLine>, ApiError> {
    let project_id = read_project(db, current, query.project_id.as_deref()).await?;
    let page = Page::parse(&query.page, &query.limit)?;
    let id = id_param(&query.id, MSG_ID_REQUIRED, MSG_NOT_FOUND)?;
    let line =
        repo::find_employment(db, project_id, id).await?.ok_or_else(|| ApiError::NotFound(MSG_NOT_FOUND.into()))?;
    let lines = repo::history(db, project_id, line.line.worker_id).await?;
    let mut targets = vec![("worker", line.line.worker_id.to_string())];
    targets.extend(lines.iter().map(|line| ("employment", line.id.to_string())));
    let (rows, total) = oplog::for_targets(db, &targets, page.limit, page.offset()).await?;
    let list = rows
        .into_iter()
        .map(|row| HistoryLine {
            id: row.id,
            time: clock::china_datetime(row.created_at),
            account: row.account_name,
            action: row.action,
            detail: row.detail,
        })
        .collect();
    Ok(page.answer(list, total))
}
