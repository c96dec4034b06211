//! Field rules of the worker forms that no other form shares: the wage standard in yuan, the ID-card
//! validity and the training hours (the wage card is `domain::wage_card`, shared with the wage area). The console checks the same rules with the same messages
//! (web/src/utils/rules/worker.ts).

use time::Date;

use crate::domain::dates::{format_date, parse_date};
use crate::domain::{Invalid, all_digits};

pub const MSG_WAGE_REQUIRED: &str = "请填写工资标准";
pub const MSG_WAGE: &str = "工资标准应为不超过99999.99元的金额，最多2位小数";
pub const MSG_WAGE_ZERO: &str = "工资标准应大于0";
pub const MSG_VALID_TO: &str = "身份证有效期截止日期应为日期或“长期”";
pub const MSG_VALIDITY_ORDER: &str = "身份证有效期开始日期不能晚于截止日期";
pub const MSG_HOURS: &str = "培训学时应为0.5-24之间的数字，最多1位小数";
pub const MSG_TEXT_TOO_LONG: &str = "输入的文字超过上限";

/// The validity end of an ID card that never expires.
pub const LONG_TERM: &str = "长期";
/// The largest wage standard: 99,999.99 yuan (a daily or monthly rate).
pub const WAGE_MAX_FEN: i64 = 9_999_999;

/// A wage standard in yuan (`123`, `123.5`, `123.45`) as fen, exactly; greater than zero, at most
/// 99,999.99.
pub fn wage_fen(input: &str) -> Result<i64, Invalid> {
    let text = input.trim();
    if text.is_empty() {
        return Err(Invalid(MSG_WAGE_REQUIRED));
    }
    let (integer, fraction) = text.split_once('.').unwrap_or((text, ""));
    let shape_ok = all_digits(integer)
        && (!text.contains('.') || all_digits(fraction))
        && fraction.len() <= 2
        && integer.len() <= 5
        && !(integer.len() > 1 && integer.starts_with('0'));
    if !shape_ok {
        return Err(Invalid(MSG_WAGE));
    }
    let yuan: i64 = integer.parse().map_err(|_| Invalid(MSG_WAGE))?;
    let cents: i64 = format!("{fraction:0<2}").parse().map_err(|_| Invalid(MSG_WAGE))?;
    match yuan * 100 + cents {
        0 => Err(Invalid(MSG_WAGE_ZERO)),
        fen => Ok(fen),
    }
}

/// Fen as yuan with two decimals: 35000 → "350.00".
pub fn fen_to_yuan(fen: i64) -> String {
    format!("{}.{:02}", fen / 100, fen % 100)
}

/// The ID card's validity: both ends optional (the ID supplement completes them); the end is a date or
/// 长期; a start after a dated end is refused. Answers the stored texts.
pub fn id_validity(from: &str, to: &str) -> Result<(String, String), Invalid> {
    let start: Option<Date> = parse_date(from)?;
    let to = to.trim();
    let end = if to == LONG_TERM {
        LONG_TERM.to_owned()
    } else {
        match parse_date(to).map_err(|_| Invalid(MSG_VALID_TO))? {
            Some(end) => {
                if start.is_some_and(|start| start > end) {
                    return Err(Invalid(MSG_VALIDITY_ORDER));
                }
                format_date(end)
            }
            None => String::new(),
        }
    };
    Ok((start.map(format_date).unwrap_or_default(), end))
}

/// Optional free text of at most `max` characters (trimmed).
pub fn short_text(input: &str, max: usize, message: &'static str) -> Result<String, Invalid> {
    let value = input.trim();
    if value.chars().count() > max { Err(Invalid(message)) } else { Ok(value.to_owned()) }
}

