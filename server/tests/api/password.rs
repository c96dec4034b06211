use wageguard::config::Config;

use crate::both;
use crate::support::{TestApp, assert_refused, b64};

const CHANGE: &str = "/builder/common/v1/Site/ajax_pwd";
const FINANCE_CHANGE: &str = "/finance/project/v1/project/Ajax_pwd";
const GET: &str = "/builder/common/v1/Public/get";

async fn password_change_validates_and_changes_nothing_on_refusal(app: &TestApp) {
    let token = app.login("demo", "Demo@12345").await;
    let before = app.scalar("SELECT password_changed_at FROM accounts WHERE username = 'demo'").await;
    let cases: Vec<(Vec<(&str, String)>, &str)> = vec![
        (vec![("new_pwd", b64("New@123456"))], "请输入原密码"),
        (vec![("old_pwd", b64("Demo@12345"))], "请输入新密码"),
        (vec![("old_pwd", "%%%".into()), ("new_pwd", b64("New@123456"))], "原密码格式错误"),
        (vec![("old_pwd", b64("Demo@12345")), ("new_pwd", "%%%".into())], "新密码格式错误"),
        (
            vec![("old_pwd", b64("Demo@12345")), ("new_pwd", b64("short"))],
            "请输入8-16位包含大小写字母+数字+特殊字符组成的密码",
        ),
        (
            vec![("old_pwd", b64("Demo@12345")), ("new_pwd", b64("alllowercase1!"))],
            "请输入8-16位包含大小写字母+数字+特殊字符组成的密码",
        ),
        (
            vec![("old_pwd", b64("Demo@12345")), ("new_pwd", b64("Abcdefgh@12345678"))],
            "请输入8-16位包含大小写字母+数字+特殊字符组成的密码",
        ),
        (vec![("old_pwd", b64("Wrong@12345")), ("new_pwd", b64("New@123456"))], "原密码错误"),
        (vec![("old_pwd", b64("Demo@12345")), ("new_pwd", b64("Demo@12345"))], "新密码不能与原密码相同"),
    ];
    for (form, message) in cases {
        let form: Vec<(&str, &str)> = form.iter().map(|(k, v)| (*k, v.as_str())).collect();
        assert_refused(&app.post(CHANGE, Some(&token), &form).await, message);
    }
    assert_eq!(app.scalar("SELECT password_changed_at FROM accounts WHERE username = 'demo'").await, before);
    assert_eq!(app.get(GET, Some(&token)).await["code"], 201);
    let no_token = app.post(CHANGE, None, &[("old_pwd", &b64("Demo@12345")), ("new_pwd", &b64("New@123456"))]).await;
    assert_eq!(no_token["code"], 101);
}
both!(password_change_validates_and_changes_nothing_on_refusal);

async fn password_change_ends_every_session(app: &TestApp) {
    let first = app.login("demo", "Demo@12345").await;
    let second = app.login("demo", "Demo@12345").await;
    let reply =
        app.post(CHANGE, Some(&first), &[("old_pwd", &b64("Demo@12345")), ("new_pwd", &b64("New@123456"))]).await;
    assert_eq!(reply["code"], 201, "{reply}");
    assert_eq!(reply["message"], "修改成功");
    assert_eq!(app.get(GET, Some(&first)).await["code"], 101);
    assert_eq!(app.get(GET, Some(&second)).await["code"], 101);
    let old = app
        .post("/builder/common/v1/Public/login", None, &[("username", "demo"), ("password", &b64("Demo@12345"))])
        .await;
    assert_eq!(old["code"], 401);
    let token = app.login("demo", "New@123456").await;
    assert_eq!(app.get(GET, Some(&token)).await["data"]["isupdate"], 1);
    assert_eq!(app.scalar("SELECT COUNT(*) FROM operation_log WHERE action = '修改密码'").await, 1);
}
both!(password_change_ends_every_session);

