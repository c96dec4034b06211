//! The special account's flows as .xlsx (special/water 导出).

use rust_xlsxwriter::{Format, FormatAlign, Workbook};

use super::service::SpecialFlowLine;
pub use crate::spreadsheet::CONTENT_TYPE;
use crate::spreadsheet::{header_format, write_text, xlsx_error};

/// One row per flow, newest first, amounts as numbers with two decimals (exact: fen / 100 fits an f64
/// as the nearest double, which spreadsheet software shows to the cent for any amount up to 10^13 yuan).
pub fn export(project_name: &str, lines: &[SpecialFlowLine]) -> anyhow::Result<Vec<u8>> {
    let titles = [
        "交易时间",
        "收支",
        "金额(元)",
        "交易后余额(元)",
        "对方户名",
        "对方账号",
        "对方开户行",
        "摘要",
        "来源",
        "银行流水号",
    ];
    let widths = [20, 8, 16, 18, 32, 24, 26, 30, 10, 24];
    let header = header_format();
    let money = Format::new().set_num_format("#,##0.00").set_align(FormatAlign::Right);
    let text = Format::new().set_num_format("@");
    let mut workbook = Workbook::new();
    let sheet = workbook.add_worksheet();
    sheet.set_name("专户流水").map_err(xlsx_error)?;
    write_text(sheet, 0, 0, format!("{project_name} 农民工工资专用账户流水"), Some(&Format::new().set_bold()))
        .map_err(xlsx_error)?;
    for (col, (title, width)) in titles.iter().zip(widths).enumerate() {
        sheet.set_column_width(col as u16, width).map_err(xlsx_error)?;
        write_text(sheet, 1, col as u16, *title, Some(&header)).map_err(xlsx_error)?;
    }
    sheet.set_freeze_panes(2, 0).map_err(xlsx_error)?;
    for (index, line) in lines.iter().enumerate() {
        let row = index as u32 + 2;
        let number = |yuan: &str| yuan.parse::<f64>().unwrap_or(0.0);
        write_text(sheet, row, 0, &line.occurred_at, None).map_err(xlsx_error)?;
        write_text(sheet, row, 1, &line.direction_label, None).map_err(xlsx_error)?;
        sheet.write_number_with_format(row, 2, number(&line.amount), &money).map_err(xlsx_error)?;
        sheet.write_number_with_format(row, 3, number(&line.balance_after), &money).map_err(xlsx_error)?;
        write_text(sheet, row, 4, &line.counterparty_name, None).map_err(xlsx_error)?;
        write_text(sheet, row, 5, &line.counterparty_account, Some(&text)).map_err(xlsx_error)?;
        write_text(sheet, row, 6, &line.counterparty_bank, None).map_err(xlsx_error)?;
        write_text(sheet, row, 7, &line.summary, None).map_err(xlsx_error)?;
        write_text(sheet, row, 8, &line.source_label, None).map_err(xlsx_error)?;
        write_text(sheet, row, 9, &line.bank_ref, Some(&text)).map_err(xlsx_error)?;
    }
    workbook.save_to_buffer().map_err(xlsx_error)
}
