//! The first sheet's data rows, streamed: each cell is read as it arrives and its position checked against the
//! sheet's limits, rows after the header are kept as text up to the import's width, and reading stops at the
//! first row past the import's limit. Nothing is sized by what the sheet declares.

use std::io::Cursor;

use quick_xml::events::{BytesStart, Event};
use zip::ZipArchive;

use super::budget::{
    Budget, MAX_COLUMNS, MAX_ROWS, MAX_ROWS_TEXT_BYTES, MSG_EXTENT, MSG_ROWS_TEXT, Part, Refused, Xml, attribute,
    check_entry_count,
};
use super::workbook::{self, Workbook, read_string};
use super::{Cells, Value, cell_text};

/// Days from 1899-12-30 (the 1900 system's epoch as Excel counts) to 1904-01-01.
const DAYS_1900_TO_1904: f64 = 1462.0;

/// A cell reference (`B7`) as a zero-based column and a row number, refused past the sheet's limits.
fn position(reference: &str) -> Result<(u32, u32), Refused> {
    let digits = reference.find(|c: char| c.is_ascii_digit()).ok_or(Refused::Unreadable)?;
    let (letters, number) = reference.split_at(digits);
    if letters.is_empty() || !letters.bytes().all(|b| b.is_ascii_alphabetic()) {
        return Err(Refused::Unreadable);
    }
    let column = letters
        .bytes()
        .try_fold(0u32, |sum, letter| {
            sum.checked_mul(26)?.checked_add(u32::from(letter.to_ascii_uppercase() - b'A') + 1)
        })
        .unwrap_or(u32::MAX);
    let row = row_number(number)?;
    within_extent(column - 1, row)?;
    Ok((column - 1, row))
}

/// A row number as written (`r="7"`); one past `u32` is past the extent too.
fn row_number(text: &str) -> Result<u32, Refused> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(Refused::Unreadable);
    }
    match text.parse() {
        Ok(0) => Err(Refused::Unreadable),
        Ok(row) => Ok(row),
        Err(_) => Err(Refused::Limit(MSG_EXTENT)),
    }
}

fn within_extent(column: u32, row: u32) -> Result<(), Refused> {
    if column >= MAX_COLUMNS || row > MAX_ROWS { Err(Refused::Limit(MSG_EXTENT)) } else { Ok(()) }
}

/// The cell being read.
struct Pending {
    column: u32,
    kind: Option<String>,
    style: Option<usize>,
    value: Option<String>,
    inline: Option<String>,
}

impl Pending {
    fn start(element: &BytesStart<'_>, next_column: u32, row: u32) -> Result<Pending, Refused> {
        let column = match attribute(element, "r")? {
            Some(reference) => position(&reference)?.0,
            None => {
                within_extent(next_column, row)?;
                next_column
            }
        };
        let style = attribute(element, "s")?.and_then(|style| style.parse().ok());
        Ok(Pending { column, kind: attribute(element, "t")?, style, value: None, inline: None })
    }

    fn value(self, workbook: &Workbook) -> Result<Value, Refused> {
        if let Some(text) = self.inline {
            return Ok(Value::Text(text));
        }
        let Some(raw) = self.value else { return Ok(Value::Empty) };
        Ok(match self.kind.as_deref() {
            Some("s") => {
                let index: usize = raw.trim().parse().map_err(|_| Refused::Unreadable)?;
                Value::Text(workbook.strings.get(index).ok_or(Refused::Unreadable)?.to_owned())
            }
            Some("str" | "inlineStr" | "d") => Value::Text(raw),
            Some("b") => Value::Bool(raw.trim() != "0"),
            Some("e") => Value::Empty,
            _ => {
                let number: f64 = raw.trim().parse().map_err(|_| Refused::Unreadable)?;
                let is_date = self.style.and_then(|style| workbook.date_styles.get(style)).copied().unwrap_or(false);
                match (is_date, workbook.date1904) {
                    (false, _) => Value::Number(number),
                    (true, false) => Value::Date(number),
                    (true, true) => Value::Date(number + DAYS_1900_TO_1904),
                }
            }
        })
    }
}

/// The row being read: whether any cell has a value (the first such row is the header) and the texts of
/// its first `width` columns.
struct Row {
    number: u32,
    next_column: u32,
    any_value: bool,
    texts: Vec<String>,
}

