//! The reports as .xlsx (导出): one sheet per table of the screen, from the same service result; amounts in
//! yuan as numbers, rates in per cent.

use rust_xlsxwriter::{Format, FormatAlign, Workbook};

use super::service::{AttendanceReport, PeopleReport, Slice, WageFigures};
use crate::spreadsheet::{header_format, write_text, xlsx_error};

/// One cell of a report table.
enum Cell<'a> {
    Text(&'a str),
    Count(i64),
    /// Fen, written as yuan.
    Money(i64),
    Rate(f64),
}

fn sheet(workbook: &mut Workbook, name: &str, titles: &[&str], rows: &[Vec<Cell<'_>>]) -> anyhow::Result<()> {
    let header = header_format();
    let money = Format::new().set_num_format("#,##0.00").set_align(FormatAlign::Right);
    let rate = Format::new().set_num_format("0.0");
    let sheet = workbook.add_worksheet();
    sheet.set_name(name).map_err(xlsx_error)?;
    for (col, title) in titles.iter().enumerate() {
        sheet.set_column_width(col as u16, 16.0).map_err(xlsx_error)?;
        write_text(sheet, 0, col as u16, *title, Some(&header)).map_err(xlsx_error)?;
    }
    sheet.set_freeze_panes(1, 0).map_err(xlsx_error)?;
    for (index, cells) in rows.iter().enumerate() {
        let row = index as u32 + 1;
        for (col, cell) in cells.iter().enumerate() {
            let col = col as u16;
            match cell {
                Cell::Text(text) => write_text(sheet, row, col, *text, None),
                Cell::Count(count) => sheet.write_number(row, col, *count as f64),
                Cell::Money(fen) => sheet.write_number_with_format(row, col, *fen as f64 / 100.0, &money),
                Cell::Rate(value) => sheet.write_number_with_format(row, col, *value, &rate),
            }
            .map_err(xlsx_error)?;
        }
    }
    Ok(())
}

fn slices<'a>(slices: &'a [Slice]) -> Vec<Vec<Cell<'a>>> {
    slices.iter().map(|slice| vec![Cell::Text(&slice.name), Cell::Count(slice.count)]).collect()
}

pub fn people(report: &PeopleReport) -> anyhow::Result<Vec<u8>> {
    let mut workbook = Workbook::new();
    sheet(&mut workbook, "按参建单位", &["参建单位", "在场人数"], &slices(&report.by_unit))?;
    sheet(&mut workbook, "按班组", &["班组", "在场人数"], &slices(&report.by_team))?;
    sheet(&mut workbook, "按工种", &["工种", "在场人数"], &slices(&report.by_work_type))?;
    sheet(&mut workbook, "按性别", &["性别", "在场人数"], &slices(&report.by_gender))?;
    sheet(&mut workbook, "按年龄段", &["年龄段", "在场人数"], &slices(&report.by_age))?;
    sheet(&mut workbook, "按籍贯", &["籍贯（省）", "在场人数"], &slices(&report.by_province))?;
    let over: Vec<Vec<Cell<'_>>> = report
        .over_age
        .iter()
        .map(|worker| {
            vec![
                Cell::Text(&worker.name),
                Cell::Text(&worker.id_number),
                Cell::Text(&worker.gender),
                Cell::Count(i64::from(worker.age)),
                Cell::Text(&worker.unit),
                Cell::Text(&worker.team),
            ]
        })
        .collect();
    sheet(&mut workbook, "超龄人员", &["姓名", "身份证号", "性别", "年龄", "参建单位", "班组"], &over)?;
    let moves: Vec<Vec<Cell<'_>>> = report
        .moves
        .iter()
        .map(|month| vec![Cell::Text(&month.month), Cell::Count(month.entries), Cell::Count(month.exits)])
        .collect();
    sheet(&mut workbook, "进退场", &["月份", "进场人数", "退场人数"], &moves)?;
    workbook.save_to_buffer().map_err(xlsx_error)
}

