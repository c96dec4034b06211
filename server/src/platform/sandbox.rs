//! The built-in sandbox platform (docs/platform.md): answers the way the national platform's interface
//! documents — the envelope checked (app, signature, timestamp, version), each record validated after its ID
//! numbers are decrypted, a request code answered at once and the verdict told by
//! `AsyncHandleResult.Query`. A call sent again with the same nonce answers the first one's request code
//! and is processed once. It keeps what it received in `platform_sandbox_requests`.

use std::collections::HashMap;

use serde_json::{Value, json};

use super::protocol::{self, METHODS, RESULT_QUERY, Reply};
use super::repo::{self, SandboxReceipt};
use crate::clock;
use crate::db::Db;
use crate::domain::credit_code::CreditCode;
use crate::domain::dates::parse_date;
use crate::domain::id_number::IdNumber;

fn refusal(code: &str, message: &str) -> Reply {
    Reply { code: code.to_owned(), message: message.to_owned(), data: Value::Null }
}

fn taken(request_code: &str) -> Reply {
    Reply { code: "0".to_owned(), message: "成功".to_owned(), data: json!({ "requestSerialCode": request_code }) }
}

/// The sandbox's answer to one envelope.
pub async fn answer(db: &Db, form: &[(String, String)]) -> sqlx::Result<Reply> {
    let fields: HashMap<&str, &str> = form.iter().map(|(name, value)| (name.as_str(), value.as_str())).collect();
    let field = |name: &str| fields.get(name).copied().unwrap_or("");
    let Some(account) = repo::setting_of_app(db, field("appid")).await? else {
        return Ok(refusal("1001", "appid不存在"));
    };
    if protocol::sign(form, &account.secret) != field("sign") {
        return Ok(refusal("1002", "签名错误"));
    }
    if field("version") != protocol::VERSION || field("format") != protocol::FORMAT {
        return Ok(refusal("1003", "version应为1.0，format应为json"));
    }
    if field("timestamp").len() != 14 || !field("timestamp").bytes().all(|b| b.is_ascii_digit()) {
        return Ok(refusal("1004", "timestamp格式应为yyyyMMddHHmmss"));
    }
    let Ok(data) = serde_json::from_str::<Value>(field("data")) else {
        return Ok(refusal("1005", "data应为JSON"));
    };
    let method = field("method");
    if method == RESULT_QUERY {
        let code = data["requestSerialCode"].as_str().unwrap_or("");
        return Ok(match repo::sandbox_by_code(db, &account.app_id, code).await? {
            Some(row) => Reply {
                code: "0".to_owned(),
                message: "成功".to_owned(),
                data: json!({ "status": if row.status == "accepted" { "2" } else { "3" }, "result": row.message, "method": row.method }),
            },
            None => refusal("1006", "requestSerialCode不存在"),
        });
    }
    if !METHODS.contains(&method) {
        return Ok(refusal("1007", "不支持的method"));
    }
    let nonce = field("nonce");
    if nonce.is_empty() || nonce.len() > 64 {
        return Ok(refusal("1008", "nonce应为1-64位"));
    }
    if let Some(first) = repo::sandbox_by_nonce(db, &account.app_id, nonce).await? {
        return Ok(taken(&first.request_code));
    }
    let verdict =
        Checker { app_id: &account.app_id, secret: &account.secret, today: clock::china_today() }.check(method, &data);
    let request_code = uuid::Uuid::new_v4().simple().to_string();
    let (status, message) = match &verdict {
        Ok(()) => ("accepted", "处理成功".to_owned()),
        Err(reason) => ("refused", reason.clone()),
    };
    let receipt = SandboxReceipt {
        request_code: &request_code,
        app_id: &account.app_id,
        nonce,
        method,
        data: field("data"),
        status,
        message: &message,
        now: clock::now(),
    };
    if !repo::sandbox_receive(db, &receipt).await? {
        let first = repo::sandbox_by_nonce(db, &account.app_id, nonce).await?;
        return Ok(taken(&first.map(|row| row.request_code).unwrap_or(request_code)));
    }
    Ok(taken(&request_code))
}

/// The platform's checks of one record.
struct Checker<'a> {
    app_id: &'a str,
    secret: &'a str,
    today: time::Date,
}

