//! Issue 34 item 1: a worker is never paid twice for a day, whatever path a sheet took. A database from before
//! the lines held their days (staged here as the warnings' demo once wrote it: lines of 20 days without their
//! dates) has a stale draft of last month confirmed after 钢筋班's sheet of that month was paid; confirming,
//! submitting, approving and paying each refuse, naming the days and where they are paid.

use wageguard::bank::SandboxBank;
use wageguard::wage::payout;

use crate::basis::fund;
use crate::both;
use crate::orders::{balance, decide, flow_sum, submit, verify_by_id};
use crate::support::TestApp;
use crate::wages::previous_month;

async fn text(app: &TestApp, sql: String) -> String {
    wageguard::on_db!(&app.db, pool => sqlx::query_scalar::<_, String>(sqlx::AssertSqlSafe(sql.clone())).fetch_one(pool).await)
        .expect("text query")
}

/// A sheet of the builder's unit for `month` in `status` whose lines pay 20 days each of the first `workers`
/// on site (net `net_fen`) and hold none of their dates, as sheets were kept before issue 34.
async fn legacy_sheet(app: &TestApp, month: &str, status: &str, workers: i64, net_fen: i64) {
    let sheet = app
        .scalar_owned(format!(
            "INSERT INTO wage_sheets (project_id, month, unit_id, team_id, seq, status, created_at, confirmed_at, refreshed_at) \
             VALUES (1, '{month}', COALESCE((SELECT id FROM project_units WHERE project_id = 1 AND role = 'builder'), 0), \
             0, 1, '{status}', 0, 0, 0) RETURNING id"
        ))
        .await;
    app.exec_owned(format!(
        "INSERT INTO wage_lines (sheet_id, project_id, month, worker_id, employment_id, days, wage_kind, wage_fen, \
         prefill_fen, payable_fen, net_fen, card_number, card_bank) \
         SELECT {sheet}, 1, '{month}', w.id, e.id, 20, 'day', {net_fen} / 20, {net_fen}, {net_fen}, {net_fen}, \
         w.wage_card_number, w.wage_card_bank FROM employments e JOIN workers w ON w.id = e.worker_id \
         WHERE e.project_id = 1 AND e.status = 1 AND e.id IN \
         (SELECT id FROM employments WHERE project_id = 1 AND status = 1 ORDER BY id LIMIT {workers})"
    ))
    .await;
}

/// The two legacy sheets: the month before last confirmed with three lines of 1,500 yuan, last month a draft of
/// every worker on site but the last at 6,000 yuan.
async fn legacy_sheets(app: &TestApp) {
    let before_last = crate::wages::month_back(2);
    legacy_sheet(app, &before_last, "confirmed", 3, 150_000).await;
    let on_site = app.scalar("SELECT COUNT(*) FROM employments WHERE project_id = 1 AND status = 1").await;
    legacy_sheet(app, &previous_month(), "draft", on_site - 1, 600_000).await;
}

/// 钢筋班's sheet of last month, made, confirmed, submitted, approved and paid through the API.
async fn pay_rebar_team(app: &TestApp, demo: &str) -> i64 {
    let month = previous_month();
    let team = app.scalar("SELECT id FROM teams WHERE project_id = 1 AND name = '钢筋班'").await;
    let unit = app.scalar_owned(format!("SELECT unit_id FROM teams WHERE id = {team}")).await;
    let created = app
        .post(
            "/builder/wage/v1/Sheet/create",
            Some(demo),
            &[("month", &month), ("unitId", &unit.to_string()), ("teamId", &team.to_string())],
        )
        .await;
    assert_eq!(created["code"], 201, "{created}");
    let sheet = created["data"].as_i64().unwrap();
    let confirmed = app.post("/builder/wage/v1/Sheet/confirm", Some(demo), &[("id", &sheet.to_string())]).await;
    assert_eq!(confirmed["code"], 201, "{confirmed}");
    fund(app, 100_000_000).await;
    let submitted = submit(app, demo, &sheet.to_string()).await;
    assert_eq!(submitted["code"], 201, "{submitted}");
    let order = submitted["data"].as_i64().unwrap();
    let finance = app.login("finance", "Demo@12345").await;
    verify_by_id(app, &finance, order).await;
    let paid = decide(app, &finance, order, "1", "").await;
    assert_eq!(paid["code"], 201, "{paid}");
    sheet
}

