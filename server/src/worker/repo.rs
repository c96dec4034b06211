//! SQL of the workers, their employments on a project's roster, the training sessions and the ID
//! supplement. One text for both backends; units and teams are only read here.

use crate::clock;
use crate::db::cohort::Cohort;
use crate::db::{Bind, Db, Tx};
use crate::oplog;
use crate::{bind_all, execute_in, on_db, record_in_tx};

/// What the ID card and the wage card say: the person, once across projects.
#[derive(Clone, Debug, Default, PartialEq, Eq, sqlx::FromRow)]
pub struct PersonFields {
    pub id_number: String,
    pub name: String,
    pub gender: i64,
    pub ethnicity: String,
    pub birth_date: String,
    pub address: String,
    pub issuing_authority: String,
    pub id_valid_from: String,
    pub id_valid_to: String,
    pub photo: String,
    pub phone: String,
    pub wage_card_number: String,
    pub wage_card_bank: String,
}

/// A worker's place on a project's roster.
#[derive(Clone, Debug, Default, PartialEq, Eq, sqlx::FromRow)]
pub struct EmploymentFields {
    pub unit_id: i64,
    pub team_id: Option<i64>,
    pub work_type: String,
    pub wage_kind: String,
    pub wage_fen: i64,
    pub contract_signed: bool,
    pub contract_start: String,
    pub contract_end: String,
    pub contract_file: String,
    pub entry_date: String,
}

/// An on-site unit of a project that may employ workers (not the builder).
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct UnitRow {
    pub id: i64,
    pub role: String,
    pub name: String,
}

#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct TeamRow {
    pub id: i64,
    pub unit_id: i64,
    pub name: String,
    pub work_type: String,
}

pub async fn units(db: &Db, project_id: i64) -> sqlx::Result<Vec<UnitRow>> {
    let sql = "SELECT pu.id, pu.role, c.name FROM project_units pu JOIN companies c ON c.id = pu.company_id \
               WHERE pu.project_id = $1 AND pu.status = 1 AND pu.role <> 'builder' ORDER BY pu.id";
    on_db!(db, pool => sqlx::query_as(sql).bind(project_id).fetch_all(pool).await)
}

/// The project's teams that have not left the site.
pub async fn teams(db: &Db, project_id: i64) -> sqlx::Result<Vec<TeamRow>> {
    let sql = "SELECT id, unit_id, name, work_type FROM teams WHERE project_id = $1 AND exit_date = '' ORDER BY id";
    on_db!(db, pool => sqlx::query_as(sql).bind(project_id).fetch_all(pool).await)
}

/// First-level banks (the wage card's bank): code and name.
pub async fn banks(db: &Db) -> sqlx::Result<Vec<(String, String)>> {
    let sql = "SELECT code, name FROM banks WHERE parent_code = '' ORDER BY sort, code";
    on_db!(db, pool => sqlx::query_as(sql).fetch_all(pool).await)
}

/// The project this worker is active on, other than `project_id`: its id and name.
pub async fn active_elsewhere(db: &Db, id_number: &str, project_id: i64) -> sqlx::Result<Option<(i64, String)>> {
    let sql = "SELECT p.id, p.name FROM workers w JOIN employments e ON e.worker_id = w.id JOIN projects p ON p.id = e.project_id \
               WHERE w.id_number = $1 AND e.status = 1 AND e.project_id <> $2 ORDER BY e.id LIMIT 1";
    on_db!(db, pool => sqlx::query_as(sql).bind(id_number).bind(project_id).fetch_optional(pool).await)
}

/// The project of the person's earliest roster line still on site: its clerk keeps the person's phone and
/// card while the person is on several rosters. None when they are on site nowhere.
pub async fn keeping_project(db: &Db, worker_id: i64) -> sqlx::Result<Option<i64>> {
    let sql = "SELECT project_id FROM employments WHERE worker_id = $1 AND status = 1 ORDER BY id LIMIT 1";
    on_db!(db, pool => sqlx::query_scalar(sql).bind(worker_id).fetch_optional(pool).await)
}

pub async fn active_here(db: &Db, id_number: &str, project_id: i64) -> sqlx::Result<bool> {
    let sql = "SELECT COUNT(*) FROM workers w JOIN employments e ON e.worker_id = w.id \
               WHERE w.id_number = $1 AND e.status = 1 AND e.project_id = $2";
    let count: i64 =
        on_db!(db, pool => sqlx::query_scalar(sql).bind(id_number).bind(project_id).fetch_one(pool).await)?;
    Ok(count > 0)
}

const UPSERT_PERSON: &str = "INSERT INTO workers (id_number, name, gender, ethnicity, birth_date, address, issuing_authority, \
    id_valid_from, id_valid_to, photo, phone, wage_card_number, wage_card_bank, created_at, updated_at) \
    VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $14) \
    ON CONFLICT (id_number) DO UPDATE SET name = excluded.name, gender = excluded.gender, birth_date = excluded.birth_date, \
    ethnicity = CASE WHEN excluded.ethnicity <> '' THEN excluded.ethnicity ELSE workers.ethnicity END, \
    address = CASE WHEN excluded.address <> '' THEN excluded.address ELSE workers.address END, \
    issuing_authority = CASE WHEN excluded.issuing_authority <> '' THEN excluded.issuing_authority ELSE workers.issuing_authority END, \
    id_valid_from = CASE WHEN excluded.id_valid_from <> '' THEN excluded.id_valid_from ELSE workers.id_valid_from END, \
    id_valid_to = CASE WHEN excluded.id_valid_to <> '' THEN excluded.id_valid_to ELSE workers.id_valid_to END, \
    photo = CASE WHEN excluded.photo <> '' THEN excluded.photo ELSE workers.photo END, \
    phone = excluded.phone, \
    wage_card_number = CASE WHEN excluded.wage_card_number <> '' THEN excluded.wage_card_number ELSE workers.wage_card_number END, \
    wage_card_bank = CASE WHEN excluded.wage_card_bank <> '' THEN excluded.wage_card_bank ELSE workers.wage_card_bank END, \
    updated_at = excluded.updated_at RETURNING id";

const INSERT_EMPLOYMENT: &str = "INSERT INTO employments (project_id, worker_id, unit_id, team_id, work_type, wage_kind, wage_fen, \
    contract_signed, contract_start, contract_end, contract_file, entry_date, status, created_at, updated_at) \
    VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, 1, $13, $13) \
    ON CONFLICT (project_id, worker_id) WHERE status = 1 DO NOTHING RETURNING id";

/// A new line's first wage standard, in effect from its entry date.
const INSERT_FIRST_RATE: &str = "INSERT INTO employment_rates (employment_id, effective_from, wage_kind, wage_fen, created_at) \
    SELECT id, entry_date, wage_kind, wage_fen, $2 FROM employments WHERE id = $1";

