//! What the site terminals' area decides (docs/iclock.md): which serial is served, what an upload stores
//! (through the attendance area's one ingest path), which commands a terminal is given so that it holds the
//! project's site roster, and what the console shows of it all.

use std::collections::{BTreeSet, HashMap};
use std::path::Path;

use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::protocol::{self, AttLogLine, OperLine, Stamps, Table, Way};
use super::repo::{self, NewUpload, StampColumn};
use crate::attendance::device_api::{self, photo_folder};
use crate::attendance::ingest::{self, Batch, IngestError, NewPunch, Source};
use crate::attendance::rules::{self, Direction};
use crate::attendance::service::{self as attendance, AttendanceDevice, DeviceAuth, Protocol, PunchKey};
use crate::clock;
use crate::db::Db;
use crate::envelope::ApiError;
use crate::extract::sent;
use crate::identity::sessions::CurrentAccount;
use crate::oplog::{self, Entry};
use crate::paging::{Page, Paged};
use crate::scope;
use crate::worker::service as roster;

/// An upload to `/iclock/cdata`: 5,000 punch lines of about 60 bytes, or a photo of 512 KB, fit many times.
pub const UPLOAD_BODY_LIMIT: usize = device_api::PUNCH_BODY_LIMIT;
/// A devicecmd body: a few confirmations.
pub const CONFIRM_BODY_LIMIT: usize = 64 * 1024;
/// Commands given per poll; the rest wait for the next one (`Delay` seconds later).
const COMMANDS_PER_POLL: i64 = 200;
/// A command fetched and not confirmed within this time is given again (the terminal may have restarted).
const REFETCH_SECONDS: i64 = 300;
/// How much of an upload's text is kept to be read on 考勤设备, and how many failed lines are listed.
const RAW_KEPT_BYTES: usize = 256 * 1024;
const FAILURES_KEPT: usize = 200;
/// Uploads, answered commands and unregistered serials are kept this long.
pub const KEPT_SECONDS: i64 = 7 * 86_400;
/// Unregistered serials kept at most: a flood of made-up serials pushes out the oldest, never grows the list.
const STRANGERS_KEPT: i64 = 500;

pub const MSG_SERIAL: &str = "缺少或错误的设备序列号（SN）";
pub const MSG_UNKNOWN: &str = "设备未登记：请在 系统设置 → 考勤设备 登记该序列号，通讯方式选 ZKTeco PUSH";
pub const MSG_DISABLED: &str = "设备已停用";
pub const MSG_TABLE: &str = "table 应为 ATTLOG、OPERLOG 或 ATTPHOTO";
pub const MSG_BODY_TOO_LARGE: &str = "上传内容超过8.6MB：请分批上传";
pub const MSG_CONFIRM_TOO_LARGE: &str = "命令回执不能超过64KB";
pub const MSG_NOT_ON_ROSTER: &str = "工号不在本项目花名册中";
pub const MSG_NO_DIRECTION: &str = "状态码不是进（0、3、4）或出（1、2、5），设备登记为进出双向，无法判断方向";
pub const MSG_NOT_ICLOCK: &str = "该设备不是 ZKTeco PUSH 设备";

