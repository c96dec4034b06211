//! Attendance rules of the console side: devices (system/attendant, system/machine), the project's rules
//! (system/collection), punch records (user/attendance; their import is `import.rs`), the monthly sheet and
//! manual corrections (project/sheets). Who may do what on which project, and what a request must pass.

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use time::{Date, Duration, Month};
use utoipa::{IntoParams, ToSchema};

use super::ingest;
use super::repo::{self, DeviceFilter, DeviceRow, NewDevice, RecordFilter, RecordRow, SheetFilter};
pub use super::repo::{DeviceAuth, PunchKey};
use super::rules::{self, Directions, Rules, Stay};
use crate::auth::sessions::CurrentAccount;
use crate::clock;
use crate::db::{Db, Tx};
use crate::domain::Invalid;
use crate::domain::dates::parse_date;
use crate::domain::mask::masked;
use crate::envelope::ApiError;
use crate::extract::sent;
use crate::oplog::{self, Entry};
use crate::paging::{Page, Paged};
use crate::scope::{self, ReadScope};
use crate::wage::service as wage;

pub const MSG_KIND: &str = "请选择设备类型";
pub const MSG_SERIAL: &str = "设备序列号应为1-32位字母、数字、-或_";
pub const MSG_SERIAL_TAKEN: &str = "该设备序列号已登记";
pub const MSG_NAME: &str = "请填写1-30个字的设备名称";
pub const MSG_DIRECTION: &str = "请选择进出方向";
pub const MSG_LOCATION: &str = "安装位置不能超过50个字";
pub const MSG_ENABLED: &str = "请选择启用或停用";
pub const MSG_DEVICE_NOT_FOUND: &str = "设备不存在";
pub const MSG_STATUS: &str = "请选择正确的设备状态";
pub const MSG_PROTOCOL: &str = "请选择通讯方式";
pub const MSG_PROJECT_REQUIRED: &str = "请选择项目";
pub const MSG_KEYWORD: &str = "查询条件过长";
pub const MSG_SOURCE: &str = "请选择正确的考勤来源";
pub const MSG_START: &str = "开始日期格式错误";
pub const MSG_END: &str = "结束日期格式错误";
pub const MSG_SHIFT_DAY: &str = "班次日期格式错误";
pub const MSG_FILTER_WORKER: &str = "请选择正确的工人";
pub const MSG_RANGE: &str = "开始日期不能晚于结束日期";
pub const MSG_FILTER_ID: &str = "请选择正确的单位或班组";
pub const MSG_MONTH: &str = "月份格式应为YYYY-MM";
pub const MSG_WORKER_REQUIRED: &str = "请选择人员";
pub const MSG_WORKER_NOT_FOUND: &str = "人员不存在";
pub const MSG_DAY: &str = "请选择要修正的日期";
pub const MSG_FUTURE_DAY: &str = "不能修正今天以后的考勤";
pub const MSG_ATTENDED: &str = "请选择出勤或缺勤";
pub const MSG_REASON: &str = "请填写2-100个字的修正原因";

/// Months before the current one whose attendance a rule change recounts: the previous month is still
/// open (wages are paid monthly, by the end of the following month); older months are settled.
const OPEN_PREVIOUS_MONTHS: u8 = 1;

fn one_project(scope: ReadScope) -> Result<i64, ApiError> {
    match scope {
        ReadScope::Project(id) => Ok(id),
        ReadScope::All => Err(Invalid(MSG_PROJECT_REQUIRED).into()),
    }
}

/// An optional id filter: empty → 0; otherwise a positive number.
fn optional_id(text: &Option<String>) -> Result<i64, Invalid> {
    let text = sent(text);
    if text.is_empty() {
        return Ok(0);
    }
    text.parse::<i64>().ok().filter(|id| *id > 0).ok_or(Invalid(MSG_FILTER_ID))
}

fn keyword(text: &Option<String>) -> Result<String, Invalid> {
    let text = sent(text);
    if text.chars().count() > 30 { Err(Invalid(MSG_KEYWORD)) } else { Ok(text.to_owned()) }
}

/// A log line of this area: it names the account by its display name, not its login name.
pub(super) fn logged_by<'a>(current: &'a CurrentAccount, ip: &'a str) -> Entry<'a> {
    Entry::named(Some(current.account.id), &current.account.name, ip).project(current.account.project_id)
}

/// A new device secret: 32 hex characters, shown once.
fn new_secret() -> String {
    hex::encode(rand::random::<[u8; 16]>())
}

