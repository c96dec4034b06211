//! The device push API (`/device/v1/punch`, `/device/v1/heartbeat`; protocol in docs/device-api.md):
//! every request signed by its device, fresh, used once; punches checked row by row and stored through
//! the one ingest path.

use std::path::Path;

use axum::http::HeaderMap;
use base64::Engine;
use hmac::{Hmac, KeyInit, Mac};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use sha2::{Digest, Sha256};
use utoipa::ToSchema;

use super::ingest::{self, Batch, IngestError, NewPunch, Source};
use super::repo::{self, DeviceAuth};
use super::rules::{self, Direction, Directions};
use crate::clock;
use crate::db::Db;
use crate::domain::id_number::IdNumber;
use crate::envelope::ApiError;

pub const HEADER_SERIAL: &str = "x-device-serial";
pub const HEADER_TIMESTAMP: &str = "x-device-timestamp";
pub const HEADER_SIGNATURE: &str = "x-device-signature";
/// Accepted clock difference between a device and the server, each way.
pub const MAX_SKEW_SECONDS: i64 = 300;
pub const MAX_PUNCHES: usize = 5000;
pub const MAX_PHOTO_BYTES: usize = 512 * 1024;
/// A heartbeat's body is a few bytes (`{"serial": "…"}`).
pub const HEARTBEAT_BODY_LIMIT: usize = 4 * 1024;
/// Room for one punch without a photo: the longest is 92 bytes compact
/// (`{"idNumber":"<18>","time":"<19>","direction":"out","photo":""},`); the rest allows spacing.
pub const PUNCH_JSON_BYTES: usize = 128;
/// What the photos of one batch may take, base64 included (e.g. 200 snapshots of 40 KB, or 12 of 512 KB).
pub const BATCH_PHOTO_BYTES: usize = 8 * 1024 * 1024;
/// 5,000 punches without photos, 4 KB around them and the photos: 9,032,704 bytes (8.6 MB).
pub const PUNCH_BODY_LIMIT: usize = MAX_PUNCHES * PUNCH_JSON_BYTES + 4 * 1024 + BATCH_PHOTO_BYTES;

pub const MSG_HEADERS: &str = "缺少设备认证信息（X-Device-Serial、X-Device-Timestamp、X-Device-Signature）";
pub const MSG_TIMESTAMP: &str = "时间戳与服务器时间相差超过5分钟，请校准设备时间";
pub const MSG_UNKNOWN_DEVICE: &str = "设备未登记";
pub const MSG_SIGNATURE: &str = "签名无效";
pub const MSG_DISABLED: &str = "设备已停用";
pub const MSG_REPLAY: &str = "重复的请求：该签名已使用";
pub const MSG_BODY: &str = "请求内容应为JSON：{\"punches\": [...]}";
pub const MSG_SERIAL_MISMATCH: &str = "请求内容中的设备序列号与请求头不一致";
pub const MSG_TOO_MANY: &str = "单次最多上传5000条打卡记录";
pub const MSG_PUNCH_BODY_TOO_LARGE: &str = "请求内容超过8.6MB：请分批上传，带照片的打卡每批少传一些";
pub const MSG_HEARTBEAT_BODY_TOO_LARGE: &str = "心跳请求内容不能超过4KB";
pub const MSG_ROW_ID: &str = "身份证号码不正确";
pub const MSG_ROW_NOT_ON_ROSTER: &str = "该人员不在本项目花名册中";
pub const MSG_ROW_FUTURE: &str = "打卡时间晚于当前时间";
pub const MSG_ROW_TOO_OLD: &str = "打卡时间早于可补传的期限（上月1日）";
pub const MSG_ROW_DIRECTION: &str = "打卡方向应为 in 或 out";
pub const MSG_ROW_PHOTO: &str = "照片应为base64编码的JPEG或PNG，不超过512KB";

