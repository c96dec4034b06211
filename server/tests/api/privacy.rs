//! Privacy: every list answers ID and wage-card numbers masked (`4101**********123X`), the detail in full,
//! and `Privacy/reveal` answers one full number and logs who saw which field of which record.

use serde_json::Value;

use crate::both;
use crate::support::{TestApp, assert_refused};

const REVEAL: &str = "/builder/common/v1/Privacy/reveal";
const PASSWORD: &str = "Demo@12345";

/// The one masking rule: first 4, last 4, an asterisk for each character between.
fn is_masked(number: &str) -> bool {
    let chars: Vec<char> = number.chars().collect();
    chars.len() > 8
        && chars[4..chars.len() - 4].iter().all(|char| *char == '*')
        && chars[..4].iter().chain(&chars[chars.len() - 4..]).all(|char| *char != '*')
}

async fn data(app: &TestApp, reply: Value) -> Value {
    let _ = app;
    assert_eq!(reply["code"], 201, "{reply}");
    reply["data"].clone()
}

async fn reveal(app: &TestApp, token: &str, pairs: &[(&str, &str)]) -> Value {
    app.post(REVEAL, Some(token), pairs).await
}

async fn the_roster_list_masks_and_the_detail_is_full(app: &TestApp) {
    let demo = app.login("demo", PASSWORD).await;
    let list = data(app, app.get("/builder/user/v1/Worker/list?limit=5", Some(&demo)).await).await;
    let line = &list["list"][0];
    let (id_number, card) = (line["idNumber"].as_str().unwrap(), line["wageCardNumber"].as_str().unwrap());
    assert!(is_masked(id_number) && id_number.len() == 18, "{id_number}");
    assert!(is_masked(card), "{card}");
    let detail =
        data(app, app.get(&format!("/builder/user/v1/Worker/detail?id={}", line["id"]), Some(&demo)).await).await;
    let full_id = detail["idNumber"].as_str().unwrap().to_owned();
    let full_card = detail["wageCardNumber"].as_str().unwrap().to_owned();
    assert!(!full_id.contains('*') && full_id[..4] == id_number[..4] && full_id[14..] == id_number[14..]);
    assert!(!full_card.contains('*') && full_card.len() == card.len());

    // The eye icon: the full number, and one log line naming who, which record and which field.
    let id = line["id"].to_string();
    assert_eq!(
        data(app, reveal(app, &demo, &[("record", "roster"), ("id", &id), ("field", "id_number")]).await).await,
        full_id.as_str()
    );
    assert_eq!(
        data(app, reveal(app, &demo, &[("record", "roster"), ("id", &id), ("field", "card")]).await).await,
        full_card.as_str()
    );
    let logged = format!(
        "SELECT COUNT(*) FROM operation_log WHERE action = '查看完整号码' AND account_name = 'demo' AND target_type = 'employment' AND target_id = '{id}'"
    );
    assert_eq!(app.scalar(logged.leak()).await, 2);
    let leaked =
        format!("SELECT COUNT(*) FROM operation_log WHERE detail LIKE '%{full_id}%' OR detail LIKE '%{full_card}%'");
    assert_eq!(app.scalar(leaked.leak()).await, 0, "the log never holds the number");
    let worker = line["workerId"].to_string();
    assert_eq!(
        data(app, reveal(app, &demo, &[("record", "worker"), ("id", &worker), ("field", "id_number")]).await).await,
        full_id.as_str()
    );

    // Bad requests change nothing; another project's record is not found; finance reads nothing.
    assert_refused(
        &reveal(app, &demo, &[("record", "bank"), ("id", &id), ("field", "id_number")]).await,
        "请选择要查看的记录",
    );
    assert_refused(
        &reveal(app, &demo, &[("record", "credit"), ("id", "1"), ("field", "card")]).await,
        "该记录没有这个号码",
    );
    assert_eq!(
        reveal(app, &demo, &[("record", "roster"), ("id", "999999"), ("field", "id_number")]).await["code"],
        404
    );
    assert_eq!(
        reveal(app, &demo, &[("record", "roster"), ("id", &id), ("field", "id_number"), ("project_id", "2")]).await["code"],
        404
    );
    let finance = app.login("finance", PASSWORD).await;
    assert_eq!(reveal(app, &finance, &[("record", "roster"), ("id", &id), ("field", "id_number")]).await["code"], 403);
    assert_eq!(app.scalar("SELECT COUNT(*) FROM operation_log WHERE action = '查看完整号码'").await, 3);
    let admin = app.login("admin", "Admin@12345").await;
    assert_eq!(
        data(
            app,
            reveal(app, &admin, &[("record", "roster"), ("id", &id), ("field", "card"), ("project_id", "1")]).await
        )
        .await,
        full_card.as_str()
    );
}
both!(the_roster_list_masks_and_the_detail_is_full);

