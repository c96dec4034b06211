//! Special-account flows: the balance is the sum of the flows, an overdraft writes nothing, a payout line
//! has at most one flow.

use wageguard::account::flows::{self, Direction, NewFlow, Source};

use crate::both;
use crate::support::TestApp;

fn flow(direction: Direction, amount_fen: i64, payout_id: Option<i64>) -> NewFlow<'static> {
    NewFlow {
        project_id: 1,
        direction,
        amount_fen,
        counterparty_name: "郑州市金水区城市建设投资有限公司",
        counterparty_account: "4100123456789",
        counterparty_bank: "中国工商银行郑州金水支行",
        summary: "人工费拨付",
        source: if payout_id.is_some() { Source::Payout } else { Source::Regulator },
        bank_ref: "",
        payout_id,
        occurred_at: 1_763_000_000,
        created_by: None,
    }
}

async fn open_account(app: &TestApp) {
    app.exec(
        "INSERT INTO special_accounts (project_id, open_status, bank_account, account_name, created_at, updated_at) \
         SELECT 1, 1, '6222020200112233', '测试专户', 0, 0 WHERE NOT EXISTS (SELECT 1 FROM special_accounts WHERE project_id = 1)",
    )
    .await;
}

async fn balance_is_the_sum_of_flows(app: &TestApp) {
    open_account(app).await;
    let before = app.scalar("SELECT balance_fen FROM special_accounts WHERE project_id = 1").await;
    let flows_before = app.scalar("SELECT COUNT(*) FROM account_flows WHERE project_id = 1").await;
    assert!(before == 0 || flows_before > 0, "a demo balance comes from demo flows");
    let credit = flows::post(&app.db, &flow(Direction::In, 10_000_001, None)).await.unwrap().expect("credit posted");
    assert_eq!(credit.balance_after_fen, before + 10_000_001);
    let debit = flows::post(&app.db, &flow(Direction::Out, 3_500_000, Some(7))).await.unwrap().expect("debit posted");
    assert_eq!(debit.balance_after_fen, before + 6_500_001);

    let overdraft = flows::post(&app.db, &flow(Direction::Out, before + 6_500_002, Some(8))).await.unwrap();
    assert_eq!(overdraft, None, "a debit over the balance writes nothing");
    assert_eq!(app.scalar("SELECT COUNT(*) FROM account_flows WHERE payout_id = 8").await, 0);

    let repeat = flows::post(&app.db, &flow(Direction::Out, 1, Some(7))).await;
    assert!(repeat.is_err(), "a payout line has at most one flow");

    let balance = app.scalar("SELECT balance_fen FROM special_accounts WHERE project_id = 1").await;
    let sum = app
        .scalar(
            "SELECT CAST(COALESCE(SUM(CASE WHEN direction = 'in' THEN amount_fen ELSE -amount_fen END), 0) AS BIGINT) \
             FROM account_flows WHERE project_id = 1",
        )
        .await;
    assert_eq!(balance, before + 6_500_001);
    assert_eq!(balance, sum);
}
both!(balance_is_the_sum_of_flows);

async fn a_project_without_account_posts_nothing(app: &TestApp) {
    app.exec("DELETE FROM special_accounts WHERE project_id = 1").await;
    let posted = flows::post(&app.db, &flow(Direction::In, 100, None)).await.unwrap();
    assert_eq!(posted, None);
    assert_eq!(app.scalar("SELECT COUNT(*) FROM account_flows WHERE amount_fen = 100").await, 0);
}
both!(a_project_without_account_posts_nothing);

