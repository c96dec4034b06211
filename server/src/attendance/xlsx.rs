//! The punch import's template and reader, and the monthly sheet's export.

use std::io::Cursor;

use calamine::{Data, Reader, Xlsx, open_workbook_from_rs};
use rust_xlsxwriter::{Format, Workbook, XlsxError};
use time::{Date, Duration, Month, PrimitiveDateTime, Time};

use super::service::AttendanceSheetRow;

pub const CONTENT_TYPE: &str = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
pub const MSG_NOT_XLSX: &str = "请上传.xlsx格式的考勤文件";
pub const MSG_EMPTY: &str = "文件中没有考勤数据";
pub const MSG_TOO_MANY_ROWS: &str = "一次最多导入5000行";
pub const MAX_IMPORT_ROWS: usize = 5000;

/// The template's columns, in order. A `*` marks a required column.
pub const COLUMNS: [&str; 4] = ["姓名", "身份证号*", "打卡时间*(YYYY-MM-DD HH:MM:SS)", "方向*(进/出)"];

fn xlsx_error(error: XlsxError) -> anyhow::Error {
    anyhow::anyhow!("xlsx: {error}")
}

fn header_format() -> Format {
    Format::new().set_bold().set_background_color("#DDEBF7")
}

/// The template: header, two example rows, text-formatted cells so ID numbers keep every digit.
pub fn template() -> anyhow::Result<Vec<u8>> {
    let mut workbook = Workbook::new();
    let sheet = workbook.add_worksheet();
    sheet.set_name("考勤导入").map_err(xlsx_error)?;
    let text = Format::new().set_num_format("@");
    let examples = [["张三", "11010519491231002X", "2026-03-02 07:31:05", "进"], ["张三", "11010519491231002X", "2026-03-02 17:32:40", "出"]];
    for (col, title) in COLUMNS.iter().enumerate() {
        let col = col as u16;
        sheet.set_column_width(col, if col == 0 { 12 } else { 26 }).map_err(xlsx_error)?;
        sheet.set_column_format(col, &text).map_err(xlsx_error)?;
        sheet.write_string_with_format(0, col, *title, &header_format()).map_err(xlsx_error)?;
        for (row, example) in examples.iter().enumerate() {
            sheet.write_string_with_format(row as u32 + 1, col, example[col as usize], &text).map_err(xlsx_error)?;
        }
    }
    workbook.save_to_buffer().map_err(xlsx_error)
}

/// An Excel serial date-time (1900 system) as `YYYY-MM-DD HH:MM:SS`.
fn serial_datetime(serial: f64) -> Option<String> {
    let epoch = Date::from_calendar_date(1899, Month::December, 30).ok()?;
    let day = epoch.checked_add(Duration::days(serial.floor() as i64))?;
    let seconds = ((serial - serial.floor()) * 86_400.0).round() as i64;
    let at = PrimitiveDateTime::new(day, Time::MIDNIGHT).checked_add(Duration::seconds(seconds))?;
    Some(format!(
        "{} {:02}:{:02}:{:02}",
        at.date(),
        at.hour(),
        at.minute(),
        at.second()
    ))
}

fn cell_text(cell: &Data) -> String {
    match cell {
        Data::String(text) | Data::DateTimeIso(text) | Data::DurationIso(text) => text.trim().to_owned(),
        Data::Int(value) => value.to_string(),
        Data::Float(value) if value.fract() == 0.0 && value.abs() < 1e15 => format!("{}", *value as i64),
        Data::Float(value) => value.to_string(),
        Data::Bool(value) => value.to_string(),
        Data::DateTime(date) => serial_datetime(date.as_f64()).unwrap_or_default(),
        Data::Error(_) | Data::Empty => String::new(),
    }
}

/// One data row: its Excel row number and its cells as text.
pub struct PunchRow {
    pub number: usize,
    pub name: String,
    pub id_number: String,
    pub time: String,
    pub direction: String,
}

