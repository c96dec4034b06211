use crate::clock;
use crate::db::{Bind, Db};
use crate::{bind_all, execute, on_db};

#[derive(Clone, Debug, sqlx::FromRow)]
pub struct StaffRow {
    pub id: i64,
    pub project_id: i64,
    pub project_name: String,
    pub unit_id: i64,
    pub unit_name: String,
    pub post: String,
    pub name: String,
    pub phone: String,
    pub id_number: String,
    pub certificate_number: String,
    pub entry_date: String,
    pub exit_date: String,
}

/// Validated staff fields to store.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StaffFields {
    pub unit_id: i64,
    pub post: String,
    pub name: String,
    pub phone: String,
    pub id_number: String,
    pub certificate_number: String,
    pub entry_date: String,
    pub exit_date: String,
}

const SELECT: &str = "SELECT s.id, s.project_id, p.name AS project_name, s.unit_id, c.name AS unit_name, s.post, s.name, \
                      s.phone, s.id_number, s.certificate_number, s.entry_date, s.exit_date \
                      FROM project_staff s JOIN projects p ON p.id = s.project_id \
                      JOIN project_units u ON u.id = s.unit_id JOIN companies c ON c.id = u.company_id";

/// In post on `today`: no exit date, or one still ahead.
const IN_POST: &str = "(s.exit_date = '' OR s.exit_date > $5)";

/// Filters: project ($1, 0 = all), post ($2, '' = all), name or ID number pattern ($3), status ($4:
/// 0 all, 1 in post, 2 left) on `today` ($5).
pub struct StaffFilter<'a> {
    pub project_id: i64,
    pub post: &'a str,
    pub pattern: &'a str,
    pub status: i64,
    pub today: &'a str,
}

fn filter_sql() -> String {
    format!(
        "($1 = 0 OR s.project_id = $1) AND ($2 = '' OR s.post = $2) \
         AND ($3 = '' OR s.name LIKE $3 ESCAPE '\\' OR s.id_number LIKE $3 ESCAPE '\\') \
         AND ($4 = 0 OR ($4 = 1 AND {IN_POST}) OR ($4 = 2 AND NOT {IN_POST}))"
    )
}

pub async fn count(db: &Db, filter: &StaffFilter<'_>) -> sqlx::Result<i64> {
    let sql = format!("SELECT COUNT(*) FROM project_staff s WHERE {}", filter_sql());
    on_db!(db, pool => sqlx::query_scalar(sqlx::AssertSqlSafe(sql.clone()))
        .bind(filter.project_id).bind(filter.post).bind(filter.pattern).bind(filter.status).bind(filter.today)
        .fetch_one(pool).await)
}

pub async fn page(db: &Db, filter: &StaffFilter<'_>, limit: i64, offset: i64) -> sqlx::Result<Vec<StaffRow>> {
    let sql = format!("{SELECT} WHERE {} ORDER BY s.id DESC LIMIT $6 OFFSET $7", filter_sql());
    on_db!(db, pool => sqlx::query_as(sqlx::AssertSqlSafe(sql.clone()))
        .bind(filter.project_id).bind(filter.post).bind(filter.pattern).bind(filter.status).bind(filter.today)
        .bind(limit).bind(offset)
        .fetch_all(pool).await)
}

pub async fn find(db: &Db, id: i64) -> sqlx::Result<Option<StaffRow>> {
    let sql = format!("{SELECT} WHERE s.id = $1");
    on_db!(db, pool => sqlx::query_as(sqlx::AssertSqlSafe(sql.clone())).bind(id).fetch_optional(pool).await)
}

/// The people in `post` on the project on `today`, first registered first.
pub async fn in_post(db: &Db, project_id: i64, post: &str, today: &str) -> sqlx::Result<Vec<StaffRow>> {
    let sql = format!(
        "{SELECT} WHERE s.project_id = $1 AND s.post = $2 AND (s.exit_date = '' OR s.exit_date > $3) ORDER BY s.id"
    );
    on_db!(db, pool => sqlx::query_as(sqlx::AssertSqlSafe(sql.clone())).bind(project_id).bind(post).bind(today).fetch_all(pool).await)
}

/// The distinct posts filled on the project on `today`.
pub async fn posts_in_post(db: &Db, project_id: i64, today: &str) -> sqlx::Result<Vec<String>> {
    let sql = "SELECT DISTINCT post FROM project_staff WHERE project_id = $1 AND (exit_date = '' OR exit_date > $2)";
    on_db!(db, pool => sqlx::query_scalar(sql).bind(project_id).bind(today).fetch_all(pool).await)
}

