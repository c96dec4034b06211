//! The leads' demo: a lead dispatched to the demo project today (`demo::seed`), and one dispatched ten days ago
//! and never answered (the warnings' demo, so that the overdue-lead rule fires).

use time::Date;

use super::repo::{LeadChange, NewStep, Transition};
use super::service::{MSG_NOT_PENDING, change_lead};
use super::service::{REPORTER, Report, Source, TARGET, deadline, store_report};
use crate::clock;
use crate::config::ClueConfig;
use crate::db::Db;
use crate::message::service::{self as message, Kind, Outgoing};
use crate::oplog::Entry;

/// Demo: one lead reported against the demo project and dispatched to it today, awaiting its feedback.
pub async fn seed_demo(db: &Db, project_id: i64) -> anyhow::Result<()> {
    let report = Report {
        name: "刘大海".into(),
        phone: "13900139001".into(),
        id_number: "410105198001011239".into(),
        project_id: Some(project_id),
        site: None,
        employer: "钢筋班组（王强）".into(),
        owed_fen: 1_860_000,
        months: 2,
        description: "2个月工资未发，班组长称项目未拨款。".into(),
    };
    seed_dispatched(db, &report, clock::china_today(), false).await
}

/// The warnings' demo: a lead dispatched ten days ago and never answered, so the overdue-lead rule fires. Its
/// message was read then (the login popup shows the demo's other lead).
pub async fn seed_overdue_demo(db: &Db, project_id: i64) -> anyhow::Result<()> {
    let report = Report {
        name: "赵永强".into(),
        phone: "13900139002".into(),
        id_number: "410105197806154312".into(),
        project_id: Some(project_id),
        site: None,
        employer: "木工班组（李四）".into(),
        owed_fen: 930_000,
        months: 1,
        description: "上月工资未发放，多次询问无答复。".into(),
    };
    seed_dispatched(db, &report, clock::china_today() - time::Duration::days(10), true).await
}

/// A demo lead reported and dispatched to its project on `dispatched`, with the deadline counted from then;
/// `seen`: the project has read its message.
async fn seed_dispatched(db: &Db, report: &Report, dispatched: Date, seen: bool) -> anyhow::Result<()> {
    let project_id = report.project_id.unwrap_or_default();
    let (id, receipt) = store_report(db, report, Source::Public, REPORTER, &[], None).await?;
    let (day, at) = deadline(db, dispatched, ClueConfig::default().feedback_working_days).await?;
    let change = Transition {
        from: ["pending", "pending"],
        to: "dispatched",
        project_id: None,
        deadline: Some((&day, at)),
        answer: None,
    };
    let remark = format!("派发至项目，{day}前反馈");
    let step = NewStep { actor: "admin", action: "dispatch", remark: &remark, files: &[] };
    let entry = Entry::named(None, "admin", "")
        .project(project_id)
        .action("派发欠薪线索")
        .on(TARGET, id)
        .detail(format!("{receipt} 待派发 → 待反馈，期限{day}"));
    change_lead(db, id, LeadChange::Status(&change), &step, &entry, MSG_NOT_PENDING).await?;
    let content = format!("欠薪线索{receipt}已派发至本项目，请于{day}前反馈处理情况。");
    message::send(db, Outgoing::to_project(project_id, Kind::Lead, "欠薪线索待反馈", &content).about(id)).await?;
    if seen {
        message::subject_opened(db, project_id, Kind::Lead, id).await?;
    }
    Ok(())
}