/// The data rows of the first sheet (header skipped, empty rows dropped).
pub fn read_rows(bytes: &[u8]) -> Result<Vec<PunchRow>, &'static str> {
    let mut workbook: Xlsx<_> = open_workbook_from_rs(Cursor::new(bytes)).map_err(|_| MSG_NOT_XLSX)?;
    let range = workbook.worksheet_range_at(0).ok_or(MSG_EMPTY)?.map_err(|_| MSG_NOT_XLSX)?;
    let first_row = range.start().map(|(row, _)| row as usize).unwrap_or(0);
    let first_col = range.start().map(|(_, col)| col as usize).unwrap_or(0);
    let mut rows = Vec::new();
    for (index, row) in range.rows().enumerate().skip(1) {
        let mut cells = vec![String::new(); first_col];
        cells.extend(row.iter().map(cell_text));
        cells.resize(COLUMNS.len(), String::new());
        if cells.iter().all(String::is_empty) {
            continue;
        }
        if rows.len() == MAX_IMPORT_ROWS {
            return Err(MSG_TOO_MANY_ROWS);
        }
        let mut cells = cells.into_iter();
        let mut next = || cells.next().unwrap_or_default();
        rows.push(PunchRow { number: first_row + index + 1, name: next(), id_number: next(), time: next(), direction: next() });
    }
    if rows.is_empty() { Err(MSG_EMPTY) } else { Ok(rows) }
}

/// The monthly sheet: one row per worker, √ attended, × punched but not counted, 补 / 缺 set by hand, 不计 a day
/// outside the worker's employment.
pub fn export_sheet(month: &str, days: u8, rows: &[AttendanceSheetRow]) -> anyhow::Result<Vec<u8>> {
    let mut workbook = Workbook::new();
    let sheet = workbook.add_worksheet();
    sheet.set_name(format!("{month}考勤表")).map_err(xlsx_error)?;
    let header = header_format();
    let fixed = ["姓名", "身份证号", "所属单位", "班组"];
    for (col, title) in fixed.iter().enumerate() {
        sheet.write_string_with_format(0, col as u16, *title, &header).map_err(xlsx_error)?;
    }
    sheet.set_column_width(1, 22).map_err(xlsx_error)?;
    sheet.set_column_width(2, 26).map_err(xlsx_error)?;
    for day in 1..=days {
        let col = 3 + day as u16;
        sheet.set_column_width(col, 4).map_err(xlsx_error)?;
        sheet.write_string_with_format(0, col, day.to_string(), &header).map_err(xlsx_error)?;
    }
    let totals = 4 + days as u16;
    sheet.write_string_with_format(0, totals, "出勤天数", &header).map_err(xlsx_error)?;
    sheet.write_string_with_format(0, totals + 1, "工时(小时)", &header).map_err(xlsx_error)?;
    sheet.set_freeze_panes(1, 4).map_err(xlsx_error)?;
    for (index, line) in rows.iter().enumerate() {
        let row = index as u32 + 1;
        for (col, value) in [&line.name, &line.idNumber, &line.unitName, &line.teamName].iter().enumerate() {
            sheet.write_string(row, col as u16, value.as_str()).map_err(xlsx_error)?;
        }
        for cell in &line.cells {
            let mark = match (cell.attended, cell.manual) {
                // Outside every employment line: not counted whatever the day says.
                _ if cell.outside => "不计",
                (true, false) => "√",
                (false, false) => "×",
                (true, true) => "补",
                (false, true) => "缺",
            };
            sheet.write_string(row, 3 + cell.day as u16, mark).map_err(xlsx_error)?;
        }
        sheet.write_number(row, totals, line.attendedDays as f64).map_err(xlsx_error)?;
        sheet.write_string(row, totals + 1, &line.hours).map_err(xlsx_error)?;
    }
    workbook.save_to_buffer().map_err(xlsx_error)
}
