//! The regulator's audit: `/admin/audit/v1/Project/{list,detail,approve,reject,create_account}`.

use crate::both;
use serde_json::{Value, json};

use crate::submit::{
    ACCOUNT, NAME, PASSWORD, SAVE, SUBMIT, complete_and_submit, newsite_project, not_opened, opened, post, save_step1,
    upload, verify,
};
use crate::support::{TestApp, assert_refused, b64};
use crate::units::save_units;

const LIST: &str = "/admin/audit/v1/Project/list";
const DETAIL: &str = "/admin/audit/v1/Project/detail";
const APPROVE: &str = "/admin/audit/v1/Project/approve";
const REJECT: &str = "/admin/audit/v1/Project/reject";
const CREATE: &str = "/admin/audit/v1/Project/create_account";
const ADMIN_ONLY: &str = "仅监管部门账号可以审核项目";

async fn admin(app: &TestApp) -> String {
    app.login("admin", "Admin@12345").await
}

async fn only_the_regulator_may_audit(app: &TestApp) {
    let tokens =
        [app.login("demo", PASSWORD).await, app.login("newsite", PASSWORD).await, app.login("finance", PASSWORD).await];
    for token in &tokens {
        for path in [LIST, APPROVE, REJECT, CREATE] {
            let reply = app
                .post(path, Some(token), &[("id", "1"), ("auditremark", "x"), ("username", "abcd1"), ("name", "赵六")])
                .await;
            assert_eq!(reply["code"], 403, "{path}: {reply}");
            assert_eq!(reply["message"], ADMIN_ONLY);
        }
        let reply = app.get(&format!("{DETAIL}?id=1"), Some(token)).await;
        assert_eq!(reply["code"], 403, "{reply}");
    }
    for path in [LIST, APPROVE, REJECT, CREATE] {
        assert_eq!(app.post(path, None, &[("id", "1")]).await["code"], 101, "{path}");
    }
    assert_eq!(app.get(&format!("{DETAIL}?id=1"), None).await["code"], 101);
    assert_eq!(app.scalar("SELECT COUNT(*) FROM projects WHERE audit_status = '2'").await, 1, "nothing changed");
}
both!(only_the_regulator_may_audit);

async fn the_list_pages_filters_and_searches(app: &TestApp) {
    let token = admin(app).await;
    let total = app.scalar("SELECT COUNT(*) FROM projects").await;
    let reply = app.post(LIST, Some(&token), &[]).await;
    assert_eq!(reply["code"], 201, "{reply}");
    assert_eq!(reply["data"]["total"], total);
    assert_eq!(reply["data"]["page"], 1);
    assert_eq!(reply["data"]["limit"], 10);
    let first = &reply["data"]["list"][0];
    for field in ["id", "name", "status", "submitted_time", "auditremark"] {
        assert!(first.get(field).is_some(), "{field}: {first}");
    }

    let approved = app.post(LIST, Some(&token), &[("status", "2")]).await;
    assert_eq!(approved["data"]["total"], 1);
    assert_eq!(approved["data"]["list"][0]["name"], "郑州市金水区幸福里安置房项目");
    let found = app.post(LIST, Some(&token), &[("name", "幸福里")]).await;
    assert_eq!(found["data"]["total"], 1);
    assert_eq!(app.post(LIST, Some(&token), &[("name", "%")]).await["data"]["total"], 0, "wildcards are literal");
    let paged = app.post(LIST, Some(&token), &[("limit", "1"), ("page", "2")]).await;
    assert_eq!(paged["data"]["list"].as_array().unwrap().len(), 1);
    assert_eq!(paged["data"]["total"], total);

    assert_refused(&app.post(LIST, Some(&token), &[("limit", "0")]).await, "每页条数应为1-100");
    assert_refused(&app.post(LIST, Some(&token), &[("limit", "101")]).await, "每页条数应为1-100");
    assert_refused(&app.post(LIST, Some(&token), &[("page", "x")]).await, "页码应为正整数");
    assert_refused(&app.post(LIST, Some(&token), &[("status", "5")]).await, "请选择正确的审核状态");
}
both!(the_list_pages_filters_and_searches);

