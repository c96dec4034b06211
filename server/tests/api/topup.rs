//! Issue 28 items 3 and 5. A wage standard raised into days already paid is made good as a 补差 line on a
//! supplementary sheet, each day at its own standard, through the whole money path and only once; a cut there
//! is refused; 工资核查 lists the days paid below the standard in force. And every line names the dates it
//! pays at their standards, and which sheet paid the worker's other days, in the clerk's sheet, the
//! regulator's read of it, the approver's basis and the sheet's export.

use serde_json::Value;

use crate::basis::fund;
use crate::both;
use crate::orders::{balance, decide, flow_sum, verify_by_id};
use crate::reports::{download, rows};
use crate::support::{TestApp, assert_refused, regulator};
use crate::wages::{lines, previous_month};

const PASSWORD: &str = "Demo@12345";
const STANDARD: &str = "/builder/user/v1/Worker/wage_standard";

async fn texts(app: &TestApp, sql: String) -> Vec<String> {
    wageguard::on_db!(&app.db, pool => sqlx::query_scalar::<_, String>(sqlx::AssertSqlSafe(sql.clone())).fetch_all(pool).await)
        .expect("text query")
}

/// A day `YYYY-MM-DD` as the library reads it.
fn date(text: &str) -> time::Date {
    wageguard::wage::plan::parse(text).expect("a day")
}

/// Compact dates as every view writes them (`10-03~10-07, 10-10`).
fn compact(days: &[String]) -> String {
    wageguard::wage::line_days::compact(&days.iter().map(|day| date(day)).collect::<Vec<_>>())
}

/// 钢筋班: (unit, team).
async fn rebar(app: &TestApp) -> (i64, i64) {
    let team = app.scalar("SELECT id FROM teams WHERE project_id = 1 AND name = '钢筋班'").await;
    (app.scalar_owned(format!("SELECT unit_id FROM teams WHERE id = {team}")).await, team)
}

/// `Sheet/create` of 钢筋班 for last month: the reply.
async fn create(app: &TestApp, demo: &str) -> Value {
    let (unit, team) = rebar(app).await;
    let form = [("month", previous_month()), ("unitId", unit.to_string()), ("teamId", team.to_string())];
    let form: Vec<(&str, &str)> = form.iter().map(|(key, value)| (*key, value.as_str())).collect();
    app.post("/builder/wage/v1/Sheet/create", Some(demo), &form).await
}

async fn created(app: &TestApp, demo: &str) -> i64 {
    let reply = create(app, demo).await;
    assert_eq!(reply["code"], 201, "{reply}");
    reply["data"].as_i64().unwrap()
}

/// Confirms, submits, verifies and approves `sheet`: the order.
async fn pay(app: &TestApp, demo: &str, sheet: i64) -> i64 {
    let confirmed = app.post("/builder/wage/v1/Sheet/confirm", Some(demo), &[("id", &sheet.to_string())]).await;
    assert_eq!(confirmed["code"], 201, "{confirmed}");
    fund(app, 100_000_000).await;
    let submitted = app
        .post(
            "/builder/wage/v1/Order/submit",
            Some(demo),
            &[("month", &previous_month()), ("sheetIds", &sheet.to_string())],
        )
        .await;
    assert_eq!(submitted["code"], 201, "{submitted}");
    let order = submitted["data"].as_i64().unwrap();
    let finance = app.login("finance", PASSWORD).await;
    verify_by_id(app, &finance, order).await;
    let approved = decide(app, &finance, order, "1", "").await;
    assert_eq!(approved["code"], 201, "{approved}");
    assert_eq!(approved["message"], "审核通过，已发放");
    order
}

/// A worker of 钢筋班's paid sheet (the first with at least 3 days): (worker, line, employment, standard fen,
/// the days the line paid).
struct Paid {
    worker: i64,
    line: i64,
    employment: i64,
    fen: i64,
    days: Vec<String>,
}