/// The data rows of the first sheet, each with its Excel row number and `width` cells as text.
pub fn data_rows(
    bytes: &[u8],
    width: usize,
    max_rows: usize,
    cells: Cells,
) -> Result<Vec<(usize, Vec<String>)>, Refused> {
    check_entry_count(bytes)?;
    let mut archive = ZipArchive::new(Cursor::new(bytes)).map_err(|_| Refused::Unreadable)?;
    let budget = Budget::default();
    let workbook = workbook::open(&mut archive, &budget)?;
    let mut xml = Xml::new(Part::open(&mut archive, workbook.sheet, &budget)?);
    let mut rows = Vec::new();
    let mut text_bytes = 0;
    let mut header_seen = false;
    let mut last_row = 0;
    let mut row: Option<Row> = None;
    let mut cell: Option<Pending> = None;
    loop {
        let event = xml.next()?;
        let (element, empty) = match event {
            Event::Start(element) => (element, false),
            Event::Empty(element) => (element, true),
            Event::End(end) => {
                match end.local_name().as_ref() {
                    "c" => {
                        if let (Some(pending), Some(current)) = (cell.take(), row.as_mut()) {
                            take_cell(current, pending, &workbook, width, cells)?;
                        }
                    }
                    "row" => {
                        let Some(done) = row.take() else { continue };
                        if !header_seen {
                            header_seen = done.any_value;
                        } else if done.texts.iter().any(|text| !text.is_empty()) {
                            if rows.len() == max_rows {
                                return Err(Refused::TooMany);
                            }
                            text_bytes += done.texts.iter().map(String::len).sum::<usize>();
                            if text_bytes > MAX_ROWS_TEXT_BYTES {
                                return Err(Refused::Limit(MSG_ROWS_TEXT));
                            }
                            rows.push((done.number as usize, done.texts));
                        }
                    }
                    "sheetData" => break,
                    _ => {}
                }
                continue;
            }
            Event::Eof => break,
            _ => continue,
        };
        let element = element.into_owned();
        match element.local_name().as_ref() {
            "dimension" => {
                if let Some(range) = attribute(&element, "ref")? {
                    for corner in range.split(':') {
                        position(corner)?;
                    }
                }
            }
            "row" => {
                let number = match attribute(&element, "r")? {
                    Some(number) => row_number(number.trim())?,
                    None => last_row + 1,
                };
                within_extent(0, number)?;
                last_row = number;
                if !empty {
                    row = Some(Row { number, next_column: 0, any_value: false, texts: vec![String::new(); width] });
                }
            }
            "c" => {
                let Some(current) = row.as_mut() else { continue };
                let pending = Pending::start(&element, current.next_column, current.number)?;
                current.next_column = pending.column + 1;
                if empty {
                    take_cell(current, pending, &workbook, width, cells)?;
                } else {
                    cell = Some(pending);
                }
            }
            "v" if !empty => {
                if let Some(pending) = cell.as_mut() {
                    pending.value = Some(xml.text_until_end("v")?);
                }
            }
            "is" if !empty => {
                if let Some(pending) = cell.as_mut() {
                    pending.inline = Some(read_string(&mut xml, "is")?);
                }
            }
            _ => {}
        }
    }
    Ok(rows)
}

