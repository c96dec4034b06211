//! Workers: site entry registration, the roster (filters, detail, exit, re-entry, import, export),
//! training and the ID supplement under `/builder/user/v1/Worker/…`, with the scoping rules.

use axum::body::Body;
use axum::http::{Request, header};
use http_body_util::BodyExt;
use percent_encoding::{NON_ALPHANUMERIC, utf8_percent_encode};
use serde_json::{Value, json};
use tower::ServiceExt;

use crate::both;
use crate::support::{TestApp, assert_refused};

const BASE: &str = "/builder/user/v1/Worker";
const UPLOAD: &str = "/builder/common/v1/site/upload_file_batch";
const PASSWORD: &str = "Demo@12345";
const PNG: &[u8] = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x01\0\0\0\x01\x08\x06\0\0\0\x1f\x15\xc4\x89";
/// Valid GB 11643 numbers that are not in the demo roster.
const NEW_ID: &str = "11010519491231002X";
const NEW_ID_2: &str = "410102199003074319";
const NEW_ID_3: &str = "420802198511200620";

fn path(action: &str) -> String {
    format!("{BASE}/{action}")
}

async fn options(app: &TestApp, token: &str) -> Value {
    let reply = app.get(&path("options"), Some(token)).await;
    assert_eq!(reply["code"], 201, "{reply}");
    reply["data"].clone()
}

/// The demo contractor unit and its team 钢筋班.
async fn unit_and_team(app: &TestApp, token: &str) -> (String, String) {
    let data = options(app, token).await;
    let unit = data["units"][0]["value"].to_string();
    let team =
        data["teams"].as_array().unwrap().iter().find(|team| team["label"] == "钢筋班").expect("钢筋班")["value"]
            .to_string();
    (unit, team)
}

fn register_form<'a>(id_number: &'a str, unit: &'a str, team: &'a str) -> Vec<(&'static str, &'a str)> {
    vec![
        ("name", "赵铁柱"),
        ("idNumber", id_number),
        ("ethnicity", "汉"),
        ("address", "河南省郑州市金水区文化路1号"),
        ("issuingAuthority", "郑州市公安局金水分局"),
        ("validFrom", "2016-05-01"),
        ("validTo", "长期"),
        ("phone", "13800138000"),
        ("wageCardNumber", "6222 0212 3456 7894"),
        ("wageCardBank", "102"),
        ("unitId", unit),
        ("teamId", team),
        ("workType", "3"),
        ("wageKind", "day"),
        ("wage", "350.5"),
        ("contractSigned", "1"),
        ("contractStart", "2026-03-01"),
        ("contractEnd", "2026-12-31"),
        ("entryDate", "2026-03-02"),
    ]
}

fn with<'a>(form: &[(&'static str, &'a str)], changes: &[(&'static str, &'a str)]) -> Vec<(&'static str, &'a str)> {
    let mut form = form.to_vec();
    for (key, value) in changes {
        form.retain(|(existing, _)| existing != key);
        form.push((key, value));
    }
    form
}

async fn list(app: &TestApp, token: &str, query: &str) -> Value {
    let reply = app.get(&format!("{}?{query}", path("list")), Some(token)).await;
    assert_eq!(reply["code"], 201, "{reply}");
    reply["data"].clone()
}

/// GETs a file: (content type, bytes), or the envelope when the reply is JSON.
async fn download(app: &TestApp, url: &str, token: &str) -> (String, Vec<u8>) {
    let request = Request::get(url).header("X-Token", token).body(Body::empty()).unwrap();
    let response = app.router.clone().oneshot(request).await.unwrap();
    assert_eq!(response.status(), 200);
    let content_type =
        response.headers().get(header::CONTENT_TYPE).map(|v| v.to_str().unwrap().to_owned()).unwrap_or_default();
    let bytes = response.into_body().collect().await.unwrap().to_bytes().to_vec();
    (content_type, bytes)
}

async fn import(app: &TestApp, token: &str, bytes: &[u8]) -> Value {
    import_to(app, token, &path("import"), bytes).await
}

async fn import_to(app: &TestApp, token: &str, url: &str, bytes: &[u8]) -> Value {
    let boundary = "wageguard-import-boundary";
    let mut body = format!(
        "--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"roster.xlsx\"\r\nContent-Type: application/octet-stream\r\n\r\n"
    )
    .into_bytes();
    body.extend_from_slice(bytes);
    body.extend_from_slice(format!("\r\n--{boundary}--\r\n").as_bytes());
    let request = Request::post(url)
        .header(header::CONTENT_TYPE, format!("multipart/form-data; boundary={boundary}"))
        .header("X-Token", token)
        .body(Body::from(body))
        .unwrap();
    let (status, reply) = app.send(request).await;
    assert_eq!(status, 200, "{reply}");
    reply
}

