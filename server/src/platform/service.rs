//! The worker-platform feed (issue 17 item 2, docs/platform.md): what a project reports (its records, read
//! through the owning areas' services), the outbox that queues each version of a record once and sends the
//! project's records in order with back-off, the asynchronous results, and 数据上报's settings and lists.

use std::collections::{BTreeMap, HashMap, HashSet};

use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use sha2::{Digest, Sha256};
use utoipa::{IntoParams, ToSchema};

use super::gateway::PlatformGateway;
use super::protocol::{self, METHODS, RESULT_QUERY};
use super::repo::{self, NewRecord, OutboxFilter, OutboxRow, SettingRow};
use crate::clock;
use crate::company::participants::role_label;
use crate::db::Db;
use crate::domain::Invalid;
use crate::envelope::ApiError;
use crate::extract::sent;
use crate::identity::sessions::CurrentAccount;
use crate::oplog::{self, Entry};
use crate::paging::{Page, Paged};
use crate::scope::{self, ReadScope};

pub const MSG_APP_ID: &str = "AppID应为1-64位字母、数字、-或_";
pub const MSG_SECRET: &str = "AppSecret应为16-64位字母、数字或符号（不含空格）";
pub const MSG_ENDPOINT: &str = "平台接口地址应留空（使用内置沙箱平台）或以http://开头，不超过200个字符";
pub const MSG_ENABLED: &str = "请选择启用或停用";
pub const MSG_APP_TAKEN: &str = "该AppID已被其他项目使用";
pub const MSG_NOT_SET: &str = "请先保存数据上报设置";
pub const MSG_DISABLED: &str = "数据上报已停用";
pub const MSG_METHOD: &str = "请选择正确的上报接口";
pub const MSG_STATUS: &str = "请选择正确的上报状态";
pub const MSG_PROJECT: &str = "请选择项目";

/// Fields carrying an ID number: encrypted when sent.
const SENSITIVE: [&str; 2] = ["idCardNumber", "teamLeaderIdNumber"];
/// Records sent, and results asked for, per project in one run.
const PER_RUN: i64 = 500;
/// Back-off after a call without an answer: a minute, doubling, at most an hour.
const FIRST_RETRY_SECONDS: i64 = 60;
const LAST_RETRY_SECONDS: i64 = 3_600;

pub fn method_label(method: &str) -> &'static str {
    match method {
        "Project.Add" => "项目",
        "Corp.Add" => "企业",
        "ProjectSubContractor.Add" => "参建单位",
        "Team.Add" => "班组",
        "ProjectWorker.Add" => "人员",
        "WorkerEntryExit.Add" => "进退场",
        "WorkerContract.Add" => "劳动合同",
        "WorkerAttendance.Add" => "考勤",
        "Payroll.Add" => "工资",
        _ => "",
    }
}

fn status_label(status: &str) -> &'static str {
    match status {
        "queued" => "待上报",
        "sent" => "已提交",
        "accepted" => "上报成功",
        "refused" => "平台退回",
        _ => "",
    }
}

// ---------------------------------------------------------------- what a project reports

/// One record as the platform takes it; ID numbers still in the clear.
#[derive(Clone, Debug, PartialEq)]
pub struct Record {
    pub method: &'static str,
    pub key: String,
    pub label: String,
    pub data: Value,
}

/// The project code the platform knows the project by.
pub fn project_code(project_id: i64) -> String {
    format!("WG{project_id:08}")
}

