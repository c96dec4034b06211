//! Wage orders (project/issue, special/orderManagement) and the finance shell's calls: submit with the
//! balance check, withdraw, verification, reject, approve, history and records, and who may do what.

use serde_json::Value;
use wageguard::account::flows::{self, Direction, NewFlow, Source};

use crate::both;
use crate::support::{TestApp, assert_refused};
use crate::wages::{create_sheet, leak, previous_month};

pub async fn confirmed_sheet(app: &TestApp, token: &str) -> i64 {
    let sheet = create_sheet(app, token).await;
    let reply = app.post("/builder/wage/v1/Sheet/confirm", Some(token), &[("id", &sheet.to_string())]).await;
    assert_eq!(reply["code"], 201, "{reply}");
    sheet
}

pub async fn submit(app: &TestApp, token: &str, sheets: &str) -> Value {
    app.post("/builder/wage/v1/Order/submit", Some(token), &[("month", &previous_month()), ("sheetIds", sheets)]).await
}

pub async fn submitted_order(app: &TestApp, token: &str) -> i64 {
    let sheet = confirmed_sheet(app, token).await;
    let reply = submit(app, token, &sheet.to_string()).await;
    assert_eq!(reply["code"], 201, "{reply}");
    reply["data"].as_i64().unwrap()
}

/// The demo approver's ID-number check for `order`.
pub async fn verify_by_id(app: &TestApp, finance: &str, order: i64) {
    let reply = app
        .post(
            "/finance/project/v1/orders/VerifyIdnumber",
            Some(finance),
            &[("id", &order.to_string()), ("idnumber", "410105198805123025")],
        )
        .await;
    assert_eq!(reply["code"], 201, "{reply}");
}

pub async fn decide(app: &TestApp, finance: &str, order: i64, status: &str, remark: &str) -> Value {
    app.post(
        "/finance/project/v1/orders/Orderaudit",
        Some(finance),
        &[("id", &order.to_string()), ("status", status), ("remark", remark)],
    )
    .await
}

pub async fn balance(app: &TestApp) -> i64 {
    app.scalar("SELECT balance_fen FROM special_accounts WHERE project_id = 1").await
}

pub async fn flow_sum(app: &TestApp) -> i64 {
    app.scalar("SELECT CAST(COALESCE(SUM(CASE WHEN direction = 'in' THEN amount_fen ELSE -amount_fen END), 0) AS BIGINT) FROM account_flows WHERE project_id = 1").await
}

