//! Notices (issue 15 item 2): the regulator's publish, list, detail, withdraw and read receipts
//! (`/admin/notice/v1/Notice/…`), the project's `ajax_list`, `ajax_attach_list` and `ajax_look`; the audience
//! and district scoping, the attachments' limits and download, the read recorded once, and plain-text bodies.

use serde_json::Value;

use crate::both;
use crate::support::{TestApp, assert_refused, regulator};
use crate::upload::{PDF, PNG, fetch};

const PUBLISH: &str = "/admin/notice/v1/Notice/publish";
const LIST: &str = "/admin/notice/v1/Notice/ajax_list";
const DETAIL: &str = "/admin/notice/v1/Notice/detail";
const WITHDRAW: &str = "/admin/notice/v1/Notice/withdraw";
const READS: &str = "/admin/notice/v1/Notice/reads";
const PROJECT_LIST: &str = "/builder/notice/v1/Notice/ajax_list";
const ATTACH_LIST: &str = "/builder/notice/v1/Notice/ajax_attach_list";
const LOOK: &str = "/builder/notice/v1/Notice/ajax_look";
const UPLOAD: &str = "/builder/common/v1/site/upload_file_batch?kind=voucher";

/// The draft project (2) approved in another city (洛阳市西工区), so two districts have a project each.
async fn second_district(app: &TestApp) {
    app.exec("UPDATE projects SET audit_status = '2', district_code = '4103,410302,410302001' WHERE id = 2").await;
}

async fn publish(app: &TestApp, token: &str, form: &[(&str, &str)]) -> Value {
    app.post(PUBLISH, Some(token), form).await
}

/// Publishes and answers the new notice's id.
async fn published(app: &TestApp, token: &str, title: &str, audience: &[(&str, &str)]) -> i64 {
    let mut form = vec![("title", title), ("body", "请各项目按时支付工资。")];
    form.extend_from_slice(audience);
    let reply = publish(app, token, &form).await;
    assert_eq!(reply["code"], 201, "{reply}");
    reply["data"]["id"].as_i64().unwrap()
}

async fn project_titles(app: &TestApp, token: &str) -> Vec<String> {
    let reply = app.post(PROJECT_LIST, Some(token), &[("limit", "100")]).await;
    assert_eq!(reply["code"], 201, "{reply}");
    reply["data"]["list"].as_array().unwrap().iter().map(|row| row["title"].as_str().unwrap().to_owned()).collect()
}

async fn uploaded(app: &TestApp, token: &str, files: &[(&str, &[u8])]) -> Vec<String> {
    let reply = app.upload(UPLOAD, Some(token), files).await;
    assert_eq!(reply["code"], 201, "{reply}");
    serde_json::from_value(reply["data"].clone()).unwrap()
}

/// Publishes to 金水区 with these attachments (comma-separated URLs).
async fn with_attachments(app: &TestApp, token: &str, attachments: &str) -> Value {
    let form = [
        ("title", "附件通知"),
        ("body", "见附件"),
        ("audience", "districts"),
        ("districts", "410105"),
        ("attachments", attachments),
    ];
    publish(app, token, &form).await
}