/// Every record of the project, in the order the platform needs them (a team before its workers…).
pub async fn records(db: &Db, project_id: i64) -> sqlx::Result<Vec<Record>> {
    let code = project_code(project_id);
    let mut records = Vec::new();
    let name =
        crate::project::service::find_summary(db, project_id).await?.map(|project| project.name).unwrap_or_default();
    records.push(Record {
        method: "Project.Add",
        key: format!("project:{project_id}"),
        label: name.clone(),
        data: json!({ "projectCode": code, "projectName": name }),
    });
    let units = crate::project::service::project_units(db, project_id).await?;
    let unit_codes: HashMap<i64, String> =
        units.iter().map(|unit| (unit.id, unit.social_credit_code.clone())).collect();
    let mut corps = HashSet::new();
    for unit in units.iter().filter(|unit| corps.insert(unit.social_credit_code.clone())) {
        records.push(Record {
            method: "Corp.Add",
            key: format!("corp:{}", unit.social_credit_code),
            label: unit.name.clone(),
            data: json!({ "projectCode": code, "corpCode": unit.social_credit_code, "corpName": unit.name }),
        });
    }
    for unit in &units {
        records.push(Record {
            method: "ProjectSubContractor.Add",
            key: format!("unit:{}", unit.id),
            label: format!("{}（{}）", unit.name, role_label(&unit.role)),
            data: json!({ "projectCode": code, "corpCode": unit.social_credit_code, "corpName": unit.name, "corpType": unit.role }),
        });
    }
    let corp_of = |unit_id: i64| unit_codes.get(&unit_id).cloned().unwrap_or_default();
    for team in crate::team::service::project_teams(db, project_id).await? {
        records.push(Record {
            method: "Team.Add",
            key: format!("team:{}", team.id),
            label: team.name.clone(),
            data: json!({
                "projectCode": code, "corpCode": corp_of(team.unit_id), "teamSysNo": team.id.to_string(), "teamName": team.name,
                "teamLeaderName": team.leader_name, "teamLeaderPhone": team.leader_phone, "teamLeaderIdNumber": team.leader_id_number,
            }),
        });
    }
    let lines = crate::worker::service::feed_lines(db, project_id).await?;
    // A worker's latest line says where the worker is now.
    let latest: BTreeMap<i64, &crate::worker::service::FeedLine> =
        lines.iter().map(|line| (line.worker_id, line)).collect();
    for line in latest.values() {
        records.push(Record {
            method: "ProjectWorker.Add",
            key: format!("worker:{}", line.worker_id),
            label: line.name.clone(),
            data: json!({
                "projectCode": code, "corpCode": corp_of(line.unit_id), "teamSysNo": line.team_id.to_string(), "workerName": line.name,
                "idCardType": "01", "idCardNumber": line.id_number, "workType": line.work_type, "cellPhone": line.phone,
                "idCardEndDate": line.id_valid_to,
            }),
        });
    }
    for line in &lines {
        let moves = [("entry", "1", "进场", &line.entry_date), ("exit", "0", "退场", &line.exit_date)];
        for (kind, flag, word, day) in moves.into_iter().filter(|(_, _, _, day)| !day.is_empty()) {
            records.push(Record {
                method: "WorkerEntryExit.Add",
                key: format!("{kind}:{}", line.employment_id),
                label: format!("{word} {} {day}", line.name),
                data: json!({
                    "projectCode": code, "corpCode": corp_of(line.unit_id), "teamSysNo": line.team_id.to_string(),
                    "idCardNumber": line.id_number, "date": day, "type": flag,
                }),
            });
        }
    }
    for line in lines.iter().filter(|line| line.contract_signed) {
        records.push(Record {
            method: "WorkerContract.Add",
            key: format!("contract:{}", line.employment_id),
            label: format!("{} {}至{}", line.name, line.contract_start, line.contract_end),
            data: json!({
                "projectCode": code, "corpCode": corp_of(line.unit_id), "idCardNumber": line.id_number,
                "contractPeriodType": "0", "startDate": line.contract_start, "endDate": line.contract_end,
            }),
        });
    }
    // Days that have ended, from the first of the previous month (the months still open).
    let today = clock::china_today();
    let first = (today.replace_day(1).unwrap_or(today) - time::Duration::days(1)).replace_day(1).unwrap_or(today);
    let yesterday = today - time::Duration::days(1);
    let attended =
        crate::attendance::service::attended_people(db, project_id, &first.to_string(), &yesterday.to_string()).await?;
    let mut days: BTreeMap<String, Vec<Value>> = BTreeMap::new();
    for (day, worker_id) in attended {
        let Some(line) = latest.get(&worker_id) else { continue };
        days.entry(day.clone()).or_default().push(json!({
            "teamSysNo": line.team_id.to_string(), "idCardNumber": line.id_number, "direction": "01", "date": day,
        }));
    }
    for (day, list) in days {
        records.push(Record {
            method: "WorkerAttendance.Add",
            key: format!("attendance:{day}"),
            label: format!("{day}（{}人）", list.len()),
            data: json!({ "projectCode": code, "date": day, "dataList": list }),
        });
    }
    let mut months: BTreeMap<String, Vec<Value>> = BTreeMap::new();
    for paid in crate::wage::service::paid_lines(db, project_id).await? {
        let Some(line) = latest.get(&paid.worker_id) else { continue };
        months.entry(paid.month.clone()).or_default().push(json!({
            "idCardNumber": line.id_number, "teamSysNo": line.team_id.to_string(), "corpCode": corp_of(line.unit_id),
            "days": paid.days, "totalPayAmount": protocol::yuan(paid.net_fen), "actualAmount": protocol::yuan(paid.paid_fen),
            "balanceDate": clock::china_datetime(paid.settled_at).get(..10).unwrap_or(""),
        }));
    }
    for (month, list) in months {
        records.push(Record {
            method: "Payroll.Add",
            key: format!("payroll:{month}"),
            label: format!("{month}（{}人）", list.len()),
            data: json!({ "projectCode": code, "payMonth": month, "detailList": list }),
        });
    }
    Ok(records)
}

