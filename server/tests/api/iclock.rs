//! ZKTeco PUSH terminals (docs/iclock.md), driven by a test terminal written from the protocol: the
//! handshake and its stamps, the roster pushed as commands and confirmed, punches uploaded (also as a form
//! field), a stamp reset re-uploading everything without storing anything twice, enrolments, a snapshot,
//! failed lines kept with the raw text, unregistered and disabled serials; on both backends.

use std::collections::BTreeMap;

use axum::body::Body;
use axum::http::{Request, header};
use serde_json::Value;
use time::Duration;
use wageguard::worker::demo::demo_id_number;

use crate::both;
use crate::support::{TestApp, assert_refused};

const PASSWORD: &str = "Demo@12345";
const ICLOCK: &str = "/builder/iclock/v1";

/// A terminal as the protocol describes one: a log of punches numbered by stamp, the people it holds, the
/// stamp it has uploaded up to.
struct Terminal<'a> {
    app: &'a TestApp,
    serial: String,
    /// (stamp, line) of every punch it holds; stamps count from 1.
    log: Vec<(i64, String)>,
    /// The stamp the server said it holds (sent after it).
    uploaded: i64,
    people: BTreeMap<String, String>,
}

impl<'a> Terminal<'a> {
    fn new(app: &'a TestApp, serial: &str) -> Self {
        Terminal { app, serial: serial.to_owned(), log: Vec::new(), uploaded: 0, people: BTreeMap::new() }
    }

    async fn call(&self, method: &str, path_and_query: &str, content_type: &str, body: Vec<u8>) -> (u16, String) {
        let request = Request::builder()
            .method(method)
            .uri(path_and_query)
            .header(header::CONTENT_TYPE, content_type)
            .body(Body::from(body))
            .unwrap();
        let (status, reply) = self.app.send(request).await;
        (status, reply.as_str().map(str::to_owned).unwrap_or_else(|| reply.to_string()))
    }

    /// The handshake: on 200, resumes after the ATTLOG stamp the server holds.
    async fn handshake(&mut self) -> (u16, String) {
        let uri = format!("/iclock/cdata?SN={}&options=all&pushver=2.4.1&language=83", self.serial);
        let (status, text) = self.call("GET", &uri, "text/plain", Vec::new()).await;
        if status == 200 {
            let stamp = text.lines().find_map(|line| line.strip_prefix("ATTLOGStamp=")).expect("ATTLOGStamp");
            self.uploaded = stamp.parse().expect("a number");
        }
        (status, text)
    }

    fn punch(&mut self, pin: i64, time: &str, status: u8) {
        let stamp = self.log.len() as i64 + 1;
        self.log.push((stamp, format!("{pin}\t{time}\t{status}\t15\t0\t0\t0")));
    }

    fn raw_line(&mut self, line: &str) {
        let stamp = self.log.len() as i64 + 1;
        self.log.push((stamp, line.to_owned()));
    }

    /// Uploads every line after the server's stamp; moves on when answered `OK: <n>`.
    async fn upload(&mut self) -> String {
        let pending: Vec<&(i64, String)> = self.log.iter().filter(|(stamp, _)| *stamp > self.uploaded).collect();
        let Some((last, _)) = pending.last() else { return "nothing".to_owned() };
        let last = *last;
        let body: String = pending.iter().map(|(_, line)| format!("{line}\n")).collect();
        let uri = format!("/iclock/cdata?SN={}&table=ATTLOG&Stamp={last}", self.serial);
        let (status, text) = self.call("POST", &uri, "text/plain", body.into_bytes()).await;
        assert_eq!(status, 200, "{text}");
        assert_eq!(text, format!("OK: {}", pending.len()));
        self.uploaded = last;
        text
    }

