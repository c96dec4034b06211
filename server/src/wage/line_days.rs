//! Which dates a line pays (issue 28 item 5): each day at its standard, the days it tops up, and which other
//! sheets paid the worker's other days of the month, for the clerk's sheet, the regulator's read of it, the
//! approver's basis and the sheet's export.
//!
//! Dates are written compactly within the line's month: `10-03~10-07, 10-10` (a run of consecutive days as
//! first~last, runs in order, `, ` between). When a line pays its days at more than one standard, each run
//! group is followed by its standard: `10-01~10-14（300.00元/日）；10-15~10-31（350.00元/日）`. Top-ups always
//! name the step: `10-03~10-05（300.00→350.00元/日）`.

use std::collections::{BTreeMap, HashMap};

use serde::Serialize;
use time::Date;
use utoipa::ToSchema;

use super::money::yuan;
use super::plan::parse;
use super::repo::days::{self, BaseDay, SheetName, TopupRow};
use super::status::sheet_status_label;
use crate::db::{Db, TextRows};

/// One day a line pays.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WagePaidDay {
    /// YYYY-MM-DD.
    pub day: String,
    /// day 日薪, month 月薪.
    pub wage_kind: String,
    /// The standard the line pays the day at, yuan a day or a month.
    pub wage: String,
    /// false: a monthly worker's statutory holiday, paid without attendance.
    pub attended: bool,
    /// A 补差 day: the standard it had been paid at before, yuan ('' for a day the line pays in full).
    pub topup_from: String,
}

/// Another line of the worker in the same month: the sheet and the dates it pays.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WageLineElsewhere {
    pub sheet_id: i64,
    /// e.g. `2026-10 工资表 · 钢筋班（编号12）`.
    pub sheet_label: String,
    pub status_label: String,
    pub dates: String,
    pub topup_dates: String,
}

/// The dates a line pays, and where the worker's other days of the month were paid.
#[derive(Clone, Debug, Default, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WagePaidDates {
    /// The days paid in full, compact (`10-03~10-07, 10-10`).
    pub dates: String,
    /// The days topped up (补差), compact with the standards (`10-03~10-05（300.00→350.00元/日）`).
    pub topup_dates: String,
    pub days: Vec<WagePaidDay>,
    /// The worker's other lines of the month, in the order they were made.
    pub elsewhere: Vec<WageLineElsewhere>,
}

/// `MM-DD`.
fn short(day: Date) -> String {
    format!("{:02}-{:02}", day.month() as u8, day.day())
}

/// Days as runs: `10-03~10-07, 10-10` (any order in, each day once out).
pub fn compact(days: &[Date]) -> String {
    let mut sorted = days.to_vec();
    sorted.sort_unstable();
    sorted.dedup();
    let mut runs: Vec<(Date, Date)> = Vec::new();
    for day in sorted {
        match runs.last_mut() {
            Some((_, last)) if last.next_day() == Some(day) => *last = day,
            _ => runs.push((day, day)),
        }
    }
    runs.iter()
        .map(|(first, last)| if first == last { short(*first) } else { format!("{}~{}", short(*first), short(*last)) })
        .collect::<Vec<_>>()
        .join(", ")
}

fn unit(kind: &str) -> &'static str {
    if kind == "month" { "元/月" } else { "元/日" }
}

/// Days paid in full: compact, each standard after its runs when there is more than one.
fn dates_text(days: &[(Date, &str, i64)]) -> String {
    let mut groups: BTreeMap<(&str, i64), Vec<Date>> = BTreeMap::new();
    for (day, kind, fen) in days {
        groups.entry((*kind, *fen)).or_default().push(*day);
    }
    if groups.len() <= 1 {
        return compact(&days.iter().map(|(day, _, _)| *day).collect::<Vec<_>>());
    }
    let mut ordered: Vec<_> = groups.into_iter().collect();
    ordered.sort_by_key(|(_, days)| days.iter().min().copied());
    ordered
        .iter()
        .map(|((kind, fen), days)| format!("{}（{}{}）", compact(days), yuan(*fen), unit(kind)))
        .collect::<Vec<_>>()
        .join("；")
}

