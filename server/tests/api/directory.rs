//! The regulator's project directory (`/admin/regulator/v1/Project/{ajax_list,export}`): its figures equal
//! what each area's per-project list answers, the account's district scope, paging, sort, filters, the export
//! and the refusals.

use serde_json::Value;

use crate::both;
use crate::orders::{decide, submitted_order, verify_by_id};
use crate::support::{TestApp, assert_refused};
use crate::wages::previous_month;

const LIST: &str = "/admin/regulator/v1/Project/ajax_list";
const EXPORT: &str = "/admin/regulator/v1/Project/export";

async fn list(app: &TestApp, token: &str, query: &str) -> Value {
    let reply = app.get(&format!("{LIST}?{query}"), Some(token)).await;
    assert_eq!(reply["code"], 201, "{reply}");
    reply["data"].clone()
}

fn fen(yuan: &Value) -> i64 {
    let text = yuan.as_str().unwrap_or("0").replace(',', "");
    let (whole, cents) = text.split_once('.').unwrap_or((&text, "00"));
    whole.parse::<i64>().unwrap() * 100 + cents.parse::<i64>().unwrap()
}

fn row(data: &Value, id: i64) -> &Value {
    data["list"].as_array().unwrap().iter().find(|row| row["id"] == id).unwrap_or_else(|| panic!("{id} in {data}"))
}

async fn the_figures_equal_the_per_project_lists(app: &TestApp) {
    let demo = app.login("demo", "Demo@12345").await;
    // One order paid, one sheet of the month left unpaid: paid and payable differ.
    let order = submitted_order(app, &demo).await;
    let finance = app.login("finance", "Demo@12345").await;
    verify_by_id(app, &finance, order).await;
    assert_eq!(decide(app, &finance, order, "1", "").await["code"], 201);
    let unit = app.scalar("SELECT id FROM project_units WHERE project_id = 1 AND role = 'builder'").await;
    let extra = app
        .post(
            "/builder/wage/v1/Sheet/create",
            Some(&demo),
            &[("month", &previous_month()), ("unitId", &unit.to_string())],
        )
        .await;
    assert!(extra["code"] == 201 || extra["code"] == 401, "{extra}");

    let admin = app.login("admin", "Admin@12345").await;
    let data = list(app, &admin, "limit=100").await;
    assert_eq!(data["total"], app.scalar("SELECT COUNT(*) FROM projects").await);
    let demo_row = row(&data, 1);
    let month = previous_month();
    assert_eq!(demo_row["wageMonth"], month.as_str());

    let roster = app.get("/builder/user/v1/Worker/list?projectId=1&status=1&limit=1", Some(&admin)).await;
    assert_eq!(demo_row["workersOnSite"], roster["data"]["total"], "{roster}");
    assert!(demo_row["workersOnSite"].as_i64().unwrap() > 0);

    let sheets =
        app.get(&format!("/builder/wage/v1/Sheet/list?projectId=1&month={month}&limit=100"), Some(&admin)).await;
    let payable: i64 = sheets["data"]["list"].as_array().unwrap().iter().map(|sheet| fen(&sheet["net"])).sum();
    assert_eq!(demo_row["wagesPayableFen"], payable, "{sheets}");
    let orders =
        app.get(&format!("/builder/wage/v1/Order/list?projectId=1&month={month}&limit=100"), Some(&admin)).await;
    let paid: i64 = orders["data"]["list"].as_array().unwrap().iter().map(|order| fen(&order["paid"])).sum();
    assert_eq!(demo_row["wagesPaidFen"], paid, "{orders}");
    assert!(paid > 0);

    let account = app.get("/builder/special/v1/Account/info?projectId=1", Some(&admin)).await;
    assert_eq!(demo_row["balanceFen"], fen(&account["data"]["balance"]), "{account}");

    let last = demo_row["lastAttendance"].as_str().unwrap();
    assert_eq!(last.len(), 10, "{demo_row}");
    let records =
        app.get(&format!("/builder/attendance/v1/Record/list?projectId=1&shiftDay={last}"), Some(&admin)).await;
    assert!(records["data"]["total"].as_i64().unwrap() > 0, "{records}");

    let units = app.scalar("SELECT COUNT(*) FROM project_units WHERE project_id = 1 AND role = 'contractor'").await;
    assert_eq!(units, 1);
    assert!(!demo_row["builder"].as_str().unwrap().is_empty());
    assert!(!demo_row["contractor"].as_str().unwrap().is_empty());
    assert_eq!(demo_row["auditStatus"], "2");
    assert!(demo_row["districtName"].as_str().unwrap().contains("金水区"), "{demo_row}");

    let draft = row(&data, 2);
    assert_eq!(draft["workersOnSite"], 0);
    assert_eq!(draft["wagesPaidFen"], 0);
    assert_eq!(draft["lastAttendance"], "");
    assert_eq!(draft["guaranteeState"], "none");
}
both!(the_figures_equal_the_per_project_lists);

