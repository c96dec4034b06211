//! Attendance: devices and their scoping, the signed device API (timestamps, replays, idempotent batches,
//! bad rows), attendance_days under the project's rules and shifts, manual corrections, the punch import and
//! the monthly sheet, on both backends.

use axum::body::Body;
use axum::http::{Request, header};
use serde_json::{Value, json};
use time::Duration;
use wageguard::attendance::device_api::{self, sign};
use wageguard::attendance::service::secret_key;
use wageguard::worker::demo::demo_id_number;

use crate::both;
use crate::support::{MIB, TestApp, assert_refused, counting_body};

const BASE: &str = "/builder/attendance/v1";
const PASSWORD: &str = "Demo@12345";
/// A valid ID number on no roster.
const STRANGER_ID: &str = "11010519491231002X";

fn path(action: &str) -> String {
    format!("{BASE}/{action}")
}

fn yesterday() -> String {
    (wageguard::clock::china_today() - Duration::days(1)).to_string()
}

async fn worker_id(app: &TestApp, id_number: &str) -> i64 {
    wageguard::on_db!(&app.db, pool => sqlx::query_scalar::<_, i64>("SELECT id FROM workers WHERE id_number = $1").bind(id_number).fetch_one(pool).await)
        .expect("worker")
}

async fn day_row(app: &TestApp, worker: i64, day: &str) -> Option<(bool, bool, i64, i64)> {
    wageguard::on_db!(&app.db, pool => sqlx::query_as::<_, (bool, bool, i64, i64)>(
        "SELECT attended, manual, punches, minutes FROM attendance_days WHERE project_id = 1 AND worker_id = $1 AND day = $2")
        .bind(worker).bind(day).fetch_optional(pool).await)
    .expect("day row")
}

/// Registers a terminal on the demo project: (id, serial, secret).
pub async fn register(app: &TestApp, token: &str, serial: &str, direction: &str) -> (i64, String) {
    let reply = app
        .post(
            &path("Device/add"),
            Some(token),
            &[
                ("kind", "attendant"),
                ("serial", serial),
                ("name", "2号门考勤机"),
                ("direction", direction),
                ("location", "西门"),
            ],
        )
        .await;
    assert_eq!(reply["code"], 201, "{reply}");
    (reply["data"]["id"].as_i64().unwrap(), reply["data"]["secret"].as_str().unwrap().to_owned())
}

struct Signed<'a> {
    serial: &'a str,
    secret: &'a str,
    timestamp: i64,
}

async fn push_raw(app: &TestApp, url: &str, signed: &Signed<'_>, body: &str) -> Value {
    let timestamp = signed.timestamp.to_string();
    let signature = sign(&secret_key(signed.secret), &timestamp, body.as_bytes());
    let request = Request::post(url)
        .header(header::CONTENT_TYPE, "application/json")
        .header("X-Device-Serial", signed.serial)
        .header("X-Device-Timestamp", &timestamp)
        .header("X-Device-Signature", signature)
        .body(Body::from(body.to_owned()))
        .unwrap();
    let (status, reply) = app.send(request).await;
    assert_eq!(status, 200, "{reply}");
    reply
}

/// Each push signs with a timestamp of its own — now, or one second after the last one used (inside the
/// accepted skew) — so a batch sent twice in the same second is a new request, not a replay.
pub async fn push(app: &TestApp, serial: &str, secret: &str, punches: Value) -> Value {
    static LAST: std::sync::atomic::AtomicI64 = std::sync::atomic::AtomicI64::new(0);
    let now = wageguard::clock::now();
    let previous = LAST
        .fetch_update(std::sync::atomic::Ordering::SeqCst, std::sync::atomic::Ordering::SeqCst, |last| {
            Some(now.max(last + 1))
        })
        .unwrap_or(0);
    let timestamp = now.max(previous + 1);
    let body = json!({ "serial": serial, "punches": punches }).to_string();
    push_raw(app, "/device/v1/punch", &Signed { serial, secret, timestamp }, &body).await
}

pub fn punch(id_number: &str, time: &str, direction: &str) -> Value {
    json!({ "idNumber": id_number, "time": time, "direction": direction })
}

async fn devices(app: &TestApp, token: &str, query: &str) -> Value {
    let reply = app.get(&format!("{}?{query}", path("Device/list")), Some(token)).await;
    assert_eq!(reply["code"], 201, "{reply}");
    reply["data"].clone()
}

async fn clear_attendance(app: &TestApp) {
    app.exec("DELETE FROM attendance_days").await;
    app.exec("DELETE FROM punches").await;
}

