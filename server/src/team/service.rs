//! Teams (班组, issue 4 item 4; console bzInfo): a team belongs to one unit of the project on site, has
//! a leader, a work type and entry and exit dates; a team with workers neither exits nor goes.
//! Handlers are in `mod.rs`, SQL in `repo.rs`.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::repo::{self, TeamFields, TeamFilter, TeamRow};
use crate::clock;
use crate::company::participants::{UnitTeams, role_label, status_filter, visible_unit};
use crate::company::service::person;
use crate::db::{Db, DbFuture, Tx};
use crate::domain::Invalid;
use crate::domain::dates::{format_date, required_date};
use crate::domain::mask::masked;
use crate::envelope::ApiError;
use crate::extract::sent;
use crate::identity::sessions::CurrentAccount;
use crate::oplog;
use crate::paging::{Page, Paged, contains_pattern};
use crate::project::options;
use crate::scope::{self, ReadScope};

pub const MSG_TEAM_NOT_FOUND: &str = "班组不存在";
pub const MSG_TEAM_ID: &str = "请选择班组";
pub const MSG_UNIT_REQUIRED: &str = "请选择所属单位";
pub const MSG_UNIT_INVALID: &str = "请选择正确的所属单位";
pub const MSG_UNIT_EXITED: &str = "所属单位已退场，不能添加班组";
pub const MSG_NAME_REQUIRED: &str = "请填写班组名称";
pub const MSG_NAME_TOO_LONG: &str = "班组名称不能超过50个字";
pub const MSG_NAME_TAKEN: &str = "该单位下已有同名班组";
pub const MSG_WORK_TYPE_REQUIRED: &str = "请选择工种";
pub const MSG_WORK_TYPE_UNKNOWN: &str = "请选择正确的工种";
pub const MSG_ENTRY_REQUIRED: &str = "请选择进场日期";
pub const MSG_ENTRY_AFTER_EXIT: &str = "进场日期不能晚于退场日期";
pub const MSG_EXIT_REQUIRED: &str = "请选择退场日期";
pub const MSG_EXIT_FUTURE: &str = "退场日期不能晚于今天";
pub const MSG_EXIT_BEFORE_ENTRY: &str = "退场日期不能早于进场日期";
pub const MSG_EXITED: &str = "该班组已退场";
pub const MSG_UNIT_CHANGE: &str = "该班组下还有工人，不能更换所属单位";
pub const MSG_CHANGED: &str = "班组状态已变化，请刷新后重试";
pub const NAME_MAX: usize = 50;

/// `ajax_list` filters.
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct TeamListForm {
    /// The regulator's project in view (required for admin accounts; a builder's own is implied).
    #[serde(rename = "projectId")]
    #[schema(rename = "projectId")]
    pub project_id: Option<String>,
    /// From 1 (default 1).
    pub page: Option<String>,
    /// 1–100 (default 10).
    pub limit: Option<String>,
    /// A unit of the project; empty = all.
    pub unit_id: Option<String>,
    /// Part of the team name.
    pub name: Option<String>,
    /// 1 on site, 2 exited; empty = all.
    pub status: Option<String>,
}

/// A team.
#[derive(Debug, Serialize, ToSchema)]
pub struct TeamItem {
    pub id: i64,
    pub unit_id: i64,
    pub unit_name: String,
    /// 建设单位, 施工总包, 专业分包, 劳务分包.
    pub unit_role_label: String,
    pub name: String,
    pub leader_name: String,
    pub leader_phone: String,
    pub leader_id_number: String,
    /// A work-type value (`Site/workTypes`).
    pub work_type: String,
    pub work_type_label: String,
    /// YYYY-MM-DD.
    pub entry_date: String,
    /// YYYY-MM-DD or ''.
    pub exit_date: String,
    /// 1 on site, 2 exited.
    pub status: i64,
    pub status_label: String,
    /// Workers on site.
    pub worker_count: i64,
}

