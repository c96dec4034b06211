//! The data screen (数据大屏, issue 16 part 3): one read of everything the TV shows, for one project or for
//! a regulator's district. Fast at millions of punches: counts come from `attendance_day_counts` and the roster's
//! indexes, the ticker from the newest punches through an index, never from scanning punches. Every figure
//! is read through the owning area's service; this area has no table and no repository.

use serde::{Deserialize, Serialize};
use time::{Date, Duration};
use utoipa::{IntoParams, ToSchema};

use crate::area::data::areas;
use crate::clock;
use crate::db::Db;
use crate::domain::mask::masked;
use crate::envelope::ApiError;
use crate::identity::accounts::AccountKind;
use crate::identity::sessions::CurrentAccount;
use crate::project::service::ProjectSite;
use crate::wage::money::yuan;
use crate::{attendance, project, scope, wage, warning, worker};

pub const MSG_ADMIN_ONLY: &str = "仅监管部门账号可以查看辖区数据大屏";
pub const MSG_NOT_APPROVED: &str = "项目审核通过后才能查看数据大屏";
/// Days of the attendance trend, today included.
pub const TREND_DAYS: i64 = 30;
/// Punches in the ticker.
pub const TICKER: i64 = 20;

#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct ScreenQuery {
    /// The regulator's project in view; a builder's own project is implied.
    pub project_id: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct NamedCount {
    pub name: String,
    pub value: i64,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct DayCount {
    /// `YYYY-MM-DD`.
    pub day: String,
    pub value: i64,
}

/// Open warnings by level.
#[derive(Debug, Default, Serialize, ToSchema)]
pub struct ScreenWarnings {
    pub red: i64,
    pub orange: i64,
    pub yellow: i64,
}

/// A punch of the ticker, masked for a screen passers-by read (DESIGN §5).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TickerPunch {
    /// The family name and one `*` per further character: `张**`.
    pub name: String,
    /// `4101**********123X`.
    pub id_number: String,
    /// `YYYY-MM-DD HH:MM:SS`, China time.
    pub punched_at: String,
    /// 进场 or 出场.
    pub direction: String,
    pub project_name: String,
}

/// A project of the district's map, coloured by its worst open warning.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MapProject {
    pub id: i64,
    pub name: String,
    /// `lat,lng`; '' when the site has no coordinates (left off the map).
    pub latlng: String,
    /// red, orange, yellow or none.
    pub worst_warning: String,
    pub workers_on_site: i64,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ScreenData {
    /// The project's name, or the district's.
    pub title: String,
    /// Workers on the roster now.
    pub on_site: i64,
    /// Workers whose shift began today.
    pub attended_today: i64,
    /// Workers on site by work type, most first.
    pub by_work_type: Vec<NamedCount>,
    /// Workers who came on each of the last 30 days, oldest first, every day present.
    pub trend: Vec<DayCount>,
    /// The month being paid now (`YYYY-MM`) and what its orders paid, yuan.
    pub wage_month: String,
    pub wages_paid: String,
    pub warnings: ScreenWarnings,
    /// The latest punches, newest first (today and yesterday).
    pub latest_punches: Vec<TickerPunch>,
    /// The regulator's district: its approved projects; empty for one project.
    pub projects: Vec<MapProject>,
    /// When this was read, `YYYY-MM-DD HH:MM:SS`.
    pub refreshed_at: String,
}

/// `张三丰` → `张**`: the family name stays, the rest is starred (DESIGN §5, a screen a passer-by reads).
fn masked_name(name: &str) -> String {
    let mut chars = name.chars();
    chars.next().map(|first| std::iter::once(first).chain(chars.map(|_| '*')).collect()).unwrap_or_default()
}

/// One project: the clerk's, or the one a regulator has in view, once approved (403 before); finance 403.
pub async fn project_screen(db: &Db, current: &CurrentAccount, query: &ScreenQuery) -> Result<ScreenData, ApiError> {
    let project_id = scope::project(db, current, &query.project_id).await?;
    // A project still in the wizard or under audit has no site to show yet (issue 34).
    let name = match project::service::find_summary(db, project_id).await? {
        Some(project) if project.audit_status == "2" => project.name,
        _ => return Err(ApiError::Forbidden(MSG_NOT_APPROVED.into())),
    };
    let site = ProjectSite { id: project_id, name, latlng: String::new() };
    let mut data = screen(db, std::slice::from_ref(&site)).await?;
    data.title = site.name;
    data.projects.clear();
    Ok(data)
}

