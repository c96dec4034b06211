//! 统计报表 (`/builder/report/v1/Report/{people,attendance,wage}` and their exports): every figure equals what
//! the list it summarises answers (the roster, the attendance sheet, the wage sheets, the special account's
//! flows), on the demo data and on data added here; the scope of each kind of account; bad filters refused.

use std::collections::HashMap;

use serde_json::Value;

use crate::both;
use crate::orders::{decide, submitted_order, verify_by_id};
use crate::support::{TestApp, assert_refused, regulator};
use crate::wages::previous_month;

const PEOPLE: &str = "/builder/report/v1/Report/people";
const ATTENDANCE: &str = "/builder/report/v1/Report/attendance";
const WAGE: &str = "/builder/report/v1/Report/wage";
const EXPORTS: [&str; 3] = [
    "/builder/report/v1/Report/people_export",
    "/builder/report/v1/Report/attendance_export",
    "/builder/report/v1/Report/wage_export",
];

async fn report(app: &TestApp, token: &str, path: &str, query: &str) -> Value {
    let reply = app.get(&format!("{path}?{query}"), Some(token)).await;
    assert_eq!(reply["code"], 201, "{path}?{query}: {reply}");
    reply["data"].clone()
}

fn fen(yuan: &Value) -> i64 {
    let text = yuan.as_str().unwrap_or("0").replace(',', "");
    let (whole, cents) = text.split_once('.').unwrap_or((&text, "00"));
    let negative = whole.starts_with('-');
    let value = whole.trim_start_matches('-').parse::<i64>().unwrap() * 100 + cents.parse::<i64>().unwrap();
    if negative { -value } else { value }
}

fn total(slices: &Value) -> i64 {
    slices.as_array().unwrap().iter().map(|slice| slice["count"].as_i64().unwrap()).sum()
}

fn month_of_day(day: &str) -> String {
    day[..7].to_owned()
}

/// Attended workers per day of `month` as the attendance sheet shows them (attended, inside a stay).
async fn sheet_days(app: &TestApp, token: &str, project: i64, month: &str) -> HashMap<String, i64> {
    let mut days = HashMap::new();
    let mut page = 1;
    loop {
        let sheet = app
            .get(
                &format!("/builder/attendance/v1/Sheet/month?projectId={project}&month={month}&page={page}&limit=100"),
                Some(token),
            )
            .await;
        assert_eq!(sheet["code"], 201, "{sheet}");
        let rows = sheet["data"]["list"].as_array().unwrap();
        for row in rows {
            for cell in row["cells"].as_array().unwrap() {
                if cell["attended"] == true && cell["outside"] != true {
                    *days.entry(format!("{month}-{:02}", cell["day"].as_u64().unwrap())).or_insert(0) += 1;
                }
            }
        }
        if rows.len() < 100 {
            return days;
        }
        page += 1;
    }
}

/// Paid out of the special account in `month` by wage payouts, as the flow list shows it.
async fn payout_flows(app: &TestApp, token: &str, project: i64, month: &str) -> i64 {
    let (year, number) = month.split_once('-').unwrap();
    let first = time::Date::from_calendar_date(
        year.parse().unwrap(),
        time::Month::try_from(number.parse::<u8>().unwrap()).unwrap(),
        1,
    )
    .unwrap();
    let last = time::util::days_in_month(first.month(), first.year());
    let mut paid = 0;
    let mut page = 1;
    loop {
        let flows = app
            .get(
                &format!(
                    "/builder/special/v1/Account/flows?projectId={project}&direction=out&start={month}-01&end={month}-{last:02}&page={page}&limit=100"
                ),
                Some(token),
            )
            .await;
        assert_eq!(flows["code"], 201, "{flows}");
        let list = flows["data"]["list"].as_array().unwrap();
        paid += list.iter().filter(|flow| flow["source"] == "payout").map(|flow| fen(&flow["amount"])).sum::<i64>();
        if list.len() < 100 {
            return paid;
        }
        page += 1;
    }
}

