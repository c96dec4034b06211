//! Wage sheets (project/accounting) and salaryCheck: prefill from attendance, edits with reasons, the lock,
//! the anomalies, and who may do what.

use serde_json::Value;

use crate::both;
use crate::support::{TestApp, assert_refused};

pub fn leak(sql: String) -> &'static str {
    Box::leak(sql.into_boxed_str())
}

/// The previous month, `YYYY-MM` (the demo attendance covers all of it).
pub fn previous_month() -> String {
    month_back(1)
}

/// The month `back` months before this one, `YYYY-MM`.
pub fn month_back(back: u32) -> String {
    let mut day = wageguard::clock::china_today();
    for _ in 0..back {
        day = day.replace_day(1).unwrap().previous_day().unwrap();
    }
    format!("{:04}-{:02}", day.year(), day.month() as u8)
}

pub async fn contractor_unit(app: &TestApp) -> i64 {
    app.scalar("SELECT id FROM project_units WHERE project_id = 1 AND role = 'contractor'").await
}

/// Creates the whole contractor unit's sheet for the previous month and answers its id.
pub async fn create_sheet(app: &TestApp, token: &str) -> i64 {
    let unit = contractor_unit(app).await.to_string();
    let reply = app
        .post("/builder/wage/v1/Sheet/create", Some(token), &[("month", &previous_month()), ("unitId", &unit)])
        .await;
    assert_eq!(reply["code"], 201, "{reply}");
    reply["data"].as_i64().unwrap()
}

pub async fn lines(app: &TestApp, token: &str, sheet: i64) -> Vec<Value> {
    let reply = app.get(&format!("/builder/wage/v1/Sheet/detail?id={sheet}&limit=100"), Some(token)).await;
    assert_eq!(reply["code"], 201, "{reply}");
    reply["data"]["lines"]["list"].as_array().unwrap().clone()
}

async fn sheets_prefill_from_attendance(app: &TestApp) {
    let token = app.login("demo", "Demo@12345").await;
    let month = previous_month();
    let sheet = create_sheet(app, &token).await;
    let workers = app.scalar("SELECT COUNT(*) FROM employments WHERE project_id = 1 AND status = 1").await;
    let lines = lines(app, &token, sheet).await;
    assert_eq!(lines.len() as i64, workers);
    for line in &lines {
        let worker = line["workerId"].as_i64().unwrap();
        let days = app.scalar(leak(format!(
            "SELECT COUNT(*) FROM attendance_days WHERE project_id = 1 AND worker_id = {worker} AND attended = TRUE AND day LIKE '{month}-%'"))).await;
        let rate = app
            .scalar(leak(format!("SELECT wage_fen FROM employments WHERE worker_id = {worker} AND project_id = 1")))
            .await;
        assert_eq!(line["days"].as_i64().unwrap(), days);
        assert!(days > 15, "demo attendance covers the month");
        assert_eq!(line["prefill"], wageguard::wage::money::yuan(days * rate));
        assert_eq!(line["net"], line["payable"]);
        assert_eq!(line["cardProblem"], "");
    }
    let list = app.get(&format!("/builder/wage/v1/Sheet/list?month={month}"), Some(&token)).await;
    assert_eq!(list["data"]["total"], 1);
    let total =
        app.scalar(leak(format!("SELECT CAST(SUM(net_fen) AS BIGINT) FROM wage_lines WHERE sheet_id = {sheet}"))).await;
    assert_eq!(list["data"]["list"][0]["net"], wageguard::wage::money::yuan(total));
    assert_eq!(list["data"]["list"][0]["statusLabel"], "未确认");

    let unit = contractor_unit(app).await.to_string();
    let again = app.post("/builder/wage/v1/Sheet/create", Some(&token), &[("month", &month), ("unitId", &unit)]).await;
    assert_refused(&again, "该单位（班组）本月已有未确认的工资表，请在该表中刷新考勤");
    let future =
        app.post("/builder/wage/v1/Sheet/create", Some(&token), &[("month", "2099-01"), ("unitId", &unit)]).await;
    assert_refused(&future, "不能为未来月份编制工资表");
    let bad = app.post("/builder/wage/v1/Sheet/create", Some(&token), &[("month", "2024-13"), ("unitId", &unit)]).await;
    assert_refused(&bad, "请选择正确的月份");
    let no_unit =
        app.post("/builder/wage/v1/Sheet/create", Some(&token), &[("month", &month), ("unitId", "99999")]).await;
    assert_refused(&no_unit, "请选择参建单位");
}
both!(sheets_prefill_from_attendance);

