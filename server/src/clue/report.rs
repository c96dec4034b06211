//! The worker's report (the public page, or the regulator entering a 12333 call): its fields, the limits on
//! how often, the project search, the receipt and its progress.

use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::input::*;
use super::repo::{self, NewFile, NewLead, NewStep, Site};
use super::site;
use crate::clock;
use crate::config::ClueConfig;
use crate::db::{Db, Tx};
use crate::domain::Invalid;
use crate::domain::dates::format_date;
use crate::domain::id_number::IdNumber;
use crate::domain::person_name::PersonName;
use crate::domain::phone::is_mobile;
use crate::envelope::ApiError;
use crate::oplog::{self, Entry};
use crate::paging::{self, Page, Paged};
use crate::project::service::{self as project, DirectoryFilter};
use crate::upload;
use crate::wage::money::{parse_yuan, yuan};

/// The report's fields as sent: by the worker on the public page, or by the regulator from a 12333 call.
#[derive(Clone, Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReportForm {
    /// The worker's name.
    pub name: Option<String>,
    /// A mobile number, 11 digits.
    pub phone: Option<String>,
    /// The worker's ID number (checksum checked).
    pub id_number: Option<String>,
    /// An approved project, as `Project/search` answers it (not with `unregistered`).
    pub project_id: Option<String>,
    /// `1`: the site is not registered; the site's fields below name it instead of `projectId`.
    pub unregistered: Option<String>,
    /// The unregistered site's name (项目名称), at most 100 characters.
    pub site_name: Option<String>,
    /// Its address, 3–100 characters.
    pub site_address: Option<String>,
    /// Its county (`Area/districts`), optional.
    pub site_district: Option<String>,
    /// The employer or team that owes the wages (for an unregistered site: 欠薪单位/包工头).
    pub employer: Option<String>,
    /// The employer's phone (mobile or landline), optional; unregistered sites only.
    pub employer_phone: Option<String>,
    /// Yuan, more than 0, at most two decimals.
    pub amount: Option<String>,
    /// Months owed, 1–120.
    pub months: Option<String>,
    /// What happened, at most 1000 characters.
    pub description: Option<String>,
    /// The public page's captcha (ignored while the captcha is off).
    pub captcha: Option<String>,
    pub captcha_id: Option<String>,
}

/// A report that passed every check.
#[derive(Debug)]
pub struct Report {
    pub name: String,
    pub phone: String,
    pub id_number: String,
    /// None: an unregistered site, `site` says where.
    pub project_id: Option<i64>,
    pub site: Option<Site>,
    pub employer: String,
    pub owed_fen: i64,
    pub months: i64,
    pub description: String,
}

/// Checks every field of a report in the form's order (the first fault answers); the project must exist and
/// be approved, or the report names an unregistered site of the deployment's area (`areacode`).
pub async fn validate_report(db: &Db, form: &ReportForm, areacode: &str) -> Result<Report, ApiError> {
    let name = sent(&form.name);
    if name.is_empty() {
        return Err(Invalid(MSG_NAME_REQUIRED).into());
    }
    let name = PersonName::parse(name)?.as_str().to_owned();
    let phone = sent(&form.phone);
    if !is_mobile(phone) {
        return Err(Invalid(MSG_PHONE).into());
    }
    let id_number = IdNumber::parse(sent(&form.id_number))?.as_str().to_owned();
    let (project_id, site, employer) = if sent(&form.unregistered) == "1" {
        let (site, employer) = site::validate_site(form, areacode)?;
        (None, Some(site), employer)
    } else {
        (Some(registered_project(db, form).await?), None, bounded(&form.employer, SHORT_MAX, MSG_EMPLOYER)?)
    };
    let owed_fen = parse_yuan(sent(&form.amount)).filter(|fen| *fen > 0).ok_or(Invalid(MSG_AMOUNT))?;
    let months = sent(&form.months).parse::<i64>().ok().filter(|n| (1..=120).contains(n)).ok_or(Invalid(MSG_MONTHS))?;
    let description = bounded(&form.description, TEXT_MAX, MSG_DESCRIPTION)?;
    let phone = phone.to_owned();
    Ok(Report { name, phone, id_number, project_id, site, employer, owed_fen, months, description })
}