/// A batch of punches as a device sends it (JSON).
#[derive(Debug, Deserialize, ToSchema)]
pub struct DevicePunchBatch {
    /// The device's serial; when present it must equal the X-Device-Serial header.
    pub serial: Option<String>,
    /// At most 5000.
    pub punches: Vec<DevicePunch>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DevicePunch {
    /// The worker's ID number (18 characters).
    pub id_number: String,
    /// `YYYY-MM-DD HH:MM:SS`, China time.
    pub time: String,
    /// `in` or `out`; may be left out when the device is registered as in-only or out-only.
    pub direction: Option<String>,
    /// The terminal's photo, base64 JPEG or PNG, at most 512 KB; optional.
    pub photo: Option<String>,
}

/// What became of a batch.
#[derive(Debug, Serialize, ToSchema)]
pub struct DevicePunchResult {
    pub received: usize,
    /// Punches stored by this request.
    pub inserted: usize,
    /// Punches stored before (or twice in this batch): stored once.
    pub duplicates: usize,
    pub refused: usize,
    pub errors: Vec<DevicePunchRefusal>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DevicePunchRefusal {
    /// Position in `punches`, from 0.
    pub index: usize,
    pub id_number: String,
    pub reason: String,
}

/// The device is alive: answers the server time so the device can check its clock.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DeviceHeartbeatReply {
    /// Unix seconds.
    pub server_time: i64,
    /// `YYYY-MM-DD HH:MM:SS`, China time.
    pub server_date_time: String,
}

/// A request that passed authentication.
pub struct Signed {
    pub device: DeviceAuth,
    pub serial: String,
    pub signature: String,
    pub timestamp: i64,
}

fn header<'a>(headers: &'a HeaderMap, name: &str) -> Option<&'a str> {
    headers.get(name).and_then(|value| value.to_str().ok()).map(str::trim).filter(|value| !value.is_empty())
}

/// HMAC-SHA256 over `timestamp + "\n" + body` keyed with the stored key (lower-case hex SHA-256 of the
/// secret, as ASCII), lower-case hex.
pub fn sign(key: &str, timestamp: &str, body: &[u8]) -> String {
    let mut mac = <Hmac<Sha256> as KeyInit>::new_from_slice(key.as_bytes()).expect("HMAC takes keys of any length");
    mac.update(timestamp.as_bytes());
    mac.update(b"\n");
    mac.update(body);
    hex::encode(mac.finalize().into_bytes())
}

/// The headers of a request from a registered device, fresh, before its body is read.
pub struct Admitted {
    pub device: DeviceAuth,
    serial: String,
    /// As sent, for the signature; `signed_at` is its value.
    timestamp: String,
    signed_at: i64,
    signature: String,
}

/// Checks the headers alone: all three present, the timestamp fresh, the serial registered. A request
/// failing here is answered before a byte of its body is read.
pub async fn admit(db: &Db, headers: &HeaderMap) -> Result<Admitted, ApiError> {
    let (Some(serial), Some(timestamp), Some(signature)) =
        (header(headers, HEADER_SERIAL), header(headers, HEADER_TIMESTAMP), header(headers, HEADER_SIGNATURE))
    else {
        return Err(ApiError::refused(MSG_HEADERS));
    };
    let signed_at: i64 = timestamp.parse().map_err(|_| ApiError::refused(MSG_TIMESTAMP))?;
    if (clock::now() - signed_at).abs() > MAX_SKEW_SECONDS {
        return Err(ApiError::refused(MSG_TIMESTAMP));
    }
    let device = repo::device_by_serial(db, serial).await?.ok_or_else(|| ApiError::refused(MSG_UNKNOWN_DEVICE))?;
    Ok(Admitted {
        device,
        serial: serial.to_owned(),
        timestamp: timestamp.to_owned(),
        signed_at,
        signature: signature.to_ascii_lowercase(),
    })
}

/// Checks the signature over the body that was read; the replay guard is left to the caller's transaction.
pub fn authenticate(admitted: Admitted, body: &[u8]) -> Result<Signed, ApiError> {
    let Admitted { device, serial, timestamp, signed_at, signature } = admitted;
    let given = hex::decode(&signature).map_err(|_| ApiError::refused(MSG_SIGNATURE))?;
    let mut mac = <Hmac<Sha256> as KeyInit>::new_from_slice(device.secret_sha256.as_bytes())
        .expect("HMAC takes keys of any length");
    mac.update(timestamp.as_bytes());
    mac.update(b"\n");
    mac.update(body);
    mac.verify_slice(&given).map_err(|_| ApiError::refused(MSG_SIGNATURE))?;
    if !device.enabled {
        return Err(ApiError::Forbidden(MSG_DISABLED.into()));
    }
    Ok(Signed { device, serial, signature, timestamp: signed_at })
}

