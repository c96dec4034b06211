use axum::body::Body;
use axum::http::Request;
use http_body_util::BodyExt;
use tower::ServiceExt;

use crate::both;
use crate::support::{TestApp, assert_refused, regulator};

const UPLOAD: &str = "/builder/common/v1/site/upload_file_batch";
pub const PNG: &[u8] = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x01\0\0\0\x01\x08\x06\0\0\0\x1f\x15\xc4\x89";
const JPEG: &[u8] = b"\xff\xd8\xff\xe0\0\x10JFIF\0";
pub const PDF: &[u8] = b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n";
const DOCX: &[u8] = b"PK\x03\x04\x14\0\x06\0[Content_Types].xml word/document.xml";

pub async fn fetch(app: &TestApp, url: &str, token: Option<&str>, cookie: Option<&str>) -> (String, Vec<u8>) {
    let mut request = Request::get(url);
    if let Some(token) = token {
        request = request.header("X-Token", token);
    }
    if let Some(cookie) = cookie {
        request = request.header("Cookie", cookie);
    }
    let response = app.router.clone().oneshot(request.body(Body::empty()).unwrap()).await.unwrap();
    assert_eq!(response.status(), 200);
    let content_type = response.headers().get("content-type").unwrap().to_str().unwrap().to_owned();
    (content_type, response.into_body().collect().await.unwrap().to_bytes().to_vec())
}

async fn stored_files(app: &TestApp) -> usize {
    std::fs::read_dir(app.config.data_dir.join("uploads")).map(|dir| dir.count()).unwrap_or(0)
}

async fn uploads_are_stored_and_served_to_their_project(app: &TestApp) {
    let demo = app.login("demo", "Demo@12345").await;
    let reply = app.upload(UPLOAD, Some(&demo), &[("现场照片.png", PNG), ("b.JPG", JPEG)]).await;
    assert_eq!(reply["code"], 201, "{reply}");
    let urls: Vec<String> = serde_json::from_value(reply["data"].clone()).unwrap();
    assert_eq!(urls.len(), 2);
    assert!(urls[0].starts_with("/uploads/") && urls[0].ends_with(".png"), "{urls:?}");
    assert!(urls[1].ends_with(".jpg"));
    assert_eq!(stored_files(app).await, 2);

    let (content_type, bytes) = fetch(app, &urls[0], Some(&demo), None).await;
    assert_eq!(content_type, "image/png");
    assert_eq!(bytes, PNG);
    let (_, bytes) = fetch(app, &urls[1], None, Some(&format!("sidebarStatus=1; Admin-Token={demo}"))).await;
    assert_eq!(bytes, JPEG, "the console's cookie is enough for <img src>");

    let finance = app.login("finance", "Demo@12345").await;
    assert_eq!(fetch(app, &urls[0], Some(&finance), None).await.1, PNG, "the same project's approver");
    let admin = app.login("admin", "Admin@12345").await;
    assert_eq!(fetch(app, &urls[0], Some(&admin), None).await.1, PNG, "the regulator");

    let other = app.login("newsite", "Demo@12345").await;
    let refused = app.get(&urls[0], Some(&other)).await;
    assert_eq!(refused["code"], 403, "{refused}");
    assert_eq!(app.get(&urls[0], None).await["code"], 101);
    assert_eq!(app.get("/uploads/0123456789abcdef0123456789abcdef.png", Some(&demo)).await["code"], 404);
    assert_eq!(app.get("/uploads/..%2F..%2Fetc%2Fpasswd", Some(&demo)).await["code"], 404);
    assert_eq!(app.scalar("SELECT COUNT(*) FROM operation_log WHERE action = '上传文件'").await, 1);
}
both!(uploads_are_stored_and_served_to_their_project);