/// The report's registered, approved project.
async fn registered_project(db: &Db, form: &ReportForm) -> Result<i64, ApiError> {
    let project_id = match sent(&form.project_id) {
        "" => return Err(Invalid(MSG_PROJECT_REQUIRED).into()),
        text => text.parse::<i64>().ok().filter(|id| *id > 0).ok_or(Invalid(MSG_PROJECT))?,
    };
    match project::find_summary(db, project_id).await? {
        Some(summary) if summary.audit_status == "2" => {}
        _ => return Err(Invalid(MSG_PROJECT).into()),
    }
    Ok(project_id)
}

/// A receipt number: `XS`, the China date and eight random digits.
fn new_receipt() -> String {
    let random = uuid::Uuid::new_v4().as_u128() % 100_000_000;
    format!("XS{}{random:08}", format_date(clock::china_today()).replace('-', ""))
}

/// Stores a checked report with its first step (the worker's photos on it); answers the lead's id and receipt.
pub async fn store_report(
    db: &Db,
    report: &Report,
    source: Source,
    actor: &str,
    photos: &[NewFile],
    entry: Option<Entry<'_>>,
) -> Result<(i64, String), ApiError> {
    Ok(Tx::within(db, async |tx: &mut Tx| store_report_in(tx, report, (source, actor), photos, entry).await).await?)
}

/// [`store_report`] inside the caller's transaction.
pub async fn store_report_in(
    tx: &mut Tx,
    report: &Report,
    (source, actor): (Source, &str),
    photos: &[NewFile],
    entry: Option<Entry<'_>>,
) -> sqlx::Result<(i64, String)> {
    let receipt = new_receipt();
    let lead = NewLead {
        receipt: &receipt,
        reporter_name: &report.name,
        phone: &report.phone,
        id_number: &report.id_number,
        project_id: report.project_id,
        site: report.site.as_ref(),
        employer: &report.employer,
        owed_fen: report.owed_fen,
        months_owed: report.months,
        description: &report.description,
        source: source.as_str(),
    };
    let action = if source == Source::Public { "report" } else { "enter" };
    let step = NewStep { actor, action, remark: "", files: photos };
    let now = clock::now();
    let id = repo::insert_lead(tx, &lead, now).await?;
    repo::insert_step(tx, id, &step, now).await?;
    if let Some(mut entry) = entry {
        entry.target_id = id.to_string();
        oplog::record_in(tx, &entry).await?;
    }
    Ok((id, receipt))
}

/// A photo as the worker sent it.
pub struct Photo {
    pub original_name: String,
    pub bytes: Vec<u8>,
}

/// `Clue/submit`: the public report. The address's limit counts every try; then the captcha, every field,
/// every photo (images only, 5 MB each, at most 5) and the phone's limit; only then are the photos written
/// and the lead stored, so a refused report leaves nothing behind. Answers the receipt number.
pub async fn submit(
    db: &Db,
    config: &crate::config::Config,
    ip: &str,
    form: &ReportForm,
    photos: Vec<Photo>,
) -> Result<String, ApiError> {
    check_rate(db, &config.clues, ip, None).await?;
    if config.captcha {
        crate::auth::captcha::check(db, sent(&form.captcha_id), sent(&form.captcha)).await?;
    }
    let report = validate_report(db, form, &config.site.areacode).await?;
    accept(db, config, ip, (report, REPORTER, "网上举报欠薪线索"), photos).await
}

/// The worker side's report: `submit` for a logged-in worker, who is named, reached and identified by the
/// roster (what he sends for himself is ignored), on a registered project; no captcha.
pub async fn submit_as_worker(
    db: &Db,
    config: &crate::config::Config,
    (ip, worker_id): (&str, i64),
    form: &ReportForm,
    photos: Vec<Photo>,
) -> Result<String, ApiError> {
    check_rate(db, &config.clues, ip, None).await?;
    let person = worker_person(db, worker_id).await?;
    let form = ReportForm {
        name: Some(person.name.clone()),
        phone: Some(person.phone),
        id_number: Some(person.id_number),
        unregistered: None,
        ..form.clone()
    };
    let report = validate_report(db, &form, &config.site.areacode).await?;
    let actor = format!("工人 {}", person.name);
    accept(db, config, ip, (report, &actor, "工人举报欠薪线索"), photos).await
}