async fn a_notice_reaches_only_its_audience(app: &TestApp) {
    second_district(app).await;
    let admin = app.login("admin", "Admin@12345").await;
    let demo = app.login("demo", "Demo@12345").await;
    let other = app.login("newsite", "Demo@12345").await;
    let before = project_titles(app, &demo).await.len();

    let to_jinshui = published(app, &admin, "金水区通知", &[("audience", "districts"), ("districts", "410105")]).await;
    let to_all = published(app, &admin, "全市通知", &[("audience", "all")]).await;
    let to_other = published(app, &admin, "单项目通知", &[("audience", "projects"), ("projects", "2")]).await;

    let demo_titles = project_titles(app, &demo).await;
    assert_eq!(demo_titles.len(), before + 2);
    assert_eq!(demo_titles[..2], ["全市通知", "金水区通知"]);
    assert_eq!(project_titles(app, &other).await, ["单项目通知", "全市通知"]);

    // A notice not addressed to the project: not listed, not opened, its attachments not listed.
    for path in [LOOK, ATTACH_LIST] {
        let reply = app.post(path, Some(&other), &[("id", &to_jinshui.to_string())]).await;
        assert_eq!(reply["code"], 404, "{reply}");
        assert_eq!(reply["message"], "通知不存在");
        assert_eq!(app.post(path, Some(&demo), &[("id", &to_other.to_string())]).await["code"], 404);
    }

    // Each addressed project got a message about the notice.
    let sent = app
        .scalar_owned(format!("SELECT COUNT(*) FROM messages WHERE kind = 'notice' AND subject_id = {to_all}"))
        .await;
    assert_eq!(sent, 2);
    let to_demo = app
        .scalar_owned(format!(
            "SELECT COUNT(*) FROM messages WHERE kind = 'notice' AND subject_id = {to_jinshui} AND project_id = 1"
        ))
        .await;
    assert_eq!(to_demo, 1);
    assert_eq!(app.scalar_owned(format!("SELECT COUNT(*) FROM messages WHERE subject_id = {to_jinshui}")).await, 1);

    let list = app.get(&format!("{LIST}?limit=100"), Some(&admin)).await;
    let row = list["data"]["list"].as_array().unwrap().iter().find(|row| row["id"] == to_all).unwrap().clone();
    assert_eq!(row["recipients"], 2);
    assert_eq!(row["reads"], 0);
    assert_eq!(row["status"], "published");
    assert_eq!(row["audienceLabel"], "辖区内全部项目");
    let row = list["data"]["list"].as_array().unwrap().iter().find(|row| row["id"] == to_jinshui).unwrap().clone();
    assert_eq!(row["audienceLabel"], "指定行政区划：郑州市/金水区", "{row}");
    assert_eq!(app.scalar("SELECT COUNT(*) FROM operation_log WHERE action = '发布通知'").await, 3);
}
both!(a_notice_reaches_only_its_audience);

async fn a_district_regulator_addresses_only_its_district(app: &TestApp) {
    second_district(app).await;
    let inspector = app.login("jiancha", "Demo@12345").await;
    let notices = app.scalar("SELECT COUNT(*) FROM notices").await;
    assert_refused(
        &publish(app, &inspector, &[("title", "t"), ("body", "b"), ("audience", "projects"), ("projects", "2")]).await,
        "请选择辖区内已审核通过的项目",
    );
    assert_refused(
        &publish(app, &inspector, &[("title", "t"), ("body", "b"), ("audience", "districts"), ("districts", "410302")])
            .await,
        "请选择辖区内的行政区划",
    );
    assert_refused(
        &publish(app, &inspector, &[("title", "t"), ("body", "b"), ("audience", "districts"), ("districts", "4101")])
            .await,
        "请选择辖区内的行政区划",
    );
    assert_eq!(app.scalar("SELECT COUNT(*) FROM notices").await, notices, "a refusal stores nothing");

    let id = published(app, &inspector, "辖区通知", &[("audience", "all")]).await;
    assert_eq!(app.scalar_owned(format!("SELECT COUNT(*) FROM notice_reads WHERE notice_id = {id}")).await, 1);
    let other = app.login("newsite", "Demo@12345").await;
    assert!(project_titles(app, &other).await.is_empty());

    // The whole-area regulator sees the district's notice; the district regulator not the whole area's.
    let admin = app.login("admin", "Admin@12345").await;
    assert_eq!(app.get(&format!("{DETAIL}?id={id}"), Some(&admin)).await["code"], 201);
    let whole = published(app, &admin, "全市通知", &[("audience", "all")]).await;
    let reply = app.get(&format!("{DETAIL}?id={whole}"), Some(&inspector)).await;
    assert_eq!(reply["code"], 404, "{reply}");
    assert_eq!(app.get(&format!("{READS}?id={whole}"), Some(&inspector)).await["code"], 404);
    assert_eq!(app.post(WITHDRAW, Some(&inspector), &[("id", &whole.to_string())]).await["code"], 404);
    let listed = app.get(&format!("{LIST}?limit=100"), Some(&inspector)).await;
    let ids: Vec<i64> =
        listed["data"]["list"].as_array().unwrap().iter().map(|row| row["id"].as_i64().unwrap()).collect();
    assert_eq!(ids, [id]);

    // A district with no approved project: nobody to address.
    let empty = regulator(app, "jiancha102", "410102", "inspector").await;
    assert_refused(
        &publish(app, &empty, &[("title", "t"), ("body", "b"), ("audience", "all")]).await,
        "发布范围内没有已审核通过的项目",
    );
}
both!(a_district_regulator_addresses_only_its_district);

