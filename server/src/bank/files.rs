//! The file gateway (issue 32): the 代发 batch file an order becomes on a special account paid by file, the
//! bank's result file (回盘) read back into one answer per line, and the bank's statement read into lines,
//! each in a layout of `layouts.toml`. A batch file ends with a summary line (`汇总`, the order number, the
//! line count, the total and the SHA-256 of the lines' canonical text), so the file names its order and a
//! bank or a reader can check it was not altered.

use rust_xlsxwriter::{DocProperties, ExcelDateTime, Workbook};
use sha2::{Digest, Sha256};

use super::layouts::{self, BatchLayout, Column, Kind, StatementColumn, StatementLayout};
use crate::domain::yuan::{parse_yuan, yuan};
use crate::spreadsheet::{self, write_text, xlsx_error};

/// The first field of a batch or result file's summary line.
pub const SUMMARY: &str = "汇总";

/// One line of a batch file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BatchRow {
    pub seq: i64,
    pub account: String,
    pub name: String,
    pub amount_fen: i64,
    pub bank: String,
    pub remark: String,
}

/// The bank's answer for one line of a result file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ResultRow {
    /// The line's number in the file (for refusals).
    pub row_no: usize,
    pub seq: i64,
    pub account: String,
    pub amount_fen: i64,
    pub paid: bool,
    pub reason: String,
    pub bank_ref: String,
}

/// A result file: the order it names in its summary line (if it has one) and its lines.
#[derive(Debug)]
pub struct BankResult {
    pub order_no: Option<String>,
    pub rows: Vec<ResultRow>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Direction {
    In,
    Out,
}

impl Direction {
    pub fn as_str(self) -> &'static str {
        match self {
            Direction::In => "in",
            Direction::Out => "out",
        }
    }
}

/// One line of a bank statement.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StatementLine {
    pub row_no: usize,
    /// `YYYY-MM-DD`.
    pub date: String,
    pub direction: Direction,
    pub amount_fen: i64,
    pub balance_fen: i64,
    pub counterparty_name: String,
    pub counterparty_account: String,
    pub bank_ref: String,
    pub summary: String,
}

/// A line of a file the bank sent that cannot be read: its number and why.
#[derive(Debug, PartialEq, Eq)]
pub struct BadRow {
    pub row_no: usize,
    pub reason: String,
}

impl BadRow {
    pub fn message(&self) -> String {
        if self.row_no == 0 { self.reason.clone() } else { format!("第{}行：{}", self.row_no, self.reason) }
    }

    fn file(reason: &str) -> BadRow {
        BadRow { row_no: 0, reason: reason.to_owned() }
    }
}

/// The SHA-256 (hex) of the batch's canonical text: the order number, then each line's fields joined by `|`.
pub fn checksum(order_no: &str, rows: &[BatchRow]) -> String {
    let mut hasher = Sha256::new();
    hasher.update(order_no.as_bytes());
    for row in rows {
        let line =
            format!("\n{}|{}|{}|{}|{}|{}", row.seq, row.account, row.name, yuan(row.amount_fen), row.bank, row.remark);
        hasher.update(line.as_bytes());
    }
    hex::encode(hasher.finalize())
}

fn summary_fields(order_no: &str, rows: &[BatchRow]) -> Vec<String> {
    let total: i64 = rows.iter().map(|row| row.amount_fen).sum();
    vec![
        SUMMARY.to_owned(),
        order_no.to_owned(),
        rows.len().to_string(),
        yuan(total),
        format!("SHA256:{}", checksum(order_no, rows)),
    ]
}

fn cell(row: &BatchRow, column: Column, layout: &BatchLayout, answer: Option<&(bool, String, String)>) -> String {
    match column {
        Column::Seq => row.seq.to_string(),
        Column::Account => row.account.clone(),
        Column::Name => row.name.clone(),
        Column::Amount => yuan(row.amount_fen),
        Column::Bank => row.bank.clone(),
        Column::Remark => row.remark.chars().take(layout.remark_max_chars).collect(),
        Column::Result => match answer {
            Some((true, _, _)) => layout.paid_words.first().cloned().unwrap_or_default(),
            Some((false, _, _)) => "失败".to_owned(),
            None => String::new(),
        },
        Column::Reason => answer.map(|(_, reason, _)| reason.clone()).unwrap_or_default(),
        Column::BankRef => answer.map(|(_, _, bank_ref)| bank_ref.clone()).unwrap_or_default(),
        Column::Ignore => String::new(),
    }
}

