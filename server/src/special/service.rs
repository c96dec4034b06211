//! Rules of the special account's pages (special/information, special/water) and of the money coming in:
//! the regulator's record of an owner's labour-cost transfer and the bank's announcement of an arrival.
//! Every movement goes through `account::flows`, so a balance is always the sum of its flows.

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use time::{Date, PrimitiveDateTime, Time, UtcOffset};
use utoipa::{IntoParams, ToSchema};

use super::repo::{self, FlowFilter, FlowRow};
use crate::account::flows::{self, Direction, NewFlow, Source};
use crate::account::special::{AccountForm, HOLDER_TYPES, account_form};
use crate::clock;
use crate::db::Db;
use crate::domain::Invalid;
use crate::domain::dates::{MSG_INVALID_DATE, format_date, parse_date};
use crate::domain::mask::masked;
use crate::domain::money::fen_to_wan;
use crate::domain::yuan::{parse_yuan, yuan};
use crate::envelope::ApiError;
use crate::extract::sent;
use crate::identity::accounts::AccountKind;
use crate::identity::accounts::RegulatorRole;
use crate::identity::sessions::CurrentAccount;
use crate::oplog;
use crate::project::options::DEPOSIT_METHODS;
use crate::project::service as projects;
use crate::scope::{self, ReadScope};
use crate::wage::money::yuan_grouped;

pub const MSG_PROJECT_REQUIRED: &str = "请选择项目";
pub const MSG_NO_ACCOUNT: &str = "该项目尚未开立农民工工资专用账户";
pub const MSG_DIRECTION: &str = "请选择正确的收支方向";
pub const MSG_DATE_ORDER: &str = "开始日期不能晚于结束日期";
pub const MSG_PAYER_REQUIRED: &str = "请填写付款单位名称";
pub const MSG_PAYER: &str = "付款单位名称不能超过100个字";
pub const MSG_PAYER_ACCOUNT: &str = "请填写正确的付款账号";
pub const MSG_PAYER_BANK: &str = "付款银行名称不能超过100个字";
pub const MSG_SUMMARY: &str = "摘要不能超过200个字";
pub const MSG_DATE_REQUIRED: &str = "请选择到账日期";
pub const MSG_DATE_FUTURE: &str = "到账日期不能晚于今天";
pub const MSG_ADMIN_ONLY: &str = "只有监管部门可以录入人工费拨付";
pub const MSG_BANK_REF_REQUIRED: &str = "请提供银行流水号";
pub const MSG_BANK_REF: &str = "银行流水号格式错误";
pub const MSG_BANK_ACCOUNT_REQUIRED: &str = "请提供收款专户账号";
pub const MSG_NOTIFY_OFF: &str = "银行到账通知未启用";
pub const MSG_NOTIFY_AUTH: &str = "银行通知验证失败";
pub const MSG_NO_SUCH_ACCOUNT: &str = "收款专户不存在";
pub const MSG_BANK_REF_ELSEWHERE: &str = "该银行流水号已用于其他专户";
pub const MSG_RECORDED: &str = "到账已记录";
pub const MSG_ALREADY_RECORDED: &str = "该笔到账已记录";
pub const DEFAULT_TRANSFER_SUMMARY: &str = "人工费拨付";
/// The most flows one export holds.
pub const EXPORT_MAX: i64 = 100_000;

const CHINA: UtcOffset = match UtcOffset::from_hms(8, 0, 0) {
    Ok(offset) => offset,
    Err(_) => panic!("UTC+8 is a valid offset"),
};

/// Unix seconds of a China-time moment on `date`.
fn china_seconds(date: Date, time: Time) -> i64 {
    PrimitiveDateTime::new(date, time).assume_offset(CHINA).unix_timestamp()
}