/// What is stored of a secret; also the HMAC key of the device API (docs/device-api.md).
pub fn secret_key(secret: &str) -> String {
    hex::encode(Sha256::digest(secret.as_bytes()))
}

// ---------------------------------------------------------------- devices

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

fn direction_label(direction: &str) -> &'static str {
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

// ---------------------------------------------------------------- rules

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct ProjectQuery {
    /// The regulator's project (required for the regulator); a builder's own project is implied.
    pub project_id: Option<String>,
}

/// The project's attendance rules.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AttendanceRules {
    /// Minimum hours between the first and the last counted punch for a day to count; `0.0`: any punch.
    pub min_hours: String,
    /// Punches of one worker within this many seconds count once.
    pub dedup_seconds: i64,
    /// Which punches count: `in`, `out` or `both`.
    pub directions: String,
    /// A device counts as offline after this many minutes without a heartbeat.
    pub offline_minutes: i64,
    /// A shift takes the punches less than this many hours after its first punch (it may cross midnight);
    /// its day and month are those it began on.
    pub max_shift_hours: i64,
}

impl From<Rules> for AttendanceRules {
    fn from(rules: Rules) -> Self {
        AttendanceRules {
            min_hours: rules::hours_text(rules.min_minutes),
            dedup_seconds: rules.dedup_seconds,
            directions: rules.directions.as_str().into(),
            offline_minutes: rules.offline_minutes,
            max_shift_hours: rules.max_shift_minutes / 60,
        }
    }
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RulesForm {
    /// 0–24 with at most one decimal.
    pub min_hours: Option<String>,
    /// 0–3600.
    pub dedup_seconds: Option<String>,
    /// `in`, `out` or `both`.
    pub directions: Option<String>,
    /// 1–1440.
    pub offline_minutes: Option<String>,
    /// Whole hours 1–24; left out, the saved value stays (16 by default).
    pub max_shift_hours: Option<String>,
}

/// What a rule change recounted.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AttendanceRulesSaved {
    /// First day recounted (`YYYY-MM-DD`): the first day of the previous month.
    pub from: String,
    pub to: String,
    /// Worker-days with punches in that range, recounted.
    pub worker_days: usize,
}

pub async fn get_rules(db: &Db, current: &CurrentAccount, query: &ProjectQuery) -> Result<AttendanceRules, ApiError> {
    let project_id = one_project(scope::read(db, current, &query.project_id).await?)?;
    Ok(ingest::rules(db, project_id).await?.into())
}

fn first_of_month(day: Date) -> Date {
    day.replace_day(1).unwrap_or(day)
}

fn months_back(day: Date, months: u8) -> Date {
    let mut first = first_of_month(day);
    for _ in 0..months {
        first = first_of_month(first - Duration::days(1));
    }
    first
}

pub async fn save_rules(
    db: &Db,
    current: &CurrentAccount,
    ip: &str,
    form: &RulesForm,
) -> Result<AttendanceRulesSaved, ApiError> {
    let project_id = scope::write(current)?;
    let rules = Rules {
        min_minutes: rules::parse_min_hours(sent(&form.min_hours))?,
        dedup_seconds: rules::parse_whole(sent(&form.dedup_seconds), 0..=3600, rules::MSG_DEDUP)?,
        directions: Directions::parse(sent(&form.directions)).ok_or(Invalid(rules::MSG_DIRECTIONS))?,
        offline_minutes: rules::parse_whole(sent(&form.offline_minutes), 1..=1440, rules::MSG_OFFLINE)?,
        max_shift_minutes: match sent(&form.max_shift_hours) {
            "" => ingest::rules(db, project_id).await?.max_shift_minutes,
            hours => rules::parse_whole(hours, 1..=24, rules::MSG_MAX_SHIFT)? * 60,
        },
    };
    // Hours come from in→out pairs, which one counted direction cannot form.
    if rules.directions != Directions::Both && rules.min_minutes > 0 {
        return Err(Invalid(rules::MSG_ONE_DIRECTION_HOURS).into());
    }
    let detail = format!(
        "最少工时 {} 小时，去重 {} 秒，计入方向 {}，离线判定 {} 分钟，班次最长 {} 小时",
        rules::hours_text(rules.min_minutes),
        rules.dedup_seconds,
        direction_label(rules.directions.as_str()),
        rules.offline_minutes,
        rules.max_shift_minutes / 60
    );
    repo::save_rules(
        db,
        project_id,
        &rules,
        clock::now(),
        &logged_by(current, ip).action("修改考勤规则").on("attendance_rules", project_id).detail(detail),
    )
    .await?;
    let today = clock::china_today();
    let from = months_back(today, OPEN_PREVIOUS_MONTHS);
    let worker_days = ingest::recompute(db, project_id, from).await?;
    Ok(AttendanceRulesSaved { from: from.to_string(), to: today.to_string(), worker_days })
}