pub fn attendance(report: &AttendanceReport) -> anyhow::Result<Vec<u8>> {
    let mut workbook = Workbook::new();
    let days: Vec<Vec<Cell<'_>>> = report
        .days
        .iter()
        .map(|day| {
            vec![
                Cell::Text(&day.day),
                Cell::Text(&day.class),
                Cell::Count(day.on_site),
                Cell::Count(day.attended),
                Cell::Rate(day.rate),
            ]
        })
        .collect();
    sheet(&mut workbook, "每日出勤", &["日期", "日历", "在场人数", "出勤人数", "出勤率(%)"], &days)?;
    let teams: Vec<Vec<Cell<'_>>> = report
        .teams
        .iter()
        .map(|team| {
            vec![
                Cell::Text(&team.month),
                Cell::Text(&team.unit),
                Cell::Text(&team.team),
                Cell::Count(team.attended_days),
                Cell::Count(team.workers),
            ]
        })
        .collect();
    sheet(&mut workbook, "班组月度出勤", &["月份", "参建单位", "班组", "出勤人天", "出勤人数"], &teams)?;
    let absent: Vec<Vec<Cell<'_>>> = report
        .most_absent
        .iter()
        .map(|worker| {
            vec![
                Cell::Text(&worker.name),
                Cell::Count(worker.working_days),
                Cell::Count(worker.attended_days),
                Cell::Count(worker.absent_days),
            ]
        })
        .collect();
    sheet(&mut workbook, "缺勤排行", &["姓名", "在场工作日", "出勤天数", "缺勤天数"], &absent)?;
    let staff: Vec<Vec<Cell<'_>>> = report
        .key_staff
        .iter()
        .map(|person| {
            vec![
                Cell::Text(&person.project),
                Cell::Text(&person.post),
                Cell::Text(&person.name),
                Cell::Count(person.working_days),
                Cell::Count(person.valid_days),
                Cell::Rate(person.rate),
                Cell::Text(if person.low { "低于80%" } else { "" }),
            ]
        })
        .collect();
    sheet(
        &mut workbook,
        "关键岗位在岗",
        &["项目", "岗位", "姓名", "应到工作日", "有效天数", "在岗率(%)", "提示"],
        &staff,
    )?;
    workbook.save_to_buffer().map_err(xlsx_error)
}

pub fn wage(figures: &WageFigures) -> anyhow::Result<Vec<u8>> {
    let mut workbook = Workbook::new();
    let months: Vec<Vec<Cell<'_>>> = figures
        .months
        .iter()
        .map(|(month, payable, paid)| vec![Cell::Text(month), Cell::Money(*payable), Cell::Money(*paid)])
        .collect();
    sheet(&mut workbook, "月度应发实发", &["月份", "应发(元)", "实发(元)"], &months)?;
    let units: Vec<Vec<Cell<'_>>> = figures
        .units
        .iter()
        .map(|(unit, payable, paid)| {
            vec![Cell::Text(unit), Cell::Money(*payable), Cell::Money(*paid), Cell::Money((payable - paid).max(0))]
        })
        .collect();
    sheet(&mut workbook, "参建单位欠薪", &["参建单位", "应发(元)", "实发(元)", "欠发(元)"], &units)?;
    let payable: i64 = figures.months.iter().map(|month| month.1).sum();
    let paid: i64 = figures.months.iter().map(|month| month.2).sum();
    let share = super::service::wage_report(figures).special_share;
    sheet(
        &mut workbook,
        "专户发放占比",
        &["应发合计(元)", "专户实发(元)", "专户发放占比(%)"],
        &[vec![Cell::Money(payable), Cell::Money(paid), Cell::Rate(share)]],
    )?;
    let types: Vec<Vec<Cell<'_>>> = figures
        .work_types
        .iter()
        .map(|(work_type, lines, net)| {
            let average = if *lines == 0 { 0 } else { crate::wage::money::div_half_up(*net, *lines) };
            vec![Cell::Text(work_type), Cell::Count(*lines), Cell::Money(*net), Cell::Money(average)]
        })
        .collect();
    sheet(&mut workbook, "工种平均工资", &["工种", "工资条数", "实发合计(元)", "人均(元)"], &types)?;
    let rates = super::service::wage_report(figures).confirmations;
    let confirmations: Vec<Vec<Cell<'_>>> = rates
        .iter()
        .map(|rate| {
            vec![
                Cell::Text(&rate.unit),
                Cell::Text(&rate.month),
                Cell::Count(rate.asked),
                Cell::Count(rate.confirmed),
                Cell::Rate(rate.rate),
            ]
        })
        .collect();
    sheet(&mut workbook, "工人确认率", &["参建单位", "月份", "征询人数", "已确认", "确认率(%)"], &confirmations)?;
    workbook.save_to_buffer().map_err(xlsx_error)
}