async fn the_id_supplement_and_training_lists_mask(app: &TestApp) {
    let demo = app.login("demo", PASSWORD).await;
    let incomplete = data(app, app.get("/builder/user/v1/Worker/incomplete", Some(&demo)).await).await;
    assert!(
        incomplete["list"].as_array().unwrap().iter().all(|line| is_masked(line["idNumber"].as_str().unwrap())),
        "{incomplete}"
    );
    let lines = data(app, app.get("/builder/user/v1/Worker/list?limit=2", Some(&demo)).await).await;
    let ids: Vec<String> = lines["list"].as_array().unwrap().iter().map(|line| line["workerId"].to_string()).collect();
    let form = [
        ("topic", "入场安全教育"),
        ("date", "2026-03-05"),
        ("trainer", "孙志强"),
        ("hours", "1"),
        ("workerIds", &ids.join(",")),
    ];
    let training = data(app, app.post("/builder/user/v1/Worker/trainSave", Some(&demo), &form).await).await;
    let detail =
        data(app, app.get(&format!("/builder/user/v1/Worker/trainDetail?id={training}"), Some(&demo)).await).await;
    let attendees = detail["attendeeList"].as_array().unwrap();
    assert_eq!(attendees.len(), 2);
    assert!(attendees.iter().all(|attendee| is_masked(attendee["idNumber"].as_str().unwrap())), "{detail}");
    let full = data(
        app,
        reveal(app, &demo, &[("record", "worker"), ("id", &attendees[0]["id"].to_string()), ("field", "id_number")])
            .await,
    )
    .await;
    assert!(!full.as_str().unwrap().contains('*'));
}
both!(the_id_supplement_and_training_lists_mask);

async fn the_team_staff_and_credit_lists_mask(app: &TestApp) {
    let demo = app.login("demo", PASSWORD).await;
    let teams = data(app, app.post("/builder/team/v1/Team/ajax_list", Some(&demo), &[]).await).await;
    let team = &teams["list"][0];
    let masked = team["leader_id_number"].as_str().unwrap();
    assert!(is_masked(masked), "{team}");
    let full = data(app, app.get(&format!("/builder/team/v1/Team/detail?id={}", team["id"]), Some(&demo)).await).await
        ["leader_id_number"]
        .clone();
    assert_eq!(
        data(
            app,
            reveal(app, &demo, &[("record", "team"), ("id", &team["id"].to_string()), ("field", "id_number")]).await
        )
        .await,
        full
    );
    assert_eq!(app.get("/builder/team/v1/Team/detail?id=999999", Some(&demo)).await["code"], 404);

    let staff = data(app, app.post("/builder/project/v1/Staff/list", Some(&demo), &[]).await).await;
    let person = &staff["list"][0];
    assert!(is_masked(person["idNumber"].as_str().unwrap()), "{person}");
    let full = data(app, app.get(&format!("/builder/project/v1/Staff/detail?id={}", person["id"]), Some(&demo)).await)
        .await["idNumber"]
        .clone();
    assert!(!full.as_str().unwrap().contains('*'));
    assert_eq!(
        data(
            app,
            reveal(app, &demo, &[("record", "staff"), ("id", &person["id"].to_string()), ("field", "id_number")]).await
        )
        .await,
        full
    );

    let credits =
        data(app, app.post("/builder/faith/v1/Credit/list", Some(&demo), &[("kind", "punishment")]).await).await;
    let record = &credits["list"][0];
    assert_eq!(record["idNumber"], "4101**********5616");
    assert_eq!(
        data(
            app,
            reveal(app, &demo, &[("record", "credit"), ("id", &record["id"].to_string()), ("field", "id_number")])
                .await
        )
        .await,
        "410184199202035616"
    );
    assert_eq!(app.scalar("SELECT COUNT(*) FROM operation_log WHERE action = '查看完整号码' AND target_type IN ('team', 'project_staff', 'credit_record')").await, 3);
}
both!(the_team_staff_and_credit_lists_mask);

