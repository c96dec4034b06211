//! The messages' rules: what the header bell counts, and the messages other areas send.

pub use super::model::{Kind, Outgoing};
use super::repo;
use crate::clock;
use crate::db::Db;

pub async fn unread_count(db: &Db, account_id: i64, project_id: Option<i64>) -> sqlx::Result<i64> {
    repo::unread_count(db, account_id, project_id).await
}

pub async fn send(db: &Db, message: Outgoing<'_>) -> sqlx::Result<()> {
    repo::insert(db, &message, clock::now()).await
}

/// A system message to the project (its accounts see it in their inbox).
pub async fn send_to_project(db: &Db, project_id: i64, title: &str, content: &str) -> sqlx::Result<()> {
    send(db, Outgoing::to_project(project_id, Kind::System, title, content)).await
}
