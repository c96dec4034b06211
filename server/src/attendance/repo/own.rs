//! What the worker side reads of one worker's attendance on one project: his days and his punches.

use crate::db::Db;
use crate::on_db;

/// (day, attended) of the worker's attendance days on the project between two days.
pub async fn days_of_worker(
    db: &Db,
    (project_id, worker_id): (i64, i64),
    first: &str,
    last: &str,
) -> sqlx::Result<Vec<(String, bool)>> {
    let sql = "SELECT day, attended FROM attendance_days WHERE project_id = $1 AND worker_id = $2 \
               AND day >= $3 AND day <= $4 ORDER BY day";
    on_db!(db, pool => sqlx::query_as(sql).bind(project_id).bind(worker_id).bind(first).bind(last).fetch_all(pool).await)
}

/// (day of the shift, unix seconds) of the worker's punches on the project whose day falls between two days;
/// a punch counts on its shift's day where it has one (a night shift's morning punch).
pub async fn punches_of_worker(
    db: &Db,
    (project_id, worker_id): (i64, i64),
    first: &str,
    last: &str,
) -> sqlx::Result<Vec<(String, i64)>> {
    let sql = "SELECT CASE WHEN shift_day <> '' THEN shift_day ELSE day END AS shift, punched_at FROM punches \
               WHERE project_id = $1 AND worker_id = $2 AND day >= $3 AND day <= $4 ORDER BY punched_at";
    on_db!(db, pool => sqlx::query_as(sql).bind(project_id).bind(worker_id).bind(first).bind(last).fetch_all(pool).await)
}
