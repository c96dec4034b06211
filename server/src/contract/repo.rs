//! SQL of the e-contracts, on the tables the area owns: `contract_templates`, `contracts` and
//! `contract_files`.

use crate::db::{Db, Tx};
use crate::{execute_in, on_db, on_tx};

/// A template: the project's own, or the built-in default (`project_id` None).
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct TemplateRow {
    pub id: i64,
    pub project_id: Option<i64>,
    pub name: String,
    pub body: String,
    pub builtin: bool,
    pub version: i64,
    pub updated_at: i64,
}

const TEMPLATE_COLUMNS: &str = "id, project_id, name, body, builtin, version, updated_at";

/// The templates a project may use whose name contains `pattern`: the built-in one first, then its own,
/// newest first; a page of them and their total.
pub async fn templates(
    db: &Db,
    project_id: i64,
    pattern: &str,
    limit: i64,
    offset: i64,
) -> sqlx::Result<(Vec<TemplateRow>, i64)> {
    let filter = "(project_id = $1 OR builtin) AND ($2 = '' OR name LIKE $2 ESCAPE '\\')";
    let count_sql = format!("SELECT COUNT(*) FROM contract_templates WHERE {filter}");
    let list_sql = format!(
        "SELECT {TEMPLATE_COLUMNS} FROM contract_templates WHERE {filter} ORDER BY builtin DESC, id DESC LIMIT $3 OFFSET $4"
    );
    on_db!(db, pool => {
        let total: i64 = sqlx::query_scalar(sqlx::AssertSqlSafe(count_sql.clone())).bind(project_id).bind(pattern).fetch_one(pool).await?;
        let rows = sqlx::query_as(sqlx::AssertSqlSafe(list_sql.clone())).bind(project_id).bind(pattern).bind(limit).bind(offset).fetch_all(pool).await?;
        Ok((rows, total))
    })
}

/// The template `id` if the project may use it (its own or the built-in one).
pub async fn find_template(db: &Db, project_id: i64, id: i64) -> sqlx::Result<Option<TemplateRow>> {
    let sql =
        format!("SELECT {TEMPLATE_COLUMNS} FROM contract_templates WHERE id = $1 AND (project_id = $2 OR builtin)");
    on_db!(db, pool => sqlx::query_as(sqlx::AssertSqlSafe(sql.clone())).bind(id).bind(project_id).fetch_optional(pool).await)
}

/// Whether another template of the project has this name.
pub async fn template_name_taken(db: &Db, project_id: i64, name: &str, except_id: i64) -> sqlx::Result<bool> {
    let sql = "SELECT COUNT(*) FROM contract_templates WHERE (project_id = $1 OR builtin) AND name = $2 AND id <> $3";
    let count: i64 =
        on_db!(db, pool => sqlx::query_scalar(sql).bind(project_id).bind(name).bind(except_id).fetch_one(pool).await)?;
    Ok(count > 0)
}

pub async fn insert_template(tx: &mut Tx, project_id: i64, name: &str, body: &str, now: i64) -> sqlx::Result<i64> {
    let sql = "INSERT INTO contract_templates (project_id, name, body, builtin, version, created_at, updated_at) \
               VALUES ($1, $2, $3, FALSE, 1, $4, $4) RETURNING id";
    on_tx!(tx, conn => sqlx::query_scalar(sql).bind(project_id).bind(name).bind(body).bind(now).fetch_one(&mut **conn).await)
}

/// Saves the project's own template as its next version; answers that version (None: not the project's).
pub async fn update_template(
    tx: &mut Tx,
    project_id: i64,
    id: i64,
    name: &str,
    body: &str,
    now: i64,
) -> sqlx::Result<Option<i64>> {
    let sql = "UPDATE contract_templates SET name = $1, body = $2, version = version + 1, updated_at = $3 \
               WHERE id = $4 AND project_id = $5 AND NOT builtin RETURNING version";
    on_tx!(tx, conn => sqlx::query_scalar(sql).bind(name).bind(body).bind(now).bind(id).bind(project_id).fetch_optional(&mut **conn).await)
}

/// Deletes the project's own template; whether it was there. Generated contracts keep their snapshot.
pub async fn delete_template(tx: &mut Tx, project_id: i64, id: i64) -> sqlx::Result<bool> {
    let sql = "DELETE FROM contract_templates WHERE id = $1 AND project_id = $2 AND NOT builtin";
    Ok(execute_in!(tx, sqlx::query(sql).bind(id).bind(project_id))? == 1)
}

/// A generated contract to store.
pub struct NewContract<'a> {
    pub project_id: i64,
    pub employment_id: i64,
    pub worker_id: i64,
    pub worker_name: &'a str,
    pub template_id: i64,
    pub template_name: &'a str,
    pub template_version: i64,
    pub body: &'a str,
    pub fields: &'a str,
}