async fn registration_derives_the_person_and_refuses_bad_fields(app: &TestApp) {
    let token = app.login("demo", PASSWORD).await;
    let data = options(app, &token).await;
    let units: Vec<&str> =
        data["units"].as_array().unwrap().iter().map(|unit| unit["role"].as_str().unwrap()).collect();
    assert_eq!(units, ["contractor", "subcontractor", "labour"], "the units on site; never the builder: {data}");
    let teams: Vec<&str> =
        data["teams"].as_array().unwrap().iter().map(|team| team["label"].as_str().unwrap()).collect();
    assert_eq!(teams, ["钢筋班", "木工班", "混凝土班"]);
    assert_eq!(data["workTypes"][2]["label"], "钢筋工");
    assert_eq!(data["banks"][0], json!({"value": "102", "label": "中国工商银行"}));

    let (unit, team) = unit_and_team(app, &token).await;
    let form = register_form("11010519491231002x", &unit, &team);
    for (changes, message) in [
        (vec![("name", "")], "请填写规范的姓名"),
        (vec![("idNumber", "110105194912310021")], "请填写正确的身份证号码"),
        (vec![("phone", "12345")], "请填写正确的联系电话"),
        (vec![("wageCardNumber", "12345")], "工资卡号应为12-30位数字"),
        (vec![("wageCardBank", "")], "请选择工资卡开户银行"),
        (vec![("wageCardBank", "999")], "请选择正确的开户银行"),
        (vec![("unitId", "")], "请选择所属单位"),
        (vec![("unitId", "99999")], "所属单位不在本项目或已退场"),
        (vec![("teamId", "99999")], "班组不属于所选单位"),
        (vec![("workType", "")], "请选择工种"),
        (vec![("wageKind", "hour")], "请选择工资标准类型（日薪或月薪）"),
        (vec![("wage", "1.234")], "工资标准应为不超过99999.99元的金额，最多2位小数"),
        (vec![("wage", "0")], "工资标准应大于0"),
        (vec![("contractEnd", "")], "请选择劳动合同起止日期"),
        (vec![("contractEnd", "2026-01-01")], "劳动合同开始日期不能晚于结束日期"),
        (vec![("entryDate", "")], "请选择进场日期"),
        (vec![("validTo", "永久")], "身份证有效期截止日期应为日期或“长期”"),
        (vec![("photo", "/uploads/0123456789abcdef0123456789abcdef.png")], "身份证照片须为本项目上传的图片"),
    ] {
        let reply = app.post(&path("register"), Some(&token), &with(&form, &changes)).await;
        assert_refused(&reply, message);
    }
    assert_eq!(
        app.scalar("SELECT COUNT(*) FROM workers WHERE id_number = '11010519491231002X'").await,
        0,
        "nothing stored"
    );

    let photo = app.upload(&format!("{UPLOAD}?kind=avatar"), Some(&token), &[("id.png", PNG)]).await;
    let photo = photo["data"][0].as_str().unwrap().to_owned();
    let reply = app.post(&path("register"), Some(&token), &with(&form, &[("photo", &photo)])).await;
    assert_eq!(reply["code"], 201, "{reply}");
    let id = reply["data"]["id"].as_i64().unwrap();

    let detail = app.get(&format!("{}?id={id}", path("detail")), Some(&token)).await;
    let detail = &detail["data"];
    assert_eq!(detail["idNumber"], NEW_ID);
    assert_eq!(detail["gender"], "女");
    assert_eq!(detail["birthDate"], "1949-12-31");
    assert_eq!(detail["nativePlace"], "北京市");
    assert!(detail["age"].as_u64().unwrap() >= 76);
    assert_eq!(detail["wage"], "350.50");
    assert_eq!(detail["wageCardNumber"], "6222021234567894");
    assert_eq!(detail["teamName"], "钢筋班");
    assert_eq!(detail["workTypeLabel"], "钢筋工");
    assert_eq!(detail["validTo"], "长期");
    assert_eq!(detail["photo"], photo.as_str());
    assert_eq!(detail["contractSigned"], true);
    assert_eq!(detail["status"], 1);
    assert_eq!(detail["history"].as_array().unwrap().len(), 1);
    assert_listed_as_detailed(app, &token, id, "110105194912310").await;
    let teamless = with(&form, &[("idNumber", "110105194912310046"), ("teamId", ""), ("contractSigned", "0")]);
    let reply = app.post(&path("register"), Some(&token), &teamless).await;
    assert_eq!(reply["code"], 201, "{reply}");
    let line =
        assert_listed_as_detailed(app, &token, reply["data"]["id"].as_i64().unwrap(), "110105194912310046").await;
    assert_eq!(
        (&line["teamId"], &line["teamName"], &line["contractSigned"]),
        (&Value::Null, &json!(""), &json!(false))
    );

    let again = app.post(&path("register"), Some(&token), &form).await;
    assert_refused(&again, "该人员已在本项目在场，不能重复登记");
    assert_eq!(app.scalar("SELECT COUNT(*) FROM operation_log WHERE action = '人员进场登记'").await, 2);
}

/// The roster line of employment `id` (found by `id_prefix`) as the list gives it: every field the detail has,
/// equal to it but for the masked numbers. SQLite hands the list over by another path than the detail.
async fn assert_listed_as_detailed(app: &TestApp, token: &str, id: i64, id_prefix: &str) -> Value {
    let detail = app.get(&format!("{}?id={id}", path("detail")), Some(token)).await["data"].clone();
    let listed = list(app, token, &format!("idNumber={id_prefix}")).await;
    let line =
        listed["list"].as_array().unwrap().iter().find(|line| line["id"] == id).expect("the line is listed").clone();
    for (field, value) in line.as_object().unwrap() {
        if field != "idNumber" && field != "wageCardNumber" {
            assert_eq!(value, &detail[field], "{field}");
        }
    }
    line
}

/// A second approved project with its own builder account and contractor, for the duplicate and scoping cases.
async fn second_project(app: &TestApp) -> String {
    app.exec("UPDATE projects SET audit_status = '2', name = '洛阳市老城区棚改项目' WHERE id = 2").await;
    app.exec(
        "INSERT INTO companies (social_credit_code, name, locked, created_at, updated_at) VALUES ('91410100MA3X000008', '洛阳建设有限公司', TRUE, 0, 0)",
    )
    .await;
    app.exec(
        "INSERT INTO project_units (project_id, company_id, role, created_at, updated_at) \
         SELECT 2, id, 'contractor', 0, 0 FROM companies WHERE social_credit_code = '91410100MA3X000008'",
    )
    .await;
    let token = app.login("newsite", PASSWORD).await;
    assert_eq!(app.scalar("SELECT project_id FROM accounts WHERE username = 'newsite'").await, 2);
    token
}

/// A person's name, phone and card as stored.
async fn stored_person(app: &TestApp, id_number: &str) -> (String, String, String) {
    wageguard::on_db!(&app.db, pool => sqlx::query_as("SELECT name, phone, wage_card_number FROM workers WHERE id_number = $1")
        .bind(id_number).fetch_one(pool).await).unwrap()
}

async fn a_person_active_elsewhere_is_flagged_not_duplicated(app: &TestApp) {
    let other = second_project(app).await;
    let unit = options(app, &other).await["units"][0]["value"].to_string();
    let demo_worker = wageguard::worker::demo::demo_id_number(0);
    let form = with(&register_form(&demo_worker, &unit, ""), &[("name", "王建军")]);
    let reply = app.post(&path("register"), Some(&other), &form).await;
    assert_eq!(reply["code"], 301, "{reply}");
    assert_eq!(reply["message"], "该人员已在项目「郑州市金水区幸福里安置房项目」在场，确认继续登记吗？");
    assert_eq!(app.scalar("SELECT COUNT(*) FROM employments WHERE project_id = 2").await, 0);

    let before = stored_person(app, &demo_worker).await;
    // Another project's clerk who knows only the ID number cannot rewrite the person, least of all the card
    // the first project pays their wages to.
    let rewrite = with(
        &form,
        &[("confirmed", "1"), ("name", "赵铁柱"), ("phone", "13911112222"), ("wageCardNumber", "6222021234567890128")],
    );
    let confirmed = app.post(&path("register"), Some(&other), &rewrite).await;
    assert_eq!(confirmed["code"], 201, "{confirmed}");
    assert_eq!(app.scalar("SELECT COUNT(*) FROM workers").await, 30, "the same person, once");
    assert_eq!(app.scalar("SELECT COUNT(*) FROM employments WHERE status = 1").await, 31);
    assert_eq!(stored_person(app, &demo_worker).await, before, "the person stays as the first project keeps them");
    assert_eq!(
        app.scalar(
            "SELECT COUNT(*) FROM operation_log WHERE action = '人员进场登记' AND detail LIKE '%个人信息沿用已登记的%'"
        )
        .await,
        1
    );

    let line = confirmed["data"]["id"].to_string();
    let edit = [
        ("id", line.as_str()),
        ("phone", "13911112222"),
        ("wageCardNumber", "6222021234567890128"),
        ("wageCardBank", "102"),
    ];
    assert_refused(
        &app.post(&path("edit"), Some(&other), &edit).await,
        "该人员已先在其他项目在场，其个人信息由该项目维护，本项目不能修改",
    );
    assert_eq!(stored_person(app, &demo_worker).await, before);
    let demo = app.login("demo", PASSWORD).await;
    let first_line: i64 = wageguard::on_db!(&app.db, pool => sqlx::query_scalar(
        "SELECT e.id FROM employments e JOIN workers w ON w.id = e.worker_id WHERE w.id_number = $1 AND e.project_id = 1")
        .bind(&demo_worker).fetch_one(pool).await).unwrap();
    let first_line = first_line.to_string();
    let kept = app
        .post(
            &path("edit"),
            Some(&demo),
            &[("id", first_line.as_str()), ("phone", "13911113333"), ("wageCardNumber", ""), ("wageCardBank", "")],
        )
        .await;
    assert_eq!(kept["code"], 201, "the first project still keeps the person: {kept}");
}

