//! Contact phones (spec §5): a mobile number `1[3-9]` + 9 digits, or a landline with its area code,
//! `0` + 2–3 digits, a dash, and a 6–9 digit local number that starts with 2–9 (e.g. 0371-65888888).

use super::{Invalid, all_digits};

pub const MSG_REQUIRED: &str = "请填写联系电话";
pub const MSG_INVALID: &str = "请填写正确的联系电话";

/// A valid phone number as written (trimmed).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Phone(String);

pub fn is_mobile(text: &str) -> bool {
    let bytes = text.as_bytes();
    text.len() == 11 && all_digits(text) && bytes[0] == b'1' && (b'3'..=b'9').contains(&bytes[1])
}

pub fn is_landline(text: &str) -> bool {
    let Some((area, local)) = text.split_once('-') else { return false };
    (3..=4).contains(&area.len())
        && area.starts_with('0')
        && all_digits(area)
        && (6..=9).contains(&local.len())
        && all_digits(local)
        && !local.starts_with(['0', '1'])
}

impl Phone {
    /// A required phone.
    pub fn parse(input: &str) -> Result<Phone, Invalid> {
        let text = input.trim();
        if text.is_empty() {
            return Err(Invalid(MSG_REQUIRED));
        }
        if is_mobile(text) || is_landline(text) { Ok(Phone(text.to_owned())) } else { Err(Invalid(MSG_INVALID)) }
    }

    /// An optional phone (the bank account's contact): empty is `None`, anything else must be valid.
    pub fn parse_optional(input: &str) -> Result<Option<Phone>, Invalid> {
        if input.trim().is_empty() { Ok(None) } else { Phone::parse(input).map(Some) }
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
        for case in cases(include_str!("../../../vectors/phone.json")) {
            let actual = match case["rule"].as_str().unwrap() {
                "phone" => Phone::parse(input(&case)).err(),
                "optionalPhone" => Phone::parse_optional(input(&case)).err(),
                rule => panic!("unknown rule {rule}"),
            };
            assert_eq!(actual.map(|e| e.0), message(&case), "case {case}");
        }
    }
}