/// Training hours (`2`, `1.5`) as tenths, 0.5–24.
pub fn hours_tenths(input: &str) -> Result<i64, Invalid> {
    let text = input.trim();
    let (integer, fraction) = text.split_once('.').unwrap_or((text, ""));
    if !all_digits(integer) || integer.len() > 2 || fraction.len() > 1 || (text.contains('.') && !all_digits(fraction))
    {
        return Err(Invalid(MSG_HOURS));
    }
    let tenths = integer.parse::<i64>().map_err(|_| Invalid(MSG_HOURS))? * 10 + fraction.parse::<i64>().unwrap_or(0);
    if (5..=240).contains(&tenths) { Ok(tenths) } else { Err(Invalid(MSG_HOURS)) }
}

/// Tenths of an hour as text: 15 → "1.5", 20 → "2".
pub fn hours_text(tenths: i64) -> String {
    if tenths % 10 == 0 { (tenths / 10).to_string() } else { format!("{}.{}", tenths / 10, tenths % 10) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::vectors::{cases, expect, input, message};

    /// vectors/worker.json, which the console's rules run too.
    #[test]
    fn shared_vectors() {
        for case in cases(include_str!("../../../vectors/worker.json")) {
            let (rule, text) = (case["rule"].as_str().unwrap(), input(&case));
            let (refusal, value) = match rule {
                "wage" => split(wage_fen(text).map(|fen| fen.to_string())),
                "hours" => split(hours_tenths(text).map(|tenths| tenths.to_string())),
                rule => panic!("unknown rule {rule}"),
            };
            assert_eq!(refusal, message(&case), "case {case}");
            let key = if rule == "wage" { "fen" } else { "tenths" };
            if let Some(expected) = expect(&case, key).as_str() {
                assert_eq!(value.as_deref(), Some(expected), "case {case}");
            }
        }
    }

    fn split(result: Result<String, Invalid>) -> (Option<&'static str>, Option<String>) {
        match result {
            Ok(value) => (None, Some(value)),
            Err(invalid) => (Some(invalid.0), None),
        }
    }

    #[test]
    fn wages_are_exact_yuan_with_two_decimals() {
        assert_eq!(wage_fen("350"), Ok(35_000));
        assert_eq!(wage_fen(" 350.5 "), Ok(35_050));
        assert_eq!(wage_fen("0.01"), Ok(1));
        assert_eq!(wage_fen("99999.99"), Ok(WAGE_MAX_FEN));
        assert_eq!(wage_fen(""), Err(Invalid(MSG_WAGE_REQUIRED)));
        assert_eq!(wage_fen("0"), Err(Invalid(MSG_WAGE_ZERO)));
        for bad in ["100000", "1.234", "01", "-5", "1e3", "3.", ".5", "abc"] {
            assert_eq!(wage_fen(bad), Err(Invalid(MSG_WAGE)), "{bad}");
        }
        assert_eq!(fen_to_yuan(35_050), "350.50");
        assert_eq!(fen_to_yuan(1), "0.01");
    }

    #[test]
    fn validity_ends_with_a_date_or_long_term() {
        assert_eq!(id_validity("2020-01-01", "长期"), Ok(("2020-01-01".to_owned(), "长期".to_owned())));
        assert_eq!(id_validity("", ""), Ok((String::new(), String::new())));
        assert_eq!(id_validity("2020-01-01", "2040-01-01"), Ok(("2020-01-01".to_owned(), "2040-01-01".to_owned())));
        assert_eq!(id_validity("2020-01-01", "2019-01-01"), Err(Invalid(MSG_VALIDITY_ORDER)));
        assert_eq!(id_validity("", "永久"), Err(Invalid(MSG_VALID_TO)));
    }

    #[test]
    fn hours_are_tenths_between_half_an_hour_and_a_day() {
        assert_eq!(hours_tenths("2"), Ok(20));
        assert_eq!(hours_tenths("1.5"), Ok(15));
        assert_eq!(hours_tenths("0.5"), Ok(5));
        assert_eq!(hours_tenths("24"), Ok(240));
        for bad in ["0.4", "24.5", "1.25", "", "x", "100"] {
            assert_eq!(hours_tenths(bad), Err(Invalid(MSG_HOURS)), "{bad}");
        }
        assert_eq!(hours_text(15), "1.5");
        assert_eq!(hours_text(20), "2");
    }
}