async fn worker_person(db: &Db, worker_id: i64) -> Result<crate::worker::own::Person, ApiError> {
    crate::worker::own::person(db, worker_id).await?.ok_or(ApiError::NotLoggedIn)
}

/// Checks the photos and the phone's limit, writes the photos and stores the lead; answers the receipt.
async fn accept(
    db: &Db,
    config: &crate::config::Config,
    ip: &str,
    (report, actor, action): (Report, &str, &str),
    photos: Vec<Photo>,
) -> Result<String, ApiError> {
    if photos.len() > MAX_FILES {
        return Err(Invalid(MSG_TOO_MANY_PHOTOS).into());
    }
    let mut accepted = Vec::with_capacity(photos.len());
    for photo in photos {
        if photo.bytes.len() > upload::kind::MAX_FILE_BYTES {
            return Err(ApiError::refused(upload::kind::MSG_TOO_LARGE));
        }
        let (format, extension) =
            upload::kind::accept(upload::kind::UploadKind::Image, &photo.original_name, &photo.bytes)
                .ok_or_else(|| ApiError::refused(upload::kind::MSG_NOT_ALLOWED))?;
        upload::pixels::check(&photo.bytes).map_err(ApiError::refused)?;
        let stored_name = format!("{}.{extension}", uuid::Uuid::new_v4().simple());
        let file = NewFile {
            url: format!("{PHOTO_PREFIX}{stored_name}"),
            stored_name,
            original_name: photo.original_name,
            content_type: format.content_type().to_owned(),
        };
        accepted.push((file, photo.bytes));
    }
    check_rate(db, &config.clues, ip, Some(&report.phone)).await?;
    let folder = config.data_dir.join("uploads");
    let written = async {
        tokio::fs::create_dir_all(&folder).await?;
        for (file, bytes) in &accepted {
            tokio::fs::write(folder.join(&file.stored_name), bytes).await?;
        }
        Ok::<_, std::io::Error>(())
    };
    let files: Vec<NewFile> = accepted.iter().map(|(file, _)| file.clone()).collect();
    // The worker has no account: the log names the reporter's role and the client address.
    let entry = Entry::named(None, actor, ip).project(report.project_id).action(action).on(TARGET, "").detail(format!(
        "{} 欠薪{}元，照片{}张",
        report.name,
        yuan(report.owed_fen),
        files.len()
    ));
    let stored = match written.await {
        Ok(()) => store_report(db, &report, Source::Public, actor, &files, Some(entry)).await,
        Err(error) => Err(ApiError::Internal(error.into())),
    };
    match stored {
        Ok((_, receipt)) => Ok(receipt),
        Err(error) => {
            for file in &files {
                let _ = tokio::fs::remove_file(folder.join(&file.stored_name)).await;
            }
            Err(error)
        }
    }
}

/// Counts a report against the per-address and per-phone limits; refuses past either.
pub async fn check_rate(db: &Db, limits: &ClueConfig, address: &str, phone: Option<&str>) -> Result<(), ApiError> {
    let within = match phone {
        None => {
            crate::ratelimit::within(db, "clue_address", address, 3600, limits.reports_per_address_per_hour).await?
        }
        Some(phone) => {
            crate::ratelimit::within(db, "clue_phone", phone, 86_400, limits.reports_per_phone_per_day).await?
        }
    };
    if within { Ok(()) } else { Err(ApiError::refused(MSG_TOO_OFTEN)) }
}

#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct SearchQuery {
    /// Part of the project's name, 1–50 characters.
    pub name: Option<String>,
    pub page: Option<String>,
    /// 1–20 (default 10).
    pub limit: Option<String>,
}

/// A project the worker may name.
#[derive(Debug, Serialize, ToSchema)]
pub struct ProjectChoice {
    pub id: i64,
    pub name: String,
}

