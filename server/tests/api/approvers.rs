//! Finance approver accounts (propertyRole, builder project calls) and the finance personal centre. Issue 28:
//! who prepares wages never holds, learns, resets or stands in for an approver's credentials or second factor.

use serde_json::Value;

use crate::both;
use crate::orders::{decide, submitted_order, verify_by_id};
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

/// The newest text the SMS outbox holds for `phone`.
async fn newest_sms(app: &TestApp, phone: &str) -> String {
    wageguard::on_db!(&app.db, pool => sqlx::query_scalar::<_, String>("SELECT content FROM sms_outbox WHERE phone = $1 ORDER BY id DESC LIMIT 1")
        .bind(phone).fetch_one(pool).await).expect("a text was sent")
}

/// The initial password in the newest text to `phone`.
pub async fn password_sent_to(app: &TestApp, phone: &str) -> String {
    let text = newest_sms(app, phone).await;
    let start = text.find("Cw@").unwrap_or_else(|| panic!("an initial password in {text}"));
    text[start..start + 12].to_owned()
}

async fn log_lines(app: &TestApp, action: &str) -> i64 {
    wageguard::on_db!(&app.db, pool => sqlx::query_scalar::<_, i64>("SELECT COUNT(*) FROM operation_log WHERE action = $1")
        .bind(action).fetch_one(pool).await).expect("count")
}

async fn create(app: &TestApp, token: &str, account: &str, phone: &str) -> Value {
    app.post(&format!("{BASE}/Set_account"), Some(token), &[("account", account), ("name", "赵审批"), ("phone", phone)])
        .await
}

/// The approver's first login: the initial password from the SMS changed, the own ID number entered.
async fn first_login(app: &TestApp, username: &str, phone: &str, new_password: &str, id_number: &str) -> String {
    let password = password_sent_to(app, phone).await;
    let login = login_finance(app, username, &password).await;
    assert_eq!(login["code"], 201, "{login}");
    let token = login["data"]["phpsessid"].as_str().unwrap().to_owned();
    let changed = app
        .post(
            "/finance/project/v1/project/Ajax_pwd",
            Some(&token),
            &[("old_pwd", &b64(&password)), ("new_pwd", &b64(new_password))],
        )
        .await;
    assert_eq!(changed["code"], 201, "{changed}");
    let token = login_finance(app, username, new_password).await["data"]["phpsessid"].as_str().unwrap().to_owned();
    let entered = app.post("/finance/project/v1/project/Inforalter", Some(&token), &[("idnumber", id_number)]).await;
    assert_eq!(entered["code"], 201, "{entered}");
    token
}

async fn a_created_approver_gets_the_password_by_sms_and_enters_the_own_id_number(app: &TestApp) {
    let demo = app.login("demo", "Demo@12345").await;
    let created = create(app, &demo, "cw_zhao", "13911112222").await;
    assert_eq!(created["code"], 201, "{created}");
    assert_eq!(created["data"]["account"], "cw_zhao");
    assert_eq!(created["data"]["phone"], "139****2222", "the clerk sees where it went");
    assert!(created["data"].get("password").is_none(), "never answered: {created}");
    assert!(!created.to_string().contains("Cw@"), "{created}");
    let password = password_sent_to(app, "13911112222").await;
    assert_eq!(log_lines(app, "新增财务审批人").await, 1);
    let stored: String = wageguard::on_db!(&app.db, pool => sqlx::query_scalar::<_, String>("SELECT password_hash FROM accounts WHERE username = 'cw_zhao'")
        .fetch_one(pool).await).unwrap();
    assert!(!stored.contains(&password), "never stored in clear");

    let enterprise = app
        .post("/builder/common/v1/Public/login", None, &[("username", "cw_zhao"), ("password", &b64(&password))])
        .await;
    assert_refused(&enterprise, "该账号请从财务登录入口登录");
    let login = login_finance(app, "cw_zhao", &password).await;
    assert_eq!(login["data"]["isupdate"], 0, "forced change");
    let token = first_login(app, "cw_zhao", "13911112222", "Zhao@2026ok", APPROVER_ID).await;
    assert_eq!(login_finance(app, "cw_zhao", "Zhao@2026ok").await["data"]["isupdate"], 1);
    let profile = app.get("/finance/project/v1/project/Messageinfo", Some(&token)).await;
    assert_eq!(profile["data"]["idnumber"], "410105********1233");
    assert_refused(
        &app.post("/finance/project/v1/project/Inforalter", Some(&token), &[("idnumber", "11010519491231002X")]).await,
        "身份证号码已登记，如需更正请联系监管部门",
    );
    assert_eq!(log_lines(app, "登记身份证号码").await, 1);

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
}
both!(a_created_approver_gets_the_password_by_sms_and_enters_the_own_id_number);

