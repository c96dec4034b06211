//! What other areas read of the roster: lines and standards for the wage sheets, who is on site for the
//! warnings, the reports and the site terminals, names, the export and the worker-platform feed.

use crate::db::cohort::Cohort;
use crate::db::{Bind, Db};
use crate::{bind_all, on_db};

/// A roster line of the project overlapping a month, as the wage sheets plan it.
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct Employment {
    pub id: i64,
    pub worker_id: i64,
    pub unit_id: i64,
    pub team_id: i64,
    pub entry_date: String,
    /// '' while on site.
    pub exit_date: String,
    pub wage_kind: String,
    pub wage_fen: i64,
}

/// A wage standard of a roster line from a day on.
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct Rate {
    pub employment_id: i64,
    pub effective_from: String,
    pub wage_kind: String,
    pub wage_fen: i64,
}

/// The project's roster lines overlapping `first`..`last` (days `YYYY-MM-DD`), for the wage sheets.
pub async fn employments_between(db: &Db, project_id: i64, first: &str, last: &str) -> sqlx::Result<Vec<Employment>> {
    let sql = "SELECT id, worker_id, unit_id, COALESCE(team_id, 0) AS team_id, entry_date, exit_date, wage_kind, wage_fen FROM employments \
               WHERE project_id = $1 AND entry_date <= $3 AND (exit_date = '' OR exit_date >= $2) ORDER BY id";
    on_db!(db, pool => sqlx::query_as(sql).bind(project_id).bind(first).bind(last).fetch_all(pool).await)
}

/// The wage standards of those lines taking effect by `last`.
pub async fn rates_between(db: &Db, project_id: i64, first: &str, last: &str) -> sqlx::Result<Vec<Rate>> {
    let sql = "SELECT r.employment_id, r.effective_from, r.wage_kind, r.wage_fen FROM employment_rates r JOIN employments e ON e.id = r.employment_id \
               WHERE e.project_id = $1 AND e.entry_date <= $3 AND (e.exit_date = '' OR e.exit_date >= $2) AND r.effective_from <= $3 \
               ORDER BY r.employment_id, r.effective_from";
    on_db!(db, pool => sqlx::query_as(sql).bind(project_id).bind(first).bind(last).fetch_all(pool).await)
}

/// How many workers are on site (employment status 1) in each of the projects `ids`, in one query.
pub async fn on_site_counts(db: &Db, ids: &[i64]) -> sqlx::Result<Vec<(i64, i64)>> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    let sql = format!(
        "SELECT project_id, COUNT(*) FROM employments WHERE status = 1 AND project_id IN ({}) GROUP BY project_id",
        crate::db::placeholders(1, ids.len())
    );
    let binds = crate::db::int_binds(ids);
    on_db!(db, pool => bind_all!(sqlx::query_as(sqlx::AssertSqlSafe(sql.clone())), &binds).fetch_all(pool).await)
}

/// For the early warnings: per project, the workers on site and the earliest entry among them.
pub async fn on_site_since(db: &Db) -> sqlx::Result<Vec<(i64, i64, String)>> {
    let sql = "SELECT project_id, COUNT(*), MIN(entry_date) FROM employments WHERE status = 1 GROUP BY project_id";
    on_db!(db, pool => sqlx::query_as(sql).fetch_all(pool).await)
}

/// For the early warnings: (project, worker, entry day) of workers on site without a signed labour contract
/// who entered before `before`.
pub async fn on_site_without_contract(db: &Db, before: &str) -> sqlx::Result<Vec<(i64, i64, String)>> {
    let sql = "SELECT project_id, worker_id, MIN(entry_date) FROM employments \
               WHERE status = 1 AND NOT contract_signed AND entry_date < $1 GROUP BY project_id, worker_id";
    on_db!(db, pool => sqlx::query_as(sql).bind(before).fetch_all(pool).await)
}

