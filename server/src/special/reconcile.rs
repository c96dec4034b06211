//! 专户对账 (issue 32): the bank's statement of a special account against the account's flows here. Over the
//! statement's days, each bank line is matched to at most one flow of the same direction and amount — first
//! by the bank's reference, then on the same day by the counterparty's account, then on the same day alone —
//! and each statement day's closing balance is compared with ours. What is left is only at the bank or only
//! here. Computed on reading, so it always answers the flows and statement lines as they are now.

use std::collections::{HashMap, HashSet};

use serde::{Deserialize, Serialize};
use time::Duration;
use utoipa::{IntoParams, ToSchema};

use super::repo::{self, StatementRow};
use crate::account::service::{self as account, FlowForReconciliation};
use crate::clock;
use crate::db::Db;
use crate::domain::dates::{format_date, parse_date};
use crate::domain::yuan::yuan;
use crate::envelope::ApiError;
use crate::identity::sessions::CurrentAccount;
use crate::paging::{Page, Paged};

/// Days after which a line not matched, or a balance that differs, is warned about.
pub const WARNING_AFTER_DAYS: i64 = 3;

/// What the matching found, by reference into its inputs.
pub struct Matching<'a> {
    pub matched: Vec<(&'a StatementRow, &'a FlowForReconciliation)>,
    pub only_bank: Vec<&'a StatementRow>,
    pub only_here: Vec<&'a FlowForReconciliation>,
    /// Each statement day: (date, the bank's closing balance, ours).
    pub days: Vec<(String, i64, i64)>,
}

fn digits(text: &str) -> String {
    text.chars().filter(char::is_ascii_digit).collect()
}

/// A way a statement line and the flow at an index may be the same movement (of one direction and amount).
type Pass<'a> = dyn Fn(&StatementRow, usize) -> bool + 'a;

/// Matches statement lines (by day and the bank's order) with the flows of the same days (in the order they
/// occurred), `opening` being our balance before the first day; our balance at a day's end is the opening
/// and every flow of that day and before.
pub fn match_lines<'a>(lines: &'a [StatementRow], flows: &'a [FlowForReconciliation], opening: i64) -> Matching<'a> {
    let flow_days: Vec<String> = flows.iter().map(|flow| format_date(clock::china_date(flow.occurred_at))).collect();
    let mut taken = vec![false; flows.len()];
    let mut pair: Vec<Option<usize>> = vec![None; lines.len()];
    // Candidates of a line: the flows of its direction and amount, in posting order.
    let mut candidates: HashMap<(&str, i64), Vec<usize>> = HashMap::new();
    for (index, flow) in flows.iter().enumerate() {
        candidates.entry((flow.direction.as_str(), flow.amount_fen)).or_default().push(index);
    }
    let passes: [&Pass; 3] = [
        &|line, index| !line.bank_ref.is_empty() && line.bank_ref == flows[index].bank_ref,
        &|line, index| {
            flow_days[index] == line.txn_date
                && !digits(&line.counterparty_account).is_empty()
                && digits(&line.counterparty_account) == digits(&flows[index].counterparty_account)
        },
        &|line, index| flow_days[index] == line.txn_date,
    ];
    for pass in passes {
        for (at, line) in lines.iter().enumerate() {
            if pair[at].is_some() {
                continue;
            }
            let Some(same) = candidates.get(&(line.direction.as_str(), line.amount_fen)) else { continue };
            let found = same.iter().copied().find(|index| !taken[*index] && pass(line, *index));
            if let Some(index) = found {
                taken[index] = true;
                pair[at] = Some(index);
            }
        }
    }
    let mut days: Vec<(String, i64, i64)> = Vec::new();
    let mut ours = opening;
    let mut next_flow = 0;
    for line in lines {
        while next_flow < flows.len() && flow_days[next_flow] <= line.txn_date {
            let flow = &flows[next_flow];
            ours += if flow.direction == "in" { flow.amount_fen } else { -flow.amount_fen };
            next_flow += 1;
        }
        match days.last_mut() {
            Some((date, bank, our)) if *date == line.txn_date => (*bank, *our) = (line.balance_fen, ours),
            _ => days.push((line.txn_date.clone(), line.balance_fen, ours)),
        }
    }
    Matching {
        matched: lines.iter().zip(&pair).filter_map(|(line, index)| index.map(|index| (line, &flows[index]))).collect(),
        only_bank: lines.iter().zip(&pair).filter(|(_, index)| index.is_none()).map(|(line, _)| line).collect(),
        only_here: flows.iter().zip(&taken).filter(|(_, taken)| !**taken).map(|(flow, _)| flow).collect(),
        days,
    }
}