/// At start: recounts the open months of the projects whose punches were stored before shifts were counted.
pub async fn recount_stored_shifts(db: &Db) -> sqlx::Result<usize> {
    ingest::recount_stored(db, months_back(clock::china_today(), OPEN_PREVIOUS_MONTHS)).await
}

// ---------------------------------------------------------------- records

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct RecordQuery {
    /// Part of the name or the ID number.
    pub keyword: Option<String>,
    pub unit_id: Option<String>,
    pub team_id: Option<String>,
    /// `YYYY-MM-DD`, inclusive.
    pub start_date: Option<String>,
    /// `YYYY-MM-DD`, inclusive.
    pub end_date: Option<String>,
    /// `device`, `import` or `manual` (corrections); empty for all.
    pub source: Option<String>,
    /// One worker (the monthly sheet's day detail).
    pub worker_id: Option<String>,
    /// `YYYY-MM-DD`: the punches of the shifts begun that day, and that day's corrections.
    pub shift_day: Option<String>,
    pub project_id: Option<String>,
    pub page: Option<String>,
    pub limit: Option<String>,
}

/// One punch, or one manual correction (source `manual`).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AttendancePunchRecord {
    pub id: i64,
    pub project_id: i64,
    /// The project's name: the regulator's list without a project in view spans projects.
    pub project_name: String,
    /// `device`, `import` or `manual`.
    pub source: String,
    /// 设备 / 导入 / 手工修正.
    pub source_label: String,
    pub worker_id: i64,
    pub name: String,
    pub id_number: String,
    pub unit_name: String,
    pub team_name: String,
    /// The punch time; for a correction, when it was made.
    pub time: String,
    /// The punch's calendar day (China time); for a correction, the day corrected (`YYYY-MM-DD`).
    pub day: String,
    /// The day the punch's shift began, which it counts for (`YYYY-MM-DD`); '' when the punch does not
    /// count (its direction is not counted) and for a correction.
    pub shift_day: String,
    /// A counted punch in no in→out pair: shown, never hours (未配对，不计工时).
    pub unpaired: bool,
    /// `in` / `out`; a correction: `attended` / `absent`.
    pub direction: String,
    pub direction_label: String,
    pub device_name: String,
    /// A correction's reason.
    pub note: String,
    /// The terminal sent a photo (`Record/photo?id=`).
    pub has_photo: bool,
    /// The day lies outside every employment line of the worker on the project: kept, never counted
    /// (不在场期间，不计出勤).
    pub outside_employment: bool,
}

/// A punch as the record list shows it: the ID number masked (decisions "Privacy: one masking rule").
fn record_line(row: RecordRow) -> AttendancePunchRecord {
    let label = match row.source.as_str() {
        "device" => "设备",
        "import" => "导入",
        _ => "手工修正",
    };
    let device_name = if row.source == "device" && row.device_name.is_empty() {
        "已删除的设备".to_owned()
    } else {
        row.device_name
    };
    AttendancePunchRecord {
        id: row.id,
        project_id: row.project_id,
        project_name: row.project_name,
        source_label: label.into(),
        source: row.source,
        worker_id: row.worker_id,
        name: row.name,
        id_number: masked(&row.id_number),
        unit_name: row.unit_name,
        team_name: row.team_name,
        time: clock::china_datetime(row.at),
        day: row.day,
        unpaired: !row.shift_day.is_empty() && !row.paired,
        shift_day: row.shift_day,
        direction_label: direction_label(&row.direction).into(),
        direction: row.direction,
        device_name,
        note: row.note,
        has_photo: !row.photo.is_empty(),
        outside_employment: row.outside_employment,
    }
}

fn optional_day(text: &Option<String>, message: &'static str) -> Result<String, Invalid> {
    match parse_date(sent(text)) {
        Ok(Some(day)) => Ok(day.to_string()),
        Ok(None) => Ok(String::new()),
        Err(_) => Err(Invalid(message)),
    }
}