async fn monthly_wages_are_pro_rata(app: &TestApp) {
    let token = app.login("demo", "Demo@12345").await;
    app.exec("UPDATE employments SET wage_kind = 'month', wage_fen = 650001 WHERE project_id = 1").await;
    // The sheet reads each line's standard from its rate history (worker::corrections::rate_for).
    app.exec("UPDATE employment_rates SET wage_kind = 'month', wage_fen = 650001").await;
    let sheet = create_sheet(app, &token).await;
    let span = wageguard::wage::service::month_span(&previous_month()).unwrap();
    let calendar = wageguard::calendar::service::calendar(&app.db, span.first, span.last).await.unwrap();
    let working_days = calendar.working_days(span.first, span.last);
    let statutory = wageguard::domain::calendar::days(span.first, span.last)
        .filter(|day| calendar.class(*day) == wageguard::domain::calendar::DayClass::Statutory)
        .count() as i64;
    for line in lines(app, &token, sheet).await {
        let worker = line["workerId"].as_i64().unwrap();
        let entry = app.scalar(leak(format!(
            "SELECT CAST(REPLACE(entry_date, '-', '') AS BIGINT) FROM employments WHERE worker_id = {worker} AND project_id = 1"))).await;
        let attended: Vec<String> = wageguard::domain::calendar::days(span.first, span.last)
            .filter(|day| calendar.class(*day) == wageguard::domain::calendar::DayClass::Working)
            .map(|day| day.to_string())
            .collect();
        let mut worked = 0;
        for day in &attended {
            worked += app.scalar(leak(format!(
                "SELECT COUNT(*) FROM attendance_days WHERE project_id = 1 AND worker_id = {worker} AND attended = TRUE AND day = '{day}'"))).await;
        }
        // The demo's workers entered before the month: the month is paid by 21.75 paid days, whole when
        // every working day was attended (decisions "Payroll rules").
        assert!(entry < span.first.to_string().replace('-', "").parse::<i64>().unwrap());
        let expected = if worked == working_days {
            650_001
        } else {
            ((2 * 650_001 * (worked + statutory) * 4 + 87) / 174).min(650_001)
        };
        assert_eq!(line["prefill"], wageguard::wage::money::yuan(expected), "{line}");
    }
}
both!(monthly_wages_are_pro_rata);

async fn lines_edit_with_reasons_until_confirmed(app: &TestApp) {
    let token = app.login("demo", "Demo@12345").await;
    let sheet = create_sheet(app, &token).await;
    let line = lines(app, &token, sheet).await[0].clone();
    let id = line["id"].to_string();
    let save = |payable: &'static str, deduction: &'static str, reason: &'static str| {
        let id = id.clone();
        let token = token.clone();
        async move {
            app.post(
                "/builder/wage/v1/Sheet/saveLine",
                Some(&token),
                &[("id", &id), ("payable", payable), ("deduction", deduction), ("reason", reason)],
            )
            .await
        }
    };
    assert_refused(&save("1.00", "", "").await, "修改应发工资或扣款时请填写原因");
    assert_refused(&save("100.00", "100.01", "借支").await, "实发工资不能为负数，扣款不能超过应发工资");
    assert_refused(&save("-1", "", "x").await, "应发工资应为0-9999999.99元的金额，最多2位小数");
    assert_refused(&save("1.001", "", "x").await, "应发工资应为0-9999999.99元的金额，最多2位小数");
    assert_refused(&save("100", "abc", "x").await, "扣款应为0-9999999.99元的金额，最多2位小数");
    let ok = save("8000.10", "200.05", "加班补贴；预支生活费").await;
    assert_eq!(ok["code"], 201, "{ok}");
    let after = lines(app, &token, sheet).await.into_iter().find(|l| l["id"] == line["id"]).unwrap();
    assert_eq!(
        (after["payable"].as_str(), after["deduction"].as_str(), after["net"].as_str()),
        (Some("8000.10"), Some("200.05"), Some("7800.05"))
    );
    assert_eq!(app.scalar("SELECT COUNT(*) FROM operation_log WHERE action = '修改工资明细'").await, 1);

    let remove = app
        .post(
            "/builder/wage/v1/Sheet/removeLine",
            Some(&token),
            &[("id", &lines(app, &token, sheet).await[1]["id"].to_string())],
        )
        .await;
    assert_refused(&remove, "请填写移出原因");

    let sheet_id = sheet.to_string();
    let confirm = app.post("/builder/wage/v1/Sheet/confirm", Some(&token), &[("id", &sheet_id)]).await;
    assert_eq!(confirm["code"], 201, "{confirm}");
    assert_refused(&save("1", "", "x").await, "工资表已确认，不能修改");
    assert_refused(
        &app.post("/builder/wage/v1/Sheet/delete", Some(&token), &[("id", &sheet_id)]).await,
        "只有未确认的工资表可以删除",
    );
    assert_refused(
        &app.post("/builder/wage/v1/Sheet/confirm", Some(&token), &[("id", &sheet_id)]).await,
        "工资表已确认",
    );
    let unconfirm = app.post("/builder/wage/v1/Sheet/unconfirm", Some(&token), &[("id", &sheet_id)]).await;
    assert_eq!(unconfirm["code"], 201, "{unconfirm}");
    let delete = app.post("/builder/wage/v1/Sheet/delete", Some(&token), &[("id", &sheet_id)]).await;
    assert_eq!(delete["code"], 201, "{delete}");
    assert_eq!(app.scalar("SELECT COUNT(*) FROM wage_lines").await, 0);
}
both!(lines_edit_with_reasons_until_confirmed);

