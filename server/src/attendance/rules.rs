//! The project's attendance rules and how one worker's punches become shifts, and shifts attendance days
//! (issue 11 item 3): a shift belongs to the China-time day it began, its hours are its in→out pairs.
//! Pure functions: the ingest, the recomputation after a rule change and the tests share them.

use time::{Date, OffsetDateTime, PrimitiveDateTime, Time, UtcOffset};

use crate::domain::Invalid;

pub const MSG_MIN_HOURS: &str = "最少工时应为0-24小时，最多1位小数";
pub const MSG_DEDUP: &str = "去重时间应为0-3600秒的整数";
pub const MSG_DIRECTIONS: &str = "请选择计入考勤的打卡方向";
pub const MSG_OFFLINE: &str = "离线判定时间应为1-1440分钟的整数";
pub const MSG_MAX_SHIFT: &str = "班次最长时长应为1-24小时的整数";
pub const MSG_ONE_DIRECTION_HOURS: &str = "只计入一个方向的打卡时无法配对计算工时，最少工时应为0";
pub const MSG_TIME: &str = "打卡时间格式应为YYYY-MM-DD HH:MM:SS";

pub const CHINA: UtcOffset = match UtcOffset::from_hms(8, 0, 0) {
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
        matches!(
            (self, direction),
            (Directions::Both, _) | (Directions::In, Direction::In) | (Directions::Out, Direction::Out)
        )
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rules {
    /// 0: any counted punch makes the day count.
    pub min_minutes: i64,
    pub dedup_seconds: i64,
    pub directions: Directions,
    pub offline_minutes: i64,
    /// A punch belongs to the open shift while it is less than this many minutes after the shift's first
    /// punch; a shift may so cross midnight.
    pub max_shift_minutes: i64,
}

impl Default for Rules {
    fn default() -> Self {
        Rules {
            min_minutes: 0,
            dedup_seconds: 60,
            directions: Directions::Both,
            offline_minutes: 10,
            max_shift_minutes: 16 * 60,
        }
    }
}

/// Hours with at most one decimal ("8", "7.5") as minutes.
pub fn parse_min_hours(text: &str) -> Result<i64, Invalid> {
    let invalid = Invalid(MSG_MIN_HOURS);
    let text = text.trim();
    let (whole, tenth) = text.split_once('.').unwrap_or((text, "0"));
    if whole.is_empty()
        || tenth.len() != 1
        || !whole.bytes().chain(tenth.bytes()).all(|b| b.is_ascii_digit())
        || whole.len() > 2
    {
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
    let time = Time::from_hms(
        hour.parse().map_err(|_| invalid)?,
        minute.parse().map_err(|_| invalid)?,
        second.parse().map_err(|_| invalid)?,
    )
    .map_err(|_| invalid)?;
    Ok(PrimitiveDateTime::new(date, time).assume_offset(CHINA).unix_timestamp())
}

/// The China-time day of unix seconds.
pub fn china_day(unix_seconds: i64) -> Date {
    OffsetDateTime::from_unix_timestamp(unix_seconds).map(|t| t.to_offset(CHINA).date()).unwrap_or(Date::MIN)
}

/// What one punch is to the shifts, in the order the punches were given.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mark {
    /// Unix seconds of the first punch of the punch's shift; 0 when the punch does not count (direction).
    pub shift_start: i64,
    /// Part of an in→out pair, so it adds hours.
    pub paired: bool,
}

/// One shift: the punches from its first one until `max_shift_minutes` later.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shift {
    pub first_at: i64,
    pub last_at: i64,
    /// Counted punches (a repeat inside the de-duplication window is not one).
    pub punches: i64,
    /// Minutes inside in→out pairs.
    pub minutes: i64,
    /// Counted punches in no pair: shown, never hours.
    pub unpaired: i64,
}

impl Shift {
    /// The day the shift began, China time: its day and month for attendance and wages.
    pub fn day(&self) -> Date {
        china_day(self.first_at)
    }

