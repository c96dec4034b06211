//! Issue 32: the bank edge as banks work. An order on a special account paid by file waits as 待银行发放
//! for its batch file and the bank's result file; a result file applies wholly or not at all, and once; the
//! bank's statement is reconciled with the account's flows and a debit that is not ours raises a red warning.

use serde_json::Value;
use wageguard::config::Config;
use wageguard::domain::wage_card::check_digit;
use wageguard::warning::engine::{self, Level, Rule};

use crate::basis::fund;
use crate::both;
use crate::orders::{balance, decide, flow_sum, submit, verify_by_id};
use crate::support::{TestApp, assert_refused};
use crate::wages::previous_month;

const MODE: &str = "/builder/special/v1/Account/payoutMode";
const BATCH: &str = "/builder/wage/v1/Payout/batchfile";
const RESULT: &str = "/builder/wage/v1/Payout/batchresult";
const SANDBOX: &str = "/builder/wage/v1/Payout/sandboxresult";
const STATEMENT: &str = "/builder/special/v1/Account/statement";
const PUSH: &str = "/bank/special/v1/Account/statement";
const RECONCILE: &str = "/builder/special/v1/Account/reconciliation";
const SECRET: &str = "bank-secret-for-statements";

fn with_secret(config: &mut Config) {
    config.bank_notify_secret = SECRET.into();
}

/// A valid UnionPay card number for worker `n`, or (bad) one whose check digit is wrong.
fn card(n: usize, bad: bool) -> String {
    let body = format!("62220211{n:010}");
    let digit = check_digit(&body);
    let digit = if bad { char::from(b'0' + (digit.to_digit(10).unwrap() as u8 + 1) % 10) } else { digit };
    format!("{body}{digit}")
}

/// `workers` more workers in team 代发班 of the demo contractor, 5.00 yuan a day, attended days 1–20 of last
/// month; the first `bad_cards` of them with a card the bank refuses. Answers (unit, team).
pub(crate) async fn file_team(app: &TestApp, workers: usize, bad_cards: usize) -> (i64, i64) {
    let unit = app.scalar("SELECT id FROM project_units WHERE project_id = 1 AND role = 'contractor'").await;
    let team = app
        .scalar_owned(format!(
            "INSERT INTO teams (project_id, unit_id, name, work_type, entry_date, created_at, updated_at) \
             VALUES (1, {unit}, '代发班', '3', '2024-12-01', 0, 0) RETURNING id"
        ))
        .await;
    let values: Vec<String> = (1..=workers)
        .map(|n| {
            format!("('41012219810{n:07}', '代发{n}', 1, '1981-01-01', '', '{}', '102', 0, 0)", card(n, n <= bad_cards))
        })
        .collect();
    app.exec_owned(format!(
        "INSERT INTO workers (id_number, name, gender, birth_date, phone, wage_card_number, wage_card_bank, created_at, updated_at) VALUES {}",
        values.join(", ")
    ))
    .await;
    app.exec_owned(format!(
        "INSERT INTO employments (project_id, worker_id, unit_id, team_id, work_type, wage_kind, wage_fen, entry_date, status, created_at, updated_at) \
         SELECT 1, id, {unit}, {team}, '3', 'day', 500, '2024-12-01', 1, 0, 0 FROM workers WHERE id_number LIKE '41012219810%'"
    ))
    .await;
    let month = previous_month();
    let days: Vec<String> = (1..=20).map(|day| format!("SELECT '{month}-{day:02}' AS day")).collect();
    app.exec_owned(format!(
        "INSERT INTO attendance_days (project_id, worker_id, day, first_at, last_at, punches, minutes, attended) \
         SELECT 1, w.id, d.day, 0, 0, 2, 600, TRUE FROM workers w CROSS JOIN ({}) d WHERE w.id_number LIKE '41012219810%'",
        days.join(" UNION ALL ")
    ))
    .await;
    (unit, team)
}