/// Top-ups: each step after its runs.
pub fn topup_text(steps: &[(Date, &str, i64, i64)]) -> String {
    let mut groups: BTreeMap<(&str, i64, i64), Vec<Date>> = BTreeMap::new();
    for (day, kind, from, to) in steps {
        groups.entry((*kind, *from, *to)).or_default().push(*day);
    }
    let mut ordered: Vec<_> = groups.into_iter().collect();
    ordered.sort_by_key(|(_, days)| days.iter().min().copied());
    ordered
        .iter()
        .map(|((kind, from, to), days)| format!("{}（{}→{}{}）", compact(days), yuan(*from), yuan(*to), unit(kind)))
        .collect::<Vec<_>>()
        .join("；")
}

/// The dates of one line from its rows.
fn of_line(base: &[&BaseDay], topups: &[&TopupRow]) -> (String, String, Vec<WagePaidDay>) {
    let full: Vec<(Date, &str, i64)> =
        base.iter().filter_map(|row| parse(&row.day).map(|day| (day, row.wage_kind.as_str(), row.wage_fen))).collect();
    let steps: Vec<(Date, &str, i64, i64)> = topups
        .iter()
        .filter_map(|row| parse(&row.day).map(|day| (day, row.wage_kind.as_str(), row.from_fen, row.to_fen)))
        .collect();
    let mut days: Vec<WagePaidDay> = base
        .iter()
        .map(|row| WagePaidDay {
            day: row.day.clone(),
            wage_kind: row.wage_kind.clone(),
            wage: yuan(row.wage_fen),
            attended: row.attended,
            topup_from: String::new(),
        })
        .chain(topups.iter().map(|row| WagePaidDay {
            day: row.day.clone(),
            wage_kind: row.wage_kind.clone(),
            wage: yuan(row.to_fen),
            attended: true,
            topup_from: yuan(row.from_fen),
        }))
        .collect();
    days.sort_by(|a, b| (&a.day, &a.topup_from).cmp(&(&b.day, &b.topup_from)));
    (dates_text(&full), topup_text(&steps), days)
}

/// Rows by their line.
type ByLine<'a> = (HashMap<i64, Vec<&'a BaseDay>>, HashMap<i64, Vec<&'a TopupRow>>);

fn by_line<'a>(base: &'a [BaseDay], topups: &'a [TopupRow]) -> ByLine<'a> {
    let mut base_of: HashMap<i64, Vec<&BaseDay>> = HashMap::new();
    for row in base {
        base_of.entry(row.line_id).or_default().push(row);
    }
    let mut topups_of: HashMap<i64, Vec<&TopupRow>> = HashMap::new();
    for row in topups {
        topups_of.entry(row.line_id).or_default().push(row);
    }
    (base_of, topups_of)
}

/// `2026-10 工资表 · 钢筋班（编号12）`, or `… 补充工资表（第2张）…`.
pub fn sheet_label(sheet: &SheetName) -> String {
    let kind =
        if sheet.seq <= 1 { "工资表".to_owned() } else { format!("补充工资表（第{}张）", sheet.seq) };
    let place = if sheet.team_name.is_empty() { &sheet.unit_name } else { &sheet.team_name };
    format!("{} {kind} · {place}（编号{}）", sheet.month, sheet.id)
}

