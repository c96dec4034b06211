//! The roster as the worker himself reads it (the worker side, `/worker/worker/v1/Worker/info`): every
//! project he has been on, newest first, with his entries and exits, team, work type and wage standards;
//! and what the login and the other areas' worker pages need of him (his roster phone, his stays).

use serde::Serialize;
use utoipa::ToSchema;

use super::input::work_type_label;
use super::repo;
use super::roster::RateLine;
use super::rules::fen_to_yuan;
use crate::db::Db;
use crate::domain::mask::{self, masked};
use crate::envelope::ApiError;
use crate::identity::worker_sessions::CurrentWorker;

/// The person an ID number names, as the worker's login needs him.
pub struct LoginContact {
    pub worker_id: i64,
    pub name: String,
    /// His roster phone ('' when none was registered).
    pub phone: String,
}

/// The person registered under `id_number` (already parsed), if any.
pub async fn login_contact(db: &Db, id_number: &str) -> sqlx::Result<Option<LoginContact>> {
    Ok(repo::person_by_id_number(db, id_number).await?.map(|row| LoginContact {
        worker_id: row.id,
        name: row.name,
        phone: row.phone,
    }))
}

/// Who the worker is, as a lead he files names him.
pub struct Person {
    pub name: String,
    pub phone: String,
    pub id_number: String,
}

pub async fn person(db: &Db, worker_id: i64) -> sqlx::Result<Option<Person>> {
    Ok(repo::person(db, worker_id).await?.map(|row| Person {
        name: row.name,
        phone: row.phone,
        id_number: row.id_number,
    }))
}

/// The worker's name (for the operation log of what he does).
pub async fn own_name(db: &Db, worker_id: i64) -> sqlx::Result<String> {
    Ok(repo::person(db, worker_id).await?.map(|row| row.name).unwrap_or_default())
}

/// One stay of the person on a project: a roster line's project and dates.
#[derive(Debug, Clone)]
pub struct PersonStay {
    pub project_id: i64,
    pub project_name: String,
    pub entry_date: String,
    /// '' while on site.
    pub exit_date: String,
}

/// Every roster line of the person, newest entry first.
pub async fn stays_of_person(db: &Db, worker_id: i64) -> sqlx::Result<Vec<PersonStay>> {
    Ok(repo::stays_of_person(db, worker_id)
        .await?
        .into_iter()
        .map(|row| PersonStay {
            project_id: row.project_id,
            project_name: row.project_name,
            entry_date: row.entry_date,
            exit_date: row.exit_date,
        })
        .collect())
}

/// One roster line of the worker on a project.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OwnLine {
    pub unit_name: String,
    pub team_name: String,
    /// The work type's name.
    pub work_type: String,
    pub entry_date: String,
    /// '' while on site.
    pub exit_date: String,
    pub on_site: bool,
}

/// A project the worker has been on, with his roster lines there (newest first) and the wage standards of
/// those lines (oldest first).
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OwnProject {
    pub project_id: i64,
    pub project_name: String,
    pub lines: Vec<OwnLine>,
    pub rates: Vec<RateLine>,
}

/// `Worker/info`: who he is (ID and phone masked) and every project he has been on, newest first.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OwnInfo {
    pub name: String,
    pub id_number: String,
    pub phone: String,
    pub projects: Vec<OwnProject>,
}

pub async fn own_info(db: &Db, current: &CurrentWorker) -> Result<OwnInfo, ApiError> {
    let person = repo::person(db, current.worker_id).await?.ok_or(ApiError::NotLoggedIn)?;
    let stays = repo::stays_of_person(db, current.worker_id).await?;
    let rates = repo::rates_of_person(db, current.worker_id).await?;
    let mut projects: Vec<OwnProject> = Vec::new();
    for stay in stays {
        let line = OwnLine {
            unit_name: stay.unit_name,
            team_name: stay.team_name,
            work_type: work_type_label(&stay.work_type),
            entry_date: stay.entry_date,
            exit_date: stay.exit_date,
            on_site: stay.status == 1,
        };
        match projects.iter_mut().find(|project| project.project_id == stay.project_id) {
            Some(project) => project.lines.push(line),
            None => projects.push(OwnProject {
                project_id: stay.project_id,
                project_name: stay.project_name,
                lines: vec![line],
                rates: rates
                    .iter()
                    .filter(|(project_id, ..)| *project_id == stay.project_id)
                    .map(|(_, effective_from, wage_kind, fen)| RateLine {
                        effective_from: effective_from.clone(),
                        wage_kind: wage_kind.clone(),
                        wage: fen_to_yuan(*fen),
                    })
                    .collect(),
            }),
        }
    }
    Ok(OwnInfo { name: person.name, id_number: masked(&person.id_number), phone: mask::phone(&person.phone), projects })
}