/// The statement lines of the project (`first`..=`last`, '' open) and our flows of the same days.
async fn inputs(
    db: &Db,
    project_id: i64,
    first: &str,
    last: &str,
) -> Result<(Vec<StatementRow>, i64, Vec<FlowForReconciliation>), ApiError> {
    let lines = repo::statement_lines(db, project_id, first, last).await?;
    let (Some(first_line), Some(last_line)) = (lines.first(), lines.last()) else { return Ok((lines, 0, Vec::new())) };
    let start = day_start(&first_line.txn_date)?;
    let end = day_start(&last_line.txn_date)? + 86_400;
    let (opening, flows) = account::flows_between(db, project_id, start, end).await?;
    Ok((lines, opening, flows))
}

fn day_start(date: &str) -> Result<i64, ApiError> {
    let day = parse_date(date)?.ok_or_else(|| ApiError::refused(crate::domain::dates::MSG_INVALID_DATE))?;
    Ok(day.midnight().assume_offset(time::UtcOffset::from_hms(8, 0, 0).map_err(anyhow::Error::from)?).unix_timestamp())
}

#[derive(Debug, Default, Deserialize, IntoParams, ToSchema)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct SpecialReconciliationQuery {
    /// The regulator's project (a builder's own is implied).
    pub project_id: Option<String>,
    /// The statement days to reconcile, `YYYY-MM-DD` (both optional: every day of the statement).
    pub start: Option<String>,
    pub end: Option<String>,
    /// Which lines `lines` pages: onlyBank (default), onlyHere or matched.
    pub view: Option<String>,
    pub page: Option<String>,
    pub limit: Option<String>,
    /// The page of `days`.
    pub day_page: Option<String>,
}

/// A line of the reconciliation: a statement line, a flow, or both matched.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SpecialReconLine {
    pub date: String,
    /// in 收入, out 支出.
    pub direction: String,
    pub direction_label: String,
    pub amount: String,
    pub counterparty_name: String,
    pub counterparty_account: String,
    pub bank_ref: String,
    pub summary: String,
    /// A bank line's amount out that no flow here accounts for: money left the account outside this system.
    pub foreign_debit: bool,
    /// Days since the line's day.
    pub age_days: i64,
}

/// A statement day's closing balance, the bank's and ours.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SpecialReconDay {
    pub date: String,
    pub bank_balance: String,
    pub our_balance: String,
    /// Bank minus ours, yuan ("0.00" when they agree).
    pub difference: String,
    pub differs: bool,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SpecialReconciliation {
    /// none (no statement yet), matched (every line matched and every balance equal), differs.
    pub state: String,
    pub state_label: String,
    pub first_day: String,
    pub last_day: String,
    pub statement_lines: i64,
    /// Statement lines the bank pushed itself (the rest the project uploaded): the bank's own word.
    pub pushed_lines: i64,
    pub matched: i64,
    pub only_bank: i64,
    pub only_here: i64,
    /// Lines only at the bank that took money out.
    pub foreign_debits: i64,
    pub differing_days: i64,
    /// The bank's and our balance at the end of the last statement day.
    pub bank_balance: String,
    pub our_balance: String,
    pub lines: Paged<SpecialReconLine>,
    pub days: Paged<SpecialReconDay>,
}

