//! The wage area's messages (issue 15 item 1): an order submitted goes to the project's approvers, its
//! decision and its payout's failures to the project. Each names the order as its subject.

use super::money::yuan_grouped;
use super::repo::OrderRow;
use crate::db::Db;
use crate::message::service::{self as message, Kind, Outgoing};
use crate::property::service as property;

/// Failed lines named in a message; the rest are counted.
const NAMED_FAILURES: usize = 5;

/// Every enabled approver of the project is asked to approve the order.
pub async fn submitted(db: &Db, order: &OrderRow) -> sqlx::Result<()> {
    let title = format!("待审批工资单 {}", order.order_no);
    let content = format!(
        "{}提交了 {} 的工资单 {}（{} 人，{} 元），请审批。",
        order.project_name,
        order.month,
        order.order_no,
        order.line_count,
        yuan_grouped(order.total_fen)
    );
    for account_id in property::enabled_approver_ids(db, order.project_id).await? {
        let outgoing = Outgoing::to_account(account_id, Kind::Order, &title, &content)
            .of_project(order.project_id)
            .about(order.id);
        message::send(db, outgoing).await?;
    }
    Ok(())
}

pub async fn approved(db: &Db, order: &OrderRow) -> sqlx::Result<()> {
    let title = format!("工资单 {} 已审核通过", order.order_no);
    let content = if order.channel == "file" {
        format!(
            "{} 的工资单 {} 已由财务审核通过，待银行发放：请下载代发文件提交银行，并上传银行回盘文件。",
            order.month, order.order_no
        )
    } else {
        format!("{} 的工资单 {} 已由财务审核通过，正在通过专户发放。", order.month, order.order_no)
    };
    message::send(db, Outgoing::to_project(order.project_id, Kind::Order, &title, &content).about(order.id)).await
}

pub async fn rejected(db: &Db, order: &OrderRow, remark: &str) -> sqlx::Result<()> {
    let title = format!("工资单 {} 已被驳回", order.order_no);
    let content = format!("{} 的工资单 {} 被财务驳回，驳回原因：{remark}。", order.month, order.order_no);
    message::send(db, Outgoing::to_project(order.project_id, Kind::Order, &title, &content).about(order.id)).await
}

/// The order finished with failed lines (部分发放).
pub async fn partly_failed(
    db: &Db,
    project_id: i64,
    order_id: i64,
    order_no: &str,
    paid_fen: i64,
    failed_fen: i64,
) -> sqlx::Result<()> {
    let title = format!("工资单 {order_no} 部分发放");
    let content = format!(
        "工资单 {order_no} 发放完成：成功 {} 元，失败 {} 元。失败的明细请在工资发放异常处理中修改工资卡后重新发放。",
        yuan_grouped(paid_fen),
        yuan_grouped(failed_fen)
    );
    message::send(db, Outgoing::to_project(project_id, Kind::Order, &title, &content).about(order_id)).await
}

/// Payout lines the bank (or the account's balance) refused, as one message per settlement: (name, reason).
pub async fn lines_failed(
    db: &Db,
    project_id: i64,
    order_id: i64,
    order_no: &str,
    failures: &[(String, String)],
) -> sqlx::Result<()> {
    if failures.is_empty() {
        return Ok(());
    }
    let mut named: Vec<String> =
        failures.iter().take(NAMED_FAILURES).map(|(name, reason)| format!("{name}（{reason}）")).collect();
    if failures.len() > NAMED_FAILURES {
        named.push(format!("等 {} 人", failures.len()));
    }
    let title = format!("工资单 {order_no} 有 {} 笔发放失败", failures.len());
    let content = format!("发放失败：{}。请在工资发放异常处理中修改工资卡后重新发放。", named.join("、"));
    message::send(db, Outgoing::to_project(project_id, Kind::Payout, &title, &content).about(order_id)).await
}