/// Why a terminal's request is not served: the HTTP status and the plain-text reason.
#[derive(Debug)]
pub enum Refusal {
    /// 400: the request itself is wrong.
    Malformed(&'static str),
    /// 401: no serial, or no terminal of this protocol registered under it.
    NoSerial,
    Unknown,
    /// 403.
    Disabled,
    Database(sqlx::Error),
}

impl From<sqlx::Error> for Refusal {
    fn from(error: sqlx::Error) -> Self {
        Refusal::Database(error)
    }
}

/// The registered, enabled iclock terminal `serial`, now heard from. An unregistered serial is listed for
/// the clerks to adopt (`info`: what its handshake said of itself), as plain serial and version text only:
/// anyone may knock, and the list is shown to every project's clerks.
async fn terminal(db: &Db, serial: &str, info: &str) -> Result<DeviceAuth, Refusal> {
    if !attendance::valid_serial(serial) {
        return Err(Refusal::NoSerial);
    }
    let now = clock::now();
    let device = attendance::device_by_serial(db, serial).await?;
    let Some(device) = device.filter(|device| device.protocol == Protocol::Iclock.as_str()) else {
        repo::stranger_knocked(db, serial, version_text(info), now, STRANGERS_KEPT).await?;
        return Err(Refusal::Unknown);
    };
    if !device.enabled {
        return Err(Refusal::Disabled);
    }
    attendance::heard_from(db, device.id, now).await?;
    Ok(device)
}

/// A push version as terminals send it (`2.4.1`); '' for any other text.
fn version_text(text: &str) -> &str {
    let plain = (1..=16).contains(&text.len())
        && text.bytes().all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'-' | b'_'));
    if plain { text } else { "" }
}

/// `GET /iclock/cdata?SN=…&options=all`: the option block, resuming each log after the stamp stored.
pub async fn handshake(db: &Db, serial: &str, push_version: &str) -> Result<String, Refusal> {
    let info: String = push_version.chars().filter(|c| !c.is_control()).take(100).collect();
    let device = terminal(db, serial, &info).await?;
    // A serial adopted on 考勤设备 handshakes first (it was refused at its handshake until then).
    repo::forget_stranger(db, serial).await?;
    repo::record_handshake(db, device.id, &info, clock::now()).await?;
    let stored = repo::terminal(db, device.id).await?.unwrap_or_default();
    let stamps = Stamps { attlog: stored.attlog_stamp, operlog: stored.operlog_stamp, attphoto: stored.attphoto_stamp };
    Ok(protocol::options(serial, stamps))
}

/// Any other contact (`GET /iclock/cdata` without options, `/iclock/ping`): the terminal is alive.
pub async fn ping(db: &Db, serial: &str) -> Result<String, Refusal> {
    terminal(db, serial, "").await?;
    Ok("OK".to_owned())
}

/// One line that failed, as 考勤设备 lists it.
#[derive(Clone, Debug, Deserialize, Serialize, ToSchema, PartialEq, Eq)]
pub struct FailedLine {
    /// From 1, blank lines counted.
    pub line: usize,
    pub text: String,
    pub reason: String,
}

/// What became of an upload, before it is recorded.
#[derive(Default)]
struct Outcome {
    lines: usize,
    stored: usize,
    duplicates: usize,
    failures: Vec<FailedLine>,
}

impl Outcome {
    fn fail(&mut self, line: usize, text: &str, reason: &str) {
        self.failures.push(FailedLine { line, text: text.chars().take(300).collect(), reason: reason.to_owned() });
    }
}

/// `POST /iclock/cdata?SN=…&table=…&Stamp=…`: stores what it can, records the upload with its text and
/// the lines that failed, and answers `OK: <lines>` so that the terminal moves on (a line that failed is
/// shown on 考勤设备, not sent again and again).
pub async fn upload(
    db: &Db,
    data_dir: &Path,
    serial: &str,
    table: &str,
    stamp: &str,
    body: &[u8],
) -> Result<String, Refusal> {
    let device = terminal(db, serial, "").await?;
    let table = Table::parse(table).ok_or(Refusal::Malformed(MSG_TABLE))?;
    let now = clock::now();
    let stamp: i64 = stamp.trim().parse().unwrap_or(0);
    let (mut outcome, raw) = match table {
        Table::AttLog => {
            let text = protocol::form_data(body).unwrap_or_else(|| String::from_utf8_lossy(body).into_owned());
            (attendance_lines(db, &device, &text, now).await?, text)
        }
        Table::OperLog => {
            let text = protocol::form_data(body).unwrap_or_else(|| String::from_utf8_lossy(body).into_owned());
            (operation_lines(db, &device, &text).await?, text)
        }
        Table::AttPhoto => snapshot(db, data_dir, &device, body, now).await?,
    };
    outcome.failures.sort_by_key(|failure| failure.line);
    let failures = &outcome.failures[..outcome.failures.len().min(FAILURES_KEPT)];
    let upload = NewUpload {
        device_id: device.id,
        table: table.as_str(),
        stamp,
        received_at: now,
        lines: outcome.lines as i64,
        stored: outcome.stored as i64,
        duplicates: outcome.duplicates as i64,
        failed: outcome.failures.len() as i64,
        raw: kept(&raw),
        failures: &serde_json::to_string(failures).unwrap_or_else(|_| "[]".to_owned()),
    };
    repo::record_upload(db, &upload).await?;
    if stamp > 0 {
        let column = match table {
            Table::AttLog => StampColumn::AttLog,
            Table::OperLog => StampColumn::OperLog,
            Table::AttPhoto => StampColumn::AttPhoto,
        };
        repo::advance_stamp(db, device.id, column, stamp).await?;
    }
    Ok(format!("OK: {}", outcome.lines))
}