pub async fn insert_contract(tx: &mut Tx, contract: &NewContract<'_>, now: i64) -> sqlx::Result<i64> {
    let sql = "INSERT INTO contracts (project_id, employment_id, worker_id, worker_name, template_id, template_name, \
               template_version, body, fields, status, created_at, updated_at) \
               VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'generated', $10, $10) RETURNING id";
    on_tx!(tx, conn => sqlx::query_scalar(sql)
        .bind(contract.project_id)
        .bind(contract.employment_id)
        .bind(contract.worker_id)
        .bind(contract.worker_name)
        .bind(contract.template_id)
        .bind(contract.template_name)
        .bind(contract.template_version)
        .bind(contract.body)
        .bind(contract.fields)
        .bind(now)
        .fetch_one(&mut **conn)
        .await)
}

/// A generated contract.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct ContractRow {
    pub id: i64,
    pub employment_id: i64,
    pub worker_id: i64,
    pub worker_name: String,
    pub template_id: i64,
    pub template_name: String,
    pub template_version: i64,
    pub body: String,
    pub fields: String,
    pub status: String,
    pub signed_at: Option<i64>,
    pub created_at: i64,
}

const CONTRACT_COLUMNS: &str = "id, employment_id, worker_id, worker_name, template_id, template_name, \
    template_version, body, fields, status, signed_at, created_at";

/// The project's contracts, newest first, of one roster line (`employment_id` > 0) or all, whose worker's
/// name contains `pattern`, with `status` ('' for both); a page of them and their total.
pub async fn contracts(
    db: &Db,
    project_id: i64,
    employment_id: i64,
    status: &str,
    pattern: &str,
    limit: i64,
    offset: i64,
) -> sqlx::Result<(Vec<ContractRow>, i64)> {
    let filter = "project_id = $1 AND ($2 = 0 OR employment_id = $2) AND ($3 = '' OR status = $3) \
                  AND ($4 = '' OR worker_name LIKE $4 ESCAPE '\\')";
    let count_sql = format!("SELECT COUNT(*) FROM contracts WHERE {filter}");
    let list_sql =
        format!("SELECT {CONTRACT_COLUMNS} FROM contracts WHERE {filter} ORDER BY id DESC LIMIT $5 OFFSET $6");
    on_db!(db, pool => {
        let total: i64 = sqlx::query_scalar(sqlx::AssertSqlSafe(count_sql.clone()))
            .bind(project_id).bind(employment_id).bind(status).bind(pattern).fetch_one(pool).await?;
        let rows = sqlx::query_as(sqlx::AssertSqlSafe(list_sql.clone()))
            .bind(project_id).bind(employment_id).bind(status).bind(pattern).bind(limit).bind(offset).fetch_all(pool).await?;
        Ok((rows, total))
    })
}

/// Every contract of the project, oldest first (the project's export).
pub async fn all_contracts(db: &Db, project_id: i64) -> sqlx::Result<Vec<ContractRow>> {
    let sql = format!("SELECT {CONTRACT_COLUMNS} FROM contracts WHERE project_id = $1 ORDER BY id");
    on_db!(db, pool => sqlx::query_as(sqlx::AssertSqlSafe(sql.clone())).bind(project_id).fetch_all(pool).await)
}

pub async fn find_contract(db: &Db, project_id: i64, id: i64) -> sqlx::Result<Option<ContractRow>> {
    let sql = format!("SELECT {CONTRACT_COLUMNS} FROM contracts WHERE project_id = $1 AND id = $2");
    on_db!(db, pool => sqlx::query_as(sqlx::AssertSqlSafe(sql.clone())).bind(project_id).bind(id).fetch_optional(pool).await)
}

/// A file of a contract's signed scan.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct FileRow {
    pub contract_id: i64,
    pub stored_name: String,
    pub original_name: String,
}

/// The signed scans of these contracts, in each contract's order.
pub async fn files_of(db: &Db, contract_ids: &[i64]) -> sqlx::Result<Vec<FileRow>> {
    if contract_ids.is_empty() {
        return Ok(Vec::new());
    }
    let sql = format!(
        "SELECT contract_id, stored_name, original_name FROM contract_files WHERE contract_id IN ({}) \
         ORDER BY contract_id, position",
        crate::db::placeholders(1, contract_ids.len())
    );
    on_db!(db, pool => {
        let mut query = sqlx::query_as(sqlx::AssertSqlSafe(sql.clone()));
        for id in contract_ids {
            query = query.bind(*id);
        }
        query.fetch_all(pool).await
    })
}

/// Marks the contract signed with these files (replacing an earlier scan) inside `tx`; whether it is the
/// project's.
pub async fn sign(tx: &mut Tx, project_id: i64, id: i64, files: &[(String, String)], now: i64) -> sqlx::Result<bool> {
    let sql =
        "UPDATE contracts SET status = 'signed', signed_at = $1, updated_at = $1 WHERE project_id = $2 AND id = $3";
    if execute_in!(tx, sqlx::query(sql).bind(now).bind(project_id).bind(id))? != 1 {
        return Ok(false);
    }
    execute_in!(tx, sqlx::query("DELETE FROM contract_files WHERE contract_id = $1").bind(id))?;
    let insert = "INSERT INTO contract_files (contract_id, stored_name, original_name, position, created_at) \
                  VALUES ($1, $2, $3, $4, $5)";
    for (position, (stored, original)) in files.iter().enumerate() {
        execute_in!(tx, sqlx::query(insert).bind(id).bind(stored).bind(original).bind(position as i64).bind(now))?;
    }
    Ok(true)
}