/// The record as sent: every ID number encrypted with the project's secret.
fn encrypted(value: &Value, app_id: &str, secret: &str) -> Value {
    match value {
        Value::Object(fields) => Value::Object(
            fields
                .iter()
                .map(|(name, field)| match field {
                    Value::String(text) if SENSITIVE.contains(&name.as_str()) && !text.is_empty() => {
                        (name.clone(), Value::String(protocol::encrypt(app_id, secret, text)))
                    }
                    other => (name.clone(), encrypted(other, app_id, secret)),
                })
                .collect(),
        ),
        Value::Array(items) => Value::Array(items.iter().map(|item| encrypted(item, app_id, secret)).collect()),
        other => other.clone(),
    }
}

// ---------------------------------------------------------------- the outbox

/// What one run did for a project.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FeedRun {
    /// New versions of records queued.
    pub queued: i64,
    /// Calls the platform took (results awaited).
    pub sent: i64,
    pub accepted: i64,
    pub refused: i64,
    /// Why the run stopped early (the platform did not answer), '' when it did not.
    pub error: String,
}

/// Queues what changed since the last run, sends the queued records in order and asks for the results of
/// those sent. A call without an answer stops the project's sending (order matters) until its back-off ends.
pub async fn run(db: &Db, gateway: &dyn PlatformGateway, project_id: i64, now: i64) -> sqlx::Result<FeedRun> {
    let Some(setting) = repo::setting(db, project_id).await?.filter(|setting| setting.enabled) else {
        return Ok(FeedRun::default());
    };
    let mut outcome = FeedRun { queued: enqueue(db, project_id, now).await?, ..FeedRun::default() };
    let timestamp = clock::china_datetime(now).replace(['-', ' ', ':'], "");
    for row in repo::in_status(db, project_id, "queued", PER_RUN).await? {
        if row.next_attempt_at > now {
            break;
        }
        let data = encrypted(&serde_json::from_str(&row.data).unwrap_or(Value::Null), &setting.app_id, &setting.secret);
        // The nonce stays the row's: a call sent again after a lost answer is known to the platform.
        let nonce = format!("wg-{}", row.id);
        let form =
            protocol::envelope(&setting.app_id, &setting.secret, &row.method, &data.to_string(), &nonce, &timestamp);
        match gateway.call(&setting.endpoint, &form).await {
            Ok(reply) if reply.code == "0" => {
                let code = reply.data["requestSerialCode"].as_str().unwrap_or("");
                repo::mark_sent(db, row.id, code, now).await?;
                outcome.sent += 1;
            }
            Ok(reply) => {
                repo::finish(db, row.id, "refused", &format!("{} {}", reply.code, reply.message), now).await?;
                outcome.refused += 1;
            }
            Err(error) => {
                let wait = (FIRST_RETRY_SECONDS << row.attempts.min(6)).min(LAST_RETRY_SECONDS);
                let error = format!("{error:#}");
                repo::mark_failed_attempt(db, row.id, &error.chars().take(300).collect::<String>(), now + wait).await?;
                outcome.error = error;
                return Ok(outcome);
            }
        }
    }
    for row in repo::in_status(db, project_id, "sent", PER_RUN).await? {
        let query = json!({ "requestSerialCode": row.request_code }).to_string();
        let nonce = format!("wg-{}-q{}", row.id, now);
        let form = protocol::envelope(&setting.app_id, &setting.secret, RESULT_QUERY, &query, &nonce, &timestamp);
        match gateway.call(&setting.endpoint, &form).await {
            Ok(reply) if reply.code == "0" => match reply.data["status"].as_str() {
                Some("2") => {
                    repo::finish(db, row.id, "accepted", reply.data["result"].as_str().unwrap_or(""), now).await?;
                    outcome.accepted += 1;
                }
                Some("3") => {
                    repo::finish(db, row.id, "refused", reply.data["result"].as_str().unwrap_or(""), now).await?;
                    outcome.refused += 1;
                }
                _ => {}
            },
            Ok(_) => {}
            Err(error) => {
                outcome.error = format!("{error:#}");
                return Ok(outcome);
            }
        }
    }
    Ok(outcome)
}

