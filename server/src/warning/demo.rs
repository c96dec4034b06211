//! The warnings' demo: trouble on the approved demo project so that the engine raises every rule a newcomer
//! should see at first login (`serve --demo`, `wageguard warnings demo`), then one engine run. It is kept
//! apart from `demo::seed`, which the tests and the other journeys start from: an unpaid month, a sheet
//! below the minimum wage, attended workers on no sheet, a worker paid over the monthly limit, a month
//! without inflow, a low balance, a week without punches, a departure without its final line, guarantees
//! expiring and expired, punches of a stranger, and a lead left unanswered past its deadline. The special account stays opened (orders must be
//! payable), so "not opened within 30 days" is left to the tests (docs/decisions.md).

use time::{Date, Duration, Month};

use crate::config::WarningConfig;
use crate::db::Db;
use crate::domain::dates::format_date;
use crate::{account, attendance, clock, company, wage, worker};

fn month_start(today: Date, back: i64) -> Date {
    let index = i64::from(today.year()) * 12 + i64::from(today.month() as u8) - 1 - back;
    let month = Month::try_from((index.rem_euclid(12) + 1) as u8).expect("1-12");
    Date::from_calendar_date(index.div_euclid(12) as i32, month, 1).expect("a month's first day")
}

fn month_text(first: Date) -> String {
    format_date(first)[..7].to_owned()
}

/// Seeds the trouble on `project_id` (once: skipped when its month-before-last already has a sheet) and runs
/// the engine, each area staging its own tables (their `demo` modules). Answers whether it seeded.
pub async fn seed(db: &Db, project_id: i64, config: &WarningConfig) -> anyhow::Result<bool> {
    let today = clock::china_today();
    let (m1, m2, m3) = (month_start(today, 1), month_start(today, 2), month_start(today, 3));
    if wage::demo::has_sheet(db, project_id, &month_text(m2)).await? {
        return Ok(false);
    }
    let on_site = worker::demo::on_site(db, project_id).await?;
    if on_site.len() < 8 {
        anyhow::bail!("the demo project has too few workers for the warnings' demo");
    }
    let builder = company::demo::unit_id(db, project_id, "builder").await?.unwrap_or(0);
    let contractor = company::demo::unit_id(db, project_id, "contractor").await?.unwrap_or(builder);

    // The month before last: three of five attended workers on a sheet, 1500 yuan each, never paid.
    let m2_day = format_date(m2 + Duration::days(9));
    for (worker, _) in &on_site[..5] {
        attendance::demo::attend(db, project_id, *worker, &m2_day).await?;
    }
    let low: Vec<(i64, i64, i64)> = on_site[..3].iter().map(|(w, e)| (*w, *e, 150_000)).collect();
    wage::demo::sheet(db, project_id, builder, &month_text(m2), "confirmed", &low).await?;
    // Three months back: one worker paid 52,000 yuan, unpaid, and a month with attendance and no inflow.
    let (worker, employment) = on_site[5];
    attendance::demo::attend(db, project_id, worker, &format_date(m3 + Duration::days(9))).await?;
    wage::demo::sheet(db, project_id, contractor, &month_text(m3), "confirmed", &[(worker, employment, 5_200_000)])
        .await?;
    // Last month's payroll, above what the account holds now.
    let leaver = on_site[on_site.len() - 1];
    let payroll: Vec<(i64, i64, i64)> = on_site[..on_site.len() - 1].iter().map(|(w, e)| (*w, *e, 600_000)).collect();
    wage::demo::sheet(db, project_id, builder, &month_text(m1), "draft", &payroll).await?;
    account::demo::draw_down_to(db, project_id, 5_000_000).await?;
    // A week without punches.
    attendance::demo::forget_from(db, project_id, &format_date(today - Duration::days(7))).await?;
    // A worker who left ten days ago, attended that month and has no final line.
    let exit = format_date(today - Duration::days(10));
    worker::demo::leave(db, leaver.1, &exit).await?;
    attendance::demo::forget_worker_after(db, leaver.0, &exit).await?;
    attendance::demo::attend(db, project_id, leaver.0, &exit).await?;
    // The contractor's guarantee runs out in 20 days, the subcontractor's ran out five days ago.
    for (role, end) in [("contractor", today + Duration::days(20)), ("subcontractor", today - Duration::days(5))] {
        let start = format_date(end - Duration::days(365));
        company::demo::set_guarantee(db, project_id, role, &start, &format_date(end)).await?;
    }
    // A stranger punched three times eight days ago.
    let stranger_day = format_date(today - Duration::days(8));
    attendance::demo::stranger(db, project_id, &stranger_day, "410105199001011234", 3).await?;
    // A lead dispatched ten days ago and never answered.
    crate::clue::demo::seed_overdue_demo(db, project_id).await?;
    let outcome = super::engine::run(db, config, today).await?;
    tracing::info!(%outcome, "warnings' demo seeded and the engine run");
    Ok(true)
}