/// For the lines `lines` (line, worker) of the project's `month`: the dates each pays and where the worker's
/// other days of the month were paid. Four queries whatever the number of lines.
pub async fn paid_dates(
    db: &Db,
    project_id: i64,
    month: &str,
    lines: &[(i64, i64)],
) -> sqlx::Result<HashMap<i64, WagePaidDates>> {
    let mut workers: Vec<i64> = lines.iter().map(|(_, worker)| *worker).collect();
    workers.sort_unstable();
    workers.dedup();
    let (month_lines, sheets) = days::month_lines_of(db, project_id, month, &workers).await?;
    let ids: Vec<i64> = month_lines.iter().map(|(line, _, _)| *line).collect();
    let (base, topups) = days::line_days(db, &ids).await?;
    let sheets: HashMap<i64, &SheetName> = sheets.iter().map(|sheet| (sheet.id, sheet)).collect();
    let (base_of, topups_of) = by_line(&base, &topups);
    let rows_of = |line: i64| {
        (base_of.get(&line).map(Vec::as_slice).unwrap_or(&[]), topups_of.get(&line).map(Vec::as_slice).unwrap_or(&[]))
    };
    let mut out = HashMap::new();
    for (line_id, worker_id) in lines {
        let (own_base, own_topups) = rows_of(*line_id);
        let (dates, topup_dates, days) = of_line(own_base, own_topups);
        let elsewhere = month_lines
            .iter()
            .filter(|(other, worker, _)| worker == worker_id && other != line_id)
            .filter_map(|(other, _, sheet)| {
                let (base, topups) = rows_of(*other);
                let sheet = sheets.get(sheet)?;
                let (dates, topup_dates, _) = of_line(base, topups);
                Some(WageLineElsewhere {
                    sheet_id: sheet.id,
                    sheet_label: sheet_label(sheet),
                    status_label: sheet_status_label(&sheet.status).into(),
                    dates,
                    topup_dates,
                })
            })
            .collect();
        out.insert(*line_id, WagePaidDates { dates, topup_dates, days, elsewhere });
    }
    Ok(out)
}

/// Lines whose days one query reads in the project export.
const EXPORT_CHUNK: usize = 2_000;

/// The project export's wage lines (`backup`; the first column each line's id) with two more columns: the
/// dates each pays (计发日期) and the days it tops up (补差日期). Read a chunk of lines at a time, so that a
/// project's years of days are never held at once.
pub async fn with_dates(db: &Db, mut lines: TextRows) -> sqlx::Result<TextRows> {
    lines.columns.extend(["计发日期".to_owned(), "补差日期".to_owned()]);
    let ids: Vec<i64> = lines.rows.iter().map(|row| row.first().and_then(|id| id.parse().ok()).unwrap_or(0)).collect();
    let mut texts: HashMap<i64, (String, String)> = HashMap::new();
    for chunk in ids.chunks(EXPORT_CHUNK) {
        let (base, topups) = days::line_days(db, chunk).await?;
        let (base_of, topups_of) = by_line(&base, &topups);
        for line in chunk {
            let own_base = base_of.get(line).map(Vec::as_slice).unwrap_or(&[]);
            let own_topups = topups_of.get(line).map(Vec::as_slice).unwrap_or(&[]);
            let (dates, topup_dates, _) = of_line(own_base, own_topups);
            texts.insert(*line, (dates, topup_dates));
        }
    }
    for (row, id) in lines.rows.iter_mut().zip(&ids) {
        let (dates, topup_dates) = texts.remove(id).unwrap_or_default();
        row.extend([dates, topup_dates]);
    }
    Ok(lines)
}

#[cfg(test)]
mod tests {
    use super::*;
    use time::macros::date;

    #[test]
    fn dates_run_compactly() {
        let days = [
            date!(2026 - 10 - 10),
            date!(2026 - 10 - 03),
            date!(2026 - 10 - 04),
            date!(2026 - 10 - 05),
            date!(2026 - 10 - 06),
            date!(2026 - 10 - 07),
        ];
        assert_eq!(compact(&days), "10-03~10-07, 10-10");
        assert_eq!(compact(&[date!(2026 - 10 - 31), date!(2026 - 11 - 01)]), "10-31~11-01");
        assert_eq!(compact(&[]), "");
    }

    #[test]
    fn each_standard_follows_its_days_when_there_are_several() {
        let one = [(date!(2026 - 10 - 03), "day", 30_000), (date!(2026 - 10 - 04), "day", 30_000)];
        assert_eq!(dates_text(&one), "10-03~10-04");
        let two = [
            (date!(2026 - 10 - 03), "day", 30_000),
            (date!(2026 - 10 - 15), "day", 35_000),
            (date!(2026 - 10 - 04), "day", 30_000),
        ];
        assert_eq!(dates_text(&two), "10-03~10-04（300.00元/日）；10-15（350.00元/日）");
        let steps =
            [(date!(2026 - 10 - 03), "month", 600_000, 650_000), (date!(2026 - 10 - 04), "month", 600_000, 650_000)];
        assert_eq!(topup_text(&steps), "10-03~10-04（6000.00→6500.00元/月）");
    }
}
