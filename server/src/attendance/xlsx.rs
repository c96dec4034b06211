//! The punch import's template and reader, and the monthly sheet's export.

use rust_xlsxwriter::{Format, Workbook};

use super::service::AttendanceSheetRow;
pub use crate::spreadsheet::CONTENT_TYPE;
use crate::spreadsheet::{self, Cells, Refusals, header_format, write_text, xlsx_error};

pub const MSG_NOT_XLSX: &str = "请上传.xlsx格式的考勤文件";
pub const MSG_EMPTY: &str = "文件中没有考勤数据";
pub const MSG_TOO_MANY_ROWS: &str = "一次最多导入5000行";
pub const MAX_IMPORT_ROWS: usize = 5000;

/// The template's columns, in order. A `*` marks a required column.
pub const COLUMNS: [&str; 4] = ["姓名", "身份证号*", "打卡时间*(YYYY-MM-DD HH:MM:SS)", "方向*(进/出)"];

/// The template: header, two example rows, text-formatted cells so ID numbers keep every digit.
pub fn template() -> anyhow::Result<Vec<u8>> {
    let mut workbook = Workbook::new();
    let sheet = workbook.add_worksheet();
    sheet.set_name("考勤导入").map_err(xlsx_error)?;
    let text = Format::new().set_num_format("@");
    let examples = [
        ["张三", "11010519491231002X", "2026-03-02 07:31:05", "进"],
        ["张三", "11010519491231002X", "2026-03-02 17:32:40", "出"],
    ];
    for (col, title) in COLUMNS.iter().enumerate() {
        let col = col as u16;
        sheet.set_column_width(col, if col == 0 { 12 } else { 26 }).map_err(xlsx_error)?;
        sheet.set_column_format(col, &text).map_err(xlsx_error)?;
        write_text(sheet, 0, col, *title, Some(&header_format())).map_err(xlsx_error)?;
        for (row, example) in examples.iter().enumerate() {
            write_text(sheet, row as u32 + 1, col, example[col as usize], Some(&text)).map_err(xlsx_error)?;
        }
    }
    workbook.save_to_buffer().map_err(xlsx_error)
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
    let refusals = Refusals { not_xlsx: MSG_NOT_XLSX, empty: MSG_EMPTY, too_many: MSG_TOO_MANY_ROWS };
    let cells = Cells { date: spreadsheet::serial_moment, yes_no: ["true", "false"] };
    let rows = spreadsheet::data_rows(bytes, COLUMNS.len(), MAX_IMPORT_ROWS, &refusals, cells)?;
    Ok(rows
        .into_iter()
        .map(|(number, cells)| {
            let mut cells = cells.into_iter();
            let mut next = || cells.next().unwrap_or_default();
            PunchRow { number, name: next(), id_number: next(), time: next(), direction: next() }
        })
        .collect())
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
        write_text(sheet, 0, col as u16, *title, Some(&header)).map_err(xlsx_error)?;
    }
    sheet.set_column_width(1, 22).map_err(xlsx_error)?;
    sheet.set_column_width(2, 26).map_err(xlsx_error)?;
    for day in 1..=days {
        let col = 3 + day as u16;
        sheet.set_column_width(col, 4).map_err(xlsx_error)?;
        write_text(sheet, 0, col, day.to_string(), Some(&header)).map_err(xlsx_error)?;
    }
    let totals = 4 + days as u16;
    write_text(sheet, 0, totals, "出勤天数", Some(&header)).map_err(xlsx_error)?;
    write_text(sheet, 0, totals + 1, "工时(小时)", Some(&header)).map_err(xlsx_error)?;
    sheet.set_freeze_panes(1, 4).map_err(xlsx_error)?;
    for (index, line) in rows.iter().enumerate() {
        let row = index as u32 + 1;
        for (col, value) in [&line.name, &line.id_number, &line.unit_name, &line.team_name].iter().enumerate() {
            write_text(sheet, row, col as u16, value.as_str(), None).map_err(xlsx_error)?;
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
            write_text(sheet, row, 3 + cell.day as u16, mark, None).map_err(xlsx_error)?;
        }
        sheet.write_number(row, totals, line.attended_days as f64).map_err(xlsx_error)?;
        write_text(sheet, row, totals + 1, &line.hours, None).map_err(xlsx_error)?;
    }
    workbook.save_to_buffer().map_err(xlsx_error)
}
