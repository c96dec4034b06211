//! The logged reveal of one full number (decisions "Privacy: one masking rule"). Which records and
//! fields may be revealed is the table below; the owning area answers the number within the account's
//! scope.

use serde::Deserialize;
use utoipa::ToSchema;

use crate::auth::sessions::CurrentAccount;
use crate::db::Db;
use crate::envelope::ApiError;
use crate::oplog;
use crate::worker::service::NumbersOf;

pub const MSG_RECORD_INVALID: &str = "请选择要查看的记录";
pub const MSG_FIELD_INVALID: &str = "该记录没有这个号码";
pub const MSG_NOT_FOUND: &str = "记录不存在";

/// What `Privacy/reveal` receives.
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct RevealForm {
    /// roster, worker, credit, staff or team.
    pub record: Option<String>,
    /// The record's id (the roster line's, the worker's, …).
    pub id: Option<String>,
    /// id_number, or card (roster and worker).
    pub field: Option<String>,
    /// The regulator: the project of a roster or worker record.
    pub project_id: Option<String>,
}

/// The records a list may reveal: value, what the log calls it, the table it names, its fields.
const RECORDS: [(&str, &str, &str, &[&str]); 5] = [
    ("roster", "花名册", "employment", &["id_number", "card"]),
    ("worker", "工人", "worker", &["id_number", "card"]),
    ("credit", "诚信记录", "credit_record", &["id_number"]),
    ("staff", "管理人员", "project_staff", &["id_number"]),
    ("team", "班组长", "team", &["id_number"]),
];

fn field_label(field: &str) -> &'static str {
    if field == "card" {
        "工资卡号"
    } else {
        "身份证号码"
    }
}

fn sent(value: &Option<String>) -> &str {
    value.as_deref().unwrap_or("").trim()
}

/// `Privacy/reveal`: the full number, and a log line saying who saw which field of which record.
pub async fn reveal(
    db: &Db,
    current: &CurrentAccount,
    ip: &str,
    form: &RevealForm,
) -> Result<String, ApiError> {
    let &(record, record_label, target_type, fields) = RECORDS
        .iter()
        .find(|(value, ..)| *value == sent(&form.record))
        .ok_or_else(|| ApiError::refused(MSG_RECORD_INVALID))?;
    let field = fields
        .iter()
        .copied()
        .find(|field| *field == sent(&form.field))
        .ok_or_else(|| ApiError::refused(MSG_FIELD_INVALID))?;
    let id = sent(&form.id)
        .parse::<i64>()
        .ok()
        .filter(|id| *id > 0)
        .ok_or_else(|| ApiError::NotFound(MSG_NOT_FOUND.into()))?;
    let id_text = Some(id.to_string());
    let project = form.project_id.as_deref();
    let number = match record {
        "roster" | "worker" => {
            let owner = if record == "roster" {
                NumbersOf::Line(id)
            } else {
                NumbersOf::Worker(id)
            };
            let (id_number, card) =
                crate::worker::service::full_numbers(db, current, project, owner).await?;
            if field == "card" { card } else { id_number }
        }
        "credit" => crate::faith::service::full_id_number(db, current, &id_text).await?,
        "staff" => {
            let form = crate::project::staff::service::StaffIdForm { id: id_text };
            crate::project::staff::service::detail(db, current, &form)
                .await?
                .idNumber
        }
        _ => {
            crate::team::service::detail(
                db,
                current,
                &crate::team::service::TeamIdForm { id: id_text },
            )
            .await?
            .leader_id_number
        }
    };
    oplog::record(
        db,
        oplog::Entry {
            account_id: Some(current.account.id),
            account_name: &current.account.username,
            action: "查看完整号码",
            target_type,
            target_id: id.to_string(),
            detail: format!("{record_label} {id}：{}", field_label(field)),
            ip,
        },
    )
    .await?;
    Ok(number)
}
