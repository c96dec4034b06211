//! SQL of the teams (班组). One text for both backends.

use crate::clock;
use crate::db::{Db, Tx};
use crate::{execute_in, on_db};

/// A team as the list and the form show it. `status` is derived: 1 on site (no exit date), 2 exited.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct TeamRow {
    pub id: i64,
    pub project_id: i64,
    pub unit_id: i64,
    pub unit_name: String,
    pub unit_role: String,
    pub name: String,
    pub leader_name: String,
    pub leader_phone: String,
    pub leader_id_number: String,
    pub work_type: String,
    pub entry_date: String,
    pub exit_date: String,
    /// Workers on site.
    pub worker_count: i64,
}

const TEAM_SELECT: &str = "SELECT t.id, t.project_id, t.unit_id, c.name AS unit_name, u.role AS unit_role, t.name, \
    t.leader_name, t.leader_phone, t.leader_id_number, t.work_type, t.entry_date, t.exit_date, \
    (SELECT COUNT(*) FROM employments e WHERE e.team_id = t.id AND e.status = 1) AS worker_count \
    FROM teams t JOIN project_units u ON u.id = t.unit_id JOIN companies c ON c.id = u.company_id";

/// The list's filters ('' / 0 = any).
pub struct TeamFilter {
    pub project_id: i64,
    pub unit_id: i64,
    /// A LIKE pattern on the team name.
    pub name_pattern: String,
    /// 1 on site, 2 exited.
    pub status: i64,
}

const TEAM_WHERE: &str = "t.project_id = $1 AND ($2 = 0 OR t.unit_id = $2) AND ($3 = '' OR t.name LIKE $3 ESCAPE '\\') \
    AND ($4 = 0 OR ($4 = 1 AND t.exit_date = '') OR ($4 = 2 AND t.exit_date <> ''))";

pub async fn count(db: &Db, filter: &TeamFilter) -> sqlx::Result<i64> {
    let sql = format!("SELECT COUNT(*) FROM teams t WHERE {TEAM_WHERE}");
    on_db!(db, pool => sqlx::query_scalar(sqlx::AssertSqlSafe(sql.clone()))
        .bind(filter.project_id)
        .bind(filter.unit_id)
        .bind(&filter.name_pattern)
        .bind(filter.status)
        .fetch_one(pool)
        .await)
}

/// A page of teams, newest first.
pub async fn list(db: &Db, filter: &TeamFilter, limit: i64, offset: i64) -> sqlx::Result<Vec<TeamRow>> {
    let sql = format!("{TEAM_SELECT} WHERE {TEAM_WHERE} ORDER BY t.id DESC LIMIT $5 OFFSET $6");
    on_db!(db, pool => sqlx::query_as(sqlx::AssertSqlSafe(sql.clone()))
        .bind(filter.project_id)
        .bind(filter.unit_id)
        .bind(&filter.name_pattern)
        .bind(filter.status)
        .bind(limit)
        .bind(offset)
        .fetch_all(pool)
        .await)
}

pub async fn find(db: &Db, id: i64) -> sqlx::Result<Option<TeamRow>> {
    let sql = format!("{TEAM_SELECT} WHERE t.id = $1");
    on_db!(db, pool => sqlx::query_as(sqlx::AssertSqlSafe(sql.clone())).bind(id).fetch_optional(pool).await)
}

/// Whether another team of the unit has this name.
pub async fn name_taken(db: &Db, unit_id: i64, name: &str, except_id: i64) -> sqlx::Result<bool> {
    let sql = "SELECT COUNT(*) FROM teams WHERE unit_id = $1 AND name = $2 AND id <> $3";
    let count: i64 =
        on_db!(db, pool => sqlx::query_scalar(sql).bind(unit_id).bind(name).bind(except_id).fetch_one(pool).await)?;
    Ok(count > 0)
}

/// How many employments (past ones too) and how many on site refer to the team.
pub async fn employments(db: &Db, team_id: i64) -> sqlx::Result<(i64, i64)> {
    let sql = "SELECT (SELECT COUNT(*) FROM employments WHERE team_id = $1), \
               (SELECT COUNT(*) FROM employments WHERE team_id = $1 AND status = 1)";
    on_db!(db, pool => sqlx::query_as(sql).bind(team_id).fetch_one(pool).await)
}

/// What a save writes.
pub struct TeamFields<'a> {
    pub unit_id: i64,
    pub name: &'a str,
    pub leader_name: &'a str,
    pub leader_phone: &'a str,
    pub leader_id_number: &'a str,
    pub work_type: &'a str,
    pub entry_date: &'a str,
}

/// A new team; None when the unit has a team of that name already.
pub async fn insert(db: &Db, project_id: i64, team: &TeamFields<'_>) -> sqlx::Result<Option<i64>> {
    let sql = "INSERT INTO teams (project_id, unit_id, name, leader_name, leader_phone, leader_id_number, work_type, \
               entry_date, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9) \
               ON CONFLICT (unit_id, name) DO NOTHING RETURNING id";
    on_db!(db, pool => sqlx::query_scalar(sql)
        .bind(project_id)
        .bind(team.unit_id)
        .bind(team.name)
        .bind(team.leader_name)
        .bind(team.leader_phone)
        .bind(team.leader_id_number)
        .bind(team.work_type)
        .bind(team.entry_date)
        .bind(clock::now())
        .fetch_optional(pool)
        .await)
}

pub async fn update(db: &Db, id: i64, team: &TeamFields<'_>) -> sqlx::Result<u64> {
    let sql = "UPDATE teams SET unit_id = $1, name = $2, leader_name = $3, leader_phone = $4, leader_id_number = $5, \
               work_type = $6, entry_date = $7, updated_at = $8 WHERE id = $9";
    on_db!(db, pool => sqlx::query(sql)
        .bind(team.unit_id)
        .bind(team.name)
        .bind(team.leader_name)
        .bind(team.leader_phone)
        .bind(team.leader_id_number)
        .bind(team.work_type)
        .bind(team.entry_date)
        .bind(clock::now())
        .bind(id)
        .execute(pool)
        .await
        .map(|done| done.rows_affected()))
}

/// The team leaves on `exit_date` unless it has left already or has workers on site.
pub async fn exit(db: &Db, id: i64, exit_date: &str) -> sqlx::Result<u64> {
    let sql = "UPDATE teams SET exit_date = $1, updated_at = $2 WHERE id = $3 AND exit_date = '' \
               AND NOT EXISTS (SELECT 1 FROM employments e WHERE e.team_id = $3 AND e.status = 1)";
    on_db!(db, pool => sqlx::query(sql).bind(exit_date).bind(clock::now()).bind(id).execute(pool).await.map(|done| done.rows_affected()))
}

/// The unit's teams still on site leave on `exit_date`, inside `tx` (the unit's exit).
pub async fn end_for_unit(tx: &mut Tx, unit_id: i64, exit_date: &str, now: i64) -> sqlx::Result<u64> {
    let sql = "UPDATE teams SET exit_date = $1, updated_at = $2 WHERE unit_id = $3 AND exit_date = ''";
    execute_in!(tx, sqlx::query(sql).bind(exit_date).bind(now).bind(unit_id))
}

/// Deletes the team unless an employment refers to it.
pub async fn delete(db: &Db, id: i64) -> sqlx::Result<u64> {
    let sql = "DELETE FROM teams WHERE id = $1 AND NOT EXISTS (SELECT 1 FROM employments e WHERE e.team_id = $1)";
    on_db!(db, pool => sqlx::query(sql).bind(id).execute(pool).await.map(|done| done.rows_affected()))
}
