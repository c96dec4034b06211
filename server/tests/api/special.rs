//! The special account's pages, its flows and export, and the money coming in.

use axum::body::Body;
use axum::http::{Request, header};
use serde_json::Value;
use wageguard::config::Config;

use crate::both;
use crate::support::{TestApp, assert_refused};

const INFO: &str = "/builder/special/v1/Account/info";
const FLOWS: &str = "/builder/special/v1/Account/flows";
const EXPORT: &str = "/builder/special/v1/Account/export";
const TRANSFER: &str = "/admin/special/v1/Account/transfer";
const ARRIVAL: &str = "/bank/special/v1/Account/arrival";
const SECRET: &str = "bank-shared-secret-for-tests";

fn with_secret(config: &mut Config) {
    config.bank_notify_secret = SECRET.into();
}

async fn project(app: &TestApp) -> String {
    app.scalar("SELECT project_id FROM accounts WHERE username = 'demo'").await.to_string()
}

/// The balance equals the sum of the flows, in and out.
async fn assert_balance_is_sum_of_flows(app: &TestApp) {
    let mismatched = app
        .scalar("SELECT COUNT(*) FROM special_accounts s WHERE s.balance_fen <> (SELECT CAST(COALESCE(SUM(CASE WHEN f.direction = 'in' THEN f.amount_fen ELSE -f.amount_fen END), 0) AS BIGINT) FROM account_flows f WHERE f.project_id = s.project_id)")
        .await;
    assert_eq!(mismatched, 0);
}

async fn transfer(app: &TestApp, token: &str, project: &str, amount: &str, date: &str) -> Value {
    app.post(
        TRANSFER,
        Some(token),
        &[
            ("projectId", project),
            ("amount", amount),
            ("payer_name", "郑州市金水区城市建设投资有限公司"),
            ("payer_account", "1702021109000123456"),
            ("payer_bank", "中国工商银行郑州金水支行"),
            ("date", date),
            ("summary", "2026年人工费拨付（第三期）"),
        ],
    )
    .await
}

async fn information_shows_the_account_balance_and_guarantee(app: &TestApp) {
    let demo = app.login("demo", "Demo@12345").await;
    let info = app.get(INFO, Some(&demo)).await;
    assert_eq!(info["code"], 201, "{info}");
    let data = &info["data"];
    assert_eq!(data["balance"], "2000000.00");
    assert_eq!(data["totalIn"], "2000000.00");
    assert_eq!(data["totalOut"], "0.00");
    assert_eq!(data["accountForm"]["BankAccount"], "1702021109100288866");
    assert_eq!(data["bankName"], "中国工商银行");
    assert!(data["branchName"].as_str().unwrap().contains("金水"), "{data}");
    assert_eq!(data["openStatusLabel"], "已开户");
    assert_eq!(data["openCompanyTypeLabel"], "施工总包");
    let guarantees = data["guarantees"].as_array().unwrap();
    assert_eq!(guarantees.len(), 2, "{data}");
    assert!(guarantees.iter().any(|g| g["roleLabel"] == "施工总包单位" && g["paytypeLabel"] == "现金"), "{data}");
    assert_balance_is_sum_of_flows(app).await;
}
both!(information_shows_the_account_balance_and_guarantee);