/// Who confirmed the worker's card as written although it fails its check digit (NULL / '' when nobody).
const SET_CARD_WAIVER: &str = "UPDATE workers SET card_check_waived_at = $2, card_check_waived_by = $3 WHERE id = $1";

/// What a registration writes of the person.
pub enum PersonWrite<'a> {
    /// Create or refresh them (empty optional fields keep what is stored); the card waiver's author.
    Refresh(&'a PersonFields, Option<&'a str>),
    /// Leave the stored person as it is (they are on site on another project, whose clerk keeps them).
    Keep,
}

/// In one transaction: writes the person as `person` says and puts them on the project's roster. None when
/// they are already active on this project, or `Keep` finds no stored person (nothing written).
pub async fn register(
    db: &Db,
    project_id: i64,
    id_number: &str,
    person: PersonWrite<'_>,
    employment: &EmploymentFields,
) -> sqlx::Result<Option<(i64, i64)>> {
    let now = clock::now();
    on_db!(db, pool => {
        let mut tx = pool.begin().await?;
        let worker_id: Option<i64> = match &person {
            PersonWrite::Refresh(person, _) => Some(
                sqlx::query_scalar(UPSERT_PERSON)
                    .bind(id_number)
                    .bind(&person.name)
                    .bind(person.gender)
                    .bind(&person.ethnicity)
                    .bind(&person.birth_date)
                    .bind(&person.address)
                    .bind(&person.issuing_authority)
                    .bind(&person.id_valid_from)
                    .bind(&person.id_valid_to)
                    .bind(&person.photo)
                    .bind(&person.phone)
                    .bind(&person.wage_card_number)
                    .bind(&person.wage_card_bank)
                    .bind(now)
                    .fetch_one(&mut *tx)
                    .await?,
            ),
            PersonWrite::Keep => sqlx::query_scalar("SELECT id FROM workers WHERE id_number = $1").bind(id_number).fetch_optional(&mut *tx).await?,
        };
        let Some(worker_id) = worker_id else {
            tx.rollback().await?;
            return Ok(None);
        };
        let employment_id: Option<i64> = sqlx::query_scalar(INSERT_EMPLOYMENT)
            .bind(project_id)
            .bind(worker_id)
            .bind(employment.unit_id)
            .bind(employment.team_id)
            .bind(&employment.work_type)
            .bind(&employment.wage_kind)
            .bind(employment.wage_fen)
            .bind(employment.contract_signed)
            .bind(&employment.contract_start)
            .bind(&employment.contract_end)
            .bind(&employment.contract_file)
            .bind(&employment.entry_date)
            .bind(now)
            .fetch_optional(&mut *tx)
            .await?;
        match employment_id {
            Some(employment_id) => {
                sqlx::query(INSERT_FIRST_RATE).bind(employment_id).bind(now).execute(&mut *tx).await?;
                if let PersonWrite::Refresh(person, card_waived_by) = &person
                    && !person.wage_card_number.is_empty()
                {
                    sqlx::query(SET_CARD_WAIVER).bind(worker_id).bind(card_waived_by.map(|_| now)).bind(card_waived_by.unwrap_or("")).execute(&mut *tx).await?;
                }
                tx.commit().await?;
                Ok(Some((worker_id, employment_id)))
            }
            None => {
                tx.rollback().await?;
                Ok(None)
            }
        }
    })
}

/// One roster line. Its fields are in the order of `ROSTER_COLUMNS` and of `ROSTER_JSON_ITEMS` (SQLite hands a
/// page over as JSON arrays, decoded by position): a column added goes into both, at the same place.
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow, serde::Deserialize)]
pub struct RosterRow {
    pub id: i64,
    pub worker_id: i64,
    pub name: String,
    pub id_number: String,
    pub gender: i64,
    pub birth_date: String,
    pub phone: String,
    pub unit_id: i64,
    pub unit_name: String,
    pub team_id: Option<i64>,
    pub team_name: Option<String>,
    pub work_type: String,
    pub wage_kind: String,
    pub wage_fen: i64,
    pub contract_signed: bool,
    pub entry_date: String,
    pub exit_date: String,
    pub status: i64,
    /// '' or `transfer`.
    pub exit_reason: String,
    pub wage_card_number: String,
    pub wage_card_bank: String,
}

/// The roster's filters, already validated.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RosterFilter {
    pub project_id: i64,
    /// Part of the name.
    pub name: String,
    /// The start of the ID number.
    pub id_number: String,
    pub unit_id: Option<i64>,
    pub team_id: Option<i64>,
    pub work_type: String,
    pub status: Option<i64>,
    /// Whether the labour contract is signed; None = both.
    pub contract_signed: Option<bool>,
    pub entry_from: String,
    pub entry_to: String,
}

/// The range of `worker_name_suffixes` holding the suffixes that start with `text`, lower-cased as they are
/// stored: from the text itself up to the text followed by the last code point, which sorts after every
/// longer suffix in byte order.
fn suffix_range(text: &str) -> (String, String) {
    let from = text.to_lowercase();
    let to = format!("{from}\u{10FFFF}");
    (from, to)
}

fn like_escape(text: &str) -> String {
    text.replace('\\', "\\\\").replace('%', "\\%").replace('_', "\\_")
}

/// The WHERE clause of a roster filter (on employments alone) with its binds.
fn roster_where(filter: &RosterFilter) -> (String, Vec<Bind>) {
    let mut clauses = vec!["e.project_id = $1".to_owned()];
    let mut binds = vec![Bind::Int(filter.project_id)];
    match filter.contract_signed {
        Some(true) => clauses.push("e.contract_signed".to_owned()),
        Some(false) => clauses.push("NOT e.contract_signed".to_owned()),
        None => {}
    }
    let mut add = |clause: &str, bind: Bind| {
        binds.push(bind);
        clauses.push(clause.replace('?', &format!("${}", binds.len())));
    };
    if let Some(status) = filter.status {
        add("e.status = ?", Bind::Int(status));
    }
    if let Some(unit_id) = filter.unit_id {
        add("e.unit_id = ?", Bind::Int(unit_id));
    }
    if let Some(team_id) = filter.team_id {
        add("e.team_id = ?", Bind::Int(team_id));
    }
    if !filter.work_type.is_empty() {
        add("e.work_type = ?", Bind::Text(filter.work_type.clone()));
    }
    if !filter.entry_from.is_empty() {
        add("e.entry_date >= ?", Bind::Text(filter.entry_from.clone()));
    }
    if !filter.entry_to.is_empty() {
        add("e.entry_date <= ?", Bind::Text(filter.entry_to.clone()));
    }
    if !filter.name.is_empty() {
        // The people whose name has a suffix starting with the text (`worker_name_suffixes`, migration 0039):
        // one range of that index, as long as the matches whatever the roster's size; then their lines
        // through the worker index.
        let (from, to) = suffix_range(&filter.name);
        binds.push(Bind::Text(from));
        binds.push(Bind::Text(to));
        clauses.push(format!(
            "e.worker_id IN (SELECT worker_id FROM worker_name_suffixes WHERE suffix >= ${} AND suffix < ${})",
            binds.len() - 1,
            binds.len()
        ));
    }
    if !filter.id_number.is_empty() {
        // A range on the unique index: ID numbers are digits and X, all below '~'.
        binds.push(Bind::Text(filter.id_number.clone()));
        binds.push(Bind::Text(format!("{}~", filter.id_number)));
        clauses.push(format!(
            "e.worker_id IN (SELECT id FROM workers WHERE id_number >= ${} AND id_number < ${})",
            binds.len() - 1,
            binds.len()
        ));
    }
    (clauses.join(" AND "), binds)
}