async fn paid_worker(app: &TestApp, sheet: i64) -> Paid {
    let line = app.scalar_owned(format!("SELECT MIN(id) FROM wage_lines WHERE sheet_id = {sheet} AND days >= 3")).await;
    let worker = app.scalar_owned(format!("SELECT worker_id FROM wage_lines WHERE id = {line}")).await;
    let employment =
        app.scalar_owned(format!("SELECT id FROM employments WHERE project_id = 1 AND worker_id = {worker}")).await;
    let fen = app.scalar_owned(format!("SELECT wage_fen FROM employments WHERE id = {employment}")).await;
    let days = texts(app, format!("SELECT day FROM wage_line_days WHERE line_id = {line} ORDER BY day")).await;
    Paid { worker, line, employment, fen, days }
}

async fn set_standard(app: &TestApp, demo: &str, employment: i64, kind: &str, fen: i64, from: &str) -> Value {
    let wage = wageguard::wage::money::yuan(fen);
    app.post(
        STANDARD,
        Some(demo),
        &[("id", &employment.to_string()), ("wageKind", kind), ("wage", &wage), ("effectiveDate", from)],
    )
    .await
}

fn yuan(fen: i64) -> String {
    wageguard::wage::money::yuan(fen)
}

async fn below_rate(app: &TestApp, token: &str) -> Vec<Value> {
    let month = previous_month();
    let reply = app.get(&format!("/builder/wage/v1/Check/list?month={month}&kind=below_rate"), Some(token)).await;
    assert_eq!(reply["code"], 201, "{reply}");
    reply["data"]["list"].as_array().unwrap().clone()
}

async fn a_backdated_raise_is_paid_once_as_a_top_up(app: &TestApp) {
    let demo = app.login("demo", PASSWORD).await;
    let first = created(app, &demo).await;
    pay(app, &demo, first).await;
    let paid = paid_worker(app, first).await;
    let month = previous_month();
    let count = paid.days.len() as i64;

    let raised = set_standard(app, &demo, paid.employment, "day", paid.fen + 5_000, &format!("{month}-01")).await;
    assert_eq!(raised["code"], 201, "{raised}");
    assert_eq!(
        raised["message"],
        format!(
            "已保存。已计发的{count}天（{}）按新标准计算的差额，将在新建该月补充工资表时补发（补差）",
            compact(&paid.days)
        )
    );
    // 工资核查 names the days paid below the standard now in force.
    let found = below_rate(app, &demo).await;
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!((found[0]["workerId"].as_i64(), found[0]["lineId"].as_i64()), (Some(paid.worker), Some(paid.line)));
    assert_eq!(found[0]["days"], count);
    let step = format!("{}（{}→{}元/日）", compact(&paid.days), yuan(paid.fen), yuan(paid.fen + 5_000));
    assert_eq!(
        found[0]["detail"],
        format!("{count}天已计发的工资低于现行工资标准：{step}，少计{}元，请编制补充工资表补差", yuan(count * 5_000))
    );

    // The supplementary sheet tops the paid days up, and only them.
    let supplement = created(app, &demo).await;
    let on_it = lines(app, &demo, supplement).await;
    assert_eq!(on_it.len(), 1, "{on_it:?}");
    let line = &on_it[0];
    assert_eq!((line["workerId"].as_i64(), line["days"].as_i64()), (Some(paid.worker), Some(0)));
    assert_eq!(line["topupDays"], count);
    assert_eq!(line["topup"], yuan(count * 5_000));
    assert_eq!(line["prefill"], yuan(count * 5_000));
    assert_eq!(line["basis"], format!("补差 {count} 天 × 50.00元 = {}元", yuan(count * 5_000)));
    assert_eq!(line["paid"]["dates"], "");
    assert_eq!(line["paid"]["topupDates"], step);
    let elsewhere = &line["paid"]["elsewhere"][0];
    assert_eq!(elsewhere["sheetId"], first);
    assert_eq!(elsewhere["sheetLabel"], format!("{month} 工资表 · 钢筋班（编号{first}）"));
    assert_eq!(
        (elsewhere["statusLabel"].as_str(), elsewhere["dates"].as_str()),
        (Some("已发放"), Some(compact(&paid.days).as_str()))
    );

    let before = balance(app).await;
    let order = pay(app, &demo, supplement).await;
    // `pay` funds the account with 1,000,000.00 first: only the difference left it.
    assert_eq!(balance(app).await, before + 100_000_000 - count * 5_000);
    assert_eq!(balance(app).await, flow_sum(app).await);
    let payout =
        app.scalar_owned(format!("SELECT amount_fen FROM payouts WHERE order_id = {order} AND status = 'paid'")).await;
    assert_eq!(payout, count * 5_000);

    // The approver's basis lists each day and the sheet that paid it first.
    let finance = app.login("finance", PASSWORD).await;
    let basis = app.post("/finance/project/v1/orders/Linebasis", Some(&finance), &[("id", &order.to_string())]).await;
    assert_eq!(basis["code"], 201, "{basis}");
    let basis_line = &basis["data"]["lines"]["list"][0];
    assert_eq!(basis_line["paid"]["topupDates"], step);
    assert_eq!(basis_line["paid"]["days"].as_array().unwrap().len() as i64, count);
    for (day, listed) in paid.days.iter().zip(basis_line["paid"]["days"].as_array().unwrap()) {
        assert_eq!(
            (listed["day"].as_str(), listed["topupFrom"].as_str()),
            (Some(day.as_str()), Some(yuan(paid.fen).as_str()))
        );
        assert_eq!(listed["wage"], yuan(paid.fen + 5_000));
    }
    assert_eq!(basis_line["paid"]["elsewhere"][0]["sheetLabel"], format!("{month} 工资表 · 钢筋班（编号{first}）"));

    // Made good: nothing is left to pay, 工资核查 is quiet, and a top-up is never taken twice.
    assert_refused(&create(app, &demo).await, "该单位（班组）本月没有需要计发的出勤");
    assert!(below_rate(app, &demo).await.is_empty());
}
both!(a_backdated_raise_is_paid_once_as_a_top_up);