/// A file of `columns`: the header, one line per row, the summary line; the same rows give the same bytes.
fn write(
    layout: &BatchLayout,
    columns: &[Column],
    order_no: &str,
    rows: &[BatchRow],
    answers: Option<&[(bool, String, String)]>,
) -> anyhow::Result<Vec<u8>> {
    let header: Vec<String> = columns.iter().map(|column| layout.title(*column)).collect();
    let lines: Vec<Vec<String>> = rows
        .iter()
        .enumerate()
        .map(|(index, row)| {
            let answer = answers.and_then(|answers| answers.get(index));
            columns.iter().map(|column| cell(row, *column, layout, answer)).collect()
        })
        .collect();
    let summary = summary_fields(order_no, rows);
    match layout.kind {
        Kind::Text => {
            let mut text = String::new();
            for fields in std::iter::once(&header).chain(&lines).chain(std::iter::once(&summary)) {
                text.push_str(&layouts::join_fields(fields, &layout.separator));
                text.push_str("\r\n");
            }
            Ok(layouts::encode(&text, layout.encoding))
        }
        Kind::Xlsx => {
            let mut workbook = Workbook::new();
            // A fixed creation time: downloading the same batch twice gives the same bytes.
            let created = ExcelDateTime::from_ymd(2000, 1, 1).map_err(xlsx_error)?;
            workbook.set_properties(&DocProperties::new().set_creation_datetime(&created));
            let sheet = workbook.add_worksheet();
            let bold = spreadsheet::header_format();
            for (index, fields) in std::iter::once(&header).chain(&lines).chain(std::iter::once(&summary)).enumerate() {
                for (column, field) in fields.iter().enumerate() {
                    let format = (index == 0).then_some(&bold);
                    write_text(sheet, index as u32, column as u16, field, format).map_err(xlsx_error)?;
                }
            }
            workbook.save_to_buffer().map_err(xlsx_error)
        }
    }
}

/// The batch file of an order in `layout`.
pub fn write_batch(layout: &BatchLayout, order_no: &str, rows: &[BatchRow]) -> anyhow::Result<Vec<u8>> {
    write(layout, &layout.columns, order_no, rows, None)
}

/// A result file in `layout`, as a bank writes it: each row with (paid, reason, bank reference).
pub fn write_result(
    layout: &BatchLayout,
    order_no: &str,
    rows: &[BatchRow],
    answers: &[(bool, String, String)],
) -> anyhow::Result<Vec<u8>> {
    write(layout, &layout.result_columns, order_no, rows, Some(answers))
}

fn field(fields: &[String], columns: &[Column], column: Column) -> Option<String> {
    columns.iter().position(|c| *c == column).and_then(|index| fields.get(index)).cloned()
}

/// Reads a result file in `layout` (text or workbook as the layout says): every line, or the first that
/// cannot be read.
pub async fn read_result(layout: &BatchLayout, bytes: &[u8]) -> Result<BankResult, BadRow> {
    if (layout.kind == Kind::Xlsx) != layouts::is_workbook(bytes) {
        return Err(BadRow::file(MSG_KIND));
    }
    let columns = &layout.result_columns;
    let rows =
        layouts::rows(bytes, layout.encoding, &layout.separator, 0, columns.len()).await.map_err(BadRow::file)?;
    let mut order_no = None;
    let mut answers = Vec::new();
    for (row_no, fields) in rows {
        if fields.first().map(String::as_str) == Some(SUMMARY) {
            order_no = fields.get(1).cloned();
            continue;
        }
        let bad = |reason: &str| BadRow { row_no, reason: reason.to_owned() };
        let seq = match field(&fields, columns, Column::Seq) {
            Some(text) => text.parse::<i64>().map_err(|_| bad(MSG_SEQ))?,
            None => answers.len() as i64 + 1,
        };
        let account = field(&fields, columns, Column::Account).unwrap_or_default();
        let amount = field(&fields, columns, Column::Amount).unwrap_or_default();
        let amount_fen = parse_yuan(&amount).map_err(|_| bad(MSG_AMOUNT))?;
        let result = field(&fields, columns, Column::Result).unwrap_or_default();
        if result.is_empty() {
            return Err(bad(MSG_RESULT));
        }
        let paid = layout.paid_words.contains(&result);
        let reason = field(&fields, columns, Column::Reason).unwrap_or_default();
        answers.push(ResultRow {
            row_no,
            seq,
            account,
            amount_fen,
            paid,
            reason: if paid || !reason.is_empty() { reason } else { result },
            bank_ref: field(&fields, columns, Column::BankRef).unwrap_or_default(),
        });
    }
    if answers.is_empty() {
        return Err(BadRow::file(layouts::MSG_EMPTY));
    }
    Ok(BankResult { order_no, rows: answers })
}

