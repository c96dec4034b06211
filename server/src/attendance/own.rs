//! A worker's own month of attendance (the worker side, `/worker/attendance/v1/Attendance/month`): each day
//! of his stays on a project up to today, attended, absent (a working day without attendance), rest or
//! holiday, with the times he punched.

use serde::{Deserialize, Serialize};
use time::Duration;
use utoipa::{IntoParams, ToSchema};

use super::repo;
use super::sheet::parse_month;
use crate::calendar;
use crate::clock;
use crate::db::Db;
use crate::domain::calendar::{DayClass, days};
use crate::domain::dates::format_date;
use crate::envelope::ApiError;
use crate::identity::worker_sessions::CurrentWorker;
use crate::worker::own::{PersonStay, stays_of_person};

pub const MSG_NOT_HIS_PROJECT: &str = "您在该项目没有登记记录";

#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct OwnMonthQuery {
    /// YYYY-MM (default: this month).
    pub month: Option<String>,
    /// One of his projects that month (default: the newest).
    pub project_id: Option<String>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OwnProjectName {
    pub project_id: i64,
    pub project_name: String,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OwnDay {
    /// YYYY-MM-DD.
    pub day: String,
    /// 1 Monday … 7 Sunday.
    pub weekday: i64,
    /// `attended`, `absent` (a working day without attendance), `rest` or `holiday` (statutory).
    pub status: String,
    /// HH:MM of each punch counted on the day, in order.
    pub punches: Vec<String>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OwnMonth {
    pub month: String,
    /// The project shown (0 when he was on none that month).
    pub project_id: i64,
    /// His projects that month, newest first.
    pub projects: Vec<OwnProjectName>,
    pub days: Vec<OwnDay>,
    pub attended: i64,
    pub absent: i64,
}

fn covers(stay: &PersonStay, first: &str, last: &str) -> bool {
    stay.entry_date.as_str() <= last && (stay.exit_date.is_empty() || stay.exit_date.as_str() >= first)
}

pub async fn own_month(db: &Db, current: &CurrentWorker, query: &OwnMonthQuery) -> Result<OwnMonth, ApiError> {
    let (first, last) = parse_month(query.month.as_deref().unwrap_or_default())?;
    let today = clock::china_today();
    let month = format_date(first)[..7].to_owned();
    let (first_text, last_text) = (format_date(first), format_date(last));
    let stays: Vec<PersonStay> = stays_of_person(db, current.worker_id)
        .await?
        .into_iter()
        .filter(|stay| covers(stay, &first_text, &last_text))
        .collect();
    let mut projects: Vec<OwnProjectName> = Vec::new();
    for stay in &stays {
        if !projects.iter().any(|project| project.project_id == stay.project_id) {
            projects.push(OwnProjectName { project_id: stay.project_id, project_name: stay.project_name.clone() });
        }
    }
    let wanted = query.project_id.as_deref().map(str::trim).filter(|id| !id.is_empty());
    let project_id = match wanted {
        Some(id) => id
            .parse::<i64>()
            .ok()
            .filter(|id| projects.iter().any(|project| project.project_id == *id))
            .ok_or_else(|| ApiError::NotFound(MSG_NOT_HIS_PROJECT.into()))?,
        None => match projects.first() {
            Some(project) => project.project_id,
            None => return Ok(OwnMonth { month, project_id: 0, projects, days: Vec::new(), attended: 0, absent: 0 }),
        },
    };
    let key = (project_id, current.worker_id);
    let attendance = repo::days_of_worker(db, key, &first_text, &last_text).await?;
    let punches = repo::punches_of_worker(db, key, &first_text, &format_date(last + Duration::days(1))).await?;
    let calendar = calendar::service::calendar(db, first, last).await?;
    let here: Vec<&PersonStay> = stays.iter().filter(|stay| stay.project_id == project_id).collect();
    let mut out = OwnMonth { month, project_id, projects, days: Vec::new(), attended: 0, absent: 0 };
    for day in days(first, last.min(today)) {
        let text = format_date(day);
        if !here.iter().any(|stay| covers(stay, &text, &text)) {
            continue;
        }
        let attended = attendance.iter().any(|(on, attended)| *on == text && *attended);
        let status = if attended {
            out.attended += 1;
            "attended"
        } else {
            match calendar.class(day) {
                DayClass::Working => {
                    out.absent += 1;
                    "absent"
                }
                DayClass::Statutory => "holiday",
                DayClass::Rest => "rest",
            }
        };
        let punches = punches
            .iter()
            .filter(|(on, _)| *on == text)
            .map(|(_, at)| clock::china_datetime(*at)[11..16].to_owned())
            .collect();
        out.days.push(OwnDay {
            day: text,
            weekday: i64::from(day.weekday().number_from_monday()),
            status: status.to_owned(),
            punches,
        });
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stay(entry: &str, exit: &str) -> PersonStay {
        PersonStay { project_id: 1, project_name: String::new(), entry_date: entry.into(), exit_date: exit.into() }
    }

    #[test]
    fn a_stay_covers_the_days_between_its_entry_and_its_exit() {
        assert!(covers(&stay("2026-10-05", ""), "2026-10-05", "2026-10-05"));
        assert!(!covers(&stay("2026-10-05", ""), "2026-10-04", "2026-10-04"));
        assert!(covers(&stay("2026-09-01", "2026-10-01"), "2026-10-01", "2026-10-31"));
        assert!(!covers(&stay("2026-09-01", "2026-09-30"), "2026-10-01", "2026-10-31"));
    }
}
