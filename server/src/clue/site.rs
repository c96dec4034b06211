//! Leads from a site that is not registered (issue 34 item 5). The worker who finds no project names the site
//! (项目名称, 地址, optionally its county) and the employer (欠薪单位/包工头, optionally a phone) in free text; the
//! lead has no project and goes to the bureau: the whole area's regulators always, a county's regulators when
//! the worker chose their county. 线索管理 then links it to the registered project it turns out to be (after
//! which dispatch works as for any lead), or closes it without a project with the answer the worker sees.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::repo::{LeadChange, NewStep, Site};
use super::service::{
    MSG_ANSWER, MSG_PROJECT, MSG_PROJECT_REQUIRED, ReportForm, TARGET, change_lead, require_handler, sent,
    status_label, visible_lead,
};
use crate::area::data::{Level, areas};
use crate::db::Db;
use crate::domain::Invalid;
use crate::domain::phone::Phone;
use crate::envelope::ApiError;
use crate::identity::sessions::CurrentAccount;
use crate::oplog::Entry;
use crate::project::service as project;
use crate::scope;

pub const MSG_SITE_NAME: &str = "请填写项目名称（100字以内）";
/// The spec's message for a project's address (3–100 characters).
pub const MSG_SITE_ADDRESS: &str = "请输入规范的地址";
pub const MSG_SITE_DISTRICT: &str = "请选择正确的所在区县";
pub const MSG_EMPLOYER: &str = "请填写欠薪单位或包工头（100字以内）";
pub const MSG_LINKED: &str = "该线索已关联项目";
pub const MSG_NOT_UNLINKED: &str = "只有未关联项目的待派发线索可以直接办结";
pub const MSG_LINK_FIRST: &str = "请先关联已登记的项目";
pub const MSG_ASSIGNED: &str = "已关联项目";
const NAME_MAX: usize = 100;
const ADDRESS_RANGE: std::ops::RangeInclusive<usize> = 3..=100;

/// A county (or a district of the city) the worker may choose for the site.
#[derive(Debug, Serialize, ToSchema)]
pub struct DistrictChoice {
    pub code: String,
    pub name: String,
}

/// The counties of the deployment's area (`[site] areacode`), in code order.
pub fn districts(areacode: &str) -> Vec<DistrictChoice> {
    let areas = areas();
    let Some(area) = areas.get(areacode) else { return Vec::new() };
    let counties: Vec<_> = if area.level == Level::City {
        areas.children(area).collect()
    } else {
        areas.children(area).flat_map(|city| areas.children(city)).collect()
    };
    counties.into_iter().map(|county| DistrictChoice { code: county.code.into(), name: county.name.into() }).collect()
}

/// The county `code`'s path of codes from the city down, as projects keep theirs ('4101,410105').
fn district_path(areacode: &str, code: &str) -> Option<String> {
    if !districts(areacode).iter().any(|choice| choice.code == code) {
        return None;
    }
    let areas = areas();
    let county = areas.get(code)?;
    Some(
        areas
            .path(county)
            .iter()
            .filter(|area| area.code.len() >= 4)
            .map(|area| area.code)
            .collect::<Vec<_>>()
            .join(","),
    )
}

/// The county's name of a site's district path, '' for none.
pub fn district_name(path: &str) -> String {
    path.rsplit(',').next().and_then(|code| areas().get(code)).map(|area| area.name.to_owned()).unwrap_or_default()
}

