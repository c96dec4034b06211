//! The regulator's operation-log viewer: `/admin/oplog/v1/Log/{ajax_list,kinds}`.

use crate::both;
use serde_json::Value;

use crate::submit::{PASSWORD, complete_and_submit, newsite_project};
use crate::support::{TestApp, assert_refused};

const LIST: &str = "/admin/oplog/v1/Log/ajax_list";
const KINDS: &str = "/admin/oplog/v1/Log/kinds";
const DEMO_PROJECT: &str = "郑州市金水区幸福里安置房项目";

/// A query string of `pairs`, every byte but letters and digits percent-encoded.
fn query(pairs: &[(&str, &str)]) -> String {
    let encode = |text: &str| {
        text.bytes()
            .map(|b| if b.is_ascii_alphanumeric() { (b as char).to_string() } else { format!("%{b:02X}") })
            .collect::<String>()
    };
    pairs.iter().map(|(name, value)| format!("{name}={}", encode(value))).collect::<Vec<_>>().join("&")
}

async fn list(app: &TestApp, token: &str, pairs: &[(&str, &str)]) -> Value {
    let reply = app.get(&format!("{LIST}?{}", query(pairs)), Some(token)).await;
    assert_eq!(reply["code"], 201, "{pairs:?}: {reply}");
    reply["data"].clone()
}

fn rows(data: &Value) -> &Vec<Value> {
    data["list"].as_array().expect("list")
}

async fn only_the_regulator_reads_the_log(app: &TestApp) {
    for username in ["demo", "newsite", "finance"] {
        let token = app.login(username, PASSWORD).await;
        for path in [LIST, KINDS] {
            let reply = app.get(path, Some(&token)).await;
            assert_eq!(reply["code"], 403, "{username} {path}: {reply}");
            assert_eq!(reply["message"], "仅监管部门账号可以查看操作日志");
        }
    }
    for path in [LIST, KINDS] {
        assert_eq!(app.get(path, None).await["code"], 101, "{path}");
    }
}
both!(only_the_regulator_reads_the_log);