/// Reads a batch file in `layout` back into its lines and the order it names (what a bank reads; the
/// sandbox answers it).
pub async fn read_batch(layout: &BatchLayout, bytes: &[u8]) -> Result<(String, Vec<BatchRow>), BadRow> {
    if (layout.kind == Kind::Xlsx) != layouts::is_workbook(bytes) {
        return Err(BadRow::file(MSG_KIND));
    }
    let columns = &layout.columns;
    let rows =
        layouts::rows(bytes, layout.encoding, &layout.separator, 0, columns.len()).await.map_err(BadRow::file)?;
    let mut order_no = String::new();
    let mut lines = Vec::new();
    for (row_no, fields) in rows {
        if fields.first().map(String::as_str) == Some(SUMMARY) {
            order_no = fields.get(1).cloned().unwrap_or_default();
            continue;
        }
        let bad = |reason: &str| BadRow { row_no, reason: reason.to_owned() };
        let seq = match field(&fields, columns, Column::Seq) {
            Some(text) => text.parse::<i64>().map_err(|_| bad(MSG_SEQ))?,
            None => lines.len() as i64 + 1,
        };
        let amount = field(&fields, columns, Column::Amount).unwrap_or_default();
        lines.push(BatchRow {
            seq,
            account: field(&fields, columns, Column::Account).unwrap_or_default(),
            name: field(&fields, columns, Column::Name).unwrap_or_default(),
            amount_fen: parse_yuan(&amount).map_err(|_| bad(MSG_AMOUNT))?,
            bank: field(&fields, columns, Column::Bank).unwrap_or_default(),
            remark: field(&fields, columns, Column::Remark).unwrap_or_default(),
        });
    }
    if order_no.is_empty() {
        return Err(BadRow::file(MSG_NO_SUMMARY));
    }
    Ok((order_no, lines))
}

pub const MSG_NO_SUMMARY: &str = "文件缺少汇总行（工资单号与校验码）";
pub const MSG_KIND: &str = "文件类型与所选格式不符";
pub const MSG_SEQ: &str = "序号不是数字";
pub const MSG_AMOUNT: &str = "金额格式错误";
pub const MSG_RESULT: &str = "缺少处理结果";
pub const MSG_DATE: &str = "交易日期格式错误";
pub const MSG_DIRECTION: &str = "无法识别借贷方向";
pub const MSG_BALANCE: &str = "余额格式错误";

/// `2026-10-05`, `2026/10/5`, `20261005`, with or without a time after it, as `YYYY-MM-DD`.
fn statement_date(text: &str) -> Option<String> {
    let day = text.split_whitespace().next()?;
    let parts: Vec<&str> = if day.len() == 8 && day.bytes().all(|b| b.is_ascii_digit()) {
        vec![&day[..4], &day[4..6], &day[6..]]
    } else {
        day.split(['-', '/', '.']).collect()
    };
    let [year, month, day] = parts.as_slice() else { return None };
    let (year, month, day): (i32, u8, u8) = (year.parse().ok()?, month.parse().ok()?, day.parse().ok()?);
    let date = time::Date::from_calendar_date(year, time::Month::try_from(month).ok()?, day).ok()?;
    Some(crate::domain::dates::format_date(date))
}

/// A balance: yuan with up to two decimals, zero or negative allowed.
fn balance(text: &str) -> Option<i64> {
    let text = text.trim();
    let (negative, digits) = text.strip_prefix('-').map_or((false, text), |rest| (true, rest));
    let zero = digits.chars().all(|c| matches!(c, '0' | '.' | ',')) && !digits.is_empty();
    let fen = if zero { 0 } else { parse_yuan(digits).ok()? };
    Some(if negative { -fen } else { fen })
}

