//! The workbench (`/{builder,admin,finance}/workbench/v1/Workbench/summary`): every card equals the count of
//! the list it links to, on the demo data; the scope of each side and the refusals.

use serde_json::{Value, json};

use crate::both;
use crate::orders::{decide, submitted_order, verify_by_id};
use crate::support::{TestApp, regulator};
use crate::wages::previous_month;

const PROJECT: &str = "/builder/workbench/v1/Workbench/summary";
const DISTRICT: &str = "/admin/workbench/v1/Workbench/summary";
const FINANCE: &str = "/finance/workbench/v1/Workbench/summary";

async fn data(app: &TestApp, path: &str, token: &str) -> Value {
    let reply = app.get(path, Some(token)).await;
    assert_eq!(reply["code"], 201, "{path}: {reply}");
    reply["data"].clone()
}

async fn total_get(app: &TestApp, path: &str, token: &str) -> i64 {
    data(app, path, token).await["total"].as_i64().unwrap_or_else(|| panic!("{path} has a total"))
}

async fn total_post(app: &TestApp, path: &str, token: &str, form: &[(&str, &str)]) -> i64 {
    let reply = app.post(path, Some(token), form).await;
    assert_eq!(reply["code"], 201, "{path}: {reply}");
    reply["data"]["total"].as_i64().unwrap_or_else(|| panic!("{path} has a total: {reply}"))
}

fn fen(yuan: &Value) -> i64 {
    let text = yuan.as_str().unwrap_or("0").replace(',', "");
    let (whole, cents) = text.split_once('.').unwrap_or((&text, "00"));
    whole.parse::<i64>().unwrap() * 100 + cents.parse::<i64>().unwrap()
}

fn china_today() -> String {
    wageguard::clock::today()
}