/// A worker of the rebar team's paid sheet who is also on the demo's staged draft, and that draft.
async fn twice_listed(app: &TestApp, rebar_sheet: i64) -> (String, i64) {
    let month = previous_month();
    let draft = app
        .scalar_owned(format!(
            "SELECT id FROM wage_sheets WHERE project_id = 1 AND month = '{month}' AND status = 'draft' AND id <> {rebar_sheet}"
        ))
        .await;
    let worker = app
        .scalar_owned(format!(
            "SELECT MIN(a.worker_id) FROM wage_lines a JOIN wage_lines b ON b.worker_id = a.worker_id \
             WHERE a.sheet_id = {draft} AND b.sheet_id = {rebar_sheet}"
        ))
        .await;
    let name = text(app, format!("SELECT name FROM workers WHERE id = {worker}")).await;
    (name, draft)
}

async fn a_stale_draft_cannot_pay_days_another_sheet_paid(app: &TestApp) {
    legacy_sheets(app).await;
    let demo = app.login("demo", "Demo@12345").await;
    let rebar = pay_rebar_team(app, &demo).await;
    let (name, draft) = twice_listed(app, rebar).await;
    let paid_before = app.scalar("SELECT COUNT(*) FROM payouts WHERE status = 'paid'").await;

    let confirm = app.post("/builder/wage/v1/Sheet/confirm", Some(&demo), &[("id", &draft.to_string())]).await;
    assert_eq!(confirm["code"], 401, "{confirm}");
    let message = confirm["message"].as_str().unwrap();
    let first_day = format!("{}-", previous_month());
    assert!(message.starts_with(&format!("{name}的{first_day}")), "{message}");
    assert!(message.contains("已在钢筋班工资表（已发放）计发，不能重复计发"), "{message}");
    assert_eq!(
        app.scalar_owned(format!("SELECT COUNT(*) FROM wage_sheets WHERE id = {draft} AND status = 'draft'")).await,
        1,
        "the draft stays a draft"
    );
    // Refreshed, the draft keeps only what no other sheet pays and confirms.
    let refreshed = app.post("/builder/wage/v1/Sheet/refresh", Some(&demo), &[("id", &draft.to_string())]).await;
    assert_eq!(refreshed["code"], 201, "{refreshed}");
    let lines_on_both = app
        .scalar_owned(format!(
            "SELECT COUNT(*) FROM wage_lines a JOIN wage_lines b ON b.worker_id = a.worker_id \
             WHERE a.sheet_id = {draft} AND b.sheet_id = {rebar} AND a.net_fen > 0"
        ))
        .await;
    assert_eq!(lines_on_both, 0, "no one paid on 钢筋班's sheet is paid again");
    assert_eq!(app.scalar("SELECT COUNT(*) FROM payouts WHERE status = 'paid'").await, paid_before);
}
both!(a_stale_draft_cannot_pay_days_another_sheet_paid);

/// The demo's confirmed sheet of the month before last pays 20 days a line and holds none of them: it is
/// never put in an order.
async fn a_confirmed_sheet_without_its_days_is_not_submitted(app: &TestApp) {
    legacy_sheets(app).await;
    let demo = app.login("demo", "Demo@12345").await;
    let (sheet, month) = staged_confirmed_sheet(app).await;
    let orders = app.scalar("SELECT COUNT(*) FROM wage_orders").await;
    let reply = app
        .post("/builder/wage/v1/Order/submit", Some(&demo), &[("month", &month), ("sheetIds", &sheet.to_string())])
        .await;
    assert_eq!(reply["code"], 401, "{reply}");
    let message = reply["message"].as_str().unwrap();
    let (year, number) = month.split_once('-').unwrap();
    let named = format!("{year}年{}月计发20天出勤，只登记了其中0天的日期，不能发放", number.trim_start_matches('0'));
    assert!(message.contains(&named), "{message}");
    assert!(message.contains("（另有2人同样）"), "{message}");
    assert_eq!(app.scalar("SELECT COUNT(*) FROM wage_orders").await, orders, "no order written");
    assert_eq!(
        app.scalar_owned(format!("SELECT COUNT(*) FROM wage_sheets WHERE id = {sheet} AND order_id IS NULL")).await,
        1
    );
}
both!(a_confirmed_sheet_without_its_days_is_not_submitted);

/// The demo's confirmed 3-line sheet of the month before last, and its month.
async fn staged_confirmed_sheet(app: &TestApp) -> (i64, String) {
    let sheet = app
        .scalar(
            "SELECT MIN(s.id) FROM wage_sheets s WHERE s.project_id = 1 AND s.status = 'confirmed' \
             AND (SELECT COUNT(*) FROM wage_lines l WHERE l.sheet_id = s.id) = 3",
        )
        .await;
    let month = text(app, format!("SELECT month FROM wage_sheets WHERE id = {sheet}")).await;
    (sheet, month)
}