const ROSTER_COLUMNS: &str = "e.id, e.worker_id, w.name, w.id_number, w.gender, w.birth_date, w.phone, e.unit_id, \
    c.name AS unit_name, e.team_id, t.name AS team_name, e.work_type, e.wage_kind, e.wage_fen, e.contract_signed, \
    e.entry_date, e.exit_date, e.status, e.exit_reason, w.wage_card_number, w.wage_card_bank";

/// `ROSTER_COLUMNS` as the items of a JSON array (SQLite has no boolean: `contract_signed` is 0 or 1).
const ROSTER_JSON_ITEMS: &str = "e.id, e.worker_id, w.name, w.id_number, w.gender, w.birth_date, w.phone, e.unit_id, \
    c.name, e.team_id, t.name, e.work_type, e.wage_kind, e.wage_fen, json(CASE WHEN e.contract_signed THEN 'true' ELSE 'false' END), \
    e.entry_date, e.exit_date, e.status, e.exit_reason, w.wage_card_number, w.wage_card_bank";

const ROSTER_JOINS: &str = "JOIN workers w ON w.id = e.worker_id JOIN project_units pu ON pu.id = e.unit_id \
    JOIN companies c ON c.id = pu.company_id LEFT JOIN teams t ON t.id = e.team_id";

/// The number of roster lines the filter matches.
pub async fn roster_count(db: &Db, filter: &RosterFilter) -> sqlx::Result<i64> {
    let (clause, binds) = roster_where(filter);
    let count_sql = format!("SELECT COUNT(*) FROM employments e WHERE {clause}");
    on_db!(db, pool => bind_all!(sqlx::query_scalar(sqlx::AssertSqlSafe(count_sql.clone())), &binds).fetch_one(pool).await)
}

/// A page of the roster, newest employment first.
pub async fn roster_page(db: &Db, filter: &RosterFilter, limit: i64, offset: i64) -> sqlx::Result<Vec<RosterRow>> {
    let (clause, binds) = roster_where(filter);
    roster_rows(db, &clause, &binds, limit, offset).await
}

/// Every roster line the filter matches, up to `limit` (the export).
pub async fn roster_all(db: &Db, filter: &RosterFilter, limit: i64) -> sqlx::Result<Vec<RosterRow>> {
    let (clause, binds) = roster_where(filter);
    roster_rows(db, &clause, &binds, limit, 0).await
}

async fn roster_rows(db: &Db, clause: &str, binds: &[Bind], limit: i64, offset: i64) -> sqlx::Result<Vec<RosterRow>> {
    let n = binds.len();
    // The page's ids first, from employments alone (an index in id order), then the joins for 20 lines:
    // the planner may not start from another table and sort every matching line.
    let ids_sql =
        format!("SELECT e.id FROM employments e WHERE {clause} ORDER BY e.id DESC LIMIT ${} OFFSET ${}", n + 1, n + 2);
    match db {
        // The page as one JSON value: sqlx copies and hands over every value of every row from its SQLite
        // thread, which cost more than the query's own work for 20 lines of 21 columns.
        Db::Sqlite(pool) => {
            let sql = format!(
                "SELECT json_group_array(json_array({ROSTER_JSON_ITEMS})) FROM ({ids_sql}) page \
                 JOIN employments e ON e.id = page.id {ROSTER_JOINS}"
            );
            let page: String = bind_all!(sqlx::query_scalar(sqlx::AssertSqlSafe(sql)), binds)
                .bind(limit)
                .bind(offset)
                .fetch_one(pool)
                .await?;
            let mut rows: Vec<RosterRow> =
                serde_json::from_str(&page).map_err(|error| sqlx::Error::Decode(Box::new(error)))?;
            rows.sort_unstable_by_key(|row| std::cmp::Reverse(row.id));
            Ok(rows)
        }
        // In one statement PostgreSQL plans the six tables afresh at every run (its generic plan takes
        // `LIMIT $n` for a tenth of the table, so it never keeps it): milliseconds of planning for a page.
        // Apart, the ids' query is one table and the lines' (`= ANY`) keeps its plan.
        Db::Postgres(pool) => {
            let ids: Vec<i64> = bind_all!(sqlx::query_scalar(sqlx::AssertSqlSafe(ids_sql)), binds)
                .bind(limit)
                .bind(offset)
                .fetch_all(pool)
                .await?;
            if ids.is_empty() {
                return Ok(Vec::new());
            }
            let sql = format!(
                "SELECT {ROSTER_COLUMNS} FROM employments e {ROSTER_JOINS} WHERE e.id = ANY($1) ORDER BY e.id DESC"
            );
            sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(ids).fetch_all(pool).await
        }
    }
}

/// One employment of the project with its person and contract.
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct EmploymentDetail {
    #[sqlx(flatten)]
    pub line: RosterRow,
    pub ethnicity: String,
    pub address: String,
    pub issuing_authority: String,
    pub id_valid_from: String,
    pub id_valid_to: String,
    pub photo: String,
    pub contract_start: String,
    pub contract_end: String,
    pub contract_file: String,
    /// Who confirmed the card although it fails its check digit ('' when nobody).
    pub card_check_waived_by: String,
}

pub async fn find_employment(db: &Db, project_id: i64, id: i64) -> sqlx::Result<Option<EmploymentDetail>> {
    let sql = format!(
        "SELECT {ROSTER_COLUMNS}, w.ethnicity, w.address, w.issuing_authority, w.id_valid_from, w.id_valid_to, w.photo, \
         e.contract_start, e.contract_end, e.contract_file, w.card_check_waived_by FROM employments e {ROSTER_JOINS} \
         WHERE e.project_id = $1 AND e.id = $2"
    );
    on_db!(db, pool => sqlx::query_as(sqlx::AssertSqlSafe(sql.clone())).bind(project_id).bind(id).fetch_optional(pool).await)
}

