//! What other areas read of attendance: last days, attended months and days, unknown punches, exports.

use crate::db::cohort::Cohort;
use crate::db::{Bind, Db};
use crate::{bind_all, on_db};

/// Projects with punches stored before shifts were counted (migration 0019 marks them `shift_start = -1`).
pub async fn projects_with_uncounted_punches(db: &Db) -> sqlx::Result<Vec<i64>> {
    let sql = "SELECT DISTINCT project_id FROM punches WHERE shift_start = -1";
    on_db!(db, pool => sqlx::query_scalar(sql).fetch_all(pool).await)
}

/// Marks the project's punches stored before shifts were counted as not counted (0).
pub async fn mark_uncounted(db: &Db, project_id: i64) -> sqlx::Result<u64> {
    let sql = "UPDATE punches SET shift_start = 0 WHERE project_id = $1 AND shift_start = -1";
    crate::execute!(db, sqlx::query(sql).bind(project_id))
}

/// The last day (`YYYY-MM-DD`) anyone punched in each of the projects `ids`, in one query.
pub async fn last_days(db: &Db, ids: &[i64]) -> sqlx::Result<Vec<(i64, String)>> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    let sql = format!(
        "SELECT project_id, MAX(day) FROM attendance_days WHERE project_id IN ({}) GROUP BY project_id",
        crate::db::placeholders(1, ids.len())
    );
    let binds = crate::db::int_binds(ids);
    on_db!(db, pool => bind_all!(sqlx::query_as(sqlx::AssertSqlSafe(sql.clone())), &binds).fetch_all(pool).await)
}

/// For the early warnings: each project's last day with a punch.
pub async fn last_punch_days(db: &Db) -> sqlx::Result<Vec<(i64, String)>> {
    let sql = "SELECT project_id, MAX(day) FROM attendance_days GROUP BY project_id";
    on_db!(db, pool => sqlx::query_as(sql).fetch_all(pool).await)
}

/// For the early warnings: (project, month) of the months in [`from`, `before`) (`YYYY-MM-DD`) with an attended day.
pub async fn attended_months(db: &Db, from: &str, before: &str) -> sqlx::Result<Vec<(i64, String)>> {
    let sql = "SELECT DISTINCT project_id, substr(day, 1, 7) FROM attendance_days \
               WHERE attended AND day >= $1 AND day < $2";
    on_db!(db, pool => sqlx::query_as(sql).bind(from).bind(before).fetch_all(pool).await)
}

/// Counts device punches refused because the person is on no roster of the project: (day, ID number, how many).
pub async fn count_unknown_punches(db: &Db, project_id: i64, refused: &[(String, String, i64)]) -> sqlx::Result<()> {
    let sql = "INSERT INTO unknown_punches (project_id, day, id_number, refused) VALUES ($1, $2, $3, $4) \
               ON CONFLICT (project_id, day, id_number) DO UPDATE SET refused = unknown_punches.refused + excluded.refused";
    for (day, id_number, count) in refused {
        crate::execute!(db, sqlx::query(sql).bind(project_id).bind(day).bind(id_number).bind(*count))?;
    }
    Ok(())
}

/// For the early warnings: (project, day, persons, punches) of the days from `from` with refused punches of
/// persons still on no roster of the project.
pub async fn unknown_punch_days(db: &Db, from: &str) -> sqlx::Result<Vec<(i64, String, i64, i64)>> {
    let sql = "SELECT u.project_id, u.day, COUNT(*), CAST(SUM(u.refused) AS BIGINT) FROM unknown_punches u \
               WHERE u.day >= $1 AND NOT EXISTS (SELECT 1 FROM workers w JOIN employments e ON e.worker_id = w.id \
                   WHERE w.id_number = u.id_number AND e.project_id = u.project_id) \
               GROUP BY u.project_id, u.day";
    on_db!(db, pool => sqlx::query_as(sql).bind(from).fetch_all(pool).await)
}

/// The project's punches for its export (`backup`), oldest first.
pub async fn export_punches(db: &Db, project_id: i64) -> sqlx::Result<crate::db::TextRows> {
    let sql = "SELECT p.id AS \"编号\", p.worker_id AS \"人员编号\", w.name AS \"姓名\", p.punched_at AS \"打卡时间（Unix 秒）\", \
               p.day AS \"日期\", p.direction AS \"方向\", p.source AS \"来源\", p.device_id AS \"设备编号\" \
               FROM punches p LEFT JOIN workers w ON w.id = p.worker_id WHERE p.project_id = $1 ORDER BY p.punched_at, p.id";
    crate::db::text_rows(db, sql, project_id).await
}

/// The project's attendance days (what the monthly sheets count) for its export (`backup`).
pub async fn export_days(db: &Db, project_id: i64) -> sqlx::Result<crate::db::TextRows> {
    let sql = "SELECT d.worker_id AS \"人员编号\", w.name AS \"姓名\", d.day AS \"日期\", d.first_at AS \"首次打卡（Unix 秒）\", \
               d.last_at AS \"末次打卡（Unix 秒）\", d.punches AS \"打卡次数\", d.minutes AS \"在场分钟\", d.attended AS \"出勤\", \
               d.manual AS \"人工修正\" \
               FROM attendance_days d LEFT JOIN workers w ON w.id = d.worker_id WHERE d.project_id = $1 ORDER BY d.day, d.worker_id";
    crate::db::text_rows(db, sql, project_id).await
}