fn take_cell(row: &mut Row, pending: Pending, workbook: &Workbook, width: usize, cells: Cells) -> Result<(), Refused> {
    let column = pending.column as usize;
    let value = pending.value(workbook)?;
    if value != Value::Empty {
        row.any_value = true;
    }
    if column < width {
        row.texts[column] = cell_text(&value, cells);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use std::io::Write;

    use rust_xlsxwriter::{Format, Workbook as Writer};
    use zip::ZipWriter;
    use zip::write::SimpleFileOptions;

    use super::*;
    use crate::spreadsheet::{serial_day, serial_moment};

    const CELLS: Cells = Cells { date: serial_day, yes_no: ["是", "否"] };

    /// A workbook of one sheet from its parts' XML (the sheet's `<sheetData>` content).
    fn package(sheet_data: &str, shared: Option<&str>, styles: Option<&str>, workbook_pr: &str) -> Vec<u8> {
        let mut zip = ZipWriter::new(Cursor::new(Vec::new()));
        let mut part = |name: &str, xml: &str| {
            zip.start_file(name, SimpleFileOptions::default()).unwrap();
            zip.write_all(xml.as_bytes()).unwrap();
        };
        const RELS: &str = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
        part(
            "_rels/.rels",
            &format!(
                r#"<Relationships><Relationship Id="rId1" Type="{RELS}/officeDocument" Target="xl/workbook.xml"/></Relationships>"#
            ),
        );
        part(
            "xl/workbook.xml",
            &format!(
                r#"<workbook xmlns:r="{RELS}">{workbook_pr}<sheets><sheet name="A" sheetId="1" r:id="rId7"/></sheets></workbook>"#
            ),
        );
        part(
            "xl/_rels/workbook.xml.rels",
            &format!(
                r#"<Relationships><Relationship Id="rId2" Type="{RELS}/sharedStrings" Target="sharedStrings.xml"/><Relationship Id="rId3" Type="{RELS}/styles" Target="/xl/styles.xml"/><Relationship Id="rId7" Type="{RELS}/worksheet" Target="worksheets/a.xml"/></Relationships>"#
            ),
        );
        part("xl/worksheets/a.xml", &format!("<worksheet><sheetData>{sheet_data}</sheetData></worksheet>"));
        if let Some(shared) = shared {
            part("xl/sharedStrings.xml", &format!("<sst>{shared}</sst>"));
        }
        if let Some(styles) = styles {
            part("xl/styles.xml", &format!("<styleSheet>{styles}</styleSheet>"));
        }
        zip.finish().unwrap().into_inner()
    }

    #[test]
    fn a_workbook_from_excel_reads_as_the_form_text() {
        let mut writer = Writer::new();
        let sheet = writer.add_worksheet();
        let date = Format::new().set_num_format("yyyy\"年\"m\"月\"d\"日\"");
        sheet.write_string(2, 0, "姓名").unwrap();
        sheet.write_string(3, 0, " 张三 ").unwrap();
        sheet.write_number(3, 1, 13_800_138_000.0).unwrap();
        sheet.write_number_with_format(3, 2, 45_352.0, &date).unwrap();
        sheet.write_boolean(3, 3, true).unwrap();
        sheet.write_number(3, 4, 350.5).unwrap();
        sheet.write_string(4, 9, "past the width").unwrap();
        sheet.write_string(6, 1, "李四").unwrap();
        let bytes = writer.save_to_buffer().unwrap();
        let rows = data_rows(&bytes, 5, 10, CELLS).unwrap();
        assert_eq!(
            rows,
            vec![
                (4, vec!["张三".into(), "13800138000".into(), "2024-03-01".into(), "是".into(), "350.5".into()]),
                (7, vec![String::new(), "李四".into(), String::new(), String::new(), String::new()]),
            ]
        );
        assert_eq!(data_rows(&bytes, 5, 1, CELLS), Err(Refused::TooMany));
    }

    #[test]
    fn inline_rich_and_escaped_strings_and_the_1904_system() {
        let styles = r#"<numFmts count="1"><numFmt numFmtId="170" formatCode="yyyy/mm/dd\ hh:mm:ss"/></numFmts><cellStyleXfs><xf numFmtId="14"/></cellStyleXfs><cellXfs><xf numFmtId="0"/><xf numFmtId="170"><alignment/></xf></cellXfs>"#;
        let shared = r#"<si><r><t xml:space="preserve">王 </t></r><r><t>五</t></r><rPh><t>ワン</t></rPh></si><si><t>a_x000D_b&amp;&#x4E00;</t></si>"#;
        let sheet = r#"<row r="1"><c t="s"><v>1</v></c></row><row r="2"><c r="A2" t="inlineStr"><is><t>内联</t></is></c><c t="s"><v>0</v></c><c r="C2" s="1"><v>0.5</v></c><c r="D2" t="e"><v>#N/A</v></c><c r="E2" t="str"><f>A1</f><v>公式</v></c></row>"#;
        let bytes = package(sheet, Some(shared), Some(styles), r#"<workbookPr date1904="1"/>"#);
        let cells = Cells { date: serial_moment, yes_no: ["true", "false"] };
        let rows = data_rows(&bytes, 5, 10, cells).unwrap();
        assert_eq!(
            rows,
            vec![(2, vec!["内联".into(), "王 五".into(), "1904-01-01 12:00:00".into(), String::new(), "公式".into()])]
        );
    }

    #[test]
    fn a_shared_string_repeated_in_every_cell_is_bounded() {
        let shared = format!("<si><t>{}</t></si>", "长".repeat(30_000));
        let row = |number: usize| format!("<row r=\"{number}\">{}</row>", r#"<c t="s"><v>0</v></c>"#.repeat(19));
        let sheet: String = (1..=300).map(row).collect();
        let bytes = package(&sheet, Some(&shared), None, "");
        assert_eq!(data_rows(&bytes, 19, 5000, CELLS), Err(Refused::Limit(MSG_ROWS_TEXT)));
    }

    #[test]
    fn references_are_read_and_bounded() {
        assert_eq!(position("A1"), Ok((0, 1)));
        assert_eq!(position("ab12"), Ok((27, 12)));
        assert_eq!(position("AMJ100000"), Ok((1023, 100_000)));
        assert_eq!(position("AMK1"), Err(Refused::Limit(MSG_EXTENT)));
        assert_eq!(position("A100001"), Err(Refused::Limit(MSG_EXTENT)));
        assert_eq!(position("XFD1048576"), Err(Refused::Limit(MSG_EXTENT)));
        assert_eq!(position("ZZZZZZZZZZZZ99999999999999999999"), Err(Refused::Limit(MSG_EXTENT)));
        assert_eq!(position("A0"), Err(Refused::Unreadable));
        assert_eq!(position("1A"), Err(Refused::Unreadable));
        assert_eq!(position("A1B"), Err(Refused::Unreadable));
    }
}