async fn the_regulator_records_a_transfer_and_the_clerk_sees_it(app: &TestApp) {
    let admin = app.login("admin", "Admin@12345").await;
    let demo = app.login("demo", "Demo@12345").await;
    let project = project(app).await;
    let today = wageguard::clock::today();
    let posted = transfer(app, &admin, &project, "300000.05", &today).await;
    assert_eq!(posted["code"], 201, "{posted}");
    assert_eq!(posted["data"]["balance"], "2300000.05");
    assert_eq!(posted["data"]["amount"], "300000.05");
    assert_eq!(app.scalar("SELECT COUNT(*) FROM operation_log WHERE action = '录入人工费拨付'").await, 1);

    let flows = app.get(FLOWS, Some(&demo)).await;
    assert_eq!(flows["data"]["total"], 3, "{flows}");
    let newest = &flows["data"]["list"][0];
    assert_eq!(newest["amount"], "300000.05");
    assert_eq!(newest["balanceAfter"], "2300000.05");
    assert_eq!(newest["direction"], "in");
    assert_eq!(newest["directionLabel"], "收入");
    assert_eq!(newest["sourceLabel"], "监管录入");
    assert_eq!(newest["summary"], "2026年人工费拨付（第三期）");
    assert!(newest["occurredAt"].as_str().unwrap().starts_with(&today));
    assert_eq!(flows["data"]["balance"], "2300000.05");
    assert_eq!(flows["data"]["sumIn"], "2300000.05");
    assert_eq!(app.get(INFO, Some(&demo)).await["data"]["balance"], "2300000.05");

    let today_only = app.get(&format!("{FLOWS}?start={today}&end={today}&direction=in"), Some(&demo)).await;
    assert_eq!(today_only["data"]["total"], 1, "{today_only}");
    assert_eq!(today_only["data"]["sumIn"], "300000.05");
    assert_eq!(app.get(&format!("{FLOWS}?direction=out"), Some(&demo)).await["data"]["total"], 0);
    let paged = app.get(&format!("{FLOWS}?page=2&limit=2"), Some(&demo)).await;
    assert_eq!(paged["data"]["list"].as_array().unwrap().len(), 1);
    assert_eq!(paged["data"]["list"][0]["balanceAfter"], "1200000.00", "the oldest flow");
    assert_balance_is_sum_of_flows(app).await;

    let yesterday = app.get(&format!("{FLOWS}?start=2000-01-01&end=2000-01-31"), Some(&demo)).await;
    assert_eq!(yesterday["data"]["total"], 0);
    assert_refused(&app.get(&format!("{FLOWS}?direction=sideways"), Some(&demo)).await, "请选择正确的收支方向");
    assert_refused(
        &app.get(&format!("{FLOWS}?start=2026-02-01&end=2026-01-01"), Some(&demo)).await,
        "开始日期不能晚于结束日期",
    );
    assert_refused(&app.get(&format!("{FLOWS}?start=2026-02-30"), Some(&demo)).await, "请选择正确的日期");
    assert_refused(&app.get(&format!("{FLOWS}?limit=1000"), Some(&demo)).await, "每页条数应为1-100");
}
both!(the_regulator_records_a_transfer_and_the_clerk_sees_it);

async fn bad_transfers_change_nothing(app: &TestApp) {
    let admin = app.login("admin", "Admin@12345").await;
    let demo = app.login("demo", "Demo@12345").await;
    let finance = app.login("finance", "Demo@12345").await;
    let project = project(app).await;
    let draft = app.scalar("SELECT project_id FROM accounts WHERE username = 'newsite'").await.to_string();
    let today = wageguard::clock::today();
    let flows_before = app.scalar("SELECT COUNT(*) FROM account_flows").await;
    assert_refused(&transfer(app, &admin, &project, "", &today).await, "请填写金额");
    assert_refused(&transfer(app, &admin, &project, "12.345", &today).await, "金额最多2位小数");
    assert_refused(&transfer(app, &admin, &project, "-3", &today).await, "请填写正确的金额");
    assert_refused(&transfer(app, &admin, &project, "0", &today).await, "金额必须大于0");
    assert_refused(&transfer(app, &admin, &project, "100", "2999-01-01").await, "到账日期不能晚于今天");
    assert_refused(&transfer(app, &admin, &project, "100", "").await, "请选择到账日期");
    assert_refused(&transfer(app, &admin, &draft, "100", &today).await, "该项目尚未开立农民工工资专用账户");
    assert_refused(&transfer(app, &admin, "", "100", &today).await, "请选择项目");
    assert_eq!(transfer(app, &admin, "999", "100", &today).await["code"], 404);
    let no_payer =
        app.post(TRANSFER, Some(&admin), &[("projectId", &project), ("amount", "100"), ("date", &today)]).await;
    assert_refused(&no_payer, "请填写付款单位名称");
    assert_eq!(transfer(app, &demo, &project, "100", &today).await["code"], 403);
    assert_eq!(transfer(app, &finance, &project, "100", &today).await["code"], 403);
    assert_eq!(transfer(app, "", &project, "100", &today).await["code"], 101);
    assert_eq!(app.scalar("SELECT COUNT(*) FROM account_flows").await, flows_before);
    assert_balance_is_sum_of_flows(app).await;
}
both!(bad_transfers_change_nothing);

