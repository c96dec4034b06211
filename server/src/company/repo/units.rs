//! SQL of a project's units after registration (issue 4 items 2 and 3): the participating units' list,
//! their saves, exit, re-entry and removal, and the wage guarantee's change records. One text for both
//! backends.

use super::UnitFields;
use crate::clock;
use crate::db::{Db, Tx};
use crate::{execute_in, on_db, on_tx};

pub const ROLE_ORDER: &str = "CASE u.role WHEN 'builder' THEN 0 WHEN 'contractor' THEN 1 ELSE 2 END";

/// A unit as stored, with its role, entry and exit.
#[derive(Clone, Debug, Default, PartialEq, Eq, sqlx::FromRow)]
pub struct UnitRecord {
    pub id: i64,
    pub project_id: i64,
    pub company_id: i64,
    pub role: String,
    pub construction_type: String,
    #[sqlx(flatten)]
    pub fields: UnitFields,
    pub entry_date: String,
    pub exit_date: String,
    /// 1 on site, 2 exited.
    pub status: i64,
}

const UNIT_COLUMNS: &str = "u.id, u.project_id, u.company_id, u.role, u.construction_type, u.project_leader, \
    u.project_leader_phone, u.project_leader_id_number, u.labor_leader, u.labor_leader_phone, u.labor_leader_id_number, \
    u.site_manager, u.site_manager_phone, u.site_manager_id_number, u.contract_attachments, u.pay_type, u.deposit_fen, \
    u.guarantee_path, u.guarantee_start, u.guarantee_end, u.entry_date, u.exit_date, u.status";

pub async fn find_by_id(db: &Db, id: i64) -> sqlx::Result<Option<UnitRecord>> {
    let sql = format!("SELECT {UNIT_COLUMNS} FROM project_units u WHERE u.id = $1");
    on_db!(db, pool => sqlx::query_as(sqlx::AssertSqlSafe(sql.clone())).bind(id).fetch_optional(pool).await)
}

/// The project's builder or general contractor.
pub async fn find_by_role(db: &Db, project_id: i64, role: &str) -> sqlx::Result<Option<UnitRecord>> {
    let sql = format!(
        "SELECT {UNIT_COLUMNS} FROM project_units u WHERE u.project_id = $1 AND u.role = $2 ORDER BY u.id LIMIT 1"
    );
    on_db!(db, pool => sqlx::query_as(sqlx::AssertSqlSafe(sql.clone())).bind(project_id).bind(role).fetch_optional(pool).await)
}

/// The filters of the participating units' list ('' / 0 = any).
pub struct ListFilter {
    pub project_id: i64,
    /// A LIKE pattern on the company name.
    pub name_pattern: String,
    pub role: String,
    pub status: i64,
}

/// One line of the participating units' list.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct UnitListRow {
    pub id: i64,
    pub role: String,
    pub construction_type: String,
    pub company_name: String,
    pub social_credit_code: String,
    pub project_leader: String,
    pub project_leader_phone: String,
    pub entry_date: String,
    pub exit_date: String,
    pub status: i64,
    pub team_count: i64,
    /// Employments on site.
    pub worker_count: i64,
}

const LIST_WHERE: &str = "u.project_id = $1 AND ($2 = '' OR c.name LIKE $2 ESCAPE '\\') AND ($3 = '' OR u.role = $3) \
    AND ($4 = 0 OR u.status = $4)";

pub async fn count_units(db: &Db, filter: &ListFilter) -> sqlx::Result<i64> {
    let sql =
        format!("SELECT COUNT(*) FROM project_units u JOIN companies c ON c.id = u.company_id WHERE {LIST_WHERE}");
    on_db!(db, pool => sqlx::query_scalar(sqlx::AssertSqlSafe(sql.clone()))
        .bind(filter.project_id)
        .bind(&filter.name_pattern)
        .bind(&filter.role)
        .bind(filter.status)
        .fetch_one(pool)
        .await)
}