/// The regulator's district: its approved projects together, and each on the map.
pub async fn district_screen(db: &Db, current: &CurrentAccount) -> Result<ScreenData, ApiError> {
    match current.kind() {
        AccountKind::Admin => {}
        AccountKind::Finance => return Err(ApiError::Forbidden(scope::MSG_FINANCE.into())),
        AccountKind::Builder => return Err(ApiError::Forbidden(MSG_ADMIN_ONLY.into())),
    }
    let district = scope::district(current);
    let sites = project::service::sites_in_district(db, district).await?;
    let mut data = screen(db, &sites).await?;
    data.title = match areas().resolve(district) {
        Some(area) => format!("{}农民工工资监管", area.name),
        None => "农民工工资监管".into(),
    };
    Ok(data)
}

/// Workers who attended on each of the `TREND_DAYS` days up to `today`, every day present: one row per
/// project and day of `attendance_day_counts`, so every TV asking each minute costs little at any size.
async fn trend(db: &Db, ids: &[i64], today: Date) -> Result<Vec<DayCount>, ApiError> {
    let first = today - Duration::days(TREND_DAYS - 1);
    let attended = attendance::service::attended_by_day(db, ids, &first.to_string(), &today.to_string()).await?;
    Ok((0..TREND_DAYS)
        .map(|offset| {
            let day = (first + Duration::days(offset)).to_string();
            let value = attended.iter().find(|(on, _)| *on == day).map_or(0, |(_, count)| *count);
            DayCount { day, value }
        })
        .collect())
}

async fn screen(db: &Db, sites: &[ProjectSite]) -> Result<ScreenData, ApiError> {
    let ids: Vec<i64> = sites.iter().map(|site| site.id).collect();
    let trend = trend(db, &ids, clock::china_today()).await?;
    let on_site_counts = worker::service::on_site_counts(db, &ids).await?;
    let levels = warning::service::open_levels(db, &ids).await?;
    let month = wage::service::settling_month();
    let paid: i64 = wage::service::paid_in_month(db, &ids, &month).await?.iter().map(|(_, fen)| fen).sum();
    let since = clock::now() - 2 * 86_400;
    let punches = attendance::service::latest_punches(db, &ids, since, TICKER).await?;
    let name_of = |id: i64| sites.iter().find(|site| site.id == id).map(|site| site.name.clone()).unwrap_or_default();
    let warnings = levels.values().fold(ScreenWarnings::default(), |sum, open| ScreenWarnings {
        red: sum.red + open.red,
        orange: sum.orange + open.orange,
        yellow: sum.yellow + open.yellow,
    });
    Ok(ScreenData {
        title: String::new(),
        on_site: on_site_counts.iter().map(|(_, count)| count).sum(),
        attended_today: trend.last().map_or(0, |day| day.value),
        by_work_type: worker::service::on_site_by_work_type(db, &ids)
            .await?
            .into_iter()
            .map(|(name, value)| NamedCount { name, value })
            .collect(),
        trend,
        wage_month: month,
        wages_paid: yuan(paid),
        warnings,
        latest_punches: punches
            .into_iter()
            .map(|punch| TickerPunch {
                name: masked_name(&punch.name),
                id_number: masked(&punch.id_number),
                punched_at: clock::china_datetime(punch.punched_at),
                direction: if punch.direction == "in" { "进场" } else { "出场" }.into(),
                project_name: name_of(punch.project_id),
            })
            .collect(),
        projects: sites
            .iter()
            .map(|site| {
                let open = levels.get(&site.id).copied().unwrap_or_default();
                let worst = if open.red > 0 {
                    "red"
                } else if open.orange > 0 {
                    "orange"
                } else if open.yellow > 0 {
                    "yellow"
                } else {
                    "none"
                };
                MapProject {
                    id: site.id,
                    name: site.name.clone(),
                    latlng: site.latlng.clone(),
                    worst_warning: worst.into(),
                    workers_on_site: on_site_counts.iter().find(|(id, _)| *id == site.id).map_or(0, |(_, n)| *n),
                }
            })
            .collect(),
        refreshed_at: clock::china_datetime(clock::now()),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_keep_the_family_name_only() {
        assert_eq!(masked_name("张三丰"), "张**");
        assert_eq!(masked_name("李四"), "李*");
        assert_eq!(masked_name(""), "");
    }
}
