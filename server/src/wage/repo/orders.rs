//! SQL of wage orders: their lists and lines, submitting, re-issuing, closing and approving one, and the
//! approvers' verifications.

use super::sheets::{SHEET_SELECT, SheetRow};
use super::{Actor, placeholders};
use crate::clock;
use crate::db::{Bind, Db, Tx};
use crate::{bind_all, execute_in, on_db, on_tx};

#[derive(Clone, Debug, sqlx::FromRow)]
pub struct OrderRow {
    pub id: i64,
    pub project_id: i64,
    pub project_name: String,
    pub order_no: String,
    pub month: String,
    pub status: String,
    pub total_fen: i64,
    pub line_count: i64,
    pub paid_fen: i64,
    pub failed_fen: i64,
    pub reissue_of: Option<i64>,
    pub reissue_of_no: String,
    pub remark: String,
    pub created_at: i64,
    pub created_by_name: String,
    pub decided_at: i64,
    pub decided_by: Option<i64>,
    pub decided_by_name: String,
    pub decision_remark: String,
    pub finished_at: i64,
    /// How the approved order is paid: api (the gateway) or file (a batch file, 待银行发放 until its result).
    pub channel: String,
}

pub(super) const ORDER_SELECT: &str = "SELECT o.id, o.project_id, p.name AS project_name, o.order_no, o.month, o.status, o.total_fen, o.line_count, \
    o.paid_fen, o.failed_fen, o.reissue_of, COALESCE(r.order_no, '') AS reissue_of_no, o.remark, o.created_at, \
    COALESCE(ca.name, '') AS created_by_name, o.decided_at, o.decided_by, COALESCE(da.name, '') AS decided_by_name, o.decision_remark, o.finished_at, o.channel \
    FROM wage_orders o JOIN projects p ON p.id = o.project_id LEFT JOIN wage_orders r ON r.id = o.reissue_of \
    LEFT JOIN accounts ca ON ca.id = o.created_by LEFT JOIN accounts da ON da.id = o.decided_by";

pub async fn order(db: &Db, project_filter: i64, id: i64) -> sqlx::Result<Option<OrderRow>> {
    let sql = format!("{ORDER_SELECT} WHERE o.id = $1 AND ($2 = 0 OR o.project_id = $2)");
    on_db!(db, pool => sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(id).bind(project_filter).fetch_optional(pool).await)
}

/// Orders of a project (0: all) in the given statuses (empty: any), month and order-number part.
pub async fn orders(
    db: &Db,
    project_filter: i64,
    statuses: &[&str],
    month: &str,
    order_no_pattern: &str,
    limit: i64,
    offset: i64,
) -> sqlx::Result<(Vec<OrderRow>, i64)> {
    let status_filter = if statuses.is_empty() {
        String::new()
    } else {
        format!(" AND o.status IN ({})", placeholders(4, statuses.len()))
    };
    let filter = format!(
        "($1 = 0 OR o.project_id = $1) AND ($2 = '' OR o.month = $2) AND ($3 = '' OR o.order_no LIKE $3 ESCAPE '\\'){status_filter}"
    );
    let next = 4 + statuses.len();
    let sql = format!("{ORDER_SELECT} WHERE {filter} ORDER BY o.id DESC LIMIT ${next} OFFSET ${}", next + 1);
    let count = format!("SELECT COUNT(*) FROM wage_orders o WHERE {filter}");
    on_db!(db, pool => {
        let mut query = sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(project_filter).bind(month).bind(order_no_pattern);
        let mut count_query = sqlx::query_scalar(sqlx::AssertSqlSafe(count)).bind(project_filter).bind(month).bind(order_no_pattern);
        for status in statuses {
            query = query.bind(*status);
            count_query = count_query.bind(*status);
        }
        let rows = query.bind(limit).bind(offset).fetch_all(pool).await?;
        let total: i64 = count_query.fetch_one(pool).await?;
        Ok((rows, total))
    })
}

