//! Unified social credit codes (GB 32100-2015): 18 characters from a 31-character set without I, O, S, V
//! and Z; characters 3–8 are the administrative division code (digits); the 18th is a check character.
//! Input is trimmed and upper-cased. Where the spec allows it ('/' if the unit has none), '/' is accepted.

use super::{Invalid, all_digits};

pub const MSG_REQUIRED: &str = "请填写统一社会信用代码";
pub const MSG_INVALID: &str = "请填写正确的统一社会信用代码";

const CHARSET: &[u8; 31] = b"0123456789ABCDEFGHJKLMNPQRTUWXY";
const WEIGHTS: [u32; 17] = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];

/// A valid unified social credit code (upper-case).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CreditCode(String);

/// A unit's code where '/' (none) is allowed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CreditCodeOrNone {
    Code(CreditCode),
    None,
}

fn value_of(byte: u8) -> Option<u32> {
    CHARSET.iter().position(|&c| c == byte).map(|p| p as u32)
}

/// The check character of the first 17 characters.
pub fn check_char(first17: &str) -> Option<char> {
    if first17.len() != 17 {
        return None;
    }
    let mut sum = 0;
    for (byte, weight) in first17.bytes().zip(WEIGHTS) {
        sum += value_of(byte)? * weight;
    }
    Some(char::from(CHARSET[((31 - sum % 31) % 31) as usize]))
}

impl CreditCode {
    pub fn parse(input: &str) -> Result<CreditCode, Invalid> {
        let code = input.trim().to_ascii_uppercase();
        if code.is_empty() {
            return Err(Invalid(MSG_REQUIRED));
        }
        if code.len() != 18 || !code.is_ascii() || !all_digits(&code[2..8]) {
            return Err(Invalid(MSG_INVALID));
        }
        let (body, check) = code.split_at(17);
        match check_char(body) {
            Some(expected) if check.starts_with(expected) => Ok(CreditCode(code)),
            _ => Err(Invalid(MSG_INVALID)),
        }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl CreditCodeOrNone {
    pub fn parse(input: &str) -> Result<CreditCodeOrNone, Invalid> {
        if input.trim() == "/" {
            return Ok(CreditCodeOrNone::None);
        }
        CreditCode::parse(input).map(CreditCodeOrNone::Code)
    }

    /// As stored: the code, or '/'.
    pub fn as_str(&self) -> &str {
        match self {
            CreditCodeOrNone::Code(code) => code.as_str(),
            CreditCodeOrNone::None => "/",
        }
    }
}

/// Spec §4: a code of exactly 18 characters triggers the company look-up (before any checksum test).
pub fn triggers_lookup(input: &str) -> bool {
    input.trim().chars().count() == 18
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::vectors::{cases, expect, input, message};

    #[test]
    fn shared_vectors() {
        for case in cases(include_str!("../../../vectors/credit_code.json")) {
            let allow_none = case["allowNone"].as_bool().unwrap_or(false);
            let parsed = if allow_none {
                CreditCodeOrNone::parse(input(&case)).map(|c| c.as_str().to_owned())
            } else {
                CreditCode::parse(input(&case)).map(|c| c.as_str().to_owned())
            };
            assert_eq!(parsed.as_ref().err().map(|e| e.0), message(&case), "case {case}");
            if let (Ok(code), Some(expected)) = (&parsed, expect(&case, "code").as_str()) {
                assert_eq!(code, expected, "case {case}");
            }
        }
    }

    #[test]
    fn check_character_by_hand() {
        // 9*1+1*3+3*9+5*27+0*19+1*26+0*16+0*17+M(21)*20+0*29+0*25+0*13+1*8+0*24+0*10+Y(30)*30+4*28 = 1640;
        // 1640 mod 31 = 28; 31 - 28 = 3 → '3'
        assert_eq!(check_char("91350100M000100Y4"), Some('3'));
        assert_eq!(check_char("91350100I000100Y4"), None);
        assert!(triggers_lookup(" 91350100M000100Y43 "));
        assert!(!triggers_lookup("/"));
    }
}