/// The first `RAW_KEPT_BYTES` of an upload's text, cut at a character.
fn kept(text: &str) -> &str {
    if text.len() <= RAW_KEPT_BYTES {
        return text;
    }
    let mut end = RAW_KEPT_BYTES;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    &text[..end]
}

/// PINs are the workers' numbers on our side (what `DATA UPDATE USERINFO` gave the terminal).
fn worker_of(pin: &str) -> Option<i64> {
    pin.parse::<i64>().ok().filter(|id| *id > 0)
}

async fn known_workers(
    db: &Db,
    project_id: i64,
    pins: impl Iterator<Item = &str>,
) -> sqlx::Result<std::collections::HashSet<i64>> {
    let ids: Vec<i64> = pins.filter_map(worker_of).collect::<BTreeSet<_>>().into_iter().collect();
    roster::ever_on_roster(db, project_id, &ids).await
}

async fn attendance_lines(db: &Db, device: &DeviceAuth, text: &str, now: i64) -> Result<Outcome, Refusal> {
    let mut outcome = Outcome::default();
    let mut parsed: Vec<(usize, &str, AttLogLine)> = Vec::new();
    for (number, line) in protocol::lines(text) {
        outcome.lines += 1;
        match protocol::attlog_line(line) {
            Ok(record) => parsed.push((number, line, record)),
            Err(reason) => outcome.fail(number, line, reason),
        }
    }
    let known = known_workers(db, device.project_id, parsed.iter().map(|(_, _, record)| record.pin.as_str())).await?;
    let registered = rules::Directions::parse(&device.direction).unwrap_or(rules::Directions::Both);
    let mut punches: Vec<NewPunch> = Vec::with_capacity(parsed.len());
    for (number, line, record) in &parsed {
        let Some(worker_id) = worker_of(&record.pin).filter(|id| known.contains(id)) else {
            outcome.fail(*number, line, MSG_NOT_ON_ROSTER);
            continue;
        };
        let punched_at = match device_api::punch_time(&record.time, now) {
            Ok(at) => at,
            Err(reason) => {
                outcome.fail(*number, line, reason);
                continue;
            }
        };
        // Where the terminal is mounted decides over the key pressed on it.
        let direction = match (registered, record.way) {
            (rules::Directions::In, _) | (rules::Directions::Both, Way::In) => Direction::In,
            (rules::Directions::Out, _) | (rules::Directions::Both, Way::Out) => Direction::Out,
            (rules::Directions::Both, Way::Unstated) => {
                outcome.fail(*number, line, MSG_NO_DIRECTION);
                continue;
            }
        };
        punches.push(NewPunch { worker_id, punched_at, direction, photo: String::new() });
    }
    let waiting = match (punches.iter().map(|p| p.punched_at).min(), punches.iter().map(|p| p.punched_at).max()) {
        (Some(first), Some(last)) => repo::waiting_photos(db, device.id, first, last).await?,
        _ => Vec::new(),
    };
    let photos: HashMap<(i64, i64), String> =
        waiting.into_iter().map(|(worker_id, at, photo)| ((worker_id, at), photo)).collect();
    for punch in &mut punches {
        if let Some(photo) = photos.get(&(punch.worker_id, punch.punched_at)) {
            punch.photo = photo.clone();
        }
    }
    let batch = Batch { project_id: device.project_id, source: Source::Device, device_id: device.id, nonce: None };
    let ingested = ingest::ingest(db, &batch, &punches).await.map_err(|error| match error {
        IngestError::Database(error) => Refusal::Database(error),
        IngestError::Replayed => Refusal::Malformed("重复的请求"),
    })?;
    for punch in punches.iter().filter(|punch| !punch.photo.is_empty()) {
        let key = PunchKey {
            project_id: device.project_id,
            worker_id: punch.worker_id,
            punched_at: punch.punched_at,
            device_id: device.id,
        };
        attendance::attach_photo(db, &key, &punch.photo).await?;
        repo::photo_attached(db, device.id, punch.worker_id, punch.punched_at).await?;
    }
    outcome.stored = ingested.inserted;
    outcome.duplicates = ingested.duplicates;
    Ok(outcome)
}

