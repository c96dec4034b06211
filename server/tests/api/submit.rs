//! Wizard step 4 (`Site/AccountEdit`, `SpecialAccount/specialAccountInfoSave`) and the submit for audit
//! (`Site/ajaxSubmit`).

use serde_json::Value;

use crate::both;
use crate::support::{TestApp, assert_refused};
use crate::units::{CONTRACTOR_NAME, save_units};

pub const EDIT: &str = "/builder/common/v1/Site/AccountEdit";
pub const SAVE: &str = "/builder/infomation/v1/SpecialAccount/specialAccountInfoSave";
pub const SUBMIT: &str = "/builder/common/v1/Site/ajaxSubmit";
const VERIFY: &str = "/builder/common/v1/Site/ajaxverifybank";
const UPLOAD: &str = "/builder/common/v1/site/upload_file_batch?kind=attachment";
const PNG: &[u8] = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x01\0\0\0\x01\x08\x06\0\0\0\x1f\x15\xc4\x89";
pub const PASSWORD: &str = "Demo@12345";
pub const ACCOUNT: &str = "6217001234567890";
pub const NAME: &str = "郑州新民建设有限公司农民工工资专户";
const BRANCH: &str = "105,105491000011";

pub async fn upload(app: &TestApp, token: &str, count: usize) -> Vec<String> {
    let files: Vec<(&str, &[u8])> = (0..count).map(|_| ("凭证.png", PNG)).collect();
    let reply = app.upload(UPLOAD, Some(token), &files).await;
    assert_eq!(reply["code"], 201, "{reply}");
    reply["data"].as_array().expect("urls").iter().map(|u| u.as_str().expect("url").to_owned()).collect()
}

pub fn opened(recurl: &str, agreement: &str) -> Vec<(&'static str, String)> {
    [
        ("banktype", "1"),
        ("BankAccount", ACCOUNT),
        ("AccountName", NAME),
        ("bankSelected", BRANCH),
        ("OpenCompanyType", "2"),
        ("OpenCompanyName", "郑州新民建设有限公司"),
        ("SocialCreditCode", "91350100M000100Y43"),
        ("Recurl", recurl),
        ("Agreementurl", agreement),
    ]
    .into_iter()
    .map(|(k, v)| (k, v.to_owned()))
    .collect()
}

pub fn not_opened() -> Vec<(&'static str, String)> {
    [
        ("banktype", "2"),
        ("notopenbankSelected", "105"),
        ("AdminName", "李新民"),
        ("AdminPhone", "13800138002"),
        ("AppointMent", "2026-12-01"),
    ]
    .into_iter()
    .map(|(k, v)| (k, v.to_owned()))
    .collect()
}

fn with(mut form: Vec<(&'static str, String)>, changes: &[(&'static str, &str)]) -> Vec<(&'static str, String)> {
    for (key, value) in changes {
        form.retain(|(k, _)| k != key);
        form.push((key, (*value).to_owned()));
    }
    form
}

