//! China's working calendar (issue 11 item 1): which days are working days, which are statutory paid
//! holidays and which are rest days. Weekends are rest days and Monday–Friday working days unless the
//! State Council's arrangement says otherwise; the arrangement is kept as special days (table
//! `calendar_days`, generated from the `chinese-days` package and extended by the regulator).

use std::collections::BTreeMap;

use time::{Date, Month, Weekday};

use super::Invalid;

/// How the arrangement marks a day (column `calendar_days.kind`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SpecialDay {
    /// A statutory holiday the law pays (法定节假日): a day off on a weekday that is not given in lieu.
    Statutory,
    /// A day off that is not paid: a weekend inside a holiday, or a day off given in lieu (调休放假).
    Off,
    /// A weekend day worked to make up for a day off (调休上班).
    Workday,
}

impl SpecialDay {
    pub fn as_str(self) -> &'static str {
        match self {
            SpecialDay::Statutory => "statutory",
            SpecialDay::Off => "off",
            SpecialDay::Workday => "workday",
        }
    }

    pub fn parse(text: &str) -> Option<SpecialDay> {
        match text.trim() {
            "statutory" => Some(SpecialDay::Statutory),
            "off" => Some(SpecialDay::Off),
            "workday" => Some(SpecialDay::Workday),
            _ => None,
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            SpecialDay::Statutory => "法定节假日",
            SpecialDay::Off => "调休放假",
            SpecialDay::Workday => "调休上班",
        }
    }
}

/// What a day is for pay.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DayClass {
    /// A working day: attendance is expected and paid.
    Working,
    /// A statutory holiday: paid to a monthly worker employed that day, attended or not.
    Statutory,
    /// A rest day: unpaid unless worked (then overtime).
    Rest,
}

impl DayClass {
    /// As stored and answered: `working`, `statutory`, `rest`.
    pub fn as_str(self) -> &'static str {
        match self {
            DayClass::Working => "working",
            DayClass::Statutory => "statutory",
            DayClass::Rest => "rest",
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            DayClass::Working => "工作日",
            DayClass::Statutory => "法定节假日",
            DayClass::Rest => "休息日",
        }
    }
}

/// The arrangement's special days; every other day follows the week.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Calendar {
    special: BTreeMap<Date, SpecialDay>,
}

impl Calendar {
    pub fn new(days: impl IntoIterator<Item = (Date, SpecialDay)>) -> Calendar {
        Calendar { special: days.into_iter().collect() }
    }

    pub fn special(&self, day: Date) -> Option<SpecialDay> {
        self.special.get(&day).copied()
    }

    pub fn class(&self, day: Date) -> DayClass {
        match self.special(day) {
            Some(SpecialDay::Statutory) => DayClass::Statutory,
            Some(SpecialDay::Off) => DayClass::Rest,
            Some(SpecialDay::Workday) => DayClass::Working,
            None if matches!(day.weekday(), Weekday::Saturday | Weekday::Sunday) => DayClass::Rest,
            None => DayClass::Working,
        }
    }

    /// Working days from `first` to `last`, inclusive.
    pub fn working_days(&self, first: Date, last: Date) -> i64 {
        days(first, last).filter(|day| self.class(*day) == DayClass::Working).count() as i64
    }
}

/// Every day from `first` to `last`, inclusive.
pub fn days(first: Date, last: Date) -> impl Iterator<Item = Date> {
    std::iter::successors(Some(first), |day| day.next_day()).take_while(move |day| *day <= last)
}

// Validation of the regulator's special days and the calendar's queries (vectors/calendar.json, run by the
// console's utils/rules/calendar.ts too).
pub const MSG_DAY_REQUIRED: &str = "请选择日期";
pub const MSG_DAY: &str = "日期格式应为YYYY-MM-DD";
pub const MSG_MONTH: &str = "月份格式应为YYYY-MM";
pub const MSG_YEAR_REQUIRED: &str = "请选择年份";
pub const MSG_YEAR: &str = "年份应在2000-2100之间";
pub const MSG_KIND: &str = "请选择类型：法定节假日、调休放假或调休上班";
pub const MSG_NAME_REQUIRED: &str = "请填写名称";
pub const MSG_NAME_TOO_LONG: &str = "名称不能超过20个字";
pub const MSG_WORKDAY_ON_WEEKDAY: &str = "调休上班只能设在周六或周日";
pub const MSG_STATUTORY_ON_WEEKEND: &str = "法定节假日只能设在周一至周五，周末的假日请选调休放假";
/// The years the calendar keeps.
pub const YEARS: std::ops::RangeInclusive<i32> = 2000..=2100;
pub const NAME_MAX: usize = 20;

fn digits(text: &str, len: usize) -> bool {
    text.len() == len && text.bytes().all(|b| b.is_ascii_digit())
}

fn in_years(year: i32) -> Result<i32, Invalid> {
    if YEARS.contains(&year) { Ok(year) } else { Err(Invalid(MSG_YEAR)) }
}

/// A year `YYYY` within [`YEARS`].
pub fn parse_year(input: &str) -> Result<i32, Invalid> {
    let text = input.trim();
    if text.is_empty() {
        return Err(Invalid(MSG_YEAR_REQUIRED));
    }
    if !digits(text, 4) {
        return Err(Invalid(MSG_YEAR));
    }
    in_years(text.parse().map_err(|_| Invalid(MSG_YEAR))?)
}

/// A month `YYYY-MM` within [`YEARS`]: its first day.
pub fn parse_month(input: &str) -> Result<Date, Invalid> {
    let invalid = Invalid(MSG_MONTH);
    let (year, month) = input.trim().split_once('-').ok_or(invalid)?;
    if !digits(year, 4) || !digits(month, 2) {
        return Err(invalid);
    }
    let month = Month::try_from(month.parse::<u8>().map_err(|_| invalid)?).map_err(|_| invalid)?;
    let year = in_years(year.parse().map_err(|_| invalid)?)?;
    Date::from_calendar_date(year, month, 1).map_err(|_| invalid)
}