async fn refused_uploads_store_nothing(app: &TestApp) {
    let demo = app.login("demo", "Demo@12345").await;
    let big = vec![0u8; 5 * 1024 * 1024 + 1];
    let mut big_png = PNG.to_vec();
    big_png.extend_from_slice(&big);
    let six: Vec<(&str, &[u8])> = (0..6).map(|_| ("a.png", PNG)).collect();
    let ten: Vec<(&str, &[u8])> = (0..10).map(|_| ("a.png", PNG)).collect();
    type Case<'a> = (String, Vec<(&'a str, &'a [u8])>, &'a str);
    let cases: Vec<Case> = vec![
        (UPLOAD.into(), vec![("a.png", PNG), ("b.png", b"MZ\x90\0 a program")], "该文件不能上传"),
        (UPLOAD.into(), vec![("a.exe", PNG)], "该文件不能上传"),
        (UPLOAD.into(), vec![("a.jpg", PNG)], "该文件不能上传"),
        (UPLOAD.into(), vec![("a.pdf", PDF)], "该文件不能上传"),
        (UPLOAD.into(), vec![("big.png", &big_png)], "上传文件大小不能超过 5MB!"),
        (UPLOAD.into(), six, "当前限制选择5个文件"),
        (format!("{UPLOAD}?kind=contract"), ten, "当前限制选择9个文件"),
        (format!("{UPLOAD}?kind=guarantee"), vec![("a.pdf", PDF), ("b.pdf", PDF)], "当前限制选择1个文件"),
        (format!("{UPLOAD}?kind=avatar"), vec![("a.gif", b"GIF89a")], "上传图片只能是 jpg、png 格式!"),
        (format!("{UPLOAD}?kind=unknown"), vec![("a.png", PNG)], "上传类型不正确"),
        (UPLOAD.into(), vec![], "请选择要上传的文件"),
    ];
    for (path, files, message) in cases {
        assert_refused(&app.upload(&path, Some(&demo), &files).await, message);
    }
    let not_multipart = app.post(UPLOAD, Some(&demo), &[("imgFile[]", "x")]).await;
    assert_refused(&not_multipart, "请以 multipart/form-data 格式上传文件");
    assert_eq!(app.upload(UPLOAD, None, &[("a.png", PNG)]).await["code"], 101);
    assert_eq!(stored_files(app).await, 0);
    assert_eq!(app.scalar("SELECT COUNT(*) FROM uploads").await, 0);

    let vouchers =
        app.upload(&format!("{UPLOAD}?kind=voucher"), Some(&demo), &[("a.pdf", PDF), ("b.docx", DOCX)]).await;
    assert_eq!(vouchers["code"], 201, "{vouchers}");
    assert_eq!(app.scalar("SELECT COUNT(*) FROM uploads").await, 2);
}
both!(refused_uploads_store_nothing);

/// Issue 29 finding 5: a file a regulator uploads belongs to no project; it is read by its uploader, by the
/// regulators whose district holds the uploader's (the whole area's always), and by the projects a notice
/// carrying it addresses — not by a regulator of another or a lower district, nor by any other project.
async fn a_regulators_own_file_is_read_only_within_its_scope(app: &TestApp) {
    let county = app.login("jiancha", "Demo@12345").await;
    let reply = app.upload(&format!("{UPLOAD}?kind=voucher"), Some(&county), &[("金水区通知.pdf", PDF)]).await;
    assert_eq!(reply["code"], 201, "{reply}");
    let file = reply["data"][0].as_str().unwrap().to_owned();

    let whole_area = app.login("admin", "Admin@12345").await;
    let city = regulator(app, "zhengzhou", "4101", "inspector").await;
    let other_county = regulator(app, "erqi", "410103", "inspector").await;
    let township = regulator(app, "jiedao", "410105001", "inspector").await;
    let other_city = regulator(app, "luoyang", "4103", "manager").await;
    for (token, who) in [(&county, "the uploader"), (&whole_area, "the whole area"), (&city, "its city")] {
        assert_eq!(fetch(app, &file, Some(token), None).await.1, PDF, "{who}");
    }
    let demo = app.login("demo", "Demo@12345").await;
    for (token, who) in [
        (&other_county, "another county"),
        (&township, "a township within it"),
        (&other_city, "another city"),
        (&demo, "a project not addressed"),
    ] {
        assert_eq!(app.get(&file, Some(token)).await["code"], 403, "{who}");
    }
    // The whole area's own file is not the county's.
    let reply = app.upload(&format!("{UPLOAD}?kind=voucher"), Some(&whole_area), &[("全市通知.pdf", PDF)]).await;
    let area_file = reply["data"][0].as_str().unwrap().to_owned();
    assert_eq!(app.get(&area_file, Some(&county)).await["code"], 403);
    assert_eq!(fetch(app, &area_file, Some(&whole_area), None).await.1, PDF);

    // Attached to a notice to the county's projects: the addressed project reads it, another does not.
    let published = app
        .post(
            "/admin/notice/v1/Notice/publish",
            Some(&county),
            &[("title", "附件通知"), ("body", "见附件"), ("audience", "all"), ("attachments", &file)],
        )
        .await;
    assert_eq!(published["code"], 201, "{published}");
    assert_eq!(fetch(app, &file, Some(&demo), None).await.1, PDF, "the addressed project");
    let finance = app.login("finance", "Demo@12345").await;
    assert_eq!(fetch(app, &file, Some(&finance), None).await.1, PDF, "the addressed project's approver");
    let other = app.login("newsite", "Demo@12345").await;
    assert_eq!(app.get(&file, Some(&other)).await["code"], 403, "a project not addressed");
    assert_eq!(app.get(&file, Some(&other_county)).await["code"], 403, "still not another county");
}
both!(a_regulators_own_file_is_read_only_within_its_scope);