/// The site and the employer of a report that names no project, checked in the form's order.
pub fn validate_site(form: &ReportForm, areacode: &str) -> Result<(Site, String), Invalid> {
    let name = sent(&form.site_name);
    if name.is_empty() || name.chars().count() > NAME_MAX {
        return Err(Invalid(MSG_SITE_NAME));
    }
    let address = sent(&form.site_address);
    if !ADDRESS_RANGE.contains(&address.chars().count()) {
        return Err(Invalid(MSG_SITE_ADDRESS));
    }
    let district = match sent(&form.site_district) {
        "" => String::new(),
        code => district_path(areacode, code).ok_or(Invalid(MSG_SITE_DISTRICT))?,
    };
    let employer = sent(&form.employer);
    if employer.is_empty() || employer.chars().count() > NAME_MAX {
        return Err(Invalid(MSG_EMPLOYER));
    }
    let employer_phone = Phone::parse_optional(sent(&form.employer_phone))?.map(|phone| phone.as_str().to_owned());
    let site = Site {
        name: name.to_owned(),
        address: address.to_owned(),
        district,
        employer_phone: employer_phone.unwrap_or_default(),
    };
    Ok((site, employer.to_owned()))
}

/// Whether a handler's district holds an unlinked lead's site: the whole area always, a county when the
/// worker chose it.
pub fn site_covered(current: &CurrentAccount, site_district: &str) -> bool {
    let district = scope::district(current);
    district.is_empty() || site_district.split(',').any(|code| code == district)
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AssignForm {
    pub id: Option<String>,
    /// A registered, approved project of the handler's district.
    pub project_id: Option<String>,
}

/// Links a pending lead from an unregistered site to a registered, approved project of the handler's district.
/// Logged with the site before and the project after.
pub async fn assign(db: &Db, current: &CurrentAccount, ip: &str, form: &AssignForm) -> Result<(), ApiError> {
    require_handler(current)?;
    let lead = visible_lead(db, current, &form.id).await?;
    let project_id = match sent(&form.project_id) {
        "" => return Err(Invalid(MSG_PROJECT_REQUIRED).into()),
        text => text.parse::<i64>().ok().filter(|id| *id > 0).ok_or(Invalid(MSG_PROJECT))?,
    };
    if lead.project_id != 0 {
        return Err(ApiError::refused(MSG_LINKED));
    }
    let summary = project::find_summary(db, project_id).await?.filter(|summary| summary.audit_status == "2");
    let Some(summary) = summary else { return Err(Invalid(MSG_PROJECT).into()) };
    if !scope::covers(db, current, project_id).await? {
        return Err(Invalid(MSG_PROJECT).into());
    }
    let remark = format!("关联至项目：{}", summary.name);
    let step = NewStep { actor: &current.account.username, action: "assign", remark: &remark, files: &[] };
    let entry = Entry::by(&current.account, ip)
        .project(project_id)
        .action("关联欠薪线索项目")
        .on(TARGET, lead.id)
        .detail(format!("{} 未登记项目「{}」 → {}（{project_id}）", lead.receipt, lead.site_name, summary.name));
    change_lead(db, lead.id, LeadChange::Link(project_id), &step, &entry, MSG_LINKED).await
}

#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct CloseForm {
    pub id: Option<String>,
    /// The bureau's answer the worker sees, at most 1000 characters.
    pub remark: Option<String>,
}

/// Closes a pending lead that has no project with the bureau's answer (handled without a project: another
/// authority's, a site outside the area, a settled claim). Logged.
pub async fn close(db: &Db, current: &CurrentAccount, ip: &str, form: &CloseForm) -> Result<(), ApiError> {
    require_handler(current)?;
    let lead = visible_lead(db, current, &form.id).await?;
    let answer = sent(&form.remark);
    if answer.is_empty() || answer.chars().count() > 1000 {
        return Err(Invalid(MSG_ANSWER).into());
    }
    if lead.project_id != 0 || lead.status != "pending" {
        return Err(ApiError::refused(MSG_NOT_UNLINKED));
    }
    let step = NewStep { actor: &current.account.username, action: "close", remark: answer, files: &[] };
    let entry = Entry::by(&current.account, ip).action("直接办结欠薪线索").on(TARGET, lead.id).detail(format!(
        "{} 未登记项目「{}」 {} → 已办结：{answer}",
        lead.receipt,
        lead.site_name,
        status_label(&lead.status)
    ));
    change_lead(db, lead.id, LeadChange::CloseUnlinked(answer), &step, &entry, MSG_NOT_UNLINKED).await
}