fn direction_label(direction: &str) -> String {
    if direction == "in" { "收入" } else { "支出" }.to_owned()
}

fn age(today: time::Date, date: &str) -> i64 {
    parse_date(date).ok().flatten().map(|day| (today - day).whole_days()).unwrap_or(0)
}

fn bank_line(line: &StatementRow, today: time::Date, foreign: bool) -> SpecialReconLine {
    SpecialReconLine {
        date: line.txn_date.clone(),
        direction: line.direction.clone(),
        direction_label: direction_label(&line.direction),
        amount: yuan(line.amount_fen),
        counterparty_name: line.counterparty_name.clone(),
        counterparty_account: line.counterparty_account.clone(),
        bank_ref: line.bank_ref.clone(),
        summary: line.summary.clone(),
        foreign_debit: foreign && line.direction == "out",
        age_days: age(today, &line.txn_date),
    }
}

fn our_line(flow: &FlowForReconciliation, today: time::Date) -> SpecialReconLine {
    let date = format_date(clock::china_date(flow.occurred_at));
    SpecialReconLine {
        age_days: age(today, &date),
        date,
        direction: flow.direction.clone(),
        direction_label: direction_label(&flow.direction),
        amount: yuan(flow.amount_fen),
        counterparty_name: flow.counterparty_name.clone(),
        counterparty_account: flow.counterparty_account.clone(),
        bank_ref: flow.bank_ref.clone(),
        summary: flow.summary.clone(),
        foreign_debit: false,
    }
}

fn optional_day(text: &Option<String>) -> Result<String, ApiError> {
    let text = text.as_deref().map(str::trim).unwrap_or("");
    Ok(parse_date(text)?.map(format_date).unwrap_or_default())
}

/// 专户对账 of the account's project (builder: its own; regulator: `projectId`; finance → 403).
pub async fn reconciliation(
    db: &Db,
    current: &CurrentAccount,
    query: &SpecialReconciliationQuery,
) -> Result<SpecialReconciliation, ApiError> {
    let project_id = super::service::read_project(db, current, &query.project_id).await?;
    let (first, last) = (optional_day(&query.start)?, optional_day(&query.end)?);
    if !first.is_empty() && !last.is_empty() && first > last {
        return Err(ApiError::refused(super::service::MSG_DATE_ORDER));
    }
    let page = Page::parse(&query.page, &query.limit)?;
    let day_page = Page::parse(&query.day_page, &query.limit)?;
    let (lines, opening, flows) = inputs(db, project_id, &first, &last).await?;
    let found = match_lines(&lines, &flows, opening);
    let today = clock::china_today();
    let view = query.view.as_deref().unwrap_or("onlyBank");
    let listed: Vec<SpecialReconLine> = match view {
        "onlyHere" => found.only_here.iter().map(|flow| our_line(flow, today)).collect(),
        "matched" => found.matched.iter().map(|(line, _)| bank_line(line, today, false)).collect(),
        "onlyBank" => found.only_bank.iter().map(|line| bank_line(line, today, true)).collect(),
        _ => return Err(ApiError::refused(MSG_VIEW)),
    };
    let days: Vec<SpecialReconDay> = found
        .days
        .iter()
        .map(|(date, bank, ours)| SpecialReconDay {
            date: date.clone(),
            bank_balance: yuan(*bank),
            our_balance: yuan(*ours),
            difference: yuan(bank - ours),
            differs: bank != ours,
        })
        .collect();
    let differing_days = days.iter().filter(|day| day.differs).count() as i64;
    let foreign_debits = found.only_bank.iter().filter(|line| line.direction == "out").count() as i64;
    let (bank_balance, our_balance) = found.days.last().map(|(_, bank, ours)| (*bank, *ours)).unwrap_or((0, 0));
    let (state, state_label) = if lines.is_empty() {
        ("none", "未上传对账单")
    } else if found.only_bank.is_empty() && found.only_here.is_empty() && differing_days == 0 {
        ("matched", "一致")
    } else {
        ("differs", "不一致")
    };
    Ok(SpecialReconciliation {
        state: state.into(),
        state_label: state_label.into(),
        first_day: lines.first().map(|line| line.txn_date.clone()).unwrap_or_default(),
        last_day: lines.last().map(|line| line.txn_date.clone()).unwrap_or_default(),
        statement_lines: lines.len() as i64,
        pushed_lines: lines.iter().filter(|line| line.source == "push").count() as i64,
        matched: found.matched.len() as i64,
        only_bank: found.only_bank.len() as i64,
        only_here: found.only_here.len() as i64,
        foreign_debits,
        differing_days,
        bank_balance: yuan(bank_balance),
        our_balance: yuan(our_balance),
        lines: page_of(listed, page),
        days: page_of(days, day_page),
    })
}

