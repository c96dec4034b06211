//! The project directory as .xlsx (项目目录 导出): the list's columns, amounts in yuan as numbers.

use rust_xlsxwriter::{Format, FormatAlign, Workbook};

use super::service::DirectoryRow;
use crate::spreadsheet::{header_format, write_text, xlsx_error};

const TITLES: [&str; 20] = [
    "项目名称",
    "所属区域",
    "审核状态",
    "建设单位",
    "施工总承包单位",
    "合同价(元)",
    "在场人数",
    "最近考勤",
    "工资月份",
    "本月已发(元)",
    "本月应发(元)",
    "专户余额(元)",
    "保函状态",
    "项目ID",
    "区域代码",
    "红色预警",
    "橙色预警",
    "黄色预警",
    "工人异议",
    "异议未答复",
];
const WIDTHS: [f64; 20] = [
    32.0, 28.0, 10.0, 30.0, 30.0, 16.0, 10.0, 12.0, 10.0, 16.0, 16.0, 16.0, 20.0, 8.0, 26.0, 10.0, 10.0, 10.0, 10.0,
    12.0,
];

/// Fen as yuan for a cell (exact to the cent for any amount a project holds).
fn yuan(fen: i64) -> f64 {
    fen as f64 / 100.0
}

pub fn export(rows: &[DirectoryRow]) -> anyhow::Result<Vec<u8>> {
    let header = header_format();
    let money = Format::new().set_num_format("#,##0.00").set_align(FormatAlign::Right);
    let mut workbook = Workbook::new();
    let sheet = workbook.add_worksheet();
    sheet.set_name("项目目录").map_err(xlsx_error)?;
    for (col, (title, width)) in TITLES.iter().zip(WIDTHS).enumerate() {
        sheet.set_column_width(col as u16, width).map_err(xlsx_error)?;
        write_text(sheet, 0, col as u16, *title, Some(&header)).map_err(xlsx_error)?;
    }
    sheet.set_freeze_panes(1, 0).map_err(xlsx_error)?;
    for (index, line) in rows.iter().enumerate() {
        let row = index as u32 + 1;
        write_text(sheet, row, 0, &line.name, None).map_err(xlsx_error)?;
        write_text(sheet, row, 1, &line.district_name, None).map_err(xlsx_error)?;
        write_text(sheet, row, 2, &line.audit_status_label, None).map_err(xlsx_error)?;
        write_text(sheet, row, 3, &line.builder, None).map_err(xlsx_error)?;
        write_text(sheet, row, 4, &line.contractor, None).map_err(xlsx_error)?;
        if let Some(fen) = line.contract_price_fen {
            sheet.write_number_with_format(row, 5, yuan(fen), &money).map_err(xlsx_error)?;
        }
        sheet.write_number(row, 6, line.workers_on_site as f64).map_err(xlsx_error)?;
        write_text(sheet, row, 7, &line.last_attendance, None).map_err(xlsx_error)?;
        write_text(sheet, row, 8, &line.wage_month, None).map_err(xlsx_error)?;
        sheet.write_number_with_format(row, 9, yuan(line.wages_paid_fen), &money).map_err(xlsx_error)?;
        sheet.write_number_with_format(row, 10, yuan(line.wages_payable_fen), &money).map_err(xlsx_error)?;
        if let Some(fen) = line.balance_fen {
            sheet.write_number_with_format(row, 11, yuan(fen), &money).map_err(xlsx_error)?;
        }
        write_text(sheet, row, 12, &line.guarantee_label, None).map_err(xlsx_error)?;
        sheet.write_number(row, 13, line.id as f64).map_err(xlsx_error)?;
        write_text(sheet, row, 14, &line.district_code, None).map_err(xlsx_error)?;
        let counts = [
            (15, line.warnings_red),
            (16, line.warnings_orange),
            (17, line.warnings_yellow),
            (18, line.disputes),
            (19, line.disputes_unanswered),
        ];
        for (col, count) in counts {
            sheet.write_number(row, col, count as f64).map_err(xlsx_error)?;
        }
    }
    workbook.save_to_buffer().map_err(xlsx_error)
}