/// Orders of a project counted by status.
pub async fn order_counts(db: &Db, project_id: i64) -> sqlx::Result<Vec<(String, i64, i64)>> {
    let sql = "SELECT status, COUNT(*), CAST(COALESCE(SUM(total_fen), 0) AS BIGINT) FROM wage_orders WHERE project_id = $1 GROUP BY status";
    on_db!(db, pool => sqlx::query_as(sql).bind(project_id).fetch_all(pool).await)
}

/// The sheets an order carries: id, unit name, team name.
pub async fn order_sheets(db: &Db, order_id: i64) -> sqlx::Result<Vec<SheetRow>> {
    let sql = format!(
        "{SHEET_SELECT} WHERE s.id IN (SELECT sheet_id FROM wage_order_sheets WHERE order_id = $1) ORDER BY s.id"
    );
    on_db!(db, pool => sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(order_id).fetch_all(pool).await)
}

#[derive(Clone, Debug, sqlx::FromRow)]
pub struct PayoutRow {
    pub id: i64,
    pub order_id: i64,
    pub order_no: String,
    pub month: String,
    pub line_id: i64,
    pub worker_id: i64,
    pub name: String,
    pub id_number: String,
    pub amount_fen: i64,
    pub card_number: String,
    pub card_bank: String,
    pub current_card: String,
    pub current_bank: String,
    pub status: String,
    pub bank_ref: String,
    pub failure_reason: String,
    pub reissued_by: Option<i64>,
    pub settled_at: i64,
    /// The worker says the paid line never reached him, and the clerk has not answered yet.
    pub not_received: bool,
}

pub(super) const PAYOUT_SELECT: &str = "SELECT p.id, p.order_id, o.order_no, o.month, p.line_id, p.worker_id, w.name, w.id_number, p.amount_fen, \
    p.card_number, p.card_bank, w.wage_card_number AS current_card, w.wage_card_bank AS current_bank, p.status, p.bank_ref, \
    p.failure_reason, p.reissued_by, p.settled_at, \
    (p.status = 'paid' AND EXISTS (SELECT 1 FROM wage_line_confirmations c WHERE c.line_id = p.line_id AND c.status = 'disputed' \
    AND c.reason = 'not_received' AND c.answered_at = 0)) AS not_received \
    FROM payouts p JOIN wage_orders o ON o.id = p.order_id JOIN workers w ON w.id = p.worker_id";

/// Payouts filtered: project (0 all), order (0 any), month, status list, name part, only not re-issued; and
/// with `or_not_received`, also the paid payouts whose worker says they never reached him (异常处理).
pub struct PayoutFilter<'a> {
    pub project_filter: i64,
    pub order_id: i64,
    pub month: &'a str,
    pub statuses: &'a [&'a str],
    pub name_pattern: &'a str,
    pub not_reissued: bool,
    pub or_not_received: bool,
}

pub async fn payouts(
    db: &Db,
    filter: &PayoutFilter<'_>,
    limit: i64,
    offset: i64,
) -> sqlx::Result<(Vec<PayoutRow>, i64)> {
    let statuses = if filter.statuses.is_empty() {
        String::new()
    } else {
        format!(" AND p.status IN ({})", placeholders(5, filter.statuses.len()))
    };
    let reissued = if filter.not_reissued { " AND p.reissued_by IS NULL" } else { "" };
    let kind = if filter.or_not_received {
        format!(
            " AND ((TRUE{statuses}{reissued}) OR (p.status = 'paid' AND EXISTS (SELECT 1 FROM wage_line_confirmations c \
             WHERE c.line_id = p.line_id AND c.status = 'disputed' AND c.reason = 'not_received' AND c.answered_at = 0)))"
        )
    } else {
        format!("{statuses}{reissued}")
    };
    let condition = format!(
        "($1 = 0 OR p.project_id = $1) AND ($2 = 0 OR p.order_id = $2) AND ($3 = '' OR o.month = $3) \
         AND ($4 = '' OR w.name LIKE $4 ESCAPE '\\'){kind}"
    );
    let next = 5 + filter.statuses.len();
    let sql = format!("{PAYOUT_SELECT} WHERE {condition} ORDER BY p.id DESC LIMIT ${next} OFFSET ${}", next + 1);
    let count = format!(
        "SELECT COUNT(*) FROM payouts p JOIN wage_orders o ON o.id = p.order_id JOIN workers w ON w.id = p.worker_id WHERE {condition}"
    );
    on_db!(db, pool => {
        let mut query = sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(filter.project_filter).bind(filter.order_id).bind(filter.month).bind(filter.name_pattern);
        let mut count_query = sqlx::query_scalar(sqlx::AssertSqlSafe(count)).bind(filter.project_filter).bind(filter.order_id).bind(filter.month).bind(filter.name_pattern);
        for status in filter.statuses {
            query = query.bind(*status);
            count_query = count_query.bind(*status);
        }
        let rows = query.bind(limit).bind(offset).fetch_all(pool).await?;
        let total: i64 = count_query.fetch_one(pool).await?;
        Ok((rows, total))
    })
}

