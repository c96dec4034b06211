//! Project exports (数据导出备份): the .zip's tables hold what the lists hold and its files are there, the
//! scope (a project only itself, a county regulator only its county, finance 403), expiry; and the whole-site
//! `wageguard backup` / `restore` round trip with the real binary, a server started on the restored data.

use std::io::{Cursor, Read};
use std::net::{SocketAddr, TcpListener};
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::Duration;

use axum::body::Body;
use axum::http::Request;
use calamine::{Reader, Xlsx, open_workbook_from_rs};
use http_body_util::BodyExt;
use serde_json::Value;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tower::ServiceExt;
use wageguard::backup::service::{self as exports, FILES_FOLDER, MANIFEST};
use zip::ZipArchive;

use crate::both;
use crate::support::{TestApp, assert_refused, b64, drop_postgres_database, fresh_postgres_database, regulator};

const START: &str = "/builder/backup/v1/Export/start";
const LIST: &str = "/builder/backup/v1/Export/ajax_list";
const DOWNLOAD: &str = "/builder/backup/v1/Export/download";
const UPLOAD: &str = "/builder/common/v1/site/upload_file_batch?kind=voucher";
const PNG: &[u8] = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x01\0\0\0\x01\x08\x06\0\0\0\x1f\x15\xc4\x89\0\0\0\rIDATx\x9cc\xf8\x0f\x00\x00\x01\x01\x00\x05\x18\xd8N\0\0\0\0IEND\xaeB`\x82";
const WAGEGUARD: &str = env!("CARGO_BIN_EXE_wageguard");

/// The first export of the list once it is no longer queued or running.
pub async fn finished(app: &TestApp, token: &str, project: &str) -> Value {
    for _ in 0..300 {
        let list = app.get(&format!("{LIST}?{project}"), Some(token)).await;
        assert_eq!(list["code"], 201, "{list}");
        let first = list["data"]["list"][0].clone();
        if first["status"] != "queued" && first["status"] != "running" {
            return first;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("the export never finished");
}

/// The download's bytes, or the envelope's refusal as JSON text.
async fn download(app: &TestApp, token: &str, query: &str) -> (String, Vec<u8>) {
    let request =
        Request::get(format!("{DOWNLOAD}?{query}")).header("X-Token", token).body(Body::empty()).expect("request");
    let response = app.router.clone().oneshot(request).await.expect("router answers");
    let content_type =
        response.headers().get("content-type").and_then(|value| value.to_str().ok()).unwrap_or("").to_owned();
    (content_type, response.into_body().collect().await.expect("body").to_bytes().to_vec())
}

/// The data rows of a workbook in the zip.
fn rows_of(zip: &mut ZipArchive<Cursor<Vec<u8>>>, name: &str) -> i64 {
    let mut bytes = Vec::new();
    zip.by_name(name).unwrap_or_else(|_| panic!("{name} in the export")).read_to_end(&mut bytes).unwrap();
    let mut workbook: Xlsx<_> = open_workbook_from_rs(Cursor::new(bytes)).expect("a workbook");
    let range = workbook.worksheet_range_at(0).expect("a sheet").expect("readable");
    range.height().saturating_sub(1) as i64
}

/// The texts of a workbook's column (by its header) in the zip, every data row.
/// Yuan with two decimals, as the export writes money.
fn is_yuan(text: &str) -> bool {
    let digits = text.strip_prefix('-').unwrap_or(text);
    digits.split_once('.').is_some_and(|(whole, cents)| {
        !whole.is_empty()
            && whole.bytes().all(|b| b.is_ascii_digit())
            && cents.len() == 2
            && cents.bytes().all(|b| b.is_ascii_digit())
    })
}

fn column_of(zip: &mut ZipArchive<Cursor<Vec<u8>>>, name: &str, header: &str) -> Vec<String> {
    let mut bytes = Vec::new();
    zip.by_name(name).unwrap_or_else(|_| panic!("{name} in the export")).read_to_end(&mut bytes).unwrap();
    let mut workbook: Xlsx<_> = open_workbook_from_rs(Cursor::new(bytes)).expect("a workbook");
    let range = workbook.worksheet_range_at(0).expect("a sheet").expect("readable");
    let mut rows = range.rows();
    let at = rows.next().expect("a header").iter().position(|cell| *cell == header).expect(header);
    rows.map(|row| row[at].to_string()).collect()
}

async fn voucher(app: &TestApp, token: &str) {
    app.exec("UPDATE project_units SET entry_date = '2020-01-01' WHERE role = 'contractor'").await;
    let company = app
        .scalar("SELECT pu.company_id FROM project_units pu JOIN accounts a ON a.project_id = pu.project_id WHERE a.username = 'demo' AND pu.role = 'contractor'")
        .await
        .to_string();
    let uploaded = app.upload(UPLOAD, Some(token), &[("回单1.png", PNG), ("回单2.png", PNG)]).await;
    assert_eq!(uploaded["code"], 201, "{uploaded}");
    let urls: Vec<&str> = uploaded["data"].as_array().unwrap().iter().map(|url| url.as_str().unwrap()).collect();
    let saved = app
        .post(
            "/builder/affix/v1/Affix/save",
            Some(token),
            &[("belongdate", "2025-01"), ("companyid", &company), ("category", "receipt"), ("urls", &urls.join(","))],
        )
        .await;
    assert_eq!(saved["code"], 201, "{saved}");
}

async fn an_export_holds_what_the_lists_hold(app: &TestApp) {
    let demo = app.login("demo", "Demo@12345").await;
    voucher(app, &demo).await;
    crate::wages::create_sheet(app, &demo).await;
    let started = app.post(START, Some(&demo), &[]).await;
    assert_eq!(started["code"], 201, "{started}");
    let job = finished(app, &demo, "").await;
    assert_eq!(job["status"], "done", "{job}");
    assert_eq!(job["progress"], 100);
    assert!(job["fileName"].as_str().unwrap().ends_with(".zip"), "{job}");
    let (content_type, bytes) = download(app, &demo, &format!("id={}", job["id"])).await;
    assert_eq!(content_type, "application/zip");
    assert_eq!(job["size"], bytes.len() as i64);
    let mut zip = ZipArchive::new(Cursor::new(bytes)).expect("a zip");

    let roster = app.get("/builder/user/v1/Worker/list?limit=1", Some(&demo)).await;
    assert!(roster["data"]["total"].as_i64().unwrap() > 0, "{roster}");
    assert_eq!(rows_of(&mut zip, "花名册.xlsx"), roster["data"]["total"].as_i64().unwrap());
    // Every kind of column reads as text on either backend: names, integers (fen), booleans.
    let names = column_of(&mut zip, "花名册.xlsx", "姓名");
    assert!(names.iter().all(|name| !name.is_empty()), "{names:?}");
    let shown = roster["data"]["list"][0]["name"].as_str().unwrap_or_default().to_owned();
    assert!(names.contains(&shown), "{shown} among {names:?}");
    assert!(column_of(&mut zip, "花名册.xlsx", "工资标准（元）").iter().all(|yuan| is_yuan(yuan)));
    assert!(column_of(&mut zip, "花名册.xlsx", "已签合同").iter().all(|signed| !signed.is_empty()));
    assert!(column_of(&mut zip, "专户流水.xlsx", "余额（元）").iter().all(|yuan| is_yuan(yuan)));
    // Each wage line with the dates it pays (issue 28 item 5).
    let dates = column_of(&mut zip, "工资明细.xlsx", "计发日期");
    assert!(!dates.is_empty() && dates.iter().all(|dates| dates.contains('-')), "{dates:?}");
    let flows = app.get("/builder/special/v1/Account/flows?limit=1", Some(&demo)).await;
    assert_eq!(rows_of(&mut zip, "专户流水.xlsx"), flows["data"]["total"].as_i64().unwrap(), "{flows}");
    let project = "(SELECT project_id FROM accounts WHERE username = 'demo')";
    let count = |table: &str| format!("SELECT COUNT(*) FROM {table} WHERE project_id = {project}");
    for (file, table) in [
        ("打卡记录.xlsx", "punches"),
        ("考勤日表.xlsx", "attendance_days"),
        ("工资表.xlsx", "wage_sheets"),
        ("工资明细.xlsx", "wage_lines"),
        ("发放单.xlsx", "wage_orders"),
        ("发放明细.xlsx", "payouts"),
        ("诚信记录.xlsx", "credit_records"),
        ("支付凭证.xlsx", "vouchers"),
    ] {
        assert_eq!(rows_of(&mut zip, file), app.scalar_owned(count(table)).await, "{file}");
    }
    let vouchers = app.scalar_owned(count("vouchers")).await;
    assert_eq!(vouchers, 2);
    let voucher_files = zip
        .file_names()
        .filter(|name| name.as_ref().is_ok_and(|name| name.starts_with(&format!("{FILES_FOLDER}/支付凭证/"))))
        .count() as i64;
    assert_eq!(voucher_files, vouchers, "every voucher's file is in the export");
    let mut manifest = String::new();
    zip.by_name(MANIFEST).expect("the manifest").read_to_string(&mut manifest).unwrap();
    assert!(
        manifest.contains(&format!("花名册.xlsx  —  花名册（含已退场人员），{} 行", roster["data"]["total"])),
        "{manifest}"
    );
    assert!(manifest.contains("支付凭证.xlsx  —  支付凭证，2 行"), "{manifest}");
    assert_eq!(app.scalar("SELECT COUNT(*) FROM operation_log WHERE action = '数据导出'").await, 1);
    assert_eq!(app.scalar("SELECT COUNT(*) FROM operation_log WHERE action = '下载数据导出'").await, 1);
}
both!(an_export_holds_what_the_lists_hold);

async fn an_export_is_seen_only_within_its_scope(app: &TestApp) {
    let demo = app.login("demo", "Demo@12345").await;
    let started = app.post(START, Some(&demo), &[]).await;
    let id = started["data"]["id"].as_i64().unwrap();
    let job = finished(app, &demo, "").await;
    assert_eq!(job["status"], "done", "{job}");

    // The other project's clerk: its own list is empty, and the demo project's export is no export of its.
    let newsite = app.login("newsite", "Demo@12345").await;
    assert_eq!(app.get(LIST, Some(&newsite)).await["data"]["total"], 0);
    let (_, refused) = download(app, &newsite, &format!("id={id}")).await;
    let refused: Value = serde_json::from_slice(&refused).expect("an envelope");
    assert_eq!(refused["code"], 404, "{refused}");
    assert_eq!(app.get(&format!("{LIST}?projectId=1"), Some(&newsite)).await["code"], 404);

    let finance = app.login("finance", "Demo@12345").await;
    assert_eq!(app.post(START, Some(&finance), &[]).await["code"], 403);
    assert_eq!(app.get(LIST, Some(&finance)).await["code"], 403);

    // A county regulator: its county's project, never one outside it.
    app.exec("UPDATE projects SET district_code = '4103,410302,410302001' WHERE id = 2").await;
    let county = regulator(app, "jinshui", "410105", "inspector").await;
    let listed = app.get(&format!("{LIST}?projectId=1"), Some(&county)).await;
    assert_eq!(listed["data"]["total"], 1, "{listed}");
    let (content_type, _) = download(app, &county, &format!("id={id}&projectId=1")).await;
    assert_eq!(content_type, "application/zip");
    assert_eq!(app.post(&format!("{START}?projectId=2"), Some(&county), &[]).await["code"], 404);
    assert_eq!(app.get(&format!("{LIST}?projectId=2"), Some(&county)).await["code"], 404);
    let (_, outside) = download(app, &county, &format!("id={id}&projectId=2")).await;
    assert_eq!(serde_json::from_slice::<Value>(&outside).unwrap()["code"], 404);
    // Its own export of its county's project.
    let own = app.post(&format!("{START}?projectId=1"), Some(&county), &[]).await;
    assert_eq!(own["code"], 201, "{own}");
    assert_eq!(finished(app, &county, "projectId=1").await["status"], "done");
    assert_eq!(app.scalar("SELECT COUNT(*) FROM export_jobs WHERE project_id = 1").await, 2);
    assert_eq!(app.scalar("SELECT COUNT(*) FROM export_jobs WHERE project_id = 2").await, 0);
    assert_refused(&app.get(&format!("{DOWNLOAD}?id=abc"), Some(&demo)).await, exports::MSG_ID);
}
both!(an_export_is_seen_only_within_its_scope);

async fn an_export_expires_after_seven_days(app: &TestApp) {
    let demo = app.login("demo", "Demo@12345").await;
    app.post(START, Some(&demo), &[]).await;
    let job = finished(app, &demo, "").await;
    let id = job["id"].as_i64().unwrap();
    let folder = app.config.data_dir.join(exports::FOLDER);
    assert_eq!(std::fs::read_dir(&folder).unwrap().count(), 1, "one file, no partial left");
    let now = wageguard::clock::now();
    assert_eq!(exports::remove_expired(&app.db, &app.config.data_dir, now).await.unwrap(), 0, "not yet");
    let later = now + exports::KEEP_SECONDS + 1;
    assert_eq!(exports::remove_expired(&app.db, &app.config.data_dir, later).await.unwrap(), 1);
    assert_eq!(std::fs::read_dir(&folder).unwrap().count(), 0, "the file is removed");
    let listed = app.get(LIST, Some(&demo)).await;
    assert_eq!(listed["data"]["list"][0]["status"], "expired", "{listed}");
    assert_eq!(listed["data"]["list"][0]["statusText"], "已过期");
    assert_refused(&app.get(&format!("{DOWNLOAD}?id={id}"), Some(&demo)).await, exports::MSG_EXPIRED);
}
both!(an_export_expires_after_seven_days);

async fn an_export_left_running_by_a_dead_process_fails_at_start(app: &TestApp) {
    let host = wageguard::instance::name();
    let host = host.rsplit_once(':').unwrap().0;
    // A process id no process has (Linux pids stay below 2^22).
    app.exec_owned(format!(
        "INSERT INTO export_jobs (project_id, requested_by, requested_name, status, progress, instance, created_at, expires_at) \
         VALUES (1, 1, 'demo', 'running', 40, '{host}:99999999', 1, 604801)"
    ))
    .await;
    assert_eq!(exports::recover(&app.db).await.unwrap(), 1);
    let demo = app.login("demo", "Demo@12345").await;
    let listed = app.get(LIST, Some(&demo)).await;
    assert_eq!(listed["data"]["list"][0]["status"], "failed", "{listed}");
    assert_eq!(listed["data"]["list"][0]["detail"], exports::MSG_RESTARTED);
    assert_eq!(app.post(START, Some(&demo), &[]).await["code"], 201, "a new export may start");
    finished(app, &demo, "").await;
}
both!(an_export_left_running_by_a_dead_process_fails_at_start);

fn wageguard(dir: &Path, database_url: &str, args: &[&str]) -> std::process::Output {
    Command::new(WAGEGUARD)
        .args(args)
        .current_dir(dir)
        .env_remove("WAGEGUARD_CONFIG")
        .env("DATABASE_URL", database_url)
        .env("WAGEGUARD_DATA_DIR", dir.join("data"))
        .env("NO_COLOR", "1")
        .output()
        .expect("run wageguard")
}

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}

/// Starts `wageguard serve` on the restored data, logs in as the demo clerk and reads the roster.
async fn serve_and_log_in(dir: &Path, database_url: &str) {
    let addr: SocketAddr = ([127, 0, 0, 1], free_port()).into();
    let mut child = Command::new(WAGEGUARD)
        .arg("serve")
        .current_dir(dir)
        .env_remove("WAGEGUARD_CONFIG")
        .env("DATABASE_URL", database_url)
        .env("WAGEGUARD_DATA_DIR", dir.join("data"))
        .env("WAGEGUARD_ADDR", addr.to_string())
        .env("WAGEGUARD_CAPTCHA", "off")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("start wageguard serve");
    let body = format!("username=demo&password={}", b64("Demo@12345").replace('=', "%3D"));
    let mut reply = String::new();
    for _ in 0..240 {
        if let Ok(mut stream) = tokio::net::TcpStream::connect(addr).await {
            let request = format!(
                "POST /builder/common/v1/Public/login HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\
                 Content-Type: application/x-www-form-urlencoded\r\nContent-Length: {}\r\n\r\n{body}",
                body.len()
            );
            stream.write_all(request.as_bytes()).await.unwrap();
            reply.clear();
            stream.read_to_string(&mut reply).await.unwrap();
            break;
        }
        tokio::time::sleep(Duration::from_millis(250)).await;
    }
    let _ = child.kill();
    let _ = child.wait();
    assert!(reply.contains("\"code\":201") && reply.contains("phpsessid"), "login on the restored data: {reply}");
}

fn succeeded(output: &std::process::Output) -> String {
    let text = format!("{}{}", String::from_utf8_lossy(&output.stdout), String::from_utf8_lossy(&output.stderr));
    assert!(output.status.success(), "{text}");
    text
}

/// Backs up the demo database of `from` with an upload, restores it into `into` (refused a second time
/// without --force), and serves it.
async fn round_trip(root: &Path, from: &str, into: &str) {
    let source = root.join("source");
    let target = root.join("target");
    for dir in [&source, &target] {
        std::fs::create_dir_all(dir.join("data/uploads")).unwrap();
    }
    succeeded(&wageguard(&source, from, &["demo"]));
    std::fs::write(source.join("data/uploads/receipt.png"), PNG).unwrap();
    let archive = root.join("site-backup.zip");
    let said = succeeded(&wageguard(&source, from, &["backup", archive.to_str().unwrap()]));
    assert!(said.contains("上传文件 1 个"), "{said}");

    succeeded(&wageguard(&target, into, &["restore", archive.to_str().unwrap()]));
    assert_eq!(std::fs::read(target.join("data/uploads/receipt.png")).unwrap(), PNG);
    let again = wageguard(&target, into, &["restore", archive.to_str().unwrap()]);
    assert!(!again.status.success(), "a second restore needs --force");
    assert!(String::from_utf8_lossy(&again.stderr).contains("--force"), "{again:?}");
    succeeded(&wageguard(&target, into, &["restore", "--force", archive.to_str().unwrap()]));
    serve_and_log_in(&target, into).await;
}

fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("wg-{name}-{}", uuid::Uuid::new_v4().simple()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[tokio::test]
async fn sqlite_backup_restores_into_a_server_that_logs_in() {
    let root = scratch("backup-sqlite");
    let from = format!("sqlite://{}/source/data/wageguard.db", root.display());
    let into = format!("sqlite://{}/target/data/wageguard.db", root.display());
    round_trip(&root, &from, &into).await;
    let _ = std::fs::remove_dir_all(&root);
}

#[tokio::test]
async fn postgres_backup_restores_into_a_server_that_logs_in() {
    let found = |tool: &str| Command::new(tool).arg("--version").output().is_ok_and(|out| out.status.success());
    if !found("pg_dump") || !found("pg_restore") {
        eprintln!("pg_dump or pg_restore not on PATH: PostgreSQL backup round trip skipped");
        return;
    }
    let Some(source) = fresh_postgres_database().await else { return };
    let Some(target) = fresh_postgres_database().await else { return };
    let root = scratch("backup-postgres");
    round_trip(&root, &source.url, &target.url).await;
    drop_postgres_database(&source.name).await;
    drop_postgres_database(&target.name).await;
    let _ = std::fs::remove_dir_all(&root);
}

/// The scratch directories (`.wageguard-backup-…`) in `folder`.
fn scratch_in(folder: &Path) -> Vec<std::path::PathBuf> {
    std::fs::read_dir(folder)
        .map(|entries| {
            entries
                .flatten()
                .filter(|entry| entry.file_name().to_string_lossy().starts_with(".wageguard-backup-"))
                .map(|entry| entry.path())
                .collect()
        })
        .unwrap_or_default()
}

/// Issue 29 finding 6: a backup's copy of the database never stays beside the archive — not after success,
/// not after an error once the copy was made, and what a killed backup left goes at the next one.
#[tokio::test]
async fn a_backup_leaves_no_copy_of_the_database_behind() {
    let root = scratch("backup-leftovers");
    let source = root.join("source");
    std::fs::create_dir_all(source.join("data/uploads")).unwrap();
    let url = format!("sqlite://{}/source/data/wageguard.db", root.display());
    succeeded(&wageguard(&source, &url, &["demo"]));
    let archives = root.join("archives");
    // What a backup killed midway left: its lock, no longer held, and the copy of the database.
    let stale = archives.join(format!(".wageguard-backup-{}", uuid::Uuid::new_v4().simple()));
    std::fs::create_dir_all(&stale).unwrap();
    std::fs::write(stale.join("lock"), b"").unwrap();
    std::fs::write(stale.join("database.sqlite"), b"410105199003152013").unwrap();

    let archive = archives.join("site.zip");
    succeeded(&wageguard(&source, &url, &["backup", archive.to_str().unwrap()]));
    assert!(archive.is_file());
    assert_eq!(scratch_in(&archives), Vec::<std::path::PathBuf>::new(), "the stale copy and the backup's own");

    // Failing after the copy was made: the archive cannot take the name of a directory.
    let taken = archives.join("taken.zip");
    std::fs::create_dir_all(&taken).unwrap();
    let failed = wageguard(&source, &url, &["backup", taken.to_str().unwrap()]);
    assert!(!failed.status.success(), "{failed:?}");
    assert_eq!(scratch_in(&archives), Vec::<std::path::PathBuf>::new());

    // A restore failing after its copy was made (the database's folder is a file) leaves none either.
    let target = root.join("target");
    std::fs::create_dir_all(&target).unwrap();
    std::fs::write(target.join("blocked"), b"").unwrap();
    let into = format!("sqlite://{}/target/blocked/wageguard.db", root.display());
    let failed = wageguard(&target, &into, &["restore", archive.to_str().unwrap()]);
    assert!(!failed.status.success(), "{failed:?}");
    assert_eq!(scratch_in(&target.join("data")), Vec::<std::path::PathBuf>::new());
    let _ = std::fs::remove_dir_all(&root);
}

/// A backup interrupted while `pg_dump` writes: SIGTERM and SIGINT remove its copy at once; `kill -9` runs no
/// code, so its copy stays until the next backup into the folder. A stand-in `pg_dump` writes the dump and
/// waits, so the signal always finds the backup midway.
#[tokio::test]
async fn an_interrupted_backup_removes_its_copy() {
    let Some(database) = fresh_postgres_database().await else { return };
    let root = scratch("backup-interrupted");
    let bin = root.join("bin");
    std::fs::create_dir_all(&bin).unwrap();
    let pids = root.join("pg_dump.pids");
    let stand_in = "#!/bin/sh\n\
        if [ \"$1\" = --version ]; then echo 'pg_dump (PostgreSQL) 99'; exit 0; fi\n\
        echo $$ >> \"$STAND_IN_PIDS\"\n\
        echo 410105199003152013 > \"$5\"\n\
        exec sleep 60\n";
    std::fs::write(bin.join("pg_dump"), stand_in).unwrap();
    let executable = <std::fs::Permissions as std::os::unix::fs::PermissionsExt>::from_mode(0o755);
    std::fs::set_permissions(bin.join("pg_dump"), executable).unwrap();
    let path = format!("{}:{}", bin.display(), std::env::var("PATH").unwrap_or_default());
    let archives = root.join("archives");
    std::fs::create_dir_all(&archives).unwrap();
    let archive = archives.join("site.zip");

    for (signal, removed) in [("TERM", true), ("INT", true), ("KILL", false)] {
        let mut backup = Command::new(WAGEGUARD)
            .arg("backup")
            .arg(&archive)
            .current_dir(&root)
            .env_remove("WAGEGUARD_CONFIG")
            .env("DATABASE_URL", &database.url)
            .env("WAGEGUARD_DATA_DIR", root.join("data"))
            .env("PATH", &path)
            .env("STAND_IN_PIDS", &pids)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("start wageguard backup");
        let mut midway = false;
        for _ in 0..600 {
            if scratch_in(&archives).iter().any(|dir| dir.join("database.pgdump").is_file()) {
                midway = true;
                break;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        assert!(midway, "the backup never reached pg_dump");
        Command::new("kill").arg(format!("-{signal}")).arg(backup.id().to_string()).status().unwrap();
        let status = backup.wait().unwrap();
        assert!(!status.success(), "{signal}: {status:?}");
        for pid in std::fs::read_to_string(&pids).unwrap_or_default().lines() {
            let _ = Command::new("kill").arg("-KILL").arg(pid.trim()).status();
        }
        let _ = std::fs::remove_file(&pids);
        assert!(!archive.exists(), "{signal}");
        assert_eq!(scratch_in(&archives).len(), usize::from(!removed), "{signal}");
    }

    // The next backup into the folder removes what the killed one left.
    let source = root.join("source");
    std::fs::create_dir_all(source.join("data/uploads")).unwrap();
    let url = format!("sqlite://{}/source/data/wageguard.db", root.display());
    succeeded(&wageguard(&source, &url, &["demo"]));
    succeeded(&wageguard(&source, &url, &["backup", archive.to_str().unwrap()]));
    assert_eq!(scratch_in(&archives), Vec::<std::path::PathBuf>::new());
    drop_postgres_database(&database.name).await;
    let _ = std::fs::remove_dir_all(&root);
}
