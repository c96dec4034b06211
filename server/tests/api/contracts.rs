//! E-contracts (issue 16 item 4): templates and their checks, a demo worker's contract generated with every
//! placeholder filled, the signed scan marking the roster line 已签, the no-contract warning closing after a
//! run, scoping (another project's line 404, the regulator reads and is refused writes) and the log lines.

use axum::body::Body;
use axum::http::Request;
use serde_json::Value;
use time::Duration;
use wageguard::contract::service::{
    MSG_BODY, MSG_BUILTIN, MSG_FILE_INVALID, MSG_FILES, MSG_NAME, MSG_NAME_TAKEN, chinese_date,
};
use wageguard::contract::template::{MSG_UNCLOSED, msg_unknown};
use wageguard::scope::MSG_ADMIN_READ_ONLY;
use wageguard::warning::engine;

use crate::both;
use crate::support::{TestApp, assert_refused, regulator};
use crate::upload::{PDF, PNG};

const PLACEHOLDERS: &str = "/builder/contract/v1/Contract/placeholders";
const TEMPLATES: &str = "/builder/contract/v1/Contract/template_list";
const SAVE: &str = "/builder/contract/v1/Contract/template_save";
const DELETE: &str = "/builder/contract/v1/Contract/template_delete";
const PREVIEW: &str = "/builder/contract/v1/Contract/preview";
const GENERATE: &str = "/builder/contract/v1/Contract/generate";
const LIST: &str = "/builder/contract/v1/Contract/ajax_list";
const DETAIL: &str = "/builder/contract/v1/Contract/detail";
const SIGN: &str = "/builder/contract/v1/Contract/sign";
const ROSTER: &str = "/builder/user/v1/Worker/list";
const WORKER: &str = "/builder/user/v1/Worker/detail";
const UPLOAD: &str = "/builder/common/v1/site/upload_file_batch";

fn data(reply: Value) -> Value {
    assert_eq!(reply["code"], 201, "{reply}");
    reply["data"].clone()
}

async fn log_lines(app: &TestApp, action: &str) -> i64 {
    app.scalar_owned(format!("SELECT COUNT(*) FROM operation_log WHERE action = '{action}'")).await
}

/// The built-in template's id (listed first).
async fn builtin(app: &TestApp, token: &str) -> String {
    let list = data(app.get(TEMPLATES, Some(token)).await);
    assert_eq!(list["list"][0]["builtin"], true);
    list["list"][0]["id"].to_string()
}