/// The worker's employments on this project, newest first.
pub async fn history(db: &Db, project_id: i64, worker_id: i64) -> sqlx::Result<Vec<RosterRow>> {
    let sql = format!(
        "SELECT {ROSTER_COLUMNS} FROM employments e {ROSTER_JOINS} WHERE e.project_id = $1 AND e.worker_id = $2 ORDER BY e.id DESC"
    );
    on_db!(db, pool => sqlx::query_as(sqlx::AssertSqlSafe(sql.clone())).bind(project_id).bind(worker_id).fetch_all(pool).await)
}

/// Marks an active employment exited on `exit_date`. Whether it was active.
pub async fn exit(db: &Db, project_id: i64, id: i64, exit_date: &str) -> sqlx::Result<bool> {
    let sql = "UPDATE employments SET status = 2, exit_date = $1, updated_at = $2 WHERE project_id = $3 AND id = $4 AND status = 1";
    let done = crate::execute!(db, sqlx::query(sql).bind(exit_date).bind(clock::now()).bind(project_id).bind(id))?;
    Ok(done == 1)
}

/// A new employment copying an exited one (unit, team, work type, newest wage standard, contract) from
/// `entry_date`.
/// None when the worker is active on the project again already.
pub async fn reenter(db: &Db, project_id: i64, id: i64, entry_date: &str) -> sqlx::Result<Option<i64>> {
    let sql = "INSERT INTO employments (project_id, worker_id, unit_id, team_id, work_type, wage_kind, wage_fen, contract_signed, \
               contract_start, contract_end, contract_file, entry_date, status, created_at, updated_at) \
               SELECT project_id, worker_id, unit_id, team_id, work_type, wage_kind, wage_fen, contract_signed, contract_start, \
               contract_end, contract_file, $1, 1, $2, $2 FROM employments WHERE project_id = $3 AND id = $4 AND status = 2 \
               ON CONFLICT (project_id, worker_id) WHERE status = 1 DO NOTHING RETURNING id";
    let now = clock::now();
    on_db!(db, pool => {
        let mut tx = pool.begin().await?;
        let new_id: Option<i64> = sqlx::query_scalar(sql).bind(entry_date).bind(now).bind(project_id).bind(id).fetch_optional(&mut *tx).await?;
        if let Some(new_id) = new_id {
            sqlx::query(INSERT_FIRST_RATE).bind(new_id).bind(now).execute(&mut *tx).await?;
        }
        tx.commit().await?;
        Ok(new_id)
    })
}

/// A worker of the project whose ID data is incomplete.
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct IncompleteRow {
    pub id: i64,
    pub name: String,
    pub id_number: String,
    pub gender: i64,
    pub ethnicity: String,
    pub address: String,
    pub issuing_authority: String,
    pub id_valid_from: String,
    pub id_valid_to: String,
    pub photo: String,
}

const INCOMPLETE_WHERE: &str = "EXISTS (SELECT 1 FROM employments e WHERE e.worker_id = w.id AND e.project_id = $1) \
    AND (w.photo = '' OR w.address = '' OR w.issuing_authority = '' OR w.id_valid_from = '' OR w.id_valid_to = '') \
    AND w.name LIKE $2 ESCAPE '\\'";

pub async fn incomplete(
    db: &Db,
    project_id: i64,
    name: &str,
    limit: i64,
    offset: i64,
) -> sqlx::Result<(Vec<IncompleteRow>, i64)> {
    let pattern = format!("%{}%", like_escape(name));
    let count_sql = format!("SELECT COUNT(*) FROM workers w WHERE {INCOMPLETE_WHERE}");
    let total: i64 = on_db!(db, pool => sqlx::query_scalar(sqlx::AssertSqlSafe(count_sql.clone())).bind(project_id).bind(&pattern).fetch_one(pool).await)?;
    let sql = format!(
        "SELECT w.id, w.name, w.id_number, w.gender, w.ethnicity, w.address, w.issuing_authority, w.id_valid_from, w.id_valid_to, \
         w.photo FROM workers w WHERE {INCOMPLETE_WHERE} ORDER BY w.id DESC LIMIT $3 OFFSET $4"
    );
    let rows = on_db!(db, pool => sqlx::query_as(sqlx::AssertSqlSafe(sql.clone())).bind(project_id).bind(&pattern).bind(limit).bind(offset).fetch_all(pool).await)?;
    Ok((rows, total))
}

/// Whether the worker has (or had) an employment on the project.
pub async fn on_project(db: &Db, project_id: i64, worker_id: i64) -> sqlx::Result<bool> {
    let sql = "SELECT COUNT(*) FROM employments WHERE project_id = $1 AND worker_id = $2";
    let count: i64 =
        on_db!(db, pool => sqlx::query_scalar(sql).bind(project_id).bind(worker_id).fetch_one(pool).await)?;
    Ok(count > 0)
}

/// The ID data the supplement completes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Supplement {
    pub ethnicity: String,
    pub address: String,
    pub issuing_authority: String,
    pub id_valid_from: String,
    pub id_valid_to: String,
    pub photo: String,
}

pub async fn supplement(db: &Db, worker_id: i64, data: &Supplement) -> sqlx::Result<()> {
    let sql = "UPDATE workers SET ethnicity = $1, address = $2, issuing_authority = $3, id_valid_from = $4, id_valid_to = $5, \
               photo = $6, updated_at = $7 WHERE id = $8";
    crate::execute!(
        db,
        sqlx::query(sql)
            .bind(&data.ethnicity)
            .bind(&data.address)
            .bind(&data.issuing_authority)
            .bind(&data.id_valid_from)
            .bind(&data.id_valid_to)
            .bind(&data.photo)
            .bind(clock::now())
            .bind(worker_id)
    )?;
    Ok(())
}

#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct TrainingRow {
    pub id: i64,
    pub topic: String,
    pub train_date: String,
    pub trainer: String,
    pub hours_tenths: i64,
    pub content: String,
    pub attendees: i64,
}

pub async fn trainings(
    db: &Db,
    project_id: i64,
    topic: &str,
    limit: i64,
    offset: i64,
) -> sqlx::Result<(Vec<TrainingRow>, i64)> {
    let pattern = format!("%{}%", like_escape(topic));
    let count_sql = "SELECT COUNT(*) FROM trainings WHERE project_id = $1 AND topic LIKE $2 ESCAPE '\\'";
    let total: i64 =
        on_db!(db, pool => sqlx::query_scalar(count_sql).bind(project_id).bind(&pattern).fetch_one(pool).await)?;
    let sql = "SELECT t.id, t.topic, t.train_date, t.trainer, t.hours_tenths, t.content, \
               (SELECT COUNT(*) FROM training_attendees a WHERE a.training_id = t.id) AS attendees \
               FROM trainings t WHERE t.project_id = $1 AND t.topic LIKE $2 ESCAPE '\\' ORDER BY t.train_date DESC, t.id DESC LIMIT $3 OFFSET $4";
    let rows = on_db!(db, pool => sqlx::query_as(sql).bind(project_id).bind(&pattern).bind(limit).bind(offset).fetch_all(pool).await)?;
    Ok((rows, total))
}