pub const MSG_VIEW: &str = "请选择正确的对账视图";

fn page_of<T>(items: Vec<T>, page: Page) -> Paged<T> {
    let total = items.len() as i64;
    let list = items.into_iter().skip(page.offset() as usize).take(page.limit as usize).collect();
    page.answer(list, total)
}

/// What the early warnings find in a project's reconciliation: lines and balances differing for more than
/// [`WARNING_AFTER_DAYS`] — (foreign debits, other unmatched lines, differing days).
pub struct Finding {
    pub project_id: i64,
    pub foreign_debits: Vec<(String, i64)>,
    pub unmatched: i64,
    pub differing_days: i64,
}

/// Every project whose statement disagrees with its flows for more than [`WARNING_AFTER_DAYS`] days.
pub async fn findings(db: &Db) -> Result<Vec<Finding>, ApiError> {
    let cutoff = format_date(clock::china_today() - Duration::days(WARNING_AFTER_DAYS));
    let mut found = Vec::new();
    for project_id in repo::projects_with_statements(db).await? {
        let (lines, opening, flows) = inputs(db, project_id, "", "").await?;
        let matching = match_lines(&lines, &flows, opening);
        let old = |date: &str| date < cutoff.as_str();
        let foreign_debits: Vec<(String, i64)> = matching
            .only_bank
            .iter()
            .filter(|line| line.direction == "out" && old(&line.txn_date))
            .map(|line| (line.txn_date.clone(), line.amount_fen))
            .collect();
        let unmatched = matching.only_bank.iter().filter(|line| line.direction == "in" && old(&line.txn_date)).count()
            + matching.only_here.iter().filter(|flow| old(&format_date(clock::china_date(flow.occurred_at)))).count();
        let differing_days = matching.days.iter().filter(|(date, bank, ours)| bank != ours && old(date)).count();
        if !foreign_debits.is_empty() || unmatched > 0 || differing_days > 0 {
            found.push(Finding {
                project_id,
                foreign_debits,
                unmatched: unmatched as i64,
                differing_days: differing_days as i64,
            });
        }
    }
    Ok(found)
}

/// The reconciliation's state per project for the regulator's lists: none, matched or differs.
pub async fn state_of(db: &Db, project_id: i64) -> Result<&'static str, ApiError> {
    let (lines, opening, flows) = inputs(db, project_id, "", "").await?;
    if lines.is_empty() {
        return Ok("none");
    }
    let found = match_lines(&lines, &flows, opening);
    let agree = found.only_bank.is_empty() && found.only_here.is_empty() && found.days.iter().all(|(_, b, o)| b == o);
    Ok(if agree { "matched" } else { "differs" })
}

