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