pub async fn find_training(db: &Db, project_id: i64, id: i64) -> sqlx::Result<Option<TrainingRow>> {
    let sql = "SELECT t.id, t.topic, t.train_date, t.trainer, t.hours_tenths, t.content, \
               (SELECT COUNT(*) FROM training_attendees a WHERE a.training_id = t.id) AS attendees \
               FROM trainings t WHERE t.project_id = $1 AND t.id = $2";
    on_db!(db, pool => sqlx::query_as(sql).bind(project_id).bind(id).fetch_optional(pool).await)
}

/// A training's attendees: worker id, name, ID number.
pub async fn attendees(db: &Db, training_id: i64) -> sqlx::Result<Vec<(i64, String, String)>> {
    let sql = "SELECT w.id, w.name, w.id_number FROM training_attendees a JOIN workers w ON w.id = a.worker_id \
               WHERE a.training_id = $1 ORDER BY w.id";
    on_db!(db, pool => sqlx::query_as(sql).bind(training_id).fetch_all(pool).await)
}

/// How many of these workers have an employment on the project.
pub async fn count_project_workers(db: &Db, project_id: i64, worker_ids: &[i64]) -> sqlx::Result<i64> {
    if worker_ids.is_empty() {
        return Ok(0);
    }
    let placeholders: Vec<String> = (0..worker_ids.len()).map(|i| format!("${}", i + 2)).collect();
    let sql = format!(
        "SELECT COUNT(DISTINCT worker_id) FROM employments WHERE project_id = $1 AND worker_id IN ({})",
        placeholders.join(", ")
    );
    let binds: Vec<Bind> = std::iter::once(project_id).chain(worker_ids.iter().copied()).map(Bind::Int).collect();
    on_db!(db, pool => bind_all!(sqlx::query_scalar(sqlx::AssertSqlSafe(sql.clone())), &binds).fetch_one(pool).await)
}

/// Id and name of these workers, in id order.
pub async fn worker_names(db: &Db, worker_ids: &[i64]) -> sqlx::Result<Vec<(i64, String)>> {
    if worker_ids.is_empty() {
        return Ok(Vec::new());
    }
    let placeholders: Vec<String> = (1..=worker_ids.len()).map(|i| format!("${i}")).collect();
    let sql = format!("SELECT id, name FROM workers WHERE id IN ({}) ORDER BY id", placeholders.join(", "));
    let binds: Vec<Bind> = worker_ids.iter().copied().map(Bind::Int).collect();
    on_db!(db, pool => bind_all!(sqlx::query_as(sqlx::AssertSqlSafe(sql.clone())), &binds).fetch_all(pool).await)
}

pub struct NewTraining<'a> {
    pub topic: &'a str,
    pub train_date: &'a str,
    pub trainer: &'a str,
    pub hours_tenths: i64,
    pub content: &'a str,
}

pub async fn create_training(
    db: &Db,
    project_id: i64,
    training: &NewTraining<'_>,
    worker_ids: &[i64],
) -> sqlx::Result<i64> {
    let now = clock::now();
    on_db!(db, pool => {
        let mut tx = pool.begin().await?;
        let id: i64 = sqlx::query_scalar(
            "INSERT INTO trainings (project_id, topic, train_date, trainer, hours_tenths, content, created_at, updated_at) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $7) RETURNING id",
        )
        .bind(project_id)
        .bind(training.topic)
        .bind(training.train_date)
        .bind(training.trainer)
        .bind(training.hours_tenths)
        .bind(training.content)
        .bind(now)
        .fetch_one(&mut *tx)
        .await?;
        for worker_id in worker_ids {
            sqlx::query("INSERT INTO training_attendees (training_id, worker_id) VALUES ($1, $2)")
                .bind(id)
                .bind(*worker_id)
                .execute(&mut *tx)
                .await?;
        }
        tx.commit().await?;
        Ok(id)
    })
}

/// Rewrites a session and its attendees, with its log line, in one transaction.
pub async fn update_training(
    db: &Db,
    id: i64,
    training: &NewTraining<'_>,
    worker_ids: &[i64],
    entry: &oplog::Entry<'_>,
) -> sqlx::Result<()> {
    let now = clock::now();
    on_db!(db, pool => {
        let mut tx = pool.begin().await?;
        sqlx::query(
            "UPDATE trainings SET topic = $1, train_date = $2, trainer = $3, hours_tenths = $4, content = $5, updated_at = $6 WHERE id = $7",
        )
        .bind(training.topic)
        .bind(training.train_date)
        .bind(training.trainer)
        .bind(training.hours_tenths)
        .bind(training.content)
        .bind(now)
        .bind(id)
        .execute(&mut *tx)
        .await?;
        sqlx::query("DELETE FROM training_attendees WHERE training_id = $1").bind(id).execute(&mut *tx).await?;
        for worker_id in worker_ids {
            sqlx::query("INSERT INTO training_attendees (training_id, worker_id) VALUES ($1, $2)")
                .bind(id)
                .bind(*worker_id)
                .execute(&mut *tx)
                .await?;
        }
        record_in_tx!(tx, entry)?;
        tx.commit().await
    })
}

// ---------------------------------------------------------------------------------------------------------
// Corrections from the roster: contact and card, the wage standard over time, transfers.

/// What the edit dialog changes on the person.
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct ContactCard {
    pub phone: String,
    pub wage_card_number: String,
    pub wage_card_bank: String,
    /// Who confirmed a card failing its check digit ('' when nobody).
    pub card_check_waived_by: String,
}

pub async fn worker_name(db: &Db, worker_id: i64) -> sqlx::Result<Option<String>> {
    on_db!(db, pool => sqlx::query_scalar("SELECT name FROM workers WHERE id = $1").bind(worker_id).fetch_optional(pool).await)
}

pub async fn contact_card(db: &Db, worker_id: i64) -> sqlx::Result<Option<ContactCard>> {
    let sql = "SELECT phone, wage_card_number, wage_card_bank, card_check_waived_by FROM workers WHERE id = $1";
    on_db!(db, pool => sqlx::query_as(sql).bind(worker_id).fetch_optional(pool).await)
}

/// Saves the phone and card (the waiver as given: who confirmed a failing check digit, '' for nobody) and
/// the log line in one transaction.
pub async fn set_contact_card(
    db: &Db,
    worker_id: i64,
    after: &ContactCard,
    entry: &oplog::Entry<'_>,
) -> sqlx::Result<()> {
    let now = clock::now();
    let waived_at = (!after.card_check_waived_by.is_empty()).then_some(now);
    on_db!(db, pool => {
        let mut tx = pool.begin().await?;
        sqlx::query("UPDATE workers SET phone = $2, wage_card_number = $3, wage_card_bank = $4, card_check_waived_at = $5, \
                     card_check_waived_by = $6, updated_at = $7 WHERE id = $1")
            .bind(worker_id).bind(&after.phone).bind(&after.wage_card_number).bind(&after.wage_card_bank)
            .bind(waived_at).bind(&after.card_check_waived_by).bind(now)
            .execute(&mut *tx).await?;
        record_in_tx!(tx, entry)?;
        tx.commit().await
    })
}

