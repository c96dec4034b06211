//! SQL of the wage-arrears leads, on the tables the area owns: `leads`, `lead_steps`, `lead_files` (the lists
//! join `projects` for the name and the district; a lead from an unregistered site has no project, 0 here, and
//! its own district path).

use crate::db::{Db, Tx};
use crate::{execute_in, on_db, on_tx};

const LEAD_COLUMNS: &str = "l.id, l.receipt, l.reporter_name, l.phone, l.id_number, \
     COALESCE(l.project_id, 0) AS project_id, COALESCE(p.name, '') AS project_name, \
     l.employer, l.owed_fen, l.months_owed, l.description, l.source, l.status, l.deadline_day, l.deadline_at, \
     l.answer, l.created_at, l.unregistered, l.site_name, l.site_address, l.site_district, \
     l.employer_phone";

/// The lead's project, or none for a lead from an unregistered site not linked yet.
const LEAD_FROM: &str = "leads l LEFT JOIN projects p ON p.id = l.project_id";

#[derive(Clone, Debug, sqlx::FromRow)]
pub struct LeadRow {
    pub id: i64,
    pub receipt: String,
    pub reporter_name: String,
    pub phone: String,
    pub id_number: String,
    pub project_id: i64,
    pub project_name: String,
    pub employer: String,
    pub owed_fen: i64,
    pub months_owed: i64,
    pub description: String,
    pub source: String,
    pub status: String,
    pub deadline_day: String,
    pub deadline_at: Option<i64>,
    pub answer: String,
    pub created_at: i64,
    pub unregistered: bool,
    pub site_name: String,
    pub site_address: String,
    /// The county's path of codes ('4101,410105'), '' when none was chosen.
    pub site_district: String,
    pub employer_phone: String,
}

/// Where an unregistered site is, as the worker wrote it.
#[derive(Clone, Debug, Default)]
pub struct Site {
    pub name: String,
    pub address: String,
    pub district: String,
    pub employer_phone: String,
}

pub struct NewLead<'a> {
    pub receipt: &'a str,
    pub reporter_name: &'a str,
    pub phone: &'a str,
    pub id_number: &'a str,
    /// None: an unregistered site, `site` says where.
    pub project_id: Option<i64>,
    pub site: Option<&'a Site>,
    pub employer: &'a str,
    pub owed_fen: i64,
    pub months_owed: i64,
    pub description: &'a str,
    pub source: &'a str,
}

/// A step of a lead's history and the files that came with it.
pub struct NewStep<'a> {
    pub actor: &'a str,
    pub action: &'a str,
    pub remark: &'a str,
    pub files: &'a [NewFile],
}

#[derive(Clone, Debug)]
pub struct NewFile {
    pub stored_name: String,
    pub original_name: String,
    pub content_type: String,
    pub url: String,
}