async fn devices_are_registered_scoped_and_their_secret_shown_once(app: &TestApp) {
    let token = app.login("demo", PASSWORD).await;
    let (id, secret) = register(app, &token, "T-0001", "both").await;
    assert_eq!(secret.len(), 32);
    let list = devices(app, &token, "kind=attendant&keyword=T-0001").await;
    assert_eq!(list["total"], 1, "{list}");
    let line = &list["list"][0];
    assert_eq!(line["statusLabel"], "离线");
    assert!(!line.to_string().contains(&secret), "the list never shows the secret");
    let stored: String = wageguard::on_db!(&app.db, pool => sqlx::query_scalar("SELECT secret_sha256 FROM attendance_devices WHERE id = $1").bind(id).fetch_one(pool).await).unwrap();
    assert_ne!(stored, secret);
    assert_eq!(stored, secret_key(&secret));

    let form = |serial: &'static str, name: &'static str, direction: &'static str| {
        vec![("kind", "attendant"), ("serial", serial), ("name", name), ("direction", direction), ("location", "")]
    };
    assert_refused(
        &app.post(&path("Device/add"), Some(&token), &form("T-0001", "重复", "in")).await,
        "该设备序列号已登记",
    );
    assert_refused(
        &app.post(&path("Device/add"), Some(&token), &form("坏序列号", "名称", "in")).await,
        "设备序列号应为1-32位字母、数字、-或_",
    );
    assert_refused(
        &app.post(&path("Device/add"), Some(&token), &form("T-0002", "", "in")).await,
        "请填写1-30个字的设备名称",
    );
    assert_refused(&app.post(&path("Device/add"), Some(&token), &form("T-0002", "名称", "up")).await, "请选择进出方向");
    assert_refused(
        &app.post(&path("Device/add"), Some(&token), &[("kind", "phone"), ("serial", "T-0002")]).await,
        "请选择设备类型",
    );
    assert_refused(
        &app.get(&format!("{}?kind=attendant&status=broken", path("Device/list")), Some(&token)).await,
        "请选择正确的设备状态",
    );
    assert_eq!(app.scalar("SELECT COUNT(*) FROM attendance_devices WHERE serial = 'T-0002'").await, 0);

    let id_text = id.to_string();
    let edit = app
        .post(
            &path("Device/edit"),
            Some(&token),
            &[
                ("id", &id_text),
                ("name", "西门考勤机"),
                ("direction", "in"),
                ("location", "西门岗亭"),
                ("enabled", "0"),
            ],
        )
        .await;
    assert_eq!(edit["code"], 201, "{edit}");
    let line = devices(app, &token, "kind=attendant&status=disabled").await;
    assert_eq!(line["list"][0]["name"], "西门考勤机");
    assert_eq!(line["list"][0]["directionLabel"], "进");
    let reset = app.post(&path("Device/resetSecret"), Some(&token), &[("id", &id_text)]).await;
    assert_eq!(reset["code"], 201);
    assert_ne!(reset["data"]["secret"], secret.as_str());

    // Readers are listed apart; the demo reader is there.
    let readers = devices(app, &token, "kind=reader").await;
    assert_eq!(readers["total"], 1);
    assert_eq!(readers["list"][0]["serial"], "WG-DEMO-R01");

    // The regulator reads every project's devices, changes none; finance sees none.
    let admin = app.login("admin", "Admin@12345").await;
    assert_eq!(devices(app, &admin, "kind=attendant").await["total"], 2);
    assert_eq!(app.post(&path("Device/add"), Some(&admin), &form("T-0003", "名称", "in")).await["code"], 403);
    let finance = app.login("finance", PASSWORD).await;
    assert_eq!(app.get(&format!("{}?kind=attendant", path("Device/list")), Some(&finance)).await["code"], 403);
    assert_eq!(app.get(&format!("{}?kind=attendant", path("Device/list")), None).await["code"], 101);

    // Another project's account neither sees nor touches this device.
    let other = app.login("newsite", PASSWORD).await;
    assert_eq!(devices(app, &other, "kind=attendant").await["total"], 0);
    assert_eq!(
        app.get(&format!("{}?kind=attendant&projectId=1", path("Device/list")), Some(&other)).await["code"],
        404
    );
    for action in ["Device/resetSecret", "Device/delete"] {
        assert_eq!(app.post(&path(action), Some(&other), &[("id", &id_text)]).await["code"], 404, "{action}");
    }
    let edit =
        app.post(&path("Device/edit"), Some(&other), &[("id", &id_text), ("name", "x"), ("direction", "in")]).await;
    assert_eq!(edit["code"], 404);

    let deleted = app.post(&path("Device/delete"), Some(&token), &[("id", &id_text)]).await;
    assert_eq!(deleted["code"], 201);
    assert_eq!(devices(app, &token, "kind=attendant&keyword=T-0001").await["total"], 0);
    assert!(app.scalar("SELECT COUNT(*) FROM operation_log WHERE action IN ('登记考勤设备', '修改考勤设备', '重置设备密钥', '删除考勤设备')").await >= 4);
}
both!(devices_are_registered_scoped_and_their_secret_shown_once);

async fn the_device_api_refuses_bad_signatures_stale_timestamps_and_replays(app: &TestApp) {
    let token = app.login("demo", PASSWORD).await;
    let (id, secret) = register(app, &token, "T-AUTH", "both").await;
    let day = yesterday();
    let body = json!({ "serial": "T-AUTH", "punches": [punch(&demo_id_number(0), &format!("{day} 07:31:00"), "in")] })
        .to_string();
    let now = wageguard::clock::now();
    let url = "/device/v1/punch";

    let wrong = push_raw(app, url, &Signed { serial: "T-AUTH", secret: "not-the-secret", timestamp: now }, &body).await;
    assert_refused(&wrong, device_api::MSG_SIGNATURE);
    let stale = push_raw(app, url, &Signed { serial: "T-AUTH", secret: &secret, timestamp: now - 301 }, &body).await;
    assert_refused(&stale, device_api::MSG_TIMESTAMP);
    // A minute past the window: the clock may move on while the requests before this one are answered.
    let early = push_raw(app, url, &Signed { serial: "T-AUTH", secret: &secret, timestamp: now + 360 }, &body).await;
    assert_refused(&early, device_api::MSG_TIMESTAMP);
    let unknown = push_raw(app, url, &Signed { serial: "T-NONE", secret: &secret, timestamp: now }, &body).await;
    assert_refused(&unknown, device_api::MSG_UNKNOWN_DEVICE);
    let (_, missing) = app.send(Request::post(url).body(Body::from(body.clone())).unwrap()).await;
    assert_refused(&missing, device_api::MSG_HEADERS);
    let mismatch = json!({ "serial": "OTHER", "punches": [] }).to_string();
    assert_refused(
        &push_raw(app, url, &Signed { serial: "T-AUTH", secret: &secret, timestamp: now }, &mismatch).await,
        device_api::MSG_SERIAL_MISMATCH,
    );
    assert_refused(
        &push_raw(app, url, &Signed { serial: "T-AUTH", secret: &secret, timestamp: now }, "not json").await,
        device_api::MSG_BODY,
    );
    assert_eq!(app.scalar("SELECT COUNT(*) FROM punches WHERE device_id <> (SELECT id FROM attendance_devices WHERE serial = 'WG-DEMO-T01')").await, 0);

    let signed = Signed { serial: "T-AUTH", secret: &secret, timestamp: now };
    let first = push_raw(app, url, &signed, &body).await;
    assert_eq!(first["code"], 201, "{first}");
    assert_eq!(first["data"]["inserted"], 1);
    let replay = push_raw(app, url, &signed, &body).await;
    assert_refused(&replay, device_api::MSG_REPLAY);
    assert_eq!(app.scalar("SELECT COUNT(*) FROM device_nonces").await, 1);

    // The heartbeat is signed too, and marks the device online.
    let beat =
        push_raw(app, "/device/v1/heartbeat", &Signed { serial: "T-AUTH", secret: &secret, timestamp: now + 1 }, "{}")
            .await;
    assert_eq!(beat["code"], 201, "{beat}");
    assert_refused(
        &push_raw(app, "/device/v1/heartbeat", &Signed { serial: "T-AUTH", secret: &secret, timestamp: now + 1 }, "{}")
            .await,
        device_api::MSG_REPLAY,
    );
    assert_eq!(devices(app, &token, "kind=attendant&status=online&keyword=T-AUTH").await["total"], 1);

    // A disabled device is refused; a reset secret replaces the old one at once.
    let id_text = id.to_string();
    app.post(
        &path("Device/edit"),
        Some(&token),
        &[("id", &id_text), ("name", "停用"), ("direction", "both"), ("enabled", "0")],
    )
    .await;
    let disabled = push(app, "T-AUTH", &secret, json!([])).await;
    assert_eq!(disabled["code"], 403, "{disabled}");
    app.post(
        &path("Device/edit"),
        Some(&token),
        &[("id", &id_text), ("name", "启用"), ("direction", "both"), ("enabled", "1")],
    )
    .await;
    let reset = app.post(&path("Device/resetSecret"), Some(&token), &[("id", &id_text)]).await;
    let new_secret = reset["data"]["secret"].as_str().unwrap();
    assert_refused(&push(app, "T-AUTH", &secret, json!([])).await, device_api::MSG_SIGNATURE);
    assert_eq!(push(app, "T-AUTH", new_secret, json!([])).await["code"], 201);
}
both!(the_device_api_refuses_bad_signatures_stale_timestamps_and_replays);