/// Net payable of `month` as the wage sheet list shows it.
async fn sheets_net(app: &TestApp, token: &str, project: i64, month: &str) -> i64 {
    let sheets =
        app.get(&format!("/builder/wage/v1/Sheet/list?projectId={project}&month={month}&limit=100"), Some(token)).await;
    assert_eq!(sheets["code"], 201, "{sheets}");
    sheets["data"]["list"].as_array().unwrap().iter().map(|sheet| fen(&sheet["net"])).sum()
}

/// Every figure of the three reports against the lists, for `token`'s view of project `project`.
async fn assert_figures_equal_the_lists(app: &TestApp, token: &str, project: i64, query: &str) {
    let people = report(app, token, PEOPLE, query).await;
    let roster =
        app.get(&format!("/builder/user/v1/Worker/list?projectId={project}&status=1&limit=1"), Some(token)).await;
    assert_eq!(people["onSite"], roster["data"]["total"], "{roster}");
    let on_site = people["onSite"].as_i64().unwrap();
    for key in ["byUnit", "byTeam", "byWorkType", "byGender", "byAge", "byProvince"] {
        assert_eq!(total(&people[key]), on_site, "{key}: {people}");
    }

    let attendance = report(app, token, ATTENDANCE, query).await;
    let days = attendance["days"].as_array().unwrap();
    assert!(!days.is_empty());
    let mut sheets: HashMap<String, HashMap<String, i64>> = HashMap::new();
    for day in days {
        let date = day["day"].as_str().unwrap();
        let month = month_of_day(date);
        if !sheets.contains_key(&month) {
            sheets.insert(month.clone(), sheet_days(app, token, project, &month).await);
        }
        let counted = sheets[&month].get(date).copied().unwrap_or(0);
        assert_eq!(day["attended"].as_i64().unwrap(), counted, "{date}: {day}");
        assert!(day["attended"].as_i64().unwrap() <= day["onSite"].as_i64().unwrap(), "{day}");
    }
    // Per unit and team per month: the month's attended days add up to the sheet's.
    let mut per_month: HashMap<String, i64> = HashMap::new();
    for team in attendance["teams"].as_array().unwrap() {
        *per_month.entry(team["month"].as_str().unwrap().to_owned()).or_insert(0) +=
            team["attendedDays"].as_i64().unwrap();
    }
    assert!(!per_month.is_empty(), "{attendance}");
    for (month, days) in &per_month {
        let sheet: i64 = sheet_days(app, token, project, month).await.values().sum();
        assert_eq!(sheet, *days, "{month}");
    }

    let wage = report(app, token, WAGE, query).await;
    let mut payable = 0;
    let mut paid = 0;
    for month in wage["months"].as_array().unwrap() {
        let name = month["month"].as_str().unwrap();
        assert_eq!(fen(&month["paid"]), payout_flows(app, token, project, name).await, "{name}");
        assert_eq!(fen(&month["payable"]), sheets_net(app, token, project, name).await, "{name}");
        payable += fen(&month["payable"]);
        paid += fen(&month["paid"]);
    }
    assert_eq!(fen(&wage["payable"]), payable);
    assert_eq!(fen(&wage["paid"]), paid);
    let units = wage["units"].as_array().unwrap();
    assert_eq!(units.iter().map(|unit| fen(&unit["payable"])).sum::<i64>(), payable);
    assert_eq!(units.iter().map(|unit| fen(&unit["paid"])).sum::<i64>(), paid);
    let arrears: Vec<i64> = units.iter().map(|unit| fen(&unit["arrears"])).collect();
    assert!(arrears.windows(2).all(|pair| pair[0] >= pair[1]), "largest first: {arrears:?}");
}