/// `Project/search`: approved projects whose name contains `name`, a page of at most 20, id and name only.
pub async fn search_projects(db: &Db, query: &SearchQuery) -> Result<Paged<ProjectChoice>, ApiError> {
    let name = sent(&query.name);
    if name.is_empty() || name.chars().count() > 50 {
        return Err(Invalid(MSG_SEARCH_NAME).into());
    }
    let page = Page::parse(&query.page, &query.limit)?;
    if page.limit > SEARCH_MAX_LIMIT {
        return Err(Invalid(MSG_SEARCH_LIMIT).into());
    }
    let filter = DirectoryFilter {
        scope: String::new(),
        district: String::new(),
        status: "2".into(),
        pattern: paging::contains_pattern(name),
        only: None,
    };
    let (projects, total) = project::directory(db, &filter, "name ASC", page.limit, page.offset()).await?;
    Ok(page.answer(projects.into_iter().map(|p| ProjectChoice { id: p.id, name: p.name }).collect(), total))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct ProgressForm {
    /// The receipt number the report answered.
    pub receipt: Option<String>,
    /// The phone given with the report.
    pub phone: Option<String>,
}

/// What the worker sees of a lead: its status and, once closed, the bureau's answer. Nothing else.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Progress {
    pub receipt: String,
    pub status: String,
    pub status_label: String,
    /// The bureau's final answer; '' until the lead is closed.
    pub answer: String,
}

/// `Clue/query`: the lead of `receipt` when `phone` is the one it was reported with; an unknown receipt and a
/// wrong phone get the same 404.
pub async fn progress(db: &Db, form: &ProgressForm) -> Result<Progress, ApiError> {
    let unknown = || ApiError::NotFound(MSG_UNKNOWN_RECEIPT.into());
    let (receipt, phone) = (sent(&form.receipt), sent(&form.phone));
    if receipt.is_empty() || receipt.len() > 32 || phone.is_empty() {
        return Err(unknown());
    }
    let lead = repo::find_by_receipt(db, receipt).await?.filter(|lead| lead.phone == phone).ok_or_else(unknown)?;
    Ok(Progress {
        receipt: lead.receipt,
        status_label: status_label(&lead.status).into(),
        answer: if lead.status == "closed" { lead.answer } else { String::new() },
        status: lead.status,
    })
}

/// One of the worker's leads, as his pages follow it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OwnLead {
    pub receipt: String,
    pub project_name: String,
    pub owed: String,
    pub status: String,
    pub status_label: String,
    /// When it was reported, `YYYY-MM-DD HH:MM:SS`.
    pub created_at: String,
    /// The bureau's final answer; '' until the lead is closed.
    pub answer: String,
}

/// `Clue/list` of the worker side: every lead reported under his ID number, newest first, paged.
pub async fn own_leads(db: &Db, worker_id: i64, query: &OwnLeadQuery) -> Result<Paged<OwnLead>, ApiError> {
    let page = Page::parse(&query.page, &query.limit)?;
    let person = worker_person(db, worker_id).await?;
    let (rows, total) = repo::leads_of_person(db, &person.id_number, page.limit, page.offset()).await?;
    let list = rows
        .into_iter()
        .map(|lead| OwnLead {
            receipt: lead.receipt,
            project_name: if lead.project_name.is_empty() { lead.site_name } else { lead.project_name },
            owed: yuan(lead.owed_fen),
            status_label: status_label(&lead.status).into(),
            created_at: clock::china_datetime(lead.created_at),
            answer: if lead.status == "closed" { lead.answer } else { String::new() },
            status: lead.status,
        })
        .collect();
    Ok(page.answer(list, total))
}

#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct OwnLeadQuery {
    pub page: Option<String>,
    pub limit: Option<String>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn receipts_carry_the_day_and_eight_digits() {
        let receipt = new_receipt();
        assert_eq!(receipt.len(), 2 + 8 + 8, "{receipt}");
        assert!(receipt.starts_with("XS"));
        assert!(receipt[2..].bytes().all(|b| b.is_ascii_digit()));
    }
}