async fn batches_are_idempotent_and_bad_rows_reported(app: &TestApp) {
    clear_attendance(app).await;
    let token = app.login("demo", PASSWORD).await;
    let (_, secret) = register(app, &token, "T-BATCH", "both").await;
    let day = yesterday();
    // Every demo worker in and out: 60 punches, plus bad rows.
    let mut punches: Vec<Value> = (0..30)
        .flat_map(|index| {
            vec![
                punch(&demo_id_number(index), &format!("{day} 07:30:{:02}", index), "in"),
                punch(&demo_id_number(index), &format!("{day} 17:30:{:02}", index), "out"),
            ]
        })
        .collect();
    punches.push(punch("123", &format!("{day} 08:00:00"), "in"));
    punches.push(punch(STRANGER_ID, &format!("{day} 08:00:00"), "in"));
    punches.push(punch(&demo_id_number(1), "yesterday morning", "in"));
    punches.push(punch(&demo_id_number(1), &format!("{day} 09:00:00"), "sideways"));
    punches.push(punch(&demo_id_number(1), "2000-01-01 08:00:00", "in"));
    punches.push(json!({ "idNumber": demo_id_number(2), "time": format!("{day} 09:00:00"), "direction": "in", "photo": "bm90IGEgcGhvdG8=" }));
    punches.push(punch(&demo_id_number(3), &format!("{day} 07:30:03"), "in"));
    let reply = push(app, "T-BATCH", &secret, Value::Array(punches.clone())).await;
    assert_eq!(reply["code"], 201, "{reply}");
    let data = &reply["data"];
    assert_eq!(data["received"], 67);
    assert_eq!(data["inserted"], 60);
    assert_eq!(data["duplicates"], 1, "the repeated punch in the batch is stored once: {data}");
    assert_eq!(data["refused"], 6);
    let reasons: Vec<(i64, String)> = data["errors"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| (e["index"].as_i64().unwrap(), e["reason"].as_str().unwrap().to_owned()))
        .collect();
    assert_eq!(
        reasons,
        vec![
            (60, device_api::MSG_ROW_ID.to_owned()),
            (61, device_api::MSG_ROW_NOT_ON_ROSTER.to_owned()),
            (62, "打卡时间格式应为YYYY-MM-DD HH:MM:SS".to_owned()),
            (63, device_api::MSG_ROW_DIRECTION.to_owned()),
            (64, device_api::MSG_ROW_TOO_OLD.to_owned()),
            (65, device_api::MSG_ROW_PHOTO.to_owned()),
        ]
    );
    assert_eq!(app.scalar("SELECT COUNT(*) FROM punches").await, 60);
    assert_eq!(app.scalar("SELECT COUNT(*) FROM attendance_days WHERE attended = TRUE").await, 30);

    // The same batch again, newly signed: nothing new.
    let again = push(app, "T-BATCH", &secret, Value::Array(punches)).await;
    assert_eq!(again["data"]["inserted"], 0);
    assert_eq!(again["data"]["duplicates"], 61);
    assert_eq!(app.scalar("SELECT COUNT(*) FROM punches").await, 60);

    // A photo is kept and served to the project.
    let jpeg = base64_jpeg();
    let photo = push(
        app,
        "T-BATCH",
        &secret,
        json!([{ "idNumber": demo_id_number(4), "time": format!("{day} 12:00:00"), "direction": "in", "photo": jpeg }]),
    )
    .await;
    assert_eq!(photo["data"]["inserted"], 1, "{photo}");
    let records =
        app.get(&format!("{}?keyword={}&limit=100", path("Record/list"), demo_id_number(4)), Some(&token)).await;
    let with_photo = records["data"]["list"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["hasPhoto"] == true)
        .expect("photo record")
        .clone();
    let request = Request::get(format!("{}?id={}", path("Record/photo"), with_photo["id"]))
        .header("X-Token", &token)
        .body(Body::empty())
        .unwrap();
    let response = tower::ServiceExt::oneshot(app.router.clone(), request).await.unwrap();
    assert_eq!(response.headers()[header::CONTENT_TYPE], "image/jpeg");
    let other = app.login("newsite", PASSWORD).await;
    assert_eq!(app.get(&format!("{}?id={}", path("Record/photo"), with_photo["id"]), Some(&other)).await["code"], 404);

    // A batch over the limit is refused whole.
    let too_many: Vec<Value> = (0..5001)
        .map(|i| punch(&demo_id_number(0), &format!("{day} 10:{:02}:{:02}", i / 60 % 60, i % 60), "in"))
        .collect();
    assert_refused(&push(app, "T-BATCH", &secret, Value::Array(too_many)).await, device_api::MSG_TOO_MANY);
}
both!(batches_are_idempotent_and_bad_rows_reported);

fn base64_jpeg() -> String {
    use base64::Engine;
    base64::engine::general_purpose::STANDARD
        .encode([0xFF, 0xD8, 0xFF, 0xE0, 0, 16, b'J', b'F', b'I', b'F', 0, 1, 0xFF, 0xD9])
}

async fn rules_decide_which_days_count(app: &TestApp) {
    clear_attendance(app).await;
    let token = app.login("demo", PASSWORD).await;
    let (_, secret) = register(app, &token, "T-RULES", "both").await;
    let day = yesterday();
    let (a, b) = (demo_id_number(0), demo_id_number(1));
    let (worker_a, worker_b) = (worker_id(app, &a).await, worker_id(app, &b).await);
    // A: 07:30 in, 07:30:40 in again (inside the 60 s window), 11:30 out: 4 hours. B: one out punch.
    let reply = push(
        app,
        "T-RULES",
        &secret,
        json!([
            punch(&a, &format!("{day} 07:30:00"), "in"),
            punch(&a, &format!("{day} 07:30:40"), "in"),
            punch(&a, &format!("{day} 11:30:00"), "out"),
            punch(&b, &format!("{day} 17:00:00"), "out"),
        ]),
    )
    .await;
    assert_eq!(reply["data"]["inserted"], 4, "{reply}");
    assert_eq!(day_row(app, worker_a, &day).await, Some((true, false, 2, 240)));
    assert_eq!(day_row(app, worker_b, &day).await, Some((true, false, 1, 0)));

    let rules = app.get(&path("Rule/get"), Some(&token)).await;
    assert_eq!(
        rules["data"],
        json!({ "minHours": "0.0", "dedupSeconds": 60, "directions": "both", "offlineMinutes": 10, "maxShiftHours": 16 })
    );
    let save = |min: &'static str, dedup: &'static str, directions: &'static str| {
        vec![("minHours", min), ("dedupSeconds", dedup), ("directions", directions), ("offlineMinutes", "10")]
    };
    assert_refused(
        &app.post(&path("Rule/save"), Some(&token), &save("25", "60", "both")).await,
        "最少工时应为0-24小时，最多1位小数",
    );
    assert_refused(
        &app.post(&path("Rule/save"), Some(&token), &save("8", "-1", "both")).await,
        "去重时间应为0-3600秒的整数",
    );
    assert_refused(
        &app.post(&path("Rule/save"), Some(&token), &save("8", "60", "all")).await,
        "请选择计入考勤的打卡方向",
    );
    let admin = app.login("admin", "Admin@12345").await;
    assert_eq!(app.post(&path("Rule/save"), Some(&admin), &save("8", "60", "both")).await["code"], 403);
    assert_refused(&app.get(&path("Rule/get"), Some(&admin)).await, "请选择项目");
    assert_eq!(app.get(&format!("{}?projectId=1", path("Rule/get")), Some(&admin)).await["code"], 201);

    // Minimum 4 hours: A counts, B (no span) does not.
    let saved = app.post(&path("Rule/save"), Some(&token), &save("4", "60", "both")).await;
    assert_eq!(saved["code"], 201, "{saved}");
    assert_eq!(day_row(app, worker_a, &day).await, Some((true, false, 2, 240)));
    assert_eq!(day_row(app, worker_b, &day).await, Some((false, false, 1, 0)));
    // 4.5 hours: A no longer counts.
    app.post(&path("Rule/save"), Some(&token), &save("4.5", "60", "both")).await;
    assert_eq!(day_row(app, worker_a, &day).await.map(|row| row.0), Some(false));
    // No window: A's second in-punch counts too.
    app.post(&path("Rule/save"), Some(&token), &save("0", "0", "both")).await;
    assert_eq!(day_row(app, worker_a, &day).await, Some((true, false, 3, 240)));
    // Only in-punches count: B has none, so no day.
    app.post(&path("Rule/save"), Some(&token), &save("0", "60", "in")).await;
    assert_eq!(day_row(app, worker_b, &day).await, None);
    assert_eq!(day_row(app, worker_a, &day).await, Some((true, false, 1, 0)));
    assert!(app.scalar("SELECT COUNT(*) FROM operation_log WHERE action = '修改考勤规则'").await >= 4);
}
both!(rules_decide_which_days_count);