    /// One command poll: runs what it is given and confirms each (`Return=<code>`); the commands.
    async fn poll(&mut self, code: &str) -> Vec<String> {
        let uri =
            format!("/iclock/getrequest?SN={}&INFO=Ver%206.60,{},2,100,192.168.1.201", self.serial, self.people.len());
        let (status, text) = self.call("GET", &uri, "text/plain", Vec::new()).await;
        assert_eq!(status, 200, "{text}");
        if text == "OK" {
            return Vec::new();
        }
        let mut confirmations = Vec::new();
        let mut commands = Vec::new();
        let mut check = false;
        for line in text.lines() {
            let rest = line.strip_prefix("C:").expect("C:<id>:<command>");
            let (id, command) = rest.split_once(':').expect("id");
            let verb = command.split(' ').next().unwrap();
            if let Some(record) = command.strip_prefix("DATA UPDATE USERINFO ") {
                let fields: BTreeMap<&str, &str> = record.split('\t').filter_map(|f| f.split_once('=')).collect();
                self.people.insert(fields["PIN"].to_owned(), fields["Name"].to_owned());
            } else if let Some(pin) = command.strip_prefix("DATA DELETE USERINFO PIN=") {
                self.people.remove(pin);
            } else if command == "CHECK" {
                check = true;
            }
            confirmations.push(format!("ID={id}&Return={code}&CMD={verb}"));
            commands.push(command.to_owned());
        }
        let uri = format!("/iclock/devicecmd?SN={}", self.serial);
        let (status, text) = self.call("POST", &uri, "text/plain", confirmations.join("\n").into_bytes()).await;
        assert_eq!((status, text.as_str()), (200, "OK"));
        if check {
            assert_eq!(self.handshake().await.0, 200);
            self.upload().await;
        }
        commands
    }
}

async fn worker_of(app: &TestApp, index: usize) -> i64 {
    app.scalar_owned(format!("SELECT id FROM workers WHERE id_number = '{}'", demo_id_number(index))).await
}

async fn register(app: &TestApp, token: &str, serial: &str, direction: &str) -> i64 {
    let form = [
        ("kind", "attendant"),
        ("serial", serial),
        ("name", "大门人脸机"),
        ("direction", direction),
        ("location", "东门"),
        ("protocol", "iclock"),
    ];
    let reply = app.post("/builder/attendance/v1/Device/add", Some(token), &form).await;
    assert_eq!(reply["code"], 201, "{reply}");
    reply["data"]["id"].as_i64().unwrap()
}

async fn console(app: &TestApp, token: &str, path_and_query: &str) -> Value {
    let reply = app.get(&format!("{ICLOCK}/{path_and_query}"), Some(token)).await;
    assert_eq!(reply["code"], 201, "{reply}");
    reply["data"].clone()
}