async fn the_roster_filters_pages_exits_and_reenters(app: &TestApp) {
    let token = app.login("demo", PASSWORD).await;
    let all = list(app, &token, "page=1&limit=20").await;
    assert_eq!(all["total"], 30);
    assert_eq!(all["list"].as_array().unwrap().len(), 20);
    assert_eq!(all["page"], 1);
    assert_eq!(list(app, &token, "page=2&limit=20").await["list"].as_array().unwrap().len(), 10);

    let (unit, team) = unit_and_team(app, &token).await;
    let by_team = list(app, &token, &format!("teamId={team}&unitId={unit}&limit=100")).await;
    assert_eq!(by_team["total"], 10);
    assert!(by_team["list"].as_array().unwrap().iter().all(|line| line["teamName"] == "钢筋班"));
    assert_eq!(list(app, &token, "workType=2").await["total"], 10, "木工班's work type");
    assert_eq!(list(app, &token, "name=%E7%8E%8B").await["total"], 3, "王 × 3 given names");
    let first_id = wageguard::worker::demo::demo_id_number(0);
    let by_id = list(app, &token, &format!("idNumber={}", &first_id[..14])).await;
    assert_eq!(by_id["total"], 1);
    assert_eq!(list(app, &token, "entryFrom=2026-03-01&entryTo=2026-03-01").await["total"], 2);
    assert_eq!(list(app, &token, "status=2").await["total"], 0);
    assert_refused(&app.get(&format!("{}?status=9", path("list")), Some(&token)).await, "请选择正确的在场状态");
    assert_refused(&app.get(&format!("{}?limit=101", path("list")), Some(&token)).await, "每页条数应为1-100");
    assert_refused(&app.get(&format!("{}?page=0", path("list")), Some(&token)).await, "页码应为正整数");
    assert_refused(&app.get(&format!("{}?entryFrom=2026-13-01", path("list")), Some(&token)).await, "请选择正确的日期");

    let line = &by_id["list"][0];
    let id = line["id"].to_string();
    let entry = line["entryDate"].as_str().unwrap().to_owned();
    assert_eq!(entry, "2026-03-01");
    assert_refused(
        &app.post(&path("exit"), Some(&token), &[("id", &id), ("date", "2026-02-28")]).await,
        "退场日期不能早于进场日期",
    );
    assert_refused(&app.post(&path("exit"), Some(&token), &[("id", &id), ("date", "")]).await, "请选择退场日期");
    assert_refused(
        &app.post(&path("reenter"), Some(&token), &[("id", &id), ("date", "2026-06-01")]).await,
        "该人员仍在场，不能重新进场",
    );
    let exited = app.post(&path("exit"), Some(&token), &[("id", &id), ("date", "2026-05-31")]).await;
    assert_eq!(exited["code"], 201, "{exited}");
    assert_refused(
        &app.post(&path("exit"), Some(&token), &[("id", &id), ("date", "2026-06-01")]).await,
        "该人员已退场",
    );
    assert_eq!(list(app, &token, "status=2").await["total"], 1);

    assert_refused(
        &app.post(&path("reenter"), Some(&token), &[("id", &id), ("date", "2026-05-30")]).await,
        "重新进场日期不能早于上次退场日期",
    );
    let back = app.post(&path("reenter"), Some(&token), &[("id", &id), ("date", "2026-06-10")]).await;
    assert_eq!(back["code"], 201, "{back}");
    let new_id = back["data"]["id"].as_i64().unwrap();
    let detail = app.get(&format!("{}?id={new_id}", path("detail")), Some(&token)).await["data"].clone();
    assert_eq!(detail["entryDate"], "2026-06-10");
    assert_eq!(detail["status"], 1);
    assert_eq!(detail["teamName"], line["teamName"]);
    let history = detail["history"].as_array().unwrap();
    assert_eq!(history.len(), 2, "the old line stays");
    assert_eq!(history[1]["exitDate"], "2026-05-31");
    assert_eq!(list(app, &token, "").await["total"], 31);
    assert_refused(
        &app.post(&path("reenter"), Some(&token), &[("id", &id), ("date", "2026-07-01")]).await,
        "该人员已在本项目在场，不能重复登记",
    );
    assert_eq!(app.scalar("SELECT COUNT(*) FROM operation_log WHERE action IN ('人员退场', '人员重新进场')").await, 2);
}

fn workbook(rows: &[[&str; 19]]) -> Vec<u8> {
    let mut workbook = rust_xlsxwriter::Workbook::new();
    let sheet = workbook.add_worksheet();
    for (col, title) in wageguard::worker::xlsx::COLUMNS.iter().enumerate() {
        sheet.write_string(0, col as u16, *title).unwrap();
    }
    for (index, row) in rows.iter().enumerate() {
        for (col, value) in row.iter().enumerate() {
            sheet.write_string(index as u32 + 1, col as u16, *value).unwrap();
        }
    }
    workbook.save_to_buffer().unwrap()
}