/// An order written before the check (as a database from before it holds): its approval is refused and, if
/// it was approved already, its payment fails the lines before the bank is asked.
async fn staged_order(app: &TestApp, sheet: i64, month: &str, status: &str, payout_status: &str) -> i64 {
    let order = app
        .scalar_owned(format!(
            "INSERT INTO wage_orders (project_id, order_no, month, status, total_fen, line_count, remark, created_by, created_at, decided_by) \
             SELECT 1, 'GZ-STAGED-{status}', '{month}', '{status}', SUM(net_fen), COUNT(*), '', 1, 0, \
             (SELECT id FROM accounts WHERE username = 'finance') FROM wage_lines WHERE sheet_id = {sheet} RETURNING id"
        ))
        .await;
    app.exec_owned(format!("UPDATE wage_sheets SET order_id = {order} WHERE id = {sheet}")).await;
    app.exec_owned(format!("INSERT INTO wage_order_sheets (order_id, sheet_id) VALUES ({order}, {sheet})")).await;
    app.exec_owned(format!(
        "INSERT INTO payouts (order_id, project_id, line_id, worker_id, amount_fen, card_number, card_bank, status) \
         SELECT {order}, l.project_id, l.id, l.worker_id, l.net_fen, w.wage_card_number, w.wage_card_bank, '{payout_status}' \
         FROM wage_lines l JOIN workers w ON w.id = l.worker_id WHERE l.sheet_id = {sheet} AND l.net_fen > 0"
    ))
    .await;
    order
}

async fn the_approver_never_pays_a_line_without_its_days(app: &TestApp) {
    legacy_sheets(app).await;
    let (sheet, month) = staged_confirmed_sheet(app).await;
    let order = staged_order(app, sheet, &month, "pending", "queued").await;
    let before = balance(app).await;
    let finance = app.login("finance", "Demo@12345").await;
    verify_by_id(app, &finance, order).await;
    let reply = decide(app, &finance, order, "1", "").await;
    assert_eq!(reply["code"], 401, "{reply}");
    assert!(reply["message"].as_str().unwrap().contains("只登记了其中0天的日期，不能发放"), "{reply}");
    assert_eq!(
        app.scalar_owned(format!("SELECT COUNT(*) FROM wage_orders WHERE id = {order} AND status = 'pending'")).await,
        1
    );
    assert_eq!(app.scalar("SELECT COUNT(*) FROM payouts WHERE status IN ('pending', 'paid')").await, 0);
    assert_eq!(balance(app).await, before);
    assert_eq!(
        app.scalar("SELECT COUNT(*) FROM approval_verifications WHERE used = FALSE").await,
        1,
        "the refusal keeps the approver's verification"
    );
}
both!(the_approver_never_pays_a_line_without_its_days);

async fn an_order_approved_before_the_check_fails_those_lines_unpaid(app: &TestApp) {
    legacy_sheets(app).await;
    let (sheet, month) = staged_confirmed_sheet(app).await;
    let order = staged_order(app, sheet, &month, "paying", "pending").await;
    fund(app, 100_000_000).await;
    let before = balance(app).await;
    let bank = SandboxBank { db: app.db.clone(), pay_delay: std::time::Duration::ZERO };
    assert_eq!(payout::recover(&app.db, &bank).await.unwrap(), 1);
    assert_eq!(app.scalar("SELECT COUNT(*) FROM sandbox_bank_payments").await, 0, "the bank was never asked");
    assert_eq!(
        app.scalar_owned(format!("SELECT COUNT(*) FROM payouts WHERE order_id = {order} AND status = 'failed'")).await,
        3
    );
    assert_eq!(
        app.scalar_owned(format!("SELECT COUNT(*) FROM wage_orders WHERE id = {order} AND status = 'partial'")).await,
        1
    );
    assert_eq!(balance(app).await, before);
    assert_eq!(balance(app).await, flow_sum(app).await);
    let logged = app
        .scalar_owned(format!(
            "SELECT COUNT(*) FROM operation_log WHERE action = '拒付重复计发' AND target_id = '{order}'"
        ))
        .await;
    assert_eq!(logged, 3);
}
both!(an_order_approved_before_the_check_fails_those_lines_unpaid);
