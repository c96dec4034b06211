//! Messages (`/builder/message/v1/Message/…`, `/finance/message/v1/Message/…`): the inbox list with its
//! filters and paging, read / detail / all read, the lead popup, the count; whose messages each account sees
//! (a project never another's, a finance approver only its own, a regulator a project's read-only); and the
//! messages the wage orders leave.

use serde_json::Value;
use wageguard::message::service::{self as message, Kind, Outgoing};

use crate::both;
use crate::orders::{decide, verify_by_id};
use crate::support::{TestApp, assert_refused, regulator};
use crate::wages::{create_sheet, leak, lines};

const LIST: &str = "/builder/message/v1/Message/ajax_list";
const READ: &str = "/builder/message/v1/Message/read";
const DETAIL: &str = "/builder/message/v1/Message/ajax_message_detail";
const ALL: &str = "/builder/message/v1/Message/ajax_message_detail_all";
const LEADS: &str = "/builder/message/v1/Message/Get_message";
const COUNT: &str = "/builder/message/v1/Message/ajaxmessagecount";
const FINANCE_LIST: &str = "/finance/message/v1/Message/ajax_list";
const FINANCE_READ: &str = "/finance/message/v1/Message/read";
const FINANCE_DETAIL: &str = "/finance/message/v1/Message/ajax_message_detail";
const FINANCE_ALL: &str = "/finance/message/v1/Message/ajax_message_detail_all";
const FINANCE_COUNT: &str = "/finance/message/v1/Message/ajaxmessagecount";

async fn send(app: &TestApp, outgoing: Outgoing<'_>) -> i64 {
    message::send(&app.db, outgoing).await.unwrap();
    app.scalar("SELECT MAX(id) FROM messages").await
}

async fn data(app: &TestApp, path: &str, token: &str, form: &[(&str, &str)]) -> Value {
    let reply = app.post(path, Some(token), form).await;
    assert_eq!(reply["code"], 201, "{path}: {reply}");
    reply["data"].clone()
}

async fn count(app: &TestApp, path: &str, token: &str) -> i64 {
    data(app, path, token, &[]).await["count"].as_i64().unwrap()
}

fn ids(page: &Value) -> Vec<i64> {
    page["list"].as_array().unwrap().iter().map(|row| row["id"].as_i64().unwrap()).collect()
}

