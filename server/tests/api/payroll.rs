//! Issue 11, what is owed: vectors/payroll.json through the API, supplementary sheets, drafts that follow
//! attendance, take-backs after payment and the project's payroll rule.

use serde_json::Value;

use crate::both;
use crate::support::{TestApp, assert_refused};
use crate::wages::{contractor_unit, create_sheet, leak, lines, previous_month};

const CHECK_UNLISTED: &str = "/builder/wage/v1/Check/list?kind=unlisted&limit=100&month=";

async fn detail(app: &TestApp, token: &str, sheet: i64) -> Value {
    let reply = app.get(&format!("/builder/wage/v1/Sheet/detail?id={sheet}&limit=100"), Some(token)).await;
    assert_eq!(reply["code"], 201, "{reply}");
    reply["data"].clone()
}

async fn correct(app: &TestApp, token: &str, worker: i64, day: &str, attended: &str, confirmed: &str) -> Value {
    let worker = worker.to_string();
    app.post(
        "/builder/attendance/v1/Sheet/correct",
        Some(token),
        &[
            ("workerId", &worker),
            ("day", day),
            ("attended", attended),
            ("reason", "现场核对"),
            ("confirmed", confirmed),
        ],
    )
    .await
}

/// A day of the previous month inside the worker's line on which the worker did not attend and that no line
/// holds (a day taken back is absent, and stays so).
async fn missing_day(app: &TestApp, worker: i64) -> String {
    let month = previous_month();
    let span = wageguard::wage::service::month_span(&month).unwrap();
    for day in wageguard::domain::calendar::days(span.first, span.last) {
        let text = day.to_string();
        let attended = app.scalar(leak(format!(
            "SELECT COUNT(*) FROM attendance_days WHERE project_id = 1 AND worker_id = {worker} AND day = '{text}' AND attended = TRUE"))).await;
        let employed = app.scalar(leak(format!(
            "SELECT COUNT(*) FROM employments WHERE project_id = 1 AND worker_id = {worker} AND entry_date <= '{text}' AND (exit_date = '' OR exit_date >= '{text}')"))).await;
        let held = app
            .scalar(leak(format!(
                "SELECT COUNT(*) FROM wage_line_days WHERE project_id = 1 AND worker_id = {worker} AND day = '{text}'"
            )))
            .await;
        if attended == 0 && employed == 1 && held == 0 {
            return text;
        }
    }
    panic!("worker {worker} attended every day of {month}");
}

async fn confirm(app: &TestApp, token: &str, sheet: i64) {
    let reply = app.post("/builder/wage/v1/Sheet/confirm", Some(token), &[("id", &sheet.to_string())]).await;
    assert_eq!(reply["code"], 201, "{reply}");
}

async fn supplementary_sheets_pay_the_days_no_sheet_paid(app: &TestApp) {
    let token = app.login("demo", "Demo@12345").await;
    let month = previous_month();
    let first = create_sheet(app, &token).await;
    confirm(app, &token, first).await;
    let line = lines(app, &token, first).await[0].clone();
    let worker = line["workerId"].as_i64().unwrap();
    let day = missing_day(app, worker).await;
    assert_eq!(correct(app, &token, worker, &day, "1", "").await["code"], 201);

    let check = app.get(&format!("{CHECK_UNLISTED}{month}"), Some(&token)).await;
    let found = check["data"]["list"]
        .as_array()
        .unwrap()
        .iter()
        .find(|a| a["workerId"] == worker)
        .cloned()
        .expect("the unpaid day is listed");
    assert_eq!(found["days"], 1);
    assert!(found["detail"].as_str().unwrap().contains("请编制补充工资表"), "{found}");

    let unit = contractor_unit(app).await.to_string();
    let reply = app.post("/builder/wage/v1/Sheet/create", Some(&token), &[("month", &month), ("unitId", &unit)]).await;
    assert_eq!(reply["code"], 201, "{reply}");
    let second = reply["data"].as_i64().unwrap();
    let supplement = detail(app, &token, second).await;
    assert_eq!(supplement["sheet"]["seq"], 2);
    assert_eq!(supplement["sheet"]["kindLabel"], "补充工资表（第2张）");
    let added = supplement["lines"]["list"].as_array().unwrap();
    assert_eq!(added.len(), 1, "only the worker with an unpaid day");
    assert_eq!((added[0]["workerId"].as_i64(), added[0]["days"].as_i64()), (Some(worker), Some(1)));
    assert_eq!(added[0]["prefill"], line["wage"], "one day at the day rate");
    let check = app.get(&format!("{CHECK_UNLISTED}{month}"), Some(&token)).await;
    assert_eq!(check["data"]["total"], 0, "{check}");
    assert_eq!(
        app.scalar(leak(format!("SELECT COUNT(*) FROM wage_line_days WHERE worker_id = {worker} AND day = '{day}'")))
            .await,
        1
    );

    confirm(app, &token, second).await;
    let again = app.post("/builder/wage/v1/Sheet/create", Some(&token), &[("month", &month), ("unitId", &unit)]).await;
    assert_refused(&again, "该单位（班组）本月没有需要计发的出勤");
}
both!(supplementary_sheets_pay_the_days_no_sheet_paid);