pub async fn records(
    db: &Db,
    current: &CurrentAccount,
    query: &RecordQuery,
) -> Result<Paged<AttendancePunchRecord>, ApiError> {
    let scope = scope::read(db, current, &query.project_id).await?;
    let source = sent(&query.source).to_owned();
    if !matches!(source.as_str(), "" | "device" | "import" | "manual") {
        return Err(Invalid(MSG_SOURCE).into());
    }
    let from_day = optional_day(&query.start_date, MSG_START)?;
    let to_day = optional_day(&query.end_date, MSG_END)?;
    if !from_day.is_empty() && !to_day.is_empty() && from_day > to_day {
        return Err(Invalid(MSG_RANGE).into());
    }
    let page = Page::parse(&query.page, &query.limit)?;
    let filter = RecordFilter {
        project_id: scope.filter(),
        keyword: keyword(&query.keyword)?,
        unit_id: optional_id(&query.unit_id)?,
        team_id: optional_id(&query.team_id)?,
        from_day,
        to_day,
        source,
        worker_id: optional_id(&query.worker_id).map_err(|_| Invalid(MSG_FILTER_WORKER))?,
        shift_day: optional_day(&query.shift_day, MSG_SHIFT_DAY)?,
    };
    let (rows, total) = repo::records(db, &filter, page.limit, page.offset()).await?;
    Ok(page.answer(rows.into_iter().map(record_line).collect(), total))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct PhotoQuery {
    pub id: Option<String>,
    pub project_id: Option<String>,
}

/// The stored name of a punch's photo, inside the caller's scope.
pub async fn photo(db: &Db, current: &CurrentAccount, query: &PhotoQuery) -> Result<String, ApiError> {
    let scope = scope::read(db, current, &query.project_id).await?;
    let missing = || ApiError::NotFound("照片不存在".into());
    let id: i64 = sent(&query.id).parse().map_err(|_| missing())?;
    repo::punch_photo(db, scope.filter(), id).await?.ok_or_else(missing)
}

// ---------------------------------------------------------------- sheet

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct SheetQuery {
    /// `YYYY-MM`; this month when empty.
    pub month: Option<String>,
    pub unit_id: Option<String>,
    pub team_id: Option<String>,
    /// Part of the name or the ID number.
    pub keyword: Option<String>,
    pub project_id: Option<String>,
    pub page: Option<String>,
    pub limit: Option<String>,
}

/// One day of a worker on the sheet (only days with an attendance row).
#[derive(Debug, Serialize, ToSchema)]
pub struct AttendanceSheetCell {
    /// Day of the month, 1–31.
    pub day: u8,
    /// Counts for wages.
    pub attended: bool,
    /// Set by a manual correction.
    pub manual: bool,
    /// Hours of the in→out pairs of the shifts that began that day, one decimal.
    pub hours: String,
    /// Counted punches of those shifts in no pair (shown, never hours).
    pub unpaired: i64,
    /// Outside every employment line of the worker (old data): shown, never counted.
    pub outside: bool,
}

/// Days of the month (inclusive) inside one employment line of the worker.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AttendanceSheetStay {
    pub from_day: u8,
    pub to_day: u8,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AttendanceSheetRow {
    pub worker_id: i64,
    pub name: String,
    pub id_number: String,
    pub unit_name: String,
    pub team_name: String,
    pub cells: Vec<AttendanceSheetCell>,
    /// The month's days inside the worker's employment lines; only these count and can be marked attended.
    pub stays: Vec<AttendanceSheetStay>,
    /// Every line's dates, e.g. `进场 2026-11-24 起`.
    pub stays_text: String,
    /// Days that count for wages (attended and inside an employment line).
    pub attended_days: i64,
    /// Hours of the attended days, one decimal.
    pub hours: String,
}

/// The monthly attendance sheet, one row per worker, paginated by worker.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AttendanceSheet {
    pub project_id: i64,
    /// `YYYY-MM`.
    pub month: String,
    pub days_in_month: u8,
    pub list: Vec<AttendanceSheetRow>,
    /// The page's days that wage lines hold (the wage area's facts, added by the handler).
    pub paid_days: Vec<super::paid::AttendancePaidDay>,
    pub total: i64,
    pub page: i64,
    pub limit: i64,
}

