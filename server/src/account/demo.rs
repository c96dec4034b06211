//! Demo special account: the approved project's account at 中国工商银行郑州金水支行, opened and verified, with
//! the owner's two labour-cost transfers as its opening flows (so its balance is the sum of its flows).

use crate::account::flows::{self, Direction, NewFlow, Source};
use crate::clock;
use crate::db::Db;
use crate::execute;

pub const BANK_ACCOUNT: &str = "1702021109100288866";
const BUILDER: &str = "郑州市金水区城市建设投资有限公司";
const BUILDER_ACCOUNT: &str = "1702021109000123456";
const BUILDER_BANK: &str = "中国工商银行郑州金水支行";
/// Two transfers of labour costs: 1,200,000.00 and 800,000.00 yuan.
const TRANSFERS_FEN: [(i64, &str); 2] =
    [(120_000_000, "2026年人工费拨付（第一期）"), (80_000_000, "2026年人工费拨付（第二期）")];

pub async fn seed(db: &Db, project_id: i64) -> anyhow::Result<()> {
    let now = clock::now();
    let account = "INSERT INTO special_accounts (project_id, open_status, bank_account, account_name, bank_code, branch_code, \
                   open_time, open_company_type, open_company_name, social_credit_code, account_status, verified_at, \
                   created_at, updated_at) \
                   VALUES ($1, 1, $2, '郑州市金水区幸福里安置房项目农民工工资专用账户', '102', '102491000011', '2026-03-05', \
                   '2', '河南省第一建筑工程集团有限责任公司', '91410000169953487A', '1', $3, $3, $3) \
                   ON CONFLICT (project_id) DO NOTHING";
    execute!(db, sqlx::query(account).bind(project_id).bind(BANK_ACCOUNT).bind(now))?;
    for (index, (amount_fen, summary)) in TRANSFERS_FEN.iter().enumerate() {
        let days_ago = 60 - 30 * index as i64;
        flows::post(
            db,
            &NewFlow {
                project_id,
                direction: Direction::In,
                amount_fen: *amount_fen,
                counterparty_name: BUILDER,
                counterparty_account: BUILDER_ACCOUNT,
                counterparty_bank: BUILDER_BANK,
                summary,
                source: Source::Bank,
                bank_ref: "",
                payout_id: None,
                occurred_at: now - days_ago * 86_400,
                created_by: None,
            },
        )
        .await?;
    }
    Ok(())
}

/// Brings the special account of `project_id` down to `balance_fen` for the warnings' demo of a low balance,
/// as the bank would: one 'out' flow returning the builder's surplus, so the balance stays the sum of the
/// flows and every row of 专户流水 follows from the one before. Nothing when it holds no more already.
pub async fn draw_down_to(db: &Db, project_id: i64, balance_fen: i64) -> anyhow::Result<()> {
    let Some(balance) = flows::balance(db, project_id).await? else { return Ok(()) };
    if balance <= balance_fen {
        return Ok(());
    }
    flows::post(
        db,
        &NewFlow {
            project_id,
            direction: Direction::Out,
            amount_fen: balance - balance_fen,
            counterparty_name: BUILDER,
            counterparty_account: BUILDER_ACCOUNT,
            counterparty_bank: BUILDER_BANK,
            summary: "退回建设单位超额拨付的人工费",
            source: Source::Bank,
            bank_ref: "",
            payout_id: None,
            occurred_at: clock::now(),
            created_by: None,
        },
    )
    .await?;
    Ok(())
}