async fn the_reports_equal_the_lists_on_the_demo_data(app: &TestApp) {
    let demo = app.login("demo", "Demo@12345").await;
    // One order paid: the month's payout flows are not empty.
    let order = submitted_order(app, &demo).await;
    let finance = app.login("finance", "Demo@12345").await;
    verify_by_id(app, &finance, order).await;
    assert_eq!(decide(app, &finance, order, "1", "").await["code"], 201);
    assert_figures_equal_the_lists(app, &demo, 1, "").await;
    let wage = report(app, &demo, WAGE, "").await;
    assert!(fen(&wage["paid"]) > 0, "{wage}");
    let month = previous_month();
    assert!(wage["months"].as_array().unwrap().iter().any(|row| row["month"] == month.as_str()));

    // The regulator reads the same figures for the project in view, and the district's sum without one.
    let admin = app.login("admin", "Admin@12345").await;
    assert_figures_equal_the_lists(app, &admin, 1, "projectId=1").await;
    let own = report(app, &demo, PEOPLE, "").await;
    let district = report(app, &admin, PEOPLE, "").await;
    let approved = app.scalar("SELECT COUNT(*) FROM projects WHERE audit_status = '2'").await;
    assert_eq!(district["projects"], approved);
    let on_site = app.scalar("SELECT COUNT(*) FROM employments e JOIN projects p ON p.id = e.project_id WHERE e.status = 1 AND p.audit_status = '2'").await;
    assert_eq!(district["onSite"], on_site);
    assert!(own["onSite"].as_i64().unwrap() <= on_site);
}
both!(the_reports_equal_the_lists_on_the_demo_data);

/// Workers added on a second team, one over-age, one leaving, attendance marked by hand: the figures follow.
async fn the_reports_follow_generated_data(app: &TestApp) {
    let demo = app.login("demo", "Demo@12345").await;
    let before = report(app, &demo, PEOPLE, "").await;
    let today = wageguard::clock::china_today();
    let day = wageguard::domain::dates::format_date(today);
    let unit = crate::wages::contractor_unit(app).await;
    // An over-age man (born 1950) and a woman of 30, by SQL rows as the roster keeps them.
    for (n, (id_number, gender, birth)) in
        [("11010519500101001X", 1, "1950-01-01"), ("110105199601010020", 2, "1996-01-01")].iter().enumerate()
    {
        let id_number = if wageguard::domain::id_number::IdNumber::parse(id_number).is_ok() {
            (*id_number).to_owned()
        } else {
            let body = &id_number[..17];
            format!("{body}{}", wageguard::domain::id_number::check_char(body).unwrap())
        };
        app.exec_owned(format!(
            "INSERT INTO workers (id_number, name, gender, birth_date, created_at, updated_at) \
             VALUES ('{id_number}', '测试工人{n}', {gender}, '{birth}', 0, 0)"
        ))
        .await;
        app.exec_owned(format!(
            "INSERT INTO employments (project_id, worker_id, unit_id, work_type, entry_date, status, created_at, updated_at) \
             SELECT 1, id, {unit}, '', '{day}', 1, 0, 0 FROM workers WHERE id_number = '{id_number}'"
        ))
        .await;
        app.exec_owned(format!(
            "INSERT INTO attendance_days (project_id, worker_id, day, first_at, last_at, punches, minutes, attended, manual) \
             SELECT 1, id, '{day}', 0, 0, 2, 480, TRUE, TRUE FROM workers WHERE id_number = '{id_number}'"
        ))
        .await;
    }
    let after = report(app, &demo, PEOPLE, "").await;
    assert_eq!(after["onSite"].as_i64().unwrap(), before["onSite"].as_i64().unwrap() + 2);
    let over: Vec<&Value> =
        after["overAge"].as_array().unwrap().iter().filter(|row| row["name"] == "测试工人0").collect();
    assert_eq!(over.len(), 1, "{after}");
    assert!(!after["overAge"].as_array().unwrap().iter().any(|row| row["name"] == "测试工人1"));
    let this_month = &day[..7];
    let moves = after["moves"].as_array().unwrap().iter().find(|row| row["month"] == this_month).unwrap().clone();
    let earlier = before["moves"].as_array().unwrap().iter().find(|row| row["month"] == this_month).unwrap().clone();
    assert_eq!(moves["entries"].as_i64().unwrap(), earlier["entries"].as_i64().unwrap() + 2);
    assert_figures_equal_the_lists(app, &demo, 1, "").await;
    // Narrowed to the unit: only its workers.
    let narrowed = report(app, &demo, PEOPLE, &format!("unit={unit}")).await;
    let roster = app.get(&format!("/builder/user/v1/Worker/list?status=1&unitId={unit}&limit=1"), Some(&demo)).await;
    if roster["code"] == 201 {
        assert_eq!(narrowed["onSite"], roster["data"]["total"], "{roster}");
    }
    assert_eq!(narrowed["byUnit"].as_array().unwrap().len(), 1, "{narrowed}");
}
both!(the_reports_follow_generated_data);

