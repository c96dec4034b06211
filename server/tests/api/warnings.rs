//! The early warnings (issue 15 item 3): each rule fires, stays quiet just below its threshold and closes
//! itself when its cause goes; a run with nothing changed writes nothing; two engines at once raise one
//! warning; the project's and the regulator's endpoints and their scoping.

use serde_json::Value;
use time::{Date, Duration};
use wageguard::warning::engine::{self, Finding, Outcome, Rule};

use crate::both;
use crate::support::{TestApp, assert_refused, regulator};

const LIST: &str = "/builder/earlywarning/v1/EarlyWarning/ajax_list";
const INDEX: &str = "/builder/earlywarning/v1/EarlyWarning/index";
const THREAD: &str = "/builder/earlywarning/v1/EarlyWarning/ajax_message";
const SAVE: &str = "/builder/earlywarning/v1/EarlyWarning/ajax_save_message";
const ADMIN_LIST: &str = "/admin/warning/v1/Warning/ajax_list";
const ADMIN_INDEX: &str = "/admin/warning/v1/Warning/index";
const COUNTS: &str = "/admin/warning/v1/Warning/counts";
const COMMENT: &str = "/admin/warning/v1/Warning/comment";
const CLOSE: &str = "/admin/warning/v1/Warning/close";
const REOPEN: &str = "/admin/warning/v1/Warning/reopen";
const UPLOAD: &str = "/builder/common/v1/site/upload_file_batch";

fn today() -> Date {
    wageguard::clock::china_today()
}

fn day(offset: i64) -> String {
    wageguard::domain::dates::format_date(today() + Duration::days(offset))
}

/// `YYYY-MM` of the month `offset` months from this one.
fn month(offset: i64) -> String {
    let t = today();
    let index = i64::from(t.year()) * 12 + i64::from(t.month() as u8) - 1 + offset;
    format!("{:04}-{:02}", index.div_euclid(12), index.rem_euclid(12) + 1)
}

async fn findings(app: &TestApp, rule: Rule) -> Vec<Finding> {
    engine::evaluate(&app.db, &app.config.warnings, today())
        .await
        .expect("evaluate")
        .into_iter()
        .filter(|finding| finding.rule == rule && finding.project_id == 1)
        .collect()
}

async fn run(app: &TestApp) -> Outcome {
    engine::run(&app.db, &app.config.warnings, today()).await.expect("engine run")
}

async fn open_of(app: &TestApp, rule: Rule) -> i64 {
    app.scalar_owned(format!(
        "SELECT COUNT(*) FROM warnings WHERE project_id = 1 AND status = 'open' AND rule = '{}'",
        rule.code()
    ))
    .await
}

/// The project without its demo roster, wages, attendance and inflows: every rule starts quiet.
async fn quiet(app: &TestApp) {
    app.without_demo_roster().await;
    app.exec("DELETE FROM account_flows").await;
    app.exec("UPDATE project_units SET guarantee_end = ''").await;
    app.exec_owned(format!("UPDATE projects SET start_time = '{}'", day(0))).await;
}

static NEXT: std::sync::atomic::AtomicI64 = std::sync::atomic::AtomicI64::new(1);

/// A worker on project 1's builder unit: (worker, employment).
async fn worker(app: &TestApp, entry: &str, contract: bool, exit: Option<&str>) -> (i64, i64) {
    let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
    app.exec_owned(format!(
        "INSERT INTO workers (id_number, name, gender, created_at, updated_at) VALUES ('W{n:017}', '工人{n}', 1, 0, 0)"
    ))
    .await;
    let worker = app.scalar_owned(format!("SELECT id FROM workers WHERE id_number = 'W{n:017}'")).await;
    let unit = app.scalar("SELECT id FROM project_units WHERE project_id = 1 AND role = 'builder'").await;
    let (status, exit) = match exit {
        Some(exit) => (2, exit),
        None => (1, ""),
    };
    app.exec_owned(format!(
        "INSERT INTO employments (project_id, worker_id, unit_id, entry_date, exit_date, status, contract_signed, \
         created_at, updated_at) VALUES (1, {worker}, {unit}, '{entry}', '{exit}', {status}, {contract}, 0, 0)"
    ))
    .await;
    let employment = app.scalar_owned(format!("SELECT MAX(id) FROM employments WHERE worker_id = {worker}")).await;
    (worker, employment)
}

/// A sheet of project 1 for `month` in `status`.
async fn sheet(app: &TestApp, month: &str, status: &str) -> i64 {
    let unit = app.scalar("SELECT id FROM project_units WHERE project_id = 1 AND role = 'builder'").await;
    let seq = NEXT.fetch_add(1, std::sync::atomic::Ordering::SeqCst) + 100;
    app.exec_owned(format!(
        "INSERT INTO wage_sheets (project_id, month, unit_id, team_id, seq, status, created_at) \
         VALUES (1, '{month}', {unit}, 0, {seq}, '{status}', 0)"
    ))
    .await;
    app.scalar_owned(format!("SELECT id FROM wage_sheets WHERE seq = {seq}")).await
}

