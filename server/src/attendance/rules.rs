//! The project's attendance rules and how one worker's punches of one day become an attendance day.
//! Pure functions: the ingest, the recomputation after a rule change and the tests share them.

use time::{Date, OffsetDateTime, PrimitiveDateTime, Time, UtcOffset};

use crate::domain::Invalid;

pub const MSG_MIN_HOURS: &str = "最少工时应为0-24小时，最多1位小数";
pub const MSG_DEDUP: &str = "去重时间应为0-3600秒的整数";
pub const MSG_DIRECTIONS: &str = "请选择计入考勤的打卡方向";
pub const MSG_OFFLINE: &str = "离线判定时间应为1-1440分钟的整数";
pub const MSG_TIME: &str = "打卡时间格式应为YYYY-MM-DD HH:MM:SS";

const CHINA: UtcOffset = match UtcOffset::from_hms(8, 0, 0) {
    Ok(offset) => offset,
    Err(_) => panic!("UTC+8 is a valid offset"),
};

/// The direction of one punch.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Direction {
    In,
    Out,
}

impl Direction {
    pub fn as_str(self) -> &'static str {
        match self {
            Direction::In => "in",
            Direction::Out => "out",
        }
    }

    /// `in` / `out`, or the console's and the workbook's 进 / 出 (进场 / 出场).
    pub fn parse(text: &str) -> Option<Direction> {
        match text.trim().to_ascii_lowercase().as_str() {
            "in" | "进" | "进场" | "入" => Some(Direction::In),
            "out" | "出" | "出场" | "离" => Some(Direction::Out),
            _ => None,
        }
    }
}

/// Which punches count (column `directions`; also a device's direction).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Directions {
    In,
    Out,
    Both,
}

impl Directions {
    pub fn as_str(self) -> &'static str {
        match self {
            Directions::In => "in",
            Directions::Out => "out",
            Directions::Both => "both",
        }
    }

    pub fn parse(text: &str) -> Option<Directions> {
        match text.trim() {
            "in" => Some(Directions::In),
            "out" => Some(Directions::Out),
            "both" => Some(Directions::Both),
            _ => None,
        }
    }

    pub fn admits(self, direction: Direction) -> bool {
        matches!((self, direction), (Directions::Both, _) | (Directions::In, Direction::In) | (Directions::Out, Direction::Out))
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rules {
    /// 0: any counted punch makes the day count.
    pub min_minutes: i64,
    pub dedup_seconds: i64,
    pub directions: Directions,
    pub offline_minutes: i64,
}

impl Default for Rules {
    fn default() -> Self {
        Rules { min_minutes: 0, dedup_seconds: 60, directions: Directions::Both, offline_minutes: 10 }
    }
}

/// Hours with at most one decimal ("8", "7.5") as minutes.
pub fn parse_min_hours(text: &str) -> Result<i64, Invalid> {
    let invalid = Invalid(MSG_MIN_HOURS);
    let text = text.trim();
    let (whole, tenth) = text.split_once('.').unwrap_or((text, "0"));
    if whole.is_empty() || tenth.len() != 1 || !whole.bytes().chain(tenth.bytes()).all(|b| b.is_ascii_digit()) || whole.len() > 2 {
        return Err(invalid);
    }
    let tenths = whole.parse::<i64>().map_err(|_| invalid)? * 10 + tenth.parse::<i64>().map_err(|_| invalid)?;
    if tenths > 240 {
        return Err(invalid);
    }
    Ok(tenths * 6)
}

/// Minutes as hours with one decimal, rounded half up ("7.5").
pub fn hours_text(minutes: i64) -> String {
    let tenths = (minutes * 10 + 30) / 60;
    format!("{}.{}", tenths / 10, tenths % 10)
}

pub fn parse_whole(text: &str, range: std::ops::RangeInclusive<i64>, message: &'static str) -> Result<i64, Invalid> {
    text.trim().parse::<i64>().ok().filter(|n| range.contains(n)).ok_or(Invalid(message))
}

/// `YYYY-MM-DD HH:MM:SS` (or `YYYY-MM-DDTHH:MM:SS`) in China time as unix seconds.
pub fn parse_china_time(text: &str) -> Result<i64, Invalid> {
    let invalid = Invalid(MSG_TIME);
    let text = text.trim().replacen('T', " ", 1);
    let (day, clock) = text.split_once(' ').ok_or(invalid)?;
    let date = crate::domain::dates::parse_date(day).map_err(|_| invalid)?.ok_or(invalid)?;
    let parts: Vec<&str> = clock.split(':').collect();
    let [hour, minute, second] = parts[..] else { return Err(invalid) };
    if [hour, minute, second].iter().any(|part| part.len() != 2 || !part.bytes().all(|b| b.is_ascii_digit())) {
        return Err(invalid);
    }
    let time = Time::from_hms(hour.parse().map_err(|_| invalid)?, minute.parse().map_err(|_| invalid)?, second.parse().map_err(|_| invalid)?)
        .map_err(|_| invalid)?;
    Ok(PrimitiveDateTime::new(date, time).assume_offset(CHINA).unix_timestamp())
}

/// The China-time day of unix seconds.
pub fn china_day(unix_seconds: i64) -> Date {
    OffsetDateTime::from_unix_timestamp(unix_seconds).map(|t| t.to_offset(CHINA).date()).unwrap_or(Date::MIN)
}

/// What one worker's counted punches of one day add up to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DayTotals {
    pub first_at: i64,
    pub last_at: i64,
    pub punches: i64,
    pub minutes: i64,
    pub attended: bool,
}