async fn import_saves_good_rows_and_reports_bad_ones_and_export_follows_the_filter(app: &TestApp) {
    let token = app.login("demo", PASSWORD).await;
    let (content_type, template) = download(app, &path("template"), &token).await;
    assert_eq!(content_type, wageguard::worker::xlsx::CONTENT_TYPE);
    let rows = wageguard::worker::xlsx::read_rows(&template).await.unwrap();
    assert_eq!(rows[0].cells[10], "河南省第一建筑工程集团有限责任公司", "the example names this project's unit");

    let unit = "河南省第一建筑工程集团有限责任公司";
    let good = |id: &'static str| -> [&'static str; 19] {
        [
            "孙小明",
            id,
            "汉",
            "",
            "",
            "",
            "",
            "13900000001",
            "",
            "",
            unit,
            "木工班",
            "木工",
            "月薪",
            "6000",
            "否",
            "",
            "",
            "2026-04-01",
        ]
    };
    let mut bad_team = good(NEW_ID_3);
    bad_team[11] = "不存在班";
    let mut bad_id = good("110105194912310021");
    bad_id[0] = "错号码";
    let already = wageguard::worker::demo::demo_id_number(1);
    let already: &'static str = Box::leak(already.into_boxed_str());
    let reply =
        import(app, &token, &workbook(&[good(NEW_ID), bad_id, good(NEW_ID_2), good(NEW_ID), bad_team, good(already)]))
            .await;
    assert_eq!(reply["code"], 201, "{reply}");
    assert_eq!(reply["data"]["saved"], 2, "{reply}");
    let failed = reply["data"]["failed"].as_array().unwrap();
    let reasons: Vec<(u64, &str)> =
        failed.iter().map(|bad| (bad["row"].as_u64().unwrap(), bad["reason"].as_str().unwrap())).collect();
    assert_eq!(
        reasons,
        [
            (3, "请填写正确的身份证号码"),
            (5, "身份证号与第2行重复"),
            (6, "班组“不存在班”不属于所属单位"),
            (7, "该人员已在本项目在场，不能重复登记"),
        ]
    );
    let imported = list(app, &token, "entryFrom=2026-04-01&entryTo=2026-04-01").await;
    assert_eq!(imported["total"], 2);
    assert_eq!(imported["list"][0]["wageKind"], "month");
    assert_eq!(imported["list"][0]["wage"], "6000.00");
    assert_eq!(app.scalar("SELECT COUNT(*) FROM operation_log WHERE action = '人员批量导入'").await, 2);

    assert_refused(&import(app, &token, b"not a workbook").await, "请上传.xlsx格式的花名册文件");
    assert_refused(&import(app, &token, &workbook(&[])).await, "文件中没有人员数据");

    let (content_type, bytes) = download(app, &format!("{}?workType=2", path("export")), &token).await;
    assert_eq!(content_type, wageguard::worker::xlsx::CONTENT_TYPE);
    let exported = wageguard::worker::xlsx::read_rows(&bytes).await.unwrap();
    assert_eq!(exported.len(), 12, "10 demo carpenters and 2 imported");
    assert!(exported.iter().all(|row| row.cells[8] == "木工"));
    let (_, refused) = download(app, &format!("{}?status=7", path("export")), &token).await;
    let refused: Value = serde_json::from_slice(&refused).unwrap();
    assert_refused(&refused, "请选择正确的在场状态");
}

async fn training_and_id_supplement(app: &TestApp) {
    let token = app.login("demo", PASSWORD).await;
    let lines = list(app, &token, "limit=3").await;
    let ids: Vec<String> = lines["list"].as_array().unwrap().iter().map(|line| line["workerId"].to_string()).collect();
    let attendees = ids.join(",");
    let form = vec![
        ("topic", "入场安全教育"),
        ("date", "2026-03-05"),
        ("trainer", "孙志强"),
        ("hours", "1.5"),
        ("workerIds", attendees.as_str()),
    ];
    for (changes, message) in [
        (vec![("topic", "")], "请填写1-50个字的培训主题"),
        (vec![("date", "")], "请选择培训日期"),
        (vec![("trainer", "")], "请填写1-20个字的培训讲师"),
        (vec![("hours", "0.2")], "培训学时应为0.5-24之间的数字，最多1位小数"),
        (vec![("workerIds", "")], "请选择参加培训的人员"),
        (vec![("workerIds", "999999")], "参训人员须为本项目的人员"),
    ] {
        assert_refused(&app.post(&path("trainSave"), Some(&token), &with(&form, &changes)).await, message);
    }
    let saved = app.post(&path("trainSave"), Some(&token), &form).await;
    assert_eq!(saved["code"], 201, "{saved}");
    let training_id = saved["data"].as_i64().unwrap();
    let trainings = app.get(&path("trainList"), Some(&token)).await["data"].clone();
    assert_eq!(trainings["total"], 1);
    assert_eq!(trainings["list"][0]["hours"], "1.5");
    assert_eq!(trainings["list"][0]["attendees"], 3);
    let detail = app.get(&format!("{}?id={training_id}", path("trainDetail")), Some(&token)).await;
    assert_eq!(detail["data"]["attendeeList"].as_array().unwrap().len(), 3);

    let incomplete = app.get(&path("incomplete"), Some(&token)).await["data"].clone();
    assert_eq!(incomplete["total"], 30, "no demo worker has a photo");
    let worker = incomplete["list"][0].clone();
    assert!(worker["missing"].as_array().unwrap().contains(&Value::from("照片")));
    let worker_id = worker["id"].to_string();
    let photo = app.upload(&format!("{UPLOAD}?kind=avatar"), Some(&token), &[("id.png", PNG)]).await["data"][0]
        .as_str()
        .unwrap()
        .to_owned();
    let form = vec![
        ("id", worker_id.as_str()),
        ("ethnicity", "回"),
        ("address", "河南省郑州市金水区文化路1号"),
        ("issuingAuthority", "郑州市公安局金水分局"),
        ("validFrom", "2016-05-01"),
        ("validTo", "2036-05-01"),
        ("photo", photo.as_str()),
    ];
    for (changes, message) in [
        (vec![("address", "")], "请输入规范的地址"),
        (vec![("issuingAuthority", "")], "请填写签发机关"),
        (vec![("validTo", "")], "请选择身份证有效期"),
        (vec![("photo", "")], "请上传身份证照片"),
        (vec![("validTo", "2010-01-01")], "身份证有效期开始日期不能晚于截止日期"),
    ] {
        assert_refused(&app.post(&path("supplement"), Some(&token), &with(&form, &changes)).await, message);
    }
    let done = app.post(&path("supplement"), Some(&token), &form).await;
    assert_eq!(done["code"], 201, "{done}");
    assert_eq!(app.get(&path("incomplete"), Some(&token)).await["data"]["total"], 29);
    assert_eq!(
        app.scalar("SELECT COUNT(*) FROM operation_log WHERE action IN ('新增培训记录', '补充身份证信息')").await,
        2
    );
}