/// The names of the first five days and how many there are, as a refusal writes them.
fn named(days: &[String]) -> String {
    let first: Vec<&str> = days.iter().take(5).map(String::as_str).collect();
    let more = if days.len() > 5 { format!("等{}天", days.len()) } else { String::new() };
    format!("{}{more}", first.join("、"))
}

async fn a_top_up_is_never_paid_twice(app: &TestApp) {
    let demo = app.login("demo", PASSWORD).await;
    let first = created(app, &demo).await;
    pay(app, &demo, first).await;
    let paid = paid_worker(app, first).await;
    let month = previous_month();
    let raised = set_standard(app, &demo, paid.employment, "day", paid.fen + 5_000, &format!("{month}-01")).await;
    assert_eq!(raised["code"], 201, "{raised}");
    let supplement = created(app, &demo).await;
    pay(app, &demo, supplement).await;
    let name = texts(app, format!("SELECT name FROM workers WHERE id = {}", paid.worker)).await.remove(0);

    // A sheet staged as a copy of the paid 补差 line, holding none of its days: never put in an order.
    let staged = app
        .scalar_owned(format!(
            "INSERT INTO wage_sheets (project_id, month, unit_id, team_id, seq, status, proration, working_days, created_by, created_at, refreshed_at) \
             SELECT project_id, month, unit_id, team_id, 3, 'confirmed', proration, working_days, created_by, created_at, refreshed_at \
             FROM wage_sheets WHERE id = {supplement} RETURNING id"
        ))
        .await;
    let line = app
        .scalar_owned(format!(
            "INSERT INTO wage_lines (sheet_id, project_id, month, worker_id, employment_id, days, holiday_days, overtime_days, wage_kind, \
             wage_fen, prefill_fen, payable_fen, deduction_fen, adjustment_fen, net_fen, reason, basis, topup_days, topup_fen, card_number, card_bank) \
             SELECT {staged}, project_id, month, worker_id, employment_id, days, holiday_days, overtime_days, wage_kind, wage_fen, prefill_fen, \
             payable_fen, deduction_fen, adjustment_fen, net_fen, reason, basis, topup_days, topup_fen, card_number, card_bank \
             FROM wage_lines WHERE sheet_id = {supplement} RETURNING id"
        ))
        .await;
    let orders = app.scalar("SELECT COUNT(*) FROM wage_orders").await;
    let reply = app
        .post("/builder/wage/v1/Order/submit", Some(&demo), &[("month", &month), ("sheetIds", &staged.to_string())])
        .await;
    let twice = format!("{name}的{}补差已在钢筋班补充工资表（第2张）（已发放）计发，不能重复计发", named(&paid.days));
    assert_refused(&reply, &twice);

    // The same with a step of its own that overlaps the one paid: refused too.
    app.exec_owned(format!(
        "INSERT INTO wage_line_topups (project_id, worker_id, day, line_id, wage_kind, from_fen, to_fen) \
         VALUES (1, {}, '{}', {line}, 'day', {}, {})",
        paid.worker,
        paid.days[0],
        paid.fen + 2_500,
        paid.fen + 5_000
    ))
    .await;
    app.exec_owned(format!("UPDATE wage_lines SET topup_days = 1, topup_fen = 2500, prefill_fen = 2500, payable_fen = 2500, net_fen = 2500 WHERE id = {line}")).await;
    let reply = app
        .post("/builder/wage/v1/Order/submit", Some(&demo), &[("month", &month), ("sheetIds", &staged.to_string())])
        .await;
    assert_refused(&reply, &twice);
    assert_eq!(app.scalar("SELECT COUNT(*) FROM wage_orders").await, orders, "no order written");
}
both!(a_top_up_is_never_paid_twice);

