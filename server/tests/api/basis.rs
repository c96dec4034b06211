//! What the approver decides on (issue 11 items 6 and 7): each order line's basis with salaryCheck's
//! anomalies in the finance answer and the clerk's, the line's attendance for that project's approvers only,
//! and sheet and order states that follow the payouts (部分发放 until a failed line is re-issued and paid).

use serde_json::Value;
use wageguard::account::flows::{self, Direction, NewFlow, Source};

use crate::both;
use crate::orders::{decide, verify_by_id};
use crate::support::TestApp;
use crate::wages::{create_sheet, leak, lines, previous_month};

/// Posts an inflow of `amount_fen` to the demo project's special account.
pub async fn fund(app: &TestApp, amount_fen: i64) {
    let flow = NewFlow {
        project_id: 1,
        direction: Direction::In,
        amount_fen,
        counterparty_name: "建设单位",
        counterparty_account: "",
        counterparty_bank: "",
        summary: "人工费拨付",
        source: Source::Regulator,
        bank_ref: "",
        payout_id: None,
        occurred_at: 0,
        created_by: None,
    };
    flows::post(&app.db, &flow).await.unwrap().expect("funded");
}

async fn save_line(app: &TestApp, token: &str, line: &Value, payable: &str, reason: &str) {
    let reply = app
        .post(
            "/builder/wage/v1/Sheet/saveLine",
            Some(token),
            &[("id", &line["id"].to_string()), ("payable", payable), ("deduction", "0"), ("reason", reason)],
        )
        .await;
    assert_eq!(reply["code"], 201, "{reply}");
}

fn kinds(line: &Value) -> Vec<String> {
    line["anomalies"].as_array().unwrap().iter().map(|anomaly| anomaly["kind"].as_str().unwrap().to_owned()).collect()
}

async fn the_approver_sees_the_basis_and_the_raised_line(app: &TestApp) {
    let demo = app.login("demo", "Demo@12345").await;
    let sheet = create_sheet(app, &demo).await;
    let sheet_lines = lines(app, &demo, sheet).await;
    let (raised, bonus) = (&sheet_lines[1], &sheet_lines[2]);
    save_line(app, &demo, raised, "3000.01", "按实际出勤核定").await;
    save_line(app, &demo, raised, "99999.99", "奖金").await;
    save_line(app, &demo, bonus, "300000.01", "年终奖").await;
    fund(app, 50_000_000).await;
    assert_eq!(
        app.post("/builder/wage/v1/Sheet/confirm", Some(&demo), &[("id", &sheet.to_string())]).await["code"],
        201
    );
    let order = crate::orders::submit(app, &demo, &sheet.to_string()).await["data"].as_i64().unwrap();

    let finance = app.login("finance", "Demo@12345").await;
    let answer = app
        .post("/finance/project/v1/orders/Linebasis", Some(&finance), &[("id", &order.to_string()), ("limit", "100")])
        .await;
    assert_eq!(answer["code"], 201, "{answer}");
    let basis = &answer["data"];
    assert_eq!(basis["lineCount"], sheet_lines.len());
    assert_eq!(basis["lines"]["total"], sheet_lines.len());
    let listed = basis["lines"]["list"].as_array().unwrap();
    let find = |line: &Value| listed.iter().find(|row| row["lineId"] == line["id"]).unwrap().clone();
    let seen = find(raised);
    assert_eq!(
        (seen["payable"].as_str(), seen["net"].as_str(), seen["reason"].as_str()),
        (Some("99999.99"), Some("99999.99"), Some("奖金"))
    );
    assert_eq!(seen["prefill"], raised["prefill"]);
    assert_eq!(seen["days"], raised["days"]);
    assert_eq!(seen["wageKindLabel"], "日薪");
    assert_eq!(seen["wage"], raised["wage"]);
    assert_eq!(seen["statusLabel"], "待审批");
    assert!(seen["cardNumber"].as_str().unwrap().contains('*'), "the card is masked: {seen}");
    assert_eq!(kinds(&seen), ["over_limit"], "{seen}");
    assert_eq!(seen["anomalies"][0]["label"], "单月工资超过5万元");
    assert_eq!(seen["anomalies"][0]["detail"], "实发99,999.99元，超过50,000.00元");
    let yearly = find(bonus);
    assert_eq!(kinds(&yearly), ["over_limit", "over_year_limit"], "{yearly}");
    assert!(
        yearly["anomalies"][1]["detail"].as_str().unwrap().ends_with("实发合计300,000.01元，超过300,000.00元"),
        "{yearly}"
    );

    // The same rules as the clerk's 工资核查, line by line.
    let month = previous_month();
    let check = app.get(&format!("/builder/wage/v1/Check/list?month={month}&limit=100"), Some(&demo)).await;
    let checked: Vec<&Value> = check["data"]["list"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|anomaly| anomaly["lineId"].as_i64().unwrap_or(0) > 0)
        .collect();
    let flagged: std::collections::HashSet<i64> =
        checked.iter().map(|anomaly| anomaly["lineId"].as_i64().unwrap()).collect();
    assert_eq!(basis["anomalyLines"], flagged.len(), "{check}");
    let total_anomalies: usize = listed.iter().map(|row| row["anomalies"].as_array().unwrap().len()).sum();
    assert_eq!(total_anomalies, checked.len());
    assert!(flagged.len() >= 2);
    for (index, row) in listed.iter().enumerate() {
        assert_eq!(
            row["anomalies"].as_array().unwrap().is_empty(),
            index >= flagged.len(),
            "lines with anomalies come first"
        );
    }
    let only = app
        .post("/finance/project/v1/orders/Linebasis", Some(&finance), &[("id", &order.to_string()), ("anomalous", "1")])
        .await;
    assert_eq!(only["data"]["lines"]["total"], flagged.len());
    let paged = app
        .post(
            "/finance/project/v1/orders/Linebasis",
            Some(&finance),
            &[("id", &order.to_string()), ("limit", "2"), ("page", "2")],
        )
        .await;
    assert_eq!(paged["data"]["lines"]["list"][0]["lineId"], listed[2]["lineId"]);

    // The clerk's order detail reads the same answer.
    let clerk = app.get(&format!("/builder/wage/v1/Order/basis?id={order}&limit=100"), Some(&demo)).await;
    assert_eq!(clerk["data"], answer["data"]);
    assert_eq!(app.get(&format!("/builder/wage/v1/Order/basis?id={order}"), Some(&finance)).await["code"], 403);
    assert_eq!(
        app.post("/finance/project/v1/orders/Linebasis", Some(&demo), &[("id", &order.to_string())]).await["code"],
        403
    );
    let other = app.other_approver().await;
    assert_eq!(
        app.post("/finance/project/v1/orders/Linebasis", Some(&other), &[("id", &order.to_string())]).await["code"],
        404
    );
    assert_eq!(app.post("/finance/project/v1/orders/Linebasis", Some(&finance), &[("id", "99999")]).await["code"], 404);
}
both!(the_approver_sees_the_basis_and_the_raised_line);