/// The one project a special-account page shows: a builder's own, the regulator's `projectId`.
pub(super) async fn read_project(
    db: &Db,
    current: &CurrentAccount,
    requested: &Option<String>,
) -> Result<i64, ApiError> {
    match scope::read(db, current, requested).await? {
        ReadScope::Project(id) => Ok(id),
        ReadScope::All => Err(ApiError::refused(MSG_PROJECT_REQUIRED)),
    }
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct SpecialProjectQuery {
    /// The regulator's project (a builder's own is implied; another id → 404).
    #[serde(rename = "projectId")]
    #[param(rename = "projectId")]
    pub project_id: Option<String>,
}

/// A unit's wage guarantee (工资保证金).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SpecialGuarantee {
    /// `builder` or `contractor`.
    pub role: String,
    /// 建设单位 or 施工总包单位.
    pub role_label: String,
    pub company_name: String,
    pub paytype: String,
    pub paytype_label: String,
    /// The amount in 万元 ('' when none was given).
    pub desposit: String,
    /// Upload URL of the guarantee file ('' when none).
    pub guaranteepath: String,
    pub startdate: String,
    pub enddate: String,
    /// 有效, 已过期 or 未填写 (by the end date, China time).
    pub state: String,
}

/// special/information.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SpecialInformation {
    pub projectname: String,
    /// The account form as the wizard saved it.
    pub account_form: AccountForm,
    pub bank_name: String,
    pub branch_name: String,
    pub open_company_type_label: String,
    /// 已开户 / 未开户 / 未登记.
    pub open_status_label: String,
    /// The balance in yuan, two decimals: the sum of the account's flows.
    pub balance: String,
    pub total_in: String,
    pub total_out: String,
    pub guarantees: Vec<SpecialGuarantee>,
    /// 代发方式: api 接口 or file 文件 (issue 32).
    pub payout_mode: String,
    /// 专户对账: none 未上传对账单, matched 一致, differs 不一致.
    pub reconciliation: String,
}

fn guarantee_state(end: &str) -> &'static str {
    match parse_date(end) {
        Ok(Some(end)) if end < clock::china_today() => "已过期",
        Ok(Some(_)) => "有效",
        _ => "未填写",
    }
}

async fn bank_name(db: &Db, code: &str) -> Result<String, ApiError> {
    if code.is_empty() {
        return Ok(String::new());
    }
    Ok(crate::account::special::bank_name(db, code).await?)
}

pub async fn information(
    db: &Db,
    current: &CurrentAccount,
    query: &SpecialProjectQuery,
) -> Result<SpecialInformation, ApiError> {
    let project_id = read_project(db, current, &query.project_id).await?;
    let project = projects::find_summary(db, project_id).await?.ok_or_else(scope::not_found)?;
    let stored = crate::account::special::find_account(db, project_id).await?;
    let balance = repo::balance(db, project_id).await?.unwrap_or(0);
    let (total_in, total_out) = repo::totals(db, project_id).await?;
    let guarantees = repo::guarantees(db, project_id)
        .await?
        .into_iter()
        .map(|row| SpecialGuarantee {
            role_label: if row.role == "builder" { "建设单位".into() } else { "施工总包单位".into() },
            paytype_label: DEPOSIT_METHODS
                .iter()
                .find(|o| o.value == row.pay_type)
                .map(|o| o.label.to_owned())
                .unwrap_or_default(),
            desposit: row.deposit_fen.and_then(|fen| u64::try_from(fen).ok()).map(fen_to_wan).unwrap_or_default(),
            state: guarantee_state(&row.guarantee_end).to_owned(),
            role: row.role,
            company_name: row.company_name,
            paytype: row.pay_type,
            guaranteepath: row.guarantee_path,
            startdate: row.guarantee_start,
            enddate: row.guarantee_end,
        })
        .collect();
    let (bank, branch, holder, status) = match &stored {
        Some(row) => (
            bank_name(db, &row.bank_code).await?,
            bank_name(db, &row.branch_code).await?,
            HOLDER_TYPES
                .iter()
                .find(|o| o.value == row.open_company_type)
                .map(|o| o.label.to_owned())
                .unwrap_or_default(),
            if row.open_status == 1 { "已开户" } else { "未开户" },
        ),
        None => (String::new(), String::new(), String::new(), "未登记"),
    };
    Ok(SpecialInformation {
        projectname: project.name,
        account_form: account_form(stored.as_ref()),
        bank_name: bank,
        branch_name: branch,
        open_company_type_label: holder,
        open_status_label: status.to_owned(),
        balance: yuan(balance),
        total_in: yuan(total_in),
        total_out: yuan(total_out),
        guarantees,
        payout_mode: crate::account::service::payout_mode(db, project_id).await?,
        reconciliation: super::reconcile::state_of(db, project_id).await?.to_owned(),
    })
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct SpecialFlowQuery {
    /// `in` (收入), `out` (支出) or empty for both.
    pub direction: Option<String>,
    /// First day, `YYYY-MM-DD` (China time), inclusive.
    pub start: Option<String>,
    /// Last day, `YYYY-MM-DD`, inclusive.
    pub end: Option<String>,
    pub page: Option<String>,
    pub limit: Option<String>,
    #[serde(rename = "projectId")]
    #[param(rename = "projectId")]
    pub project_id: Option<String>,
}

/// One flow of the special account.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SpecialFlowLine {
    pub id: i64,
    /// `in` or `out`.
    pub direction: String,
    /// 收入 or 支出.
    pub direction_label: String,
    /// Yuan, two decimals.
    pub amount: String,
    /// The balance right after this flow, yuan.
    pub balance_after: String,
    pub counterparty_name: String,
    pub counterparty_account: String,
    pub counterparty_bank: String,
    pub summary: String,
    /// `bank`, `regulator` or `payout`.
    pub source: String,
    /// 银行到账, 监管录入 or 工资代发.
    pub source_label: String,
    pub bank_ref: String,
    /// `YYYY-MM-DD HH:MM:SS`, China time.
    pub occurred_at: String,
}

