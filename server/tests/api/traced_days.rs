//! Issue 28, "every day traceable", the attendance half, and finding 6: the attendance sheet names the wage
//! sheet that paid each day; a paid day corrected to absent shows absent everywhere (考勤表, 考勤统计), with
//! the take-back and the sheet taking it back beside it.

use serde_json::Value;

use crate::both;
use crate::support::{TestApp, assert_refused};
use crate::wages::{contractor_unit, create_sheet, lines, previous_month};

async fn confirm(app: &TestApp, token: &str, sheet: i64) {
    let reply = app.post("/builder/wage/v1/Sheet/confirm", Some(token), &[("id", &sheet.to_string())]).await;
    assert_eq!(reply["code"], 201, "{reply}");
}

async fn correct(app: &TestApp, token: &str, worker: i64, day: &str, attended: &str, confirmed: &str) -> Value {
    let worker = worker.to_string();
    let form = [
        ("workerId", worker.as_str()),
        ("day", day),
        ("attended", attended),
        ("reason", "误刷卡"),
        ("confirmed", confirmed),
    ];
    app.post("/builder/attendance/v1/Sheet/correct", Some(token), &form).await
}

/// The whole month's attendance sheet (every worker on one page).
async fn sheet_month(app: &TestApp, token: &str, month: &str) -> Value {
    let reply = app.get(&format!("/builder/attendance/v1/Sheet/month?month={month}&limit=100"), Some(token)).await;
    assert_eq!(reply["code"], 201, "{reply}");
    reply["data"].clone()
}

fn row_of(sheet: &Value, worker: i64) -> Value {
    sheet["list"].as_array().unwrap().iter().find(|row| row["workerId"] == worker).expect("the worker's row").clone()
}

fn paid_of(sheet: &Value, worker: i64, day: u8) -> Value {
    let paid = sheet["paidDays"].as_array().unwrap();
    paid.iter().find(|paid| paid["workerId"] == worker && paid["day"] == day).expect("the day is paid").clone()
}

/// 考勤统计's worker-days of `month`, over every unit and team.
async fn reported_days(app: &TestApp, token: &str, month: &str) -> i64 {
    let reply = app.get(&format!("/builder/report/v1/Report/attendance?start={month}&end={month}"), Some(token)).await;
    assert_eq!(reply["code"], 201, "{reply}");
    let teams = reply["data"]["teams"].as_array().unwrap();
    teams.iter().filter(|team| team["month"] == month).map(|team| team["attendedDays"].as_i64().unwrap()).sum()
}

fn sheet_days(sheet: &Value) -> i64 {
    sheet["list"].as_array().unwrap().iter().map(|row| row["attendedDays"].as_i64().unwrap()).sum()
}

async fn a_day_taken_back_shows_absent_with_the_sheets_that_paid_and_take_it(app: &TestApp) {
    let token = app.login("demo", "Demo@12345").await;
    let month = previous_month();
    let sheet = create_sheet(app, &token).await;
    confirm(app, &token, sheet).await;
    let line = lines(app, &token, sheet).await[0].clone();
    let worker = line["workerId"].as_i64().unwrap();
    let first_paid = app.scalar_owned(format!(
        "SELECT CAST(MIN(REPLACE(day, '-', '')) AS BIGINT) FROM wage_line_days WHERE line_id = {} AND attended = TRUE", line["id"]))
        .await
        .to_string();
    let day = format!("{}-{}-{}", &first_paid[..4], &first_paid[4..6], &first_paid[6..]);
    let day_of_month: u8 = first_paid[6..].parse().unwrap();

    // Every paid day is marked with the sheet that pays it.
    let before = sheet_month(app, &token, &month).await;
    let row = row_of(&before, worker);
    let held = app.scalar_owned(format!("SELECT COUNT(*) FROM wage_line_days WHERE line_id = {}", line["id"])).await;
    let marked = before["paidDays"].as_array().unwrap().iter().filter(|paid| paid["workerId"] == worker).count();
    assert_eq!(marked as i64, held, "{before}");
    let paid = paid_of(&before, worker, day_of_month);
    let label = format!("{month} {} 工资表", sheet_name(app, &token, sheet).await);
    assert_eq!(
        (paid["sheetId"].as_i64(), paid["sheetLabel"].as_str(), paid["sheetStatusLabel"].as_str()),
        (Some(sheet), Some(label.as_str()), Some("已确认")),
        "{paid}"
    );
    assert!(paid["takenBack"].is_null(), "{paid}");
    let cell =
        |row: &Value| row["cells"].as_array().unwrap().iter().find(|cell| cell["day"] == day_of_month).unwrap().clone();
    assert_eq!(cell(&row)["attended"], true);
    assert_eq!(reported_days(app, &token, &month).await, sheet_days(&before), "考勤统计 counts what 考勤表 counts");

    // Corrected to absent after confirming: asked first, then taken back and absent everywhere.
    let ask = correct(app, &token, worker, &day, "0", "").await;
    assert_eq!(ask["code"], 301, "{ask}");
    assert!(ask["message"].as_str().unwrap().contains("确认后该日改为缺勤"), "{ask}");
    assert_eq!(correct(app, &token, worker, &day, "0", "1").await["code"], 201);
    let after = sheet_month(app, &token, &month).await;
    let row_after = row_of(&after, worker);
    assert_eq!(
        (cell(&row_after)["attended"].as_bool(), cell(&row_after)["manual"].as_bool()),
        (Some(false), Some(true))
    );
    assert_eq!(row_after["attendedDays"].as_i64().unwrap(), row["attendedDays"].as_i64().unwrap() - 1);
    let taken = paid_of(&after, worker, day_of_month);
    assert_eq!(taken["sheetId"], sheet, "still the sheet that paid it");
    assert_eq!(
        (
            taken["takenBack"]["amount"].as_str(),
            taken["takenBack"]["sheetId"].as_i64(),
            taken["takenBack"]["sheetLabel"].as_str()
        ),
        (line["wage"].as_str(), Some(0), Some("")),
        "waiting for the next sheet: {taken}"
    );
    assert!(taken["takenBack"]["reason"].as_str().unwrap().contains("误刷卡"), "{taken}");
    assert_eq!(sheet_days(&after), sheet_days(&before) - 1);
    assert_eq!(reported_days(app, &token, &month).await, sheet_days(&after), "考勤统计 no longer counts the day");
    assert_eq!(app.scalar("SELECT COUNT(*) FROM operation_log WHERE action = '工资扣回'").await, 1);
    let logged = app.scalar_owned(format!(
        "SELECT COUNT(*) FROM operation_log WHERE action = '修正考勤' AND target_id = '{worker}:{day}' AND detail LIKE '%扣回%'"))
        .await;
    assert_eq!(logged, 1);

    // Taken back, the day stays absent; the worker's next sheet takes the pay back, and the day names it.
    assert_refused(&correct(app, &token, worker, &day, "1", "").await, "该日工资已扣回，不能再改为出勤");
    assert_refused(&correct(app, &token, worker, &day, "0", "").await, "该日已记录扣回，无需重复修正");
    let unit = contractor_unit(app).await.to_string();
    let missing = first_missing_day(app, worker, &month).await;
    assert_eq!(correct(app, &token, worker, &missing, "1", "").await["code"], 201);
    let next = app.post("/builder/wage/v1/Sheet/create", Some(&token), &[("month", &month), ("unitId", &unit)]).await;
    assert_eq!(next["code"], 201, "{next}");
    let next = next["data"].as_i64().unwrap();
    let settled = sheet_month(app, &token, &month).await;
    let taken = paid_of(&settled, worker, day_of_month);
    let next_label = format!("{month} {} 补充工资表（第2张）", sheet_name(app, &token, next).await);
    assert_eq!(
        (taken["takenBack"]["sheetId"].as_i64(), taken["takenBack"]["sheetLabel"].as_str()),
        (Some(next), Some(next_label.as_str())),
        "{taken}"
    );
    let added = paid_of(&settled, worker, missing[8..].parse().unwrap());
    assert_eq!((added["sheetId"].as_i64(), added["sheetStatus"].as_str()), (Some(next), Some("draft")));
    assert_eq!(reported_days(app, &token, &month).await, sheet_days(&settled));
}
both!(a_day_taken_back_shows_absent_with_the_sheets_that_paid_and_take_it);