async fn operation_lines(db: &Db, device: &DeviceAuth, text: &str) -> Result<Outcome, Refusal> {
    let mut outcome = Outcome::default();
    let mut parsed: Vec<(usize, &str, OperLine)> = Vec::new();
    for (number, line) in protocol::lines(text) {
        outcome.lines += 1;
        match protocol::operlog_line(line) {
            Ok(record) => parsed.push((number, line, record)),
            Err(reason) => outcome.fail(number, line, reason),
        }
    }
    let pins = parsed.iter().filter_map(|(_, _, record)| match record {
        OperLine::User { pin, .. } | OperLine::Finger { pin, .. } | OperLine::Face { pin } => Some(pin.as_str()),
        OperLine::Other => None,
    });
    let known = known_workers(db, device.project_id, pins).await?;
    for (number, line, record) in &parsed {
        let (pin, finger_bit, face) = match record {
            OperLine::Other => {
                outcome.stored += 1;
                continue;
            }
            OperLine::User { pin, .. } => (pin, 0, false),
            OperLine::Finger { pin, finger } => (pin, 1_i64 << finger, false),
            OperLine::Face { pin } => (pin, 0, true),
        };
        let Some(worker_id) = worker_of(pin).filter(|id| known.contains(id)) else {
            outcome.fail(*number, line, MSG_NOT_ON_ROSTER);
            continue;
        };
        repo::enrolled(db, device.id, worker_id, finger_bit, face).await?;
        outcome.stored += 1;
    }
    Ok(outcome)
}

/// An ATTPHOTO upload: the snapshot is kept with its punch, or until the punch arrives.
async fn snapshot(
    db: &Db,
    data_dir: &Path,
    device: &DeviceAuth,
    body: &[u8],
    now: i64,
) -> Result<(Outcome, String), Refusal> {
    let mut outcome = Outcome { lines: 1, ..Outcome::default() };
    let photo = match protocol::photo(body) {
        Ok(photo) => photo,
        Err(reason) => {
            let header: String = String::from_utf8_lossy(&body[..body.len().min(200)])
                .chars()
                .filter(|c| !c.is_control() || *c == '\n')
                .collect();
            outcome.fail(1, &header, reason);
            return Ok((outcome, header));
        }
    };
    let known = known_workers(db, device.project_id, [photo.pin.as_str()].into_iter()).await?;
    let checked = async {
        let worker_id = worker_of(&photo.pin).filter(|id| known.contains(id)).ok_or(MSG_NOT_ON_ROSTER)?;
        let punched_at = device_api::punch_time(&photo.time, now)?;
        let stored = device_api::store_photo(&photo_folder(data_dir), photo.image).await?;
        Ok((worker_id, punched_at, stored))
    };
    match checked.await {
        Ok((worker_id, punched_at, stored)) => {
            let key = PunchKey { project_id: device.project_id, worker_id, punched_at, device_id: device.id };
            if !attendance::attach_photo(db, &key, &stored).await? {
                repo::keep_photo(db, device.id, worker_id, punched_at, &stored).await?;
            }
            outcome.stored = 1;
        }
        Err(reason) => outcome.fail(1, &photo.header, reason),
    }
    Ok((outcome, photo.header))
}

