//! What the worker side reads of one person: his contact for the login, his roster lines on every project
//! and their wage standards.

use crate::db::Db;
use crate::on_db;

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct PersonRow {
    pub id: i64,
    pub name: String,
    pub id_number: String,
    pub phone: String,
}

pub async fn person_by_id_number(db: &Db, id_number: &str) -> sqlx::Result<Option<PersonRow>> {
    let sql = "SELECT id, name, id_number, phone FROM workers WHERE id_number = $1";
    on_db!(db, pool => sqlx::query_as(sql).bind(id_number).fetch_optional(pool).await)
}

pub async fn person(db: &Db, worker_id: i64) -> sqlx::Result<Option<PersonRow>> {
    let sql = "SELECT id, name, id_number, phone FROM workers WHERE id = $1";
    on_db!(db, pool => sqlx::query_as(sql).bind(worker_id).fetch_optional(pool).await)
}

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct StayRow {
    pub project_id: i64,
    pub project_name: String,
    pub unit_name: String,
    pub team_name: String,
    pub work_type: String,
    pub entry_date: String,
    pub exit_date: String,
    pub status: i64,
}

/// Every roster line of the person, newest entry first.
pub async fn stays_of_person(db: &Db, worker_id: i64) -> sqlx::Result<Vec<StayRow>> {
    let sql = "SELECT e.project_id, p.name AS project_name, COALESCE(c.name, '') AS unit_name, \
               COALESCE(t.name, '') AS team_name, e.work_type, e.entry_date, e.exit_date, e.status \
               FROM employments e JOIN projects p ON p.id = e.project_id \
               LEFT JOIN project_units pu ON pu.id = e.unit_id LEFT JOIN companies c ON c.id = pu.company_id \
               LEFT JOIN teams t ON t.id = e.team_id \
               WHERE e.worker_id = $1 ORDER BY e.entry_date DESC, e.id DESC";
    on_db!(db, pool => sqlx::query_as(sql).bind(worker_id).fetch_all(pool).await)
}

/// (project, effective from, kind, fen) of every wage standard of the person's roster lines, oldest first.
pub async fn rates_of_person(db: &Db, worker_id: i64) -> sqlx::Result<Vec<(i64, String, String, i64)>> {
    let sql = "SELECT e.project_id, r.effective_from, r.wage_kind, r.wage_fen FROM employment_rates r \
               JOIN employments e ON e.id = r.employment_id WHERE e.worker_id = $1 \
               ORDER BY e.project_id, r.effective_from, r.id";
    on_db!(db, pool => sqlx::query_as(sql).bind(worker_id).fetch_all(pool).await)
}