/// The project's roster for its export (`backup`): every employment, past ones too, with its worker.
pub async fn export_roster(db: &Db, project_id: i64) -> sqlx::Result<crate::db::TextRows> {
    let sql = "SELECT e.id AS \"编号\", w.name AS \"姓名\", w.id_number AS \"身份证号\", w.gender AS \"性别\", \
               w.ethnicity AS \"民族\", w.birth_date AS \"出生日期\", w.address AS \"住址\", w.phone AS \"手机号\", \
               w.wage_card_number AS \"工资卡号\", w.wage_card_bank AS \"开户行\", e.unit_id AS \"单位编号\", \
               e.team_id AS \"班组编号\", e.work_type AS \"工种\", e.wage_kind AS \"计薪方式\", e.wage_fen AS \"工资标准（分）\", \
               e.contract_signed AS \"已签合同\", e.contract_start AS \"合同开始\", e.contract_end AS \"合同结束\", \
               e.entry_date AS \"进场日期\", e.exit_date AS \"退场日期\", e.status AS \"状态\", w.photo AS \"照片\", \
               e.contract_file AS \"合同文件\" \
               FROM employments e JOIN workers w ON w.id = e.worker_id WHERE e.project_id = $1 ORDER BY e.id";
    crate::db::text_rows(db, sql, project_id).await
}

/// Workers on site of projects `ids` per work type (`WORK_TYPES` value), in one query.
pub async fn on_site_by_work_type(db: &Db, ids: &[i64]) -> sqlx::Result<Vec<(String, i64)>> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    let sql = format!(
        "SELECT work_type, COUNT(*) FROM employments WHERE status = 1 AND project_id IN ({}) GROUP BY work_type",
        crate::db::placeholders(1, ids.len())
    );
    let binds = crate::db::int_binds(ids);
    on_db!(db, pool => bind_all!(sqlx::query_as(sqlx::AssertSqlSafe(sql.clone())), &binds).fetch_all(pool).await)
}

/// For the reports (issue 16): the cohort's roster lines on site (status 1), as the roster lists them, per
/// project packed (`db::packed`: worker id, name, ID number, gender, unit, team or 0, work type).
pub async fn on_site_people(db: &Db, cohort: &Cohort) -> sqlx::Result<Vec<(i64, String)>> {
    let sql = format!(
        "SELECT e.project_id, {} FROM employments e JOIN workers w ON w.id = e.worker_id \
         WHERE e.status = 1 AND {} GROUP BY e.project_id",
        crate::db::packed::packed(&[
            "e.worker_id",
            "w.name",
            "w.id_number",
            "w.gender",
            "e.unit_id",
            "COALESCE(e.team_id, 0)",
            "e.work_type"
        ]),
        cohort.clause("e", 1)
    );
    on_db!(db, pool => bind_all!(sqlx::query_as(sqlx::AssertSqlSafe(sql.clone())), &cohort.binds()).fetch_all(pool).await)
}

/// Entries (`column` entry_date) or exits (exit_date) of the cohort's roster lines per month `YYYY-MM`, from
/// `first` to `last` (days, inclusive).
pub async fn moves_by_month(
    db: &Db,
    cohort: &Cohort,
    exits: bool,
    first: &str,
    last: &str,
) -> sqlx::Result<Vec<(String, i64)>> {
    let column = if exits { "e.exit_date" } else { "e.entry_date" };
    let sql = format!(
        "SELECT SUBSTR({column}, 1, 7) AS month, COUNT(*) FROM employments e WHERE {column} >= $1 AND {column} <= $2 \
         AND {} GROUP BY SUBSTR({column}, 1, 7)",
        cohort.clause("e", 3)
    );
    let mut binds = vec![Bind::Text(first.into()), Bind::Text(last.into())];
    binds.extend(cohort.binds());
    on_db!(db, pool => bind_all!(sqlx::query_as(sqlx::AssertSqlSafe(sql.clone())), &binds).fetch_all(pool).await)
}

/// The cohort's roster lines overlapping `first`..`last`, per project packed (`db::packed`: worker, entry
/// day, exit day or '', unit, team or 0).
pub async fn stays_between(db: &Db, cohort: &Cohort, first: &str, last: &str) -> sqlx::Result<Vec<(i64, String)>> {
    let sql = format!(
        "SELECT e.project_id, {} FROM employments e \
         WHERE e.entry_date <= $2 AND (e.exit_date = '' OR e.exit_date >= $1) AND {} GROUP BY e.project_id",
        crate::db::packed::packed(&[
            "e.worker_id",
            "e.entry_date",
            "e.exit_date",
            "e.unit_id",
            "COALESCE(e.team_id, 0)"
        ]),
        cohort.clause("e", 3)
    );
    let mut binds = vec![Bind::Text(first.into()), Bind::Text(last.into())];
    binds.extend(cohort.binds());
    on_db!(db, pool => bind_all!(sqlx::query_as(sqlx::AssertSqlSafe(sql.clone())), &binds).fetch_all(pool).await)
}

