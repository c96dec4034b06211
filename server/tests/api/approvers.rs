//! Finance approver accounts (propertyRole, builder project calls) and the finance personal centre.

use serde_json::Value;

use crate::both;
use crate::support::{TestApp, assert_refused, b64};

const BASE: &str = "/builder/project/v1/project";
const APPROVER_ID: &str = "410105199001011233";

async fn login_finance(app: &TestApp, username: &str, password: &str) -> Value {
    app.post("/finance/common/v1/Public/Financelogin", None, &[("username", username), ("password", &b64(password))])
        .await
}

async fn newest_code(app: &TestApp, phone: &str) -> String {
    wageguard::on_db!(&app.db, pool => sqlx::query_scalar::<_, String>("SELECT code FROM sms_codes WHERE phone = $1 ORDER BY id DESC LIMIT 1")
        .bind(phone).fetch_one(pool).await).expect("a code was sent")
}

async fn log_lines(app: &TestApp, action: &str) -> i64 {
    wageguard::on_db!(&app.db, pool => sqlx::query_scalar::<_, i64>("SELECT COUNT(*) FROM operation_log WHERE action = $1")
        .bind(action).fetch_one(pool).await).expect("count")
}

async fn create(app: &TestApp, token: &str, account: &str, phone: &str, id_number: &str) -> Value {
    app.post(
        &format!("{BASE}/Set_account"),
        Some(token),
        &[("account", account), ("name", "赵审批"), ("phone", phone), ("idnumber", id_number)],
    )
    .await
}

async fn a_created_approver_must_change_the_initial_password(app: &TestApp) {
    let demo = app.login("demo", "Demo@12345").await;
    let created = create(app, &demo, "cw_zhao", "13911112222", APPROVER_ID).await;
    assert_eq!(created["code"], 201, "{created}");
    let password = created["data"]["password"].as_str().unwrap().to_owned();
    assert_eq!(created["data"]["account"], "cw_zhao");
    assert!(password.len() >= 8);
    assert_eq!(log_lines(app, "新增财务审批人").await, 1);
    let stored: String = wageguard::on_db!(&app.db, pool => sqlx::query_scalar::<_, String>("SELECT password_hash FROM accounts WHERE username = 'cw_zhao'")
        .fetch_one(pool).await).unwrap();
    assert!(!stored.contains(&password), "never stored in clear");

    let enterprise = app
        .post("/builder/common/v1/Public/login", None, &[("username", "cw_zhao"), ("password", &b64(&password))])
        .await;
    assert_refused(&enterprise, "该账号请从财务登录入口登录");
    let login = login_finance(app, "cw_zhao", &password).await;
    assert_eq!(login["code"], 201, "{login}");
    assert_eq!(login["data"]["isupdate"], 0, "forced change");
    let token = login["data"]["phpsessid"].as_str().unwrap().to_owned();
    let info = app.get("/finance/common/v1/Public/get", Some(&token)).await;
    assert_eq!(info["data"]["isupdate"], 0);
    assert_eq!(info["data"]["projectname"], "郑州市金水区幸福里安置房项目");

    let changed = app
        .post(
            "/finance/project/v1/project/Ajax_pwd",
            Some(&token),
            &[("old_pwd", &b64(&password)), ("new_pwd", &b64("Zhao@2026ok"))],
        )
        .await;
    assert_eq!(changed["code"], 201, "{changed}");
    let again = login_finance(app, "cw_zhao", "Zhao@2026ok").await;
    assert_eq!(again["data"]["isupdate"], 1);

    let list = app.get(&format!("{BASE}/Examine?keyword=赵"), Some(&demo)).await;
    assert_eq!(list["data"]["total"], 1, "{list}");
    let line = &list["data"]["list"][0];
    assert_eq!(line["idnumber"], "410105********1233");
    assert_eq!(line["isupdate"], 1);
    assert_eq!(line["status"], 1);
    let all = app.get(&format!("{BASE}/Examine?page=1&limit=10"), Some(&demo)).await;
    assert_eq!(all["data"]["total"], 2, "the demo approver and the new one");
    let name = app.get(&format!("{BASE}/Projectname"), Some(&demo)).await;
    assert_eq!(name["data"]["approvers"], 2);
    assert_eq!(name["data"]["projectname"], "郑州市金水区幸福里安置房项目");
}
both!(a_created_approver_must_change_the_initial_password);