fn team_item(row: TeamRow) -> TeamItem {
    let status = if row.exit_date.is_empty() { 1 } else { 2 };
    TeamItem {
        unit_role_label: role_label(&row.unit_role).to_owned(),
        work_type_label: options::WORK_TYPES
            .iter()
            .find(|option| option.value == row.work_type)
            .map(|option| option.label.to_owned())
            .unwrap_or_default(),
        status,
        status_label: if status == 1 { "在场" } else { "已退场" }.to_owned(),
        id: row.id,
        unit_id: row.unit_id,
        unit_name: row.unit_name,
        name: row.name,
        leader_name: row.leader_name,
        leader_phone: row.leader_phone,
        leader_id_number: row.leader_id_number,
        work_type: row.work_type,
        entry_date: row.entry_date,
        exit_date: row.exit_date,
        worker_count: row.worker_count,
    }
}

fn optional_id(text: &Option<String>, message: &'static str) -> Result<i64, Invalid> {
    let text = sent(text);
    let text = text.trim();
    if text.is_empty() {
        return Ok(0);
    }
    text.parse::<i64>().ok().filter(|id| *id > 0).ok_or(Invalid(message))
}

/// `ajax_list`.
pub async fn list(db: &Db, current: &CurrentAccount, form: &TeamListForm) -> Result<Paged<TeamItem>, ApiError> {
    let project_id = scope::project(db, current, &form.project_id).await?;
    let page = Page::parse(&form.page, &form.limit)?;
    let unit_id = optional_id(&form.unit_id, MSG_UNIT_INVALID)?;
    let name = sent(&form.name).trim().to_owned();
    if name.chars().count() > NAME_MAX {
        return Err(Invalid(MSG_NAME_TOO_LONG).into());
    }
    let filter =
        TeamFilter { project_id, unit_id, name_pattern: contains_pattern(&name), status: status_filter(&form.status)? };
    let total = repo::count(db, &filter).await?;
    let rows = repo::list(db, &filter, page.limit, page.offset()).await?;
    Ok(page.answer(rows.into_iter().map(listed).collect(), total))
}

/// A team as the list shows it: the leader's ID number masked (decisions "Privacy: one masking rule").
fn listed(row: TeamRow) -> TeamItem {
    let item = team_item(row);
    TeamItem { leader_id_number: masked(&item.leader_id_number), ..item }
}

/// `Team/detail`: one team with the leader's full ID number (the edit form's source). Builder: its
/// project's; admin: any; finance 403.
pub async fn detail(db: &Db, current: &CurrentAccount, form: &TeamIdForm) -> Result<TeamItem, ApiError> {
    let team = visible_team(db, ReadScope::All, team_id(&form.id)?).await?;
    if !scope::covers(db, current, team.project_id).await? {
        return Err(ApiError::NotFound(MSG_TEAM_NOT_FOUND.into()));
    }
    Ok(team_item(team))
}

/// A team the scope may see, or 404.
async fn visible_team(db: &Db, scope: ReadScope, id: i64) -> Result<TeamRow, ApiError> {
    repo::find(db, id)
        .await?
        .filter(|team| scope.covers(team.project_id))
        .ok_or_else(|| ApiError::NotFound(MSG_TEAM_NOT_FOUND.into()))
}

fn team_id(text: &Option<String>) -> Result<i64, ApiError> {
    match optional_id(text, MSG_TEAM_ID)? {
        0 => Err(ApiError::refused(MSG_TEAM_ID)),
        id => Ok(id),
    }
}

/// `ajax_save`: a new team (no `id`) or an edit.
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct TeamForm {
    /// The team to edit; empty for a new one.
    pub id: Option<String>,
    /// A unit of the project, on site (for a new team or a change of unit).
    pub unit_id: Option<String>,
    /// 1–50 characters, unique within the unit.
    pub name: Option<String>,
    pub leader_name: Option<String>,
    pub leader_phone: Option<String>,
    pub leader_id_number: Option<String>,
    /// A work-type value (`Site/workTypes`).
    pub work_type: Option<String>,
    /// YYYY-MM-DD, not before the unit's entry date.
    pub entry_date: Option<String>,
}