/// A page of flows with the sums of everything the filter matches.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SpecialFlowPage {
    pub list: Vec<SpecialFlowLine>,
    pub total: i64,
    pub page: i64,
    pub limit: i64,
    /// Money in over the filtered flows, yuan.
    pub sum_in: String,
    /// Money out over the filtered flows, yuan.
    pub sum_out: String,
    /// The account's balance now, yuan.
    pub balance: String,
}

/// A flow as the list shows it: a payout's counterparty is a worker's wage card, masked (decisions "Privacy:
/// one masking rule"); the export keeps it in full, company accounts stay as they are.
fn listed(line: SpecialFlowLine) -> SpecialFlowLine {
    if line.source != "payout" {
        return line;
    }
    SpecialFlowLine { counterparty_account: masked(&line.counterparty_account), ..line }
}

fn line(row: FlowRow) -> SpecialFlowLine {
    SpecialFlowLine {
        id: row.id,
        direction_label: if row.direction == "in" { "收入".into() } else { "支出".into() },
        amount: yuan(row.amount_fen),
        balance_after: yuan(row.balance_after_fen),
        source_label: match row.source.as_str() {
            "bank" => "银行到账",
            "regulator" => "监管录入",
            _ => "工资代发",
        }
        .into(),
        direction: row.direction,
        counterparty_name: row.counterparty_name,
        counterparty_account: row.counterparty_account,
        counterparty_bank: row.counterparty_bank,
        summary: row.summary,
        source: row.source,
        bank_ref: row.bank_ref,
        occurred_at: clock::china_datetime(row.occurred_at),
    }
}

/// The validated filter: direction and `[from, to)` in unix seconds.
fn flow_filter(query: &SpecialFlowQuery) -> Result<(String, i64, i64), ApiError> {
    let direction = sent(&query.direction).to_owned();
    if !matches!(direction.as_str(), "" | "in" | "out") {
        return Err(Invalid(MSG_DIRECTION).into());
    }
    let start = parse_date(sent(&query.start))?;
    let end = parse_date(sent(&query.end))?;
    if let (Some(start), Some(end)) = (start, end)
        && start > end
    {
        return Err(Invalid(MSG_DATE_ORDER).into());
    }
    let from = start.map_or(0, |day| china_seconds(day, Time::MIDNIGHT));
    let to = match end {
        Some(day) => day.next_day().map_or(i64::MAX, |next| china_seconds(next, Time::MIDNIGHT)),
        None => i64::MAX,
    };
    Ok((direction, from, to))
}

