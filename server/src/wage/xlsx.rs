//! A wage sheet as .xlsx (工资表 导出, issue 28 item 5): every line with the dates it pays (计发日期), the days it
//! tops up (补差日期) and where the worker's other days of the month were paid, amounts in yuan as numbers. ID
//! and card numbers in full, as in every export (DESIGN §5).

use rust_xlsxwriter::{Format, FormatAlign, Workbook};

use super::line_days::{WagePaidDates, paid_dates};
use super::repo;
use super::service::{MSG_NO_SHEET, WageDetailQuery};
use crate::db::Db;
use crate::envelope::ApiError;
use crate::identity::sessions::CurrentAccount;
use crate::scope;
use crate::spreadsheet::{header_format, write_text, xlsx_error};

/// Lines a sheet export holds at most (a sheet has one per worker).
const EXPORT_MAX: i64 = 100_000;

const TITLES: [(&str, f64); 18] = [
    ("序号", 6.0),
    ("姓名", 10.0),
    ("身份证号", 21.0),
    ("出勤天数", 9.0),
    ("计发日期", 36.0),
    ("工资标准", 14.0),
    ("补差天数", 9.0),
    ("补差日期", 32.0),
    ("补差(元)", 12.0),
    ("应发(元)", 13.0),
    ("扣款(元)", 11.0),
    ("扣回(元)", 11.0),
    ("实发(元)", 13.0),
    ("计算依据", 48.0),
    ("本月其他工资表计发", 48.0),
    ("调整原因", 20.0),
    ("工资卡号", 22.0),
    ("开户银行", 16.0),
];

/// Fen as yuan for a cell (exact to the cent for any amount a line holds).
fn yuan(fen: i64) -> f64 {
    fen as f64 / 100.0
}

fn elsewhere_text(paid: &WagePaidDates) -> String {
    paid.elsewhere
        .iter()
        .map(|other| {
            let topups =
                if other.topup_dates.is_empty() { String::new() } else { format!("，补差 {}", other.topup_dates) };
            format!("{}（{}）：{}{topups}", other.sheet_label, other.status_label, other.dates)
        })
        .collect::<Vec<_>>()
        .join("；")
}

/// The sheet `id` of the project the account reads (a regulator: `projectId`) as a workbook.
pub async fn sheet_export(db: &Db, current: &CurrentAccount, query: &WageDetailQuery) -> Result<Vec<u8>, ApiError> {
    let scope = scope::read(db, current, &query.project_id).await?;
    let missing = || ApiError::NotFound(MSG_NO_SHEET.into());
    let id = query.id.as_deref().unwrap_or("").trim().parse::<i64>().ok().filter(|id| *id > 0).ok_or_else(missing)?;
    let sheet = repo::sheet(db, scope.filter(), id).await?.ok_or_else(missing)?;
    let (lines, _) = repo::lines(db, sheet.id, EXPORT_MAX, 0).await?;
    let pairs: Vec<(i64, i64)> = lines.iter().map(|line| (line.id, line.worker_id)).collect();
    let dates = paid_dates(db, sheet.project_id, &sheet.month, &pairs).await?;
    let money = Format::new().set_num_format("#,##0.00").set_align(FormatAlign::Right);
    let mut workbook = Workbook::new();
    let out = workbook.add_worksheet();
    out.set_name(format!("{} 工资表", sheet.month)).map_err(xlsx_error)?;
    for (col, (title, width)) in TITLES.iter().enumerate() {
        out.set_column_width(col as u16, *width).map_err(xlsx_error)?;
        write_text(out, 0, col as u16, *title, Some(&header_format())).map_err(xlsx_error)?;
    }
    out.set_freeze_panes(1, 2).map_err(xlsx_error)?;
    let empty = WagePaidDates::default();
    for (index, line) in lines.iter().enumerate() {
        let row = index as u32 + 1;
        let paid = dates.get(&line.id).unwrap_or(&empty);
        let unit = if line.wage_kind == "month" { "元/月" } else { "元/日" };
        let texts = [
            (1, line.name.clone()),
            (2, line.id_number.clone()),
            (4, paid.dates.clone()),
            (5, format!("{}{unit}", super::money::yuan(line.wage_fen))),
            (7, paid.topup_dates.clone()),
            (13, line.basis.clone()),
            (14, elsewhere_text(paid)),
            (15, line.reason.clone()),
            (16, line.card_number.clone()),
            (17, line.card_bank_name.clone()),
        ];
        for (col, text) in texts {
            write_text(out, row, col, text, None).map_err(xlsx_error)?;
        }
        for (col, count) in [(0, index as i64 + 1), (3, line.days), (6, line.topup_days)] {
            out.write_number(row, col, count as f64).map_err(xlsx_error)?;
        }
        let amounts = [
            (8, line.topup_fen),
            (9, line.payable_fen),
            (10, line.deduction_fen),
            (11, line.adjustment_fen),
            (12, line.net_fen),
        ];
        for (col, fen) in amounts {
            out.write_number_with_format(row, col, yuan(fen), &money).map_err(xlsx_error)?;
        }
    }
    Ok(workbook.save_to_buffer().map_err(xlsx_error)?)
}