async fn a_terminal_gets_the_roster_and_uploads_punches_once(app: &TestApp) {
    let token = app.login("demo", PASSWORD).await;
    let mut terminal = Terminal::new(app, "CQZ7231960042");

    // Unregistered: refused and listed for the clerk to adopt.
    let (status, text) = terminal.handshake().await;
    assert_eq!(status, 401, "{text}");
    assert!(text.contains("设备未登记"), "{text}");
    let strangers = console(app, &token, "Terminal/strangers").await;
    assert_eq!(strangers["total"], 1);
    assert_eq!(strangers["list"][0]["serial"], "CQZ7231960042");
    assert_eq!(strangers["list"][0]["info"], "2.4.1");

    let device = register(app, &token, "CQZ7231960042", "both").await;
    let (status, block) = terminal.handshake().await;
    assert_eq!(status, 200);
    assert!(block.starts_with("GET OPTION FROM: CQZ7231960042\nATTLOGStamp=0\n"), "{block}");
    assert!(block.contains("TimeZone=8") && block.contains("Realtime=1") && block.contains("Encrypt=None"));
    assert_eq!(console(app, &token, "Terminal/strangers").await["total"], 0, "adopted");
    let listed = app.get("/builder/attendance/v1/Device/list?kind=attendant&keyword=CQZ", Some(&token)).await;
    assert_eq!(listed["data"]["list"][0]["statusLabel"], "在线", "{listed}");
    assert_eq!(listed["data"]["list"][0]["protocol"], "iclock");

    // The site roster reaches the terminal as commands, confirmed.
    let commands = terminal.poll("0").await;
    assert_eq!(commands.len(), 30, "{commands:?}");
    assert!(commands.iter().all(|command| command.starts_with("DATA UPDATE USERINFO PIN=")));
    assert_eq!(terminal.people.len(), 30);
    let first = worker_of(app, 0).await;
    let name: String = wageguard::on_db!(&app.db, pool => sqlx::query_scalar("SELECT name FROM workers WHERE id = $1").bind(first).fetch_one(pool).await).unwrap();
    assert_eq!(terminal.people[&first.to_string()], name);
    assert!(terminal.poll("0").await.is_empty(), "nothing new");
    let listed = console(app, &token, &format!("Command/list?id={device}&limit=100")).await;
    assert_eq!(listed["total"], 30);
    assert!(listed["list"].as_array().unwrap().iter().all(|c| c["statusLabel"] == "已执行" && c["returnCode"] == "0"));
    let detail = console(app, &token, &format!("Terminal/detail?id={device}")).await;
    assert_eq!((detail["users"].as_i64(), detail["commandsWaiting"].as_i64()), (Some(30), Some(0)));
    assert!(detail["info"].as_str().unwrap().starts_with("Ver 6.60"), "{detail}");

    // Punches, with a PIN on no roster and a line that is not a punch.
    let day = (wageguard::clock::china_today() - Duration::days(1)).to_string();
    let workers = [worker_of(app, 1).await, worker_of(app, 2).await, worker_of(app, 3).await];
    for worker in workers {
        terminal.punch(worker, &format!("{day} 07:31:00"), 0);
        terminal.punch(worker, &format!("{day} 17:02:00"), 1);
    }
    terminal.punch(999_999_999, &format!("{day} 07:40:00"), 0);
    terminal.raw_line("this is not a punch");
    terminal.upload().await;
    let stored = format!("SELECT COUNT(*) FROM punches WHERE device_id = {device}");
    assert_eq!(app.scalar_owned(stored.clone()).await, 6);
    let attended = format!(
        "SELECT COUNT(*) FROM attendance_days WHERE day = '{day}' AND attended = TRUE AND worker_id IN ({}, {}, {})",
        workers[0], workers[1], workers[2]
    );
    assert_eq!(app.scalar_owned(attended.clone()).await, 3);
    let uploads = console(app, &token, &format!("Upload/list?id={device}&failedOnly=1")).await;
    assert_eq!(uploads["total"], 1);
    let upload = &uploads["list"][0];
    assert_eq!(
        (upload["lines"].as_i64(), upload["stored"].as_i64(), upload["failed"].as_i64()),
        (Some(8), Some(6), Some(2))
    );
    assert_eq!(upload["failures"][0]["reason"], "工号不在本项目花名册中");
    assert_eq!(upload["failures"][0]["line"], 7);
    assert_eq!(upload["failures"][1]["text"], "this is not a punch");
    assert!(upload["raw"].as_str().unwrap().contains("999999999\t"), "the text as sent is kept");

    // The stamp is kept: a handshake resumes after it.
    assert_eq!(terminal.handshake().await.0, 200);
    assert_eq!(terminal.uploaded, 8);
    assert_eq!(terminal.upload().await, "nothing");

    // 重新上传考勤: the terminal is told to handshake, gets stamp 0 and sends everything; nothing is stored twice.
    let reply = app.post(&format!("{ICLOCK}/Terminal/reupload"), Some(&token), &[("id", &device.to_string())]).await;
    assert_eq!(reply["code"], 201, "{reply}");
    assert_eq!(terminal.poll("0").await, vec!["CHECK".to_owned()]);
    assert_eq!(terminal.uploaded, 8);
    assert_eq!(app.scalar_owned(stored.clone()).await, 6);
    assert_eq!(app.scalar_owned(attended).await, 3);
    let latest = &console(app, &token, &format!("Upload/list?id={device}")).await["list"][0];
    assert_eq!((latest["stored"].as_i64(), latest["duplicates"].as_i64()), (Some(0), Some(6)));

    // Some firmware sends the lines in a form field.
    let later = worker_of(app, 4).await;
    let data = format!("{later}\t{day} 08:00:00\t0\t1\n{later}\t{day} 18:00:00\t1\t1");
    let body = serde_urlencoded::to_string([("data", data.as_str())]).unwrap();
    let uri = "/iclock/cdata?SN=CQZ7231960042&table=ATTLOG&Stamp=10";
    let (status, text) = terminal.call("POST", uri, "application/x-www-form-urlencoded", body.into_bytes()).await;
    assert_eq!((status, text.as_str()), (200, "OK: 2"));
    assert_eq!(app.scalar_owned(stored.clone()).await, 8);

    // Enrolments on the terminal, and a snapshot kept with its punch.
    let operations = format!(
        "USER PIN={later}\tName=x\tPri=0\nFP PIN={later}\tFID=6\tSize=4\tValid=1\tTMP=AAAA\nFACE PIN={later}\tFID=0\tTMP=AAAA\nOPLOG 4\t0\t{day} 08:00:00\t0\t0\t0\t0\nFP PIN=999999999\tFID=1"
    );
    let (status, text) = terminal
        .call("POST", "/iclock/cdata?SN=CQZ7231960042&table=OPERLOG&Stamp=3", "text/plain", operations.into_bytes())
        .await;
    assert_eq!((status, text.as_str()), (200, "OK: 5"));
    let detail = console(app, &token, &format!("Terminal/detail?id={device}")).await;
    assert_eq!(
        (detail["withFingers"].as_i64(), detail["withFace"].as_i64(), detail["operlogStamp"].as_i64()),
        (Some(1), Some(1), Some(3))
    );
    let compact_day = day.replace('-', "");
    let mut photo =
        format!("PIN={compact_day}080000-{later}.jpg\nSN=CQZ7231960042\nsize=4\nCMD=uploadphoto\0").into_bytes();
    photo.extend_from_slice(&[0xFF, 0xD8, 0xFF, 0xE0, 0, 16, b'J', b'F', b'I', b'F']);
    let (status, text) = terminal
        .call("POST", "/iclock/cdata?SN=CQZ7231960042&table=ATTPHOTO&Stamp=1", "application/octet-stream", photo)
        .await;
    assert_eq!((status, text.as_str()), (200, "OK: 1"));
    let with_photo =
        format!("SELECT COUNT(*) FROM punches WHERE device_id = {device} AND worker_id = {later} AND photo <> ''");
    assert_eq!(app.scalar_owned(with_photo).await, 1);

    // An exit takes the worker off the terminal; a failed command shows as failed.
    let line = app.scalar_owned(format!("SELECT id FROM employments WHERE worker_id = {first} AND status = 1")).await;
    let today = wageguard::clock::china_today().to_string();
    let exited =
        app.post("/builder/user/v1/Worker/exit", Some(&token), &[("id", &line.to_string()), ("date", &today)]).await;
    assert_eq!(exited["code"], 201, "{exited}");
    assert_eq!(terminal.poll("-1002").await, vec![format!("DATA DELETE USERINFO PIN={first}")]);
    let newest = &console(app, &token, &format!("Command/list?id={device}&limit=1")).await["list"][0];
    assert_eq!((newest["statusLabel"].as_str(), newest["returnCode"].as_str()), (Some("执行失败"), Some("-1002")));

    // 重新下发人员: the whole site roster again.
    let reply = app.post(&format!("{ICLOCK}/Terminal/resync"), Some(&token), &[("id", &device.to_string())]).await;
    assert_eq!(reply["code"], 201, "{reply}");
    assert_eq!(terminal.poll("0").await.len(), 29);
    let logged = "SELECT COUNT(*) FROM operation_log WHERE action IN ('设备重新上传考勤', '设备重新下发人员')";
    assert_eq!(app.scalar(logged).await, 2);

    // A disabled terminal is refused.
    let form = [
        ("id", device.to_string()),
        ("name", "大门人脸机".into()),
        ("direction", "both".into()),
        ("location", "".into()),
        ("enabled", "0".into()),
    ];
    let form: Vec<(&str, &str)> = form.iter().map(|(k, v)| (*k, v.as_str())).collect();
    assert_eq!(app.post("/builder/attendance/v1/Device/edit", Some(&token), &form).await["code"], 201);
    assert_eq!(terminal.handshake().await.0, 403);
}
both!(a_terminal_gets_the_roster_and_uploads_punches_once);