/// One day of one worker under `rules`: `punches` in time order. None when no punch counts (wrong
/// direction only). A punch within `dedup_seconds` of the last counted one counts once.
pub fn count_day(punches: &[(i64, Direction)], rules: &Rules) -> Option<DayTotals> {
    let mut counted: Option<DayTotals> = None;
    for &(at, direction) in punches {
        if !rules.directions.admits(direction) {
            continue;
        }
        match &mut counted {
            None => counted = Some(DayTotals { first_at: at, last_at: at, punches: 1, minutes: 0, attended: false }),
            Some(day) if at - day.last_at > rules.dedup_seconds => {
                day.last_at = at;
                day.punches += 1;
            }
            Some(_) => {}
        }
    }
    counted.map(|mut day| {
        day.minutes = (day.last_at - day.first_at) / 60;
        day.attended = rules.min_minutes == 0 || day.minutes >= rules.min_minutes;
        day
    })
}

/// One employment line of a worker on a project: entry and exit date (`YYYY-MM-DD`, exit '' while on site).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stay {
    pub entry_date: String,
    pub exit_date: String,
}

impl Stay {
    /// Whether `day` (`YYYY-MM-DD`) is inside the line; a line still open runs on (future days are refused
    /// elsewhere).
    pub fn covers(&self, day: &str) -> bool {
        self.entry_date.as_str() <= day && (self.exit_date.is_empty() || day <= self.exit_date.as_str())
    }

    /// The line's days as a clerk reads them: `2026-11-24 起` or `2026-10-01 至 2026-10-31`.
    pub fn text(&self) -> String {
        if self.exit_date.is_empty() { format!("进场 {} 起", self.entry_date) } else { format!("{} 至 {}", self.entry_date, self.exit_date) }
    }
}

/// A day counts only inside one of the worker's lines on the project (issue 10 item 1).
pub fn inside_any(stays: &[Stay], day: &str) -> bool {
    stays.iter().any(|stay| stay.covers(day))
}

/// Every line's days, oldest first, for a message.
pub fn stays_text(stays: &[Stay]) -> String {
    let mut sorted: Vec<&Stay> = stays.iter().collect();
    sorted.sort_by(|a, b| a.entry_date.cmp(&b.entry_date));
    sorted.iter().map(|stay| stay.text()).collect::<Vec<_>>().join("、")
}

/// Why a day outside every line is refused (correction, import row).
pub fn msg_outside(day: &str, stays: &[Stay], action: &str) -> String {
    format!("{day} 不在该工人的在场期间（{}），不能{action}", stays_text(stays))
}

#[cfg(test)]
mod tests {
    use super::*;
    use Direction::{In, Out};

    const SEVEN_THIRTY: i64 = 1_763_681_400;

    #[test]
    fn any_punch_counts_without_minimum_hours() {
        let day = count_day(&[(SEVEN_THIRTY, In)], &Rules::default()).unwrap();
        assert_eq!((day.punches, day.minutes, day.attended), (1, 0, true));
    }

    #[test]
    fn minimum_hours_need_the_span() {
        let rules = Rules { min_minutes: 8 * 60, ..Rules::default() };
        let short = count_day(&[(SEVEN_THIRTY, In), (SEVEN_THIRTY + 7 * 3600, Out)], &rules).unwrap();
        assert_eq!((short.minutes, short.attended), (420, false));
        let full = count_day(&[(SEVEN_THIRTY, In), (SEVEN_THIRTY + 10 * 3600, Out)], &rules).unwrap();
        assert_eq!((full.minutes, full.attended), (600, true));
    }

    #[test]
    fn punches_inside_the_window_count_once_and_directions_filter() {
        let rules = Rules { dedup_seconds: 300, ..Rules::default() };
        let day = count_day(&[(SEVEN_THIRTY, In), (SEVEN_THIRTY + 120, In), (SEVEN_THIRTY + 301, In)], &rules).unwrap();
        assert_eq!(day.punches, 2);
        let only_out = Rules { directions: Directions::Out, ..Rules::default() };
        assert_eq!(count_day(&[(SEVEN_THIRTY, In)], &only_out), None);
    }

    #[test]
    fn parses_hours_and_times() {
        assert_eq!(parse_min_hours("7.5"), Ok(450));
        assert_eq!(parse_min_hours("0"), Ok(0));
        assert_eq!(parse_min_hours("24.1"), Err(Invalid(MSG_MIN_HOURS)));
        assert_eq!(parse_min_hours("7.25"), Err(Invalid(MSG_MIN_HOURS)));
        assert_eq!(hours_text(450), "7.5");
        assert_eq!(parse_china_time("2025-11-21 07:30:00"), Ok(SEVEN_THIRTY));
        assert_eq!(china_day(SEVEN_THIRTY).to_string(), "2025-11-21");
        assert_eq!(parse_china_time("2025-11-21 25:30:00"), Err(Invalid(MSG_TIME)));
    }

    #[test]
    fn a_day_counts_only_inside_a_line() {
        let stays = vec![
            Stay { entry_date: "2026-11-24".into(), exit_date: String::new() },
            Stay { entry_date: "2026-10-01".into(), exit_date: "2026-10-31".into() },
        ];
        assert!(!inside_any(&stays, "2026-11-10"));
        assert!(inside_any(&stays, "2026-11-24"));
        assert!(inside_any(&stays, "2026-10-31"));
        assert!(!inside_any(&stays, "2026-09-30"));
        assert!(!inside_any(&[], "2026-11-24"));
        assert_eq!(
            msg_outside("2026-11-10", &stays, "补录出勤"),
            "2026-11-10 不在该工人的在场期间（2026-10-01 至 2026-10-31、进场 2026-11-24 起），不能补录出勤"
        );
    }
}
