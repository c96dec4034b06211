//! The statistical reports (统计报表, issue 16): 用工结构, 考勤统计 and 工资统计 of one project (a builder
//! account's own, or one a regulator names) or of every approved project of a regulator's district. Each
//! figure is counted from the owning areas' services over one [`Cohort`], so it agrees with the list it
//! summarises: the roster (worker), the attendance sheet (attendance), the wage sheets (wage) and the special
//! account's payout flows (account). Money in fen here, yuan strings in the answer.

use std::collections::{BTreeMap, HashMap, HashSet};

use serde::{Deserialize, Serialize};
use time::{Date, Duration, Month};
use utoipa::{IntoParams, ToSchema};

use crate::area::data::areas;
use crate::attendance::service::for_reports::AttendedMonth;
use crate::db::Db;
use crate::db::cohort::Cohort;
use crate::domain::Invalid;
use crate::domain::calendar::{DayClass, days};
use crate::domain::dates::format_date;
use crate::domain::id_number::IdNumber;
use crate::domain::mask::masked;
use crate::envelope::ApiError;
use crate::identity::accounts::AccountKind;
use crate::identity::sessions::CurrentAccount;
use crate::worker::service::Stay;
use crate::{attendance, calendar, clock, project, scope, worker};

pub use super::wage::{WageFigures, WageReport, wage_figures, wage_report};

pub const MSG_START: &str = "开始月份格式应为YYYY-MM";
pub const MSG_END: &str = "结束月份格式应为YYYY-MM";
pub const MSG_ORDER: &str = "开始月份不能晚于结束月份";
pub const MSG_SPAN: &str = "统计区间不能超过24个月";
pub const MSG_UNIT: &str = "请选择正确的参建单位";
pub const MSG_TEAM: &str = "请选择正确的班组";
pub const MSG_DISTRICT: &str = "请选择正确的行政区划";
/// Months one report covers at most.
pub const MAX_MONTHS: usize = 24;
/// Days of the daily attendance chart.
pub const WINDOW_DAYS: i64 = 30;
/// Workers the absence ranking lists.
pub const ABSENT_TOP: usize = 10;
/// Key staff under this presence (per cent) are flagged.
pub const PRESENCE_FLOOR: f64 = 80.0;
/// Over-age on construction sites (住建部 清理规范: men over 60, women over 50).
pub const MEN_OVER: u32 = 60;
pub const WOMEN_OVER: u32 = 50;

/// The filters every report and its export take.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct ReportQuery {
    /// First month `YYYY-MM` (default: eleven months before the end).
    pub start: Option<String>,
    /// Last month `YYYY-MM` (default: this month).
    pub end: Option<String>,
    /// A participating unit's id (参建单位); empty = all.
    pub unit: Option<String>,
    /// A team's id; empty = all.
    pub team: Option<String>,
    /// Regulator only: a district code within the account's district; empty = the account's district.
    pub district: Option<String>,
    /// Regulator: one project of its district (the project in view); a builder account's own project (another
    /// answers 404).
    pub project_id: Option<String>,
}

/// What a report covers: the cohort and the months.
#[derive(Clone, Debug)]
pub struct Selection {
    pub cohort: Cohort,
    /// `YYYY-MM`, from the first to the last.
    pub months: Vec<String>,
    pub first_day: Date,
    pub last_day: Date,
}

fn trimmed(value: &Option<String>) -> &str {
    value.as_deref().unwrap_or("").trim()
}

fn month_of(text: &str, message: &'static str) -> Result<Option<Date>, Invalid> {
    if text.is_empty() {
        return Ok(None);
    }
    attendance::service::parse_month(text).map(|(first, _)| Some(first)).map_err(|_| Invalid(message))
}

fn next_month(first: Date) -> Date {
    let (year, month) = if first.month() == Month::December {
        (first.year() + 1, Month::January)
    } else {
        (first.year(), first.month().next())
    };
    Date::from_calendar_date(year, month, 1).unwrap_or(first)
}

fn previous_months(first: Date, count: usize) -> Date {
    let mut day = first;
    for _ in 0..count {
        day = day.previous_day().and_then(|last| last.replace_day(1).ok()).unwrap_or(day);
    }
    day
}

fn month_text(first: Date) -> String {
    format!("{:04}-{:02}", first.year(), first.month() as u8)
}

