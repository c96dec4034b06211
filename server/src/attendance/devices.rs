//! Devices (system/attendant, system/machine): register, list, edit, reset the secret, delete; what the
//! site terminals' area reads of them.

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use utoipa::{IntoParams, ToSchema};

use super::input::*;
use super::repo::{self, DeviceFilter, DeviceRow, NewDevice};
pub use super::repo::{DeviceAuth, PunchKey};
use super::rules::Directions;
use crate::clock;
use crate::db::Db;
use crate::domain::Invalid;
use crate::envelope::ApiError;
use crate::extract::sent;
use crate::identity::sessions::CurrentAccount;
use crate::oplog::{self};
use crate::paging::{Page, Paged};
use crate::scope::{self};

/// A new device secret: 32 hex characters, shown once.
fn new_secret() -> String {
    hex::encode(rand::random::<[u8; 16]>())
}

/// What is stored of a secret; also the HMAC key of the device API (docs/device-api.md).
pub fn secret_key(secret: &str) -> String {
    hex::encode(Sha256::digest(secret.as_bytes()))
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DeviceKind {
    /// 考勤机 (system/attendant).
    Attendant,
    /// 身份证阅读器 (system/machine).
    Reader,
}

impl DeviceKind {
    pub fn parse(text: &str) -> Option<DeviceKind> {
        match text.trim() {
            "attendant" => Some(DeviceKind::Attendant),
            "reader" => Some(DeviceKind::Reader),
            _ => None,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            DeviceKind::Attendant => "attendant",
            DeviceKind::Reader => "reader",
        }
    }

    fn label(self) -> &'static str {
        match self {
            DeviceKind::Attendant => "考勤设备",
            DeviceKind::Reader => "身份证阅读器",
        }
    }
}

/// How a device talks to the server: the signed device API (docs/device-api.md) or ZKTeco PUSH
/// (docs/iclock.md).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Protocol {
    Api,
    Iclock,
}

impl Protocol {
    pub fn parse(text: &str) -> Option<Protocol> {
        match text.trim() {
            "" | "api" => Some(Protocol::Api),
            "iclock" => Some(Protocol::Iclock),
            _ => None,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Protocol::Api => "api",
            Protocol::Iclock => "iclock",
        }
    }

    fn label(text: &str) -> &'static str {
        match text {
            "iclock" => "ZKTeco PUSH",
            _ => "平台接口",
        }
    }
}

pub(super) fn direction_label(direction: &str) -> &'static str {
    match direction {
        "in" => "进",
        "out" => "出",
        "both" => "进出",
        "attended" => "计为出勤",
        "absent" => "计为缺勤",
        _ => "",
    }
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct DeviceQuery {
    /// `attendant` (考勤设备) or `reader` (身份证阅读器).
    pub kind: Option<String>,
    /// Part of the serial or the name.
    pub keyword: Option<String>,
    /// `online`, `offline` or `disabled`; empty for all.
    pub status: Option<String>,
    /// The regulator's project filter; a builder's own project is implied.
    pub project_id: Option<String>,
    pub page: Option<String>,
    pub limit: Option<String>,
}

/// One device as the lists show it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AttendanceDevice {
    pub id: i64,
    pub project_id: i64,
    pub project_name: String,
    pub kind: String,
    pub serial: String,
    pub name: String,
    /// `in`, `out` or `both`.
    pub direction: String,
    pub direction_label: String,
    pub location: String,
    /// `api` (the signed device API) or `iclock` (ZKTeco PUSH).
    pub protocol: String,
    /// 平台接口 / ZKTeco PUSH.
    pub protocol_label: String,
    pub enabled: bool,
    /// Enabled and heard from within the project's offline time.
    pub online: bool,
    /// 在线 / 离线 / 停用.
    pub status_label: String,
    /// `YYYY-MM-DD HH:MM:SS`, or `0000-00-00 00:00:00` never.
    pub last_heartbeat: String,
    /// Punches this device uploaded.
    pub punches: i64,
    pub created_at: String,
}

fn device_line(row: DeviceRow, now: i64) -> AttendanceDevice {
    let online = row.enabled && row.last_heartbeat_at >= now - row.offline_minutes * 60;
    let status = if !row.enabled {
        "停用"
    } else if online {
        "在线"
    } else {
        "离线"
    };
    AttendanceDevice {
        id: row.id,
        project_id: row.project_id,
        project_name: row.project_name,
        kind: row.kind,
        direction_label: direction_label(&row.direction).to_owned(),
        serial: row.serial,
        name: row.name,
        direction: row.direction,
        location: row.location,
        protocol_label: Protocol::label(&row.protocol).to_owned(),
        protocol: row.protocol,
        enabled: row.enabled,
        online,
        status_label: status.to_owned(),
        last_heartbeat: clock::china_datetime(row.last_heartbeat_at),
        punches: row.punches,
        created_at: clock::china_datetime(row.created_at),
    }
}

