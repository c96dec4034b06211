//! 安全教育培训: the trainings of a project, one with its attendees, and saving or correcting one.

use super::input::*;
use super::repo;
use super::roster::DetailQuery;
use super::rules;
use crate::clock;
use crate::db::{Db, Tx};
use crate::domain::Invalid;
use crate::domain::dates::{format_date, required_date};
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

/// `Worker/trainList`.
#[derive(Debug, Default, Clone, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct TrainingQuery {
    pub page: Option<String>,
    pub limit: Option<String>,
    pub project_id: Option<String>,
    /// Part of the topic.
    pub topic: Option<String>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct TrainingLine {
    pub id: i64,
    pub topic: String,
    /// YYYY-MM-DD.
    pub date: String,
    pub trainer: String,
    /// Hours, e.g. "1.5".
    pub hours: String,
    pub content: String,
    /// How many workers attended.
    pub attendees: i64,
}

pub(super) fn training_line(row: repo::TrainingRow) -> TrainingLine {
    TrainingLine {
        id: row.id,
        topic: row.topic,
        date: row.train_date,
        trainer: row.trainer,
        hours: rules::hours_text(row.hours_tenths),
        content: row.content,
        attendees: row.attendees,
    }
}

pub async fn trainings(
    db: &Db,
    current: &CurrentAccount,
    query: &TrainingQuery,
) -> Result<Paged<TrainingLine>, ApiError> {
    let project_id = read_project(db, current, query.project_id.as_deref()).await?;
    let page = Page::parse(&query.page, &query.limit)?;
    let topic = sent(&query.topic);
    if topic.chars().count() > 50 {
        return Err(Invalid(MSG_FILTER_TOO_LONG).into());
    }
    let (rows, total) = repo::trainings(db, project_id, topic, page.limit, page.offset()).await?;
    Ok(page.answer(rows.into_iter().map(training_line).collect(), total))
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Attendee {
    /// The worker's id.
    pub id: i64,
    pub name: String,
    pub id_number: String,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TrainingDetail {
    #[serde(flatten)]
    pub training: TrainingLine,
    pub attendee_list: Vec<Attendee>,
}

pub async fn training(db: &Db, current: &CurrentAccount, query: &DetailQuery) -> Result<TrainingDetail, ApiError> {
    let project_id = read_project(db, current, query.project_id.as_deref()).await?;
    let id = id_param(&query.id, MSG_ID_REQUIRED, MSG_TRAINING_NOT_FOUND)?;
    let row = repo::find_training(db, project_id, id)
        .await?
        .ok_or_else(|| ApiError::NotFound(MSG_TRAINING_NOT_FOUND.into()))?;
    let attendees = repo::attendees(db, id).await?;
    Ok(TrainingDetail {
        training: training_line(row),
        attendee_list: attendees
            .into_iter()
            .map(|(id, name, id_number)| Attendee { id, name, id_number: masked(&id_number) })
            .collect(),
    })
}

/// `Worker/trainSave`: a new training session (no `id`) or a correction of one.
#[derive(Debug, Default, Clone, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TrainingForm {
    /// The session to correct (a session of this project); empty for a new one.
    pub id: Option<String>,
    /// 1–50 characters.
    pub topic: Option<String>,
    /// YYYY-MM-DD.
    pub date: Option<String>,
    /// 1–20 characters.
    pub trainer: Option<String>,
    /// 0.5–24, one decimal at most.
    pub hours: Option<String>,
    /// Optional, at most 1000 characters.
    pub content: Option<String>,
    /// Comma-joined worker ids (`workerId` of roster lines) of this project; at least one.
    pub worker_ids: Option<String>,
}

pub async fn save_training(db: &Db, current: &CurrentAccount, ip: &str, form: &TrainingForm) -> Result<i64, ApiError> {
    let project_id = scope::write(current)?;
    let existing = match sent(&form.id) {
        "" => None,
        id => {
            let id: i64 = id.parse().map_err(|_| ApiError::NotFound(MSG_TRAINING_NOT_FOUND.into()))?;
            Some(
                repo::find_training(db, project_id, id)
                    .await?
                    .ok_or_else(|| ApiError::NotFound(MSG_TRAINING_NOT_FOUND.into()))?,
            )
        }
    };
    let topic = sent(&form.topic);
    if topic.is_empty() || topic.chars().count() > 50 {
        return Err(Invalid(MSG_TOPIC).into());
    }
    let date = format_date(required_date(sent(&form.date), MSG_TRAIN_DATE)?);
    let trainer = sent(&form.trainer);
    if trainer.is_empty() || trainer.chars().count() > 20 {
        return Err(Invalid(MSG_TRAINER).into());
    }
    let hours_tenths = rules::hours_tenths(sent(&form.hours))?;
    let content = text::project_desc(sent(&form.content))?;
    let mut worker_ids: Vec<i64> = Vec::new();
    for part in sent(&form.worker_ids).split(',').map(str::trim).filter(|part| !part.is_empty()) {
        let id: i64 = part.parse().map_err(|_| Invalid(MSG_ATTENDEES_OTHER))?;
        if !worker_ids.contains(&id) {
            worker_ids.push(id);
        }
    }
    if worker_ids.is_empty() {
        return Err(Invalid(MSG_ATTENDEES).into());
    }
    if worker_ids.len() > 1000
        || repo::count_project_workers(db, project_id, &worker_ids).await? != worker_ids.len() as i64
    {
        return Err(Invalid(MSG_ATTENDEES_OTHER).into());
    }
    let training = repo::NewTraining { topic, train_date: &date, trainer, hours_tenths, content: &content };
    if let Some(before) = existing {
        return correct_training(db, current, ip, before, &training, &worker_ids).await;
    }
    let detail = format!("{topic} {date}，{}人", worker_ids.len());
    let now = clock::now();
    Tx::within(db, async |tx: &mut Tx| -> Result<i64, ApiError> {
        let id = repo::insert_training(tx, project_id, &training, &worker_ids, now).await?;
        let entry = oplog::Entry::by(&current.account, ip).action("新增培训记录").on("training", id);
        oplog::record_in(tx, &entry.detail(detail)).await?;
        Ok(id)
    })
    .await
}

/// Saves a corrected session with a log line naming each changed field, before → after, and the attendees
/// added and removed. Nothing changed → 401.
pub(super) async fn correct_training(
    db: &Db,
    current: &CurrentAccount,
    ip: &str,
    before: repo::TrainingRow,
    after: &repo::NewTraining<'_>,
    worker_ids: &[i64],
) -> Result<i64, ApiError> {
    let mut changes = Vec::new();
    let mut field = |label: &str, old: &str, new: &str| {
        if old != new {
            changes.push(format!("{label} {old} → {new}"));
        }
    };
    field("培训主题", &before.topic, after.topic);
    field("培训日期", &before.train_date, after.train_date);
    field("培训讲师", &before.trainer, after.trainer);
    field("培训时长", &rules::hours_text(before.hours_tenths), &rules::hours_text(after.hours_tenths));
    field("培训内容", &before.content, after.content);
    let attended = repo::attendees(db, before.id).await?;
    let names = repo::worker_names(db, worker_ids).await?;
    let added: Vec<&str> = names
        .iter()
        .filter(|(id, _)| !attended.iter().any(|(old, ..)| old == id))
        .map(|(_, name)| name.as_str())
        .collect();
    let removed: Vec<&str> =
        attended.iter().filter(|(id, ..)| !worker_ids.contains(id)).map(|(_, name, _)| name.as_str()).collect();
    if !added.is_empty() {
        changes.push(format!("增加参训人员 {}", added.join("、")));
    }
    if !removed.is_empty() {
        changes.push(format!("移除参训人员 {}", removed.join("、")));
    }
    if changes.is_empty() {
        return Err(Invalid(MSG_NOTHING_CHANGED).into());
    }
    let detail = format!("{} {}：{}", before.topic, before.train_date, changes.join("；"));
    let entry = oplog::Entry::by(&current.account, ip).action("修改培训记录").on("training", before.id).detail(detail);
    let now = clock::now();
    Tx::within(db, async |tx: &mut Tx| -> sqlx::Result<()> {
        repo::rewrite_training(tx, before.id, after, worker_ids, now).await?;
        oplog::record_in(tx, &entry).await
    })
    .await?;
    Ok(before.id)
}