async fn sheets_are_scoped(app: &TestApp) {
    let demo = app.login("demo", "Demo@12345").await;
    let sheet = create_sheet(app, &demo).await.to_string();
    let finance = app.login("finance", "Demo@12345").await;
    assert_eq!(app.get("/builder/wage/v1/Sheet/list", Some(&finance)).await["code"], 403);
    assert_eq!(app.post("/builder/wage/v1/Sheet/confirm", Some(&finance), &[("id", &sheet)]).await["code"], 403);
    let admin = app.login("admin", "Admin@12345").await;
    assert_eq!(
        app.get(&format!("/builder/wage/v1/Sheet/detail?id={sheet}&projectId=1"), Some(&admin)).await["code"],
        201
    );
    assert_eq!(app.post("/builder/wage/v1/Sheet/confirm", Some(&admin), &[("id", &sheet)]).await["code"], 403);
    let other = app.login("newsite", "Demo@12345").await;
    assert_eq!(app.get(&format!("/builder/wage/v1/Sheet/detail?id={sheet}"), Some(&other)).await["code"], 404);
    assert_eq!(app.post("/builder/wage/v1/Sheet/confirm", Some(&other), &[("id", &sheet)]).await["code"], 404);
    assert_eq!(app.get("/builder/wage/v1/Sheet/list", Some(&other)).await["data"]["total"], 0);
    assert_eq!(app.get("/builder/wage/v1/Sheet/list", None).await["code"], 101);
    assert_eq!(app.get("/builder/wage/v1/Sheet/detail?id=abc", Some(&demo)).await["code"], 401);
    assert_eq!(app.get("/builder/wage/v1/Sheet/list?page=0", Some(&demo)).await["code"], 401);
    let options = app.get("/builder/wage/v1/Sheet/options", Some(&demo)).await;
    assert_eq!(options["data"]["teams"].as_array().unwrap().len(), 3, "{options}");
    assert_eq!(options["data"]["defaultMonth"], previous_month());
    assert_eq!(options["data"]["balance"], "2000000.00");
}
both!(sheets_are_scoped);