/// Every card of the clerk's workbench against its list, as the clerk and as a regulator with the project.
async fn the_clerks_cards_equal_their_lists(app: &TestApp) {
    let demo = app.login("demo", "Demo@12345").await;
    // A paid order and a failed one make the wage cards non-trivial.
    let order = submitted_order(app, &demo).await;
    let finance = app.login("finance", "Demo@12345").await;
    verify_by_id(app, &finance, order).await;
    assert_eq!(decide(app, &finance, order, "1", "").await["code"], 201);
    app.exec("UPDATE payouts SET status = 'failed' WHERE id = (SELECT MIN(id) FROM payouts)").await;

    let summary = data(app, PROJECT, &demo).await;
    let admin = app.login("admin", "Admin@12345").await;
    assert_eq!(data(app, &format!("{PROJECT}?projectId=1"), &admin).await["workersOnSite"], summary["workersOnSite"]);

    let on_site = total_get(app, "/builder/user/v1/Worker/list?status=1&limit=1", &demo).await;
    assert_eq!(summary["workersOnSite"], on_site, "{summary}");
    assert!(on_site > 0);

    let today = china_today();
    let sheet = data(app, &format!("/builder/attendance/v1/Sheet/month?month={}&limit=100", &today[..7]), &demo).await;
    let day: u64 = today[8..].parse().unwrap();
    let came = sheet["list"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|row| {
            row["cells"].as_array().unwrap().iter().any(|cell| cell["day"] == day && cell["attended"] == true)
        })
        .count();
    assert_eq!(summary["attendedToday"], came as i64, "{summary}");

    let month = previous_month();
    assert_eq!(summary["wageMonth"], month.as_str());
    let sheets = data(app, &format!("/builder/wage/v1/Sheet/list?month={month}&limit=100"), &demo).await;
    let payable: i64 = sheets["list"].as_array().unwrap().iter().map(|sheet| fen(&sheet["net"])).sum();
    assert_eq!(fen(&summary["wagesPayable"]), payable, "{summary}");
    let orders = data(app, &format!("/builder/wage/v1/Order/list?month={month}&limit=100"), &demo).await;
    let paid: i64 = orders["list"].as_array().unwrap().iter().map(|order| fen(&order["paid"])).sum();
    assert_eq!(fen(&summary["wagesPaid"]), paid, "{summary}");

    let account = data(app, "/builder/special/v1/Account/info", &demo).await;
    assert_eq!(fen(&summary["balance"]), fen(&account["balance"]), "{account}");

    for level in ["red", "orange", "yellow"] {
        let listed = total_post(
            app,
            "/builder/earlywarning/v1/EarlyWarning/ajax_list",
            &demo,
            &[("status", "open"), ("level", level), ("limit", "1")],
        )
        .await;
        assert_eq!(summary["warnings"][level], listed, "{level}: {summary}");
    }

    let unread =
        total_post(app, "/builder/message/v1/Message/ajax_list", &demo, &[("read", "0"), ("limit", "1")]).await;
    assert_eq!(summary["unreadMessages"], unread, "{summary}");
    let notices = total_post(app, "/builder/notice/v1/Notice/ajax_list", &demo, &[("read", "0"), ("limit", "1")]).await;
    assert_eq!(summary["unreadNotices"], notices, "{summary}");

    let mut leads = 0;
    for status in ["dispatched", "returned"] {
        leads += total_get(app, &format!("/builder/clue/v1/Clue/ajax_list?status={status}&limit=1"), &demo).await;
    }
    assert_eq!(summary["leadsAwaitingFeedback"], leads, "{summary}");

    let pending = total_get(app, "/builder/wage/v1/Order/list?status=pending&limit=1", &demo).await;
    assert_eq!(summary["ordersPending"], pending, "{summary}");
    let failed = total_get(app, "/builder/wage/v1/Abnormal/list?limit=1", &demo).await;
    assert_eq!(summary["failedLines"], failed, "{summary}");
    assert_eq!(failed, 1);

    let staff = data(app, "/builder/project/v1/Staff/options", &demo).await;
    assert_eq!(
        summary["keyPostsMissing"].as_array().unwrap().len(),
        staff["keyPostsMissing"].as_array().unwrap().len(),
        "{staff}"
    );

    let guarantee = &summary["guarantee"];
    let directory = data(app, "/admin/regulator/v1/Project/ajax_list?limit=100", &admin).await;
    let row = directory["list"].as_array().unwrap().iter().find(|row| row["id"] == 1).unwrap();
    assert_eq!(guarantee["state"], row["guaranteeState"], "{summary}");
    assert_eq!(guarantee["end"], row["guaranteeEnd"], "{summary}");
    if guarantee["end"] != "" {
        assert!(guarantee["daysLeft"].is_i64(), "{summary}");
    }
}
both!(the_clerks_cards_equal_their_lists);

/// The regulator's cards over its district against 项目目录, 预警监管 and 线索管理.
async fn the_regulators_cards_equal_their_lists(app: &TestApp) {
    let admin = app.login("admin", "Admin@12345").await;
    let summary = data(app, DISTRICT, &admin).await;
    for (key, status) in [("draft", "0"), ("submitted", "1"), ("approved", "2"), ("rejected", "3")] {
        let listed =
            total_get(app, &format!("/admin/regulator/v1/Project/ajax_list?status={status}&limit=1"), &admin).await;
        assert_eq!(summary["projects"][key], listed, "{key}: {summary}");
    }
    for level in ["red", "orange", "yellow"] {
        let listed =
            total_get(app, &format!("/admin/warning/v1/Warning/ajax_list?status=open&level={level}&limit=1"), &admin)
                .await;
        assert_eq!(summary["warnings"][level], listed, "{level}: {summary}");
    }
    let overdue = total_get(app, "/admin/clue/v1/Clue/ajax_list?overdue=1&limit=1", &admin).await;
    assert_eq!(summary["leadsOverdue"], overdue, "{summary}");

    let directory = data(app, "/admin/regulator/v1/Project/ajax_list?status=2&limit=100", &admin).await;
    let rows = directory["list"].as_array().unwrap();
    let on_site: i64 = rows.iter().map(|row| row["workersOnSite"].as_i64().unwrap()).sum();
    assert_eq!(summary["workersOnSite"], on_site, "{summary}");
    assert!(on_site > 0);
    let paid: i64 = rows.iter().map(|row| row["wagesPaidFen"].as_i64().unwrap()).sum();
    assert_eq!(fen(&summary["wagesPaid"]), paid, "{summary}");
    assert_eq!(summary["wageMonth"], previous_month().as_str());
}
both!(the_regulators_cards_equal_their_lists);

