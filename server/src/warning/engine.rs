//! The early-warning engine (DESIGN §5, issue 15 item 3): every rule over every approved project, each a few
//! set-based reads through the owning areas' services. A finding not yet open is raised (the database's
//! partial unique index keeps one open warning per rule × project × subject × period, whatever engines run
//! at once); an open warning no rule found any more closes with its reason; a run that finds what is open
//! already writes nothing.

use std::collections::{HashMap, HashSet};

use time::{Date, Duration, Month};

use super::repo;
use crate::config::WarningConfig;
use crate::db::Db;
use crate::domain::calendar::month_end;
use crate::domain::dates::{format_date, parse_date};
use crate::message::service::{self as message, Kind, Outgoing};
use crate::oplog::{self, Entry};
use crate::wage::money::yuan;
use crate::wage::service::for_warnings as wages;
use crate::{account, attendance, clock, clue, company, project, worker};

/// The rules, each with its own code in storage. A rule is one more arm here and in [`evaluate`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Rule {
    UnpaidWages,
    UnlinedWorkers,
    BelowMinimumWage,
    WorkerPayOver,
    NoInflow,
    LowBalance,
    NoAttendance,
    NoContract,
    NoFinalWage,
    AccountNotOpened,
    GuaranteeExpiring,
    GuaranteeExpired,
    UnknownPunch,
    LeadOverdue,
    PaidUnconfirmed,
    DisputeUnanswered,
    StatementMismatch,
}

impl Rule {
    pub const ALL: [Rule; 17] = [
        Rule::UnpaidWages,
        Rule::UnlinedWorkers,
        Rule::BelowMinimumWage,
        Rule::WorkerPayOver,
        Rule::NoInflow,
        Rule::LowBalance,
        Rule::NoAttendance,
        Rule::NoContract,
        Rule::NoFinalWage,
        Rule::AccountNotOpened,
        Rule::GuaranteeExpiring,
        Rule::GuaranteeExpired,
        Rule::UnknownPunch,
        Rule::LeadOverdue,
        Rule::PaidUnconfirmed,
        Rule::DisputeUnanswered,
        Rule::StatementMismatch,
    ];

