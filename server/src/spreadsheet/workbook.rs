//! The parts of an .xlsx that the first sheet's cells need, each read within the budget: where the workbook
//! and its first sheet are (package relations), the date system, which cell formats are dates (styles) and the
//! shared-string table. Only what is needed is kept: a part that lists a million relations costs its bytes of
//! the budget, not memory.

use std::collections::HashMap;
use std::io::{Read, Seek};

use quick_xml::events::Event;
use zip::ZipArchive;

use super::budget::{
    Budget, MAX_CELL_CHARS, MAX_SHARED_STRINGS, MAX_SHARED_TEXT_BYTES, MAX_STYLES, MSG_CELL, MSG_SHARED, MSG_STYLES,
    Part, Refused, Xml, attribute, find, prefixed_attribute,
};

/// The shared strings, one text with the end of each.
#[derive(Default)]
pub struct SharedStrings {
    text: String,
    ends: Vec<u32>,
}

impl SharedStrings {
    pub fn get(&self, index: usize) -> Option<&str> {
        let end = *self.ends.get(index)? as usize;
        let start = if index == 0 { 0 } else { self.ends[index - 1] as usize };
        self.text.get(start..end)
    }

    fn push(&mut self, text: &str) -> Result<(), Refused> {
        if self.ends.len() == MAX_SHARED_STRINGS || self.text.len() + text.len() > MAX_SHARED_TEXT_BYTES {
            return Err(Refused::Limit(MSG_SHARED));
        }
        self.text.push_str(text);
        self.ends.push(self.text.len() as u32);
        Ok(())
    }
}

/// What reading the first sheet needs.
pub struct Workbook {
    /// The part holding the first sheet.
    pub sheet: usize,
    /// Dates count from 1904 (old Mac workbooks), not 1900.
    pub date1904: bool,
    /// For each cell format (`s` of a cell), whether it shows a date or time.
    pub date_styles: Vec<bool>,
    pub strings: SharedStrings,
}

/// What a relations part says: the target of one relation id, and of the first relation of two types.
#[derive(Default)]
struct Relations {
    by_id: Option<String>,
    shared_strings: Option<String>,
    styles: Option<String>,
    office_document: Option<String>,
}

/// `target` of a relation in the part at `base` (a folder ending in `/`, or ``), as a part name.
fn resolve(base: &str, target: &str) -> String {
    let joined = match target.strip_prefix('/') {
        Some(absolute) => absolute.to_owned(),
        None => format!("{base}{target}"),
    };
    let mut segments: Vec<&str> = Vec::new();
    for segment in joined.split('/') {
        match segment {
            "" | "." => {}
            ".." => {
                segments.pop();
            }
            _ => segments.push(segment),
        }
    }
    segments.join("/")
}

fn read_relations<R: Read + Seek>(
    archive: &mut ZipArchive<R>,
    name: &str,
    id: Option<&str>,
    budget: &Budget,
) -> Result<Relations, Refused> {
    let mut relations = Relations::default();
    let Some(index) = find(archive, name) else { return Ok(relations) };
    let mut xml = Xml::new(Part::open(archive, index, budget)?);
    loop {
        match xml.next()? {
            Event::Start(element) | Event::Empty(element) if element.local_name().as_ref() == "Relationship" => {
                let kind = attribute(&element, "Type")?.unwrap_or_default();
                let target = attribute(&element, "Target")?;
                let slot = if id.is_some() && attribute(&element, "Id")?.as_deref() == id {
                    &mut relations.by_id
                } else if kind.ends_with("/sharedStrings") {
                    &mut relations.shared_strings
                } else if kind.ends_with("/styles") {
                    &mut relations.styles
                } else if kind.ends_with("/officeDocument") {
                    &mut relations.office_document
                } else {
                    continue;
                };
                if slot.is_none() {
                    *slot = target;
                }
            }
            Event::Eof => return Ok(relations),
            _ => {}
        }
    }
}

/// The workbook part's date system and its first sheet's relation id.
fn read_workbook<R: Read + Seek>(
    archive: &mut ZipArchive<R>,
    index: usize,
    budget: &Budget,
) -> Result<(bool, String), Refused> {
    let mut xml = Xml::new(Part::open(archive, index, budget)?);
    let mut date1904 = false;
    loop {
        match xml.next()? {
            Event::Start(element) | Event::Empty(element) => match element.local_name().as_ref() {
                "workbookPr" => {
                    date1904 = matches!(attribute(&element, "date1904")?.as_deref(), Some("1" | "true"));
                }
                "sheet" => {
                    let id = prefixed_attribute(&element, "id")?.ok_or(Refused::Unreadable)?;
                    return Ok((date1904, id));
                }
                _ => {}
            },
            Event::Eof => return Err(Refused::Empty),
            _ => {}
        }
    }
}