async fn the_inbox_lists_filters_and_marks_read(app: &TestApp) {
    let demo = app.login("demo", "Demo@12345").await;
    let seeded = data(app, LIST, &demo, &[("limit", "100")]).await["total"].as_i64().unwrap();
    let unread_before = count(app, COUNT, &demo).await;
    let notice = send(app, Outgoing::to_project(1, Kind::Notice, "通知", "请于月底前上传凭证").about(12)).await;
    let lead = send(app, Outgoing::to_project(1, Kind::Lead, "欠薪线索", "工人反映三月工资未发").about(7)).await;
    let system = send(app, Outgoing::to_project(1, Kind::System, "系统", "审核通过")).await;

    let page = data(app, LIST, &demo, &[("limit", "2")]).await;
    assert_eq!(page["total"], seeded + 3);
    assert_eq!((page["page"].as_i64(), page["limit"].as_i64()), (Some(1), Some(2)));
    assert_eq!(ids(&page), vec![system, lead], "newest first");
    let lead_row = &page["list"][1];
    assert_eq!(lead_row["kind"], "lead");
    assert_eq!(lead_row["kindLabel"], "欠薪线索");
    assert_eq!(lead_row["content"], "工人反映三月工资未发");
    assert_eq!(lead_row["subjectId"], 7);
    assert_eq!(lead_row["link"], "/remunerationClues/feedbackDetail?id=7");
    assert_eq!(lead_row["read"], false);
    assert_eq!(lead_row["readTime"], "");
    assert_eq!(lead_row["createdTime"].as_str().unwrap().len(), 19);
    let notices = data(app, LIST, &demo, &[("kind", "notice")]).await;
    assert!(ids(&notices).contains(&notice));
    assert!(notices["list"].as_array().unwrap().iter().all(|row| row["kind"] == "notice"));
    assert_eq!(notices["list"][0]["link"], "/message/announcement?id=12");

    assert_refused(&app.post(LIST, Some(&demo), &[("kind", "spam")]).await, "消息类型不正确");
    assert_refused(&app.post(LIST, Some(&demo), &[("read", "2")]).await, "已读状态应为0（未读）或1（已读）");
    assert_refused(&app.post(LIST, Some(&demo), &[("limit", "101")]).await, "每页条数应为1-100");
    assert_refused(&app.post(READ, Some(&demo), &[("id", "x")]).await, "请选择正确的消息");
    assert_refused(&app.post(READ, Some(&demo), &[]).await, "请选择正确的消息");
    assert_refused(&app.post(DETAIL, Some(&demo), &[("id", "-3")]).await, "请选择正确的消息");
    let missing = app.post(READ, Some(&demo), &[("id", "999999")]).await;
    assert_eq!((missing["code"].as_i64(), missing["message"].as_str()), (Some(404), Some("消息不存在")));
    assert_eq!(count(app, COUNT, &demo).await, unread_before + 3, "refusals change nothing");

    let read = app.post(READ, Some(&demo), &[("id", &system.to_string())]).await;
    assert_eq!(read["code"], 201, "{read}");
    assert_eq!(
        app.post(READ, Some(&demo), &[("id", &system.to_string())]).await["code"],
        201,
        "again: nothing changes"
    );
    assert_eq!(count(app, COUNT, &demo).await, unread_before + 2);
    let unread = data(app, LIST, &demo, &[("read", "0"), ("limit", "100")]).await;
    assert!(!ids(&unread).contains(&system));
    let read_ones = data(app, LIST, &demo, &[("read", "1"), ("limit", "100")]).await;
    assert!(ids(&read_ones).contains(&system));

    let detail = data(app, DETAIL, &demo, &[("id", &notice.to_string())]).await;
    assert_eq!(detail["title"], "通知");
    assert_eq!(detail["read"], true, "opening marks it read");
    assert_ne!(detail["readTime"], "");
    assert_eq!(count(app, COUNT, &demo).await, unread_before + 1);

    let marked = data(app, ALL, &demo, &[]).await;
    assert_eq!(marked["count"], unread_before + 1);
    assert_eq!(count(app, COUNT, &demo).await, 0);
    assert_eq!(data(app, ALL, &demo, &[]).await["count"], 0);
}
both!(the_inbox_lists_filters_and_marks_read);

async fn the_popup_lists_unread_lead_messages(app: &TestApp) {
    let demo = app.login("demo", "Demo@12345").await;
    // The demo lead's message is read first: the popup then starts empty.
    for seeded in data(app, LEADS, &demo, &[]).await.as_array().unwrap() {
        data(app, READ, &demo, &[("id", &seeded["id"].to_string())]).await;
    }
    assert_eq!(data(app, LEADS, &demo, &[]).await, serde_json::json!([]));
    let first = send(app, Outgoing::to_project(1, Kind::Lead, "欠薪线索", "钢筋班工人反映工资未发").about(7)).await;
    let second = send(app, Outgoing::to_project(1, Kind::Lead, "欠薪线索", "木工班工人反映工资未发").about(8)).await;
    send(app, Outgoing::to_project(2, Kind::Lead, "欠薪线索", "别的项目").about(9)).await;
    send(app, Outgoing::to_project(1, Kind::Warning, "预警", "不是线索").about(10)).await;
    let leads = data(app, LEADS, &demo, &[]).await;
    let leads = leads.as_array().unwrap();
    assert_eq!(leads.len(), 2, "{leads:?}");
    assert_eq!(leads[0]["id"], second);
    assert_eq!(leads[0]["content"], "木工班工人反映工资未发");
    assert_eq!(leads[0]["back_id"], 8);
    assert_eq!(leads[1]["back_id"], 7);
    data(app, READ, &demo, &[("id", &first.to_string())]).await;
    let leads = data(app, LEADS, &demo, &[]).await;
    assert_eq!(leads.as_array().unwrap().len(), 1, "a read lead leaves the popup");
    let finance = app.login("finance", "Demo@12345").await;
    assert_eq!(app.post(LEADS, Some(&finance), &[]).await["code"], 403);
}
both!(the_popup_lists_unread_lead_messages);