async fn a_draft_follows_attendance_until_confirmed(app: &TestApp) {
    let token = app.login("demo", "Demo@12345").await;
    let sheet = create_sheet(app, &token).await;
    let all = lines(app, &token, sheet).await;
    let (line, other) = (all[0].clone(), all[1].clone());
    let worker = line["workerId"].as_i64().unwrap();
    let days = line["days"].as_i64().unwrap();
    assert_eq!(detail(app, &token, sheet).await["differenceCount"], 0);
    let day = missing_day(app, worker).await;
    assert_eq!(correct(app, &token, worker, &day, "1", "").await["code"], 201);

    let stale = detail(app, &token, sheet).await;
    assert_eq!(stale["differenceCount"], 1, "{stale}");
    assert_eq!(
        (stale["differences"][0]["daysOnSheet"].as_i64(), stale["differences"][0]["daysNow"].as_i64()),
        (Some(days), Some(days + 1))
    );
    assert_refused(
        &app.post("/builder/wage/v1/Sheet/confirm", Some(&token), &[("id", &sheet.to_string())]).await,
        "考勤已变化，请先刷新工资表再确认",
    );

    let edit = app
        .post(
            "/builder/wage/v1/Sheet/saveLine",
            Some(&token),
            &[("id", &other["id"].to_string()), ("payable", "1234.56"), ("deduction", "10"), ("reason", "奖金")],
        )
        .await;
    assert_eq!(edit["code"], 201, "{edit}");
    let refresh = app.post("/builder/wage/v1/Sheet/refresh", Some(&token), &[("id", &sheet.to_string())]).await;
    assert_eq!(refresh["code"], 201, "{refresh}");
    let fresh = detail(app, &token, sheet).await;
    assert_eq!(fresh["differenceCount"], 0);
    let lines = fresh["lines"]["list"].as_array().unwrap();
    let refreshed = lines.iter().find(|l| l["workerId"] == worker).unwrap();
    assert_eq!(refreshed["days"].as_i64(), Some(days + 1));
    let kept = lines.iter().find(|l| l["workerId"] == other["workerId"]).unwrap();
    assert_eq!(
        (kept["payable"].as_str(), kept["deduction"].as_str(), kept["reason"].as_str()),
        (Some("1234.56"), Some("10.00"), Some("奖金"))
    );
    assert_eq!(app.scalar("SELECT COUNT(*) FROM operation_log WHERE action = '刷新工资表'").await, 1);
    confirm(app, &token, sheet).await;
    assert_refused(
        &app.post("/builder/wage/v1/Sheet/refresh", Some(&token), &[("id", &sheet.to_string())]).await,
        "工资表已确认，不能修改",
    );
}
both!(a_draft_follows_attendance_until_confirmed);

