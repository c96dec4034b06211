//! What a message is: its kind, its addressee and its subject.

/// What a message is about: the inbox filters by it, and with the subject id it names the screen to open.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Registration decisions and other notes of the platform.
    System,
    /// Wage orders: submitted, approved, rejected, partly failed; payout lines failed.
    Order,
    /// Wage-arrears leads dispatched to the project or returned to it (the subject is the lead: `back_id`).
    Lead,
    /// Early warnings raised or closed.
    Warning,
    /// Notices published.
    Notice,
    /// Guarantee changes read by the bureau.
    Guarantee,
}

impl Kind {
    pub fn as_str(self) -> &'static str {
        match self {
            Kind::System => "system",
            Kind::Order => "order",
            Kind::Lead => "lead",
            Kind::Warning => "warning",
            Kind::Notice => "notice",
            Kind::Guarantee => "guarantee",
        }
    }
}

/// A message to send: to a project (its accounts see it) or to one account.
#[derive(Clone, Debug)]
pub struct Outgoing<'a> {
    pub project_id: Option<i64>,
    pub account_id: Option<i64>,
    pub kind: Kind,
    pub title: &'a str,
    pub content: &'a str,
    /// The id of the record the message is about (a lead, a warning, a notice, an order).
    pub subject_id: Option<i64>,
}

impl<'a> Outgoing<'a> {
    pub fn to_project(project_id: i64, kind: Kind, title: &'a str, content: &'a str) -> Self {
        Self { project_id: Some(project_id), account_id: None, kind, title, content, subject_id: None }
    }

    pub fn to_account(account_id: i64, kind: Kind, title: &'a str, content: &'a str) -> Self {
        Self { project_id: None, account_id: Some(account_id), kind, title, content, subject_id: None }
    }

    pub fn about(self, subject_id: i64) -> Self {
        Self { subject_id: Some(subject_id), ..self }
    }
}
