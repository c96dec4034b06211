//! Registration wizard step 1: `Site/projectEdit` and `Site/ajaxProjectEdit`.

use serde_json::Value;

use crate::both;
use crate::support::{TestApp, assert_refused};

const LOAD: &str = "/builder/common/v1/Site/projectEdit";
const SAVE: &str = "/builder/common/v1/Site/ajaxProjectEdit";
const PASSWORD: &str = "Demo@12345";

/// A complete, valid step 1 for the demo draft project (site area 4101 郑州市).
fn valid_form() -> Vec<(&'static str, String)> {
    [
        ("Name", "郑州市金水区花园路小学改扩建工程"),
        ("ProjectType", "1"),
        ("MoneySource", "1"),
        ("DepartmentIndustryId", "1"),
        ("DistrictCode", "4101,410105,410105002"),
        ("DistrictCcode", "410105002"),
        ("selectedOptions", "410105,410105002"),
        ("Address", "河南省郑州市金水区花园路88号"),
        ("Latlng", "34.7866,113.6781"),
        ("ContractPrice", "12345.678901"),
        ("StartTime", "2026-03-01"),
        ("completiondate", "2027-02-28"),
        ("EndTime", "365"),
        ("GcProcess", "2"),
        ("ProjectDesc", "  教学楼两栋、风雨操场一座  "),
        ("tendertime", "2026-01-10"),
        ("winningtime", "2026-02-01"),
        ("region", ""),
    ]
    .into_iter()
    .map(|(key, value)| (key, value.to_owned()))
    .collect()
}

