//! Demo data of the approved project: its registration (when nothing filled it) and its key staff.

use crate::db::Db;

pub async fn seed(db: &Db, project_id: i64) -> anyhow::Result<()> {
    super::info::service::seed_demo(db, project_id).await?;
    super::repo::seed_demo_decision(db, project_id).await?;
    super::staff::service::seed_demo(db, project_id).await?;
    Ok(())
}
