//! Project information after approval: `Project/ajax_project_info`, `Project/ajax_edit_save` and the
//! notice board `Project/noticeBoard`.

use serde_json::Value;

use crate::both;
use crate::support::{TestApp, assert_refused};

const INFO: &str = "/builder/project/v1/Project/ajax_project_info";
const SAVE: &str = "/builder/project/v1/Project/ajax_edit_save";
const BOARD: &str = "/builder/project/v1/Project/noticeBoard";
const PASSWORD: &str = "Demo@12345";

/// The loaded stepForm as the form the save receives (arrays comma-joined).
fn as_form(step_form: &Value) -> Vec<(String, String)> {
    step_form
        .as_object()
        .expect("stepForm is an object")
        .iter()
        .map(|(key, value)| {
            let text = match value {
                Value::String(text) => text.clone(),
                Value::Array(items) => items.iter().filter_map(Value::as_str).collect::<Vec<_>>().join(","),
                other => other.to_string(),
            };
            (key.clone(), text)
        })
        .collect()
}

fn set(form: &mut [(String, String)], key: &str, value: &str) {
    form.iter_mut().find(|(k, _)| k == key).expect("field exists").1 = value.to_owned();
}

async fn post(app: &TestApp, path: &str, token: &str, form: &[(String, String)]) -> Value {
    let pairs: Vec<(&str, &str)> = form.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
    app.post(path, Some(token), &pairs).await
}

async fn loads_the_approved_project(app: &TestApp) {
    let demo = app.login("demo", PASSWORD).await;
    let reply = app.post(INFO, Some(&demo), &[]).await;
    assert_eq!(reply["code"], 201, "{reply}");
    let data = &reply["data"];
    assert_eq!(data["stepForm"]["Name"], "郑州市金水区幸福里安置房项目");
    assert_eq!(data["stepForm"]["DistrictCode"], serde_json::json!(["4101", "410105", "410105001"]));
    assert_eq!(data["auditstatus"], "2");
    assert_eq!(data["editable"], true);
    assert_eq!(
        data["readonly"],
        serde_json::json!(["Name", "DistrictCode", "ContractPrice", "DepartmentIndustryId", "EndTime", "GcProcess"])
    );
    assert_eq!(data["regulatorName"], "郑州市金水区人力资源和社会保障局");
    assert_eq!(data["regulatorPhone"], "0371-12333");
    assert!(data["project_type"].as_array().is_some_and(|list| !list.is_empty()));
    // Its own id is fine; another project's is never served.
    assert_eq!(app.post(INFO, Some(&demo), &[("projectId", "1")]).await["code"], 201);
    assert_eq!(app.post(INFO, Some(&demo), &[("projectId", "2")]).await["code"], 404);
    assert_eq!(app.post(INFO, Some(&demo), &[("projectId", "x")]).await["code"], 404);
    assert_eq!(app.post(INFO, None, &[]).await["code"], 101);
}
both!(loads_the_approved_project);

async fn the_regulator_reads_any_project_and_finance_none(app: &TestApp) {
    let admin = app.login("admin", "Admin@12345").await;
    assert_refused(&app.post(INFO, Some(&admin), &[]).await, "请选择项目");
    let reply = app.post(INFO, Some(&admin), &[("projectId", "1")]).await;
    assert_eq!(reply["data"]["editable"], false, "{reply}");
    assert_eq!(app.post(INFO, Some(&admin), &[("projectId", "999")]).await["code"], 404);
    let board = app.get(&format!("{BOARD}?projectId=1"), Some(&admin)).await;
    assert_eq!(board["data"]["projectName"], "郑州市金水区幸福里安置房项目");
    let finance = app.login("finance", PASSWORD).await;
    assert_eq!(app.post(INFO, Some(&finance), &[]).await["code"], 403);
    assert_eq!(app.get(BOARD, Some(&finance)).await["code"], 403);
    let reply = app.post(SAVE, Some(&finance), &[]).await;
    assert_eq!(reply["code"], 403);
    let reply = app.post(SAVE, Some(&admin), &[("Id", "1")]).await;
    assert_eq!(reply["code"], 403);
}
both!(the_regulator_reads_any_project_and_finance_none);

