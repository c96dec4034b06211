use wageguard::cli::{CreateUser, UserCommand, user};
use wageguard::identity::accounts::{AccountKind, RegulatorRole};

use crate::both;
use crate::support::{TestApp, b64};

fn create(username: &str, kind: AccountKind, project: Option<i64>, password: &str) -> UserCommand {
    UserCommand::Create(CreateUser {
        username: username.into(),
        kind,
        name: Some("测试".into()),
        phone: "13912345678".into(),
        project,
        password: Some(password.into()),
        district: String::new(),
        role: None,
    })
}

fn regulator(username: &str, district: &str, role: Option<RegulatorRole>) -> UserCommand {
    UserCommand::Create(CreateUser {
        username: username.into(),
        kind: AccountKind::Admin,
        name: Some("区监察".into()),
        phone: String::new(),
        project: None,
        password: Some("Init@12345".into()),
        district: district.into(),
        role,
    })
}

async fn cli_creates_regulators_with_a_district_and_a_role(app: &TestApp) {
    user(&app.db, &app.config, regulator("jc105", "410105", Some(RegulatorRole::Inspector))).await.unwrap();
    user(&app.db, &app.config, regulator("gl", "", None)).await.unwrap();
    assert!(user(&app.db, &app.config, regulator("bad", "110101", None)).await.is_err(), "outside the site");
    assert!(user(&app.db, &app.config, regulator("bad", "12", None)).await.is_err(), "no such district");
    let rows = app
        .scalar("SELECT COUNT(*) FROM accounts WHERE (username = 'jc105' AND district = '410105' AND regulator_role = 'inspector') OR (username = 'gl' AND district = '' AND regulator_role = 'manager')")
        .await;
    assert_eq!(rows, 2);
    assert_eq!(app.scalar("SELECT COUNT(*) FROM accounts WHERE username = 'bad'").await, 0);
}
both!(cli_creates_regulators_with_a_district_and_a_role);

async fn cli_creates_accounts_on_initial_passwords(app: &TestApp) {
    user(&app.db, &app.config, create("site2", AccountKind::Builder, None, "Init@12345")).await.unwrap();
    let login = app
        .post("/builder/common/v1/Public/login", None, &[("username", "site2"), ("password", &b64("Init@12345"))])
        .await;
    assert_eq!(login["code"], 201, "{login}");
    assert_eq!(login["data"]["isupdate"], 0);
    let token = login["data"]["phpsessid"].as_str().unwrap();
    let info = app.get("/builder/common/v1/Public/get", Some(token)).await;
    assert_eq!(info["data"]["status"], "0", "a new builder gets a draft project");
    assert_eq!(info["data"]["auditStatus"], true);

    assert!(
        user(&app.db, &app.config, create("site2", AccountKind::Builder, None, "Init@12345")).await.is_err(),
        "duplicate name"
    );
    assert!(
        user(&app.db, &app.config, create("weak", AccountKind::Builder, None, "weak")).await.is_err(),
        "weak password"
    );
    assert!(
        user(&app.db, &app.config, create("money", AccountKind::Finance, None, "Init@12345")).await.is_err(),
        "finance needs a project"
    );
    assert!(
        user(&app.db, &app.config, create("money", AccountKind::Finance, Some(9999), "Init@12345")).await.is_err(),
        "unknown project"
    );
    assert_eq!(app.scalar("SELECT COUNT(*) FROM accounts WHERE username IN ('weak', 'money')").await, 0);
    assert_eq!(app.scalar("SELECT COUNT(*) FROM operation_log WHERE action = '创建账号'").await, 1);
}
both!(cli_creates_accounts_on_initial_passwords);

async fn cli_resets_disables_and_enables(app: &TestApp) {
    let token = app.login("demo", "Demo@12345").await;
    let reset = UserCommand::ResetPassword { username: "demo".into(), password: Some("Reset@12345".into()) };
    user(&app.db, &app.config, reset).await.unwrap();
    assert_eq!(app.get("/builder/common/v1/Public/get", Some(&token)).await["code"], 101);
    let login = app
        .post("/builder/common/v1/Public/login", None, &[("username", "demo"), ("password", &b64("Reset@12345"))])
        .await;
    assert_eq!(login["data"]["isupdate"], 0, "a reset password is an initial password");

    user(&app.db, &app.config, UserCommand::Disable { username: "demo".into() }).await.unwrap();
    let token = login["data"]["phpsessid"].as_str().unwrap();
    assert_eq!(app.get("/builder/common/v1/Public/get", Some(token)).await["code"], 101);
    let refused = app
        .post("/builder/common/v1/Public/login", None, &[("username", "demo"), ("password", &b64("Reset@12345"))])
        .await;
    assert_eq!(refused["message"], "账号已停用，请联系管理员");
    user(&app.db, &app.config, UserCommand::Enable { username: "demo".into() }).await.unwrap();
    app.login("demo", "Reset@12345").await;
    assert!(user(&app.db, &app.config, UserCommand::Disable { username: "ghost".into() }).await.is_err());
    assert_eq!(
        app.scalar("SELECT COUNT(*) FROM operation_log WHERE action IN ('重置密码', '停用账号', '启用账号')").await,
        3
    );
}
both!(cli_resets_disables_and_enables);

async fn demo_data_is_seeded_once(app: &TestApp) {
    assert!(!wageguard::demo::seed(&app.db).await.unwrap(), "already seeded by spawn_app");
    assert_eq!(app.scalar("SELECT COUNT(*) FROM accounts").await, 5);
    assert_eq!(app.scalar("SELECT COUNT(*) FROM projects").await, 2);
    app.login("admin", "Admin@12345").await;
    app.login("jiancha", "Demo@12345").await;
    app.login("newsite", "Demo@12345").await;
}
both!(demo_data_is_seeded_once);