/// What a team save answers.
#[derive(Debug, Serialize, ToSchema)]
pub struct TeamSaved {
    pub id: i64,
}

pub async fn save(db: &Db, current: &CurrentAccount, ip: &str, form: &TeamForm) -> Result<TeamSaved, ApiError> {
    let project_id = scope::write(current)?;
    let own = ReadScope::Project(project_id);
    let existing = match optional_id(&form.id, MSG_TEAM_ID)? {
        0 => None,
        id => Some(visible_team(db, own, id).await?),
    };
    let unit_id = match optional_id(&form.unit_id, MSG_UNIT_INVALID)? {
        0 => return Err(ApiError::refused(MSG_UNIT_REQUIRED)),
        id => id,
    };
    let unit = visible_unit(db, own, unit_id).await?;
    let unit_changes = existing.as_ref().is_none_or(|team| team.unit_id != unit.id);
    if unit_changes && unit.status != 1 {
        return Err(ApiError::refused(MSG_UNIT_EXITED));
    }
    let name = sent(&form.name).trim().to_owned();
    if name.is_empty() {
        return Err(Invalid(MSG_NAME_REQUIRED).into());
    }
    if name.chars().count() > NAME_MAX {
        return Err(Invalid(MSG_NAME_TOO_LONG).into());
    }
    let [leader_name, leader_phone, leader_id_number] =
        person(&form.leader_name, &form.leader_phone, &form.leader_id_number)?;
    let work_type = sent(&form.work_type).trim().to_owned();
    if work_type.is_empty() {
        return Err(Invalid(MSG_WORK_TYPE_REQUIRED).into());
    }
    if !options::is_known(options::WORK_TYPES, &work_type) {
        return Err(Invalid(MSG_WORK_TYPE_UNKNOWN).into());
    }
    let entry_date = format_date(required_date(sent(&form.entry_date), MSG_ENTRY_REQUIRED)?);
    if entry_date < unit.entry_date {
        return Err(ApiError::refused(format!("班组进场日期不能早于所属单位的进场日期（{}）", unit.entry_date)));
    }
    if let Some(team) = &existing {
        if !team.exit_date.is_empty() && entry_date > team.exit_date {
            return Err(ApiError::refused(MSG_ENTRY_AFTER_EXIT));
        }
        if unit_changes && repo::employments(db, team.id).await?.0 > 0 {
            return Err(ApiError::refused(MSG_UNIT_CHANGE));
        }
    }
    if repo::name_taken(db, unit.id, &name, existing.as_ref().map_or(0, |team| team.id)).await? {
        return Err(ApiError::refused(MSG_NAME_TAKEN));
    }
    let fields = TeamFields {
        unit_id: unit.id,
        name: &name,
        leader_name: &leader_name,
        leader_phone: &leader_phone,
        leader_id_number: &leader_id_number,
        work_type: &work_type,
        entry_date: &entry_date,
    };
    let (id, action) = match &existing {
        None => {
            (repo::insert(db, project_id, &fields).await?.ok_or_else(|| ApiError::refused(MSG_NAME_TAKEN))?, "新增班组")
        }
        Some(team) => {
            repo::update(db, team.id, &fields).await?;
            (team.id, "修改班组")
        }
    };
    let before = existing
        .map(|team| format!("（原：{} / {} / {}）", team.name, team.leader_name, team.entry_date))
        .unwrap_or_default();
    oplog::record(
        db,
        oplog::Entry::by(&current.account, ip)
            .action(action)
            .on("team", id)
            .detail(format!("{name}：班组长 {leader_name}，工种 {work_type}，进场 {entry_date}{before}")),
    )
    .await?;
    Ok(TeamSaved { id })
}

/// `ajax_exit`.
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct TeamExitForm {
    pub id: Option<String>,
    /// YYYY-MM-DD: not after today, not before the entry date.
    pub exit_date: Option<String>,
}

