//! SQL of the special account: the bank tree, the last verification per project, the account itself.

use crate::bank::AccountQuery;
use crate::clock;
use crate::db::Db;
use crate::{execute, on_db};

/// One row of the bank tree: a bank (`parent_code` '') or a branch.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct BankRow {
    pub code: String,
    pub parent_code: String,
    pub name: String,
}

pub async fn banks(db: &Db) -> sqlx::Result<Vec<BankRow>> {
    let sql = "SELECT code, parent_code, name FROM banks ORDER BY parent_code, sort, code";
    on_db!(db, pool => sqlx::query_as(sql).fetch_all(pool).await)
}

pub async fn find_bank(db: &Db, code: &str) -> sqlx::Result<Option<BankRow>> {
    let sql = "SELECT code, parent_code, name FROM banks WHERE code = $1";
    on_db!(db, pool => sqlx::query_as(sql).bind(code).fetch_optional(pool).await)
}

/// Remembers the bank's last positive answer ('verified', or 'doubtful' = 301) for the project.
pub async fn record_verification(db: &Db, project_id: i64, query: &AccountQuery, outcome: &str, open_date: &str) -> sqlx::Result<()> {
    let sql = "INSERT INTO account_verifications (project_id, bank_account, account_name, bank_code, branch_code, outcome, open_date, verified_at) \
               VALUES ($1, $2, $3, $4, $5, $6, $7, $8) \
               ON CONFLICT (project_id) DO UPDATE SET bank_account = excluded.bank_account, account_name = excluded.account_name, \
               bank_code = excluded.bank_code, branch_code = excluded.branch_code, outcome = excluded.outcome, \
               open_date = excluded.open_date, verified_at = excluded.verified_at";
    execute!(db, sqlx::query(sql)
        .bind(project_id)
        .bind(&query.bank_account)
        .bind(&query.account_name)
        .bind(&query.bank_code)
        .bind(&query.branch_code)
        .bind(outcome)
        .bind(open_date)
        .bind(clock::now()))?;
    Ok(())
}

#[derive(Clone, Debug, sqlx::FromRow)]
pub struct VerificationRow {
    pub bank_account: String,
    pub account_name: String,
    pub branch_code: String,
    pub outcome: String,
    pub open_date: String,
    pub verified_at: i64,
}

pub async fn find_verification(db: &Db, project_id: i64) -> sqlx::Result<Option<VerificationRow>> {
    let sql = "SELECT bank_account, account_name, branch_code, outcome, open_date, verified_at FROM account_verifications WHERE project_id = $1";
    on_db!(db, pool => sqlx::query_as(sql).bind(project_id).fetch_optional(pool).await)
}

/// The stored special account of a project.
#[derive(Clone, Debug, Default, sqlx::FromRow)]
pub struct SpecialAccountRow {
    pub id: i64,
    pub project_id: i64,
    pub open_status: i64,
    pub bank_account: String,
    pub account_name: String,
    pub bank_code: String,
    pub branch_code: String,
    pub open_time: String,
    pub open_company_type: String,
    pub open_company_name: String,
    pub social_credit_code: String,
    pub recurl: String,
    pub agreementurl: String,
    pub is_virtual: bool,
    pub admin_name: String,
    pub admin_phone: String,
    pub appointment: String,
    pub account_status: String,
    pub verified_at: Option<i64>,
}

pub async fn find(db: &Db, project_id: i64) -> sqlx::Result<Option<SpecialAccountRow>> {
    let sql = "SELECT id, project_id, open_status, bank_account, account_name, bank_code, branch_code, open_time, \
               open_company_type, open_company_name, social_credit_code, recurl, agreementurl, is_virtual, admin_name, \
               admin_phone, appointment, account_status, verified_at FROM special_accounts WHERE project_id = $1";
    on_db!(db, pool => sqlx::query_as(sql).bind(project_id).fetch_optional(pool).await)
}

/// Inserts or replaces the project's special account (`id` and `project_id` of `row` are ignored).
pub async fn upsert(db: &Db, project_id: i64, row: &SpecialAccountRow) -> sqlx::Result<()> {
    let now = clock::now();
    let sql = "INSERT INTO special_accounts (project_id, open_status, bank_account, account_name, bank_code, branch_code, \
               open_time, open_company_type, open_company_name, social_credit_code, recurl, agreementurl, is_virtual, \
               admin_name, admin_phone, appointment, account_status, verified_at, created_at, updated_at) \
               VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $19) \
               ON CONFLICT (project_id) DO UPDATE SET open_status = excluded.open_status, bank_account = excluded.bank_account, \
               account_name = excluded.account_name, bank_code = excluded.bank_code, branch_code = excluded.branch_code, \
               open_time = excluded.open_time, open_company_type = excluded.open_company_type, \
               open_company_name = excluded.open_company_name, social_credit_code = excluded.social_credit_code, \
               recurl = excluded.recurl, agreementurl = excluded.agreementurl, is_virtual = excluded.is_virtual, \
               admin_name = excluded.admin_name, admin_phone = excluded.admin_phone, appointment = excluded.appointment, \
               account_status = excluded.account_status, verified_at = excluded.verified_at, updated_at = excluded.updated_at";
    execute!(db, sqlx::query(sql)
        .bind(project_id)
        .bind(row.open_status)
        .bind(&row.bank_account)
        .bind(&row.account_name)
        .bind(&row.bank_code)
        .bind(&row.branch_code)
        .bind(&row.open_time)
        .bind(&row.open_company_type)
        .bind(&row.open_company_name)
        .bind(&row.social_credit_code)
        .bind(&row.recurl)
        .bind(&row.agreementurl)
        .bind(row.is_virtual)
        .bind(&row.admin_name)
        .bind(&row.admin_phone)
        .bind(&row.appointment)
        .bind(&row.account_status)
        .bind(row.verified_at)
        .bind(now))?;
    Ok(())
}

/// Whether `stored_name` is an upload of this project.
pub async fn is_project_upload(db: &Db, project_id: i64, stored_name: &str) -> sqlx::Result<bool> {
    let sql = "SELECT COUNT(*) FROM uploads WHERE stored_name = $1 AND project_id = $2";
    let count: i64 = on_db!(db, pool => sqlx::query_scalar(sql).bind(stored_name).bind(project_id).fetch_one(pool).await)?;
    Ok(count > 0)
}

/// Moves the wizard to `step` while the project is editable; false when it no longer is.
pub async fn set_wizard_step(db: &Db, project_id: i64, step: i64) -> sqlx::Result<bool> {
    let sql = "UPDATE projects SET wizard_step = $1 WHERE id = $2 AND audit_status IN ('0', '3')";
    Ok(execute!(db, sqlx::query(sql).bind(step).bind(project_id))? == 1)
}

/// Submits the project for audit (status '1') while it is editable; false when it no longer is.
pub async fn submit(db: &Db, project_id: i64) -> sqlx::Result<bool> {
    let sql = "UPDATE projects SET audit_status = '1', submitted_at = $1, wizard_step = 5 WHERE id = $2 AND audit_status IN ('0', '3')";
    Ok(execute!(db, sqlx::query(sql).bind(clock::now()).bind(project_id))? == 1)
}