    pub fn code(self) -> &'static str {
        match self {
            Rule::UnpaidWages => "unpaid_wages",
            Rule::UnlinedWorkers => "unlined_workers",
            Rule::BelowMinimumWage => "below_minimum_wage",
            Rule::WorkerPayOver => "worker_pay_over",
            Rule::NoInflow => "no_inflow",
            Rule::LowBalance => "low_balance",
            Rule::NoAttendance => "no_attendance",
            Rule::NoContract => "no_contract",
            Rule::NoFinalWage => "no_final_wage",
            Rule::AccountNotOpened => "account_not_opened",
            Rule::GuaranteeExpiring => "guarantee_expiring",
            Rule::GuaranteeExpired => "guarantee_expired",
            Rule::UnknownPunch => "unknown_punch",
            Rule::LeadOverdue => "lead_overdue",
            Rule::PaidUnconfirmed => "paid_unconfirmed",
            Rule::DisputeUnanswered => "dispute_unanswered",
            Rule::StatementMismatch => "statement_mismatch",
        }
    }

    pub fn parse(code: &str) -> Option<Rule> {
        Rule::ALL.into_iter().find(|rule| rule.code() == code)
    }

    pub fn label(self) -> &'static str {
        match self {
            Rule::UnpaidWages => "工资逾期未发放",
            Rule::UnlinedWorkers => "出勤人员未列入工资单",
            Rule::BelowMinimumWage => "实发低于最低工资",
            Rule::WorkerPayOver => "个人工资异常偏高",
            Rule::NoInflow => "当月无人工费用拨付",
            Rule::LowBalance => "专户余额不足上月工资",
            Rule::NoAttendance => "连续无考勤",
            Rule::NoContract => "未签订劳动合同",
            Rule::NoFinalWage => "退场人员未结清工资",
            Rule::AccountNotOpened => "专户未按期开立",
            Rule::GuaranteeExpiring => "工资保证金即将到期",
            Rule::GuaranteeExpired => "工资保证金已过期",
            Rule::UnknownPunch => "花名册外人员打卡",
            Rule::LeadOverdue => "欠薪线索逾期未反馈",
            Rule::PaidUnconfirmed => "工资未经工人确认即发放",
            Rule::DisputeUnanswered => "工人工资异议逾期未答复",
            Rule::StatementMismatch => "专户流水与银行对账单不符",
        }
    }

    /// Why an open warning of this rule closed itself.
    pub fn close_reason(self) -> &'static str {
        match self {
            Rule::UnpaidWages => "该月工资已全部发放",
            Rule::UnlinedWorkers => "出勤人员均已列入工资单",
            Rule::BelowMinimumWage => "按计薪天数折算，实发已不低于最低工资",
            Rule::WorkerPayOver => "该工人工资已不超过上限",
            Rule::NoInflow => "专户已有该月人工费用拨付",
            Rule::LowBalance => "专户余额已不低于上月工资",
            Rule::NoAttendance => "项目已恢复考勤或已无在场人员",
            Rule::NoContract => "已签订劳动合同或已退场",
            Rule::NoFinalWage => "退场人员已有结清工资单",
            Rule::AccountNotOpened => "专户已开立",
            Rule::GuaranteeExpiring => "工资保证金已续期或已过期",
            Rule::GuaranteeExpired => "工资保证金已续期",
            Rule::UnknownPunch => "打卡人员均已登记进场",
            Rule::LeadOverdue => "项目已反馈该线索",
            Rule::PaidUnconfirmed => "工人已确认该月已发放的工资",
            Rule::DisputeUnanswered => "项目已答复该异议",
            Rule::StatementMismatch => "专户流水与银行对账单已核对一致",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Level {
    Yellow,
    Orange,
    Red,
}

impl Level {
    pub const ALL: [Level; 3] = [Level::Yellow, Level::Orange, Level::Red];

    pub fn code(self) -> &'static str {
        match self {
            Level::Yellow => "yellow",
            Level::Orange => "orange",
            Level::Red => "red",
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            Level::Yellow => "黄",
            Level::Orange => "橙",
            Level::Red => "红",
        }
    }

    pub fn parse(code: &str) -> Option<Level> {
        Level::ALL.into_iter().find(|level| level.code() == code)
    }
}

/// What a rule found: the warning that should be open.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finding {
    pub rule: Rule,
    pub level: Level,
    pub project_id: i64,
    /// '' (the project itself), `worker`, `sheet`, `unit` (a participating unit).
    pub subject_kind: &'static str,
    pub subject_id: i64,
    /// `YYYY-MM`, `YYYY`, a day `YYYY-MM-DD`, or ''.
    pub period: String,
    pub facts: String,
}

type Key = (String, i64, String, i64, String);

impl Finding {
    fn as_new(&self) -> repo::NewWarning<'_> {
        repo::NewWarning {
            rule: self.rule.code(),
            level: self.level.code(),
            project_id: self.project_id,
            subject_kind: self.subject_kind,
            subject_id: self.subject_id,
            period: &self.period,
            facts: &self.facts,
        }
    }

    fn key(&self) -> Key {
        (
            self.rule.code().to_owned(),
            self.project_id,
            self.subject_kind.to_owned(),
            self.subject_id,
            self.period.clone(),
        )
    }
}

/// What one run changed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Outcome {
    pub raised: usize,
    pub closed: usize,
    pub updated: usize,
}

impl std::fmt::Display for Outcome {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "raised {}, closed {}, updated {}", self.raised, self.closed, self.updated)
    }
}

const ENGINE: &str = "预警引擎";