async fn a_lines_attendance_is_for_that_projects_approvers(app: &TestApp) {
    let demo = app.login("demo", "Demo@12345").await;
    let order = crate::orders::submitted_order(app, &demo).await;
    let finance = app.login("finance", "Demo@12345").await;
    let basis = app.post("/finance/project/v1/orders/Linebasis", Some(&finance), &[("id", &order.to_string())]).await;
    let line = &basis["data"]["lines"]["list"][0];
    let worker = line["workerId"].to_string();
    let form = [("id", order.to_string()), ("workerId", worker.clone())];
    let form: Vec<(&str, &str)> = form.iter().map(|(key, value)| (*key, value.as_str())).collect();
    let month = app.post("/finance/project/v1/orders/Attendance", Some(&finance), &form).await;
    assert_eq!(month["code"], 201, "{month}");
    assert_eq!(month["data"]["month"], previous_month());
    assert_eq!(month["data"]["name"], line["name"]);
    assert_eq!(month["data"]["attendedDays"], line["days"], "the line pays the days the attendance counts");
    let days = month["data"]["days"].as_array().unwrap();
    let stored = app
        .scalar(leak(format!(
            "SELECT COUNT(*) FROM attendance_days WHERE project_id = 1 AND worker_id = {worker} AND day LIKE '{}-%'",
            previous_month()
        )))
        .await;
    assert_eq!(days.len() as i64, stored);
    assert!(days.iter().all(|day| day["punches"].as_i64().is_some() && day["hours"].as_str().is_some()));

    // The clerk's 考勤表 counts the same days for each worker of a page.
    let sheet =
        app.get(&format!("/builder/attendance/v1/Sheet/month?month={}&limit=5", previous_month()), Some(&demo)).await;
    for row in sheet["data"]["list"].as_array().unwrap() {
        let counted = row["cells"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|cell| cell["attended"] == true && cell["outside"] == false)
            .count();
        assert_eq!(row["attendedDays"], counted, "{row}");
    }
    let listed = sheet["data"]["list"].as_array().unwrap().iter().find(|row| row["workerId"] == line["workerId"]);
    if let Some(row) = listed {
        assert_eq!(row["attendedDays"], month["data"]["attendedDays"]);
    }

    let other = app.other_approver().await;
    assert_eq!(
        app.post("/finance/project/v1/orders/Attendance", Some(&other), &form).await["code"],
        404,
        "another project's approver"
    );
    assert_eq!(
        app.post("/finance/project/v1/orders/Attendance", Some(&demo), &form).await["code"],
        403,
        "not an approver"
    );
    let stranger = app.scalar("SELECT CAST(COALESCE(MAX(id), 0) + 1 AS BIGINT) FROM workers").await.to_string();
    let reply = app
        .post(
            "/finance/project/v1/orders/Attendance",
            Some(&finance),
            &[("id", &order.to_string()), ("workerId", &stranger)],
        )
        .await;
    assert_eq!(reply["code"], 404, "a worker not on the order: {reply}");
    assert_eq!(reply["message"], "该工人不在本工资单");
}
both!(a_lines_attendance_is_for_that_projects_approvers);