/// Whether a number format code shows a date or a time: a date or time letter outside quotes, escapes and
/// brackets (colours, conditions, locales), or an elapsed-time bracket (`[h]`). After calamine's
/// `detect_custom_number_format` (MIT), which the imports used before.
fn is_date_format(code: &str) -> bool {
    let mut escaped = false;
    let mut quoted = false;
    let mut brackets = 0u8;
    let mut previous = ' ';
    let mut elapsed = false;
    let mut am_pm = false;
    for character in code.chars() {
        if escaped {
            escaped = false;
        } else if quoted {
            quoted = character != '"';
        } else {
            match character {
                '_' | '\\' | '*' => escaped = true,
                '"' => quoted = true,
                ';' => return false,
                '[' => brackets = brackets.saturating_add(1),
                ']' if brackets == 1 && elapsed => return true,
                ']' => brackets = brackets.saturating_sub(1),
                'a' | 'A' if brackets == 0 && !am_pm => am_pm = true,
                'p' | 'P' | 'm' | 'M' | '/' if brackets == 0 && am_pm => return true,
                'd' | 'D' | 'm' | 'M' | 'h' | 'H' | 'y' | 'Y' | 's' | 'S' if brackets == 0 && !am_pm => return true,
                _ => {
                    if !(elapsed && character.eq_ignore_ascii_case(&previous)) {
                        elapsed = previous == '[' && matches!(character, 'm' | 'h' | 's' | 'M' | 'H' | 'S');
                    }
                }
            }
        }
        previous = character;
    }
    false
}

/// Whether the built-in number format `id` shows a date or time (ECMA-376 18.8.30, with the East Asian ones).
fn is_builtin_date(id: u32) -> bool {
    matches!(id, 14..=22 | 27..=36 | 45..=47 | 50..=58)
}

/// For each cell format, whether it shows a date.
fn read_styles<R: Read + Seek>(
    archive: &mut ZipArchive<R>,
    index: usize,
    budget: &Budget,
) -> Result<Vec<bool>, Refused> {
    let mut xml = Xml::new(Part::open(archive, index, budget)?);
    let mut custom: HashMap<u32, bool> = HashMap::new();
    let mut date_styles = Vec::new();
    let mut in_cell_formats = false;
    loop {
        match xml.next()? {
            Event::Start(element) | Event::Empty(element) => match element.local_name().as_ref() {
                "numFmt" => {
                    if custom.len() == MAX_STYLES {
                        return Err(Refused::Limit(MSG_STYLES));
                    }
                    let id = attribute(&element, "numFmtId")?.and_then(|id| id.parse().ok());
                    let code = attribute(&element, "formatCode")?.unwrap_or_default();
                    if let Some(id) = id {
                        custom.insert(id, is_date_format(&code));
                    }
                }
                "cellXfs" => in_cell_formats = true,
                "xf" if in_cell_formats => {
                    if date_styles.len() == MAX_STYLES {
                        return Err(Refused::Limit(MSG_STYLES));
                    }
                    let id: u32 = attribute(&element, "numFmtId")?.and_then(|id| id.parse().ok()).unwrap_or(0);
                    date_styles.push(custom.get(&id).copied().unwrap_or_else(|| is_builtin_date(id)));
                }
                _ => {}
            },
            Event::End(element) if element.local_name().as_ref() == "cellXfs" => return Ok(date_styles),
            Event::Eof => return Ok(date_styles),
            _ => {}
        }
    }
}

/// Excel's escape of characters XML cannot carry: `_x000D_` is a carriage return.
fn unescape_ooxml(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find("_x") {
        out.push_str(&rest[..at]);
        let candidate = &rest[at..];
        let decoded = candidate
            .get(2..6)
            .filter(|hex| hex.bytes().all(|b| b.is_ascii_hexdigit()) && candidate.as_bytes().get(6) == Some(&b'_'))
            .and_then(|hex| u32::from_str_radix(hex, 16).ok())
            .and_then(char::from_u32);
        match decoded {
            Some(character) => {
                out.push(character);
                rest = &candidate[7..];
            }
            None => {
                out.push_str("_x");
                rest = &candidate[2..];
            }
        }
    }
    out.push_str(rest);
    out
}