/// A page of units: builder, general contractor, then the newest participating units first.
pub async fn list_units(db: &Db, filter: &ListFilter, limit: i64, offset: i64) -> sqlx::Result<Vec<UnitListRow>> {
    let sql = format!(
        "SELECT u.id, u.role, u.construction_type, c.name AS company_name, c.social_credit_code, u.project_leader, \
         u.project_leader_phone, u.entry_date, u.exit_date, u.status, \
         (SELECT COUNT(*) FROM teams t WHERE t.unit_id = u.id) AS team_count, \
         (SELECT COUNT(*) FROM employments e WHERE e.unit_id = u.id AND e.status = 1) AS worker_count \
         FROM project_units u JOIN companies c ON c.id = u.company_id WHERE {LIST_WHERE} \
         ORDER BY {ROLE_ORDER}, u.id DESC LIMIT $5 OFFSET $6"
    );
    on_db!(db, pool => sqlx::query_as(sqlx::AssertSqlSafe(sql.clone()))
        .bind(filter.project_id)
        .bind(&filter.name_pattern)
        .bind(&filter.role)
        .bind(filter.status)
        .bind(limit)
        .bind(offset)
        .fetch_all(pool)
        .await)
}

/// A unit for a select.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct UnitChoiceRow {
    pub id: i64,
    pub name: String,
    pub role: String,
    pub status: i64,
}

/// Every unit of the project (status 0 = any), in list order.
pub async fn all_units(db: &Db, project_id: i64, status: i64) -> sqlx::Result<Vec<UnitChoiceRow>> {
    let sql = format!(
        "SELECT u.id, c.name, u.role, u.status FROM project_units u JOIN companies c ON c.id = u.company_id \
         WHERE u.project_id = $1 AND ($2 = 0 OR u.status = $2) ORDER BY {ROLE_ORDER}, u.id"
    );
    on_db!(db, pool => sqlx::query_as(sqlx::AssertSqlSafe(sql.clone())).bind(project_id).bind(status).fetch_all(pool).await)
}

pub async fn company_in_project(db: &Db, project_id: i64, company_id: i64) -> sqlx::Result<bool> {
    let sql = "SELECT COUNT(*) FROM project_units WHERE project_id = $1 AND company_id = $2";
    let count: i64 =
        on_db!(db, pool => sqlx::query_scalar(sql).bind(project_id).bind(company_id).fetch_one(pool).await)?;
    Ok(count > 0)
}

/// A participating unit's own fields as a save writes them.
pub struct ParticipantFields<'a> {
    pub role: &'a str,
    pub construction_type: &'a str,
    pub fields: &'a UnitFields,
    pub entry_date: &'a str,
}

pub async fn insert_participant(
    db: &Db,
    project_id: i64,
    company_id: i64,
    unit: &ParticipantFields<'_>,
) -> sqlx::Result<i64> {
    let now = clock::now();
    let sql = "INSERT INTO project_units (project_id, company_id, role, construction_type, project_leader, \
               project_leader_phone, project_leader_id_number, labor_leader, labor_leader_phone, labor_leader_id_number, \
               site_manager, site_manager_phone, site_manager_id_number, contract_attachments, entry_date, status, \
               created_at, updated_at) \
               VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, 1, $16, $16) RETURNING id";
    let f = unit.fields;
    on_db!(db, pool => bind_leaders!(sqlx::query_scalar(sql)
        .bind(project_id)
        .bind(company_id)
        .bind(unit.role)
        .bind(unit.construction_type), f)
        .bind(&f.contract_attachments)
        .bind(unit.entry_date)
        .bind(now)
        .fetch_one(pool)
        .await)
}

/// A participating unit's edit: everything but the company.
pub async fn update_participant(db: &Db, id: i64, unit: &ParticipantFields<'_>) -> sqlx::Result<u64> {
    let sql = "UPDATE project_units SET role = $1, construction_type = $2, project_leader = $3, project_leader_phone = $4, \
               project_leader_id_number = $5, labor_leader = $6, labor_leader_phone = $7, labor_leader_id_number = $8, \
               site_manager = $9, site_manager_phone = $10, site_manager_id_number = $11, contract_attachments = $12, \
               entry_date = $13, updated_at = $14 WHERE id = $15 AND role IN ('subcontractor', 'labour')";
    let f = unit.fields;
    on_db!(db, pool => bind_leaders!(sqlx::query(sql)
        .bind(unit.role)
        .bind(unit.construction_type), f)
        .bind(&f.contract_attachments)
        .bind(unit.entry_date)
        .bind(clock::now())
        .bind(id)
        .execute(pool)
        .await
        .map(|done| done.rows_affected()))
}

/// The builder's or general contractor's leaders (company_edit_save).
pub async fn update_leaders(db: &Db, id: i64, f: &UnitFields) -> sqlx::Result<u64> {
    let sql = "UPDATE project_units SET project_leader = $1, project_leader_phone = $2, project_leader_id_number = $3, \
               labor_leader = $4, labor_leader_phone = $5, labor_leader_id_number = $6, site_manager = $7, \
               site_manager_phone = $8, site_manager_id_number = $9, updated_at = $10 WHERE id = $11";
    on_db!(db, pool => bind_leaders!(sqlx::query(sql), f)
        .bind(clock::now())
        .bind(id)
        .execute(pool)
        .await
        .map(|done| done.rows_affected()))
}