/// Workers who attended per day of projects `ids` from `from` to `to` (`YYYY-MM-DD`, inclusive), days without
/// any left out: from `attendance_day_counts` (migration 0037, kept from attendance_days by the database), a row
/// per project and day.
pub async fn attended_by_day(db: &Db, ids: &[i64], from: &str, to: &str) -> sqlx::Result<Vec<(String, i64)>> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    let sql = format!(
        "SELECT day, CAST(SUM(attended) AS BIGINT) FROM attendance_day_counts WHERE day >= $1 AND day <= $2 \
         AND project_id IN ({}) GROUP BY day ORDER BY day",
        crate::db::placeholders(3, ids.len())
    );
    let mut binds = vec![Bind::Text(from.to_owned()), Bind::Text(to.to_owned())];
    binds.extend(crate::db::int_binds(ids));
    on_db!(db, pool => bind_all!(sqlx::query_as(sqlx::AssertSqlSafe(sql.clone())), &binds).fetch_all(pool).await)
}

/// A recent punch with its worker, for the data screen's ticker.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct LatestPunchRow {
    pub project_id: i64,
    pub name: String,
    pub id_number: String,
    pub punched_at: i64,
    pub direction: String,
}

/// The latest `limit` punches of projects `ids` from `since` (unix seconds), newest first, walking the index
/// `punches_recent` back from now instead of reading the table.
pub async fn latest_punches(db: &Db, ids: &[i64], since: i64, limit: i64) -> sqlx::Result<Vec<LatestPunchRow>> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    let sql = format!(
        "SELECT p.project_id, w.name, w.id_number, p.punched_at, p.direction FROM punches p \
         JOIN workers w ON w.id = p.worker_id \
         WHERE p.punched_at >= $1 AND p.project_id IN ({}) ORDER BY p.punched_at DESC, p.id DESC LIMIT ${}",
        crate::db::placeholders(2, ids.len()),
        ids.len() + 2
    );
    let mut binds = vec![Bind::Int(since)];
    binds.extend(crate::db::int_binds(ids));
    binds.push(Bind::Int(limit));
    on_db!(db, pool => bind_all!(sqlx::query_as(sqlx::AssertSqlSafe(sql.clone())), &binds).fetch_all(pool).await)
}

/// The stay condition of the reports: an employment `e` of the cohort covering the attendance day `a`.
/// For the reports: per project and month of `first`..`last` (`YYYY-MM`), its workers' attended-day bits
/// packed (`db::packed`: worker id, bits), from `attendance_months` (migration 0035: bit d-1 for day d, kept
/// from attendance_days by the database).
pub async fn attended_day_bits(
    db: &Db,
    cohort: &Cohort,
    first: &str,
    last: &str,
) -> sqlx::Result<Vec<(i64, String, String)>> {
    let sql = format!(
        "SELECT m.project_id, m.month, {} FROM attendance_months m \
         WHERE {} AND m.month >= $1 AND m.month <= $2 GROUP BY m.project_id, m.month",
        crate::db::packed::packed(&["m.worker_id", "m.days"]),
        cohort.projects_clause("m.project_id", 3)
    );
    let mut binds = vec![Bind::Text(first.into()), Bind::Text(last.into())];
    binds.extend(cohort.project_binds());
    on_db!(db, pool => bind_all!(sqlx::query_as(sqlx::AssertSqlSafe(sql.clone())), &binds).fetch_all(pool).await)
}

/// For the reports: (project, ID number, day) on which the people `id_numbers` punched on the `projects` in
/// `first`..`last`: an attended day on the roster, or a punch the roster did not know (unknown_punches).
pub async fn presence_days(
    db: &Db,
    projects: &[i64],
    id_numbers: &[String],
    first: &str,
    last: &str,
) -> sqlx::Result<Vec<(i64, String, String)>> {
    if projects.is_empty() || id_numbers.is_empty() {
        return Ok(Vec::new());
    }
    let projects_at = 3;
    let numbers_at = projects_at + projects.len();
    let project_list = crate::db::placeholders(projects_at, projects.len());
    let number_list = crate::db::placeholders(numbers_at, id_numbers.len());
    let sql = format!(
        "SELECT a.project_id, w.id_number, a.day FROM attendance_days a JOIN workers w ON w.id = a.worker_id \
         WHERE a.attended = TRUE AND a.day >= $1 AND a.day <= $2 AND a.project_id IN ({project_list}) \
         AND w.id_number IN ({number_list}) \
         UNION SELECT u.project_id, u.id_number, u.day FROM unknown_punches u WHERE u.day >= $1 AND u.day <= $2 \
         AND u.project_id IN ({project_list}) AND u.id_number IN ({number_list})"
    );
    let mut binds = vec![Bind::Text(first.into()), Bind::Text(last.into())];
    binds.extend(crate::db::int_binds(projects));
    binds.extend(id_numbers.iter().map(|number| Bind::Text(number.clone())));
    on_db!(db, pool => bind_all!(sqlx::query_as(sqlx::AssertSqlSafe(sql.clone())), &binds).fetch_all(pool).await)
}

/// (day, worker) of every attended day of the project from `first` to `last` (`YYYY-MM-DD`), by day.
pub async fn attended_people(db: &Db, project_id: i64, first: &str, last: &str) -> sqlx::Result<Vec<(String, i64)>> {
    let sql = "SELECT day, worker_id FROM attendance_days WHERE project_id = $1 AND day BETWEEN $2 AND $3 AND attended = TRUE \
               ORDER BY day, worker_id";
    on_db!(db, pool => sqlx::query_as(sql).bind(project_id).bind(first).bind(last).fetch_all(pool).await)
}