async fn bad_approver_forms_change_nothing(app: &TestApp) {
    let demo = app.login("demo", "Demo@12345").await;
    let before = app.scalar("SELECT COUNT(*) FROM accounts").await;
    assert_refused(
        &create(app, &demo, "ab", "13911112222", APPROVER_ID).await,
        "请输入4-20位字母、数字或下划线组成的登录账号",
    );
    assert_refused(&create(app, &demo, "finance", "13911112222", APPROVER_ID).await, "该登录账号已存在");
    assert_refused(&create(app, &demo, "cw_new", "13800138003", APPROVER_ID).await, "该手机号已被其他账号使用");
    assert_refused(
        &create(app, &demo, "cw_new", "0371-6123456", APPROVER_ID).await,
        "财务审批人须使用手机号码（用于接收短信验证码）",
    );
    assert_refused(&create(app, &demo, "cw_new", "12345", APPROVER_ID).await, "请填写正确的联系电话");
    assert_refused(&create(app, &demo, "cw_new", "13911112222", "410105199001011234").await, "请填写正确的身份证号码");
    assert_refused(
        &create(app, &demo, "cw_new", "13911112222", "410105198805123025").await,
        "该身份证号已是本项目的财务审批人",
    );
    let bad_name = app
        .post(
            &format!("{BASE}/Set_account"),
            Some(&demo),
            &[("account", "cw_new"), ("name", "王"), ("phone", "13911112222"), ("idnumber", APPROVER_ID)],
        )
        .await;
    assert_refused(&bad_name, "请填写规范的姓名");
    let garbage = app.post(&format!("{BASE}/Set_account"), Some(&demo), &[("id", "x'--")]).await;
    assert_refused(&garbage, "参数id格式错误");
    assert_eq!(app.scalar("SELECT COUNT(*) FROM accounts").await, before);
}
both!(bad_approver_forms_change_nothing);

async fn edit_open_and_reset(app: &TestApp) {
    let demo = app.login("demo", "Demo@12345").await;
    let id =
        create(app, &demo, "cw_edit", "13911113333", APPROVER_ID).await["data"]["id"].as_i64().unwrap().to_string();
    let edited = app
        .post(
            &format!("{BASE}/Set_account"),
            Some(&demo),
            &[("id", &id), ("name", "赵改名"), ("idnumber", "11010519491231002X"), ("phone", "13911113333")],
        )
        .await;
    assert_eq!(edited["code"], 201, "{edited}");
    assert_eq!(edited["data"], Value::Null);
    let phone_by_form = app
        .post(
            &format!("{BASE}/Set_account"),
            Some(&demo),
            &[("id", &id), ("name", "赵改名"), ("idnumber", "11010519491231002X"), ("phone", "13911114444")],
        )
        .await;
    assert_refused(&phone_by_form, "修改手机号请通过短信验证");
    let detail = app.get(&format!("{BASE}/Information?id={id}"), Some(&demo)).await;
    assert_eq!(detail["data"]["name"], "赵改名");
    assert_eq!(detail["data"]["idnumber"], "11010519491231002X");
    assert_eq!(detail["data"]["phone"], "13911113333");

    let password = app.post(&format!("{BASE}/Resetpassword"), Some(&demo), &[("id", &id)]).await["data"]["password"]
        .as_str()
        .unwrap()
        .to_owned();
    let login = login_finance(app, "cw_edit", &password).await;
    assert_eq!(login["code"], 201);
    let token = login["data"]["phpsessid"].as_str().unwrap().to_owned();

    let disabled = app.post(&format!("{BASE}/Open"), Some(&demo), &[("id", &id), ("status", "0")]).await;
    assert_eq!(disabled["code"], 201);
    assert_eq!(app.get("/finance/common/v1/Public/get", Some(&token)).await["code"], 101, "sessions end when disabled");
    assert_refused(&login_finance(app, "cw_edit", &password).await, "账号已停用，请联系管理员");
    assert_eq!(app.get(&format!("{BASE}/Examine"), Some(&demo)).await["data"]["list"][0]["status"], 0);
    assert_refused(
        &app.post(&format!("{BASE}/Open"), Some(&demo), &[("id", &id), ("status", "2")]).await,
        "请选择启用或停用",
    );
    app.post(&format!("{BASE}/Open"), Some(&demo), &[("id", &id), ("status", "1")]).await;

    let second = app.post(&format!("{BASE}/Resetpassword"), Some(&demo), &[("id", &id)]).await;
    let second = second["data"]["password"].as_str().unwrap();
    assert_ne!(second, password);
    assert_refused(&login_finance(app, "cw_edit", &password).await, "账号或密码错误");
    assert_eq!(login_finance(app, "cw_edit", second).await["data"]["isupdate"], 0);
    for action in ["修改财务审批人", "重置财务审批人密码", "停用财务审批人", "启用财务审批人"]
    {
        assert!(log_lines(app, action).await >= 1, "{action} logged");
    }
}
both!(edit_open_and_reset);

