//! Issue 29 finding 4: every file the server hands out — uploads (ID photos, vouchers, contracts, a notice's
//! attachments), punch and lead photos, workbook exports and templates, the project's export, a terminal's
//! commands — answers `Cache-Control: no-store`, so that a shared site-office browser keeps none of it after
//! logout. Only the console's own files keep their caching.

use axum::body::Body;
use axum::http::{Request, header};
use http_body_util::BodyExt;
use serde_json::Value;
use tower::ServiceExt;

use crate::backup::finished;
use crate::both;
use crate::support::TestApp;
use crate::upload::{PDF, PNG};

const UPLOAD: &str = "/builder/common/v1/site/upload_file_batch";

async fn uploaded(app: &TestApp, token: &str, kind: &str, name: &str, bytes: &[u8]) -> String {
    let reply = app.upload(&format!("{UPLOAD}?kind={kind}"), Some(token), &[(name, bytes)]).await;
    assert_eq!(reply["code"], 201, "{reply}");
    reply["data"][0].as_str().unwrap().to_owned()
}

/// GETs `url` in the session of `token` (none for a terminal): the status, the content type and the
/// caching header.
async fn headers(app: &TestApp, url: &str, token: Option<&str>) -> (u16, String, String) {
    let mut request = Request::get(url);
    if let Some(token) = token {
        request = request.header("X-Token", token);
    }
    let response = app.router.clone().oneshot(request.body(Body::empty()).unwrap()).await.unwrap();
    let text = |name| response.headers().get(name).and_then(|value| value.to_str().ok()).unwrap_or_default().to_owned();
    let (content_type, cache) = (text(header::CONTENT_TYPE), text(header::CACHE_CONTROL));
    let status = response.status().as_u16();
    let body = response.into_body().collect().await.unwrap().to_bytes();
    assert!(!content_type.contains("json"), "{url} answered the envelope: {}", String::from_utf8_lossy(&body));
    (status, content_type, cache)
}

/// The GET paths the OpenAPI document says answer a file rather than the envelope.
async fn documented_downloads(app: &TestApp) -> Vec<String> {
    let document = app.get("/api/openapi.json", None).await;
    let mut paths = Vec::new();
    for (path, operations) in document["paths"].as_object().unwrap() {
        let content = &operations["get"]["responses"]["200"]["content"];
        if content.as_object().is_some_and(|kinds| kinds.keys().any(|kind| !kind.contains("json"))) {
            paths.push(path.clone());
        }
    }
    paths
}

