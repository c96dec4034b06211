//! Wage card numbers, one rule for every path that takes or pays into a card (registration, import, the
//! roster's edit, 异常处理's correction, 工资核查, the re-issue and the sandbox bank). A number is 12–30
//! digits (spaces ignored). UnionPay publishes a Luhn check digit for its 16–19-digit cards beginning
//! with 62; a number failing it is most likely mistyped, but a few older cards do not follow it, so a
//! form asks for confirmation (301) instead of refusing (docs/decisions.md).

use super::{Invalid, all_digits};

pub const MSG_SHAPE: &str = "工资卡号应为12-30位数字";
/// The 301 a form answers for a UnionPay number failing its check digit; names the problem.
pub const MSG_CHECK_DIGIT: &str =
    "工资卡号校验位错误：该银联卡号的末位与前面的数字不符，可能输错了一位，银行可能拒绝入账。确认卡号无误并保存吗？";

pub const PROBLEM_MISSING: &str = "未登记工资卡";
pub const PROBLEM_SHAPE: &str = "卡号应为12-30位数字";
pub const PROBLEM_CHECK_DIGIT: &str = "卡号校验位错误";

/// A wage card number of 12–30 digits; it may still fail UnionPay's check digit (`check_digit_fails`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WageCard(String);

impl WageCard {
    pub fn parse(input: &str) -> Result<WageCard, Invalid> {
        let digits: String = input.chars().filter(|c| !c.is_whitespace()).collect();
        if (12..=30).contains(&digits.len()) && all_digits(&digits) {
            Ok(WageCard(digits))
        } else {
            Err(Invalid(MSG_SHAPE))
        }
    }

    /// An optional card: empty is `None`.
    pub fn parse_optional(input: &str) -> Result<Option<WageCard>, Invalid> {
        if input.trim().is_empty() { Ok(None) } else { WageCard::parse(input).map(Some) }
    }

    /// A UnionPay number whose last digit is not its Luhn check digit.
    pub fn check_digit_fails(&self) -> bool {
        is_unionpay(&self.0) && !luhn_ok(&self.0)
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// Luhn over ASCII digits.
pub fn luhn_ok(digits: &str) -> bool {
    let mut sum = 0u32;
    for (position, byte) in digits.bytes().rev().enumerate() {
        let mut digit = u32::from(byte - b'0');
        if position % 2 == 1 {
            digit *= 2;
            if digit > 9 {
                digit -= 9;
            }
        }
        sum += digit;
    }
    sum.is_multiple_of(10)
}

/// Whether UnionPay's check digit applies: 16–19 digits beginning with 62.
pub fn is_unionpay(digits: &str) -> bool {
    digits.starts_with("62") && (16..=19).contains(&digits.len())
}

/// Why a stored card cannot be paid into, or None when it can (工资核查, the re-issue, the bank).
pub fn problem(card: &str) -> Option<&'static str> {
    let card = card.trim();
    if card.is_empty() {
        return Some(PROBLEM_MISSING);
    }
    match WageCard::parse(card) {
        Err(_) => Some(PROBLEM_SHAPE),
        Ok(card) if card.check_digit_fails() => Some(PROBLEM_CHECK_DIGIT),
        Ok(_) => None,
    }
}

/// The Luhn check digit that completes `body` (demo data).
pub fn check_digit(body: &str) -> char {
    (b'0'..=b'9').map(char::from).find(|digit| luhn_ok(&format!("{body}{digit}"))).unwrap_or('0')
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::vectors::{cases, expect, input, message};

    /// vectors/wage_card.json, which web/src/utils/rules/wageCard.ts runs too.
    #[test]
    fn shared_vectors() {
        for case in cases(include_str!("../../../vectors/wage_card.json")) {
            assert_eq!(case["rule"], "wageCard", "case {case}");
            let parsed = WageCard::parse(input(&case));
            assert_eq!(parsed.as_ref().err().map(|e| e.0), message(&case), "case {case}");
            if let Ok(card) = parsed {
                assert_eq!(Some(card.as_str()), expect(&case, "digits").as_str(), "case {case}");
                assert_eq!(Some(card.check_digit_fails()), expect(&case, "checkDigitFails").as_bool(), "case {case}");
            }
        }
    }

    #[test]
    fn stored_cards_name_their_problem() {
        assert!(luhn_ok("79927398713"));
        assert!(!luhn_ok("79927398710"));
        assert_eq!(problem("6222021234567890128"), None);
        assert_eq!(problem("6222021234567890129"), Some(PROBLEM_CHECK_DIGIT));
        assert_eq!(problem("123456789012"), None, "other issuers: the shape only");
        assert_eq!(problem(""), Some(PROBLEM_MISSING));
        assert_eq!(problem("12345"), Some(PROBLEM_SHAPE));
        assert_eq!(problem("62220212345678901a"), Some(PROBLEM_SHAPE));
        assert_eq!(check_digit("622202123456789012"), '8');
        assert_eq!(WageCard::parse_optional(" "), Ok(None));
    }
}