/// The cards of an order's lines not yet asked of the bank.
pub async fn queued_cards(db: &Db, order_id: i64) -> sqlx::Result<Vec<String>> {
    let sql = "SELECT card_number FROM payouts WHERE order_id = $1 AND status = 'queued'";
    on_db!(db, pool => sqlx::query_scalar(sql).bind(order_id).fetch_all(pool).await)
}

pub async fn payouts_by_ids(db: &Db, project_id: i64, ids: &[i64]) -> sqlx::Result<Vec<PayoutRow>> {
    let sql =
        format!("{PAYOUT_SELECT} WHERE p.project_id = $1 AND p.id IN ({}) ORDER BY p.id", placeholders(2, ids.len()));
    on_db!(db, pool => {
        let mut query = sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(project_id);
        for id in ids {
            query = query.bind(*id);
        }
        query.fetch_all(pool).await
    })
}

/// `GZ`, the China time of `now` to the second, and the order's id (at least 6 digits): unique by its id, so
/// two orders of one second never collide.
pub(super) fn order_no(now: i64, id: i64) -> String {
    let stamp = time::OffsetDateTime::from_unix_timestamp(now)
        .unwrap_or(time::OffsetDateTime::UNIX_EPOCH)
        .to_offset(time::UtcOffset::from_hms(8, 0, 0).unwrap_or(time::UtcOffset::UTC));
    format!(
        "GZ{:04}{:02}{:02}{:02}{:02}{:02}{id:06}",
        stamp.year(),
        stamp.month() as u8,
        stamp.day(),
        stamp.hour(),
        stamp.minute(),
        stamp.second(),
    )
}

/// A line a payment of sheets would pay: the worker, the net pay and the card the payout would go to (the
/// worker's current one, as `submit_order` queues it).
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct PayLine {
    pub name: String,
    pub net_fen: i64,
    pub card_number: String,
    pub card_bank_name: String,
}

/// The lines with net pay of the project's sheets, in sheet and line order.
pub async fn pay_lines(db: &Db, project_id: i64, sheet_ids: &[i64]) -> sqlx::Result<Vec<PayLine>> {
    let ids = placeholders(2, sheet_ids.len());
    let sql = format!(
        "SELECT w.name, l.net_fen, w.wage_card_number AS card_number, COALESCE(b.name, '') AS card_bank_name \
        FROM wage_lines l JOIN workers w ON w.id = l.worker_id LEFT JOIN banks b ON b.code = w.wage_card_bank AND b.parent_code = '' WHERE l.project_id = $1 AND l.net_fen > 0 AND l.sheet_id IN ({ids}) \
        ORDER BY l.sheet_id, l.id"
    );
    on_db!(db, pool => {
        let mut query = sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(project_id);
        for id in sheet_ids { query = query.bind(*id); }
        query.fetch_all(pool).await
    })
}

/// The number of lines with net pay of the project's sheets of `month` and their sum (fen).
pub async fn sheets_total(tx: &mut Tx, project_id: i64, month: &str, sheet_ids: &[i64]) -> sqlx::Result<(i64, i64)> {
    let sql = format!(
        "SELECT COUNT(*), CAST(COALESCE(SUM(net_fen), 0) AS BIGINT) FROM wage_lines WHERE project_id = $1 AND month = $2 AND net_fen > 0 AND sheet_id IN ({})",
        placeholders(3, sheet_ids.len())
    );
    count_and_sum(tx, &sql, &with_ids(vec![Bind::Int(project_id), Bind::Text(month.to_owned())], sheet_ids)).await
}

