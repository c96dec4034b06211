//! The roster's spreadsheets: the import template, reading an uploaded workbook into registration forms
//! (names of units, teams, work types and banks resolved to their codes) and the export.

use rust_xlsxwriter::{Format, Workbook};

use super::repo::{TeamRow, UnitRow};
use super::service::{RegisterForm, RosterLine};
use crate::project::options::WORK_TYPES;
pub use crate::spreadsheet::CONTENT_TYPE;
use crate::spreadsheet::{self, Cells, Refusals, header_format, write_text, xlsx_error};
pub const MSG_NOT_XLSX: &str = "请上传.xlsx格式的花名册文件";
pub const MSG_EMPTY: &str = "文件中没有人员数据";
pub const MSG_TOO_MANY_ROWS: &str = "一次最多导入5000行";
pub const MAX_IMPORT_ROWS: usize = 5000;

/// The template's columns, in order. A `*` marks a required column.
pub const COLUMNS: [&str; 19] = [
    "姓名*",
    "身份证号*",
    "民族",
    "住址",
    "签发机关",
    "有效期开始",
    "有效期截止(日期或长期)",
    "手机号码*",
    "工资卡号",
    "开户银行",
    "所属单位*",
    "班组",
    "工种*",
    "工资类型*(日薪/月薪)",
    "工资标准(元)*",
    "是否签订合同(是/否)",
    "合同开始日期",
    "合同结束日期",
    "进场日期*",
];

/// The import template: the header row, one example row, and text-formatted columns so that ID and card
/// numbers keep every digit.
pub fn template(example: &[String; 19]) -> anyhow::Result<Vec<u8>> {
    let mut workbook = Workbook::new();
    let sheet = workbook.add_worksheet();
    sheet.set_name("花名册").map_err(xlsx_error)?;
    let text = Format::new().set_num_format("@");
    for (col, title) in COLUMNS.iter().enumerate() {
        let col = col as u16;
        sheet.set_column_width(col, 16).map_err(xlsx_error)?;
        sheet.set_column_format(col, &text).map_err(xlsx_error)?;
        write_text(sheet, 0, col, *title, Some(&header_format())).map_err(xlsx_error)?;
        write_text(sheet, 1, col, &example[col as usize], Some(&text)).map_err(xlsx_error)?;
    }
    sheet.set_column_width(1, 22).map_err(xlsx_error)?;
    sheet.set_column_width(8, 24).map_err(xlsx_error)?;
    workbook.save_to_buffer().map_err(xlsx_error)
}

/// The export of roster lines; `banks` names the wage cards' banks.
pub fn export(lines: &[RosterLine], banks: &[(String, String)]) -> anyhow::Result<Vec<u8>> {
    let titles = [
        "姓名",
        "身份证号",
        "性别",
        "年龄",
        "籍贯",
        "手机号码",
        "所属单位",
        "班组",
        "工种",
        "工资类型",
        "工资标准(元)",
        "是否签订合同",
        "工资卡号",
        "开户银行",
        "进场日期",
        "退场日期",
        "状态",
    ];
    let mut workbook = Workbook::new();
    let sheet = workbook.add_worksheet();
    sheet.set_name("花名册").map_err(xlsx_error)?;
    for (col, title) in titles.iter().enumerate() {
        sheet.set_column_width(col as u16, 14).map_err(xlsx_error)?;
        write_text(sheet, 0, col as u16, *title, Some(&header_format())).map_err(xlsx_error)?;
    }
    sheet.set_column_width(1, 22).map_err(xlsx_error)?;
    sheet.set_column_width(6, 28).map_err(xlsx_error)?;
    sheet.set_column_width(12, 24).map_err(xlsx_error)?;
    sheet.set_freeze_panes(1, 0).map_err(xlsx_error)?;
    for (index, line) in lines.iter().enumerate() {
        let row = index as u32 + 1;
        let bank =
            banks.iter().find(|(code, _)| *code == line.wage_card_bank).map(|(_, name)| name.as_str()).unwrap_or("");
        let cells = [
            line.name.clone(),
            line.id_number.clone(),
            line.gender.clone(),
            line.age.map(|age| age.to_string()).unwrap_or_default(),
            line.native_place.clone(),
            line.phone.clone(),
            line.unit_name.clone(),
            line.team_name.clone(),
            line.work_type_label.clone(),
            if line.wage_kind == "month" { "月薪" } else { "日薪" }.to_owned(),
            line.wage.clone(),
            if line.contract_signed { "是" } else { "否" }.to_owned(),
            line.wage_card_number.clone(),
            bank.to_owned(),
            line.entry_date.clone(),
            line.exit_date.clone(),
            if line.status == 1 { "在场" } else { "退场" }.to_owned(),
        ];
        for (col, value) in cells.iter().enumerate() {
            write_text(sheet, row, col as u16, value, None).map_err(xlsx_error)?;
        }
    }
    workbook.save_to_buffer().map_err(xlsx_error)
}

/// One data row of an uploaded workbook: its Excel row number and its 19 cells as text.
pub struct SheetRow {
    pub number: usize,
    pub cells: Vec<String>,
}

/// The data rows of the first sheet (the header row is skipped; empty rows are dropped).
pub fn read_rows(bytes: &[u8]) -> Result<Vec<SheetRow>, &'static str> {
    let refusals = Refusals { not_xlsx: MSG_NOT_XLSX, empty: MSG_EMPTY, too_many: MSG_TOO_MANY_ROWS };
    let cells = Cells { date: spreadsheet::serial_day, yes_no: ["是", "否"] };
    let rows = spreadsheet::data_rows(bytes, COLUMNS.len(), MAX_IMPORT_ROWS, &refusals, cells)?;
    Ok(rows.into_iter().map(|(number, cells)| SheetRow { number, cells }).collect())
}

