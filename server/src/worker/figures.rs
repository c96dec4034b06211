//! What other areas read of the roster: who was on site between two dates, the active units and teams,
//! counts, the backup's tables, the platform feed's lines and names.

use super::input::*;
use super::repo;
use crate::db::Db;
use crate::db::cohort::Cohort;
use crate::db::packed::{number, text, unpacked};
use crate::envelope::ApiError;

/// The roster's lines and standards in the shapes the wage sheets plan with: the roster owns them, the wage
/// area reads them.
pub use repo::{Employment, Rate};

/// The roster lines of the project overlapping `first`..`last` with their wage standards, for the wage area.
pub async fn roster_between(
    db: &Db,
    project_id: i64,
    first: &str,
    last: &str,
) -> Result<(Vec<Employment>, Vec<Rate>), ApiError> {
    Ok((
        repo::employments_between(db, project_id, first, last).await?,
        repo::rates_between(db, project_id, first, last).await?,
    ))
}

/// The project's active units other than the builder, for the wage screens.
pub async fn active_units(db: &Db, project_id: i64) -> sqlx::Result<Vec<repo::UnitRow>> {
    repo::units(db, project_id).await
}

/// The project's teams that have not left the site, for the wage screens.
pub async fn active_teams(db: &Db, project_id: i64) -> sqlx::Result<Vec<repo::TeamRow>> {
    repo::teams(db, project_id).await
}

/// Workers on site per project, for the projects `ids` (projects with none are left out).
pub async fn on_site_counts(db: &Db, ids: &[i64]) -> sqlx::Result<Vec<(i64, i64)>> {
    repo::on_site_counts(db, ids).await
}

/// Workers on site of projects `ids` per work type, as (label, count), most first: the roster's 工种 filter
/// with 在场 counts the same.
pub async fn on_site_by_work_type(db: &Db, ids: &[i64]) -> sqlx::Result<Vec<(String, i64)>> {
    let mut counts: Vec<(String, i64)> = repo::on_site_by_work_type(db, ids)
        .await?
        .into_iter()
        .map(|(work_type, count)| {
            let label = work_type_label(&work_type);
            (if label.is_empty() { "未填写".to_owned() } else { label }, count)
        })
        .collect();
    counts.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    Ok(counts)
}

/// For the early warnings: per project, (project, workers on site, earliest entry day).
pub async fn on_site_since(db: &Db) -> sqlx::Result<Vec<(i64, i64, String)>> {
    repo::on_site_since(db).await
}

/// For the early warnings: (project, worker, entry day) of workers on site without a signed labour contract
/// who entered before `before` (`YYYY-MM-DD`).
pub async fn on_site_without_contract(db: &Db, before: &str) -> sqlx::Result<Vec<(i64, i64, String)>> {
    repo::on_site_without_contract(db, before).await
}

/// The roster's part of a project's export (`backup`): every employment with its worker, past ones too; the
/// photos and signed contracts they refer to go along.
pub async fn export_tables(db: &Db, project_id: i64) -> sqlx::Result<Vec<crate::spreadsheet::Table>> {
    let roster = repo::export_roster(db, project_id).await?;
    Ok(vec![crate::spreadsheet::Table::new("花名册.xlsx", "花名册（含已退场人员）", roster, &["照片", "合同文件"])])
}

/// A worker on site for the reports (issue 16): the roster line and what the ID card says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OnSitePerson {
    pub project_id: i64,
    pub worker_id: i64,
    pub name: String,
    pub id_number: String,
    pub gender: i64,
    pub unit_id: i64,
    /// 0 without a team.
    pub team_id: i64,
    pub work_type: String,
}

/// For the reports: the cohort's workers on site, as the roster lists them.
pub async fn on_site_people(db: &Db, cohort: &Cohort) -> sqlx::Result<Vec<OnSitePerson>> {
    let mut people = Vec::new();
    for (project_id, packed) in repo::on_site_people(db, cohort).await? {
        people.extend(unpacked(&packed).map(|fields| OnSitePerson {
            project_id,
            worker_id: number(fields.first()),
            name: text(fields.get(1)),
            id_number: text(fields.get(2)),
            gender: number(fields.get(3)),
            unit_id: number(fields.get(4)),
            team_id: number(fields.get(5)),
            work_type: text(fields.get(6)),
        }));
    }
    Ok(people)
}