/// The months `start`..`end` (default: the twelve months up to this one), validated.
pub fn months(start: &str, end: &str, today: Date) -> Result<(Vec<String>, Date, Date), Invalid> {
    let start = month_of(start, MSG_START)?;
    let end = month_of(end, MSG_END)?.unwrap_or_else(|| today.replace_day(1).unwrap_or(today));
    let start = start.unwrap_or_else(|| previous_months(end, 11));
    if start > end {
        return Err(Invalid(MSG_ORDER));
    }
    let mut months = Vec::new();
    let mut month = start;
    while month <= end {
        if months.len() == MAX_MONTHS {
            return Err(Invalid(MSG_SPAN));
        }
        months.push(month_text(month));
        month = next_month(month);
    }
    let last_day = next_month(end).previous_day().unwrap_or(end);
    Ok((months, start, last_day))
}

fn id_filter(text: &str, message: &'static str) -> Result<i64, Invalid> {
    if text.is_empty() {
        return Ok(0);
    }
    text.parse::<i64>().ok().filter(|id| *id > 0).ok_or(Invalid(message))
}

/// The projects the account's report covers: a builder's own (another → 404), the regulator's named one
/// (404 outside its district) or every approved project of its district or of a district within it; finance
/// 403.
async fn projects(db: &Db, current: &CurrentAccount, query: &ReportQuery) -> Result<Vec<i64>, ApiError> {
    match current.kind() {
        AccountKind::Finance => Err(ApiError::Forbidden(scope::MSG_FINANCE.into())),
        AccountKind::Builder => Ok(vec![scope::project(db, current, &query.project_id).await?]),
        AccountKind::Admin => {
            if !trimmed(&query.project_id).is_empty() {
                return Ok(vec![scope::project(db, current, &query.project_id).await?]);
            }
            let own = scope::district(current);
            let district = trimmed(&query.district);
            if !district.is_empty() && (areas().get(district).is_none() || !district.starts_with(own)) {
                return Err(Invalid(MSG_DISTRICT).into());
            }
            let district = if district.is_empty() { own } else { district };
            Ok(project::service::approved_in_district(db, district).await?)
        }
    }
}

pub async fn selection(db: &Db, current: &CurrentAccount, query: &ReportQuery) -> Result<Selection, ApiError> {
    let (months, first_day, last_day) = months(trimmed(&query.start), trimmed(&query.end), clock::china_today())?;
    let unit = id_filter(trimmed(&query.unit), MSG_UNIT)?;
    let team = id_filter(trimmed(&query.team), MSG_TEAM)?;
    let projects = projects(db, current, query).await?;
    Ok(Selection { cohort: Cohort::new(projects, unit, team), months, first_day, last_day })
}

/// One bar or slice of a chart: what it counts and how many.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Slice {
    pub name: String,
    pub count: i64,
}

/// An over-age worker on site.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OverAgeWorker {
    pub project_id: i64,
    pub worker_id: i64,
    pub name: String,
    /// Masked.
    pub id_number: String,
    pub gender: String,
    pub age: u32,
    pub unit: String,
    pub team: String,
}

/// Entries and exits of one month.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MonthMoves {
    pub month: String,
    pub entries: i64,
    pub exits: i64,
}

/// 用工结构.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PeopleReport {
    /// Projects covered.
    pub projects: i64,
    /// Roster lines on site (在场), as the roster counts them.
    pub on_site: i64,
    pub by_unit: Vec<Slice>,
    pub by_team: Vec<Slice>,
    pub by_work_type: Vec<Slice>,
    pub by_gender: Vec<Slice>,
    /// 20岁以下, 20-29岁, …, 60岁及以上 (age today; 未知 when the ID number gives none).
    pub by_age: Vec<Slice>,
    /// The province that issued the ID number, most first.
    pub by_province: Vec<Slice>,
    /// Men over 60, women over 50.
    pub over_age: Vec<OverAgeWorker>,
    pub moves: Vec<MonthMoves>,
}

pub const AGE_BANDS: [&str; 6] = ["20岁以下", "20-29岁", "30-39岁", "40-49岁", "50-59岁", "60岁及以上"];

fn age_band(age: u32) -> &'static str {
    AGE_BANDS[(age / 10).saturating_sub(1).min(5) as usize]
}

fn is_over_age(gender: i64, age: u32) -> bool {
    if gender == 1 { age > MEN_OVER } else { age > WOMEN_OVER }
}

