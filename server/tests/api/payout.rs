//! Payout: never twice under concurrent approvals, failed cards into exception handling and re-issue,
//! recovery of an order a crash left half paid, the balance always the sum of the flows.

use wageguard::account::flows::{self, Direction, NewFlow, Source};
use wageguard::bank::{AccountQuery, BankGateway, BoxFuture, PayOutcome, PayRequest, SandboxBank, Verification};
use wageguard::wage::{Actor, payout, service};

use crate::both;
use crate::orders::{balance, decide, flow_sum, submitted_order, verify_by_id};
use crate::support::{TestApp, assert_refused};
use crate::wages::{create_sheet, leak, lines};

/// A bank that never answers a payment, as when the process stops right after the decision.
struct Unanswering;

impl BankGateway for Unanswering {
    fn verify_account<'a>(&'a self, _: &'a AccountQuery) -> BoxFuture<'a, Verification> {
        Box::pin(async { anyhow::bail!("no answer") })
    }

    fn pay<'a>(&'a self, _: &'a [PayRequest]) -> BoxFuture<'a, Vec<PayOutcome>> {
        Box::pin(async { anyhow::bail!("no answer") })
    }
}

/// The approver's decision through the service, the bank not answering: the order stays 支付中 with every line
/// pending.
async fn approve_unanswered(app: &TestApp, order: i64, actor: &Actor) {
    let answer = service::approve(&app.db, &Unanswering, 1, order, "", actor).await.unwrap();
    assert_eq!(answer, "审核通过，银行处理中，系统将自动继续发放");
}

async fn concurrent_approvals_pay_once(app: &TestApp) {
    let demo = app.login("demo", "Demo@12345").await;
    let order = submitted_order(app, &demo).await;
    let first = app.login("finance", "Demo@12345").await;
    let second = app.login("finance", "Demo@12345").await;
    verify_by_id(app, &first, order).await;
    verify_by_id(app, &first, order).await;
    let before = balance(app).await;
    let (a, b) = tokio::join!(decide(app, &first, order, "1", ""), decide(app, &second, order, "1", ""));
    let codes = [a["code"].as_i64().unwrap(), b["code"].as_i64().unwrap()];
    assert!(codes.contains(&201) && codes.contains(&401), "{a} {b}");
    let lines = app.scalar(leak(format!("SELECT line_count FROM wage_orders WHERE id = {order}"))).await;
    let total = app.scalar(leak(format!("SELECT total_fen FROM wage_orders WHERE id = {order}"))).await;
    assert_eq!(app.scalar("SELECT COUNT(*) FROM payouts WHERE status = 'paid'").await, lines);
    assert_eq!(app.scalar("SELECT COUNT(*) FROM account_flows WHERE source = 'payout'").await, lines);
    assert_eq!(app.scalar("SELECT COUNT(*) FROM sandbox_bank_payments").await, lines);
    assert_eq!(balance(app).await, before - total);
    assert_eq!(balance(app).await, flow_sum(app).await);
    assert_eq!(
        app.scalar("SELECT COUNT(*) FROM approval_verifications WHERE used = FALSE").await,
        1,
        "the loser's verification stays"
    );
}
both!(concurrent_approvals_pay_once);

