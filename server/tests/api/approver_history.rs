//! Issue 28: who configured each approver is on record, with when and from which address, for the clerk and
//! the regulator with the project in view; an approver's ID number entered wrong is corrected by the bureau.

use serde_json::Value;

use crate::both;
use crate::support::{TestApp, assert_refused};

const BASE: &str = "/builder/project/v1/project";
const RIGHT: &str = "11010519491231002X";

async fn approver_id(app: &TestApp, token: &str, account: &str) -> String {
    let list = app.get(&format!("{BASE}/Examine?projectId=1&keyword={account}"), Some(token)).await;
    list["data"]["list"][0]["id"].as_i64().unwrap_or_else(|| panic!("{list}")).to_string()
}

fn actions(log: &Value) -> Vec<String> {
    log["data"]["list"].as_array().unwrap().iter().map(|line| line["action"].as_str().unwrap().to_owned()).collect()
}

async fn the_approvers_configuration_is_on_record_for_clerk_and_bureau(app: &TestApp) {
    let demo = app.login("demo", "Demo@12345").await;
    let created = app
        .post(
            &format!("{BASE}/Set_account"),
            Some(&demo),
            &[("account", "cw_qian"), ("name", "钱审批"), ("phone", "13911113333")],
        )
        .await;
    assert_eq!(created["code"], 201, "{created}");
    let id = approver_id(app, &demo, "cw_qian").await;
    let reset = app.post(&format!("{BASE}/Resetpassword"), Some(&demo), &[("id", &id)]).await;
    assert_eq!(reset["code"], 201, "{reset}");

    let log = app.get(&format!("{BASE}/Approverlog?page=1&limit=10"), Some(&demo)).await;
    assert_eq!(log["code"], 201, "{log}");
    assert_eq!(actions(&log)[..2], ["重置财务审批人密码", "新增财务审批人"], "newest first: {log}");
    let first = &log["data"]["list"][1];
    assert_eq!(first["actor"], "demo");
    assert_eq!(first["approver"], "钱审批（cw_qian）");
    assert!(first["time"].as_str().unwrap().len() == 19, "{first}");
    assert!(first.get("ip").is_some_and(Value::is_string), "{first}");
    assert!(!log.to_string().contains("Cw@"), "no password in the history: {log}");

    let inspector = app.login("jiancha", "Demo@12345").await;
    let seen = app.get(&format!("{BASE}/Approverlog?projectId=1"), Some(&inspector)).await;
    assert_eq!(seen["data"]["total"], log["data"]["total"], "the regulator reads the same: {seen}");
    let finance = app.login("finance", "Demo@12345").await;
    assert_eq!(app.get(&format!("{BASE}/Approverlog"), Some(&finance)).await["code"], 403);
    let other = app.login("newsite", "Demo@12345").await;
    let foreign = app.get(&format!("{BASE}/Approverlog?projectId=1"), Some(&other)).await;
    assert!(!foreign.to_string().contains("cw_qian"), "another project's clerk: {foreign}");
}
both!(the_approvers_configuration_is_on_record_for_clerk_and_bureau);

async fn only_the_bureau_corrects_an_approvers_id_number(app: &TestApp) {
    let demo = app.login("demo", "Demo@12345").await;
    let id = approver_id(app, &demo, "finance").await;
    let finance = app.login("finance", "Demo@12345").await;
    let on_file = app.get("/finance/project/v1/project/Messageinfo", Some(&finance)).await["data"]["idnumber"].clone();
    let form = [("id", id.as_str()), ("idnumber", RIGHT), ("reason", "审批人身份证号录入错误，经核对身份证原件更正")];
    let path = format!("{BASE}/Correctidnumber");

    assert_eq!(app.post(&path, Some(&demo), &form).await["code"], 403, "the clerk never");
    assert_eq!(app.post(&path, Some(&finance), &form).await["code"], 403, "nor the approver");
    let inspector = app.login("jiancha", "Demo@12345").await;
    assert_eq!(app.post(&path, Some(&inspector), &form).await["code"], 403, "a 监察 is not the role");
    let messageinfo = app.get("/finance/project/v1/project/Messageinfo", Some(&finance)).await;
    assert_eq!(messageinfo["data"]["idnumber"], on_file, "nothing changed");

    let admin = app.login("admin", "Admin@12345").await;
    assert_refused(&app.post(&path, Some(&admin), &form[..2]).await, "请填写更正原因（200字以内）");
    let bad = [form[0], ("idnumber", "110105194912310021"), form[2]];
    assert_eq!(app.post(&path, Some(&admin), &bad).await["code"], 401, "a wrong checksum");
    let done = app.post(&path, Some(&admin), &form).await;
    assert_eq!(done["code"], 201, "{done}");
    assert_eq!(done["message"], "身份证号码已更正");
    let messageinfo = app.get("/finance/project/v1/project/Messageinfo", Some(&finance)).await;
    assert_eq!(messageinfo["data"]["idnumber"], "110105********002X");
    assert_refused(&app.post(&path, Some(&admin), &form).await, "与已登记的身份证号码相同，无需更正");

    let log = app.get(&format!("{BASE}/Approverlog?projectId=1"), Some(&admin)).await;
    let line = &log["data"]["list"][0];
    assert_eq!(line["action"], "监管更正身份证号码", "{log}");
    assert_eq!(line["actor"], "admin");
    assert!(
        line["detail"]
            .as_str()
            .unwrap()
            .ends_with("→110105********002X，原因：审批人身份证号录入错误，经核对身份证原件更正"),
        "{line}"
    );
}
both!(only_the_bureau_corrects_an_approvers_id_number);