async fn team_sheets_take_only_their_team(app: &TestApp) {
    let token = app.login("demo", "Demo@12345").await;
    let unit = contractor_unit(app).await;
    let team = app.scalar("SELECT MIN(id) FROM teams WHERE project_id = 1").await;
    let reply = app
        .post(
            "/builder/wage/v1/Sheet/create",
            Some(&token),
            &[("month", &previous_month()), ("unitId", &unit.to_string()), ("teamId", &team.to_string())],
        )
        .await;
    assert_eq!(reply["code"], 201, "{reply}");
    let in_team =
        app.scalar(leak(format!("SELECT COUNT(*) FROM employments WHERE project_id = 1 AND team_id = {team}"))).await;
    assert_eq!(lines(app, &token, reply["data"].as_i64().unwrap()).await.len() as i64, in_team);
    let whole = create_sheet(app, &token).await;
    let workers = app.scalar("SELECT COUNT(*) FROM employments WHERE project_id = 1").await;
    assert_eq!(lines(app, &token, whole).await.len() as i64, workers - in_team, "a worker is on one sheet a month");
    let wrong = app
        .post(
            "/builder/wage/v1/Sheet/create",
            Some(&token),
            &[("month", "2025-01"), ("unitId", &unit.to_string()), ("teamId", "99999")],
        )
        .await;
    assert_refused(&wrong, "所选班组不属于该参建单位");
}
both!(team_sheets_take_only_their_team);

async fn salary_check_lists_every_anomaly(app: &TestApp) {
    let token = app.login("demo", "Demo@12345").await;
    let month = previous_month();
    let sheet = create_sheet(app, &token).await;
    let lines = lines(app, &token, sheet).await;
    let removed = lines[0].clone();
    let reply = app
        .post(
            "/builder/wage/v1/Sheet/removeLine",
            Some(&token),
            &[("id", &removed["id"].to_string()), ("reason", "另行结算")],
        )
        .await;
    assert_eq!(reply["code"], 201, "{reply}");
    let low = &lines[1];
    app.post(
        "/builder/wage/v1/Sheet/saveLine",
        Some(&token),
        &[("id", &low["id"].to_string()), ("payable", "100"), ("reason", "试用")],
    )
    .await;
    let high = &lines[2];
    app.post(
        "/builder/wage/v1/Sheet/saveLine",
        Some(&token),
        &[("id", &high["id"].to_string()), ("payable", "50000.01"), ("reason", "年终")],
    )
    .await;
    let absent = lines[3]["workerId"].as_i64().unwrap();
    app.exec(leak(format!("DELETE FROM attendance_days WHERE worker_id = {absent} AND day LIKE '{month}-%'"))).await;
    let bad_card = lines[4]["workerId"].to_string();
    let confirm = app
        .post(
            "/builder/wage/v1/Abnormal/card",
            Some(&token),
            &[("workerId", &bad_card), ("card", "6222021234567890129"), ("bank", "102")],
        )
        .await;
    assert_eq!(confirm["code"], 301, "{confirm}");
    let saved = app
        .post(
            "/builder/wage/v1/Abnormal/card",
            Some(&token),
            &[("workerId", &bad_card), ("card", "6222021234567890129"), ("bank", "102"), ("confirmed", "1")],
        )
        .await;
    assert_eq!(saved["code"], 201, "{saved}");
    assert_refused(
        &app.post(
            "/builder/wage/v1/Abnormal/card",
            Some(&token),
            &[("workerId", &bad_card), ("card", "12345"), ("bank", "102")],
        )
        .await,
        "工资卡号应为12-30位数字",
    );
    assert_refused(
        &app.post(
            "/builder/wage/v1/Abnormal/card",
            Some(&token),
            &[("workerId", &bad_card), ("card", "6222021234567890128"), ("bank", "")],
        )
        .await,
        "请选择工资卡开户银行",
    );

    let all = app.get(&format!("/builder/wage/v1/Check/list?month={month}&limit=100"), Some(&token)).await;
    assert_eq!(all["code"], 201, "{all}");
    let found: Vec<(String, i64)> = all["data"]["list"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| (a["kind"].as_str().unwrap().to_owned(), a["workerId"].as_i64().unwrap()))
        .collect();
    let expect =
        |kind: &str, worker: i64| assert!(found.contains(&(kind.to_owned(), worker)), "{kind} {worker} in {found:?}");
    expect("unlisted", removed["workerId"].as_i64().unwrap());
    expect("no_attendance", absent);
    expect("below_minimum", low["workerId"].as_i64().unwrap());
    expect("over_limit", high["workerId"].as_i64().unwrap());
    expect("card", lines[4]["workerId"].as_i64().unwrap());
    assert_eq!(all["data"]["total"].as_i64().unwrap() as usize, found.len());
    let cards = app.get(&format!("/builder/wage/v1/Check/list?month={month}&kind=card"), Some(&token)).await;
    assert_eq!(cards["data"]["total"], 1);
    assert_eq!(cards["data"]["list"][0]["detail"], "卡号校验位错误");
    let paged = app.get(&format!("/builder/wage/v1/Check/list?month={month}&limit=2&page=2"), Some(&token)).await;
    assert_eq!(paged["data"]["list"].as_array().unwrap().len(), 2);
    assert_refused(
        &app.get(&format!("/builder/wage/v1/Check/list?month={month}&kind=x"), Some(&token)).await,
        "请选择正确的异常类型",
    );
    assert_refused(&app.get("/builder/wage/v1/Check/list", Some(&token)).await, "请选择正确的月份");
}
both!(salary_check_lists_every_anomaly);