/// The lines of a statement already known, by key, so a line is stored once.
pub fn line_keys(lines: &[crate::bank::files::StatementLine]) -> Vec<String> {
    let mut seen = HashSet::new();
    lines
        .iter()
        .map(|line| {
            if !line.bank_ref.is_empty() {
                return format!("ref:{}", line.bank_ref);
            }
            let text = format!(
                "{}|{}|{}|{}|{}|{}",
                line.date,
                line.direction.as_str(),
                line.amount_fen,
                line.balance_fen,
                digits(&line.counterparty_account),
                line.summary
            );
            // The same text twice in one statement is two lines: the occurrence keeps them apart.
            let mut occurrence = 0;
            while !seen.insert(format!("{text}#{occurrence}")) {
                occurrence += 1;
            }
            let digest = <sha2::Sha256 as sha2::Digest>::digest(format!("{text}#{occurrence}").as_bytes());
            format!("sha:{}", hex::encode(digest))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(
        id: i64,
        date: &str,
        direction: &str,
        amount: i64,
        balance: i64,
        account: &str,
        bank_ref: &str,
    ) -> StatementRow {
        StatementRow {
            id,
            txn_date: date.into(),
            seq: id,
            direction: direction.into(),
            amount_fen: amount,
            balance_fen: balance,
            counterparty_name: String::new(),
            counterparty_account: account.into(),
            bank_ref: bank_ref.into(),
            summary: String::new(),
            source: "upload".into(),
        }
    }

    fn flow(id: i64, day: &str, direction: &str, amount: i64, account: &str, bank_ref: &str) -> FlowForReconciliation {
        FlowForReconciliation {
            id,
            direction: direction.into(),
            amount_fen: amount,
            counterparty_name: String::new(),
            counterparty_account: account.into(),
            bank_ref: bank_ref.into(),
            summary: String::new(),
            occurred_at: day_start(day).unwrap() + 3600 * 10,
        }
    }

    #[test]
    fn lines_match_by_reference_then_account_then_day_and_the_rest_is_left_over() {
        let lines = vec![
            line(1, "2026-10-01", "in", 100_000, 100_000, "11", "B1"),
            line(2, "2026-10-02", "out", 300, 99_700, "6222-01", ""),
            line(3, "2026-10-02", "out", 300, 99_400, "6222-02", ""),
            line(4, "2026-10-03", "out", 5_000, 94_400, "9999", "X9"),
        ];
        let flows = vec![
            flow(10, "2026-10-01", "in", 100_000, "", "B1"),
            flow(11, "2026-10-02", "out", 300, "622202", "SBX1"),
            flow(12, "2026-10-02", "out", 300, "622201", "SBX2"),
            flow(13, "2026-10-03", "out", 70, "", ""),
        ];
        let found = match_lines(&lines, &flows, 0);
        let pairs: Vec<(i64, i64)> = found.matched.iter().map(|(line, flow)| (line.id, flow.id)).collect();
        assert_eq!(pairs, vec![(1, 10), (2, 12), (3, 11)]);
        assert_eq!(found.only_bank.iter().map(|line| line.id).collect::<Vec<_>>(), vec![4]);
        assert_eq!(found.only_here.iter().map(|flow| flow.id).collect::<Vec<_>>(), vec![13]);
        assert_eq!(
            found.days,
            vec![
                ("2026-10-01".into(), 100_000, 100_000),
                ("2026-10-02".into(), 99_400, 99_400),
                ("2026-10-03".into(), 94_400, 99_330)
            ]
        );
    }

    #[test]
    fn identical_lines_without_reference_get_keys_of_their_own() {
        use crate::bank::files::{Direction, StatementLine};
        let one = StatementLine {
            row_no: 2,
            date: "2026-10-02".into(),
            direction: Direction::Out,
            amount_fen: 300,
            balance_fen: 700,
            counterparty_name: String::new(),
            counterparty_account: String::new(),
            bank_ref: String::new(),
            summary: String::new(),
        };
        let keys = line_keys(&[one.clone(), one.clone()]);
        assert_ne!(keys[0], keys[1]);
        assert_eq!(
            line_keys(std::slice::from_ref(&one))[0],
            keys[0],
            "the same statement uploaded again gives the same keys"
        );
        assert_eq!(line_keys(&[StatementLine { bank_ref: "R1".into(), ..one }])[0], "ref:R1");
    }
}
