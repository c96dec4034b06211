//! The worker's own pages (issue 31): login by ID number and SMS code, his own records only, his month of
//! attendance and his pay slips, his confirmation or dispute of each line, the clerk's answer, and what
//! disputes and the project's rule hold back on the money path.

use serde_json::Value;

use crate::basis::fund;
use crate::both;
use crate::orders::{decide, submit, verify_by_id};
use crate::support::{TestApp, assert_refused};
use crate::wages::{create_sheet, leak, lines, previous_month};

const SENT: &str = "如该身份证号已登记，验证码已发送至登记手机";

/// Gives roster worker `worker` the phone `phone` and answers his ID number.
async fn with_phone(app: &TestApp, worker: i64, phone: &str) -> String {
    app.exec_owned(format!("UPDATE workers SET phone = '{phone}' WHERE id = {worker}")).await;
    wageguard::on_db!(&app.db, pool =>
        sqlx::query_scalar::<_, String>("SELECT id_number FROM workers WHERE id = $1").bind(worker).fetch_one(pool).await)
    .unwrap()
}

async fn newest_text_to(app: &TestApp, phone: &str) -> Option<String> {
    wageguard::on_db!(&app.db, pool =>
        sqlx::query_scalar("SELECT content FROM sms_outbox WHERE phone = $1 ORDER BY id DESC LIMIT 1").bind(phone).fetch_optional(pool).await)
    .unwrap()
}

fn code_in(text: &str) -> String {
    text.chars().filter(char::is_ascii_digit).take(6).collect()
}

/// Logs worker `worker` in with a code sent to `phone`; his token.
pub async fn worker_login(app: &TestApp, worker: i64, phone: &str) -> String {
    let id_number = with_phone(app, worker, phone).await;
    let sent = app.post("/worker/common/v1/Public/getvcode", None, &[("idNumber", &id_number)]).await;
    assert_eq!((sent["code"].as_i64(), sent["message"].as_str()), (Some(201), Some(SENT)), "{sent}");
    let code = code_in(&newest_text_to(app, phone).await.expect("a code was sent"));
    let login = app.post("/worker/common/v1/Public/smslogin", None, &[("idNumber", &id_number), ("code", &code)]).await;
    assert_eq!(login["code"], 201, "{login}");
    login["data"]["phpsessid"].as_str().unwrap().to_owned()
}

async fn a_worker_logs_in_with_his_id_number_and_a_code(app: &TestApp) {
    let worker = app.scalar("SELECT MIN(worker_id) FROM employments WHERE project_id = 1 AND status = 1").await;
    let id_number = with_phone(app, worker, "").await;
    let ask =
        |id: String| async move { app.post("/worker/common/v1/Public/getvcode", None, &[("idNumber", &id)]).await };
    assert_refused(&ask("12345".into()).await, "请填写正确的身份证号码");
    assert_refused(&ask(id_number.clone()).await, "您在花名册上没有登记手机号码，请联系项目劳资专管员登记");
    let stranger = ask("11010519491231002X".into()).await;
    assert_eq!((stranger["code"].as_i64(), stranger["message"].as_str()), (Some(201), Some(SENT)));
    assert_eq!(app.scalar("SELECT COUNT(*) FROM sms_outbox").await, 0, "no code for an ID on no roster");

    let phone = "13912340001";
    with_phone(app, worker, phone).await;
    assert_eq!(ask(id_number.clone()).await["message"], SENT);
    let again = ask(id_number.clone()).await;
    assert_eq!(again["message"], SENT, "the phone's limit answers the same: {again}");
    assert_eq!(app.scalar("SELECT COUNT(*) FROM sms_outbox").await, 1, "one code a minute");
    let code = code_in(&newest_text_to(app, phone).await.unwrap());
    let login = |code: String| {
        let id_number = id_number.clone();
        async move {
            app.post("/worker/common/v1/Public/smslogin", None, &[("idNumber", &id_number), ("code", &code)]).await
        }
    };
    assert_refused(&login(String::new()).await, "请输入短信验证码");
    let wrong = if code == "000000" { "111111" } else { "000000" };
    assert_refused(&login(wrong.into()).await, "短信验证码错误");
    let good = login(code.clone()).await;
    assert_eq!(good["code"], 201, "{good}");
    assert_refused(&login(code).await, "短信验证码已失效，请重新获取");
    let token = good["data"]["phpsessid"].as_str().unwrap();

    let info = app.get("/worker/worker/v1/Worker/info", Some(token)).await;
    assert_eq!(info["code"], 201, "{info}");
    assert_eq!(info["data"]["phone"], "139****0001");
    assert!(info["data"]["idNumber"].as_str().unwrap().contains('*'), "{info}");
    let projects = info["data"]["projects"].as_array().unwrap();
    assert_eq!(projects[0]["projectId"], 1);
    assert!(!projects[0]["lines"].as_array().unwrap().is_empty());
    assert!(!projects[0]["rates"].as_array().unwrap().is_empty());
    assert_eq!(
        app.scalar_owned(format!(
            "SELECT COUNT(*) FROM operation_log WHERE action = '工人登录' AND target_id = '{worker}'"
        ))
        .await,
        1
    );

    let logout = app.post("/worker/common/v1/Public/Logout", Some(token), &[]).await;
    assert_eq!(logout["code"], 201, "{logout}");
    assert_eq!(app.get("/worker/worker/v1/Worker/info", Some(token)).await["code"], 101);
}
both!(a_worker_logs_in_with_his_id_number_and_a_code);

