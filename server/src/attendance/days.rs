//! What the wage area reads of attendance: the days worked, and attendance's definition of a day inside an
//! employment line. Apart from the service, which itself asks the wage area about paid days.

use super::repo;
use crate::db::Db;
use crate::envelope::ApiError;

/// The attended days (worker, day) of the project from `first` to `last`, for the wage area (which pays only
/// those inside the worker's employment lines).
pub async fn attended_between(
    db: &Db,
    project_id: i64,
    first: &str,
    last: &str,
) -> Result<Vec<(i64, String)>, ApiError> {
    Ok(repo::attended_between(db, project_id, first, last).await?)
}

/// SQL true when the row `alias` (with `project_id`, `worker_id`, `day`) lies inside one of the worker's
/// employment lines: the wage area's queries over attendance days share attendance's definition.
pub fn inside_employment_sql(alias: &str) -> String {
    repo::inside_employment(alias)
}