/// What refers to a unit.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct UnitReferences {
    pub teams: i64,
    /// Teams without an exit date.
    pub teams_on_site: i64,
    /// Every employment, past ones included (a wage record will refer to them).
    pub employments: i64,
    pub employments_on_site: i64,
    pub wage_sheets: i64,
}

pub async fn references(db: &Db, unit_id: i64) -> sqlx::Result<UnitReferences> {
    let sql = "SELECT (SELECT COUNT(*) FROM teams WHERE unit_id = $1), \
               (SELECT COUNT(*) FROM teams WHERE unit_id = $1 AND exit_date = ''), \
               (SELECT COUNT(*) FROM employments WHERE unit_id = $1), \
               (SELECT COUNT(*) FROM employments WHERE unit_id = $1 AND status = 1), \
               (SELECT COUNT(*) FROM wage_sheets WHERE unit_id = $1)";
    let (teams, teams_on_site, employments, employments_on_site, wage_sheets): (i64, i64, i64, i64, i64) =
        on_db!(db, pool => sqlx::query_as(sql).bind(unit_id).fetch_one(pool).await)?;
    Ok(UnitReferences { teams, teams_on_site, employments, employments_on_site, wage_sheets })
}

/// The latest entry date of the unit's teams still on site ('' when none).
pub async fn latest_team_entry(db: &Db, unit_id: i64) -> sqlx::Result<String> {
    let sql = "SELECT COALESCE(MAX(entry_date), '') FROM teams WHERE unit_id = $1 AND exit_date = ''";
    on_db!(db, pool => sqlx::query_scalar(sql).bind(unit_id).fetch_one(pool).await)
}

/// The unit (still on site, without workers on site) exits on `exit_date`. False (nothing written) when it no
/// longer qualifies.
pub async fn exit_unit(tx: &mut Tx, id: i64, exit_date: &str, now: i64) -> sqlx::Result<bool> {
    let exited = execute_in!(
        tx,
        sqlx::query(
            "UPDATE project_units SET status = 2, exit_date = $1, updated_at = $2 WHERE id = $3 AND status = 1 \
             AND NOT EXISTS (SELECT 1 FROM employments e WHERE e.unit_id = $3 AND e.status = 1)",
        )
        .bind(exit_date)
        .bind(now)
        .bind(id)
    )?;
    Ok(exited == 1)
}

/// An exited unit comes back on `entry_date`.
pub async fn reenter_unit(db: &Db, id: i64, entry_date: &str) -> sqlx::Result<u64> {
    let sql = "UPDATE project_units SET status = 1, entry_date = $1, exit_date = '', updated_at = $2 WHERE id = $3 AND status = 2";
    on_db!(db, pool => sqlx::query(sql).bind(entry_date).bind(clock::now()).bind(id).execute(pool).await.map(|done| done.rows_affected()))
}

/// Deletes the participating unit when nothing refers to it; false (nothing deleted) when it gained a team or
/// an employment meanwhile.
pub async fn delete_unit(tx: &mut Tx, id: i64) -> sqlx::Result<bool> {
    let deleted = execute_in!(
        tx,
        sqlx::query(
            "DELETE FROM project_units WHERE id = $1 AND role IN ('subcontractor', 'labour') \
             AND NOT EXISTS (SELECT 1 FROM teams t WHERE t.unit_id = $1) \
             AND NOT EXISTS (SELECT 1 FROM employments e WHERE e.unit_id = $1)",
        )
        .bind(id)
    )?;
    Ok(deleted == 1)
}

/// The guarantee fields a change writes.
pub struct GuaranteeUpdate<'a> {
    pub pay_type: &'a str,
    pub deposit_fen: Option<i64>,
    pub guarantee_path: &'a str,
    pub guarantee_start: &'a str,
    pub guarantee_end: &'a str,
}

const GUARANTEE_UPDATE: &str = "UPDATE project_units SET pay_type = $1, deposit_fen = $2, guarantee_path = $3, \
    guarantee_start = $4, guarantee_end = $5, updated_at = $6 WHERE id = $7";