async fn a_paid_day_corrected_to_absent_is_taken_back_on_the_next_sheet(app: &TestApp) {
    let token = app.login("demo", "Demo@12345").await;
    let month = previous_month();
    let sheet = create_sheet(app, &token).await;
    confirm(app, &token, sheet).await;
    let line = lines(app, &token, sheet).await[0].clone();
    let worker = line["workerId"].as_i64().unwrap();
    let paid = app.scalar(leak(format!(
        "SELECT CAST(MIN(REPLACE(day, '-', '')) AS BIGINT) FROM wage_line_days WHERE worker_id = {worker} AND line_id = {}", line["id"]))).await.to_string();
    let paid = format!("{}-{}-{}", &paid[..4], &paid[4..6], &paid[6..]);

    let ask = correct(app, &token, worker, &paid, "0", "").await;
    assert_eq!(ask["code"], 301, "{ask}");
    let message = ask["message"].as_str().unwrap();
    assert!(
        message.contains("确认后该日改为缺勤")
            && message.contains(&format!("该日工资{}元", line["wage"].as_str().unwrap())),
        "{message}"
    );
    assert_eq!(app.scalar("SELECT COUNT(*) FROM wage_adjustments").await, 0);
    let done = correct(app, &token, worker, &paid, "0", "1").await;
    assert_eq!(done["code"], 201, "{done}");
    assert_eq!(
        app.scalar(leak(format!(
            "SELECT COUNT(*) FROM attendance_days WHERE worker_id = {worker} AND day = '{paid}' AND attended = TRUE"
        )))
        .await,
        0,
        "the paid day is absent (issue 28 finding 6)"
    );
    assert_eq!(app.scalar("SELECT COUNT(*) FROM operation_log WHERE action = '工资扣回'").await, 1);
    assert_refused(&correct(app, &token, worker, &paid, "0", "1").await, "该日已记录扣回，无需重复修正");

    // Two more days attended: the next sheet pays them and takes the corrected day back.
    for _ in 0..2 {
        let day = missing_day(app, worker).await;
        assert_eq!(correct(app, &token, worker, &day, "1", "").await["code"], 201);
    }
    let unit = contractor_unit(app).await.to_string();
    let reply = app.post("/builder/wage/v1/Sheet/create", Some(&token), &[("month", &month), ("unitId", &unit)]).await;
    assert_eq!(reply["code"], 201, "{reply}");
    let next_id = reply["data"].as_i64().unwrap();
    let next = detail(app, &token, next_id).await;
    let taken = &next["lines"]["list"][0];
    let rate = wageguard::wage::money::parse_yuan(line["wage"].as_str().unwrap()).unwrap();
    let yuan = wageguard::wage::money::yuan;
    assert_eq!(
        (taken["prefill"].as_str().unwrap(), taken["adjustment"].as_str().unwrap(), taken["net"].as_str().unwrap()),
        (yuan(2 * rate).as_str(), yuan(rate).as_str(), yuan(rate).as_str())
    );
    assert_eq!(next["adjustments"][0]["day"], paid.as_str());
    assert!(next["adjustments"][0]["reason"].as_str().unwrap().contains("现场核对"));

    // A deduction that leaves less than the take-back is refused for what it is, not as a locked sheet.
    let deducted = app
        .post(
            "/builder/wage/v1/Sheet/saveLine",
            Some(&token),
            &[
                ("id", &taken["id"].to_string()),
                ("payable", &yuan(2 * rate)),
                ("deduction", &yuan(2 * rate - rate / 2)),
                ("reason", "借支"),
            ],
        )
        .await;
    let message = format!("实发工资不能为负数：本行扣回以前多发的{}元，应发工资减扣款不能少于这个金额", yuan(rate));
    assert_refused(&deducted, &message);

    // The approver sees the take-back on the order's line.
    confirm(app, &token, next_id).await;
    let order = crate::orders::submit(app, &token, &next_id.to_string()).await;
    assert_eq!(order["code"], 201, "{order}");
    let finance = app.login("finance", "Demo@12345").await;
    let basis =
        app.post("/finance/project/v1/orders/Linebasis", Some(&finance), &[("id", &order["data"].to_string())]).await;
    let basis_line = &basis["data"]["lines"]["list"][0];
    assert_eq!(basis_line["adjustment"], yuan(rate), "{basis}");
    assert_eq!(basis_line["adjustments"][0]["day"], paid.as_str());
}
both!(a_paid_day_corrected_to_absent_is_taken_back_on_the_next_sheet);

