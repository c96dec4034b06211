//! Who configured the project's approvers: every log line about its finance accounts (created, renamed,
//! disabled, enabled, a password reset sent, the approver's own ID number and phone), with who, when and from
//! which address. The clerk reads it on 财务角色配置, the regulator with the project in view the same, so that an
//! approver set up by the clerk who prepares the wages is seen to be (issue 28).

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::repo;
use super::service::read_project;
use crate::clock;
use crate::db::Db;
use crate::envelope::ApiError;
use crate::identity::sessions::CurrentAccount;
use crate::oplog;
use crate::paging::{Page, Paged};

#[derive(Debug, Default, Deserialize, ToSchema, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ApproverLogQuery {
    pub page: Option<String>,
    pub limit: Option<String>,
    /// The regulator's project (a builder's own is implied).
    #[serde(rename = "projectId")]
    #[param(rename = "projectId")]
    pub project_id: Option<String>,
}

/// One change to an approver account.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ApproverLogLine {
    pub id: i64,
    /// `YYYY-MM-DD HH:MM:SS`, China time.
    pub time: String,
    /// The login name of the account that made the change.
    pub actor: String,
    /// The client address it came from.
    pub ip: String,
    pub action: String,
    /// The approver changed: name (login account).
    pub approver: String,
    pub detail: String,
}

/// The changes to the project's approver accounts, newest first, a page of them.
pub async fn history(
    db: &Db,
    current: &CurrentAccount,
    query: &ApproverLogQuery,
) -> Result<Paged<ApproverLogLine>, ApiError> {
    let project_id = read_project(db, current, &query.project_id).await?;
    let page = Page::parse(&query.page, &query.limit)?;
    let approvers = repo::all(db, project_id).await?;
    let targets: Vec<(&str, String)> = approvers.iter().map(|(id, _, _)| ("account", id.to_string())).collect();
    let (lines, total) = oplog::for_targets(db, &targets, page.limit, page.offset()).await?;
    let approver = |target: &str| {
        approvers
            .iter()
            .find(|(id, _, _)| id.to_string() == target)
            .map(|(_, username, name)| format!("{name}（{username}）"))
            .unwrap_or_default()
    };
    let lines = lines
        .into_iter()
        .map(|line| ApproverLogLine {
            id: line.id,
            time: clock::china_datetime(line.created_at),
            approver: approver(&line.target_id),
            actor: line.account_name,
            ip: line.ip,
            action: line.action,
            detail: line.detail,
        })
        .collect();
    Ok(page.answer(lines, total))
}