async fn line(app: &TestApp, sheet: i64, hired: (i64, i64), net: i64) -> i64 {
    line_of(app, sheet, hired, ("day", 20, 0), net).await
}

/// A line paying `net` for (wage kind, days attended, statutory holidays paid without attendance).
async fn line_of(
    app: &TestApp,
    sheet: i64,
    (worker, employment): (i64, i64),
    (kind, days, holidays): (&str, i64, i64),
    net: i64,
) -> i64 {
    app.exec_owned(format!(
        "INSERT INTO wage_lines (sheet_id, project_id, month, worker_id, employment_id, days, holiday_days, wage_kind, \
         wage_fen, prefill_fen, payable_fen, net_fen) SELECT id, 1, month, {worker}, {employment}, {days}, {holidays}, \
         '{kind}', 0, {net}, {net}, {net} FROM wage_sheets WHERE id = {sheet}"
    ))
    .await;
    app.scalar_owned(format!("SELECT id FROM wage_lines WHERE sheet_id = {sheet} AND worker_id = {worker}")).await
}

async fn pay(app: &TestApp, line: i64) {
    let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
    app.exec_owned(format!(
        "INSERT INTO wage_orders (project_id, order_no, month, status, total_fen, line_count, created_at) \
         SELECT 1, 'T{n}', month, 'paid', net_fen, 1, 0 FROM wage_lines WHERE id = {line}"
    ))
    .await;
    app.exec_owned(format!(
        "INSERT INTO payouts (order_id, project_id, line_id, worker_id, amount_fen, card_number, card_bank, status) \
         SELECT (SELECT id FROM wage_orders WHERE order_no = 'T{n}'), 1, id, worker_id, net_fen, '1', '银行', 'paid' \
         FROM wage_lines WHERE id = {line}"
    ))
    .await;
}

async fn attend(app: &TestApp, worker: i64, day: &str) {
    app.exec_owned(format!(
        "INSERT INTO attendance_days (project_id, worker_id, day, first_at, last_at, punches, attended) \
         VALUES (1, {worker}, '{day}', 0, 0, 2, TRUE)"
    ))
    .await;
}

async fn unpaid_wages(app: &TestApp) {
    quiet(app).await;
    let hired = worker(app, &day(-400), true, None).await;
    let due = sheet(app, &month(-2), "confirmed").await;
    let due_line = line(app, due, hired, 300_000).await;
    let recent = sheet(app, &month(-1), "confirmed").await;
    line(app, recent, hired, 300_000).await;
    let found = findings(app, Rule::UnpaidWages).await;
    assert_eq!(found.len(), 1, "only the month whose next month has ended: {found:?}");
    assert_eq!(found[0].period, month(-2));
    assert!(found[0].facts.contains("3000.00"), "{}", found[0].facts);
    assert_eq!(run(app).await.raised, findings_count(app).await);
    assert_eq!(open_of(app, Rule::UnpaidWages).await, 1);
    pay(app, due_line).await;
    assert!(findings(app, Rule::UnpaidWages).await.is_empty());
    assert!(run(app).await.closed >= 1);
    assert_eq!(open_of(app, Rule::UnpaidWages).await, 0);
    let reason = app
        .scalar_owned(format!(
            "SELECT COUNT(*) FROM warnings WHERE rule = 'unpaid_wages' AND closed_by = 'engine' AND close_reason = '{}'",
            Rule::UnpaidWages.close_reason()
        ))
        .await;
    assert_eq!(reason, 1);
}
both!(unpaid_wages);

async fn findings_count(app: &TestApp) -> usize {
    engine::evaluate(&app.db, &app.config.warnings, today()).await.unwrap().len()
}

async fn unlined_workers(app: &TestApp) {
    quiet(app).await;
    let attended_day = format!("{}-10", month(-2));
    let sheet_id = sheet(app, &month(-2), "confirmed").await;
    let mut workers = Vec::new();
    for _ in 0..10 {
        let hired = worker(app, &day(-400), true, None).await;
        attend(app, hired.0, &attended_day).await;
        workers.push(hired);
    }
    for hired in &workers[1..] {
        line(app, sheet_id, *hired, 300_000).await;
    }
    let found = findings(app, Rule::UnlinedWorkers).await;
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0].level, engine::Level::Yellow, "1 of 10 is not above 10 %");
    run(app).await;
    app.exec_owned(format!("DELETE FROM wage_lines WHERE worker_id = {}", workers[1].0)).await;
    let found = findings(app, Rule::UnlinedWorkers).await;
    assert_eq!(found[0].level, engine::Level::Red, "2 of 10 is above 10 %");
    assert!(run(app).await.updated >= 1, "the open warning turns red");
    assert_eq!(
        app.scalar(
            "SELECT COUNT(*) FROM warnings WHERE rule = 'unlined_workers' AND level = 'red' AND status = 'open'"
        )
        .await,
        1
    );
    // The previous month is still being settled.
    let (recent, _) = worker(app, &day(-400), true, None).await;
    attend(app, recent, &format!("{}-10", month(-1))).await;
    assert_eq!(findings(app, Rule::UnlinedWorkers).await.len(), 1);
    for hired in &workers[..2] {
        line(app, sheet_id, *hired, 300_000).await;
    }
    assert!(run(app).await.closed >= 1);
    assert_eq!(open_of(app, Rule::UnlinedWorkers).await, 0);
}
both!(unlined_workers);