/// `GET /iclock/getrequest?SN=…`: brings the terminal's people in line with the site roster (a worker
/// entered or renamed → `DATA UPDATE USERINFO`, exited → `DATA DELETE USERINFO`), then gives it the
/// commands due.
pub async fn poll(db: &Db, serial: &str, info: &str) -> Result<String, Refusal> {
    let device = terminal(db, serial, "").await?;
    let now = clock::now();
    let info: String = info.chars().filter(|c| !c.is_control()).take(200).collect();
    repo::record_poll(db, device.id, &info, now).await?;
    sync_people(db, &device, now).await?;
    let due = repo::take_due(db, device.id, now - REFETCH_SECONDS, now, COMMANDS_PER_POLL).await?;
    Ok(protocol::commands(&due))
}

async fn sync_people(db: &Db, device: &DeviceAuth, now: i64) -> sqlx::Result<()> {
    let on_site = roster::on_site_names(db, device.project_id).await?;
    let told: HashMap<i64, String> =
        repo::users(db, device.id).await?.into_iter().map(|user| (user.worker_id, user.name)).collect();
    for (worker_id, name) in &on_site {
        if told.get(worker_id) != Some(name) {
            let summary = format!("下发人员 {name}（工号 {worker_id}）");
            repo::queue_command(db, device.id, &protocol::update_user(*worker_id, name), &summary, now).await?;
            repo::told_user(db, device.id, *worker_id, name).await?;
        }
    }
    let here: std::collections::HashSet<i64> = on_site.iter().map(|(id, _)| *id).collect();
    for (worker_id, name) in told.iter().filter(|(id, _)| !here.contains(id)) {
        let summary = format!("删除人员 {name}（工号 {worker_id}，已退场）");
        repo::queue_command(db, device.id, &protocol::delete_user(*worker_id), &summary, now).await?;
        repo::forget_user(db, device.id, *worker_id).await?;
    }
    Ok(())
}

/// `POST /iclock/devicecmd?SN=…`: the terminal's Return codes for commands it ran.
pub async fn confirm(db: &Db, serial: &str, body: &[u8]) -> Result<String, Refusal> {
    let device = terminal(db, serial, "").await?;
    let now = clock::now();
    for confirmation in protocol::confirmations(&String::from_utf8_lossy(body)) {
        repo::confirm(db, device.id, confirmation.id, &confirmation.code, now).await?;
    }
    Ok("OK".to_owned())
}

// ---------------------------------------------------------------- the console

#[derive(Debug, Default, Deserialize, IntoParams, ToSchema)]
#[into_params(parameter_in = Query)]
pub struct TerminalIdQuery {
    /// The device's id (考勤设备).
    pub id: Option<String>,
}

#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct TerminalListQuery {
    /// The device's id (考勤设备).
    pub id: Option<String>,
    /// `1`: uploads with a line that failed only.
    pub failed_only: Option<String>,
    pub page: Option<String>,
    pub limit: Option<String>,
}

#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct StrangerQuery {
    pub page: Option<String>,
    pub limit: Option<String>,
}

/// A ZKTeco PUSH terminal as 考勤设备 shows it: what it said of itself, where its logs stand, the people it
/// holds and its commands.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct IclockTerminal {
    pub device: AttendanceDevice,
    /// The handshake's push version; the poll's INFO as sent, and read (固件 …，人员 …，指纹 …，考勤记录 …，IP …).
    pub push_version: String,
    pub info: String,
    pub info_label: String,
    /// `YYYY-MM-DD HH:MM:SS`, or `0000-00-00 00:00:00` never.
    pub handshake_at: String,
    pub polled_at: String,
    pub attlog_stamp: i64,
    pub operlog_stamp: i64,
    pub attphoto_stamp: i64,
    /// People the terminal was given, of them with a finger and with the face enrolled.
    pub users: i64,
    pub with_fingers: i64,
    pub with_face: i64,
    /// Commands not confirmed yet, and confirmed with an error.
    pub commands_waiting: i64,
    pub commands_failed: i64,
}