/// One text value read straight from the database.
async fn text(app: &TestApp, sql: String) -> String {
    wageguard::on_db!(&app.db, pool => sqlx::query_scalar::<_, String>(sqlx::AssertSqlSafe(sql.clone())).fetch_one(pool).await).expect("text query")
}

async fn a_training_is_corrected_with_before_and_after(app: &TestApp) {
    let token = app.login("demo", PASSWORD).await;
    let lines = list(app, &token, "limit=3").await;
    let ids: Vec<String> = lines["list"].as_array().unwrap().iter().map(|line| line["workerId"].to_string()).collect();
    let names: Vec<String> =
        lines["list"].as_array().unwrap().iter().map(|line| line["name"].as_str().unwrap().to_owned()).collect();
    let first_two = ids[..2].join(",");
    let form = vec![
        ("topic", "入场安全教育"),
        ("date", "2026-03-05"),
        ("trainer", "孙志强"),
        ("hours", "1.5"),
        ("workerIds", first_two.as_str()),
    ];
    let training_id = app.post(&path("trainSave"), Some(&token), &form).await["data"].to_string();

    let last_two = ids[1..].join(",");
    let corrected = with(
        &form,
        &[
            ("id", training_id.as_str()),
            ("topic", "高处作业安全"),
            ("date", "2026-03-06"),
            ("hours", "2"),
            ("content", "安全带的使用"),
            ("workerIds", last_two.as_str()),
        ],
    );
    for (changes, message) in [
        (vec![("topic", "")], "请填写1-50个字的培训主题"),
        (vec![("date", "")], "请选择培训日期"),
        (vec![("trainer", "")], "请填写1-20个字的培训讲师"),
        (vec![("hours", "0.2")], "培训学时应为0.5-24之间的数字，最多1位小数"),
        (vec![("workerIds", "")], "请选择参加培训的人员"),
        (vec![("workerIds", "999999")], "参训人员须为本项目的人员"),
    ] {
        assert_refused(&app.post(&path("trainSave"), Some(&token), &with(&corrected, &changes)).await, message);
    }
    let unchanged = with(&form, &[("id", training_id.as_str())]);
    assert_refused(&app.post(&path("trainSave"), Some(&token), &unchanged).await, "没有修改任何内容");
    assert_eq!(
        app.scalar("SELECT COUNT(*) FROM operation_log WHERE action = '修改培训记录'").await,
        0,
        "a refusal changes nothing"
    );

    let saved = app.post(&path("trainSave"), Some(&token), &corrected).await;
    assert_eq!(saved["code"], 201, "{saved}");
    assert_eq!(saved["data"].to_string(), training_id, "the same session, not a new one");
    let trainings = app.get(&path("trainList"), Some(&token)).await["data"].clone();
    assert_eq!(trainings["total"], 1);
    let detail = app.get(&format!("{}?id={training_id}", path("trainDetail")), Some(&token)).await["data"].clone();
    assert_eq!(
        (detail["topic"].as_str(), detail["date"].as_str(), detail["hours"].as_str()),
        (Some("高处作业安全"), Some("2026-03-06"), Some("2"))
    );
    assert_eq!(detail["content"], "安全带的使用");
    let attended: Vec<String> =
        detail["attendeeList"].as_array().unwrap().iter().map(|a| a["id"].to_string()).collect();
    let mut expected = ids[1..].to_vec();
    expected.sort_by_key(|id| id.parse::<i64>().unwrap());
    assert_eq!(attended, expected);
    let log = text(app, "SELECT detail FROM operation_log WHERE action = '修改培训记录'".into()).await;
    assert!(log.contains("培训主题 入场安全教育 → 高处作业安全"), "{log}");
    assert!(log.contains("培训日期 2026-03-05 → 2026-03-06"), "{log}");
    assert!(log.contains("培训时长 1.5 → 2"), "{log}");
    assert!(log.contains(&format!("增加参训人员 {}", names[2])), "{log}");
    assert!(log.contains(&format!("移除参训人员 {}", names[0])), "{log}");
    assert!(!log.contains("培训讲师"), "an unchanged field is not listed: {log}");

    let other = second_project(app).await;
    let other_form = with(&corrected, &[("topic", "他人修改")]);
    assert_eq!(app.post(&path("trainSave"), Some(&other), &other_form).await["code"], 404, "another project's session");
    assert_eq!(app.post(&path("trainSave"), Some(&token), &with(&other_form, &[("id", "abc")])).await["code"], 404);
    let admin = app.login("admin", "Admin@12345").await;
    assert_eq!(
        app.post(&format!("{}?projectId=1", path("trainSave")), Some(&admin), &other_form).await["code"],
        403,
        "the regulator reads only"
    );
    let finance = app.login("finance", PASSWORD).await;
    assert_eq!(app.post(&path("trainSave"), Some(&finance), &other_form).await["code"], 403);
    assert_eq!(
        text(app, format!("SELECT topic FROM trainings WHERE id = {training_id}")).await,
        "高处作业安全",
        "refusals change nothing"
    );
    assert_eq!(app.scalar("SELECT COUNT(*) FROM operation_log WHERE action = '修改培训记录'").await, 1);
}

