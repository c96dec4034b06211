//! The budget an uploaded workbook is read within, whatever it declares (issue 29): the limits and their
//! messages, and the parts of the .xlsx (zip entries) inflated here rather than by the zip crate, so that every
//! byte is counted against the part's declared size and the whole workbook's budget, and no single XML event
//! (a tag, a run of text or whitespace) can grow past a bound while the parser buffers it.

use std::borrow::Cow;
use std::cell::Cell;
use std::io::{self, BufRead, BufReader, Read, Seek};

use flate2::read::DeflateDecoder;
use quick_xml::Reader;
use quick_xml::events::{BytesStart, Event};
use zip::{CompressionMethod, ZipArchive};

/// Parts (zip entries) in one workbook; Excel writes a dozen or two.
pub const MAX_ENTRIES: usize = 10_000;
/// Bytes inflated from the parts read (workbook, relations, styles, shared strings, the first sheet).
pub const MAX_UNPACKED_BYTES: u64 = 50 * 1024 * 1024;
/// The sheet's extent, declared (`<dimension>`) or reached by a cell.
pub const MAX_ROWS: u32 = 100_000;
pub const MAX_COLUMNS: u32 = 1_024;
/// The shared-string table: entries and their text in bytes (UTF-8).
pub const MAX_SHARED_STRINGS: usize = 200_000;
pub const MAX_SHARED_TEXT_BYTES: usize = 8 * 1024 * 1024;
/// Excel's own limit on a cell's text.
pub const MAX_CELL_CHARS: usize = 32_767;
/// The text of the data rows handed to the import: a shared string may be referenced by every cell.
pub const MAX_ROWS_TEXT_BYTES: usize = 8 * 1024 * 1024;
/// Cell formats (`cellXfs`); Excel allows about 64,000.
pub const MAX_STYLES: usize = 65_536;
/// One XML event as read: a tag with its attributes, or a run of text or whitespace between two tags.
pub const MAX_XML_RUN: usize = 256 * 1024;
/// How much is inflated at a time.
const CHUNK: usize = 64 * 1024;

pub const MSG_ENTRIES: &str = "文件内容超过限制：xlsx 文件内的部件不能超过 10000 个";
pub const MSG_UNPACKED: &str = "文件内容超过限制：解压后的内容不能超过 50MB";
pub const MSG_SIZE_LIE: &str = "文件内容超过限制：xlsx 文件内的部件解压后不能大于它声明的大小";
pub const MSG_EXTENT: &str = "文件内容超过限制：工作表不能超过 100000 行、1024 列";
pub const MSG_SHARED: &str = "文件内容超过限制：共享字符串不能超过 200000 条、共 8MB";
pub const MSG_CELL: &str = "文件内容超过限制：单元格文字不能超过 32767 个字符";
pub const MSG_ROWS_TEXT: &str = "文件内容超过限制：导入的文字总量不能超过 8MB";
pub const MSG_STYLES: &str = "文件内容超过限制：单元格格式不能超过 65536 种";
pub const MSG_XML_RUN: &str = "文件内容超过限制：工作簿中的单个标记或一段空白不能超过 256KB";

/// Why a workbook is not read: not a workbook, no data row, more rows than the import takes, or a limit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refused {
    Unreadable,
    Empty,
    TooMany,
    Limit(&'static str),
}

/// What one workbook has used of its budget, shared by the parts read one after another.
#[derive(Default)]
pub struct Budget {
    unpacked: Cell<u64>,
    tripped: Cell<Option<&'static str>>,
}

impl Budget {
    /// Records the first limit reached; the error makes the parser stop.
    fn trip(&self, message: &'static str) -> io::Error {
        if self.tripped.get().is_none() {
            self.tripped.set(Some(message));
        }
        io::Error::other(message)
    }

    /// Why reading failed: a limit reached, else an unreadable file.
    pub fn refusal(&self) -> Refused {
        self.tripped.get().map_or(Refused::Unreadable, Refused::Limit)
    }
}