/// The number of the order's failed payouts among `payout_ids` and their sum (fen).
pub async fn payouts_total(
    tx: &mut Tx,
    project_id: i64,
    order_id: i64,
    payout_ids: &[i64],
) -> sqlx::Result<(i64, i64)> {
    let sql = format!(
        "SELECT COUNT(*), CAST(COALESCE(SUM(amount_fen), 0) AS BIGINT) FROM payouts WHERE project_id = $1 AND order_id = $2 AND id IN ({})",
        placeholders(3, payout_ids.len())
    );
    count_and_sum(tx, &sql, &with_ids(vec![Bind::Int(project_id), Bind::Int(order_id)], payout_ids)).await
}

/// `leading` as `$1…`, then the ids.
fn with_ids(leading: Vec<Bind>, ids: &[i64]) -> Vec<Bind> {
    leading.into_iter().chain(ids.iter().map(|id| Bind::Int(*id))).collect()
}

/// The two figures of a `SELECT COUNT(*), SUM(…)`.
async fn count_and_sum(tx: &mut Tx, sql: &str, binds: &[Bind]) -> sqlx::Result<(i64, i64)> {
    on_tx!(tx, conn => bind_all!(sqlx::query_as::<_, (i64, i64)>(sqlx::AssertSqlSafe(sql.to_owned())), binds).fetch_one(&mut **conn).await)
}

/// A pending order as written, before its sheets or lines are attached.
pub struct NewOrder<'a> {
    pub project_id: i64,
    pub month: &'a str,
    pub total_fen: i64,
    pub line_count: i64,
    /// The order whose failed lines this one re-issues.
    pub reissue_of: Option<i64>,
    pub remark: &'a str,
    pub created_by: i64,
}

/// Writes a pending order and answers its id; its number follows from the id (a provisional unique number
/// first, as the id is known only once written).
pub async fn insert_order(tx: &mut Tx, order: &NewOrder<'_>) -> sqlx::Result<i64> {
    let now = clock::now();
    let provisional = format!("new-{}", uuid::Uuid::new_v4().simple());
    let id: i64 = on_tx!(tx, conn => sqlx::query_scalar(
        "INSERT INTO wage_orders (project_id, order_no, month, status, total_fen, line_count, reissue_of, remark, created_by, created_at) \
         VALUES ($1, $2, $3, 'pending', $4, $5, $6, $7, $8, $9) RETURNING id")
        .bind(order.project_id).bind(&provisional).bind(order.month).bind(order.total_fen).bind(order.line_count)
        .bind(order.reissue_of).bind(order.remark).bind(order.created_by).bind(now)
        .fetch_one(&mut **conn).await)?;
    execute_in!(
        tx,
        sqlx::query("UPDATE wage_orders SET order_no = $1 WHERE id = $2").bind(order_no(now, id)).bind(id)
    )?;
    Ok(id)
}

/// Attaches the confirmed sheets in no live order to `order_id` and queues a payout of every line with net
/// pay to the worker's current card. False (nothing written): a sheet was no longer free.
pub async fn attach_sheets(tx: &mut Tx, order_id: i64, project_id: i64, sheet_ids: &[i64]) -> sqlx::Result<bool> {
    let ids = placeholders(3, sheet_ids.len());
    let take = format!(
        "UPDATE wage_sheets SET order_id = $1 WHERE project_id = $2 AND status = 'confirmed' AND order_id IS NULL AND id IN ({ids})"
    );
    let link = format!(
        "INSERT INTO wage_order_sheets (order_id, sheet_id) SELECT $1, id FROM wage_sheets WHERE project_id = $2 AND id IN ({ids})"
    );
    let queue = format!(
        "INSERT INTO payouts (order_id, project_id, line_id, worker_id, amount_fen, card_number, card_bank, status) \
        SELECT $1, l.project_id, l.id, l.worker_id, l.net_fen, w.wage_card_number, w.wage_card_bank, 'queued' \
        FROM wage_lines l JOIN workers w ON w.id = l.worker_id WHERE l.project_id = $2 AND l.net_fen > 0 AND l.sheet_id IN ({ids})"
    );
    take_then(tx, &take, &[link, queue], order_id, project_id, sheet_ids).await
}

