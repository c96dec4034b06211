//! The account types identity's rules and its SQL share; `accounts` re-exports them.

use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, clap::ValueEnum)]
#[serde(rename_all = "lowercase")]
pub enum AccountKind {
    /// The project's labour clerk (enterprise side).
    Builder,
    /// A finance approver of a project's wage orders.
    Finance,
    /// Labour-bureau staff (regulator).
    Admin,
}

impl AccountKind {
    pub fn as_str(self) -> &'static str {
        match self {
            AccountKind::Builder => "builder",
            AccountKind::Finance => "finance",
            AccountKind::Admin => "admin",
        }
    }

    pub fn parse(text: &str) -> Option<AccountKind> {
        match text {
            "builder" => Some(AccountKind::Builder),
            "finance" => Some(AccountKind::Finance),
            "admin" => Some(AccountKind::Admin),
            _ => None,
        }
    }
}

/// What a regulator account may do besides reading the projects of its district (DESIGN §1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, clap::ValueEnum)]
#[serde(rename_all = "lowercase")]
pub enum RegulatorRole {
    /// 审核: audits registrations, provisions project accounts.
    Auditor,
    /// 监察: records credit, handles warnings and leads.
    Inspector,
    /// 管理员: manages regulator accounts, and may do what the other two do.
    Manager,
}

impl RegulatorRole {
    pub fn as_str(self) -> &'static str {
        match self {
            RegulatorRole::Auditor => "auditor",
            RegulatorRole::Inspector => "inspector",
            RegulatorRole::Manager => "manager",
        }
    }

    pub fn parse(text: &str) -> Option<RegulatorRole> {
        match text {
            "auditor" => Some(RegulatorRole::Auditor),
            "inspector" => Some(RegulatorRole::Inspector),
            "manager" => Some(RegulatorRole::Manager),
            _ => None,
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            RegulatorRole::Auditor => "审核",
            RegulatorRole::Inspector => "监察",
            RegulatorRole::Manager => "管理员",
        }
    }
}

/// The two login sides of the console (tab index 1 and 2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    Builder,
    Finance,
}

impl Side {
    pub fn parse(segment: &str) -> Option<Side> {
        match segment.to_ascii_lowercase().as_str() {
            "builder" => Some(Side::Builder),
            "finance" => Some(Side::Finance),
            _ => None,
        }
    }

    /// The enterprise side serves builder and regulator accounts; the finance side only approvers.
    pub fn admits(self, kind: AccountKind) -> bool {
        match self {
            Side::Builder => matches!(kind, AccountKind::Builder | AccountKind::Admin),
            Side::Finance => kind == AccountKind::Finance,
        }
    }
}

#[derive(Clone, Debug, sqlx::FromRow)]
pub struct Account {
    pub id: i64,
    pub username: String,
    pub name: String,
    pub kind: String,
    pub project_id: Option<i64>,
    pub phone: String,
    pub password_hash: String,
    pub must_change_password: bool,
    pub password_meets_strong_rule: bool,
    pub password_changed_at: i64,
    pub disabled: bool,
    /// A regulator's district scope (a supervising-district code); empty = the whole area.
    pub district: String,
    /// A regulator's role (`RegulatorRole`); empty for other accounts.
    pub regulator_role: String,
}

impl Account {
    pub fn kind(&self) -> AccountKind {
        AccountKind::parse(&self.kind).unwrap_or(AccountKind::Builder)
    }

    /// The regulator's role; None for project and finance accounts.
    pub fn regulator_role(&self) -> Option<RegulatorRole> {
        (self.kind() == AccountKind::Admin).then(|| RegulatorRole::parse(&self.regulator_role)).flatten()
    }

    /// The regulator's district scope; None when it covers the whole area (or the account is no regulator).
    pub fn district(&self) -> Option<&str> {
        Some(self.district.as_str()).filter(|code| !code.is_empty() && self.kind() == AccountKind::Admin)
    }
}

pub struct NewAccount<'a> {
    pub username: &'a str,
    pub name: &'a str,
    pub kind: AccountKind,
    pub project_id: Option<i64>,
    pub phone: &'a str,
    /// Finance approvers' ID number (checked before they approve); empty for other accounts.
    pub id_number: &'a str,
    pub password_hash: &'a str,
    pub password_meets_strong_rule: bool,
    /// True for accounts handed out on an initial password, which the console forces to change.
    pub must_change_password: bool,
    /// A regulator's district scope ('' for the whole area, and for other accounts).
    pub district: &'a str,
    /// A regulator's role; None for other accounts.
    pub regulator_role: Option<RegulatorRole>,
}
