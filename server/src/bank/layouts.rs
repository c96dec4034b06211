//! The bank file layouts as data (`layouts.toml`, docs/bank.md), and the table of text a file of either kind
//! is read into or written from: text files line by line in UTF-8 or GBK, workbooks through the
//! `spreadsheet` module's budget.

use std::collections::HashMap;
use std::sync::LazyLock;

use serde::Deserialize;

use crate::spreadsheet::{self, Cells, Refusals};

pub const MSG_NOT_READABLE: &str = "无法读取该文件，请上传银行导出的文本（CSV/TXT）或 Excel 文件";
pub const MSG_EMPTY: &str = "文件中没有数据行";
pub const MSG_TOO_MANY: &str = "文件不能超过100000行";
pub const MSG_ENCODING: &str = "文件编码与所选格式不符";

/// Rows a bank file may hold.
pub const MAX_ROWS: usize = 100_000;

#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq, Hash)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    Text,
    Xlsx,
}

#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
pub enum Encoding {
    #[serde(rename = "utf-8")]
    Utf8,
    #[serde(rename = "gbk")]
    Gbk,
}

/// A column of a batch or result file.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq, Hash)]
#[serde(rename_all = "snake_case")]
pub enum Column {
    Seq,
    Account,
    Name,
    Amount,
    Bank,
    Remark,
    Result,
    Reason,
    BankRef,
    Ignore,
}

impl Column {
    fn title(self) -> &'static str {
        match self {
            Column::Seq => "序号",
            Column::Account => "账号",
            Column::Name => "户名",
            Column::Amount => "金额",
            Column::Bank => "开户行",
            Column::Remark => "备注",
            Column::Result => "处理结果",
            Column::Reason => "失败原因",
            Column::BankRef => "银行流水号",
            Column::Ignore => "",
        }
    }
}

/// A bank's 代发 batch file and its result file.
#[derive(Clone, Debug, Deserialize)]
pub struct BatchLayout {
    pub code: String,
    pub name: String,
    pub kind: Kind,
    pub encoding: Encoding,
    pub separator: String,
    pub remark_max_chars: usize,
    pub columns: Vec<Column>,
    pub result_columns: Vec<Column>,
    pub paid_words: Vec<String>,
    #[serde(default)]
    pub titles: HashMap<Column, String>,
}

impl BatchLayout {
    pub fn title(&self, column: Column) -> String {
        self.titles.get(&column).cloned().unwrap_or_else(|| column.title().to_owned())
    }

    pub fn file_name(&self, order_no: &str, suffix: &str) -> String {
        let extension = if self.kind == Kind::Xlsx { "xlsx" } else { "txt" };
        format!("{order_no}{suffix}.{extension}")
    }

    pub fn content_type(&self) -> &'static str {
        match (self.kind, self.encoding) {
            (Kind::Xlsx, _) => spreadsheet::CONTENT_TYPE,
            (Kind::Text, Encoding::Utf8) => "text/plain; charset=utf-8",
            (Kind::Text, Encoding::Gbk) => "text/plain; charset=gbk",
        }
    }
}

/// A column of a bank statement.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum StatementColumn {
    Date,
    Direction,
    Amount,
    Debit,
    Credit,
    Balance,
    CounterpartyName,
    CounterpartyAccount,
    BankRef,
    Summary,
    Ignore,
}

/// A bank's statement export.
#[derive(Clone, Debug, Deserialize)]
pub struct StatementLayout {
    pub code: String,
    pub name: String,
    pub encoding: Encoding,
    pub separator: String,
    pub skip_rows: usize,
    pub columns: Vec<StatementColumn>,
    pub in_words: Vec<String>,
    pub out_words: Vec<String>,
}

#[derive(Deserialize)]
struct Layouts {
    batch: Vec<BatchLayout>,
    statement: Vec<StatementLayout>,
}

static LAYOUTS: LazyLock<Layouts> = LazyLock::new(|| {
    toml::from_str(include_str!("layouts.toml")).expect("bank/layouts.toml is checked by its unit test")
});

pub fn batch_layouts() -> &'static [BatchLayout] {
    &LAYOUTS.batch
}

pub fn batch_layout(code: &str) -> Option<&'static BatchLayout> {
    LAYOUTS.batch.iter().find(|layout| layout.code == code)
}

pub fn statement_layouts() -> &'static [StatementLayout] {
    &LAYOUTS.statement
}

pub fn statement_layout(code: &str) -> Option<&'static StatementLayout> {
    LAYOUTS.statement.iter().find(|layout| layout.code == code)
}

/// Text in the layout's encoding (GBK has every character a name or a remark of ours holds; one it lacks
/// is written as `?` by the encoder, which the tests would show).
pub fn encode(text: &str, encoding: Encoding) -> Vec<u8> {
    match encoding {
        Encoding::Utf8 => text.as_bytes().to_vec(),
        Encoding::Gbk => encoding_rs::GBK.encode(text).0.into_owned(),
    }
}