/// `YYYY-MM` (empty: this month) as its first and last day.
pub fn parse_month(text: &str) -> Result<(Date, Date), Invalid> {
    let text = text.trim();
    let first = if text.is_empty() {
        first_of_month(clock::china_today())
    } else {
        let (year, month) = text.split_once('-').ok_or(Invalid(MSG_MONTH))?;
        if year.len() != 4 || month.len() != 2 {
            return Err(Invalid(MSG_MONTH));
        }
        let year: i32 = year.parse().map_err(|_| Invalid(MSG_MONTH))?;
        let month =
            Month::try_from(month.parse::<u8>().map_err(|_| Invalid(MSG_MONTH))?).map_err(|_| Invalid(MSG_MONTH))?;
        if !(2000..=2099).contains(&year) {
            return Err(Invalid(MSG_MONTH));
        }
        Date::from_calendar_date(year, month, 1).map_err(|_| Invalid(MSG_MONTH))?
    };
    let last = first.replace_day(first.month().length(first.year())).unwrap_or(first);
    Ok((first, last))
}

struct SheetRequest {
    filter: SheetFilter,
    first: Date,
    last: Date,
}

fn sheet_request(scope: ReadScope, query: &SheetQuery) -> Result<SheetRequest, ApiError> {
    let project_id = one_project(scope)?;
    let (first, last) = parse_month(sent(&query.month))?;
    let filter = SheetFilter {
        project_id,
        first_day: first.to_string(),
        last_day: last.to_string(),
        unit_id: optional_id(&query.unit_id)?,
        team_id: optional_id(&query.team_id)?,
        keyword: keyword(&query.keyword)?,
    };
    Ok(SheetRequest { filter, first, last })
}

/// The days of the month `first..=last` inside a line, as days of the month; None when it misses the month.
fn stay_in_month(stay: &Stay, first: Date, last: Date) -> Option<AttendanceSheetStay> {
    let (first_text, last_text) = (first.to_string(), last.to_string());
    let from = stay.entry_date.as_str().max(first_text.as_str()).to_owned();
    let to = if stay.exit_date.is_empty() {
        last_text.clone()
    } else {
        stay.exit_date.as_str().min(last_text.as_str()).to_owned()
    };
    if from > to {
        return None;
    }
    let day_of = |text: &str| text.get(8..10).and_then(|dd| dd.parse().ok()).unwrap_or(0);
    Some(AttendanceSheetStay { from_day: day_of(&from), to_day: day_of(&to) })
}

async fn sheet_rows(
    db: &Db,
    request: &SheetRequest,
    workers: Vec<repo::SheetWorker>,
) -> Result<Vec<AttendanceSheetRow>, ApiError> {
    let ids: Vec<i64> = workers.iter().map(|worker| worker.worker_id).collect();
    let days =
        repo::sheet_days(db, request.filter.project_id, &request.filter.first_day, &request.filter.last_day, &ids)
            .await?;
    let stays = repo::stays(db, request.filter.project_id, &ids).await?;
    Ok(workers
        .into_iter()
        .map(|worker| {
            let lines: Vec<Stay> =
                stays.iter().filter(|(id, _)| *id == worker.worker_id).map(|(_, stay)| stay.clone()).collect();
            let mine: Vec<&repo::SheetDay> = days.iter().filter(|day| day.worker_id == worker.worker_id).collect();
            let counted: Vec<&&repo::SheetDay> =
                mine.iter().filter(|day| day.attended && rules::inside_any(&lines, &day.day)).collect();
            let minutes: i64 = counted.iter().map(|day| day.minutes).sum();
            AttendanceSheetRow {
                worker_id: worker.worker_id,
                name: worker.name,
                id_number: worker.id_number,
                unit_name: worker.unit_name,
                team_name: worker.team_name,
                attended_days: counted.len() as i64,
                hours: rules::hours_text(minutes),
                cells: mine
                    .iter()
                    .map(|day| AttendanceSheetCell {
                        day: day.day.get(8..10).and_then(|dd| dd.parse().ok()).unwrap_or(0),
                        attended: day.attended,
                        manual: day.manual,
                        hours: rules::hours_text(day.minutes),
                        unpaired: day.unpaired,
                        outside: !rules::inside_any(&lines, &day.day),
                    })
                    .collect(),
                stays: lines.iter().filter_map(|stay| stay_in_month(stay, request.first, request.last)).collect(),
                stays_text: rules::stays_text(&lines),
            }
        })
        .collect())
}

pub async fn sheet(db: &Db, current: &CurrentAccount, query: &SheetQuery) -> Result<AttendanceSheet, ApiError> {
    let request = sheet_request(scope::read(db, current, &query.project_id).await?, query)?;
    let page = Page::parse(&query.page, &query.limit)?;
    let (workers, total) = repo::sheet_workers(db, &request.filter, page.limit, page.offset()).await?;
    // The screen masks the ID numbers; the export (below) keeps them in full.
    let list = sheet_rows(db, &request, workers)
        .await?
        .into_iter()
        .map(|row| AttendanceSheetRow { id_number: masked(&row.id_number), ..row })
        .collect();
    Ok(AttendanceSheet {
        project_id: request.filter.project_id,
        month: format!("{:04}-{:02}", request.first.year(), request.first.month() as u8),
        days_in_month: request.last.day(),
        list,
        paid_days: Vec::new(),
        total,
        page: page.page,
        limit: page.limit,
    })
}