async fn the_log_filters_pages_and_names_the_project(app: &TestApp) {
    let newsite = app.login("newsite", PASSWORD).await;
    complete_and_submit(app, &newsite).await;
    let project_id = newsite_project(app).await;
    let admin = app.login("admin", "Admin@12345").await;
    let approved = app.post("/admin/audit/v1/Project/approve", Some(&admin), &[("id", &project_id.to_string())]).await;
    assert_eq!(approved["code"], 201, "{approved}");
    app.login("demo", PASSWORD).await;

    // Everything, newest first.
    let all = list(app, &admin, &[("limit", "100")]).await;
    assert_eq!(all["total"], app.scalar("SELECT COUNT(*) FROM operation_log").await);
    let ids: Vec<i64> = rows(&all).iter().map(|row| row["id"].as_i64().unwrap()).collect();
    assert!(ids.windows(2).all(|pair| pair[0] > pair[1]), "newest first: {ids:?}");
    let first = &rows(&all)[0];
    for field in
        ["time", "account_name", "action", "target_type", "target_id", "project_id", "project_name", "detail", "ip"]
    {
        assert!(first.get(field).is_some(), "{field}: {first}");
    }
    assert_eq!(first["action"], "登录");
    assert_eq!(first["account_name"], "demo");
    assert_eq!(first["project_name"], DEMO_PROJECT, "a clerk's line carries the clerk's project: {first}");
    assert_eq!(first["time"].as_str().unwrap().len(), 19);

    // The regulator's decision names the project it decided, with the status before and after.
    let decision = rows(&all).iter().find(|row| row["action"] == "审核通过").expect("the approval is logged");
    assert_eq!(decision["account_name"], "admin");
    assert_eq!(decision["project_id"], project_id);
    assert_eq!(decision["project_name"], "郑州市金水区花园路小学改扩建工程");
    assert!(decision["detail"].as_str().unwrap().contains("待审核 → 已通过"), "{decision}");
    let submitted = rows(&all).iter().find(|row| row["action"] == "提交审核").expect("the submission is logged");
    assert!(submitted["detail"].as_str().unwrap().contains("未提交 → 待审核"), "{submitted}");
    let regulator_login = rows(&all).iter().find(|row| row["account_name"] == "admin" && row["action"] == "登录");
    assert_eq!(regulator_login.expect("admin logged in")["project_id"], Value::Null);

    // By project.
    let by_project = list(app, &admin, &[("project_id", &project_id.to_string()), ("limit", "100")]).await;
    let expected =
        app.scalar_owned(format!("SELECT COUNT(*) FROM operation_log WHERE project_id = {project_id}")).await;
    assert_eq!(by_project["total"], expected);
    assert!(expected >= 4, "login, saves, submission, approval: {expected}");
    assert!(rows(&by_project).iter().all(|row| row["project_id"] == project_id));
    assert!(rows(&by_project).iter().any(|row| row["account_name"] == "admin"), "the regulator's line on it");

    // By account (part of the login name), by kind, by both.
    let by_account = list(app, &admin, &[("account", "ewsit"), ("limit", "100")]).await;
    assert!(!rows(&by_account).is_empty());
    assert!(rows(&by_account).iter().all(|row| row["account_name"] == "newsite"));
    assert_eq!(list(app, &admin, &[("account", "%")]).await["total"], 0, "wildcards are literal");
    let logins = list(app, &admin, &[("kind", "登录"), ("limit", "100")]).await;
    assert_eq!(logins["total"], app.scalar("SELECT COUNT(*) FROM operation_log WHERE action = '登录'").await);
    assert!(rows(&logins).iter().all(|row| row["action"] == "登录"));
    let both = list(app, &admin, &[("kind", "登录"), ("account", "admin")]).await;
    assert!(rows(&both).iter().all(|row| row["action"] == "登录" && row["account_name"] == "admin"));
    assert!(both["total"].as_i64().unwrap() >= 1);

    // By date: today (China time) holds every line, a past range none.
    let today = wageguard::clock::today();
    let on_today = list(app, &admin, &[("start_date", &today), ("end_date", &today)]).await;
    assert_eq!(on_today["total"], all["total"]);
    let past = list(app, &admin, &[("start_date", "2020-01-01"), ("end_date", "2020-01-31")]).await;
    assert_eq!(past["total"], 0);

    // Pages.
    let two = list(app, &admin, &[("limit", "2")]).await;
    let second = list(app, &admin, &[("limit", "1"), ("page", "2")]).await;
    assert_eq!(rows(&second).len(), 1);
    assert_eq!(rows(&second)[0]["id"], rows(&two)[1]["id"]);
    assert_eq!(second["total"], all["total"]);

    // The kinds of the filter.
    let kinds = app.get(KINDS, Some(&admin)).await;
    assert_eq!(kinds["code"], 201, "{kinds}");
    let kinds: Vec<&str> = kinds["data"]["kinds"].as_array().unwrap().iter().map(|k| k.as_str().unwrap()).collect();
    for kind in ["登录", "提交审核", "审核通过"] {
        assert!(kinds.contains(&kind), "{kind}: {kinds:?}");
    }
    assert!(kinds.windows(2).all(|pair| pair[0] < pair[1]), "distinct and in order: {kinds:?}");

    // Bad filters: a message, no list.
    for (pairs, message) in [
        (&[("project_id", "x")][..], "请选择正确的项目"),
        (&[("start_date", "2026-02-30")][..], "请选择正确的日期"),
        (&[("start_date", "2026-11-25"), ("end_date", "2026-11-24")][..], "开始日期不能晚于结束日期"),
        (&[("limit", "101")][..], "每页条数应为1-100"),
    ] {
        assert_refused(&app.get(&format!("{LIST}?{}", query(pairs)), Some(&admin)).await, message);
    }
    let long = "账".repeat(51);
    assert_refused(
        &app.get(&format!("{LIST}?{}", query(&[("account", &long)])), Some(&admin)).await,
        "操作账号不能超过50个字",
    );
}
both!(the_log_filters_pages_and_names_the_project);