async fn reject_then_resubmit_then_approve(app: &TestApp) {
    let newsite = app.login("newsite", PASSWORD).await;
    complete_and_submit(app, &newsite).await;
    let project_id = newsite_project(app).await;
    let id = project_id.to_string();
    let token = admin(app).await;

    let submitted = app.post(LIST, Some(&token), &[("status", "1")]).await;
    assert_eq!(submitted["data"]["total"], 1, "{submitted}");
    assert_eq!(submitted["data"]["list"][0]["id"], project_id);
    assert_eq!(submitted["data"]["list"][0]["submitted_time"].as_str().unwrap().len(), 19);

    let detail = app.get(&format!("{DETAIL}?id={id}"), Some(&token)).await;
    assert_eq!(detail["code"], 201, "{detail}");
    let data = &detail["data"];
    assert_eq!(data["project"]["status"], "1");
    assert_eq!(data["stepForm"]["Name"], "郑州市金水区花园路小学改扩建工程");
    assert_eq!(data["accountForm"]["BankAccount"], "6217001234567890");
    assert_eq!(data["accountForm"]["AccountStatus"], "1");
    assert_eq!(data["attachments"].as_array().unwrap().len(), 3, "{data}");
    assert!(data["units"].is_array());
    assert_eq!(app.get(&format!("{DETAIL}?id=999999"), Some(&token)).await["code"], 404);

    assert_refused(&app.post(REJECT, Some(&token), &[("id", &id)]).await, "请填写驳回原因");
    assert_refused(&app.post(REJECT, Some(&token), &[("id", &id), ("auditremark", "  ")]).await, "请填写驳回原因");
    let long = "很".repeat(501);
    assert_refused(
        &app.post(REJECT, Some(&token), &[("id", &id), ("auditremark", &long)]).await,
        "驳回原因不能超过500个字",
    );
    let reply = app.post(REJECT, Some(&token), &[("id", &id), ("auditremark", "三方监管协议不清晰，请重新上传")]).await;
    assert_eq!(reply["code"], 201, "{reply}");
    assert_eq!(
        app.scalar(
            "SELECT COUNT(*) FROM projects WHERE audit_status = '3' AND auditremark = '三方监管协议不清晰，请重新上传'"
        )
        .await,
        1
    );
    assert_eq!(
        app.scalar("SELECT COUNT(*) FROM messages WHERE title = '项目注册审核未通过' AND content LIKE '%三方监管协议不清晰%' AND project_id IS NOT NULL").await,
        1
    );
    let step1 = app.get("/builder/common/v1/Site/projectEdit", Some(&newsite)).await;
    assert_eq!(step1["data"]["auditremark"], "三方监管协议不清晰，请重新上传");
    assert_eq!(step1["data"]["editable"], true);
    // Correcting step 1 keeps the later steps saved and reachable: the wizard step never moves back.
    save_step1(app, &newsite).await;
    let step1 = app.get("/builder/common/v1/Site/projectEdit", Some(&newsite)).await;
    assert_eq!(step1["data"]["wizard_step"], 5, "{step1}");

    // Only a submitted project may be decided.
    assert_refused(&app.post(APPROVE, Some(&token), &[("id", &id)]).await, "只能审核待审核（已提交）的项目");
    assert_refused(
        &app.post(REJECT, Some(&token), &[("id", &id), ("auditremark", "再次驳回")]).await,
        "只能审核待审核（已提交）的项目",
    );
    assert_eq!(app.post(APPROVE, Some(&token), &[("id", "999999")]).await["code"], 404);
    assert_refused(&app.post(APPROVE, Some(&token), &[]).await, "请选择项目");

    let resubmitted = app.get(SUBMIT, Some(&newsite)).await;
    assert_eq!(resubmitted["code"], 201, "{resubmitted}");
    let reply = app.post(APPROVE, Some(&token), &[("id", &id)]).await;
    assert_eq!(reply["code"], 201, "{reply}");
    assert_eq!(app.scalar("SELECT COUNT(*) FROM projects WHERE audit_status = '2' AND auditremark = ''").await, 2);
    assert_eq!(app.scalar("SELECT COUNT(*) FROM messages WHERE title = '项目注册审核通过'").await, 1);
    assert_refused(&app.post(APPROVE, Some(&token), &[("id", &id)]).await, "只能审核待审核（已提交）的项目");

    let count = app.post("/builder/message/v1/Message/ajaxmessagecount", Some(&newsite), &[]).await;
    assert_eq!(count["data"]["count"], 2, "{count}");
    assert_eq!(app.scalar("SELECT COUNT(*) FROM operation_log WHERE action IN ('审核通过', '审核驳回')").await, 2);
    assert_eq!(app.scalar("SELECT COUNT(*) FROM operation_log WHERE action = '提交审核'").await, 2);
}
both!(reject_then_resubmit_then_approve);