/// Reads a statement in `layout` (text in its encoding, or a workbook): every line, or the first that
/// cannot be read.
pub async fn read_statement(layout: &StatementLayout, bytes: &[u8]) -> Result<Vec<StatementLine>, BadRow> {
    let columns = &layout.columns;
    let rows = layouts::rows(bytes, layout.encoding, &layout.separator, layout.skip_rows, columns.len())
        .await
        .map_err(BadRow::file)?;
    let mut lines = Vec::with_capacity(rows.len());
    for (row_no, fields) in rows {
        let bad = |reason: &str| BadRow { row_no, reason: reason.to_owned() };
        let get = |column: StatementColumn| {
            columns.iter().position(|c| *c == column).and_then(|index| fields.get(index)).cloned().unwrap_or_default()
        };
        let date = statement_date(&get(StatementColumn::Date)).ok_or_else(|| bad(MSG_DATE))?;
        let (direction, amount) = if columns.contains(&StatementColumn::Direction) {
            let word = get(StatementColumn::Direction);
            let direction = if layout.in_words.contains(&word) {
                Direction::In
            } else if layout.out_words.contains(&word) {
                Direction::Out
            } else {
                return Err(bad(MSG_DIRECTION));
            };
            (direction, get(StatementColumn::Amount))
        } else {
            let (debit, credit) = (get(StatementColumn::Debit), get(StatementColumn::Credit));
            let blank = |text: &str| balance(text).is_none_or(|fen| fen == 0);
            match (blank(&debit), blank(&credit)) {
                (false, true) => (Direction::Out, debit),
                (true, false) => (Direction::In, credit),
                _ => return Err(bad(MSG_DIRECTION)),
            }
        };
        let amount_fen = parse_yuan(&amount).map_err(|_| bad(MSG_AMOUNT))?;
        let balance_fen = balance(&get(StatementColumn::Balance)).ok_or_else(|| bad(MSG_BALANCE))?;
        lines.push(StatementLine {
            row_no,
            date,
            direction,
            amount_fen,
            balance_fen,
            counterparty_name: get(StatementColumn::CounterpartyName),
            counterparty_account: get(StatementColumn::CounterpartyAccount),
            bank_ref: get(StatementColumn::BankRef),
            summary: get(StatementColumn::Summary),
        });
    }
    Ok(lines)
}

