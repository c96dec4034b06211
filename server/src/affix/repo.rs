//! SQL of the payment vouchers.

use crate::db::{Db, Tx};
use crate::{execute_in, on_db, on_tx};

/// A unit of the project that pays workers (not the builder): its company's id and name.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct VoucherUnit {
    pub company_id: i64,
    pub name: String,
    /// `YYYY-MM-DD` the unit entered the site (the project's start when the unit has no entry date), or ''.
    pub since: String,
}

/// The project's on-site units, on site or exited (their past months keep their vouchers).
pub async fn units(db: &Db, project_id: i64) -> sqlx::Result<Vec<VoucherUnit>> {
    let sql = "SELECT c.id AS company_id, c.name, COALESCE(NULLIF(pu.entry_date, ''), p.start_time) AS since \
               FROM project_units pu JOIN companies c ON c.id = pu.company_id JOIN projects p ON p.id = pu.project_id \
               WHERE pu.project_id = $1 AND pu.role <> 'builder' ORDER BY pu.id";
    on_db!(db, pool => sqlx::query_as(sql).bind(project_id).fetch_all(pool).await)
}

/// Vouchers per month, unit and category between two months (inclusive).
pub async fn counts(
    db: &Db,
    project_id: i64,
    first: &str,
    last: &str,
) -> sqlx::Result<Vec<(String, i64, String, i64)>> {
    let sql = "SELECT belongdate, company_id, category, COUNT(*) FROM vouchers \
               WHERE project_id = $1 AND belongdate >= $2 AND belongdate <= $3 GROUP BY belongdate, company_id, category";
    on_db!(db, pool => sqlx::query_as(sql).bind(project_id).bind(first).bind(last).fetch_all(pool).await)
}

#[derive(Clone, Debug, sqlx::FromRow)]
pub struct VoucherRow {
    pub id: i64,
    pub project_id: i64,
    pub company_id: i64,
    pub belongdate: String,
    pub category: String,
    pub url: String,
    pub original_name: String,
    pub uploader: String,
    pub created_at: i64,
}

const VOUCHER_COLUMNS: &str = "v.id, v.project_id, v.company_id, v.belongdate, v.category, v.url, v.original_name, \
                               COALESCE(a.name, '') AS uploader, v.created_at FROM vouchers v LEFT JOIN accounts a ON a.id = v.created_by";

pub async fn list(db: &Db, project_id: i64, belongdate: &str, company_id: i64) -> sqlx::Result<Vec<VoucherRow>> {
    let sql = format!(
        "SELECT {VOUCHER_COLUMNS} WHERE v.project_id = $1 AND v.belongdate = $2 AND v.company_id = $3 ORDER BY v.category, v.id"
    );
    on_db!(db, pool => sqlx::query_as(sqlx::AssertSqlSafe(sql.clone())).bind(project_id).bind(belongdate).bind(company_id).fetch_all(pool).await)
}

pub async fn find(db: &Db, id: i64) -> sqlx::Result<Option<VoucherRow>> {
    let sql = format!("SELECT {VOUCHER_COLUMNS} WHERE v.id = $1");
    on_db!(db, pool => sqlx::query_as(sqlx::AssertSqlSafe(sql.clone())).bind(id).fetch_optional(pool).await)
}

/// The original name of an upload of kind voucher made for this project; `None` when it is not one.
pub async fn voucher_upload(db: &Db, project_id: i64, stored_name: &str) -> sqlx::Result<Option<String>> {
    let sql = "SELECT original_name FROM uploads WHERE stored_name = $1 AND project_id = $2 AND kind = 'voucher'";
    on_db!(db, pool => sqlx::query_scalar(sql).bind(stored_name).bind(project_id).fetch_optional(pool).await)
}

/// One voucher to file.
pub struct NewVoucher<'a> {
    pub project_id: i64,
    pub company_id: i64,
    pub belongdate: &'a str,
    pub category: &'a str,
    pub url: &'a str,
    pub original_name: &'a str,
    pub created_by: i64,
    pub created_at: i64,
}

/// Files a voucher inside the open transaction; its id. A file already filed is a unique violation.
pub async fn insert(tx: &mut Tx, voucher: &NewVoucher<'_>) -> sqlx::Result<i64> {
    let sql = "INSERT INTO vouchers (project_id, company_id, belongdate, category, url, original_name, created_by, created_at) \
               VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id";
    on_tx!(tx, conn => sqlx::query_scalar(sql)
        .bind(voucher.project_id)
        .bind(voucher.company_id)
        .bind(voucher.belongdate)
        .bind(voucher.category)
        .bind(voucher.url)
        .bind(voucher.original_name)
        .bind(voucher.created_by)
        .bind(voucher.created_at)
        .fetch_one(&mut **conn)
        .await)
}

/// Removes a voucher of the project inside the open transaction. False: there was none.
pub async fn delete(tx: &mut Tx, id: i64, project_id: i64) -> sqlx::Result<bool> {
    let sql = "DELETE FROM vouchers WHERE id = $1 AND project_id = $2";
    Ok(execute_in!(tx, sqlx::query(sql).bind(id).bind(project_id))? == 1)
}

/// The project's payment vouchers for its export (`backup`).
pub async fn export_vouchers(db: &Db, project_id: i64) -> sqlx::Result<crate::db::TextRows> {
    let sql = "SELECT id AS \"编号\", company_id AS \"单位编号\", belongdate AS \"凭证月份\", category AS \"类型\", \
               original_name AS \"原文件名\", url AS \"文件\", created_at AS \"上传时间（Unix 秒）\" \
               FROM vouchers WHERE project_id = $1 ORDER BY id";
    crate::db::text_rows(db, sql, project_id).await
}
