//! Issue 29 finding 7: text that begins like a formula (`= + - @`, a tab or a carriage return) — workers',
//! teams', companies' and projects' names, the payer and summary a bank announces — is written into every
//! workbook the server exports with Excel's quote prefix, so that editing the cell in Excel or WPS keeps it
//! text; the text itself is unchanged. Read back from each export's own bytes.

use std::collections::HashMap;
use std::io::{Cursor, Read};

use axum::body::Body;
use axum::http::Request;
use calamine::{Data, Reader, Xlsx, open_workbook_from_rs};
use http_body_util::BodyExt;
use tower::ServiceExt;
use wageguard::config::Config;
use zip::ZipArchive;

use crate::backup::finished;
use crate::both;
use crate::support::TestApp;

const SECRET: &str = "bank-shared-secret-for-tests";
const FORMULA_STARTS: [char; 6] = ['=', '+', '-', '@', '\t', '\r'];
const PAYLOAD: &str = "HYPERLINK(\"http://evil.example/\",\"工资\")";

fn with_secret(config: &mut Config) {
    config.bank_notify_secret = SECRET.into();
}

async fn set(app: &TestApp, sql: &'static str, text: &str, id: i64) {
    wageguard::execute!(&app.db, sqlx::query(sql).bind(text.to_owned()).bind(id)).expect("statement");
}

/// Names of the demo project's people, teams, companies and the project itself made to begin like formulas,
/// each kind of beginning on some; and a bank arrival whose payer and summary do.
async fn plant_formulas(app: &TestApp) {
    let workers: Vec<i64> = wageguard::on_db!(&app.db, pool => sqlx::query_scalar(
        "SELECT DISTINCT worker_id FROM employments WHERE project_id = 1 ORDER BY worker_id").fetch_all(pool).await)
    .unwrap();
    assert!(workers.len() >= FORMULA_STARTS.len(), "{workers:?}");
    for (index, worker) in workers.iter().enumerate() {
        let start = FORMULA_STARTS[index % FORMULA_STARTS.len()];
        set(app, "UPDATE workers SET name = $1 || name WHERE id = $2", &format!("{start}{PAYLOAD}"), *worker).await;
    }
    let teams: Vec<i64> = wageguard::on_db!(&app.db, pool => sqlx::query_scalar(
        "SELECT id FROM teams WHERE project_id = 1").fetch_all(pool).await)
    .unwrap();
    for team in teams {
        set(app, "UPDATE teams SET name = $1 || name WHERE id = $2", "+", team).await;
    }
    let companies: Vec<i64> = wageguard::on_db!(&app.db, pool => sqlx::query_scalar(
        "SELECT company_id FROM project_units WHERE project_id = 1").fetch_all(pool).await)
    .unwrap();
    for company in companies {
        set(app, "UPDATE companies SET name = $1 || name WHERE id = $2", "@", company).await;
    }
    set(app, "UPDATE projects SET name = $1 || name WHERE id = $2", "-", 1).await;

    let form = [
        ("account", "1702021109100288866"),
        ("amount", "100.00"),
        ("bank_ref", "ICBC-FORMULA-1"),
        ("payer_name", "=HYPERLINK(\"http://evil.example/\",\"付款单位\")"),
        ("payer_account", "1702021109000123456"),
        ("summary", "@SUM(1+1)*cmd|' /C calc'!A0"),
    ];
    let request = Request::post("/bank/special/v1/Account/arrival")
        .header("content-type", "application/x-www-form-urlencoded")
        .header("X-Bank-Secret", SECRET)
        .body(Body::from(serde_urlencoded::to_string(form).unwrap()))
        .unwrap();
    let (_, reply) = app.send(request).await;
    assert_eq!(reply["code"], 201, "{reply}");
}

async fn bytes_of(app: &TestApp, token: &str, url: &str) -> Vec<u8> {
    let request = Request::get(url).header("X-Token", token).body(Body::empty()).unwrap();
    let response = app.router.clone().oneshot(request).await.unwrap();
    let content_type = response.headers()["content-type"].to_str().unwrap().to_owned();
    let bytes = response.into_body().collect().await.unwrap().to_bytes().to_vec();
    assert!(!content_type.contains("json"), "{url}: {}", String::from_utf8_lossy(&bytes));
    bytes
}

fn entry(zip: &mut ZipArchive<Cursor<Vec<u8>>>, name: &str) -> String {
    let mut text = String::new();
    zip.by_name(name).unwrap_or_else(|_| panic!("{name}")).read_to_string(&mut text).unwrap();
    text
}

/// Whether each cell format (`cellXfs`, by index) carries the quote prefix.
fn quote_prefixed(styles: &str) -> Vec<bool> {
    let start = styles.find("<cellXfs").expect("cellXfs");
    let end = start + styles[start..].find("</cellXfs>").expect("</cellXfs>");
    styles[start..end]
        .split("<xf ")
        .skip(1)
        .map(|xf| xf[..xf.find('>').unwrap()].contains("quotePrefix=\"1\""))
        .collect()
}

/// Each cell's format index by its reference (`B7`), 0 when it names none.
fn cell_formats(sheet: &str) -> HashMap<String, usize> {
    sheet
        .split("<c ")
        .skip(1)
        .filter_map(|cell| {
            let tag = &cell[..cell.find('>')?];
            let attribute =
                |name: &str| tag.split(&format!(" {name}=\"")).nth(1).and_then(|rest| rest.split('"').next());
            let reference = tag.strip_prefix("r=\"").and_then(|rest| rest.split('"').next()).or(attribute("r"))?;
            Some((reference.to_owned(), attribute("s").and_then(|s| s.parse().ok()).unwrap_or(0)))
        })
        .collect()
}