async fn the_payroll_rule_is_the_projects_choice(app: &TestApp) {
    let token = app.login("demo", "Demo@12345").await;
    let path = "/builder/wage/v1/Sheet/settings";
    let stored = app.get(path, Some(&token)).await;
    assert_eq!(stored["data"]["proration"], "statutory", "{stored}");
    assert_refused(&app.post(path, Some(&token), &[("proration", "weekly")]).await, "请选择计薪规则");
    let saved = app.post(path, Some(&token), &[("proration", "working_days")]).await;
    assert_eq!(saved["data"]["proration"], "working_days", "{saved}");
    assert_eq!(app.scalar("SELECT COUNT(*) FROM operation_log WHERE action = '修改计薪规则'").await, 1);
    let sheet = create_sheet(app, &token).await;
    assert_eq!(detail(app, &token, sheet).await["sheet"]["proration"], "working_days");
    let finance = app.login("finance", "Demo@12345").await;
    assert_eq!(app.post(path, Some(&finance), &[("proration", "statutory")]).await["code"], 403);
}
both!(the_payroll_rule_is_the_projects_choice);

/// One scenario of vectors/payroll.json on the demo project: a worker of its own, a team per roster line,
/// the lines with their standards and the project's rule; answers the worker and the teams.
async fn scenario(app: &TestApp, token: &str, case: &Value, index: usize) -> (i64, Vec<i64>) {
    let unit = contractor_unit(app).await;
    app.exec_owned(format!(
        "INSERT INTO workers (id_number, name, gender, created_at, updated_at) VALUES ('V11{index:015}', '向量{index}', 1, 0, 0)")).await;
    let worker = app.scalar(leak(format!("SELECT id FROM workers WHERE id_number = 'V11{index:015}'"))).await;
    let mut teams = Vec::new();
    for (line_index, line) in case["employment"].as_array().unwrap().iter().enumerate() {
        app.exec_owned(format!(
            "INSERT INTO teams (project_id, unit_id, name, created_at, updated_at) VALUES (1, {unit}, '向量班组{index}-{line_index}', 0, 0)")).await;
        let team = app.scalar(leak(format!("SELECT id FROM teams WHERE name = '向量班组{index}-{line_index}'"))).await;
        let (from, to) = (line["from"].as_str().unwrap(), line["to"].as_str().unwrap_or(""));
        let (kind, fen) = (line["kind"].as_str().unwrap(), line["rateFen"].as_i64().unwrap());
        app.exec_owned(format!(
            "INSERT INTO employments (project_id, worker_id, unit_id, team_id, wage_kind, wage_fen, entry_date, exit_date, status, created_at, updated_at) \
             VALUES (1, {worker}, {unit}, {team}, '{kind}', {fen}, '{from}', '{to}', {}, 0, 0)", if to.is_empty() { 1 } else { 2 })).await;
        let employment = app.scalar(leak(format!("SELECT id FROM employments WHERE team_id = {team}"))).await;
        app.exec_owned(format!(
            "INSERT INTO employment_rates (employment_id, effective_from, wage_kind, wage_fen, created_at) VALUES ({employment}, '{from}', '{kind}', {fen}, 0)")).await;
        teams.push(team);
    }
    let saved = app
        .post("/builder/wage/v1/Sheet/settings", Some(token), &[("proration", case["proration"].as_str().unwrap())])
        .await;
    assert_eq!(saved["code"], 201, "{saved}");
    (worker, teams)
}

