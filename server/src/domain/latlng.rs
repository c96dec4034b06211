//! Map coordinates (spec §5 "Map"): longitude 73.66–135.05 and latitude 3.86–53.55, inclusive, compared
//! exactly on the decimal text (no float rounding at the bounds). The project's Latlng text is "lat,lng".

use super::{Invalid, all_digits};
use crate::domain::text::MSG_LATLNG_REQUIRED;

pub const MSG_RANGE: &str = "中国经纬度范围为经度73.66~135.05,纬度3.86~53.55";
pub const INPUT_MAX_CHARS: usize = 20;

/// Bounds in hundredths of a degree.
const LNG: (u64, u64) = (7366, 13505);
const LAT: (u64, u64) = (386, 5355);

#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Latlng {
    pub lat: f64,
    pub lng: f64,
}

/// The input filter of the coordinate boxes: digits, the first dot, a minus only in front; at most 20 chars.
pub fn filter_input(input: &str) -> String {
    let mut out = String::new();
    for c in input.chars() {
        let keep = c.is_ascii_digit() || (c == '.' && !out.contains('.')) || (c == '-' && out.is_empty());
        if keep {
            out.push(c);
        }
    }
    out.chars().take(INPUT_MAX_CHARS).collect()
}

/// Whether the decimal text lies within [min, max] (hundredths), exactly.
fn within(text: &str, (min, max): (u64, u64)) -> bool {
    let (integer, fraction) = text.split_once('.').unwrap_or((text, ""));
    if !all_digits(integer) || (text.contains('.') && !all_digits(fraction)) || integer.len() > 6 {
        return false;
    }
    let (head, tail) = fraction.split_at(fraction.len().min(2));
    let Ok(whole) = integer.parse::<u64>() else { return false };
    let Ok(cents) = format!("{head:0<2}").parse::<u64>() else { return false };
    let scaled = whole * 100 + cents;
    let beyond = tail.bytes().any(|b| b != b'0');
    scaled >= min && (scaled < max || (scaled == max && !beyond))
}

fn coordinate(input: &str, bounds: (u64, u64)) -> Result<f64, Invalid> {
    let text = input.trim();
    if text.is_empty() {
        return Err(Invalid(MSG_LATLNG_REQUIRED));
    }
    if !within(text, bounds) {
        return Err(Invalid(MSG_RANGE));
    }
    text.parse().map_err(|_| Invalid(MSG_RANGE))
}

pub fn longitude(input: &str) -> Result<f64, Invalid> {
    coordinate(input, LNG)
}

pub fn latitude(input: &str) -> Result<f64, Invalid> {
    coordinate(input, LAT)
}

impl Latlng {
    /// The project's "lat,lng" text.
    pub fn parse(input: &str) -> Result<Latlng, Invalid> {
        let text = input.trim();
        if text.is_empty() {
            return Err(Invalid(MSG_LATLNG_REQUIRED));
        }
        let (lat, lng) = text.split_once(',').ok_or(Invalid(MSG_RANGE))?;
        Ok(Latlng {
            lat: latitude(lat).map_err(|_| Invalid(MSG_RANGE))?,
            lng: longitude(lng).map_err(|_| Invalid(MSG_RANGE))?,
        })
    }
}

impl std::fmt::Display for Latlng {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{},{}", self.lat, self.lng)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::vectors::{cases, expect, input, message};

    #[test]
    fn shared_vectors() {
        for case in cases(include_str!("../../../vectors/latlng.json")) {
            let text = input(&case);
            match case["rule"].as_str().unwrap() {
                "filter" => assert_eq!(filter_input(text), expect(&case, "value").as_str().unwrap(), "case {case}"),
                "lng" => assert_eq!(longitude(text).err().map(|e| e.0), message(&case), "case {case}"),
                "lat" => assert_eq!(latitude(text).err().map(|e| e.0), message(&case), "case {case}"),
                "latlng" => {
                    let parsed = Latlng::parse(text);
                    assert_eq!(parsed.err().map(|e| e.0), message(&case), "case {case}");
                    if let (Ok(value), Some(lat), Some(lng)) =
                        (parsed, expect(&case, "lat").as_f64(), expect(&case, "lng").as_f64())
                    {
                        assert_eq!((value.lat, value.lng), (lat, lng), "case {case}");
                    }
                }
                rule => panic!("unknown rule {rule}"),
            }
        }
    }
}