fn reference(row: u32, column: u32) -> String {
    let mut letters = Vec::new();
    let mut number = column + 1;
    while number > 0 {
        letters.push(b'A' + ((number - 1) % 26) as u8);
        number = (number - 1) / 26;
    }
    letters.reverse();
    format!("{}{}", String::from_utf8(letters).unwrap(), row + 1)
}

/// The text cells of every sheet that begin like a formula: how many, and those without the quote prefix.
fn formula_like(xlsx: &[u8]) -> (usize, Vec<String>) {
    let mut zip = ZipArchive::new(Cursor::new(xlsx.to_vec())).expect("an xlsx");
    let prefixed = quote_prefixed(&entry(&mut zip, "xl/styles.xml"));
    let mut workbook: Xlsx<_> = open_workbook_from_rs(Cursor::new(xlsx.to_vec())).expect("a workbook");
    let (mut found, mut bare) = (0, Vec::new());
    for (index, name) in workbook.sheet_names().into_iter().enumerate() {
        let formats = cell_formats(&entry(&mut zip, &format!("xl/worksheets/sheet{}.xml", index + 1)));
        let range = workbook.worksheet_range(&name).expect("a sheet");
        let (first_row, first_column) = range.start().unwrap_or((0, 0));
        for (row, column, cell) in range.used_cells() {
            let Data::String(text) = cell else { continue };
            if !text.starts_with(FORMULA_STARTS) {
                continue;
            }
            found += 1;
            let at = reference(first_row + row as u32, first_column + column as u32);
            if !prefixed.get(formats.get(&at).copied().unwrap_or(0)).copied().unwrap_or(false) {
                bare.push(format!("{name}!{at}: {text:?}"));
            }
        }
    }
    (found, bare)
}

async fn exported_text_never_becomes_a_formula(app: &TestApp) {
    plant_formulas(app).await;
    let demo = app.login("demo", "Demo@12345").await;
    let admin = app.login("admin", "Admin@12345").await;
    // A wage sheet, so that the wage report and the project's export name the unit and its workers.
    crate::wages::create_sheet(app, &demo).await;
    let exports = [
        (&demo, "/builder/user/v1/Worker/export"),
        (&demo, "/builder/attendance/v1/Sheet/export"),
        (&demo, "/builder/special/v1/Account/export"),
        (&demo, "/builder/report/v1/Report/people_export"),
        (&demo, "/builder/report/v1/Report/attendance_export"),
        (&demo, "/builder/report/v1/Report/wage_export"),
        (&admin, "/admin/regulator/v1/Project/export"),
    ];
    for (token, url) in exports {
        let (found, bare) = formula_like(&bytes_of(app, token, url).await);
        assert!(found > 0, "{url} shows none of the planted names");
        assert!(bare.is_empty(), "{url}: {bare:#?}");
    }
    for url in ["/builder/user/v1/Worker/template", "/builder/attendance/v1/Record/template"] {
        let (_, bare) = formula_like(&bytes_of(app, &demo, url).await);
        assert!(bare.is_empty(), "{url}: {bare:#?}");
    }

    assert_eq!(app.post("/builder/backup/v1/Export/start", Some(&demo), &[]).await["code"], 201);
    let export = finished(app, &demo, "").await;
    assert_eq!(export["status"], "done", "{export}");
    let zip = bytes_of(app, &demo, &format!("/builder/backup/v1/Export/download?id={}", export["id"])).await;
    let mut zip = ZipArchive::new(Cursor::new(zip)).expect("a zip");
    let names: Vec<String> = zip
        .file_names()
        .filter_map(|name| name.ok().map(|name| name.into_owned()))
        .filter(|name| name.ends_with(".xlsx"))
        .collect();
    let mut planted_in = Vec::new();
    for name in names {
        let mut bytes = Vec::new();
        zip.by_name(&name).unwrap().read_to_end(&mut bytes).unwrap();
        let (found, bare) = formula_like(&bytes);
        assert!(bare.is_empty(), "{name} of the project's export: {bare:#?}");
        if found > 0 {
            planted_in.push(name);
        }
    }
    for table in ["花名册.xlsx", "专户流水.xlsx", "打卡记录.xlsx"] {
        assert!(planted_in.iter().any(|name| name == table), "{table} not among {planted_in:?}");
    }
}
both!(exported_text_never_becomes_a_formula, with_secret);

/// The quote prefix changes how the cell is edited, not what it holds: the export reads back as written.
async fn the_prefix_keeps_the_text(app: &TestApp) {
    plant_formulas(app).await;
    let demo = app.login("demo", "Demo@12345").await;
    let bytes = bytes_of(app, &demo, "/builder/special/v1/Account/export").await;
    let mut workbook: Xlsx<_> = open_workbook_from_rs(Cursor::new(bytes)).unwrap();
    let range = workbook.worksheet_range_at(0).unwrap().unwrap();
    let texts: Vec<String> = range.rows().flat_map(|row| row.iter().map(|cell| cell.to_string())).collect();
    assert!(texts.iter().any(|text| text == "=HYPERLINK(\"http://evil.example/\",\"付款单位\")"), "{texts:?}");
    assert!(texts.iter().any(|text| text == "@SUM(1+1)*cmd|' /C calc'!A0"), "{texts:?}");
}
both!(the_prefix_keeps_the_text, with_secret);