/// Workers an export writes at most.
pub const EXPORT_MAX: i64 = 20_000;

/// What the sheet's export writes: the month (`YYYY-MM`), its number of days and the rows, ID numbers in
/// full.
pub struct SheetExport {
    pub month: String,
    pub days: u8,
    pub rows: Vec<AttendanceSheetRow>,
}

pub async fn export_sheet(db: &Db, current: &CurrentAccount, query: &SheetQuery) -> Result<SheetExport, ApiError> {
    let request = sheet_request(scope::read(db, current, &query.project_id).await?, query)?;
    let (workers, _) = repo::sheet_workers(db, &request.filter, EXPORT_MAX, 0).await?;
    let rows = sheet_rows(db, &request, workers).await?;
    let month = format!("{:04}-{:02}", request.first.year(), request.first.month() as u8);
    Ok(SheetExport { month, days: request.last.day(), rows })
}

/// `Sheet/correct`'s form.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CorrectionForm {
    pub worker_id: Option<String>,
    /// `YYYY-MM-DD`, today or earlier.
    pub day: Option<String>,
    /// `1` attended, `0` absent.
    pub attended: Option<String>,
    /// 2–100 characters; kept with the correction and in the operation log.
    pub reason: Option<String>,
    /// `1`: the clerk confirmed (after the 301) that a paid day's pay is taken back on the next sheet.
    pub confirmed: Option<String>,
}

pub async fn correct(db: &Db, current: &CurrentAccount, ip: &str, form: &CorrectionForm) -> Result<(), ApiError> {
    let project_id = scope::write(current)?;
    let worker = sent(&form.worker_id);
    if worker.is_empty() {
        return Err(Invalid(MSG_WORKER_REQUIRED).into());
    }
    let missing = || ApiError::NotFound(MSG_WORKER_NOT_FOUND.into());
    let worker_id: i64 = worker.parse().map_err(|_| missing())?;
    let day = parse_date(sent(&form.day)).map_err(|_| Invalid(MSG_DAY))?.ok_or(Invalid(MSG_DAY))?;
    if day > clock::china_today() {
        return Err(Invalid(MSG_FUTURE_DAY).into());
    }
    let attended = match sent(&form.attended) {
        "1" => true,
        "0" => false,
        _ => return Err(Invalid(MSG_ATTENDED).into()),
    };
    let reason = sent(&form.reason).to_owned();
    if !(2..=100).contains(&reason.chars().count()) {
        return Err(Invalid(MSG_REASON).into());
    }
    let name = repo::roster_worker(db, project_id, worker_id).await?.ok_or_else(missing)?;
    let day_text = day.to_string();
    // Marking a day absent only takes pay away, so it stays allowed anywhere (it cleans up old data too).
    let mut take_back = None;
    if attended {
        let stays: Vec<Stay> =
            repo::stays(db, project_id, &[worker_id]).await?.into_iter().map(|(_, stay)| stay).collect();
        if !rules::inside_any(&stays, &day_text) {
            return Err(ApiError::refused(rules::msg_outside(&day_text, &stays, "补记出勤")));
        }
        wage::refuse_attending_taken_back(db, project_id, worker_id, &day_text).await?;
    } else {
        // A day on a confirmed sheet becomes absent with its pay taken back on the worker's next sheet, once
        // the clerk has confirmed (issue 11 item 2), so that every count of attended days follows (issue 28).
        let confirmed = sent(&form.confirmed) == "1";
        let reason = format!("{name}：{reason}");
        if let wage::Absence::TakeBack(back) = wage::absence(db, project_id, worker_id, day, &reason, confirmed).await?
        {
            take_back = Some(back);
        }
    }
    let taken = take_back.as_ref().map_or(String::new(), |back| {
        format!("（该日已计发，工资{}元在下一张工资表扣回）", crate::wage::money::yuan(back.amount_fen))
    });
    let detail = format!("{name} {day_text} 修正为{}，原因：{reason}{taken}", if attended { "出勤" } else { "缺勤" });
    let correction = repo::Correction {
        project_id,
        worker_id,
        day: &day_text,
        attended,
        reason: &reason,
        account_id: current.account.id,
        account_name: &current.account.name,
        now: clock::now(),
    };
    let entry = logged_by(current, ip)
        .action("修正考勤")
        .on("attendance_day", format!("{worker_id}:{day_text}"))
        .detail(detail);
    let mut tx = Tx::begin(db).await?;
    if let Some(back) = &take_back {
        wage::record_take_back(&mut tx, back, current, ip).await?;
    }
    repo::correct_day_in(&mut tx, &correction, &entry).await?;
    tx.commit().await?;
    Ok(())
}

