use crate::clock;
use crate::db::{Db, Tx};
use crate::{execute, execute_in, on_db};

/// Audit status: '0' draft, '1' submitted, '2' approved, '3' rejected.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct ProjectSummary {
    pub id: i64,
    pub name: String,
    pub audit_status: String,
    pub property_status: i64,
    pub special_status: i64,
    pub cashdeposit: i64,
    pub mustbankinfo: i64,
}

impl ProjectSummary {
    /// The wizard may still be edited: draft or rejected.
    pub fn editable(&self) -> bool {
        matches!(self.audit_status.as_str(), "0" | "3")
    }
}

pub async fn find_summary(db: &Db, id: i64) -> sqlx::Result<Option<ProjectSummary>> {
    let sql = "SELECT id, name, audit_status, property_status, special_status, cashdeposit, mustbankinfo FROM projects WHERE id = $1";
    on_db!(db, pool => sqlx::query_as(sql).bind(id).fetch_optional(pool).await)
}

pub async fn create(db: &Db, name: &str, audit_status: &str, district_code: &str) -> sqlx::Result<i64> {
    let sql =
        "INSERT INTO projects (name, audit_status, district_code, created_at) VALUES ($1, $2, $3, $4) RETURNING id";
    on_db!(db, pool => sqlx::query_scalar(sql)
        .bind(name)
        .bind(audit_status)
        .bind(district_code)
        .bind(clock::now())
        .fetch_one(pool)
        .await)
}

/// The project's registration stepForm as stored (wizard step 1).
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct StepFormRow {
    pub id: i64,
    pub name: String,
    pub audit_status: String,
    pub auditremark: String,
    pub project_type: String,
    pub money_source: String,
    pub department_industry_id: String,
    pub district_code: String,
    pub district_ccode: String,
    pub selected_options: String,
    pub address: String,
    pub latlng: String,
    pub contract_price_fen: Option<i64>,
    pub start_time: String,
    pub completion_date: String,
    pub end_time: Option<i64>,
    pub gc_process: String,
    pub project_desc: String,
    pub tender_time: String,
    pub winning_time: String,
    pub region: String,
    pub wizard_step: i64,
    pub regulator_fields: String,
}

pub async fn find_step_form(db: &Db, id: i64) -> sqlx::Result<Option<StepFormRow>> {
    let sql = "SELECT id, name, audit_status, auditremark, project_type, money_source, department_industry_id, \
               district_code, district_ccode, selected_options, address, latlng, contract_price_fen, start_time, \
               completion_date, end_time, gc_process, project_desc, tender_time, winning_time, region, wizard_step, \
               regulator_fields FROM projects WHERE id = $1";
    on_db!(db, pool => sqlx::query_as(sql).bind(id).fetch_optional(pool).await)
}

/// Validated stepForm values to store.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StepFormUpdate {
    pub name: String,
    pub project_type: String,
    pub money_source: String,
    pub department_industry_id: String,
    pub district_code: String,
    pub district_ccode: String,
    pub selected_options: String,
    pub address: String,
    pub latlng: String,
    pub contract_price_fen: i64,
    pub start_time: String,
    pub completion_date: String,
    pub end_time: i64,
    pub gc_process: String,
    pub project_desc: String,
    pub tender_time: String,
    pub winning_time: String,
    pub region: String,
}

/// Stores step 1 and moves the wizard to step 2, only while the project is editable (draft or
/// rejected). Answers whether a row changed (false: the project was submitted in the meantime).
pub async fn save_step_form(db: &Db, id: i64, form: &StepFormUpdate) -> sqlx::Result<bool> {
    let sql = "UPDATE projects SET name = $1, project_type = $2, money_source = $3, department_industry_id = $4, \
               district_code = $5, district_ccode = $6, selected_options = $7, address = $8, latlng = $9, \
               contract_price_fen = $10, start_time = $11, completion_date = $12, end_time = $13, gc_process = $14, \
               project_desc = $15, tender_time = $16, winning_time = $17, region = $18, wizard_step = CASE WHEN wizard_step > 2 THEN wizard_step ELSE 2 END \
               WHERE id = $19 AND audit_status IN ('0', '3')";
    let changed = execute!(
        db,
        sqlx::query(sql)
            .bind(&form.name)
            .bind(&form.project_type)
            .bind(&form.money_source)
            .bind(&form.department_industry_id)
            .bind(&form.district_code)
            .bind(&form.district_ccode)
            .bind(&form.selected_options)
            .bind(&form.address)
            .bind(&form.latlng)
            .bind(form.contract_price_fen)
            .bind(&form.start_time)
            .bind(&form.completion_date)
            .bind(form.end_time)
            .bind(&form.gc_process)
            .bind(&form.project_desc)
            .bind(&form.tender_time)
            .bind(&form.winning_time)
            .bind(&form.region)
            .bind(id)
    )?;
    Ok(changed == 1)
}