async fn failed_cards_are_corrected_and_reissued(app: &TestApp) {
    let demo = app.login("demo", "Demo@12345").await;
    let sheet = create_sheet(app, &demo).await;
    let sheet_lines = lines(app, &demo, sheet).await;
    let bad: Vec<String> = sheet_lines[..2].iter().map(|line| line["workerId"].to_string()).collect();
    for worker in &bad {
        let reply = app
            .post(
                "/builder/wage/v1/Abnormal/card",
                Some(&demo),
                &[("workerId", worker), ("card", "6222021234567890129"), ("bank", "102"), ("confirmed", "1")],
            )
            .await;
        assert_eq!(reply["code"], 201, "{reply}");
    }
    app.post("/builder/wage/v1/Sheet/confirm", Some(&demo), &[("id", &sheet.to_string())]).await;
    let reply = crate::orders::submit(app, &demo, &sheet.to_string()).await;
    let order = reply["data"].as_i64().unwrap();
    let finance = app.login("finance", "Demo@12345").await;
    let seen = app
        .post(
            "/finance/project/v1/orders/Orderdetails",
            Some(&finance),
            &[("id", &order.to_string()), ("limit", "100")],
        )
        .await;
    assert_eq!(seen["data"]["invalidCards"], 2, "the approver is told before approving: {seen}");
    let flagged = seen["data"]["lines"]["list"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|line| line["cardProblem"] == "卡号校验位错误")
        .count();
    assert_eq!(flagged, 2);
    verify_by_id(app, &finance, order).await;
    let before = balance(app).await;
    let approved = decide(app, &finance, order, "1", "").await;
    assert_eq!(approved["data"]["statusLabel"], "部分发放", "{approved}");
    assert_eq!(approved["message"], "审核通过，2笔发放失败，已转异常处理", "a partly failed order says so");
    let failed_fen = app.scalar(leak(format!("SELECT failed_fen FROM wage_orders WHERE id = {order}"))).await;
    let total = app.scalar(leak(format!("SELECT total_fen FROM wage_orders WHERE id = {order}"))).await;
    assert_eq!(balance(app).await, before - total + failed_fen, "failed lines move no money");

    let decided =
        app.post("/finance/project/v1/orders/Orderdetails", Some(&finance), &[("id", &order.to_string())]).await;
    assert_eq!(decided["data"]["invalidCards"], 0, "only orders awaiting approval count them");
    let abnormal = app.get("/builder/wage/v1/Abnormal/list", Some(&demo)).await;
    assert_eq!(abnormal["data"]["total"], 2, "{abnormal}");
    assert_eq!(abnormal["data"]["list"][0]["failureReason"], "收款卡号无效：卡号校验位错误");
    let ids: Vec<String> = abnormal["data"]["list"].as_array().unwrap().iter().map(|p| p["id"].to_string()).collect();
    let joined = ids.join(",");
    let not_yet = app.post("/builder/wage/v1/Abnormal/reissue", Some(&demo), &[("ids", &joined)]).await;
    assert_eq!(not_yet["code"], 401, "{not_yet}");
    assert!(not_yet["message"].as_str().unwrap().ends_with("卡号校验位错误，请先修改工资卡"), "{not_yet}");
    for (index, worker) in bad.iter().enumerate() {
        let body = format!("62220299{:010}", index);
        let card = format!("{body}{}", wageguard::domain::wage_card::check_digit(&body));
        let reply = app
            .post(
                "/builder/wage/v1/Abnormal/card",
                Some(&demo),
                &[("workerId", worker), ("card", &card), ("bank", "102")],
            )
            .await;
        assert_eq!(reply["code"], 201, "{reply}");
    }
    let reissue = app.post("/builder/wage/v1/Abnormal/reissue", Some(&demo), &[("ids", &joined)]).await;
    assert_eq!(reissue["code"], 201, "{reissue}");
    let again = app.post("/builder/wage/v1/Abnormal/reissue", Some(&demo), &[("ids", &joined)]).await;
    assert_refused(&again, "所选明细已重新发放或不是失败明细");
    assert_eq!(app.get("/builder/wage/v1/Abnormal/list", Some(&demo)).await["data"]["total"], 0);
    let second = reissue["data"].as_i64().unwrap();
    let detail = app.get(&format!("/builder/wage/v1/Order/detail?id={second}"), Some(&demo)).await;
    assert_eq!(detail["data"]["order"]["reissueOf"], order);
    assert_eq!(detail["data"]["order"]["total"], wageguard::wage::money::yuan(failed_fen));

    verify_by_id(app, &finance, second).await;
    let paid = decide(app, &finance, second, "1", "").await;
    assert_eq!(paid["data"]["statusLabel"], "已支付", "{paid}");
    assert_eq!(balance(app).await, before - total);
    assert_eq!(balance(app).await, flow_sum(app).await);
    let lines_paid = app.scalar("SELECT COUNT(DISTINCT line_id) FROM payouts WHERE status = 'paid'").await;
    assert_eq!(
        lines_paid,
        app.scalar("SELECT COUNT(*) FROM payouts WHERE status = 'paid'").await,
        "no line paid twice"
    );
    assert_eq!(
        lines_paid,
        app.scalar(leak(format!("SELECT COUNT(*) FROM wage_lines WHERE sheet_id = {sheet} AND net_fen > 0"))).await
    );
    let net =
        app.scalar(leak(format!("SELECT CAST(SUM(net_fen) AS BIGINT) FROM wage_lines WHERE sheet_id = {sheet}"))).await;
    assert_eq!(
        app.scalar("SELECT CAST(SUM(amount_fen) AS BIGINT) FROM account_flows WHERE source = 'payout'").await,
        net,
        "the cents add up"
    );
    let pay = app.get("/builder/wage/v1/Order/payLines?status=failed", Some(&demo)).await;
    assert_eq!(pay["data"]["total"], 2);
    assert_eq!(app.post("/builder/wage/v1/Abnormal/reissue", Some(&demo), &[("ids", "99999")]).await["code"], 404);
}
both!(failed_cards_are_corrected_and_reissued);