async fn corrections_need_a_reason_and_survive_recounts(app: &TestApp) {
    clear_attendance(app).await;
    let token = app.login("demo", PASSWORD).await;
    let (_, secret) = register(app, &token, "T-FIX", "both").await;
    let day = yesterday();
    let a = demo_id_number(5);
    let worker = worker_id(app, &a).await;
    let worker_text = worker.to_string();
    let correct = |attended: &'static str, reason: &'static str| {
        vec![
            ("workerId", worker_text.clone()),
            ("day", day.clone()),
            ("attended", attended.to_owned()),
            ("reason", reason.to_owned()),
        ]
    };
    let token_ref = token.as_str();
    let post = |form: Vec<(&'static str, String)>| async move {
        let form: Vec<(&str, &str)> = form.iter().map(|(k, v)| (*k, v.as_str())).collect();
        app.post(&path("Sheet/correct"), Some(token_ref), &form).await
    };
    assert_refused(&post(correct("1", "")).await, "请填写2-100个字的修正原因");
    assert_refused(&post(correct("2", "忘带身份证")).await, "请选择出勤或缺勤");
    let tomorrow = (wageguard::clock::china_today() + Duration::days(1)).to_string();
    let mut future = correct("1", "忘带身份证");
    future[1].1 = tomorrow;
    assert_refused(&post(future).await, "不能修正今天以后的考勤");
    let mut stranger = correct("1", "忘带身份证");
    stranger[0].1 = "999999".into();
    assert_eq!(post(stranger).await["code"], 404);
    assert_eq!(day_row(app, worker, &day).await, None);

    let fixed = post(correct("1", "忘带身份证，班组长确认出勤")).await;
    assert_eq!(fixed["code"], 201, "{fixed}");
    assert_eq!(day_row(app, worker, &day).await, Some((true, true, 0, 0)));
    assert_eq!(
        app.scalar("SELECT COUNT(*) FROM operation_log WHERE action = '修正考勤' AND detail LIKE '%忘带身份证%'").await,
        1
    );

    // Punches later and a rule change keep the corrected value; the punch figures follow the punches.
    push(
        app,
        "T-FIX",
        &secret,
        json!([punch(&a, &format!("{day} 07:30:00"), "in"), punch(&a, &format!("{day} 09:00:00"), "out")]),
    )
    .await;
    assert_eq!(day_row(app, worker, &day).await, Some((true, true, 2, 90)));
    let rule = [("minHours", "8"), ("dedupSeconds", "60"), ("directions", "both"), ("offlineMinutes", "10")];
    app.post(&path("Rule/save"), Some(&token), &rule).await;
    assert_eq!(day_row(app, worker, &day).await, Some((true, true, 2, 90)));
    // Corrected to absent.
    post(correct("0", "当天未进场，误刷卡")).await;
    assert_eq!(day_row(app, worker, &day).await.map(|row| (row.0, row.1)), Some((false, true)));

    let manual = app.get(&format!("{}?source=manual", path("Record/list")), Some(&token)).await;
    assert_eq!(manual["data"]["total"], 2, "{manual}");
    assert_eq!(manual["data"]["list"][0]["directionLabel"], "计为缺勤");
    assert_eq!(manual["data"]["list"][0]["note"], "当天未进场，误刷卡");
    let admin = app.login("admin", "Admin@12345").await;
    let form = [("workerId", worker_text.as_str()), ("day", day.as_str()), ("attended", "1"), ("reason", "监管修正")];
    assert_eq!(app.post(&path("Sheet/correct"), Some(&admin), &form).await["code"], 403);
    let other = app.login("newsite", PASSWORD).await;
    assert_eq!(app.post(&path("Sheet/correct"), Some(&other), &form).await["code"], 404);
}
both!(corrections_need_a_reason_and_survive_recounts);

fn workbook(rows: &[[&str; 4]]) -> Vec<u8> {
    let mut book = rust_xlsxwriter::Workbook::new();
    let sheet = book.add_worksheet();
    for (col, title) in ["姓名", "身份证号", "打卡时间", "方向"].iter().enumerate() {
        sheet.write_string(0, col as u16, *title).unwrap();
    }
    for (row, cells) in rows.iter().enumerate() {
        for (col, cell) in cells.iter().enumerate() {
            sheet.write_string(row as u32 + 1, col as u16, *cell).unwrap();
        }
    }
    book.save_to_buffer().unwrap()
}

async fn import_multipart(app: &TestApp, token: &str, bytes: &[u8]) -> Value {
    let boundary = "attendance-boundary";
    let mut body =
        format!("--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"k.xlsx\"\r\n\r\n")
            .into_bytes();
    body.extend_from_slice(bytes);
    body.extend_from_slice(format!("\r\n--{boundary}--\r\n").as_bytes());
    let request = Request::post(path("Record/import"))
        .header(header::CONTENT_TYPE, format!("multipart/form-data; boundary={boundary}"))
        .header("X-Token", token)
        .body(Body::from(body))
        .unwrap();
    app.send(request).await.1
}