/// A rich or plain string (`<si>`, `<is>`) up to its end: the text of its runs, without phonetic guides;
/// each run trimmed of ASCII whitespace unless it preserves it.
pub fn read_string(xml: &mut Xml<'_>, end: &str) -> Result<String, Refused> {
    let mut text = String::new();
    let mut chars = 0;
    let mut phonetic = false;
    loop {
        match xml.next()? {
            Event::Start(element) if element.local_name().as_ref() == "rPh" => phonetic = true,
            Event::End(element) if element.local_name().as_ref() == "rPh" => phonetic = false,
            Event::Start(element) if element.local_name().as_ref() == "t" && !phonetic => {
                let preserve = attribute(&element, "xml:space")?.as_deref() == Some("preserve");
                let run = xml.text_until_end("t")?;
                let run = if preserve { run.as_str() } else { run.trim_matches([' ', '\t', '\r', '\n']) };
                let run = unescape_ooxml(run);
                chars += run.chars().count();
                if chars > MAX_CELL_CHARS {
                    return Err(Refused::Limit(MSG_CELL));
                }
                text.push_str(&run);
            }
            Event::End(element) if element.local_name().as_ref() == end => return Ok(text),
            Event::Eof => return Err(Refused::Unreadable),
            _ => {}
        }
    }
}

fn read_shared_strings<R: Read + Seek>(
    archive: &mut ZipArchive<R>,
    index: usize,
    budget: &Budget,
) -> Result<SharedStrings, Refused> {
    let mut xml = Xml::new(Part::open(archive, index, budget)?);
    let mut strings = SharedStrings::default();
    loop {
        match xml.next()? {
            Event::Start(element) if element.local_name().as_ref() == "si" => {
                let text = read_string(&mut xml, "si")?;
                strings.push(&text)?;
            }
            Event::Empty(element) if element.local_name().as_ref() == "si" => strings.push("")?,
            Event::Eof => return Ok(strings),
            _ => {}
        }
    }
}

/// Finds the first sheet and reads what its cells refer to.
pub fn open<R: Read + Seek>(archive: &mut ZipArchive<R>, budget: &Budget) -> Result<Workbook, Refused> {
    let package = read_relations(archive, "_rels/.rels", None, budget)?;
    let workbook_name = resolve("", package.office_document.as_deref().unwrap_or("xl/workbook.xml"));
    let workbook_index = find(archive, &workbook_name).ok_or(Refused::Unreadable)?;
    let (date1904, sheet_id) = read_workbook(archive, workbook_index, budget)?;
    let (folder, file) = workbook_name.rsplit_once('/').map_or(("", workbook_name.as_str()), |(f, n)| (f, n));
    let base = if folder.is_empty() { String::new() } else { format!("{folder}/") };
    let relations = read_relations(archive, &format!("{base}_rels/{file}.rels"), Some(&sheet_id), budget)?;
    let sheet_name = resolve(&base, relations.by_id.as_deref().ok_or(Refused::Unreadable)?);
    let sheet = find(archive, &sheet_name).ok_or(Refused::Unreadable)?;
    let part = |target: Option<&str>, default: &str| resolve(&base, target.unwrap_or(default));
    let date_styles = match find(archive, &part(relations.styles.as_deref(), "styles.xml")) {
        Some(index) => read_styles(archive, index, budget)?,
        None => Vec::new(),
    };
    let strings = match find(archive, &part(relations.shared_strings.as_deref(), "sharedStrings.xml")) {
        Some(index) => read_shared_strings(archive, index, budget)?,
        None => SharedStrings::default(),
    };
    Ok(Workbook { sheet, date1904, date_styles, strings })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn relation_targets_become_part_names() {
        assert_eq!(resolve("xl/", "worksheets/sheet1.xml"), "xl/worksheets/sheet1.xml");
        assert_eq!(resolve("xl/", "/xl/worksheets/sheet1.xml"), "xl/worksheets/sheet1.xml");
        assert_eq!(resolve("xl/", "../xl/./sharedStrings.xml"), "xl/sharedStrings.xml");
        assert_eq!(resolve("", "xl/workbook.xml"), "xl/workbook.xml");
    }

    #[test]
    fn date_formats_are_told_from_numbers() {
        for code in ["yyyy/m/d", "DD/MM/YY", "H:MM:SS;@", "[h]:mm:ss", "m\"M\"d\"D\";@", "yyyy\"年\"m\"月\"d\"日\""]
        {
            assert!(is_date_format(code), "{code}");
        }
        for code in ["0.00", "#,##0\\ [$\\u20bd-46D]", "\"$\"#,##0_);[Red](\"$\"#,##0)", "@", "General"] {
            assert!(!is_date_format(code), "{code}");
        }
        assert!(is_builtin_date(14) && is_builtin_date(57) && !is_builtin_date(0) && !is_builtin_date(49));
    }

    #[test]
    fn excel_escapes_are_undone() {
        assert_eq!(unescape_ooxml("a_x000D_"), "a\r");
        assert_eq!(unescape_ooxml("_x_x0041_"), "_xA");
        assert_eq!(unescape_ooxml("no_xescape_"), "no_xescape_");
    }
}
