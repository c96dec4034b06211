//! The demo's bank statement (the warnings' demo): the bank's view of the demo account's flows, plus one debit
//! five days ago that no order here made, as the bank would push it. 专户对账 then shows the flows matched, the
//! foreign debit red and the day-end balances apart from that day on.

use time::Duration;

use super::statement;
use crate::bank::files::{Direction, StatementLine};
use crate::clock;
use crate::db::Db;
use crate::domain::dates::format_date;

pub async fn foreign_debit(db: &Db, project_id: i64) -> anyhow::Result<()> {
    let mut lines = statement::bank_view(db, project_id).await?;
    let day = format_date(clock::china_today() - Duration::days(5));
    let at = lines.iter().position(|line| line.date > day).unwrap_or(lines.len());
    let debit = StatementLine {
        row_no: 0,
        date: day,
        direction: Direction::Out,
        amount_fen: 88_800,
        balance_fen: 0,
        counterparty_name: "某劳务公司".into(),
        counterparty_account: "6217000011112222".into(),
        bank_ref: "DEMOBANK000888".into(),
        summary: "转账".into(),
    };
    lines.insert(at, debit);
    let mut balance = 0;
    for (index, line) in lines.iter_mut().enumerate() {
        balance += if line.direction == Direction::In { line.amount_fen } else { -line.amount_fen };
        line.balance_fen = balance;
        line.row_no = index + 1;
    }
    statement::store_pushed(db, project_id, &lines).await?;
    Ok(())
}
