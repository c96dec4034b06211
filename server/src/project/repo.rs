use crate::clock;
use crate::db::Db;
use crate::{execute, on_db};

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

pub async fn create(db: &Db, name: &str, audit_status: &str) -> sqlx::Result<i64> {
    let sql = "INSERT INTO projects (name, audit_status, created_at) VALUES ($1, $2, $3) RETURNING id";
    on_db!(db, pool => sqlx::query_scalar(sql).bind(name).bind(audit_status).bind(clock::now()).fetch_one(pool).await)
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
    let changed = execute!(db, sqlx::query(sql)
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
        .bind(id))?;
    Ok(changed == 1)
}