async fn saves_what_may_change_and_keeps_the_approved_fields(app: &TestApp) {
    let demo = app.login("demo", PASSWORD).await;
    let loaded = app.post(INFO, Some(&demo), &[]).await;
    let mut form = as_form(&loaded["data"]["stepForm"]);
    set(&mut form, "Address", "河南省郑州市金水区经三路88号");
    set(&mut form, "ProjectDesc", "安置房8栋，配套幼儿园1所");
    set(&mut form, "MoneySource", "2");
    set(&mut form, "Name", "改过的名字");
    set(&mut form, "ContractPrice", "1");
    set(&mut form, "GcProcess", "4");
    let reply = post(app, SAVE, &demo, &form).await;
    assert_eq!(reply["code"], 201, "{reply}");
    assert_eq!(reply["message"], "保存成功");
    let after = &app.post(INFO, Some(&demo), &[]).await["data"]["stepForm"];
    assert_eq!(after["Address"], "河南省郑州市金水区经三路88号");
    assert_eq!(after["ProjectDesc"], "安置房8栋，配套幼儿园1所");
    assert_eq!(after["MoneySource"], "2");
    assert_eq!(after["Name"], "郑州市金水区幸福里安置房项目", "approved fields keep their values");
    assert_eq!(after["ContractPrice"], loaded["data"]["stepForm"]["ContractPrice"]);
    assert_eq!(after["GcProcess"], "2");
    assert_eq!(
        app.scalar("SELECT COUNT(*) FROM projects WHERE id = 1 AND audit_status = '2' AND wizard_step = 5").await,
        1
    );
    assert_eq!(
        app.scalar("SELECT COUNT(*) FROM operation_log WHERE action = '修改项目信息' AND target_id = '1' AND detail LIKE '%Address%经三路88号%' AND detail NOT LIKE '%Name%'").await,
        1
    );
}
both!(saves_what_may_change_and_keeps_the_approved_fields);

async fn the_wizard_rules_refuse_and_nothing_changes(app: &TestApp) {
    let demo = app.login("demo", PASSWORD).await;
    let loaded = app.post(INFO, Some(&demo), &[]).await;
    let valid = as_form(&loaded["data"]["stepForm"]);
    let cases: [(&str, &str, &str); 6] = [
        ("Address", "ab", "请输入规范的地址"),
        ("selectedOptions", "", "请选择所属区域"),
        ("selectedOptions", "110105", "请选择正确的所属区域"),
        ("ProjectType", "98", "请选择正确的项目类型"),
        ("Latlng", "1,1", "中国经纬度范围为经度73.66~135.05,纬度3.86~53.55"),
        ("StartTime", "2026-03-02", "合同工期应为548天（竣工日期与开工日期相差天数加1）"),
    ];
    for (key, value, message) in cases {
        let mut form = valid.clone();
        set(&mut form, key, value);
        let reply = post(app, SAVE, &demo, &form).await;
        assert_eq!((key, &reply["message"]), (key, &Value::from(message)), "{reply}");
        assert_eq!(reply["code"], 401);
    }
    let mut form = valid.clone();
    set(&mut form, "winningtime", "2026-03-05");
    assert_refused(&post(app, SAVE, &demo, &form).await, "中标日期不得晚于合同开工日期！");
    assert_eq!(app.scalar("SELECT COUNT(*) FROM operation_log WHERE action = '修改项目信息'").await, 0);
    assert_eq!(app.post(INFO, Some(&demo), &[]).await["data"]["stepForm"], loaded["data"]["stepForm"]);
    // Another project's Id is never written.
    let mut form = valid.clone();
    set(&mut form, "Id", "2");
    assert_eq!(post(app, SAVE, &demo, &form).await["code"], 404);
}
both!(the_wizard_rules_refuse_and_nothing_changes);

async fn only_an_approved_project_saves_here(app: &TestApp) {
    let newsite = app.login("newsite", PASSWORD).await;
    let reply = app.post(INFO, Some(&newsite), &[]).await;
    assert_eq!(reply["data"]["editable"], false, "{reply}");
    assert_eq!(reply["data"]["auditstatus"], "0");
    let reply = app.post(SAVE, Some(&newsite), &[("Address", "河南省郑州市金水区经三路88号")]).await;
    assert_eq!(reply["code"], 403);
    assert_eq!(reply["message"], "项目审核通过后才能修改项目信息，审核前请在注册向导中修改");
}
both!(only_an_approved_project_saves_here);

