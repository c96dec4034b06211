//! Control characters in request text (issue 12, finding 2): PostgreSQL cannot store NUL in text, so a
//! `%00` once answered 500 there and 401 on SQLite. Every documented operation, with NUL in each of its
//! parameters in turn (path, query or form), is refused at the edge with one message and changes nothing.

use axum::body::Body;
use axum::http::{Request, header};
use serde_json::Value;
use wageguard::extract::MSG_CONTROL_CHARACTERS;

use crate::both;
use crate::support::{TestApp, assert_refused, b64};

/// Rows per table: nothing a refused request does may show here.
async fn row_counts(app: &TestApp) -> Vec<(String, i64)> {
    let tables_sql = match app.db.backend() {
        "sqlite" => "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name",
        _ => "SELECT table_name::text FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name",
    };
    let tables: Vec<String> =
        wageguard::on_db!(&app.db, pool => sqlx::query_scalar(tables_sql).fetch_all(pool).await).expect("table names");
    let mut counts = Vec::with_capacity(tables.len());
    // The public endpoints' per-address counters count every request, refused ones too.
    for table in tables.into_iter().filter(|table| table != "rate_counters") {
        let sql = format!("SELECT COUNT(*) FROM \"{table}\"");
        let count: i64 = wageguard::on_db!(&app.db, pool => sqlx::query_scalar(sqlx::AssertSqlSafe(sql.clone())).fetch_one(pool).await)
            .expect("row count");
        counts.push((table, count));
    }
    counts
}

/// The form fields an operation documents: its form body's properties, `$ref` resolved.
fn form_fields(document: &Value, operation: &Value) -> Vec<String> {
    let schema = &operation["requestBody"]["content"]["application/x-www-form-urlencoded"]["schema"];
    let schema = match schema["$ref"].as_str() {
        Some(reference) => &document["components"]["schemas"][reference.trim_start_matches("#/components/schemas/")],
        None => schema,
    };
    schema["properties"].as_object().map(|properties| properties.keys().cloned().collect()).unwrap_or_default()
}

fn parameters_in(operation: &Value, place: &str) -> Vec<String> {
    operation["parameters"]
        .as_array()
        .map(|parameters| {
            parameters
                .iter()
                .filter(|parameter| parameter["in"] == place)
                .filter_map(|parameter| parameter["name"].as_str().map(str::to_owned))
                .collect()
        })
        .unwrap_or_default()
}

const NUL: &str = "甲\0乙";