pub async fn heartbeat(db: &Db, admitted: Admitted, body: &[u8]) -> Result<DeviceHeartbeatReply, ApiError> {
    let signed = authenticate(admitted, body)?;
    let now = clock::now();
    repo::forget_nonces(db, now - 2 * MAX_SKEW_SECONDS).await?;
    if !repo::use_nonce(db, signed.device.id, &signed.signature, signed.timestamp).await? {
        return Err(ApiError::refused(MSG_REPLAY));
    }
    repo::touch_heartbeat(db, signed.device.id, now).await?;
    Ok(DeviceHeartbeatReply { server_time: now, server_date_time: clock::china_datetime(now) })
}

fn text_field<'a>(punch: &'a Value, key: &str) -> &'a str {
    punch.get(key).and_then(Value::as_str).map(str::trim).unwrap_or("")
}

/// Decodes and stores a photo under its content hash; the stored name.
async fn save_photo(folder: &Path, encoded: &str) -> Result<String, &'static str> {
    let bytes = base64::engine::general_purpose::STANDARD.decode(encoded.trim()).map_err(|_| MSG_ROW_PHOTO)?;
    store_photo(folder, &bytes).await
}

/// Stores a terminal's JPEG or PNG (at most 512 KB) under its content hash; the stored name.
pub async fn store_photo(folder: &Path, bytes: &[u8]) -> Result<String, &'static str> {
    let extension = if bytes.starts_with(&[0xFF, 0xD8, 0xFF]) {
        "jpg"
    } else if bytes.starts_with(b"\x89PNG\r\n\x1a\n") {
        "png"
    } else {
        return Err(MSG_ROW_PHOTO);
    };
    if bytes.len() > MAX_PHOTO_BYTES {
        return Err(MSG_ROW_PHOTO);
    }
    crate::upload::pixels::check(bytes)?;
    let name = format!("{}.{extension}", hex::encode(Sha256::digest(bytes)));
    let path = folder.join(&name);
    if tokio::fs::try_exists(&path).await.unwrap_or(false) {
        return Ok(name);
    }
    tokio::fs::create_dir_all(folder).await.map_err(|_| MSG_ROW_PHOTO)?;
    let partial = folder.join(format!("{name}.{}", uuid::Uuid::new_v4().simple()));
    tokio::fs::write(&partial, bytes).await.map_err(|_| MSG_ROW_PHOTO)?;
    tokio::fs::rename(&partial, &path).await.map_err(|_| MSG_ROW_PHOTO)?;
    Ok(name)
}

/// Where punch photos are kept.
pub fn photo_folder(data_dir: &Path) -> std::path::PathBuf {
    data_dir.join("punch-photos")
}

/// A punch's time (`YYYY-MM-DD HH:MM:SS`, China time) as unix seconds, when it may still be stored: not
/// more than the clock skew ahead of `now`, not before the first day of the previous month (older months
/// are settled).
pub fn punch_time(text: &str, now: i64) -> Result<i64, &'static str> {
    let punched_at = rules::parse_china_time(text).map_err(|invalid| invalid.0)?;
    if punched_at > now + MAX_SKEW_SECONDS {
        return Err(MSG_ROW_FUTURE);
    }
    let today = rules::china_day(now);
    let this_month = today.replace_day(1).unwrap_or(today);
    let previous = (this_month - time::Duration::days(1)).replace_day(1).unwrap_or(this_month);
    if punched_at < rules::parse_china_time(&format!("{previous} 00:00:00")).unwrap_or(0) {
        return Err(MSG_ROW_TOO_OLD);
    }
    Ok(punched_at)
}