pub async fn devices(
    db: &Db,
    current: &CurrentAccount,
    query: &DeviceQuery,
) -> Result<Paged<AttendanceDevice>, ApiError> {
    let scope = scope::read(db, current, &query.project_id).await?;
    let kind = DeviceKind::parse(sent(&query.kind)).ok_or(Invalid(MSG_KIND))?;
    let status = sent(&query.status).to_owned();
    if !matches!(status.as_str(), "" | "online" | "offline" | "disabled") {
        return Err(Invalid(MSG_STATUS).into());
    }
    let page = Page::parse(&query.page, &query.limit)?;
    let now = clock::now();
    let filter = DeviceFilter {
        project_id: scope.filter(),
        kind: kind.as_str().into(),
        keyword: keyword(&query.keyword)?,
        status,
        now,
    };
    let (rows, total) = repo::devices(db, &filter, page.limit, page.offset()).await?;
    Ok(page.answer(rows.into_iter().map(|row| device_line(row, now)).collect(), total))
}

/// `Device/add`'s form.
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct DeviceForm {
    /// `attendant` or `reader` (add only).
    pub kind: Option<String>,
    /// 1–32 letters, digits, `-` or `_`; unique over all projects (add only).
    pub serial: Option<String>,
    /// 1–30 characters.
    pub name: Option<String>,
    /// `in`, `out` or `both`.
    pub direction: Option<String>,
    /// Where it is installed, at most 50 characters.
    pub location: Option<String>,
    /// `api` (default: the signed device API) or `iclock` (a ZKTeco PUSH terminal; add only).
    pub protocol: Option<String>,
}

/// `Device/edit`'s form.
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct DeviceEditForm {
    pub id: Option<String>,
    pub name: Option<String>,
    pub direction: Option<String>,
    pub location: Option<String>,
    /// `1` enabled, `0` disabled (a disabled device's pushes are refused).
    pub enabled: Option<String>,
}

#[derive(Debug, Default, Deserialize, ToSchema, IntoParams)]
pub struct DeviceIdForm {
    pub id: Option<String>,
}

/// The secret, shown once: at registration and after a reset.
#[derive(Debug, Serialize, ToSchema)]
pub struct AttendanceDeviceSecret {
    pub id: i64,
    pub serial: String,
    pub secret: String,
}

