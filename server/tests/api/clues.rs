//! Wage-arrears leads: the public page (search, captcha, report, progress), the regulator's inbox (entry,
//! dispatch, return, accept), the project's feedback; bad input stores nothing, the rate limits, the receipt
//! shows nothing without its phone, scoping by project and district, and the full loop.

use axum::body::Body;
use axum::http::{Request, header};
use serde_json::Value;
use wageguard::config::Config;

use crate::both;
use crate::support::{TestApp, assert_refused, regulator};

const SEARCH: &str = "/public/clue/v1/Project/search";
const SUBMIT: &str = "/public/clue/v1/Clue/submit";
const QUERY: &str = "/public/clue/v1/Clue/query";
const INBOX: &str = "/admin/clue/v1/Clue/ajax_list";
const ADMIN_DETAIL: &str = "/admin/clue/v1/Clue/detail";
const CREATE: &str = "/admin/clue/v1/Clue/create";
const DISPATCH: &str = "/admin/clue/v1/Clue/dispatch";
const RETURN: &str = "/admin/clue/v1/Clue/return";
const ACCEPT: &str = "/admin/clue/v1/Clue/accept";
const PROJECT_LIST: &str = "/builder/clue/v1/Clue/ajax_list";
const PROJECT_DETAIL: &str = "/builder/clue/v1/Clue/detail";
const FEEDBACK: &str = "/builder/clue/v1/Clue/feedback";
pub const PNG: &[u8] = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR";
const PHONE: &str = "13912345678";

pub fn report() -> Vec<(&'static str, String)> {
    vec![
        ("name", "王小明".into()),
        ("phone", PHONE.into()),
        ("idNumber", "410105199003152013".into()),
        ("projectId", "1".into()),
        ("employer", "木工班组（李四）".into()),
        ("amount", "12345.60".into()),
        ("months", "3".into()),
        ("description", "9月至11月的工资没有发放。".into()),
    ]
}