async fn a_provisioned_account_logs_in_and_must_change_its_password(app: &TestApp) {
    let token = admin(app).await;
    let before = app.scalar("SELECT COUNT(*) FROM projects").await;
    let reply = app
        .post(
            CREATE,
            Some(&token),
            &[
                ("username", "site_0001"),
                ("name", "赵六"),
                ("phone", "13800138009"),
                ("projectname", "郑东新区某安置房"),
            ],
        )
        .await;
    assert_eq!(reply["code"], 201, "{reply}");
    let password = reply["data"]["password"].as_str().expect("password").to_owned();
    assert_eq!(password.len(), 12);
    assert_eq!(reply["data"]["username"], "site_0001");
    assert_eq!(app.scalar("SELECT COUNT(*) FROM projects").await, before + 1);
    assert_eq!(
        app.scalar("SELECT COUNT(*) FROM accounts a JOIN projects p ON p.id = a.project_id WHERE a.username = 'site_0001' AND a.kind = 'builder' AND a.must_change_password = TRUE AND p.audit_status = '0' AND p.name = '郑东新区某安置房'").await,
        1
    );
    let login = app
        .post("/builder/common/v1/Public/login", None, &[("username", "site_0001"), ("password", &b64(&password))])
        .await;
    assert_eq!(login["code"], 201, "{login}");
    assert_eq!(login["data"]["isupdate"], 0);
    assert_eq!(app.scalar("SELECT COUNT(*) FROM operation_log WHERE action = '开通项目账号'").await, 1);
    let leaked: i64 = wageguard::on_db!(&app.db, pool => sqlx::query_scalar("SELECT COUNT(*) FROM operation_log WHERE detail LIKE $1")
        .bind(format!("%{password}%"))
        .fetch_one(pool)
        .await)
    .unwrap();
    assert_eq!(leaked, 0, "the password is never logged");

    assert_refused(
        &app.post(CREATE, Some(&token), &[("username", "site_0001"), ("name", "赵六")]).await,
        "该账号已存在",
    );
    assert_refused(&app.post(CREATE, Some(&token), &[("username", "demo"), ("name", "赵六")]).await, "该账号已存在");
    assert_refused(
        &app.post(CREATE, Some(&token), &[("username", "ab"), ("name", "赵六")]).await,
        "请输入4-30位字母、数字或下划线组成的账号",
    );
    assert_refused(
        &app.post(CREATE, Some(&token), &[("username", "site 2"), ("name", "赵六")]).await,
        "请输入4-30位字母、数字或下划线组成的账号",
    );
    assert_refused(&app.post(CREATE, Some(&token), &[("username", "site_0002")]).await, "请填写姓名");
    assert_refused(
        &app.post(CREATE, Some(&token), &[("username", "site_0002"), ("name", "赵6")]).await,
        "请填写规范的姓名",
    );
    assert_refused(
        &app.post(CREATE, Some(&token), &[("username", "site_0002"), ("name", "赵六"), ("phone", "123")]).await,
        "请填写正确的联系电话",
    );
    assert_eq!(app.scalar("SELECT COUNT(*) FROM projects").await, before + 1, "refusals create nothing");
}
both!(a_provisioned_account_logs_in_and_must_change_its_password);

async fn labels(app: &TestApp, token: &str, id: i64) -> Value {
    let detail = app.get(&format!("{DETAIL}?id={id}"), Some(token)).await;
    assert_eq!(detail["code"], 201, "{detail}");
    detail["data"]["labels"].clone()
}

async fn the_detail_names_the_codes(app: &TestApp) {
    let newsite = app.login("newsite", PASSWORD).await;
    let id = newsite_project(app).await;
    let token = admin(app).await;
    let empty = json!({"ProjectType": "", "MoneySource": "", "DepartmentIndustryId": "", "GcProcess": "", "DistrictCode": "",
        "selectedOptions": "", "bank": "", "OpenCompanyType": ""});
    assert_eq!(labels(app, &token, id).await, empty, "nothing saved yet");

    // The registration saved through the wizard's own endpoints.
    save_step1(app, &newsite).await;
    save_units(app, &newsite).await;
    let recurl = upload(app, &newsite, 1).await.join(",");
    let agreement = upload(app, &newsite, 1).await.join(",");
    assert_eq!(verify(app, &newsite, ACCOUNT, NAME).await["code"], 201);
    assert_eq!(post(app, SAVE, &newsite, &opened(&recurl, &agreement)).await["code"], 201);
    assert_eq!(
        labels(app, &token, id).await,
        json!({
            "ProjectType": "房屋建筑工程",
            "MoneySource": "政府投资",
            "DepartmentIndustryId": "住建部门",
            "GcProcess": "在建",
            "DistrictCode": "河南省/郑州市/金水区/花园路街道",
            "selectedOptions": "河南省/郑州市/金水区/花园路街道",
            "bank": "中国建设银行/中国建设银行郑州二七支行",
            "OpenCompanyType": "施工总包",
        })
    );

    // Not opened: the bank chosen for the appointment, no holder type.
    assert_eq!(post(app, SAVE, &newsite, &not_opened()).await["code"], 201);
    let not_opened = labels(app, &token, id).await;
    assert_eq!(not_opened["bank"], "中国建设银行");
    assert_eq!(not_opened["OpenCompanyType"], "");

    // Codes no list knows (e.g. written by an older release) read as ''.
    app.exec("UPDATE projects SET project_type = '42', gc_process = '', selected_options = '410105,999999999' WHERE id = (SELECT project_id FROM accounts WHERE username = 'newsite')").await;
    let unknown = labels(app, &token, id).await;
    assert_eq!(unknown["ProjectType"], "");
    assert_eq!(unknown["GcProcess"], "");
    assert_eq!(unknown["selectedOptions"], "");
    assert_eq!(unknown["MoneySource"], "政府投资");
}
both!(the_detail_names_the_codes);

