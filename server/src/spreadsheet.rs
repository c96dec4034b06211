//! What the areas' workbooks share: the content type and the download reply, the header style, and reading the data rows of an
//! uploaded workbook as the text a form field receives. Each area's `xlsx.rs` keeps its own columns.

use std::io::Cursor;

use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use calamine::{Data, Reader, Xlsx, open_workbook_from_rs};
use rust_xlsxwriter::{Format, Workbook, Worksheet, XlsxError};
use time::{Date, Duration, Month, PrimitiveDateTime, Time};

use crate::db::TextRows;
use crate::domain::dates::format_date;
use crate::upload::service::URL_PREFIX;

pub const CONTENT_TYPE: &str = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/// A workbook as a download named `ascii_name`, or `encoded_name` (percent-encoded UTF-8) where the browser
/// reads it.
pub fn download(bytes: Vec<u8>, ascii_name: &str, encoded_name: &str) -> Response {
    let disposition = format!("attachment; filename=\"{ascii_name}\"; filename*=UTF-8''{encoded_name}");
    (
        [
            (header::CONTENT_TYPE, HeaderValue::from_static(CONTENT_TYPE)),
            (
                header::CONTENT_DISPOSITION,
                HeaderValue::from_str(&disposition).unwrap_or(HeaderValue::from_static("attachment")),
            ),
        ],
        bytes,
    )
        .into_response()
}

pub fn xlsx_error(error: XlsxError) -> anyhow::Error {
    anyhow::anyhow!("xlsx: {error}")
}

pub fn header_format() -> Format {
    Format::new().set_bold().set_background_color("#DDEBF7")
}

/// Text a spreadsheet reads as a formula once the cell is edited: OWASP's list for CSV injection.
fn formula_like(text: &str) -> bool {
    text.starts_with(['=', '+', '-', '@', '\t', '\r'])
}

/// Writes `text` as a text cell that never becomes a formula. A text cell of an .xlsx is no formula as
/// written, but Excel and WPS parse it afresh when the cell is edited; text that begins like a formula
/// therefore gets Excel's quote prefix — the format flag Excel itself sets when one types a leading `'` — so
/// it is shown and read back unchanged and stays text when edited. Every workbook the server writes puts
/// its text through here (`lib.rs`: `only_the_spreadsheet_module_writes_workbook_text`).
pub fn write_text<'a>(
    sheet: &'a mut Worksheet,
    row: u32,
    column: u16,
    text: impl AsRef<str>,
    format: Option<&Format>,
) -> Result<&'a mut Worksheet, XlsxError> {
    let text = text.as_ref();
    match (formula_like(text), format) {
        (true, format) => {
            let quoted = format.cloned().unwrap_or_default().set_quote_prefix();
            sheet.write_string_with_format(row, column, text, &quoted)
        }
        (false, Some(format)) => sheet.write_string_with_format(row, column, text, format),
        (false, None) => sheet.write_string(row, column, text),
    }
}

/// How a workbook's typed cells read where the areas differ: a date cell (an Excel serial number, 1900
/// system) and a true/false cell.
#[derive(Clone, Copy)]
pub struct Cells {
    pub date: fn(f64) -> Option<String>,
    /// The words for true and false.
    pub yes_no: [&'static str; 2],
}

/// An Excel serial day number as `YYYY-MM-DD`.
pub fn serial_day(serial: f64) -> Option<String> {
    let epoch = Date::from_calendar_date(1899, Month::December, 30).ok()?;
    epoch.checked_add(Duration::days(serial.floor() as i64)).map(format_date)
}

/// An Excel serial date-time as `YYYY-MM-DD HH:MM:SS`.
pub fn serial_moment(serial: f64) -> Option<String> {
    let epoch = Date::from_calendar_date(1899, Month::December, 30).ok()?;
    let day = epoch.checked_add(Duration::days(serial.floor() as i64))?;
    let seconds = ((serial - serial.floor()) * 86_400.0).round() as i64;
    let at = PrimitiveDateTime::new(day, Time::MIDNIGHT).checked_add(Duration::seconds(seconds))?;
    Some(format!("{} {:02}:{:02}:{:02}", at.date(), at.hour(), at.minute(), at.second()))
}

/// A cell as the text a form field receives. Numbers without a fraction lose their ".0".
pub fn cell_text(cell: &Data, cells: Cells) -> String {
    match cell {
        Data::String(text) | Data::DateTimeIso(text) | Data::DurationIso(text) => text.trim().to_owned(),
        Data::Int(value) => value.to_string(),
        Data::Float(value) if value.fract() == 0.0 && value.abs() < 1e15 => format!("{}", *value as i64),
        Data::Float(value) => value.to_string(),
        Data::Bool(value) => if *value { cells.yes_no[0] } else { cells.yes_no[1] }.to_owned(),
        Data::DateTime(date) => (cells.date)(date.as_f64()).unwrap_or_default(),
        Data::Error(_) | Data::Empty => String::new(),
    }
}

/// What an import answers when the file is not a workbook, holds no data row, or holds too many.
pub struct Refusals {
    pub not_xlsx: &'static str,
    pub empty: &'static str,
    pub too_many: &'static str,
}

/// The data rows of the first sheet, each with its Excel row number and `width` cells as text: the header
/// row is skipped, empty rows are dropped, and more than `max_rows` are refused.
pub fn data_rows(
    bytes: &[u8],
    width: usize,
    max_rows: usize,
    refusals: &Refusals,
    cells: Cells,
) -> Result<Vec<(usize, Vec<String>)>, &'static str> {
    let mut workbook: Xlsx<_> = open_workbook_from_rs(Cursor::new(bytes)).map_err(|_| refusals.not_xlsx)?;
    let range = workbook.worksheet_range_at(0).ok_or(refusals.empty)?.map_err(|_| refusals.not_xlsx)?;
    let first_row = range.start().map(|(row, _)| row as usize).unwrap_or(0);
    let first_col = range.start().map(|(_, col)| col as usize).unwrap_or(0);
    let mut rows = Vec::new();
    for (index, row) in range.rows().enumerate().skip(1) {
        let mut texts = vec![String::new(); first_col];
        texts.extend(row.iter().map(|cell| cell_text(cell, cells)));
        texts.resize(width, String::new());
        if texts.iter().all(String::is_empty) {
            continue;
        }
        if rows.len() == max_rows {
            return Err(refusals.too_many);
        }
        rows.push((first_row + index + 1, texts));
    }
    if rows.is_empty() { Err(refusals.empty) } else { Ok(rows) }
}

