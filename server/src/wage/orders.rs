//! 工资单 (project/issue, user/salaryPay): what paying sheets would do, submitting them as an order, the
//! orders and their lines as the clerk and the approver read them, and withdrawing a pending order.

use super::exceptions::{WagePayout, payout_out};
use super::input::*;
use super::money::{yuan, yuan_grouped};
use super::notify;
use super::repo::{self, LinesOf, OrderRow};
use super::sheets::{WageDetailQuery, WageIdForm, WageSheet, sheet_out};
use super::status::sheet_status_label;
use crate::clock;
use crate::db::{Db, Tx};
use crate::domain::mask::masked;
use crate::domain::wage_card as card;
use crate::envelope::ApiError;
use crate::identity::sessions::CurrentAccount;
use crate::oplog;
use crate::paging::{self, Paged};
use crate::scope;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

pub fn order_status_label(status: &str) -> &'static str {
    match status {
        "pending" => "待审核",
        "withdrawn" => "已撤回",
        "rejected" => "已驳回",
        "paying" => "支付中",
        "paid" => "已支付",
        "partial" => "部分发放",
        _ => "",
    }
}

/// An order of the file channel being paid: its batch file is with the bank.
pub const LABEL_AT_BANK: &str = "待银行发放";

/// A line whose card the bank would refuse.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WageCardProblem {
    pub name: String,
    pub card_number: String,
    pub card_bank_name: String,
    pub problem: String,
}

/// What paying sheets would do, for the confirmation before 确认 and 提交审核. Nothing is changed.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WagePayPreview {
    /// Lines with net pay.
    pub workers: i64,
    /// Their net pay, yuan.
    pub total: String,
    /// The special account's balance, yuan ('' without an account).
    pub balance: String,
    /// Balance minus total, yuan, negative when short ('' without an account).
    pub balance_after: String,
    /// Lines whose card the bank would refuse.
    pub card_problem_count: i64,
    /// The first `PREVIEW_PROBLEMS` of them.
    pub card_problems: Vec<WageCardProblem>,
}

/// How many refused cards a preview names; the count tells the rest.
pub const PREVIEW_PROBLEMS: usize = 20;

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WageOrder {
    pub id: i64,
    pub project_id: i64,
    pub project_name: String,
    pub order_no: String,
    pub month: String,
    /// pending 待审核, withdrawn 已撤回, rejected 已驳回, paying 支付中, paid 已支付 (every line paid, failed ones
    /// by a re-issue), partial 部分发放 (a failed line not yet re-issued and paid).
    pub status: String,
    pub status_label: String,
    /// api: paid through the bank's interface; file: a 代发 batch file, 待银行发放 until its result file.
    pub channel: String,
    pub total: String,
    pub line_count: i64,
    pub paid: String,
    pub failed: String,
    pub reissue_of: Option<i64>,
    pub reissue_of_no: String,
    pub remark: String,
    pub created_at: String,
    pub created_by: String,
    pub decided_at: String,
    pub decided_by: String,
    pub decision_remark: String,
    pub finished_at: String,
}

