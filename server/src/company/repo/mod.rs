//! SQL of the companies and their part in a project (wizard steps 2 and 3). One text for both backends.

use crate::clock;
use crate::db::{Db, Tx};
use crate::{execute_in, on_db, on_tx};

/// Binds a unit's three leaders (name, phone and ID number each) to nine consecutive placeholders.
macro_rules! bind_leaders {
    ($query:expr, $fields:expr) => {
        $query
            .bind(&$fields.project_leader)
            .bind(&$fields.project_leader_phone)
            .bind(&$fields.project_leader_id_number)
            .bind(&$fields.labor_leader)
            .bind(&$fields.labor_leader_phone)
            .bind(&$fields.labor_leader_id_number)
            .bind(&$fields.site_manager)
            .bind(&$fields.site_manager_phone)
            .bind(&$fields.site_manager_id_number)
    };
}

pub mod units;

/// A company as stored. `social_credit_code` is 18 upper-case characters or '/'.
#[derive(Clone, Debug, Default, PartialEq, Eq, sqlx::FromRow)]
pub struct CompanyRow {
    pub id: i64,
    #[sqlx(flatten)]
    pub fields: CompanyFields,
    pub locked: bool,
}

const COMPANY_COLUMNS: &str = "c.id, c.social_credit_code, c.name, c.registered_area, c.register_date, \
    c.registered_address, c.legal_person, c.legal_person_phone, c.legal_person_id_number, c.office_address, \
    c.company_type, c.locked";

/// A project's unit (builder or contractor) as stored, without the company.
#[derive(Clone, Debug, Default, PartialEq, Eq, sqlx::FromRow)]
pub struct UnitRow {
    pub id: i64,
    pub company_id: i64,
    #[sqlx(flatten)]
    pub fields: UnitFields,
}

const FIND_UNIT: &str = "SELECT id, company_id, project_leader, project_leader_phone, project_leader_id_number, \
    labor_leader, labor_leader_phone, labor_leader_id_number, site_manager, site_manager_phone, site_manager_id_number, \
    contract_attachments, pay_type, deposit_fen, guarantee_path, guarantee_start, guarantee_end \
    FROM project_units WHERE project_id = $1 AND role = $2";

pub async fn find_unit(db: &Db, project_id: i64, role: &str) -> sqlx::Result<Option<UnitRow>> {
    on_db!(db, pool => sqlx::query_as(FIND_UNIT).bind(project_id).bind(role).fetch_optional(pool).await)
}

/// The unit as `tx` sees it (a save reads back what it wrote, for its log line).
pub async fn find_unit_in(tx: &mut Tx, project_id: i64, role: &str) -> sqlx::Result<Option<UnitRow>> {
    on_tx!(tx, conn => sqlx::query_as(FIND_UNIT).bind(project_id).bind(role).fetch_optional(&mut **conn).await)
}

pub async fn find_company(db: &Db, id: i64) -> sqlx::Result<Option<CompanyRow>> {
    let sql = format!("SELECT {COMPANY_COLUMNS} FROM companies c WHERE c.id = $1");
    on_db!(db, pool => sqlx::query_as(sqlx::AssertSqlSafe(sql.clone())).bind(id).fetch_optional(pool).await)
}

/// The company as `tx` sees it.
pub async fn find_company_in(tx: &mut Tx, id: i64) -> sqlx::Result<Option<CompanyRow>> {
    let sql = format!("SELECT {COMPANY_COLUMNS} FROM companies c WHERE c.id = $1");
    on_tx!(tx, conn => sqlx::query_as(sqlx::AssertSqlSafe(sql.clone())).bind(id).fetch_optional(&mut **conn).await)
}

/// The company with this (real, 18-character) credit code.
pub async fn find_company_by_code(db: &Db, code: &str) -> sqlx::Result<Option<CompanyRow>> {
    let sql = format!(
        "SELECT {COMPANY_COLUMNS} FROM companies c WHERE c.social_credit_code = $1 AND c.social_credit_code <> '/'"
    );
    on_db!(db, pool => sqlx::query_as(sqlx::AssertSqlSafe(sql.clone())).bind(code).fetch_optional(pool).await)
}