pub async fn punch(db: &Db, data_dir: &Path, admitted: Admitted, body: &[u8]) -> Result<DevicePunchResult, ApiError> {
    let signed = authenticate(admitted, body)?;
    let batch: Value = serde_json::from_slice(body).map_err(|_| ApiError::refused(MSG_BODY))?;
    if let Some(serial) = batch.get("serial").and_then(Value::as_str)
        && signed.serial != serial.trim()
    {
        return Err(ApiError::refused(MSG_SERIAL_MISMATCH));
    }
    let punches = batch.get("punches").and_then(Value::as_array).ok_or_else(|| ApiError::refused(MSG_BODY))?;
    if punches.len() > MAX_PUNCHES {
        return Err(ApiError::refused(MSG_TOO_MANY));
    }
    let device = &signed.device;
    let project_id = device.project_id;
    let id_numbers: Vec<String> = punches
        .iter()
        .filter_map(|punch| IdNumber::parse(text_field(punch, "idNumber")).ok().map(|id| id.as_str().to_owned()))
        .collect::<std::collections::BTreeSet<_>>()
        .into_iter()
        .collect();
    let known: std::collections::HashMap<String, i64> = repo::roster_workers(db, project_id, &id_numbers)
        .await?
        .into_iter()
        .map(|(number, id, _)| (number, id))
        .collect();
    let now = clock::now();
    let device_direction = Directions::parse(&device.direction).unwrap_or(Directions::Both);
    let folder = photo_folder(data_dir);
    let mut accepted = Vec::with_capacity(punches.len());
    let mut errors = Vec::new();
    for (index, punch) in punches.iter().enumerate() {
        let id_text = text_field(punch, "idNumber");
        let checked = async {
            let id = IdNumber::parse(id_text).map_err(|_| MSG_ROW_ID)?;
            let worker_id = *known.get(id.as_str()).ok_or(MSG_ROW_NOT_ON_ROSTER)?;
            let punched_at = punch_time(text_field(punch, "time"), now)?;
            let direction = match (text_field(punch, "direction"), device_direction) {
                ("", Directions::In) => Direction::In,
                ("", Directions::Out) => Direction::Out,
                (text, _) => match text {
                    "in" => Direction::In,
                    "out" => Direction::Out,
                    _ => return Err(MSG_ROW_DIRECTION),
                },
            };
            let photo = match text_field(punch, "photo") {
                "" => String::new(),
                encoded => save_photo(&folder, encoded).await?,
            };
            Ok(NewPunch { worker_id, punched_at, direction, photo })
        }
        .await;
        match checked {
            Ok(punch) => accepted.push(punch),
            Err(reason) => {
                errors.push(DevicePunchRefusal { index, id_number: id_text.to_owned(), reason: reason.to_owned() })
            }
        }
    }
    repo::forget_nonces(db, now - 2 * MAX_SKEW_SECONDS).await?;
    let batch = Batch {
        project_id,
        source: Source::Device,
        device_id: device.id,
        nonce: Some((&signed.signature, signed.timestamp)),
    };
    let ingested = ingest::ingest(db, &batch, &accepted).await.map_err(|error| match error {
        IngestError::Replayed => ApiError::refused(MSG_REPLAY),
        IngestError::Database(error) => ApiError::from(error),
    })?;
    repo::touch_heartbeat(db, device.id, now).await?;
    // Punches of persons on no roster are kept as counts, for the early warning (docs/decisions.md).
    let mut unknown: std::collections::BTreeMap<(String, String), i64> = std::collections::BTreeMap::new();
    for refusal in errors.iter().filter(|refusal| refusal.reason == MSG_ROW_NOT_ON_ROSTER) {
        let time = text_field(&punches[refusal.index], "time");
        let day = rules::parse_china_time(time).map_or_else(|_| clock::today(), |at| rules::china_day(at).to_string());
        *unknown.entry((day, refusal.id_number.clone())).or_default() += 1;
    }
    let unknown: Vec<(String, String, i64)> =
        unknown.into_iter().map(|((day, id_number), count)| (day, id_number, count)).collect();
    repo::count_unknown_punches(db, project_id, &unknown).await?;
    Ok(DevicePunchResult {
        received: punches.len(),
        inserted: ingested.inserted,
        duplicates: ingested.duplicates,
        refused: errors.len(),
        errors,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_largest_batch_without_photos_fits_the_limit() {
        let punch = serde_json::json!({"idNumber": "11010519491231002X", "time": "2026-11-24 23:59:59", "direction": "out", "photo": ""});
        let longest = serde_json::to_string(&punch).unwrap().len() + 1;
        assert_eq!(longest, 92);
        let batch = serde_json::json!({"serial": "S".repeat(32), "punches": vec![punch; MAX_PUNCHES]});
        let size = serde_json::to_string(&batch).unwrap().len();
        assert!(size <= MAX_PUNCHES * PUNCH_JSON_BYTES, "{size}");
        assert!(
            serde_json::to_string_pretty(&batch).unwrap().len() <= PUNCH_BODY_LIMIT,
            "pretty-printed fits the whole limit"
        );
        assert_eq!(PUNCH_BODY_LIMIT, 9_032_704);
    }
}