fn decode(bytes: &[u8], encoding: Encoding) -> Result<String, &'static str> {
    match encoding {
        Encoding::Utf8 => {
            let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
            std::str::from_utf8(bytes).map(str::to_owned).map_err(|_| MSG_ENCODING)
        }
        Encoding::Gbk => {
            let (text, had_errors) = encoding_rs::GBK.decode_without_bom_handling(bytes);
            if had_errors { Err(MSG_ENCODING) } else { Ok(text.into_owned()) }
        }
    }
}

/// One line split at `separator`; with a comma, double quotes may enclose a field (`""` is a quote).
pub fn split_fields(line: &str, separator: &str) -> Vec<String> {
    if separator != "," {
        return line.split(separator).map(|field| field.trim().to_owned()).collect();
    }
    let mut fields = Vec::new();
    let mut field = String::new();
    let mut quoted = false;
    let mut chars = line.chars().peekable();
    while let Some(c) = chars.next() {
        match (c, quoted) {
            ('"', true) if chars.peek() == Some(&'"') => {
                field.push('"');
                chars.next();
            }
            ('"', true) => quoted = false,
            ('"', false) if field.trim().is_empty() => {
                field.clear();
                quoted = true;
            }
            (',', false) => fields.push(std::mem::take(&mut field).trim().to_owned()),
            (c, _) => field.push(c),
        }
    }
    fields.push(field.trim().to_owned());
    fields
}

/// A field as written with `separator`: a comma-separated field holding a comma or a quote is quoted.
pub fn join_fields(fields: &[String], separator: &str) -> String {
    fields
        .iter()
        .map(|field| {
            if separator == "," && (field.contains(',') || field.contains('"')) {
                format!("\"{}\"", field.replace('"', "\"\""))
            } else {
                field.clone()
            }
        })
        .collect::<Vec<_>>()
        .join(separator)
}

/// Whether the bytes are a workbook (a zip archive) rather than text.
pub fn is_workbook(bytes: &[u8]) -> bool {
    bytes.starts_with(b"PK\x03\x04")
}

/// The rows after the header (and `skip_rows` lines before it) with their line or Excel row numbers, each
/// `width` fields (missing ones empty); empty rows dropped.
pub async fn rows(
    bytes: &[u8],
    encoding: Encoding,
    separator: &str,
    skip_rows: usize,
    width: usize,
) -> Result<Vec<(usize, Vec<String>)>, &'static str> {
    let rows = if is_workbook(bytes) {
        let refusals = Refusals { not_xlsx: MSG_NOT_READABLE, empty: MSG_EMPTY, too_many: MSG_TOO_MANY };
        let cells = Cells { date: spreadsheet::serial_day, yes_no: ["是", "否"] };
        let rows = spreadsheet::data_rows(bytes, width, MAX_ROWS, &refusals, cells).await?;
        rows.into_iter().skip(skip_rows).collect()
    } else {
        let text = decode(bytes, encoding)?;
        let mut rows = Vec::new();
        for (index, line) in text.lines().enumerate().skip(skip_rows + 1) {
            if line.trim().is_empty() {
                continue;
            }
            if rows.len() == MAX_ROWS {
                return Err(MSG_TOO_MANY);
            }
            let mut fields = split_fields(line, separator);
            fields.resize(width.max(fields.len()), String::new());
            rows.push((index + 1, fields));
        }
        rows
    };
    if rows.is_empty() { Err(MSG_EMPTY) } else { Ok(rows) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_layouts_file_reads_and_every_layout_is_whole() {
        assert!(batch_layouts().len() >= 3 && statement_layouts().len() >= 2);
        for layout in batch_layouts() {
            assert!(layout.columns.contains(&Column::Account) && layout.columns.contains(&Column::Amount));
            assert!(layout.result_columns.contains(&Column::Result), "{}", layout.code);
            assert!(layout.kind == Kind::Xlsx || !layout.separator.is_empty(), "{}", layout.code);
        }
        for layout in statement_layouts() {
            let has = |column| layout.columns.contains(&column);
            assert!(has(StatementColumn::Date) && has(StatementColumn::Balance), "{}", layout.code);
            assert!(
                has(StatementColumn::Amount) && has(StatementColumn::Direction)
                    || has(StatementColumn::Debit) && has(StatementColumn::Credit),
                "{}",
                layout.code
            );
        }
    }

    #[test]
    fn quoted_fields_split_and_join_back() {
        let fields = vec!["张三".to_owned(), "a,b".to_owned(), "say \"hi\"".to_owned(), String::new()];
        let line = join_fields(&fields, ",");
        assert_eq!(line, "张三,\"a,b\",\"say \"\"hi\"\"\",");
        assert_eq!(split_fields(&line, ","), fields);
        assert_eq!(split_fields("1| 62220 |王五", "|"), vec!["1", "62220", "王五"]);
    }

    #[test]
    fn gbk_round_trips_and_is_not_read_as_utf8() {
        let bytes = encode("户名,王小明", Encoding::Gbk);
        assert_eq!(decode(&bytes, Encoding::Gbk).unwrap(), "户名,王小明");
        assert_eq!(decode(&bytes, Encoding::Utf8), Err(MSG_ENCODING));
    }
}