async fn recovery_finishes_a_half_paid_order(app: &TestApp) {
    let demo = app.login("demo", "Demo@12345").await;
    let order = submitted_order(app, &demo).await;
    let finance = app.login("finance", "Demo@12345").await;
    verify_by_id(app, &finance, order).await;
    let approver = app.scalar("SELECT id FROM accounts WHERE username = 'finance'").await;
    let actor = Actor { account_id: approver, account_name: "finance".into(), project_id: None, ip: String::new() };
    let before = balance(app).await;
    approve_unanswered(app, order, &actor).await;
    let bank = SandboxBank { db: app.db.clone(), pay_delay: std::time::Duration::ZERO };
    // Three lines settled, then a crash after the bank paid two more but before they were recorded.
    payout::pay_order(&app.db, &bank, order, &actor, 3).await.unwrap();
    assert_eq!(app.scalar("SELECT COUNT(*) FROM payouts WHERE status = 'paid'").await, 3);
    let pending = payout::pending(&app.db, order).await.unwrap();
    let asked: Vec<PayRequest> = pending[..2]
        .iter()
        .map(|p| PayRequest {
            idempotency_key: payout::idempotency_key(p.id),
            card_number: p.card_number.clone(),
            card_bank: p.card_bank.clone(),
            holder_name: p.name.clone(),
            amount_fen: p.amount_fen,
        })
        .collect();
    bank.pay(&asked).await.unwrap();
    assert_eq!(
        app.scalar(leak(format!("SELECT COUNT(*) FROM wage_orders WHERE id = {order} AND status = 'paying'"))).await,
        1
    );

    assert_eq!(payout::recover(&app.db, &bank).await.unwrap(), 1);
    let lines = app.scalar(leak(format!("SELECT line_count FROM wage_orders WHERE id = {order}"))).await;
    let total = app.scalar(leak(format!("SELECT total_fen FROM wage_orders WHERE id = {order}"))).await;
    assert_eq!(
        app.scalar(leak(format!("SELECT COUNT(*) FROM wage_orders WHERE id = {order} AND status = 'paid'"))).await,
        1
    );
    assert_eq!(app.scalar("SELECT COUNT(*) FROM payouts WHERE status = 'paid'").await, lines);
    assert_eq!(app.scalar("SELECT COUNT(*) FROM sandbox_bank_payments").await, lines, "the bank paid every key once");
    assert_eq!(app.scalar("SELECT COUNT(*) FROM account_flows WHERE source = 'payout'").await, lines);
    assert_eq!(balance(app).await, before - total);
    assert_eq!(balance(app).await, flow_sum(app).await);
    assert_eq!(payout::recover(&app.db, &bank).await.unwrap(), 0, "nothing left to resume");
    assert_eq!(balance(app).await, before - total);
}
both!(recovery_finishes_a_half_paid_order);