async fn submit_refusals_and_withdraw(app: &TestApp) {
    let token = app.login("demo", "Demo@12345").await;
    let draft = create_sheet(app, &token).await;
    assert_refused(&submit(app, &token, &draft.to_string()).await, "所选工资表尚未确认");
    assert_refused(&submit(app, &token, "").await, "请选择要发放的工资表");
    assert_refused(&submit(app, &token, "x").await, "请选择要发放的工资表");
    assert_eq!(submit(app, &token, "99999").await["code"], 404);
    app.post("/builder/wage/v1/Sheet/confirm", Some(&token), &[("id", &draft.to_string())]).await;
    let wrong_month = app
        .post("/builder/wage/v1/Order/submit", Some(&token), &[("month", "2025-01"), ("sheetIds", &draft.to_string())])
        .await;
    assert_refused(&wrong_month, "一个工资单只能包含同一月份的工资表");

    let total =
        app.scalar(leak(format!("SELECT CAST(SUM(net_fen) AS BIGINT) FROM wage_lines WHERE sheet_id = {draft}"))).await;
    let before = balance(app).await;
    let drain = before - total + 1_234_567;
    let flow = NewFlow {
        project_id: 1,
        direction: Direction::Out,
        amount_fen: drain,
        counterparty_name: "测试",
        counterparty_account: "",
        counterparty_bank: "",
        summary: "测试转出",
        source: Source::Regulator,
        bank_ref: "",
        payout_id: None,
        occurred_at: 0,
        created_by: None,
    };
    flows::post(&app.db, &flow).await.unwrap().expect("drained");
    assert_refused(&submit(app, &token, &draft.to_string()).await, "专户余额不足，还差12,345.67元");
    assert_eq!(app.scalar("SELECT COUNT(*) FROM wage_orders").await, 0, "a refused submit writes nothing");
    let refill = NewFlow { direction: Direction::In, summary: "人工费拨付", ..flow };
    flows::post(&app.db, &refill).await.unwrap().expect("refilled");

    let reply = submit(app, &token, &draft.to_string()).await;
    assert_eq!(reply["code"], 201, "{reply}");
    let order = reply["data"].as_i64().unwrap();
    assert_refused(&submit(app, &token, &draft.to_string()).await, "所选工资表已在其他工资单中");
    assert_refused(
        &app.post("/builder/wage/v1/Sheet/unconfirm", Some(&token), &[("id", &draft.to_string())]).await,
        "工资表已在工资单中，不能取消确认",
    );
    let detail = app.get(&format!("/builder/wage/v1/Order/detail?id={order}"), Some(&token)).await;
    assert_eq!(detail["data"]["order"]["statusLabel"], "待审核");
    assert_eq!(detail["data"]["order"]["total"], wageguard::wage::money::yuan(total));
    assert_eq!(detail["data"]["sheets"].as_array().unwrap().len(), 1);
    let list = app.get("/builder/wage/v1/Order/list?status=pending", Some(&token)).await;
    assert_eq!(list["data"]["total"], 1);
    let pay = app.get("/builder/wage/v1/Order/payLines?status=queued", Some(&token)).await;
    assert_eq!(pay["data"]["list"][0]["statusLabel"], "待审批");

    let withdraw = app.post("/builder/wage/v1/Order/withdraw", Some(&token), &[("id", &order.to_string())]).await;
    assert_eq!(withdraw["code"], 201, "{withdraw}");
    assert_refused(
        &app.post("/builder/wage/v1/Order/withdraw", Some(&token), &[("id", &order.to_string())]).await,
        "工资单已处理，不能再操作",
    );
    assert_eq!(app.scalar("SELECT COUNT(*) FROM payouts WHERE status <> 'cancelled'").await, 0);
    assert_eq!(submit(app, &token, &draft.to_string()).await["code"], 201, "a withdrawn order frees its sheets");
}
both!(submit_refusals_and_withdraw);

async fn finance_calls_are_for_the_projects_approvers(app: &TestApp) {
    let demo = app.login("demo", "Demo@12345").await;
    let order = submitted_order(app, &demo).await;
    let finance = app.login("finance", "Demo@12345").await;
    for action in [
        "orderlist",
        "Index",
        "Orderdetails",
        "Audithistory",
        "Details",
        "Linebasis",
        "Attendance",
        "Recordlist",
        "Veritest",
        "Verification",
        "VerifyIdnumber",
        "Orderaudit",
    ] {
        let reply =
            app.post(&format!("/finance/project/v1/orders/{action}"), Some(&demo), &[("id", &order.to_string())]).await;
        assert_eq!(reply["code"], 403, "builder calling {action}: {reply}");
        assert_eq!(app.post(&format!("/finance/project/v1/orders/{action}"), None, &[]).await["code"], 101);
    }
    assert_eq!(app.get("/builder/wage/v1/Order/list", Some(&finance)).await["code"], 403);

    // An approver of another project sees none of project 1's orders.
    let other = app.other_approver().await;
    assert_eq!(app.post("/finance/project/v1/orders/orderlist", Some(&other), &[]).await["data"]["total"], 0);
    assert_eq!(
        app.post("/finance/project/v1/orders/Orderdetails", Some(&other), &[("id", &order.to_string())]).await["code"],
        404
    );
    let foreign = app
        .post(
            "/finance/project/v1/orders/VerifyIdnumber",
            Some(&other),
            &[("id", &order.to_string()), ("idnumber", "410105198805123025")],
        )
        .await;
    assert_eq!(foreign["code"], 404, "another project's order cannot be verified for: {foreign}");
    assert_eq!(decide(app, &other, order, "1", "").await["code"], 404);
    assert_eq!(decide(app, &other, order, "2", "不对").await["code"], 404);

    let list = app.post("/finance/project/v1/orders/orderlist", Some(&finance), &[]).await;
    assert_eq!(list["data"]["total"], 1, "{list}");
    let index = app.post("/finance/project/v1/orders/Index", Some(&finance), &[]).await;
    assert_eq!(index["data"]["pending"], 1, "{index}");
    let detail = app
        .post("/finance/project/v1/orders/Orderdetails", Some(&finance), &[("id", &order.to_string()), ("limit", "5")])
        .await;
    assert_eq!(detail["data"]["lines"]["list"].as_array().unwrap().len(), 5);
    assert_eq!(
        app.post("/finance/project/v1/orders/Details", Some(&finance), &[("id", &order.to_string())]).await["code"],
        404,
        "pending is not history"
    );
    assert_refused(
        &app.post("/finance/project/v1/orders/orderlist", Some(&finance), &[("status", "paid")]).await,
        "请选择正确的状态",
    );
}
both!(finance_calls_are_for_the_projects_approvers);