async fn attachments_follow_the_voucher_rules_and_reach_the_audience(app: &TestApp) {
    second_district(app).await;
    let admin = app.login("admin", "Admin@12345").await;
    let demo = app.login("demo", "Demo@12345").await;
    let other = app.login("newsite", "Demo@12345").await;

    assert_refused(&app.upload(UPLOAD, Some(&admin), &[("a.exe", b"MZ\x90\0 a program")]).await, "该文件不能上传");
    let six: Vec<(&str, &[u8])> = (0..6).map(|_| ("a.png", PNG)).collect();
    assert_refused(&app.upload(UPLOAD, Some(&admin), &six).await, "当前限制选择5个文件");

    let files = uploaded(app, &admin, &[("通知附件.pdf", PDF), ("现场.png", PNG)]).await;
    let more = uploaded(app, &admin, &[("a.png", PNG), ("b.png", PNG), ("c.png", PNG), ("d.png", PNG)]).await;
    let notices = app.scalar("SELECT COUNT(*) FROM notices").await;
    let too_many = [files.clone(), more.clone()].concat().join(",");
    assert_refused(&with_attachments(app, &admin, &too_many).await, "当前限制选择5个文件");
    // A file someone else uploaded, or no upload at all, is no attachment.
    let demo_file = uploaded(app, &demo, &[("a.png", PNG)]).await;
    assert_refused(&with_attachments(app, &admin, &demo_file[0]).await, "附件无效，请重新上传");
    assert_refused(&with_attachments(app, &admin, "/uploads/../../etc/passwd").await, "附件无效，请重新上传");
    assert_eq!(app.scalar("SELECT COUNT(*) FROM notices").await, notices);

    let reply = with_attachments(app, &admin, &files.join(",")).await;
    assert_eq!(reply["code"], 201, "{reply}");
    let id = reply["data"]["id"].as_i64().unwrap().to_string();

    let listed = app.post(ATTACH_LIST, Some(&demo), &[("id", &id)]).await;
    assert_eq!(listed["code"], 201, "{listed}");
    let names: Vec<&str> =
        listed["data"].as_array().unwrap().iter().map(|file| file["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["通知附件.pdf", "现场.png"]);
    assert_eq!(listed["data"][0]["url"], files[0].as_str());
    let (content_type, bytes) = fetch(app, &files[0], Some(&demo), None).await;
    assert_eq!(content_type, "application/pdf");
    assert_eq!(bytes, PDF);
    // Another project, not addressed, cannot download the file.
    assert_eq!(app.get(&files[0], Some(&other)).await["code"], 403);
    let detail = app.get(&format!("{DETAIL}?id={id}"), Some(&admin)).await;
    assert_eq!(detail["data"]["attachments"].as_array().unwrap().len(), 2, "{detail}");
    assert_eq!(detail["data"]["attachmentCount"], 2);

    // Withdrawn: gone for the project, the file with it.
    assert_eq!(app.post(WITHDRAW, Some(&admin), &[("id", &id)]).await["code"], 201);
    assert_eq!(app.get(&files[0], Some(&demo)).await["code"], 403);
}
both!(attachments_follow_the_voucher_rules_and_reach_the_audience);

async fn the_first_read_is_recorded_once(app: &TestApp) {
    let admin = app.login("admin", "Admin@12345").await;
    let demo = app.login("demo", "Demo@12345").await;
    let number = published(app, &admin, "阅读回执", &[("audience", "projects"), ("projects", "1")]).await;
    let id = number.to_string();

    let unread = app.post(PROJECT_LIST, Some(&demo), &[("read", "0"), ("limit", "100")]).await;
    assert!(unread["data"]["list"].as_array().unwrap().iter().any(|row| row["id"] == number));
    let receipts = app.get(&format!("{READS}?id={id}"), Some(&admin)).await;
    assert_eq!(receipts["data"]["list"][0]["read"], false, "{receipts}");
    assert_eq!(receipts["data"]["list"][0]["projectName"], "郑州市金水区幸福里安置房项目");

    let count = "/builder/message/v1/Message/ajaxmessagecount";
    let bell_before = app.post(count, Some(&demo), &[]).await["data"]["count"].as_i64().unwrap();
    let opened = app.post(LOOK, Some(&demo), &[("id", &id)]).await;
    assert_eq!(opened["code"], 201, "{opened}");
    let bell_after = app.post(count, Some(&demo), &[]).await["data"]["count"].as_i64().unwrap();
    assert_eq!(bell_after, bell_before - 1, "opening the notice reads its message");
    assert_eq!(opened["data"]["read"], true);
    let first = opened["data"]["readAt"].as_str().unwrap().to_owned();
    assert_eq!(first.len(), 19);
    app.exec_owned(format!("UPDATE notice_reads SET read_at = read_at - 3600 WHERE notice_id = {id}")).await;
    let kept = app.scalar_owned(format!("SELECT read_at FROM notice_reads WHERE notice_id = {id}")).await;
    let again = app.post(LOOK, Some(&demo), &[("id", &id)]).await;
    assert_eq!(again["data"]["body"], "请各项目按时支付工资。");
    assert_eq!(
        app.scalar_owned(format!("SELECT read_at FROM notice_reads WHERE notice_id = {id}")).await,
        kept,
        "the first read is kept"
    );

    let receipts = app.get(&format!("{READS}?id={id}&read=1"), Some(&admin)).await;
    assert_eq!(receipts["data"]["total"], 1, "{receipts}");
    assert_eq!(receipts["data"]["list"][0]["reader"], "demo");
    assert_eq!(app.get(&format!("{READS}?id={id}&read=0"), Some(&admin)).await["data"]["total"], 0);
    let unread = app.post(PROJECT_LIST, Some(&demo), &[("read", "0"), ("limit", "100")]).await;
    assert!(!unread["data"]["list"].as_array().unwrap().iter().any(|row| row["id"] == number));
    let list = app.get(&format!("{LIST}?title=阅读"), Some(&admin)).await;
    assert_eq!(list["data"]["list"][0]["reads"], 1, "{list}");
}
both!(the_first_read_is_recorded_once);

async fn a_withdrawn_notice_is_gone_for_projects(app: &TestApp) {
    let admin = app.login("admin", "Admin@12345").await;
    let demo = app.login("demo", "Demo@12345").await;
    let id = published(app, &admin, "将撤回", &[("audience", "all")]).await.to_string();
    assert!(project_titles(app, &demo).await.contains(&"将撤回".to_owned()));

    let auditor = regulator(app, "shenhe", "", "auditor").await;
    let refused = app.post(WITHDRAW, Some(&auditor), &[("id", &id)]).await;
    assert_eq!(refused["code"], 403, "{refused}");
    assert_eq!(refused["message"], "当前监管账号的角色无权进行该操作");

    let reply = app.post(WITHDRAW, Some(&admin), &[("id", &id)]).await;
    assert_eq!(reply["code"], 201, "{reply}");
    assert_refused(&app.post(WITHDRAW, Some(&admin), &[("id", &id)]).await, "该通知已撤回");
    assert!(!project_titles(app, &demo).await.contains(&"将撤回".to_owned()));
    assert_eq!(app.post(LOOK, Some(&demo), &[("id", &id)]).await["code"], 404);
    assert_eq!(app.post(ATTACH_LIST, Some(&demo), &[("id", &id)]).await["code"], 404);

    let detail = app.get(&format!("{DETAIL}?id={id}"), Some(&admin)).await;
    assert_eq!(detail["data"]["status"], "withdrawn");
    assert_eq!(detail["data"]["statusLabel"], "已撤回");
    assert_eq!(detail["data"]["withdrawnBy"], "admin");
    assert_eq!(app.get(&format!("{LIST}?status=withdrawn"), Some(&admin)).await["data"]["total"], 1);
    let logged = app
        .scalar_owned(format!("SELECT COUNT(*) FROM operation_log WHERE action = '撤回通知' AND target_id = '{id}'"))
        .await;
    assert_eq!(logged, 1);
}
both!(a_withdrawn_notice_is_gone_for_projects);

async fn a_script_body_is_stored_and_answered_as_text(app: &TestApp) {
    let admin = app.login("admin", "Admin@12345").await;
    let demo = app.login("demo", "Demo@12345").await;
    let body = "<script>alert('x')</script>\n第二行 <img src=x onerror=alert(1)>";
    let reply = publish(app, &admin, &[("title", "<b>标题</b>"), ("body", body), ("audience", "all")]).await;
    let id = reply["data"]["id"].as_i64().unwrap().to_string();
    let opened = app.post(LOOK, Some(&demo), &[("id", &id)]).await;
    assert_eq!(opened["data"]["body"], body);
    assert_eq!(opened["data"]["title"], "<b>标题</b>");
    assert_eq!(app.get(&format!("{DETAIL}?id={id}"), Some(&admin)).await["data"]["body"], body);
}
both!(a_script_body_is_stored_and_answered_as_text);

async fn refusals(app: &TestApp) {
    let admin = app.login("admin", "Admin@12345").await;
    let demo = app.login("demo", "Demo@12345").await;
    let finance = app.login("finance", "Demo@12345").await;
    let auditor = regulator(app, "shenhe", "", "auditor").await;
    let notices = app.scalar("SELECT COUNT(*) FROM notices").await;
    let long_title = "字".repeat(101);
    let long_body = "字".repeat(5001);
    let cases: Vec<(Vec<(&str, &str)>, &str)> = vec![
        (vec![("body", "b"), ("audience", "all")], "请输入通知标题"),
        (vec![("title", &long_title), ("body", "b"), ("audience", "all")], "通知标题不能超过100个字"),
        (vec![("title", "t"), ("body", " "), ("audience", "all")], "请输入通知内容"),
        (vec![("title", "t"), ("body", &long_body), ("audience", "all")], "通知内容不能超过5000个字"),
        (vec![("title", "t"), ("body", "b")], "请选择发布范围"),
        (vec![("title", "t"), ("body", "b"), ("audience", "everyone")], "请选择发布范围"),
        (vec![("title", "t"), ("body", "b"), ("audience", "districts")], "请选择辖区内的行政区划"),
        (vec![("title", "t"), ("body", "b"), ("audience", "districts"), ("districts", "x")], "请选择辖区内的行政区划"),
        (
            vec![("title", "t"), ("body", "b"), ("audience", "projects"), ("projects", "abc")],
            "请选择辖区内已审核通过的项目",
        ),
        (
            vec![("title", "t"), ("body", "b"), ("audience", "projects"), ("projects", "2")],
            "请选择辖区内已审核通过的项目",
        ),
        (
            vec![("title", "t"), ("body", "b"), ("audience", "projects"), ("projects", "99999999999999999999")],
            "请选择辖区内已审核通过的项目",
        ),
    ];
    for (form, message) in cases {
        assert_refused(&publish(app, &admin, &form).await, message);
    }
    assert_eq!(app.scalar("SELECT COUNT(*) FROM notices").await, notices);

    let form = [("title", "t"), ("body", "b"), ("audience", "all")];
    let reply = publish(app, &auditor, &form).await;
    assert_eq!(reply["code"], 403, "{reply}");
    assert_eq!(reply["message"], "当前监管账号的角色无权进行该操作");
    assert_eq!(app.get(LIST, Some(&auditor)).await["code"], 201, "every regulator reads");
    let reply = publish(app, &demo, &form).await;
    assert_eq!((reply["code"].clone(), reply["message"].clone()), (403.into(), "仅监管部门账号可以发布通知".into()));
    assert_eq!(publish(app, &finance, &form).await["message"], "财务账号无权访问该功能");
    assert_eq!(app.post(PUBLISH, None, &form).await["code"], 101);
    for path in [LIST, DETAIL, READS] {
        assert_eq!(app.get(path, Some(&demo)).await["code"], 403);
        assert_eq!(app.get(path, None).await["code"], 101);
    }
    for path in [PROJECT_LIST, ATTACH_LIST, LOOK] {
        let reply = app.post(path, Some(&admin), &[("id", "1")]).await;
        assert_eq!((reply["code"].clone(), reply["message"].clone()), (403.into(), "通知公告仅供项目账号查看".into()));
        assert_eq!(app.post(path, Some(&finance), &[("id", "1")]).await["code"], 403);
        assert_eq!(app.post(path, None, &[]).await["code"], 101);
    }
    assert_refused(&app.post(LOOK, Some(&demo), &[]).await, "请选择通知");
    assert_eq!(app.post(LOOK, Some(&demo), &[("id", "-1")]).await["code"], 404);
    assert_eq!(app.post(LOOK, Some(&demo), &[("id", "99999999999999999999")]).await["code"], 404);
    assert_refused(&app.post(PROJECT_LIST, Some(&demo), &[("read", "2")]).await, "请选择正确的阅读状态");
    assert_refused(&app.post(PROJECT_LIST, Some(&demo), &[("page", "0")]).await, "页码应为正整数");
    assert_refused(&app.get(&format!("{LIST}?status=x"), Some(&admin)).await, "请选择正确的通知状态");
    assert_refused(&app.get(&format!("{LIST}?limit=101"), Some(&admin)).await, "每页条数应为1-100");
    assert_refused(&app.get(&format!("{READS}?id=1&read=x"), Some(&admin)).await, "请选择正确的阅读状态");
    assert_refused(&app.post(WITHDRAW, Some(&admin), &[]).await, "请选择通知");
    assert_eq!(app.get(&format!("{DETAIL}?id=424242"), Some(&admin)).await["code"], 404);
}
both!(refusals);

async fn the_demo_project_has_one_unread_notice(app: &TestApp) {
    let demo = app.login("demo", "Demo@12345").await;
    let unread = app.post(PROJECT_LIST, Some(&demo), &[("read", "0")]).await;
    assert_eq!(unread["data"]["total"], 1, "{unread}");
    let id = unread["data"]["list"][0]["id"].as_i64().unwrap();
    let messages = app
        .scalar_owned(format!(
            "SELECT COUNT(*) FROM messages WHERE kind = 'notice' AND subject_id = {id} AND project_id = 1"
        ))
        .await;
    assert_eq!(messages, 1);
}
both!(the_demo_project_has_one_unread_notice);