async fn templates_and_their_checks(app: &TestApp) {
    let demo = app.login("demo", "Demo@12345").await;
    let placeholders = data(app.get(PLACEHOLDERS, Some(&demo)).await);
    assert_eq!(placeholders.as_array().unwrap().len(), 18);
    assert_eq!(placeholders[0]["text"], "{{工人姓名}}");

    let list = data(app.get(TEMPLATES, Some(&demo)).await);
    assert_eq!(list["total"], 1, "the built-in template only");
    let default = &list["list"][0];
    assert_eq!(default["name"], "建筑施工劳动合同（默认范本）");
    assert!(default["body"].as_str().unwrap().contains("{{工人姓名}}"));
    let builtin_id = default["id"].to_string();

    let body = "劳务合同\n甲方：{{用工单位}}\n乙方：{{工人姓名}}（{{身份证号}}），{{计薪方式}}{{工资标准}}元";
    for (form, message) in [
        (vec![("name", ""), ("body", body)], MSG_NAME.to_owned()),
        (vec![("name", "劳务合同"), ("body", " ")], MSG_BODY.to_owned()),
        (vec![("name", "劳务合同"), ("body", "乙方：{{工人名字}}")], msg_unknown("工人名字")),
        (vec![("name", "劳务合同"), ("body", "乙方：{{工人姓名")], MSG_UNCLOSED.to_owned()),
        (vec![("name", "建筑施工劳动合同（默认范本）"), ("body", body)], MSG_NAME_TAKEN.to_owned()),
        (vec![("id", builtin_id.as_str()), ("name", "改默认"), ("body", body)], MSG_BUILTIN.to_owned()),
    ] {
        assert_refused(&app.post(SAVE, Some(&demo), &form).await, &message);
    }
    assert_eq!(app.scalar("SELECT COUNT(*) FROM contract_templates").await, 1, "refusals change nothing");
    assert_eq!(msg_unknown("工人名字"), "合同正文中有未知的占位符“{{工人名字}}”，请从占位符列表中选择");

    let saved = data(app.post(SAVE, Some(&demo), &[("name", "劳务合同"), ("body", body)]).await);
    assert_eq!(saved["version"], 1);
    let id = saved["id"].to_string();
    let again = data(app.post(SAVE, Some(&demo), &[("id", &id), ("name", "劳务合同（二）"), ("body", body)]).await);
    assert_eq!(again["version"], 2);
    let list = data(app.get(TEMPLATES, Some(&demo)).await);
    assert_eq!(list["total"], 2);
    assert_eq!(list["list"][1]["name"], "劳务合同（二）");
    assert_eq!(data(app.get(&format!("{TEMPLATES}?name=%E4%BA%8C"), Some(&demo)).await)["total"], 1);

    let preview = data(app.post(PREVIEW, Some(&demo), &[("body", body)]).await);
    assert_eq!(
        preview["text"],
        "劳务合同\n甲方：示例建筑劳务有限公司\n乙方：张建国（110101199003074514），日薪350.00元"
    );
    assert_refused(&app.post(PREVIEW, Some(&demo), &[("body", "{{x}}")]).await, &msg_unknown("x"));

    assert_refused(&app.post(DELETE, Some(&demo), &[("id", &builtin_id)]).await, MSG_BUILTIN);
    assert_eq!(app.post(DELETE, Some(&demo), &[("id", "999")]).await["code"], 404);
    data(app.post(DELETE, Some(&demo), &[("id", &id)]).await);
    assert_eq!(data(app.get(TEMPLATES, Some(&demo)).await)["total"], 1);
    for action in ["新增合同模板", "修改合同模板", "删除合同模板"] {
        assert_eq!(log_lines(app, action).await, 1, "{action}");
    }
}
both!(templates_and_their_checks);

/// An on-site demo worker without a contract: (roster line id, worker id).
async fn unsigned_worker(app: &TestApp, token: &str) -> (i64, i64) {
    let roster = data(app.get(&format!("{ROSTER}?contract=0&status=1&limit=1"), Some(token)).await);
    let line = &roster["list"][0];
    assert_eq!(line["contractSigned"], false, "{line}");
    (line["id"].as_i64().unwrap(), line["workerId"].as_i64().unwrap())
}

async fn upload(app: &TestApp, token: &str, kind: &str, file: (&str, &[u8])) -> String {
    let reply = app.upload(&format!("{UPLOAD}?kind={kind}"), Some(token), &[file]).await;
    data(reply)[0].as_str().unwrap().to_owned()
}