/// A device serial: 1–32 letters, digits, `-` or `_` (both protocols).
pub fn valid_serial(text: &str) -> bool {
    (1..=32).contains(&text.len()) && text.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

fn device_fields(
    name: &Option<String>,
    direction: &Option<String>,
    location: &Option<String>,
) -> Result<(String, Directions, String), Invalid> {
    let name = sent(name).to_owned();
    if !(1..=30).contains(&name.chars().count()) {
        return Err(Invalid(MSG_NAME));
    }
    let direction = Directions::parse(sent(direction)).ok_or(Invalid(MSG_DIRECTION))?;
    let location = sent(location).to_owned();
    if location.chars().count() > 50 {
        return Err(Invalid(MSG_LOCATION));
    }
    Ok((name, direction, location))
}

pub async fn add_device(
    db: &Db,
    current: &CurrentAccount,
    ip: &str,
    form: &DeviceForm,
) -> Result<AttendanceDeviceSecret, ApiError> {
    let project_id = scope::write(current)?;
    let kind = DeviceKind::parse(sent(&form.kind)).ok_or(Invalid(MSG_KIND))?;
    let serial = sent(&form.serial).to_owned();
    if !valid_serial(&serial) {
        return Err(Invalid(MSG_SERIAL).into());
    }
    let (name, direction, location) = device_fields(&form.name, &form.direction, &form.location)?;
    let protocol = Protocol::parse(sent(&form.protocol)).ok_or(Invalid(MSG_PROTOCOL))?;
    let secret = new_secret();
    let key = secret_key(&secret);
    let device = NewDevice {
        project_id,
        kind: kind.as_str(),
        serial: &serial,
        name: &name,
        direction: direction.as_str(),
        location: &location,
        protocol: protocol.as_str(),
        secret_sha256: &key,
        now: clock::now(),
    };
    let id = repo::insert_device(db, &device).await?.ok_or(Invalid(MSG_SERIAL_TAKEN))?;
    let detail = format!("登记{}「{name}」序列号 {serial}", kind.label());
    oplog::record(db, logged_by(current, ip).action("登记考勤设备").on("attendance_device", id).detail(detail)).await?;
    Ok(AttendanceDeviceSecret { id, serial, secret })
}

/// For the site terminals' area: the device registered under `serial`.
pub async fn device_by_serial(db: &Db, serial: &str) -> sqlx::Result<Option<DeviceAuth>> {
    repo::device_by_serial(db, serial).await
}

/// A device was heard from at `now` (online until the project's offline time passes).
pub async fn heard_from(db: &Db, device_id: i64, now: i64) -> sqlx::Result<()> {
    repo::touch_heartbeat(db, device_id, now).await.map(drop)
}

/// Every device speaking `protocol`, by id.
pub async fn device_ids(db: &Db, protocol: Protocol) -> sqlx::Result<Vec<i64>> {
    repo::device_ids(db, protocol.as_str()).await
}

/// Gives a stored punch of a device its photo; false when the punch is not stored (yet).
pub async fn attach_photo(db: &Db, punch: &PunchKey, photo: &str) -> sqlx::Result<bool> {
    repo::attach_photo(db, punch, photo).await
}

/// A device `id` the account may read (a regulator: in its district; a builder: its own project's).
pub async fn readable_device(
    db: &Db,
    current: &CurrentAccount,
    id: &Option<String>,
) -> Result<AttendanceDevice, ApiError> {
    let missing = || ApiError::NotFound(MSG_DEVICE_NOT_FOUND.into());
    let id: i64 = sent(id).parse().map_err(|_| missing())?;
    let row = repo::find_device(db, id).await?.ok_or_else(missing)?;
    let scope = scope::read(db, current, &Some(row.project_id.to_string())).await.map_err(|error| match error {
        ApiError::NotFound(_) => missing(),
        other => other,
    })?;
    if !scope.covers(row.project_id) {
        return Err(missing());
    }
    Ok(device_line(row, clock::now()))
}

/// The builder's own device `id`, to change (another project's → 404; a regulator: read-only).
pub async fn writable_device(
    current: &CurrentAccount,
    db: &Db,
    id: &Option<String>,
) -> Result<AttendanceDevice, ApiError> {
    let project_id = scope::write(current)?;
    Ok(device_line(own_device(db, project_id, id).await?, clock::now()))
}

/// The builder's own device by `id` (another project's → 404).
async fn own_device(db: &Db, project_id: i64, id: &Option<String>) -> Result<DeviceRow, ApiError> {
    let missing = || ApiError::NotFound(MSG_DEVICE_NOT_FOUND.into());
    let id: i64 = sent(id).parse().map_err(|_| missing())?;
    repo::find_device(db, id).await?.filter(|device| device.project_id == project_id).ok_or_else(missing)
}

pub async fn edit_device(db: &Db, current: &CurrentAccount, ip: &str, form: &DeviceEditForm) -> Result<(), ApiError> {
    let project_id = scope::write(current)?;
    let device = own_device(db, project_id, &form.id).await?;
    let (name, direction, location) = device_fields(&form.name, &form.direction, &form.location)?;
    let enabled = match sent(&form.enabled) {
        "" => device.enabled,
        "1" => true,
        "0" => false,
        _ => return Err(Invalid(MSG_ENABLED).into()),
    };
    repo::update_device(db, device.id, &name, direction.as_str(), &location, enabled, clock::now()).await?;
    let detail = format!(
        "{} → 名称「{name}」方向 {} 位置「{location}」{}",
        device.serial,
        direction_label(direction.as_str()),
        if enabled { "启用" } else { "停用" }
    );
    oplog::record(db, logged_by(current, ip).action("修改考勤设备").on("attendance_device", device.id).detail(detail))
        .await?;
    Ok(())
}

pub async fn reset_secret(
    db: &Db,
    current: &CurrentAccount,
    ip: &str,
    form: &DeviceIdForm,
) -> Result<AttendanceDeviceSecret, ApiError> {
    let project_id = scope::write(current)?;
    let device = own_device(db, project_id, &form.id).await?;
    let secret = new_secret();
    repo::set_secret(db, device.id, &secret_key(&secret), clock::now()).await?;
    oplog::record(
        db,
        logged_by(current, ip).action("重置设备密钥").on("attendance_device", device.id).detail(device.serial.clone()),
    )
    .await?;
    Ok(AttendanceDeviceSecret { id: device.id, serial: device.serial, secret })
}

pub async fn delete_device(db: &Db, current: &CurrentAccount, ip: &str, form: &DeviceIdForm) -> Result<(), ApiError> {
    let project_id = scope::write(current)?;
    let device = own_device(db, project_id, &form.id).await?;
    repo::delete_device(db, device.id).await?;
    let detail = format!("删除设备「{}」序列号 {}（其考勤记录保留）", device.name, device.serial);
    oplog::record(db, logged_by(current, ip).action("删除考勤设备").on("attendance_device", device.id).detail(detail))
        .await?;
    Ok(())
}
