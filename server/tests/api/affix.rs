//! Payment vouchers per month and unit.

use serde_json::Value;

use crate::both;
use crate::support::{TestApp, assert_refused};

const LIST: &str = "/builder/affix/v1/Affix/list";
const DETAIL: &str = "/builder/affix/v1/Affix/detail";
const SAVE: &str = "/builder/affix/v1/Affix/save";
const DELETE: &str = "/builder/affix/v1/Affix/delete";
const UPLOAD: &str = "/builder/common/v1/site/upload_file_batch?kind=voucher";
const PNG: &[u8] = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x01\0\0\0\x01\x08\x06\0\0\0\x1f\x15\xc4\x89\0\0\0\rIDATx\x9cc\xf8\x0f\x00\x00\x01\x01\x00\x05\x18\xd8N\0\0\0\0IEND\xaeB`\x82";
const PDF: &[u8] = b"%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n";

fn this_month() -> String {
    wageguard::clock::today()[..7].to_owned()
}

/// The last month that is over: the newest one vouchers are due for.
fn last_month() -> String {
    let today = wageguard::clock::china_today();
    let last = today.replace_day(1).unwrap().previous_day().unwrap();
    format!("{:04}-{:02}", last.year(), last.month() as u8)
}

/// The general contractor, entered long ago (vouchers are due from the month a unit entered).
async fn contractor(app: &TestApp) -> String {
    app.exec("UPDATE project_units SET entry_date = '2020-01-01' WHERE role = 'contractor'").await;
    app.scalar("SELECT pu.company_id FROM project_units pu JOIN accounts a ON a.project_id = pu.project_id WHERE a.username = 'demo' AND pu.role = 'contractor'")
        .await
        .to_string()
}

async fn upload(app: &TestApp, token: &str, files: &[(&str, &[u8])]) -> Vec<String> {
    let reply = app.upload(UPLOAD, Some(token), files).await;
    assert_eq!(reply["code"], 201, "{reply}");
    reply["data"].as_array().unwrap().iter().map(|url| url.as_str().unwrap().to_owned()).collect()
}

async fn save(app: &TestApp, token: &str, month: &str, company: &str, category: &str, urls: &[String]) -> Value {
    app.post(
        SAVE,
        Some(token),
        &[("belongdate", month), ("companyid", company), ("category", category), ("urls", &urls.join(","))],
    )
    .await
}

async fn vouchers_complete_a_month_of_a_unit(app: &TestApp) {
    let demo = app.login("demo", "Demo@12345").await;
    let month = last_month();
    let company = contractor(app).await;
    let year = &month[..4];
    let list = app.get(&format!("{LIST}?companyid={company}&year={year}"), Some(&demo)).await;
    assert_eq!(list["code"], 201, "{list}");
    let months: i64 = month[5..].parse().unwrap();
    assert_eq!(list["data"]["total"], months, "one line per month that is over this year");
    assert_eq!(list["data"]["list"][0]["belongdate"], month.as_str());
    assert_eq!(list["data"]["list"][0]["complete"], 0);
    let all_units = app.get(&format!("{LIST}?limit=100&year={year}"), Some(&demo)).await;
    let units = app.scalar("SELECT COUNT(*) FROM project_units pu JOIN accounts a ON a.project_id = pu.project_id WHERE a.username = 'demo' AND pu.role <> 'builder'").await;
    assert!(all_units["data"]["total"].as_i64().unwrap() <= months * units);

    let receipts = upload(app, &demo, &[("回单1.png", PNG), ("回单2.pdf", PDF)]).await;
    let saved = save(app, &demo, &month, &company, "receipt", &receipts).await;
    assert_eq!(saved["code"], 201, "{saved}");
    assert_eq!(saved["data"].as_array().unwrap().len(), 2);
    let sheet = upload(app, &demo, &[("工资表签字版.pdf", PDF)]).await;
    assert_eq!(save(app, &demo, &month, &company, "wage_sheet", &sheet).await["code"], 201);
    assert_eq!(app.scalar("SELECT COUNT(*) FROM operation_log WHERE action = '上传凭证'").await, 2);

    let line = &app.get(&format!("{LIST}?companyid={company}&year={year}"), Some(&demo)).await["data"]["list"][0];
    assert_eq!(line["receipts"], 2, "{line}");
    assert_eq!(line["wageSheets"], 1);
    assert_eq!(line["complete"], 1);
    let detail = app.get(&format!("{DETAIL}?belongdate={month}&companyid={company}"), Some(&demo)).await;
    assert_eq!(detail["data"]["complete"], 1, "{detail}");
    assert_eq!(detail["data"]["editable"], true);
    let files = detail["data"]["files"].as_array().unwrap();
    assert_eq!(files.len(), 3);
    assert!(files.iter().any(|f| f["name"] == "工资表签字版.pdf" && f["categoryLabel"] == "工人签字确认的工资表"));
    assert_eq!(files[0]["uploader"], "张建国");

    let receipt_id = files.iter().find(|f| f["category"] == "receipt").unwrap()["id"].as_i64().unwrap().to_string();
    assert_eq!(app.post(DELETE, Some(&demo), &[("id", &receipt_id)]).await["code"], 201);
    assert_eq!(app.post(DELETE, Some(&demo), &[("id", &receipt_id)]).await["code"], 404);
    assert_eq!(app.scalar("SELECT COUNT(*) FROM operation_log WHERE action = '删除凭证'").await, 1);
    let after = app.get(&format!("{DETAIL}?belongdate={month}&companyid={company}"), Some(&demo)).await;
    assert_eq!(after["data"]["files"].as_array().unwrap().len(), 2);
}
both!(vouchers_complete_a_month_of_a_unit);

async fn voucher_rules_refuse_and_change_nothing(app: &TestApp) {
    let demo = app.login("demo", "Demo@12345").await;
    let month = last_month();
    let company = contractor(app).await;
    let exe = app.upload(UPLOAD, Some(&demo), &[("run.exe", b"MZ\x90\0")]).await;
    assert_refused(&exe, "该文件不能上传");
    let six: Vec<(&str, &[u8])> = (0..6).map(|_| ("a.png", PNG)).collect();
    assert_refused(&app.upload(UPLOAD, Some(&demo), &six).await, "当前限制选择5个文件");
    let big = vec![b'%'; 5 * 1024 * 1024 + 1];
    assert_refused(&app.upload(UPLOAD, Some(&demo), &[("big.pdf", &big)]).await, "上传文件大小不能超过 5MB!");

    let five =
        upload(app, &demo, &[("1.png", PNG), ("2.png", PNG), ("3.png", PNG), ("4.png", PNG), ("5.png", PNG)]).await;
    assert_eq!(save(app, &demo, &month, &company, "other", &five).await["code"], 201);
    let sixth = upload(app, &demo, &[("6.png", PNG)]).await;
    assert_refused(&save(app, &demo, &month, &company, "other", &sixth).await, "当前限制选择5个文件");
    assert_refused(&save(app, &demo, &month, &company, "receipt", &five[..1]).await, "该文件已登记为凭证");
    let image =
        app.upload("/builder/common/v1/site/upload_file_batch?kind=image", Some(&demo), &[("p.png", PNG)]).await;
    let image_url = image["data"][0].as_str().unwrap().to_owned();
    assert_refused(&save(app, &demo, &month, &company, "receipt", &[image_url]).await, "凭证文件无效，请重新上传");
    assert_refused(
        &save(app, &demo, &month, &company, "receipt", &["/uploads/../../etc/passwd".into()]).await,
        "凭证文件无效，请重新上传",
    );
    assert_refused(&save(app, &demo, &month, &company, "receipt", &[]).await, "请上传凭证文件");
    assert_refused(&save(app, &demo, &month, &company, "invoice", &sixth).await, "请选择凭证类型");
    assert_refused(&save(app, &demo, "2999-01", &company, "receipt", &sixth).await, "凭证月份不能晚于本月");
    assert_refused(
        &save(app, &demo, &this_month(), &company, "receipt", &sixth).await,
        "本月工资尚未发放，请在下月上传本月凭证",
    );
    assert_refused(&save(app, &demo, "2019-12", &company, "receipt", &sixth).await, "凭证月份不能早于该单位进场的月份");
    assert_refused(&save(app, &demo, "2026-13", &company, "receipt", &sixth).await, "请选择正确的凭证月份");
    assert_refused(&save(app, &demo, &month, "", "receipt", &sixth).await, "请选择所属单位");
    assert_eq!(save(app, &demo, &month, "99999", "receipt", &sixth).await["code"], 404);
    assert_refused(&app.get(&format!("{LIST}?year=1999"), Some(&demo)).await, "请选择正确的年份");
    assert_refused(&app.post(DELETE, Some(&demo), &[("id", "x")]).await, "参数id格式错误");
    assert_eq!(app.scalar("SELECT COUNT(*) FROM vouchers").await, 5);
}
both!(voucher_rules_refuse_and_change_nothing);

async fn vouchers_are_scoped(app: &TestApp) {
    let demo = app.login("demo", "Demo@12345").await;
    let newsite = app.login("newsite", "Demo@12345").await;
    let admin = app.login("admin", "Admin@12345").await;
    let finance = app.login("finance", "Demo@12345").await;
    let month = last_month();
    let company = contractor(app).await;
    let urls = upload(app, &demo, &[("回单.png", PNG)]).await;
    let id = save(app, &demo, &month, &company, "receipt", &urls).await["data"][0].as_i64().unwrap().to_string();

    assert_eq!(app.get(&format!("{DETAIL}?belongdate={month}&companyid={company}"), Some(&newsite)).await["code"], 404);
    assert_eq!(app.post(DELETE, Some(&newsite), &[("id", &id)]).await["code"], 404);
    assert_eq!(save(app, &newsite, &month, &company, "receipt", &urls).await["code"], 404);
    let their_upload = upload(app, &newsite, &[("x.png", PNG)]).await;
    assert_refused(&save(app, &demo, &month, &company, "wage_sheet", &their_upload).await, "凭证文件无效，请重新上传");
    assert_eq!(app.get(LIST, Some(&finance)).await["code"], 403);
    assert_eq!(app.post(DELETE, Some(&admin), &[("id", &id)]).await["code"], 403);
    assert_refused(&app.get(LIST, Some(&admin)).await, "请选择项目");
    let project = app.scalar("SELECT project_id FROM accounts WHERE username = 'demo'").await;
    let seen =
        app.get(&format!("{DETAIL}?belongdate={month}&companyid={company}&projectId={project}"), Some(&admin)).await;
    assert_eq!(seen["data"]["files"].as_array().unwrap().len(), 1, "{seen}");
    assert_eq!(seen["data"]["editable"], false);
    assert_eq!(app.scalar("SELECT COUNT(*) FROM vouchers").await, 1);
}
both!(vouchers_are_scoped);

async fn vouchers_are_due_from_entry_to_last_month(app: &TestApp) {
    let demo = app.login("demo", "Demo@12345").await;
    let company = contractor(app).await;
    app.exec("UPDATE project_units SET entry_date = '2025-11-20' WHERE role = 'contractor'").await;
    let lines = app.get(&format!("{LIST}?companyid={company}&year=2025"), Some(&demo)).await;
    let months: Vec<&str> =
        lines["data"]["list"].as_array().unwrap().iter().map(|line| line["belongdate"].as_str().unwrap()).collect();
    assert_eq!(months, ["2025-12", "2025-11"], "nothing before the month the unit entered");
    let now = app.get(&format!("{LIST}?companyid={company}"), Some(&demo)).await;
    let shown: Vec<&str> =
        now["data"]["list"].as_array().unwrap().iter().map(|line| line["belongdate"].as_str().unwrap()).collect();
    assert!(!shown.contains(&this_month().as_str()), "the running month is not due: {shown:?}");
    if this_month() != format!("{}-01", &this_month()[..4]) {
        assert_eq!(shown.first().copied(), Some(last_month().as_str()));
    }
    let running = app.get(&format!("{DETAIL}?belongdate={}&companyid={company}", this_month()), Some(&demo)).await;
    assert_eq!(
        (&running["data"]["editable"], &running["data"]["due"]),
        (&Value::Bool(false), &Value::Bool(false)),
        "{running}"
    );
    let before = app.get(&format!("{DETAIL}?belongdate=2025-10&companyid={company}"), Some(&demo)).await;
    assert_eq!(
        (&before["data"]["editable"], &before["data"]["due"]),
        (&Value::Bool(false), &Value::Bool(false)),
        "{before}"
    );
    let urls = upload(app, &demo, &[("回单.png", PNG)]).await;
    assert_refused(&save(app, &demo, "2025-10", &company, "receipt", &urls).await, "凭证月份不能早于该单位进场的月份");
    assert_eq!(save(app, &demo, "2025-11", &company, "receipt", &urls).await["code"], 201);
    assert_eq!(app.scalar("SELECT COUNT(*) FROM vouchers").await, 1);
}
both!(vouchers_are_due_from_entry_to_last_month);
