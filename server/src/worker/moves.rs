//! A worker leaving and coming back (退场, 重新进场) and his labour contract's party and signing.

use super::input::*;
use super::registration::Registered;
use super::repo;
use super::rules;
use crate::clock;
use crate::db::{Db, Tx};
use crate::domain::Invalid;
use crate::domain::dates::{format_date, required_date};
use crate::envelope::ApiError;
use crate::extract::sent;
use crate::identity::accounts::Account;
use crate::identity::sessions::CurrentAccount;
use crate::oplog;
use crate::scope;
use serde::Deserialize;
use utoipa::ToSchema;

#[derive(Debug, Default, Clone, Deserialize, ToSchema)]
pub struct MoveForm {
    /// The roster line (employment) id.
    pub id: Option<String>,
    /// `Worker/exit`: the exit date (≥ the entry date). `Worker/reenter`: the new entry date (≥ the last
    /// exit date).
    pub date: Option<String>,
    /// `Worker/reenter`: `1` after the user confirmed re-entering a person active on another project.
    pub confirmed: Option<String>,
}

pub(super) async fn line_of(db: &Db, project_id: i64, form: &MoveForm) -> Result<repo::EmploymentDetail, ApiError> {
    let id = id_param(&form.id, MSG_ID_REQUIRED, MSG_NOT_FOUND)?;
    repo::find_employment(db, project_id, id).await?.ok_or_else(|| ApiError::NotFound(MSG_NOT_FOUND.into()))
}

/// `Worker/exit`: the line leaves on the date, its log line in the same transaction.
pub async fn exit(db: &Db, current: &CurrentAccount, ip: &str, form: &MoveForm) -> Result<(), ApiError> {
    let project_id = scope::write(current)?;
    let line = line_of(db, project_id, form).await?;
    if line.line.status != 1 {
        return Err(Invalid(MSG_ALREADY_EXITED).into());
    }
    let date = format_date(required_date(sent(&form.date), MSG_EXIT_REQUIRED)?);
    if date < line.line.entry_date {
        return Err(Invalid(MSG_EXIT_BEFORE_ENTRY).into());
    }
    let entry = oplog::Entry::by(&current.account, ip)
        .action("人员退场")
        .on("employment", line.line.id)
        .detail(format!("{} 退场 {date}", line.line.name));
    let now = clock::now();
    Tx::within(db, async |tx: &mut Tx| -> Result<(), ApiError> {
        if !repo::exit(tx, project_id, line.line.id, &date, now).await? {
            return Err(Invalid(MSG_ALREADY_EXITED).into());
        }
        oplog::record_in(tx, &entry).await?;
        Ok(())
    })
    .await
}

/// `Worker/reenter`: a new employment from the given date; the exited line stays as it was.
pub async fn reenter(db: &Db, current: &CurrentAccount, ip: &str, form: &MoveForm) -> Result<Registered, ApiError> {
    let project_id = scope::write(current)?;
    let line = line_of(db, project_id, form).await?;
    if line.line.status == 1 {
        return Err(Invalid(MSG_STILL_ACTIVE).into());
    }
    let date = format_date(required_date(sent(&form.date), MSG_ENTRY_REQUIRED)?);
    if date < line.line.exit_date {
        return Err(Invalid(MSG_REENTRY_BEFORE_EXIT).into());
    }
    if repo::active_here(db, &line.line.id_number, project_id).await? {
        return Err(Invalid(MSG_ACTIVE_HERE).into());
    }
    if let Some(project) = repo::active_elsewhere(db, &line.line.id_number, project_id).await?
        && sent(&form.confirmed) != "1"
    {
        return Err(ApiError::NeedsConfirmation(msg_active_elsewhere(&project)));
    }
    let detail = format!("{} 重新进场 {date}（原记录 {}）", line.line.name, line.line.id);
    let now = clock::now();
    let id = Tx::within(db, async |tx: &mut Tx| -> Result<i64, ApiError> {
        let id =
            repo::insert_reentry(tx, project_id, line.line.id, &date, now).await?.ok_or(Invalid(MSG_ACTIVE_HERE))?;
        repo::insert_first_rate(tx, id, now).await?;
        let entry = oplog::Entry::by(&current.account, ip).action("人员重新进场").on("employment", id);
        oplog::record_in(tx, &entry.detail(detail)).await?;
        Ok(id)
    })
    .await?;
    Ok(Registered { worker_id: line.line.worker_id, id })
}

/// What a labour contract says of a worker's employment on the project (the `contract` area fills its
/// templates with it).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ContractParty {
    pub employment_id: i64,
    pub worker_id: i64,
    pub name: String,
    /// 男 / 女.
    pub gender: String,
    pub id_number: String,
    pub phone: String,
    pub address: String,
    pub work_type_label: String,
    pub team_id: Option<i64>,
    pub team_name: String,
    pub unit_name: String,
    /// `day` or `month`.
    pub wage_kind: String,
    /// The wage standard in yuan with two decimals.
    pub wage: String,
    pub entry_date: String,
    /// '' when the registration gave no contract term.
    pub contract_start: String,
    pub contract_end: String,
}

/// The contract party of the project's roster line `employment_id` (None: not this project's).
pub async fn contract_party(db: &Db, project_id: i64, employment_id: i64) -> Result<Option<ContractParty>, ApiError> {
    Ok(repo::find_employment(db, project_id, employment_id).await?.map(|row| ContractParty {
        employment_id: row.line.id,
        worker_id: row.line.worker_id,
        name: row.line.name,
        gender: gender_label(row.line.gender).to_owned(),
        id_number: row.line.id_number,
        phone: row.line.phone,
        address: row.address,
        work_type_label: work_type_label(&row.line.work_type),
        team_id: row.line.team_id,
        team_name: row.line.team_name.unwrap_or_default(),
        unit_name: row.line.unit_name,
        wage_kind: row.line.wage_kind,
        wage: rules::fen_to_yuan(row.line.wage_fen),
        entry_date: row.line.entry_date,
        contract_start: row.contract_start,
        contract_end: row.contract_end,
    }))
}

/// Marks the roster line's labour contract signed, its file the signed scan `file_url`, and logs it, inside
/// the contract area's transaction (the roster's 已签 and the no-contract warning read this column).
pub async fn mark_contract_signed(
    tx: &mut Tx,
    account: &Account,
    ip: &str,
    project_id: i64,
    employment_id: i64,
    file_url: &str,
) -> Result<(), ApiError> {
    if !repo::mark_contract_signed(tx, project_id, employment_id, file_url, clock::now()).await? {
        return Err(ApiError::NotFound(MSG_NOT_FOUND.into()));
    }
    let entry = oplog::Entry::by(account, ip)
        .action("劳动合同签订")
        .on("employment", employment_id)
        .detail(format!("上传已签字的劳动合同：{file_url}"));
    oplog::record_in(tx, &entry).await?;
    Ok(())
}