/// The team's sheet of last month, confirmed and submitted: the order.
pub(crate) async fn team_order(app: &TestApp, demo: &str, unit: i64, team: i64) -> i64 {
    let form = [("month", previous_month()), ("unitId", unit.to_string()), ("teamId", team.to_string())];
    let form: Vec<(&str, &str)> = form.iter().map(|(k, v)| (*k, v.as_str())).collect();
    let created = app.post("/builder/wage/v1/Sheet/create", Some(demo), &form).await;
    assert_eq!(created["code"], 201, "{created}");
    let sheet = created["data"].as_i64().unwrap().to_string();
    assert_eq!(app.post("/builder/wage/v1/Sheet/confirm", Some(demo), &[("id", &sheet)]).await["code"], 201);
    let submitted = submit(app, demo, &sheet).await;
    assert_eq!(submitted["code"], 201, "{submitted}");
    submitted["data"].as_i64().unwrap()
}

pub(crate) async fn approve(app: &TestApp, order: i64) -> Value {
    let finance = app.login("finance", "Demo@12345").await;
    verify_by_id(app, &finance, order).await;
    decide(app, &finance, order, "1", "").await
}

async fn order(app: &TestApp, demo: &str, order: i64) -> Value {
    app.get(&format!("/builder/wage/v1/Order/detail?id={order}"), Some(demo)).await["data"]["order"].clone()
}

/// The batch file of `order` in `format`, and the sandbox bank's result file for it.
async fn batch_and_result(app: &TestApp, demo: &str, order: i64, format: &str) -> (Vec<u8>, Vec<u8>) {
    let (_, batch) = app.download(&format!("{BATCH}?orderId={order}&format={format}"), demo).await;
    let (_, result) = app.post_file(&format!("{SANDBOX}?format={format}"), demo, &batch).await;
    (batch, result)
}

async fn upload_result(app: &TestApp, demo: &str, order: i64, format: &str, file: &[u8]) -> Value {
    app.post_file_envelope(&format!("{RESULT}?orderId={order}&format={format}"), demo, file).await
}

async fn paid_twice(app: &TestApp) -> i64 {
    app.scalar("SELECT COUNT(*) FROM (SELECT line_id FROM payouts WHERE status = 'paid' GROUP BY line_id HAVING COUNT(*) > 1) t").await
}