async fn bad_approver_forms_change_nothing(app: &TestApp) {
    let demo = app.login("demo", "Demo@12345").await;
    let before = app.scalar("SELECT COUNT(*) FROM accounts").await;
    assert_refused(&create(app, &demo, "ab", "13911112222").await, "请输入4-20位字母、数字或下划线组成的登录账号");
    assert_refused(&create(app, &demo, "finance", "13911112222").await, "该登录账号已存在");
    assert_refused(&create(app, &demo, "cw_new", "13800138003").await, "该手机号已被其他账号使用");
    assert_refused(&create(app, &demo, "cw_new", "13800138001").await, "该手机号已被其他账号使用");
    assert_refused(
        &create(app, &demo, "cw_new", "0371-6123456").await,
        "财务审批人须使用手机号码（用于接收短信验证码）",
    );
    assert_refused(&create(app, &demo, "cw_new", "12345").await, "请填写正确的联系电话");
    let with_id = app
        .post(
            &format!("{BASE}/Set_account"),
            Some(&demo),
            &[("account", "cw_new"), ("name", "赵审批"), ("phone", "13911112222"), ("idnumber", APPROVER_ID)],
        )
        .await;
    assert_refused(&with_id, "身份证号码由财务审批人首次登录后本人填写，项目人员不能填写或修改");
    let bad_name = app
        .post(
            &format!("{BASE}/Set_account"),
            Some(&demo),
            &[("account", "cw_new"), ("name", "王"), ("phone", "13911112222")],
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
    let id = create(app, &demo, "cw_edit", "13911113333").await["data"]["id"].as_i64().unwrap().to_string();
    let first = password_sent_to(app, "13911113333").await;
    let edited = app.post(&format!("{BASE}/Set_account"), Some(&demo), &[("id", &id), ("name", "赵改名")]).await;
    assert_eq!(edited["code"], 201, "{edited}");
    assert_eq!(edited["data"], Value::Null);
    let id_by_form = app
        .post(
            &format!("{BASE}/Set_account"),
            Some(&demo),
            &[("id", &id), ("name", "赵改名"), ("idnumber", APPROVER_ID)],
        )
        .await;
    assert_refused(&id_by_form, "身份证号码由财务审批人首次登录后本人填写，项目人员不能填写或修改");
    let phone_by_form = app
        .post(&format!("{BASE}/Set_account"), Some(&demo), &[("id", &id), ("name", "赵改名"), ("phone", "13911114444")])
        .await;
    assert_refused(&phone_by_form, "财务审批人的手机号只能由本人在个人中心通过短信验证修改");
    let detail = app.get(&format!("{BASE}/Information?id={id}"), Some(&demo)).await;
    assert_eq!(detail["data"]["name"], "赵改名");
    assert_eq!(detail["data"]["idnumber"], "", "not entered yet");
    assert_eq!(detail["data"]["phone"], "13911113333");

    let reset = app.post(&format!("{BASE}/Resetpassword"), Some(&demo), &[("id", &id)]).await;
    assert_eq!(reset["code"], 201, "{reset}");
    assert_eq!(reset["data"]["phone"], "139****3333");
    assert!(!reset.to_string().contains("Cw@"), "{reset}");
    let password = password_sent_to(app, "13911113333").await;
    assert_ne!(password, first);
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

    app.post(&format!("{BASE}/Resetpassword"), Some(&demo), &[("id", &id)]).await;
    let second = password_sent_to(app, "13911113333").await;
    assert_ne!(second, password);
    assert_refused(&login_finance(app, "cw_edit", &password).await, "账号或密码错误");
    assert_eq!(login_finance(app, "cw_edit", &second).await["data"]["isupdate"], 0);
    for action in ["修改财务审批人", "重置财务审批人密码", "停用财务审批人", "启用财务审批人"]
    {
        assert!(log_lines(app, action).await >= 1, "{action} logged");
    }
}
both!(edit_open_and_reset);

async fn only_the_approver_changes_the_phone(app: &TestApp) {
    let demo = app.login("demo", "Demo@12345").await;
    let id = create(app, &demo, "cw_phone", "13911115555").await["data"]["id"].as_i64().unwrap().to_string();
    assert_eq!(app.post(&format!("{BASE}/Veritest"), Some(&demo), &[("phone", "13911116666")]).await["code"], 201);
    assert_refused(
        &app.post(&format!("{BASE}/Veritest"), Some(&demo), &[("phone", "13800138001")]).await,
        "该手机号已被其他账号使用",
    );
    for action in ["Verifyphonenumber", "Veritestalter"] {
        let reply = app
            .post(
                &format!("{BASE}/{action}"),
                Some(&demo),
                &[("id", &id), ("phone", "13911116666"), ("code", "123456")],
            )
            .await;
        assert_eq!(reply["code"], 403, "{action}: {reply}");
        assert_eq!(reply["message"], "财务审批人的手机号只能由本人在个人中心通过短信验证修改");
    }
    assert_eq!(app.scalar("SELECT COUNT(*) FROM sms_codes WHERE phone = '13911116666'").await, 0);
    assert_eq!(app.get(&format!("{BASE}/Information?id={id}"), Some(&demo)).await["data"]["phone"], "13911115555");
    let guess = app.post(&format!("{BASE}/Verification"), Some(&demo), &[("idnumber", "410105198805123025")]).await;
    assert_eq!(guess["code"], 403, "no oracle for an approver's ID number: {guess}");

    let card = app
        .post(&format!("{BASE}/Idcardreader"), Some(&demo), &[("name", "读卡测试"), ("idNumber", "410102199003074319")])
        .await;
    assert_eq!(card["data"]["idnumber"], "410102199003074319", "{card}");
    let rule = app.get("/builder/project/v1/Project/getpwd", Some(&demo)).await;
    assert_eq!(rule["data"]["passwordstatus"], 1);
    assert_eq!(rule["data"]["rule"], "请输入8-16位包含大小写字母+数字+特殊字符组成的密码");
}
both!(only_the_approver_changes_the_phone);

/// The attack, step by step, as the project's clerk: no endpoint answers the approver's password, full
/// ID number or second factor, and an order is never approved by the account that submitted it.
async fn a_clerk_obtains_no_approver_credential(app: &TestApp) {
    let demo = app.login("demo", "Demo@12345").await;
    let approver = app.scalar("SELECT id FROM accounts WHERE username = 'finance'").await.to_string();
    let replies = [
        app.get(&format!("{BASE}/Information?id={approver}"), Some(&demo)).await,
        app.get(&format!("{BASE}/Examine"), Some(&demo)).await,
        app.post(&format!("{BASE}/Resetpassword"), Some(&demo), &[("id", &approver)]).await,
        create(app, &demo, "cw_puppet", "13911110000").await,
    ];
    for reply in &replies {
        let text = reply.to_string();
        assert!(!text.contains("410105198805123025"), "a full ID number: {text}");
        assert!(!text.contains("Cw@"), "a password: {text}");
    }
    assert_eq!(replies[0]["data"]["idnumber"], "410105********3025");
    // The reset went to the approver's phone; the clerk's guesses at the new password fail.
    let reset_to = newest_sms(app, "13800138003").await;
    assert!(reset_to.contains("初始密码为Cw@"), "{reset_to}");
    assert_refused(&login_finance(app, "finance", "Demo@12345").await, "账号或密码错误");

    let order = submitted_order(app, &demo).await;
    let id = order.to_string();
    for (action, form) in [
        ("Veritest", vec![("id", id.as_str())]),
        ("Verification", vec![("id", id.as_str()), ("code", "123456")]),
        ("VerifyIdnumber", vec![("id", id.as_str()), ("idnumber", "410105198805123025")]),
        ("Orderaudit", vec![("id", id.as_str()), ("status", "1")]),
    ] {
        let reply = app.post(&format!("/finance/project/v1/orders/{action}"), Some(&demo), &form).await;
        assert_eq!(reply["code"], 403, "a clerk's {action}: {reply}");
    }
    assert_eq!(app.scalar("SELECT COUNT(*) FROM approval_verifications").await, 0);
    // An approver who submitted the order (an account holding both roles) cannot approve it.
    let password = password_sent_to(app, "13800138003").await;
    let finance = first_login_known(app, &password).await;
    app.exec_owned(format!("UPDATE wage_orders SET created_by = {approver} WHERE id = {order}")).await;
    verify_by_id(app, &finance, order).await;
    assert_refused(&decide(app, &finance, order, "1", "").await, "提交工资单的账号不能审批该工资单");
    assert_eq!(
        app.scalar_owned(format!("SELECT COUNT(*) FROM wage_orders WHERE id = {order} AND status = 'pending'")).await,
        1
    );
}
both!(a_clerk_obtains_no_approver_credential);

/// The demo approver after the clerk's reset: the password from the SMS changed back to the demo's.
async fn first_login_known(app: &TestApp, password: &str) -> String {
    let token = login_finance(app, "finance", password).await["data"]["phpsessid"].as_str().unwrap().to_owned();
    let changed = app
        .post(
            "/finance/project/v1/project/Ajax_pwd",
            Some(&token),
            &[("old_pwd", &b64(password)), ("new_pwd", &b64("Cw@Demo2026x"))],
        )
        .await;
    assert_eq!(changed["code"], 201, "{changed}");
    login_finance(app, "finance", "Cw@Demo2026x").await["data"]["phpsessid"].as_str().unwrap().to_owned()
}

/// The ID-number check is locked like a password: five wrong answers, then even the right one is refused;
/// parallel guesses check no more than five.
async fn the_id_check_locks_after_five_wrong_answers(app: &TestApp) {
    let demo = app.login("demo", "Demo@12345").await;
    let order = submitted_order(app, &demo).await;
    let finance = app.login("finance", "Demo@12345").await;
    let id = order.to_string();
    let guesses = app
        .post_at_once_as(
            "/finance/project/v1/orders/VerifyIdnumber",
            &finance,
            &[("id", &id), ("idnumber", "410105198805120000")],
            20,
        )
        .await;
    let checked = guesses.iter().filter(|reply| reply["message"] == "身份证号码与账号登记信息不一致").count();
    assert_eq!(checked, 5, "{guesses:?}");
    let right = app
        .post(
            "/finance/project/v1/orders/VerifyIdnumber",
            Some(&finance),
            &[("id", &id), ("idnumber", "410105198805123025")],
        )
        .await;
    assert_eq!(right["code"], 401, "{right}");
    assert!(right["message"].as_str().unwrap().starts_with("身份证号码验证错误次数过多"), "{right}");
    assert_eq!(app.scalar("SELECT COUNT(*) FROM approval_verifications").await, 0);
}
both!(the_id_check_locks_after_five_wrong_answers);

async fn approvers_are_scoped_to_the_builders_project(app: &TestApp) {
    let demo = app.login("demo", "Demo@12345").await;
    let newsite = app.login("newsite", "Demo@12345").await;
    let admin = app.login("admin", "Admin@12345").await;
    let finance = app.login("finance", "Demo@12345").await;
    let demo_finance = app.scalar("SELECT id FROM accounts WHERE username = 'finance'").await.to_string();

    assert_eq!(app.get(&format!("{BASE}/Examine"), Some(&newsite)).await["data"]["total"], 0);
    let theirs = app.get(&format!("{BASE}/Information?id={demo_finance}"), Some(&newsite)).await;
    assert_eq!(theirs["code"], 404, "{theirs}");
    let reset = app.post(&format!("{BASE}/Resetpassword"), Some(&newsite), &[("id", &demo_finance)]).await;
    assert_eq!(reset["code"], 404, "{reset}");
    let open = app.post(&format!("{BASE}/Open"), Some(&newsite), &[("id", &demo_finance), ("status", "0")]).await;
    assert_eq!(open["code"], 404);
    let edit =
        app.post(&format!("{BASE}/Set_account"), Some(&newsite), &[("id", &demo_finance), ("name", "冒名")]).await;
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
    assert_eq!(create(app, &admin, "cw_admin", "13911118888").await["code"], 403);
    assert_eq!(create(app, &finance, "cw_fin", "13911118888").await["code"], 403);
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
    assert_refused(
        &app.post("/finance/project/v1/project/Inforalter", Some(&finance), &[("idnumber", "4101")]).await,
        "请填写正确的身份证号码",
    );

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
