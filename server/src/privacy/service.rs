//! The logged reveal of one full number (decisions "Privacy: one masking rule"). Which records and
//! fields may be revealed is the table below; the owning area answers the number within the account's
//! scope.

use serde::Deserialize;
use utoipa::ToSchema;

use crate::db::Db;
use crate::envelope::ApiError;
use crate::extract::sent;
use crate::identity::sessions::CurrentAccount;
use crate::oplog;
use crate::wage::service::WageNumbersOf;
use crate::worker::service::NumbersOf;

pub const MSG_RECORD_INVALID: &str = "请选择要查看的记录";
pub const MSG_FIELD_INVALID: &str = "该记录没有这个号码";
pub const MSG_NOT_FOUND: &str = "记录不存在";

/// What `Privacy/reveal` receives.
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct RevealForm {
    /// roster, worker, credit, staff, team, wage_line or payout.
    pub record: Option<String>,
    /// The record's id (the roster line's, the worker's, …).
    pub id: Option<String>,
    /// id_number; card (roster, worker, wage_line, payout); current_card (payout).
    pub field: Option<String>,
    /// The regulator: the project of a roster, worker, wage_line or payout record.
    pub project_id: Option<String>,
}

/// The records a list may reveal: value, what the log calls it, the table it names, its fields.
const RECORDS: [(&str, &str, &str, &[&str]); 7] = [
    ("roster", "花名册", "employment", &["id_number", "card"]),
    ("worker", "工人", "worker", &["id_number", "card"]),
    ("credit", "诚信记录", "credit_record", &["id_number"]),
    ("staff", "管理人员", "project_staff", &["id_number"]),
    ("team", "班组长", "team", &["id_number"]),
    ("wage_line", "工资表明细", "wage_line", &["id_number", "card"]),
    ("payout", "发放明细", "payout", &["id_number", "card", "current_card"]),
];

fn field_label(field: &str) -> &'static str {
    match field {
        "card" => "工资卡号",
        "current_card" => "现工资卡号",
        _ => "身份证号码",
    }
}

/// `Privacy/reveal`: the full number, and a log line saying who saw which field of which record.
pub async fn reveal(db: &Db, current: &CurrentAccount, ip: &str, form: &RevealForm) -> Result<String, ApiError> {
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
    let (id_number, card, current_card) = match record {
        "roster" | "worker" => {
            let owner = if record == "roster" { NumbersOf::Line(id) } else { NumbersOf::Worker(id) };
            let (id_number, card) =
                crate::worker::service::full_numbers(db, current, form.project_id.as_deref(), owner).await?;
            (id_number, card, String::new())
        }
        "wage_line" | "payout" => {
            let owner = if record == "wage_line" { WageNumbersOf::Line(id) } else { WageNumbersOf::Payout(id) };
            crate::wage::service::full_numbers(db, current, &form.project_id, owner).await?
        }
        "credit" => (crate::faith::service::full_id_number(db, current, &id_text).await?, String::new(), String::new()),
        "staff" => {
            let staff = crate::project::staff::service::detail(
                db,
                current,
                &crate::project::staff::service::StaffIdForm { id: id_text },
            )
            .await?;
            (staff.id_number, String::new(), String::new())
        }
        _ => {
            let team =
                crate::team::service::detail(db, current, &crate::team::service::TeamIdForm { id: id_text }).await?;
            (team.leader_id_number, String::new(), String::new())
        }
    };
    oplog::record(
        db,
        oplog::Entry::by(&current.account, ip)
            .action("查看完整号码")
            .on(target_type, id)
            .detail(format!("{record_label} {id}：{}", field_label(field))),
    )
    .await?;
    Ok(match field {
        "card" => card,
        "current_card" => current_card,
        _ => id_number,
    })
}