/// Issue 28 finding 4: the minimum wage is owed pro rata for the days a worker's month pays (monthly minimum
/// ÷ 21.75 per day), so a correct part-month sheet raises nothing, and a red warning names the worker paid
/// below his share.
async fn below_minimum_wage(app: &TestApp) {
    quiet(app).await;
    // The sheet: a day worker paid 600.00 for 2 days, a monthly worker 3,034.48 for 11 paid days.
    let part = sheet(app, &month(-1), "confirmed").await;
    line_of(app, part, worker(app, &day(-400), true, None).await, ("day", 2, 0), 60_000).await;
    line_of(app, part, worker(app, &day(-400), true, None).await, ("month", 10, 1), 303_448).await;
    assert!(findings(app, Rule::BelowMinimumWage).await.is_empty(), "1817.24 on average, each above his share");
    run(app).await;
    assert_eq!(open_of(app, Rule::BelowMinimumWage).await, 0);

    // A sheet built low: 20 days at the daily minimum are 2100 × 20 / 21.75 = 1931.03; one fen less is below.
    let low = sheet(app, &month(-2), "confirmed").await;
    line(app, low, worker(app, &day(-400), true, None).await, 600_000).await;
    let cheap = worker(app, &day(-400), true, None).await;
    line(app, low, cheap, 193_102).await;
    let short = worker(app, &day(-400), true, None).await;
    line_of(app, low, short, ("month", 11, 0), 106_206).await;
    let draft = sheet(app, &month(-2), "draft").await;
    line(app, draft, worker(app, &day(-400), true, None).await, 100).await;
    let who = |worker: i64, name: &'static str, number: &'static str| async move {
        app.exec_owned(format!("UPDATE workers SET name = '{name}', id_number = '{number}' WHERE id = {worker}")).await;
        (name.to_owned(), format!("{name}（{}）", wageguard::domain::mask::masked(number)))
    };
    let (cheap_name, cheap_named) = who(cheap.0, "低日薪", "410105198001019991").await;
    let (_, short_named) = who(short.0, "低月薪", "410105198001019983").await;
    let found = findings(app, Rule::BelowMinimumWage).await;
    let about: Vec<(&str, i64, &str)> =
        found.iter().map(|f| (f.subject_kind, f.subject_id, f.period.as_str())).collect();
    let period = month(-2);
    assert_eq!(about, [("worker", cheap.0, period.as_str()), ("worker", short.0, period.as_str())], "{found:?}");
    assert_eq!(
        found[0].facts,
        format!(
            "{period}{cheap_named}计薪20天，实发1931.02元，低于按计薪天数折算的最低工资1931.03元\
             （日薪：2100.00元 ÷ 21.75 × 20天 = 1931.03元）"
        )
    );
    assert_eq!(
        found[1].facts,
        format!(
            "{period}{short_named}计薪11天，实发1062.06元，低于按计薪天数折算的最低工资1062.07元\
             （2100.00元 ÷ 21.75 × 11天 = 1062.07元）"
        )
    );
    // 工资核查 judges by the same rule; it sees the draft too, which is still being made.
    let demo = app.login("demo", "Demo@12345").await;
    let check = |month: String| {
        let demo = demo.clone();
        async move {
            let path = format!("/builder/wage/v1/Check/list?kind=below_minimum&limit=100&month={month}");
            let list = data(app.get(&path, Some(&demo)).await).await;
            list["list"].as_array().unwrap().iter().map(|row| row["workerId"].as_i64().unwrap()).collect::<Vec<_>>()
        }
    };
    assert!(check(month(-1)).await.is_empty());
    let checked = check(month(-2)).await;
    assert!(checked.len() == 3 && checked.contains(&cheap.0) && checked.contains(&short.0), "{checked:?}");
    run(app).await;
    let listed = data(app.post(LIST, Some(&demo), &[("rule", Rule::BelowMinimumWage.code())]).await).await;
    assert_eq!(listed["total"], 2, "{listed}");
    let row = listed["list"].as_array().unwrap().iter().find(|row| row["subjectId"] == cheap.0).expect("his warning");
    assert_eq!((row["level"].as_str(), row["workerName"].as_str()), (Some("red"), Some(cheap_name.as_str())), "{row}");

    // A supplementary sheet of the month pays him the fen short: his month adds up and the warning closes.
    let supplement = sheet(app, &month(-2), "confirmed").await;
    line_of(app, supplement, cheap, ("day", 0, 0), 1).await;
    app.exec_owned(format!(
        "UPDATE wage_lines SET payable_fen = 106207, net_fen = 106207 WHERE worker_id = {}",
        short.0
    ))
    .await;
    assert!(findings(app, Rule::BelowMinimumWage).await.is_empty());
    assert!(run(app).await.closed >= 2);
    assert_eq!(open_of(app, Rule::BelowMinimumWage).await, 0);
}
both!(below_minimum_wage);