async fn guesses_are_counted_at_once(app: &TestApp) {
    let worker = app.scalar("SELECT MIN(worker_id) FROM employments WHERE project_id = 1 AND status = 1").await;
    let id_number = with_phone(app, worker, "13912340002").await;
    app.post("/worker/common/v1/Public/getvcode", None, &[("idNumber", &id_number)]).await;
    let code = code_in(&newest_text_to(app, "13912340002").await.unwrap());
    let wrong = if code == "000000" { "111111" } else { "000000" };
    let answers =
        app.post_at_once("/worker/common/v1/Public/smslogin", &[("idNumber", &id_number), ("code", wrong)], 30).await;
    let checked = answers.iter().filter(|answer| answer["message"] == "短信验证码错误").count();
    assert!(checked <= 5, "{checked} guesses were checked");
    let late = app.post("/worker/common/v1/Public/smslogin", None, &[("idNumber", &id_number), ("code", &code)]).await;
    assert_refused(&late, "短信验证码错误次数过多，请重新获取");
}
both!(guesses_are_counted_at_once);

async fn sides_do_not_cross_and_a_new_phone_ends_his_sessions(app: &TestApp) {
    let worker = app.scalar("SELECT MIN(worker_id) FROM employments WHERE project_id = 1 AND status = 1").await;
    let token = worker_login(app, worker, "13912340003").await;
    assert_eq!(app.get("/builder/user/v1/Worker/options", Some(&token)).await["code"], 101);
    assert_eq!(app.get("/builder/wage/v1/Sheet/list", Some(&token)).await["code"], 101);
    let demo = app.login("demo", "Demo@12345").await;
    assert_eq!(app.get("/worker/worker/v1/Worker/info", Some(&demo)).await["code"], 101);
    assert_eq!(app.get("/worker/wage/v1/Wage/list", Some(&demo)).await["code"], 101);
    assert_eq!(app.get("/worker/worker/v1/Worker/info", Some(&token)).await["code"], 201);
    with_phone(app, worker, "13912349999").await;
    assert_eq!(app.get("/worker/worker/v1/Worker/info", Some(&token)).await["code"], 101, "the roster's phone changed");
}
both!(sides_do_not_cross_and_a_new_phone_ends_his_sessions);

/// The demo clerk's sheet of the previous month, and a line of it with pay and its worker.
async fn sheet_and_line(app: &TestApp, demo: &str) -> (i64, Value) {
    let sheet = create_sheet(app, demo).await;
    let line = lines(app, demo, sheet).await.into_iter().find(|line| line["net"] != "0.00").expect("a line with pay");
    (sheet, line)
}