/// One run of every rule as of `today` (China date).
pub async fn run(db: &Db, config: &WarningConfig, today: Date) -> anyhow::Result<Outcome> {
    let findings = evaluate(db, config, today).await?;
    let mut open: HashMap<Key, repo::OpenWarning> = repo::open_warnings(db)
        .await?
        .into_iter()
        .map(|w| ((w.rule.clone(), w.project_id, w.subject_kind.clone(), w.subject_id, w.period.clone()), w))
        .collect();
    let mut outcome = Outcome::default();
    let now = clock::now();
    for finding in &findings {
        match open.remove(&finding.key()) {
            Some(existing) => {
                if (existing.level != finding.level.code() || existing.facts != finding.facts)
                    && repo::update_open(db, existing.id, finding.level.code(), &finding.facts).await? > 0
                {
                    outcome.updated += 1;
                }
            }
            None => {
                if let Some(id) = repo::insert_if_new(db, &finding.as_new(), now).await? {
                    outcome.raised += 1;
                    let title = format!("{}预警：{}", finding.level.label(), finding.rule.label());
                    message::send(
                        db,
                        Outgoing::to_project(finding.project_id, Kind::Warning, &title, &finding.facts).about(id),
                    )
                    .await?;
                    oplog::record(
                        db,
                        Entry::named(None, ENGINE, "")
                            .project(finding.project_id)
                            .action("预警产生")
                            .on("warning", id)
                            .detail(format!("{} {}：{}", finding.level.label(), finding.rule.label(), finding.facts)),
                    )
                    .await?;
                }
            }
        }
    }
    for gone in open.into_values() {
        let Some(rule) = Rule::parse(&gone.rule) else { continue };
        if repo::close(db, gone.id, "engine", rule.close_reason(), now).await? > 0 {
            outcome.closed += 1;
            let title = format!("预警解除：{}", rule.label());
            message::send(
                db,
                Outgoing::to_project(gone.project_id, Kind::Warning, &title, rule.close_reason()).about(gone.id),
            )
            .await?;
            oplog::record(
                db,
                Entry::named(None, ENGINE, "")
                    .project(gone.project_id)
                    .action("预警解除")
                    .on("warning", gone.id)
                    .detail(format!("未关闭 → 已关闭：{}", rule.close_reason())),
            )
            .await?;
        }
    }
    Ok(outcome)
}

fn month_of(date: Date) -> String {
    format!("{:04}-{:02}", date.year(), date.month() as u8)
}

/// The first day of the month `months` before (negative) or after the month of `date`.
fn shift_month(date: Date, months: i64) -> Date {
    let index = i64::from(date.year()) * 12 + i64::from(date.month() as u8) - 1 + months;
    let month = Month::try_from((index.rem_euclid(12) + 1) as u8).expect("1-12");
    Date::from_calendar_date(index.div_euclid(12) as i32, month, 1).expect("a month's first day")
}