/// Issue 34 item 2: on the demo with its trouble staged (a low balance), a payout and a transfer, 专户流水 walked
/// from the first flow: each row's balance is the one before it plus or minus its amount, the last is the
/// account's balance, and money in less money out is that balance.
async fn every_rows_balance_follows_from_the_row_before(app: &TestApp) {
    assert!(wageguard::warning::demo::seed(&app.db, 1, &app.config.warnings).await.expect("warnings demo"));
    let admin = app.login("admin", "Admin@12345").await;
    let today = wageguard::domain::dates::format_date(wageguard::clock::china_today());
    let transfer = app
        .post(
            "/admin/special/v1/Account/transfer",
            Some(&admin),
            &[
                ("projectId", "1"),
                ("amount", "1000000"),
                ("payer_name", "郑州市金水区城市建设投资有限公司"),
                ("date", &today),
            ],
        )
        .await;
    assert_eq!(transfer["code"], 201, "{transfer}");
    let demo = app.login("demo", "Demo@12345").await;
    let order = crate::orders::submitted_order(app, &demo).await;
    let finance = app.login("finance", "Demo@12345").await;
    crate::orders::verify_by_id(app, &finance, order).await;
    let paid = crate::orders::decide(app, &finance, order, "1", "").await;
    assert_eq!(paid["code"], 201, "{paid}");

    let mut rows = Vec::new();
    let mut page = 1;
    let (balance, sum_in, sum_out) = loop {
        let reply = app.get(&format!("/builder/special/v1/Account/flows?page={page}&limit=100"), Some(&demo)).await;
        assert_eq!(reply["code"], 201, "{reply}");
        let data = &reply["data"];
        rows.extend(data["list"].as_array().unwrap().iter().cloned());
        if rows.len() as i64 >= data["total"].as_i64().unwrap() {
            break (fen(&data["balance"]), fen(&data["sumIn"]), fen(&data["sumOut"]));
        }
        page += 1;
    };
    assert!(rows.len() > 10, "the demo's flows, the transfer and the payouts");
    rows.reverse();
    let mut running = 0;
    for row in &rows {
        let amount = fen(&row["amount"]);
        running += if row["direction"] == "in" { amount } else { -amount };
        assert_eq!(fen(&row["balanceAfter"]), running, "{row}");
    }
    assert_eq!(running, balance);
    assert_eq!(sum_in - sum_out, balance);
    assert_eq!(balance, app.scalar("SELECT balance_fen FROM special_accounts WHERE project_id = 1").await);
}
both!(every_rows_balance_follows_from_the_row_before);

/// A yuan amount as the API writes it (`1234.50`, no separators) in fen.
fn fen(value: &serde_json::Value) -> i64 {
    wageguard::wage::money::parse_yuan(value.as_str().unwrap()).unwrap_or_else(|| panic!("a yuan amount: {value}"))
}

/// Issue 28 finding 8: the warnings' demo pays its months through the real path, so the account reconciles
/// with its flows, every payout is a flow, every paid line holds the days it pays, and 工资统计 and the data
/// screen show what was paid.
async fn the_demo_pays_through_the_real_path_and_reconciles(app: &TestApp) {
    assert!(wageguard::warning::demo::seed(&app.db, 1, &app.config.warnings).await.expect("warnings demo"));
    assert_eq!(app.scalar("SELECT COUNT(*) FROM wage_orders WHERE project_id = 1 AND status = 'paid'").await, 3);
    let paid =
        app.scalar("SELECT CAST(COALESCE(SUM(amount_fen), 0) AS BIGINT) FROM payouts WHERE status = 'paid'").await;
    assert!(paid > 0, "the demo's months are paid");
    let paid_flows = app
        .scalar(
            "SELECT CAST(COALESCE(SUM(amount_fen), 0) AS BIGINT) FROM account_flows \
             WHERE direction = 'out' AND payout_id IS NOT NULL",
        )
        .await;
    assert_eq!(paid_flows, paid, "every payout left the special account as a flow");
    assert_eq!(crate::orders::balance(app).await, crate::orders::flow_sum(app).await);
    let bare = app
        .scalar(
            "SELECT COUNT(*) FROM wage_lines l WHERE l.days > 0 \
             AND NOT EXISTS (SELECT 1 FROM wage_line_days d WHERE d.line_id = l.id)",
        )
        .await;
    assert_eq!(bare, 0, "every line holds the days it pays");
    assert_eq!(
        app.scalar("SELECT COUNT(*) FROM approval_verifications WHERE used = TRUE").await,
        3,
        "each order approved after the approver's own check"
    );

    let demo = app.login("demo", "Demo@12345").await;
    let report = app.get("/builder/report/v1/Report/wage", Some(&demo)).await;
    assert_eq!(report["code"], 201, "{report}");
    assert_eq!(fen(&report["data"]["paid"]), paid, "{report}");
    let screen = app.get("/builder/screen/v1/Screen/data", Some(&demo)).await;
    assert_eq!(screen["code"], 201, "{screen}");
    assert!(fen(&screen["data"]["wagesPaid"]) > 0, "{screen}");
}
both!(the_demo_pays_through_the_real_path_and_reconciles);