fn bind_guarantee<'q, DB: sqlx::Database>(
    query: sqlx::query::Query<'q, DB, <DB as sqlx::Database>::Arguments>,
    update: &GuaranteeUpdate<'q>,
    now: i64,
    unit_id: i64,
) -> sqlx::query::Query<'q, DB, <DB as sqlx::Database>::Arguments>
where
    &'q str: sqlx::Encode<'q, DB> + sqlx::Type<DB>,
    Option<i64>: sqlx::Encode<'q, DB> + sqlx::Type<DB>,
    i64: sqlx::Encode<'q, DB> + sqlx::Type<DB>,
{
    query
        .bind(update.pay_type)
        .bind(update.deposit_fen)
        .bind(update.guarantee_path)
        .bind(update.guarantee_start)
        .bind(update.guarantee_end)
        .bind(now)
        .bind(unit_id)
}

/// Sets a unit's guarantee without a change record (the demo's registration data).
pub async fn set_guarantee(db: &Db, unit_id: i64, update: &GuaranteeUpdate<'_>) -> sqlx::Result<u64> {
    let now = clock::now();
    on_db!(db, pool => bind_guarantee(sqlx::query(GUARANTEE_UPDATE), update, now, unit_id).execute(pool).await.map(|done| done.rows_affected()))
}

/// The change's record.
pub struct GuaranteeChange<'a> {
    pub project_id: i64,
    pub unit_id: i64,
    pub account_id: i64,
    pub before_json: &'a str,
    pub after_json: &'a str,
    pub reason: &'a str,
}

/// Applies the new guarantee and records the change inside `tx`. Answers the change's id.
pub async fn change_guarantee(
    tx: &mut Tx,
    update: &GuaranteeUpdate<'_>,
    change: &GuaranteeChange<'_>,
    now: i64,
) -> sqlx::Result<i64> {
    execute_in!(&mut *tx, bind_guarantee(sqlx::query(GUARANTEE_UPDATE), update, now, change.unit_id))?;
    let id: i64 = on_tx!(tx, conn => sqlx::query_scalar(
        "INSERT INTO guarantee_changes (project_id, unit_id, account_id, before_json, after_json, reason, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id",
    )
    .bind(change.project_id)
    .bind(change.unit_id)
    .bind(change.account_id)
    .bind(change.before_json)
    .bind(change.after_json)
    .bind(change.reason)
    .bind(now)
    .fetch_one(&mut **conn)
    .await)?;
    Ok(id)
}

/// A guarantee change as the information page lists it.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct GuaranteeChangeRow {
    pub id: i64,
    pub project_id: i64,
    pub unit_id: i64,
    pub account_name: String,
    pub before_json: String,
    pub after_json: String,
    pub reason: String,
    pub is_read: bool,
    pub read_at: Option<i64>,
    pub created_at: i64,
}

const CHANGE_COLUMNS: &str = "g.id, g.project_id, g.unit_id, COALESCE(a.name, '') AS account_name, g.before_json, \
    g.after_json, g.reason, g.is_read, g.read_at, g.created_at";

/// A unit's guarantee changes, newest first.
pub async fn guarantee_changes(db: &Db, unit_id: i64) -> sqlx::Result<Vec<GuaranteeChangeRow>> {
    let sql = format!(
        "SELECT {CHANGE_COLUMNS} FROM guarantee_changes g LEFT JOIN accounts a ON a.id = g.account_id \
         WHERE g.unit_id = $1 ORDER BY g.created_at DESC, g.id DESC"
    );
    on_db!(db, pool => sqlx::query_as(sqlx::AssertSqlSafe(sql.clone())).bind(unit_id).fetch_all(pool).await)
}

pub async fn find_guarantee_change(db: &Db, id: i64) -> sqlx::Result<Option<GuaranteeChangeRow>> {
    let sql = format!(
        "SELECT {CHANGE_COLUMNS} FROM guarantee_changes g LEFT JOIN accounts a ON a.id = g.account_id WHERE g.id = $1"
    );
    on_db!(db, pool => sqlx::query_as(sqlx::AssertSqlSafe(sql.clone())).bind(id).fetch_optional(pool).await)
}

/// Marks a change read by the regulator `account_id` inside `tx`. Answers whether it was unread.
pub async fn set_guarantee_read(tx: &mut Tx, id: i64, account_id: i64, now: i64) -> sqlx::Result<bool> {
    let marked = execute_in!(
        tx,
        sqlx::query(
            "UPDATE guarantee_changes SET is_read = TRUE, read_by = $1, read_at = $2 WHERE id = $3 AND is_read = FALSE"
        )
        .bind(account_id)
        .bind(now)
        .bind(id)
    )?;
    Ok(marked == 1)
}