async fn finance_changes_its_password_on_its_own_path(app: &TestApp) {
    let builder = app.login("demo", "Demo@12345").await;
    let refused = app
        .post(FINANCE_CHANGE, Some(&builder), &[("old_pwd", &b64("Demo@12345")), ("new_pwd", &b64("New@123456"))])
        .await;
    assert_eq!(refused["code"], 403);
    let finance = app.login("finance", "Demo@12345").await;
    let reply = app
        .post(FINANCE_CHANGE, Some(&finance), &[("old_pwd", &b64("Demo@12345")), ("new_pwd", &b64("New@123456"))])
        .await;
    assert_eq!(reply["code"], 201, "{reply}");
    assert_eq!(app.get("/finance/common/v1/Public/get", Some(&finance)).await["code"], 101);
}
both!(finance_changes_its_password_on_its_own_path);

const LOCKED: &str = "密码错误次数过多，账号已锁定，请15分钟后再试";

async fn initial_passwords_are_flagged_until_changed(app: &TestApp) {
    app.exec("UPDATE accounts SET must_change_password = TRUE WHERE username IN ('demo', 'finance')").await;
    let login = app
        .post("/builder/common/v1/Public/login", None, &[("username", "demo"), ("password", &b64("Demo@12345"))])
        .await;
    assert_eq!(login["data"]["isupdate"], 0);
    let token = login["data"]["phpsessid"].as_str().unwrap().to_owned();
    assert_eq!(app.get(GET, Some(&token)).await["data"]["isupdate"], 0);
    app.post(CHANGE, Some(&token), &[("old_pwd", &b64("Demo@12345")), ("new_pwd", &b64("Fresh@2026x"))]).await;
    let login = app
        .post("/builder/common/v1/Public/login", None, &[("username", "demo"), ("password", &b64("Fresh@2026x"))])
        .await;
    assert_eq!(login["data"]["isupdate"], 1);

    let finance = app
        .post(
            "/finance/common/v1/Public/Financelogin",
            None,
            &[("username", "finance"), ("password", &b64("Demo@12345"))],
        )
        .await;
    assert_eq!(finance["data"]["isupdate"], 0);
}
both!(initial_passwords_are_flagged_until_changed);

/// Issue 12 finding 6: an account on its initial password may read its user info, change the password and
/// log out, and nothing else, until the password is changed.
async fn an_initial_password_opens_only_the_password_change(app: &TestApp) {
    const WORKERS: &str = "/builder/user/v1/Worker/list?limit=5";
    app.exec("UPDATE accounts SET must_change_password = TRUE WHERE username IN ('demo', 'finance')").await;
    let token = app.login("demo", "Demo@12345").await;
    let refused = app.get(WORKERS, Some(&token)).await;
    assert_eq!(refused["code"], 403, "{refused}");
    assert_eq!(refused["message"], "当前账号仍在使用初始密码，请修改密码后继续使用");
    let saved = app.post("/builder/user/v1/Worker/register", Some(&token), &[("name", "张三")]).await;
    assert_eq!(saved["code"], 403, "{saved}");
    assert_eq!(app.get(GET, Some(&token)).await["data"]["isupdate"], 0);

    let finance = app.login("finance", "Demo@12345").await;
    assert_eq!(app.get("/finance/common/v1/Public/get", Some(&finance)).await["code"], 201);
    assert_eq!(app.post("/finance/common/v1/Public/Logout", Some(&finance), &[]).await["code"], 201);

    let changed =
        app.post(CHANGE, Some(&token), &[("old_pwd", &b64("Demo@12345")), ("new_pwd", &b64("Fresh@2026x"))]).await;
    assert_eq!(changed["code"], 201, "{changed}");
    let token = app.login("demo", "Fresh@2026x").await;
    assert_eq!(app.get(WORKERS, Some(&token)).await["code"], 201);
    assert_eq!(app.get(GET, Some(&token)).await["data"]["isupdate"], 1);
}
both!(an_initial_password_opens_only_the_password_change);