/// Marks the failed payouts `payout_ids` re-issued by `order_id` (each at most once) and queues them again
/// to the workers' current cards. False (nothing written): one was re-issued meanwhile.
pub async fn attach_failed(tx: &mut Tx, order_id: i64, project_id: i64, payout_ids: &[i64]) -> sqlx::Result<bool> {
    let ids = placeholders(3, payout_ids.len());
    let take = format!(
        "UPDATE payouts SET reissued_by = $1 WHERE project_id = $2 AND status = 'failed' AND reissued_by IS NULL AND id IN ({ids})"
    );
    let queue = format!(
        "INSERT INTO payouts (order_id, project_id, line_id, worker_id, amount_fen, card_number, card_bank, status) \
        SELECT $1, p.project_id, p.line_id, p.worker_id, p.amount_fen, w.wage_card_number, w.wage_card_bank, 'queued' \
        FROM payouts p JOIN workers w ON w.id = p.worker_id WHERE p.project_id = $2 AND p.id IN ({ids})"
    );
    take_then(tx, &take, &[queue], order_id, project_id, payout_ids).await
}

/// Runs `take` on (order, project, ids) and, when it took every one of `ids`, the statements `then` on the same
/// binds; false (nothing else run) when one was no longer free.
async fn take_then(
    tx: &mut Tx,
    take: &str,
    then: &[String],
    order_id: i64,
    project_id: i64,
    ids: &[i64],
) -> sqlx::Result<bool> {
    let binds = with_ids(vec![Bind::Int(order_id), Bind::Int(project_id)], ids);
    let taken = execute_in!(&mut *tx, bind_all!(sqlx::query(sqlx::AssertSqlSafe(take.to_owned())), &binds))?;
    if taken != ids.len() as u64 {
        return Ok(false);
    }
    for statement in then {
        execute_in!(&mut *tx, bind_all!(sqlx::query(sqlx::AssertSqlSafe(statement.clone())), &binds))?;
    }
    Ok(true)
}

/// Ends a pending order without paying: `withdrawn` by the clerk or `rejected` by an approver. Its sheets
/// and re-issued lines are released, its payouts cancelled. False: the order was no longer pending.
pub async fn close_pending(
    tx: &mut Tx,
    project_id: i64,
    order_id: i64,
    to: &str,
    remark: &str,
    actor: &Actor,
) -> sqlx::Result<bool> {
    let now = clock::now();
    let (action, decided_by) =
        if to == "rejected" { ("驳回工资单", Some(actor.account_id)) } else { ("撤回工资单", None) };
    on_tx!(tx, conn => async {
        let done = sqlx::query("UPDATE wage_orders SET status = $3, decided_by = $4, decided_at = $5, decision_remark = $6 \
                                WHERE id = $1 AND project_id = $2 AND status = 'pending'")
            .bind(order_id).bind(project_id).bind(to).bind(decided_by).bind(now).bind(remark)
            .execute(&mut **conn).await?.rows_affected();
        if done == 0 {
            return Ok(false);
        }
        sqlx::query("UPDATE wage_sheets SET order_id = NULL WHERE order_id = $1").bind(order_id).execute(&mut **conn).await?;
        sqlx::query("UPDATE payouts SET status = 'cancelled' WHERE order_id = $1 AND status = 'queued'").bind(order_id).execute(&mut **conn).await?;
        sqlx::query("UPDATE payouts SET reissued_by = NULL WHERE reissued_by = $1").bind(order_id).execute(&mut **conn).await?;
        crate::oplog::record_on(&mut **conn, &actor.entry(action, "wage_order", order_id, remark.to_owned())).await?;
        Ok::<_, sqlx::Error>(true)
    }.await)
}