async fn generated_signed_and_on_the_roster(app: &TestApp) {
    let demo = app.login("demo", "Demo@12345").await;
    let (employment, worker) = unsigned_worker(app, &demo).await;
    app.exec_owned(format!(
        "UPDATE teams SET leader_name = '赵班长', leader_phone = '13900001111' \
         WHERE id = (SELECT team_id FROM employments WHERE id = {employment})"
    ))
    .await;
    app.exec_owned(format!(
        "UPDATE employments SET wage_fen = 38567, contract_start = '2026-03-02', contract_end = '' WHERE id = {employment}"
    ))
    .await;
    let person = data(app.get(&format!("{WORKER}?id={employment}"), Some(&demo)).await);
    let template = builtin(app, &demo).await;
    let contract = data(
        app.post(GENERATE, Some(&demo), &[("employmentId", &employment.to_string()), ("templateId", &template)]).await,
    );
    let text = contract["text"].as_str().unwrap();
    assert!(!text.contains("{{") && !text.contains("}}"), "every placeholder filled: {text}");
    for expected in [
        format!("乙方（劳动者）：{}　性别：{}", person["name"].as_str().unwrap(), person["gender"].as_str().unwrap()),
        format!("身份证号码：{}", person["idNumber"].as_str().unwrap()),
        format!("甲方（用人单位）：{}", person["unitName"].as_str().unwrap()),
        format!("从事{}工作，编入{}", person["workTypeLabel"].as_str().unwrap(), person["teamName"].as_str().unwrap()),
        "工资标准为日薪385.67元".to_owned(),
        "每月发薪日为每月15日".to_owned(),
        "期限自2026年3月2日起至本工程完工之日止".to_owned(),
        format!("乙方于{}进场", chinese_date(person["entryDate"].as_str().unwrap())),
        "班组长（劳务负责人）：赵班长　联系电话：13900001111".to_owned(),
        format!("签订日期：{}", chinese_date(&wageguard::clock::today())),
    ] {
        assert!(text.contains(&expected), "{expected} in {text}");
    }
    assert!(person["idNumber"].as_str().unwrap().len() == 18, "the full number, not the masked one");
    assert_eq!(contract["status"], "generated");
    assert_eq!(contract["templateVersion"], 1);
    let fields = contract["fields"].as_array().unwrap();
    assert_eq!(fields.len(), 18);
    assert!(fields.iter().any(|field| field["name"] == "工资标准" && field["value"] == "385.67"));
    let project = fields.iter().find(|field| field["name"] == "项目名称").unwrap()["value"].as_str().unwrap();
    assert!(!project.is_empty() && text.contains(&format!("工程项目：{project}")), "{text}");
    let id = contract["id"].to_string();

    // What was printed stays: a later change of the wage leaves the stored text.
    app.exec_owned(format!("UPDATE employments SET wage_fen = 1 WHERE id = {employment}")).await;
    assert_eq!(data(app.get(&format!("{DETAIL}?id={id}"), Some(&demo)).await)["text"], text);

    // The signed scan: images or pdf uploaded by the project as attachments.
    let avatar = upload(app, &demo, "avatar", ("id.png", PNG)).await;
    for (files, message) in [
        (String::new(), MSG_FILES),
        (avatar, MSG_FILE_INVALID),
        ("/uploads/0123456789abcdef0123456789abcdef.png".to_owned(), MSG_FILE_INVALID),
        ("http://elsewhere/x.png".to_owned(), MSG_FILE_INVALID),
    ] {
        assert_refused(&app.post(SIGN, Some(&demo), &[("id", &id), ("files", &files)]).await, message);
    }
    assert_eq!(
        app.scalar_owned(format!("SELECT COUNT(*) FROM employments WHERE id = {employment} AND contract_signed")).await,
        0
    );
    let page = upload(app, &demo, "attachment", ("第1页.png", PNG)).await;
    let pdf = upload(app, &demo, "attachment", ("合同.pdf", PDF)).await;
    let signed = data(app.post(SIGN, Some(&demo), &[("id", &id), ("files", &format!("{page},{pdf}"))]).await);
    assert_eq!(signed["status"], "signed");
    assert_eq!(signed["statusLabel"], "已签");
    assert_eq!(signed["files"][0]["url"], page.as_str());
    assert_eq!(signed["files"][1]["name"], "合同.pdf");

    let roster = data(app.get(&format!("{ROSTER}?contract=1&limit=100"), Some(&demo)).await);
    let line =
        roster["list"].as_array().unwrap().iter().find(|line| line["id"] == employment).expect("on 已签").clone();
    assert_eq!(line["contractSigned"], true);
    let unsigned = data(app.get(&format!("{ROSTER}?contract=0&limit=100"), Some(&demo)).await);
    assert!(unsigned["list"].as_array().unwrap().iter().all(|line| line["id"] != employment));
    assert_refused(&app.get(&format!("{ROSTER}?contract=2"), Some(&demo)).await, "请选择正确的合同签订状态");
    let person = data(app.get(&format!("{WORKER}?id={employment}"), Some(&demo)).await);
    assert_eq!(person["contractFile"], page.as_str());

    let mine = data(app.get(&format!("{LIST}?employmentId={employment}"), Some(&demo)).await);
    assert_eq!(mine["total"], 1);
    assert_eq!(mine["list"][0]["workerId"], worker);
    assert_eq!(data(app.get(&format!("{LIST}?status=signed"), Some(&demo)).await)["total"], 1);
    for action in ["生成劳动合同", "上传已签合同", "劳动合同签订"] {
        assert_eq!(log_lines(app, action).await, 1, "{action}");
    }
    let exported = wageguard::contract::service::export_tables(&app.db, 1).await.unwrap();
    assert_eq!(exported[0].data.rows.len(), 1);
    assert_eq!(exported[0].uploads.len(), 2, "the signed scan's files go into the export");
    let text_column = exported[0].data.columns.iter().position(|name| name == "合同正文").unwrap();
    assert_eq!(exported[0].data.rows[0][text_column], text);
}
both!(generated_signed_and_on_the_roster);

