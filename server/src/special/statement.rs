//! The bank's side of the special account (issue 32): its 代发方式 (the clerk's choice, logged), the bank's
//! statement as the clerk uploads it or the bank pushes it line by line, and the sandbox bank's statement
//! (the account's flows as the bank records them), so the demo and the tests reconcile end to end.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::reconcile::line_keys;
use super::repo::{self, NewStatementLine};
use super::service::{
    MSG_BANK_ACCOUNT_REQUIRED, MSG_BANK_REF, MSG_BANK_REF_REQUIRED, MSG_NO_ACCOUNT, MSG_NO_SUCH_ACCOUNT,
};
use crate::account::service as account;
use crate::bank::files::{self, Direction, StatementLine};
use crate::bank::layouts::{self, StatementLayout};
use crate::clock;
use crate::db::{Db, Tx};
use crate::domain::Invalid;
use crate::domain::dates::{MSG_INVALID_DATE, format_date, parse_date};
use crate::domain::yuan::parse_yuan;
use crate::envelope::ApiError;
use crate::extract::sent;
use crate::identity::sessions::CurrentAccount;
use crate::oplog::{self, Entry};
use crate::scope;

pub const MSG_MODE: &str = "请选择代发方式";
pub const MSG_MODE_SAVED: &str = "代发方式已保存";
pub const MSG_FORMAT: &str = "请选择正确的对账单格式";
pub const MSG_NO_FILE: &str = "请上传银行对账单";
pub const MSG_STORED: &str = "对账单已导入";
pub const MSG_DIRECTION: &str = "请提供正确的借贷方向（in 或 out）";
pub const MSG_BALANCE: &str = "请提供正确的余额";
pub const MSG_TEXT: &str = "对方户名、对方账号与摘要均不能超过200个字";

#[derive(Debug, Deserialize, ToSchema)]
pub struct SpecialModeForm {
    /// 代发方式: api 接口 (the bank's interface pays each approved order) or file 文件 (a 代发 batch file).
    pub mode: Option<String>,
}

/// Sets the project's 代发方式; logged with before and after. The project's clerk only.
pub async fn set_mode(db: &Db, current: &CurrentAccount, ip: &str, form: &SpecialModeForm) -> Result<(), ApiError> {
    let project_id = scope::write(current)?;
    let mode = sent(&form.mode);
    let label = |code: &str| account::PAYOUT_MODES.iter().find(|(c, _)| *c == code).map(|(_, label)| *label);
    let Some(to) = label(mode) else { return Err(ApiError::refused(MSG_MODE)) };
    Tx::within(db, async |tx: &mut Tx| -> Result<(), ApiError> {
        let before =
            account::set_payout_mode(tx, project_id, mode).await?.ok_or_else(|| ApiError::refused(MSG_NO_ACCOUNT))?;
        let detail = format!("代发方式：{} → {to}", label(&before).unwrap_or(""));
        let entry = Entry::named(Some(current.account.id), &current.account.username, ip)
            .project(Some(project_id))
            .action("设置代发方式")
            .detail(detail);
        Ok(oplog::record_in(tx, &entry).await?)
    })
    .await
}

/// What storing a statement did.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SpecialStatementStored {
    /// Lines new to us, and lines stored before (the same statement or an overlapping one).
    pub stored: i64,
    pub known: i64,
}

fn statement_layout(format: &Option<String>) -> Result<&'static StatementLayout, ApiError> {
    let code = format.as_deref().map(str::trim).filter(|code| !code.is_empty()).unwrap_or("generic");
    layouts::statement_layout(code).ok_or_else(|| ApiError::refused(MSG_FORMAT))
}

async fn store(
    db: &Db,
    project_id: i64,
    source: &str,
    lines: &[StatementLine],
    entry: Entry<'_>,
) -> Result<i64, ApiError> {
    let keys = line_keys(lines);
    let rows: Vec<NewStatementLine> = lines
        .iter()
        .zip(&keys)
        .map(|(line, key)| NewStatementLine {
            txn_date: &line.date,
            seq: line.row_no as i64,
            direction: line.direction.as_str(),
            amount_fen: line.amount_fen,
            balance_fen: line.balance_fen,
            counterparty_name: &line.counterparty_name,
            counterparty_account: &line.counterparty_account,
            bank_ref: &line.bank_ref,
            summary: &line.summary,
            line_key: key,
        })
        .collect();
    Tx::within(db, async |tx: &mut Tx| -> Result<i64, ApiError> {
        let stored = repo::insert_statement_lines(tx, project_id, source, &rows, clock::now()).await? as i64;
        let detail = format!("{} 行，新增 {stored} 行", lines.len());
        oplog::record_in(tx, &entry.detail(detail)).await?;
        Ok(stored)
    })
    .await
}

/// The clerk uploads the bank's statement export in `format`: every line read (or the file refused with the
/// first bad line's number), lines known already skipped. Logged.
pub async fn upload(
    db: &Db,
    current: &CurrentAccount,
    ip: &str,
    format: &Option<String>,
    bytes: &[u8],
) -> Result<SpecialStatementStored, ApiError> {
    let project_id = scope::write(current)?;
    let layout = statement_layout(format)?;
    if account::special_account(db, project_id).await?.is_none() {
        return Err(ApiError::refused(MSG_NO_ACCOUNT));
    }
    let lines = files::read_statement(layout, bytes).await.map_err(|bad| ApiError::refused(bad.message()))?;
    let entry = Entry::named(Some(current.account.id), &current.account.username, ip)
        .project(Some(project_id))
        .action("上传银行对账单");
    let stored = store(db, project_id, "upload", &lines, entry).await?;
    Ok(SpecialStatementStored { stored, known: lines.len() as i64 - stored })
}