/// What the names in a row are resolved against.
pub struct Lookups<'a> {
    pub units: &'a [UnitRow],
    pub teams: &'a [TeamRow],
    pub banks: &'a [(String, String)],
}

/// A row as the registration form, or why its names do not resolve. A cell with control characters is
/// refused like any request text (the edge check cannot see inside a workbook).
pub fn row_form(row: &SheetRow, lookups: &Lookups<'_>) -> Result<RegisterForm, String> {
    for text in &row.cells {
        crate::extract::plain_text(text).map_err(|refused| refused.to_string())?;
    }
    let cell = |index: usize| row.cells[index].trim().to_owned();
    let some = |index: usize| Some(cell(index));
    let unit_name = cell(10);
    let unit = if unit_name.is_empty() {
        None
    } else {
        Some(
            lookups
                .units
                .iter()
                .find(|unit| unit.name == unit_name)
                .ok_or_else(|| format!("所属单位“{unit_name}”不在本项目或已退场"))?,
        )
    };
    let team_name = cell(11);
    let team_id = match (&unit, team_name.is_empty()) {
        (_, true) => String::new(),
        (Some(unit), false) => lookups
            .teams
            .iter()
            .find(|team| team.unit_id == unit.id && team.name == team_name)
            .map(|team| team.id.to_string())
            .ok_or_else(|| format!("班组“{team_name}”不属于所属单位"))?,
        (None, false) => String::new(),
    };
    let work_name = cell(12);
    let work_type = if work_name.is_empty() {
        String::new()
    } else {
        WORK_TYPES
            .iter()
            .find(|option| option.label == work_name || option.value == work_name)
            .map(|option| option.value.to_owned())
            .ok_or_else(|| format!("工种“{work_name}”不存在"))?
    };
    let bank_name = cell(9);
    let bank = if bank_name.is_empty() {
        String::new()
    } else {
        lookups
            .banks
            .iter()
            .find(|(code, name)| *name == bank_name || *code == bank_name)
            .map(|(code, _)| code.clone())
            .ok_or_else(|| format!("开户银行“{bank_name}”不存在"))?
    };
    let wage_kind = match cell(13).as_str() {
        "日薪" | "day" => "day".to_owned(),
        "月薪" | "month" => "month".to_owned(),
        other => other.to_owned(),
    };
    let signed = matches!(cell(15).as_str(), "是" | "1" | "已签");
    Ok(RegisterForm {
        name: some(0),
        id_number: some(1),
        ethnicity: some(2),
        address: some(3),
        issuing_authority: some(4),
        valid_from: some(5),
        valid_to: some(6),
        phone: some(7),
        wage_card_number: some(8),
        wage_card_bank: Some(bank),
        unit_id: Some(unit.map(|unit| unit.id.to_string()).unwrap_or_default()),
        team_id: Some(team_id),
        work_type: Some(work_type),
        wage_kind: Some(wage_kind),
        wage: some(14),
        contract_signed: Some(if signed { "1" } else { "0" }.to_owned()),
        contract_start: some(16),
        contract_end: some(17),
        entry_date: some(18),
        ..RegisterForm::default()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_template_reads_back_as_one_row() {
        let example: [String; 19] = std::array::from_fn(|index| format!("v{index}"));
        let bytes = template(&example).unwrap();
        let rows = read_rows(&bytes).unwrap();
        assert_eq!(rows.len(), 1);
        assert_eq!(rows[0].number, 2);
        assert_eq!(rows[0].cells[18], "v18");
    }

    #[test]
    fn a_file_not_a_workbook_is_refused() {
        assert_eq!(read_rows(b"not a workbook").err(), Some(MSG_NOT_XLSX));
    }

    #[test]
    fn names_resolve_to_codes() {
        let units = [UnitRow { id: 4, role: "contractor".into(), name: "河南建工".into() }];
        let teams = [TeamRow { id: 9, unit_id: 4, name: "钢筋班".into(), work_type: "3".into() }];
        let banks = [("ICBC".to_owned(), "中国工商银行".to_owned())];
        let lookups = Lookups { units: &units, teams: &teams, banks: &banks };
        let mut cells = vec![String::new(); 19];
        cells[9] = "中国工商银行".into();
        cells[10] = "河南建工".into();
        cells[11] = "钢筋班".into();
        cells[12] = "钢筋工".into();
        cells[13] = "月薪".into();
        let form = row_form(&SheetRow { number: 2, cells: cells.clone() }, &lookups).unwrap();
        assert_eq!(form.unit_id.as_deref(), Some("4"));
        assert_eq!(form.team_id.as_deref(), Some("9"));
        assert_eq!(form.work_type.as_deref(), Some("3"));
        assert_eq!(form.wage_card_bank.as_deref(), Some("ICBC"));
        assert_eq!(form.wage_kind.as_deref(), Some("month"));
        cells[11] = "木工班".into();
        assert_eq!(
            row_form(&SheetRow { number: 2, cells: cells.clone() }, &lookups).err().as_deref(),
            Some("班组“木工班”不属于所属单位")
        );
        cells[0] = "张\0三".into();
        assert_eq!(
            row_form(&SheetRow { number: 2, cells }, &lookups).err().as_deref(),
            Some(crate::extract::MSG_CONTROL_CHARACTERS)
        );
    }
}