async fn phone_change_needs_the_code_sent_to_the_new_phone(app: &TestApp) {
    let demo = app.login("demo", "Demo@12345").await;
    let id =
        create(app, &demo, "cw_phone", "13911115555", APPROVER_ID).await["data"]["id"].as_i64().unwrap().to_string();
    assert_eq!(app.post(&format!("{BASE}/Veritest"), Some(&demo), &[("phone", "13911116666")]).await["code"], 201);
    assert_refused(
        &app.post(&format!("{BASE}/Veritest"), Some(&demo), &[("phone", "13800138001")]).await,
        "该手机号已被其他账号使用",
    );
    assert_refused(
        &app.post(&format!("{BASE}/Veritest"), Some(&demo), &[("id", &id), ("phone", "13911115555")]).await,
        "新手机号与当前手机号相同",
    );

    let sent =
        app.post(&format!("{BASE}/Verifyphonenumber"), Some(&demo), &[("id", &id), ("phone", "13911116666")]).await;
    assert_eq!(sent["code"], 201, "{sent}");
    let code = newest_code(app, "13911116666").await;
    let wrong = if code == "000000" { "111111" } else { "000000" };
    assert_refused(
        &app.post(
            &format!("{BASE}/Veritestalter"),
            Some(&demo),
            &[("id", &id), ("phone", "13911116666"), ("code", wrong)],
        )
        .await,
        "短信验证码错误",
    );
    assert_refused(
        &app.post(&format!("{BASE}/Veritestalter"), Some(&demo), &[("id", &id), ("phone", "13911116666")]).await,
        "请输入短信验证码",
    );
    let changed = app
        .post(&format!("{BASE}/Veritestalter"), Some(&demo), &[("id", &id), ("phone", "13911116666"), ("code", &code)])
        .await;
    assert_eq!(changed["code"], 201, "{changed}");
    assert_eq!(app.get(&format!("{BASE}/Information?id={id}"), Some(&demo)).await["data"]["phone"], "13911116666");
    assert_eq!(log_lines(app, "修改手机号").await, 1);

    let facts = app.post(&format!("{BASE}/Verification"), Some(&demo), &[("idnumber", "11010519491231002X")]).await;
    assert_eq!(facts["data"]["gender"], "女", "{facts}");
    assert_eq!(facts["data"]["birthday"], "1949-12-31");
    assert_refused(
        &app.post(&format!("{BASE}/Verification"), Some(&demo), &[("idnumber", APPROVER_ID)]).await,
        "该身份证号已是本项目的财务审批人",
    );
    assert_eq!(
        app.post(&format!("{BASE}/Verification"), Some(&demo), &[("id", &id), ("idnumber", APPROVER_ID)]).await["code"],
        201
    );
    let card = app
        .post(&format!("{BASE}/Idcardreader"), Some(&demo), &[("name", "读卡测试"), ("idNumber", "410102199003074319")])
        .await;
    assert_eq!(card["data"]["idnumber"], "410102199003074319", "{card}");
    assert_refused(
        &app.post(&format!("{BASE}/Idcardreader"), Some(&demo), &[("name", "读卡测试"), ("idNumber", "4101")]).await,
        "请填写正确的身份证号码",
    );
    let rule = app.get("/builder/project/v1/Project/getpwd", Some(&demo)).await;
    assert_eq!(rule["data"]["passwordstatus"], 1);
    assert_eq!(rule["data"]["rule"], "请输入8-16位包含大小写字母+数字+特殊字符组成的密码");
}
both!(phone_change_needs_the_code_sent_to_the_new_phone);

