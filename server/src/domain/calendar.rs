//! China's working calendar (issue 11 item 1): which days are working days, which are statutory paid
//! holidays and which are rest days. Weekends are rest days and Monday–Friday working days unless the
//! State Council's arrangement says otherwise; the arrangement is kept as special days (table
//! `calendar_days`, generated from the `chinese-days` package and extended by the regulator).

use std::collections::BTreeMap;

use time::{Date, Weekday};

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

#[cfg(test)]
mod tests {
    use super::*;
    use time::macros::date;

    fn national_day_2025() -> Calendar {
        let mut days = vec![(date!(2025 - 09 - 28), SpecialDay::Workday), (date!(2025 - 10 - 11), SpecialDay::Workday)];
        for (day, kind) in [(1, SpecialDay::Statutory), (2, SpecialDay::Statutory), (3, SpecialDay::Statutory), (4, SpecialDay::Off),
            (5, SpecialDay::Off), (6, SpecialDay::Statutory), (7, SpecialDay::Off), (8, SpecialDay::Off)] {
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
        let paid = days(date!(2025 - 10 - 01), date!(2025 - 10 - 31)).filter(|day| calendar.class(*day) == DayClass::Statutory).count();
        assert_eq!(paid, 4);
        assert_eq!(calendar.class(date!(2025 - 10 - 11)), DayClass::Working);
        assert_eq!(calendar.class(date!(2025 - 10 - 08)), DayClass::Rest);
    }
}