/// A statement in `layout` as a bank exports it (the sandbox's statements, and the tests').
pub fn write_statement(layout: &StatementLayout, lines: &[StatementLine]) -> Vec<u8> {
    let mut text = String::new();
    for _ in 0..layout.skip_rows {
        text.push_str("账户明细\r\n");
    }
    let titles: Vec<String> = layout.columns.iter().map(|column| format!("{column:?}")).collect();
    text.push_str(&layouts::join_fields(&titles, &layout.separator));
    text.push_str("\r\n");
    for line in lines {
        let fields: Vec<String> = layout
            .columns
            .iter()
            .map(|column| match column {
                StatementColumn::Date => line.date.clone(),
                StatementColumn::Direction => {
                    let words = if line.direction == Direction::In { &layout.in_words } else { &layout.out_words };
                    words.first().cloned().unwrap_or_default()
                }
                StatementColumn::Amount => yuan(line.amount_fen),
                StatementColumn::Debit if line.direction == Direction::Out => yuan(line.amount_fen),
                StatementColumn::Credit if line.direction == Direction::In => yuan(line.amount_fen),
                StatementColumn::Debit | StatementColumn::Credit => String::new(),
                StatementColumn::Balance => yuan(line.balance_fen),
                StatementColumn::CounterpartyName => line.counterparty_name.clone(),
                StatementColumn::CounterpartyAccount => line.counterparty_account.clone(),
                StatementColumn::BankRef => line.bank_ref.clone(),
                StatementColumn::Summary => line.summary.clone(),
                StatementColumn::Ignore => String::new(),
            })
            .collect();
        text.push_str(&layouts::join_fields(&fields, &layout.separator));
        text.push_str("\r\n");
    }
    layouts::encode(&text, layout.encoding)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bank::layouts::{batch_layout, batch_layouts, statement_layouts};

    fn rows() -> Vec<BatchRow> {
        (1..=3)
            .map(|seq| BatchRow {
                seq,
                account: format!("622202000000000000{seq}"),
                name: format!("工人{seq}"),
                amount_fen: 300_000 + seq,
                bank: "中国工商银行".into(),
                remark: "2026年10月工资，工资单GZ0001".into(),
            })
            .collect()
    }

    #[tokio::test]
    async fn every_layout_writes_a_batch_the_same_twice_and_reads_its_result_back() {
        for layout in batch_layouts() {
            let batch = write_batch(layout, "GZ0001", &rows()).unwrap();
            assert_eq!(batch, write_batch(layout, "GZ0001", &rows()).unwrap(), "{}", layout.code);
            let answers = vec![
                (true, String::new(), "R1".to_owned()),
                (false, "账户已冻结".to_owned(), String::new()),
                (true, String::new(), "R3".to_owned()),
            ];
            let result = write_result(layout, "GZ0001", &rows(), &answers).unwrap();
            let read = read_result(layout, &result).await.unwrap();
            assert_eq!(read.order_no.as_deref(), Some("GZ0001"), "{}", layout.code);
            assert_eq!(read.rows.len(), 3);
            assert_eq!((read.rows[1].paid, read.rows[1].reason.as_str()), (false, "账户已冻结"));
            assert_eq!((read.rows[2].seq, read.rows[2].amount_fen, read.rows[2].bank_ref.as_str()), (3, 300_003, "R3"));
            assert!(read.rows[0].paid && read.rows[0].account.ends_with('1'));
        }
    }

    #[test]
    fn the_text_batch_is_the_documented_lines_and_the_gbk_one_is_gbk() {
        let text =
            String::from_utf8(write_batch(batch_layout("generic-txt").unwrap(), "GZ0001", &rows()).unwrap()).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "序号|账号|户名|金额|开户行|备注");
        assert_eq!(lines[1], "1|6222020000000000001|工人1|3000.01|中国工商银行|2026年10月工资，工资单GZ0001");
        assert_eq!(lines[4], format!("汇总|GZ0001|3|9000.06|SHA256:{}", checksum("GZ0001", &rows())));
        let gbk = write_batch(batch_layout("bank-csv-gbk").unwrap(), "GZ0001", &rows()).unwrap();
        let (decoded, _, errors) = encoding_rs::GBK.decode(&gbk);
        assert!(!errors && decoded.starts_with("序号,收款账号,金额(元),收款户名,用途\r\n1,6222020000000000001,3000.01,工人1,2026年10月工资，工资单GZ00"));
    }

    #[tokio::test]
    async fn a_bad_row_is_named_by_its_number() {
        let layout = batch_layout("generic-txt").unwrap();
        let file = "序号|账号|户名|金额|开户行|备注|处理结果|失败原因|银行流水号\n1|62|甲|10.00|||成功||R1\n2|63|乙|十元|||成功||R2\n";
        let bad = read_result(layout, file.as_bytes()).await.unwrap_err();
        assert_eq!(bad.message(), "第3行：金额格式错误");
        let workbook = write_batch(batch_layout("generic-xlsx").unwrap(), "GZ0001", &rows()).unwrap();
        assert_eq!(read_result(layout, &workbook).await.unwrap_err().message(), MSG_KIND);
    }

    #[tokio::test]
    async fn every_statement_layout_reads_what_it_writes() {
        let lines = vec![
            StatementLine {
                row_no: 0,
                date: "2026-10-05".into(),
                direction: Direction::In,
                amount_fen: 1_000_000,
                balance_fen: 1_000_000,
                counterparty_name: "建设单位".into(),
                counterparty_account: "1100".into(),
                bank_ref: "B1".into(),
                summary: "人工费, 10月".into(),
            },
            StatementLine {
                row_no: 0,
                date: "2026-10-06".into(),
                direction: Direction::Out,
                amount_fen: 250,
                balance_fen: 999_750,
                counterparty_name: "张三".into(),
                counterparty_account: "6222".into(),
                bank_ref: "B2".into(),
                summary: String::new(),
            },
        ];
        for layout in statement_layouts() {
            let read = read_statement(layout, &write_statement(layout, &lines)).await.unwrap();
            let without_rows: Vec<StatementLine> =
                read.into_iter().map(|line| StatementLine { row_no: 0, ..line }).collect();
            let expected: Vec<StatementLine> = lines
                .iter()
                .map(|line| StatementLine {
                    summary: if layout.columns.contains(&StatementColumn::Summary) {
                        line.summary.clone()
                    } else {
                        String::new()
                    },
                    ..line.clone()
                })
                .collect();
            assert_eq!(without_rows, expected, "{}", layout.code);
        }
        assert_eq!(statement_date("2026/10/5 13:02:00").as_deref(), Some("2026-10-05"));
        assert_eq!(statement_date("20261005").as_deref(), Some("2026-10-05"));
        assert_eq!(balance("-12.50"), Some(-1250));
        assert_eq!(balance("0.00"), Some(0));
    }
}