async fn the_warning_closes_once_signed(app: &TestApp) {
    let demo = app.login("demo", "Demo@12345").await;
    let (employment, worker) = unsigned_worker(app, &demo).await;
    let today = wageguard::clock::china_today();
    let long_ago = wageguard::domain::dates::format_date(today - Duration::days(45));
    app.exec_owned(format!("UPDATE employments SET entry_date = '{long_ago}' WHERE id = {employment}")).await;
    let open = format!(
        "SELECT COUNT(*) FROM warnings WHERE project_id = 1 AND rule = 'no_contract' AND status = 'open' \
         AND subject_id = {worker}"
    );
    engine::run(&app.db, &app.config.warnings, today).await.unwrap();
    assert_eq!(app.scalar_owned(open.clone()).await, 1);

    let template = builtin(app, &demo).await;
    let contract = data(
        app.post(GENERATE, Some(&demo), &[("employmentId", &employment.to_string()), ("templateId", &template)]).await,
    );
    let scan = upload(app, &demo, "attachment", ("scan.png", PNG)).await;
    data(app.post(SIGN, Some(&demo), &[("id", &contract["id"].to_string()), ("files", &scan)]).await);
    engine::run(&app.db, &app.config.warnings, today).await.unwrap();
    assert_eq!(app.scalar_owned(open).await, 0, "closed by the run after the signing");
}
both!(the_warning_closes_once_signed);

async fn fetch_file(app: &TestApp, url: &str, token: &str) -> (u16, Value) {
    app.send(Request::get(url).header("X-Token", token).body(Body::empty()).unwrap()).await
}