async fn other_projects_and_other_roles_are_refused(app: &TestApp) {
    let demo = app.login("demo", PASSWORD).await;
    let line = list(app, &demo, "limit=1").await["list"][0].clone();
    let line_id = line["id"].to_string();
    let worker_id = line["workerId"].to_string();
    let other = second_project(app).await;

    assert_eq!(app.get(&format!("{}?id={line_id}", path("detail")), Some(&other)).await["code"], 404);
    assert_eq!(app.get(&format!("{}?projectId=1", path("list")), Some(&other)).await["code"], 404);
    assert_eq!(list(app, &other, "").await["total"], 0);
    assert_eq!(app.post(&path("exit"), Some(&other), &[("id", &line_id), ("date", "2026-06-01")]).await["code"], 404);
    assert_eq!(
        app.post(&path("reenter"), Some(&other), &[("id", &line_id), ("date", "2026-06-01")]).await["code"],
        404
    );
    let supplement =
        app.post(&path("supplement"), Some(&other), &[("id", worker_id.as_str()), ("address", "河南省郑州市")]).await;
    assert_eq!(supplement["code"], 404);
    let training = app
        .post(
            &path("trainSave"),
            Some(&other),
            &[
                ("topic", "安全"),
                ("date", "2026-03-05"),
                ("trainer", "李"),
                ("hours", "1"),
                ("workerIds", worker_id.as_str()),
            ],
        )
        .await;
    assert_refused(&training, "参训人员须为本项目的人员");
    let demo_training = app
        .post(
            &path("trainSave"),
            Some(&demo),
            &[
                ("topic", "安全"),
                ("date", "2026-03-05"),
                ("trainer", "李"),
                ("hours", "1"),
                ("workerIds", worker_id.as_str()),
            ],
        )
        .await["data"]
        .to_string();
    assert_eq!(app.get(&format!("{}?id={demo_training}", path("trainDetail")), Some(&other)).await["code"], 404);
    assert_eq!(app.scalar("SELECT COUNT(*) FROM employments WHERE status = 2").await, 0, "nothing changed");

    let finance = app.login("finance", PASSWORD).await;
    for action in ["options", "list", "incomplete", "trainList", "export"] {
        assert_eq!(app.get(&path(action), Some(&finance)).await["code"], 403, "{action}");
    }
    assert_eq!(app.post(&path("register"), Some(&finance), &[]).await["code"], 403);

    let admin = app.login("admin", "Admin@12345").await;
    assert_refused(&app.get(&path("list"), Some(&admin)).await, "请选择项目");
    assert_eq!(
        app.get(&format!("{}?projectId=1", path("list")), Some(&admin)).await["data"]["total"],
        30,
        "the regulator reads"
    );
    assert_eq!(app.get(&format!("{}?projectId=999", path("list")), Some(&admin)).await["code"], 404);
    assert_eq!(app.get(&format!("{}?projectId=1&id={line_id}", path("detail")), Some(&admin)).await["code"], 201);
    assert_eq!(
        app.post(&path("exit"), Some(&admin), &[("id", &line_id), ("date", "2026-06-01")]).await["code"],
        403,
        "but does not write"
    );
    assert_eq!(app.get(&path("template"), Some(&admin)).await["code"], 403);
    assert_eq!(app.get(&path("list"), None).await["code"], 101);
}

both!(registration_derives_the_person_and_refuses_bad_fields);
both!(a_person_active_elsewhere_is_flagged_not_duplicated);
both!(the_roster_filters_pages_exits_and_reenters);

/// The name filter finds a roster line by any part of the name, as `contains` does (migration 0039's suffix
/// index), in any case for Latin names, with `%` and `_` taken literally; a renamed worker is found by the new
/// name only.
async fn the_name_search_finds_any_part_of_a_name(app: &TestApp) {
    let token = app.login("demo", PASSWORD).await;
    app.exec(
        "UPDATE workers SET name = 'Li Lei' WHERE id = (SELECT MIN(worker_id) FROM employments WHERE project_id = 1)",
    )
    .await;
    let lines = list(app, &token, "limit=100").await;
    let names: Vec<String> =
        lines["list"].as_array().unwrap().iter().map(|line| line["name"].as_str().unwrap().to_owned()).collect();
    assert!(names.contains(&"Li Lei".to_owned()));
    let found = |text: &str| names.iter().filter(|name| name.to_lowercase().contains(&text.to_lowercase())).count();
    let mut parts: Vec<String> = Vec::new();
    for name in &names {
        let chars: Vec<char> = name.chars().collect();
        for start in 0..chars.len() {
            for end in start + 1..=chars.len() {
                parts.push(chars[start..end].iter().collect());
            }
        }
    }
    // The filter is trimmed, as every text a clerk types.
    parts.retain(|part| part.trim() == part);
    parts.sort();
    parts.dedup();
    for text in parts.iter().chain(["LEI", "i l", "%", "_", "王%", "铁柱王"].map(String::from).iter()) {
        let query = format!("name={}&limit=1", utf8_percent_encode(text, NON_ALPHANUMERIC));
        assert_eq!(list(app, &token, &query).await["total"], found(text) as i64, "name contains {text:?}");
    }
    let old = names.iter().find(|name| name.as_str() != "Li Lei").unwrap().clone();
    app.exec_owned(format!("UPDATE workers SET name = '赵铁柱' WHERE name = '{old}'")).await;
    // The lines, not the totals: a filter's total is kept a few seconds ("Roster totals").
    let token = token.as_str();
    let lines = |text: &str| {
        let query = format!("name={}&limit=100", utf8_percent_encode(text, NON_ALPHANUMERIC));
        async move { list(app, token, &query).await["list"].as_array().unwrap().len() }
    };
    assert_eq!(lines("赵铁柱").await, found("赵铁柱") + 1);
    assert_eq!(lines(&old).await, found(&old) - 1, "{old} renamed");
    // The index holds every suffix of every name and nothing else.
    let suffixes = app.scalar("SELECT COUNT(*) FROM worker_name_suffixes").await;
    let characters = app.scalar("SELECT CAST(SUM(LENGTH(name)) AS BIGINT) FROM workers").await;
    assert_eq!(suffixes, characters);
}
both!(the_name_search_finds_any_part_of_a_name);
both!(import_saves_good_rows_and_reports_bad_ones_and_export_follows_the_filter);
both!(training_and_id_supplement);
both!(a_training_is_corrected_with_before_and_after);
both!(other_projects_and_other_roles_are_refused);
both!(cards_failing_their_check_digit_are_confirmed_on_every_path);
both!(a_worker_is_edited_paid_a_new_rate_and_transferred_with_history);

/// A UnionPay number (62…, 19 digits) whose last digit is not its Luhn check digit (…128 is).
const MISTYPED_CARD: &str = "6222021234567890129";
const CHECK_DIGIT_MESSAGE: &str = wageguard::domain::wage_card::MSG_CHECK_DIGIT;

fn leak(text: String) -> &'static str {
    Box::leak(text.into_boxed_str())
}

