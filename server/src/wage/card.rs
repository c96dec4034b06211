//! What makes a wage card unusable before money moves (salaryCheck, the re-issue, the sandbox bank).
//! The roster accepts any 12–30 digits (docs/decisions.md: some issuers' numbers fail Luhn); UnionPay
//! publishes its check digit (Luhn) for its 16–19-digit cards beginning with 62, so those are checked.

pub const PROBLEM_MISSING: &str = "未登记工资卡";
pub const PROBLEM_SHAPE: &str = "卡号应为12-30位数字";
pub const PROBLEM_CHECK_DIGIT: &str = "卡号校验位错误";

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

/// Why this card cannot be paid into, or None when it can.
pub fn problem(card: &str) -> Option<&'static str> {
    let card = card.trim();
    if card.is_empty() {
        return Some(PROBLEM_MISSING);
    }
    if !(12..=30).contains(&card.len()) || !card.bytes().all(|b| b.is_ascii_digit()) {
        return Some(PROBLEM_SHAPE);
    }
    if is_unionpay(card) && !luhn_ok(card) {
        return Some(PROBLEM_CHECK_DIGIT);
    }
    None
}

/// The Luhn check digit that completes `body`.
pub fn check_digit(body: &str) -> char {
    (b'0'..=b'9').map(char::from).find(|digit| luhn_ok(&format!("{body}{digit}"))).unwrap_or('0')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unionpay_cards_carry_a_luhn_digit() {
        assert!(luhn_ok("79927398713"));
        assert!(!luhn_ok("79927398710"));
        assert_eq!(problem("6222021234567890128"), None);
        assert_eq!(problem("6222021234567890129"), Some(PROBLEM_CHECK_DIGIT));
        assert_eq!(problem("123456789012"), None, "other issuers: the shape only");
        assert_eq!(problem(""), Some(PROBLEM_MISSING));
        assert_eq!(problem("12345"), Some(PROBLEM_SHAPE));
        assert_eq!(problem("62220212345678901a"), Some(PROBLEM_SHAPE));
        assert_eq!(check_digit("622202123456789012"), '8');
    }
}
