//! Training sessions and their attendees.

use super::*;
use crate::db::{Bind, Db, Tx};
use crate::{bind_all, execute_in, on_db, on_tx};

#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct TrainingRow {
    pub id: i64,
    pub topic: String,
    pub train_date: String,
    pub trainer: String,
    pub hours_tenths: i64,
    pub content: String,
    pub attendees: i64,
}

pub async fn trainings(
    db: &Db,
    project_id: i64,
    topic: &str,
    limit: i64,
    offset: i64,
) -> sqlx::Result<(Vec<TrainingRow>, i64)> {
    let pattern = format!("%{}%", like_escape(topic));
    let count_sql = "SELECT COUNT(*) FROM trainings WHERE project_id = $1 AND topic LIKE $2 ESCAPE '\\'";
    let total: i64 =
        on_db!(db, pool => sqlx::query_scalar(count_sql).bind(project_id).bind(&pattern).fetch_one(pool).await)?;
    let sql = "SELECT t.id, t.topic, t.train_date, t.trainer, t.hours_tenths, t.content, \
               (SELECT COUNT(*) FROM training_attendees a WHERE a.training_id = t.id) AS attendees \
               FROM trainings t WHERE t.project_id = $1 AND t.topic LIKE $2 ESCAPE '\\' ORDER BY t.train_date DESC, t.id DESC LIMIT $3 OFFSET $4";
    let rows = on_db!(db, pool => sqlx::query_as(sql).bind(project_id).bind(&pattern).bind(limit).bind(offset).fetch_all(pool).await)?;
    Ok((rows, total))
}

pub async fn find_training(db: &Db, project_id: i64, id: i64) -> sqlx::Result<Option<TrainingRow>> {
    let sql = "SELECT t.id, t.topic, t.train_date, t.trainer, t.hours_tenths, t.content, \
               (SELECT COUNT(*) FROM training_attendees a WHERE a.training_id = t.id) AS attendees \
               FROM trainings t WHERE t.project_id = $1 AND t.id = $2";
    on_db!(db, pool => sqlx::query_as(sql).bind(project_id).bind(id).fetch_optional(pool).await)
}

/// A training's attendees: worker id, name, ID number.
pub async fn attendees(db: &Db, training_id: i64) -> sqlx::Result<Vec<(i64, String, String)>> {
    let sql = "SELECT w.id, w.name, w.id_number FROM training_attendees a JOIN workers w ON w.id = a.worker_id \
               WHERE a.training_id = $1 ORDER BY w.id";
    on_db!(db, pool => sqlx::query_as(sql).bind(training_id).fetch_all(pool).await)
}

/// How many of these workers have an employment on the project.
pub async fn count_project_workers(db: &Db, project_id: i64, worker_ids: &[i64]) -> sqlx::Result<i64> {
    if worker_ids.is_empty() {
        return Ok(0);
    }
    let placeholders: Vec<String> = (0..worker_ids.len()).map(|i| format!("${}", i + 2)).collect();
    let sql = format!(
        "SELECT COUNT(DISTINCT worker_id) FROM employments WHERE project_id = $1 AND worker_id IN ({})",
        placeholders.join(", ")
    );
    let binds: Vec<Bind> = std::iter::once(project_id).chain(worker_ids.iter().copied()).map(Bind::Int).collect();
    on_db!(db, pool => bind_all!(sqlx::query_scalar(sqlx::AssertSqlSafe(sql.clone())), &binds).fetch_one(pool).await)
}

/// Id and name of these workers, in id order.
pub async fn worker_names(db: &Db, worker_ids: &[i64]) -> sqlx::Result<Vec<(i64, String)>> {
    if worker_ids.is_empty() {
        return Ok(Vec::new());
    }
    let placeholders: Vec<String> = (1..=worker_ids.len()).map(|i| format!("${i}")).collect();
    let sql = format!("SELECT id, name FROM workers WHERE id IN ({}) ORDER BY id", placeholders.join(", "));
    let binds: Vec<Bind> = worker_ids.iter().copied().map(Bind::Int).collect();
    on_db!(db, pool => bind_all!(sqlx::query_as(sqlx::AssertSqlSafe(sql.clone())), &binds).fetch_all(pool).await)
}

pub struct NewTraining<'a> {
    pub topic: &'a str,
    pub train_date: &'a str,
    pub trainer: &'a str,
    pub hours_tenths: i64,
    pub content: &'a str,
}

/// Stores a session and its attendees inside `tx`; its id.
pub async fn insert_training(
    tx: &mut Tx,
    project_id: i64,
    training: &NewTraining<'_>,
    worker_ids: &[i64],
    now: i64,
) -> sqlx::Result<i64> {
    let id: i64 = on_tx!(tx, conn => sqlx::query_scalar(
        "INSERT INTO trainings (project_id, topic, train_date, trainer, hours_tenths, content, created_at, updated_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $7) RETURNING id",
    )
    .bind(project_id)
    .bind(training.topic)
    .bind(training.train_date)
    .bind(training.trainer)
    .bind(training.hours_tenths)
    .bind(training.content)
    .bind(now)
    .fetch_one(&mut **conn)
    .await)?;
    insert_attendees(tx, id, worker_ids).await?;
    Ok(id)
}

/// Rewrites a session and its attendees inside `tx`.
pub async fn rewrite_training(
    tx: &mut Tx,
    id: i64,
    training: &NewTraining<'_>,
    worker_ids: &[i64],
    now: i64,
) -> sqlx::Result<()> {
    let sql = "UPDATE trainings SET topic = $1, train_date = $2, trainer = $3, hours_tenths = $4, content = $5, updated_at = $6 WHERE id = $7";
    execute_in!(
        tx,
        sqlx::query(sql)
            .bind(training.topic)
            .bind(training.train_date)
            .bind(training.trainer)
            .bind(training.hours_tenths)
            .bind(training.content)
            .bind(now)
            .bind(id)
    )?;
    execute_in!(tx, sqlx::query("DELETE FROM training_attendees WHERE training_id = $1").bind(id))?;
    insert_attendees(tx, id, worker_ids).await
}

async fn insert_attendees(tx: &mut Tx, training_id: i64, worker_ids: &[i64]) -> sqlx::Result<()> {
    for worker_id in worker_ids {
        execute_in!(
            tx,
            sqlx::query("INSERT INTO training_attendees (training_id, worker_id) VALUES ($1, $2)")
                .bind(training_id)
                .bind(*worker_id)
        )?;
    }
    Ok(())
}