/// Counts by name, most first (ties by name).
fn ranked(counts: HashMap<String, i64>) -> Vec<Slice> {
    let mut slices: Vec<Slice> = counts.into_iter().map(|(name, count)| Slice { name, count }).collect();
    slices.sort_by(|a, b| b.count.cmp(&a.count).then_with(|| a.name.cmp(&b.name)));
    slices
}

pub(super) fn name_or(names: &HashMap<i64, String>, id: i64, none: &str) -> String {
    if id == 0 {
        return none.to_owned();
    }
    names.get(&id).cloned().unwrap_or_else(|| format!("#{id}"))
}

pub async fn people(db: &Db, selection: &Selection) -> Result<PeopleReport, ApiError> {
    let cohort = &selection.cohort;
    let today = clock::china_today();
    let first = format_date(selection.first_day);
    let last = format_date(selection.last_day);
    // Independent reads, each on its own connection.
    let (people, (units, teams), entries, exits) = tokio::try_join!(
        worker::service::on_site_people(db, cohort),
        worker::service::unit_and_team_names(db, cohort),
        worker::service::moves_by_month(db, cohort, false, &first, &last),
        worker::service::moves_by_month(db, cohort, true, &first, &last),
    )?;
    let mut by_unit = HashMap::new();
    let mut by_team = HashMap::new();
    let mut by_work_type = HashMap::new();
    let mut by_gender = HashMap::new();
    let mut by_age: HashMap<String, i64> = AGE_BANDS.iter().map(|band| ((*band).to_owned(), 0)).collect();
    let mut by_province = HashMap::new();
    let mut over_age = Vec::new();
    for person in &people {
        let unit = name_or(&units, person.unit_id, "");
        let team = name_or(&teams, person.team_id, "未分班组");
        *by_unit.entry(unit.clone()).or_insert(0) += 1;
        *by_team.entry(team.clone()).or_insert(0) += 1;
        let work_type = worker::service::work_type_label(&person.work_type);
        *by_work_type.entry(if work_type.is_empty() { "未填写".to_owned() } else { work_type }).or_insert(0) += 1;
        *by_gender.entry(if person.gender == 1 { "男" } else { "女" }.to_owned()).or_insert(0) += 1;
        let id = IdNumber::parse(&person.id_number).ok();
        let province = id.as_ref().map_or("未知", |id| id.province());
        *by_province.entry(province.to_owned()).or_insert(0) += 1;
        match id.as_ref().and_then(|id| id.age_on(today)) {
            Some(age) => {
                *by_age.entry(age_band(age).to_owned()).or_insert(0) += 1;
                if is_over_age(person.gender, age) {
                    over_age.push(OverAgeWorker {
                        project_id: person.project_id,
                        worker_id: person.worker_id,
                        name: person.name.clone(),
                        id_number: masked(&person.id_number),
                        gender: if person.gender == 1 { "男" } else { "女" }.into(),
                        age,
                        unit,
                        team,
                    });
                }
            }
            None => *by_age.entry("未知".to_owned()).or_insert(0) += 1,
        }
    }
    over_age.sort_by(|a, b| {
        b.age
            .cmp(&a.age)
            .then_with(|| a.name.cmp(&b.name))
            .then(a.project_id.cmp(&b.project_id))
            .then(a.worker_id.cmp(&b.worker_id))
    });
    let mut by_age: Vec<Slice> = AGE_BANDS
        .iter()
        .chain(std::iter::once(&"未知"))
        .filter_map(|band| by_age.get(*band).map(|count| Slice { name: (*band).to_owned(), count: *count }))
        .collect();
    by_age.retain(|slice| slice.name != "未知" || slice.count > 0);
    let entries: HashMap<String, i64> = entries.into_iter().collect();
    let exits: HashMap<String, i64> = exits.into_iter().collect();
    let moves = selection
        .months
        .iter()
        .map(|month| MonthMoves {
            month: month.clone(),
            entries: entries.get(month).copied().unwrap_or(0),
            exits: exits.get(month).copied().unwrap_or(0),
        })
        .collect();
    Ok(PeopleReport {
        projects: selection.cohort.projects().iter().filter(|id| **id > 0).count() as i64,
        on_site: people.len() as i64,
        by_unit: ranked(by_unit),
        by_team: ranked(by_team),
        by_work_type: ranked(by_work_type),
        by_gender: ranked(by_gender),
        by_age,
        by_province: ranked(by_province),
        over_age,
        moves,
    })
}