async fn special_pages_are_scoped(app: &TestApp) {
    let admin = app.login("admin", "Admin@12345").await;
    let newsite = app.login("newsite", "Demo@12345").await;
    let finance = app.login("finance", "Demo@12345").await;
    let demo = app.login("demo", "Demo@12345").await;
    let project = project(app).await;
    assert_eq!(app.get(&format!("{INFO}?projectId={project}"), Some(&newsite)).await["code"], 404);
    assert_eq!(app.get(&format!("{FLOWS}?projectId={project}"), Some(&newsite)).await["code"], 404);
    let theirs = app.get(FLOWS, Some(&newsite)).await;
    assert_eq!(theirs["data"]["total"], 0, "the draft's own (empty) flows only");
    assert_eq!(app.get(INFO, Some(&newsite)).await["data"]["openStatusLabel"], "未登记");
    assert_eq!(app.get(INFO, Some(&finance)).await["code"], 403);
    assert_eq!(app.get(FLOWS, Some(&finance)).await["code"], 403);
    assert_eq!(app.get(FLOWS, None).await["code"], 101);
    assert_refused(&app.get(INFO, Some(&admin)).await, "请选择项目");
    assert_eq!(app.get(&format!("{INFO}?projectId={project}"), Some(&admin)).await["data"]["balance"], "2000000.00");
    assert_eq!(app.get(&format!("{FLOWS}?projectId={project}"), Some(&admin)).await["data"]["total"], 2);
    assert_eq!(app.get(&format!("{FLOWS}?projectId=abc"), Some(&demo)).await["code"], 404);
}
both!(special_pages_are_scoped);

async fn the_export_is_an_xlsx_of_the_filtered_flows(app: &TestApp) {
    let demo = app.login("demo", "Demo@12345").await;
    let request = Request::get(format!("{EXPORT}?direction=in")).header("X-Token", &demo).body(Body::empty()).unwrap();
    let response = tower::ServiceExt::oneshot(app.router.clone(), request).await.unwrap();
    assert_eq!(response.status(), 200);
    assert_eq!(
        response.headers()[header::CONTENT_TYPE],
        "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
    );
    let bytes = http_body_util::BodyExt::collect(response.into_body()).await.unwrap().to_bytes();
    use calamine::Reader;
    let mut workbook: calamine::Xlsx<_> =
        calamine::open_workbook_from_rs(std::io::Cursor::new(bytes.to_vec())).unwrap();
    let sheet = workbook.worksheet_range("专户流水").unwrap();
    let rows: Vec<Vec<String>> = sheet.rows().map(|row| row.iter().map(|cell| cell.to_string()).collect()).collect();
    assert!(rows[0][0].contains("郑州市金水区幸福里安置房项目"));
    assert_eq!(rows[1][2], "金额(元)");
    assert_eq!(rows.len(), 4, "title, header and the two demo transfers");
    assert_eq!(rows[2][2], "800000");
    assert_eq!(rows[3][3], "1200000");
    assert_eq!(rows[2][4], "郑州市金水区城市建设投资有限公司");
    let refused = app.get(&format!("{EXPORT}?direction=x"), Some(&demo)).await;
    assert_refused(&refused, "请选择正确的收支方向");
    let finance = app.login("finance", "Demo@12345").await;
    assert_eq!(app.get(EXPORT, Some(&finance)).await["code"], 403);
}
both!(the_export_is_an_xlsx_of_the_filtered_flows);