async fn a_cut_into_paid_days_is_refused(app: &TestApp) {
    let demo = app.login("demo", PASSWORD).await;
    let first = created(app, &demo).await;
    pay(app, &demo, first).await;
    let paid = paid_worker(app, first).await;
    let month = previous_month();
    let rates = app.scalar("SELECT COUNT(*) FROM employment_rates").await;
    let (first_day, last_day) = (paid.days.first().unwrap(), paid.days.last().unwrap());
    let next = date(last_day).next_day().unwrap();
    let refused = format!(
        "{first_day}至{last_day}的工资已按日薪{}元计发，工资标准下调或改变计薪方式只能自{next}起生效（已发工资不追回）",
        yuan(paid.fen)
    );
    let cut = set_standard(app, &demo, paid.employment, "day", paid.fen - 5_000, &format!("{month}-01")).await;
    assert_refused(&cut, &refused);
    let monthly = set_standard(app, &demo, paid.employment, "month", 600_000, &format!("{month}-01")).await;
    assert_refused(&monthly, &refused);
    assert_eq!(app.scalar("SELECT COUNT(*) FROM employment_rates").await, rates, "nothing recorded");
    // From the first day no sheet paid, a cut is an ordinary change.
    let this_month = wageguard::clock::china_today().replace_day(1).unwrap().to_string();
    let later = set_standard(app, &demo, paid.employment, "day", paid.fen - 5_000, &this_month).await;
    assert_eq!((later["code"].as_i64(), later["message"].as_str()), (Some(201), Some("操作成功!")), "{later}");
}
both!(a_cut_into_paid_days_is_refused);

