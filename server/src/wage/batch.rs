//! Paying by file (issue 32): an order approved on a special account whose 代发方式 is 文件 is not sent to
//! the bank's interface; its payouts are numbered into a batch file (`Payout/batchfile`) the clerk takes to
//! the bank, and the bank's result file (`Payout/batchresult`) settles them: every line checked against the
//! batch first, then all applied in one transaction, or none. The sandbox bank answers a batch file with a
//! result file (`Payout/sandboxresult`), so the demo and the tests run the whole path.

use axum::extract::State;
use axum::extract::multipart::MultipartRejection;
use axum::extract::{DefaultBodyLimit, Multipart};
use axum::response::Response;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::input::{actor, positive_id};
use super::notify;
use super::payout::{self, Settlement};
use super::repo::{self, Actor, BatchLine, PendingPayout};
use crate::bank::SandboxBank;
use crate::bank::files::{self, BatchRow, ResultRow};
use crate::bank::layouts::{self, BatchLayout};
use crate::clock;
use crate::db::{Db, Tx};
use crate::envelope::{ApiError, ApiResult, Envelope, ok_with};
use crate::extract::{ClientIp, Params, QueryParams};
use crate::identity::sessions::CurrentAccount;
use crate::oplog;
use crate::scope;
use crate::state::AppState;
use crate::upload::kind::MAX_FILE_BYTES;

pub const MSG_NO_ORDER: &str = "工资单不存在";
pub const MSG_NOT_FILE: &str = "该工资单不是文件代发，无需代发文件";
pub const MSG_NOT_APPROVED: &str = "工资单审核通过后才有代发文件";
pub const MSG_FORMAT: &str = "请选择正确的文件格式";
pub const MSG_NO_FILE: &str = "请上传银行回盘文件";
pub const MSG_NO_BATCH: &str = "请上传代发文件";
pub const MSG_APPLIED: &str = "回盘文件已处理";
pub const MSG_ALREADY_APPLIED: &str = "该回盘文件已处理过，未作任何更改";
pub const MSG_QUEUED: &str = "审核通过，待银行发放：请项目下载代发文件提交银行";
pub const MSG_SEQ_TWICE: &str = "序号重复";
pub const MSG_SEQ_UNKNOWN: &str = "代发文件中没有该序号";
pub const MSG_ACCOUNT: &str = "账号与代发文件不符";
pub const MSG_AMOUNT: &str = "金额与代发文件不符";
pub const MSG_REF: &str = "银行流水号与已记录的不符";
pub const MSG_WAS_PAID: &str = "该笔已记录为发放成功，与回盘结果不符";
pub const MSG_WAS_FAILED: &str = "该笔已记录为发放失败，与回盘结果不符";

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(batch_file))
        .routes(routes!(batch_result))
        .routes(routes!(sandbox_result))
        .routes(routes!(batch_formats))
        .layer(DefaultBodyLimit::max(MAX_FILE_BYTES + 64 * 1024))
}

#[derive(Debug, Default, Deserialize, IntoParams, ToSchema)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct WageBatchQuery {
    /// The order (file channel).
    pub order_id: Option<String>,
    /// A batch layout's code (`generic-txt`, `generic-xlsx`, `bank-csv-gbk`, … docs/bank.md); default
    /// `generic-txt`.
    pub format: Option<String>,
}

/// What a result file did.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WageBatchApplied {
    /// Lines the file settled as paid, and as failed (to 异常处理).
    pub paid: i64,
    pub failed: i64,
    /// Lines the file confirms as already recorded.
    pub unchanged: i64,
}

/// A batch layout the console offers.
#[derive(Debug, Serialize, ToSchema)]
pub struct WageBatchFormat {
    pub code: String,
    pub name: String,
}

fn layout(format: &Option<String>) -> Result<&'static BatchLayout, ApiError> {
    let code = format.as_deref().map(str::trim).filter(|code| !code.is_empty()).unwrap_or("generic-txt");
    layouts::batch_layout(code).ok_or_else(|| ApiError::refused(MSG_FORMAT))
}