pub fn order_out(row: OrderRow) -> WageOrder {
    WageOrder {
        id: row.id,
        project_id: row.project_id,
        project_name: row.project_name,
        order_no: row.order_no,
        month: row.month,
        status_label: if row.status == "paying" && row.channel == "file" {
            LABEL_AT_BANK.into()
        } else {
            order_status_label(&row.status).into()
        },
        channel: row.channel,
        status: row.status,
        total: yuan(row.total_fen),
        line_count: row.line_count,
        paid: yuan(row.paid_fen),
        failed: yuan(row.failed_fen),
        reissue_of: row.reissue_of,
        reissue_of_no: row.reissue_of_no,
        remark: row.remark,
        created_at: clock::china_datetime(row.created_at),
        created_by: row.created_by_name,
        decided_at: clock::china_datetime(row.decided_at),
        decided_by: row.decided_by_name,
        decision_remark: row.decision_remark,
        finished_at: clock::china_datetime(row.finished_at),
    }
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WageOrderDetail {
    pub order: WageOrder,
    pub sheets: Vec<WageSheet>,
    pub lines: Paged<WagePayout>,
    /// Lines awaiting approval whose card has a problem: they will fail at the bank (the approver is told).
    pub invalid_cards: i64,
}

#[derive(Debug, Default, Deserialize, IntoParams, ToSchema)]
#[into_params(parameter_in = Query)]
pub struct WagePreviewQuery {
    /// Comma-joined sheet ids of the project.
    pub ids: Option<String>,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WageOrderForm {
    pub month: Option<String>,
    /// Comma-joined sheet ids.
    pub sheet_ids: Option<String>,
    pub remark: Option<String>,
}

#[derive(Debug, Default, Deserialize, IntoParams, ToSchema)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct WageOrderQuery {
    pub page: Option<String>,
    pub limit: Option<String>,
    pub project_id: Option<String>,
    pub month: Option<String>,
    /// An order status; empty: any.
    pub status: Option<String>,
    /// Part of the order number.
    pub order_no: Option<String>,
}

/// The special account, as the open transaction sees it, covers `total_fen` (the balance is the account
/// area's).
pub(super) async fn covered(tx: &mut Tx, project_id: i64, total_fen: i64) -> Result<(), ApiError> {
    match crate::account::flows::balance_in(tx, project_id).await? {
        None => Err(ApiError::refused(MSG_NO_ACCOUNT)),
        Some(balance) if balance < total_fen => {
            Err(ApiError::refused(format!("专户余额不足，还差{}元", yuan_grouped(total_fen - balance))))
        }
        Some(_) => Ok(()),
    }
}

/// Every line of `lines` holds the attended days and top-ups it pays, as the open transaction sees them.
pub(super) async fn held(tx: &mut Tx, lines: LinesOf<'_>) -> Result<(), ApiError> {
    let unheld = repo::unheld_lines(tx, lines, repo::UNHELD_NAMED).await?;
    if unheld.is_empty() { Ok(()) } else { Err(ApiError::refused(unheld_message(&unheld))) }
}

/// Dates named in a refusal at most; the rest are counted.
pub(super) const DAYS_NAMED: usize = 5;

/// Why a line cannot pay: the days of its worker's month another sheet holds (named, with that sheet), or,
/// when none does, that the line pays more attended days than it holds.
pub fn unheld_line_reason(line: &repo::UnheldLine) -> String {
    let what = if line.topups { "补差" } else { "" };
    if line.elsewhere.is_empty() {
        let (year, month) = line.month.split_once('-').unwrap_or((&line.month, ""));
        let kind = if line.topups { "补差" } else { "出勤" };
        return format!(
            "{}{year}年{}月计发{}天{kind}，只登记了其中{}天的日期，不能发放",
            line.worker_name,
            month.trim_start_matches('0'),
            line.days,
            line.held
        );
    }
    let mut sheets: Vec<String> = Vec::new();
    for day in &line.elsewhere {
        let kind = if day.sheet_seq > 1 {
            format!("补充工资表（第{}张）", day.sheet_seq)
        } else {
            "工资表".to_owned()
        };
        let sheet = format!("{}{kind}（{}）", day.sheet_name, sheet_status_label(&day.sheet_status));
        if !sheets.contains(&sheet) {
            sheets.push(sheet);
        }
    }
    let named: Vec<&str> = line.elsewhere.iter().take(DAYS_NAMED).map(|day| day.day.as_str()).collect();
    let more =
        if line.elsewhere.len() > DAYS_NAMED { format!("等{}天", line.elsewhere.len()) } else { String::new() };
    format!("{}的{}{}{what}已在{}计发，不能重复计发", line.worker_name, named.join("、"), more, sheets.join("、"))
}

pub(super) fn unheld_message(lines: &[repo::UnheldLine]) -> String {
    let first = lines.first().map(unheld_line_reason).unwrap_or_default();
    if lines.len() > 1 { format!("{first}（另有{}人同样）", lines.len() - 1) } else { first }
}

/// What confirming or submitting the sheets would pay: lines with net pay, total, the cards the bank would
/// refuse (the worker's current card, the one the payout takes) and the balance left.
pub async fn preview(db: &Db, current: &CurrentAccount, query: &WagePreviewQuery) -> Result<WagePayPreview, ApiError> {
    let project_id = scope::write(current)?;
    let ids = id_list(&query.ids, MSG_SHEETS)?;
    for id in &ids {
        repo::sheet(db, project_id, *id).await?.ok_or_else(|| ApiError::NotFound(MSG_NO_SHEET.into()))?;
    }
    let lines = repo::pay_lines(db, project_id, &ids).await?;
    let workers = lines.len() as i64;
    let total_fen: i64 = lines.iter().map(|line| line.net_fen).sum();
    let refused: Vec<WageCardProblem> = lines
        .into_iter()
        .filter_map(|line| {
            card::problem(&line.card_number).map(|problem| WageCardProblem {
                name: line.name,
                card_number: masked(&line.card_number),
                card_bank_name: line.card_bank_name,
                problem: problem.into(),
            })
        })
        .collect();
    let balance = crate::account::flows::balance(db, project_id).await?;
    Ok(WagePayPreview {
        workers,
        total: yuan(total_fen),
        balance: balance.map(yuan).unwrap_or_default(),
        balance_after: balance.map(|fen| yuan(fen - total_fen)).unwrap_or_default(),
        card_problem_count: refused.len() as i64,
        card_problems: refused.into_iter().take(PREVIEW_PROBLEMS).collect(),
    })
}

pub async fn submit(db: &Db, current: &CurrentAccount, ip: &str, form: &WageOrderForm) -> Result<i64, ApiError> {
    let project_id = scope::write(current)?;
    let span = month_span(&text(&form.month))?;
    let ids = id_list(&form.sheet_ids, MSG_SHEETS)?;
    let remark = text(&form.remark);
    if remark.chars().count() > 200 {
        return Err(ApiError::refused(MSG_REMARK_LONG));
    }
    for id in &ids {
        let sheet = repo::sheet(db, project_id, *id).await?.ok_or_else(|| ApiError::NotFound(MSG_NO_SHEET.into()))?;
        if sheet.month != span.month {
            return Err(ApiError::refused(MSG_SHEET_MONTH));
        }
        if sheet.status != "confirmed" {
            return Err(ApiError::refused(if sheet.status == "draft" {
                MSG_SHEET_UNCONFIRMED
            } else {
                MSG_SHEET_IN_ORDER
            }));
        }
        if sheet.order_id.is_some() {
            return Err(ApiError::refused(MSG_SHEET_IN_ORDER));
        }
    }
    super::confirmation::refuse_unready_sheets(db, project_id, &ids).await?;
    let actor = actor(current, ip);
    let id = Tx::within(db, async |tx: &mut Tx| -> Result<i64, ApiError> {
        let (line_count, total_fen) = repo::sheets_total(tx, project_id, &span.month, &ids).await?;
        if line_count == 0 {
            return Err(ApiError::refused(MSG_NOTHING_TO_PAY));
        }
        held(tx, LinesOf::Sheets(&ids)).await?;
        covered(tx, project_id, total_fen).await?;
        let order = repo::NewOrder {
            project_id,
            month: &span.month,
            total_fen,
            line_count,
            reissue_of: None,
            remark: &remark,
            created_by: actor.account_id,
        };
        let order_id = repo::insert_order(tx, &order).await?;
        if !repo::attach_sheets(tx, order_id, project_id, &ids).await? {
            return Err(ApiError::refused(MSG_CHANGED));
        }
        let detail = format!("{} 月份，{line_count} 人，{} 元", span.month, yuan_grouped(total_fen));
        oplog::record_in(tx, &actor.entry("提交工资单", "wage_order", order_id, detail)).await?;
        Ok(order_id)
    })
    .await?;
    if let Some(order) = repo::order(db, project_id, id).await? {
        notify::submitted(db, &order).await?;
    }
    Ok(id)
}

pub async fn orders(db: &Db, current: &CurrentAccount, query: &WageOrderQuery) -> Result<Paged<WageOrder>, ApiError> {
    let scope = read_scope(db, current, &query.project_id).await?;
    order_page(db, scope.filter(), &[], query).await
}

/// A page of orders of a project (0: all) limited to some statuses and the query's filters.
pub async fn order_page(
    db: &Db,
    project_filter: i64,
    statuses: &[&str],
    query: &WageOrderQuery,
) -> Result<Paged<WageOrder>, ApiError> {
    let page = page(&query.page, &query.limit)?;
    let month = optional_month(&query.month)?;
    let status = text(&query.status);
    if !status.is_empty()
        && (order_status_label(&status).is_empty() || (!statuses.is_empty() && !statuses.contains(&status.as_str())))
    {
        return Err(ApiError::refused(MSG_STATUS));
    }
    let chosen: Vec<&str> = if status.is_empty() { statuses.to_vec() } else { vec![status.as_str()] };
    let pattern = paging::contains_pattern(&text(&query.order_no));
    let (rows, total) = repo::orders(db, project_filter, &chosen, &month, &pattern, page.limit, page.offset()).await?;
    Ok(page.answer(rows.into_iter().map(order_out).collect(), total))
}

/// One order with its sheets and a page of its lines.
pub async fn order_detail_in(
    db: &Db,
    project_filter: i64,
    query: &WageDetailQuery,
) -> Result<WageOrderDetail, ApiError> {
    let id = positive_id(&query.id, MSG_NO_ORDER)?;
    let page = page(&query.page, &query.limit)?;
    let order = repo::order(db, project_filter, id).await?.ok_or_else(|| ApiError::NotFound(MSG_NO_ORDER.into()))?;
    let sheets = repo::order_sheets(db, id).await?.into_iter().map(sheet_out).collect();
    let filter = repo::PayoutFilter {
        project_filter: order.project_id,
        order_id: id,
        month: "",
        statuses: &[],
        name_pattern: "",
        not_reissued: false,
        or_not_received: false,
    };
    let (lines, total) = repo::payouts(db, &filter, page.limit, page.offset()).await?;
    let invalid_cards = if order.status == "pending" {
        repo::queued_cards(db, id).await?.iter().filter(|card| card::problem(card).is_some()).count() as i64
    } else {
        0
    };
    Ok(WageOrderDetail {
        order: order_out(order),
        sheets,
        lines: page.answer(lines.into_iter().map(payout_out).collect(), total),
        invalid_cards,
    })
}

/// Whose numbers a wage list reveals (`privacy`): a sheet line or a pay line (order detail, 异常处理).
#[derive(Clone, Copy, Debug)]
pub enum WageNumbersOf {
    Line(i64),
    Payout(i64),
}

/// The full (ID number, card, current card) behind a masked wage-list cell, for the logged reveal. A sheet
/// line has no current card (''). Builder: its project; admin: `project` (required); finance 403.
pub async fn full_numbers(
    db: &Db,
    current: &CurrentAccount,
    project: &Option<String>,
    owner: WageNumbersOf,
) -> Result<(String, String, String), ApiError> {
    let project_id = scope::project(db, current, project).await?;
    let not_found = || ApiError::NotFound(MSG_NO_LINE.into());
    match owner {
        WageNumbersOf::Line(id) => {
            let (line, _) = repo::line(db, project_id, id).await?.ok_or_else(not_found)?;
            Ok((line.id_number, line.card_number, String::new()))
        }
        WageNumbersOf::Payout(id) => {
            let payout = repo::payouts_by_ids(db, project_id, &[id]).await?.into_iter().next().ok_or_else(not_found)?;
            Ok((payout.id_number, payout.card_number, payout.current_card))
        }
    }
}

pub async fn order_detail(
    db: &Db,
    current: &CurrentAccount,
    query: &WageDetailQuery,
) -> Result<WageOrderDetail, ApiError> {
    let scope = read_scope(db, current, &query.project_id).await?;
    order_detail_in(db, scope.filter(), query).await
}

pub async fn withdraw(db: &Db, current: &CurrentAccount, ip: &str, form: &WageIdForm) -> Result<(), ApiError> {
    let project_id = scope::write(current)?;
    let id = positive_id(&form.id, MSG_NO_ORDER)?;
    repo::order(db, project_id, id).await?.ok_or_else(|| ApiError::NotFound(MSG_NO_ORDER.into()))?;
    let actor = actor(current, ip);
    changed(db, MSG_NOT_PENDING, async |tx: &mut Tx| {
        repo::close_pending(tx, project_id, id, "withdrawn", "", &actor).await
    })
    .await
}