/// The name a sheet of `sheet`'s unit (or team) goes by.
async fn sheet_name(app: &TestApp, token: &str, sheet: i64) -> String {
    let reply = app.get(&format!("/builder/wage/v1/Sheet/detail?id={sheet}&limit=1"), Some(token)).await;
    let sheet = &reply["data"]["sheet"];
    let team = sheet["teamName"].as_str().unwrap();
    if team.is_empty() { sheet["unitName"].as_str().unwrap().to_owned() } else { team.to_owned() }
}

/// A day of `month` inside the worker's line on which the worker did not attend and no line holds.
async fn first_missing_day(app: &TestApp, worker: i64, month: &str) -> String {
    let span = wageguard::wage::service::month_span(month).unwrap();
    for day in wageguard::domain::calendar::days(span.first, span.last) {
        let text = day.to_string();
        let attended = app
            .scalar_owned(format!(
                "SELECT COUNT(*) FROM attendance_days WHERE project_id = 1 AND worker_id = {worker} AND day = '{text}'"
            ))
            .await;
        let employed = app.scalar_owned(format!(
            "SELECT COUNT(*) FROM employments WHERE project_id = 1 AND worker_id = {worker} AND entry_date <= '{text}' \
             AND (exit_date = '' OR exit_date >= '{text}')")).await;
        if attended == 0 && employed == 1 {
            return text;
        }
    }
    panic!("worker {worker} has a record on every day of {month}");
}

/// The approver's and the regulator's view of a worker's month (`attendance::service::worker_month`) shows a
/// taken-back day absent too.
async fn the_workers_month_shows_a_taken_back_day_absent(app: &TestApp) {
    let token = app.login("demo", "Demo@12345").await;
    let month = previous_month();
    let sheet = create_sheet(app, &token).await;
    confirm(app, &token, sheet).await;
    let line = lines(app, &token, sheet).await[0].clone();
    let worker = line["workerId"].as_i64().unwrap();
    let days = line["days"].as_i64().unwrap();
    let first_paid = app.scalar_owned(format!(
        "SELECT CAST(MIN(REPLACE(day, '-', '')) AS BIGINT) FROM wage_line_days WHERE line_id = {} AND attended = TRUE", line["id"]))
        .await
        .to_string();
    let day = format!("{}-{}-{}", &first_paid[..4], &first_paid[4..6], &first_paid[6..]);
    assert_eq!(correct(app, &token, worker, &day, "0", "1").await["code"], 201);
    let month_of = wageguard::attendance::service::worker_month(&app.db, 1, worker, &month).await.unwrap();
    assert_eq!(month_of.attended_days, days - 1);
    let corrected = month_of.days.iter().find(|d| u32::from(d.day) == first_paid[6..].parse::<u32>().unwrap()).unwrap();
    assert!(!corrected.attended && corrected.manual);
}
both!(the_workers_month_shows_a_taken_back_day_absent);