/// Queues the records whose current version was not queued before; how many.
async fn enqueue(db: &Db, project_id: i64, now: i64) -> sqlx::Result<i64> {
    let known: HashSet<(String, String, String)> = repo::queued_versions(db, project_id).await?.into_iter().collect();
    let mut queued = 0;
    for record in records(db, project_id).await? {
        let data = record.data.to_string();
        let fingerprint = hex::encode(Sha256::digest(data.as_bytes()));
        if known.contains(&(record.method.to_owned(), record.key.clone(), fingerprint.clone())) {
            continue;
        }
        let new = NewRecord {
            project_id,
            method: record.method,
            record_key: &record.key,
            label: &record.label,
            fingerprint: &fingerprint,
            data: &data,
            now,
        };
        queued += i64::from(repo::queue(db, &new).await?);
    }
    Ok(queued)
}

/// The scheduled run over every project with the feed enabled: (projects, records queued).
pub async fn run_all(db: &Db, gateway: &dyn PlatformGateway, now: i64) -> sqlx::Result<(usize, i64)> {
    let projects = repo::enabled_projects(db).await?;
    let mut queued = 0;
    for project_id in &projects {
        queued += run(db, gateway, *project_id, now).await?.queued;
    }
    Ok((projects.len(), queued))
}

// ---------------------------------------------------------------- 数据上报

/// The project's platform account as the console shows it (never the secret).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PlatformSetting {
    pub app_id: String,
    /// A secret is saved (it is not shown again).
    pub secret_set: bool,
    /// '' the built-in sandbox platform.
    pub endpoint: String,
    pub enabled: bool,
    /// `YYYY-MM-DD HH:MM:SS`, `0000-00-00 00:00:00` never saved.
    pub updated_at: String,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PlatformSettingForm {
    /// 1–64 letters, digits, `-` or `_`, as the platform issued it.
    pub app_id: Option<String>,
    /// 16–64 visible characters; empty keeps the saved one.
    pub app_secret: Option<String>,
    /// The platform's interface, `http://…`; empty for the built-in sandbox.
    pub endpoint: Option<String>,
    /// `1` enabled, `0` stopped.
    pub enabled: Option<String>,
}