/// One day of the daily chart.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DayAttendance {
    pub day: String,
    /// 工作日, 休息日 or 法定节假日.
    pub class: String,
    /// Roster lines whose stay covers the day.
    pub on_site: i64,
    /// Of them, those with an attended day (the attendance sheet's ✓).
    pub attended: i64,
    /// attended ÷ on site, per cent with one decimal (0 with nobody on site).
    pub rate: f64,
}

/// Attended days of one team (or a unit's workers without a team) in one month.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TeamMonth {
    pub month: String,
    pub unit: String,
    pub team: String,
    /// Worker-days attended.
    pub attended_days: i64,
    /// Workers who attended at least once.
    pub workers: i64,
}

/// A worker of the absence ranking.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AbsentWorker {
    pub project_id: i64,
    pub worker_id: i64,
    pub name: String,
    /// Working days of the window on site.
    pub working_days: i64,
    pub attended_days: i64,
    pub absent_days: i64,
}

/// A key-post holder's presence.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct KeyStaffPresence {
    pub project_id: i64,
    pub project: String,
    pub unit: String,
    pub post: String,
    pub name: String,
    /// Working days in post in the months (up to today).
    pub working_days: i64,
    /// Of them, days with a punch.
    pub valid_days: i64,
    /// valid ÷ working, per cent with one decimal.
    pub rate: f64,
    /// Under 80 %.
    pub low: bool,
}

/// 考勤统计.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AttendanceReport {
    /// The daily chart's days: the 30 days up to the end month's last day or today, whichever is earlier.
    pub window_start: String,
    pub window_end: String,
    pub days: Vec<DayAttendance>,
    pub teams: Vec<TeamMonth>,
    /// Most absent days (working days on site without attendance) in the window, at most 10.
    pub most_absent: Vec<AbsentWorker>,
    pub key_staff: Vec<KeyStaffPresence>,
}

pub(super) fn percent(part: i64, whole: i64) -> f64 {
    if whole == 0 {
        return 0.0;
    }
    (part as f64 * 1000.0 / whole as f64).round() / 10.0
}

/// A stay `entry`..`exit` ('' open) covers `day` (all `YYYY-MM-DD`).
fn covers(entry: &str, exit: &str, day: &str) -> bool {
    entry <= day && (exit.is_empty() || exit >= day)
}

/// The day of the month of a `YYYY-MM-DD` date.
fn day_of_month(day: &str) -> u32 {
    day.get(8..10).and_then(|text| text.parse().ok()).unwrap_or(0)
}

/// The days `from`..=`to` of a stay within the month `month` (`YYYY-MM`), as days of the month, or None when
/// the stay `entry`..`exit` ('' open) misses the month.
fn stay_in_month(entry: &str, exit: &str, month: &str) -> Option<(u32, u32)> {
    let entry_month = entry.get(..7)?;
    if entry_month > month {
        return None;
    }
    let from = if entry_month == month { day_of_month(entry) } else { 1 };
    let to = match exit.get(..7) {
        None => 31,
        Some(exit_month) if exit_month < month => return None,
        Some(exit_month) if exit_month == month => day_of_month(exit),
        Some(_) => 31,
    };
    (from <= to).then_some((from, to))
}

/// Attended worker-days and workers per (unit, team, month) over `first`..`last` (`YYYY-MM-DD`): each
/// attended day counted under the stay covering it.
fn team_months(
    attended: &[AttendedMonth],
    stays_of: &HashMap<(i64, i64), Vec<&Stay>>,
    first: &str,
    last: &str,
) -> BTreeMap<(i64, i64, String), (i64, i64)> {
    let (first_month, last_month) = (&first[..7], &last[..7]);
    let mut groups: HashMap<(i64, i64, &str), (i64, i64)> = HashMap::new();
    let mut touched: Vec<(i64, i64)> = Vec::new();
    for row in attended {
        let month = row.month.as_str();
        if month < first_month || month > last_month {
            continue;
        }
        let Some(stays) = stays_of.get(&(row.project_id, row.worker_id)) else { continue };
        // The range's first day is the first of its month; its last may fall within the month.
        let range_to = if month == last_month { day_of_month(last) } else { 31 };
        touched.clear();
        for stay in stays {
            let Some((from, to)) = stay_in_month(&stay.entry_date, &stay.exit_date, month) else { continue };
            let count = row.count_between(from, to.min(range_to));
            if count > 0 {
                groups.entry((stay.unit_id, stay.team_id, month)).or_default().0 += count;
                touched.push((stay.unit_id, stay.team_id));
            }
        }
        touched.sort_unstable();
        touched.dedup();
        for (unit, team) in &touched {
            groups.entry((*unit, *team, month)).or_default().1 += 1;
        }
    }
    groups.into_iter().map(|((unit, team, month), figures)| ((unit, team, month.to_owned()), figures)).collect()
}