async fn he_reads_his_month_and_his_pay_slip_and_no_one_elses(app: &TestApp) {
    let demo = app.login("demo", "Demo@12345").await;
    let (sheet, line) = sheet_and_line(app, &demo).await;
    let worker = line["workerId"].as_i64().unwrap();
    let token = worker_login(app, worker, "13912340004").await;

    let month = previous_month();
    let days = app.get(&format!("/worker/attendance/v1/Attendance/month?month={month}"), Some(&token)).await;
    assert_eq!(days["code"], 201, "{days}");
    let attended = app
        .scalar_owned(format!(
            "SELECT COUNT(*) FROM attendance_days WHERE project_id = 1 AND worker_id = {worker} AND attended = TRUE AND day LIKE '{month}-%'"
        ))
        .await;
    assert_eq!(days["data"]["attended"], attended);
    assert_eq!(days["data"]["projectId"], 1);
    let listed = days["data"]["days"].as_array().unwrap();
    assert_eq!(listed.iter().filter(|day| day["status"] == "attended").count() as i64, attended);
    assert!(listed.iter().any(|day| !day["punches"].as_array().unwrap().is_empty()), "punch times shown");
    let elsewhere =
        app.get(&format!("/worker/attendance/v1/Attendance/month?month={month}&projectId=999"), Some(&token)).await;
    assert_eq!(elsewhere["code"], 404);

    let list = app.get("/worker/wage/v1/Wage/list", Some(&token)).await;
    assert_eq!(list["code"], 201, "{list}");
    let own = &list["data"]["list"][0];
    assert_eq!(
        (own["id"].clone(), own["state"].as_str(), own["net"].clone()),
        (line["id"].clone(), Some("draft"), line["net"].clone())
    );
    assert_eq!(list["data"]["total"], 1);

    assert_eq!(
        app.post("/builder/wage/v1/Sheet/confirm", Some(&demo), &[("id", &sheet.to_string())]).await["code"],
        201
    );
    let asked = app.scalar_owned(format!("SELECT COUNT(*) FROM wage_line_confirmations WHERE status = 'pending' AND line_id IN (SELECT id FROM wage_lines WHERE sheet_id = {sheet})")).await;
    assert_eq!(asked, lines(app, &demo, sheet).await.len() as i64);
    let mut told = None;
    for _ in 0..100 {
        told = newest_text_to(app, "13912340004").await.filter(|text| text.contains("请登录工资查询确认"));
        if told.is_some() {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    let told = told.expect("the worker is asked by SMS");
    assert!(told.contains(&format!("实发{}元", line["net"].as_str().unwrap())), "{told}");

    let slip = app.get(&format!("/worker/wage/v1/Wage/detail?id={}", line["id"]), Some(&token)).await;
    assert_eq!(slip["code"], 201, "{slip}");
    assert_eq!(slip["data"]["line"]["state"], "to_confirm");
    assert_eq!(slip["data"]["confirmation"]["status"], "pending");
    assert_eq!(slip["data"]["paid"]["days"].as_array().unwrap().len() as i64, line["days"].as_i64().unwrap());
    let other = lines(app, &demo, sheet).await.into_iter().find(|other| other["workerId"] != worker).unwrap();
    let foreign = app.get(&format!("/worker/wage/v1/Wage/detail?id={}", other["id"]), Some(&token)).await;
    assert_eq!(foreign["code"], 404, "another worker's line: {foreign}");
    let foreign = app.post("/worker/wage/v1/Wage/confirm", Some(&token), &[("id", &other["id"].to_string())]).await;
    assert_eq!(foreign["code"], 404, "{foreign}");
}
both!(he_reads_his_month_and_his_pay_slip_and_no_one_elses);

async fn confirm_dispute_answer_and_pay(app: &TestApp) {
    let demo = app.login("demo", "Demo@12345").await;
    let (sheet, line) = sheet_and_line(app, &demo).await;
    let worker = line["workerId"].as_i64().unwrap();
    let token = worker_login(app, worker, "13912340005").await;
    let id = line["id"].to_string();
    let act = |path: &'static str, form: Vec<(&'static str, String)>| {
        let token = token.clone();
        async move {
            let form: Vec<(&str, &str)> = form.iter().map(|(k, v)| (*k, v.as_str())).collect();
            app.post(path, Some(&token), &form).await
        }
    };
    let confirm = || act("/worker/wage/v1/Wage/confirm", vec![("id", id.clone())]);
    assert_refused(&confirm().await, "该月工资表尚未由项目确认，暂不能确认");
    assert_eq!(
        app.post("/builder/wage/v1/Sheet/confirm", Some(&demo), &[("id", &sheet.to_string())]).await["code"],
        201
    );
    let dispute = |reason: &str, text: &str| {
        act("/worker/wage/v1/Wage/dispute", vec![("id", id.clone()), ("reason", reason.into()), ("text", text.into())])
    };
    assert_refused(&dispute("", "").await, "请选择异议原因");
    assert_refused(&dispute("not_received", "").await, "该工资尚未发放，请选择其他异议原因");
    assert_refused(&dispute("days", &"多".repeat(201)).await, "异议说明不能超过200字");
    assert_eq!(dispute("days", "10月8日我在岗").await["code"], 201);
    assert_refused(&dispute("rate", "").await, "您的异议正在等待项目答复");

    let seen = lines(app, &demo, sheet).await.into_iter().find(|seen| seen["id"] == line["id"]).unwrap();
    assert_eq!(seen["workerConfirmation"]["status"], "disputed");
    assert_eq!(seen["workerConfirmation"]["disputeReasonLabel"], "出勤天数不对");
    assert_eq!(seen["workerConfirmation"]["disputeText"], "10月8日我在岗");
    fund(app, 50_000_000).await;
    assert_refused(
        &submit(app, &demo, &sheet.to_string()).await,
        "有1名工人对工资提出异议尚未答复，请先在工资表中答复后再发放",
    );

    let answer = |line_id: String, text: &str| {
        let demo = demo.clone();
        let text = text.to_owned();
        async move {
            app.post("/builder/wage/v1/Sheet/answerDispute", Some(&demo), &[("lineId", &line_id), ("answer", &text)])
                .await
        }
    };
    assert_refused(&answer(id.clone(), "好").await, "请填写答复内容（2-200字）");
    assert_eq!(answer(id.clone(), "已核对考勤机记录，10月8日无打卡").await["code"], 201);
    assert_refused(&answer(id.clone(), "再答一次").await, "该工资没有待答复的异议");
    let finance = app.login("finance", "Demo@12345").await;
    let by_finance = app
        .post("/builder/wage/v1/Sheet/answerDispute", Some(&finance), &[("lineId", &id), ("answer", "财务不能答复")])
        .await;
    assert_eq!(by_finance["code"], 403, "{by_finance}");

    let order = submit(app, &demo, &sheet.to_string()).await;
    assert_eq!(order["code"], 201, "{order}");
    let order = order["data"].as_i64().unwrap();
    let basis = app
        .post("/finance/project/v1/orders/Linebasis", Some(&finance), &[("id", &order.to_string()), ("limit", "100")])
        .await;
    assert_eq!(basis["code"], 201, "{basis}");
    let total = basis["data"]["lineCount"].as_i64().unwrap();
    assert_eq!((basis["data"]["unconfirmed"].as_i64(), basis["data"]["disputed"].as_i64()), (Some(total - 1), Some(1)));
    assert_eq!(basis["data"]["unanswered"], 0);
    let on_basis = basis["data"]["lines"]["list"]
        .as_array()
        .unwrap()
        .iter()
        .find(|row| row["lineId"] == line["id"])
        .unwrap()
        .clone();
    assert_eq!(on_basis["workerConfirmation"]["answer"], "已核对考勤机记录，10月8日无打卡");

    verify_by_id(app, &finance, order).await;
    assert_eq!(decide(app, &finance, order, "1", "").await["code"], 201);
    let slip = app.get(&format!("/worker/wage/v1/Wage/detail?id={id}"), Some(&token)).await;
    assert_eq!(slip["data"]["line"]["state"], "paid", "{slip}");
    assert_eq!(slip["data"]["orderId"], order);
    assert!(!slip["data"]["bankRef"].as_str().unwrap().is_empty(), "{slip}");
    assert!(!slip["data"]["line"]["paidAt"].as_str().unwrap().is_empty());

    let config = wageguard::config::WarningConfig::default();
    wageguard::warning::engine::run(&app.db, &config, wageguard::clock::china_today()).await.unwrap();
    let warned = app
        .scalar_owned(format!(
            "SELECT COUNT(*) FROM warnings WHERE rule = 'paid_unconfirmed' AND level = 'yellow' AND period = '{}'",
            previous_month()
        ))
        .await;
    assert_eq!(warned, 1, "paid without every worker's confirmation");
    assert_refused(&dispute("days", "").await, "该工资已发放，如未收到请选择“未收到工资”");
    let before = app.scalar("SELECT COUNT(*) FROM messages").await;
    assert_eq!(dispute("not_received", "卡里没有到账").await["code"], 201);
    let abnormal = app.get("/builder/wage/v1/Abnormal/list?limit=50", Some(&demo)).await;
    let listed = abnormal["data"]["list"].as_array().unwrap().iter().find(|row| row["lineId"] == line["id"]).cloned();
    assert_eq!(listed.expect("异常处理 lists it")["notReceived"], true);
    assert_eq!(answer(id.clone(), "已与银行核实，款项已入账，请查询").await["code"], 201);
    let abnormal = app.get("/builder/wage/v1/Abnormal/list?limit=50", Some(&demo)).await;
    assert!(
        abnormal["data"]["list"].as_array().unwrap().iter().all(|row| row["lineId"] != line["id"]),
        "answered: off the list"
    );
    assert!(app.scalar("SELECT COUNT(*) FROM messages WHERE title LIKE '工人反映未收到工资%'").await > 0);
    assert!(app.scalar("SELECT COUNT(*) FROM messages").await > before);
    let logged = app.scalar(leak(format!(
        "SELECT COUNT(*) FROM operation_log WHERE target_type = 'wage_line' AND target_id = '{id}' AND action IN ('工人对工资提出异议', '答复工人异议')"
    ))).await;
    assert_eq!(logged, 4);
}
both!(confirm_dispute_answer_and_pay);

async fn a_dispute_after_submission_holds_the_approval(app: &TestApp) {
    let demo = app.login("demo", "Demo@12345").await;
    let (sheet, line) = sheet_and_line(app, &demo).await;
    let token = worker_login(app, line["workerId"].as_i64().unwrap(), "13912340006").await;
    assert_eq!(
        app.post("/builder/wage/v1/Sheet/confirm", Some(&demo), &[("id", &sheet.to_string())]).await["code"],
        201
    );
    fund(app, 50_000_000).await;
    let order = submit(app, &demo, &sheet.to_string()).await["data"].as_i64().unwrap();
    let disputed = app
        .post(
            "/worker/wage/v1/Wage/dispute",
            Some(&token),
            &[("id", &line["id"].to_string()), ("reason", "rate"), ("text", "")],
        )
        .await;
    assert_eq!(disputed["code"], 201, "{disputed}");
    let finance = app.login("finance", "Demo@12345").await;
    verify_by_id(app, &finance, order).await;
    assert_refused(
        &decide(app, &finance, order, "1", "").await,
        "有1名工人对工资提出异议尚未答复，请先在工资表中答复后再发放",
    );
    assert_eq!(
        app.scalar_owned(format!("SELECT COUNT(*) FROM payouts WHERE order_id = {order} AND status = 'paid'")).await,
        0
    );
    let answered = app
        .post(
            "/builder/wage/v1/Sheet/answerDispute",
            Some(&demo),
            &[("lineId", &line["id"].to_string()), ("answer", "按合同约定日薪执行")],
        )
        .await;
    assert_eq!(answered["code"], 201);
    assert_eq!(decide(app, &finance, order, "1", "").await["code"], 201);
}
both!(a_dispute_after_submission_holds_the_approval);

async fn the_project_may_require_every_confirmation(app: &TestApp) {
    let demo = app.login("demo", "Demo@12345").await;
    let settings = app.get("/builder/wage/v1/Sheet/settings", Some(&demo)).await;
    assert_eq!(settings["data"]["confirmationRequired"], false, "shown, not required by default");
    let set = app.post("/builder/wage/v1/Sheet/settings", Some(&demo), &[("confirmationRequired", "2")]).await;
    assert_refused(&set, "是否须工人确认应为1（是）或0（否）");
    let set = app.post("/builder/wage/v1/Sheet/settings", Some(&demo), &[("confirmationRequired", "1")]).await;
    assert_eq!(
        (set["data"]["confirmationRequired"].as_bool(), set["data"]["proration"].as_str()),
        (Some(true), Some("statutory"))
    );
    assert_eq!(
        app.scalar(
            "SELECT COUNT(*) FROM operation_log WHERE detail LIKE '提交审核前工人确认工资：不要求 → 须工人确认'"
        )
        .await,
        1
    );

    let (sheet, _) = sheet_and_line(app, &demo).await;
    assert_eq!(
        app.post("/builder/wage/v1/Sheet/confirm", Some(&demo), &[("id", &sheet.to_string())]).await["code"],
        201
    );
    fund(app, 50_000_000).await;
    let count = lines(app, &demo, sheet).await.len();
    assert_refused(
        &submit(app, &demo, &sheet.to_string()).await,
        &format!("本项目要求工人确认工资后方可提交审核，尚有{count}名工人未确认"),
    );
    app.exec("UPDATE wage_line_confirmations SET status = 'confirmed', decided_at = 1").await;
    assert_eq!(submit(app, &demo, &sheet.to_string()).await["code"], 201);
}
both!(the_project_may_require_every_confirmation);

async fn an_unanswered_dispute_becomes_a_lead_once(app: &TestApp) {
    let demo = app.login("demo", "Demo@12345").await;
    let (sheet, line) = sheet_and_line(app, &demo).await;
    let worker = line["workerId"].as_i64().unwrap();
    let token = worker_login(app, worker, "13912340007").await;
    assert_eq!(
        app.post("/builder/wage/v1/Sheet/confirm", Some(&demo), &[("id", &sheet.to_string())]).await["code"],
        201
    );
    let id = line["id"].to_string();
    let disputed = app
        .post(
            "/worker/wage/v1/Wage/dispute",
            Some(&token),
            &[("id", &id), ("reason", "deduction"), ("text", "扣款没说明")],
        )
        .await;
    assert_eq!(disputed["code"], 201);
    assert_eq!(
        wageguard::clue::disputes::escalate(&app.db, 3).await.unwrap(),
        0,
        "a fresh dispute waits for its answer"
    );
    let ten_days_ago = wageguard::clock::now() - 10 * 86_400;
    app.exec_owned(format!("UPDATE wage_line_confirmations SET decided_at = {ten_days_ago} WHERE line_id = {id}"))
        .await;
    assert_eq!(wageguard::clue::disputes::escalate(&app.db, 3).await.unwrap(), 1);
    assert_eq!(wageguard::clue::disputes::escalate(&app.db, 3).await.unwrap(), 0, "filed once");
    let config = wageguard::config::WarningConfig::default();
    wageguard::warning::engine::run(&app.db, &config, wageguard::clock::china_today()).await.unwrap();
    let warned = app.scalar_owned(format!(
        "SELECT COUNT(*) FROM warnings WHERE rule = 'dispute_unanswered' AND level = 'orange' AND subject_id = {worker} AND status = 'open'"
    )).await;
    assert_eq!(warned, 1, "an orange warning while the dispute waits");
    let lead = app.scalar_owned(format!("SELECT lead_id FROM wage_line_confirmations WHERE line_id = {id}")).await;
    let reporter = app.scalar_owned(format!(
        "SELECT COUNT(*) FROM leads l JOIN workers w ON w.id_number = l.id_number WHERE l.id = {lead} AND w.id = {worker} AND l.project_id = 1 AND l.description LIKE '%扣款没说明%'"
    )).await;
    assert_eq!(reporter, 1);
    let his = app.get("/worker/clue/v1/Clue/list", Some(&token)).await;
    assert_eq!(his["code"], 201, "{his}");
    assert_eq!(his["data"]["total"], 1);
    assert_eq!(his["data"]["list"][0]["statusLabel"], "待派发");
}
both!(an_unanswered_dispute_becomes_a_lead_once);

async fn he_files_a_lead_and_reads_the_board_of_his_site(app: &TestApp) {
    let worker = app.scalar("SELECT MIN(worker_id) FROM employments WHERE project_id = 1 AND status = 1").await;
    let token = worker_login(app, worker, "13912340008").await;
    let board = app.get("/worker/project/v1/Project/noticeBoard?projectId=1", None).await;
    assert_eq!(board["code"], 201, "{board}");
    assert_eq!(board["data"]["complaintHotline"], "12333");
    assert_eq!(app.get("/worker/project/v1/Project/noticeBoard?projectId=999", None).await["code"], 404);
    assert_eq!(app.get("/worker/project/v1/Project/noticeBoard?projectId=x", None).await["code"], 404);

    let fields = [
        ("projectId", "1"),
        ("employer", "钢筋班"),
        ("amount", "3600"),
        ("months", "2"),
        ("description", "两个月工资未发"),
        ("name", "冒名"),
        ("phone", "13000000000"),
        ("idNumber", "11010519491231002X"),
    ];
    let (boundary, body) = multipart_fields(&fields);
    let request = axum::http::Request::post("/worker/clue/v1/Clue/submit")
        .header("content-type", format!("multipart/form-data; boundary={boundary}"))
        .header("x-token", &token)
        .body(axum::body::Body::from(body))
        .unwrap();
    let (_, reply) = app.send(request).await;
    assert_eq!(reply["code"], 201, "{reply}");
    let named = app.scalar_owned(format!(
        "SELECT COUNT(*) FROM leads l JOIN workers w ON w.id_number = l.id_number AND w.phone = l.phone AND w.name = l.reporter_name WHERE w.id = {worker}"
    )).await;
    assert_eq!(named, 1, "the roster names the reporter, not what he typed");
    let his = app.get("/worker/clue/v1/Clue/list", Some(&token)).await;
    assert_eq!(his["data"]["list"][0]["receipt"], reply["data"]["receipt"]);
    assert_eq!(app.get("/worker/clue/v1/Clue/list", None).await["code"], 101);
}
both!(he_files_a_lead_and_reads_the_board_of_his_site);

fn multipart_fields(fields: &[(&str, &str)]) -> (String, Vec<u8>) {
    let boundary = "worker-side-boundary".to_owned();
    let mut body = Vec::new();
    for (name, value) in fields {
        body.extend_from_slice(
            format!("--{boundary}\r\nContent-Disposition: form-data; name=\"{name}\"\r\n\r\n{value}\r\n").as_bytes(),
        );
    }
    body.extend_from_slice(format!("--{boundary}--\r\n").as_bytes());
    (boundary, body)
}

async fn the_bureau_sees_disputes_and_confirmation_rates(app: &TestApp) {
    let demo = app.login("demo", "Demo@12345").await;
    let (sheet, line) = sheet_and_line(app, &demo).await;
    let token = worker_login(app, line["workerId"].as_i64().unwrap(), "13912340010").await;
    assert_eq!(
        app.post("/builder/wage/v1/Sheet/confirm", Some(&demo), &[("id", &sheet.to_string())]).await["code"],
        201
    );
    let id = line["id"].to_string();
    assert_eq!(app.post("/worker/wage/v1/Wage/confirm", Some(&token), &[("id", &id)]).await["code"], 201);
    let asked = lines(app, &demo, sheet).await.len() as i64;
    let month = previous_month();
    let report =
        app.get(&format!("/builder/report/v1/Report/wage?startMonth={month}&endMonth={month}"), Some(&demo)).await;
    assert_eq!(report["code"], 201, "{report}");
    let rates = report["data"]["confirmations"].as_array().unwrap();
    assert_eq!(rates.iter().map(|rate| rate["asked"].as_i64().unwrap()).sum::<i64>(), asked);
    assert_eq!(rates.iter().map(|rate| rate["confirmed"].as_i64().unwrap()).sum::<i64>(), 1);

    let other = lines(app, &demo, sheet)
        .await
        .into_iter()
        .find(|other| other["id"] != line["id"] && other["net"] != "0.00")
        .unwrap();
    let second = worker_login(app, other["workerId"].as_i64().unwrap(), "13912340011").await;
    let disputed = app
        .post(
            "/worker/wage/v1/Wage/dispute",
            Some(&second),
            &[("id", &other["id"].to_string()), ("reason", "rate"), ("text", "")],
        )
        .await;
    assert_eq!(disputed["code"], 201);
    let admin = app.login("admin", "Admin@12345").await;
    let directory = app.get("/admin/regulator/v1/Project/ajax_list?limit=50", Some(&admin)).await;
    let row = directory["data"]["list"].as_array().unwrap().iter().find(|row| row["id"] == 1).unwrap().clone();
    assert_eq!((row["disputes"].as_i64(), row["disputesUnanswered"].as_i64()), (Some(1), Some(1)), "{row}");
}
both!(the_bureau_sees_disputes_and_confirmation_rates);