type Verdict = Result<(), String>;

fn text<'v>(record: &'v Value, name: &str) -> Result<&'v str, String> {
    record[name].as_str().map(str::trim).filter(|value| !value.is_empty()).ok_or_else(|| format!("{name}不能为空"))
}

fn date(record: &Value, name: &str) -> Result<time::Date, String> {
    parse_date(text(record, name)?).ok().flatten().ok_or_else(|| format!("{name}应为yyyy-MM-dd"))
}

impl Checker<'_> {
    /// An encrypted ID number that decrypts to a valid one.
    fn id_number(&self, record: &Value, name: &str) -> Result<IdNumber, String> {
        let plain = protocol::decrypt(self.app_id, self.secret, text(record, name)?)
            .ok_or_else(|| format!("{name}解密失败"))?;
        IdNumber::parse(&plain).map_err(|_| format!("{name}不是有效的身份证号码"))
    }

    fn check(&self, method: &str, record: &Value) -> Verdict {
        text(record, "projectCode")?;
        match method {
            "Project.Add" => text(record, "projectName").map(drop),
            "Corp.Add" => {
                CreditCode::parse(text(record, "corpCode")?)
                    .map_err(|_| "corpCode不是有效的统一社会信用代码".to_owned())?;
                text(record, "corpName").map(drop)
            }
            "ProjectSubContractor.Add" => {
                text(record, "corpCode")?;
                text(record, "corpType").map(drop)
            }
            "Team.Add" => {
                for name in ["corpCode", "teamSysNo", "teamName", "teamLeaderName"] {
                    text(record, name)?;
                }
                self.id_number(record, "teamLeaderIdNumber").map(drop)
            }
            "ProjectWorker.Add" => self.worker(record),
            "WorkerEntryExit.Add" => {
                self.id_number(record, "idCardNumber")?;
                date(record, "date")?;
                match text(record, "type")? {
                    "0" | "1" => Ok(()),
                    _ => Err("type应为1（进场）或0（退场）".to_owned()),
                }
            }
            "WorkerContract.Add" => {
                self.id_number(record, "idCardNumber")?;
                if date(record, "startDate")? > date(record, "endDate")? {
                    return Err("合同结束日期不能早于开始日期".to_owned());
                }
                Ok(())
            }
            "WorkerAttendance.Add" => {
                date(record, "date")?;
                let list = record["dataList"].as_array().filter(|list| !list.is_empty()).ok_or("dataList不能为空")?;
                list.iter().try_for_each(|entry| self.id_number(entry, "idCardNumber").map(drop))
            }
            "Payroll.Add" => {
                let month = text(record, "payMonth")?;
                if parse_date(&format!("{month}-01")).ok().flatten().is_none() {
                    return Err("payMonth应为yyyy-MM".to_owned());
                }
                let list =
                    record["detailList"].as_array().filter(|list| !list.is_empty()).ok_or("detailList不能为空")?;
                list.iter().try_for_each(|entry| {
                    self.id_number(entry, "idCardNumber")?;
                    for name in ["totalPayAmount", "actualAmount"] {
                        text(entry, name)?
                            .parse::<f64>()
                            .ok()
                            .filter(|amount| *amount >= 0.0)
                            .ok_or(format!("{name}应为金额"))?;
                    }
                    Ok(())
                })
            }
            _ => Err("不支持的method".to_owned()),
        }
    }

    fn worker(&self, record: &Value) -> Verdict {
        for name in ["corpCode", "teamSysNo", "workerName"] {
            text(record, name)?;
        }
        self.id_number(record, "idCardNumber")?;
        let phone = text(record, "cellPhone")?;
        if phone.len() != 11 || !phone.starts_with('1') || !phone.bytes().all(|b| b.is_ascii_digit()) {
            return Err("cellPhone应为11位手机号码".to_owned());
        }
        let end = record["idCardEndDate"].as_str().unwrap_or("").trim();
        if let Ok(Some(end_date)) = parse_date(end)
            && end_date < self.today
        {
            return Err(format!("身份证已过期（有效期至{end}），请核实证件后重新上报"));
        }
        Ok(())
    }
}