/// Who submitted the order of the project (None: no such order, or no account recorded).
pub async fn preparer(tx: &mut Tx, project_id: i64, order_id: i64) -> sqlx::Result<Option<i64>> {
    let preparer: Option<Option<i64>> = on_tx!(tx, conn => sqlx::query_scalar(
        "SELECT created_by FROM wage_orders WHERE id = $1 AND project_id = $2")
        .bind(order_id).bind(project_id).fetch_optional(&mut **conn).await)?;
    Ok(preparer.flatten())
}

/// Moves the order from pending to paying with the decision recorded; of two concurrent approvals only one
/// can. False: it was no longer pending.
pub async fn start_paying(
    tx: &mut Tx,
    project_id: i64,
    order_id: i64,
    remark: &str,
    decided_by: i64,
) -> sqlx::Result<bool> {
    let taken = execute_in!(
        tx,
        sqlx::query(
            "UPDATE wage_orders SET status = 'paying', decided_by = $3, decided_at = $4, decision_remark = $5 \
                             WHERE id = $1 AND project_id = $2 AND status = 'pending'"
        )
        .bind(order_id)
        .bind(project_id)
        .bind(decided_by)
        .bind(clock::now())
        .bind(remark)
    )?;
    Ok(taken > 0)
}

/// Takes one unused verification of the approver for the order, newer than `verified_after`. False: none.
pub async fn use_verification(tx: &mut Tx, account_id: i64, order_id: i64, verified_after: i64) -> sqlx::Result<bool> {
    let used = on_tx!(tx, conn => async {
        let verification: Option<i64> = sqlx::query_scalar("SELECT id FROM approval_verifications WHERE account_id = $1 AND order_id = $2 \
                                                            AND used = FALSE AND verified_at > $3 ORDER BY id DESC LIMIT 1")
            .bind(account_id).bind(order_id).bind(verified_after).fetch_optional(&mut **conn).await?;
        match verification {
            Some(id) => Ok::<_, sqlx::Error>(sqlx::query("UPDATE approval_verifications SET used = TRUE WHERE id = $1 AND used = FALSE")
                .bind(id).execute(&mut **conn).await?.rows_affected()),
            None => Ok(0),
        }
    }.await)?;
    Ok(used > 0)
}

/// The order's total (fen) as the open transaction sees it.
pub async fn order_total(tx: &mut Tx, order_id: i64) -> sqlx::Result<i64> {
    on_tx!(tx, conn => sqlx::query_scalar("SELECT total_fen FROM wage_orders WHERE id = $1")
        .bind(order_id).fetch_one(&mut **conn).await)
}

/// Hands the order's queued payouts to the bank's queue (status pending).
/// The approved order is paid by `channel` ('api' or 'file'), inside the approval's `tx`.
pub async fn set_channel(tx: &mut Tx, order_id: i64, channel: &str) -> sqlx::Result<()> {
    execute_in!(tx, sqlx::query("UPDATE wage_orders SET channel = $2 WHERE id = $1").bind(order_id).bind(channel))?;
    Ok(())
}

pub async fn release_payouts(tx: &mut Tx, order_id: i64) -> sqlx::Result<()> {
    execute_in!(
        tx,
        sqlx::query("UPDATE payouts SET status = 'pending' WHERE order_id = $1 AND status = 'queued'").bind(order_id)
    )?;
    Ok(())
}

/// Records a successful SMS or ID-number check of an approver.
pub async fn add_verification(
    tx: &mut Tx,
    account_id: i64,
    order_id: i64,
    method: &str,
    actor: &Actor,
) -> sqlx::Result<()> {
    on_tx!(tx, conn => async {
        let id: i64 = sqlx::query_scalar("INSERT INTO approval_verifications (account_id, order_id, method, verified_at) VALUES ($1, $2, $3, $4) RETURNING id")
            .bind(account_id).bind(order_id).bind(method).bind(clock::now()).fetch_one(&mut **conn).await?;
        let how = if method == "sms" { "短信验证码" } else { "身份证号码" };
        crate::oplog::record_on(&mut **conn, &actor.entry("审批身份验证", "approval_verification", id, format!("工资单{order_id}，{how}验证通过"))).await?;
        Ok::<_, sqlx::Error>(())
    }.await)
}