async fn sheet_status(app: &TestApp, token: &str, sheet: i64) -> (String, String) {
    let list = app.get(&format!("/builder/wage/v1/Sheet/list?month={}&limit=100", previous_month()), Some(token)).await;
    let row = list["data"]["list"].as_array().unwrap().iter().find(|row| row["id"] == sheet).unwrap().clone();
    (row["status"].as_str().unwrap().to_owned(), row["statusLabel"].as_str().unwrap().to_owned())
}

async fn sheets_are_partly_paid_until_the_reissue_is_paid(app: &TestApp) {
    let demo = app.login("demo", "Demo@12345").await;
    let sheet = create_sheet(app, &demo).await;
    let workers: Vec<String> =
        lines(app, &demo, sheet).await[..2].iter().map(|line| line["workerId"].to_string()).collect();
    for worker in &workers {
        let reply = app
            .post(
                "/builder/wage/v1/Abnormal/card",
                Some(&demo),
                &[("workerId", worker), ("card", "6222021234567890129"), ("bank", "102"), ("confirmed", "1")],
            )
            .await;
        assert_eq!(reply["code"], 201, "{reply}");
    }
    app.post("/builder/wage/v1/Sheet/confirm", Some(&demo), &[("id", &sheet.to_string())]).await;
    let order = crate::orders::submit(app, &demo, &sheet.to_string()).await["data"].as_i64().unwrap();
    let finance = app.login("finance", "Demo@12345").await;
    verify_by_id(app, &finance, order).await;
    let approved = decide(app, &finance, order, "1", "").await;
    assert_eq!(
        (approved["data"]["status"].as_str(), approved["data"]["statusLabel"].as_str()),
        (Some("partial"), Some("部分发放")),
        "{approved}"
    );
    assert_eq!(sheet_status(app, &demo, sheet).await, ("partial".into(), "部分发放".into()));
    let filtered =
        app.get(&format!("/builder/wage/v1/Sheet/list?month={}&status=partial", previous_month()), Some(&demo)).await;
    assert_eq!(filtered["data"]["total"], 1, "{filtered}");
    let logged = app.scalar(leak(format!(
        "SELECT COUNT(*) FROM operation_log WHERE action = '工资表发放状态' AND target_id = '{sheet}' AND detail = '已确认 → 部分发放'"))).await;
    assert_eq!(logged, 1);

    for (index, worker) in workers.iter().enumerate() {
        let body = format!("62220299{:010}", index);
        let card = format!("{body}{}", wageguard::domain::wage_card::check_digit(&body));
        let reply = app
            .post(
                "/builder/wage/v1/Abnormal/card",
                Some(&demo),
                &[("workerId", worker), ("card", &card), ("bank", "102")],
            )
            .await;
        assert_eq!(reply["code"], 201, "{reply}");
    }
    let abnormal = app.get("/builder/wage/v1/Abnormal/list", Some(&demo)).await;
    let ids: Vec<String> =
        abnormal["data"]["list"].as_array().unwrap().iter().map(|payout| payout["id"].to_string()).collect();
    let reissue = app.post("/builder/wage/v1/Abnormal/reissue", Some(&demo), &[("ids", &ids.join(","))]).await;
    let second = reissue["data"].as_i64().unwrap();
    assert_eq!(sheet_status(app, &demo, sheet).await.1, "部分发放", "a re-issue awaiting approval pays nothing yet");
    verify_by_id(app, &finance, second).await;
    assert_eq!(decide(app, &finance, second, "1", "").await["data"]["statusLabel"], "已支付");
    assert_eq!(sheet_status(app, &demo, sheet).await, ("paid".into(), "已发放".into()));
    let first = app.get(&format!("/builder/wage/v1/Order/detail?id={order}"), Some(&demo)).await;
    assert_eq!(
        (first["data"]["order"]["status"].as_str(), first["data"]["order"]["statusLabel"].as_str()),
        (Some("paid"), Some("已支付")),
        "{first}"
    );
    let logged = app.scalar(leak(format!(
        "SELECT COUNT(*) FROM operation_log WHERE action = '工资单已全部发放' AND target_id = '{order}' AND detail LIKE '部分发放 → 已支付%'"))).await;
    assert_eq!(logged, 1);
    assert_eq!(
        app.scalar(leak(format!(
            "SELECT COUNT(*) FROM operation_log WHERE action = '工资表发放状态' AND target_id = '{sheet}'"
        )))
        .await,
        2
    );
}
both!(sheets_are_partly_paid_until_the_reissue_is_paid);