async fn an_unreachable_bank_leaves_the_order_paying(app: &TestApp) {
    let demo = app.login("demo", "Demo@12345").await;
    let order = submitted_order(app, &demo).await;
    app.exec(leak(format!("UPDATE payouts SET card_number = '9991234567890' WHERE order_id = {order} AND id = (SELECT MIN(id) FROM payouts WHERE order_id = {order})"))).await;
    let finance = app.login("finance", "Demo@12345").await;
    verify_by_id(app, &finance, order).await;
    let reply = decide(app, &finance, order, "1", "").await;
    assert_eq!(reply["code"], 201, "{reply}");
    assert_eq!(reply["data"]["statusLabel"], "支付中");
    assert_eq!(reply["message"], "审核通过，银行处理中，系统将自动继续发放");
    assert_eq!(app.scalar("SELECT COUNT(*) FROM account_flows WHERE source = 'payout'").await, 0);
    assert_eq!(balance(app).await, flow_sum(app).await);
}
both!(an_unreachable_bank_leaves_the_order_paying);

/// Money left the account after the approval's check: the chunk's sum no longer fits, so the lines the
/// balance covers are paid one by one and the rest fail 专户余额不足, and every flow's balance-after chains.
async fn a_balance_drained_after_approval_pays_what_it_covers(app: &TestApp) {
    let demo = app.login("demo", "Demo@12345").await;
    let order = submitted_order(app, &demo).await;
    let finance = app.login("finance", "Demo@12345").await;
    verify_by_id(app, &finance, order).await;
    let approver = app.scalar("SELECT id FROM accounts WHERE username = 'finance'").await;
    let actor = Actor { account_id: approver, account_name: "finance".into(), project_id: None, ip: String::new() };
    approve_unanswered(app, order, &actor).await;
    let pending = payout::pending(&app.db, order).await.unwrap();
    assert!(pending.len() >= 3, "the demo sheet has lines to pay");
    let covered: i64 = pending[..2].iter().map(|p| p.amount_fen).sum();
    let drain = balance(app).await - covered;
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

    payout::pay_order(
        &app.db,
        &SandboxBank { db: app.db.clone(), pay_delay: std::time::Duration::ZERO },
        order,
        &actor,
        i64::MAX,
    )
    .await
    .unwrap();
    assert_eq!(balance(app).await, 0);
    assert_eq!(
        app.scalar(leak(format!("SELECT COUNT(*) FROM payouts WHERE order_id = {order} AND status = 'paid'"))).await,
        2
    );
    let short = app.scalar(leak(format!("SELECT COUNT(*) FROM payouts WHERE order_id = {order} AND status = 'failed' AND failure_reason = '专户余额不足'"))).await;
    assert_eq!(short, pending.len() as i64 - 2);
    assert_eq!(
        app.scalar(leak(format!("SELECT COUNT(*) FROM wage_orders WHERE id = {order} AND status = 'partial'"))).await,
        1
    );
    assert_eq!(balance(app).await, flow_sum(app).await);
    assert_eq!(app.scalar("SELECT COUNT(*) FROM account_flows f WHERE f.id > 1 AND f.balance_after_fen <> \
        (SELECT p.balance_after_fen FROM account_flows p WHERE p.id = f.id - 1) + CASE WHEN f.direction = 'in' THEN f.amount_fen ELSE -f.amount_fen END").await, 0,
        "each balance-after follows the flow before it");
}
both!(a_balance_drained_after_approval_pays_what_it_covers);