async fn worker_pay_over(app: &TestApp) {
    quiet(app).await;
    let hired = worker(app, &day(-400), true, None).await;
    let year = today().year();
    let mut lines = Vec::new();
    for m in 1..=6 {
        let sheet_id = sheet(app, &format!("{year}-{m:02}"), "confirmed").await;
        lines.push(line(app, sheet_id, hired, 5_000_000).await);
    }
    assert!(findings(app, Rule::WorkerPayOver).await.is_empty(), "50,000 a month and 300,000 a year are allowed");
    app.exec_owned(format!("UPDATE wage_lines SET net_fen = 5000001 WHERE id = {}", lines[0])).await;
    let found = findings(app, Rule::WorkerPayOver).await;
    let periods: Vec<&str> = found.iter().map(|finding| finding.period.as_str()).collect();
    assert_eq!(periods.len(), 2, "the month and the year: {found:?}");
    assert!(periods.contains(&format!("{year}-01").as_str()) && periods.contains(&year.to_string().as_str()));
    run(app).await;
    assert_eq!(open_of(app, Rule::WorkerPayOver).await, 2);
    app.exec_owned(format!("UPDATE wage_lines SET net_fen = 5000000 WHERE id = {}", lines[0])).await;
    run(app).await;
    assert_eq!(open_of(app, Rule::WorkerPayOver).await, 0);
}
both!(worker_pay_over);

async fn no_inflow(app: &TestApp) {
    quiet(app).await;
    let (hired, _) = worker(app, &day(-400), true, None).await;
    attend(app, hired, &format!("{}-10", month(-1))).await;
    attend(app, hired, &day(0)).await;
    let found = findings(app, Rule::NoInflow).await;
    assert_eq!(found.len(), 1, "the month running is not judged yet: {found:?}");
    assert_eq!(found[0].period, month(-1));
    run(app).await;
    let inflow_at = wageguard::domain::dates::parse_date(&format!("{}-15", month(-1)))
        .unwrap()
        .unwrap()
        .midnight()
        .assume_utc()
        .unix_timestamp();
    app.exec_owned(format!(
        "INSERT INTO account_flows (project_id, direction, amount_fen, balance_after_fen, source, occurred_at) \
         VALUES (1, 'in', 100000, 100000, 'bank', {inflow_at})"
    ))
    .await;
    assert!(findings(app, Rule::NoInflow).await.is_empty());
    run(app).await;
    assert_eq!(open_of(app, Rule::NoInflow).await, 0);
}
both!(no_inflow);

async fn low_balance(app: &TestApp) {
    quiet(app).await;
    assert_eq!(app.scalar("SELECT COUNT(*) FROM special_accounts WHERE project_id = 1").await, 1);
    let sheet_id = sheet(app, &month(-1), "confirmed").await;
    line(app, sheet_id, worker(app, &day(-400), true, None).await, 400_000).await;
    app.exec("UPDATE special_accounts SET balance_fen = 399999 WHERE project_id = 1").await;
    assert_eq!(findings(app, Rule::LowBalance).await.len(), 1);
    run(app).await;
    app.exec("UPDATE special_accounts SET balance_fen = 400000 WHERE project_id = 1").await;
    assert!(findings(app, Rule::LowBalance).await.is_empty());
    run(app).await;
    assert_eq!(open_of(app, Rule::LowBalance).await, 0);
}
both!(low_balance);

async fn no_attendance(app: &TestApp) {
    quiet(app).await;
    let (hired, _) = worker(app, &day(-400), true, None).await;
    attend(app, hired, &day(-6)).await;
    assert!(findings(app, Rule::NoAttendance).await.is_empty(), "six days without a punch");
    app.exec("DELETE FROM attendance_days").await;
    attend(app, hired, &day(-7)).await;
    assert_eq!(findings(app, Rule::NoAttendance).await.len(), 1, "seven days without a punch");
    run(app).await;
    assert_eq!(open_of(app, Rule::NoAttendance).await, 1);
    attend(app, hired, &day(0)).await;
    run(app).await;
    assert_eq!(open_of(app, Rule::NoAttendance).await, 0);
}
both!(no_attendance);

async fn no_contract(app: &TestApp) {
    quiet(app).await;
    let (_, thirty) = worker(app, &day(-30), false, None).await;
    assert!(findings(app, Rule::NoContract).await.is_empty(), "30 days on site");
    let (late, employment) = worker(app, &day(-31), false, None).await;
    let found = findings(app, Rule::NoContract).await;
    assert_eq!(found.len(), 1);
    assert_eq!((found[0].subject_kind, found[0].subject_id), ("worker", late));
    run(app).await;
    app.exec_owned(format!("UPDATE employments SET contract_signed = TRUE WHERE id IN ({employment}, {thirty})")).await;
    run(app).await;
    assert_eq!(open_of(app, Rule::NoContract).await, 0);
}
both!(no_contract);