/// Another record (not `except_id`) of the project with this ID number and post, in post on `today`.
pub async fn duplicate(
    db: &Db,
    project_id: i64,
    id_number: &str,
    post: &str,
    except_id: i64,
    today: &str,
) -> sqlx::Result<bool> {
    let sql = "SELECT COUNT(*) FROM project_staff WHERE project_id = $1 AND id_number = $2 AND post = $3 AND id <> $4 \
               AND (exit_date = '' OR exit_date > $5)";
    let count: i64 = on_db!(db, pool => sqlx::query_scalar(sql)
        .bind(project_id).bind(id_number).bind(post).bind(except_id).bind(today).fetch_one(pool).await)?;
    Ok(count > 0)
}

/// Another person (not `except_id`) in `post` on `today`.
pub async fn post_taken(db: &Db, project_id: i64, post: &str, except_id: i64, today: &str) -> sqlx::Result<bool> {
    let sql = "SELECT COUNT(*) FROM project_staff WHERE project_id = $1 AND post = $2 AND id <> $3 \
               AND (exit_date = '' OR exit_date > $4)";
    let count: i64 = on_db!(db, pool => sqlx::query_scalar(sql).bind(project_id).bind(post).bind(except_id).bind(today).fetch_one(pool).await)?;
    Ok(count > 0)
}

pub async fn insert(db: &Db, project_id: i64, fields: &StaffFields) -> sqlx::Result<i64> {
    let sql = "INSERT INTO project_staff (project_id, unit_id, post, name, phone, id_number, certificate_number, \
               entry_date, exit_date, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10) RETURNING id";
    on_db!(db, pool => sqlx::query_scalar(sql)
        .bind(project_id)
        .bind(fields.unit_id)
        .bind(&fields.post)
        .bind(&fields.name)
        .bind(&fields.phone)
        .bind(&fields.id_number)
        .bind(&fields.certificate_number)
        .bind(&fields.entry_date)
        .bind(&fields.exit_date)
        .bind(clock::now())
        .fetch_one(pool)
        .await)
}

/// Updates the record only inside `project_id`. Answers whether a row changed.
pub async fn update(db: &Db, project_id: i64, id: i64, fields: &StaffFields) -> sqlx::Result<bool> {
    let sql = "UPDATE project_staff SET unit_id = $1, post = $2, name = $3, phone = $4, id_number = $5, \
               certificate_number = $6, entry_date = $7, exit_date = $8, updated_at = $9 WHERE id = $10 AND project_id = $11";
    let changed = execute!(
        db,
        sqlx::query(sql)
            .bind(fields.unit_id)
            .bind(&fields.post)
            .bind(&fields.name)
            .bind(&fields.phone)
            .bind(&fields.id_number)
            .bind(&fields.certificate_number)
            .bind(&fields.entry_date)
            .bind(&fields.exit_date)
            .bind(clock::now())
            .bind(id)
            .bind(project_id)
    )?;
    Ok(changed == 1)
}

pub async fn delete(db: &Db, project_id: i64, id: i64) -> sqlx::Result<bool> {
    let changed = execute!(
        db,
        sqlx::query("DELETE FROM project_staff WHERE id = $1 AND project_id = $2").bind(id).bind(project_id)
    )?;
    Ok(changed == 1)
}
/// For the reports: the staff in one of `posts` on the `projects` (unit `unit`, 0 all) at some time in
/// `first`..`last`, by project and post.
pub async fn in_posts_between(
    db: &Db,
    projects: &[i64],
    unit: i64,
    posts: &[&str],
    first: &str,
    last: &str,
) -> sqlx::Result<Vec<StaffRow>> {
    if projects.is_empty() || posts.is_empty() {
        return Ok(Vec::new());
    }
    let posts_at = 4 + projects.len();
    let sql = format!(
        "{SELECT} WHERE s.entry_date <= $2 AND (s.exit_date = '' OR s.exit_date >= $1) AND ($3 = 0 OR s.unit_id = $3) \
         AND s.project_id IN ({}) AND s.post IN ({}) ORDER BY s.project_id, s.post, s.id",
        crate::db::placeholders(4, projects.len()),
        crate::db::placeholders(posts_at, posts.len())
    );
    let mut binds = vec![Bind::Text(first.into()), Bind::Text(last.into()), Bind::Int(unit)];
    binds.extend(crate::db::int_binds(projects));
    binds.extend(posts.iter().map(|post| Bind::Text((*post).into())));
    on_db!(db, pool => bind_all!(sqlx::query_as(sqlx::AssertSqlSafe(sql.clone())), &binds).fetch_all(pool).await)
}