/// The bits `from`..`to` (exclusive) of a window mask.
fn bits(from: usize, to: usize) -> u64 {
    if from >= to { 0 } else { ((1u64 << to) - 1) & !((1u64 << from) - 1) }
}

pub async fn attendance(db: &Db, selection: &Selection) -> Result<AttendanceReport, ApiError> {
    let cohort = &selection.cohort;
    let today = clock::china_today();
    let window_end = selection.last_day.min(today);
    let window_start = (window_end - Duration::days(WINDOW_DAYS - 1)).max(selection.first_day.min(window_end));
    let calendar =
        calendar::service::calendar(db, window_start.min(selection.first_day), window_end.max(selection.last_day))
            .await?;
    let (first, last) = (format_date(window_start), format_date(window_end));
    let window: Vec<(String, DayClass)> =
        days(window_start, window_end).map(|day| (format_date(day), calendar.class(day))).collect();
    let range_end = selection.last_day.min(today);
    let (range_first, range_last) = (format_date(selection.first_day), format_date(range_end));
    // The stays and the attended months are read once, over the window and the months up to today.
    let (span_first, span_last) =
        (format_date(window_start.min(selection.first_day)), format_date(window_end.max(range_end)));
    let (span_first_month, span_last_month) = (&span_first[..7], &span_last[..7]);
    // Independent reads, each on its own connection.
    let (stays, attended, names, key_staff) = tokio::join!(
        worker::service::stays_between(db, cohort, &span_first, &span_last),
        attendance::service::for_reports::attended_months(db, cohort, span_first_month, span_last_month),
        worker::service::unit_and_team_names(db, cohort),
        key_staff(db, selection, &calendar, range_end),
    );
    let (stays, attended, (units, teams), key_staff) = (stays?, attended?, names?, key_staff?);
    let mut stays_of: HashMap<(i64, i64), Vec<&Stay>> = HashMap::new();
    for stay in &stays {
        stays_of.entry((stay.project_id, stay.worker_id)).or_default().push(stay);
    }
    // Each person's days of the window on site, one bit per day (the window has at most 30 days).
    let mut on_site_days: HashMap<(i64, i64), u64> = HashMap::new();
    for stay in &stays {
        let from = window.partition_point(|(day, _)| day.as_str() < stay.entry_date.as_str());
        let to = if stay.exit_date.is_empty() {
            window.len()
        } else {
            window.partition_point(|(day, _)| day.as_str() <= stay.exit_date.as_str())
        };
        let mask = bits(from, to);
        if mask != 0 {
            *on_site_days.entry((stay.project_id, stay.worker_id)).or_insert(0) |= mask;
        }
    }
    // The window's part of each month it touches: (month, first index, its day of the month, days).
    let mut segments: Vec<(&str, usize, u32, usize)> = Vec::new();
    for (index, (day, _)) in window.iter().enumerate() {
        match segments.last_mut() {
            Some(segment) if segment.0 == &day[..7] => segment.3 += 1,
            _ => segments.push((&day[..7], index, day_of_month(day), 1)),
        }
    }
    // Each person's attended days of the window inside a stay, one bit per day.
    let mut attended_days: HashMap<(i64, i64), u64> = HashMap::new();
    for row in &attended {
        let key = (row.project_id, row.worker_id);
        let Some(on_site) = on_site_days.get(&key) else { continue };
        let Some((_, start, first_day, len)) = segments.iter().find(|segment| segment.0 == row.month) else { continue };
        let month_bits = u64::try_from(row.days).unwrap_or(0) >> (first_day - 1);
        let mask = ((month_bits & bits(0, *len)) << start) & on_site;
        if mask != 0 {
            *attended_days.entry(key).or_insert(0) |= mask;
        }
    }
    let count_per_day = |masks: &HashMap<(i64, i64), u64>| {
        let mut counts = vec![0i64; window.len()];
        for mask in masks.values() {
            for (index, count) in counts.iter_mut().enumerate() {
                *count += i64::from(mask & 1 << index != 0);
            }
        }
        counts
    };
    let days_out: Vec<DayAttendance> = window
        .iter()
        .zip(count_per_day(&on_site_days).into_iter().zip(count_per_day(&attended_days)))
        .map(|((day, class), (on_site, attended))| DayAttendance {
            day: day.clone(),
            class: class.label().into(),
            on_site,
            attended,
            rate: percent(attended, on_site),
        })
        .collect();
    let working_mask = window
        .iter()
        .enumerate()
        .filter(|(_, (_, class))| *class == DayClass::Working)
        .fold(0u64, |mask, (index, _)| mask | 1 << index);
    let mut absent: Vec<AbsentWorker> = on_site_days
        .iter()
        .map(|((project_id, worker_id), mask)| {
            let working_days = i64::from((mask & working_mask).count_ones());
            let attended = attended_days.get(&(*project_id, *worker_id)).copied().unwrap_or(0);
            let attended_days = i64::from((attended & working_mask).count_ones());
            AbsentWorker {
                project_id: *project_id,
                worker_id: *worker_id,
                name: String::new(),
                working_days,
                attended_days,
                absent_days: (working_days - attended_days).max(0),
            }
        })
        .filter(|worker| worker.absent_days > 0)
        .collect();
    absent.sort_by(|a, b| {
        b.absent_days.cmp(&a.absent_days).then(a.project_id.cmp(&b.project_id)).then(a.worker_id.cmp(&b.worker_id))
    });
    absent.truncate(ABSENT_TOP);
    let ids: Vec<i64> = absent.iter().map(|worker| worker.worker_id).collect();
    let names = worker::service::names(db, &ids).await?;
    for worker in &mut absent {
        worker.name = names.get(&worker.worker_id).cloned().unwrap_or_default();
    }
    let groups = if range_end < selection.first_day {
        BTreeMap::new()
    } else {
        team_months(&attended, &stays_of, &range_first, &range_last)
    };
    let mut team_months: Vec<TeamMonth> = groups
        .into_iter()
        .map(|((unit, team, month), (attended_days, workers))| TeamMonth {
            month,
            unit: name_or(&units, unit, ""),
            team: name_or(&teams, team, "未分班组"),
            attended_days,
            workers,
        })
        .collect();
    team_months
        .sort_by(|a, b| a.month.cmp(&b.month).then_with(|| a.unit.cmp(&b.unit)).then_with(|| a.team.cmp(&b.team)));
    Ok(AttendanceReport {
        window_start: first,
        window_end: last,
        days: days_out,
        teams: team_months,
        most_absent: absent,
        key_staff,
    })
}

