//! Time as the product shows it: unix seconds in storage, China time (UTC+8) in text.

use time::{OffsetDateTime, UtcOffset, format_description::BorrowedFormatItem, macros::format_description};

const CHINA: UtcOffset = match UtcOffset::from_hms(8, 0, 0) {
    Ok(offset) => offset,
    Err(_) => panic!("UTC+8 is a valid offset"),
};
const DATETIME: &[BorrowedFormatItem<'static>] = format_description!("[year]-[month]-[day] [hour]:[minute]:[second]");

/// Today's date in China.
pub fn china_today() -> time::Date {
    OffsetDateTime::now_utc().to_offset(CHINA).date()
}

/// The China date of a moment in unix seconds (today for one out of range).
pub fn china_date(unix_seconds: i64) -> time::Date {
    OffsetDateTime::from_unix_timestamp(unix_seconds).map_or_else(|_| china_today(), |at| at.to_offset(CHINA).date())
}

pub fn now() -> i64 {
    OffsetDateTime::now_utc().unix_timestamp()
}

/// `YYYY-MM-DD HH:MM:SS` in China time; `0000-00-00 00:00:00` (the spec's empty date) for 0.
pub fn china_datetime(unix_seconds: i64) -> String {
    if unix_seconds == 0 {
        return "0000-00-00 00:00:00".into();
    }
    OffsetDateTime::from_unix_timestamp(unix_seconds)
        .map(|t| t.to_offset(CHINA))
        .ok()
        .and_then(|t| t.format(DATETIME).ok())
        .unwrap_or_else(|| "0000-00-00 00:00:00".into())
}

/// Today in China time, `YYYY-MM-DD`.
pub fn today() -> String {
    china_today().to_string()
}

/// The unix second this month began in China (the 1st, 00:00 UTC+8).
pub fn china_month_start() -> i64 {
    let today = china_today();
    today.replace_day(1).unwrap_or(today).midnight().assume_offset(CHINA).unix_timestamp()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_in_china_time() {
        assert_eq!(china_datetime(1_700_000_000), "2023-11-15 06:13:20");
        assert_eq!(china_datetime(0), "0000-00-00 00:00:00");
    }
}
