//! Yuan in the API, fen in storage (DESIGN §3): exact conversion, never through floating point.

use super::Invalid;

pub const MSG_AMOUNT_REQUIRED: &str = "请填写金额";
pub const MSG_AMOUNT: &str = "请填写正确的金额";
pub const MSG_AMOUNT_DECIMALS: &str = "金额最多2位小数";
pub const MSG_AMOUNT_POSITIVE: &str = "金额必须大于0";
pub const MSG_AMOUNT_TOO_LARGE: &str = "金额不能超过100亿元";

/// The largest single amount: 10,000,000,000.00 yuan.
const MAX_FEN: i64 = 1_000_000_000_000;

/// A positive yuan amount with at most two decimals (`1234`, `1234.5`, `1,234.56`) in fen.
pub fn parse_yuan(input: &str) -> Result<i64, Invalid> {
    let text: String = input.trim().chars().filter(|c| *c != ',').collect();
    if text.is_empty() {
        return Err(Invalid(MSG_AMOUNT_REQUIRED));
    }
    let (integer, decimals) = text.split_once('.').unwrap_or((&text, ""));
    let digits = |part: &str| part.bytes().all(|b| b.is_ascii_digit());
    if integer.is_empty() || !digits(integer) || !digits(decimals) || (text.contains('.') && decimals.is_empty()) {
        return Err(Invalid(MSG_AMOUNT));
    }
    if decimals.len() > 2 {
        return Err(Invalid(MSG_AMOUNT_DECIMALS));
    }
    if integer.trim_start_matches('0').len() > 11 {
        return Err(Invalid(MSG_AMOUNT_TOO_LARGE));
    }
    let yuan: i64 = integer.parse().map_err(|_| Invalid(MSG_AMOUNT))?;
    let cents: i64 = format!("{decimals:0<2}").parse().map_err(|_| Invalid(MSG_AMOUNT))?;
    let fen = yuan * 100 + cents;
    if fen == 0 {
        return Err(Invalid(MSG_AMOUNT_POSITIVE));
    }
    if fen > MAX_FEN {
        return Err(Invalid(MSG_AMOUNT_TOO_LARGE));
    }
    Ok(fen)
}

/// Fen as yuan with two decimals: 123456 → `1234.56`, -5 → `-0.05`.
pub fn yuan(fen: i64) -> String {
    let sign = if fen < 0 { "-" } else { "" };
    let abs = fen.unsigned_abs();
    format!("{sign}{}.{:02}", abs / 100, abs % 100)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_yuan_exactly() {
        assert_eq!(parse_yuan("1234.56"), Ok(123_456));
        assert_eq!(parse_yuan(" 1,200,000 "), Ok(120_000_000));
        assert_eq!(parse_yuan("0.1"), Ok(10));
        assert_eq!(parse_yuan("0.07"), Ok(7));
        assert_eq!(parse_yuan("10000000000"), Ok(MAX_FEN));
        assert_eq!(parse_yuan(""), Err(Invalid(MSG_AMOUNT_REQUIRED)));
        assert_eq!(parse_yuan("1.234"), Err(Invalid(MSG_AMOUNT_DECIMALS)));
        assert_eq!(parse_yuan("-5"), Err(Invalid(MSG_AMOUNT)));
        assert_eq!(parse_yuan("1e3"), Err(Invalid(MSG_AMOUNT)));
        assert_eq!(parse_yuan("5."), Err(Invalid(MSG_AMOUNT)));
        assert_eq!(parse_yuan("0.00"), Err(Invalid(MSG_AMOUNT_POSITIVE)));
        assert_eq!(parse_yuan("10000000000.01"), Err(Invalid(MSG_AMOUNT_TOO_LARGE)));
        assert_eq!(parse_yuan("999999999999999999999"), Err(Invalid(MSG_AMOUNT_TOO_LARGE)));
    }

    #[test]
    fn formats_fen_as_yuan() {
        assert_eq!(yuan(200_000_000), "2000000.00");
        assert_eq!(yuan(7), "0.07");
        assert_eq!(yuan(-5), "-0.05");
        assert_eq!(yuan(0), "0.00");
    }
}
