//! The project's attendance rules (system/collection): read them, and save them, recounting the open months.

use serde::{Deserialize, Serialize};
use time::{Date, Duration};
use utoipa::{IntoParams, ToSchema};

use super::devices::direction_label;
use super::ingest;
use super::input::*;
use super::repo;
use super::rules::{self, Directions, Rules};
use crate::clock;
use crate::db::{Db, Tx};
use crate::domain::Invalid;
use crate::envelope::ApiError;
use crate::extract::sent;
use crate::identity::sessions::CurrentAccount;
use crate::oplog;
use crate::scope;

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct ProjectQuery {
    /// The regulator's project (required for the regulator); a builder's own project is implied.
    pub project_id: Option<String>,
}

/// The project's attendance rules.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AttendanceRules {
    /// Minimum hours between the first and the last counted punch for a day to count; `0.0`: any punch.
    pub min_hours: String,
    /// Punches of one worker within this many seconds count once.
    pub dedup_seconds: i64,
    /// Which punches count: `in`, `out` or `both`.
    pub directions: String,
    /// A device counts as offline after this many minutes without a heartbeat.
    pub offline_minutes: i64,
    /// A shift takes the punches less than this many hours after its first punch (it may cross midnight);
    /// its day and month are those it began on.
    pub max_shift_hours: i64,
}

impl From<Rules> for AttendanceRules {
    fn from(rules: Rules) -> Self {
        AttendanceRules {
            min_hours: rules::hours_text(rules.min_minutes),
            dedup_seconds: rules.dedup_seconds,
            directions: rules.directions.as_str().into(),
            offline_minutes: rules.offline_minutes,
            max_shift_hours: rules.max_shift_minutes / 60,
        }
    }
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RulesForm {
    /// 0–24 with at most one decimal.
    pub min_hours: Option<String>,
    /// 0–3600.
    pub dedup_seconds: Option<String>,
    /// `in`, `out` or `both`.
    pub directions: Option<String>,
    /// 1–1440.
    pub offline_minutes: Option<String>,
    /// Whole hours 1–24; left out, the saved value stays (16 by default).
    pub max_shift_hours: Option<String>,
}

/// What a rule change recounted.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AttendanceRulesSaved {
    /// First day recounted (`YYYY-MM-DD`): the first day of the previous month.
    pub from: String,
    pub to: String,
    /// Worker-days with punches in that range, recounted.
    pub worker_days: usize,
}

pub async fn get_rules(db: &Db, current: &CurrentAccount, query: &ProjectQuery) -> Result<AttendanceRules, ApiError> {
    let project_id = one_project(scope::read(db, current, &query.project_id).await?)?;
    Ok(ingest::rules(db, project_id).await?.into())
}

pub(super) fn first_of_month(day: Date) -> Date {
    day.replace_day(1).unwrap_or(day)
}

fn months_back(day: Date, months: u8) -> Date {
    let mut first = first_of_month(day);
    for _ in 0..months {
        first = first_of_month(first - Duration::days(1));
    }
    first
}

pub async fn save_rules(
    db: &Db,
    current: &CurrentAccount,
    ip: &str,
    form: &RulesForm,
) -> Result<AttendanceRulesSaved, ApiError> {
    let project_id = scope::write(current)?;
    let rules = Rules {
        min_minutes: rules::parse_min_hours(sent(&form.min_hours))?,
        dedup_seconds: rules::parse_whole(sent(&form.dedup_seconds), 0..=3600, rules::MSG_DEDUP)?,
        directions: Directions::parse(sent(&form.directions)).ok_or(Invalid(rules::MSG_DIRECTIONS))?,
        offline_minutes: rules::parse_whole(sent(&form.offline_minutes), 1..=1440, rules::MSG_OFFLINE)?,
        max_shift_minutes: match sent(&form.max_shift_hours) {
            "" => ingest::rules(db, project_id).await?.max_shift_minutes,
            hours => rules::parse_whole(hours, 1..=24, rules::MSG_MAX_SHIFT)? * 60,
        },
    };
    // Hours come from in→out pairs, which one counted direction cannot form.
    if rules.directions != Directions::Both && rules.min_minutes > 0 {
        return Err(Invalid(rules::MSG_ONE_DIRECTION_HOURS).into());
    }
    let detail = format!(
        "最少工时 {} 小时，去重 {} 秒，计入方向 {}，离线判定 {} 分钟，班次最长 {} 小时",
        rules::hours_text(rules.min_minutes),
        rules.dedup_seconds,
        direction_label(rules.directions.as_str()),
        rules.offline_minutes,
        rules.max_shift_minutes / 60
    );
    let entry = logged_by(current, ip).action("修改考勤规则").on("attendance_rules", project_id).detail(detail);
    Tx::within(db, async |tx: &mut Tx| -> sqlx::Result<()> {
        repo::save_rules(tx, project_id, &rules, clock::now()).await?;
        oplog::record_in(tx, &entry).await
    })
    .await?;
    let today = clock::china_today();
    let from = months_back(today, OPEN_PREVIOUS_MONTHS);
    let worker_days = ingest::recompute(db, project_id, from).await?;
    Ok(AttendanceRulesSaved { from: from.to_string(), to: today.to_string(), worker_days })
}

/// At start: recounts the open months of the projects whose punches were stored before shifts were counted.
pub async fn recount_stored_shifts(db: &Db) -> sqlx::Result<usize> {
    ingest::recount_stored(db, months_back(clock::china_today(), OPEN_PREVIOUS_MONTHS)).await
}