/// One command given to a terminal.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct IclockCommand {
    pub id: i64,
    pub command: String,
    /// What it does, e.g. 下发人员 张三（工号 12）.
    pub summary: String,
    /// 待下发 / 已下发 / 已执行 / 执行失败.
    pub status_label: String,
    /// The terminal's Return code ('' until confirmed; 0 done).
    pub return_code: String,
    pub created_at: String,
    pub sent_at: String,
    pub sends: i64,
    pub returned_at: String,
}

/// One upload as received.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct IclockUpload {
    pub id: i64,
    /// ATTLOG (考勤记录), OPERLOG (人员与登记), ATTPHOTO (考勤照片).
    pub table: String,
    pub table_label: String,
    pub stamp: i64,
    pub received_at: String,
    pub lines: i64,
    pub stored: i64,
    pub duplicates: i64,
    pub failed: i64,
    /// The text as sent (the first 256 KB; a photo's header lines).
    pub raw: String,
    /// The lines that failed and why (the first 200).
    pub failures: Vec<FailedLine>,
}

/// A serial that knocked without being registered.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct IclockStranger {
    pub serial: String,
    pub first_seen_at: String,
    pub last_seen_at: String,
    pub contacts: i64,
    /// What its handshake said of itself (push version).
    pub info: String,
}

pub async fn detail(db: &Db, current: &CurrentAccount, query: &TerminalIdQuery) -> Result<IclockTerminal, ApiError> {
    let device = iclock_device(attendance::readable_device(db, current, &query.id).await?)?;
    let stored = repo::terminal(db, device.id).await?.unwrap_or_default();
    let users = repo::users(db, device.id).await?;
    let (commands_waiting, commands_failed) = repo::command_counts(db, device.id).await?;
    Ok(IclockTerminal {
        push_version: stored.push_version,
        info_label: protocol::info_label(&stored.info),
        info: stored.info,
        handshake_at: clock::china_datetime(stored.handshake_at),
        polled_at: clock::china_datetime(stored.polled_at),
        attlog_stamp: stored.attlog_stamp,
        operlog_stamp: stored.operlog_stamp,
        attphoto_stamp: stored.attphoto_stamp,
        users: users.len() as i64,
        with_fingers: users.iter().filter(|user| user.fingers != 0).count() as i64,
        with_face: users.iter().filter(|user| user.face).count() as i64,
        commands_waiting,
        commands_failed,
        device,
    })
}

fn iclock_device(device: AttendanceDevice) -> Result<AttendanceDevice, ApiError> {
    if device.protocol == Protocol::Iclock.as_str() { Ok(device) } else { Err(ApiError::refused(MSG_NOT_ICLOCK)) }
}

fn command_line(row: repo::CommandRow) -> IclockCommand {
    let status = match (row.sent_at, row.returned_at, row.return_code.as_str()) {
        (_, returned, "0") if returned > 0 => "已执行",
        (_, returned, _) if returned > 0 => "执行失败",
        (0, _, _) => "待下发",
        _ => "已下发",
    };
    IclockCommand {
        id: row.id,
        command: row.command,
        summary: row.summary,
        status_label: status.to_owned(),
        return_code: row.return_code,
        created_at: clock::china_datetime(row.created_at),
        sent_at: clock::china_datetime(row.sent_at),
        sends: row.sends,
        returned_at: clock::china_datetime(row.returned_at),
    }
}

pub async fn commands(
    db: &Db,
    current: &CurrentAccount,
    query: &TerminalListQuery,
) -> Result<Paged<IclockCommand>, ApiError> {
    let device = iclock_device(attendance::readable_device(db, current, &query.id).await?)?;
    let page = Page::parse(&query.page, &query.limit)?;
    let (rows, total) = repo::commands(db, device.id, page.limit, page.offset()).await?;
    Ok(page.answer(rows.into_iter().map(command_line).collect(), total))
}

