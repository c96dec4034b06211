//! Project dates (spec §3, §5): `0000-00-00 00:00:00` and empty mean no date; dates are `YYYY-MM-DD`
//! (a time part, as the server's datetimes carry, is accepted and dropped). The order rules answer the
//! spec's messages verbatim; the duration is the day difference plus one.

use time::{Date, Month};

use super::{Invalid, all_digits};

pub const MSG_INVALID_DATE: &str = "请选择正确的日期";
pub const MSG_AWARD_AFTER_START: &str = "中标日期不得晚于合同开工日期！";
pub const MSG_TENDER_AFTER_START: &str = "招标日期不得晚于合同开工日期！";
pub const MSG_AWARD_BEFORE_TENDER: &str = "中标日期不得早于招标日期！";
pub const MSG_START_NOT_BEFORE_COMPLETION: &str = "开工日期要早于竣工日期";
pub const MSG_COMPLETION_NOT_AFTER_START: &str = "竣工日期要晚于开工日期";

fn is_zero_date(text: &str) -> bool {
    text.starts_with("0000-00-00") && text.bytes().all(|b| matches!(b, b'0' | b'-' | b':' | b' '))
}

fn valid_time(time: &str) -> bool {
    let parts: Vec<&str> = time.split(':').collect();
    let limits = [23, 59, 59];
    (2..=3).contains(&parts.len())
        && parts
            .iter()
            .zip(limits)
            .all(|(part, max)| part.len() == 2 && all_digits(part) && part.parse::<u8>().is_ok_and(|v| v <= max))
}

/// `None` for empty or the zero date; otherwise a real calendar date `YYYY-MM-DD[ HH:MM[:SS]]`.
pub fn parse_date(input: &str) -> Result<Option<Date>, Invalid> {
    let text = input.trim();
    if text.is_empty() || is_zero_date(text) {
        return Ok(None);
    }
    let invalid = Invalid(MSG_INVALID_DATE);
    let (day, time) = text.split_once(' ').unwrap_or((text, ""));
    if !time.is_empty() && !valid_time(time.trim_start()) {
        return Err(invalid);
    }
    let parts: Vec<&str> = day.split('-').collect();
    let [year, month, dd] = parts[..] else { return Err(invalid) };
    if year.len() != 4 || month.len() != 2 || dd.len() != 2 || ![year, month, dd].iter().all(|p| all_digits(p)) {
        return Err(invalid);
    }
    let month = Month::try_from(month.parse::<u8>().map_err(|_| invalid)?).map_err(|_| invalid)?;
    Date::from_calendar_date(year.parse().map_err(|_| invalid)?, month, dd.parse().map_err(|_| invalid)?)
        .map(Some)
        .map_err(|_| invalid)
}

/// A required date: empty (or the zero date) answers the field's message.
pub fn required_date(input: &str, message: &'static str) -> Result<Date, Invalid> {
    parse_date(input)?.ok_or(Invalid(message))
}

/// Which field the user is editing, choosing between the two start/completion messages.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Editing {
    Start,
    Completion,
}

/// Start strictly before completion.
pub fn check_start_completion(start: Date, completion: Date, editing: Editing) -> Result<(), Invalid> {
    match (start < completion, editing) {
        (true, _) => Ok(()),
        (false, Editing::Start) => Err(Invalid(MSG_START_NOT_BEFORE_COMPLETION)),
        (false, Editing::Completion) => Err(Invalid(MSG_COMPLETION_NOT_AFTER_START)),
    }
}

/// The project's dates on save, in this order: award ≤ start, tender ≤ start, tender ≤ award, then
/// start < completion (answered with the start message). Tender and award dates are optional.
pub fn check_project_dates(
    tender: Option<Date>,
    award: Option<Date>,
    start: Date,
    completion: Date,
) -> Result<(), Invalid> {
    if award.is_some_and(|award| award > start) {
        return Err(Invalid(MSG_AWARD_AFTER_START));
    }
    if tender.is_some_and(|tender| tender > start) {
        return Err(Invalid(MSG_TENDER_AFTER_START));
    }
    if let (Some(tender), Some(award)) = (tender, award)
        && award < tender
    {
        return Err(Invalid(MSG_AWARD_BEFORE_TENDER));
    }
    check_start_completion(start, completion, Editing::Start)
}

/// Duration in days, both ends counted: the day difference plus one.
pub fn duration_days(start: Date, completion: Date) -> i64 {
    (completion - start).whole_days() + 1
}

/// Date pickers: the contract start may not be earlier than today.
pub fn start_date_selectable(date: Date, today: Date) -> bool {
    date >= today
}

/// Date pickers: every other date may not be later than today.
pub fn past_date_selectable(date: Date, today: Date) -> bool {
    date <= today
}

/// `YYYY-MM-DD`.
pub fn format_date(date: Date) -> String {
    format!("{:04}-{:02}-{:02}", date.year(), date.month() as u8, date.day())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::vectors::{cases, expect, message};

    fn date(case: &serde_json::Value, key: &str) -> Option<Date> {
        case["input"][key].as_str().and_then(|text| parse_date(text).unwrap())
    }

    #[test]
    fn shared_vectors() {
        for case in cases(include_str!("../../../vectors/dates.json")) {
            match case["rule"].as_str().unwrap() {
                "parse" => {
                    let parsed = parse_date(case["input"].as_str().unwrap());
                    assert_eq!(parsed.as_ref().err().map(|e| e.0), message(&case), "case {case}");
                    if let Ok(parsed) = parsed {
                        assert_eq!(parsed.map(format_date).as_deref(), expect(&case, "date").as_str(), "case {case}");
                    }
                }
                "order" => {
                    let (start, completion) = (date(&case, "start").unwrap(), date(&case, "completion").unwrap());
                    let actual = check_project_dates(date(&case, "tender"), date(&case, "award"), start, completion);
                    assert_eq!(actual.err().map(|e| e.0), message(&case), "case {case}");
                }
                "startCompletion" => {
                    let (start, completion) = (date(&case, "start").unwrap(), date(&case, "completion").unwrap());
                    let editing = match case["input"]["editing"].as_str().unwrap() {
                        "start" => Editing::Start,
                        _ => Editing::Completion,
                    };
                    let actual = check_start_completion(start, completion, editing);
                    assert_eq!(actual.err().map(|e| e.0), message(&case), "case {case}");
                }
                "duration" => {
                    let (start, completion) = (date(&case, "start").unwrap(), date(&case, "completion").unwrap());
                    assert_eq!(Some(duration_days(start, completion)), expect(&case, "days").as_i64(), "case {case}");
                }
                "selectable" => {
                    let (day, today) = (date(&case, "date").unwrap(), date(&case, "today").unwrap());
                    let actual = match case["input"]["picker"].as_str().unwrap() {
                        "start" => start_date_selectable(day, today),
                        _ => past_date_selectable(day, today),
                    };
                    assert_eq!(Some(actual), expect(&case, "selectable").as_bool(), "case {case}");
                }
                rule => panic!("unknown rule {rule}"),
            }
        }
    }

    #[test]
    fn required_dates_answer_the_field_message() {
        assert_eq!(required_date("0000-00-00 00:00:00", "请选择合同开工日期"), Err(Invalid("请选择合同开工日期")));
        assert_eq!(required_date("2024-02-29", "请选择合同开工日期").map(format_date), Ok("2024-02-29".to_owned()));
    }
}