async fn each_account_sees_its_own_scope(app: &TestApp) {
    let demo = app.login("demo", "Demo@12345").await;
    let finance = app.login("finance", "Demo@12345").await;
    for path in [PEOPLE, ATTENDANCE, WAGE].into_iter().chain(EXPORTS) {
        let reply = app.get(path, Some(&finance)).await;
        assert_eq!(reply["code"], 403, "{reply}");
        assert_eq!(reply["message"], "财务账号无权访问该功能");
        assert_eq!(app.get(path, None).await["code"], 101);
        // A builder account never reads another project.
        assert_eq!(app.get(&format!("{path}?projectId=2"), Some(&demo)).await["code"], 404);
    }
    app.exec("UPDATE projects SET audit_status = '2', district_code = '4103,410302,410302001' WHERE id = 2").await;
    let county = regulator(app, "county", "410105", "inspector").await;
    let people = report(app, &county, PEOPLE, "").await;
    assert_eq!(people["projects"], 1, "{people}");
    let own = app.scalar("SELECT COUNT(*) FROM employments WHERE project_id = 1 AND status = 1").await;
    assert_eq!(people["onSite"], own);
    // Outside its county: refused, never counted.
    assert_eq!(app.get(&format!("{PEOPLE}?projectId=2"), Some(&county)).await["code"], 404);
    assert_refused(&app.get(&format!("{PEOPLE}?district=410302"), Some(&county)).await, "请选择正确的行政区划");
    let city = regulator(app, "city", "4103", "inspector").await;
    assert_eq!(report(app, &city, PEOPLE, "").await["projects"], 1);
    assert_eq!(
        report(app, &city, PEOPLE, "").await["onSite"],
        app.scalar("SELECT COUNT(*) FROM employments WHERE project_id = 2 AND status = 1").await
    );
    let admin = app.login("admin", "Admin@12345").await;
    assert_eq!(report(app, &admin, PEOPLE, "").await["projects"], 2);
    assert_eq!(report(app, &admin, PEOPLE, "district=410105").await["projects"], 1);
}
both!(each_account_sees_its_own_scope);

async fn bad_filters_are_refused_in_chinese(app: &TestApp) {
    let demo = app.login("demo", "Demo@12345").await;
    let cases = [
        ("start=2026-05&end=2026-01", "开始月份不能晚于结束月份"),
        ("start=2026-5", "开始月份格式应为YYYY-MM"),
        ("end=2026-13", "结束月份格式应为YYYY-MM"),
        ("start=2020-01&end=2026-01", "统计区间不能超过24个月"),
        ("unit=abc", "请选择正确的参建单位"),
        ("team=-1", "请选择正确的班组"),
    ];
    for path in [PEOPLE, ATTENDANCE, WAGE].into_iter().chain(EXPORTS) {
        for (query, message) in cases {
            assert_refused(&app.get(&format!("{path}?{query}"), Some(&demo)).await, message);
        }
    }
}
both!(bad_filters_are_refused_in_chinese);