async fn each_day_is_topped_up_at_its_own_standard(app: &TestApp) {
    let demo = app.login("demo", PASSWORD).await;
    let first = created(app, &demo).await;
    pay(app, &demo, first).await;
    let paid = paid_worker(app, first).await;
    let month = previous_month();
    let mid = format!("{month}-15");
    let (early, late): (Vec<String>, Vec<String>) = paid.days.iter().cloned().partition(|day| *day < mid);
    assert!(!early.is_empty() && !late.is_empty(), "the demo attends both halves: {:?}", paid.days);
    let (a, b) = (early.len() as i64, late.len() as i64);
    for (fen, from) in [(paid.fen + 5_000, format!("{month}-01")), (paid.fen + 10_000, mid.clone())] {
        let reply = set_standard(app, &demo, paid.employment, "day", fen, &from).await;
        assert_eq!(reply["code"], 201, "{reply}");
    }
    let second = created(app, &demo).await;
    let line = lines(app, &demo, second).await.remove(0);
    let total = a * 5_000 + b * 10_000;
    assert_eq!(line["basis"], format!("补差 {a} 天 × 50.00元 + {b} 天 × 100.00元 = {}元", yuan(total)));
    assert_eq!(line["prefill"], yuan(total));
    assert_eq!(
        line["paid"]["topupDates"],
        format!(
            "{}（{}→{}元/日）；{}（{}→{}元/日）",
            compact(&early),
            yuan(paid.fen),
            yuan(paid.fen + 5_000),
            compact(&late),
            yuan(paid.fen),
            yuan(paid.fen + 10_000)
        )
    );
    pay(app, &demo, second).await;

    // Raised again from the 1st (to the 15th): the early days go on from where they were topped up to.
    let again = set_standard(app, &demo, paid.employment, "day", paid.fen + 15_000, &format!("{month}-01")).await;
    assert_eq!(again["code"], 201, "{again}");
    assert!(again["message"].as_str().unwrap().contains(&format!("已计发的{a}天（{}）", compact(&early))), "{again}");
    let third = created(app, &demo).await;
    let line = lines(app, &demo, third).await.remove(0);
    assert_eq!(line["basis"], format!("补差 {a} 天 × 100.00元 = {}元", yuan(a * 10_000)));
    assert_eq!(
        line["paid"]["topupDates"],
        format!("{}（{}→{}元/日）", compact(&early), yuan(paid.fen + 5_000), yuan(paid.fen + 15_000))
    );
    assert_eq!(line["paid"]["elsewhere"].as_array().unwrap().len(), 2, "the first sheet and the first 补差");
    pay(app, &demo, third).await;
    let received = app
        .scalar_owned(format!(
            "SELECT CAST(SUM(p.amount_fen) AS BIGINT) FROM payouts p JOIN wage_lines l ON l.id = p.line_id \
             WHERE p.status = 'paid' AND l.worker_id = {} AND l.month = '{month}'",
            paid.worker
        ))
        .await;
    assert_eq!(received, a * (paid.fen + 15_000) + b * (paid.fen + 10_000), "every day at the standard in force");
}
both!(each_day_is_topped_up_at_its_own_standard);

fn half_up(numerator: i64, denominator: i64) -> i64 {
    (2 * numerator + denominator) / (2 * denominator)
}

