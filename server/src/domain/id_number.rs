//! Chinese resident identity numbers (GB 11643-1999): the 18-digit form with its check character and the
//! legacy 15-digit form (birth year 19YY, no check character). Gender, birth date, age and province come
//! from the number.

use time::{Date, Month};

use super::{Invalid, all_digits};

pub const MSG_INVALID: &str = "请填写正确的身份证号码";

const WEIGHTS: [u32; 17] = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const CHECK_CHARS: [u8; 11] = *b"10X98765432";

/// Province-level division codes (GB/T 2260, first two digits), plus 83 for the residence permits of
/// Taiwan residents.
const PROVINCES: [(&str, &str); 35] = [
    ("11", "北京市"),
    ("12", "天津市"),
    ("13", "河北省"),
    ("14", "山西省"),
    ("15", "内蒙古自治区"),
    ("21", "辽宁省"),
    ("22", "吉林省"),
    ("23", "黑龙江省"),
    ("31", "上海市"),
    ("32", "江苏省"),
    ("33", "浙江省"),
    ("34", "安徽省"),
    ("35", "福建省"),
    ("36", "江西省"),
    ("37", "山东省"),
    ("41", "河南省"),
    ("42", "湖北省"),
    ("43", "湖南省"),
    ("44", "广东省"),
    ("45", "广西壮族自治区"),
    ("46", "海南省"),
    ("50", "重庆市"),
    ("51", "四川省"),
    ("52", "贵州省"),
    ("53", "云南省"),
    ("54", "西藏自治区"),
    ("61", "陕西省"),
    ("62", "甘肃省"),
    ("63", "青海省"),
    ("64", "宁夏回族自治区"),
    ("65", "新疆维吾尔自治区"),
    ("71", "台湾省"),
    ("81", "香港特别行政区"),
    ("82", "澳门特别行政区"),
    ("83", "台湾省"),
];

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Gender {
    Male,
    Female,
}

impl Gender {
    pub fn label(self) -> &'static str {
        match self {
            Gender::Male => "男",
            Gender::Female => "女",
        }
    }
}

/// A valid identity number, as written (upper-case X), 15 or 18 characters.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IdNumber {
    number: String,
    birth: Date,
    province: &'static str,
}

/// The check character of the first 17 digits of an 18-digit number.
pub fn check_char(first17: &str) -> Option<char> {
    if first17.len() != 17 || !all_digits(first17) {
        return None;
    }
    let sum: u32 = first17.bytes().zip(WEIGHTS).map(|(b, w)| u32::from(b - b'0') * w).sum();
    Some(char::from(CHECK_CHARS[(sum % 11) as usize]))
}

fn province_of(code: &str) -> Option<&'static str> {
    PROVINCES.iter().find(|(c, _)| *c == code).map(|(_, name)| *name)
}

fn date_from(year: &str, month: &str, day: &str) -> Option<Date> {
    let year: i32 = year.parse().ok()?;
    let month = Month::try_from(month.parse::<u8>().ok()?).ok()?;
    Date::from_calendar_date(year, month, day.parse().ok()?).ok()
}

impl IdNumber {
    /// Trims, upper-cases a final x, and checks length, digits, province, birth date (1800–2099, a real
    /// calendar day) and, for 18 digits, the check character.
    pub fn parse(input: &str) -> Result<IdNumber, Invalid> {
        let number = input.trim().to_ascii_uppercase();
        let invalid = Invalid(MSG_INVALID);
        if !number.is_ascii() {
            return Err(invalid);
        }
        let birth = match number.len() {
            18 => {
                let (body, check) = number.split_at(17);
                if check_char(body).map(String::from).as_deref() != Some(check) {
                    return Err(invalid);
                }
                if !matches!(&number[6..8], "18" | "19" | "20") {
                    return Err(invalid);
                }
                date_from(&number[6..10], &number[10..12], &number[12..14])
            }
            15 if all_digits(&number) => date_from(&format!("19{}", &number[6..8]), &number[8..10], &number[10..12]),
            _ => None,
        }
        .ok_or(invalid)?;
        let province = province_of(&number[0..2]).ok_or(invalid)?;
        Ok(IdNumber { number, birth, province })
    }

    pub fn as_str(&self) -> &str {
        &self.number
    }

    pub fn birth_date(&self) -> Date {
        self.birth
    }

    /// Odd sequence digit (the 17th of 18, the 15th of 15) is male.
    pub fn gender(&self) -> Gender {
        let digit = if self.number.len() == 18 { self.number.as_bytes()[16] } else { self.number.as_bytes()[14] };
        if (digit - b'0') % 2 == 1 { Gender::Male } else { Gender::Female }
    }

    /// The province-level division the number was issued in.
    pub fn province(&self) -> &'static str {
        self.province
    }

    /// Full years of age on `today`; `None` when `today` is before the birth date.
    pub fn age_on(&self, today: Date) -> Option<u32> {
        if today < self.birth {
            return None;
        }
        let mut age = today.year() - self.birth.year();
        if (today.month() as u8, today.day()) < (self.birth.month() as u8, self.birth.day()) {
            age -= 1;
        }
        u32::try_from(age).ok()
    }
}

impl std::fmt::Display for IdNumber {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.number)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::vectors::{cases, expect, input, message};

    fn iso(date: Date) -> String {
        format!("{:04}-{:02}-{:02}", date.year(), date.month() as u8, date.day())
    }

    #[test]
    fn shared_vectors() {
        for case in cases(include_str!("../../../vectors/id_number.json")) {
            let parsed = IdNumber::parse(input(&case));
            assert_eq!(parsed.as_ref().err().map(|e| e.0), message(&case), "case {case}");
            let Ok(id) = parsed else { continue };
            if let Some(number) = expect(&case, "number").as_str() {
                assert_eq!(id.as_str(), number, "case {case}");
            }
            if let Some(gender) = expect(&case, "gender").as_str() {
                assert_eq!(id.gender().label(), gender, "case {case}");
            }
            if let Some(birth) = expect(&case, "birth").as_str() {
                assert_eq!(iso(id.birth_date()), birth, "case {case}");
            }
            if let Some(province) = expect(&case, "province").as_str() {
                assert_eq!(id.province(), province, "case {case}");
            }
            if let Some(on) = expect(&case, "ageOn").as_str() {
                let today = crate::domain::dates::parse_date(on).unwrap().unwrap();
                let age = id.age_on(today).map(u64::from);
                assert_eq!(age, expect(&case, "age").as_u64(), "case {case}");
            }
        }
    }

    #[test]
    fn check_character_by_hand() {
        // 1*7+1*9+0*10+1*5+0*8+5*4+1*2+9*1+4*6+9*3+1*7+2*9+3*10+1*5+0*8+0*4+2*2 = 167; 167 mod 11 = 2 → X
        assert_eq!(check_char("11010519491231002"), Some('X'));
        assert_eq!(check_char("1101051949123100"), None);
        assert_eq!(PROVINCES.iter().filter(|(c, _)| *c != "83").count(), 34);
    }
}
