//! What a message is: its kind, its addressee and its subject.

use crate::identity::accounts::Side;

/// What a message is about: the inbox filters by it, and with the subject id it names the screen to open.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Registration decisions and other notes of the platform.
    System,
    /// Wage orders: submitted, approved, rejected, partly failed (the subject is the order).
    Order,
    /// Payout lines the bank refused (the subject is their order).
    Payout,
    /// Wage-arrears leads dispatched to the project or returned to it (the subject is the lead: `back_id`).
    Lead,
    /// Early warnings raised or closed.
    Warning,
    /// Notices published.
    Notice,
    /// Guarantee changes read by the bureau (to the project; the subject is the change).
    Guarantee,
    /// A project changed its guarantee (to every regulator; written by the company area with the change).
    GuaranteeChange,
}

impl Kind {
    pub const ALL: [Kind; 8] = [
        Kind::System,
        Kind::Order,
        Kind::Payout,
        Kind::Lead,
        Kind::Warning,
        Kind::Notice,
        Kind::Guarantee,
        Kind::GuaranteeChange,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Kind::System => "system",
            Kind::Order => "order",
            Kind::Payout => "payout",
            Kind::Lead => "lead",
            Kind::Warning => "warning",
            Kind::Notice => "notice",
            Kind::Guarantee => "guarantee",
            Kind::GuaranteeChange => "guarantee_change",
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            Kind::System => "系统消息",
            Kind::Order => "工资单",
            Kind::Payout => "发放失败",
            Kind::Lead => "欠薪线索",
            Kind::Warning => "预警信息",
            Kind::Notice => "通知公告",
            Kind::Guarantee => "保证金",
            Kind::GuaranteeChange => "保证金变更",
        }
    }

    pub fn parse(text: &str) -> Option<Kind> {
        Kind::ALL.into_iter().find(|kind| kind.as_str() == text)
    }

    /// The console screen that resolves a message of this kind about `subject` (its id), as the reader's side
    /// routes it; '' where there is none.
    pub fn link(self, side: Side, subject: Option<i64>) -> String {
        let with_id = |path: &str| match subject {
            Some(id) => format!("{path}?id={id}"),
            None => path.to_owned(),
        };
        match (self, side) {
            (Kind::Order, Side::Finance) => with_id("/order/detail"),
            (_, Side::Finance) => String::new(),
            (Kind::System, Side::Builder) => "/index".to_owned(),
            (Kind::Order, Side::Builder) => with_id("/special/orderDetail"),
            (Kind::Payout, Side::Builder) => "/special/abnormal".to_owned(),
            (Kind::Lead, Side::Builder) => with_id("/remunerationClues/feedbackDetail"),
            (Kind::Warning, Side::Builder) => with_id("/message/warn"),
            (Kind::Notice, Side::Builder) => with_id("/message/announcement"),
            (Kind::Guarantee | Kind::GuaranteeChange, Side::Builder) => "/special/information".to_owned(),
        }
    }
}

/// A message to send: to a project (its builder accounts see it) or to one account.
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

    /// The project an account's message concerns (a finance approver's order), kept beside the account.
    pub fn of_project(self, project_id: i64) -> Self {
        Self { project_id: Some(project_id), ..self }
    }

    pub fn about(self, subject_id: i64) -> Self {
        Self { subject_id: Some(subject_id), ..self }
    }
}