/// Every finding of every rule for the approved projects as of `today`.
pub async fn evaluate(db: &Db, config: &WarningConfig, today: Date) -> anyhow::Result<Vec<Finding>> {
    let approved: HashMap<i64, (String, String)> = project::service::approved(db)
        .await?
        .into_iter()
        .map(|(id, district, start)| (id, (district, start)))
        .collect();
    let this_month = month_of(today);
    let previous = month_of(shift_month(today, -1));
    let first_month = shift_month(today, -config.lookback_months.max(1));
    let from = month_of(first_month);
    let day = |days: i64| format_date(today - Duration::days(days));
    let mut found = Vec::new();
    let mut add =
        |rule: Rule, level: Level, project_id: i64, subject: (&'static str, i64), period: String, facts: String| {
            if approved.contains_key(&project_id) {
                found.push(Finding {
                    rule,
                    level,
                    project_id,
                    subject_kind: subject.0,
                    subject_id: subject.1,
                    period,
                    facts,
                });
            }
        };

    // Month M's wages are due from the special account by the end of M+1: months before the previous one.
    for (project_id, month, unpaid) in wages::unpaid_months(db, &from, &previous).await? {
        let due = parse_date(&format!("{month}-01"))
            .ok()
            .flatten()
            .map(|first| format_date(month_end(shift_month(first, 1))));
        let facts = format!("{month}工资尚有{}元未从专户发放（应于{}前发放）", yuan(unpaid), due.unwrap_or_default());
        add(Rule::UnpaidWages, Level::Red, project_id, ("", 0), month, facts);
    }
    for (project_id, month, attended, missing) in wages::attended_without_line(db, &from, &previous).await? {
        if missing == 0 {
            continue;
        }
        let level = if missing * 100 > attended * config.unlined_red_percent { Level::Red } else { Level::Yellow };
        let facts = format!("{month}出勤{attended}人，其中{missing}人未列入任何工资单");
        add(Rule::UnlinedWorkers, level, project_id, ("", 0), month, facts);
    }
    // The minimum wage, pro rata (issue 28 finding 4): each worker's month on the sheets no longer drafts
    // against the district's minimum for the days they pay, by the rule 工资核查 uses (`wage::minimum`).
    let minimum = |project_id: i64| approved.get(&project_id).map(|(district, _)| config.minimum_wage_of(district));
    let mut below = Vec::new();
    for month in wages::paid_months(db, &from).await? {
        let Some(monthly) = minimum(month.project_id) else { continue };
        let (owed, basis) = wages::minimum_of(monthly, &month.paid);
        if month.pay_fen < owed {
            below.push((month, owed, basis));
        }
    }
    // The rules about one worker name him: read them all first, then his name and masked ID in one go.
    let months_over = wages::worker_months_over(db, &from, config.worker_month_limit_fen).await?;
    let year_from = format!("{:04}-01", first_month.year());
    let years_over = wages::worker_years_over(db, &year_from, config.worker_year_limit_fen).await?;
    let without_contract = worker::service::on_site_without_contract(db, &day(config.contract_days)).await?;
    let exits_before = format_date(today - Duration::days(config.final_wage_days - 1));
    let departed = wages::departed_without_final_line(db, &format!("{from}-01"), &exits_before).await?;
    let pairs: Vec<(i64, i64)> = (months_over.iter().chain(&years_over).map(|(p, w, _, _)| (*p, *w)))
        .chain(without_contract.iter().chain(&departed).map(|(p, w, _)| (*p, *w)))
        .chain(below.iter().map(|(month, _, _)| (month.project_id, month.worker_id)))
        .collect();
    let named = worker::service::named_on_projects(db, &pairs).await?;
    let who = |project_id: i64, worker_id: i64| match named.get(&(project_id, worker_id)) {
        Some(worker) => format!("{}（{}）", worker.name, worker.masked_id_number),
        None => "该工人".to_owned(),
    };
    for (month, owed, basis) in below {
        let (paid, days) = (yuan(month.pay_fen), month.paid.total());
        let facts = format!(
            "{}{}计薪{days}天，实发{paid}元，低于按计薪天数折算的最低工资{}元（{basis}）",
            month.month,
            who(month.project_id, month.worker_id),
            yuan(owed)
        );
        add(Rule::BelowMinimumWage, Level::Red, month.project_id, ("worker", month.worker_id), month.month, facts);
    }
    for (project_id, worker_id, month, net) in months_over {
        let limit = yuan(config.worker_month_limit_fen);
        let facts = format!("{month}{}实发{}元，超过单月上限{limit}元", who(project_id, worker_id), yuan(net));
        add(Rule::WorkerPayOver, Level::Red, project_id, ("worker", worker_id), month, facts);
    }
    for (project_id, worker_id, year, net) in years_over {
        let limit = yuan(config.worker_year_limit_fen);
        let facts = format!("{year}年{}实发{}元，超过全年上限{limit}元", who(project_id, worker_id), yuan(net));
        add(Rule::WorkerPayOver, Level::Red, project_id, ("worker", worker_id), year, facts);
    }

    // Labour-cost inflows (条例 Art. 24): a finished month with attendance and no money in.
    let since = parse_date(&format!("{from}-01")).ok().flatten().map_or(0, |first| {
        first.midnight().assume_offset(time::UtcOffset::from_hms(8, 0, 0).expect("UTC+8")).unix_timestamp()
    });
    let inflow_months: HashSet<(i64, String)> = account::service::inflows_since(db, since)
        .await?
        .into_iter()
        .map(|(project_id, at)| (project_id, clock::china_datetime(at)[..7].to_owned()))
        .collect();
    for (project_id, month) in attendance::service::attended_months(db, &from, &this_month).await? {
        if !inflow_months.contains(&(project_id, month.clone())) {
            let facts = format!("{month}有人员出勤，但专户当月没有人工费用拨付");
            add(Rule::NoInflow, Level::Orange, project_id, ("", 0), month, facts);
        }
    }
    let accounts: HashMap<i64, (i64, String, i64)> = account::service::account_states(db)
        .await?
        .into_iter()
        .map(|(project_id, status, opened, balance)| (project_id, (status, opened, balance)))
        .collect();
    for (project_id, payroll) in wages::month_payrolls(db, &previous).await? {
        let balance = accounts.get(&project_id).map_or(0, |(_, _, balance)| *balance);
        if payroll > 0 && balance < payroll {
            let facts = format!("专户余额{}元，低于{previous}工资{}元", yuan(balance), yuan(payroll));
            add(Rule::LowBalance, Level::Orange, project_id, ("", 0), previous.clone(), facts);
        }
    }

    // Attendance and the roster.
    let last_days: HashMap<i64, String> = attendance::service::last_punch_days(db).await?.into_iter().collect();
    let idle_since = day(config.idle_attendance_days);
    for (project_id, on_site, first_entry) in worker::service::on_site_since(db).await? {
        let last = last_days.get(&project_id);
        let reference = last.filter(|last| **last > first_entry).unwrap_or(&first_entry);
        if on_site > 0 && *reference <= idle_since {
            let facts = match last {
                Some(last) => {
                    format!("在场{on_site}人，最后考勤日{last}，已连续{}天以上无考勤", config.idle_attendance_days)
                }
                None => format!("在场{on_site}人，自{first_entry}进场以来没有考勤"),
            };
            add(Rule::NoAttendance, Level::Yellow, project_id, ("", 0), String::new(), facts);
        }
    }
    for (project_id, punch_day, persons, punches) in
        attendance::service::unknown_punch_days(db, &format!("{from}-01")).await?
    {
        let facts = format!("{punch_day}考勤设备收到{persons}名花名册外人员的{punches}次打卡，请核实并登记进场");
        add(Rule::UnknownPunch, Level::Yellow, project_id, ("", 0), punch_day, facts);
    }
    for (project_id, worker_id, entry) in without_contract {
        let facts =
            format!("{}{entry}进场，在场超过{}天仍未签订劳动合同", who(project_id, worker_id), config.contract_days);
        add(Rule::NoContract, Level::Yellow, project_id, ("worker", worker_id), String::new(), facts);
    }
    for (project_id, worker_id, exit) in departed {
        let month = exit[..7.min(exit.len())].to_owned();
        let days = config.final_wage_days;
        let facts = format!("{}{exit}退场，{month}有出勤但没有工资单，超过{days}天未结清", who(project_id, worker_id));
        add(Rule::NoFinalWage, Level::Red, project_id, ("worker", worker_id), month, facts);
    }

    // The special account and the wage guarantee.
    let starts: Vec<(i64, String)> = approved.iter().map(|(id, (_, start))| (*id, start.clone())).collect();
    for (project_id, start) in starts {
        let Some(start_day) = parse_date(&start).ok().flatten() else { continue };
        let deadline = start_day + Duration::days(config.account_open_days);
        let opened = accounts.get(&project_id).is_some_and(|(status, _, _)| *status == 1);
        if !opened && today > deadline {
            let facts =
                format!("合同开工日期{start}，应于{}前开立农民工工资专用账户，至今未开立", format_date(deadline));
            add(Rule::AccountNotOpened, Level::Red, project_id, ("", 0), String::new(), facts);
        }
    }
    for (project_id, unit_id, end) in company::service::guarantee_ends(db).await? {
        let Some(end_day) = parse_date(&end).ok().flatten() else { continue };
        if end_day < today {
            let facts = format!("工资保证金已于{end}到期");
            add(Rule::GuaranteeExpired, Level::Red, project_id, ("unit", unit_id), end.clone(), facts);
        } else if end_day < today + Duration::days(config.guarantee_notice_days) {
            let facts = format!("工资保证金将于{end}到期，请及时续期");
            add(Rule::GuaranteeExpiring, Level::Yellow, project_id, ("unit", unit_id), end.clone(), facts);
        }
    }

    // Leads dispatched to the project and not answered by their deadline (3 working days by default).
    let start_of_today = today.midnight().assume_offset(time::UtcOffset::from_hms(8, 0, 0)?).unix_timestamp();
    for lead in clue::service::overdue_leads(db, start_of_today).await? {
        let due = clock::china_datetime(lead.deadline - 1);
        let facts = format!("欠薪线索{}应于{}前反馈，项目至今未反馈", lead.receipt, &due[..10.min(due.len())]);
        add(Rule::LeadOverdue, Level::Orange, lead.project_id, ("lead", lead.lead_id), String::new(), facts);
    }

    // Workers' confirmations (issue 31): a month paid to workers who had not confirmed, and disputes the
    // clerk left unanswered past their working days.
    for (project_id, month, unconfirmed, paid) in crate::wage::confirmation::paid_unconfirmed(db, &from).await? {
        if unconfirmed > 0 && unconfirmed * 100 > config.unconfirmed_paid_percent * paid {
            let facts = format!("{month}已发放的{paid}人工资中，{unconfirmed}人发放前未经本人确认");
            add(Rule::PaidUnconfirmed, Level::Yellow, project_id, ("", 0), month, facts);
        }
    }
    let working_days = config.dispute_answer_working_days;
    for dispute in clue::disputes::overdue(db, working_days, false).await? {
        let facts = format!(
            "工人对{}工资提出异议（{}），项目{working_days}个工作日内未答复",
            dispute.month,
            crate::wage::confirmation::reason_label(&dispute.reason)
        );
        add(
            Rule::DisputeUnanswered,
            Level::Orange,
            dispute.project_id,
            ("worker", dispute.worker_id),
            dispute.month.clone(),
            facts,
        );
    }

    // The bank's statement against the account's flows (issue 32): money out of the account that no flow
    // here accounts for is red; any other line or balance left unreconciled is orange.
    let stale = crate::special::reconcile::WARNING_AFTER_DAYS;
    for finding in crate::special::reconcile::findings(db).await.map_err(|error| anyhow::anyhow!("{error}"))? {
        let mut facts = Vec::new();
        if let Some((date, amount_fen)) = finding.foreign_debits.first() {
            let count = finding.foreign_debits.len();
            facts.push(format!("银行对账单有{count}笔支出不是本系统发放的（如{date}支出{}元）", yuan(*amount_fen)));
        }
        if finding.unmatched > 0 {
            facts.push(format!("{}笔收支未能与银行对账单核对", finding.unmatched));
        }
        if finding.differing_days > 0 {
            facts.push(format!("{}天的日终余额与银行不一致", finding.differing_days));
        }
        let level = if finding.foreign_debits.is_empty() { Level::Orange } else { Level::Red };
        let facts = format!("{}，已超过{stale}天", facts.join("；"));
        add(Rule::StatementMismatch, level, finding.project_id, ("", 0), String::new(), facts);
    }
    Ok(found)
}

#[cfg(test)]
mod tests {
    use super::*;
    use time::macros::date;

    #[test]
    fn months_shift_across_years() {
        assert_eq!(shift_month(date!(2026 - 01 - 15), -1), date!(2025 - 12 - 01));
        assert_eq!(shift_month(date!(2026 - 11 - 30), -12), date!(2025 - 11 - 01));
        assert_eq!(shift_month(date!(2026 - 12 - 31), 1), date!(2027 - 01 - 01));
        assert_eq!(month_of(date!(2026 - 03 - 09)), "2026-03");
    }

    #[test]
    fn every_rule_has_its_own_code() {
        let codes: HashSet<&str> = Rule::ALL.iter().map(|rule| rule.code()).collect();
        assert_eq!(codes.len(), Rule::ALL.len());
        assert!(Rule::ALL.iter().all(|rule| Rule::parse(rule.code()) == Some(*rule)));
    }
}