/// A day `YYYY-MM-DD` within [`YEARS`].
pub fn parse_day(input: &str) -> Result<Date, Invalid> {
    let text = input.trim();
    if text.is_empty() {
        return Err(Invalid(MSG_DAY_REQUIRED));
    }
    let invalid = Invalid(MSG_DAY);
    let parts: Vec<&str> = text.split('-').collect();
    let [year, month, day] = parts[..] else { return Err(invalid) };
    if !digits(year, 4) || !digits(month, 2) || !digits(day, 2) {
        return Err(invalid);
    }
    let month = Month::try_from(month.parse::<u8>().map_err(|_| invalid)?).map_err(|_| invalid)?;
    let date = Date::from_calendar_date(year.parse().map_err(|_| invalid)?, month, day.parse().map_err(|_| invalid)?)
        .map_err(|_| invalid)?;
    in_years(date.year())?;
    Ok(date)
}

/// A stored kind (`statutory`, `off`, `workday`).
pub fn parse_kind(input: &str) -> Result<SpecialDay, Invalid> {
    SpecialDay::parse(input).ok_or(Invalid(MSG_KIND))
}

/// The day's name: required, at most [`NAME_MAX`] characters, trimmed.
pub fn parse_name(input: &str) -> Result<String, Invalid> {
    let text = input.trim();
    if text.is_empty() {
        return Err(Invalid(MSG_NAME_REQUIRED));
    }
    if text.chars().count() > NAME_MAX {
        return Err(Invalid(MSG_NAME_TOO_LONG));
    }
    Ok(text.to_owned())
}

fn weekend(day: Date) -> bool {
    matches!(day.weekday(), Weekday::Saturday | Weekday::Sunday)
}

/// Whether the kind fits the day of the week, as the arrangement uses them: a worked weekend (调休上班) is a
/// Saturday or Sunday, and a paid holiday falls on Monday–Friday (a holiday's weekend days are 调休放假).
pub fn check_kind_on_day(day: Date, kind: SpecialDay) -> Result<(), Invalid> {
    match kind {
        SpecialDay::Workday if !weekend(day) => Err(Invalid(MSG_WORKDAY_ON_WEEKDAY)),
        SpecialDay::Statutory if weekend(day) => Err(Invalid(MSG_STATUTORY_ON_WEEKEND)),
        _ => Ok(()),
    }
}

/// The last day of the month `first` lies in.
pub fn month_end(first: Date) -> Date {
    Date::from_calendar_date(first.year(), first.month(), first.month().length(first.year()))
        .expect("a month's last day exists")
}

#[cfg(test)]
mod tests {
    use super::*;
    use time::macros::date;

    fn national_day_2025() -> Calendar {
        let mut days = vec![(date!(2025 - 09 - 28), SpecialDay::Workday), (date!(2025 - 10 - 11), SpecialDay::Workday)];
        for (day, kind) in [
            (1, SpecialDay::Statutory),
            (2, SpecialDay::Statutory),
            (3, SpecialDay::Statutory),
            (4, SpecialDay::Off),
            (5, SpecialDay::Off),
            (6, SpecialDay::Statutory),
            (7, SpecialDay::Off),
            (8, SpecialDay::Off),
        ] {
            days.push((Date::from_calendar_date(2025, time::Month::October, day).unwrap(), kind));
        }
        Calendar::new(days)
    }

    #[test]
    fn the_week_rules_where_the_arrangement_is_silent() {
        let calendar = Calendar::default();
        assert_eq!(calendar.class(date!(2026 - 11 - 24)), DayClass::Working);
        assert_eq!(calendar.class(date!(2026 - 11 - 22)), DayClass::Rest);
        assert_eq!(calendar.working_days(date!(2024 - 02 - 01), date!(2024 - 02 - 29)), 21);
    }

    #[test]
    fn national_day_2025_has_eighteen_working_days_and_four_paid_holidays() {
        let calendar = national_day_2025();
        assert_eq!(calendar.working_days(date!(2025 - 10 - 01), date!(2025 - 10 - 31)), 18);
        let paid = days(date!(2025 - 10 - 01), date!(2025 - 10 - 31))
            .filter(|day| calendar.class(*day) == DayClass::Statutory)
            .count();
        assert_eq!(paid, 4);
        assert_eq!(calendar.class(date!(2025 - 10 - 11)), DayClass::Working);
        assert_eq!(calendar.class(date!(2025 - 10 - 08)), DayClass::Rest);
    }

    #[test]
    fn the_calendar_vectors() {
        use crate::domain::vectors::{cases, message};
        for case in cases(include_str!("../../../vectors/calendar.json")) {
            let input = &case["input"];
            let text = input.as_str().unwrap_or_default();
            let got = match case["rule"].as_str().unwrap() {
                "year" => parse_year(text).map(|_| ()),
                "month" => parse_month(text).map(|_| ()),
                "day" => parse_day(text).map(|_| ()),
                "kind" => parse_kind(text).map(|_| ()),
                "name" => parse_name(text).map(|_| ()),
                "kindOnDay" => {
                    let day = parse_day(input["day"].as_str().unwrap()).unwrap();
                    check_kind_on_day(day, parse_kind(input["kind"].as_str().unwrap()).unwrap())
                }
                rule => panic!("unknown rule {rule}"),
            };
            assert_eq!(got.err().map(|invalid| invalid.0), message(&case), "{case}");
        }
    }
}