fn file_reply(layout: &BatchLayout, name: &str, bytes: Vec<u8>) -> Response {
    crate::headers::attachment(layout.content_type(), "batch", name, bytes)
}

/// The order's batch file in `format`: every numbered line (序号, the card, the holder, the amount, the
/// card's bank, `2026年10月工资`), then the summary line with the order number, count, total and
/// checksum. The same order gives the same file each time; each download is logged. The project's clerk
/// only (cards in full).
#[utoipa::path(get, path = "/builder/wage/v1/Payout/batchfile", tag = "wage",
    params(("X-Token" = String, Header, description = "session token"), WageBatchQuery),
    responses((status = 200, content_type = "text/plain", description = "the batch file (text or .xlsx by format)"),
        (status = 201, body = Envelope<serde_json::Value>, description = "401 / 403 / 404 in the envelope (HTTP 200)")))]
async fn batch_file(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    current: CurrentAccount,
    Params(query): Params<WageBatchQuery>,
) -> Result<Response, ApiError> {
    let project_id = scope::write(&current)?;
    let layout = layout(&query.format)?;
    let order_id = positive_id(&query.order_id, MSG_NO_ORDER)?;
    let (order, lines) = file_order(&state.db, project_id, order_id).await?;
    let rows: Vec<BatchRow> = lines.iter().map(|line| batch_row(line, &order.month)).collect();
    let bytes = files::write_batch(layout, &order.order_no, &rows)?;
    let detail = format!("{}，{} 笔", layout.name, rows.len());
    let actor = actor(&current, &ip);
    oplog::record(&state.db, actor.entry("下载代发文件", "wage_order", order_id, detail)).await?;
    Ok(file_reply(layout, &layout.file_name(&order.order_no, "_代发"), bytes))
}

/// The remark a worker's bank shows with the money: `2026年10月工资` (the order is named in the summary line).
fn month_pay(month: &str) -> String {
    let (year, month) = month.split_once('-').unwrap_or((month, ""));
    format!("{year}年{}月工资", month.trim_start_matches('0'))
}

fn batch_row(line: &BatchLine, month: &str) -> BatchRow {
    BatchRow {
        seq: line.batch_seq,
        account: line.card_number.clone(),
        name: line.name.clone(),
        amount_fen: line.amount_fen,
        bank: line.bank_name.clone(),
        remark: month_pay(month),
    }
}

/// The order of the file channel, approved, with its batch lines.
async fn file_order(db: &Db, project_id: i64, order_id: i64) -> Result<(repo::OrderRow, Vec<BatchLine>), ApiError> {
    let order = repo::order(db, project_id, order_id).await?.ok_or_else(|| ApiError::NotFound(MSG_NO_ORDER.into()))?;
    if order.channel != "file" {
        return Err(ApiError::refused(if order.status == "pending" { MSG_NOT_APPROVED } else { MSG_NOT_FILE }));
    }
    let lines = repo::batch_lines(db, order_id).await?;
    Ok((order, lines))
}

/// The bank's result file for the order (multipart `file`, in `format`): each line matched to its batch line
/// by 序号, account and amount; paid lines are paid (their flows posted), failed ones go to 异常处理 with the
/// bank's reason. A line that matches nothing or contradicts what is recorded refuses the whole file with
/// its line number and reason, and nothing is applied; the same file again changes nothing.
#[utoipa::path(post, path = "/builder/wage/v1/Payout/batchresult", tag = "wage",
    params(("X-Token" = String, Header, description = "session token"), WageBatchQuery),
    request_body(content_type = "multipart/form-data", description = "the result file in field `file`"),
    responses((status = 200, body = Envelope<WageBatchApplied>)))]