async fn arrive(app: &TestApp, secret: Option<&str>, form: &[(&str, &str)]) -> Value {
    let mut request = Request::post(ARRIVAL).header(header::CONTENT_TYPE, "application/x-www-form-urlencoded");
    if let Some(secret) = secret {
        request = request.header("X-Bank-Secret", secret);
    }
    let (status, reply) = app.send(request.body(Body::from(serde_urlencoded::to_string(form).unwrap())).unwrap()).await;
    assert_eq!(status, 200);
    reply
}

const ARRIVAL_FORM: [(&str, &str); 6] = [
    ("account", "1702021109100288866"),
    ("amount", "500000.00"),
    ("bank_ref", "ICBC20260315000123"),
    ("payer_name", "郑州市金水区城市建设投资有限公司"),
    ("payer_account", "1702021109000123456"),
    ("time", "2026-03-15 10:20:30"),
];

async fn bank_arrivals_are_authenticated_and_recorded_once(app: &TestApp) {
    let before = app.scalar("SELECT COUNT(*) FROM account_flows").await;
    assert_eq!(arrive(app, None, &ARRIVAL_FORM).await["code"], 403);
    assert_eq!(arrive(app, Some("wrong"), &ARRIVAL_FORM).await["code"], 403);
    assert_eq!(app.scalar("SELECT COUNT(*) FROM account_flows").await, before);

    let first = arrive(app, Some(SECRET), &ARRIVAL_FORM).await;
    assert_eq!(first["code"], 201, "{first}");
    assert_eq!(first["data"]["duplicate"], false);
    assert_eq!(first["data"]["balance"], "2500000.00");
    let again = arrive(app, Some(SECRET), &ARRIVAL_FORM).await;
    assert_eq!(again["code"], 201);
    assert_eq!(again["data"]["duplicate"], true);
    assert_eq!(again["message"], "该笔到账已记录");
    assert_eq!(again["data"]["flowId"], first["data"]["flowId"]);
    let at_once = futures_join(app).await;
    assert!(at_once.iter().all(|reply| reply["code"] == 201), "{at_once:?}");
    assert_eq!(app.scalar("SELECT COUNT(*) FROM account_flows").await, before + 2, "each reference once");
    assert_eq!(
        app.scalar("SELECT balance_fen FROM special_accounts WHERE bank_account = '1702021109100288866'").await,
        200_000_000 + 50_000_000 + 1_000
    );
    assert_eq!(app.scalar("SELECT COUNT(*) FROM operation_log WHERE action = '银行到账'").await, 2);

    let demo = app.login("demo", "Demo@12345").await;
    let arrived = app.get(&format!("{FLOWS}?start=2026-03-15&end=2026-03-15"), Some(&demo)).await;
    assert_eq!(arrived["data"]["total"], 2, "{arrived}");
    assert_eq!(arrived["data"]["list"][1]["bankRef"], "ICBC20260315000123");
    assert_eq!(arrived["data"]["list"][1]["occurredAt"], "2026-03-15 10:20:30");
    assert_eq!(arrived["data"]["list"][1]["sourceLabel"], "银行到账");

    let mut unknown = ARRIVAL_FORM;
    unknown[0] = ("account", "6222000000000000");
    unknown[2] = ("bank_ref", "ICBC-unknown-account");
    assert_eq!(arrive(app, Some(SECRET), &unknown).await["code"], 404);
    let mut bad_ref = ARRIVAL_FORM;
    bad_ref[2] = ("bank_ref", "有空格 的流水号");
    assert_refused(&arrive(app, Some(SECRET), &bad_ref).await, "银行流水号格式错误");
    let mut bad_amount = ARRIVAL_FORM;
    bad_amount[1] = ("amount", "1e9");
    bad_amount[2] = ("bank_ref", "ICBC-bad-amount");
    assert_refused(&arrive(app, Some(SECRET), &bad_amount).await, "请填写正确的金额");
    assert_balance_is_sum_of_flows(app).await;
}
both!(bank_arrivals_are_authenticated_and_recorded_once, with_secret);