fn with(form: &[(&'static str, String)], key: &'static str, value: &str) -> Vec<(&'static str, String)> {
    form.iter().map(|(k, v)| (*k, if *k == key { value.to_owned() } else { v.clone() })).collect()
}

/// Posts a report as multipart: its fields and `photos` in `imgFile[]`.
async fn submit(app: &TestApp, form: &[(&str, String)], photos: &[(&str, &[u8])]) -> Value {
    let boundary = "clue-test-boundary";
    let mut body = Vec::new();
    for (name, value) in form {
        body.extend_from_slice(
            format!("--{boundary}\r\nContent-Disposition: form-data; name=\"{name}\"\r\n\r\n{value}\r\n").as_bytes(),
        );
    }
    for (name, bytes) in photos {
        body.extend_from_slice(
            format!("--{boundary}\r\nContent-Disposition: form-data; name=\"imgFile[]\"; filename=\"{name}\"\r\nContent-Type: application/octet-stream\r\n\r\n").as_bytes(),
        );
        body.extend_from_slice(bytes);
        body.extend_from_slice(b"\r\n");
    }
    body.extend_from_slice(format!("--{boundary}--\r\n").as_bytes());
    let request = Request::post(SUBMIT)
        .header(header::CONTENT_TYPE, format!("multipart/form-data; boundary={boundary}"))
        .body(Body::from(body))
        .unwrap();
    let (status, envelope) = app.send(request).await;
    assert_eq!(status, 200, "{envelope}");
    envelope
}

pub async fn submitted(app: &TestApp, form: &[(&str, String)], photos: &[(&str, &[u8])]) -> String {
    let reply = submit(app, form, photos).await;
    assert_eq!(reply["code"], 201, "{reply}");
    reply["data"]["receipt"].as_str().unwrap().to_owned()
}

pub async fn lead_id(app: &TestApp, receipt: &str) -> i64 {
    app.scalar_owned(format!("SELECT id FROM leads WHERE receipt = '{receipt}'")).await
}

async fn query(app: &TestApp, receipt: &str, phone: &str) -> Value {
    app.post(QUERY, None, &[("receipt", receipt), ("phone", phone)]).await
}

fn ok(reply: Value) -> Value {
    assert_eq!(reply["code"], 201, "{reply}");
    reply["data"].clone()
}

/// Project 2 approved in 洛阳市老城区 (outside 金水区), with its builder account `newsite` logged in.
async fn second_project(app: &TestApp) -> String {
    app.exec("UPDATE projects SET audit_status = '2', name = '洛阳市老城区棚改项目', district_code = '4103,410302' WHERE id = 2")
        .await;
    app.login("newsite", "Demo@12345").await
}

async fn the_public_page_reports_and_shows_progress(app: &TestApp) {
    let found = ok(app.get(&format!("{SEARCH}?name=%E5%B9%B8%E7%A6%8F%E9%87%8C&limit=20"), None).await);
    assert_eq!(found["total"], 1, "{found}");
    assert_eq!(found["list"][0]["id"], 1);
    assert_eq!(found["list"][0].as_object().unwrap().len(), 2, "id and name only: {found}");
    assert_refused(&app.get(&format!("{SEARCH}?name=x&limit=21"), None).await, "每页条数应为1-20");
    assert_refused(&app.get(SEARCH, None).await, "请输入项目名称（50字以内）");
    // The draft project is not offered.
    app.exec("UPDATE projects SET name = '幸福里二期' WHERE id = 2").await;
    let found = ok(app.get(&format!("{SEARCH}?name=%E5%B9%B8%E7%A6%8F%E9%87%8C"), None).await);
    assert_eq!(found["total"], 1, "{found}");

    let captcha = ok(app.get("/public/clue/v1/captcha", None).await);
    assert!(captcha["image"].as_str().unwrap().starts_with("data:image/png;base64,"));

    let receipt = submitted(app, &report(), &[("wall.png", PNG)]).await;
    assert!(receipt.starts_with("XS") && receipt.len() == 18, "{receipt}");
    let id = lead_id(app, &receipt).await;
    let stored = app.scalar_owned(format!("SELECT owed_fen FROM leads WHERE id = {id}")).await;
    assert_eq!(stored, 1_234_560);
    assert_eq!(app.scalar_owned(format!("SELECT COUNT(*) FROM lead_files WHERE lead_id = {id}")).await, 1);

    let progress = ok(query(app, &receipt, PHONE).await);
    assert_eq!(
        progress,
        serde_json::json!({"receipt": receipt, "status": "pending", "statusLabel": "待派发", "answer": ""})
    );
    // A wrong phone and an unknown receipt answer alike, with nothing of the lead.
    let wrong_phone = query(app, &receipt, "13900000000").await;
    let unknown = query(app, "XS2026010100000000", PHONE).await;
    assert_eq!(wrong_phone, unknown);
    assert_eq!(wrong_phone["code"], 404);
    assert!(!wrong_phone.to_string().contains("pending"), "{wrong_phone}");
}
both!(the_public_page_reports_and_shows_progress);

async fn bad_input_gets_its_message_and_stores_nothing(app: &TestApp) {
    let leads = app.scalar("SELECT COUNT(*) FROM leads").await;
    let cases: &[(&str, &str, &str)] = &[
        ("name", "", "请填写姓名"),
        ("name", "王1", "请填写规范的姓名"),
        ("phone", "1391234567", "请填写正确的11位手机号码"),
        ("phone", "0371-65888888", "请填写正确的11位手机号码"),
        ("idNumber", "410105199003152014", "请填写正确的身份证号码"),
        ("projectId", "", "请选择欠薪项目"),
        ("projectId", "2", "所选项目不存在或未通过审核"),
        ("projectId", "999", "所选项目不存在或未通过审核"),
        ("projectId", "abc", "所选项目不存在或未通过审核"),
        ("employer", "", "请填写欠薪单位或班组（100字以内）"),
        ("amount", "0", "请填写正确的欠薪金额（大于0，最多两位小数）"),
        ("amount", "-5", "请填写正确的欠薪金额（大于0，最多两位小数）"),
        ("amount", "1.234", "请填写正确的欠薪金额（大于0，最多两位小数）"),
        ("months", "0", "请填写欠薪月数（1-120的整数）"),
        ("months", "x", "请填写欠薪月数（1-120的整数）"),
        ("description", "", "请填写情况描述（1000字以内）"),
    ];
    for (field, value, message) in cases {
        let reply = submit(app, &with(&report(), field, value), &[("wall.png", PNG)]).await;
        assert_refused(&reply, message);
    }
    let long = "描".repeat(1001);
    assert_refused(&submit(app, &with(&report(), "description", &long), &[]).await, "请填写情况描述（1000字以内）");
    let six: Vec<(&str, &[u8])> = (0..6).map(|_| ("a.png", PNG)).collect();
    assert_refused(&submit(app, &report(), &six).await, "最多上传5张照片");
    assert_refused(&submit(app, &report(), &[("a.pdf", b"%PDF-1.7")]).await, "该文件不能上传");
    assert_refused(&submit(app, &report(), &[("a.png", b"MZ not an image")]).await, "该文件不能上传");
    assert_eq!(app.scalar("SELECT COUNT(*) FROM leads").await, leads);
    assert_eq!(app.scalar("SELECT COUNT(*) FROM lead_files").await, 0);
    let uploads = app.config.data_dir.join("uploads");
    let files = std::fs::read_dir(&uploads).map(|dir| dir.count()).unwrap_or(0);
    assert_eq!(files, 0, "no photo written for a refused report");
}
both!(bad_input_gets_its_message_and_stores_nothing, no_limits);

/// Every try counts against the address's limit, refused ones too: the bad-input case turns the limits off.
fn no_limits(config: &mut Config) {
    config.clues.reports_per_address_per_hour = 0;
    config.clues.reports_per_phone_per_day = 0;
}

fn tight_limits(config: &mut Config) {
    config.clues.reports_per_phone_per_day = 2;
    config.clues.reports_per_address_per_hour = 4;
}

async fn a_phone_and_an_address_report_only_so_often(app: &TestApp) {
    submitted(app, &report(), &[]).await;
    submitted(app, &report(), &[]).await;
    assert_refused(&submit(app, &report(), &[]).await, "提交过于频繁，请稍后再试");
    submitted(app, &with(&report(), "phone", "13811112222"), &[]).await;
    // The address has now tried four times; the fifth is refused whatever the phone.
    assert_refused(&submit(app, &with(&report(), "phone", "13833334444"), &[]).await, "提交过于频繁，请稍后再试");
    assert_eq!(app.scalar("SELECT COUNT(*) FROM leads WHERE source = 'public'").await, 1 + 3);
}
both!(a_phone_and_an_address_report_only_so_often, tight_limits);

fn captcha_on(config: &mut Config) {
    config.captcha = true;
}

async fn the_report_needs_the_captcha_while_it_is_on(app: &TestApp) {
    assert_refused(&submit(app, &report(), &[]).await, "验证码已失效，请刷新后重试");
    let captcha = ok(app.get("/public/clue/v1/captcha", None).await);
    let id = captcha["captchaId"].as_str().unwrap().to_owned();
    let answer = wageguard::auth::captcha::answer_of(&app.db, &id).await.unwrap().unwrap();
    let mut form = report();
    form.push(("captchaId", id));
    form.push(("captcha", answer));
    submitted(app, &form, &[]).await;
}
both!(the_report_needs_the_captcha_while_it_is_on, captcha_on);

async fn the_full_loop_dispatch_feedback_return_feedback_accept(app: &TestApp) {
    let receipt = submitted(app, &report(), &[("wall.png", PNG)]).await;
    let id = lead_id(app, &receipt).await;
    let inspector = app.login("jiancha", "Demo@12345").await;
    let demo = app.login("demo", "Demo@12345").await;

    let inbox = ok(app.get(&format!("{INBOX}?status=pending"), Some(&inspector)).await);
    assert_eq!(inbox["total"], 1, "{inbox}");
    assert_eq!(inbox["list"][0]["receipt"], receipt.as_str());
    assert_eq!(inbox["list"][0]["amount"], "12345.60");
    assert_eq!(inbox["list"][0]["sourceLabel"], "网上举报");
    // Not yet dispatched: the project does not see it.
    assert_eq!(app.get(&format!("{PROJECT_DETAIL}?id={id}"), Some(&demo)).await["code"], 404);

    let detail = ok(app.get(&format!("{ADMIN_DETAIL}?id={id}"), Some(&inspector)).await);
    assert_eq!(detail["idNumber"], "410105199003152013");
    let photo = detail["steps"][0]["files"][0]["url"].as_str().unwrap().to_owned();
    let (status, _) = app.send(Request::get(&photo).header("X-Token", &inspector).body(Body::empty()).unwrap()).await;
    assert_eq!(status, 200);

    let id_text = id.to_string();
    assert_eq!(app.post(DISPATCH, Some(&inspector), &[("id", &id_text)]).await["code"], 201);
    assert_refused(&app.post(DISPATCH, Some(&inspector), &[("id", &id_text)]).await, "该线索已派发，不能重复派发");
    let message = app
        .scalar_owned(format!(
            "SELECT COUNT(*) FROM messages WHERE project_id = 1 AND kind = 'lead' AND subject_id = {id}"
        ))
        .await;
    assert_eq!(message, 1);

    let list = ok(app.get(PROJECT_LIST, Some(&demo)).await);
    let row = list["list"].as_array().unwrap().iter().find(|row| row["id"] == id).expect("dispatched lead listed");
    assert_eq!(row["statusLabel"], "待反馈");
    assert_eq!(row["overdue"], false);
    assert_eq!(row["deadline"].as_str().unwrap().len(), 10);
    let seen = ok(app.get(&format!("{PROJECT_DETAIL}?id={id}"), Some(&demo)).await);
    assert_eq!(seen["idNumber"], "4101**********2013");
    let (status, _) = app.send(Request::get(&photo).header("X-Token", &demo).body(Body::empty()).unwrap()).await;
    assert_eq!(status, 200, "the project sees the photos of a lead dispatched to it");

    // Accepting or returning before feedback is refused.
    assert_refused(
        &app.post(ACCEPT, Some(&inspector), &[("id", &id_text), ("remark", "好")]).await,
        "该线索当前没有待审核的反馈",
    );
    let uploaded =
        app.upload("/builder/common/v1/site/upload_file_batch?kind=image", Some(&demo), &[("pay.png", PNG)]).await;
    let url = uploaded["data"][0].as_str().unwrap().to_owned();
    assert_refused(
        &app.post(FEEDBACK, Some(&demo), &[("id", &id_text), ("content", "")]).await,
        "请填写反馈内容（1000字以内）",
    );
    assert_refused(
        &app.post(FEEDBACK, Some(&demo), &[("id", &id_text), ("content", "已付"), ("files", "/uploads/x.png")]).await,
        "请上传本项目的图片或附件",
    );
    let waiting = app.post("/builder/message/v1/Message/Get_message", Some(&demo), &[]).await;
    assert!(waiting["data"].to_string().contains(&format!("\"back_id\":{id}")), "{waiting}");
    let answered =
        app.post(FEEDBACK, Some(&demo), &[("id", &id_text), ("content", "已协调班组补发工资"), ("files", &url)]).await;
    assert_eq!(answered["code"], 201, "{answered}");
    let popup = app.post("/builder/message/v1/Message/Get_message", Some(&demo), &[]).await;
    assert!(
        !popup["data"].to_string().contains(&format!("\"back_id\":{id}")),
        "an answered lead leaves the login popup: {popup}"
    );
    assert_refused(
        &app.post(FEEDBACK, Some(&demo), &[("id", &id_text), ("content", "再次")]).await,
        "该线索当前不需要反馈",
    );

    assert_refused(
        &app.post(RETURN, Some(&inspector), &[("id", &id_text), ("remark", " ")]).await,
        "请填写退回意见（500字以内）",
    );
    assert_eq!(app.post(RETURN, Some(&inspector), &[("id", &id_text), ("remark", "请附发放凭证")]).await["code"], 201);
    let returned = ok(app.get(&format!("{PROJECT_DETAIL}?id={id}"), Some(&demo)).await);
    assert_eq!(returned["statusLabel"], "已退回");
    assert_eq!(
        app.scalar_owned(format!("SELECT COUNT(*) FROM messages WHERE kind = 'lead' AND subject_id = {id}")).await,
        2
    );
    assert_eq!(ok(query(app, &receipt, PHONE).await)["answer"], "");

    let again = app.post(FEEDBACK, Some(&demo), &[("id", &id_text), ("content", "凭证已上传"), ("files", &url)]).await;
    assert_eq!(again["code"], 201, "{again}");
    assert_refused(
        &app.post(ACCEPT, Some(&inspector), &[("id", &id_text), ("remark", "")]).await,
        "请填写办结答复（1000字以内）",
    );
    assert_eq!(
        app.post(ACCEPT, Some(&inspector), &[("id", &id_text), ("remark", "工资已补发，线索办结。")]).await["code"],
        201
    );

    let progress = ok(query(app, &receipt, PHONE).await);
    assert_eq!(progress["statusLabel"], "已办结");
    assert_eq!(progress["answer"], "工资已补发，线索办结。");
    let history = ok(app.get(&format!("{ADMIN_DETAIL}?id={id}"), Some(&inspector)).await);
    let actions: Vec<&str> =
        history["steps"].as_array().unwrap().iter().map(|s| s["action"].as_str().unwrap()).collect();
    assert_eq!(actions, ["report", "dispatch", "feedback", "return", "feedback", "accept"]);
    assert_eq!(history["steps"][2]["files"][0]["url"], url.as_str());
    let logged = app
        .scalar_owned(format!("SELECT COUNT(*) FROM operation_log WHERE target_type = 'lead' AND target_id = '{id}'"))
        .await;
    assert_eq!(logged, 6, "the report and every change of status are logged");
}
both!(the_full_loop_dispatch_feedback_return_feedback_accept);

async fn a_project_sees_only_leads_dispatched_to_it(app: &TestApp) {
    let other = second_project(app).await;
    let demo_lead = app.scalar("SELECT id FROM leads WHERE project_id = 1").await;
    let list = ok(app.get(PROJECT_LIST, Some(&other)).await);
    assert_eq!(list["total"], 0, "{list}");
    assert_eq!(app.get(&format!("{PROJECT_DETAIL}?id={demo_lead}"), Some(&other)).await["code"], 404);
    let id = demo_lead.to_string();
    assert_eq!(app.post(FEEDBACK, Some(&other), &[("id", &id), ("content", "不是我们")]).await["code"], 404);
    // The demo project sees the demo lead.
    let demo = app.login("demo", "Demo@12345").await;
    assert_eq!(ok(app.get(PROJECT_LIST, Some(&demo)).await)["total"], 1);
    // Project accounts have no inbox; finance none of either.
    assert_eq!(app.get(INBOX, Some(&demo)).await["code"], 403);
    let finance = app.login("finance", "Demo@12345").await;
    assert_eq!(app.get(PROJECT_LIST, Some(&finance)).await["code"], 403);
}
both!(a_project_sees_only_leads_dispatched_to_it);

async fn regulators_see_their_district_and_need_the_role(app: &TestApp) {
    second_project(app).await;
    let demo_lead = app.scalar("SELECT id FROM leads WHERE project_id = 1").await;
    let luoyang = regulator(app, "laocheng", "410302", "inspector").await;
    assert_eq!(ok(app.get(INBOX, Some(&luoyang)).await)["total"], 0);
    assert_eq!(app.get(&format!("{ADMIN_DETAIL}?id={demo_lead}"), Some(&luoyang)).await["code"], 404);
    let mut form = report();
    form.iter_mut().for_each(|(key, value)| {
        if *key == "projectId" {
            *value = "1".into();
        }
    });
    let refs: Vec<(&str, &str)> = form.iter().map(|(k, v)| (*k, v.as_str())).collect();
    assert_refused(&app.post(CREATE, Some(&luoyang), &refs).await, "所选项目不存在或未通过审核");

    let admin = app.login("admin", "Admin@12345").await;
    assert_eq!(ok(app.get(INBOX, Some(&admin)).await)["total"], 1);
    let auditor = regulator(app, "shenhe", "", "auditor").await;
    assert_eq!(app.get(INBOX, Some(&auditor)).await["code"], 403);

    // The hotline entry of a 监察 of the project's district.
    let inspector = app.login("jiancha", "Demo@12345").await;
    let entered = ok(app.post(CREATE, Some(&inspector), &refs).await);
    let receipt = entered["receipt"].as_str().unwrap();
    let hotline = ok(app.get(&format!("{INBOX}?source=hotline"), Some(&inspector)).await);
    assert_eq!(hotline["total"], 1);
    assert_eq!(hotline["list"][0]["receipt"], receipt);
    assert_eq!(hotline["list"][0]["sourceLabel"], "12333热线");
    assert_eq!(app.scalar("SELECT COUNT(*) FROM operation_log WHERE action = '录入欠薪线索'").await, 1);
    assert_refused(&app.get(&format!("{INBOX}?status=nonsense"), Some(&inspector)).await, "请选择正确的状态");
    assert_refused(&app.get(&format!("{INBOX}?limit=101"), Some(&inspector)).await, "每页条数应为1-100");
}
both!(regulators_see_their_district_and_need_the_role);

async fn late_leads_are_overdue_for_the_list_and_the_warning_engine(app: &TestApp) {
    let (id, deadline) = wageguard::on_db!(&app.db, pool => sqlx::query_as::<_, (i64, i64)>(
        "SELECT id, deadline_at FROM leads WHERE status = 'dispatched'").fetch_one(pool).await)
    .unwrap();
    let now = wageguard::clock::now();
    assert!(wageguard::clue::service::overdue_leads(&app.db, now).await.unwrap().is_empty());
    let late = wageguard::clue::service::overdue_leads(&app.db, deadline).await.unwrap();
    assert_eq!(late.len(), 1);
    assert_eq!((late[0].lead_id, late[0].project_id, late[0].deadline), (id, 1, deadline));

    let inspector = app.login("jiancha", "Demo@12345").await;
    assert_eq!(ok(app.get(&format!("{INBOX}?overdue=1"), Some(&inspector)).await)["total"], 0);
    app.exec_owned(format!("UPDATE leads SET deadline_at = {} WHERE id = {id}", now - 1)).await;
    let overdue = ok(app.get(&format!("{INBOX}?overdue=1"), Some(&inspector)).await);
    assert_eq!(overdue["total"], 1);
    assert_eq!(overdue["list"][0]["overdue"], true);
}
both!(late_leads_are_overdue_for_the_list_and_the_warning_engine);

async fn the_deadline_counts_working_days_of_the_holiday_calendar(app: &TestApp) {
    use time::macros::date;
    let deadline = |day| wageguard::clue::service::deadline(&app.db, day, 3);
    // Friday → the next Wednesday.
    assert_eq!(deadline(date!(2026 - 11 - 20)).await.unwrap().0, "2026-11-25");
    // Across 国庆节 2026: 10-01…10-07 off, 10-10 (Saturday) a working day.
    assert_eq!(deadline(date!(2026 - 09 - 30)).await.unwrap().0, "2026-10-10");
    let (_, end) = deadline(date!(2026 - 11 - 20)).await.unwrap();
    assert_eq!(wageguard::clock::china_datetime(end), "2026-11-26 00:00:00");
}
both!(the_deadline_counts_working_days_of_the_holiday_calendar);

/// The project's feedback files are answered by their original names, and each says whether it is an image:
/// a PDF is a file to open, not a picture.
async fn feedback_files_keep_their_names(app: &TestApp) {
    const PDF: &[u8] = b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<<>>\nendobj\n";
    let receipt = submitted(app, &report(), &[("wall.png", PNG)]).await;
    let id = lead_id(app, &receipt).await.to_string();
    let inspector = app.login("jiancha", "Demo@12345").await;
    let demo = app.login("demo", "Demo@12345").await;
    assert_eq!(app.post(DISPATCH, Some(&inspector), &[("id", &id)]).await["code"], 201);
    let upload = "/builder/common/v1/site/upload_file_batch?kind=attachment";
    let uploaded = app.upload(upload, Some(&demo), &[("整改说明.pdf", PDF), ("工资发放表.png", PNG)]).await;
    let urls: Vec<&str> = uploaded["data"].as_array().unwrap().iter().map(|url| url.as_str().unwrap()).collect();
    let files = urls.join(",");
    let answered = app.post(FEEDBACK, Some(&demo), &[("id", &id), ("content", "已补发"), ("files", &files)]).await;
    assert_eq!(answered["code"], 201, "{answered}");
    for (path, token) in [(PROJECT_DETAIL, &demo), (ADMIN_DETAIL, &inspector)] {
        let detail = ok(app.get(&format!("{path}?id={id}"), Some(token)).await);
        let step = detail["steps"].as_array().unwrap().iter().find(|step| step["action"] == "feedback").unwrap();
        let files = step["files"].as_array().unwrap();
        let named: Vec<(&str, &str, bool)> = files
            .iter()
            .map(|file| {
                (file["name"].as_str().unwrap(), file["url"].as_str().unwrap(), file["image"].as_bool().unwrap())
            })
            .collect();
        assert_eq!(named, [("整改说明.pdf", urls[0], false), ("工资发放表.png", urls[1], true)], "{path}");
        assert_eq!(detail["steps"][0]["files"][0]["name"], "wall.png");
        assert_eq!(detail["steps"][0]["files"][0]["image"], true);
    }
}
both!(feedback_files_keep_their_names);

const DISTRICTS: &str = "/public/clue/v1/Area/districts";
const ASSIGN: &str = "/admin/clue/v1/Clue/assign";
const CLOSE: &str = "/admin/clue/v1/Clue/close";

/// Issue 34 item 5: a worker whose site is not registered names it and the employer in free text.
fn unregistered() -> Vec<(&'static str, String)> {
    let mut form: Vec<(&'static str, String)> =
        with(&report(), "employer", "包工头张三").into_iter().filter(|(key, _)| *key != "projectId").collect();
    form.extend([
        ("unregistered", "1".into()),
        ("siteName", "经三路临街商铺改造".into()),
        ("siteAddress", "郑州市金水区经三路88号".into()),
        ("siteDistrict", "410105".into()),
        ("employerPhone", "13700001111".into()),
    ]);
    form
}

async fn a_lead_from_an_unregistered_site_goes_to_the_bureau(app: &TestApp) {
    let districts = ok(app.get(DISTRICTS, None).await);
    assert!(
        districts.as_array().unwrap().iter().any(|d| d["code"] == "410105" && d["name"] == "金水区"),
        "{districts}"
    );
    let before = app.scalar("SELECT COUNT(*) FROM leads").await;
    let form = unregistered();
    assert_refused(&submit(app, &with(&form, "siteName", " "), &[]).await, "请填写项目名称（100字以内）");
    assert_refused(&submit(app, &with(&form, "siteName", &"字".repeat(101)), &[]).await, "请填写项目名称（100字以内）");
    assert_refused(&submit(app, &with(&form, "siteAddress", "郑州"), &[]).await, "请输入规范的地址");
    assert_refused(&submit(app, &with(&form, "employer", ""), &[]).await, "请填写欠薪单位或包工头（100字以内）");
    assert_refused(&submit(app, &with(&form, "employerPhone", "12345"), &[]).await, "请填写正确的联系电话");
    assert_refused(&submit(app, &with(&form, "siteDistrict", "999999"), &[]).await, "请选择正确的所在区县");
    assert_refused(&submit(app, &with(&form, "unregistered", ""), &[]).await, "请选择欠薪项目");
    assert_eq!(app.scalar("SELECT COUNT(*) FROM leads").await, before, "a refused report stores nothing");

    let receipt = submitted(app, &form, &[("a.png", PNG)]).await;
    let id = lead_id(app, &receipt).await;
    let without_district = submitted(app, &with(&with(&form, "siteDistrict", ""), "employerPhone", ""), &[]).await;
    let nowhere = lead_id(app, &without_district).await;
    assert_eq!(app.scalar_owned(format!("SELECT COUNT(*) FROM leads WHERE id = {id} AND project_id IS NULL")).await, 1);
    assert_eq!(ok(query(app, &receipt, PHONE).await)["statusLabel"], "待派发");

    // The whole area's 管理员 sees both; 金水区's 监察 the one in 金水区; another district's neither.
    let admin = app.login("admin", "Admin@12345").await;
    let all = ok(app.get(&format!("{INBOX}?unregistered=1"), Some(&admin)).await);
    assert_eq!(all["total"], 2, "{all}");
    let row = all["list"].as_array().unwrap().iter().find(|row| row["id"] == id).unwrap().clone();
    assert_eq!((row["unregistered"].as_bool(), row["projectId"].as_i64()), (Some(true), Some(0)), "{row}");
    assert_eq!(row["siteName"], "经三路临街商铺改造");
    assert_eq!(row["siteDistrictName"], "金水区");
    assert_eq!(row["employer"], "包工头张三");
    assert_eq!(row["employerPhone"], "13700001111");
    let detail = ok(app.get(&format!("{ADMIN_DETAIL}?id={id}"), Some(&admin)).await);
    assert_eq!(detail["siteAddress"], "郑州市金水区经三路88号");
    let jiancha = app.login("jiancha", "Demo@12345").await;
    let district = ok(app.get(&format!("{INBOX}?unregistered=1"), Some(&jiancha)).await);
    assert_eq!(district["total"], 1, "{district}");
    assert_eq!(app.get(&format!("{ADMIN_DETAIL}?id={nowhere}"), Some(&jiancha)).await["code"], 404);
    let zhongyuan = regulator(app, "zhongyuan", "410102", "inspector").await;
    assert_eq!(ok(app.get(&format!("{INBOX}?unregistered=1"), Some(&zhongyuan)).await)["total"], 0);
    assert_eq!(app.get(&format!("{ADMIN_DETAIL}?id={id}"), Some(&zhongyuan)).await["code"], 404);
    assert_eq!(app.post(ASSIGN, Some(&zhongyuan), &[("id", &id.to_string()), ("projectId", "1")]).await["code"], 404);

    // The bureau links it to the registered project it turned out to be, then dispatches as usual.
    let lead = id.to_string();
    assert_refused(&app.post(DISPATCH, Some(&jiancha), &[("id", &lead)]).await, "请先关联已登记的项目");
    assert_refused(&app.post(ASSIGN, Some(&jiancha), &[("id", &lead), ("projectId", "")]).await, "请选择欠薪项目");
    second_project(app).await;
    assert_refused(
        &app.post(ASSIGN, Some(&jiancha), &[("id", &lead), ("projectId", "2")]).await,
        "所选项目不存在或未通过审核",
    );
    let assigned = app.post(ASSIGN, Some(&jiancha), &[("id", &lead), ("projectId", "1")]).await;
    assert_eq!(assigned["code"], 201, "{assigned}");
    assert_refused(&app.post(ASSIGN, Some(&jiancha), &[("id", &lead), ("projectId", "1")]).await, "该线索已关联项目");
    let linked = ok(app.get(&format!("{ADMIN_DETAIL}?id={id}"), Some(&jiancha)).await);
    assert_eq!((linked["projectId"].as_i64(), linked["unregistered"].as_bool()), (Some(1), Some(true)), "{linked}");
    assert_eq!(linked["steps"].as_array().unwrap().last().unwrap()["actionLabel"], "关联项目");
    let log = app.scalar_owned(format!(
        "SELECT COUNT(*) FROM operation_log WHERE action = '关联欠薪线索项目' AND target_id = '{id}' AND project_id = 1 \
         AND detail LIKE '%未登记项目「经三路临街商铺改造」 → 郑州市金水区幸福里安置房项目%'"
    ));
    assert_eq!(log.await, 1);
    assert_eq!(app.post(DISPATCH, Some(&jiancha), &[("id", &lead)]).await["code"], 201);
    let demo = app.login("demo", "Demo@12345").await;
    let dispatched = ok(app.get(PROJECT_LIST, Some(&demo)).await);
    assert!(dispatched["list"].as_array().unwrap().iter().any(|row| row["id"] == id), "{dispatched}");

    // The other one is handled without a project: closed with the bureau's answer, logged.
    let other = nowhere.to_string();
    assert_refused(
        &app.post(CLOSE, Some(&admin), &[("id", &other), ("remark", "")]).await,
        "请填写办结答复（1000字以内）",
    );
    assert_refused(
        &app.post(CLOSE, Some(&admin), &[("id", &lead), ("remark", "x")]).await,
        "只有未关联项目的待派发线索可以直接办结",
    );
    assert_eq!(
        app.post(CLOSE, Some(&admin), &[("id", &other), ("remark", "已转交劳动监察大队现场处理")]).await["code"],
        201
    );
    assert_eq!(ok(query(app, &without_district, PHONE).await)["answer"], "已转交劳动监察大队现场处理");
    assert_eq!(
        app.scalar_owned(format!(
            "SELECT COUNT(*) FROM operation_log WHERE action = '直接办结欠薪线索' AND target_id = '{nowhere}' \
             AND detail LIKE '%待派发 → 已办结%'"
        ))
        .await,
        1
    );
}
both!(a_lead_from_an_unregistered_site_goes_to_the_bureau, no_limits);