/// One day of a worker's month as another area shows it read-only (the approver's view of a wage line).
#[derive(Debug, Serialize, ToSchema)]
pub struct AttendanceWorkerDay {
    /// Day of the month, 1–31.
    pub day: u8,
    /// Counts for wages (attended and inside an employment line).
    pub attended: bool,
    /// Set by a manual correction.
    pub manual: bool,
    pub hours: String,
    /// Counted punches of the day.
    pub punches: i64,
    /// Outside every employment line of the worker: shown, never counted.
    pub outside: bool,
}

/// A worker's attendance in one month of a project, read-only.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AttendanceWorkerMonth {
    pub worker_id: i64,
    pub name: String,
    /// `YYYY-MM`.
    pub month: String,
    pub days_in_month: u8,
    /// Only days with an attendance row.
    pub days: Vec<AttendanceWorkerDay>,
    pub stays: Vec<AttendanceSheetStay>,
    pub stays_text: String,
    pub attended_days: i64,
    pub hours: String,
}

/// The worker's days of `month` on the project, counted as the monthly sheet counts them. The caller has
/// checked who may read them.
pub async fn worker_month(
    db: &Db,
    project_id: i64,
    worker_id: i64,
    month: &str,
) -> Result<AttendanceWorkerMonth, ApiError> {
    let (first, last) = parse_month(month)?;
    let name = repo::roster_worker(db, project_id, worker_id)
        .await?
        .ok_or_else(|| ApiError::NotFound(MSG_WORKER_NOT_FOUND.into()))?;
    let days = repo::sheet_days(db, project_id, &first.to_string(), &last.to_string(), &[worker_id]).await?;
    let stays: Vec<Stay> = repo::stays(db, project_id, &[worker_id]).await?.into_iter().map(|(_, stay)| stay).collect();
    let counts = |day: &repo::SheetDay| day.attended && rules::inside_any(&stays, &day.day);
    let minutes: i64 = days.iter().filter(|day| counts(day)).map(|day| day.minutes).sum();
    let days: Vec<AttendanceWorkerDay> = days
        .into_iter()
        .map(|day| {
            let outside = !rules::inside_any(&stays, &day.day);
            AttendanceWorkerDay {
                day: day.day.get(8..10).and_then(|dd| dd.parse().ok()).unwrap_or(0),
                attended: day.attended && !outside,
                manual: day.manual,
                hours: rules::hours_text(day.minutes),
                punches: day.punches,
                outside,
            }
        })
        .collect();
    Ok(AttendanceWorkerMonth {
        worker_id,
        name,
        month: format!("{:04}-{:02}", first.year(), first.month() as u8),
        days_in_month: last.day(),
        attended_days: days.iter().filter(|day| day.attended).count() as i64,
        hours: rules::hours_text(minutes),
        stays: stays.iter().filter_map(|stay| stay_in_month(stay, first, last)).collect(),
        stays_text: rules::stays_text(&stays),
        days,
    })
}

/// The last day with a punch per project, for the projects `ids` (projects without any are left out).
pub async fn last_days(db: &Db, ids: &[i64]) -> sqlx::Result<Vec<(i64, String)>> {
    repo::last_days(db, ids).await
}

/// For the early warnings: (project, last day with a punch).
pub async fn last_punch_days(db: &Db) -> sqlx::Result<Vec<(i64, String)>> {
    repo::last_punch_days(db).await
}

/// For the early warnings: (project, `YYYY-MM`) of the months from `from` up to `before` (`YYYY-MM`, exclusive)
/// in which someone attended.
pub async fn attended_months(db: &Db, from: &str, before: &str) -> sqlx::Result<Vec<(i64, String)>> {
    repo::attended_months(db, &format!("{from}-01"), &format!("{before}-01")).await
}