async fn a_district_scoped_regulator_sees_only_its_district(app: &TestApp) {
    app.exec("UPDATE projects SET district_code = '4103,410302,410302001' WHERE id = 2").await;
    app.exec("UPDATE accounts SET district = '410105' WHERE username = 'admin'").await;
    let admin = app.login("admin", "Admin@12345").await;
    let data = list(app, &admin, "").await;
    assert_eq!(data["total"], 1, "{data}");
    assert_eq!(data["list"][0]["id"], 1);
    // A district outside the account's: nothing, never the other district's projects.
    assert_eq!(list(app, &admin, "district=410302").await["total"], 0);
    assert_eq!(list(app, &admin, "district=4101").await["total"], 1);

    app.exec("UPDATE accounts SET district = '4103' WHERE username = 'admin'").await;
    let data = list(app, &admin, "").await;
    assert_eq!(data["total"], 1, "{data}");
    assert_eq!(data["list"][0]["id"], 2);

    app.exec("UPDATE accounts SET district = '' WHERE username = 'admin'").await;
    assert_eq!(list(app, &admin, "").await["total"], 2);
    assert_eq!(list(app, &admin, "district=410302").await["total"], 1);
}
both!(a_district_scoped_regulator_sees_only_its_district);

async fn the_directory_pages_sorts_and_filters(app: &TestApp) {
    for n in 0..12 {
        app.exec_owned(format!(
            "INSERT INTO projects (name, audit_status, created_at, contract_price_fen) VALUES ('测试项目{n:02}', '1', 0, {})",
            (n + 1) * 100
        ))
        .await;
    }
    let admin = app.login("admin", "Admin@12345").await;
    let first = list(app, &admin, "limit=5&sort=name&order=asc").await;
    assert_eq!(first["total"], 14);
    assert_eq!(first["list"].as_array().unwrap().len(), 5);
    let third = list(app, &admin, "limit=5&page=3&sort=name&order=asc").await;
    assert_eq!(third["list"].as_array().unwrap().len(), 4);
    let names: Vec<String> =
        first["list"].as_array().unwrap().iter().map(|r| r["name"].as_str().unwrap().to_owned()).collect();
    let mut sorted = names.clone();
    sorted.sort();
    assert_eq!(names, sorted);

    let by_price = list(app, &admin, "limit=1&sort=contractPrice&order=desc&status=1").await;
    assert_eq!(by_price["list"][0]["name"], "测试项目11");
    assert_eq!(by_price["list"][0]["contractPriceFen"], 1200);
    assert_eq!(list(app, &admin, "status=1").await["total"], 12);
    assert_eq!(list(app, &admin, "status=2").await["total"], 1);
    assert_eq!(list(app, &admin, "name=%E6%B5%8B%E8%AF%95%E9%A1%B9%E7%9B%AE0").await["total"], 10);

    assert_refused(&app.get(&format!("{LIST}?status=9"), Some(&admin)).await, "请选择正确的审核状态");
    assert_refused(&app.get(&format!("{LIST}?sort=id;DROP"), Some(&admin)).await, "不支持按该列排序");
    assert_refused(&app.get(&format!("{LIST}?district=12x"), Some(&admin)).await, "请选择正确的行政区划");
    assert_refused(&app.get(&format!("{LIST}?limit=101"), Some(&admin)).await, "每页条数应为1-100");
}
both!(the_directory_pages_sorts_and_filters);