async fn no_final_wage(app: &TestApp) {
    quiet(app).await;
    let recent_exit = day(-4);
    let (recent, _) = worker(app, &day(-400), true, Some(&recent_exit)).await;
    attend(app, recent, &recent_exit).await;
    assert!(findings(app, Rule::NoFinalWage).await.is_empty(), "four days after the exit");
    let exit = day(-5);
    let left = worker(app, &day(-400), true, Some(&exit)).await;
    attend(app, left.0, &exit).await;
    let found = findings(app, Rule::NoFinalWage).await;
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0].subject_id, left.0);
    run(app).await;
    let sheet_id = sheet(app, &exit[..7], "confirmed").await;
    line(app, sheet_id, left, 100_000).await;
    run(app).await;
    assert_eq!(open_of(app, Rule::NoFinalWage).await, 0);
}
both!(no_final_wage);

async fn account_not_opened(app: &TestApp) {
    quiet(app).await;
    app.exec("UPDATE special_accounts SET open_status = 2 WHERE project_id = 1").await;
    app.exec_owned(format!("UPDATE projects SET start_time = '{}' WHERE id = 1", day(-30))).await;
    assert!(findings(app, Rule::AccountNotOpened).await.is_empty(), "the 30th day is still in time");
    app.exec_owned(format!("UPDATE projects SET start_time = '{}' WHERE id = 1", day(-31))).await;
    assert_eq!(findings(app, Rule::AccountNotOpened).await.len(), 1);
    run(app).await;
    app.exec("UPDATE special_accounts SET open_status = 1 WHERE project_id = 1").await;
    run(app).await;
    assert_eq!(open_of(app, Rule::AccountNotOpened).await, 0);
}
both!(account_not_opened);

async fn guarantee(app: &TestApp) {
    quiet(app).await;
    let set = |end: String| {
        format!("UPDATE project_units SET guarantee_end = '{end}' WHERE project_id = 1 AND role = 'builder'")
    };
    app.exec_owned(set(day(30))).await;
    assert!(findings(app, Rule::GuaranteeExpiring).await.is_empty(), "30 days left");
    app.exec_owned(set(day(29))).await;
    assert_eq!(findings(app, Rule::GuaranteeExpiring).await.len(), 1);
    run(app).await;
    app.exec_owned(set(day(0))).await;
    assert_eq!(findings(app, Rule::GuaranteeExpiring).await.len(), 1, "the last day is still valid");
    assert!(findings(app, Rule::GuaranteeExpired).await.is_empty());
    app.exec_owned(set(day(-1))).await;
    assert_eq!(findings(app, Rule::GuaranteeExpired).await.len(), 1);
    run(app).await;
    assert_eq!(open_of(app, Rule::GuaranteeExpired).await, 1);
    assert_eq!(open_of(app, Rule::GuaranteeExpiring).await, 0);
    app.exec_owned(set(day(400))).await;
    run(app).await;
    assert_eq!(open_of(app, Rule::GuaranteeExpired).await, 0);
}
both!(guarantee);

/// Every table the engine may write, counted.
async fn written(app: &TestApp) -> (i64, i64, i64) {
    (
        app.scalar("SELECT COUNT(*) FROM warnings").await,
        app.scalar("SELECT COUNT(*) FROM messages").await,
        app.scalar("SELECT COUNT(*) FROM operation_log").await,
    )
}

async fn a_second_run_writes_nothing(app: &TestApp) {
    let first = run(app).await;
    assert!(first.raised > 0, "the demo data raises warnings");
    let before = written(app).await;
    let states = app.scalar("SELECT COUNT(*) FROM warnings WHERE status = 'open'").await;
    assert_eq!(run(app).await, Outcome::default());
    assert_eq!(written(app).await, before);
    assert_eq!(app.scalar("SELECT COUNT(*) FROM warnings WHERE status = 'open'").await, states);
    // Raised warnings told the project.
    assert_eq!(
        app.scalar("SELECT COUNT(*) FROM messages WHERE kind = 'warning' AND subject_id IS NOT NULL").await,
        first.raised as i64
    );
}
both!(a_second_run_writes_nothing);

async fn two_engines_at_once_raise_each_warning_once(app: &TestApp) {
    let expected = findings_count(app).await;
    assert!(expected > 0);
    let (a, b) = tokio::join!(run(app), run(app));
    assert_eq!(a.raised + b.raised, expected, "{a:?} {b:?}");
    assert_eq!(app.scalar("SELECT COUNT(*) FROM warnings").await, expected as i64);
    let doubled = app
        .scalar(
            "SELECT COUNT(*) FROM (SELECT rule, project_id, subject_kind, subject_id, period FROM warnings \
             WHERE status = 'open' GROUP BY rule, project_id, subject_kind, subject_id, period HAVING COUNT(*) > 1) d",
        )
        .await;
    assert_eq!(doubled, 0);
}
both!(two_engines_at_once_raise_each_warning_once);

/// A second approved project in another county (金水区 is 410105; this one 410102) with a warning of its own.
async fn other_project(app: &TestApp) -> i64 {
    app.exec_owned(format!(
        "INSERT INTO projects (name, audit_status, district_code, start_time, created_at) \
         VALUES ('中原区另一项目', '2', '4101,410102', '{}', 0)",
        day(-60)
    ))
    .await;
    app.scalar("SELECT MAX(id) FROM projects").await
}

async fn data(reply: Value) -> Value {
    assert_eq!(reply["code"], 201, "{reply}");
    reply["data"].clone()
}