/// One statement line the bank pushes (its serial number makes a repeat harmless).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SpecialStatementForm {
    /// The special account's number.
    pub account: Option<String>,
    /// `YYYY-MM-DD`.
    pub date: Option<String>,
    /// in (credit, 贷) or out (debit, 借).
    pub direction: Option<String>,
    /// Yuan, more than 0.
    pub amount: Option<String>,
    /// The balance after the line, yuan.
    pub balance: Option<String>,
    pub counterparty_name: Option<String>,
    pub counterparty_account: Option<String>,
    /// The bank's serial number of the line (1–64 letters, digits, '-' or '_').
    pub bank_ref: Option<String>,
    pub summary: Option<String>,
}

/// The bank pushes a statement line of a special account (authenticated by the caller, as arrivals are).
pub async fn push(db: &Db, ip: &str, form: &SpecialStatementForm) -> Result<SpecialStatementStored, ApiError> {
    let bank_ref = sent(&form.bank_ref);
    if bank_ref.is_empty() {
        return Err(Invalid(MSG_BANK_REF_REQUIRED).into());
    }
    if bank_ref.len() > 64 || !bank_ref.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_') {
        return Err(Invalid(MSG_BANK_REF).into());
    }
    let account_number = sent(&form.account);
    if account_number.is_empty() {
        return Err(Invalid(MSG_BANK_ACCOUNT_REQUIRED).into());
    }
    let project_id = repo::project_of_account(db, account_number)
        .await?
        .ok_or_else(|| ApiError::NotFound(MSG_NO_SUCH_ACCOUNT.into()))?;
    let date = parse_date(sent(&form.date))?.ok_or(Invalid(MSG_INVALID_DATE))?;
    let direction = match sent(&form.direction) {
        "in" => Direction::In,
        "out" => Direction::Out,
        _ => return Err(ApiError::refused(MSG_DIRECTION)),
    };
    let amount_fen = parse_yuan(sent(&form.amount))?;
    let balance = sent(&form.balance);
    let balance_fen = match balance.strip_prefix('-') {
        _ if balance.trim_start_matches(['0', '.']).is_empty() && !balance.is_empty() => 0,
        Some(rest) => -parse_yuan(rest).map_err(|_| ApiError::refused(MSG_BALANCE))?,
        None => parse_yuan(balance).map_err(|_| ApiError::refused(MSG_BALANCE))?,
    };
    let texts = [sent(&form.counterparty_name), sent(&form.counterparty_account), sent(&form.summary)];
    if texts.iter().any(|text| text.chars().count() > 200) {
        return Err(ApiError::refused(MSG_TEXT));
    }
    let line = StatementLine {
        row_no: 0,
        date: format_date(date),
        direction,
        amount_fen,
        balance_fen,
        counterparty_name: texts[0].to_owned(),
        counterparty_account: texts[1].to_owned(),
        bank_ref: bank_ref.to_owned(),
        summary: texts[2].to_owned(),
    };
    let entry = Entry::named(None, "bank", ip).project(Some(project_id)).action("银行推送对账单");
    let stored = store(db, project_id, "push", std::slice::from_ref(&line), entry).await?;
    Ok(SpecialStatementStored { stored, known: 1 - stored })
}

/// The account's flows as the bank records them (date, direction, amount, counterparty, reference), in the
/// order the money moved, with the balance after each line: the sandbox bank's statement.
pub async fn bank_view(db: &Db, project_id: i64) -> sqlx::Result<Vec<StatementLine>> {
    let (_, flows) = account::flows_between(db, project_id, i64::MIN, i64::MAX).await?;
    let mut balance_fen = 0;
    Ok(flows
        .iter()
        .enumerate()
        .map(|(index, flow)| {
            balance_fen += if flow.direction == "in" { flow.amount_fen } else { -flow.amount_fen };
            StatementLine {
                row_no: index + 1,
                date: format_date(clock::china_date(flow.occurred_at)),
                direction: if flow.direction == "in" { Direction::In } else { Direction::Out },
                amount_fen: flow.amount_fen,
                balance_fen,
                counterparty_name: flow.counterparty_name.clone(),
                counterparty_account: flow.counterparty_account.clone(),
                bank_ref: flow.bank_ref.clone(),
                summary: flow.summary.clone(),
            }
        })
        .collect())
}

/// The sandbox bank's statement of the clerk's project in `format` ([`bank_view`]).
pub async fn sandbox_statement(
    db: &Db,
    current: &CurrentAccount,
    format: &Option<String>,
) -> Result<(&'static StatementLayout, Vec<u8>), ApiError> {
    let project_id = scope::write(current)?;
    let layout = statement_layout(format)?;
    Ok((layout, files::write_statement(layout, &bank_view(db, project_id).await?)))
}

/// Statement lines as the bank pushes them (the demo's statement).
pub(super) async fn store_pushed(db: &Db, project_id: i64, lines: &[StatementLine]) -> Result<i64, ApiError> {
    store(
        db,
        project_id,
        "push",
        lines,
        Entry::named(None, "bank", "").project(Some(project_id)).action("银行推送对账单"),
    )
    .await
}

/// The statement formats the console offers.
#[derive(Debug, Serialize, ToSchema)]
pub struct SpecialStatementFormat {
    pub code: String,
    pub name: String,
}

pub fn formats() -> Vec<SpecialStatementFormat> {
    layouts::statement_layouts()
        .iter()
        .map(|layout| SpecialStatementFormat { code: layout.code.clone(), name: layout.name.clone() })
        .collect()
}