/// The newsite registration through the wizard's own endpoints, step 4 verified by the bank, submitted.
async fn registered_through_the_wizard(app: &TestApp, newsite: &str) {
    save_step1(app, newsite).await;
    save_units(app, newsite).await;
    let recurl = upload(app, newsite, 1).await.join(",");
    let agreement = upload(app, newsite, 1).await.join(",");
    assert_eq!(verify(app, newsite, ACCOUNT, NAME).await["code"], 201);
    assert_eq!(post(app, SAVE, newsite, &opened(&recurl, &agreement)).await["code"], 201);
    assert_eq!(app.get(SUBMIT, Some(newsite)).await["code"], 201);
}

async fn detail(app: &TestApp, token: &str, id: i64) -> Value {
    let reply = app.get(&format!("{DETAIL}?id={id}"), Some(token)).await;
    assert_eq!(reply["code"], 201, "{reply}");
    reply["data"].clone()
}

fn unit<'a>(data: &'a Value, role: &str) -> &'a Value {
    data["units"].as_array().unwrap().iter().find(|unit| unit["role"] == role).expect(role)
}

async fn the_drawer_shows_every_submitted_field_and_the_decision(app: &TestApp) {
    let newsite = app.login("newsite", PASSWORD).await;
    registered_through_the_wizard(app, &newsite).await;
    let id = newsite_project(app).await;
    let token = admin(app).await;

    let data = detail(app, &token, id).await;
    let builder = unit(&data, "builder");
    assert_eq!(builder["legal_person"], "王建国");
    assert_eq!(builder["legal_person_phone"], "0371-66668888");
    assert_eq!(builder["project_leader"], "赵立新");
    assert_eq!(builder["pay_type"], "322");
    assert_eq!(builder["pay_type_label"], "银行保函");
    assert_eq!(builder["deposit"], "12.345678");
    assert_eq!(builder["guarantee_start"], "2026-03-01");
    assert_eq!(builder["guarantee_end"], "2027-02-28");
    assert_eq!(builder["company_locked"], true);
    let contractor = unit(&data, "contractor");
    assert_eq!(contractor["legal_person"], "J. Smith");
    assert_eq!(contractor["labor_leader"], "阿依古丽·买买提");
    assert_eq!(contractor["labor_leader_phone"], "13600136000");
    assert_eq!(contractor["site_manager"], "钱多多");
    assert_eq!(contractor["pay_type_label"], "现金");
    assert_eq!(contractor["deposit"], "0.000001");
    assert!(contractor["guarantee_path"].as_str().unwrap().starts_with("/uploads/"), "{contractor}");
    assert!(contractor["company_id"].as_i64().unwrap() > 0);
    let check = &data["bankCheck"];
    assert_eq!(check["outcome"], "verified", "{data}");
    assert_eq!(check["outcome_label"], "银行验证通过");
    assert_eq!(check["same_account"], true);
    assert_eq!(check["checked_time"].as_str().unwrap().len(), 19);
    assert_eq!(data["project"]["submitted_time"].as_str().unwrap().len(), 19);
    assert_eq!(data["project"]["decided_time"], "", "not decided yet");
    assert_eq!(data["project"]["decided_by"], "");

    assert_eq!(app.post(APPROVE, Some(&token), &[("id", &id.to_string())]).await["code"], 201);
    let decided = detail(app, &token, id).await;
    assert_eq!(decided["project"]["submitted_time"], data["project"]["submitted_time"], "kept after the decision");
    assert_eq!(decided["project"]["decided_time"].as_str().unwrap().len(), 19, "{decided}");
    assert_eq!(decided["project"]["decided_by"], "admin");

    // The demo's approved project reads as submitted and decided too.
    let demo = app.scalar("SELECT id FROM projects WHERE name = '郑州市金水区幸福里安置房项目'").await;
    let demo = detail(app, &token, demo).await;
    assert_eq!(demo["project"]["submitted_time"].as_str().unwrap().len(), 19, "{demo}");
    assert_eq!(demo["project"]["decided_by"], "admin");
}
both!(the_drawer_shows_every_submitted_field_and_the_decision);