/// The budget's check of the archive before the zip crate reads its central directory into memory: each entry
/// there starts with this signature, so counting it bounds the entries (a stray match only counts one more).
pub fn check_entry_count(bytes: &[u8]) -> Result<(), Refused> {
    let entries = bytes.windows(4).filter(|window| *window == b"PK\x01\x02").count();
    if entries > MAX_ENTRIES { Err(Refused::Limit(MSG_ENTRIES)) } else { Ok(()) }
}

/// The index of the part `name`: exact, else ignoring ASCII case (as Excel does).
pub fn find<R: Read + Seek>(archive: &ZipArchive<R>, name: &str) -> Option<usize> {
    archive.index_for_name(name).or_else(|| {
        (0..archive.len()).find(|&index| {
            archive.name_for_index(index).and_then(Result::ok).is_some_and(|entry| entry.eq_ignore_ascii_case(name))
        })
    })
}

/// A part being read: inflated here, counted as the parser consumes it.
pub struct Part<'a> {
    inner: BufReader<Box<dyn Read + 'a>>,
    budget: &'a Budget,
    declared: u64,
    read: u64,
    run: usize,
    run_message: &'static str,
}

impl<'a> Part<'a> {
    /// Opens part `index`, refused at once when it declares more than is left of the budget.
    pub fn open<R: Read + Seek>(
        archive: &'a mut ZipArchive<R>,
        index: usize,
        budget: &'a Budget,
    ) -> Result<Part<'a>, Refused> {
        let raw = archive.by_index_raw(index).map_err(|_| Refused::Unreadable)?;
        if raw.encrypted() {
            return Err(Refused::Unreadable);
        }
        let declared = raw.size();
        if declared > MAX_UNPACKED_BYTES.saturating_sub(budget.unpacked.get()) {
            return Err(Refused::Limit(MSG_UNPACKED));
        }
        let inner: Box<dyn Read + 'a> = match raw.compression() {
            CompressionMethod::Stored => Box::new(raw),
            CompressionMethod::Deflated => Box::new(DeflateDecoder::new(raw)),
            _ => return Err(Refused::Unreadable),
        };
        Ok(Part {
            inner: BufReader::with_capacity(CHUNK, inner),
            budget,
            declared,
            read: 0,
            run: 0,
            run_message: MSG_XML_RUN,
        })
    }

    /// While a cell's text is read, an over-long run is over-long text.
    pub fn set_run_message(&mut self, message: &'static str) {
        self.run_message = message;
    }
}

impl BufRead for Part<'_> {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        if self.read > self.declared {
            return Err(self.budget.trip(MSG_SIZE_LIE));
        }
        if self.budget.unpacked.get() > MAX_UNPACKED_BYTES {
            return Err(self.budget.trip(MSG_UNPACKED));
        }
        if self.run > MAX_XML_RUN {
            return Err(self.budget.trip(self.run_message));
        }
        self.inner.fill_buf()
    }

    fn consume(&mut self, amount: usize) {
        self.inner.consume(amount);
        self.read += amount as u64;
        self.run += amount;
        self.budget.unpacked.set(self.budget.unpacked.get() + amount as u64);
    }
}

impl Read for Part<'_> {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        let available = self.fill_buf()?;
        let amount = available.len().min(out.len());
        out[..amount].copy_from_slice(&available[..amount]);
        self.consume(amount);
        Ok(amount)
    }
}

/// A part's XML, read event by event within the budget.
pub struct Xml<'a> {
    reader: Reader<Part<'a>>,
    budget: &'a Budget,
    buf: Vec<u8>,
}

impl<'a> Xml<'a> {
    pub fn new(part: Part<'a>) -> Xml<'a> {
        let budget = part.budget;
        let mut reader = Reader::from_reader(part);
        let config = reader.config_mut();
        config.check_end_names = false;
        config.trim_text(false);
        config.expand_empty_elements = false;
        Xml { reader, budget, buf: Vec::new() }
    }

    /// The next event; its bytes, not the part's, are what `MAX_XML_RUN` bounds.
    pub fn next(&mut self) -> Result<Event<'_>, Refused> {
        self.buf.clear();
        self.reader.get_mut().run = 0;
        let budget = self.budget;
        self.reader.read_event_into(&mut self.buf).map_err(|_| budget.refusal())
    }

    pub fn set_run_message(&mut self, message: &'static str) {
        self.reader.get_mut().set_run_message(message);
    }