async fn terminal_requests_are_checked(app: &TestApp) {
    let token = app.login("demo", PASSWORD).await;
    let signed_api = app
        .post(
            "/builder/attendance/v1/Device/add",
            Some(&token),
            &[("kind", "attendant"), ("serial", "API-1"), ("name", "接口机"), ("direction", "in")],
        )
        .await;
    assert_eq!(signed_api["code"], 201);
    let mut terminal = Terminal::new(app, "API-1");
    assert_eq!(terminal.handshake().await.0, 401, "a device of the signed API is not served here");
    let id = signed_api["data"]["id"].as_i64().unwrap();
    assert_refused(
        &app.get(&format!("{ICLOCK}/Terminal/detail?id={id}"), Some(&token)).await,
        "该设备不是 ZKTeco PUSH 设备",
    );
    let mut nobody = Terminal::new(app, "bad%20serial!");
    assert_eq!(nobody.handshake().await, (401, "ERROR: 缺少或错误的设备序列号（SN）".to_owned()));
    assert_refused(
        &app.post(
            "/builder/attendance/v1/Device/add",
            Some(&token),
            &[("kind", "attendant"), ("serial", "X-2"), ("name", "机"), ("direction", "in"), ("protocol", "modbus")],
        )
        .await,
        "请选择通讯方式",
    );

    // A terminal mounted at the way in: its punches are in, whatever key was pressed.
    let device = register(app, &token, "ZK-IN-1", "in").await;
    let mut entrance = Terminal::new(app, "ZK-IN-1");
    assert_eq!(entrance.handshake().await.0, 200);
    let (status, text) = entrance.call("POST", "/iclock/cdata?SN=ZK-IN-1&table=USERS", "text/plain", Vec::new()).await;
    assert_eq!((status, text.as_str()), (400, "ERROR: table 应为 ATTLOG、OPERLOG 或 ATTPHOTO"));
    let day = (wageguard::clock::china_today() - Duration::days(1)).to_string();
    let worker = worker_of(app, 5).await;
    entrance.punch(worker, &format!("{day} 07:00:00"), 255);
    entrance.punch(worker, &format!("{day} 07:10:00"), 1);
    entrance.punch(worker, "2000-01-01 07:00:00", 0);
    entrance.upload().await;
    let ins = format!("SELECT COUNT(*) FROM punches WHERE device_id = {device} AND direction = 'in'");
    assert_eq!(app.scalar_owned(ins).await, 2);
    let failed = console(app, &token, &format!("Upload/list?id={device}&failedOnly=1")).await;
    assert_eq!(failed["list"][0]["failures"][0]["reason"], "打卡时间早于可补传的期限（上月1日）");

    assert_eq!(
        app.get(&format!("{ICLOCK}/Terminal/detail?id={device}"), None).await["code"],
        101,
        "the console needs a session"
    );
}
both!(terminal_requests_are_checked);