/// Issue 10 item 1: a sheet built before the entry date was corrected pays days outside the employment;
/// 工资核查 names the line, its sheet, the month and how many days. A sheet built now pays only the days inside.
async fn salary_check_flags_sheets_paying_days_outside_employment(app: &TestApp) {
    let token = app.login("demo", "Demo@12345").await;
    let month = previous_month();
    let sheet = create_sheet(app, &token).await;
    let line = lines(app, &token, sheet).await[0].clone();
    let worker = line["workerId"].as_i64().unwrap();
    // As old data has it: the entry date corrected to the 15th after the sheet was built.
    app.exec_owned(format!(
        "UPDATE employments SET entry_date = '{month}-15' WHERE project_id = 1 AND worker_id = {worker}"
    ))
    .await;
    let before = app.scalar(leak(format!(
        "SELECT COUNT(*) FROM attendance_days WHERE project_id = 1 AND worker_id = {worker} AND attended = TRUE AND day >= '{month}-01' AND day < '{month}-15'"))).await;
    assert!(before > 5, "demo attendance covers the first half of the month");

    let check =
        app.get(&format!("/builder/wage/v1/Check/list?month={month}&kind=outside_employment"), Some(&token)).await;
    assert_eq!(check["data"]["total"], 1, "{check}");
    let anomaly = &check["data"]["list"][0];
    assert_eq!(
        (anomaly["workerId"].as_i64(), anomaly["sheetId"].as_i64(), anomaly["lineId"].as_i64()),
        (Some(worker), Some(sheet), line["id"].as_i64())
    );
    assert_eq!(anomaly["month"], month.as_str());
    assert_eq!(anomaly["excessDays"], before);
    assert_eq!(anomaly["kindLabel"], "计发了不在场期间的出勤");
    let days = line["days"].as_i64().unwrap();
    assert_eq!(
        anomaly["detail"],
        format!("工资表计出勤{days}天，在场期间内出勤{}天，多计不在场期间{before}天", days - before)
    );

    // Rebuilt now, the sheet pays only the days from the 15th, and nothing is flagged.
    assert_eq!(
        app.post("/builder/wage/v1/Sheet/delete", Some(&token), &[("id", &sheet.to_string())]).await["code"],
        201
    );
    let rebuilt = create_sheet(app, &token).await;
    let line = lines(app, &token, rebuilt).await.into_iter().find(|line| line["workerId"] == worker).unwrap();
    assert_eq!(line["days"].as_i64().unwrap(), days - before);
    let clean =
        app.get(&format!("/builder/wage/v1/Check/list?month={month}&kind=outside_employment"), Some(&token)).await;
    assert_eq!(clean["data"]["total"], 0, "{clean}");
}
both!(salary_check_flags_sheets_paying_days_outside_employment);

