//! Person names (spec §5): 2–20 Chinese characters, with the middle dot '·' between the parts of a
//! minority name (买买提·艾力), or 1–50 Latin letters with single spaces or dots between words
//! ("Li Lei", "J. Smith", "Martin Luther King Jr."). Input is trimmed.

use super::Invalid;

pub const MSG_INVALID: &str = "请填写规范的姓名";
pub const MIDDLE_DOT: char = '·';

/// A valid name (trimmed).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PersonName(String);

/// CJK unified ideographs: the basic block, extension A, and extensions B–H (rare name characters).
pub fn is_chinese_char(c: char) -> bool {
    matches!(c, '\u{3400}'..='\u{4DBF}' | '\u{4E00}'..='\u{9FFF}' | '\u{20000}'..='\u{323AF}')
}

fn is_chinese_name(name: &str) -> bool {
    let count = name.chars().count();
    (2..=20).contains(&count)
        && name.split(MIDDLE_DOT).all(|part| !part.is_empty() && part.chars().all(is_chinese_char))
}

fn is_latin_name(name: &str) -> bool {
    let count = name.chars().count();
    if !(1..=50).contains(&count) || !name.starts_with(|c: char| c.is_ascii_alphabetic()) {
        return false;
    }
    // After the first letter: letters, or a separator (". ", ".", " ") followed by a letter, or a final dot.
    let bytes = name.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i].is_ascii_alphabetic() {
            i += 1;
            continue;
        }
        let mut j = i;
        if bytes[j] == b'.' {
            j += 1;
            if j == bytes.len() {
                return true;
            }
            if bytes[j] == b' ' {
                j += 1;
            }
        } else if bytes[j] == b' ' {
            j += 1;
        } else {
            return false;
        }
        if j >= bytes.len() || !bytes[j].is_ascii_alphabetic() {
            return false;
        }
        i = j;
    }
    true
}

impl PersonName {
    pub fn parse(input: &str) -> Result<PersonName, Invalid> {
        let name = input.trim();
        if is_chinese_name(name) || is_latin_name(name) {
            Ok(PersonName(name.to_owned()))
        } else {
            Err(Invalid(MSG_INVALID))
        }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::vectors::{cases, input, message};

    #[test]
    fn shared_vectors() {
        for case in cases(include_str!("../../../vectors/person_name.json")) {
            let actual = PersonName::parse(input(&case)).err().map(|e| e.0);
            assert_eq!(actual, message(&case), "case {case}");
        }
    }
}
