//! The access matrix: every operation of the OpenAPI document (built from the same registrations as the
//! router, so its paths and methods are the router's routes) × every actor that must not reach another
//! project's records, each request filled with that project's record ids. Every pair is refused or answers
//! only the actor's own scope: no record of the victim project in the reply, and no row of the database
//! changed but the actor's own project's. An operation whose class cannot be told fails the test.

use std::collections::{BTreeMap, BTreeSet};

use axum::body::Body;
use axum::http::Request;
use http_body_util::BodyExt;
use serde_json::Value;
use tokio::task::JoinSet;
use tower::ServiceExt;

use crate::both;
use crate::support::{TestApp, b64};

/// Who may call an operation, told by its path's side prefix unless [`EXCEPTIONS`] names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Class {
    /// No session needed (login, captcha, the area lists): the reply still carries nothing of a project.
    Public,
    /// Authenticated by a signature or a shared secret, never by a session.
    Signed,
    /// Any logged-in account of either side, for its own account only.
    AnyLoggedIn,
    /// `/builder/…`: the project's clerk; the regulator reads every project but writes none.
    Builder,
    /// `/finance/…`: the project's finance approvers.
    Finance,
    /// `/admin/…`: the regulator only.
    Regulator,
    /// Credit records: the clerk writes the project's, the regulator the bureau's (each its own authority);
    /// and a project's export, which either may start.
    BureauRecords,
    /// `/worker/…`: a worker of the roster on his own session, for his own records only.
    Worker,
    /// What a site posts at its gate (the 维权信息告示牌 of an approved project): anyone may read it, it
    /// changes nothing.
    Posted,
}

/// Operations whose class is not their side prefix's, with why.
const EXCEPTIONS: &[(&str, &str, Class)] = &[
    // Logging in and what the login page shows come before any session.
    ("POST", "/builder/common/v1/Public/login", Class::Public),
    ("POST", "/finance/common/v1/Public/Financelogin", Class::Public),
    ("GET", "/{side}/common/v1/Public/captcha", Class::Public),
    ("POST", "/{side}/common/v1/Public/captcha", Class::Public),
    ("POST", "/{side}/common/v1/Public/getvcode", Class::Public),
    ("POST", "/{side}/common/v1/Public/smslogin", Class::Public),
    ("POST", "/{side}/common/v1/Public/getsmsstatus", Class::Public),
    ("POST", "/{side}/common/v1/Public/passwordverification", Class::Public),
    ("GET", "/{side}/common/v1/public/Message", Class::Public),
    ("POST", "/{side}/common/v1/public/Message", Class::Public),
    // The registration wizard's region pickers: public reference data.
    ("POST", "/builder/common/v1/Area/guanxia_list", Class::Public),
    ("POST", "/builder/common/v1/Area/jmarea", Class::Public),
    ("GET", "/builder/common/v1/Area/registerplace", Class::Public),
    ("GET", "/builder/common/v1/Area/search", Class::Public),
    // The worker's page for wage-arrears leads: no account; the progress needs the receipt and its phone.
    ("GET", "/public/clue/v1/Area/districts", Class::Public),
    ("GET", "/public/clue/v1/Project/search", Class::Public),
    ("GET", "/public/clue/v1/captcha", Class::Public),
    ("POST", "/public/clue/v1/Clue/submit", Class::Public),
    ("POST", "/public/clue/v1/Clue/query", Class::Public),
    // The worker side's login comes before his session; the board is what the site posts at its gate.
    ("POST", "/worker/common/v1/Public/getvcode", Class::Public),
    ("POST", "/worker/common/v1/Public/smslogin", Class::Public),
    ("GET", "/worker/project/v1/Project/noticeBoard", Class::Posted),
    // An uploaded file is served to its project's accounts (either side) and the regulator.
    ("GET", "/uploads/{name}", Class::AnyLoggedIn),
    // The names of those files, by the same rule: a file the session may not read is left out of the answer.
    ("GET", "/builder/common/v1/site/file_names", Class::AnyLoggedIn),
    // Reference lists both sides' pages use, and the account's own unread count.
    ("GET", "/builder/calendar/v1/Calendar/year", Class::AnyLoggedIn),
    ("GET", "/builder/calendar/v1/Calendar/month", Class::AnyLoggedIn),
    ("GET", "/builder/common/v1/Site/workTypes", Class::AnyLoggedIn),
    ("GET", "/builder/company/v1/Company/Get_constructionType", Class::AnyLoggedIn),
    ("POST", "/builder/message/v1/Message/ajaxmessagecount", Class::AnyLoggedIn),
    // The regulator enters, corrects and revokes the bureau's credit records on the clerk's pages.
    ("POST", "/builder/faith/v1/Credit/save", Class::BureauRecords),
    ("POST", "/builder/faith/v1/Credit/update", Class::BureauRecords),
    ("POST", "/builder/faith/v1/Credit/delete", Class::BureauRecords),
    // The bureau corrects an approver's ID number entered wrong (the clerk never can).
    ("POST", "/builder/project/v1/project/Correctidnumber", Class::BureauRecords),
    // The regulator exports a project of its district on the clerk's page (an export job, not a record).
    ("POST", "/builder/backup/v1/Export/start", Class::BureauRecords),
    // The bank's arrival notice carries the bank's shared secret.
    ("POST", "/bank/special/v1/Account/arrival", Class::Signed),
    ("POST", "/bank/special/v1/Account/statement", Class::Signed),
];