async fn batch_result(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    current: CurrentAccount,
    QueryParams(query): QueryParams<WageBatchQuery>,
    multipart: Result<Multipart, MultipartRejection>,
) -> ApiResult<WageBatchApplied> {
    let project_id = scope::write(&current)?;
    let layout = layout(&query.format)?;
    let order_id = positive_id(&query.order_id, MSG_NO_ORDER)?;
    let bytes = crate::upload::workbook_field(multipart, MSG_NO_FILE).await?;
    let (applied, message) =
        apply_result(&state.db, project_id, order_id, layout, &bytes, &actor(&current, &ip)).await?;
    Ok(ok_with(applied, message))
}

/// The sandbox bank's result file for a batch file (multipart `file`, in `format`), as the bank would
/// return it: a card the bank refuses fails with its reason, every other line is paid with a reference.
/// Only the sandbox answers here; a real bank's result comes from its online banking.
#[utoipa::path(post, path = "/builder/wage/v1/Payout/sandboxresult", tag = "wage",
    params(("X-Token" = String, Header, description = "session token"), WageBatchQuery),
    request_body(content_type = "multipart/form-data", description = "the batch file in field `file`"),
    responses((status = 200, content_type = "text/plain", description = "the result file"),
        (status = 201, body = Envelope<serde_json::Value>, description = "401 / 403 in the envelope (HTTP 200)")))]
async fn sandbox_result(
    current: CurrentAccount,
    QueryParams(query): QueryParams<WageBatchQuery>,
    multipart: Result<Multipart, MultipartRejection>,
) -> Result<Response, ApiError> {
    scope::write(&current)?;
    let layout = layout(&query.format)?;
    let bytes = crate::upload::workbook_field(multipart, MSG_NO_BATCH).await?;
    let (order_no, rows) = files::read_batch(layout, &bytes).await.map_err(|bad| ApiError::refused(bad.message()))?;
    let answers = SandboxBank::answer_batch(&order_no, &rows);
    let result = files::write_result(layout, &order_no, &rows, &answers)?;
    Ok(file_reply(layout, &layout.file_name(&order_no, "_回盘"), result))
}

/// The layouts a batch file can be downloaded and its result uploaded in (docs/bank.md).
#[utoipa::path(get, path = "/builder/wage/v1/Payout/formats", tag = "wage",
    params(("X-Token" = String, Header, description = "session token")),
    responses((status = 200, body = Envelope<Vec<WageBatchFormat>>)))]
async fn batch_formats(current: CurrentAccount) -> ApiResult<Vec<WageBatchFormat>> {
    scope::write(&current)?;
    let formats = layouts::batch_layouts()
        .iter()
        .map(|layout| WageBatchFormat { code: layout.code.clone(), name: layout.name.clone() })
        .collect();
    Ok(crate::envelope::ok(formats))
}

/// Batch lines with the bank's reference (paid) or reason (failed).
type Answered<'a> = Vec<(&'a BatchLine, String)>;

/// Every line of the result checked against the batch: the payouts to settle as paid and as failed, and
/// the count of lines already recorded as the file says; or the first line that does not fit.
fn check_rows<'a>(rows: &[ResultRow], lines: &'a [BatchLine]) -> Result<(Answered<'a>, Answered<'a>, i64), String> {
    let mut seen = std::collections::HashSet::new();
    let (mut paid, mut failed, mut unchanged) = (Vec::new(), Vec::new(), 0);
    for row in rows {
        let refuse = |reason: &str| format!("第{}行：{reason}", row.row_no);
        if !seen.insert(row.seq) {
            return Err(refuse(MSG_SEQ_TWICE));
        }
        let line = lines.binary_search_by_key(&row.seq, |line| line.batch_seq).map(|index| &lines[index]);
        let Ok(line) = line else { return Err(refuse(MSG_SEQ_UNKNOWN)) };
        if row.account.replace([' ', '-'], "") != line.card_number.replace([' ', '-'], "") {
            return Err(refuse(MSG_ACCOUNT));
        }
        if row.amount_fen != line.amount_fen {
            return Err(refuse(MSG_AMOUNT));
        }
        match (line.status.as_str(), row.paid) {
            ("pending", true) => paid.push((line, row.bank_ref.clone())),
            ("pending", false) => failed.push((line, row.reason.clone())),
            ("paid", true) if !row.bank_ref.is_empty() && row.bank_ref != line.bank_ref => return Err(refuse(MSG_REF)),
            ("paid", true) | ("failed", false) => unchanged += 1,
            ("paid", false) => return Err(refuse(MSG_WAS_PAID)),
            _ => return Err(refuse(MSG_WAS_FAILED)),
        }
    }
    Ok((paid, failed, unchanged))
}