async fn every_download_answers_no_store(app: &TestApp) {
    let demo = app.login("demo", "Demo@12345").await;
    let admin = app.login("admin", "Admin@12345").await;

    let avatar = uploaded(app, &demo, "avatar", "身份证照片.png", PNG).await;
    let voucher = uploaded(app, &demo, "voucher", "回单.pdf", PDF).await;
    let contract = uploaded(app, &demo, "contract", "合同.png", PNG).await;
    let notice_file = uploaded(app, &admin, "voucher", "通知附件.pdf", PDF).await;

    // A terminal's snapshot kept with a punch of the demo project.
    let folder = app.config.data_dir.join("punch-photos");
    std::fs::create_dir_all(&folder).unwrap();
    std::fs::write(folder.join("face.jpg"), b"\xff\xd8\xff\xe0\0\x10JFIF\0").unwrap();
    app.exec("UPDATE punches SET photo = 'face.jpg' WHERE id = (SELECT MIN(id) FROM punches WHERE project_id = 1)")
        .await;
    let punch = app.scalar("SELECT id FROM punches WHERE photo = 'face.jpg'").await;

    // A worker's photo of a lead, read by the bureau.
    let receipt = crate::clues::submitted(app, &crate::clues::report(), &[("wall.png", crate::clues::PNG)]).await;
    let lead = crate::clues::lead_id(app, &receipt).await;
    let detail = app.get(&format!("/admin/clue/v1/Clue/detail?id={lead}"), Some(&admin)).await;
    let lead_photo = detail["data"]["steps"][0]["files"][0]["url"].as_str().expect("a photo").to_owned();

    // The project's export.
    assert_eq!(app.post("/builder/backup/v1/Export/start", Some(&demo), &[]).await["code"], 201);
    let export = finished(app, &demo, "").await;
    assert_eq!(export["status"], "done", "{export}");

    // A registered terminal's commands carry the workers' names.
    let form = [
        ("kind", "attendant"),
        ("serial", "ZK-CACHE-1"),
        ("name", "大门人脸机"),
        ("direction", "both"),
        ("location", "东门"),
        ("protocol", "iclock"),
    ];
    let device: Value = app.post("/builder/attendance/v1/Device/add", Some(&demo), &form).await;
    assert_eq!(device["code"], 201, "{device}");

    let sheet = crate::wages::create_sheet(app, &demo).await;
    // An order paid by file, approved: its batch file.
    assert_eq!(app.post("/builder/special/v1/Account/payoutMode", Some(&demo), &[("mode", "file")]).await["code"], 201);
    crate::basis::fund(app, 100_000_000).await;
    assert_eq!(
        app.post("/builder/wage/v1/Sheet/confirm", Some(&demo), &[("id", &sheet.to_string())]).await["code"],
        201
    );
    let order = crate::orders::submit(app, &demo, &sheet.to_string()).await["data"].as_i64().unwrap();
    assert_eq!(crate::bank_files::approve(app, order).await["code"], 201);

    let cases: Vec<(&str, String, Option<&str>)> = vec![
        ("/uploads/{name}", avatar, Some(&demo)),
        ("/uploads/{name}", voucher, Some(&demo)),
        ("/uploads/{name}", contract, Some(&admin)),
        ("/uploads/{name}", notice_file, Some(&admin)),
        ("/builder/clue/v1/Clue/photo/{name}", lead_photo, Some(&admin)),
        ("/builder/attendance/v1/Record/photo", format!("/builder/attendance/v1/Record/photo?id={punch}"), Some(&demo)),
        ("/builder/attendance/v1/Record/template", "/builder/attendance/v1/Record/template".into(), Some(&demo)),
        ("/builder/attendance/v1/Sheet/export", "/builder/attendance/v1/Sheet/export".into(), Some(&demo)),
        ("/builder/wage/v1/Sheet/export", format!("/builder/wage/v1/Sheet/export?id={sheet}"), Some(&demo)),
        ("/builder/user/v1/Worker/template", "/builder/user/v1/Worker/template".into(), Some(&demo)),
        ("/builder/user/v1/Worker/export", "/builder/user/v1/Worker/export".into(), Some(&demo)),
        ("/builder/special/v1/Account/export", "/builder/special/v1/Account/export".into(), Some(&demo)),
        (
            "/builder/special/v1/Account/sandboxStatement",
            "/builder/special/v1/Account/sandboxStatement".into(),
            Some(&demo),
        ),
        (
            "/builder/wage/v1/Payout/batchfile",
            format!("/builder/wage/v1/Payout/batchfile?orderId={order}"),
            Some(&demo),
        ),
        ("/builder/report/v1/Report/people_export", "/builder/report/v1/Report/people_export".into(), Some(&demo)),
        (
            "/builder/report/v1/Report/attendance_export",
            "/builder/report/v1/Report/attendance_export".into(),
            Some(&demo),
        ),
        ("/builder/report/v1/Report/wage_export", "/builder/report/v1/Report/wage_export".into(), Some(&demo)),
        ("/admin/regulator/v1/Project/export", "/admin/regulator/v1/Project/export".into(), Some(&admin)),
        (
            "/builder/backup/v1/Export/download",
            format!("/builder/backup/v1/Export/download?id={}", export["id"]),
            Some(&demo),
        ),
        ("/iclock/cdata", "/iclock/cdata?SN=ZK-CACHE-1&options=all&pushver=2.4.1".into(), None),
        ("/iclock/getrequest", "/iclock/getrequest?SN=ZK-CACHE-1".into(), None),
        ("/iclock/ping", "/iclock/ping?SN=ZK-CACHE-1".into(), None),
    ];
    for (_, url, token) in &cases {
        let (status, content_type, cache) = headers(app, url, *token).await;
        assert_eq!(status, 200, "{url}");
        assert_eq!(cache, "no-store", "{url} ({content_type})");
    }
    for path in documented_downloads(app).await {
        assert!(cases.iter().any(|(covered, _, _)| *covered == path), "the download {path} is not checked here");
    }
}
both!(every_download_answers_no_store);