async fn the_notice_board_shows_what_the_regulation_asks(app: &TestApp) {
    let demo = app.login("demo", PASSWORD).await;
    let reply = app.get(BOARD, Some(&demo)).await;
    assert_eq!(reply["code"], 201, "{reply}");
    let board = &reply["data"];
    assert_eq!(board["projectName"], "郑州市金水区幸福里安置房项目");
    assert_eq!(board["address"], "河南省郑州市金水区经三路与纬五路交叉口东北角");
    assert_eq!(board["district"], "郑州市金水区");
    assert_eq!(board["builder"]["name"], "郑州市金水区城市建设投资有限公司");
    assert_eq!(board["builder"]["role"], "建设单位");
    assert_eq!(board["contractor"]["name"], "河南省第一建筑工程集团有限责任公司");
    assert_eq!(board["contractor"]["leader"], "王志刚");
    assert_eq!(board["labourClerks"][0]["name"], "孙丽");
    assert_eq!(board["labourClerks"][0]["phone"], "13837100002");
    assert_eq!(board["labourClerks"][0]["unit"], "河南省第一建筑工程集团有限责任公司");
    assert_eq!(board["regulatorName"], "郑州市金水区人力资源和社会保障局");
    assert_eq!(board["regulatorPhone"], "0371-12333");
    assert_eq!(board["complaintHotline"], "12333");
    assert_eq!(board["minimumMonthlyWage"], "2100.00");
    assert_eq!(board["minimumHourlyWage"], "20.60");
    assert_eq!(board["payDay"], "每月15日");
    assert_eq!(board["subcontractors"].as_array().map(Vec::len), Some(2), "the demo's two subcontractors");
    // A subcontractor on site appears; one that left does not.
    app.exec("INSERT INTO companies (social_credit_code, name, created_at, updated_at) VALUES ('/', '郑州安装工程有限公司', 0, 0)").await;
    app.exec("INSERT INTO project_units (project_id, company_id, role, project_leader, project_leader_phone, created_at, updated_at) \
              SELECT 1, id, 'subcontractor', '周安', '13900000001', 0, 0 FROM companies WHERE name = '郑州安装工程有限公司'").await;
    app.exec(
        "INSERT INTO project_units (project_id, company_id, role, status, created_at, updated_at) \
              SELECT 1, id, 'labour', 2, 0, 0 FROM companies WHERE name = '郑州安装工程有限公司'",
    )
    .await;
    let board = &app.get(BOARD, Some(&demo)).await["data"];
    let subcontractors = board["subcontractors"].as_array().cloned().unwrap_or_default();
    assert_eq!(subcontractors.len(), 3, "{board}");
    assert!(
        subcontractors.iter().any(|unit| unit["role"] == "专业分包单位" && unit["leaderPhone"] == "13900000001"),
        "{board}"
    );
    // Without a labour clerk in post, the general contractor's labour leader is shown.
    app.exec("UPDATE project_staff SET exit_date = '2026-04-01' WHERE post = '劳资专管员'").await;
    let board = &app.get(BOARD, Some(&demo)).await["data"];
    // The same person: the demo's contractor names its labour clerk as its 劳资专管员.
    assert_eq!(board["labourClerks"][0]["name"], "孙丽");
    assert_eq!(board["labourClerks"].as_array().map(Vec::len), Some(1));
    assert_eq!(app.get(&format!("{BOARD}?projectId=2"), Some(&demo)).await["code"], 404);
}
both!(the_notice_board_shows_what_the_regulation_asks);

fn board_config(config: &mut wageguard::config::Config) {
    config.notice_board.pay_day = "每月10日".into();
    config.notice_board.regulator_phone = "0371-68889999".into();
    config.notice_board.minimum_monthly_wage_fen = 200_000;
}

async fn the_notice_board_follows_the_configuration(app: &TestApp) {
    let demo = app.login("demo", PASSWORD).await;
    let board = &app.get(BOARD, Some(&demo)).await["data"];
    assert_eq!(board["payDay"], "每月10日");
    assert_eq!(board["regulatorPhone"], "0371-68889999");
    assert_eq!(board["minimumMonthlyWage"], "2000.00");
}
both!(the_notice_board_follows_the_configuration, super::board_config);