async fn a_project_never_sees_another_projects_or_accounts_messages(app: &TestApp) {
    let demo = app.login("demo", "Demo@12345").await;
    let newsite = app.login("newsite", "Demo@12345").await;
    let finance = app.login("finance", "Demo@12345").await;
    let finance_id = app.scalar("SELECT id FROM accounts WHERE username = 'finance'").await;
    let newsite_id = app.scalar("SELECT id FROM accounts WHERE username = 'newsite'").await;
    let other_project = send(app, Outgoing::to_project(2, Kind::System, "别的项目", "项目2的消息")).await;
    let other_account = send(app, Outgoing::to_account(newsite_id, Kind::System, "别的账号", "newsite 的消息")).await;
    let approvers =
        send(app, Outgoing::to_account(finance_id, Kind::Order, "待审批", "财务的消息").of_project(1).about(5)).await;
    let demo_before = count(app, COUNT, &demo).await;

    let seen = ids(&data(app, LIST, &demo, &[("limit", "100")]).await);
    for id in [other_project, other_account, approvers] {
        assert!(!seen.contains(&id), "{id} in {seen:?}");
        for path in [READ, DETAIL] {
            assert_eq!(app.post(path, Some(&demo), &[("id", &id.to_string())]).await["code"], 404, "{path} {id}");
        }
    }
    data(app, ALL, &demo, &[]).await;
    assert_eq!(
        app.scalar_owned(format!("SELECT COUNT(*) FROM messages WHERE is_read = TRUE AND id IN ({other_project}, {other_account}, {approvers})")).await,
        0,
        "all read marks only the inbox's own"
    );
    assert!(demo_before > 0);
    assert_eq!(
        app.post(COUNT, Some(&demo), &[("projectId", "2")]).await["data"]["count"],
        0,
        "a clerk's projectId is ignored"
    );

    let theirs = ids(&data(app, LIST, &newsite, &[("limit", "100")]).await);
    assert!(theirs.contains(&other_project) && theirs.contains(&other_account));
    assert_eq!(count(app, COUNT, &newsite).await, 2);

    // The approver sees only its own messages, on the finance side only; the clerk only the builder side.
    let own = data(app, FINANCE_LIST, &finance, &[]).await;
    assert_eq!(ids(&own), vec![approvers]);
    assert_eq!(own["list"][0]["link"], "/order/detail?id=5");
    assert_eq!(count(app, FINANCE_COUNT, &finance).await, 1);
    assert_eq!(app.post(FINANCE_READ, Some(&finance), &[("id", &other_project.to_string())]).await["code"], 404);
    let detail = data(app, FINANCE_DETAIL, &finance, &[("id", &approvers.to_string())]).await;
    assert_eq!(detail["read"], true);
    assert_eq!(data(app, FINANCE_ALL, &finance, &[]).await["count"], 0);
    assert_eq!(count(app, FINANCE_COUNT, &finance).await, 0);
    for path in [LIST, READ, DETAIL, ALL, LEADS, COUNT] {
        assert_eq!(app.post(path, Some(&finance), &[("id", "1")]).await["code"], 403, "{path}");
    }
    for path in [FINANCE_LIST, FINANCE_READ, FINANCE_DETAIL, FINANCE_ALL, FINANCE_COUNT] {
        assert_eq!(app.post(path, Some(&demo), &[("id", "1")]).await["code"], 403, "{path}");
        assert_eq!(app.post(path, None, &[]).await["code"], 101, "{path}");
    }
}
both!(a_project_never_sees_another_projects_or_accounts_messages);