pub async fn flows(db: &Db, current: &CurrentAccount, query: &SpecialFlowQuery) -> Result<SpecialFlowPage, ApiError> {
    let project_id = read_project(db, current, &query.project_id).await?;
    let page = crate::paging::Page::parse(&query.page, &query.limit)?;
    let (direction, from, to) = flow_filter(query)?;
    let filter = FlowFilter { project_id, direction: &direction, from, to };
    let rows = repo::flows(db, &filter, page.limit, page.offset()).await?;
    let (total, sum_in, sum_out) = repo::flow_count(db, &filter).await?;
    let balance = repo::balance(db, project_id).await?.unwrap_or(0);
    Ok(SpecialFlowPage {
        list: rows.into_iter().map(|row| listed(line(row))).collect(),
        total,
        page: page.page,
        limit: page.limit,
        sum_in: yuan(sum_in),
        sum_out: yuan(sum_out),
        balance: yuan(balance),
    })
}

/// Every flow the filter matches (at most [`EXPORT_MAX`]), for the .xlsx export, with the project's name.
pub async fn export_rows(
    db: &Db,
    current: &CurrentAccount,
    query: &SpecialFlowQuery,
) -> Result<(String, Vec<SpecialFlowLine>), ApiError> {
    let project_id = read_project(db, current, &query.project_id).await?;
    let project = projects::find_summary(db, project_id).await?.ok_or_else(scope::not_found)?;
    let (direction, from, to) = flow_filter(query)?;
    let filter = FlowFilter { project_id, direction: &direction, from, to };
    let rows = repo::flows(db, &filter, EXPORT_MAX, 0).await?;
    Ok((project.name, rows.into_iter().map(line).collect()))
}

/// The counterparty of money coming in, validated.
struct Payer {
    name: String,
    account: String,
    bank: String,
}

fn payer(name: &Option<String>, account: &Option<String>, bank: &Option<String>) -> Result<Payer, ApiError> {
    let name = sent(name).to_owned();
    if name.is_empty() {
        return Err(Invalid(MSG_PAYER_REQUIRED).into());
    }
    if name.chars().count() > 100 {
        return Err(Invalid(MSG_PAYER).into());
    }
    let account = sent(account).to_owned();
    let account_ok =
        account.is_empty() || (account.len() <= 50 && account.bytes().all(|b| b.is_ascii_digit() || b == b'-'));
    if !account_ok {
        return Err(Invalid(MSG_PAYER_ACCOUNT).into());
    }
    let bank = sent(bank).to_owned();
    if bank.chars().count() > 100 {
        return Err(Invalid(MSG_PAYER_BANK).into());
    }
    Ok(Payer { name, account, bank })
}

fn summary(value: &Option<String>) -> Result<String, ApiError> {
    let summary = sent(value).to_owned();
    if summary.chars().count() > 200 {
        return Err(Invalid(MSG_SUMMARY).into());
    }
    Ok(if summary.is_empty() { DEFAULT_TRANSFER_SUMMARY.to_owned() } else { summary })
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct SpecialTransferForm {
    /// The project whose special account receives the money.
    #[serde(rename = "projectId")]
    pub project_id: Option<String>,
    /// Yuan, at most two decimals, more than 0.
    pub amount: Option<String>,
    /// The paying unit (usually the builder): 1–100 chars.
    pub payer_name: Option<String>,
    /// Its account number: digits and hyphens, up to 50 (optional).
    pub payer_account: Option<String>,
    /// Its bank (optional, up to 100 chars).
    pub payer_bank: Option<String>,
    /// The day the money arrived, `YYYY-MM-DD`, not after today.
    pub date: Option<String>,
    /// Up to 200 chars; `人工费拨付` when empty.
    pub summary: Option<String>,
}

/// The money posted: the flow and the balance after it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SpecialPosted {
    pub flow_id: i64,
    /// Yuan.
    pub amount: String,
    /// The balance after the flow, yuan.
    pub balance: String,
}