async fn a_file_order_is_paid_by_its_batch_and_result_files(app: &TestApp) {
    let demo = app.login("demo", "Demo@12345").await;
    let (unit, team) = file_team(app, 200, 3).await;
    assert_refused(&app.post(MODE, Some(&demo), &[("mode", "fax")]).await, "请选择代发方式");
    let saved = app.post(MODE, Some(&demo), &[("mode", "file")]).await;
    assert_eq!((saved["code"].as_i64(), saved["message"].as_str()), (Some(201), Some("代发方式已保存")), "{saved}");
    assert_eq!(
        app.scalar(
            "SELECT COUNT(*) FROM operation_log WHERE action = '设置代发方式' AND detail = '代发方式：接口 → 文件'"
        )
        .await,
        1
    );
    let info = app.get("/builder/special/v1/Account/info", Some(&demo)).await;
    assert_eq!(info["data"]["payoutMode"], "file");

    fund(app, 10_000_000).await;
    let first = team_order(app, &demo, unit, team).await;
    let (balance_before, flows_before) = (balance(app).await, flow_sum(app).await);
    let approved = approve(app, first).await;
    assert_eq!(approved["message"], "审核通过，待银行发放：请项目下载代发文件提交银行", "{approved}");
    let shown = order(app, &demo, first).await;
    assert_eq!((shown["statusLabel"].as_str(), shown["channel"].as_str()), (Some("待银行发放"), Some("file")));
    assert_eq!(balance(app).await, balance_before, "approving a file order pays nothing yet");

    // The batch file: 200 lines by 序号, the summary line with the order number and checksum, the same twice.
    let (content_type, batch) = app.download(&format!("{BATCH}?orderId={first}&format=generic-txt"), &demo).await;
    assert!(content_type.starts_with("text/plain"), "{content_type}");
    let text = String::from_utf8(batch.clone()).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 202, "header, 200 lines, summary");
    assert_eq!(lines[0], "序号|账号|户名|金额|开户行|备注");
    assert!(lines[1].starts_with("1|") && lines[1].contains("|100.00|中国工商银行|"), "{}", lines[1]);
    let order_no = shown["orderNo"].as_str().unwrap();
    assert!(lines[201].starts_with(&format!("汇总|{order_no}|200|20000.00|SHA256:")), "{}", lines[201]);
    assert_eq!(app.download(&format!("{BATCH}?orderId={first}&format=generic-txt"), &demo).await.1, batch);
    for format in ["generic-xlsx", "bank-csv-gbk"] {
        let once = app.download(&format!("{BATCH}?orderId={first}&format={format}"), &demo).await.1;
        assert_eq!(app.download(&format!("{BATCH}?orderId={first}&format={format}"), &demo).await.1, once, "{format}");
    }
    let gbk = app.download(&format!("{BATCH}?orderId={first}&format=bank-csv-gbk"), &demo).await.1;
    let (decoded, _, errors) = encoding_rs::GBK.decode(&gbk);
    assert!(!errors && decoded.starts_with("序号,收款账号,金额(元),收款户名,用途\r\n1,"), "{decoded}");
    assert_eq!(
        app.scalar_owned(format!(
            "SELECT COUNT(*) FROM operation_log WHERE action = '下载代发文件' AND target_id = '{first}'"
        ))
        .await,
        7
    );

    // The bank's result: 197 paid, 3 refused cards to 异常处理; the same file again changes nothing.
    let (_, result) = batch_and_result(app, &demo, first, "bank-csv-gbk").await;
    let applied = upload_result(app, &demo, first, "bank-csv-gbk", &result).await;
    assert_eq!(applied["message"], "回盘文件已处理", "{applied}");
    assert_eq!((applied["data"]["paid"].as_i64(), applied["data"]["failed"].as_i64()), (Some(197), Some(3)));
    assert_eq!(order(app, &demo, first).await["statusLabel"], "部分发放");
    assert_eq!(balance(app).await, balance_before - 197 * 10_000);
    assert_eq!(flow_sum(app).await, flows_before - 197 * 10_000);
    let again = upload_result(app, &demo, first, "bank-csv-gbk", &result).await;
    assert_eq!(again["message"], "该回盘文件已处理过，未作任何更改", "{again}");
    assert_eq!(balance(app).await, balance_before - 197 * 10_000);

    // The three are corrected and re-issued in a batch of their own, paid once.
    let abnormal = app.get("/builder/wage/v1/Abnormal/list?limit=100", Some(&demo)).await;
    let failed: Vec<&Value> = abnormal["data"]["list"].as_array().unwrap().iter().collect();
    assert_eq!(failed.len(), 3, "{abnormal}");
    assert!(
        failed.iter().all(|line| line["failureReason"].as_str().unwrap_or_default().contains("卡号")),
        "{abnormal}"
    );
    for (index, line) in failed.iter().enumerate() {
        let worker = line["workerId"].to_string();
        let card = card(1000 + index, false);
        let form = [("workerId", worker.as_str()), ("card", card.as_str()), ("bank", "102")];
        assert_eq!(app.post("/builder/wage/v1/Abnormal/card", Some(&demo), &form).await["code"], 201);
    }
    let ids: Vec<String> = failed.iter().map(|line| line["id"].to_string()).collect();
    let reissued = app.post("/builder/wage/v1/Abnormal/reissue", Some(&demo), &[("ids", &ids.join(","))]).await;
    assert_eq!(reissued["code"], 201, "{reissued}");
    let second = reissued["data"].as_i64().unwrap();
    assert_eq!(approve(app, second).await["code"], 201);
    let (batch, result) = batch_and_result(app, &demo, second, "generic-xlsx").await;
    assert!(batch.starts_with(b"PK"), "an .xlsx batch");
    let applied = upload_result(app, &demo, second, "generic-xlsx", &result).await;
    assert_eq!((applied["data"]["paid"].as_i64(), applied["data"]["failed"].as_i64()), (Some(3), Some(0)), "{applied}");
    assert_eq!(order(app, &demo, first).await["statusLabel"], "已支付", "the first order is made whole");
    assert_eq!(balance(app).await, balance_before - 200 * 10_000);
    assert_eq!(paid_twice(app).await, 0);
    assert_eq!(
        app.scalar_owned(format!(
            "SELECT COUNT(*) FROM payouts WHERE order_id IN ({first}, {second}) AND status = 'paid'"
        ))
        .await,
        200
    );
}
both!(a_file_order_is_paid_by_its_batch_and_result_files);

/// Replaces the field `column` (0-based) of data line `line` (1-based) of a generic-txt result file.
fn tamper(result: &[u8], line: usize, column: usize, value: &str) -> Vec<u8> {
    let text = String::from_utf8(result.to_vec()).unwrap();
    let mut lines: Vec<String> = text.lines().map(str::to_owned).collect();
    let mut fields: Vec<String> = lines[line].split('|').map(str::to_owned).collect();
    fields[column] = value.to_owned();
    lines[line] = fields.join("|");
    (lines.join("\r\n") + "\r\n").into_bytes()
}