async fn the_regulator_reads_a_projects_messages_read_only(app: &TestApp) {
    let admin = app.login("admin", "Admin@12345").await;
    let admin_id = app.scalar("SELECT id FROM accounts WHERE username = 'admin'").await;
    let project = send(app, Outgoing::to_project(1, Kind::Warning, "预警", "专户余额不足").about(3)).await;
    let own = send(
        app,
        Outgoing::to_account(admin_id, Kind::GuaranteeChange, "工资保证金变更 #1", "变更").of_project(1).about(1),
    )
    .await;
    let unread = app
        .scalar("SELECT COUNT(*) FROM messages WHERE project_id = 1 AND account_id IS NULL AND is_read = FALSE")
        .await;

    let viewed = data(app, LIST, &admin, &[("projectId", "1"), ("limit", "100")]).await;
    assert!(ids(&viewed).contains(&project) && !ids(&viewed).contains(&own), "{viewed}");
    assert_eq!(app.post(COUNT, Some(&admin), &[("projectId", "1")]).await["data"]["count"], unread);
    let detail = data(app, DETAIL, &admin, &[("id", &project.to_string()), ("projectId", "1")]).await;
    assert_eq!(detail["read"], false, "the regulator's look leaves it unread for the project");
    let read = app.post(READ, Some(&admin), &[("id", &project.to_string()), ("projectId", "1")]).await;
    assert_eq!(
        (read["code"].as_i64(), read["message"].as_str()),
        (Some(403), Some("监管部门账号只能查看项目的消息，不能标记已读"))
    );
    assert_eq!(app.post(ALL, Some(&admin), &[("projectId", "1")]).await["code"], 403);
    assert_eq!(
        app.scalar(leak(format!("SELECT COUNT(*) FROM messages WHERE id = {project} AND is_read = FALSE"))).await,
        1
    );

    // Without a project: its own messages (the guarantee changes), which it marks read.
    let mine = data(app, LIST, &admin, &[("kind", "guarantee_change")]).await;
    assert_eq!(ids(&mine), vec![own]);
    assert_eq!(mine["list"][0]["kindLabel"], "保证金变更");
    assert_eq!(app.post(READ, Some(&admin), &[("id", &own.to_string())]).await["code"], 201);
    assert_eq!(app.post(READ, Some(&admin), &[("id", &project.to_string())]).await["code"], 404);

    // A district inspector sees only its district's projects (the demo project is in 410105).
    let outside = regulator(app, "chaoyang", "410102", "inspector").await;
    assert_eq!(app.post(LIST, Some(&outside), &[("projectId", "1")]).await["code"], 404);
    assert_eq!(app.post(LIST, Some(&outside), &[("projectId", "x")]).await["code"], 404);
    let inside = regulator(app, "jinshui", "410105", "inspector").await;
    assert!(ids(&data(app, LIST, &inside, &[("projectId", "1")]).await).contains(&project));
}
both!(the_regulator_reads_a_projects_messages_read_only);

async fn order_messages(app: &TestApp, token: &str, path: &str) -> Vec<Value> {
    data(app, path, token, &[("kind", "order"), ("limit", "100")]).await["list"].as_array().unwrap().clone()
}