async fn approvers_are_scoped_to_the_builders_project(app: &TestApp) {
    let demo = app.login("demo", "Demo@12345").await;
    let newsite = app.login("newsite", "Demo@12345").await;
    let admin = app.login("admin", "Admin@12345").await;
    let finance = app.login("finance", "Demo@12345").await;
    let demo_finance = app.scalar("SELECT id FROM accounts WHERE username = 'finance'").await.to_string();

    assert_eq!(app.get(&format!("{BASE}/Examine"), Some(&newsite)).await["data"]["total"], 0);
    let theirs = app.get(&format!("{BASE}/Information?id={demo_finance}"), Some(&newsite)).await;
    assert_eq!(theirs["code"], 404, "{theirs}");
    for action in ["Resetpassword", "Veritestalter", "Verifyphonenumber"] {
        let reply = app
            .post(
                &format!("{BASE}/{action}"),
                Some(&newsite),
                &[("id", &demo_finance), ("phone", "13911117777"), ("code", "123456")],
            )
            .await;
        assert_eq!(reply["code"], 404, "{action}: {reply}");
    }
    let open = app.post(&format!("{BASE}/Open"), Some(&newsite), &[("id", &demo_finance), ("status", "0")]).await;
    assert_eq!(open["code"], 404);
    let edit = app
        .post(
            &format!("{BASE}/Set_account"),
            Some(&newsite),
            &[("id", &demo_finance), ("name", "冒名"), ("idnumber", APPROVER_ID)],
        )
        .await;
    assert_eq!(edit["code"], 404);
    let other_project = app.get(&format!("{BASE}/Examine?projectId=999"), Some(&demo)).await;
    assert_eq!(other_project["code"], 404);
    let builder_id = app.scalar("SELECT id FROM accounts WHERE username = 'demo'").await.to_string();
    assert_eq!(
        app.get(&format!("{BASE}/Information?id={builder_id}"), Some(&demo)).await["code"],
        404,
        "only finance accounts"
    );

    let project = app.scalar("SELECT project_id FROM accounts WHERE username = 'demo'").await;
    assert_refused(&app.get(&format!("{BASE}/Examine"), Some(&admin)).await, "请选择项目");
    assert_eq!(app.get(&format!("{BASE}/Examine?projectId={project}"), Some(&admin)).await["data"]["total"], 1);
    assert_eq!(create(app, &admin, "cw_admin", "13911118888", APPROVER_ID).await["code"], 403);
    assert_eq!(create(app, &finance, "cw_fin", "13911118888", APPROVER_ID).await["code"], 403);
    assert_eq!(app.get(&format!("{BASE}/Examine"), Some(&finance)).await["code"], 403);
    assert_eq!(app.get(&format!("{BASE}/Examine"), None).await["code"], 101);
    assert_eq!(app.get("/builder/project/v1/Project/getpwd", Some(&finance)).await["code"], 403);
    assert_eq!(app.scalar("SELECT COUNT(*) FROM accounts WHERE username LIKE 'cw_%'").await, 0);
    assert_eq!(app.scalar("SELECT COUNT(*) FROM accounts WHERE disabled = TRUE").await, 0);
}
both!(approvers_are_scoped_to_the_builders_project);