/// The regulator's audit list filter: `$1` the status ('' = all), `$2` a LIKE pattern with `\` as escape ('' = all).
const LIST_FILTER: &str = "($1 = '' OR audit_status = $1) AND ($2 = '' OR name LIKE $2 ESCAPE '\\') \
     AND ($3 = '' OR ',' || district_code || ',' LIKE '%,' || $3 || ',%')";

/// The test of a regulator's district on a project's stored path (`city,county,township`): the district
/// code is one of the path's codes. Written once for both backends.
const IN_DISTRICT: &str = "',' || district_code || ',' LIKE '%,' || $2 || ',%'";

/// Whether the project lies in `district`; false for an unknown project.
pub async fn in_district(db: &Db, project_id: i64, district: &str) -> sqlx::Result<bool> {
    let sql = format!("SELECT COUNT(*) FROM projects WHERE id = $1 AND {IN_DISTRICT}");
    let found: i64 = on_db!(db, pool => sqlx::query_scalar(sqlx::AssertSqlSafe(sql.clone()))
        .bind(project_id)
        .bind(district)
        .fetch_one(pool)
        .await)?;
    Ok(found > 0)
}

/// The approved projects of `district` ('' for every district), by id.
pub async fn approved_in_district(db: &Db, district: &str) -> sqlx::Result<Vec<i64>> {
    let sql = "SELECT id FROM projects WHERE audit_status = '2' AND ($1 = '' OR ',' || district_code || ',' LIKE '%,' || $1 || ',%') ORDER BY id";
    on_db!(db, pool => sqlx::query_scalar(sql).bind(district).fetch_all(pool).await)
}

/// An approved project of a district with its site's coordinates (`lat,lng`, '' when not registered).
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct ProjectSite {
    pub id: i64,
    pub name: String,
    pub latlng: String,
}

pub async fn sites_in_district(db: &Db, district: &str) -> sqlx::Result<Vec<ProjectSite>> {
    let sql = "SELECT id, name, latlng FROM projects WHERE audit_status = '2' \
               AND ($1 = '' OR ',' || district_code || ',' LIKE '%,' || $1 || ',%') ORDER BY id";
    on_db!(db, pool => sqlx::query_as(sql).bind(district).fetch_all(pool).await)
}

/// A project as the regulator's audit list shows it.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct ListedProject {
    pub id: i64,
    pub name: String,
    pub audit_status: String,
    pub auditremark: String,
    pub submitted_at: Option<i64>,
}

/// How many projects match the audit list's filter.
pub async fn count_projects(db: &Db, status: &str, pattern: &str, district: &str) -> sqlx::Result<i64> {
    let sql = format!("SELECT COUNT(*) FROM projects WHERE {LIST_FILTER}");
    on_db!(db, pool => sqlx::query_scalar(sqlx::AssertSqlSafe(sql.clone()))
        .bind(status)
        .bind(pattern)
        .bind(district)
        .fetch_one(pool)
        .await)
}

/// One page of the matching projects, last submitted first (never submitted last, newest first).
pub async fn list_projects(
    db: &Db,
    status: &str,
    pattern: &str,
    district: &str,
    limit: i64,
    offset: i64,
) -> sqlx::Result<Vec<ListedProject>> {
    let sql = format!(
        "SELECT id, name, audit_status, auditremark, submitted_at FROM projects WHERE {LIST_FILTER} \
         ORDER BY COALESCE(submitted_at, 0) DESC, id DESC LIMIT $4 OFFSET $5"
    );
    on_db!(db, pool => sqlx::query_as(sqlx::AssertSqlSafe(sql.clone()))
        .bind(status)
        .bind(pattern)
        .bind(district)
        .bind(limit)
        .bind(offset)
        .fetch_all(pool)
        .await)
}