async fn endpoints_and_scoping(app: &TestApp) {
    let other = other_project(app).await;
    run(app).await;
    let own_total = app.scalar("SELECT COUNT(*) FROM warnings WHERE project_id = 1").await;
    let other_warning = app
        .scalar_owned(format!("SELECT id FROM warnings WHERE project_id = {other} AND rule = 'account_not_opened'"))
        .await;
    assert!(own_total > 0);

    let demo = app.login("demo", "Demo@12345").await;
    let list = data(app.post(LIST, Some(&demo), &[("limit", "100")]).await).await;
    assert_eq!(list["total"], own_total);
    assert!(list["list"].as_array().unwrap().iter().all(|row| row["projectId"] == 1));
    let reds = data(app.post(LIST, Some(&demo), &[("level", "red"), ("status", "open")]).await).await;
    assert!(reds["list"].as_array().unwrap().iter().all(|row| row["level"] == "red" && row["levelLabel"] == "红"));
    assert_refused(&app.post(LIST, Some(&demo), &[("level", "purple")]).await, "请选择正确的预警级别");
    assert_refused(&app.post(LIST, Some(&demo), &[("rule", "x")]).await, "请选择正确的预警类型");
    assert_eq!(app.post(LIST, Some(&demo), &[("projectId", &other.to_string())]).await["code"], 404);

    let own = list["list"][0]["id"].as_i64().unwrap();
    let one = data(app.get(&format!("{INDEX}?id={own}"), Some(&demo)).await).await;
    assert!(!one["facts"].as_str().unwrap().is_empty());
    assert_eq!(app.get(&format!("{INDEX}?id={other_warning}"), Some(&demo)).await["code"], 404);
    assert_eq!(app.get(&format!("{THREAD}?id={other_warning}"), Some(&demo)).await["code"], 404);
    assert_eq!(app.post(SAVE, Some(&demo), &[("id", &other_warning.to_string()), ("content", "x")]).await["code"], 404);

    // The project answers with attachments of its own.
    let uploaded =
        app.upload(&format!("{UPLOAD}?kind=attachment"), Some(&demo), &[("说明.png", crate::upload::PNG)]).await;
    let url = uploaded["data"][0].as_str().expect("an upload URL").to_owned();
    let id = own.to_string();
    assert_refused(&app.post(SAVE, Some(&demo), &[("id", &id), ("content", " ")]).await, "请填写回复内容");
    assert_refused(
        &app.post(SAVE, Some(&demo), &[("id", &id), ("content", &"字".repeat(501))]).await,
        "回复内容不能超过500个字",
    );
    assert_refused(
        &app.post(SAVE, Some(&demo), &[("id", &id), ("content", "已整改"), ("attachments", "/uploads/nothing.png")])
            .await,
        "附件无效，请重新上传",
    );
    let saved = app.post(SAVE, Some(&demo), &[("id", &id), ("content", "已整改，见附件"), ("attachments", &url)]).await;
    assert_eq!(saved["code"], 201, "{saved}");
    let thread = data(app.get(&format!("{THREAD}?id={own}"), Some(&demo)).await).await;
    assert_eq!(thread.as_array().unwrap().len(), 1);
    assert_eq!(thread[0]["attachments"][0], url.as_str());
    assert_eq!(thread[0]["authorKind"], "project");

    // The regulator of 金水区 sees project 1 only; the whole area's sees both.
    let jiancha = app.login("jiancha", "Demo@12345").await;
    let district = data(app.get(&format!("{ADMIN_LIST}?limit=100"), Some(&jiancha)).await).await;
    assert_eq!(district["total"], own_total);
    assert_eq!(app.get(&format!("{ADMIN_INDEX}?id={other_warning}"), Some(&jiancha)).await["code"], 404);
    let admin = app.login("admin", "Admin@12345").await;
    let all = data(app.get(&format!("{ADMIN_LIST}?limit=100"), Some(&admin)).await).await;
    assert_eq!(all["total"], app.scalar("SELECT COUNT(*) FROM warnings").await);
    let narrowed = data(app.get(&format!("{ADMIN_LIST}?district=410102"), Some(&admin)).await).await;
    assert_eq!(
        narrowed["total"],
        app.scalar_owned(format!("SELECT COUNT(*) FROM warnings WHERE project_id = {other}")).await
    );
    let by_project = data(app.get(&format!("{ADMIN_LIST}?projectId=1&limit=100"), Some(&admin)).await).await;
    assert_eq!(by_project["total"], own_total);
    let counts = data(app.get(COUNTS, Some(&admin)).await).await;
    let districts = counts["districts"].as_array().unwrap();
    assert_eq!(districts.len(), 2, "{counts}");
    assert!(districts.iter().any(|row| row["district"] == "410102" && row["red"] == 1));
    assert_eq!(counts["rules"].as_array().unwrap().len(), Rule::ALL.len());
    assert_eq!(app.get(ADMIN_LIST, Some(&demo)).await["code"], 403);
    assert_eq!(app.get(COUNTS, Some(&demo)).await["code"], 403);

    // Comment, close and reopen: logged, the project told, the history kept.
    let commented = app.post(COMMENT, Some(&jiancha), &[("id", &id), ("content", "请补充银行回单")]).await;
    assert_eq!(commented["code"], 201, "{commented}");
    let auditor = regulator(app, "shenhe", "410105", "auditor").await;
    assert_eq!(app.post(CLOSE, Some(&auditor), &[("id", &id), ("remark", "核实")]).await["code"], 403);
    assert_eq!(app.post(CLOSE, Some(&demo), &[("id", &id), ("remark", "核实")]).await["code"], 403);
    assert_refused(&app.post(CLOSE, Some(&jiancha), &[("id", &id), ("remark", "")]).await, "请填写处理说明");
    assert_refused(
        &app.post(REOPEN, Some(&jiancha), &[("id", &id), ("remark", "x")]).await,
        "该预警未关闭，或已有同类未关闭的预警",
    );
    assert_eq!(app.post(CLOSE, Some(&jiancha), &[("id", &id), ("remark", "已核实整改")]).await["code"], 201);
    assert_refused(&app.post(CLOSE, Some(&jiancha), &[("id", &id), ("remark", "再次")]).await, "该预警已关闭");
    assert_eq!(run(app).await.raised, 0, "a warning the regulator closed is not raised again");
    assert_eq!(app.post(REOPEN, Some(&jiancha), &[("id", &id), ("remark", "回单不符")]).await["code"], 201);
    let detail = data(app.get(&format!("{ADMIN_INDEX}?id={own}"), Some(&jiancha)).await).await;
    assert_eq!(detail["warning"]["status"], "open");
    assert_eq!(detail["notes"].as_array().unwrap().len(), 2);
    let actions: Vec<&str> =
        detail["history"].as_array().unwrap().iter().map(|e| e["action"].as_str().unwrap()).collect();
    assert!(actions.contains(&"关闭预警") && actions.contains(&"重新打开预警"), "{actions:?}");
    assert_eq!(
        app.scalar_owned(format!("SELECT COUNT(*) FROM messages WHERE kind = 'warning' AND subject_id = {own}")).await,
        3,
        "raised, closed, reopened"
    );
}
both!(endpoints_and_scoping);

