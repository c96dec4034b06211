//! The roster's import: the template with an example row of this project, and a workbook's rows registered
//! one by one. The workbook itself is read and written in `xlsx.rs`, the registration rules are the
//! service's.

use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::repo;
use super::service::{check_registration, project_label, store_registration, validate_registration};
use super::xlsx;
use crate::db::Db;
use crate::domain::Invalid;
use crate::domain::wage_card;
use crate::envelope::ApiError;
use crate::extract::sent;
use crate::identity::sessions::CurrentAccount;
use crate::scope;

/// A row of an import that was not saved.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct BadRow {
    /// The Excel row number (the header is row 1).
    pub row: usize,
    pub reason: String,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ImportResult {
    /// Rows saved.
    pub saved: usize,
    /// Rows refused, in row order.
    pub failed: Vec<BadRow>,
    /// Rows not saved because their wage card fails its check digit: the clerk checks them and imports the
    /// same file again with `confirmRows` naming them.
    pub unconfirmed: Vec<BadRow>,
}

/// `Worker/import`'s query.
#[derive(Debug, Default, Clone, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct ImportQuery {
    /// Comma-joined row numbers of an earlier answer's `unconfirmed`: only these rows are imported, their
    /// cards confirmed as written (recorded).
    pub confirm_rows: Option<String>,
}

/// The rows `confirmRows` names.
pub fn confirm_rows(query: &ImportQuery) -> Result<Vec<usize>, Invalid> {
    sent(&query.confirm_rows)
        .split(',')
        .map(str::trim)
        .filter(|part| !part.is_empty())
        .map(|part| {
            part.parse::<usize>()
                .ok()
                .filter(|row| (2..=xlsx::MAX_IMPORT_ROWS + 1).contains(row))
                .ok_or(Invalid(MSG_CONFIRM_ROWS))
        })
        .collect()
}

pub const MSG_CONFIRM_ROWS: &str = "确认导入的行号有误";

enum RowOutcome {
    Saved,
    Failed(String),
    Unconfirmed,
}

/// `Worker/import`: every row is checked as a registration; good rows are saved, bad rows reported. A
/// person active on another project is a bad row here (an import cannot ask), and so is an ID number
/// that an earlier row of the file carries. A row whose wage card fails its check digit is held back as
/// unconfirmed; sending the file again with those rows in `confirm` imports just them, confirmed.
pub async fn import(
    db: &Db,
    current: &CurrentAccount,
    ip: &str,
    bytes: &[u8],
    confirm: &[usize],
) -> Result<ImportResult, ApiError> {
    let project_id = scope::write(current)?;
    let rows = xlsx::read_rows(bytes).await.map_err(Invalid)?;
    let units = repo::units(db, project_id).await?;
    let teams = repo::teams(db, project_id).await?;
    let banks = repo::banks(db).await?;
    let lookups = xlsx::Lookups { units: &units, teams: &teams, banks: &banks };
    let confirming = !confirm.is_empty();
    let mut seen: Vec<(String, usize)> = Vec::new();
    let mut result = ImportResult { saved: 0, failed: Vec::new(), unconfirmed: Vec::new() };
    for row in &rows {
        if confirming && !confirm.contains(&row.number) {
            continue;
        }
        let outcome: RowOutcome = async {
            let form = match xlsx::row_form(row, &lookups) {
                Ok(form) => form,
                Err(reason) => return RowOutcome::Failed(reason),
            };
            let mut registration = match validate_registration(&form) {
                Ok(registration) => registration,
                Err(invalid) => return RowOutcome::Failed(invalid.0.to_owned()),
            };
            if let Some((_, first)) = seen.iter().find(|(id, _)| *id == registration.person.id_number) {
                return RowOutcome::Failed(format!("身份证号与第{first}行重复"));
            }
            seen.push((registration.person.id_number.clone(), row.number));
            match check_registration(db, project_id, &mut registration, confirming, false).await {
                Ok(()) => {}
                Err(ApiError::Refused(message)) => return RowOutcome::Failed(message),
                Err(ApiError::NeedsConfirmation(_)) if registration.card_check_fails && !confirming => {
                    return RowOutcome::Unconfirmed;
                }
                Err(ApiError::NeedsConfirmation(_)) => {
                    let project =
                        repo::active_elsewhere(db, &registration.person.id_number, project_id).await.ok().flatten();
                    return RowOutcome::Failed(format!(
                        "该人员已在项目「{}」在场",
                        project.as_ref().map(project_label).unwrap_or_default()
                    ));
                }
                Err(error) => return RowOutcome::Failed(error.to_string()),
            }
            match store_registration(db, current, ip, project_id, &registration, "人员批量导入").await {
                Ok(_) => RowOutcome::Saved,
                Err(error) => RowOutcome::Failed(error.to_string()),
            }
        }
        .await;
        match outcome {
            RowOutcome::Saved => result.saved += 1,
            RowOutcome::Failed(reason) => result.failed.push(BadRow { row: row.number, reason }),
            RowOutcome::Unconfirmed => {
                result.unconfirmed.push(BadRow { row: row.number, reason: wage_card::PROBLEM_CHECK_DIGIT.to_owned() })
            }
        }
    }
    Ok(result)
}

/// The import template with an example row naming this project's first unit and team.
pub async fn template(db: &Db, current: &CurrentAccount) -> Result<Vec<u8>, ApiError> {
    let project_id = scope::write(current)?;
    let units = repo::units(db, project_id).await?;
    let teams = repo::teams(db, project_id).await?;
    let unit = units.first();
    let team = unit.and_then(|unit| teams.iter().find(|team| team.unit_id == unit.id));
    let example = [
        "张三",
        "11010519491231002X",
        "汉",
        "河南省郑州市金水区文化路1号",
        "郑州市公安局金水分局",
        "2020-01-01",
        "长期",
        "13800138000",
        "6222021234567890128",
        "中国工商银行",
        unit.map(|unit| unit.name.as_str()).unwrap_or("（本项目单位名称）"),
        team.map(|team| team.name.as_str()).unwrap_or(""),
        "钢筋工",
        "日薪",
        "350.00",
        "是",
        "2026-03-01",
        "2026-12-31",
        "2026-03-01",
    ]
    .map(str::to_owned);
    Ok(xlsx::template(&example)?)
}