/// One table of a project's export (`backup`), produced by the area that owns its rows: the file it becomes
/// (`roster.xlsx`), its title in the manifest, the rows as text under the columns' names, and the uploads its
/// rows refer to (stored names), which the export copies beside it.
pub struct Table {
    pub file: &'static str,
    pub title: &'static str,
    pub data: TextRows,
    pub uploads: Vec<String>,
}

impl Table {
    /// A table whose uploads are the `/uploads/…` addresses in the columns `upload_columns` (one address or
    /// a comma-separated list per cell).
    pub fn new(file: &'static str, title: &'static str, data: TextRows, upload_columns: &[&str]) -> Table {
        let indexes: Vec<usize> = data
            .columns
            .iter()
            .enumerate()
            .filter(|(_, name)| upload_columns.contains(&name.as_str()))
            .map(|(index, _)| index)
            .collect();
        let mut uploads = Vec::new();
        for row in &data.rows {
            for index in &indexes {
                for url in row[*index].split(',') {
                    let name = url.trim().rsplit_once(URL_PREFIX).map(|(_, name)| name).unwrap_or("");
                    if !name.is_empty() && !name.contains('/') && !uploads.iter().any(|known| known == name) {
                        uploads.push(name.to_owned());
                    }
                }
            }
        }
        Table { file, title, data, uploads }
    }

    /// The table as a workbook of one sheet: the column names in the header row, then the rows.
    pub fn workbook(&self) -> anyhow::Result<Vec<u8>> {
        let mut workbook = Workbook::new();
        let sheet = workbook.add_worksheet();
        let header = header_format();
        for (column, name) in self.data.columns.iter().enumerate() {
            write_text(sheet, 0, column as u16, name, Some(&header)).map_err(xlsx_error)?;
        }
        for (index, row) in self.data.rows.iter().enumerate() {
            for (column, text) in row.iter().enumerate() {
                write_text(sheet, index as u32 + 1, column as u16, text, None).map_err(xlsx_error)?;
            }
        }
        workbook.save_to_buffer().map_err(xlsx_error)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_become_form_text() {
        let cells = Cells { date: serial_day, yes_no: ["是", "否"] };
        assert_eq!(cell_text(&Data::Float(13800138000.0), cells), "13800138000");
        assert_eq!(cell_text(&Data::Float(350.5), cells), "350.5");
        assert_eq!(cell_text(&Data::Bool(true), cells), "是");
        assert_eq!(serial_day(45_352.0).as_deref(), Some("2024-03-01"));
        assert_eq!(serial_moment(45_352.5).as_deref(), Some("2024-03-01 12:00:00"));
    }

    #[test]
    fn text_beginning_like_a_formula_is_marked() {
        for text in ["=1+1", "+86 138", "-300.00", "@SUM(A1)", "\tx", "\rx"] {
            assert!(formula_like(text), "{text:?}");
        }
        for text in ["张三", "1=1", " =1", "", "'=1"] {
            assert!(!formula_like(text), "{text:?}");
        }
    }
}