/// Applies a result file to the order: checked whole, then settled in one transaction with its record and
/// log line; the messages go out after the commit.
pub async fn apply_result(
    db: &Db,
    project_id: i64,
    order_id: i64,
    layout: &BatchLayout,
    bytes: &[u8],
    actor: &Actor,
) -> Result<(WageBatchApplied, &'static str), ApiError> {
    let (order, lines) = file_order(db, project_id, order_id).await?;
    let result = files::read_result(layout, bytes).await.map_err(|bad| ApiError::refused(bad.message()))?;
    if let Some(named) = result.order_no.as_deref().filter(|named| *named != order.order_no) {
        let message = format!("回盘文件的工资单号（{named}）与本工资单（{}）不符", order.order_no);
        return Err(ApiError::refused(message));
    }
    let (paid, failed, unchanged) = check_rows(&result.rows, &lines).map_err(ApiError::refused)?;
    let sha256 = hex::encode(Sha256::digest(bytes));
    let pending = |(line, text): &(&BatchLine, String)| {
        let payout = PendingPayout {
            id: line.payout_id,
            amount_fen: line.amount_fen,
            card_number: line.card_number.clone(),
            card_bank: line.card_bank.clone(),
            name: line.name.clone(),
        };
        (payout, text.clone())
    };
    let paid: Vec<(PendingPayout, String)> = paid.iter().map(pending).collect();
    let failed: Vec<(PendingPayout, String)> = failed.iter().map(pending).collect();
    let counts = (paid.len() as i64, failed.len() as i64);
    let outcome = Tx::within(db, async |tx: &mut Tx| -> Result<Option<payout::Settled>, ApiError> {
        if repo::result_applied(tx, order_id, &sha256).await? {
            return Ok(None);
        }
        let settlement = Settlement {
            project_id,
            order_id,
            order_no: &order.order_no,
            month: &order.month,
            paid: paid.iter().map(|(payout, bank_ref)| (payout, bank_ref.clone())).collect(),
            failed: failed.iter().map(|(payout, reason)| (payout, reason.clone())).collect(),
        };
        let settled = payout::settle_in(tx, &settlement, actor).await?;
        repo::record_result(tx, order_id, &sha256, counts, actor.account_id, clock::now()).await?;
        let detail = format!("{}：成功 {} 笔，失败 {} 笔，已记录 {unchanged} 笔", layout.name, counts.0, counts.1);
        oplog::record_in(tx, &actor.entry("上传银行回盘", "wage_order", order_id, detail)).await?;
        Ok(Some(settled))
    })
    .await?;
    let Some(settled) = outcome else {
        let applied = WageBatchApplied { paid: 0, failed: 0, unchanged: result.rows.len() as i64 };
        return Ok((applied, MSG_ALREADY_APPLIED));
    };
    notify::lines_failed(db, project_id, order_id, &order.order_no, &settled.failures).await?;
    if let Some((paid_fen, failed_fen)) = settled.partly_failed {
        notify::partly_failed(db, project_id, order_id, &order.order_no, paid_fen, failed_fen).await?;
    }
    Ok((WageBatchApplied { paid: counts.0, failed: counts.1, unchanged }, MSG_APPLIED))
}
