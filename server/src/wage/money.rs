//! Yuan in the API, fen in storage: exact conversions without floating point.

/// The largest amount one wage line may carry: 9,999,999.99 yuan.
pub const LINE_MAX_FEN: i64 = 999_999_999;

/// Fen as yuan with two decimals: pure, so the domain holds it (the attendance sheet writes it too).
pub use crate::domain::money::yuan;

/// Fen as yuan with thousands separators: 1234567 → "12,345.67".
pub fn yuan_grouped(fen: i64) -> String {
    let plain = yuan(fen);
    let (sign, rest) = plain.strip_prefix('-').map_or(("", plain.as_str()), |rest| ("-", rest));
    let (whole, cents) = rest.split_once('.').unwrap_or((rest, "00"));
    let mut grouped = String::new();
    for (index, digit) in whole.chars().enumerate() {
        if index > 0 && (whole.len() - index).is_multiple_of(3) {
            grouped.push(',');
        }
        grouped.push(digit);
    }
    format!("{sign}{grouped}.{cents}")
}

/// A non-negative amount in yuan (`123`, `123.4`, `123.45`) as fen; at most [`LINE_MAX_FEN`].
pub fn parse_yuan(text: &str) -> Option<i64> {
    let text = text.trim();
    let (whole, cents) = text.split_once('.').unwrap_or((text, ""));
    let digits = |part: &str| part.bytes().all(|b| b.is_ascii_digit());
    if whole.is_empty()
        || whole.len() > 7
        || !digits(whole)
        || !digits(cents)
        || cents.len() > 2
        || (text.contains('.') && cents.is_empty())
    {
        return None;
    }
    let fen = whole.parse::<i64>().ok()? * 100 + format!("{cents:0<2}").parse::<i64>().ok()?;
    (fen <= LINE_MAX_FEN).then_some(fen)
}

/// `numerator / denominator` rounded half up, for non-negative integers.
pub fn div_half_up(numerator: i64, denominator: i64) -> i64 {
    (2 * numerator + denominator) / (2 * denominator)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn yuan_both_ways_exactly() {
        assert_eq!(yuan(0), "0.00");
        assert_eq!(yuan(1_234_567), "12345.67");
        assert_eq!(yuan(-5), "-0.05");
        assert_eq!(yuan_grouped(1_234_567), "12,345.67");
        assert_eq!(yuan_grouped(100_000_000), "1,000,000.00");
        assert_eq!(yuan_grouped(99), "0.99");
        assert_eq!(parse_yuan("350"), Some(35_000));
        assert_eq!(parse_yuan("0.1"), Some(10));
        assert_eq!(parse_yuan("12345.67"), Some(1_234_567));
        assert_eq!(parse_yuan("9999999.99"), Some(LINE_MAX_FEN));
        for bad in ["", "-1", "1.234", "1.", ".5", "1e3", "10000000", "12,3"] {
            assert_eq!(parse_yuan(bad), None, "{bad}");
        }
    }

    #[test]
    fn half_up() {
        assert_eq!(div_half_up(5, 2), 3);
        assert_eq!(div_half_up(4, 3), 1);
        assert_eq!(div_half_up(2, 3), 1);
        assert_eq!(div_half_up(1, 3), 0);
    }
}