pub async fn exit(db: &Db, current: &CurrentAccount, ip: &str, form: &TeamExitForm) -> Result<(), ApiError> {
    let project_id = scope::write(current)?;
    let team = visible_team(db, ReadScope::Project(project_id), team_id(&form.id)?).await?;
    let exit = required_date(sent(&form.exit_date), MSG_EXIT_REQUIRED)?;
    if exit > clock::china_today() {
        return Err(Invalid(MSG_EXIT_FUTURE).into());
    }
    let exit_date = format_date(exit);
    if exit_date < team.entry_date {
        return Err(Invalid(MSG_EXIT_BEFORE_ENTRY).into());
    }
    if !team.exit_date.is_empty() {
        return Err(ApiError::refused(MSG_EXITED));
    }
    if team.worker_count > 0 {
        return Err(ApiError::refused(format!("该班组还有{}名工人在场，不能退场", team.worker_count)));
    }
    if repo::exit(db, team.id, &exit_date).await? != 1 {
        return Err(ApiError::refused(MSG_CHANGED));
    }
    oplog::record(
        db,
        oplog::Entry::by(&current.account, ip)
            .action("班组退场")
            .on("team", team.id)
            .detail(format!("{}：状态 在场 → 已退场，退场日期 {exit_date}", team.name)),
    )
    .await?;
    Ok(())
}

/// The teams' answer to company's port: when a unit exits, its teams still on site leave with it, in the exit's
/// transaction. `lib.rs` hands it to `company::router`.
pub struct TeamsOfUnit;

impl UnitTeams for TeamsOfUnit {
    fn end_in<'a>(&'a self, tx: &'a mut Tx, unit_id: i64, exit_date: &'a str, now: i64) -> DbFuture<'a, ()> {
        Box::pin(async move { repo::end_for_unit(tx, unit_id, exit_date, now).await.map(|_| ()) })
    }
}

/// `ajax_delete`, `Team/detail`.
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct TeamIdForm {
    pub id: Option<String>,
}

pub async fn delete(db: &Db, current: &CurrentAccount, ip: &str, form: &TeamIdForm) -> Result<(), ApiError> {
    let project_id = scope::write(current)?;
    let team = visible_team(db, ReadScope::Project(project_id), team_id(&form.id)?).await?;
    let (employments, _) = repo::employments(db, team.id).await?;
    if employments > 0 {
        return Err(ApiError::refused(format!("该班组下还有{employments}名工人，不能删除")));
    }
    if repo::delete(db, team.id).await? != 1 {
        return Err(ApiError::refused(MSG_CHANGED));
    }
    oplog::record(
        db,
        oplog::Entry::by(&current.account, ip).action("删除班组").on("team", team.id).detail(format!(
            "{}（{}）：状态 {} → 已删除",
            team.name,
            team.unit_name,
            if team.exit_date.is_empty() { "在场".to_owned() } else { format!("已退场（{}）", team.exit_date) }
        )),
    )
    .await?;
    Ok(())
}

/// The team's leader (劳务负责人): name and phone, for the labour contract; None for an unknown team.
pub async fn leader(db: &Db, team_id: i64) -> sqlx::Result<Option<(String, String)>> {
    Ok(repo::find(db, team_id).await?.map(|team| (team.leader_name, team.leader_phone)))
}

/// For the worker-platform feed: every team of the project, exited ones too, with its leader.
pub async fn project_teams(db: &Db, project_id: i64) -> sqlx::Result<Vec<TeamRow>> {
    let filter = TeamFilter { project_id, unit_id: 0, name_pattern: String::new(), status: 0 };
    repo::list(db, &filter, i64::MAX, 0).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn optional_ids_are_empty_or_positive() {
        assert_eq!(optional_id(&None, MSG_UNIT_INVALID), Ok(0));
        assert_eq!(optional_id(&Some(" 7 ".into()), MSG_UNIT_INVALID), Ok(7));
        assert_eq!(optional_id(&Some("-1".into()), MSG_UNIT_INVALID), Err(Invalid(MSG_UNIT_INVALID)));
        assert!(team_id(&Some(String::new())).is_err());
    }
}