    fn close(&mut self, paired_seconds: i64, paired_punches: i64) {
        self.minutes = paired_seconds / 60;
        self.unpaired = self.punches - paired_punches;
    }
}

/// One worker's punches in time order as shifts, and what each punch is. A shift starts at the first
/// counted punch not inside an open shift. Inside a shift an In opens a pair and the next Out closes it;
/// an In while a pair is open, an Out with none open, and an In left open are unpaired. A punch within
/// `dedup_seconds` of the last counted one is a repeat: it belongs to the shift but does not count.
pub fn count_shifts(punches: &[(i64, Direction)], rules: &Rules) -> (Vec<Shift>, Vec<Mark>) {
    let mut shifts: Vec<Shift> = Vec::new();
    let mut marks = vec![Mark { shift_start: 0, paired: false }; punches.len()];
    // The In (index into `punches`) whose pair is still open, and the open shift's paired seconds and punches.
    let mut open_in: Option<usize> = None;
    let mut paired_seconds = 0;
    let mut paired_punches = 0;
    for (index, &(at, direction)) in punches.iter().enumerate() {
        if !rules.directions.admits(direction) {
            continue;
        }
        match shifts.last_mut() {
            Some(shift) if at - shift.first_at < rules.max_shift_minutes * 60 => {
                marks[index].shift_start = shift.first_at;
                if at - shift.last_at <= rules.dedup_seconds {
                    continue;
                }
                shift.last_at = at;
                shift.punches += 1;
            }
            _ => {
                if let Some(shift) = shifts.last_mut() {
                    shift.close(paired_seconds, paired_punches);
                }
                (open_in, paired_seconds, paired_punches) = (None, 0, 0);
                shifts.push(Shift { first_at: at, last_at: at, punches: 1, minutes: 0, unpaired: 0 });
                marks[index].shift_start = at;
            }
        }
        match (direction, open_in) {
            (Direction::In, None) => open_in = Some(index),
            (Direction::Out, Some(opened)) => {
                paired_seconds += at - punches[opened].0;
                paired_punches += 2;
                marks[opened].paired = true;
                marks[index].paired = true;
                open_in = None;
            }
            _ => {}
        }
    }
    if let Some(shift) = shifts.last_mut() {
        shift.close(paired_seconds, paired_punches);
    }
    (shifts, marks)
}

/// What one worker's shifts that began on one day add up to (as `attendance_days` stores them).
#[derive(Clone, Copy, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct DayTotals {
    pub first_at: i64,
    pub last_at: i64,
    pub punches: i64,
    pub minutes: i64,
    pub unpaired: i64,
    pub attended: bool,
}

