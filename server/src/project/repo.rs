use crate::clock;
use crate::db::Db;
use crate::on_db;

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