/// A wage standard of a roster line from a day on.
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct RateRow {
    pub effective_from: String,
    pub wage_kind: String,
    pub wage_fen: i64,
}

/// The line's wage standards, earliest first.
pub async fn rates(db: &Db, employment_id: i64) -> sqlx::Result<Vec<RateRow>> {
    let sql = "SELECT effective_from, wage_kind, wage_fen FROM employment_rates WHERE employment_id = $1 ORDER BY effective_from";
    on_db!(db, pool => sqlx::query_as(sql).bind(employment_id).fetch_all(pool).await)
}

/// The project's employments with `wage_kind` and `wage_fen` as in effect on the day bound at
/// `day_placeholder` (e.g. "$5"): the set form of `service::rate_for`, for the wage-sheet builder. A line
/// without a rate by then (none recorded) keeps its own columns.
pub fn employments_rated_on(day_placeholder: &str) -> String {
    let rate = |column: &str| {
        format!(
            "COALESCE((SELECT r.{column} FROM employment_rates r WHERE r.employment_id = e.id AND r.effective_from <= {day_placeholder} \
             ORDER BY r.effective_from DESC LIMIT 1), e.{column}) AS {column}"
        )
    };
    format!(
        "(SELECT e.id, e.project_id, e.worker_id, e.unit_id, e.team_id, e.work_type, e.entry_date, e.exit_date, e.status, {}, {} \
         FROM employments e)",
        rate("wage_kind"),
        rate("wage_fen")
    )
}

/// Whether a standard of a roster line of the project taking effect on or before `through_day` was recorded
/// at `since` (unix seconds) or later.
pub async fn rates_recorded_since(db: &Db, project_id: i64, since: i64, through_day: &str) -> sqlx::Result<bool> {
    let sql = "SELECT COUNT(*) FROM employment_rates r JOIN employments e ON e.id = r.employment_id \
               WHERE e.project_id = $1 AND r.created_at >= $2 AND r.effective_from <= $3";
    let count: i64 = on_db!(db, pool => sqlx::query_scalar(sql).bind(project_id).bind(since).bind(through_day).fetch_one(pool).await)?;
    Ok(count > 0)
}

/// Records a wage standard from `rate.effective_from` (replacing one recorded for that same day), sets the
/// line's newest standard, and logs, in one transaction.
pub async fn set_rate(db: &Db, employment_id: i64, rate: &RateRow, entry: &oplog::Entry<'_>) -> sqlx::Result<()> {
    let now = clock::now();
    on_db!(db, pool => {
        let mut tx = pool.begin().await?;
        sqlx::query("INSERT INTO employment_rates (employment_id, effective_from, wage_kind, wage_fen, created_at) \
                     VALUES ($1, $2, $3, $4, $5) ON CONFLICT (employment_id, effective_from) \
                     DO UPDATE SET wage_kind = excluded.wage_kind, wage_fen = excluded.wage_fen, created_at = excluded.created_at")
            .bind(employment_id).bind(&rate.effective_from).bind(&rate.wage_kind).bind(rate.wage_fen).bind(now)
            .execute(&mut *tx).await?;
        sqlx::query("UPDATE employments SET wage_kind = r.wage_kind, wage_fen = r.wage_fen, updated_at = $2 \
                     FROM (SELECT wage_kind, wage_fen FROM employment_rates WHERE employment_id = $1 \
                     ORDER BY effective_from DESC LIMIT 1) r WHERE employments.id = $1")
            .bind(employment_id).bind(now)
            .execute(&mut *tx).await?;
        record_in_tx!(tx, entry)?;
        tx.commit().await
    })
}

/// Where a transferred worker goes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TransferTo {
    pub unit_id: i64,
    pub team_id: Option<i64>,
    pub work_type: String,
    /// The first day of the new line; the old one ends the day before.
    pub date: String,
    pub last_day_before: String,
    /// The standard in effect on `date`, carried over.
    pub rate: RateRow,
}

/// Ends the active line the day before the transfer (exit reason `transfer`) and starts a new one on the
/// transfer date with the new unit, team and work type, the contract and the standard carried over; logs.
/// None when the line was no longer active (nothing written).
pub async fn transfer(
    db: &Db,
    project_id: i64,
    id: i64,
    to: &TransferTo,
    entry: &oplog::Entry<'_>,
) -> sqlx::Result<Option<i64>> {
    let now = clock::now();
    on_db!(db, pool => {
        let mut tx = pool.begin().await?;
        let ended = sqlx::query("UPDATE employments SET status = 2, exit_date = $1, exit_reason = 'transfer', updated_at = $2 \
                                 WHERE project_id = $3 AND id = $4 AND status = 1")
            .bind(&to.last_day_before).bind(now).bind(project_id).bind(id)
            .execute(&mut *tx).await?.rows_affected();
        if ended != 1 {
            tx.rollback().await?;
            return Ok(None);
        }
        let new_id: i64 = sqlx::query_scalar(
            "INSERT INTO employments (project_id, worker_id, unit_id, team_id, work_type, wage_kind, wage_fen, contract_signed, \
             contract_start, contract_end, contract_file, entry_date, status, created_at, updated_at) \
             SELECT project_id, worker_id, $1, $2, $3, $4, $5, contract_signed, contract_start, contract_end, contract_file, $6, 1, $7, $7 \
             FROM employments WHERE id = $8 RETURNING id")
            .bind(to.unit_id).bind(to.team_id).bind(&to.work_type).bind(&to.rate.wage_kind).bind(to.rate.wage_fen)
            .bind(&to.date).bind(now).bind(id)
            .fetch_one(&mut *tx).await?;
        sqlx::query(INSERT_FIRST_RATE).bind(new_id).bind(now).execute(&mut *tx).await?;
        record_in_tx!(tx, entry)?;
        tx.commit().await?;
        Ok(Some(new_id))
    })
}

/// The project's roster lines overlapping `first`..`last` (days `YYYY-MM-DD`), for the wage sheets.
pub async fn employments_between(
    db: &Db,
    project_id: i64,
    first: &str,
    last: &str,
) -> sqlx::Result<Vec<crate::wage::plan::Employment>> {
    let sql = "SELECT id, worker_id, unit_id, COALESCE(team_id, 0) AS team_id, entry_date, exit_date, wage_kind, wage_fen FROM employments \
               WHERE project_id = $1 AND entry_date <= $3 AND (exit_date = '' OR exit_date >= $2) ORDER BY id";
    on_db!(db, pool => sqlx::query_as(sql).bind(project_id).bind(first).bind(last).fetch_all(pool).await)
}