pub async fn post(app: &TestApp, path: &str, token: &str, form: &[(&'static str, String)]) -> Value {
    let pairs: Vec<(&str, &str)> = form.iter().map(|(k, v)| (*k, v.as_str())).collect();
    app.post(path, Some(token), &pairs).await
}

pub async fn verify(app: &TestApp, token: &str, account: &str, name: &str) -> Value {
    app.post(VERIFY, Some(token), &[("BankAccount", account), ("AccountName", name), ("bankSelected", BRANCH)]).await
}

async fn load(app: &TestApp, token: &str) -> Value {
    let reply = app.get(EDIT, Some(token)).await;
    assert_eq!(reply["code"], 201, "{reply}");
    reply["data"].clone()
}

pub async fn newsite_project(app: &TestApp) -> i64 {
    app.scalar("SELECT project_id FROM accounts WHERE username = 'newsite'").await
}

/// Step 1 through the wizard's own endpoint.
pub async fn save_step1(app: &TestApp, token: &str) {
    let form: Vec<(&'static str, String)> = [
        ("Name", "郑州市金水区花园路小学改扩建工程"),
        ("ProjectType", "1"),
        ("MoneySource", "1"),
        ("DepartmentIndustryId", "1"),
        ("DistrictCode", "4101,410105,410105002"),
        ("selectedOptions", "410105,410105002"),
        ("Address", "河南省郑州市金水区花园路88号"),
        ("Latlng", "34.7866,113.6781"),
        ("ContractPrice", "12345.678901"),
        ("StartTime", "2026-03-01"),
        ("completiondate", "2027-02-28"),
        ("EndTime", "365"),
        ("GcProcess", "2"),
    ]
    .into_iter()
    .map(|(k, v)| (k, v.to_owned()))
    .collect();
    let reply = post(app, "/builder/common/v1/Site/ajaxProjectEdit", token, &form).await;
    assert_eq!(reply["code"], 201, "{reply}");
}

/// Step 2 or 3 set directly in the database: one unit of `role` ('builder' or 'contractor').
pub async fn save_unit(app: &TestApp, project_id: i64, role: &str) {
    let code = if role == "builder" { "91410100MA0000001X" } else { "91410100MA0000002X" };
    let company: i64 = wageguard::on_db!(&app.db, pool => sqlx::query_scalar(
        "INSERT INTO companies (social_credit_code, name, created_at, updated_at) VALUES ($1, $2, 0, 0) RETURNING id")
        .bind(code)
        .bind(format!("{role}单位"))
        .fetch_one(pool)
        .await)
    .expect("company");
    wageguard::execute!(&app.db, sqlx::query(
        "INSERT INTO project_units (project_id, company_id, role, project_leader, created_at, updated_at) VALUES ($1, $2, $3, '王五', 0, 0)")
        .bind(project_id)
        .bind(company)
        .bind(role))
    .expect("unit");
}

/// Steps 1–4 of the demo's newsite, then the submit: the project ends in status '1'.
pub async fn complete_and_submit(app: &TestApp, token: &str) {
    let project_id = newsite_project(app).await;
    save_step1(app, token).await;
    save_unit(app, project_id, "builder").await;
    save_unit(app, project_id, "contractor").await;
    let recurl = upload(app, token, 1).await.join(",");
    let agreement = upload(app, token, 2).await.join(",");
    assert_eq!(verify(app, token, ACCOUNT, NAME).await["code"], 201);
    let reply = post(app, SAVE, token, &opened(&recurl, &agreement)).await;
    assert_eq!(reply["code"], 201, "{reply}");
    let reply = app.get(SUBMIT, Some(token)).await;
    assert_eq!(reply["code"], 201, "{reply}");
}

async fn account_edit_loads_the_form_and_the_bank_tree(app: &TestApp) {
    let token = app.login("newsite", PASSWORD).await;
    let data = load(app, &token).await;
    let form = &data["accountForm"];
    for field in [
        "Id",
        "banktype",
        "BankAccount",
        "AccountName",
        "BankType",
        "BankPoint",
        "OpenTime",
        "OpenCompanyType",
        "OpenCompanyName",
        "SocialCreditCode",
        "AdminName",
        "AdminPhone",
        "AppointMent",
    ] {
        assert_eq!(form[field], "", "{field}: {data}");
    }
    for field in ["bankSelected", "Recurl", "Agreementurl", "notopenbankSelected"] {
        assert_eq!(form[field], serde_json::json!([]), "{field}");
    }
    assert_eq!(form["AccountStatus"], "0");
    assert_eq!(form["isvirtual"], "0");
    let banks = data["banklist"].as_array().expect("banks");
    let labels: Vec<&str> = banks.iter().map(|b| b["label"].as_str().unwrap()).collect();
    for bank in ["中国工商银行", "中国农业银行", "中国银行", "中国建设银行", "交通银行", "招商银行", "中国邮政储蓄银行"]
    {
        assert!(labels.contains(&bank), "{bank} in {labels:?}");
    }
    let ccb = banks.iter().find(|b| b["value"] == "105").expect("建设银行 105");
    assert_eq!(ccb["label"], "中国建设银行");
    let branches = ccb["children"].as_array().expect("branches");
    assert!(branches.len() >= 3);
    assert!(
        branches.iter().any(|b| b["value"] == "105491000011" && b["label"].as_str().unwrap().contains("郑州")),
        "{ccb}"
    );
    let types: Vec<&str> =
        data["companytype"].as_array().unwrap().iter().map(|t| t["label"].as_str().unwrap()).collect();
    assert_eq!(types, ["建设单位", "施工总包", "施工分包"]);
    assert!(data["agreementfour"].as_str().unwrap().contains("三方监管协议"));
    assert_eq!(data["editable"], true);
    assert_eq!(data["auditstatus"], "0");

    let demo = app.login("demo", PASSWORD).await;
    assert_eq!(load(app, &demo).await["editable"], false);
    let admin = app.login("admin", "Admin@12345").await;
    let reply = app.get(EDIT, Some(&admin)).await;
    assert_eq!(reply["code"], 403, "{reply}");
    assert_eq!(app.get(EDIT, None).await["code"], 101);
}
both!(account_edit_loads_the_form_and_the_bank_tree);

async fn every_refusal_answers_its_message_and_changes_nothing(app: &TestApp) {
    let token = app.login("newsite", PASSWORD).await;
    let demo = app.login("demo", PASSWORD).await;
    let recurl = upload(app, &token, 1).await.join(",");
    let agreement = upload(app, &token, 1).await.join(",");
    let foreign = upload(app, &demo, 1).await.join(",");
    let six = [upload(app, &token, 5).await, upload(app, &token, 1).await].concat().join(",");
    let valid = opened(&recurl, &agreement);
    let cases: Vec<(Vec<(&'static str, String)>, &str)> = vec![
        (with(valid.clone(), &[("banktype", "")]), "请选择专户开户状态"),
        (with(valid.clone(), &[("banktype", "3")]), "请选择专户开户状态"),
        (with(valid.clone(), &[("BankAccount", "")]), "请填写专户账号"),
        (with(valid.clone(), &[("BankAccount", "0621700")]), "请填写正确的专户账号"),
        (with(valid.clone(), &[("AccountName", "专户")]), "请输入3-100位非空格字符的账户名称"),
        (with(valid.clone(), &[("bankSelected", "105")]), "请选择开户网点"),
        (with(valid.clone(), &[("bankSelected", "105,105491999999")]), "请选择开户网点"),
        (with(valid.clone(), &[("bankSelected", "102,105491000011")]), "请选择开户网点"),
        (with(valid.clone(), &[("OpenCompanyType", "")]), "请选择开户主体类型"),
        (with(valid.clone(), &[("OpenCompanyType", "9")]), "请选择正确的开户主体类型"),
        (with(valid.clone(), &[("OpenCompanyName", "")]), "请填写开户主体名称"),
        (with(valid.clone(), &[("SocialCreditCode", "")]), "请填写统一社会信用代码"),
        (with(valid.clone(), &[("SocialCreditCode", "91350100M000100Y44")]), "请填写正确的统一社会信用代码"),
        (with(valid.clone(), &[("Recurl", "")]), "请上传专户开户凭证"),
        (with(valid.clone(), &[("Agreementurl", "")]), "请上传三方监管协议"),
        (with(valid.clone(), &[("Agreementurl", &foreign)]), "附件无效，请重新上传"),
        (with(valid.clone(), &[("Recurl", "/uploads/0123456789abcdef0123456789abcdef.png")]), "附件无效，请重新上传"),
        (with(valid.clone(), &[("Recurl", "/etc/passwd")]), "附件无效，请重新上传"),
        (with(valid.clone(), &[("Recurl", &six)]), "当前限制选择5个文件"),
        (valid.clone(), "请先验证专户"),
        (with(not_opened(), &[("notopenbankSelected", "")]), "请选择拟开户银行"),
        (with(not_opened(), &[("notopenbankSelected", "999")]), "请选择拟开户银行"),
        (with(not_opened(), &[("AdminName", "李4")]), "请填写规范的姓名"),
        (with(not_opened(), &[("AdminPhone", "12345")]), "请填写正确的联系电话"),
        (with(not_opened(), &[("AppointMent", "")]), "请选择预约开户日期"),
    ];
    for (form, message) in &cases {
        assert_refused(&post(app, SAVE, &token, form).await, message);
    }
    // Verified, but another account name than the one saved.
    assert_eq!(verify(app, &token, ACCOUNT, "郑州新民建设有限公司其他账户").await["code"], 201);
    assert_refused(&post(app, SAVE, &token, &valid).await, "请先验证专户");

    assert_eq!(app.scalar("SELECT COUNT(*) FROM special_accounts WHERE project_id = (SELECT project_id FROM accounts WHERE username = 'newsite')").await, 0);
    assert_eq!(
        app.scalar(
            "SELECT wizard_step FROM projects WHERE id = (SELECT project_id FROM accounts WHERE username = 'newsite')"
        )
        .await,
        1
    );
    assert_eq!(app.scalar("SELECT COUNT(*) FROM operation_log WHERE action = '保存专户信息'").await, 0);
}
both!(every_refusal_answers_its_message_and_changes_nothing);

async fn a_verified_account_saves_and_moves_to_step_five(app: &TestApp) {
    let token = app.login("newsite", PASSWORD).await;
    let recurl = upload(app, &token, 2).await;
    let agreement = upload(app, &token, 1).await;
    let verified = verify(app, &token, ACCOUNT, NAME).await;
    assert_eq!(verified["code"], 201, "{verified}");
    let reply = post(app, SAVE, &token, &opened(&recurl.join(","), &agreement.join(","))).await;
    assert_eq!(reply["code"], 201, "{reply}");
    assert_eq!(reply["message"], "操作成功!");
    let data = load(app, &token).await;
    let form = &data["accountForm"];
    assert_eq!(form["banktype"], "1");
    assert_eq!(form["BankAccount"], ACCOUNT);
    assert_eq!(form["AccountName"], NAME);
    assert_eq!(form["bankSelected"], serde_json::json!(["105", "105491000011"]));
    assert_eq!(form["BankPoint"], "105491000011");
    assert_eq!(form["OpenTime"], verified["data"]["opentime"], "the bank's open date");
    assert_eq!(form["OpenCompanyType"], "2");
    assert_eq!(form["SocialCreditCode"], "91350100M000100Y43");
    assert_eq!(form["Recurl"], serde_json::json!(recurl));
    assert_eq!(form["Agreementurl"], serde_json::json!(agreement));
    assert_eq!(form["AccountStatus"], "1");
    assert!(!form["Id"].as_str().unwrap().is_empty());
    assert_eq!(data["wizard_step"], 5);
    assert_eq!(
        app.scalar("SELECT COUNT(*) FROM operation_log WHERE action = '保存专户信息' AND detail LIKE '%6217****7890%'")
            .await,
        1
    );

    // A virtual sub-account needs no tripartite agreement.
    let reply = post(app, SAVE, &token, &with(opened(&recurl.join(","), ""), &[("isvirtual", "1")])).await;
    assert_eq!(reply["code"], 201, "{reply}");
    assert_eq!(load(app, &token).await["accountForm"]["Agreementurl"], serde_json::json!([]));

    // The bank's 301: the save asks for the user's confirmation, then stores the account unflagged.
    let doubtful = "6217001234567899";
    assert_eq!(verify(app, &token, doubtful, NAME).await["code"], 301);
    let form =
        with(opened(&recurl.join(","), &agreement.join(",")), &[("BankAccount", doubtful), ("OpenTime", "2020-05-06")]);
    let reply = post(app, SAVE, &token, &form).await;
    assert_eq!(reply["code"], 301, "{reply}");
    let reply = post(app, SAVE, &token, &with(form, &[("confirmed", "1")])).await;
    assert_eq!(reply["code"], 201, "{reply}");
    let saved = load(app, &token).await;
    assert_eq!(saved["accountForm"]["AccountStatus"], "0");
    assert_eq!(saved["accountForm"]["OpenTime"], "2020-05-06");

    // Not opened yet: the opened fields are cleared.
    let reply = post(app, SAVE, &token, &with(not_opened(), &[("notopenbankSelected", "105,105491000021")])).await;
    assert_eq!(reply["code"], 201, "{reply}");
    let form = load(app, &token).await["accountForm"].clone();
    assert_eq!(form["banktype"], "2");
    assert_eq!(form["notopenbankSelected"], serde_json::json!(["105", "105491000021"]));
    assert_eq!(form["bankSelected"], serde_json::json!([]));
    assert_eq!(form["BankAccount"], "");
    assert_eq!(form["AppointMent"], "2026-12-01");
    assert_eq!(form["AdminName"], "李新民");
    assert_eq!(app.scalar("SELECT COUNT(*) FROM special_accounts WHERE project_id = (SELECT project_id FROM accounts WHERE username = 'newsite')").await, 1);
}
both!(a_verified_account_saves_and_moves_to_step_five);

async fn submit_names_the_missing_step_then_submits(app: &TestApp) {
    let token = app.login("newsite", PASSWORD).await;
    let project_id = newsite_project(app).await;
    assert_eq!(app.get(SUBMIT, None).await["code"], 101);
    for user in ["finance", "admin"] {
        let other = app.login(user, if user == "admin" { "Admin@12345" } else { PASSWORD }).await;
        let reply = app.get(SUBMIT, Some(&other)).await;
        assert_eq!(reply["code"], 403, "{reply}");
        assert_eq!(reply["message"], "当前账号不能填写项目登记信息");
    }
    let demo = app.login("demo", PASSWORD).await;
    assert_eq!(app.get(SUBMIT, Some(&demo)).await["message"], "项目已审核通过，不能修改");

    assert_refused(&app.get(SUBMIT, Some(&token)).await, "请先完成第一步：填写项目信息");
    save_step1(app, &token).await;
    assert_refused(&app.get(SUBMIT, Some(&token)).await, "请先完成第二步：填写建设单位信息");
    save_unit(app, project_id, "builder").await;
    assert_refused(&app.get(SUBMIT, Some(&token)).await, "请先完成第三步：填写施工单位信息");
    save_unit(app, project_id, "contractor").await;
    assert_refused(&app.get(SUBMIT, Some(&token)).await, "请先完成第四步：填写专户信息");
    assert_eq!(app.scalar("SELECT COUNT(*) FROM projects WHERE audit_status = '1'").await, 0, "nothing submitted yet");

    assert_eq!(post(app, SAVE, &token, &not_opened()).await["code"], 201);
    let reply = app.get(SUBMIT, Some(&token)).await;
    assert_eq!(reply["code"], 201, "{reply}");
    assert_eq!(reply["message"], "成功提交审核");
    assert_eq!(
        app.scalar(
            "SELECT COUNT(*) FROM projects WHERE audit_status = '1' AND submitted_at IS NOT NULL AND wizard_step = 5"
        )
        .await,
        1
    );
    assert_eq!(app.scalar("SELECT COUNT(*) FROM operation_log WHERE action = '提交审核'").await, 1);

    let again = app.get(SUBMIT, Some(&token)).await;
    assert_eq!(again["code"], 403);
    assert_eq!(again["message"], "项目已提交审核，不能修改");
    assert_eq!(post(app, SAVE, &token, &not_opened()).await["code"], 403);
    assert_eq!(load(app, &token).await["editable"], false);
}
both!(submit_names_the_missing_step_then_submits);

async fn the_suggested_account_name_follows_the_national_rule(app: &TestApp) {
    let token = app.login("newsite", PASSWORD).await;
    assert_eq!(load(app, &token).await["suggested_account_name"], "", "nothing saved yet");
    save_units(app, &token).await;
    assert_eq!(load(app, &token).await["suggested_account_name"], "", "the contractor, but no project name yet");
    save_step1(app, &token).await;
    assert_eq!(
        load(app, &token).await["suggested_account_name"],
        format!("{CONTRACTOR_NAME}郑州市金水区花园路小学改扩建工程农民工工资专用账户")
    );

    // A project name without a contractor suggests nothing either.
    let newsite = newsite_project(app).await;
    // The contractor's key staff go with it.
    wageguard::execute!(&app.db, sqlx::query("DELETE FROM project_staff WHERE project_id = $1").bind(newsite))
        .expect("delete");
    wageguard::execute!(
        &app.db,
        sqlx::query("DELETE FROM project_units WHERE project_id = $1 AND role = 'contractor'").bind(newsite)
    )
    .expect("delete");
    assert_eq!(load(app, &token).await["suggested_account_name"], "");
}
both!(the_suggested_account_name_follows_the_national_rule);