async fn approval_needs_a_fresh_verification(app: &TestApp) {
    let demo = app.login("demo", "Demo@12345").await;
    let order = submitted_order(app, &demo).await;
    let finance = app.login("finance", "Demo@12345").await;
    assert_refused(&decide(app, &finance, order, "1", "").await, wageguard::wage::MSG_NOT_VERIFIED);
    assert_refused(&decide(app, &finance, order, "3", "").await, "请选择审核结果");
    let id = order.to_string();
    assert_refused(
        &app.post(
            "/finance/project/v1/orders/VerifyIdnumber",
            Some(&finance),
            &[("id", &id), ("idnumber", "410105198805123026")],
        )
        .await,
        "身份证号码与账号登记信息不一致",
    );
    assert_refused(&decide(app, &finance, order, "1", "").await, wageguard::wage::MSG_NOT_VERIFIED);

    // An old verification does not count, nor one from before verifications were for one order.
    app.exec("INSERT INTO approval_verifications (account_id, method, verified_at) SELECT id, 'sms', 1000 FROM accounts WHERE username = 'finance'").await;
    app.exec("INSERT INTO approval_verifications (account_id, method, verified_at) SELECT id, 'sms', 4000000000 FROM accounts WHERE username = 'finance'").await;
    assert_refused(&decide(app, &finance, order, "1", "").await, wageguard::wage::MSG_NOT_VERIFIED);

    let sent = app.post("/finance/project/v1/orders/Veritest", Some(&finance), &[("id", &id)]).await;
    assert_eq!(sent["code"], 201, "{sent}");
    assert_eq!(sent["data"], "138****8003");
    let text: String = wageguard::on_db!(&app.db, pool => sqlx::query_scalar("SELECT content FROM sms_outbox WHERE phone = '13800138003' ORDER BY id DESC LIMIT 1").fetch_one(pool).await).unwrap();
    let order_no: String = wageguard::on_db!(&app.db, pool => sqlx::query_scalar("SELECT order_no FROM wage_orders WHERE id = $1").bind(order).fetch_one(pool).await).unwrap();
    let total = app.scalar(leak(format!("SELECT total_fen FROM wage_orders WHERE id = {order}"))).await;
    let named = format!("您正在审批工资单{order_no}，金额{}元，验证码", wageguard::wage::money::yuan_grouped(total));
    assert!(text.starts_with(&named), "the code names the order and its amount: {text}");
    assert_refused(
        &app.post("/finance/project/v1/orders/Verification", Some(&finance), &[("id", &id), ("code", "")]).await,
        "请输入短信验证码",
    );
    assert_refused(
        &app.post("/finance/project/v1/orders/Verification", Some(&finance), &[("id", &id), ("code", "abcdef")]).await,
        "短信验证码错误",
    );
    let code: String = wageguard::on_db!(&app.db, pool => sqlx::query_scalar("SELECT code FROM sms_codes WHERE phone = '13800138003' ORDER BY id DESC LIMIT 1").fetch_one(pool).await).unwrap();
    let verified =
        app.post("/finance/project/v1/orders/Verification", Some(&finance), &[("id", &id), ("code", &code)]).await;
    assert_eq!(verified["code"], 201, "{verified}");

    let before = balance(app).await;
    let approved = decide(app, &finance, order, "1", "同意").await;
    assert_eq!(approved["code"], 201, "{approved}");
    assert_eq!(approved["data"]["statusLabel"], "已支付");
    let total = app.scalar(leak(format!("SELECT total_fen FROM wage_orders WHERE id = {order}"))).await;
    assert_eq!(balance(app).await, before - total);
    assert_eq!(balance(app).await, flow_sum(app).await);
    let lines = app.scalar(leak(format!("SELECT line_count FROM wage_orders WHERE id = {order}"))).await;
    assert_eq!(app.scalar("SELECT COUNT(*) FROM account_flows WHERE source = 'payout'").await, lines);
    assert_eq!(
        app.scalar("SELECT COUNT(*) FROM approval_verifications WHERE used = TRUE").await,
        1,
        "the approval consumed one"
    );
    assert_refused(
        &app.post(
            "/finance/project/v1/orders/VerifyIdnumber",
            Some(&finance),
            &[("id", &id), ("idnumber", "410105198805123025")],
        )
        .await,
        "工资单已处理，不能再操作",
    );
    assert_refused(&decide(app, &finance, order, "1", "").await, "工资单已处理，不能再操作");
    assert_eq!(app.scalar("SELECT COUNT(*) FROM wage_sheets WHERE status = 'paid'").await, 1);

    let history = app.post("/finance/project/v1/orders/Audithistory", Some(&finance), &[]).await;
    assert_eq!(history["data"]["total"], 1);
    assert_eq!(history["data"]["list"][0]["decidedBy"], "王会计");
    let details = app.post("/finance/project/v1/orders/Details", Some(&finance), &[("id", &order.to_string())]).await;
    assert_eq!(details["data"]["lines"]["list"][0]["statusLabel"], "已支付");
    let records = app.post("/finance/project/v1/orders/Recordlist", Some(&finance), &[]).await;
    let actions: Vec<&str> =
        records["data"]["list"].as_array().unwrap().iter().map(|r| r["action"].as_str().unwrap()).collect();
    assert!(actions.contains(&"审核通过工资单") && actions.contains(&"审批身份验证"), "{actions:?}");
}
both!(approval_needs_a_fresh_verification);

async fn rejection_needs_a_reason_and_frees_the_sheets(app: &TestApp) {
    let demo = app.login("demo", "Demo@12345").await;
    let order = submitted_order(app, &demo).await;
    let finance = app.login("finance", "Demo@12345").await;
    assert_refused(&decide(app, &finance, order, "2", " ").await, "驳回时请填写驳回原因");
    let rejected = decide(app, &finance, order, "2", "第3行扣款无依据").await;
    assert_eq!(rejected["code"], 201, "{rejected}");
    assert_eq!(rejected["data"]["statusLabel"], "已驳回");
    assert_eq!(rejected["data"]["decisionRemark"], "第3行扣款无依据");
    assert_eq!(app.scalar("SELECT COUNT(*) FROM wage_sheets WHERE order_id IS NULL AND status = 'confirmed'").await, 1);
    assert_refused(&decide(app, &finance, order, "2", "again").await, "工资单已处理，不能再操作");
    assert_eq!(app.scalar("SELECT COUNT(*) FROM account_flows WHERE source = 'payout'").await, 0);
}
both!(rejection_needs_a_reason_and_frees_the_sheets);