fn with(changes: &[(&'static str, &str)]) -> Vec<(&'static str, String)> {
    let mut form = valid_form();
    for (key, value) in changes {
        form.retain(|(existing, _)| existing != key);
        form.push((key, (*value).to_owned()));
    }
    form
}

async fn save(app: &TestApp, token: &str, form: &[(&'static str, String)]) -> Value {
    let pairs: Vec<(&str, &str)> = form.iter().map(|(key, value)| (*key, value.as_str())).collect();
    app.post(SAVE, Some(token), &pairs).await
}

async fn load(app: &TestApp, token: &str) -> Value {
    let reply = app.get(LOAD, Some(token)).await;
    assert_eq!(reply["code"], 201, "{reply}");
    reply["data"].clone()
}

fn labels(list: &Value) -> Vec<&str> {
    list.as_array().expect("an option list").iter().map(|o| o["label"].as_str().expect("label")).collect()
}

async fn a_new_site_loads_an_empty_form_with_the_option_lists(app: &TestApp) {
    let token = app.login("newsite", PASSWORD).await;
    let data = load(app, &token).await;
    let form = &data["stepForm"];
    assert!(form["Id"].as_i64().is_some(), "{data}");
    for field in [
        "Name",
        "ProjectType",
        "MoneySource",
        "DepartmentIndustryId",
        "DistrictCcode",
        "Address",
        "Latlng",
        "ContractPrice",
        "StartTime",
        "completiondate",
        "EndTime",
        "GcProcess",
        "ProjectDesc",
        "tendertime",
        "winningtime",
        "region",
    ] {
        assert_eq!(form[field], "", "{field} is empty: {data}");
    }
    assert_eq!(form["DistrictCode"], serde_json::json!([]));
    assert_eq!(form["selectedOptions"], serde_json::json!([]));
    assert_eq!(data["auditremark"], "");
    assert_eq!(data["auditstatus"], "0");
    assert_eq!(data["editable"], true);
    assert_eq!(data["wizard_step"], 1);
    assert_eq!(data["readonly"], serde_json::json!([]));
    assert!(labels(&data["project_type"]).contains(&"房屋建筑工程"));
    assert!(labels(&data["money_source_list"]).contains(&"政府投资"));
    assert!(labels(&data["industry_department_list"]).contains(&"住建部门"));
    assert!(labels(&data["company_type"]).contains(&"劳务分包"));
    assert_eq!(labels(&data["gcprocess_arr"]), ["未开工", "在建", "停工", "竣工"]);
}
both!(a_new_site_loads_an_empty_form_with_the_option_lists);

async fn a_valid_save_round_trips_and_moves_to_step_two(app: &TestApp) {
    let token = app.login("newsite", PASSWORD).await;
    let reply = save(app, &token, &valid_form()).await;
    assert_eq!(reply["code"], 201, "{reply}");
    assert_eq!(reply["message"], "操作成功!");
    let data = load(app, &token).await;
    let form = &data["stepForm"];
    assert_eq!(form["Name"], "郑州市金水区花园路小学改扩建工程");
    assert_eq!(form["ProjectType"], "1");
    assert_eq!(form["MoneySource"], "1");
    assert_eq!(form["DepartmentIndustryId"], "1");
    assert_eq!(form["DistrictCode"], serde_json::json!(["4101", "410105", "410105002"]));
    assert_eq!(form["DistrictCcode"], "410105002");
    assert_eq!(form["selectedOptions"], serde_json::json!(["410105", "410105002"]));
    assert_eq!(form["Address"], "河南省郑州市金水区花园路88号");
    assert_eq!(form["Latlng"], "34.7866,113.6781");
    assert_eq!(form["ContractPrice"], "12345.678901");
    assert_eq!(form["StartTime"], "2026-03-01");
    assert_eq!(form["completiondate"], "2027-02-28");
    assert_eq!(form["EndTime"], "365");
    assert_eq!(form["GcProcess"], "2");
    assert_eq!(form["ProjectDesc"], "教学楼两栋、风雨操场一座", "trimmed");
    assert_eq!(form["tendertime"], "2026-01-10");
    assert_eq!(form["winningtime"], "2026-02-01");
    assert_eq!(data["wizard_step"], 2);
    assert_eq!(
        app.scalar("SELECT contract_price_fen FROM projects WHERE name = '郑州市金水区花园路小学改扩建工程'").await,
        12_345_678_901
    );

    // The operation log has the line, with the before/after summary.
    assert_eq!(
        app.scalar("SELECT COUNT(*) FROM operation_log WHERE action = '保存项目信息' AND target_type = 'project'")
            .await,
        1
    );
    assert_eq!(
        app.scalar("SELECT COUNT(*) FROM operation_log WHERE action = '保存项目信息' AND account_name = 'newsite' AND detail LIKE '%ContractPrice: \"\" → \"12345.678901\"%'").await,
        1
    );

    // DistrictCcode may be left out (derived), or sent in the 12-digit form; a second save logs again.
    let reply = save(app, &token, &with(&[("DistrictCcode", ""), ("ContractPrice", "0.000001")])).await;
    assert_eq!(reply["code"], 201, "{reply}");
    let again = load(app, &token).await;
    assert_eq!(again["stepForm"]["DistrictCcode"], "410105002");
    assert_eq!(again["stepForm"]["ContractPrice"], "0.000001");
    let reply = save(app, &token, &with(&[("DistrictCcode", "410105002000")])).await;
    assert_eq!(reply["code"], 201, "{reply}");
    assert_eq!(app.scalar("SELECT COUNT(*) FROM operation_log WHERE action = '保存项目信息'").await, 3);
}
both!(a_valid_save_round_trips_and_moves_to_step_two);

async fn every_refusal_answers_its_message_and_changes_nothing(app: &TestApp) {
    let token = app.login("newsite", PASSWORD).await;
    let before = load(app, &token).await;
    let long_desc = "字".repeat(1001);
    let long_name = "名".repeat(256);
    let cases: Vec<(Vec<(&'static str, String)>, &str)> = vec![
        (with(&[("Name", "  ")]), "请填写项目名称"),
        (with(&[("Name", &long_name)]), "项目名称不能超过255个字"),
        (with(&[("ProjectType", "")]), "请选择项目类型"),
        (with(&[("ProjectType", "42")]), "请选择正确的项目类型"),
        (with(&[("MoneySource", "")]), "请选择资金来源"),
        (with(&[("MoneySource", "x")]), "请选择正确的资金来源"),
        (with(&[("DepartmentIndustryId", "")]), "请选择行业主管部门"),
        (with(&[("DepartmentIndustryId", "0")]), "请选择正确的行业主管部门"),
        (with(&[("DistrictCode", "")]), "请选择管辖划分"),
        (with(&[("DistrictCode", "4102,410202")]), "请选择正确的管辖划分"),
        (with(&[("DistrictCode", "4101,410202")]), "请选择正确的管辖划分"),
        (with(&[("DistrictCode", "41,4101")]), "请选择正确的管辖划分"),
        (with(&[("selectedOptions", "")]), "请选择所属区域"),
        (with(&[("selectedOptions", "4101,410105")]), "请选择正确的所属区域"),
        (with(&[("selectedOptions", "410105,410102001")]), "请选择正确的所属区域"),
        (with(&[("DistrictCcode", "410105001")]), "所属区域编码与所属区域不一致"),
        (with(&[("Address", "郑州")]), "请输入规范的地址"),
        (with(&[("Latlng", "")]), "请选择坐标"),
        (with(&[("Latlng", "113.6781,34.7866")]), "中国经纬度范围为经度73.66~135.05,纬度3.86~53.55"),
        (with(&[("ContractPrice", "")]), "请填写中标合同价格"),
        (with(&[("ContractPrice", "1.1234567")]), "中标合同价格最多6位小数"),
        (with(&[("ContractPrice", "1234567890")]), "中标合同价格最多9位整数"),
        (with(&[("ContractPrice", "12,345")]), "请填写正确的中标合同价格"),
        (with(&[("StartTime", "")]), "请选择合同开工日期"),
        (with(&[("completiondate", "0000-00-00 00:00:00")]), "请选择合同竣工日期"),
        (with(&[("StartTime", "2026-02-30")]), "请选择正确的日期"),
        (with(&[("EndTime", "")]), "请输入9999以内的正整数"),
        (with(&[("EndTime", "100000")]), "请输入9999以内的正整数"),
        (with(&[("GcProcess", "")]), "请选择工程进度"),
        (with(&[("GcProcess", "9")]), "请选择正确的工程进度"),
        (with(&[("ProjectDesc", &long_desc)]), "输入的文字超过上限"),
        (with(&[("region", &"区".repeat(51))]), "区域不能超过50个字"),
        (with(&[("winningtime", "2026-03-02")]), "中标日期不得晚于合同开工日期！"),
        (with(&[("tendertime", "2026-03-02"), ("winningtime", "")]), "招标日期不得晚于合同开工日期！"),
        (with(&[("tendertime", "2026-02-02")]), "中标日期不得早于招标日期！"),
        (with(&[("completiondate", "2026-03-01"), ("EndTime", "1")]), "开工日期要早于竣工日期"),
        (with(&[("EndTime", "364")]), "合同工期应为365天（竣工日期与开工日期相差天数加1）"),
    ];
    assert!(cases.len() >= 12);
    for (form, message) in &cases {
        let reply = save(app, &token, form).await;
        assert_refused(&reply, message);
    }
    assert_eq!(load(app, &token).await, before, "nothing changed");
    assert_eq!(app.scalar("SELECT COUNT(*) FROM operation_log WHERE action = '保存项目信息'").await, 0);
}
both!(every_refusal_answers_its_message_and_changes_nothing);

async fn only_an_editable_builder_project_may_save(app: &TestApp) {
    // demo's project is approved: it loads but may not save.
    let demo = app.login("demo", PASSWORD).await;
    let data = load(app, &demo).await;
    assert_eq!(data["auditstatus"], "2");
    assert_eq!(data["editable"], false);
    let reply = save(app, &demo, &valid_form()).await;
    assert_eq!(reply["code"], 403, "{reply}");
    assert_eq!(reply["message"], "项目已审核通过，不能修改");

    // Submitted: 403 too; rejected: saves again, and sees the audit remark.
    let newsite = app.login("newsite", PASSWORD).await;
    app.exec("UPDATE projects SET audit_status = '1' WHERE id = (SELECT project_id FROM accounts WHERE username = 'newsite')").await;
    let reply = save(app, &newsite, &valid_form()).await;
    assert_eq!(reply["code"], 403, "{reply}");
    assert_eq!(reply["message"], "项目已提交审核，不能修改");
    app.exec("UPDATE projects SET audit_status = '3', auditremark = '坐标有误' WHERE id = (SELECT project_id FROM accounts WHERE username = 'newsite')").await;
    assert_eq!(load(app, &newsite).await["auditremark"], "坐标有误");
    assert_eq!(save(app, &newsite, &valid_form()).await["code"], 201);

    // Another project's Id.
    let reply = save(app, &newsite, &with(&[("Id", "999999")])).await;
    assert_eq!(reply["code"], 403, "{reply}");

    // Finance and admin sessions.
    for (user, password) in [("finance", PASSWORD), ("admin", "Admin@12345")] {
        let token = app.login(user, password).await;
        let reply = save(app, &token, &valid_form()).await;
        assert_eq!(reply["code"], 403, "{user}: {reply}");
        assert_eq!(reply["message"], "当前账号不能填写项目登记信息");
        let reply = app.get(LOAD, Some(&token)).await;
        assert_eq!(reply["code"], 403, "{user}: {reply}");
    }

    // No session.
    assert_eq!(app.post(SAVE, None, &[]).await["code"], 101);
    assert_eq!(app.scalar("SELECT COUNT(*) FROM operation_log WHERE action = '保存项目信息'").await, 1);
    assert_eq!(app.scalar("SELECT COUNT(*) FROM projects WHERE name = '郑州市金水区花园路小学改扩建工程'").await, 1);
}
both!(only_an_editable_builder_project_may_save);

async fn fields_the_regulator_fixed_keep_their_values(app: &TestApp) {
    let token = app.login("newsite", PASSWORD).await;
    app.exec(
        "UPDATE projects SET name = '监管部门登记名称', contract_price_fen = 5000000000, gc_process = '1', \
         regulator_fields = 'Name,ContractPrice,GcProcess' WHERE id = (SELECT project_id FROM accounts WHERE username = 'newsite')",
    )
    .await;
    let data = load(app, &token).await;
    assert_eq!(data["readonly"], serde_json::json!(["Name", "ContractPrice", "GcProcess"]));
    assert_eq!(data["stepForm"]["ContractPrice"], "5000");
    let reply = save(app, &token, &with(&[("Name", ""), ("ContractPrice", "1"), ("GcProcess", "4")])).await;
    assert_eq!(reply["code"], 201, "{reply}");
    let form = &load(app, &token).await["stepForm"];
    assert_eq!(form["Name"], "监管部门登记名称");
    assert_eq!(form["ContractPrice"], "5000");
    assert_eq!(form["GcProcess"], "1");
    assert_eq!(form["MoneySource"], "1", "the other fields are saved");
}
both!(fields_the_regulator_fixed_keep_their_values);