async fn the_import_saves_good_rows_and_reports_bad_ones(app: &TestApp) {
    clear_attendance(app).await;
    let token = app.login("demo", PASSWORD).await;
    let day = yesterday();
    let a = demo_id_number(6);
    let name_a: String = wageguard::on_db!(&app.db, pool => sqlx::query_scalar("SELECT name FROM workers WHERE id_number = $1").bind(&a).fetch_one(pool).await).unwrap();
    let (t1, t2) = (format!("{day} 07:40:00"), format!("{day} 17:20:00"));
    let rows = [
        [name_a.as_str(), a.as_str(), t1.as_str(), "进"],
        ["", a.as_str(), t2.as_str(), "出"],
        ["某某", "123", t1.as_str(), "进"],
        ["", STRANGER_ID, t1.as_str(), "进"],
        ["错名", a.as_str(), t1.as_str(), "进"],
        ["", a.as_str(), "2099-01-01 08:00:00", "进"],
        ["", a.as_str(), "昨天", "进"],
        ["", a.as_str(), t1.as_str(), "上"],
    ];
    let reply = import_multipart(app, &token, &workbook(&rows)).await;
    assert_eq!(reply["code"], 201, "{reply}");
    assert_eq!(reply["data"]["total"], 8);
    assert_eq!(reply["data"]["inserted"], 2);
    let errors: Vec<(i64, String)> = reply["data"]["errors"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| (e["row"].as_i64().unwrap(), e["reason"].as_str().unwrap().to_owned()))
        .collect();
    assert_eq!(
        errors,
        vec![
            (4, "身份证号码不正确".to_owned()),
            (5, "该人员不在本项目花名册中".to_owned()),
            (6, "姓名与身份证号不符".to_owned()),
            (7, "打卡时间不能晚于当前时间".to_owned()),
            (8, "打卡时间格式应为YYYY-MM-DD HH:MM:SS".to_owned()),
            (9, "方向应为进或出".to_owned()),
        ]
    );
    let worker = worker_id(app, &a).await;
    assert_eq!(day_row(app, worker, &day).await, Some((true, false, 2, 580)));
    let again = import_multipart(app, &token, &workbook(&rows[..2])).await;
    assert_eq!((again["data"]["inserted"].as_i64(), again["data"]["duplicates"].as_i64()), (Some(0), Some(2)));
    let imported = app.get(&format!("{}?source=import", path("Record/list")), Some(&token)).await;
    assert_eq!(imported["data"]["total"], 2);
    assert_eq!(imported["data"]["list"][0]["sourceLabel"], "导入");
    assert_refused(&import_multipart(app, &token, b"not a workbook").await, "请上传.xlsx格式的考勤文件");
    let admin = app.login("admin", "Admin@12345").await;
    assert_eq!(import_multipart(app, &admin, &workbook(&rows[..1])).await["code"], 403);
    let template = Request::get(path("Record/template")).header("X-Token", &token).body(Body::empty()).unwrap();
    let response = tower::ServiceExt::oneshot(app.router.clone(), template).await.unwrap();
    assert_eq!(response.headers()[header::CONTENT_TYPE], wageguard::attendance::xlsx::CONTENT_TYPE);
}
both!(the_import_saves_good_rows_and_reports_bad_ones);

async fn the_sheet_totals_days_and_hours_per_worker(app: &TestApp) {
    let token = app.login("demo", PASSWORD).await;
    // Demo attendance: every active worker has days last month, fed through the ingest.
    let today = wageguard::clock::china_today();
    let last_month = (today.replace_day(1).unwrap() - Duration::days(1)).replace_day(1).unwrap();
    let month = format!("{:04}-{:02}", last_month.year(), last_month.month() as u8);
    let sheet = app.get(&format!("{}?month={month}&limit=100", path("Sheet/month")), Some(&token)).await;
    assert_eq!(sheet["code"], 201, "{sheet}");
    let data = &sheet["data"];
    assert_eq!(data["total"], 30);
    assert_eq!(data["daysInMonth"].as_u64().unwrap() as u8, last_month.month().length(last_month.year()));
    let demo_days = app.scalar("SELECT COUNT(*) FROM attendance_days WHERE attended = TRUE").await;
    assert!(demo_days > 0);
    let punches_days = app.scalar("SELECT COUNT(*) FROM (SELECT DISTINCT worker_id, day FROM punches) x").await;
    assert_eq!(demo_days, punches_days, "every demo punch day is an attended day");
    for row in data["list"].as_array().unwrap() {
        let cells = row["cells"].as_array().unwrap();
        let attended = cells.iter().filter(|c| c["attended"] == true).count() as i64;
        assert_eq!(row["attendedDays"].as_i64().unwrap(), attended);
        assert!(attended >= 18, "a demo worker attends most workdays: {row}");
    }

    // This month's sheet for one worker: a day from punches, a day set by hand.
    clear_attendance(app).await;
    let (_, secret) = register(app, &token, "T-SHEET", "both").await;
    let a = demo_id_number(7);
    let worker = worker_id(app, &a).await;
    let day = yesterday();
    push(
        app,
        "T-SHEET",
        &secret,
        json!([punch(&a, &format!("{day} 07:30:00"), "in"), punch(&a, &format!("{day} 17:45:00"), "out")]),
    )
    .await;
    let earlier = (wageguard::clock::china_today() - Duration::days(2)).to_string();
    let form = [
        ("workerId", worker.to_string()),
        ("day", earlier.clone()),
        ("attended", "1".to_owned()),
        ("reason", "补录出勤".to_owned()),
    ];
    let form: Vec<(&str, &str)> = form.iter().map(|(k, v)| (*k, v.as_str())).collect();
    app.post(&path("Sheet/correct"), Some(&token), &form).await;
    let month_of = |day: &str| day[..7].to_owned();
    let query = format!("{}?month={}&keyword={a}", path("Sheet/month"), month_of(&day));
    let sheet = app.get(&query, Some(&token)).await;
    let row = &sheet["data"]["list"][0];
    assert_eq!(sheet["data"]["total"], 1, "{sheet}");
    let expected_days = if month_of(&earlier) == month_of(&day) { 2 } else { 1 };
    assert_eq!(row["attendedDays"], expected_days);
    assert_eq!(row["hours"], "10.3");
    let cell =
        row["cells"].as_array().unwrap().iter().find(|c| c["day"] == day[8..].parse::<u64>().unwrap()).unwrap().clone();
    assert_eq!(
        cell,
        json!({ "day": day[8..].parse::<u64>().unwrap(), "attended": true, "manual": false, "hours": "10.3", "unpaired": 0, "outside": false })
    );

    // Filters, paging and scoping.
    let options = app.get("/builder/user/v1/Worker/options", Some(&token)).await;
    let team = options["data"]["teams"].as_array().unwrap().iter().find(|t| t["label"] == "钢筋班").unwrap()["value"]
        .to_string();
    let by_team = app.get(&format!("{}?month={month}&teamId={team}&limit=5", path("Sheet/month")), Some(&token)).await;
    assert_eq!(by_team["data"]["total"], 10);
    assert_eq!(by_team["data"]["list"].as_array().unwrap().len(), 5);
    assert_refused(
        &app.get(&format!("{}?month=2025-13", path("Sheet/month")), Some(&token)).await,
        "月份格式应为YYYY-MM",
    );
    let admin = app.login("admin", "Admin@12345").await;
    assert_refused(&app.get(&path("Sheet/month"), Some(&admin)).await, "请选择项目");
    assert_eq!(
        app.get(&format!("{}?projectId=1&month={month}", path("Sheet/month")), Some(&admin)).await["data"]["total"],
        30
    );
    let other = app.login("newsite", PASSWORD).await;
    assert_eq!(app.get(&format!("{}?month={month}", path("Sheet/month")), Some(&other)).await["data"]["total"], 0);
    assert_eq!(app.get(&format!("{}?projectId=1", path("Sheet/month")), Some(&other)).await["code"], 404);
    let finance = app.login("finance", PASSWORD).await;
    assert_eq!(app.get(&path("Sheet/month"), Some(&finance)).await["code"], 403);

    let export = Request::get(format!("{}?month={month}", path("Sheet/export")))
        .header("X-Token", &token)
        .body(Body::empty())
        .unwrap();
    let response = tower::ServiceExt::oneshot(app.router.clone(), export).await.unwrap();
    assert_eq!(response.headers()[header::CONTENT_TYPE], wageguard::attendance::xlsx::CONTENT_TYPE);
}
both!(the_sheet_totals_days_and_hours_per_worker);