/// Moves a submitted project ('1') to `status` with `remark`, noting when and by whom (login name), and
/// answers its name; None when the project is not there or not submitted. The condition sits in the UPDATE,
/// so two auditors cannot both decide.
pub async fn decide(
    db: &Db,
    project_id: i64,
    status: &str,
    remark: &str,
    decided_by: &str,
) -> sqlx::Result<Option<String>> {
    let sql = "UPDATE projects SET audit_status = $1, auditremark = $2, decided_at = $3, decided_by = $4 \
               WHERE id = $5 AND audit_status = '1' RETURNING name";
    on_db!(db, pool => sqlx::query_scalar(sql)
        .bind(status)
        .bind(remark)
        .bind(clock::now())
        .bind(decided_by)
        .bind(project_id)
        .fetch_optional(pool)
        .await)
}

/// A registration's submission and last decision: when submitted, when decided and by whom.
#[derive(Clone, Debug, Default, sqlx::FromRow)]
pub struct AuditTimes {
    pub submitted_at: Option<i64>,
    pub decided_at: Option<i64>,
    pub decided_by: String,
}

pub async fn audit_times(db: &Db, project_id: i64) -> sqlx::Result<AuditTimes> {
    let sql = "SELECT submitted_at, decided_at, decided_by FROM projects WHERE id = $1";
    let found = on_db!(db, pool => sqlx::query_as(sql).bind(project_id).fetch_optional(pool).await)?;
    Ok(found.unwrap_or_default())
}

/// Deletes a project nothing refers to yet (one just created for an account that could not be created).
pub async fn delete_project(db: &Db, project_id: i64) -> sqlx::Result<()> {
    execute!(db, sqlx::query("DELETE FROM projects WHERE id = $1").bind(project_id))?;
    Ok(())
}

/// Moves the wizard to `step` while the project is editable; false when it no longer is.
pub async fn set_wizard_step(db: &Db, project_id: i64, step: i64) -> sqlx::Result<bool> {
    let sql = "UPDATE projects SET wizard_step = $1 WHERE id = $2 AND audit_status IN ('0', '3')";
    Ok(execute!(db, sqlx::query(sql).bind(step).bind(project_id))? == 1)
}

/// Moves the wizard to `next_step` while the project is a draft or rejected, inside `tx`; the step only moves
/// forward. False: the project is no longer editable.
pub async fn advance_wizard(tx: &mut Tx, project_id: i64, next_step: i64) -> sqlx::Result<bool> {
    let sql = "UPDATE projects SET wizard_step = CASE WHEN wizard_step > $1 THEN wizard_step ELSE $1 END \
               WHERE id = $2 AND audit_status IN ('0', '3')";
    Ok(execute_in!(tx, sqlx::query(sql).bind(next_step).bind(project_id))? == 1)
}

/// Submits the project for audit (status '1') while it is editable; false when it no longer is.
pub async fn submit(db: &Db, project_id: i64) -> sqlx::Result<bool> {
    let sql = "UPDATE projects SET audit_status = '1', submitted_at = $1, wizard_step = 5 WHERE id = $2 AND audit_status IN ('0', '3')";
    Ok(execute!(db, sqlx::query(sql).bind(clock::now()).bind(project_id))? == 1)
}

/// The demo's approved project reads as submitted and approved by the demo regulator when it was made.
pub async fn seed_demo_decision(db: &Db, project_id: i64) -> sqlx::Result<()> {
    let sql = "UPDATE projects SET submitted_at = COALESCE(submitted_at, created_at), \
               decided_at = COALESCE(decided_at, created_at), \
               decided_by = CASE WHEN decided_by = '' THEN 'admin' ELSE decided_by END \
               WHERE id = $1 AND audit_status = '2'";
    execute!(db, sqlx::query(sql).bind(project_id))?;
    Ok(())
}