/// For the reports: entries (or `exits`) per month `YYYY-MM` of days `first`..`last`.
pub async fn moves_by_month(
    db: &Db,
    cohort: &Cohort,
    exits: bool,
    first: &str,
    last: &str,
) -> sqlx::Result<Vec<(String, i64)>> {
    repo::moves_by_month(db, cohort, exits, first, last).await
}

/// A roster line's stay on its project, for the reports.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stay {
    pub project_id: i64,
    pub worker_id: i64,
    /// `YYYY-MM-DD`.
    pub entry_date: String,
    /// `YYYY-MM-DD`, '' while on site.
    pub exit_date: String,
    pub unit_id: i64,
    /// 0 without a team.
    pub team_id: i64,
}

/// For the reports: the cohort's roster lines overlapping `first`..`last`.
pub async fn stays_between(db: &Db, cohort: &Cohort, first: &str, last: &str) -> sqlx::Result<Vec<Stay>> {
    let mut stays = Vec::new();
    for (project_id, packed) in repo::stays_between(db, cohort, first, last).await? {
        stays.extend(unpacked(&packed).map(|fields| Stay {
            project_id,
            worker_id: number(fields.first()),
            entry_date: text(fields.get(1)),
            exit_date: text(fields.get(2)),
            unit_id: number(fields.get(3)),
            team_id: number(fields.get(4)),
        }));
    }
    Ok(stays)
}

/// For the reports: the names of the cohort's projects' units and teams, by id.
pub async fn unit_and_team_names(
    db: &Db,
    cohort: &Cohort,
) -> sqlx::Result<(std::collections::HashMap<i64, String>, std::collections::HashMap<i64, String>)> {
    let mut units = std::collections::HashMap::new();
    let mut teams = std::collections::HashMap::new();
    for (kind, id, name) in repo::unit_and_team_names(db, cohort).await? {
        if kind == "unit" {
            units.insert(id, name)
        } else {
            teams.insert(id, name)
        };
    }
    Ok((units, teams))
}

/// Workers' names by id.
pub async fn names(db: &Db, ids: &[i64]) -> sqlx::Result<std::collections::HashMap<i64, String>> {
    Ok(repo::names(db, ids).await?.into_iter().collect())
}

/// A worker as another area names him on a project: name, the masked ID number (`domain::mask`) and his
/// newest roster line there (the roster's `?worker=` opens it).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct NamedWorker {
    pub name: String,
    pub masked_id_number: String,
    pub line_id: i64,
}

/// The workers of `pairs` (project, worker) as [`NamedWorker`]s; a pair without a roster line is left out.
pub async fn named_on_projects(
    db: &Db,
    pairs: &[(i64, i64)],
) -> sqlx::Result<std::collections::HashMap<(i64, i64), NamedWorker>> {
    let mut ids: Vec<i64> = pairs.iter().map(|(_, worker)| *worker).collect();
    ids.sort_unstable();
    ids.dedup();
    let wanted: std::collections::HashSet<&(i64, i64)> = pairs.iter().collect();
    let mut named = std::collections::HashMap::new();
    // Bounded binds per statement, whatever the engine asks for.
    for chunk in ids.chunks(500) {
        for (project_id, worker_id, name, number, line_id) in repo::lines_of_workers(db, chunk).await? {
            if wanted.contains(&(project_id, worker_id)) {
                let masked_id_number = crate::domain::mask::masked(&number);
                named.insert((project_id, worker_id), NamedWorker { name, masked_id_number, line_id });
            }
        }
    }
    Ok(named)
}

/// For the site terminals (iclock): (worker, name) of everyone on the project's site now, by worker.
pub async fn on_site_names(db: &Db, project_id: i64) -> sqlx::Result<Vec<(i64, String)>> {
    repo::on_site_names(db, project_id).await
}

/// For the site terminals: which of `ids` are or were on the project's roster.
pub async fn ever_on_roster(db: &Db, project_id: i64, ids: &[i64]) -> sqlx::Result<std::collections::HashSet<i64>> {
    Ok(repo::ever_on_roster(db, project_id, ids).await?.into_iter().collect())
}

pub use repo::FeedLine;

/// For the worker-platform feed: every roster line of the project (past ones too) with the person's data.
pub async fn feed_lines(db: &Db, project_id: i64) -> sqlx::Result<Vec<FeedLine>> {
    repo::feed_lines(db, project_id).await
}
