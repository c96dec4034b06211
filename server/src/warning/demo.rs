//! The warnings' demo: trouble on the approved demo project so that the engine raises every rule a newcomer
//! should see at first login (`serve --demo`, `wageguard warnings demo`), then one engine run. It is kept
//! apart from `demo::seed`, which the tests and the other journeys start from. Everything about money goes the
//! real way, through the services the clerk and the approver use (issue 28 item 8): four and three months back
//! every worker attended and was paid in full (sheet, order, the approver's check, the sandbox bank, the
//! account's flows), one of them a bonus above the monthly limit, with no labour-cost inflow those months; the
//! month before last a team's sheet confirmed and never paid, one line below the minimum wage after a
//! deduction, two attended workers of another team on no sheet; last month's draft above what the account
//! holds, and its third team paid. Around it: a week without punches, a departure without its final line, guarantees expiring and
//! expired, punches of a stranger, and a lead left unanswered past its deadline. The special account stays
//! opened (orders must be payable), so "not opened within 30 days" is left to the tests (docs/decisions.md).

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
/// the engine, each area staging its own part through its services. Answers whether it seeded.
pub async fn seed(db: &Db, project_id: i64, config: &WarningConfig) -> anyhow::Result<bool> {
    let today = clock::china_today();
    let month = |back: i64| month_start(today, back);
    if wage::demo::has_sheet(db, project_id, &month_text(month(2))).await? {
        return Ok(false);
    }
    let on_site = worker::demo::on_site(db, project_id).await?;
    let mut teams: Vec<i64> = Vec::new();
    for line in &on_site {
        if line.team_id != 0 && !teams.contains(&line.team_id) {
            teams.push(line.team_id);
        }
    }
    let team = |index: usize| -> Vec<i64> {
        on_site.iter().filter(|line| line.team_id == teams[index]).map(|line| line.worker_id).collect()
    };
    if on_site.len() < 8 || teams.len() < 2 || team(0).len() < 3 || team(1).len() < 2 {
        anyhow::bail!("the demo project has too few workers in its teams for the warnings' demo");
    }
    let unit = company::demo::unit_id(db, project_id, "contractor")
        .await?
        .ok_or_else(|| anyhow::anyhow!("the demo project has no general contractor"))?;
    let (clerk, _) = crate::demo::acting(db, "demo").await?;
    let (approver, approver_id_number) = crate::demo::acting(db, "finance").await?;

    // Four and three months back: everyone worked Monday to Saturday and was paid in full; three months back
    // the worker who will leave got a milestone bonus above the monthly limit (two warnings name him).
    let leaver = &on_site[on_site.len() - 1];
    let everyone: Vec<i64> = on_site.iter().map(|line| line.worker_id).collect();
    for back in [4, 3] {
        let attended = attendance::demo::working_days(&everyone, month(back), month(back - 1));
        attendance::demo::punch(db, project_id, &attended).await?;
        let sheet = wage::demo::create_sheet(db, &clerk, &month_text(month(back)), unit, 0).await?;
        if back == 3 {
            let lines = wage::demo::lines(db, &clerk, sheet).await?;
            let (line, _, _) = lines
                .iter()
                .find(|(_, worker, _)| *worker == leaver.worker_id)
                .ok_or_else(|| anyhow::anyhow!("the leaver has no line in the paid month"))?;
            wage::demo::change_line(db, &clerk, *line, 5_200_000, 0, "含主体结构封顶节点奖励").await?;
        }
        wage::demo::confirm(db, &clerk, sheet).await?;
        wage::demo::pay(db, &clerk, &approver, approver_id_number, &month_text(month(back)), &[sheet]).await?;
    }

    // The month before last: three of the first team and two of the second attended the first two weeks; the
    // first team's sheet, confirmed and never paid, has one line below the minimum after an advance taken back.
    let first_weeks =
        |workers: &[i64]| attendance::demo::working_days(workers, month(2), month(2) + Duration::days(14));
    let five: Vec<i64> = team(0)[..3].iter().chain(&team(1)[..2]).copied().collect();
    attendance::demo::punch(db, project_id, &first_weeks(&five)).await?;
    let overdue = wage::demo::create_sheet(db, &clerk, &month_text(month(2)), unit, teams[0]).await?;
    let lines = wage::demo::lines(db, &clerk, overdue).await?;
    if let Some((line, _, payable)) = lines.iter().max_by_key(|(_, _, payable)| *payable) {
        wage::demo::change_line(db, &clerk, *line, *payable, payable - 50_000, "扣回预支生活费").await?;
    }
    wage::demo::confirm(db, &clerk, overdue).await?;

    // Last month: the third team paid (the data screen's 工资已发), the second team's draft above what the
    // account holds once the builder's surplus is returned, the first team on no sheet yet.
    let last_month = month_text(month(1));
    if let Some(third) = teams.get(2) {
        let paid = wage::demo::create_sheet(db, &clerk, &last_month, unit, *third).await?;
        wage::demo::confirm(db, &clerk, paid).await?;
        wage::demo::pay(db, &clerk, &approver, approver_id_number, &last_month, &[paid]).await?;
    }
    wage::demo::create_sheet(db, &clerk, &last_month, unit, teams[1]).await?;
    account::demo::draw_down_to(db, project_id, 5_000_000).await?;
    // A worker who left ten days ago, attended that day and has no final line.
    let exit = today - Duration::days(10);
    attendance::demo::forget_worker_after(db, leaver.worker_id, &format_date(exit)).await?;
    attendance::demo::punch(db, project_id, &[(leaver.worker_id, exit)]).await?;
    worker::demo::leave(db, &clerk, leaver.employment_id, &format_date(exit)).await?;
    // A week without punches.
    attendance::demo::forget_from(db, project_id, &format_date(today - Duration::days(7))).await?;
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
    // A worker confirmed his paid line; another disputed his days ten days ago, still unanswered.
    wage::demo::worker_words(db, project_id).await?;
    crate::special::demo::foreign_debit(db, project_id).await?;
    let outcome = super::engine::run(db, config, today).await?;
    tracing::info!(%outcome, "warnings' demo seeded and the engine run");
    Ok(true)
}