async fn unknown_punch(app: &TestApp) {
    quiet(app).await;
    let demo = app.login("demo", "Demo@12345").await;
    let (_, secret) = crate::attendance::register(app, &demo, "T-WARN", "both").await;
    let stranger = "11010519491231002X";
    let time = format!("{} 08:00:00", day(0));
    let reply = crate::attendance::push(
        app,
        "T-WARN",
        &secret,
        serde_json::json!([
            crate::attendance::punch(stranger, &time, "in"),
            crate::attendance::punch("not-an-id", &time, "in")
        ]),
    )
    .await;
    assert_eq!(reply["data"]["refused"], 2, "{reply}");
    assert_eq!(app.scalar("SELECT COUNT(*) FROM unknown_punches").await, 1, "only the person on no roster is kept");
    let found = findings(app, Rule::UnknownPunch).await;
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0].period, day(0));
    run(app).await;
    assert_eq!(open_of(app, Rule::UnknownPunch).await, 1);
    app.exec_owned(format!(
        "INSERT INTO workers (id_number, name, gender, created_at, updated_at) VALUES ('{stranger}', '新工人', 1, 0, 0)"
    ))
    .await;
    let unit = app.scalar("SELECT id FROM project_units WHERE project_id = 1 AND role = 'builder'").await;
    app.exec_owned(format!(
        "INSERT INTO employments (project_id, worker_id, unit_id, entry_date, status, created_at, updated_at) \
         SELECT 1, id, {unit}, '{}', 1, 0, 0 FROM workers WHERE id_number = '{stranger}'",
        day(0)
    ))
    .await;
    run(app).await;
    assert_eq!(open_of(app, Rule::UnknownPunch).await, 0, "the person is registered now");
}
both!(unknown_punch);

/// A dispatched lead without feedback past its deadline (the first second after its last day, China time).
async fn lead_overdue(app: &TestApp) {
    quiet(app).await;
    let lead = app.scalar("SELECT id FROM leads WHERE project_id = 1 AND status = 'dispatched'").await;
    let midnight = today().midnight().assume_offset(time::UtcOffset::from_hms(8, 0, 0).unwrap()).unix_timestamp();
    let due = |at: i64| format!("UPDATE leads SET deadline_at = {at} WHERE id = {lead}");
    app.exec_owned(due(midnight + 1)).await;
    assert!(findings(app, Rule::LeadOverdue).await.is_empty(), "its last day is yesterday only a second later");
    app.exec_owned(due(midnight)).await;
    let found = findings(app, Rule::LeadOverdue).await;
    assert_eq!(found.len(), 1);
    assert_eq!((found[0].subject_kind, found[0].subject_id), ("lead", lead));
    run(app).await;
    assert_eq!(open_of(app, Rule::LeadOverdue).await, 1);
    let demo = app.login("demo", "Demo@12345").await;
    let answered = app
        .post("/builder/clue/v1/Clue/feedback", Some(&demo), &[("id", &lead.to_string()), ("content", "已补发")])
        .await;
    assert_eq!(answered["code"], 201, "{answered}");
    run(app).await;
    assert_eq!(open_of(app, Rule::LeadOverdue).await, 0, "the feedback closes it");
}
both!(lead_overdue);