/// The wage standards of those lines taking effect by `last`.
pub async fn rates_between(
    db: &Db,
    project_id: i64,
    first: &str,
    last: &str,
) -> sqlx::Result<Vec<crate::wage::plan::Rate>> {
    let sql = "SELECT r.employment_id, r.effective_from, r.wage_kind, r.wage_fen FROM employment_rates r JOIN employments e ON e.id = r.employment_id \
               WHERE e.project_id = $1 AND e.entry_date <= $3 AND (e.exit_date = '' OR e.exit_date >= $2) AND r.effective_from <= $3 \
               ORDER BY r.employment_id, r.effective_from";
    on_db!(db, pool => sqlx::query_as(sql).bind(project_id).bind(first).bind(last).fetch_all(pool).await)
}

/// How many workers are on site (employment status 1) in each of the projects `ids`, in one query.
pub async fn on_site_counts(db: &Db, ids: &[i64]) -> sqlx::Result<Vec<(i64, i64)>> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    let sql = format!(
        "SELECT project_id, COUNT(*) FROM employments WHERE status = 1 AND project_id IN ({}) GROUP BY project_id",
        crate::db::placeholders(1, ids.len())
    );
    let binds = crate::db::int_binds(ids);
    on_db!(db, pool => bind_all!(sqlx::query_as(sqlx::AssertSqlSafe(sql.clone())), &binds).fetch_all(pool).await)
}

/// Marks the project's employment `id` as having a signed labour contract, its file `file_url`, inside `tx`.
/// Whether the line is the project's.
pub async fn mark_contract_signed(
    tx: &mut Tx,
    project_id: i64,
    id: i64,
    file_url: &str,
    now: i64,
) -> sqlx::Result<bool> {
    let sql = "UPDATE employments SET contract_signed = TRUE, contract_file = $1, updated_at = $2 WHERE project_id = $3 AND id = $4";
    Ok(execute_in!(tx, sqlx::query(sql).bind(file_url).bind(now).bind(project_id).bind(id))? == 1)
}

/// For the early warnings: per project, the workers on site and the earliest entry among them.
pub async fn on_site_since(db: &Db) -> sqlx::Result<Vec<(i64, i64, String)>> {
    let sql = "SELECT project_id, COUNT(*), MIN(entry_date) FROM employments WHERE status = 1 GROUP BY project_id";
    on_db!(db, pool => sqlx::query_as(sql).fetch_all(pool).await)
}

/// For the early warnings: (project, worker, entry day) of workers on site without a signed labour contract
/// who entered before `before`.
pub async fn on_site_without_contract(db: &Db, before: &str) -> sqlx::Result<Vec<(i64, i64, String)>> {
    let sql = "SELECT project_id, worker_id, MIN(entry_date) FROM employments \
               WHERE status = 1 AND NOT contract_signed AND entry_date < $1 GROUP BY project_id, worker_id";
    on_db!(db, pool => sqlx::query_as(sql).bind(before).fetch_all(pool).await)
}

/// The project's roster for its export (`backup`): every employment, past ones too, with its worker.
pub async fn export_roster(db: &Db, project_id: i64) -> sqlx::Result<crate::db::TextRows> {
    let sql = "SELECT e.id AS \"编号\", w.name AS \"姓名\", w.id_number AS \"身份证号\", w.gender AS \"性别\", \
               w.ethnicity AS \"民族\", w.birth_date AS \"出生日期\", w.address AS \"住址\", w.phone AS \"手机号\", \
               w.wage_card_number AS \"工资卡号\", w.wage_card_bank AS \"开户行\", e.unit_id AS \"单位编号\", \
               e.team_id AS \"班组编号\", e.work_type AS \"工种\", e.wage_kind AS \"计薪方式\", e.wage_fen AS \"工资标准（分）\", \
               e.contract_signed AS \"已签合同\", e.contract_start AS \"合同开始\", e.contract_end AS \"合同结束\", \
               e.entry_date AS \"进场日期\", e.exit_date AS \"退场日期\", e.status AS \"状态\", w.photo AS \"照片\", \
               e.contract_file AS \"合同文件\" \
               FROM employments e JOIN workers w ON w.id = e.worker_id WHERE e.project_id = $1 ORDER BY e.id";
    crate::db::text_rows(db, sql, project_id).await
}

/// Workers on site of projects `ids` per work type (`WORK_TYPES` value), in one query.
pub async fn on_site_by_work_type(db: &Db, ids: &[i64]) -> sqlx::Result<Vec<(String, i64)>> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    let sql = format!(
        "SELECT work_type, COUNT(*) FROM employments WHERE status = 1 AND project_id IN ({}) GROUP BY work_type",
        crate::db::placeholders(1, ids.len())
    );
    let binds = crate::db::int_binds(ids);
    on_db!(db, pool => bind_all!(sqlx::query_as(sqlx::AssertSqlSafe(sql.clone())), &binds).fetch_all(pool).await)
}

/// For the reports (issue 16): the cohort's roster lines on site (status 1), as the roster lists them, per
/// project packed (`db::packed`: worker id, name, ID number, gender, unit, team or 0, work type).
pub async fn on_site_people(db: &Db, cohort: &Cohort) -> sqlx::Result<Vec<(i64, String)>> {
    let sql = format!(
        "SELECT e.project_id, {} FROM employments e JOIN workers w ON w.id = e.worker_id \
         WHERE e.status = 1 AND {} GROUP BY e.project_id",
        crate::db::packed::packed(&[
            "e.worker_id",
            "w.name",
            "w.id_number",
            "w.gender",
            "e.unit_id",
            "COALESCE(e.team_id, 0)",
            "e.work_type"
        ]),
        cohort.clause("e", 1)
    );
    on_db!(db, pool => bind_all!(sqlx::query_as(sqlx::AssertSqlSafe(sql.clone())), &cohort.binds()).fetch_all(pool).await)
}

/// Entries (`column` entry_date) or exits (exit_date) of the cohort's roster lines per month `YYYY-MM`, from
/// `first` to `last` (days, inclusive).
pub async fn moves_by_month(
    db: &Db,
    cohort: &Cohort,
    exits: bool,
    first: &str,
    last: &str,
) -> sqlx::Result<Vec<(String, i64)>> {
    let column = if exits { "e.exit_date" } else { "e.entry_date" };
    let sql = format!(
        "SELECT SUBSTR({column}, 1, 7) AS month, COUNT(*) FROM employments e WHERE {column} >= $1 AND {column} <= $2 \
         AND {} GROUP BY SUBSTR({column}, 1, 7)",
        cohort.clause("e", 3)
    );
    let mut binds = vec![Bind::Text(first.into()), Bind::Text(last.into())];
    binds.extend(cohort.binds());
    on_db!(db, pool => bind_all!(sqlx::query_as(sqlx::AssertSqlSafe(sql.clone())), &binds).fetch_all(pool).await)
}