/// The regulator records an owner's labour-cost transfer into a project's special account.
pub async fn record_transfer(
    db: &Db,
    current: &CurrentAccount,
    ip: &str,
    form: &SpecialTransferForm,
) -> Result<SpecialPosted, ApiError> {
    if current.kind() != AccountKind::Admin {
        return Err(ApiError::Forbidden(MSG_ADMIN_ONLY.into()));
    }
    scope::require_role(current, &[RegulatorRole::Inspector])?;
    let requested = sent(&form.project_id);
    if requested.is_empty() {
        return Err(Invalid(MSG_PROJECT_REQUIRED).into());
    }
    let project_id = read_project(db, current, &form.project_id).await?;
    projects::find_summary(db, project_id).await?.ok_or_else(scope::not_found)?;
    let amount_fen = parse_yuan(sent(&form.amount))?;
    let payer = payer(&form.payer_name, &form.payer_account, &form.payer_bank)?;
    let date = parse_date(sent(&form.date))?.ok_or(Invalid(MSG_DATE_REQUIRED))?;
    let today = clock::china_today();
    if date > today {
        return Err(Invalid(MSG_DATE_FUTURE).into());
    }
    let summary = summary(&form.summary)?;
    let occurred_at = if date == today {
        clock::now()
    } else {
        china_seconds(date, Time::from_hms(12, 0, 0).unwrap_or(Time::MIDNIGHT))
    };
    let opened = crate::account::special::find_account(db, project_id).await?.is_some_and(|row| row.open_status == 1);
    if !opened {
        return Err(ApiError::refused(MSG_NO_ACCOUNT));
    }
    let flow = NewFlow {
        project_id,
        direction: Direction::In,
        amount_fen,
        counterparty_name: &payer.name,
        counterparty_account: &payer.account,
        counterparty_bank: &payer.bank,
        summary: &summary,
        source: Source::Regulator,
        bank_ref: "",
        payout_id: None,
        occurred_at,
        created_by: Some(current.account.id),
    };
    let entry = oplog::Entry::by(&current.account, ip).project(project_id).action("录入人工费拨付").detail(format!(
        "项目{project_id}，{}元，付款单位{}，到账日期{}",
        yuan_grouped(amount_fen),
        payer.name,
        format_date(date)
    ));
    let posted = flows::post_logged(db, &flow, entry).await?.ok_or_else(|| ApiError::refused(MSG_NO_ACCOUNT))?;
    Ok(SpecialPosted { flow_id: posted.flow_id, amount: yuan(amount_fen), balance: yuan(posted.balance_after_fen) })
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct SpecialArrivalForm {
    /// The receiving special account's number.
    pub account: Option<String>,
    /// Yuan, at most two decimals, more than 0.
    pub amount: Option<String>,
    /// The bank's unique reference of the transfer (1–64 letters, digits, '-' or '_'); an announcement
    /// repeated with the same reference is recorded once.
    pub bank_ref: Option<String>,
    pub payer_name: Option<String>,
    pub payer_account: Option<String>,
    pub payer_bank: Option<String>,
    pub summary: Option<String>,
    /// When the money arrived, `YYYY-MM-DD HH:MM:SS` China time; now when empty.
    pub time: Option<String>,
}

/// Whether the announced secret is the configured one (compared by digest, in constant time).
pub fn secret_matches(configured: &str, sent: Option<&str>) -> Result<(), ApiError> {
    if configured.is_empty() {
        return Err(ApiError::Forbidden(MSG_NOTIFY_OFF.into()));
    }
    let sent = sent.unwrap_or("");
    let left = Sha256::digest(configured.as_bytes());
    let right = Sha256::digest(sent.as_bytes());
    let differing = left.iter().zip(right.iter()).fold(0u8, |acc, (a, b)| acc | (a ^ b));
    if differing == 0 { Ok(()) } else { Err(ApiError::Forbidden(MSG_NOTIFY_AUTH.into())) }
}

fn arrival_time(text: &str) -> Result<i64, ApiError> {
    if text.is_empty() {
        return Ok(clock::now());
    }
    let date = parse_date(text)?.ok_or(Invalid(MSG_INVALID_DATE))?;
    let clock_part = text.split_once(' ').map(|(_, t)| t.trim()).unwrap_or("");
    let mut numbers = clock_part.split(':').map(|part| part.parse::<u8>().unwrap_or(0));
    let time = Time::from_hms(numbers.next().unwrap_or(0), numbers.next().unwrap_or(0), numbers.next().unwrap_or(0))
        .map_err(|_| Invalid(MSG_INVALID_DATE))?;
    Ok(china_seconds(date, time))
}

/// What an arrival answers: the flow, and whether it was already recorded.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SpecialArrival {
    pub flow_id: i64,
    pub balance: String,
    /// True when the reference had been recorded before (nothing new was posted).
    pub duplicate: bool,
}