/// For the early warnings: (project, day, persons, punches) of the days from `from` (`YYYY-MM-DD`) on which a
/// device sent punches of persons still on no roster of the project.
pub async fn unknown_punch_days(db: &Db, from: &str) -> sqlx::Result<Vec<(i64, String, i64, i64)>> {
    repo::unknown_punch_days(db, from).await
}

/// The attendance part of a project's export (`backup`): the punches, and the days the monthly sheets count.
pub async fn export_tables(db: &Db, project_id: i64) -> sqlx::Result<Vec<crate::spreadsheet::Table>> {
    use crate::spreadsheet::Table;
    Ok(vec![
        Table::new("打卡记录.xlsx", "打卡记录", repo::export_punches(db, project_id).await?, &[]),
        Table::new("考勤日表.xlsx", "考勤日表（考勤月表按此统计）", repo::export_days(db, project_id).await?, &[]),
    ])
}

/// Workers who attended per day of projects `ids` from `from` to `to` (`YYYY-MM-DD`, inclusive), as the
/// attendance sheet marks them; days without anyone are left out. The workbench's and the data screen's 今日出勤
/// and 30-day trend.
pub async fn attended_by_day(db: &Db, ids: &[i64], from: &str, to: &str) -> sqlx::Result<Vec<(String, i64)>> {
    repo::attended_by_day(db, ids, from, to).await
}

/// Workers who attended on `day` at projects `ids`.
pub async fn attended_on(db: &Db, ids: &[i64], day: &str) -> sqlx::Result<i64> {
    Ok(repo::attended_by_day(db, ids, day, day).await?.into_iter().map(|(_, count)| count).sum())
}

pub use super::repo::LatestPunchRow;

/// The latest `limit` punches of projects `ids` since `since` (unix seconds), newest first, unmasked: the
/// caller masks what it shows.
pub async fn latest_punches(db: &Db, ids: &[i64], since: i64, limit: i64) -> sqlx::Result<Vec<LatestPunchRow>> {
    repo::latest_punches(db, ids, since, limit).await
}

/// What the reports read of attendance (issue 16), over the cohort's stays; days `YYYY-MM-DD`, inclusive.
pub mod for_reports {
    use super::repo;
    use crate::db::Db;
    use crate::db::cohort::Cohort;
    use crate::db::packed::{number, unpacked};

    /// One worker's attended days of one month on one project: bit d-1 set for day d.
    #[derive(Clone, Debug, PartialEq, Eq)]
    pub struct AttendedMonth {
        pub project_id: i64,
        pub worker_id: i64,
        /// `YYYY-MM`.
        pub month: String,
        pub days: i64,
    }

    impl AttendedMonth {
        /// Whether day `day` (1–31) of the month was attended.
        pub fn attended(&self, day: u32) -> bool {
            (1..=31).contains(&day) && self.days & (1 << (day - 1)) != 0
        }

        /// Attended days from day `from` to day `to` of the month (both included, 1–31).
        pub fn count_between(&self, from: u32, to: u32) -> i64 {
            if from > to || from == 0 || to > 31 {
                return 0;
            }
            let span = ((1i64 << to) - 1) & !((1i64 << (from - 1)) - 1);
            i64::from((self.days & span).count_ones())
        }
    }

    /// The attended days of the cohort's projects in the months `first`..`last` (`YYYY-MM`), one row per
    /// project, worker and month; the caller narrows them to the cohort's stays.
    pub async fn attended_months(
        db: &Db,
        cohort: &Cohort,
        first: &str,
        last: &str,
    ) -> sqlx::Result<Vec<AttendedMonth>> {
        let mut months = Vec::new();
        for (project_id, month, packed) in repo::attended_day_bits(db, cohort, first, last).await? {
            months.extend(unpacked(&packed).map(|fields| AttendedMonth {
                project_id,
                worker_id: number(fields.first()),
                month: month.clone(),
                days: number(fields.get(1)),
            }));
        }
        Ok(months)
    }

    /// (project, ID number, day) the people `id_numbers` punched on the `projects`.
    pub async fn presence_days(
        db: &Db,
        projects: &[i64],
        id_numbers: &[String],
        first: &str,
        last: &str,
    ) -> sqlx::Result<Vec<(i64, String, String)>> {
        repo::presence_days(db, projects, id_numbers, first, last).await
    }
}

/// For the worker-platform feed: (day, worker) of the project's attended days from `first` to `last`.
pub async fn attended_people(db: &Db, project_id: i64, first: &str, last: &str) -> sqlx::Result<Vec<(String, i64)>> {
    repo::attended_people(db, project_id, first, last).await
}