/// The warnings' demo makes every rule fire on the demo project but one: its special account stays opened so
/// that its orders can be paid.
async fn the_demo_raises_every_rule_but_the_unopened_account(app: &TestApp) {
    assert!(wageguard::warning::demo::seed(&app.db, 1, &app.config.warnings).await.expect("warnings demo"));
    for rule in Rule::ALL {
        let open = open_of(app, rule).await;
        if rule == Rule::AccountNotOpened {
            assert_eq!(open, 0);
        } else {
            assert!(open > 0, "{} fires in the demo", rule.code());
        }
    }
    // The worker paid a bonus above the limit has left without his final line: both warnings name him.
    let demo = app.login("demo", "Demo@12345").await;
    let list = data(app.post(LIST, Some(&demo), &[("limit", "100")]).await).await;
    let about_workers: Vec<&Value> =
        list["list"].as_array().unwrap().iter().filter(|row| row["subjectKind"] == "worker").collect();
    let leaver =
        about_workers.iter().find(|row| row["rule"] == "no_final_wage").expect("the departure")["subjectId"].clone();
    assert!(about_workers.iter().filter(|row| row["subjectId"] == leaver).count() >= 2, "{list}");
    for row in about_workers {
        assert!(!row["workerName"].as_str().unwrap().is_empty(), "each warning about a worker names him: {row}");
    }
}
both!(the_demo_raises_every_rule_but_the_unopened_account);

/// Issue 34 item 4: a warning about a worker names him (name and masked ID number, never the full one) in the
/// project's list, the detail, the regulator's list and the message it leaves, with his roster line to link
/// to; a warning raised with the old text ("该工人…") names him at once and gets the new text at the next run.
async fn a_worker_warning_names_the_worker(app: &TestApp) {
    quiet(app).await;
    let (late, employment) = worker(app, &day(-31), false, None).await;
    let (name, number) = ("张预警".to_owned(), "41010519800101999X".to_owned());
    app.exec_owned(format!("UPDATE workers SET name = '{name}', id_number = '{number}' WHERE id = {late}")).await;
    let masked = wageguard::domain::mask::masked(&number);
    let named = format!("{name}（{masked}）{}进场", day(-31));
    run(app).await;
    let warning = app.scalar("SELECT id FROM warnings WHERE rule = 'no_contract'").await;
    let about_him = |row: &Value| {
        assert!(row["facts"].as_str().unwrap().starts_with(&named), "{row}");
        assert!(!row.to_string().contains(&number), "never the full ID number: {row}");
        assert_eq!(
            (row["workerName"].as_str(), row["workerIdNumber"].as_str()),
            (Some(name.as_str()), Some(masked.as_str()))
        );
        assert_eq!(row["workerLineId"], employment, "{row}");
    };
    let demo = app.login("demo", "Demo@12345").await;
    let list = data(app.post(LIST, Some(&demo), &[("rule", "no_contract")]).await).await;
    about_him(&list["list"][0]);
    about_him(&data(app.get(&format!("{INDEX}?id={warning}"), Some(&demo)).await).await);
    let jiancha = app.login("jiancha", "Demo@12345").await;
    about_him(&data(app.get(&format!("{ADMIN_LIST}?rule=no_contract"), Some(&jiancha)).await).await["list"][0]);
    about_him(&data(app.get(&format!("{ADMIN_INDEX}?id={warning}"), Some(&jiancha)).await).await["warning"]);
    let inbox =
        data(app.post("/builder/message/v1/Message/ajax_list", Some(&demo), &[("kind", "warning")]).await).await;
    let message = inbox["list"].as_array().unwrap().iter().find(|m| m["subjectId"] == warning).expect("its message");
    assert!(message["content"].as_str().unwrap().starts_with(&named), "{message}");
    assert!(!message.to_string().contains(&number));

    // A warning the engine wrote before: named on reading, its text renewed by the next run.
    app.exec_owned(format!(
        "UPDATE warnings SET facts = '该工人{}进场，在场超过30天仍未签订劳动合同' WHERE id = {warning}",
        day(-31)
    ))
    .await;
    about_him_fields(&data(app.get(&format!("{INDEX}?id={warning}"), Some(&demo)).await).await, &name, &masked);
    assert_eq!(run(app).await.updated, 1);
    about_him(&data(app.get(&format!("{INDEX}?id={warning}"), Some(&demo)).await).await);

    // A project-wide warning names nobody.
    let project_wide = data(app.post(LIST, Some(&demo), &[("limit", "100")]).await).await;
    for row in project_wide["list"].as_array().unwrap().iter().filter(|row| row["subjectKind"] != "worker") {
        assert_eq!((row["workerName"].as_str(), row["workerLineId"].as_i64()), (Some(""), Some(0)), "{row}");
    }
}
both!(a_worker_warning_names_the_worker);

fn about_him_fields(row: &Value, name: &str, masked: &str) {
    assert_eq!((row["workerName"].as_str(), row["workerIdNumber"].as_str()), (Some(name), Some(masked)), "{row}");
}