async fn earlier(db: &Db, bank_ref: &str, project_id: i64) -> Result<Option<SpecialArrival>, ApiError> {
    match repo::flow_by_bank_ref(db, bank_ref).await? {
        Some((flow_id, project, balance)) if project == project_id => {
            Ok(Some(SpecialArrival { flow_id, balance: yuan(balance), duplicate: true }))
        }
        Some(_) => Err(ApiError::refused(MSG_BANK_REF_ELSEWHERE)),
        None => Ok(None),
    }
}

/// The bank announces money arriving on a special account (source 'bank'); idempotent by `bank_ref`.
pub async fn record_arrival(db: &Db, ip: &str, form: &SpecialArrivalForm) -> Result<SpecialArrival, ApiError> {
    let bank_ref = sent(&form.bank_ref);
    if bank_ref.is_empty() {
        return Err(Invalid(MSG_BANK_REF_REQUIRED).into());
    }
    if bank_ref.len() > 64 || !bank_ref.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_') {
        return Err(Invalid(MSG_BANK_REF).into());
    }
    let account = sent(&form.account);
    if account.is_empty() {
        return Err(Invalid(MSG_BANK_ACCOUNT_REQUIRED).into());
    }
    let project_id =
        repo::project_of_account(db, account).await?.ok_or_else(|| ApiError::NotFound(MSG_NO_SUCH_ACCOUNT.into()))?;
    if let Some(done) = earlier(db, bank_ref, project_id).await? {
        return Ok(done);
    }
    let amount_fen = parse_yuan(sent(&form.amount))?;
    let payer = payer(&form.payer_name, &form.payer_account, &form.payer_bank)?;
    let summary = summary(&form.summary)?;
    let occurred_at = arrival_time(sent(&form.time))?;
    let flow = NewFlow {
        project_id,
        direction: Direction::In,
        amount_fen,
        counterparty_name: &payer.name,
        counterparty_account: &payer.account,
        counterparty_bank: &payer.bank,
        summary: &summary,
        source: Source::Bank,
        bank_ref,
        payout_id: None,
        occurred_at,
        created_by: None,
    };
    let entry = oplog::Entry::named(None, "bank", ip).project(project_id).action("银行到账").detail(format!(
        "项目{project_id}，{}元，付款单位{}，流水号{bank_ref}",
        yuan_grouped(amount_fen),
        payer.name
    ));
    match flows::post_logged(db, &flow, entry).await {
        Ok(Some(posted)) => {
            Ok(SpecialArrival { flow_id: posted.flow_id, balance: yuan(posted.balance_after_fen), duplicate: false })
        }
        Ok(None) => Err(ApiError::NotFound(MSG_NO_SUCH_ACCOUNT.into())),
        // The same announcement arrived twice at once: the other one posted it.
        Err(sqlx::Error::Database(error)) if error.is_unique_violation() => earlier(db, bank_ref, project_id)
            .await?
            .ok_or_else(|| ApiError::Internal(anyhow::anyhow!("bank_ref unique violation without a row"))),
        Err(error) => Err(error.into()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn secrets_must_be_configured_and_equal() {
        assert_eq!(secret_matches("", Some("")).unwrap_err().to_string(), MSG_NOTIFY_OFF);
        assert_eq!(secret_matches("s3cret", Some("s3cret!")).unwrap_err().to_string(), MSG_NOTIFY_AUTH);
        assert_eq!(secret_matches("s3cret", None).unwrap_err().to_string(), MSG_NOTIFY_AUTH);
        assert!(secret_matches("s3cret", Some("s3cret")).is_ok());
    }

    #[test]
    fn days_are_china_days() {
        let day = Date::from_calendar_date(2026, time::Month::March, 5).unwrap();
        assert_eq!(clock::china_datetime(china_seconds(day, Time::MIDNIGHT)), "2026-03-05 00:00:00");
        assert_eq!(clock::china_datetime(arrival_time("2026-03-05 14:30:05").unwrap()), "2026-03-05 14:30:05");
    }
}
