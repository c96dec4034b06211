//! The person and their place on a roster as a registration writes them, and what it checks them against:
//! the project's units and teams, the banks, the rosters the person is on already.

use crate::db::{Db, Tx};
use crate::{execute_in, on_db, on_tx};

/// What the ID card and the wage card say: the person, once across projects.
#[derive(Clone, Debug, Default, PartialEq, Eq, sqlx::FromRow)]
pub struct PersonFields {
    pub id_number: String,
    pub name: String,
    pub gender: i64,
    pub ethnicity: String,
    pub birth_date: String,
    pub address: String,
    pub issuing_authority: String,
    pub id_valid_from: String,
    pub id_valid_to: String,
    pub photo: String,
    pub phone: String,
    pub wage_card_number: String,
    pub wage_card_bank: String,
}

/// A worker's place on a project's roster.
#[derive(Clone, Debug, Default, PartialEq, Eq, sqlx::FromRow)]
pub struct EmploymentFields {
    pub unit_id: i64,
    pub team_id: Option<i64>,
    pub work_type: String,
    pub wage_kind: String,
    pub wage_fen: i64,
    pub contract_signed: bool,
    pub contract_start: String,
    pub contract_end: String,
    pub contract_file: String,
    pub entry_date: String,
}

/// An on-site unit of a project that may employ workers (not the builder).
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct UnitRow {
    pub id: i64,
    pub role: String,
    pub name: String,
}

#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct TeamRow {
    pub id: i64,
    pub unit_id: i64,
    pub name: String,
    pub work_type: String,
}

pub async fn units(db: &Db, project_id: i64) -> sqlx::Result<Vec<UnitRow>> {
    let sql = "SELECT pu.id, pu.role, c.name FROM project_units pu JOIN companies c ON c.id = pu.company_id \
               WHERE pu.project_id = $1 AND pu.status = 1 AND pu.role <> 'builder' ORDER BY pu.id";
    on_db!(db, pool => sqlx::query_as(sql).bind(project_id).fetch_all(pool).await)
}

/// The project's teams that have not left the site.
pub async fn teams(db: &Db, project_id: i64) -> sqlx::Result<Vec<TeamRow>> {
    let sql = "SELECT id, unit_id, name, work_type FROM teams WHERE project_id = $1 AND exit_date = '' ORDER BY id";
    on_db!(db, pool => sqlx::query_as(sql).bind(project_id).fetch_all(pool).await)
}

/// First-level banks (the wage card's bank): code and name.
pub async fn banks(db: &Db) -> sqlx::Result<Vec<(String, String)>> {
    let sql = "SELECT code, name FROM banks WHERE parent_code = '' ORDER BY sort, code";
    on_db!(db, pool => sqlx::query_as(sql).fetch_all(pool).await)
}

/// The project this worker is active on, other than `project_id`: its id and name.
pub async fn active_elsewhere(db: &Db, id_number: &str, project_id: i64) -> sqlx::Result<Option<(i64, String)>> {
    let sql = "SELECT p.id, p.name FROM workers w JOIN employments e ON e.worker_id = w.id JOIN projects p ON p.id = e.project_id \
               WHERE w.id_number = $1 AND e.status = 1 AND e.project_id <> $2 ORDER BY e.id LIMIT 1";
    on_db!(db, pool => sqlx::query_as(sql).bind(id_number).bind(project_id).fetch_optional(pool).await)
}

/// The project of the person's earliest roster line still on site: its clerk keeps the person's phone and
/// card while the person is on several rosters. None when they are on site nowhere.
pub async fn keeping_project(db: &Db, worker_id: i64) -> sqlx::Result<Option<i64>> {
    let sql = "SELECT project_id FROM employments WHERE worker_id = $1 AND status = 1 ORDER BY id LIMIT 1";
    on_db!(db, pool => sqlx::query_scalar(sql).bind(worker_id).fetch_optional(pool).await)
}

pub async fn active_here(db: &Db, id_number: &str, project_id: i64) -> sqlx::Result<bool> {
    let sql = "SELECT COUNT(*) FROM workers w JOIN employments e ON e.worker_id = w.id \
               WHERE w.id_number = $1 AND e.status = 1 AND e.project_id = $2";
    let count: i64 =
        on_db!(db, pool => sqlx::query_scalar(sql).bind(id_number).bind(project_id).fetch_one(pool).await)?;
    Ok(count > 0)
}