const UNLOCK: &str = "/admin/company/v1/Company/unlock";

async fn the_regulator_unlocks_a_locked_company(app: &TestApp) {
    let newsite = app.login("newsite", PASSWORD).await;
    registered_through_the_wizard(app, &newsite).await;
    let id = newsite_project(app).await;
    let token = admin(app).await;
    let company = unit(&detail(app, &token, id).await, "builder")["company_id"].as_i64().unwrap();
    let (company_text, project_text) = (company.to_string(), id.to_string());
    let form = |reason: &'static str| {
        [("id", company_text.clone()), ("project_id", project_text.clone()), ("reason", reason.to_owned())]
    };
    let send = |token: String, pairs: Vec<(&'static str, String)>| async move {
        let pairs: Vec<(&str, &str)> = pairs.iter().map(|(name, value)| (*name, value.as_str())).collect();
        app.post(UNLOCK, Some(&token), &pairs).await
    };
    let locked = || app.scalar_owned(format!("SELECT COUNT(*) FROM companies WHERE locked = TRUE AND id = {company}"));
    let logged = || app.scalar("SELECT COUNT(*) FROM operation_log WHERE action = '解锁单位'");

    // Refused: other accounts, bad input, a company of another project; nothing changes.
    for username in ["demo", "newsite", "finance"] {
        let other = app.login(username, PASSWORD).await;
        let reply = send(other, form("统一社会信用代码填错").to_vec()).await;
        assert_eq!(reply["code"], 403, "{username}: {reply}");
        assert_eq!(reply["message"], "仅监管部门账号可以解锁单位");
    }
    assert_refused(&send(token.clone(), form("  ").to_vec()).await, "请填写解锁原因");
    let long: &'static str = Box::leak("因".repeat(201).into_boxed_str());
    assert_refused(&send(token.clone(), form(long).to_vec()).await, "解锁原因不能超过200个字");
    assert_refused(
        &send(token.clone(), vec![("project_id", project_text.clone()), ("reason", "x".into())]).await,
        "请选择要解锁的单位",
    );
    assert_refused(
        &send(token.clone(), vec![("id", company_text.clone()), ("reason", "x".into())]).await,
        "请选择项目",
    );
    let demo = app.scalar("SELECT id FROM projects WHERE name = '郑州市金水区幸福里安置房项目'").await.to_string();
    let elsewhere =
        send(token.clone(), vec![("id", company_text.clone()), ("project_id", demo), ("reason", "x".into())]).await;
    assert_eq!(elsewhere["code"], 404, "{elsewhere}");
    assert_eq!(locked().await, 1, "still locked");
    assert_eq!(logged().await, 0);

    // Allowed: unlocked, logged with the reason on the project, the clerk's form editable again.
    let reply = send(token.clone(), form("统一社会信用代码填错").to_vec()).await;
    assert_eq!(reply["code"], 201, "{reply}");
    assert_eq!(reply["message"], "已解锁");
    assert_eq!(locked().await, 0);
    let line = app
        .scalar_owned(format!(
            "SELECT COUNT(*) FROM operation_log WHERE action = '解锁单位' AND target_type = 'company' AND target_id = '{company}' \
             AND project_id = {id} AND account_name = 'admin' AND detail LIKE '%锁定 → 未锁定，原因：统一社会信用代码填错'"
        ))
        .await;
    assert_eq!(line, 1);
    let load = app.post("/builder/common/v1/Site/builderEdit", Some(&newsite), &[]).await;
    assert_eq!(load["data"]["locked"], false, "{load}");
    assert_eq!(unit(&detail(app, &token, id).await, "builder")["company_locked"], false);

    // Not locked any more: refused, nothing logged.
    assert_refused(&send(token.clone(), form("再次解锁").to_vec()).await, "该单位未锁定，无需解锁");
    assert_eq!(logged().await, 1);
}
both!(the_regulator_unlocks_a_locked_company);