#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct PlatformQuery {
    /// The regulator's project; a builder's own is implied.
    pub project_id: Option<String>,
    /// A method (`ProjectWorker.Add`…), empty for all.
    pub method: Option<String>,
    /// `queued`, `sent`, `accepted` or `refused`; empty for all.
    pub status: Option<String>,
    pub page: Option<String>,
    pub limit: Option<String>,
}

/// One version of one record in the outbox.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PlatformRecord {
    pub id: i64,
    pub method: String,
    /// 项目 / 企业 / 参建单位 / 班组 / 人员 / 进退场 / 劳动合同 / 考勤 / 工资.
    pub method_label: String,
    /// Which record, e.g. 张三, 进场 张三 2026-03-04, 2026-11-26（25人）.
    pub label: String,
    pub status: String,
    /// 待上报 / 已提交 / 上报成功 / 平台退回.
    pub status_label: String,
    pub attempts: i64,
    /// Why the last call got no answer ('' none).
    pub last_error: String,
    /// The platform's result (the reason of a refusal).
    pub result: String,
    pub created_at: String,
    pub sent_at: String,
    pub finished_at: String,
}

/// Records per status.
#[derive(Debug, Default, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PlatformCounts {
    pub queued: i64,
    pub sent: i64,
    pub accepted: i64,
    pub refused: i64,
}

async fn read_project(db: &Db, current: &CurrentAccount, requested: &Option<String>) -> Result<i64, ApiError> {
    match scope::read(db, current, requested).await? {
        ReadScope::Project(id) => Ok(id),
        ReadScope::All => Err(Invalid(MSG_PROJECT).into()),
    }
}

pub async fn setting(db: &Db, current: &CurrentAccount, query: &PlatformQuery) -> Result<PlatformSetting, ApiError> {
    let project_id = read_project(db, current, &query.project_id).await?;
    Ok(match repo::setting(db, project_id).await? {
        Some(row) => PlatformSetting {
            app_id: row.app_id,
            secret_set: !row.secret.is_empty(),
            endpoint: row.endpoint,
            enabled: row.enabled,
            updated_at: clock::china_datetime(row.updated_at),
        },
        None => PlatformSetting {
            app_id: String::new(),
            secret_set: false,
            endpoint: String::new(),
            enabled: false,
            updated_at: clock::china_datetime(0),
        },
    })
}

pub async fn save_setting(
    db: &Db,
    current: &CurrentAccount,
    ip: &str,
    form: &PlatformSettingForm,
) -> Result<(), ApiError> {
    let project_id = scope::write(current)?;
    let app_id = sent(&form.app_id).to_owned();
    if !(1..=64).contains(&app_id.len()) || !app_id.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
    {
        return Err(Invalid(MSG_APP_ID).into());
    }
    let before = repo::setting(db, project_id).await?;
    let secret = match sent(&form.app_secret) {
        "" => before
            .as_ref()
            .map(|row| row.secret.clone())
            .filter(|secret| !secret.is_empty())
            .ok_or(Invalid(MSG_SECRET))?,
        given if (protocol::SECRET_MIN..=64).contains(&given.len()) && given.bytes().all(|b| b.is_ascii_graphic()) => {
            given.to_owned()
        }
        _ => return Err(Invalid(MSG_SECRET).into()),
    };
    let endpoint = sent(&form.endpoint).to_owned();
    if !(endpoint.is_empty()
        || (endpoint.starts_with("http://") && endpoint.len() <= 200 && !endpoint.contains(char::is_whitespace)))
    {
        return Err(Invalid(MSG_ENDPOINT).into());
    }
    let enabled = match sent(&form.enabled) {
        "1" | "" => true,
        "0" => false,
        _ => return Err(Invalid(MSG_ENABLED).into()),
    };
    let row = SettingRow { project_id, app_id, secret, endpoint, enabled, updated_at: clock::now() };
    if !repo::save_setting(db, &row).await? {
        return Err(Invalid(MSG_APP_TAKEN).into());
    }
    let describe = |row: &SettingRow| {
        let target = if row.endpoint.is_empty() { "内置沙箱平台".to_owned() } else { row.endpoint.clone() };
        format!("AppID {}，{}，{}", row.app_id, target, if row.enabled { "启用" } else { "停用" })
    };
    let secret_note =
        if before.as_ref().is_some_and(|old| old.secret != row.secret) { "（AppSecret已更换）" } else { "" };
    let detail = match &before {
        Some(old) => format!("{} → {}{secret_note}", describe(old), describe(&row)),
        None => format!("{}（新设置）", describe(&row)),
    };
    oplog::record(
        db,
        Entry::by(&current.account, ip).action("保存数据上报设置").on("platform_settings", project_id).detail(detail),
    )
    .await?;
    Ok(())
}