async fn the_personal_centre_edits_the_approvers_own_profile(app: &TestApp) {
    let finance = app.login("finance", "Demo@12345").await;
    let demo = app.login("demo", "Demo@12345").await;
    let profile = app.get("/finance/project/v1/project/Messageinfo", Some(&finance)).await;
    assert_eq!(profile["data"]["account"], "finance", "{profile}");
    assert_eq!(profile["data"]["name"], "王会计");
    assert_eq!(profile["data"]["phone"], "13800138003");
    assert_eq!(profile["data"]["idnumber"], "410105********3025");
    assert_eq!(profile["data"]["projectname"], "郑州市金水区幸福里安置房项目");
    assert_eq!(app.get("/finance/project/v1/project/Messageinfo", Some(&demo)).await["code"], 403);

    assert_refused(
        &app.post("/finance/project/v1/project/Inforalter", Some(&finance), &[("name", "")]).await,
        "请填写姓名",
    );
    assert_refused(
        &app.post("/finance/project/v1/project/Inforalter", Some(&finance), &[("name", "王1")]).await,
        "请填写规范的姓名",
    );
    assert_eq!(
        app.post("/finance/project/v1/project/Inforalter", Some(&finance), &[("name", "王会")]).await["code"],
        201
    );
    assert_eq!(app.get("/finance/project/v1/project/Messageinfo", Some(&finance)).await["data"]["name"], "王会");
    assert_eq!(app.post("/finance/project/v1/project/Inforalter", Some(&demo), &[("name", "张三")]).await["code"], 403);

    let mine = app
        .post(
            "/finance/project/v1/project/Idcardreader",
            Some(&finance),
            &[("name", "王会"), ("idNumber", "410105198805123025")],
        )
        .await;
    assert_eq!(mine["code"], 201, "{mine}");
    assert_eq!(mine["message"], "身份证核验通过");
    assert_refused(
        &app.post(
            "/finance/project/v1/project/Idcardreader",
            Some(&finance),
            &[("name", "读卡测试"), ("idNumber", "410102199003074319")],
        )
        .await,
        "身份证与本人登记信息不一致",
    );

    assert_refused(
        &app.post("/finance/project/v1/orders/Verifyphonenumber", Some(&finance), &[("phone", "13800138003")]).await,
        "新手机号与当前手机号相同",
    );
    assert_refused(
        &app.post("/finance/project/v1/orders/Verifyphonenumber", Some(&finance), &[("phone", "13800138001")]).await,
        "该手机号已被其他账号使用",
    );
    assert_eq!(
        app.post("/finance/project/v1/orders/Verifyphonenumber", Some(&demo), &[("phone", "13911119999")]).await["code"],
        403
    );
    assert_eq!(
        app.post("/finance/project/v1/orders/Verifyphonenumber", Some(&finance), &[("phone", "13911119999")]).await["code"],
        201
    );
    assert_refused(
        &app.post("/finance/project/v1/orders/Verifyphonenumber", Some(&finance), &[("phone", "13911119999")]).await,
        "验证码发送过于频繁，请60秒后再试",
    );
    let code = newest_code(app, "13911119999").await;
    let changed = app
        .post("/finance/project/v1/orders/Veritestalter", Some(&finance), &[("phone", "13911119999"), ("code", &code)])
        .await;
    assert_eq!(changed["code"], 201, "{changed}");
    assert_eq!(
        app.get("/finance/project/v1/project/Messageinfo", Some(&finance)).await["data"]["phone"],
        "13911119999"
    );
    let reused = app
        .post("/finance/project/v1/orders/Veritestalter", Some(&finance), &[("phone", "13911119998"), ("code", &code)])
        .await;
    assert_refused(&reused, "短信验证码已失效，请重新获取");
    assert_eq!(log_lines(app, "修改姓名").await, 1);
    assert_eq!(log_lines(app, "修改手机号").await, 1);
}
both!(the_personal_centre_edits_the_approvers_own_profile);