/// A transfer closes the old line and opens one in another team the next day: that team's sheet pays only
/// the days from the transfer on (issue 10 item 1).
async fn a_team_sheet_pays_only_the_days_of_its_own_line(app: &TestApp) {
    let token = app.login("demo", "Demo@12345").await;
    let month = previous_month();
    let unit = contractor_unit(app).await;
    let (from_team, to_team): (i64, i64) = (
        app.scalar("SELECT MIN(id) FROM teams WHERE project_id = 1").await,
        app.scalar("SELECT MAX(id) FROM teams WHERE project_id = 1").await,
    );
    let line = app
        .scalar(leak(format!(
            "SELECT MIN(id) FROM employments WHERE project_id = 1 AND team_id = {from_team} AND status = 1"
        )))
        .await;
    let worker = app.scalar(leak(format!("SELECT worker_id FROM employments WHERE id = {line}"))).await;
    app.exec_owned(format!("UPDATE employments SET exit_date = '{month}-14', status = 2 WHERE id = {line}")).await;
    app.exec_owned(format!(
        "INSERT INTO employments (project_id, worker_id, unit_id, team_id, work_type, wage_kind, wage_fen, entry_date, exit_date, status, created_at, updated_at) \
         SELECT project_id, worker_id, unit_id, {to_team}, work_type, wage_kind, wage_fen, '{month}-15', '', 1, created_at, updated_at FROM employments WHERE id = {line}"
    ))
    .await;
    let reply = app
        .post(
            "/builder/wage/v1/Sheet/create",
            Some(&token),
            &[("month", &month), ("unitId", &unit.to_string()), ("teamId", &to_team.to_string())],
        )
        .await;
    assert_eq!(reply["code"], 201, "{reply}");
    let line = lines(app, &token, reply["data"].as_i64().unwrap())
        .await
        .into_iter()
        .find(|line| line["workerId"] == worker)
        .unwrap();
    let from_transfer = app.scalar(leak(format!(
        "SELECT COUNT(*) FROM attendance_days WHERE project_id = 1 AND worker_id = {worker} AND attended = TRUE AND day >= '{month}-15' AND day LIKE '{month}-%'"))).await;
    let whole_month = app.scalar(leak(format!(
        "SELECT COUNT(*) FROM attendance_days WHERE project_id = 1 AND worker_id = {worker} AND attended = TRUE AND day LIKE '{month}-%'"))).await;
    assert!(whole_month > from_transfer && from_transfer > 5, "{whole_month} {from_transfer}");
    assert_eq!(line["days"].as_i64().unwrap(), from_transfer, "{line}");
}
both!(a_team_sheet_pays_only_the_days_of_its_own_line);

async fn preview_tells_what_paying_would_do(app: &TestApp) {
    let token = app.login("demo", "Demo@12345").await;
    let sheet = create_sheet(app, &token).await;
    let lines = lines(app, &token, sheet).await;
    let worker = lines[0]["workerId"].as_i64().unwrap();
    app.exec(leak(format!("UPDATE workers SET wage_card_number = '6222020200000000001' WHERE id = {worker}"))).await;
    app.exec("UPDATE special_accounts SET balance_fen = 100 WHERE project_id = 1").await;
    let net =
        app.scalar(leak(format!("SELECT CAST(SUM(net_fen) AS BIGINT) FROM wage_lines WHERE sheet_id = {sheet}"))).await;
    let logged = app.scalar("SELECT COUNT(*) FROM operation_log").await;

    let reply = app.get(&format!("/builder/wage/v1/Sheet/preview?ids={sheet}"), Some(&token)).await;
    assert_eq!(reply["code"], 201, "{reply}");
    let preview = &reply["data"];
    assert_eq!(preview["workers"].as_i64().unwrap(), lines.len() as i64);
    assert_eq!(preview["total"], wageguard::wage::money::yuan(net));
    assert_eq!(preview["balance"], "1.00");
    assert_eq!(preview["balanceAfter"], wageguard::wage::money::yuan(100 - net));
    assert_eq!(preview["cardProblemCount"], 1);
    assert_eq!(preview["cardProblems"][0]["name"], lines[0]["name"]);
    assert_eq!(
        preview["cardProblems"][0]["cardNumber"], "6222***********0001",
        "a confirm dialog is read over a shoulder: masked"
    );
    assert_eq!(preview["cardProblems"][0]["problem"], "卡号校验位错误");
    assert_eq!(app.scalar("SELECT COUNT(*) FROM operation_log").await, logged, "a preview changes nothing");
    assert_eq!(
        app.scalar(leak(format!("SELECT COUNT(*) FROM wage_sheets WHERE id = {sheet} AND status = 'draft'"))).await,
        1
    );

    assert_refused(&app.get("/builder/wage/v1/Sheet/preview?ids=", Some(&token)).await, "请选择要发放的工资表");
    assert_refused(&app.get("/builder/wage/v1/Sheet/preview?ids=abc", Some(&token)).await, "请选择要发放的工资表");
    let missing = app.get("/builder/wage/v1/Sheet/preview?ids=99999", Some(&token)).await;
    assert_eq!(missing["code"], 404, "{missing}");
}
both!(preview_tells_what_paying_would_do);