async fn records_filter_by_worker_team_date_and_source(app: &TestApp) {
    let token = app.login("demo", PASSWORD).await;
    let all = app.get(&path("Record/list"), Some(&token)).await;
    assert_eq!(all["code"], 201, "{all}");
    let total = all["data"]["total"].as_i64().unwrap();
    assert_eq!(total, app.scalar("SELECT COUNT(*) FROM punches").await);
    assert_eq!(all["data"]["list"].as_array().unwrap().len(), 10);
    assert_eq!(all["data"]["list"][0]["deviceName"], "1号门岗考勤机");
    let a = demo_id_number(8);
    let mine = app.get(&format!("{}?keyword={a}&limit=100", path("Record/list")), Some(&token)).await;
    assert!(
        mine["data"]["list"]
            .as_array()
            .unwrap()
            .iter()
            .all(|r| r["idNumber"] == wageguard::domain::mask::masked(&a).as_str()),
        "listed masked"
    );
    let day = yesterday();
    let one_day =
        app.get(&format!("{}?startDate={day}&endDate={day}&limit=100", path("Record/list")), Some(&token)).await;
    assert!(one_day["data"]["list"].as_array().unwrap().iter().all(|r| r["day"] == day.as_str()));
    assert_refused(
        &app.get(&format!("{}?startDate=2025-02-30", path("Record/list")), Some(&token)).await,
        "开始日期格式错误",
    );
    assert_refused(
        &app.get(&format!("{}?startDate=2025-03-02&endDate=2025-03-01", path("Record/list")), Some(&token)).await,
        "开始日期不能晚于结束日期",
    );
    assert_refused(
        &app.get(&format!("{}?source=phone", path("Record/list")), Some(&token)).await,
        "请选择正确的考勤来源",
    );
    assert_refused(
        &app.get(&format!("{}?teamId=abc", path("Record/list")), Some(&token)).await,
        "请选择正确的单位或班组",
    );
    let admin = app.login("admin", "Admin@12345").await;
    assert_eq!(app.get(&path("Record/list"), Some(&admin)).await["data"]["total"].as_i64(), Some(total));
    let other = app.login("newsite", PASSWORD).await;
    assert_eq!(app.get(&path("Record/list"), Some(&other)).await["data"]["total"], 0);
}
both!(records_filter_by_worker_team_date_and_source);

/// Issue 10 item 1: a worker whose line starts on the 15th of last month. A correction and an import row
/// before it are refused with the dates, a device punch before it is kept but counts for nothing, and the
/// wage sheet built afterwards pays only the days inside.
async fn nothing_outside_employment_becomes_a_paid_day(app: &TestApp) {
    clear_attendance(app).await;
    let token = app.login("demo", PASSWORD).await;
    let month = crate::wages::previous_month();
    let at = |day: u8| format!("{month}-{day:02}");
    let a = demo_id_number(7);
    let worker = worker_id(app, &a).await;
    app.exec_owned(format!(
        "UPDATE employments SET entry_date = '{}' WHERE project_id = 1 AND worker_id = {worker}",
        at(15)
    ))
    .await;
    let worker_text = worker.to_string();
    let correct = |day: String, attended: &'static str| {
        let (worker_text, token) = (worker_text.clone(), token.clone());
        async move {
            let form = [
                ("workerId", worker_text.as_str()),
                ("day", day.as_str()),
                ("attended", attended),
                ("reason", "班组长确认"),
            ];
            app.post(&path("Sheet/correct"), Some(&token), &form).await
        }
    };

    let refused = correct(at(10), "1").await;
    assert_refused(&refused, &format!("{} 不在该工人的在场期间（进场 {} 起），不能补记出勤", at(10), at(15)));
    assert_eq!(day_row(app, worker, &at(10)).await, None);
    // Marking a day absent takes no pay and stays allowed anywhere.
    assert_eq!(correct(at(9), "0").await["code"], 201);

    let name: String = wageguard::on_db!(&app.db, pool => sqlx::query_scalar("SELECT name FROM workers WHERE id_number = $1").bind(&a).fetch_one(pool).await).unwrap();
    let (before, inside) = (format!("{} 07:40:00", at(11)), format!("{} 07:40:00", at(16)));
    let rows = [[name.as_str(), a.as_str(), before.as_str(), "进"], [name.as_str(), a.as_str(), inside.as_str(), "进"]];
    let imported = import_multipart(app, &token, &workbook(&rows)).await;
    assert_eq!(imported["data"]["inserted"], 1, "{imported}");
    assert_eq!(imported["data"]["errors"][0]["row"], 2);
    assert_eq!(
        imported["data"]["errors"][0]["reason"],
        format!("{} 不在该工人的在场期间（进场 {} 起），不能导入打卡", at(11), at(15))
    );
    assert_eq!(day_row(app, worker, &at(11)).await, None);

    let (_, secret) = register(app, &token, "T-STAY", "both").await;
    let pushed = push(
        app,
        "T-STAY",
        &secret,
        json!([punch(&a, &format!("{} 07:30:00", at(12)), "in"), punch(&a, &format!("{} 07:30:00", at(17)), "in")]),
    )
    .await;
    assert_eq!(
        (pushed["data"]["inserted"].as_i64(), pushed["data"]["refused"].as_i64()),
        (Some(2), Some(0)),
        "{pushed}"
    );
    assert_eq!(day_row(app, worker, &at(12)).await, None, "a punch outside employment is kept but makes no day");
    assert_eq!(day_row(app, worker, &at(17)).await.map(|row| row.0), Some(true));
    // A rule change recounts the month and still counts nothing outside.
    let rule = [("minHours", "0"), ("dedupSeconds", "60"), ("directions", "both"), ("offlineMinutes", "10")];
    assert_eq!(app.post(&path("Rule/save"), Some(&token), &rule).await["code"], 201);
    assert_eq!(day_row(app, worker, &at(12)).await, None);

    let records = app.get(&format!("{}?source=device&keyword={a}", path("Record/list")), Some(&token)).await;
    let flags: Vec<(String, bool)> = records["data"]["list"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| (r["day"].as_str().unwrap().to_owned(), r["outsideEmployment"].as_bool().unwrap()))
        .collect();
    assert_eq!(flags, vec![(at(17), false), (at(12), true)]);

    assert_eq!(correct(at(18), "1").await["code"], 201);
    let sheet = app.get(&format!("{}?month={month}&keyword={a}", path("Sheet/month")), Some(&token)).await;
    let row = &sheet["data"]["list"][0];
    assert_eq!(row["attendedDays"], 3, "{row}");
    assert_eq!(row["stays"], json!([{ "fromDay": 15, "toDay": sheet["data"]["daysInMonth"] }]));
    assert_eq!(row["staysText"], format!("进场 {} 起", at(15)));
    let nine = row["cells"].as_array().unwrap().iter().find(|cell| cell["day"] == 9).unwrap();
    assert_eq!((nine["manual"].as_bool(), nine["outside"].as_bool()), (Some(true), Some(true)));

    let sheet_id = crate::wages::create_sheet(app, &token).await;
    let line =
        crate::wages::lines(app, &token, sheet_id).await.into_iter().find(|line| line["workerId"] == worker).unwrap();
    let rate = app
        .scalar(crate::wages::leak(format!(
            "SELECT wage_fen FROM employments WHERE worker_id = {worker} AND project_id = 1"
        )))
        .await;
    assert_eq!(line["days"], 3, "{line}");
    assert_eq!(line["payable"], wageguard::wage::money::yuan(3 * rate));
}
both!(nothing_outside_employment_becomes_a_paid_day);