/// Issue 12 finding 5: a wrong old password counts like a wrong login, on the same counter; once locked,
/// the session cannot go on guessing, even with the right old password, and the login is locked too.
async fn wrong_old_passwords_count_like_wrong_logins(app: &TestApp) {
    let token = app.login("demo", "Demo@12345").await;
    let wrong_login = app
        .post("/builder/common/v1/Public/login", None, &[("username", "demo"), ("password", &b64("Wrong@12345"))])
        .await;
    assert_eq!(wrong_login["code"], 401, "{wrong_login}");
    let (guess, new) = (b64("Guess@12345"), b64("New@123456"));
    for _ in 1..=3 {
        assert_refused(&app.post(CHANGE, Some(&token), &[("old_pwd", &guess), ("new_pwd", &new)]).await, "原密码错误");
    }
    assert_refused(&app.post(CHANGE, Some(&token), &[("old_pwd", &guess), ("new_pwd", &new)]).await, LOCKED);
    let right = app.post(CHANGE, Some(&token), &[("old_pwd", &b64("Demo@12345")), ("new_pwd", &new)]).await;
    assert_refused(&right, LOCKED);
    let login = app
        .post("/builder/common/v1/Public/login", None, &[("username", "demo"), ("password", &b64("Demo@12345"))])
        .await;
    assert_refused(&login, LOCKED);
    assert_eq!(app.scalar("SELECT COUNT(*) FROM operation_log WHERE action = '账号锁定'").await, 1);

    let finance = app.login("finance", "Demo@12345").await;
    for _ in 1..=4 {
        assert_refused(
            &app.post(FINANCE_CHANGE, Some(&finance), &[("old_pwd", &guess), ("new_pwd", &new)]).await,
            "原密码错误",
        );
    }
    assert_refused(&app.post(FINANCE_CHANGE, Some(&finance), &[("old_pwd", &guess), ("new_pwd", &new)]).await, LOCKED);
}
both!(wrong_old_passwords_count_like_wrong_logins);

fn normal_rule(config: &mut Config) {
    config.security.strong_password = false;
}

async fn the_normal_rule_applies_when_strong_passwords_are_off(app: &TestApp) {
    let status = app.post("/builder/common/v1/Public/passwordverification", None, &[]).await;
    assert_eq!(status["data"]["passwordstatus"], 0);
    let token = app.login("demo", "Demo@12345").await;
    let short = app.post(CHANGE, Some(&token), &[("old_pwd", &b64("Demo@12345")), ("new_pwd", &b64("abc12"))]).await;
    assert_refused(&short, "请输入6-16位非空格字符的密码");
    let spaced = app.post(CHANGE, Some(&token), &[("old_pwd", &b64("Demo@12345")), ("new_pwd", &b64("abc 123"))]).await;
    assert_refused(&spaced, "请输入6-16位非空格字符的密码");
    let ok = app.post(CHANGE, Some(&token), &[("old_pwd", &b64("Demo@12345")), ("new_pwd", &b64("abc123"))]).await;
    assert_eq!(ok["code"], 201, "{ok}");
    let login =
        app.post("/builder/common/v1/Public/login", None, &[("username", "demo"), ("password", &b64("abc123"))]).await;
    assert_eq!(login["data"]["ifmatch"], 1);
}
both!(the_normal_rule_applies_when_strong_passwords_are_off, normal_rule);

async fn password_verification_reports_the_rule(app: &TestApp) {
    let path = "/builder/common/v1/Public/passwordverification";
    let status = app.post(path, None, &[]).await;
    assert_eq!(status["data"], serde_json::json!({"passwordstatus": 1, "ifmatch": 0}));
    assert_eq!(app.post(path, None, &[("password", &b64("weak"))]).await["data"]["ifmatch"], 0);
    assert_eq!(app.post(path, None, &[("password", &b64("Strong@2026"))]).await["data"]["ifmatch"], 1);
    assert_refused(&app.post(path, None, &[("password", "%%%")]).await, "密码格式错误");
    assert_eq!(app.post("/finance/common/v1/Public/passwordverification", None, &[]).await["code"], 201);

    app.exec("UPDATE accounts SET password_meets_strong_rule = FALSE WHERE username = 'demo'").await;
    let login = app
        .post("/builder/common/v1/Public/login", None, &[("username", "demo"), ("password", &b64("Demo@12345"))])
        .await;
    assert_eq!(login["data"]["ifmatch"], 0);
}
both!(password_verification_reports_the_rule);