async fn wage_orders_leave_their_messages(app: &TestApp) {
    let demo = app.login("demo", "Demo@12345").await;
    let finance = app.login("finance", "Demo@12345").await;
    let before = order_messages(app, &demo, LIST).await.len();

    // Two cards fail the check digit, so the approved order below pays 部分发放.
    let sheet = create_sheet(app, &demo).await;
    let workers: Vec<String> =
        lines(app, &demo, sheet).await[..2].iter().map(|line| line["workerId"].to_string()).collect();
    for worker in &workers {
        let form =
            [("workerId", worker.as_str()), ("card", "6222021234567890129"), ("bank", "102"), ("confirmed", "1")];
        assert_eq!(app.post("/builder/wage/v1/Abnormal/card", Some(&demo), &form).await["code"], 201);
    }
    app.post("/builder/wage/v1/Sheet/confirm", Some(&demo), &[("id", &sheet.to_string())]).await;
    let submit = || async { crate::orders::submit(app, &demo, &sheet.to_string()).await["data"].as_i64().unwrap() };

    let rejected = submit().await;
    let asked = order_messages(app, &finance, FINANCE_LIST).await;
    assert_eq!(asked.len(), 1, "the approver is asked: {asked:?}");
    assert_eq!(asked[0]["subjectId"], rejected);
    assert_eq!(asked[0]["link"], format!("/order/detail?id={rejected}"));
    assert!(asked[0]["content"].as_str().unwrap().contains("请审批"));
    assert_eq!(order_messages(app, &demo, LIST).await.len(), before, "the clerk is not told of its own submission");
    assert_eq!(decide(app, &finance, rejected, "2", "人数不符").await["code"], 201);
    let told = order_messages(app, &demo, LIST).await;
    assert_eq!(told.len(), before + 1);
    assert!(told[0]["title"].as_str().unwrap().ends_with("已被驳回"), "{told:?}");
    assert!(told[0]["content"].as_str().unwrap().contains("人数不符"));
    assert_eq!(told[0]["link"], format!("/special/orderDetail?id={rejected}"));

    let order = submit().await;
    verify_by_id(app, &finance, order).await;
    assert_eq!(decide(app, &finance, order, "1", "").await["code"], 201);
    let told = order_messages(app, &demo, LIST).await;
    let about: Vec<&Value> = told.iter().filter(|row| row["subjectId"] == order).collect();
    assert_eq!(about.len(), 2, "approved, then partly failed: {told:?}");
    assert!(about[0]["title"].as_str().unwrap().ends_with("部分发放"));
    assert!(about[1]["title"].as_str().unwrap().ends_with("已审核通过"));
    let failed = data(app, LIST, &demo, &[("kind", "payout")]).await;
    let failed: Vec<&Value> =
        failed["list"].as_array().unwrap().iter().filter(|row| row["subjectId"] == order).collect();
    assert_eq!(failed.len(), 1, "one message names the failed lines");
    assert!(failed[0]["title"].as_str().unwrap().contains("2 笔发放失败"), "{failed:?}");
    assert!(failed[0]["content"].as_str().unwrap().contains("卡号校验位错误"));
    assert_eq!(failed[0]["link"], "/special/abnormal");
    assert_eq!(
        order_messages(app, &finance, FINANCE_LIST).await.len(),
        2,
        "the approver is asked twice, told nothing else"
    );

    // The corrected lines are re-issued in an order of their own: the approver is asked again.
    for (index, worker) in workers.iter().enumerate() {
        let body = format!("62220299{index:010}");
        let card = format!("{body}{}", wageguard::domain::wage_card::check_digit(&body));
        let form = [("workerId", worker.as_str()), ("card", card.as_str()), ("bank", "102")];
        assert_eq!(app.post("/builder/wage/v1/Abnormal/card", Some(&demo), &form).await["code"], 201);
    }
    let abnormal = app.get("/builder/wage/v1/Abnormal/list", Some(&demo)).await;
    let ids: Vec<String> = abnormal["data"]["list"].as_array().unwrap().iter().map(|p| p["id"].to_string()).collect();
    let reissued = app.post("/builder/wage/v1/Abnormal/reissue", Some(&demo), &[("ids", &ids.join(","))]).await;
    assert_eq!(reissued["code"], 201, "{reissued}");
    let asked = order_messages(app, &finance, FINANCE_LIST).await;
    assert_eq!(asked.len(), 3);
    assert_eq!(asked[0]["subjectId"], reissued["data"]);
}
both!(wage_orders_leave_their_messages);