/// Two announcements of one new reference sent at the same moment.
async fn futures_join(app: &TestApp) -> Vec<Value> {
    let mut form = ARRIVAL_FORM;
    form[1] = ("amount", "10.00");
    form[2] = ("bank_ref", "ICBC-twice-at-once");
    let (a, b) = tokio::join!(arrive(app, Some(SECRET), &form), arrive(app, Some(SECRET), &form));
    vec![a, b]
}

async fn arrivals_are_refused_without_a_configured_secret(app: &TestApp) {
    let reply = arrive(app, Some(""), &ARRIVAL_FORM).await;
    assert_eq!(reply["code"], 403);
    assert_eq!(reply["message"], "银行到账通知未启用");
}
both!(arrivals_are_refused_without_a_configured_secret);

/// A wage payout's flow keeps the payee card's bank code; the list and the export name the bank.
async fn payout_flows_name_the_payee_bank(app: &TestApp) {
    let demo = app.login("demo", "Demo@12345").await;
    let order = crate::orders::submitted_order(app, &demo).await;
    let finance = app.login("finance", "Demo@12345").await;
    crate::orders::verify_by_id(app, &finance, order).await;
    let approved = crate::orders::decide(app, &finance, order, "1", "").await;
    assert_eq!(approved["data"]["statusLabel"], "已支付", "{approved}");
    let paid =
        app.scalar("SELECT COUNT(*) FROM account_flows WHERE source = 'payout' AND counterparty_bank = '102'").await;
    assert!(paid > 0);

    let flows = app.get(&format!("{FLOWS}?direction=out&limit=100"), Some(&demo)).await;
    let list = flows["data"]["list"].as_array().unwrap();
    assert_eq!(list.len() as i64, paid, "{flows}");
    for flow in list {
        assert_eq!(flow["source"], "payout", "{flow}");
        assert_eq!(flow["counterpartyBank"], "中国工商银行", "{flow}");
        let card = flow["counterpartyAccount"].as_str().unwrap();
        assert_eq!(card, wageguard::domain::mask::masked(card).as_str(), "a worker's card is listed masked: {flow}");
        assert!(card.contains('*'));
    }
    let transfers = app.get(&format!("{FLOWS}?direction=in"), Some(&demo)).await;
    assert_eq!(
        transfers["data"]["list"][0]["counterpartyBank"], "中国工商银行郑州金水支行",
        "a bank name stays as recorded"
    );
    assert!(
        !transfers["data"]["list"][0]["counterpartyAccount"].as_str().unwrap().contains('*'),
        "a company account is not a wage card"
    );

    let request = Request::get(format!("{EXPORT}?direction=out")).header("X-Token", &demo).body(Body::empty()).unwrap();
    let response = tower::ServiceExt::oneshot(app.router.clone(), request).await.unwrap();
    let bytes = http_body_util::BodyExt::collect(response.into_body()).await.unwrap().to_bytes();
    use calamine::Reader;
    let mut workbook: calamine::Xlsx<_> =
        calamine::open_workbook_from_rs(std::io::Cursor::new(bytes.to_vec())).unwrap();
    let sheet = workbook.worksheet_range("专户流水").unwrap();
    let rows: Vec<Vec<String>> = sheet.rows().map(|row| row.iter().map(|cell| cell.to_string()).collect()).collect();
    assert_eq!(rows.len() as i64, paid + 2, "title, header and the payouts");
    assert!(rows[2..].iter().all(|row| row[6] == "中国工商银行"), "{rows:?}");
}
both!(payout_flows_name_the_payee_bank);