pub async fn download(app: &TestApp, token: &str, path: &str) -> calamine::Xlsx<std::io::Cursor<Vec<u8>>> {
    let request = axum::http::Request::get(path).header("X-Token", token).body(axum::body::Body::empty()).unwrap();
    let response = tower::ServiceExt::oneshot(app.router.clone(), request).await.unwrap();
    assert_eq!(response.status(), 200);
    assert_eq!(response.headers()["content-type"], "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    let bytes = http_body_util::BodyExt::collect(response.into_body()).await.unwrap().to_bytes();
    calamine::open_workbook_from_rs(std::io::Cursor::new(bytes.to_vec())).unwrap()
}

pub fn rows(workbook: &mut calamine::Xlsx<std::io::Cursor<Vec<u8>>>, sheet: &str) -> Vec<Vec<String>> {
    let range = calamine::Reader::worksheet_range(workbook, sheet).unwrap();
    range.rows().skip(1).map(|row| row.iter().map(|cell| cell.to_string()).collect()).collect()
}

async fn the_exports_hold_the_screens_tables(app: &TestApp) {
    let demo = app.login("demo", "Demo@12345").await;
    let people = report(app, &demo, PEOPLE, "").await;
    let mut workbook = download(app, &demo, EXPORTS[0]).await;
    for (sheet, key) in
        [("按参建单位", "byUnit"), ("按性别", "byGender"), ("按年龄段", "byAge"), ("按籍贯", "byProvince")]
    {
        let lines = rows(&mut workbook, sheet);
        let slices = people[key].as_array().unwrap();
        assert_eq!(lines.len(), slices.len(), "{sheet}");
        for (line, slice) in lines.iter().zip(slices) {
            assert_eq!(line[0], slice["name"].as_str().unwrap());
            assert_eq!(line[1], slice["count"].to_string());
        }
    }
    assert_eq!(rows(&mut workbook, "超龄人员").len(), people["overAge"].as_array().unwrap().len());
    assert_eq!(rows(&mut workbook, "进退场").len(), people["moves"].as_array().unwrap().len());

    let attendance = report(app, &demo, ATTENDANCE, "").await;
    let mut workbook = download(app, &demo, EXPORTS[1]).await;
    let lines = rows(&mut workbook, "每日出勤");
    for (line, day) in lines.iter().zip(attendance["days"].as_array().unwrap()) {
        assert_eq!(line[0], day["day"].as_str().unwrap());
        assert_eq!(line[3], day["attended"].to_string());
    }
    assert_eq!(rows(&mut workbook, "班组月度出勤").len(), attendance["teams"].as_array().unwrap().len());
    assert_eq!(rows(&mut workbook, "缺勤排行").len(), attendance["mostAbsent"].as_array().unwrap().len());
    assert_eq!(rows(&mut workbook, "关键岗位在岗").len(), attendance["keyStaff"].as_array().unwrap().len());

    let wage = report(app, &demo, WAGE, "").await;
    let mut workbook = download(app, &demo, EXPORTS[2]).await;
    let lines = rows(&mut workbook, "月度应发实发");
    for (line, month) in lines.iter().zip(wage["months"].as_array().unwrap()) {
        assert_eq!(line[0], month["month"].as_str().unwrap());
        let cell_fen = (line[1].parse::<f64>().unwrap() * 100.0).round() as i64;
        assert_eq!(cell_fen, fen(&month["payable"]));
    }
    assert_eq!(rows(&mut workbook, "参建单位欠薪").len(), wage["units"].as_array().unwrap().len());
    assert_eq!(rows(&mut workbook, "工种平均工资").len(), wage["workTypes"].as_array().unwrap().len());
}
both!(the_exports_hold_the_screens_tables);

/// Rows of `attendance_months` / `attendance_day_counts` / `wage_line_months` that differ from the sums counted
/// afresh from the rows they sum, in either direction (0 when they agree).
async fn summaries_off(app: &TestApp) -> (i64, i64, i64) {
    let attended = "SELECT project_id, worker_id, SUBSTR(day, 1, 7) AS month, \
                    SUM(CAST(1 AS BIGINT) << (CAST(SUBSTR(day, 9, 2) AS INTEGER) - 1)) AS days \
                    FROM attendance_days WHERE attended = TRUE GROUP BY project_id, worker_id, SUBSTR(day, 1, 7)";
    let attendance = app
        .scalar_owned(format!(
            "SELECT (SELECT COUNT(*) FROM ({attended}) r WHERE NOT EXISTS (SELECT 1 FROM attendance_months m \
             WHERE m.project_id = r.project_id AND m.worker_id = r.worker_id AND m.month = r.month AND m.days = r.days)) \
             + (SELECT COUNT(*) FROM attendance_months m WHERE NOT EXISTS (SELECT 1 FROM ({attended}) r \
             WHERE m.project_id = r.project_id AND m.worker_id = r.worker_id AND m.month = r.month AND m.days = r.days))"
        ))
        .await;
    let counted = "SELECT project_id, day, COUNT(*) AS attended FROM attendance_days WHERE attended = TRUE GROUP BY project_id, day";
    let same_day = "c.project_id = r.project_id AND c.day = r.day AND c.attended = r.attended";
    let days = app
        .scalar_owned(format!(
            "SELECT (SELECT COUNT(*) FROM ({counted}) r WHERE NOT EXISTS (SELECT 1 FROM attendance_day_counts c WHERE {same_day})) \
             + (SELECT COUNT(*) FROM attendance_day_counts c WHERE NOT EXISTS (SELECT 1 FROM ({counted}) r WHERE {same_day}))"
        ))
        .await;
    let lines = "SELECT l.project_id, l.month, e.unit_id, COALESCE(e.team_id, 0) AS team_id, e.work_type, \
                 COUNT(*) AS lines, SUM(l.net_fen) AS net_fen FROM wage_lines l JOIN employments e ON e.id = l.employment_id \
                 GROUP BY l.project_id, l.month, e.unit_id, COALESCE(e.team_id, 0), e.work_type";
    let same = "m.project_id = r.project_id AND m.month = r.month AND m.unit_id = r.unit_id AND m.team_id = r.team_id \
                AND m.work_type = r.work_type AND m.lines = r.lines AND m.net_fen = r.net_fen";
    let wages = app
        .scalar_owned(format!(
            "SELECT (SELECT COUNT(*) FROM ({lines}) r WHERE NOT EXISTS (SELECT 1 FROM wage_line_months m WHERE {same})) \
             + (SELECT COUNT(*) FROM wage_line_months m WHERE NOT EXISTS (SELECT 1 FROM ({lines}) r WHERE {same}))"
        ))
        .await;
    (attendance, days, wages)
}

/// The sums the reports and the data screen read (migrations 0035–0037) stay equal to their rows through every kind of change:
/// days added, un-attended, moved and removed; wage lines made, edited, removed and deleted with their sheet;
/// payouts.
async fn the_report_sums_follow_every_change(app: &TestApp) {
    assert_eq!(summaries_off(app).await, (0, 0, 0), "after the demo data");
    assert!(app.scalar("SELECT COUNT(*) FROM attendance_months").await > 0);

    let day = wageguard::domain::dates::format_date(wageguard::clock::china_today());
    let worker = app.scalar("SELECT MIN(worker_id) FROM employments WHERE project_id = 1 AND status = 1").await;
    app.exec_owned(format!(
        "DELETE FROM attendance_days WHERE project_id = 1 AND worker_id = {worker} AND day = '{day}'"
    ))
    .await;
    app.exec_owned(format!(
        "INSERT INTO attendance_days (project_id, worker_id, day, first_at, last_at, punches, minutes, attended) \
         VALUES (1, {worker}, '{day}', 0, 0, 1, 0, FALSE)"
    ))
    .await;
    assert_eq!(summaries_off(app).await, (0, 0, 0), "a day not attended");
    app.exec_owned(format!(
        "UPDATE attendance_days SET attended = TRUE WHERE project_id = 1 AND worker_id = {worker} AND day = '{day}'"
    ))
    .await;
    assert_eq!(summaries_off(app).await, (0, 0, 0), "the day attended");
    let upsert = |attended: bool| {
        format!(
            "INSERT INTO attendance_days (project_id, worker_id, day, first_at, last_at, punches, minutes, attended) \
             VALUES (1, {worker}, '{day}', 0, 0, 2, 480, {attended}) ON CONFLICT (project_id, worker_id, day) \
             DO UPDATE SET minutes = excluded.minutes, attended = excluded.attended"
        )
    };
    app.exec_owned(upsert(false)).await;
    assert_eq!(summaries_off(app).await, (0, 0, 0), "a day un-attended by a recount's upsert");
    app.exec_owned(upsert(true)).await;
    app.exec_owned(upsert(true)).await;
    assert_eq!(summaries_off(app).await, (0, 0, 0), "the day attended again, twice");
    app.exec("UPDATE attendance_days SET attended = FALSE WHERE project_id = 1 AND day = (SELECT MIN(day) FROM attendance_days WHERE project_id = 1 AND attended = TRUE)").await;
    assert_eq!(summaries_off(app).await, (0, 0, 0), "a day of many un-attended");
    app.exec_owned(format!(
        "UPDATE attendance_days SET day = '2020-02-29' WHERE project_id = 1 AND worker_id = {worker} AND day = '{day}'"
    ))
    .await;
    assert_eq!(summaries_off(app).await, (0, 0, 0), "a day moved to another month");
    app.exec("DELETE FROM attendance_days WHERE day = '2020-02-29'").await;
    app.exec("DELETE FROM attendance_days WHERE project_id = 1 AND day >= (SELECT MAX(day) FROM attendance_days WHERE project_id = 1)").await;
    assert_eq!(summaries_off(app).await, (0, 0, 0), "days removed");
    assert_eq!(app.scalar("SELECT COUNT(*) FROM attendance_months WHERE days = 0").await, 0);

    let demo = app.login("demo", "Demo@12345").await;
    let sheet = crate::wages::create_sheet(app, &demo).await;
    assert_eq!(summaries_off(app).await, (0, 0, 0), "a sheet made");
    let lines = crate::wages::lines(app, &demo, sheet).await;
    let edited = app
        .post(
            "/builder/wage/v1/Sheet/saveLine",
            Some(&demo),
            &[("id", &lines[0]["id"].to_string()), ("payable", "1234.56"), ("deduction", "10"), ("reason", "奖金")],
        )
        .await;
    assert_eq!(edited["code"], 201, "{edited}");
    let removed = app
        .post(
            "/builder/wage/v1/Sheet/removeLine",
            Some(&demo),
            &[("id", &lines[1]["id"].to_string()), ("reason", "已离场")],
        )
        .await;
    assert_eq!(removed["code"], 201, "{removed}");
    assert_eq!(summaries_off(app).await, (0, 0, 0), "a line edited, one removed");
    let deleted = app.post("/builder/wage/v1/Sheet/delete", Some(&demo), &[("id", &sheet.to_string())]).await;
    assert_eq!(deleted["code"], 201, "{deleted}");
    assert_eq!(summaries_off(app).await, (0, 0, 0), "the sheet deleted");

    let order = submitted_order(app, &demo).await;
    let finance = app.login("finance", "Demo@12345").await;
    verify_by_id(app, &finance, order).await;
    assert_eq!(decide(app, &finance, order, "1", "").await["code"], 201);
    assert_eq!(summaries_off(app).await, (0, 0, 0), "an order paid");
    let paid = app
        .scalar("SELECT CAST(COALESCE(SUM(amount_fen), 0) AS BIGINT) FROM account_flows WHERE direction = 'out' AND source = 'payout'")
        .await;
    assert!(paid > 0);
    assert_eq!(app.scalar("SELECT CAST(COALESCE(SUM(paid_fen), 0) AS BIGINT) FROM account_payout_months").await, paid);
}
both!(the_report_sums_follow_every_change);