async fn a_result_file_with_one_bad_row_applies_nothing(app: &TestApp) {
    let demo = app.login("demo", "Demo@12345").await;
    let (unit, team) = file_team(app, 20, 0).await;
    assert_eq!(app.post(MODE, Some(&demo), &[("mode", "file")]).await["code"], 201);
    fund(app, 10_000_000).await;
    let id = team_order(app, &demo, unit, team).await;
    assert_refused(&upload_result(app, &demo, id, "generic-txt", b"x").await, "工资单审核通过后才有代发文件");
    approve(app, id).await;
    let (_, result) = batch_and_result(app, &demo, id, "generic-txt").await;
    let before = (balance(app).await, app.scalar("SELECT COUNT(*) FROM account_flows").await);
    let unchanged = async || (balance(app).await, app.scalar("SELECT COUNT(*) FROM account_flows").await);

    let refusals = [
        (tamper(&result, 7, 3, "99.00"), "第8行：金额与代发文件不符"),
        (tamper(&result, 3, 1, "6222021100000000000"), "第4行：账号与代发文件不符"),
        (tamper(&result, 20, 0, "21"), "第21行：代发文件中没有该序号"),
        (tamper(&result, 5, 0, "4"), "第6行：序号重复"),
        (tamper(&result, 2, 3, "一百"), "第3行：金额格式错误"),
    ];
    for (file, message) in &refusals {
        assert_refused(&upload_result(app, &demo, id, "generic-txt", file).await, message);
        assert_eq!(unchanged().await, before, "{message}: nothing of the file is applied");
    }
    let other = tamper(&result, 21, 1, "GZ0000");
    let refused = upload_result(app, &demo, id, "generic-txt", &other).await;
    assert!(refused["message"].as_str().unwrap().contains("与本工资单"), "{refused}");
    assert_refused(&upload_result(app, &demo, id, "generic-xlsx", &result).await, "文件类型与所选格式不符");

    // Applied once, a file that says a paid line failed contradicts what is recorded.
    assert_eq!(upload_result(app, &demo, id, "generic-txt", &result).await["data"]["paid"], 20);
    let contradicting = tamper(&tamper(&result, 9, 6, "失败"), 9, 8, "");
    assert_refused(
        &upload_result(app, &demo, id, "generic-txt", &contradicting).await,
        "第10行：该笔已记录为发放成功，与回盘结果不符",
    );
    assert_eq!(paid_twice(app).await, 0);
}
both!(a_result_file_with_one_bad_row_applies_nothing);

async fn reconciliation(app: &TestApp, token: &str, query: &str) -> Value {
    let reply = app.get(&format!("{RECONCILE}?{query}"), Some(token)).await;
    assert_eq!(reply["code"], 201, "{reply}");
    reply["data"].clone()
}