async fn shift_row(app: &TestApp, worker: i64, day: &str) -> Option<(bool, i64, i64, i64)> {
    wageguard::on_db!(&app.db, pool => sqlx::query_as::<_, (bool, i64, i64, i64)>(
        "SELECT attended, punches, minutes, unpaired FROM attendance_days WHERE project_id = 1 AND worker_id = $1 AND day = $2")
        .bind(worker).bind(day).fetch_optional(pool).await)
    .expect("day row")
}

/// Issue 11 item 3: night shifts pushed by a terminal count on the day they began, their hours from in→out
/// pairs; a pair across a month end belongs to the month it began in; a lone punch shows, adds no hours.
async fn night_shifts_count_on_the_day_they_began(app: &TestApp) {
    clear_attendance(app).await;
    let token = app.login("demo", PASSWORD).await;
    let (_, secret) = register(app, &token, "T-NIGHT", "both").await;
    let a = demo_id_number(3);
    let worker = worker_id(app, &a).await;
    let first = wageguard::clock::china_today().replace_day(1).unwrap();
    let last = first - Duration::days(1);
    let day = |back: i64| (last - Duration::days(back)).to_string();
    let this_month = first.to_string();
    let previous = day(0)[..7].to_owned();

    // The morning Outs come in a later batch: the recount reaches back to the shift begun the day before.
    let evening = push(
        app,
        "T-NIGHT",
        &secret,
        json!([
            punch(&a, &format!("{} 10:00:00", day(3)), "out"),
            punch(&a, &format!("{} 20:00:00", day(2)), "in"),
            punch(&a, &format!("{} 06:00:00", day(1)), "out"),
            punch(&a, &format!("{} 20:00:00", day(1)), "in"),
            punch(&a, &format!("{} 23:30:00", day(0)), "in"),
        ]),
    )
    .await;
    assert_eq!(evening["data"]["inserted"], 5, "{evening}");
    assert_eq!(shift_row(app, worker, &day(1)).await, Some((true, 1, 0, 1)), "an In waiting for its Out");
    let morning = push(
        app,
        "T-NIGHT",
        &secret,
        json!(
            [punch(&a, &format!("{} 06:00:00", day(0)), "out"), punch(&a, &format!("{this_month} 00:10:00"), "out"),]
        ),
    )
    .await;
    assert_eq!(morning["data"]["inserted"], 2, "{morning}");
    assert_eq!(shift_row(app, worker, &day(3)).await, Some((true, 1, 0, 1)));
    assert_eq!(shift_row(app, worker, &day(2)).await, Some((true, 2, 600, 0)));
    assert_eq!(shift_row(app, worker, &day(1)).await, Some((true, 2, 600, 0)));
    assert_eq!(shift_row(app, worker, &day(0)).await, Some((true, 2, 40, 0)));
    assert_eq!(shift_row(app, worker, &this_month).await, None, "00:10 ends the shift begun the evening before");

    // The punch list: each punch's shift day, and the lone Out unpaired.
    let records = app.get(&format!("{}?source=device&keyword={a}&limit=20", path("Record/list")), Some(&token)).await;
    let listed: Vec<(String, String, bool)> = records["data"]["list"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                r["day"].as_str().unwrap().to_owned(),
                r["shiftDay"].as_str().unwrap().to_owned(),
                r["unpaired"].as_bool().unwrap(),
            )
        })
        .collect();
    assert_eq!(listed[0], (this_month.clone(), day(0), false));
    assert_eq!(listed[2], (day(0), day(1), false));
    assert_eq!(listed[6], (day(3), day(3), true));
    // The sheet's day detail: one worker's punches of the shifts begun that day.
    let detail = app.get(&format!("{}?workerId={worker}&shiftDay={}", path("Record/list"), day(0)), Some(&token)).await;
    let times: Vec<&str> =
        detail["data"]["list"].as_array().unwrap().iter().map(|r| r["time"].as_str().unwrap()).collect();
    assert_eq!(times, vec![format!("{this_month} 00:10:00"), format!("{} 23:30:00", day(0))]);
    assert_refused(
        &app.get(&format!("{}?shiftDay=2026-02-30", path("Record/list")), Some(&token)).await,
        "班次日期格式错误",
    );
    assert_refused(&app.get(&format!("{}?workerId=x", path("Record/list")), Some(&token)).await, "请选择正确的工人");

    // An 8-hour minimum: both nights count (10 h each, the gap between them is not work), the 40 minutes
    // and the lone Out do not.
    let rule = |min: &'static str, shift: &'static str| {
        vec![
            ("minHours", min),
            ("dedupSeconds", "60"),
            ("directions", "both"),
            ("offlineMinutes", "10"),
            ("maxShiftHours", shift),
        ]
    };
    let saved = app.post(&path("Rule/save"), Some(&token), &rule("8", "16")).await;
    assert_eq!(saved["code"], 201, "{saved}");
    let sheet = app.get(&format!("{}?month={previous}&keyword={a}", path("Sheet/month")), Some(&token)).await;
    let row = &sheet["data"]["list"][0];
    assert_eq!((row["attendedDays"].as_i64(), row["hours"].as_str()), (Some(2), Some("20.0")), "{row}");
    let this_sheet =
        app.get(&format!("{}?month={}&keyword={a}", path("Sheet/month"), &this_month[..7]), Some(&token)).await;
    assert_eq!(this_sheet["data"]["list"][0]["attendedDays"], 0, "{this_sheet}");

    // The shift length is a rule: at 8 hours a 10-hour night splits into two lone punches.
    assert_refused(
        &app.post(&path("Rule/save"), Some(&token), &rule("0", "25")).await,
        "班次最长时长应为1-24小时的整数",
    );
    assert_refused(
        &app.post(
            &path("Rule/save"),
            Some(&token),
            &[("minHours", "8"), ("dedupSeconds", "60"), ("directions", "in"), ("offlineMinutes", "10")],
        )
        .await,
        "只计入一个方向的打卡时无法配对计算工时，最少工时应为0",
    );
    assert_eq!(app.post(&path("Rule/save"), Some(&token), &rule("0", "8")).await["code"], 201);
    assert_eq!(app.get(&path("Rule/get"), Some(&token)).await["data"]["maxShiftHours"], 8);
    assert_eq!(shift_row(app, worker, &day(2)).await, Some((true, 1, 0, 1)));
    assert_eq!(shift_row(app, worker, &day(0)).await, Some((true, 3, 40, 1)));
    // Left out, the shift length stays as saved.
    let without = [("minHours", "0"), ("dedupSeconds", "60"), ("directions", "both"), ("offlineMinutes", "10")];
    assert_eq!(app.post(&path("Rule/save"), Some(&token), &without).await["code"], 201);
    assert_eq!(app.get(&path("Rule/get"), Some(&token)).await["data"]["maxShiftHours"], 8);

    // Punches stored before shifts were counted (migration 0019 marks them -1) are recounted once, at start.
    app.exec("UPDATE punches SET shift_start = -1, shift_day = '', paired = FALSE").await;
    app.exec("DELETE FROM attendance_days").await;
    assert_eq!(wageguard::attendance::service::recount_stored_shifts(&app.db).await.unwrap(), 1);
    assert_eq!(shift_row(app, worker, &day(0)).await, Some((true, 3, 40, 1)));
    assert_eq!(app.scalar("SELECT COUNT(*) FROM punches WHERE shift_start = -1").await, 0);
    assert_eq!(wageguard::attendance::service::recount_stored_shifts(&app.db).await.unwrap(), 0);
}
both!(night_shifts_count_on_the_day_they_began);