fn classify(method: &str, path: &str) -> Option<Class> {
    if let Some((_, _, class)) = EXCEPTIONS.iter().find(|(m, p, _)| *m == method && *p == path) {
        return Some(*class);
    }
    let prefix = path.split('/').nth(1).unwrap_or("");
    match prefix {
        "builder" => Some(Class::Builder),
        "finance" => Some(Class::Finance),
        "admin" => Some(Class::Regulator),
        "worker" => Some(Class::Worker),
        "{side}" => Some(Class::AnyLoggedIn),
        "device" => Some(Class::Signed),
        // ZKTeco PUSH terminals: known by a registered serial, answered in plain text (HTTP 401 unregistered).
        "iclock" => Some(Class::Signed),
        _ => None,
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Actor {
    NoToken,
    LoggedOut,
    OtherClerk,
    OtherFinance,
    Regulator,
    /// A 监察 account scoped to a district the victim project is not in (410102; the victim is in 410105).
    OtherDistrictInspector,
    /// A worker on the worker side who is on none of the victim project's roster lines.
    OtherWorker,
}

/// What a pair must answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Expect {
    /// One of these envelope codes.
    Refused(&'static [i64]),
    /// Refused, or the actor's own scope: nothing of the victim project.
    NothingOfTheVictim,
    /// The regulator on the clerk's side: reads every project (so the victim's records are its to see),
    /// changes nothing.
    ReadOnly,
    /// What the victim posts publicly: may show its texts, changes nothing.
    Posted,
}

const NOT_LOGGED_IN: &[i64] = &[101];
/// The wrong role: 403, or 401/404 when the request is refused before its role is looked at.
const WRONG_ROLE: &[i64] = &[401, 403, 404];
const SIGNATURE_REFUSED: &[i64] = &[101, 401, 403];
const REFUSALS: &[i64] = &[101, 401, 403, 404];

/// None: the operation is the actor's own business (the regulator on its pages), not a pair to try.
fn expect(class: Class, actor: Actor) -> Option<Expect> {
    use Actor::*;
    Some(match (class, actor) {
        (Class::Public, _) => Expect::NothingOfTheVictim,
        (Class::Posted, _) => Expect::Posted,
        (Class::Signed, _) => Expect::Refused(SIGNATURE_REFUSED),
        (_, NoToken | LoggedOut) => Expect::Refused(NOT_LOGGED_IN),
        (Class::AnyLoggedIn, _) => Expect::NothingOfTheVictim,
        (Class::Builder | Class::BureauRecords, OtherClerk) => Expect::NothingOfTheVictim,
        (Class::Builder | Class::BureauRecords, OtherFinance) => Expect::Refused(WRONG_ROLE),
        (Class::Builder, Regulator) => Expect::ReadOnly,
        (Class::Finance, OtherFinance) => Expect::NothingOfTheVictim,
        (Class::Finance, OtherClerk | Regulator) => Expect::Refused(WRONG_ROLE),
        (Class::Regulator, OtherClerk | OtherFinance) => Expect::Refused(WRONG_ROLE),
        (Class::Regulator | Class::BureauRecords, Regulator) => return None,
        (Class::Builder | Class::BureauRecords | Class::Regulator, OtherDistrictInspector) => {
            Expect::NothingOfTheVictim
        }
        (Class::Finance, OtherDistrictInspector) => Expect::Refused(WRONG_ROLE),
        (Class::Worker, OtherWorker) => Expect::NothingOfTheVictim,
        // A token of one side is unknown to the other: an account's on the worker side, a worker's elsewhere.
        (Class::Worker, _) | (_, OtherWorker) => Expect::Refused(NOT_LOGGED_IN),
    })
}

/// One documented operation with the parameters it declares (query and form body).
struct Operation {
    method: String,
    path: String,
    class: Class,
    query: Vec<String>,
    form: Vec<String>,
    json_body: bool,
}

/// The property names of a request-body schema, through references and `allOf`.
fn properties(document: &Value, schema: &Value, names: &mut Vec<String>) {
    if let Some(reference) = schema["$ref"].as_str() {
        return properties(document, &document["components"]["schemas"][reference.rsplit('/').next().unwrap()], names);
    }
    for part in schema["allOf"].as_array().into_iter().flatten() {
        properties(document, part, names);
    }
    names.extend(schema["properties"].as_object().into_iter().flatten().map(|(name, _)| name.clone()));
}

fn operations(document: &Value) -> Vec<Operation> {
    let mut found: Vec<Operation> = Vec::new();
    let mut unclassified = Vec::new();
    for (path, item) in document["paths"].as_object().expect("paths") {
        for (method, operation) in item.as_object().expect("path item") {
            let method = method.to_ascii_uppercase();
            let Some(class) = classify(&method, path) else {
                unclassified.push(format!("{method} {path}"));
                continue;
            };
            let query = operation["parameters"]
                .as_array()
                .into_iter()
                .flatten()
                .filter(|parameter| parameter["in"] == "query")
                .map(|parameter| parameter["name"].as_str().expect("parameter name").to_owned())
                .collect();
            let content = &operation["requestBody"]["content"];
            let mut form = Vec::new();
            properties(document, &content["application/x-www-form-urlencoded"]["schema"], &mut form);
            let json_body = content.get("application/json").is_some();
            found.push(Operation { method, path: path.clone(), class, query, form, json_body });
        }
    }
    assert!(
        unclassified.is_empty(),
        "new endpoint not classified (give it a side prefix or an entry in EXCEPTIONS): {unclassified:?}"
    );
    for (method, path, _) in EXCEPTIONS {
        assert!(
            found.iter().any(|operation| operation.method == *method && operation.path == *path),
            "EXCEPTIONS names {method} {path}, which is not documented"
        );
    }
    found
}

/// The victim project's records: ids of each kind, and the texts that would show them in a reply (its
/// name, its workers', staff's, teams' and accounts' names, phones and ID numbers, its order numbers and
/// device serials; not the numeric ids, which any reply may contain by chance).
struct Victim {
    project: i64,
    /// Kind (table, or `worker` / `company`) → the smallest and the largest id of the victim's rows.
    ids: BTreeMap<String, [i64; 2]>,
    upload: String,
    /// A victim worker's ID number, for the fields that look a person up by it.
    id_number: String,
    markers: BTreeSet<String>,
}

/// Form and query names that carry a record of one kind.
fn kind_of(name: &str) -> Option<&'static str> {
    Some(match name {
        "projectId" | "project_id" => "projects",
        "workerId" | "worker_id" | "workerIds" => "worker",
        "teamId" => "teams",
        "unitId" | "unit_id" | "companyid" => "project_units",
        "sheetIds" => "wage_sheets",
        _ => return None,
    })
}

/// Names that carry a record of whatever kind the operation is about: tried with every kind's id.
fn is_any_record(name: &str) -> bool {
    matches!(name, "id" | "Id" | "ids")
}

/// Fields naming what a request is about, where one value would stop most requests before the scope check:
/// every value is tried.
const VARIANTS: &[(&str, &[&str])] = &[
    ("record", &["roster", "worker", "credit", "staff", "team", "wage_line", "payout"]),
    ("field", &["id_number", "card", "current_card"]),
];

/// A value that passes the field's format check, so that the request reaches the scope check.
fn filler(name: &str) -> String {
    let lower = name.to_ascii_lowercase();
    let value = if lower == "month" || lower == "belongdate" {
        "2026-10"
    } else if lower == "year" {
        "2026"
    } else if lower.contains("date")
        || lower == "day"
        || lower.starts_with("start")
        || lower.starts_with("end")
        || lower.ends_with("from")
        || lower.ends_with("to")
    {
        "2026-10-15"
    } else if lower.contains("phone") {
        FILLER_PHONE
    } else if lower.contains("pwd") || lower == "password" {
        return b64("Matrix@2026x");
    } else if lower == "page" {
        "1"
    } else if lower == "limit" {
        "10"
    } else if ["name", "reason", "remark", "keyword", "topic", "content", "summary", "trainer", "issuer", "title"]
        .contains(&lower.as_str())
    {
        "矩阵核对"
    } else {
        "1"
    };
    value.to_owned()
}

/// One request of the matrix.
struct Probe {
    label: String,
    method: String,
    uri: String,
    content_type: &'static str,
    body: String,
}

/// The operation's requests: `{side}` paths on both sides, one per assignment of the record fields.
fn probes(operation: &Operation, victim: &Victim) -> Vec<Probe> {
    // Each assignment fixes the record id and the variant fields; the rest follow from the name.
    let mut assignments: Vec<BTreeMap<&str, String>> = vec![BTreeMap::new()];
    for name in operation.query.iter().chain(&operation.form) {
        let values: Vec<String> = if is_any_record(name) {
            victim.ids.values().flatten().collect::<BTreeSet<_>>().into_iter().map(i64::to_string).collect()
        } else if let Some((_, values)) = VARIANTS.iter().find(|(field, _)| field == name) {
            values.iter().map(|value| value.to_string()).collect()
        } else {
            continue;
        };
        assignments = assignments
            .into_iter()
            .flat_map(|assignment| {
                values.iter().map(move |value| {
                    let mut assignment = assignment.clone();
                    assignment.insert(name.as_str(), value.clone());
                    assignment
                })
            })
            .collect();
    }
    let value = |name: &str, assignment: &BTreeMap<&str, String>| -> String {
        if let Some(value) = assignment.get(name) {
            return value.clone();
        }
        if name.to_ascii_lowercase().replace('_', "").contains("idnumber") {
            return victim.id_number.clone();
        }
        match kind_of(name) {
            Some(kind) => victim.ids.get(kind).map(|[smallest, _]| smallest.to_string()).unwrap_or_else(|| "1".into()),
            None => filler(name),
        }
    };
    // Filled, so that a change passes its format checks; with the record fields alone, and with the project
    // alone, so that a list's filters do not narrow it to nothing.
    #[derive(Clone, Copy, PartialEq)]
    enum Fields {
        All,
        Records,
        Project,
    }
    let is_sent = |name: &String, fields: Fields| match fields {
        Fields::All => true,
        _ if is_any_record(name) || VARIANTS.iter().any(|(field, _)| field == name) => true,
        Fields::Records => kind_of(name).is_some(),
        Fields::Project => kind_of(name) == Some("projects"),
    };
    let mut found = Vec::new();
    let mut labels = BTreeSet::new();
    let sides: &[&str] = if operation.path.contains("{side}") { &["builder", "finance"] } else { &[""] };
    for side in sides {
        let path = operation.path.replace("{side}", side).replace("{name}", &victim.upload);
        for (assignment, fields) in assignments
            .iter()
            .flat_map(|assignment| [Fields::All, Fields::Records, Fields::Project].map(|fields| (assignment, fields)))
        {
            let sent = |names: &Vec<String>| -> Vec<(String, String)> {
                names
                    .iter()
                    .filter(|name| is_sent(name, fields))
                    .map(|name| (name.clone(), value(name, assignment)))
                    .collect()
            };
            let (query, form) = (sent(&operation.query), sent(&operation.form));
            let query = serde_urlencoded::to_string(&query).unwrap();
            let uri = if query.is_empty() { path.clone() } else { format!("{path}?{query}") };
            let (content_type, body) = if operation.json_body {
                (
                    "application/json",
                    format!(r#"{{"serial":"1","punches":[{{"workerId":{}}}]}}"#, victim.ids["worker"][0]),
                )
            } else {
                ("application/x-www-form-urlencoded", serde_urlencoded::to_string(&form).unwrap())
            };
            let label = format!("{} {uri} {body}", operation.method);
            if labels.insert(label.clone()) {
                found.push(Probe { label, method: operation.method.clone(), uri, content_type, body });
            }
        }
    }
    found
}

/// Tables left out of the before/after comparison, with why.
const NOT_COMPARED: &[(&str, &str)] = &[
    ("_sqlx_migrations", "the schema's own bookkeeping"),
    ("sessions", "the actors' own sessions: logging in opens them and the logout operation ends them"),
    ("worker_sessions", "the worker actor's own session, likewise"),
    ("captchas", "the public captcha operation issues a challenge to whoever asks"),
    (
        "login_guards",
        "failed-password counts per login name: anyone may try any name, which is what the lock-out counts",
    ),
    ("rate_counters", "requests per client address on the public operations, counted for whoever sends them"),
    ("iclock_strangers", "serials that knocked unregistered: any terminal may knock, which is what the list is for"),
];

/// How the worker side's login code reads in the outbox.
const WORKER_CODE_TEXT: &str = "您的工资查询登录验证码";

/// The new phone the phone-change operations are sent with (no account has it).
const FILLER_PHONE: &str = "13900139000";

/// What an actor may change: its own project's rows, its own account, its own lines in the operation log
/// (its logout, its failed verifications: the log of what it did, not a record it changed), and SMS codes
/// to its own phone or to the new phone it asks to move to.
#[derive(Clone, Default)]
struct Own {
    project: Option<i64>,
    account: Option<i64>,
    phone: Option<String>,
}

/// The rows of `table` that are not the actor's own, as a WHERE clause.
fn not_own(table: &str, columns: &[String], own: &Own) -> String {
    let mut conditions = Vec::new();
    if let Some(project) = own.project {
        if table == "projects" {
            conditions.push(format!("id <> {project}"));
        } else if columns.iter().any(|column| column == "project_id") {
            conditions.push(format!("(project_id IS NULL OR project_id <> {project})"));
        }
    }
    if let Some(account) = own.account {
        match table {
            "accounts" => conditions.push(format!("id <> {account}")),
            // A lock-out is the log of a login name being tried, which anyone may do (a lock of a name is not a
            // record of its account changed: the account row itself is compared).
            "operation_log" => {
                conditions.push(format!("(account_id IS NULL OR account_id <> {account}) AND action <> '账号锁定'"))
            }
            _ => {}
        }
    }
    if let Some(phone) = &own.phone
        && (table == "sms_codes" || table == "sms_outbox")
    {
        conditions.push(format!("phone NOT IN ('{phone}', '{FILLER_PHONE}')"));
    }
    // Anyone may have a worker's login code sent for his ID number: it goes to his roster phone only, so the
    // asker learns nothing (the per-phone and per-address limits bound how often).
    match table {
        "sms_codes" => conditions.push("purpose <> 'worker'".to_owned()),
        "sms_outbox" => conditions.push(format!("content NOT LIKE '{WORKER_CODE_TEXT}%'")),
        _ => {}
    }
    if conditions.is_empty() { String::new() } else { format!(" WHERE {}", conditions.join(" AND ")) }
}

/// The database's tables.
async fn tables(app: &TestApp) -> Vec<String> {
    match &app.db {
        wageguard::db::Db::Sqlite(pool) => sqlx::query_scalar("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").fetch_all(pool).await,
        wageguard::db::Db::Postgres(pool) => sqlx::query_scalar("SELECT CAST(table_name AS TEXT) FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'").fetch_all(pool).await,
    }
    .expect("table names")
}

/// A table's column names in their order.
async fn columns(app: &TestApp, table: &str) -> Vec<String> {
    match &app.db {
        wageguard::db::Db::Sqlite(pool) => sqlx::query_scalar("SELECT name FROM pragma_table_info($1) ORDER BY cid").bind(table).fetch_all(pool).await,
        wageguard::db::Db::Postgres(pool) => sqlx::query_scalar("SELECT CAST(column_name AS TEXT) FROM information_schema.columns WHERE table_schema = 'public' AND table_name = $1 ORDER BY ordinal_position").bind(table).fetch_all(pool).await,
    }
    .expect("column names")
}

/// Every compared table's rows as text, sorted, but the actor's own.
async fn snapshot(app: &TestApp, own: &Own) -> BTreeMap<String, Vec<String>> {
    let mut rows = BTreeMap::new();
    for table in tables(app).await.into_iter().filter(|table| !NOT_COMPARED.iter().any(|(name, _)| name == table)) {
        let columns = columns(app, &table).await;
        let text = columns
            .iter()
            .map(|column| format!("COALESCE(CAST(\"{column}\" AS TEXT), '∅')"))
            .collect::<Vec<_>>()
            .join(" || '|' || ");
        let filter = not_own(&table, &columns, own);
        let mut table_rows = texts(app, format!("SELECT {text} FROM \"{table}\"{filter}")).await;
        table_rows.sort();
        rows.insert(table, table_rows);
    }
    rows
}

/// The rows that differ, for the failure message.
fn difference(before: &BTreeMap<String, Vec<String>>, after: &BTreeMap<String, Vec<String>>) -> Vec<String> {
    let mut changed = Vec::new();
    for (table, rows) in after {
        let old: BTreeSet<&String> = before.get(table).into_iter().flatten().collect();
        let new: BTreeSet<&String> = rows.iter().collect();
        changed.extend(old.difference(&new).map(|row| format!("{table} − {row}")));
        changed.extend(new.difference(&old).map(|row| format!("{table} + {row}")));
    }
    changed
}

/// The non-null texts a query answers.
async fn texts(app: &TestApp, sql: String) -> Vec<String> {
    let texts: Vec<Option<String>> =
        wageguard::on_db!(&app.db, pool => sqlx::query_scalar(sqlx::AssertSqlSafe(sql.clone())).fetch_all(pool).await)
            .expect("texts");
    texts.into_iter().flatten().collect()
}

/// `[min, max]` from a query answering `min|max` (nothing when the table has no victim rows).
async fn smallest_and_largest(app: &TestApp, sql: String) -> Option<[i64; 2]> {
    let row = texts(app, sql).await.into_iter().next()?;
    let (smallest, largest) = row.split_once('|')?;
    Some([smallest.parse().ok()?, largest.parse().ok()?])
}

/// The demo project, with a submitted wage order and an upload added: the victim.
async fn victim(app: &TestApp) -> Victim {
    let demo = app.login("demo", "Demo@12345").await;
    crate::orders::submitted_order(app, &demo).await;
    let upload = app
        .upload(
            "/builder/common/v1/site/upload_file_batch?kind=image",
            Some(&demo),
            &[("现场照片.png", crate::upload::PNG)],
        )
        .await;
    let upload = upload["data"][0].as_str().expect("upload url").rsplit('/').next().unwrap().to_owned();
    let project = app.scalar("SELECT id FROM projects WHERE name = '郑州市金水区幸福里安置房项目'").await;
    let mut ids = BTreeMap::new();
    for table in tables(app).await {
        let columns = columns(app, &table).await;
        // A log line is the record of a change, not a record an operation takes by id.
        if !columns.iter().any(|c| c == "id") || table == "operation_log" {
            continue;
        }
        let sql = if table == "projects" {
            format!("SELECT CAST(id AS TEXT) || '|' || CAST(id AS TEXT) FROM projects WHERE id = {project}")
        } else if columns.iter().any(|c| c == "project_id") {
            format!(
                "SELECT CAST(MIN(id) AS TEXT) || '|' || CAST(MAX(id) AS TEXT) FROM \"{table}\" WHERE project_id = {project}"
            )
        } else {
            continue;
        };
        if let Some(found) = smallest_and_largest(app, sql).await {
            ids.insert(table, found);
        }
    }
    for (kind, column, table) in [("worker", "worker_id", "employments"), ("company", "company_id", "project_units")] {
        let sql = format!(
            "SELECT CAST(MIN({column}) AS TEXT) || '|' || CAST(MAX({column}) AS TEXT) FROM {table} WHERE project_id = {project}"
        );
        ids.insert(kind.to_owned(), smallest_and_largest(app, sql).await.expect("the victim has one"));
    }
    let mut markers = BTreeSet::new();
    for sql in [
        format!("SELECT name FROM projects WHERE id = {project}"),
        format!("SELECT w.name FROM workers w JOIN employments e ON e.worker_id = w.id WHERE e.project_id = {project}"),
        format!(
            "SELECT w.phone FROM workers w JOIN employments e ON e.worker_id = w.id WHERE e.project_id = {project}"
        ),
        format!(
            "SELECT w.id_number FROM workers w JOIN employments e ON e.worker_id = w.id WHERE e.project_id = {project}"
        ),
        format!("SELECT name FROM teams WHERE project_id = {project}"),
        format!("SELECT leader_phone FROM teams WHERE project_id = {project}"),
        format!("SELECT name FROM project_staff WHERE project_id = {project}"),
        format!("SELECT phone FROM project_staff WHERE project_id = {project}"),
        format!("SELECT name FROM accounts WHERE project_id = {project}"),
        format!("SELECT phone FROM accounts WHERE project_id = {project}"),
        format!("SELECT order_no FROM wage_orders WHERE project_id = {project}"),
        format!("SELECT serial FROM attendance_devices WHERE project_id = {project}"),
    ] {
        markers.extend(texts(app, sql).await.into_iter().filter(|text| text.len() >= 4));
    }
    assert!(ids.len() >= 12 && markers.len() >= 10, "the victim has records to find: {ids:?} {markers:?}");
    let id_number =
        texts(app, format!("SELECT id_number FROM workers WHERE id = {}", ids["worker"][0])).await.remove(0);
    Victim { project, ids, upload, id_number, markers }
}

/// The actors: no token; a token that logged out; a clerk of a second project; that project's finance
/// approver (no order of its own project to verify for: its approvals meet the scope check first); the regulator; a 监察 of another
/// district. Each with its token and
/// what is its own. All on changed passwords: accounts on an initial
/// one are refused nearly everything, which would hide what the matrix looks for.
async fn actors(app: &TestApp) -> Vec<(Actor, Option<String>, Own)> {
    let other_clerk = app.login("newsite", "Demo@12345").await;
    let other_finance = app.other_approver().await;
    let regulator = app.login("admin", "Admin@12345").await;
    let inspector = crate::support::regulator(app, "jiancha102", "410102", "inspector").await;
    let logged_out = app.login("newsite", "Demo@12345").await;
    assert_eq!(app.post("/builder/common/v1/Public/Logout", Some(&logged_out), &[]).await["code"], 201);
    let worker = other_worker(app).await;
    let changed = app.scalar("SELECT COUNT(*) FROM accounts WHERE username IN ('newsite', 'finance2', 'admin') AND must_change_password = FALSE").await;
    assert_eq!(changed, 3, "the actors are not on an initial password");
    vec![
        (Actor::NoToken, None, Own::default()),
        (Actor::LoggedOut, Some(logged_out), Own::default()),
        (Actor::OtherClerk, Some(other_clerk), own(app, "newsite").await),
        (Actor::OtherFinance, Some(other_finance), own(app, "finance2").await),
        (Actor::Regulator, Some(regulator), own(app, "admin").await),
        (Actor::OtherDistrictInspector, Some(inspector), own(app, "jiancha102").await),
        (Actor::OtherWorker, Some(worker), Own { phone: Some(OTHER_WORKER_PHONE.into()), ..Own::default() }),
    ]
}

const OTHER_WORKER_PHONE: &str = "13900139001";

/// A person registered with a phone but on none of the victim's roster lines, logged in on the worker side.
async fn other_worker(app: &TestApp) -> String {
    let id_number = "11010519491231002X";
    app.exec_owned(format!(
        "INSERT INTO workers (id_number, name, gender, phone, created_at, updated_at) \
         VALUES ('{id_number}', '矩阵工人', 2, '{OTHER_WORKER_PHONE}', 0, 0)"
    ))
    .await;
    let sent = app.post("/worker/common/v1/Public/getvcode", None, &[("idNumber", id_number)]).await;
    assert_eq!(sent["code"], 201, "{sent}");
    let text = texts(app, format!("SELECT content FROM sms_outbox WHERE phone = '{OTHER_WORKER_PHONE}'")).await;
    let code: String = text[0].chars().filter(char::is_ascii_digit).take(6).collect();
    let login = app.post("/worker/common/v1/Public/smslogin", None, &[("idNumber", id_number), ("code", &code)]).await;
    assert_eq!(login["code"], 201, "{login}");
    login["data"]["phpsessid"].as_str().unwrap().to_owned()
}

async fn own(app: &TestApp, username: &str) -> Own {
    let row = texts(app, format!("SELECT CAST(id AS TEXT) || '|' || COALESCE(CAST(project_id AS TEXT), '') || '|' || phone FROM accounts WHERE username = '{username}'")).await;
    let fields: Vec<&str> = row[0].split('|').collect();
    Own { account: fields[0].parse().ok(), project: fields[1].parse().ok(), phone: Some(fields[2].to_owned()) }
}

/// Sends probes a few at a time; answers (label, code or None for a file, reply text).
async fn send_all(app: &TestApp, token: Option<&str>, probes: Vec<Probe>) -> Vec<(String, Option<i64>, String)> {
    const IN_FLIGHT: usize = 8;
    let mut answers = Vec::with_capacity(probes.len());
    let mut pending = probes.into_iter();
    let mut running = JoinSet::new();
    loop {
        while running.len() < IN_FLIGHT {
            let Some(probe) = pending.next() else { break };
            let mut request = Request::builder()
                .method(probe.method.as_str())
                .uri(&probe.uri)
                .header("content-type", probe.content_type);
            if let Some(token) = token {
                request = request.header("X-Token", token);
            }
            let request = request.body(Body::from(probe.body)).expect("request");
            let router = app.router.clone();
            let label = probe.label;
            running.spawn(async move {
                let response = router.oneshot(request).await.expect("router answers");
                let status = response.status().as_u16();
                let bytes = response.into_body().collect().await.expect("body").to_bytes();
                let text = String::from_utf8_lossy(&bytes).into_owned();
                // The terminals' protocol answers plain text, a refusal by its HTTP status.
                if label.contains(" /iclock/") && status != 200 {
                    return (label, Some(i64::from(status)), text);
                }
                assert_eq!(status, 200, "{label} answered HTTP {status}");
                let code = serde_json::from_str::<Value>(&text).ok().and_then(|reply| reply["code"].as_i64());
                (label, code, text)
            });
        }
        match running.join_next().await {
            Some(answer) => answers.push(answer.expect("probe task")),
            None => break,
        }
    }
    answers
}

async fn no_actor_reaches_another_projects_records(app: &TestApp) {
    let document: Value = serde_json::from_str(&wageguard::openapi_json()).expect("document");
    let operations = operations(&document);
    let victim = victim(app).await;
    let actors = actors(app).await;
    assert!(actors.iter().all(|(_, _, own)| own.project != Some(victim.project)));

    let (mut pairs, mut refusals, mut answered, mut regulator_reads) = (0usize, 0usize, 0usize, 0usize);
    let (mut leaks, mut changes, mut wrong_answers) = (0usize, 0usize, 0usize);
    let mut failures = Vec::new();
    for (actor, token, own) in &actors {
        let (actor, token) = (*actor, token.as_deref());
        let before = snapshot(app, own).await;
        let mut expected = BTreeMap::new();
        // Logging out ends the actor's session: those go last.
        let (mut first, mut last) = (Vec::new(), Vec::new());
        for operation in &operations {
            let Some(expect) = expect(operation.class, actor) else { continue };
            for probe in probes(operation, &victim) {
                expected.insert(probe.label.clone(), expect);
                if operation.path.ends_with("/Logout") { last.push(probe) } else { first.push(probe) }
            }
        }
        let mut answers = send_all(app, token, first).await;
        answers.extend(send_all(app, token, last).await);
        for (label, code, text) in answers {
            pairs += 1;
            let expect = expected[&label];
            if text.contains("接口不存在") {
                wrong_answers += 1;
                failures.push(format!("{actor:?}: documented but not routed: {label}"));
            }
            match code {
                Some(code) if REFUSALS.contains(&code) => refusals += 1,
                _ => answered += 1,
            }
            if let Expect::Refused(codes) = expect
                && !code.is_some_and(|code| codes.contains(&code))
            {
                wrong_answers += 1;
                failures.push(format!(
                    "{actor:?}: expected {codes:?}: {label} → {}",
                    text.chars().take(300).collect::<String>()
                ));
            }
            // What the request carried (a victim's ID number typed into a form) may come back; nothing else may.
            let shown =
                victim.markers.iter().find(|marker| text.contains(marker.as_str()) && !label.contains(marker.as_str()));
            match (expect, shown) {
                (Expect::ReadOnly, Some(_)) => regulator_reads += 1,
                (Expect::Posted, Some(_)) => {}
                (_, Some(marker)) => {
                    leaks += 1;
                    failures.push(format!(
                        "{actor:?}: LEAK of {marker:?}: {label} → {}",
                        text.chars().take(300).collect::<String>()
                    ));
                }
                (_, None) => {}
            }
        }
        let after = snapshot(app, own).await;
        let changed = difference(&before, &after);
        if !changed.is_empty() {
            changes += 1;
            failures.push(format!("{actor:?} changed the database: {changed:#?}"));
        }
    }
    let mut classes: BTreeMap<String, usize> = BTreeMap::new();
    for operation in &operations {
        *classes.entry(format!("{:?}", operation.class)).or_default() += 1;
    }
    println!(
        "access matrix ({}): {} operations {classes:?}, {} actors, {pairs} pairs sent, {refusals} refused, {answered} answered within the actor's own scope, leaks={leaks}, actors that changed the database={changes}, wrong answers={wrong_answers}",
        app.db.backend(),
        operations.len(),
        actors.len(),
    );
    assert!(
        regulator_reads >= 10,
        "the victim's texts are found where they may be shown (the regulator's reads): {regulator_reads}"
    );
    assert!(failures.is_empty(), "{} access failures:\n{}", failures.len(), failures.join("\n"));
}
both!(no_actor_reaches_another_projects_records);
