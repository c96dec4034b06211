//! The operation log: who did what to which record, from where. Every change of status or money
//! writes one line. The regulator reads it in 操作日志 (`/admin/oplog/v1/Log/…`, rules in `service.rs`, routes in
//! `routes.rs`, apart from the recording every area uses, so that recording depends on nothing above it).

mod repo;
pub mod routes;
pub mod service;

pub use repo::LogConnection;

use crate::clock;
use crate::db::Db;
use crate::identity::accounts::Account;

pub struct Entry<'a> {
    pub account_id: Option<i64>,
    pub account_name: &'a str,
    /// The project the change is about: the acting account's, or the one a regulator acted on.
    pub project_id: Option<i64>,
    pub action: &'a str,
    pub target_type: &'a str,
    pub target_id: String,
    pub detail: String,
    pub ip: &'a str,
}

impl<'a> Entry<'a> {
    /// A change made by `account` from `ip`, about the account's own project (none for a regulator: name the
    /// project it acted on with [`Entry::project`]); name the action, the record and the detail next.
    pub fn by(account: &'a Account, ip: &'a str) -> Self {
        Entry { project_id: account.project_id, ..Entry::named(Some(account.id), &account.username, ip) }
    }

    /// A change made under a login name that may match no account (a lock-out of an unknown name).
    pub fn named(account_id: Option<i64>, account_name: &'a str, ip: &'a str) -> Self {
        Entry {
            account_id,
            account_name,
            project_id: None,
            action: "",
            target_type: "",
            target_id: String::new(),
            detail: String::new(),
            ip,
        }
    }

    pub fn action(self, action: &'a str) -> Self {
        Entry { action, ..self }
    }

    /// The project the change is about, when it is not the acting account's own (a regulator's action on a
    /// project, a bank's announcement).
    pub fn project(self, project_id: impl Into<Option<i64>>) -> Self {
        Entry { project_id: project_id.into(), ..self }
    }

    /// The record changed: its table-like type and its id.
    pub fn on(self, target_type: &'a str, target_id: impl ToString) -> Self {
        Entry { target_type, target_id: target_id.to_string(), ..self }
    }

    /// What changed, with the values before and after where there were any.
    pub fn detail(self, detail: impl Into<String>) -> Self {
        Entry { detail: detail.into(), ..self }
    }
}

pub async fn record(db: &Db, entry: Entry<'_>) -> sqlx::Result<()> {
    repo::insert(db, &entry, clock::now()).await
}

/// Writes an [`Entry`] on `conn`, a connection of the caller's open transaction of either backend (an area's
/// repository inside its own `pool.begin()`), so the change and its log line commit or roll back together.
pub async fn record_on(conn: &mut impl LogConnection, entry: &Entry<'_>) -> sqlx::Result<()> {
    conn.record(entry).await
}

/// Writes an [`Entry`] inside the open transaction `tx`, so a change of money or status and its log line
/// commit (or roll back) together.
pub async fn record_in(tx: &mut crate::db::Tx, entry: &Entry<'_>) -> sqlx::Result<()> {
    repo::record_in(tx, entry).await
}

/// One line of the log as a record's history shows it.
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct Line {
    pub id: i64,
    pub account_name: String,
    pub action: String,
    pub target_type: String,
    pub target_id: String,
    pub detail: String,
    /// The client address the change came from.
    pub ip: String,
    pub created_at: i64,
}

/// The log lines about any of `targets` (type, id), newest first, a page of them, and their total.
pub async fn for_targets(
    db: &Db,
    targets: &[(&str, String)],
    limit: i64,
    offset: i64,
) -> sqlx::Result<(Vec<Line>, i64)> {
    if targets.is_empty() {
        return Ok((Vec::new(), 0));
    }
    repo::for_targets(db, targets, limit, offset).await
}