async fn wage_and_attendance_lists_mask(app: &TestApp) {
    let demo = app.login("demo", PASSWORD).await;
    let all_masked = |rows: &Value, fields: &[&str]| {
        let rows = rows.as_array().expect("a list");
        assert!(!rows.is_empty());
        for row in rows {
            for field in fields {
                let value = row[*field].as_str().unwrap_or_else(|| panic!("{field} in {row}"));
                assert!(value.is_empty() || is_masked(value), "{field}: {value}");
            }
        }
    };
    // Wage sheet lines, and the pay lines of the order they go into.
    let order = crate::orders::submitted_order(app, &demo).await;
    let sheet = app.scalar("SELECT MIN(id) FROM wage_sheets WHERE project_id = 1").await;
    let lines = crate::wages::lines(app, &demo, sheet).await;
    all_masked(&lines.clone().into(), &["idNumber", "cardNumber"]);
    let detail =
        data(app, app.get(&format!("/builder/wage/v1/Order/detail?id={order}&limit=100"), Some(&demo)).await).await;
    all_masked(&detail["lines"]["list"], &["idNumber", "cardNumber", "currentCard"]);

    // Their eye icons: the sheet line's and the pay line's numbers, logged.
    let line = lines[0]["id"].to_string();
    let card = data(app, reveal(app, &demo, &[("record", "wage_line"), ("id", &line), ("field", "card")]).await).await;
    let stored =
        format!("SELECT COUNT(*) FROM wage_lines WHERE id = {line} AND card_number = '{}'", card.as_str().unwrap());
    assert_eq!(app.scalar(stored.leak()).await, 1);
    let payout = detail["lines"]["list"][0]["id"].to_string();
    let id_number =
        data(app, reveal(app, &demo, &[("record", "payout"), ("id", &payout), ("field", "id_number")]).await).await;
    assert_eq!(id_number.as_str().unwrap().len(), 18);
    assert!(!id_number.as_str().unwrap().contains('*'));
    assert!(
        !data(app, reveal(app, &demo, &[("record", "payout"), ("id", &payout), ("field", "current_card")]).await)
            .await
            .as_str()
            .unwrap()
            .contains('*')
    );
    assert_refused(
        &reveal(app, &demo, &[("record", "wage_line"), ("id", &line), ("field", "current_card")]).await,
        "该记录没有这个号码",
    );
    assert_eq!(app.scalar("SELECT COUNT(*) FROM operation_log WHERE action = '查看完整号码' AND target_type IN ('wage_line', 'payout')").await, 3);
    // Punch records and the monthly attendance sheet (its export keeps the full numbers).
    let records = data(app, app.get("/builder/attendance/v1/Record/list", Some(&demo)).await).await;
    all_masked(&records["list"], &["idNumber"]);
    let month = crate::wages::previous_month();
    let sheet =
        data(app, app.get(&format!("/builder/attendance/v1/Sheet/month?month={month}"), Some(&demo)).await).await;
    all_masked(&sheet["list"], &["idNumber"]);
}
both!(wage_and_attendance_lists_mask);