/// Companies with a real credit code whose name contains `name`, shortest names first, at most `limit`.
pub async fn search_companies(db: &Db, name: &str, limit: i64) -> sqlx::Result<Vec<CompanyRow>> {
    let escaped = name.replace('\\', "\\\\").replace('%', "\\%").replace('_', "\\_");
    let pattern = format!("%{escaped}%");
    let sql = format!(
        "SELECT {COMPANY_COLUMNS} FROM companies c WHERE c.social_credit_code <> '/' AND c.name LIKE $1 ESCAPE '\\' \
         ORDER BY LENGTH(c.name), c.name, c.id LIMIT $2"
    );
    on_db!(db, pool => sqlx::query_as(sqlx::AssertSqlSafe(sql.clone())).bind(&pattern).bind(limit).fetch_all(pool).await)
}

/// A company's own fields: what a save writes (ignored for a locked company, which keeps its stored ones)
/// and a load reads.
#[derive(Clone, Debug, Default, PartialEq, Eq, sqlx::FromRow)]
pub struct CompanyFields {
    pub social_credit_code: String,
    pub name: String,
    pub registered_area: String,
    pub register_date: String,
    pub registered_address: String,
    pub legal_person: String,
    pub legal_person_phone: String,
    pub legal_person_id_number: String,
    pub office_address: String,
    pub company_type: String,
}

/// Which company the unit is to point at.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CompanyChoice {
    /// A locked company: linked as it is.
    Keep(i64),
    /// An unlocked company: its fields are overwritten and it is locked.
    Update(i64, CompanyFields),
    /// A new company (created locked). With a real code, an existing one wins if another save created
    /// it in the meantime.
    Create(CompanyFields),
}

/// A unit's own fields: what a save writes and a load reads.
#[derive(Clone, Debug, Default, PartialEq, Eq, sqlx::FromRow)]
pub struct UnitFields {
    pub project_leader: String,
    pub project_leader_phone: String,
    pub project_leader_id_number: String,
    pub labor_leader: String,
    pub labor_leader_phone: String,
    pub labor_leader_id_number: String,
    pub site_manager: String,
    pub site_manager_phone: String,
    pub site_manager_id_number: String,
    pub contract_attachments: String,
    pub pay_type: String,
    pub deposit_fen: Option<i64>,
    pub guarantee_path: String,
    pub guarantee_start: String,
    pub guarantee_end: String,
}

const UPDATE_COMPANY: &str = "UPDATE companies SET social_credit_code = $1, name = $2, registered_area = $3, \
    register_date = $4, registered_address = $5, legal_person = $6, legal_person_phone = $7, legal_person_id_number = $8, \
    office_address = $9, company_type = $10, locked = $11, updated_at = $12 WHERE id = $13";
const INSERT_COMPANY: &str = "INSERT INTO companies (social_credit_code, name, registered_area, register_date, \
    registered_address, legal_person, legal_person_phone, legal_person_id_number, office_address, company_type, locked, \
    created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $12) \
    ON CONFLICT (social_credit_code) WHERE social_credit_code <> '/' DO NOTHING RETURNING id";
const COMPANY_ID_BY_CODE: &str = "SELECT id FROM companies WHERE social_credit_code = $1";

/// Binds a company's fields to $1–$10 of `UPDATE_COMPANY` / `INSERT_COMPANY`.
macro_rules! bind_company {
    ($query:expr, $fields:expr) => {
        $query
            .bind(&$fields.social_credit_code)
            .bind(&$fields.name)
            .bind(&$fields.registered_area)
            .bind(&$fields.register_date)
            .bind(&$fields.registered_address)
            .bind(&$fields.legal_person)
            .bind(&$fields.legal_person_phone)
            .bind(&$fields.legal_person_id_number)
            .bind(&$fields.office_address)
            .bind(&$fields.company_type)
    };
}