/// The regulator's directory filter: `$1` the account's district ('' = the whole area), `$2` a district the
/// list asks for ('' = any), `$3` the audit status ('' = all), `$4` a LIKE pattern on the name ('' = all).
/// A district matches a project whose `district_code` path holds it.
const DIRECTORY_FILTER: &str = "($1 = '' OR ',' || district_code || ',' LIKE '%,' || $1 || ',%') \
    AND ($2 = '' OR ',' || district_code || ',' LIKE '%,' || $2 || ',%') \
    AND ($3 = '' OR audit_status = $3) AND ($4 = '' OR name LIKE $4 ESCAPE '\\') \
    AND ($5 = 0 OR ',' || $6 || ',' LIKE '%,' || CAST(id AS TEXT) || ',%')";

/// The directory's filter values, bound in the order of `DIRECTORY_FILTER`.
pub struct DirectoryFilter {
    pub scope: String,
    pub district: String,
    pub status: String,
    pub pattern: String,
    /// Only these projects (another area chose them, e.g. those with open warnings); `None`: no such limit.
    pub only: Option<Vec<i64>>,
}

/// A project as the directory lists it (the other areas' figures are added by the regulator's service).
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct DirectoryProject {
    pub id: i64,
    pub name: String,
    pub audit_status: String,
    pub district_code: String,
    pub contract_price_fen: Option<i64>,
}

/// One page of the directory in `order` (a whitelisted `ORDER BY` clause, never request text) and the total.
pub async fn directory(
    db: &Db,
    filter: &DirectoryFilter,
    order: &'static str,
    limit: i64,
    offset: i64,
) -> sqlx::Result<(Vec<DirectoryProject>, i64)> {
    let sql = format!(
        "SELECT id, name, audit_status, district_code, contract_price_fen FROM projects WHERE {DIRECTORY_FILTER} \
         ORDER BY {order}, id DESC LIMIT $7 OFFSET $8"
    );
    let count = format!("SELECT COUNT(*) FROM projects WHERE {DIRECTORY_FILTER}");
    let limited = i64::from(filter.only.is_some());
    let only = filter.only.iter().flatten().map(i64::to_string).collect::<Vec<_>>().join(",");
    on_db!(db, pool => {
        let rows = sqlx::query_as(sqlx::AssertSqlSafe(sql))
            .bind(&filter.scope).bind(&filter.district).bind(&filter.status).bind(&filter.pattern)
            .bind(limited).bind(&only).bind(limit).bind(offset).fetch_all(pool).await?;
        let total: i64 = sqlx::query_scalar(sqlx::AssertSqlSafe(count))
            .bind(&filter.scope).bind(&filter.district).bind(&filter.status).bind(&filter.pattern)
            .bind(limited).bind(&only).fetch_one(pool).await?;
        Ok((rows, total))
    })
}

/// For the early warnings: (id, district code, contract start day) of every approved project.
pub async fn approved(db: &Db) -> sqlx::Result<Vec<(i64, String, String)>> {
    let sql = "SELECT id, district_code, start_time FROM projects WHERE audit_status = '2' ORDER BY id";
    on_db!(db, pool => sqlx::query_as(sql).fetch_all(pool).await)
}

/// A unit taking part in a project, with its company's name.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct ProjectUnit {
    pub id: i64,
    /// builder, contractor, subcontractor or labour.
    pub role: String,
    pub name: String,
    pub social_credit_code: String,
    pub project_leader: String,
    pub project_leader_phone: String,
    pub labor_leader: String,
    pub labor_leader_phone: String,
    /// 1 on site, 2 exited.
    pub status: i64,
}

/// The project's units: builder, general contractor, then the others in order of entry. A read of the company
/// area's tables (`project_units`, `companies`), which that area writes.
pub async fn project_units(db: &Db, project_id: i64) -> sqlx::Result<Vec<ProjectUnit>> {
    let sql = "SELECT u.id, u.role, c.name, c.social_credit_code, u.project_leader, u.project_leader_phone, \
               u.labor_leader, u.labor_leader_phone, u.status \
               FROM project_units u JOIN companies c ON c.id = u.company_id WHERE u.project_id = $1 \
               ORDER BY CASE u.role WHEN 'builder' THEN 0 WHEN 'contractor' THEN 1 ELSE 2 END, u.id";
    on_db!(db, pool => sqlx::query_as(sql).bind(project_id).fetch_all(pool).await)
}