async fn a_monthly_workers_raise_is_topped_up_pro_rata(app: &TestApp) {
    let demo = app.login("demo", PASSWORD).await;
    let month = previous_month();
    let (_, team) = rebar(app).await;
    let employment = app
        .scalar_owned(format!(
            "SELECT MIN(id) FROM employments WHERE project_id = 1 AND team_id = {team} AND status = 1"
        ))
        .await;
    let monthly = set_standard(app, &demo, employment, "month", 600_000, &format!("{month}-01")).await;
    assert_eq!((monthly["code"].as_i64(), monthly["message"].as_str()), (Some(201), Some("操作成功!")), "{monthly}");
    let first = created(app, &demo).await;
    pay(app, &demo, first).await;
    let worker = app.scalar_owned(format!("SELECT worker_id FROM employments WHERE id = {employment}")).await;
    let base = lines(app, &demo, first).await.into_iter().find(|line| line["workerId"] == worker).unwrap();
    let basis = base["basis"].as_str().unwrap().to_owned();
    let owed = |rate: i64| {
        if basis.starts_with("全月出勤") {
            return rate;
        }
        let days: i64 = basis.split(" × ").nth(1).and_then(|rest| rest.split('天').next()).unwrap().parse().unwrap();
        half_up(rate * days * 4, 87).min(rate)
    };
    let raised = set_standard(app, &demo, employment, "month", 650_000, &format!("{month}-01")).await;
    assert_eq!(raised["code"], 201, "{raised}");
    let supplement = created(app, &demo).await;
    let line = lines(app, &demo, supplement).await.remove(0);
    let expected = owed(650_000) - owed(600_000);
    assert_eq!(line["topup"], yuan(expected), "{basis}");
    // The days that bear the monthly wage (rest days worked are overtime, paid by hand).
    let held = app
        .scalar_owned(format!(
            "SELECT COUNT(*) FROM wage_line_days WHERE line_id = {} AND class IN ('working', 'statutory')",
            base["id"]
        ))
        .await;
    assert_eq!(line["basis"], format!("补差 {held} 天（月工资 6000.00元 → 6500.00元） = {}元", yuan(expected)));
    let order = pay(app, &demo, supplement).await;
    assert_eq!(
        app.scalar_owned(format!("SELECT amount_fen FROM payouts WHERE order_id = {order} AND status = 'paid'")).await,
        expected
    );
}
both!(a_monthly_workers_raise_is_topped_up_pro_rata);

async fn every_line_names_the_dates_it_pays(app: &TestApp) {
    let demo = app.login("demo", PASSWORD).await;
    let month = previous_month();
    let first = created(app, &demo).await;
    for line in lines(app, &demo, first).await {
        let days =
            texts(app, format!("SELECT day FROM wage_line_days WHERE line_id = {} ORDER BY day", line["id"])).await;
        assert_eq!(line["paid"]["dates"], compact(&days), "{line}");
        assert_eq!(line["paid"]["days"].as_array().unwrap().len(), days.len());
        assert_eq!(line["paid"]["elsewhere"], serde_json::json!([]));
    }
    let confirmed = app.post("/builder/wage/v1/Sheet/confirm", Some(&demo), &[("id", &first.to_string())]).await;
    assert_eq!(confirmed["code"], 201, "{confirmed}");
    let paid = paid_worker(app, first).await;
    // A day of the month the worker did not attend, marked attended afterwards: a 补充工资表 pays it.
    let last = wageguard::domain::calendar::month_end(date(&format!("{month}-01")));
    let missed = wageguard::domain::calendar::days(date(&format!("{month}-01")), last)
        .map(|day| day.to_string())
        .find(|day| !paid.days.contains(day))
        .expect("a day without attendance");
    let corrected = app
        .post(
            "/builder/attendance/v1/Sheet/correct",
            Some(&demo),
            &[
                ("workerId", &paid.worker.to_string()),
                ("day", &missed),
                ("attended", "1"),
                ("reason", "忘带身份证未刷卡"),
            ],
        )
        .await;
    assert_eq!(corrected["code"], 201, "{corrected}");
    let supplement = created(app, &demo).await;
    let on_it = lines(app, &demo, supplement).await;
    let line = on_it.iter().find(|line| line["workerId"] == paid.worker).unwrap();
    assert_eq!(line["days"], 1);
    assert_eq!(line["paid"]["dates"], compact(std::slice::from_ref(&missed)));
    assert_eq!(line["paid"]["days"][0]["day"], missed);
    assert_eq!(line["paid"]["days"][0]["wage"], yuan(paid.fen));
    let earlier = &line["paid"]["elsewhere"][0];
    let label = format!("{month} 工资表 · 钢筋班（编号{first}）");
    assert_eq!(earlier["sheetLabel"], label);
    assert_eq!(
        (earlier["statusLabel"].as_str(), earlier["dates"].as_str()),
        (Some("已确认"), Some(compact(&paid.days).as_str()))
    );
    assert!(line["basis"].as_str().unwrap().contains("本月其他工资表已计"), "{line}");

    // The regulator reads the same on the same page.
    let inspector = regulator(app, "topup_inspector", "", "inspector").await;
    let read = app
        .get(&format!("/builder/wage/v1/Sheet/detail?id={supplement}&projectId=1&limit=100"), Some(&inspector))
        .await;
    assert_eq!(read["code"], 201, "{read}");
    let theirs =
        read["data"]["lines"]["list"].as_array().unwrap().iter().find(|line| line["workerId"] == paid.worker).unwrap();
    assert_eq!(theirs["paid"], line["paid"]);

    // The export: 计发日期 and the other sheet's dates beside each line.
    let mut workbook = download(app, &demo, &format!("/builder/wage/v1/Sheet/export?id={supplement}")).await;
    let exported = rows(&mut workbook, &format!("{month} 工资表"));
    assert_eq!(exported.len(), on_it.len());
    let row = exported.iter().find(|row| row[1] == line["name"].as_str().unwrap()).unwrap();
    assert_eq!(row[4], compact(std::slice::from_ref(&missed)));
    assert_eq!(row[14], format!("{label}（已确认）：{}", compact(&paid.days)));
    let mut workbook =
        download(app, &inspector, &format!("/builder/wage/v1/Sheet/export?id={first}&projectId=1")).await;
    let exported = rows(&mut workbook, &format!("{month} 工资表"));
    let row = exported.iter().find(|row| row[1] == line["name"].as_str().unwrap()).unwrap();
    assert_eq!(row[4], compact(&paid.days));
    let finance = app.login("finance", PASSWORD).await;
    assert_eq!(app.get(&format!("/builder/wage/v1/Sheet/export?id={first}"), Some(&finance)).await["code"], 403);
}
both!(every_line_names_the_dates_it_pays);