/// Creates, updates (and locks) or keeps the company of `choice` outside a transaction (a participating
/// unit's save: a company row left by a failed unit insert is harmless, companies are shared). Answers its id.
pub async fn resolve_company(db: &Db, choice: &CompanyChoice) -> sqlx::Result<i64> {
    let now = clock::now();
    match choice {
        CompanyChoice::Keep(id) => Ok(*id),
        CompanyChoice::Update(id, fields) => {
            on_db!(db, pool => bind_company!(sqlx::query(UPDATE_COMPANY), fields).bind(true).bind(now).bind(*id).execute(pool).await.map(|_| ()))?;
            Ok(*id)
        }
        CompanyChoice::Create(fields) => {
            let inserted: Option<i64> = on_db!(db, pool => bind_company!(sqlx::query_scalar(INSERT_COMPANY), fields)
                .bind(true)
                .bind(now)
                .fetch_optional(pool)
                .await)?;
            match inserted {
                Some(id) => Ok(id),
                None => {
                    on_db!(db, pool => sqlx::query_scalar(COMPANY_ID_BY_CODE).bind(&fields.social_credit_code).fetch_one(pool).await)
                }
            }
        }
    }
}

/// Creates, updates (and locks) or keeps the company of `choice` inside `tx`; answers its id.
pub async fn write_company(tx: &mut Tx, choice: &CompanyChoice, now: i64) -> sqlx::Result<i64> {
    match choice {
        CompanyChoice::Keep(id) => Ok(*id),
        CompanyChoice::Update(id, fields) => {
            execute_in!(&mut *tx, bind_company!(sqlx::query(UPDATE_COMPANY), fields).bind(true).bind(now).bind(*id))?;
            Ok(*id)
        }
        CompanyChoice::Create(fields) => {
            let inserted: Option<i64> = on_tx!(&mut *tx, conn => bind_company!(sqlx::query_scalar(INSERT_COMPANY), fields)
                .bind(true)
                .bind(now)
                .fetch_optional(&mut **conn)
                .await)?;
            match inserted {
                Some(id) => Ok(id),
                None => {
                    on_tx!(tx, conn => sqlx::query_scalar(COMPANY_ID_BY_CODE).bind(&fields.social_credit_code).fetch_one(&mut **conn).await)
                }
            }
        }
    }
}

/// Stores the project's unit of `role` (builder or contractor: one each) with its company.
pub async fn write_unit(
    tx: &mut Tx,
    project_id: i64,
    company_id: i64,
    role: &str,
    unit: &UnitFields,
    now: i64,
) -> sqlx::Result<()> {
    on_tx!(tx, conn => {
        let insert = sqlx::query(
            "INSERT INTO project_units (project_id, company_id, role, project_leader, project_leader_phone, \
             project_leader_id_number, labor_leader, labor_leader_phone, labor_leader_id_number, site_manager, \
             site_manager_phone, site_manager_id_number, contract_attachments, pay_type, deposit_fen, guarantee_path, \
             guarantee_start, guarantee_end, created_at, updated_at) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $19) \
             ON CONFLICT (project_id, role) WHERE role IN ('builder', 'contractor') DO UPDATE SET company_id = excluded.company_id, \
             project_leader = excluded.project_leader, project_leader_phone = excluded.project_leader_phone, \
             project_leader_id_number = excluded.project_leader_id_number, labor_leader = excluded.labor_leader, \
             labor_leader_phone = excluded.labor_leader_phone, labor_leader_id_number = excluded.labor_leader_id_number, \
             site_manager = excluded.site_manager, site_manager_phone = excluded.site_manager_phone, \
             site_manager_id_number = excluded.site_manager_id_number, \
             contract_attachments = excluded.contract_attachments, pay_type = excluded.pay_type, \
             deposit_fen = excluded.deposit_fen, guarantee_path = excluded.guarantee_path, \
             guarantee_start = excluded.guarantee_start, guarantee_end = excluded.guarantee_end, \
             updated_at = excluded.updated_at",
        )
        .bind(project_id)
        .bind(company_id)
        .bind(role);
        bind_leaders!(insert, unit)
            .bind(&unit.contract_attachments)
            .bind(&unit.pay_type)
            .bind(unit.deposit_fen)
            .bind(&unit.guarantee_path)
            .bind(&unit.guarantee_start)
            .bind(&unit.guarantee_end)
            .bind(now)
            .execute(&mut **conn)
            .await
            .map(|_| ())
    })
}