/// The change of a lead's status: from one of `from` to `to`, with the project, the deadline and the final
/// answer it then has (None leaves them as they are).
pub struct Transition<'a> {
    pub from: [&'a str; 2],
    pub to: &'a str,
    pub project_id: Option<i64>,
    pub deadline: Option<(&'a str, i64)>,
    pub answer: Option<&'a str>,
}

#[derive(Clone, Debug, sqlx::FromRow)]
pub struct StepRow {
    pub id: i64,
    pub actor: String,
    pub action: String,
    pub remark: String,
    pub created_at: i64,
}

#[derive(Clone, Debug, sqlx::FromRow)]
pub struct FileRow {
    pub step_id: i64,
    pub original_name: String,
    pub content_type: String,
    pub url: String,
}

/// The inbox's filters, checked; '' and 0 match everything.
#[derive(Clone, Debug, Default)]
pub struct LeadFilter {
    /// A regulator's district code: leads of projects in it.
    pub district: String,
    pub project_id: i64,
    pub status: String,
    pub source: String,
    /// Only leads awaiting feedback past their deadline at `now`.
    pub overdue: bool,
    /// Leave out the leads not yet dispatched (the project's own list).
    pub dispatched_only: bool,
    /// Only leads reported from an unregistered site (linked since or not).
    pub unregistered: bool,
    pub now: i64,
}

/// A lead's district: its project's, or the unregistered site's until it is linked.
const LIST_FILTER: &str = "($1 = '' OR ',' || COALESCE(p.district_code, l.site_district) || ',' LIKE '%,' || $1 || ',%') \
     AND ($2 = 0 OR l.project_id = $2) AND ($3 = '' OR l.status = $3) AND ($4 = '' OR l.source = $4) \
     AND ($5 = 0 OR (l.status IN ('dispatched', 'returned') AND l.deadline_at <= $6)) \
     AND ($7 = 0 OR l.status <> 'pending') AND ($10 = 0 OR l.unregistered)";

/// One page of the leads matching `filter`, newest first, and how many match.
pub async fn list(db: &Db, filter: &LeadFilter, limit: i64, offset: i64) -> sqlx::Result<(Vec<LeadRow>, i64)> {
    let sql =
        format!("SELECT {LEAD_COLUMNS} FROM {LEAD_FROM} WHERE {LIST_FILTER} ORDER BY l.id DESC LIMIT $8 OFFSET $9");
    // The count binds the page's $8 and $9 too, unused, so that both statements number their binds alike.
    let count = format!("SELECT COUNT(*) FROM {LEAD_FROM} WHERE {LIST_FILTER} AND $8 >= 0 AND $9 >= 0");
    let (overdue, dispatched_only) = (i64::from(filter.overdue), i64::from(filter.dispatched_only));
    let unregistered = i64::from(filter.unregistered);
    on_db!(db, pool => {
        let rows = sqlx::query_as(sqlx::AssertSqlSafe(sql))
            .bind(&filter.district).bind(filter.project_id).bind(&filter.status).bind(&filter.source)
            .bind(overdue).bind(filter.now).bind(dispatched_only)
            .bind(limit).bind(offset).bind(unregistered).fetch_all(pool).await?;
        let total: i64 = sqlx::query_scalar(sqlx::AssertSqlSafe(count))
            .bind(&filter.district).bind(filter.project_id).bind(&filter.status).bind(&filter.source)
            .bind(overdue).bind(filter.now).bind(dispatched_only)
            .bind(limit).bind(offset).bind(unregistered).fetch_one(pool).await?;
        Ok((rows, total))
    })
}

pub async fn find(db: &Db, id: i64) -> sqlx::Result<Option<LeadRow>> {
    let sql = format!("SELECT {LEAD_COLUMNS} FROM {LEAD_FROM} WHERE l.id = $1");
    on_db!(db, pool => sqlx::query_as(sqlx::AssertSqlSafe(sql.clone())).bind(id).fetch_optional(pool).await)
}

pub async fn find_by_receipt(db: &Db, receipt: &str) -> sqlx::Result<Option<LeadRow>> {
    let sql = format!("SELECT {LEAD_COLUMNS} FROM {LEAD_FROM} WHERE l.receipt = $1");
    on_db!(db, pool => sqlx::query_as(sqlx::AssertSqlSafe(sql.clone())).bind(receipt).fetch_optional(pool).await)
}

/// A page of the leads reported under an ID number, newest first, and their count.
pub async fn leads_of_person(db: &Db, id_number: &str, limit: i64, offset: i64) -> sqlx::Result<(Vec<LeadRow>, i64)> {
    let sql =
        format!("SELECT {LEAD_COLUMNS} FROM {LEAD_FROM} WHERE l.id_number = $1 ORDER BY l.id DESC LIMIT $2 OFFSET $3");
    on_db!(db, pool => {
        let rows = sqlx::query_as(sqlx::AssertSqlSafe(sql.clone())).bind(id_number).bind(limit).bind(offset).fetch_all(pool).await?;
        let total: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM leads WHERE id_number = $1").bind(id_number).fetch_one(pool).await?;
        Ok((rows, total))
    })
}

pub async fn steps(db: &Db, lead_id: i64) -> sqlx::Result<Vec<StepRow>> {
    let sql = "SELECT id, actor, action, remark, created_at FROM lead_steps WHERE lead_id = $1 ORDER BY id";
    on_db!(db, pool => sqlx::query_as(sql).bind(lead_id).fetch_all(pool).await)
}

pub async fn files(db: &Db, lead_id: i64) -> sqlx::Result<Vec<FileRow>> {
    let sql = "SELECT step_id, original_name, content_type, url FROM lead_files WHERE lead_id = $1 ORDER BY id";
    on_db!(db, pool => sqlx::query_as(sql).bind(lead_id).fetch_all(pool).await)
}

/// The lead and the content type of the worker's photo stored as `stored_name`.
pub async fn photo(db: &Db, stored_name: &str) -> sqlx::Result<Option<(i64, String)>> {
    let sql = "SELECT lead_id, content_type FROM lead_files WHERE stored_name = $1 AND url LIKE '/builder/clue/%'";
    on_db!(db, pool => sqlx::query_as(sql).bind(stored_name).fetch_optional(pool).await)
}

/// Dispatched or returned leads whose deadline has passed at `now`: (id, project, receipt, deadline).
pub async fn overdue(db: &Db, now: i64) -> sqlx::Result<Vec<(i64, i64, String, i64)>> {
    let sql = "SELECT id, project_id, receipt, deadline_at FROM leads \
               WHERE status IN ('dispatched', 'returned') AND deadline_at <= $1 ORDER BY id";
    on_db!(db, pool => sqlx::query_as(sql).bind(now).fetch_all(pool).await)
}

/// A step of the lead's history, with its files.
pub async fn insert_step(tx: &mut Tx, lead_id: i64, step: &NewStep<'_>, now: i64) -> sqlx::Result<()> {
    let sql =
        "INSERT INTO lead_steps (lead_id, actor, action, remark, created_at) VALUES ($1, $2, $3, $4, $5) RETURNING id";
    let step_id: i64 = on_tx!(tx, conn => sqlx::query_scalar(sql)
        .bind(lead_id).bind(step.actor).bind(step.action).bind(step.remark).bind(now)
        .fetch_one(&mut **conn).await)?;
    for file in step.files {
        execute_in!(
            tx,
            sqlx::query(
                "INSERT INTO lead_files (step_id, lead_id, stored_name, original_name, content_type, url) \
                 VALUES ($1, $2, $3, $4, $5, $6)"
            )
            .bind(step_id)
            .bind(lead_id)
            .bind(&file.stored_name)
            .bind(&file.original_name)
            .bind(&file.content_type)
            .bind(&file.url)
        )?;
    }
    Ok(())
}

/// Stores a new lead; answers its id.
pub async fn insert_lead(tx: &mut Tx, lead: &NewLead<'_>, now: i64) -> sqlx::Result<i64> {
    let sql = "INSERT INTO leads (receipt, reporter_name, phone, id_number, project_id, employer, owed_fen, months_owed, \
               description, source, status, created_at, updated_at, unregistered, site_name, site_address, \
               site_district, employer_phone) \
               VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 'pending', $11, $11, $12, $13, $14, $15, $16) RETURNING id";
    let site = lead.site.cloned().unwrap_or_default();
    on_tx!(tx, conn => sqlx::query_scalar(sql)
        .bind(lead.receipt).bind(lead.reporter_name).bind(lead.phone).bind(lead.id_number).bind(lead.project_id)
        .bind(lead.employer).bind(lead.owed_fen).bind(lead.months_owed).bind(lead.description).bind(lead.source)
        .bind(now).bind(lead.site.is_some()).bind(&site.name).bind(&site.address).bind(&site.district)
        .bind(&site.employer_phone).fetch_one(&mut **conn).await)
}

/// A change of a lead, made only from the state it names.
pub enum LeadChange<'a> {
    /// Along a transition, from one of its `from` statuses.
    Status(&'a Transition<'a>),
    /// A pending lead from an unregistered site linked to a project.
    Link(i64),
    /// A pending lead without a project closed with the bureau's answer.
    CloseUnlinked(&'a str),
}

/// Changes the lead as `what` says; false when it was no longer in the state the change starts from.
pub async fn change(tx: &mut Tx, id: i64, what: &LeadChange<'_>, now: i64) -> sqlx::Result<bool> {
    let changed = match what {
        LeadChange::Status(transition) => {
            let sql = "UPDATE leads SET status = $1, project_id = COALESCE($2, project_id), \
                       deadline_day = COALESCE($3, deadline_day), deadline_at = COALESCE($4, deadline_at), \
                       answer = COALESCE($5, answer), updated_at = $6 WHERE id = $7 AND status IN ($8, $9)";
            execute_in!(
                tx,
                sqlx::query(sql)
                    .bind(transition.to)
                    .bind(transition.project_id)
                    .bind(transition.deadline.map(|(day, _)| day))
                    .bind(transition.deadline.map(|(_, at)| at))
                    .bind(transition.answer)
                    .bind(now)
                    .bind(id)
                    .bind(transition.from[0])
                    .bind(transition.from[1])
            )?
        }
        LeadChange::Link(project_id) => {
            let sql = "UPDATE leads SET project_id = $1, updated_at = $2 \
                       WHERE id = $3 AND status = 'pending' AND project_id IS NULL";
            execute_in!(tx, sqlx::query(sql).bind(*project_id).bind(now).bind(id))?
        }
        LeadChange::CloseUnlinked(answer) => {
            let sql = "UPDATE leads SET status = 'closed', answer = $1, updated_at = $2 \
                       WHERE id = $3 AND status = 'pending' AND project_id IS NULL";
            execute_in!(tx, sqlx::query(sql).bind(*answer).bind(now).bind(id))?
        }
    };
    Ok(changed > 0)
}