fn table_label(table: &str) -> &'static str {
    match table {
        "ATTLOG" => "考勤记录",
        "OPERLOG" => "人员与登记",
        _ => "考勤照片",
    }
}

pub async fn uploads(
    db: &Db,
    current: &CurrentAccount,
    query: &TerminalListQuery,
) -> Result<Paged<IclockUpload>, ApiError> {
    let device = iclock_device(attendance::readable_device(db, current, &query.id).await?)?;
    let page = Page::parse(&query.page, &query.limit)?;
    let failed_only = sent(&query.failed_only) == "1";
    let (rows, total) = repo::uploads(db, device.id, failed_only, page.limit, page.offset()).await?;
    let list = rows
        .into_iter()
        .map(|row| IclockUpload {
            id: row.id,
            table_label: table_label(&row.table_name).to_owned(),
            table: row.table_name,
            stamp: row.stamp,
            received_at: clock::china_datetime(row.received_at),
            lines: row.lines,
            stored: row.stored,
            duplicates: row.duplicates,
            failed: row.failed,
            raw: row.raw,
            failures: serde_json::from_str(&row.failures).unwrap_or_default(),
        })
        .collect();
    Ok(page.answer(list, total))
}

pub async fn strangers(
    db: &Db,
    current: &CurrentAccount,
    query: &StrangerQuery,
) -> Result<Paged<IclockStranger>, ApiError> {
    scope::write(current)?;
    let page = Page::parse(&query.page, &query.limit)?;
    let (rows, total) = repo::strangers(db, clock::now() - KEPT_SECONDS, page.limit, page.offset()).await?;
    let list = rows
        .into_iter()
        .map(|row| IclockStranger {
            serial: row.serial,
            first_seen_at: clock::china_datetime(row.first_seen_at),
            last_seen_at: clock::china_datetime(row.last_seen_at),
            contacts: row.contacts,
            info: row.info,
        })
        .collect();
    Ok(page.answer(list, total))
}

/// 重新上传考勤: every stamp back to 0 and a CHECK, so the terminal handshakes and sends all it holds
/// (what was stored before counts as duplicates).
pub async fn reupload(db: &Db, current: &CurrentAccount, ip: &str, form: &TerminalIdForm) -> Result<(), ApiError> {
    let device = iclock_device(attendance::writable_device(current, db, &form.id).await?)?;
    repo::reset_stamps(db, device.id).await?;
    repo::queue_command(db, device.id, protocol::CHECK, "重新上传全部记录", clock::now()).await?;
    let detail = format!("{}「{}」：重新上传全部考勤记录", device.serial, device.name);
    oplog::record(
        db,
        Entry::by(&current.account, ip).action("设备重新上传考勤").on("attendance_device", device.id).detail(detail),
    )
    .await?;
    Ok(())
}

/// 重新下发人员: the terminal is given the whole site roster again at its next poll.
pub async fn resync(db: &Db, current: &CurrentAccount, ip: &str, form: &TerminalIdForm) -> Result<(), ApiError> {
    let device = iclock_device(attendance::writable_device(current, db, &form.id).await?)?;
    repo::forget_users(db, device.id).await?;
    let detail = format!("{}「{}」：重新下发全部在场人员", device.serial, device.name);
    oplog::record(
        db,
        Entry::by(&current.account, ip).action("设备重新下发人员").on("attendance_device", device.id).detail(detail),
    )
    .await?;
    Ok(())
}

#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct TerminalIdForm {
    pub id: Option<String>,
}

/// The daily upkeep: old uploads, answered commands and strangers go, and the rows of deleted terminals.
pub async fn upkeep(db: &Db, now: i64) -> sqlx::Result<u64> {
    let live = attendance::device_ids(db, Protocol::Iclock).await?;
    repo::upkeep(db, now - KEPT_SECONDS, &live).await
}