    /// The text up to the end of the element `local` just started (character and entity references
    /// resolved, tags within skipped), at most `MAX_CELL_CHARS` characters.
    pub fn text_until_end(&mut self, local: &str) -> Result<String, Refused> {
        self.set_run_message(MSG_CELL);
        let mut text = String::new();
        let mut chars = 0;
        let outcome = loop {
            let piece: Cow<'static, str> = match self.next() {
                Ok(Event::Text(content)) => Cow::Owned(content.xml10_content().into_owned()),
                Ok(Event::CData(content)) => Cow::Owned(content.xml10_content().into_owned()),
                Ok(Event::GeneralRef(reference)) => match reference.resolve_char_ref() {
                    Ok(Some(character)) => Cow::Owned(character.to_string()),
                    Ok(None) => match quick_xml::escape::resolve_xml_entity(&reference) {
                        Some(resolved) => Cow::Borrowed(resolved),
                        None => break Err(Refused::Unreadable),
                    },
                    Err(_) => break Err(Refused::Unreadable),
                },
                Ok(Event::End(end)) if end.local_name().as_ref() == local => break Ok(()),
                Ok(Event::Eof) => break Err(Refused::Unreadable),
                Ok(_) => continue,
                Err(refused) => break Err(refused),
            };
            chars += piece.chars().count();
            if chars > MAX_CELL_CHARS {
                break Err(Refused::Limit(MSG_CELL));
            }
            text.push_str(&piece);
        };
        self.set_run_message(MSG_XML_RUN);
        outcome.map(|()| text)
    }
}

/// The value of attribute `name` (qualified as written, e.g. `r`, `xml:space`), entity references resolved.
pub fn attribute(element: &BytesStart<'_>, name: &str) -> Result<Option<String>, Refused> {
    for attribute in element.attributes().with_checks(false) {
        let attribute = attribute.map_err(|_| Refused::Unreadable)?;
        if attribute.key.as_ref() == name {
            let value = attribute.normalized_value(quick_xml::XmlVersion::Implicit1_0);
            return value.map(Cow::into_owned).map(Some).map_err(|_| Refused::Unreadable);
        }
    }
    Ok(None)
}

/// The value of a prefixed attribute whose local name is `local` (`r:id`, whatever the prefix).
pub fn prefixed_attribute(element: &BytesStart<'_>, local: &str) -> Result<Option<String>, Refused> {
    for attribute in element.attributes().with_checks(false) {
        let attribute = attribute.map_err(|_| Refused::Unreadable)?;
        if attribute.key.prefix().is_some() && attribute.key.local_name().as_ref() == local {
            let value = attribute.normalized_value(quick_xml::XmlVersion::Implicit1_0);
            return value.map(Cow::into_owned).map(Some).map_err(|_| Refused::Unreadable);
        }
    }
    Ok(None)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_messages_name_their_limits() {
        let mib = |bytes: u64| format!("{}MB", bytes / 1024 / 1024);
        assert!(MSG_UNPACKED.ends_with(&mib(MAX_UNPACKED_BYTES)));
        assert!(MSG_EXTENT.contains(&format!("{MAX_ROWS} 行、{MAX_COLUMNS} 列")));
        assert!(MSG_SHARED.contains(&format!("{MAX_SHARED_STRINGS} 条、共 {}", mib(MAX_SHARED_TEXT_BYTES as u64))));
        assert!(MSG_CELL.contains(&MAX_CELL_CHARS.to_string()));
        assert!(MSG_ROWS_TEXT.ends_with(&mib(MAX_ROWS_TEXT_BYTES as u64)));
        assert!(MSG_ENTRIES.contains(&MAX_ENTRIES.to_string()));
        assert!(MSG_STYLES.contains(&MAX_STYLES.to_string()));
        assert!(MSG_XML_RUN.contains(&format!("{}KB", MAX_XML_RUN / 1024)));
        for message in [MSG_UNPACKED, MSG_SIZE_LIE, MSG_EXTENT, MSG_SHARED, MSG_CELL, MSG_ROWS_TEXT, MSG_XML_RUN] {
            assert!(message.starts_with("文件内容超过限制："), "{message}");
        }
    }
}