/// Names of the units and the teams of the projects: (`unit` or `team`, id, name).
pub async fn unit_and_team_names(db: &Db, cohort: &Cohort) -> sqlx::Result<Vec<(String, i64, String)>> {
    let sql = format!(
        "SELECT 'unit', pu.id, c.name FROM project_units pu JOIN companies c ON c.id = pu.company_id WHERE {} \
         UNION ALL SELECT 'team', t.id, t.name FROM teams t WHERE {}",
        cohort.projects_clause("pu.project_id", 1),
        cohort.projects_clause("t.project_id", 1)
    );
    on_db!(db, pool => bind_all!(sqlx::query_as(sqlx::AssertSqlSafe(sql.clone())), &cohort.project_binds()).fetch_all(pool).await)
}

/// Workers' names by id.
pub async fn names(db: &Db, ids: &[i64]) -> sqlx::Result<Vec<(i64, String)>> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    let sql = format!("SELECT id, name FROM workers WHERE id IN ({})", crate::db::placeholders(1, ids.len()));
    let binds = crate::db::int_binds(ids);
    on_db!(db, pool => bind_all!(sqlx::query_as(sqlx::AssertSqlSafe(sql.clone())), &binds).fetch_all(pool).await)
}

/// (project, worker, name, ID number, newest roster line) of every roster line of workers `ids`.
pub async fn lines_of_workers(db: &Db, ids: &[i64]) -> sqlx::Result<Vec<(i64, i64, String, String, i64)>> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    let sql = format!(
        "SELECT e.project_id, w.id, w.name, w.id_number, MAX(e.id) FROM employments e \
         JOIN workers w ON w.id = e.worker_id WHERE w.id IN ({}) GROUP BY e.project_id, w.id, w.name, w.id_number",
        crate::db::placeholders(1, ids.len())
    );
    let binds = crate::db::int_binds(ids);
    on_db!(db, pool => bind_all!(sqlx::query_as(sqlx::AssertSqlSafe(sql.clone())), &binds).fetch_all(pool).await)
}

/// For the site terminals: (worker, name) of everyone on the project's site now.
pub async fn on_site_names(db: &Db, project_id: i64) -> sqlx::Result<Vec<(i64, String)>> {
    let sql = "SELECT w.id, w.name FROM employments e JOIN workers w ON w.id = e.worker_id \
               WHERE e.project_id = $1 AND e.status = 1 ORDER BY w.id";
    on_db!(db, pool => sqlx::query_as(sql).bind(project_id).fetch_all(pool).await)
}

/// Of `ids`, the workers who are or were on the project's roster.
pub async fn ever_on_roster(db: &Db, project_id: i64, ids: &[i64]) -> sqlx::Result<Vec<i64>> {
    let mut found = Vec::new();
    for chunk in ids.chunks(500) {
        let sql = format!(
            "SELECT DISTINCT worker_id FROM employments WHERE project_id = $1 AND worker_id IN ({})",
            crate::db::placeholders(2, chunk.len())
        );
        let binds = crate::db::int_binds(chunk);
        let rows: Vec<i64> = on_db!(db, pool => bind_all!(sqlx::query_scalar(sqlx::AssertSqlSafe(sql.clone())).bind(project_id), &binds).fetch_all(pool).await)?;
        found.extend(rows);
    }
    Ok(found)
}

/// One roster line as the worker-platform feed reports it.
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct FeedLine {
    pub employment_id: i64,
    pub worker_id: i64,
    pub name: String,
    pub id_number: String,
    pub phone: String,
    pub id_valid_to: String,
    pub unit_id: i64,
    pub team_id: i64,
    pub work_type: String,
    pub entry_date: String,
    pub exit_date: String,
    pub contract_signed: bool,
    pub contract_start: String,
    pub contract_end: String,
}

/// Every roster line of the project, past ones too, in order of entry.
pub async fn feed_lines(db: &Db, project_id: i64) -> sqlx::Result<Vec<FeedLine>> {
    let sql = "SELECT e.id AS employment_id, w.id AS worker_id, w.name, w.id_number, w.phone, w.id_valid_to, e.unit_id, \
               COALESCE(e.team_id, 0) AS team_id, e.work_type, e.entry_date, e.exit_date, e.contract_signed, \
               e.contract_start, e.contract_end \
               FROM employments e JOIN workers w ON w.id = e.worker_id WHERE e.project_id = $1 ORDER BY e.id";
    on_db!(db, pool => sqlx::query_as(sql).bind(project_id).fetch_all(pool).await)
}