/// Knocks as an unregistered terminal with `serial` whose handshake says `push_version`: the status.
async fn knock(app: &TestApp, serial: &str, push_version: &str) -> u16 {
    let query = serde_urlencoded::to_string([("SN", serial), ("options", "all"), ("pushver", push_version)]).unwrap();
    Terminal::new(app, serial).call("GET", &format!("/iclock/cdata?{query}"), "text/plain", Vec::new()).await.0
}

/// Issue 29 finding 8: anyone may knock, so 未登记的考勤机 keeps only what a terminal says of itself as plain
/// serial and version text, and only the newest 500 serials: a flood of made-up serials neither grows the
/// list nor keeps a real terminal that knocks afterwards off it.
async fn unregistered_serials_are_plain_text_and_bounded(app: &TestApp) {
    let token = app.login("demo", PASSWORD).await;
    let long = "A".repeat(33);
    for text in ["<img src=x onerror=alert(1)>", "请联系400-000-0000领取补贴", "ZK 1", long.as_str(), ""] {
        assert_eq!(knock(app, text, "2.4.1").await, 401, "{text}");
    }
    assert_eq!(console(app, &token, "Terminal/strangers").await["total"], 0);

    assert_eq!(knock(app, "CQZ7231960042", "<b>请拨打400-000-0000</b>").await, 401);
    assert_eq!(knock(app, "CQZ7231960043", "2.4.1").await, 401);
    let listed = console(app, &token, "Terminal/strangers").await;
    let info: BTreeMap<String, String> = listed["list"]
        .as_array()
        .unwrap()
        .iter()
        .map(|row| (row["serial"].as_str().unwrap().to_owned(), row["info"].as_str().unwrap().to_owned()))
        .collect();
    assert_eq!(info["CQZ7231960042"], "", "free text is no version");
    assert_eq!(info["CQZ7231960043"], "2.4.1");

    for index in 0..600 {
        knock(app, &format!("FLOOD-{index:04}"), "").await;
    }
    assert!(app.scalar("SELECT COUNT(*) FROM iclock_strangers").await <= 500);
    assert_eq!(knock(app, "CQZ7231960099", "3.1.2").await, 401);
    assert_eq!(app.scalar("SELECT COUNT(*) FROM iclock_strangers WHERE serial = 'CQZ7231960099'").await, 1);
    assert!(app.scalar("SELECT COUNT(*) FROM iclock_strangers").await <= 500);
}
both!(unregistered_serials_are_plain_text_and_bounded);