async fn scoping(app: &TestApp) {
    let demo = app.login("demo", "Demo@12345").await;
    let (employment, _) = unsigned_worker(app, &demo).await;
    let template = builtin(app, &demo).await;
    let contract = data(
        app.post(GENERATE, Some(&demo), &[("employmentId", &employment.to_string()), ("templateId", &template)]).await,
    );
    let id = contract["id"].to_string();
    let scan = upload(app, &demo, "attachment", ("scan.png", PNG)).await;
    data(app.post(SIGN, Some(&demo), &[("id", &id), ("files", &scan)]).await);

    // Another project's roster line and contract are unknown here.
    app.exec(
        "INSERT INTO projects (name, audit_status, district_code, created_at) VALUES ('中原区另一项目', '2', '4101,410102', 0)",
    )
    .await;
    let other = app.scalar("SELECT MAX(id) FROM projects").await;
    app.exec_owned(format!(
        "INSERT INTO employments (project_id, worker_id, unit_id, entry_date, status, created_at, updated_at) \
         SELECT {other}, worker_id, unit_id, '2026-01-05', 1, 0, 0 FROM employments WHERE id = {employment}"
    ))
    .await;
    let foreign = app.scalar_owned(format!("SELECT id FROM employments WHERE project_id = {other}")).await;
    let reply =
        app.post(GENERATE, Some(&demo), &[("employmentId", &foreign.to_string()), ("templateId", &template)]).await;
    assert_eq!(reply["code"], 404, "{reply}");
    assert_eq!(app.get(&format!("{LIST}?projectId={other}"), Some(&demo)).await["code"], 404);
    app.exec_owned(format!(
        "INSERT INTO contract_templates (project_id, name, body, builtin, version, created_at, updated_at) \
         VALUES ({other}, '别的项目的模板', '{{{{工人姓名}}}}', FALSE, 1, 0, 0)"
    ))
    .await;
    let foreign_template =
        app.scalar_owned(format!("SELECT id FROM contract_templates WHERE project_id = {other}")).await;
    let reply = app
        .post(
            GENERATE,
            Some(&demo),
            &[("employmentId", &employment.to_string()), ("templateId", &foreign_template.to_string())],
        )
        .await;
    assert_eq!(reply["code"], 404, "{reply}");
    assert_eq!(data(app.get(TEMPLATES, Some(&demo)).await)["total"], 1, "not another project's template");

    // The county's regulator reads the project's contracts and their scans, and changes nothing.
    let inspector = regulator(app, "jiancha2", "410105", "inspector").await;
    let listed = data(app.get(&format!("{LIST}?projectId=1"), Some(&inspector)).await);
    assert_eq!(listed["total"], 1);
    assert_eq!(
        data(app.get(&format!("{DETAIL}?projectId=1&id={id}"), Some(&inspector)).await)["text"],
        contract["text"]
    );
    assert_eq!(data(app.get(&format!("{TEMPLATES}?projectId=1"), Some(&inspector)).await)["total"], 1);
    let (status, body) = fetch_file(app, &scan, &inspector).await;
    assert_eq!(status, 200);
    assert!(body.get("code").is_none(), "the file itself: {body}");
    for (path, form) in [
        (GENERATE, vec![("employmentId", employment.to_string()), ("templateId", template.clone())]),
        (SIGN, vec![("id", id.clone()), ("files", scan.clone())]),
        (SAVE, vec![("name", "x".to_owned()), ("body", "{{工人姓名}}".to_owned())]),
        (DELETE, vec![("id", template.clone())]),
    ] {
        let form: Vec<(&str, &str)> = form.iter().map(|(name, value)| (*name, value.as_str())).collect();
        let reply = app.post(path, Some(&inspector), &form).await;
        assert_eq!(reply["code"], 403, "{path}: {reply}");
        assert_eq!(reply["message"], MSG_ADMIN_READ_ONLY);
    }
    let elsewhere = regulator(app, "jiancha3", "410102", "inspector").await;
    assert_eq!(app.get(&format!("{LIST}?projectId=1"), Some(&elsewhere)).await["code"], 404);
    assert_eq!(app.get(&format!("{DETAIL}?projectId=1&id={id}"), Some(&elsewhere)).await["code"], 404);
    let (_, refused) = fetch_file(app, &scan, &elsewhere).await;
    assert_eq!(refused["code"], 403);

    let finance = app.login("finance", "Demo@12345").await;
    assert_eq!(app.get(&format!("{LIST}?projectId=1"), Some(&finance)).await["code"], 403);
    assert_eq!(app.post(PREVIEW, Some(&finance), &[("body", "x")]).await["code"], 403);
    assert_eq!(app.get(PLACEHOLDERS, Some(&finance)).await["code"], 403);
}
both!(scoping);