async fn a_statement_reconciles_and_a_foreign_debit_is_red(app: &TestApp) {
    let demo = app.login("demo", "Demo@12345").await;
    assert_eq!(reconciliation(app, &demo, "").await["stateLabel"], "未上传对账单");
    let bad = "交易日期,借贷,金额,余额,对方户名,对方账号,流水号,摘要\n2026-13-01,贷,10.00,10.00,甲,1,R1,\n";
    assert_refused(&app.post_file_envelope(STATEMENT, &demo, bad.as_bytes()).await, "第2行：交易日期格式错误");
    let bad = "交易日期,借贷,金额,余额,对方户名,对方账号,流水号,摘要\n2026-10-01,进,10.00,10.00,甲,1,R1,\n";
    assert_refused(&app.post_file_envelope(STATEMENT, &demo, bad.as_bytes()).await, "第2行：无法识别借贷方向");
    assert_refused(&app.get(&format!("{RECONCILE}?view=all"), Some(&demo)).await, "请选择正确的对账视图");
    assert_eq!(app.scalar("SELECT COUNT(*) FROM bank_statement_lines").await, 0, "a refused statement stores nothing");
    // Pay an order through the interface, then take the sandbox bank's statement of the account.
    fund(app, 10_000_000).await;
    let (unit, team) = file_team(app, 10, 0).await;
    let id = team_order(app, &demo, unit, team).await;
    assert_eq!(approve(app, id).await["message"], "审核通过，已发放");
    let (_, statement) = app.download("/builder/special/v1/Account/sandboxStatement", &demo).await;
    let stored = app.post_file_envelope(STATEMENT, &demo, &statement).await;
    assert_eq!(stored["message"], "对账单已导入", "{stored}");
    let flows = app.scalar("SELECT COUNT(*) FROM account_flows WHERE project_id = 1").await;
    assert_eq!(stored["data"]["stored"].as_i64(), Some(flows));
    assert_eq!(app.post_file_envelope(STATEMENT, &demo, &statement).await["data"]["stored"], 0, "stored once");

    let matched = reconciliation(app, &demo, "view=onlyHere").await;
    assert_eq!(matched["stateLabel"], "一致", "{matched}");
    assert_eq!(
        (matched["matched"].as_i64(), matched["onlyBank"].as_i64(), matched["onlyHere"].as_i64()),
        (Some(flows), Some(0), Some(0))
    );
    let balance_yuan = format!("{}.{:02}", balance(app).await / 100, balance(app).await % 100);
    assert_eq!(
        (matched["bankBalance"].as_str(), matched["ourBalance"].as_str()),
        (Some(balance_yuan.as_str()), Some(balance_yuan.as_str()))
    );
    assert_eq!(matched["differingDays"], 0);

    // The bank pushes a debit no order of ours made, five days ago: only at the bank, red after three days.
    let day = wageguard::domain::dates::format_date(wageguard::clock::china_today() - time::Duration::days(5));
    let push = [
        ("account", "6222-0000-1111"),
        ("date", day.as_str()),
        ("direction", "out"),
        ("amount", "888.00"),
        ("balance", "0.00"),
        ("counterpartyName", "某劳务公司"),
        ("counterpartyAccount", "6217000011112222"),
        ("bankRef", "BANKPUSH0001"),
        ("summary", "转账"),
    ];
    let account = app.scalar("SELECT COUNT(*) FROM special_accounts WHERE project_id = 1").await;
    assert_eq!(account, 1);
    let number = wageguard::on_db!(&app.db, pool => sqlx::query_scalar::<_, String>("SELECT bank_account FROM special_accounts WHERE project_id = 1").fetch_one(pool).await).unwrap();
    let mut form: Vec<(&str, &str)> = push.to_vec();
    form[0].1 = number.as_str();
    let request = |form: &[(&str, &str)]| {
        axum::http::Request::post(PUSH)
            .header("content-type", "application/x-www-form-urlencoded")
            .header("x-bank-secret", SECRET)
            .body(axum::body::Body::from(serde_urlencoded::to_string(form).unwrap()))
            .unwrap()
    };
    let (status, pushed) = app.send(request(&form)).await;
    assert_eq!((status, pushed["data"]["stored"].as_i64()), (200, Some(1)), "{pushed}");
    assert_eq!(app.send(request(&form)).await.1["data"]["stored"], 0, "a line pushed again is stored once");
    let differs = reconciliation(app, &demo, "view=onlyBank").await;
    assert_eq!((differs["stateLabel"].as_str(), differs["foreignDebits"].as_i64()), (Some("不一致"), Some(1)));
    assert_eq!(differs["lines"]["list"][0]["amount"], "888.00");
    assert_eq!(differs["lines"]["list"][0]["foreignDebit"], true);

    let found: Vec<_> = engine::evaluate(&app.db, &app.config.warnings, wageguard::clock::china_today())
        .await
        .unwrap()
        .into_iter()
        .filter(|finding| finding.rule == Rule::StatementMismatch && finding.project_id == 1)
        .collect();
    assert_eq!(found.len(), 1);
    assert_eq!(found[0].level, Level::Red);
    assert!(found[0].facts.contains("888.00元"), "{}", found[0].facts);

    // The regulator reads the project's reconciliation; finance does not.
    let admin = app.login("admin", "Admin@12345").await;
    assert_eq!(reconciliation(app, &admin, "projectId=1").await["foreignDebits"], 1);
    let finance = app.login("finance", "Demo@12345").await;
    assert_eq!(app.get(RECONCILE, Some(&finance)).await["code"], 403);
}
both!(a_statement_reconciles_and_a_foreign_debit_is_red, with_secret);
