//! The wage side of the warnings' demo, through the services the clerk and the approver use: sheets made
//! from attendance, lines changed with a reason, orders submitted, approved after the approver's ID check and
//! paid by the sandbox bank, so every figure of the demo follows from its attendance and its account's flows.

use super::money::yuan;
use super::repo::Actor;
use super::{approval, service};
use crate::auth::sms::OutboxSms;
use crate::bank::SandboxBank;
use crate::config::SecurityConfig;
use crate::db::Db;
use crate::envelope::ApiError;
use crate::identity::sessions::CurrentAccount;
use crate::on_db;

/// Where the demo acts from: no browser, so no address.
const DEMO_IP: &str = "127.0.0.1";

fn failed(what: &str) -> impl FnOnce(ApiError) -> anyhow::Error + '_ {
    move |error| anyhow::anyhow!("demo {what}: {error}")
}

/// Whether `project_id` has a sheet for `month` (`YYYY-MM`).
pub async fn has_sheet(db: &Db, project_id: i64, month: &str) -> sqlx::Result<bool> {
    let count: i64 = on_db!(db, pool => sqlx::query_scalar(
        "SELECT COUNT(*) FROM wage_sheets WHERE project_id = $1 AND month = $2")
        .bind(project_id)
        .bind(month)
        .fetch_one(pool)
        .await)?;
    Ok(count > 0)
}

/// The clerk's new sheet of `unit` (and `team`, 0 for the whole unit) for `month`, from attendance.
pub async fn create_sheet(db: &Db, clerk: &CurrentAccount, month: &str, unit: i64, team: i64) -> anyhow::Result<i64> {
    let form = service::WageSheetForm {
        month: Some(month.to_owned()),
        unit_id: Some(unit.to_string()),
        team_id: Some(team.to_string()),
    };
    service::create_sheet(db, clerk, DEMO_IP, &form).await.map_err(failed("sheet"))
}

/// The sheet's lines as (line, worker, payable in fen).
pub async fn lines(db: &Db, clerk: &CurrentAccount, sheet: i64) -> anyhow::Result<Vec<(i64, i64, i64)>> {
    let query =
        service::WageDetailQuery { id: Some(sheet.to_string()), limit: Some("100".into()), ..Default::default() };
    let detail = service::sheet_detail(db, clerk, &query).await.map_err(failed("lines"))?;
    Ok(detail
        .lines
        .list
        .into_iter()
        .map(|line| (line.id, line.worker_id, super::money::parse_yuan(&line.payable).unwrap_or(0)))
        .collect())
}

/// The clerk changes a draft line's payable and deduction, with the reason the sheet shows.
pub async fn change_line(
    db: &Db,
    clerk: &CurrentAccount,
    line: i64,
    payable_fen: i64,
    deduction_fen: i64,
    reason: &str,
) -> anyhow::Result<()> {
    let form = service::WageLineForm {
        id: Some(line.to_string()),
        payable: Some(yuan(payable_fen)),
        deduction: Some(yuan(deduction_fen)),
        reason: Some(reason.to_owned()),
    };
    service::save_line(db, clerk, DEMO_IP, &form)
        .await
        .map_err(|error| anyhow::anyhow!("demo line {line} ({payable_fen} - {deduction_fen} fen): {error}"))
}

/// The clerk takes a line off a draft, with the reason.
pub async fn remove_line(db: &Db, clerk: &CurrentAccount, line: i64, reason: &str) -> anyhow::Result<()> {
    let form = service::WageLineRemoveForm { id: Some(line.to_string()), reason: Some(reason.to_owned()) };
    service::remove_line(db, clerk, DEMO_IP, &form).await.map_err(failed("line removal"))
}

pub async fn confirm(db: &Db, clerk: &CurrentAccount, sheet: i64) -> anyhow::Result<()> {
    let outbox = std::sync::Arc::new(OutboxSms { db: db.clone() });
    service::confirm(db, outbox, clerk, DEMO_IP, &service::WageIdForm { id: Some(sheet.to_string()) })
        .await
        .map_err(failed("confirmation"))
}

/// The clerk submits the confirmed `sheets` of `month` as one order; the approver checks his ID number for
/// it (`approver_id_number`) and approves; the sandbox bank pays every line into the cards on file. Answers the approval's message.
pub async fn pay(
    db: &Db,
    clerk: &CurrentAccount,
    approver: &CurrentAccount,
    approver_id_number: &str,
    month: &str,
    sheets: &[i64],
) -> anyhow::Result<String> {
    let ids: Vec<String> = sheets.iter().map(i64::to_string).collect();
    let form = service::WageOrderForm { month: Some(month.to_owned()), sheet_ids: Some(ids.join(",")), remark: None };
    let order = service::submit(db, clerk, DEMO_IP, &form).await.map_err(failed("order"))?;
    let project_id = approver.account.project_id.ok_or_else(|| anyhow::anyhow!("the approver has no project"))?;
    let actor: Actor = service::actor(approver, DEMO_IP);
    let order_id = Some(order.to_string());
    let own_id = Some(approver_id_number.to_owned());
    approval::check_id_number(db, &SecurityConfig::default(), project_id, &order_id, &own_id, &actor)
        .await
        .map_err(failed("verification"))?;
    let bank = SandboxBank { db: db.clone(), pay_delay: std::time::Duration::ZERO };
    service::approve(db, &bank, project_id, order, "", &actor).await.map_err(failed("approval"))
}

/// The worker side's demo: on the project's newest paid sheet the first worker with pay has confirmed his
/// line; on its newest confirmed, unpaid sheet another disputed his days ten days ago, still unanswered.
/// Answers their worker ids.
pub async fn worker_words(db: &Db, project_id: i64) -> anyhow::Result<Option<(i64, i64)>> {
    let newest = |status: &'static str| async move {
        on_db!(db, pool => sqlx::query_as::<_, (i64, i64)>(
            "SELECT l.id, l.worker_id FROM wage_lines l JOIN wage_sheets s ON s.id = l.sheet_id \
             WHERE s.project_id = $1 AND s.status = $2 AND l.net_fen > 0 \
             ORDER BY s.month DESC, s.id DESC, l.id LIMIT 2")
            .bind(project_id)
            .bind(status)
            .fetch_all(pool)
            .await)
    };
    let (paid, confirmed) = (newest("paid").await?, newest("confirmed").await?);
    let Some(&(paid_line, confirming)) = paid.first() else { return Ok(None) };
    let Some(&(disputed_line, disputing)) = confirmed.iter().find(|(_, worker)| *worker != confirming) else {
        return Ok(None);
    };
    let now = crate::clock::now();
    crate::db::Tx::within(db, async |tx: &mut crate::db::Tx| -> sqlx::Result<()> {
        super::repo::set_confirmed(tx, paid_line, now).await?;
        let ten_days_ago = now - 10 * 86_400;
        super::repo::set_disputed(tx, disputed_line, ("days", "9号我在工地，考勤没记上"), ten_days_ago).await?;
        Ok(())
    })
    .await?;
    Ok(Some((confirming, disputing)))
}