async fn a_paid_day_taken_back_after_a_raise_takes_back_what_was_paid(app: &TestApp) {
    let demo = app.login("demo", PASSWORD).await;
    let first = created(app, &demo).await;
    pay(app, &demo, first).await;
    let paid = paid_worker(app, first).await;
    let month = previous_month();
    let raised = set_standard(app, &demo, paid.employment, "day", paid.fen + 5_000, &format!("{month}-01")).await;
    assert_eq!(raised["code"], 201, "{raised}");
    let absent = paid.days[0].clone();
    let form = |confirmed: &'static str| {
        vec![
            ("workerId", paid.worker.to_string()),
            ("day", absent.clone()),
            ("attended", "0".to_owned()),
            ("reason", "当天未进场，误刷卡".to_owned()),
            ("confirmed", confirmed.to_owned()),
        ]
    };
    for (confirmed, code) in [("", 301), ("1", 201)] {
        let form = form(confirmed);
        let form: Vec<(&str, &str)> = form.iter().map(|(key, value)| (*key, value.as_str())).collect();
        let reply = app.post("/builder/attendance/v1/Sheet/correct", Some(&demo), &form).await;
        assert_eq!(reply["code"], code, "{reply}");
    }
    let taken = app
        .scalar_owned(format!(
            "SELECT amount_fen FROM wage_adjustments WHERE worker_id = {} AND day = '{absent}'",
            paid.worker
        ))
        .await;
    assert_eq!(taken, paid.fen, "the day was paid at the old standard: that is what comes back");
    // The supplementary sheet tops up the other days and takes the day back.
    let supplement = created(app, &demo).await;
    let line = lines(app, &demo, supplement).await.remove(0);
    let others = paid.days.len() as i64 - 1;
    assert_eq!(
        (line["topupDays"].as_i64(), line["adjustment"].as_str()),
        (Some(others), Some(yuan(paid.fen).as_str()))
    );
    assert_eq!(line["net"], yuan(others * 5_000 - paid.fen));
}
both!(a_paid_day_taken_back_after_a_raise_takes_back_what_was_paid);