async fn cards_failing_their_check_digit_are_confirmed_on_every_path(app: &TestApp) {
    let token = app.login("demo", PASSWORD).await;
    let (unit, team) = unit_and_team(app, &token).await;

    // Registration: 301 naming the problem, nothing stored; confirmed → saved and the waiver recorded.
    let form = with(&register_form(NEW_ID, &unit, &team), &[("wageCardNumber", MISTYPED_CARD)]);
    let asked = app.post(&path("register"), Some(&token), &form).await;
    assert_eq!(asked["code"], 301, "{asked}");
    assert_eq!(asked["message"], CHECK_DIGIT_MESSAGE);
    assert_eq!(app.scalar("SELECT COUNT(*) FROM workers WHERE id_number = '11010519491231002X'").await, 0);
    assert_refused(
        &app.post(&path("register"), Some(&token), &with(&form, &[("wageCardNumber", "12345")])).await,
        "工资卡号应为12-30位数字",
    );
    let saved = app.post(&path("register"), Some(&token), &with(&form, &[("cardConfirmed", "1")])).await;
    assert_eq!(saved["code"], 201, "{saved}");
    let line = saved["data"]["id"].to_string();
    let worker = saved["data"]["workerId"].as_i64().unwrap();
    assert_eq!(
        app.scalar("SELECT COUNT(*) FROM workers WHERE card_check_waived_by = 'demo' AND card_check_waived_at > 0")
            .await,
        1
    );
    let detail = app.get(&format!("{}?id={line}", path("detail")), Some(&token)).await;
    assert_eq!(detail["data"]["cardCheckWaivedBy"], "demo", "{detail}");
    assert_eq!(
        app.scalar(
            "SELECT COUNT(*) FROM operation_log WHERE action = '人员进场登记' AND detail LIKE '%已确认按所填保存%'"
        )
        .await,
        1
    );

    // The roster's edit: a passing card clears the waiver; a mistyped one asks again.
    let edit = |card: &'static str| {
        vec![("id", leak(line.clone())), ("phone", "13800138000"), ("wageCardNumber", card), ("wageCardBank", "102")]
    };
    let fixed = app.post(&path("edit"), Some(&token), &edit("6222021234567890128")).await;
    assert_eq!(fixed["code"], 201, "{fixed}");
    assert_eq!(app.scalar("SELECT COUNT(*) FROM workers WHERE card_check_waived_by <> ''").await, 0);
    let asked = app.post(&path("edit"), Some(&token), &edit(MISTYPED_CARD)).await;
    assert_eq!(asked["code"], 301, "{asked}");
    assert_eq!(asked["message"], CHECK_DIGIT_MESSAGE);
    assert_refused(&app.post(&path("edit"), Some(&token), &edit("62220212345")).await, "工资卡号应为12-30位数字");
    let confirmed =
        app.post(&path("edit"), Some(&token), &[edit(MISTYPED_CARD), vec![("cardConfirmed", "1")]].concat()).await;
    assert_eq!(confirmed["code"], 201, "{confirmed}");
    assert_eq!(app.scalar("SELECT COUNT(*) FROM workers WHERE card_check_waived_by = 'demo'").await, 1);

    // 异常处理's correction: the same rule and record.
    let worker_text = leak(worker.to_string());
    let card = |card: &'static str| vec![("workerId", worker_text), ("card", card), ("bank", "102")];
    let passing = app.post("/builder/wage/v1/Abnormal/card", Some(&token), &card("6222021234567890128")).await;
    assert_eq!(passing["code"], 201, "{passing}");
    let asked = app.post("/builder/wage/v1/Abnormal/card", Some(&token), &card(MISTYPED_CARD)).await;
    assert_eq!(asked["code"], 301, "{asked}");
    assert_eq!(asked["message"], CHECK_DIGIT_MESSAGE);
    let confirmed = app
        .post("/builder/wage/v1/Abnormal/card", Some(&token), &[card(MISTYPED_CARD), vec![("confirmed", "1")]].concat())
        .await;
    assert_eq!(confirmed["code"], 201, "{confirmed}");
    assert_eq!(app.scalar("SELECT COUNT(*) FROM workers WHERE card_check_waived_by = 'demo'").await, 1);
    assert_eq!(app.scalar("SELECT COUNT(*) FROM operation_log WHERE action IN ('修改人员信息', '修改工资卡') AND target_type = 'worker'").await, 4);

    // Import: the row is held back by number, then imported alone once confirmed.
    let unit_name = "河南省第一建筑工程集团有限责任公司";
    let row = |id: &'static str, card: &'static str| -> [&'static str; 19] {
        [
            "孙小明",
            id,
            "汉",
            "",
            "",
            "",
            "",
            "13900000001",
            card,
            "中国工商银行",
            unit_name,
            "木工班",
            "木工",
            "月薪",
            "6000",
            "否",
            "",
            "",
            "2026-04-01",
        ]
    };
    let file = workbook(&[row(NEW_ID_2, "6222021234567890128"), row(NEW_ID_3, MISTYPED_CARD)]);
    let first = import(app, &token, &file).await;
    assert_eq!(first["code"], 201, "{first}");
    assert_eq!(first["data"]["saved"], 1, "{first}");
    assert_eq!(first["data"]["failed"].as_array().unwrap().len(), 0, "{first}");
    assert_eq!(first["data"]["unconfirmed"][0]["row"], 3, "{first}");
    assert_eq!(first["data"]["unconfirmed"][0]["reason"], "卡号校验位错误");
    assert_eq!(app.scalar("SELECT COUNT(*) FROM workers WHERE id_number = '420802198511200620'").await, 0);
    assert_refused(
        &import_to(app, &token, &format!("{}?confirmRows=x", path("import")), &file).await,
        "确认导入的行号有误",
    );
    let second = import_to(app, &token, &format!("{}?confirmRows=3", path("import")), &file).await;
    assert_eq!(second["code"], 201, "{second}");
    assert_eq!(second["data"]["saved"], 1, "only the confirmed row: {second}");
    assert_eq!(second["data"]["failed"].as_array().unwrap().len(), 0, "{second}");
    assert_eq!(
        app.scalar(
            "SELECT COUNT(*) FROM workers WHERE id_number = '420802198511200620' AND card_check_waived_by = 'demo'"
        )
        .await,
        1
    );
}

async fn wage_fen_on(app: &TestApp, token: &str, month: &str, worker: i64) -> i64 {
    let unit =
        app.scalar("SELECT id FROM project_units WHERE project_id = 1 AND role = 'contractor'").await.to_string();
    let reply = app.post("/builder/wage/v1/Sheet/create", Some(token), &[("month", month), ("unitId", &unit)]).await;
    assert_eq!(reply["code"], 201, "{reply}");
    let sheet = reply["data"].as_i64().unwrap();
    app.scalar(leak(format!("SELECT wage_fen FROM wage_lines WHERE sheet_id = {sheet} AND worker_id = {worker}"))).await
}

async fn history_of(app: &TestApp, token: &str, line: &str) -> Vec<(String, String)> {
    let reply = app.get(&format!("{}?id={line}&limit=100", path("history")), Some(token)).await;
    assert_eq!(reply["code"], 201, "{reply}");
    reply["data"]["list"]
        .as_array()
        .unwrap()
        .iter()
        .map(|line| (line["action"].as_str().unwrap().to_owned(), line["detail"].as_str().unwrap().to_owned()))
        .collect()
}