/// Sends 60 MiB to a device endpoint under the given headers; (the reply, bytes of the body read).
async fn send_huge(app: &TestApp, url: &str, serial: &str, timestamp: i64) -> (Value, usize) {
    let (body, read) = counting_body(60);
    let request = Request::post(url)
        .header(header::CONTENT_TYPE, "application/json")
        .header("X-Device-Serial", serial)
        .header("X-Device-Timestamp", timestamp.to_string())
        .header("X-Device-Signature", "00")
        .body(body)
        .unwrap();
    let (status, reply) = app.send(request).await;
    assert_eq!(status, 200, "{reply}");
    (reply, read.load(std::sync::atomic::Ordering::SeqCst))
}

/// Issue 12 finding 3: an unknown serial or a stale timestamp is answered from the headers alone, and a
/// registered device's body is read only up to its call's limit.
async fn device_calls_are_refused_before_reading_past_their_limit(app: &TestApp) {
    let token = app.login("demo", PASSWORD).await;
    let (_, secret) = register(app, &token, "T-BIG", "both").await;
    let now = wageguard::clock::now();
    for url in ["/device/v1/heartbeat", "/device/v1/punch"] {
        let (unknown, read) = send_huge(app, url, "T-NONE", now).await;
        assert_refused(&unknown, device_api::MSG_UNKNOWN_DEVICE);
        assert_eq!(read, 0, "{url}: an unknown serial's body is not read");
        let (stale, read) = send_huge(app, url, "T-BIG", now - 3600).await;
        assert_refused(&stale, device_api::MSG_TIMESTAMP);
        assert_eq!(read, 0, "{url}: a stale request's body is not read");
    }
    let (beat, read) = send_huge(app, "/device/v1/heartbeat", "T-BIG", now).await;
    assert_refused(&beat, device_api::MSG_HEARTBEAT_BODY_TOO_LARGE);
    assert!(read <= MIB, "a heartbeat stops at its limit: {read} bytes read");
    let (batch, read) = send_huge(app, "/device/v1/punch", "T-BIG", now).await;
    assert_refused(&batch, device_api::MSG_PUNCH_BODY_TOO_LARGE);
    assert!(read <= device_api::PUNCH_BODY_LIMIT + MIB, "a batch stops at its limit: {read} bytes read");

    // Signed and well-formed, but past the limit: refused as a whole, nothing stored.
    let day = yesterday();
    let punches: Vec<Value> =
        (0..3).map(|index| punch(&demo_id_number(index), &format!("{day} 07:3{index}:00"), "in")).collect();
    let padded =
        json!({ "serial": "T-BIG", "punches": punches, "note": " ".repeat(device_api::PUNCH_BODY_LIMIT) }).to_string();
    let signed = Signed { serial: "T-BIG", secret: &secret, timestamp: now };
    assert_refused(&push_raw(app, "/device/v1/punch", &signed, &padded).await, device_api::MSG_PUNCH_BODY_TOO_LARGE);
    let stored =
        "SELECT COUNT(*) FROM punches WHERE device_id = (SELECT id FROM attendance_devices WHERE serial = 'T-BIG')";
    assert_eq!(app.scalar(stored).await, 0);
    let beat = push_raw(
        app,
        "/device/v1/heartbeat",
        &Signed { serial: "T-BIG", secret: &secret, timestamp: now },
        &"x".repeat(5000),
    )
    .await;
    assert_refused(&beat, device_api::MSG_HEARTBEAT_BODY_TOO_LARGE);

    // The largest batch without photos passes; the normal calls work.
    let largest: Vec<Value> = (0..device_api::MAX_PUNCHES)
        .map(|_| json!({ "idNumber": STRANGER_ID, "time": format!("{day} 23:59:59"), "direction": "out", "photo": "" }))
        .collect();
    let reply = push(app, "T-BIG", &secret, Value::Array(largest)).await;
    assert_eq!(reply["data"]["received"], device_api::MAX_PUNCHES, "{}", reply["message"]);
    let reply = push(app, "T-BIG", &secret, Value::Array(punches)).await;
    assert_eq!(reply["data"]["inserted"], 3, "{reply}");
    assert_eq!(app.scalar(stored).await, 3);
    let beat = push_raw(
        app,
        "/device/v1/heartbeat",
        &Signed { serial: "T-BIG", secret: &secret, timestamp: now + 5 },
        "{\"serial\":\"T-BIG\"}",
    )
    .await;
    assert_eq!(beat["code"], 201, "{beat}");
}
both!(device_calls_are_refused_before_reading_past_their_limit);