/// A county regulator counts only its county; the whole-area account everything.
async fn a_county_regulator_counts_only_its_county(app: &TestApp) {
    let elsewhere = regulator(app, "county", "410302", "inspector").await;
    let summary = data(app, DISTRICT, &elsewhere).await;
    assert_eq!(summary["workersOnSite"], 0, "{summary}");
    assert_eq!(summary["projects"]["approved"], 0, "{summary}");
    assert_eq!(summary["wagesPaid"], "0.00");
    // The demo project is in 金水区 (410105); another county's account may not read it.
    assert_eq!(app.get(&format!("{PROJECT}?projectId=1"), Some(&elsewhere)).await["code"], 404);

    let home = regulator(app, "home", "410105", "auditor").await;
    let summary = data(app, DISTRICT, &home).await;
    assert_eq!(summary["projects"]["approved"], 1, "{summary}");
    assert!(summary["workersOnSite"].as_i64().unwrap() > 0);
}
both!(a_county_regulator_counts_only_its_county);

async fn each_side_reads_only_its_own(app: &TestApp) {
    let demo = app.login("demo", "Demo@12345").await;
    let finance = app.login("finance", "Demo@12345").await;
    let admin = app.login("admin", "Admin@12345").await;
    let refused = app.get(DISTRICT, Some(&demo)).await;
    assert_eq!((&refused["code"], &refused["message"]), (&json!(403), &json!("仅监管部门账号可以查看监管工作台")));
    assert_eq!(app.get(DISTRICT, Some(&finance)).await["code"], 403);
    assert_eq!(app.get(PROJECT, Some(&finance)).await["code"], 403);
    assert_eq!(app.get(FINANCE, Some(&demo)).await["code"], 403);
    assert_eq!(app.get(FINANCE, Some(&admin)).await["code"], 403);
    // A regulator without a project in view is asked for one.
    assert_eq!(app.get(PROJECT, Some(&admin)).await["code"], 401);
    assert_eq!(app.get(PROJECT, None).await["code"], 101);
}
both!(each_side_reads_only_its_own);

/// The approver's figures against 审批工单 and 审批历史.
async fn the_approvers_cards_equal_their_lists(app: &TestApp) {
    let demo = app.login("demo", "Demo@12345").await;
    let finance = app.login("finance", "Demo@12345").await;
    let order = submitted_order(app, &demo).await;
    let before = data(app, FINANCE, &finance).await;
    let pending = app.post("/finance/project/v1/orders/orderlist", Some(&finance), &[("limit", "1")]).await;
    assert_eq!(before["pending"], pending["data"]["total"], "{before}");
    assert!(before["pending"].as_i64().unwrap() > 0);

    verify_by_id(app, &finance, order).await;
    assert_eq!(decide(app, &finance, order, "1", "").await["code"], 201);
    let after = data(app, FINANCE, &finance).await;
    assert_eq!(after["approvedThisMonth"], before["approvedThisMonth"].as_i64().unwrap() + 1, "{after}");
    let history = app.post("/finance/project/v1/orders/Audithistory", Some(&finance), &[("limit", "100")]).await;
    let month = &china_today()[..7];
    let approved: Vec<&Value> = history["data"]["list"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|order| order["status"] != "rejected" && order["decidedAt"].as_str().unwrap().starts_with(month))
        .collect();
    assert_eq!(after["approvedThisMonth"], approved.len() as i64, "{history}");
    let total: i64 = approved.iter().map(|order| fen(&order["total"])).sum();
    assert_eq!(fen(&after["approvedTotal"]), total, "{after}");
}
both!(the_approvers_cards_equal_their_lists);
