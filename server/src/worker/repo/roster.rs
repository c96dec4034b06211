//! The roster: its filters, a page of it, one line with its person and contract, a worker's lines.

use crate::db::{Bind, Db};
use crate::{bind_all, on_db};

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