async fn nul_in_any_parameter_is_refused_at_the_edge(app: &TestApp) {
    let document = app.get("/api/openapi.json", None).await;
    let token = app.login("demo", "Demo@12345").await;
    let worker = app.scalar("SELECT MIN(worker_id) FROM employments WHERE project_id = 1 AND status = 1").await;
    let worker_token = crate::worker_side::worker_login(app, worker, "13912340099").await;
    let before = row_counts(app).await;
    let mut requests = 0;
    let mut answered_otherwise = Vec::new();
    for (template, operations) in document["paths"].as_object().unwrap() {
        for (method, operation) in operations.as_object().unwrap() {
            if method != "get" && method != "post" {
                continue;
            }
            let path_fields = parameters_in(operation, "path");
            let query_fields = parameters_in(operation, "query");
            let body_fields = form_fields(&document, operation);
            // An operation without text parameters still gets one: the check is on all request text.
            let query_fields = if path_fields.is_empty() && query_fields.is_empty() && body_fields.is_empty() {
                vec!["keyword".to_owned()]
            } else {
                query_fields
            };
            let cases = path_fields
                .iter()
                .map(|field| ("path", field))
                .chain(query_fields.iter().map(|field| ("query", field)))
                .chain(body_fields.iter().map(|field| ("body", field)));
            for (place, field) in cases {
                let mut path = template.replace("{side}", "builder").replace("{name}", "x.png");
                let mut query = Vec::new();
                let mut body = Vec::new();
                match place {
                    "path" => {
                        path = template
                            .replace(&format!("{{{field}}}"), &urlencode_segment(NUL))
                            .replace("{side}", "builder")
                            .replace("{name}", "x.png")
                    }
                    "query" => query.push((field.as_str(), NUL)),
                    _ => body.push((field.as_str(), NUL)),
                }
                let uri = if query.is_empty() {
                    path
                } else {
                    format!("{path}?{}", serde_urlencoded::to_string(&query).unwrap())
                };
                let request = Request::builder()
                    .method(method.to_uppercase().as_str())
                    .uri(&uri)
                    .header(header::CONTENT_TYPE, "application/x-www-form-urlencoded")
                    .header("X-Token", if template.starts_with("/worker/") { &worker_token } else { &token })
                    .body(Body::from(serde_urlencoded::to_string(&body).unwrap()))
                    .unwrap();
                let (status, reply) = app.send(request).await;
                requests += 1;
                if status != 200 || reply["code"] != 401 || reply["message"] != MSG_CONTROL_CHARACTERS {
                    answered_otherwise
                        .push(format!("{} {uri} ({place} {field}): HTTP {status} {reply}", method.to_uppercase()));
                }
            }
        }
    }
    eprintln!("{} {requests} requests with NUL in one parameter each", app.db.backend());
    assert!(requests > 400, "the document's parameters were found ({requests} requests)");
    assert!(
        answered_otherwise.is_empty(),
        "{} of {requests} not refused at the edge:\n{}",
        answered_otherwise.len(),
        answered_otherwise.join("\n")
    );
    assert_eq!(row_counts(app).await, before, "a refused request changed nothing");
    assert_eq!(app.get("/builder/common/v1/Public/get", Some(&token)).await["code"], 201, "the session lives on");
}
both!(nul_in_any_parameter_is_refused_at_the_edge);

fn urlencode_segment(text: &str) -> String {
    text.bytes()
        .map(|byte| if byte.is_ascii_alphanumeric() { (byte as char).to_string() } else { format!("%{byte:02X}") })
        .collect()
}

/// Every control but tab, line feed and carriage return, in a saved text and in a login name; multi-line
/// text still saves.
async fn control_characters_are_refused_and_line_breaks_pass(app: &TestApp) {
    let token = app.login("demo", "Demo@12345").await;
    for control in ['\u{1}', '\u{1b}', '\u{7f}', '\u{85}', '\u{9f}'] {
        let name = format!("de{control}mo");
        let reply = app
            .post("/builder/common/v1/Public/login", None, &[("username", &name), ("password", &b64("Demo@12345"))])
            .await;
        assert_refused(&reply, MSG_CONTROL_CHARACTERS);
        let reply =
            app.post("/builder/team/v1/Team/ajax_save", Some(&token), &[("name", &format!("钢筋{control}二班"))]).await;
        assert_refused(&reply, MSG_CONTROL_CHARACTERS);
    }
    let reply = app
        .post(
            "/builder/common/v1/Public/login",
            None,
            &[("username", "demo"), ("password", &b64("Demo@12345")), ("remark", "一行\r\n二行\t三")],
        )
        .await;
    assert_eq!(reply["code"], 201, "tab, CR and LF are text: {reply}");
}
both!(control_characters_are_refused_and_line_breaks_pass);

/// A multipart file name is request text too (it is stored with the upload).
async fn control_characters_in_an_upload_file_name_are_refused(app: &TestApp) {
    let token = app.login("demo", "Demo@12345").await;
    let png = b"\x89PNG\r\n\x1a\n0000000000000000";
    let reply = app.upload("/builder/common/v1/site/upload_file_batch", Some(&token), &[("a\u{85}.png", png)]).await;
    assert_refused(&reply, MSG_CONTROL_CHARACTERS);
    assert_eq!(app.scalar("SELECT COUNT(*) FROM uploads").await, 0);
}
both!(control_characters_in_an_upload_file_name_are_refused);