async fn a_worker_is_edited_paid_a_new_rate_and_transferred_with_history(app: &TestApp) {
    let token = app.login("demo", PASSWORD).await;
    let (unit, team) = unit_and_team(app, &token).await;
    let saved = app.post(&path("register"), Some(&token), &register_form(NEW_ID, &unit, &team)).await;
    assert_eq!(saved["code"], 201, "{saved}");
    let line = saved["data"]["id"].to_string();
    let worker = saved["data"]["workerId"].as_i64().unwrap();

    // Contact: before and after in the log and the history.
    let edit = app
        .post(
            &path("edit"),
            Some(&token),
            &[("id", &line), ("phone", "13900000000"), ("wageCardNumber", "6222021234567894"), ("wageCardBank", "102")],
        )
        .await;
    assert_eq!(edit["code"], 201, "{edit}");
    assert_refused(
        &app.post(
            &path("edit"),
            Some(&token),
            &[("id", &line), ("phone", "13900000000"), ("wageCardNumber", "6222021234567894"), ("wageCardBank", "102")],
        )
        .await,
        "没有修改任何内容",
    );
    assert_refused(
        &app.post(&path("edit"), Some(&token), &[("id", &line), ("phone", "123")]).await,
        "请填写正确的联系电话",
    );
    assert_refused(
        &app.post(
            &path("edit"),
            Some(&token),
            &[("id", &line), ("phone", "13900000000"), ("wageCardNumber", "6222021234567894")],
        )
        .await,
        "请选择工资卡开户银行",
    );

    // The wage standard from May 1: April's sheet keeps 350.50 a day, May's pays 400.
    let form = |day: &'static str, wage: &'static str| {
        vec![("id", leak(line.clone())), ("wageKind", "day"), ("wage", wage), ("effectiveDate", day)]
    };
    assert_refused(
        &app.post(&path("wage_standard"), Some(&token), &form("2026-03-01", "400")).await,
        "生效日期不能早于进场日期",
    );
    assert_refused(
        &app.post(&path("wage_standard"), Some(&token), &form("2026-05-01", "350.5")).await,
        "新的工资标准与该日执行的标准相同",
    );
    assert_refused(&app.post(&path("wage_standard"), Some(&token), &form("2026-05-01", "0")).await, "工资标准应大于0");
    assert_refused(&app.post(&path("wage_standard"), Some(&token), &form("", "400")).await, "请选择生效日期");
    let changed = app.post(&path("wage_standard"), Some(&token), &form("2026-05-01", "400")).await;
    assert_eq!(changed["code"], 201, "{changed}");
    assert_eq!(changed["data"][0]["effectiveFrom"], "2026-03-02");
    assert_eq!(changed["data"][1]["effectiveFrom"], "2026-05-01");
    assert_eq!(changed["data"][1]["wage"], "400.00");
    assert_eq!(wage_fen_on(app, &token, "2026-04", worker).await, 35_050, "an earlier month keeps the old rate");
    assert_eq!(wage_fen_on(app, &token, "2026-05", worker).await, 40_000);
    let listed = list(app, &token, "entryFrom=2026-03-02&entryTo=2026-03-02&name=赵铁柱").await;
    assert_eq!(listed["list"][0]["wage"], "400.00", "the roster shows the newest standard");

    // Transfer to 木工班 from June 1: the line ends May 31, a new one starts with the rate carried over.
    let options = options(app, &token).await;
    let carpenters =
        options["teams"].as_array().unwrap().iter().find(|team| team["label"] == "木工班").unwrap()["value"]
            .to_string();
    let move_to = |date: &'static str, team: &'static str, work_type: &'static str| {
        vec![
            ("id", leak(line.clone())),
            ("date", date),
            ("unitId", leak(unit.clone())),
            ("teamId", team),
            ("workType", work_type),
        ]
    };
    let carpenters: &'static str = leak(carpenters);
    assert_refused(
        &app.post(&path("transfer"), Some(&token), &move_to("2026-03-02", carpenters, "4")).await,
        "调动日期应晚于本次进场日期",
    );
    assert_refused(
        &app.post(&path("transfer"), Some(&token), &move_to("2099-01-01", carpenters, "4")).await,
        "调动日期不能晚于今天",
    );
    assert_refused(
        &app.post(&path("transfer"), Some(&token), &move_to("2026-06-01", leak(team.clone()), "3")).await,
        "调动后的单位、班组、工种与现在相同",
    );
    assert_refused(
        &app.post(&path("transfer"), Some(&token), &move_to("2026-06-01", "99999", "4")).await,
        "班组不属于所选单位",
    );
    let moved = app.post(&path("transfer"), Some(&token), &move_to("2026-06-01", carpenters, "4")).await;
    assert_eq!(moved["code"], 201, "{moved}");
    let new_line = moved["data"]["id"].to_string();
    let detail = app.get(&format!("{}?id={new_line}", path("detail")), Some(&token)).await["data"].clone();
    assert_eq!(detail["teamName"], "木工班");
    assert_eq!(detail["entryDate"], "2026-06-01");
    assert_eq!(detail["wage"], "400.00");
    assert_eq!(detail["rates"][0]["effectiveFrom"], "2026-06-01");
    let history = detail["history"].as_array().unwrap();
    assert_eq!(history.len(), 2);
    assert_eq!(history[1]["exitDate"], "2026-05-31");
    assert_eq!(history[1]["exitReason"], "transfer");
    assert_eq!(history[1]["status"], 2);
    assert_refused(
        &app.post(&path("transfer"), Some(&token), &move_to("2026-07-01", carpenters, "4")).await,
        "该人员已退场",
    );

    // The history, newest first, read from either line.
    let changes = history_of(app, &token, &new_line).await;
    assert_eq!(changes, history_of(app, &token, &line).await);
    let actions: Vec<&str> = changes.iter().map(|(action, _)| action.as_str()).collect();
    assert_eq!(actions, ["人员调动", "调整工资标准", "修改人员信息", "人员进场登记"]);
    assert!(
        changes[0].1.contains("钢筋班")
            && changes[0].1.contains("→")
            && changes[0].1.contains("木工班")
            && changes[0].1.contains("2026-06-01"),
        "{changes:?}"
    );
    assert!(changes[1].1.contains("350.50元/日 → 400.00元/日，自2026-05-01起执行"), "{changes:?}");
    assert!(changes[2].1.contains("手机号码 13800138000 → 13900000000"), "{changes:?}");

    // Read-only and other roles.
    let admin = app.login("admin", "Admin@12345").await;
    let refused = app.post(&path("edit"), Some(&admin), &[("id", &line), ("phone", "13900000001")]).await;
    assert_eq!(refused["code"], 403, "{refused}");
    let refused = app.post(&path("transfer"), Some(&admin), &move_to("2026-06-01", carpenters, "4")).await;
    assert_eq!(refused["code"], 403, "{refused}");
    let refused = app.post(&path("wage_standard"), Some(&admin), &form("2026-06", "500")).await;
    assert_eq!(refused["code"], 403, "{refused}");
    let read = app.get(&format!("{}?id={line}&projectId=1", path("history")), Some(&admin)).await;
    assert_eq!(read["code"], 201, "{read}");
}
