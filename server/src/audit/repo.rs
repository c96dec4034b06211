//! SQL of the regulator's audit: the project list, the units of a registration, the decision and its
//! message. One text for both backends.

use crate::clock;
use crate::db::Db;
use crate::{execute, on_db};

/// The list's filter: `$1` the status ('' = all), `$2` a LIKE pattern with `\` as escape ('' = all).
const LIST_FILTER: &str = "($1 = '' OR audit_status = $1) AND ($2 = '' OR name LIKE $2 ESCAPE '\\')";

/// A project as the regulator's list shows it.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct ListedProject {
    pub id: i64,
    pub name: String,
    pub audit_status: String,
    pub auditremark: String,
    pub submitted_at: Option<i64>,
}

/// How many projects match the list's filter.
pub async fn count_projects(db: &Db, status: &str, pattern: &str) -> sqlx::Result<i64> {
    let sql = format!("SELECT COUNT(*) FROM projects WHERE {LIST_FILTER}");
    on_db!(db, pool => sqlx::query_scalar(sqlx::AssertSqlSafe(sql.clone())).bind(status).bind(pattern).fetch_one(pool).await)
}

/// One page of the matching projects, last submitted first (never submitted last, newest first).
pub async fn list_projects(db: &Db, status: &str, pattern: &str, limit: i64, offset: i64) -> sqlx::Result<Vec<ListedProject>> {
    let sql = format!(
        "SELECT id, name, audit_status, auditremark, submitted_at FROM projects WHERE {LIST_FILTER} \
         ORDER BY COALESCE(submitted_at, 0) DESC, id DESC LIMIT $3 OFFSET $4"
    );
    on_db!(db, pool => sqlx::query_as(sqlx::AssertSqlSafe(sql.clone()))
        .bind(status)
        .bind(pattern)
        .bind(limit)
        .bind(offset)
        .fetch_all(pool)
        .await)
}

/// When the project was last submitted; None if never (or no such project).
pub async fn submitted_at(db: &Db, project_id: i64) -> sqlx::Result<Option<i64>> {
    let sql = "SELECT submitted_at FROM projects WHERE id = $1";
    let found: Option<Option<i64>> = on_db!(db, pool => sqlx::query_scalar(sql).bind(project_id).fetch_optional(pool).await)?;
    Ok(found.flatten())
}

/// A unit of the project (steps 2–3) with its company.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct UnitWithCompany {
    pub role: String,
    pub name: String,
    pub social_credit_code: String,
    pub project_leader: String,
    pub project_leader_phone: String,
    pub contract_attachments: String,
    pub guarantee_path: String,
}

/// The registration's units (steps 2–3), builder before contractor. The roster's later roles
/// (subcontractor, labour) are not part of what the regulator registers.
pub async fn units(db: &Db, project_id: i64) -> sqlx::Result<Vec<UnitWithCompany>> {
    let sql = "SELECT u.role, c.name, c.social_credit_code, u.project_leader, u.project_leader_phone, \
               u.contract_attachments, u.guarantee_path FROM project_units u JOIN companies c ON c.id = u.company_id \
               WHERE u.project_id = $1 AND u.role IN ('builder', 'contractor') ORDER BY u.role";
    on_db!(db, pool => sqlx::query_as(sql).bind(project_id).fetch_all(pool).await)
}

/// Moves a submitted project ('1') to `status` with `remark` and answers its name; None when the project
/// is not there or not submitted. The condition sits in the UPDATE, so two auditors cannot both decide.
pub async fn decide(db: &Db, project_id: i64, status: &str, remark: &str) -> sqlx::Result<Option<String>> {
    let sql = "UPDATE projects SET audit_status = $1, auditremark = $2 WHERE id = $3 AND audit_status = '1' RETURNING name";
    on_db!(db, pool => sqlx::query_scalar(sql).bind(status).bind(remark).bind(project_id).fetch_optional(pool).await)
}

/// A system message to the project (its accounts see it in their inbox).
pub async fn insert_message(db: &Db, project_id: i64, title: &str, content: &str) -> sqlx::Result<()> {
    let sql = "INSERT INTO messages (project_id, kind, title, content, created_at) VALUES ($1, 'system', $2, $3, $4)";
    execute!(db, sqlx::query(sql).bind(project_id).bind(title).bind(content).bind(clock::now()))?;
    Ok(())
}

/// Deletes a project nothing refers to yet (one just created for an account that could not be created).
pub async fn delete_project(db: &Db, project_id: i64) -> sqlx::Result<()> {
    execute!(db, sqlx::query("DELETE FROM projects WHERE id = $1").bind(project_id))?;
    Ok(())
}