async fn attend(app: &TestApp, worker: i64, days: &[&str]) {
    for day in days {
        app.exec_owned(format!(
            "INSERT INTO attendance_days (project_id, worker_id, day, first_at, last_at, punches, minutes, attended) VALUES (1, {worker}, '{day}', 0, 0, 1, 0, TRUE)")).await;
    }
}

/// A scenario's punches up to its sheet's `through` day, through the ingest (shifts counted on the day they began).
async fn punch(app: &TestApp, worker: i64, case: &Value, through: &str) {
    use wageguard::attendance::{ingest, rules};
    let punches: Vec<ingest::NewPunch> = case["punches"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|punch| punch[0].as_str().unwrap()[..10] <= *through || through.ends_with("-31"))
        .map(|punch| ingest::NewPunch {
            worker_id: worker,
            punched_at: rules::parse_china_time(punch[0].as_str().unwrap()).unwrap(),
            direction: rules::Direction::parse(punch[1].as_str().unwrap()).unwrap(),
            photo: String::new(),
        })
        .collect();
    if !punches.is_empty() {
        let batch = ingest::Batch { project_id: 1, source: ingest::Source::Import, device_id: 0, nonce: None };
        ingest::ingest(&app.db, &batch, &punches).await.unwrap();
    }
}

/// Each vector sheet, through the API: the days attended by its `through` day are entered, every team's
/// sheet of the month is made (a supplementary one after the first) and confirmed; the worker's prefills
/// add up to the expected fen.
async fn payroll_vectors_through_the_api(app: &TestApp) {
    let token = app.login("demo", "Demo@12345").await;
    let cases: Vec<Value> = serde_json::from_str(include_str!("../../../vectors/payroll.json")).unwrap();
    let unit = contractor_unit(app).await.to_string();
    for (index, case) in cases.iter().enumerate() {
        let name = case["name"].as_str().unwrap();
        let month = case["month"].as_str().unwrap();
        let (worker, teams) = scenario(app, &token, case, index).await;
        let attended: Vec<&str> =
            case["attended"].as_array().unwrap().iter().map(|day| day.as_str().unwrap()).collect();
        let mut entered = 0;
        for sheet in case["sheets"].as_array().unwrap() {
            let through = sheet["through"].as_str().unwrap();
            let now: Vec<&str> = attended.iter().skip(entered).copied().filter(|day| *day <= through).collect();
            entered += now.len();
            attend(app, worker, &now).await;
            punch(app, worker, case, through).await;
            let mut fen = 0;
            for team in &teams {
                let reply = app
                    .post(
                        "/builder/wage/v1/Sheet/create",
                        Some(&token),
                        &[("month", month), ("unitId", &unit), ("teamId", &team.to_string())],
                    )
                    .await;
                if reply["message"] == "该单位（班组）本月没有需要计发的出勤" {
                    continue;
                }
                assert_eq!(reply["code"], 201, "{name}: {reply}");
                let id = reply["data"].as_i64().unwrap();
                for line in lines(app, &token, id).await.iter().filter(|line| line["workerId"] == worker) {
                    fen += wageguard::wage::money::parse_yuan(line["prefill"].as_str().unwrap()).unwrap();
                }
                confirm(app, &token, id).await;
            }
            assert_eq!(fen, sheet["expectFen"].as_i64().unwrap(), "{name}: sheet through {through}");
        }
        for correction in case["corrections"].as_array().into_iter().flatten() {
            let day = correction["day"].as_str().unwrap();
            assert_eq!(correct(app, &token, worker, day, "0", "1").await["code"], 201, "{name}: correction");
            let taken = app
                .scalar(leak(format!(
                    "SELECT amount_fen FROM wage_adjustments WHERE worker_id = {worker} AND day = '{day}'"
                )))
                .await;
            assert_eq!(taken, correction["expectTakeBackFen"].as_i64().unwrap(), "{name}: take-back of {day}");
        }
    }
    let restore = app.post("/builder/wage/v1/Sheet/settings", Some(&token), &[("proration", "statutory")]).await;
    assert_eq!(restore["code"], 201);
}
both!(payroll_vectors_through_the_api);