const UPSERT_PERSON: &str = "INSERT INTO workers (id_number, name, gender, ethnicity, birth_date, address, issuing_authority, \
    id_valid_from, id_valid_to, photo, phone, wage_card_number, wage_card_bank, created_at, updated_at) \
    VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $14) \
    ON CONFLICT (id_number) DO UPDATE SET name = excluded.name, gender = excluded.gender, birth_date = excluded.birth_date, \
    ethnicity = CASE WHEN excluded.ethnicity <> '' THEN excluded.ethnicity ELSE workers.ethnicity END, \
    address = CASE WHEN excluded.address <> '' THEN excluded.address ELSE workers.address END, \
    issuing_authority = CASE WHEN excluded.issuing_authority <> '' THEN excluded.issuing_authority ELSE workers.issuing_authority END, \
    id_valid_from = CASE WHEN excluded.id_valid_from <> '' THEN excluded.id_valid_from ELSE workers.id_valid_from END, \
    id_valid_to = CASE WHEN excluded.id_valid_to <> '' THEN excluded.id_valid_to ELSE workers.id_valid_to END, \
    photo = CASE WHEN excluded.photo <> '' THEN excluded.photo ELSE workers.photo END, \
    phone = excluded.phone, \
    wage_card_number = CASE WHEN excluded.wage_card_number <> '' THEN excluded.wage_card_number ELSE workers.wage_card_number END, \
    wage_card_bank = CASE WHEN excluded.wage_card_bank <> '' THEN excluded.wage_card_bank ELSE workers.wage_card_bank END, \
    updated_at = excluded.updated_at RETURNING id";

const INSERT_EMPLOYMENT: &str = "INSERT INTO employments (project_id, worker_id, unit_id, team_id, work_type, wage_kind, wage_fen, \
    contract_signed, contract_start, contract_end, contract_file, entry_date, status, created_at, updated_at) \
    VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, 1, $13, $13) \
    ON CONFLICT (project_id, worker_id) WHERE status = 1 DO NOTHING RETURNING id";

/// Who confirmed the worker's card as written although it fails its check digit (NULL / '' when nobody).
const SET_CARD_WAIVER: &str = "UPDATE workers SET card_check_waived_at = $2, card_check_waived_by = $3 WHERE id = $1";

/// Creates or refreshes the person inside `tx` (empty optional fields keep what is stored); their id.
pub async fn upsert_person(tx: &mut Tx, id_number: &str, person: &PersonFields, now: i64) -> sqlx::Result<i64> {
    on_tx!(tx, conn => sqlx::query_scalar(UPSERT_PERSON)
        .bind(id_number)
        .bind(&person.name)
        .bind(person.gender)
        .bind(&person.ethnicity)
        .bind(&person.birth_date)
        .bind(&person.address)
        .bind(&person.issuing_authority)
        .bind(&person.id_valid_from)
        .bind(&person.id_valid_to)
        .bind(&person.photo)
        .bind(&person.phone)
        .bind(&person.wage_card_number)
        .bind(&person.wage_card_bank)
        .bind(now)
        .fetch_one(&mut **conn)
        .await)
}

/// The id of the person stored under the ID number, read inside `tx`.
pub async fn person_id(tx: &mut Tx, id_number: &str) -> sqlx::Result<Option<i64>> {
    on_tx!(tx, conn => sqlx::query_scalar("SELECT id FROM workers WHERE id_number = $1").bind(id_number).fetch_optional(&mut **conn).await)
}

/// Puts the worker on the project's roster inside `tx`: the new line's id, None when they are active on the
/// project already.
pub async fn insert_employment(
    tx: &mut Tx,
    project_id: i64,
    worker_id: i64,
    employment: &EmploymentFields,
    now: i64,
) -> sqlx::Result<Option<i64>> {
    on_tx!(tx, conn => sqlx::query_scalar(INSERT_EMPLOYMENT)
        .bind(project_id)
        .bind(worker_id)
        .bind(employment.unit_id)
        .bind(employment.team_id)
        .bind(&employment.work_type)
        .bind(&employment.wage_kind)
        .bind(employment.wage_fen)
        .bind(employment.contract_signed)
        .bind(&employment.contract_start)
        .bind(&employment.contract_end)
        .bind(&employment.contract_file)
        .bind(&employment.entry_date)
        .bind(now)
        .fetch_optional(&mut **conn)
        .await)
}

/// Records inside `tx` when and by whom the worker's card was confirmed although it fails its check digit.
pub async fn set_card_waiver(tx: &mut Tx, worker_id: i64, waived_at: Option<i64>, waived_by: &str) -> sqlx::Result<()> {
    execute_in!(tx, sqlx::query(SET_CARD_WAIVER).bind(worker_id).bind(waived_at).bind(waived_by)).map(|_| ())
}