fn record_line(row: OutboxRow) -> PlatformRecord {
    PlatformRecord {
        id: row.id,
        method_label: method_label(&row.method).to_owned(),
        method: row.method,
        label: row.label,
        status_label: status_label(&row.status).to_owned(),
        status: row.status,
        attempts: row.attempts,
        last_error: row.last_error,
        result: row.result,
        created_at: clock::china_datetime(row.created_at),
        sent_at: clock::china_datetime(row.sent_at),
        finished_at: clock::china_datetime(row.finished_at),
    }
}

pub async fn list(db: &Db, current: &CurrentAccount, query: &PlatformQuery) -> Result<Paged<PlatformRecord>, ApiError> {
    let project_id = read_project(db, current, &query.project_id).await?;
    let method = sent(&query.method).to_owned();
    if !method.is_empty() && !METHODS.contains(&method.as_str()) {
        return Err(Invalid(MSG_METHOD).into());
    }
    let status = sent(&query.status).to_owned();
    if !matches!(status.as_str(), "" | "queued" | "sent" | "accepted" | "refused") {
        return Err(Invalid(MSG_STATUS).into());
    }
    let page = Page::parse(&query.page, &query.limit)?;
    let (rows, total) =
        repo::records(db, &OutboxFilter { project_id, method, status }, page.limit, page.offset()).await?;
    Ok(page.answer(rows.into_iter().map(record_line).collect(), total))
}

pub async fn counts(db: &Db, current: &CurrentAccount, query: &PlatformQuery) -> Result<PlatformCounts, ApiError> {
    let project_id = read_project(db, current, &query.project_id).await?;
    let mut counts = PlatformCounts::default();
    for (status, count) in repo::counts(db, project_id).await? {
        match status.as_str() {
            "queued" => counts.queued = count,
            "sent" => counts.sent = count,
            "accepted" => counts.accepted = count,
            "refused" => counts.refused = count,
            _ => {}
        }
    }
    Ok(counts)
}

/// 立即上报: one run for the clerk's project now.
pub async fn send_now(
    db: &Db,
    gateway: &dyn PlatformGateway,
    current: &CurrentAccount,
    ip: &str,
) -> Result<FeedRun, ApiError> {
    let project_id = scope::write(current)?;
    let setting = repo::setting(db, project_id).await?.ok_or(Invalid(MSG_NOT_SET))?;
    if !setting.enabled {
        return Err(Invalid(MSG_DISABLED).into());
    }
    let outcome = run(db, gateway, project_id, clock::now()).await?;
    let detail = format!(
        "新入队 {}，已提交 {}，成功 {}，退回 {}{}",
        outcome.queued,
        outcome.sent,
        outcome.accepted,
        outcome.refused,
        if outcome.error.is_empty() { String::new() } else { format!("；平台未应答：{}", outcome.error) }
    );
    oplog::record(
        db,
        Entry::by(&current.account, ip).action("立即上报").on("platform_settings", project_id).detail(detail),
    )
    .await?;
    Ok(outcome)
}