/// The key posts' presence over the months up to `range_end`: a day counts when the person punched on the
/// project (on the roster, or unknown to it), on a working day in post.
async fn key_staff(
    db: &Db,
    selection: &Selection,
    calendar: &crate::domain::calendar::Calendar,
    range_end: Date,
) -> Result<Vec<KeyStaffPresence>, ApiError> {
    if range_end < selection.first_day {
        return Ok(Vec::new());
    }
    let projects: Vec<i64> = selection.cohort.projects().to_vec();
    let (first, last) = (format_date(selection.first_day), format_date(range_end));
    let staff = project::staff::service::key_staff_between(db, &projects, selection.cohort.unit, &first, &last).await?;
    let numbers: Vec<String> =
        staff.iter().map(|person| person.id_number.clone()).collect::<HashSet<_>>().into_iter().collect();
    let present: HashSet<(i64, String, String)> =
        attendance::service::for_reports::presence_days(db, &projects, &numbers, &first, &last)
            .await?
            .into_iter()
            .collect();
    let working: Vec<String> = days(selection.first_day, range_end)
        .filter(|day| calendar.class(*day) == DayClass::Working)
        .map(format_date)
        .collect();
    Ok(staff
        .into_iter()
        .map(|person| {
            let in_post: Vec<&String> =
                working.iter().filter(|day| covers(&person.entry_date, &person.exit_date, day)).collect();
            let valid = in_post
                .iter()
                .filter(|day| present.contains(&(person.project_id, person.id_number.clone(), (**day).clone())))
                .count() as i64;
            let working_days = in_post.len() as i64;
            let rate = percent(valid, working_days);
            KeyStaffPresence {
                project_id: person.project_id,
                project: person.project_name,
                unit: person.unit_name,
                post: person.post,
                name: person.name,
                working_days,
                valid_days: valid,
                rate,
                low: working_days > 0 && rate < PRESENCE_FLOOR,
            }
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use time::macros::date;

    #[test]
    fn months_default_to_the_last_twelve_and_refuse_bad_ranges() {
        let today = date!(2026 - 03 - 15);
        let (list, first, last) = months("", "", today).unwrap();
        assert_eq!(list.len(), 12);
        assert_eq!((list[0].as_str(), list[11].as_str()), ("2025-04", "2026-03"));
        assert_eq!((first, last), (date!(2025 - 04 - 01), date!(2026 - 03 - 31)));
        assert_eq!(months("2026-02", "2026-01", today).unwrap_err(), Invalid(MSG_ORDER));
        assert_eq!(months("2026-13", "", today).unwrap_err(), Invalid(MSG_START));
        assert_eq!(months("", "2026/01", today).unwrap_err(), Invalid(MSG_END));
        assert_eq!(months("2020-01", "2026-01", today).unwrap_err(), Invalid(MSG_SPAN));
        assert_eq!(months("2024-02", "2024-02", today).unwrap().2, date!(2024 - 02 - 29));
    }

    #[test]
    fn ages_fall_in_bands_and_over_age_follows_the_site_rules() {
        assert_eq!(age_band(18), "20岁以下");
        assert_eq!(age_band(20), "20-29岁");
        assert_eq!(age_band(59), "50-59岁");
        assert_eq!(age_band(60), "60岁及以上");
        assert_eq!(age_band(75), "60岁及以上");
        assert!(!is_over_age(1, 60) && is_over_age(1, 61));
        assert!(!is_over_age(2, 50) && is_over_age(2, 51));
    }

    fn stay(entry: &str, exit: &str, team_id: i64) -> Stay {
        Stay { project_id: 1, worker_id: 7, entry_date: entry.into(), exit_date: exit.into(), unit_id: 2, team_id }
    }

    /// Bits of the given days of a month.
    fn month(month: &str, days: &[u32]) -> AttendedMonth {
        AttendedMonth {
            project_id: 1,
            worker_id: 7,
            month: month.into(),
            days: days.iter().fold(0, |bits, day| bits | 1 << (day - 1)),
        }
    }

    #[test]
    fn attended_days_count_under_the_stay_covering_them_within_the_range() {
        let march = month("2026-03", &[1, 2, 10, 11, 31]);
        assert!(march.attended(31) && !march.attended(3) && !march.attended(0) && !march.attended(32));
        assert_eq!(march.count_between(1, 31), 5);
        assert_eq!(march.count_between(2, 10), 2);
        assert_eq!(march.count_between(12, 30), 0);
        // Team 5 until the 10th, then team 6 from the 10th (both cover the 10th, as the join on stays did);
        // the range ends on the 30th.
        let (old, new) = (stay("2026-01-01", "2026-03-10", 5), stay("2026-03-10", "", 6));
        let stays_of = HashMap::from([((1, 7), vec![&old, &new])]);
        let groups = team_months(&[march.clone(), month("2026-04", &[1])], &stays_of, "2026-03-01", "2026-03-30");
        assert_eq!(
            groups.into_iter().collect::<Vec<_>>(),
            vec![((2, 5, "2026-03".to_owned()), (3, 1)), ((2, 6, "2026-03".to_owned()), (2, 1))]
        );
        // A worker whose two stays fall in one team counts once among its workers.
        let (first, second) = (stay("2026-03-01", "2026-03-05", 5), stay("2026-03-09", "", 5));
        let stays_of = HashMap::from([((1, 7), vec![&first, &second])]);
        let groups = team_months(&[march], &stays_of, "2026-03-01", "2026-03-31");
        assert_eq!(groups.into_iter().collect::<Vec<_>>(), vec![((2, 5, "2026-03".to_owned()), (5, 1))]);
    }

    #[test]
    fn rates_are_per_cent_with_one_decimal() {
        assert_eq!(percent(2, 3), 66.7);
        assert_eq!(percent(0, 0), 0.0);
    }
}
