//! 信息不全的人员: the workers whose ID details are incomplete, the logged reveal of their numbers, and the
//! supplement that completes them.

use super::input::*;
use super::repo;
use super::rules;
use crate::db::Db;
use crate::domain::Invalid;
use crate::domain::mask::masked;
use crate::domain::text;
use crate::envelope::ApiError;
use crate::extract::sent;
use crate::identity::sessions::CurrentAccount;
use crate::oplog;
use crate::paging::{Page, Paged};
use crate::scope;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

/// `Worker/incomplete`: workers of the project with incomplete ID data.
#[derive(Debug, Default, Clone, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct IncompleteQuery {
    pub page: Option<String>,
    pub limit: Option<String>,
    pub project_id: Option<String>,
    /// Part of the name.
    pub name: Option<String>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct IncompleteLine {
    /// The worker's id.
    pub id: i64,
    pub name: String,
    pub id_number: String,
    pub gender: String,
    pub ethnicity: String,
    pub address: String,
    pub issuing_authority: String,
    pub valid_from: String,
    pub valid_to: String,
    pub photo: String,
    /// What is missing, e.g. ["照片", "住址"].
    pub missing: Vec<String>,
}

/// Whose numbers a list reveals: a roster line (employment id) or a worker of the project (worker id).
#[derive(Clone, Copy, Debug)]
pub enum NumbersOf {
    Line(i64),
    Worker(i64),
}

/// The full (ID number, wage-card number) behind a masked list cell, for the logged reveal (`privacy`).
/// Builder: its project; admin: `project` (required); another project's or unknown 404.
pub async fn full_numbers(
    db: &Db,
    current: &CurrentAccount,
    project: Option<&str>,
    owner: NumbersOf,
) -> Result<(String, String), ApiError> {
    let project_id = read_project(db, current, project).await?;
    let line = match owner {
        NumbersOf::Line(id) => repo::find_employment(db, project_id, id).await?.map(|detail| detail.line),
        NumbersOf::Worker(id) => repo::history(db, project_id, id).await?.into_iter().next(),
    };
    let line = line.ok_or_else(|| ApiError::NotFound(MSG_NOT_FOUND.into()))?;
    Ok((line.id_number, line.wage_card_number))
}

pub async fn incomplete(
    db: &Db,
    current: &CurrentAccount,
    query: &IncompleteQuery,
) -> Result<Paged<IncompleteLine>, ApiError> {
    let project_id = read_project(db, current, query.project_id.as_deref()).await?;
    let page = Page::parse(&query.page, &query.limit)?;
    let name = sent(&query.name).to_owned();
    if name.chars().count() > 50 {
        return Err(Invalid(MSG_FILTER_TOO_LONG).into());
    }
    let (rows, total) = repo::incomplete(db, project_id, &name, page.limit, page.offset()).await?;
    let list = rows
        .into_iter()
        .map(|row| {
            let missing = [
                (row.photo.is_empty(), "照片"),
                (row.address.is_empty(), "住址"),
                (row.issuing_authority.is_empty(), "签发机关"),
                (row.id_valid_from.is_empty() || row.id_valid_to.is_empty(), "有效期"),
            ]
            .into_iter()
            .filter(|(missing, _)| *missing)
            .map(|(_, label)| label.to_owned())
            .collect();
            IncompleteLine {
                id: row.id,
                name: row.name,
                id_number: masked(&row.id_number),
                gender: gender_label(row.gender).to_owned(),
                ethnicity: row.ethnicity,
                address: row.address,
                issuing_authority: row.issuing_authority,
                valid_from: row.id_valid_from,
                valid_to: row.id_valid_to,
                photo: row.photo,
                missing,
            }
        })
        .collect();
    Ok(page.answer(list, total))
}

pub const MSG_KEPT_ELSEWHERE: &str = "该人员已先在其他项目在场，其个人信息由该项目维护，本项目不能修改";

/// A person on several rosters at once has one phone and one card, kept by the project whose roster they
/// joined first: another project's clerk, who only had to know the ID number to register them, must not be
/// able to redirect their wages.
pub(super) async fn refuse_unless_keeper(db: &Db, project_id: i64, worker_id: i64) -> Result<(), ApiError> {
    match repo::keeping_project(db, worker_id).await? {
        Some(keeper) if keeper != project_id => Err(Invalid(MSG_KEPT_ELSEWHERE).into()),
        _ => Ok(()),
    }
}

/// `Worker/supplement`: completes a worker's ID data; every field is required here.
#[derive(Debug, Default, Clone, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SupplementForm {
    /// The worker's id (from `Worker/incomplete`).
    pub id: Option<String>,
    pub ethnicity: Option<String>,
    /// 3–100 characters.
    pub address: Option<String>,
    pub issuing_authority: Option<String>,
    pub valid_from: Option<String>,
    /// A date or `长期`.
    pub valid_to: Option<String>,
    /// An `/uploads/…` URL this project uploaded with kind `avatar`.
    pub photo: Option<String>,
}

pub async fn supplement(db: &Db, current: &CurrentAccount, ip: &str, form: &SupplementForm) -> Result<(), ApiError> {
    let project_id = scope::write(current)?;
    let worker_id = id_param(&form.id, MSG_ID_REQUIRED, MSG_NOT_FOUND)?;
    if !repo::on_project(db, project_id, worker_id).await? {
        return Err(ApiError::NotFound(MSG_NOT_FOUND.into()));
    }
    refuse_unless_keeper(db, project_id, worker_id).await?;
    let ethnicity = rules::short_text(sent(&form.ethnicity), 10, MSG_ETHNICITY)?;
    let address = text::address(sent(&form.address)).map_err(|_| Invalid(MSG_ADDRESS_REQUIRED))?;
    let issuing_authority = text::required(sent(&form.issuing_authority), MSG_ISSUER_REQUIRED)?;
    let issuing_authority = rules::short_text(&issuing_authority, 50, MSG_ISSUER)?;
    if sent(&form.valid_from).is_empty() || sent(&form.valid_to).is_empty() {
        return Err(Invalid(MSG_VALIDITY_REQUIRED).into());
    }
    let (id_valid_from, id_valid_to) = rules::id_validity(sent(&form.valid_from), sent(&form.valid_to))?;
    let photo_url = sent(&form.photo);
    if photo_url.is_empty() {
        return Err(Invalid(MSG_PHOTO_REQUIRED).into());
    }
    let photo = project_upload(db, project_id, photo_url, &["avatar", "image"], MSG_PHOTO).await?;
    let data = repo::Supplement { ethnicity, address, issuing_authority, id_valid_from, id_valid_to, photo };
    repo::supplement(db, worker_id, &data).await?;
    oplog::record(
        db,
        oplog::Entry::by(&current.account, ip).action("补充身份证信息").on("worker", worker_id).detail(format!(
            "签发机关 {}，有效期 {}至{}",
            data.issuing_authority, data.id_valid_from, data.id_valid_to
        )),
    )
    .await?;
    Ok(())
}