/// The shifts grouped by the day they began, in day order. The day attends when any counted punch does
/// (no minimum) or its paired minutes reach the minimum.
pub fn count_days(shifts: &[Shift], rules: &Rules) -> Vec<(Date, DayTotals)> {
    let mut days: Vec<(Date, DayTotals)> = Vec::new();
    for shift in shifts {
        match days.last_mut() {
            Some((day, totals)) if *day == shift.day() => {
                totals.last_at = shift.last_at;
                totals.punches += shift.punches;
                totals.minutes += shift.minutes;
                totals.unpaired += shift.unpaired;
            }
            _ => days.push((
                shift.day(),
                DayTotals {
                    first_at: shift.first_at,
                    last_at: shift.last_at,
                    punches: shift.punches,
                    minutes: shift.minutes,
                    unpaired: shift.unpaired,
                    attended: false,
                },
            )),
        }
    }
    for (_, totals) in &mut days {
        totals.attended = rules.min_minutes == 0 || totals.minutes >= rules.min_minutes;
    }
    days
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
        if self.exit_date.is_empty() {
            format!("进场 {} 起", self.entry_date)
        } else {
            format!("{} 至 {}", self.entry_date, self.exit_date)
        }
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

    fn at(text: &str) -> i64 {
        parse_china_time(text).unwrap()
    }

    fn days(punches: &[(&str, Direction)], rules: &Rules) -> Vec<(String, i64, i64, bool)> {
        let punches: Vec<(i64, Direction)> = punches.iter().map(|(time, direction)| (at(time), *direction)).collect();
        let (shifts, _) = count_shifts(&punches, rules);
        count_days(&shifts, rules)
            .into_iter()
            .map(|(day, totals)| (day.to_string(), totals.minutes, totals.unpaired, totals.attended))
            .collect()
    }

    const EIGHT_HOURS: Rules = Rules {
        min_minutes: 8 * 60,
        dedup_seconds: 60,
        directions: Directions::Both,
        offline_minutes: 10,
        max_shift_minutes: 960,
    };

    #[test]
    fn any_punch_counts_without_minimum_hours() {
        let (shifts, marks) = count_shifts(&[(SEVEN_THIRTY, In)], &Rules::default());
        let day = count_days(&shifts, &Rules::default())[0].1;
        assert_eq!((day.punches, day.minutes, day.unpaired, day.attended), (1, 0, 1, true));
        assert_eq!(marks, vec![Mark { shift_start: SEVEN_THIRTY, paired: false }]);
    }

    #[test]
    fn minimum_hours_need_the_pairs() {
        let rules = Rules { min_minutes: 8 * 60, ..Rules::default() };
        let short =
            count_days(&count_shifts(&[(SEVEN_THIRTY, In), (SEVEN_THIRTY + 7 * 3600, Out)], &rules).0, &rules)[0].1;
        assert_eq!((short.minutes, short.attended), (420, false));
        let full =
            count_days(&count_shifts(&[(SEVEN_THIRTY, In), (SEVEN_THIRTY + 10 * 3600, Out)], &rules).0, &rules)[0].1;
        assert_eq!((full.minutes, full.attended), (600, true));
    }

    #[test]
    fn punches_inside_the_window_count_once_and_directions_filter() {
        let rules = Rules { dedup_seconds: 300, ..Rules::default() };
        let punches = [(SEVEN_THIRTY, In), (SEVEN_THIRTY + 120, In), (SEVEN_THIRTY + 301, In)];
        let (shifts, marks) = count_shifts(&punches, &rules);
        assert_eq!(shifts[0].punches, 2);
        // The repeat belongs to the shift but adds nothing.
        assert_eq!(marks[1], Mark { shift_start: SEVEN_THIRTY, paired: false });
        let only_out = Rules { directions: Directions::Out, ..Rules::default() };
        let (shifts, marks) = count_shifts(&[(SEVEN_THIRTY, In)], &only_out);
        assert!(shifts.is_empty());
        assert_eq!(marks, vec![Mark { shift_start: 0, paired: false }]);
    }

    #[test]
    fn two_night_shifts_are_two_days_of_ten_hours() {
        let nights = [
            ("2026-11-02 20:00:00", In),
            ("2026-11-03 06:00:00", Out),
            ("2026-11-03 20:00:00", In),
            ("2026-11-04 06:00:00", Out),
        ];
        let expected = vec![("2026-11-02".to_owned(), 600, 0, true), ("2026-11-03".to_owned(), 600, 0, true)];
        assert_eq!(days(&nights, &Rules::default()), expected);
        // An 8-hour minimum: the off-duty gap (06:00 → 20:00) is not work, and both nights still count.
        assert_eq!(days(&nights, &EIGHT_HOURS), expected);
    }

    #[test]
    fn a_pair_across_midnight_belongs_to_its_start_day_and_month() {
        let late = [("2026-11-10 23:30:00", In), ("2026-11-11 00:10:00", Out)];
        assert_eq!(days(&late, &Rules::default()), vec![("2026-11-10".to_owned(), 40, 0, true)]);
        let month_end = [("2026-10-31 23:30:00", In), ("2026-11-01 00:10:00", Out)];
        assert_eq!(days(&month_end, &Rules::default()), vec![("2026-10-31".to_owned(), 40, 0, true)]);
    }

    #[test]
    fn a_day_shift_is_unchanged() {
        let day = [
            ("2026-11-02 07:00:00", In),
            ("2026-11-02 17:00:00", Out),
            ("2026-11-03 07:00:00", In),
            ("2026-11-03 17:00:00", Out),
        ];
        let expected = vec![("2026-11-02".to_owned(), 600, 0, true), ("2026-11-03".to_owned(), 600, 0, true)];
        assert_eq!(days(&day, &EIGHT_HOURS), expected);
    }

    #[test]
    fn unpaired_punches_count_no_hours() {
        // A lone Out, then an In never closed: shown as unpaired, no hours, no day under a minimum.
        let lone = [("2026-11-02 06:00:00", Out), ("2026-11-02 07:00:00", In)];
        assert_eq!(days(&lone, &Rules::default()), vec![("2026-11-02".to_owned(), 0, 2, true)]);
        assert_eq!(days(&lone, &EIGHT_HOURS), vec![("2026-11-02".to_owned(), 0, 2, false)]);
        // In, In again, Out: the first In opens the pair, the second is unpaired.
        let punches: Vec<(i64, Direction)> =
            [("2026-11-02 07:00:00", In), ("2026-11-02 12:00:00", In), ("2026-11-02 17:00:00", Out)]
                .iter()
                .map(|(t, d)| (at(t), *d))
                .collect();
        let (shifts, marks) = count_shifts(&punches, &Rules::default());
        assert_eq!((shifts[0].minutes, shifts[0].unpaired), (600, 1));
        assert_eq!(marks.iter().map(|mark| mark.paired).collect::<Vec<_>>(), vec![true, false, true]);
    }

    #[test]
    fn the_shift_length_bounds_a_shift() {
        // 12 hours allowed: the Out 14 hours after the In starts a shift of its own, and neither pairs.
        let rules = Rules { max_shift_minutes: 12 * 60, ..Rules::default() };
        let long = [("2026-11-02 18:00:00", In), ("2026-11-03 08:00:00", Out)];
        assert_eq!(
            days(&long, &rules),
            vec![("2026-11-02".to_owned(), 0, 1, true), ("2026-11-03".to_owned(), 0, 1, true)]
        );
        assert_eq!(days(&long, &Rules::default()), vec![("2026-11-02".to_owned(), 840, 0, true)]);
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

    /// The payroll vectors' scenarios with punches (vectors/payroll.json, run by `domain::payroll`'s test)
    /// name the days those punches attend; the shift rule gives exactly these, each shift on the day it
    /// began, within the scenario's month.
    #[test]
    fn the_payroll_vectors_punches_attend_the_days_they_name() {
        let cases: Vec<serde_json::Value> =
            serde_json::from_str(include_str!("../../../vectors/payroll.json")).unwrap();
        let mut checked = 0;
        for case in cases.iter().filter(|case| case["punches"].is_array()) {
            let month = case["month"].as_str().unwrap();
            let punches: Vec<(i64, Direction)> = case["punches"]
                .as_array()
                .unwrap()
                .iter()
                .map(|punch| (at(punch[0].as_str().unwrap()), Direction::parse(punch[1].as_str().unwrap()).unwrap()))
                .collect();
            let rules = Rules::default();
            let (shifts, _) = count_shifts(&punches, &rules);
            let attended: Vec<String> = count_days(&shifts, &rules)
                .into_iter()
                .filter(|(day, totals)| totals.attended && day.to_string().starts_with(month))
                .map(|(day, _)| day.to_string())
                .collect();
            let named: Vec<String> = case["shiftDays"]
                .as_array()
                .into_iter()
                .flatten()
                .map(|day| day.as_str().unwrap().to_owned())
                .collect();
            assert_eq!(attended, named, "{}: shift days", case["name"]);
            checked += 1;
        }
        assert!(checked > 0, "vectors/payroll.json has a scenario with punches");
    }
}