/// A unit of the project (steps 2–3) with its company: everything the clerk registered.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct RegisteredUnit {
    pub role: String,
    pub company_id: i64,
    pub locked: bool,
    pub name: String,
    pub social_credit_code: String,
    pub legal_person: String,
    pub legal_person_phone: String,
    pub project_leader: String,
    pub project_leader_phone: String,
    pub labor_leader: String,
    pub labor_leader_phone: String,
    pub site_manager: String,
    pub site_manager_phone: String,
    pub contract_attachments: String,
    pub pay_type: String,
    pub deposit_fen: Option<i64>,
    pub guarantee_path: String,
    pub guarantee_start: String,
    pub guarantee_end: String,
}

/// The registration's units (steps 2–3), builder before contractor. The roster's later roles
/// (subcontractor, labour) are not part of what the regulator registers.
pub async fn registered_units(db: &Db, project_id: i64) -> sqlx::Result<Vec<RegisteredUnit>> {
    let sql = "SELECT u.role, c.id AS company_id, c.locked, c.name, c.social_credit_code, c.legal_person, \
               c.legal_person_phone, u.project_leader, u.project_leader_phone, u.labor_leader, u.labor_leader_phone, \
               u.site_manager, u.site_manager_phone, u.contract_attachments, u.pay_type, u.deposit_fen, \
               u.guarantee_path, u.guarantee_start, u.guarantee_end FROM project_units u \
               JOIN companies c ON c.id = u.company_id \
               WHERE u.project_id = $1 AND u.role IN ('builder', 'contractor') ORDER BY u.role";
    on_db!(db, pool => sqlx::query_as(sql).bind(project_id).fetch_all(pool).await)
}

/// Whether the company is a unit of the project (any role).
pub async fn is_unit_of(db: &Db, project_id: i64, company_id: i64) -> sqlx::Result<bool> {
    let sql = "SELECT COUNT(*) FROM project_units WHERE project_id = $1 AND company_id = $2";
    let count: i64 =
        on_db!(db, pool => sqlx::query_scalar(sql).bind(project_id).bind(company_id).fetch_one(pool).await)?;
    Ok(count > 0)
}

/// Unlocks a locked company inside `tx`; false when it was not locked (nothing changes then).
pub async fn unlock_in(tx: &mut Tx, company_id: i64) -> sqlx::Result<bool> {
    let sql = "UPDATE companies SET locked = FALSE, updated_at = $1 WHERE id = $2 AND locked = TRUE";
    Ok(execute_in!(tx, sqlx::query(sql).bind(clock::now()).bind(company_id))? == 1)
}

/// The builder and general contractor of projects `ids` as the regulator's directory shows them.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct UnitBrief {
    pub project_id: i64,
    /// 'builder' or 'contractor'.
    pub role: String,
    pub name: String,
    pub pay_type: String,
    pub deposit_fen: Option<i64>,
    pub guarantee_path: String,
    pub guarantee_end: String,
}

/// The builder and general-contractor lines of the projects `ids`, in one query.
pub async fn unit_briefs(db: &Db, ids: &[i64]) -> sqlx::Result<Vec<UnitBrief>> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    let sql = format!(
        "SELECT u.project_id, u.role, c.name, u.pay_type, u.deposit_fen, u.guarantee_path, u.guarantee_end \
         FROM project_units u JOIN companies c ON c.id = u.company_id \
         WHERE u.role IN ('builder', 'contractor') AND u.project_id IN ({})",
        crate::db::placeholders(1, ids.len())
    );
    let binds = crate::db::int_binds(ids);
    on_db!(db, pool => crate::bind_all!(sqlx::query_as(sqlx::AssertSqlSafe(sql.clone())), &binds).fetch_all(pool).await)
}

/// For the early warnings: (project, unit, last day) of the units' wage guarantees that have a last day.
pub async fn guarantee_ends(db: &Db) -> sqlx::Result<Vec<(i64, i64, String)>> {
    let sql = "SELECT project_id, id, guarantee_end FROM project_units WHERE guarantee_end <> ''";
    on_db!(db, pool => sqlx::query_as(sql).fetch_all(pool).await)
}
