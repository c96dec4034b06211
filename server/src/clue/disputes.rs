//! A worker's dispute of his wage line that the clerk leaves unanswered for 3 working days becomes a wage-
//! arrears lead of the bureau's 线索管理 (issue 31), the worker as reporter, on the project, for the line's
//! net; the wage area records which lead carries it, in the same transaction, so each dispute is filed once.
//! Run by the hourly job `dispute_leads`; the days are `[warnings] dispute_answer_working_days`.

use super::report::{Report, store_report_in};
use super::service::{Source, deadline};
use crate::clock;
use crate::db::{Db, Tx};
use crate::domain::dates::format_date;
use crate::envelope::ApiError;
use crate::oplog::Entry;
use crate::wage::confirmation::{self, OpenDispute, reason_label};
use crate::worker::own;

const ACTOR: &str = "系统（工资异议逾期未答复）";

/// The unanswered disputes whose `working_days` to answer have passed: every one, or only those no lead
/// carries yet.
pub async fn overdue(db: &Db, working_days: i64, uncarried_only: bool) -> Result<Vec<OpenDispute>, ApiError> {
    let today = clock::china_today();
    let before = clock::now() - working_days.max(1) * 86_400;
    let candidates = if uncarried_only {
        confirmation::open_disputes(db, before).await?
    } else {
        confirmation::unanswered_disputes(db, before).await?
    };
    let mut late = Vec::new();
    for dispute in candidates {
        let raised = clock::china_date(dispute.decided_at);
        let (due, _) = deadline(db, raised, working_days).await?;
        if format_date(today) > due {
            late.push(dispute);
        }
    }
    Ok(late)
}

/// Files a lead for every dispute unanswered past its `working_days`; answers how many.
pub async fn escalate(db: &Db, working_days: i64) -> Result<u64, ApiError> {
    let mut filed = 0;
    for dispute in overdue(db, working_days, true).await? {
        let Some(person) = own::person(db, dispute.worker_id).await? else { continue };
        if file(db, &dispute, person, working_days).await? {
            filed += 1;
        }
    }
    Ok(filed)
}

async fn file(db: &Db, dispute: &OpenDispute, person: own::Person, working_days: i64) -> Result<bool, ApiError> {
    let said = if dispute.text.is_empty() { String::new() } else { format!("：{}", dispute.text) };
    let report = Report {
        name: person.name,
        phone: person.phone,
        id_number: person.id_number,
        project_id: Some(dispute.project_id),
        site: None,
        employer: dispute.unit_name.clone(),
        owed_fen: dispute.net_fen.max(1),
        months: 1,
        description: format!(
            "工人对{}工资提出异议（{}{said}），项目{}个工作日内未答复，系统自动转为欠薪线索。",
            dispute.month,
            reason_label(&dispute.reason),
            working_days
        ),
    };
    let entry = Entry::named(None, ACTOR, "")
        .project(dispute.project_id)
        .action("工资异议转为欠薪线索")
        .on(super::service::TARGET, "")
        .detail(format!("{} {} 工资行{}", report.name, dispute.month, dispute.line_id));
    let filed = Tx::within(db, async |tx: &mut Tx| -> Result<(), NotFiled> {
        let (lead_id, _) = store_report_in(tx, &report, (Source::Public, ACTOR), &[], Some(entry)).await?;
        if confirmation::carried_by_lead(tx, dispute.line_id, lead_id).await? { Ok(()) } else { Err(NotFiled::Taken) }
    })
    .await;
    match filed {
        Ok(()) => Ok(true),
        Err(NotFiled::Taken) => Ok(false),
        Err(NotFiled::Failed(error)) => Err(error.into()),
    }
}

/// Why a lead was rolled back: the clerk answered (or another instance filed) meanwhile, or the database failed.
enum NotFiled {
    Taken,
    Failed(sqlx::Error),
}

impl From<sqlx::Error> for NotFiled {
    fn from(error: sqlx::Error) -> Self {
        NotFiled::Failed(error)
    }
}