async fn the_export_holds_the_listed_rows(app: &TestApp) {
    let admin = app.login("admin", "Admin@12345").await;
    let listed = list(app, &admin, "limit=100&sort=name").await;
    let request = axum::http::Request::get(format!("{EXPORT}?sort=name"))
        .header("X-Token", &admin)
        .body(axum::body::Body::empty())
        .unwrap();
    let response = tower::ServiceExt::oneshot(app.router.clone(), request).await.unwrap();
    assert_eq!(response.status(), 200);
    assert_eq!(response.headers()["content-type"], "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    let bytes = http_body_util::BodyExt::collect(response.into_body()).await.unwrap().to_bytes();
    let mut workbook: calamine::Xlsx<_> =
        calamine::open_workbook_from_rs(std::io::Cursor::new(bytes.to_vec())).unwrap();
    let range = calamine::Reader::worksheet_range(&mut workbook, "项目目录").unwrap();
    let rows: Vec<Vec<String>> = range.rows().map(|row| row.iter().map(|cell| cell.to_string()).collect()).collect();
    assert_eq!(rows[0][0], "项目名称");
    assert_eq!(rows.len() - 1, listed["list"].as_array().unwrap().len());
    for (line, listed) in rows[1..].iter().zip(listed["list"].as_array().unwrap()) {
        assert_eq!(line[0], listed["name"].as_str().unwrap());
        assert_eq!(line[2], listed["auditStatusLabel"].as_str().unwrap());
        assert_eq!(line[6], listed["workersOnSite"].to_string());
        assert_eq!(line[13], listed["id"].to_string());
    }
    let refused = app.get(&format!("{EXPORT}?status=9"), Some(&admin)).await;
    assert_refused(&refused, "请选择正确的审核状态");
}
both!(the_export_holds_the_listed_rows);

async fn only_the_regulator_reads_the_directory(app: &TestApp) {
    let demo = app.login("demo", "Demo@12345").await;
    let finance = app.login("finance", "Demo@12345").await;
    for path in [LIST, EXPORT] {
        let reply = app.get(path, Some(&demo)).await;
        assert_eq!(reply["code"], 403, "{reply}");
        assert_eq!(reply["message"], "仅监管部门账号可以查看项目目录");
        let reply = app.get(path, Some(&finance)).await;
        assert_eq!(reply["code"], 403, "{reply}");
        assert_eq!(reply["message"], "财务账号无权访问该功能");
        assert_eq!(app.get(path, None).await["code"], 101);
    }
}
both!(only_the_regulator_reads_the_directory);

/// The open warnings on a project's row are those the warning list counts for it, level by level.
async fn the_warning_columns_equal_the_warning_list(app: &TestApp) {
    wageguard::warning::engine::run(&app.db, &app.config.warnings, wageguard::clock::china_today())
        .await
        .expect("engine run");
    let admin = app.login("admin", "Admin@12345").await;
    let data = list(app, &admin, "limit=100").await;
    let demo_row = row(&data, 1);
    let mut raised = 0;
    for level in ["red", "orange", "yellow"] {
        let listed = app
            .get(&format!("/admin/warning/v1/Warning/ajax_list?projectId=1&status=open&level={level}"), Some(&admin))
            .await;
        assert_eq!(listed["code"], 201, "{listed}");
        let column = format!("warnings{}{}", level[..1].to_uppercase(), &level[1..]);
        assert_eq!(demo_row[&column], listed["data"]["total"], "{column}: {demo_row}");
        raised += listed["data"]["total"].as_i64().unwrap();
    }
    assert!(raised > 0, "the demo project has open warnings");

    // The warning-level filter keeps the projects with an open warning of that level.
    let levels = ["red", "orange", "yellow"];
    let column = |level: &str| format!("warnings{}{}", level[..1].to_uppercase(), &level[1..]);
    let level = levels.iter().find(|level| demo_row[&column(level)].as_i64().unwrap() > 0).unwrap();
    let filtered = list(app, &admin, &format!("limit=100&warning={level}")).await;
    assert!(filtered["list"].as_array().unwrap().iter().all(|row| row[&column(level)].as_i64().unwrap() > 0));
    assert!(filtered["list"].as_array().unwrap().iter().any(|row| row["id"] == 1), "{filtered}");
    app.exec("UPDATE warnings SET status = 'closed'").await;
    assert_eq!(list(app, &admin, &format!("warning={level}")).await["total"], 0);
    assert_refused(&app.get(&format!("{LIST}?warning=purple"), Some(&admin)).await, "请选择正确的预警等级");
}
both!(the_warning_columns_equal_the_warning_list);
