//! Amounts the forms write in 万元 (10,000 yuan), held exactly as integer fen: 1 万元 = 1,000,000 fen, so
//! the 6 decimals the spec allows are exactly one fen. No floating point anywhere.

use super::{Invalid, all_digits};

pub const FEN_PER_WAN: u64 = 1_000_000;
/// 100 million yuan in fen.
pub const HUNDRED_MILLION_YUAN_FEN: u64 = 100_000_000 * 100;

pub const MSG_PRICE_REQUIRED: &str = "请填写中标合同价格";
pub const MSG_PRICE: &str = "请填写正确的中标合同价格";
pub const MSG_PRICE_DECIMALS: &str = "中标合同价格最多6位小数";
pub const MSG_PRICE_INTEGER: &str = "中标合同价格最多9位整数";
pub const MSG_DEPOSIT_REQUIRED: &str = "请填写保证金金额";
pub const MSG_DEPOSIT: &str = "请填写正确的保证金金额";
pub const MSG_DEPOSIT_DECIMALS: &str = "保证金金额最多6位小数";
pub const MSG_DEPOSIT_INTEGER: &str = "保证金金额最多4位整数";

struct Messages {
    required: &'static str,
    invalid: &'static str,
    decimals: &'static str,
    integer: &'static str,
}

const PRICE: Messages = Messages {
    required: MSG_PRICE_REQUIRED,
    invalid: MSG_PRICE,
    decimals: MSG_PRICE_DECIMALS,
    integer: MSG_PRICE_INTEGER,
};
const DEPOSIT: Messages = Messages {
    required: MSG_DEPOSIT_REQUIRED,
    invalid: MSG_DEPOSIT,
    decimals: MSG_DEPOSIT_DECIMALS,
    integer: MSG_DEPOSIT_INTEGER,
};

/// Parses `digits[.digits]` in 万元 into fen. Checked in this order: empty, shape (digits with at most one
/// dot, digits on both sides, no leading zero but "0.x"), too many decimals, too many integer digits.
fn wan_to_fen(input: &str, max_integer_digits: usize, messages: &Messages) -> Result<u64, Invalid> {
    let text = input.trim();
    if text.is_empty() {
        return Err(Invalid(messages.required));
    }
    let (integer, fraction) = text.split_once('.').unwrap_or((text, ""));
    if !all_digits(integer)
        || (text.contains('.') && !all_digits(fraction))
        || (integer.len() > 1 && integer.starts_with('0'))
    {
        return Err(Invalid(messages.invalid));
    }
    if fraction.len() > 6 {
        return Err(Invalid(messages.decimals));
    }
    if integer.len() > max_integer_digits {
        return Err(Invalid(messages.integer));
    }
    let whole: u64 = integer.parse().map_err(|_| Invalid(messages.invalid))?;
    let fen: u64 = format!("{fraction:0<6}").parse().map_err(|_| Invalid(messages.invalid))?;
    Ok(whole * FEN_PER_WAN + fen)
}

/// ContractPrice (中标合同价格, 万元): required, greater than zero, at most 9 integer digits and 6
/// decimals (so at most 16 of the input's 18 chars).
pub fn contract_price(input: &str) -> Result<u64, Invalid> {
    if input.trim().chars().count() > 18 {
        return Err(Invalid(MSG_PRICE));
    }
    match wan_to_fen(input, 9, &PRICE)? {
        0 => Err(Invalid(MSG_PRICE)),
        fen => Ok(fen),
    }
}

/// Guarantee deposit (保证金, 万元): at most 4 integer digits and 6 decimals; zero is allowed (exempt).
pub fn deposit(input: &str) -> Result<u64, Invalid> {
    wan_to_fen(input, 4, &DEPOSIT)
}

/// The optional deposit of the builder: empty is `None`.
pub fn deposit_optional(input: &str) -> Result<Option<u64>, Invalid> {
    if input.trim().is_empty() { Ok(None) } else { deposit(input).map(Some) }
}

/// Writes fen as 万元 with no trailing zeros: 1500000 → "1.5", 1 → "0.000001".
pub fn fen_to_wan(fen: u64) -> String {
    scaled(fen, FEN_PER_WAN, 6)
}