/// The cohort's roster lines overlapping `first`..`last`, per project packed (`db::packed`: worker, entry
/// day, exit day or '', unit, team or 0).
pub async fn stays_between(db: &Db, cohort: &Cohort, first: &str, last: &str) -> sqlx::Result<Vec<(i64, String)>> {
    let sql = format!(
        "SELECT e.project_id, {} FROM employments e \
         WHERE e.entry_date <= $2 AND (e.exit_date = '' OR e.exit_date >= $1) AND {} GROUP BY e.project_id",
        crate::db::packed::packed(&[
            "e.worker_id",
            "e.entry_date",
            "e.exit_date",
            "e.unit_id",
            "COALESCE(e.team_id, 0)"
        ]),
        cohort.clause("e", 3)
    );
    let mut binds = vec![Bind::Text(first.into()), Bind::Text(last.into())];
    binds.extend(cohort.binds());
    on_db!(db, pool => bind_all!(sqlx::query_as(sqlx::AssertSqlSafe(sql.clone())), &binds).fetch_all(pool).await)
}

/// Names of the units and the teams of the projects: (`unit` or `team`, id, name).
pub async fn unit_and_team_names(db: &Db, cohort: &Cohort) -> sqlx::Result<Vec<(String, i64, String)>> {
    let sql = format!(
        "SELECT 'unit', pu.id, c.name FROM project_units pu JOIN companies c ON c.id = pu.company_id WHERE {} \
         UNION ALL SELECT 'team', t.id, t.name FROM teams t WHERE {}",
        cohort.projects_clause("pu.project_id", 1),
        cohort.projects_clause("t.project_id", 1)
    );
    on_db!(db, pool => bind_all!(sqlx::query_as(sqlx::AssertSqlSafe(sql.clone())), &cohort.project_binds()).fetch_all(pool).await)
}

/// Workers' names by id.
pub async fn names(db: &Db, ids: &[i64]) -> sqlx::Result<Vec<(i64, String)>> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    let sql = format!("SELECT id, name FROM workers WHERE id IN ({})", crate::db::placeholders(1, ids.len()));
    let binds = crate::db::int_binds(ids);
    on_db!(db, pool => bind_all!(sqlx::query_as(sqlx::AssertSqlSafe(sql.clone())), &binds).fetch_all(pool).await)
}

/// (project, worker, name, ID number, newest roster line) of every roster line of workers `ids`.
pub async fn lines_of_workers(db: &Db, ids: &[i64]) -> sqlx::Result<Vec<(i64, i64, String, String, i64)>> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    let sql = format!(
        "SELECT e.project_id, w.id, w.name, w.id_number, MAX(e.id) FROM employments e \
         JOIN workers w ON w.id = e.worker_id WHERE w.id IN ({}) GROUP BY e.project_id, w.id, w.name, w.id_number",
        crate::db::placeholders(1, ids.len())
    );
    let binds = crate::db::int_binds(ids);
    on_db!(db, pool => bind_all!(sqlx::query_as(sqlx::AssertSqlSafe(sql.clone())), &binds).fetch_all(pool).await)
}

/// For the site terminals: (worker, name) of everyone on the project's site now.
pub async fn on_site_names(db: &Db, project_id: i64) -> sqlx::Result<Vec<(i64, String)>> {
    let sql = "SELECT w.id, w.name FROM employments e JOIN workers w ON w.id = e.worker_id \
               WHERE e.project_id = $1 AND e.status = 1 ORDER BY w.id";
    on_db!(db, pool => sqlx::query_as(sql).bind(project_id).fetch_all(pool).await)
}

/// Of `ids`, the workers who are or were on the project's roster.
pub async fn ever_on_roster(db: &Db, project_id: i64, ids: &[i64]) -> sqlx::Result<Vec<i64>> {
    let mut found = Vec::new();
    for chunk in ids.chunks(500) {
        let sql = format!(
            "SELECT DISTINCT worker_id FROM employments WHERE project_id = $1 AND worker_id IN ({})",
            crate::db::placeholders(2, chunk.len())
        );
        let binds = crate::db::int_binds(chunk);
        let rows: Vec<i64> = on_db!(db, pool => bind_all!(sqlx::query_scalar(sqlx::AssertSqlSafe(sql.clone())).bind(project_id), &binds).fetch_all(pool).await)?;
        found.extend(rows);
    }
    Ok(found)
}

/// One roster line as the worker-platform feed reports it.
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct FeedLine {
    pub employment_id: i64,
    pub worker_id: i64,
    pub name: String,
    pub id_number: String,
    pub phone: String,
    pub id_valid_to: String,
    pub unit_id: i64,
    pub team_id: i64,
    pub work_type: String,
    pub entry_date: String,
    pub exit_date: String,
    pub contract_signed: bool,
    pub contract_start: String,
    pub contract_end: String,
}

/// Every roster line of the project, past ones too, in order of entry.
pub async fn feed_lines(db: &Db, project_id: i64) -> sqlx::Result<Vec<FeedLine>> {
    let sql = "SELECT e.id AS employment_id, w.id AS worker_id, w.name, w.id_number, w.phone, w.id_valid_to, e.unit_id, \
               COALESCE(e.team_id, 0) AS team_id, e.work_type, e.entry_date, e.exit_date, e.contract_signed, \
               e.contract_start, e.contract_end \
               FROM employments e JOIN workers w ON w.id = e.worker_id WHERE e.project_id = $1 ORDER BY e.id";
    on_db!(db, pool => sqlx::query_as(sql).bind(project_id).fetch_all(pool).await)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn filters_number_their_placeholders_in_order() {
        let filter = RosterFilter {
            project_id: 7,
            name: "张_".into(),
            team_id: Some(3),
            status: Some(1),
            entry_from: "2026-01-01".into(),
            ..RosterFilter::default()
        };
        let (clause, binds) = roster_where(&filter);
        assert_eq!(
            clause,
            "e.project_id = $1 AND e.status = $2 AND e.team_id = $3 AND e.entry_date >= $4 \
             AND e.worker_id IN (SELECT worker_id FROM worker_name_suffixes WHERE suffix >= $5 AND suffix < $6)"
        );
        assert_eq!(binds[4], Bind::Text("张_".into()));
        assert_eq!(binds[5], Bind::Text("张_\u{10FFFF}".into()));
        let filter = RosterFilter { project_id: 7, id_number: "4101".into(), ..RosterFilter::default() };
        let (clause, binds) = roster_where(&filter);
        assert_eq!(
            clause,
            "e.project_id = $1 AND e.worker_id IN (SELECT id FROM workers WHERE id_number >= $2 AND id_number < $3)"
        );
        assert_eq!(binds[2], Bind::Text("4101~".into()));
    }
}