fn scaled(value: u64, unit: u64, decimals: usize) -> String {
    let whole = value / unit;
    let fraction = value % unit;
    if fraction == 0 {
        return whole.to_string();
    }
    let digits = format!("{fraction:0decimals$}");
    format!("{whole}.{}", digits.trim_end_matches('0'))
}

/// Fen as yuan with two decimals: 1234567 → "12345.67", -5 → "-0.05". Every amount in yuan the API writes
/// (the wage sheets, the attendance sheet's take-backs, the reports) reads this way.
pub fn yuan(fen: i64) -> String {
    let sign = if fen < 0 { "-" } else { "" };
    let fen = fen.unsigned_abs();
    format!("{sign}{}.{:02}", fen / 100, fen % 100)
}

/// Spec §4 price flags, read in the field's unit 万元: 10,000 ≤ price < 1,000,000,000 (万元) sets the
/// warning flag, i.e. from 100 million yuan on.
pub fn price_warning(fen: u64) -> bool {
    (10_000 * FEN_PER_WAN..1_000_000_000 * FEN_PER_WAN).contains(&fen)
}

/// Spec §4: a price above 100 million yuan (more than 10,000 万元) asks the user to confirm it.
pub fn price_needs_confirmation(fen: u64) -> bool {
    fen > HUNDRED_MILLION_YUAN_FEN
}

/// Spec §4: a deposit above the ceiling (desposittop, 万元) sets the warning flag.
pub fn deposit_over_ceiling(deposit_fen: u64, ceiling_fen: u64) -> bool {
    deposit_fen > ceiling_fen
}

/// Spec §4 display of a deposit in 万元: above 9999 万 it is shown in 亿 (1 亿 = 10,000 万), otherwise in
/// 万; no deposit shows the default 200万.
pub fn deposit_display(fen: Option<u64>) -> String {
    match fen {
        None => "200万".to_owned(),
        Some(fen) if fen > 9999 * FEN_PER_WAN => format!("{}亿", scaled(fen, 10_000 * FEN_PER_WAN, 10)),
        Some(fen) => format!("{}万", fen_to_wan(fen)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::vectors::{cases, expect, input, message};

    #[test]
    fn shared_vectors() {
        for case in cases(include_str!("../../../vectors/money.json")) {
            let rule = case["rule"].as_str().unwrap();
            if rule == "depositDisplay" {
                let fen = case["input"].as_str().map(|f| f.parse::<u64>().unwrap());
                assert_eq!(deposit_display(fen), expect(&case, "display").as_str().unwrap(), "case {case}");
                continue;
            }
            if rule == "depositOverCeiling" {
                let deposit = input(&case).parse().unwrap();
                let ceiling = case["ceiling"].as_str().unwrap().parse().unwrap();
                assert_eq!(deposit_over_ceiling(deposit, ceiling), expect(&case, "over").as_bool().unwrap());
                continue;
            }
            let result = match rule {
                "contractPrice" => contract_price(input(&case)),
                "deposit" => deposit(input(&case)),
                rule => panic!("unknown rule {rule}"),
            };
            assert_eq!(result.as_ref().err().map(|e| e.0), message(&case), "case {case}");
            let Ok(fen) = result else { continue };
            if let Some(expected) = expect(&case, "fen").as_str() {
                assert_eq!(fen.to_string(), expected, "case {case}");
            }
            if let Some(expected) = expect(&case, "wan").as_str() {
                assert_eq!(fen_to_wan(fen), expected, "case {case}");
            }
            if let Some(expected) = expect(&case, "warning").as_bool() {
                assert_eq!(price_warning(fen), expected, "case {case}");
            }
            if let Some(expected) = expect(&case, "confirm").as_bool() {
                assert_eq!(price_needs_confirmation(fen), expected, "case {case}");
            }
        }
    }

    #[test]
    fn yuan_has_two_decimals() {
        assert_eq!(yuan(0), "0.00");
        assert_eq!(yuan(1_234_567), "12345.67");
        assert_eq!(yuan(-5), "-0.05");
        assert_eq!(yuan(i64::MIN), "-92233720368547758.08");
    }

    #[test]
    fn the_largest_price_fits() {
        assert_eq!(contract_price("999999999.999999"), Ok(999_999_999_999_999));
        assert_eq!(fen_to_wan(999_999_999_999_999), "999999999.999999");
    }
}
