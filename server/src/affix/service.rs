//! Rules of the payment vouchers (affix, affixDetail/{belongdate}/{companyid}): per month and on-site unit
//! the bank receipts, the wage sheet the workers signed and other proofs (2020 regulation, 国令724, art. 49),
//! with the upload rules of spec §5 (kind `voucher` of `site/upload_file_batch`, at most 5 per category).

use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::repo::{self, VoucherRow, VoucherUnit};
use crate::clock;
use crate::db::{Db, Tx};
use crate::domain::Invalid;
use crate::envelope::ApiError;
use crate::extract::sent;
use crate::identity::sessions::CurrentAccount;
use crate::oplog;
use crate::paging::{Page, Paged};
use crate::scope::{self, ReadScope};
use crate::upload::service::URL_PREFIX;

pub const MSG_PROJECT_REQUIRED: &str = "请选择项目";
pub const MSG_YEAR: &str = "请选择正确的年份";
pub const MSG_MONTH: &str = "请选择正确的凭证月份";
pub const MSG_MONTH_FUTURE: &str = "凭证月份不能晚于本月";
pub const MSG_MONTH_RUNNING: &str = "本月工资尚未发放，请在下月上传本月凭证";
pub const MSG_MONTH_BEFORE_ENTRY: &str = "凭证月份不能早于该单位进场的月份";
pub const MSG_UNIT: &str = "请选择所属单位";
pub const MSG_NO_UNIT: &str = "单位不存在";
pub const MSG_CATEGORY: &str = "请选择凭证类型";
pub const MSG_FILES_REQUIRED: &str = "请上传凭证文件";
pub const MSG_BAD_FILE: &str = "凭证文件无效，请重新上传";
pub const MSG_ALREADY_FILED: &str = "该文件已登记为凭证";
pub const MSG_NO_VOUCHER: &str = "凭证不存在";
pub const MSG_ID: &str = "参数id格式错误";
/// Spec §5: voucher uploads hold at most 5 files.
pub const MAX_FILES: usize = 5;

/// The categories of proof; the first two are required for a month to be complete.
pub const CATEGORIES: [(&str, &str); 3] =
    [("receipt", "银行代发回单"), ("wage_sheet", "工人签字确认的工资表"), ("other", "其他凭证")];

fn category_label(category: &str) -> String {
    CATEGORIES.iter().find(|(value, _)| *value == category).map(|(_, label)| (*label).to_owned()).unwrap_or_default()
}

fn this_month() -> String {
    let today = clock::china_today();
    format!("{:04}-{:02}", today.year(), today.month() as u8)
}

/// The first month a unit owes vouchers: the month it entered; '' when not known.
fn first_month(unit: &VoucherUnit) -> &str {
    unit.since.get(..7).unwrap_or("")
}

/// `YYYY-MM`, a real month, not after this month.
fn parse_month(value: &Option<String>) -> Result<String, ApiError> {
    let text = sent(value).to_owned();
    let valid = text.len() == 7
        && text.as_bytes()[4] == b'-'
        && text[..4].bytes().all(|b| b.is_ascii_digit())
        && text[5..].bytes().all(|b| b.is_ascii_digit())
        && text[..4].parse::<i32>().is_ok_and(|year| year >= 2000)
        && text[5..].parse::<u8>().is_ok_and(|month| (1..=12).contains(&month));
    if !valid {
        return Err(Invalid(MSG_MONTH).into());
    }
    if text > this_month() {
        return Err(Invalid(MSG_MONTH_FUTURE).into());
    }
    Ok(text)
}

async fn read_project(db: &Db, current: &CurrentAccount, requested: &Option<String>) -> Result<i64, ApiError> {
    match scope::read(db, current, requested).await? {
        ReadScope::Project(id) => Ok(id),
        ReadScope::All => Err(ApiError::refused(MSG_PROJECT_REQUIRED)),
    }
}

/// The project's unit with this company id; another project's → 404.
async fn unit(db: &Db, project_id: i64, company: &Option<String>) -> Result<VoucherUnit, ApiError> {
    let text = sent(company);
    if text.is_empty() {
        return Err(Invalid(MSG_UNIT).into());
    }
    let id: i64 = text.parse().map_err(|_| ApiError::NotFound(MSG_NO_UNIT.into()))?;
    repo::units(db, project_id)
        .await?
        .into_iter()
        .find(|unit| unit.company_id == id)
        .ok_or_else(|| ApiError::NotFound(MSG_NO_UNIT.into()))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct AffixListQuery {
    /// The year, `YYYY` (this year when empty).
    pub year: Option<String>,
    /// One unit's company id (all when empty).
    pub companyid: Option<String>,
    pub page: Option<String>,
    pub limit: Option<String>,
    #[serde(rename = "projectId")]
    #[param(rename = "projectId")]
    pub project_id: Option<String>,
}

/// One month of one unit.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AffixMonthLine {
    /// `YYYY-MM`.
    pub belongdate: String,
    pub companyid: i64,
    pub company_name: String,
    /// Bank receipts.
    pub receipts: i64,
    /// Signed wage sheets.
    pub wage_sheets: i64,
    pub others: i64,
    /// 1 when both a bank receipt and a signed wage sheet are there.
    pub complete: i64,
}

/// The affix list: the year's months up to last month, newest first × the project's units from the month each entered, with
/// the vouchers of each and whether the required proofs are there.
pub async fn months(
    db: &Db,
    current: &CurrentAccount,
    query: &AffixListQuery,
) -> Result<Paged<AffixMonthLine>, ApiError> {
    let project_id = read_project(db, current, &query.project_id).await?;
    let page = Page::parse(&query.page, &query.limit)?;
    let today = clock::china_today();
    let year = match sent(&query.year) {
        "" => today.year(),
        text => {
            text.parse::<i32>().ok().filter(|year| (2000..=today.year()).contains(year)).ok_or(Invalid(MSG_YEAR))?
        }
    };
    // Vouchers prove wages paid: a month is due once it is over, and only from the month the unit entered.
    let last_month = if year == today.year() { today.month() as u8 - 1 } else { 12 };
    let mut units = repo::units(db, project_id).await?;
    if !sent(&query.companyid).is_empty() {
        let chosen = unit(db, project_id, &query.companyid).await?;
        units.retain(|unit| unit.company_id == chosen.company_id);
    }
    let counts = repo::counts(db, project_id, &format!("{year:04}-01"), &format!("{year:04}-12")).await?;
    let count = |month: &str, company: i64, category: &str| {
        counts.iter().find(|(m, c, k, _)| m == month && *c == company && k == category).map_or(0, |row| row.3)
    };
    let mut lines = Vec::new();
    for month in (1..=last_month).rev() {
        let belongdate = format!("{year:04}-{month:02}");
        for unit in units.iter().filter(|unit| belongdate.as_str() >= first_month(unit)) {
            let receipts = count(&belongdate, unit.company_id, "receipt");
            let wage_sheets = count(&belongdate, unit.company_id, "wage_sheet");
            lines.push(AffixMonthLine {
                belongdate: belongdate.clone(),
                companyid: unit.company_id,
                company_name: unit.name.clone(),
                receipts,
                wage_sheets,
                others: count(&belongdate, unit.company_id, "other"),
                complete: i64::from(receipts > 0 && wage_sheets > 0),
            });
        }
    }
    let total = lines.len() as i64;
    let shown = lines.into_iter().skip(page.offset() as usize).take(page.limit as usize).collect();
    Ok(page.answer(shown, total))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct AffixDetailQuery {
    /// `YYYY-MM`.
    pub belongdate: Option<String>,
    pub companyid: Option<String>,
    #[serde(rename = "projectId")]
    #[param(rename = "projectId")]
    pub project_id: Option<String>,
}

/// One voucher file.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AffixFile {
    pub id: i64,
    /// `receipt`, `wage_sheet` or `other`.
    pub category: String,
    pub category_label: String,
    /// `/uploads/<name>`.
    pub url: String,
    /// The file's name as uploaded.
    pub name: String,
    pub uploader: String,
    pub uploaded_at: String,
}

/// A voucher category with its label, for the upload form.
#[derive(Debug, Serialize, ToSchema)]
pub struct AffixCategory {
    pub value: String,
    pub label: String,
    /// Whether a month needs it to be complete.
    pub required: bool,
}

/// affixDetail/{belongdate}/{companyid}.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AffixDetail {
    pub belongdate: String,
    pub companyid: i64,
    pub company_name: String,
    pub files: Vec<AffixFile>,
    pub categories: Vec<AffixCategory>,
    /// 1 when both a bank receipt and a signed wage sheet are there.
    pub complete: i64,
    /// Whether the session may upload and delete: the project's builder, for a month that is due.
    pub editable: bool,
    /// Whether the month is due: over, and not before the unit entered.
    pub due: bool,
}

fn file(row: VoucherRow) -> AffixFile {
    AffixFile {
        id: row.id,
        category_label: category_label(&row.category),
        category: row.category,
        url: row.url,
        name: row.original_name,
        uploader: row.uploader,
        uploaded_at: clock::china_datetime(row.created_at),
    }
}

pub async fn detail(db: &Db, current: &CurrentAccount, query: &AffixDetailQuery) -> Result<AffixDetail, ApiError> {
    let project_id = read_project(db, current, &query.project_id).await?;
    let belongdate = parse_month(&query.belongdate)?;
    let unit = unit(db, project_id, &query.companyid).await?;
    let due = belongdate < this_month() && belongdate.as_str() >= first_month(&unit);
    let files: Vec<AffixFile> =
        repo::list(db, project_id, &belongdate, unit.company_id).await?.into_iter().map(file).collect();
    let has = |category: &str| files.iter().any(|file| file.category == category);
    Ok(AffixDetail {
        complete: i64::from(has("receipt") && has("wage_sheet")),
        belongdate,
        companyid: unit.company_id,
        company_name: unit.name,
        files,
        categories: CATEGORIES
            .iter()
            .map(|(value, label)| AffixCategory {
                value: (*value).into(),
                label: (*label).into(),
                required: *value != "other",
            })
            .collect(),
        editable: scope::write(current).is_ok() && due,
        due,
    })
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct AffixSaveForm {
    /// `YYYY-MM`, a month that is over, not before the unit entered.
    pub belongdate: Option<String>,
    pub companyid: Option<String>,
    /// `receipt`, `wage_sheet` or `other`.
    pub category: Option<String>,
    /// Comma-joined URLs from `site/upload_file_batch?kind=voucher` (this project's), at most 5 per category.
    pub urls: Option<String>,
}

/// Files the upload URLs as vouchers of a month and unit; answers the new ids. Logged in the same transaction.
pub async fn save(db: &Db, current: &CurrentAccount, ip: &str, form: &AffixSaveForm) -> Result<Vec<i64>, ApiError> {
    let project_id = scope::write(current)?;
    let belongdate = parse_month(&form.belongdate)?;
    if belongdate == this_month() {
        return Err(Invalid(MSG_MONTH_RUNNING).into());
    }
    let unit = unit(db, project_id, &form.companyid).await?;
    if belongdate.as_str() < first_month(&unit) {
        return Err(Invalid(MSG_MONTH_BEFORE_ENTRY).into());
    }
    let category = sent(&form.category);
    if !CATEGORIES.iter().any(|(value, _)| *value == category) {
        return Err(Invalid(MSG_CATEGORY).into());
    }
    let mut urls: Vec<String> = Vec::new();
    for url in sent(&form.urls).split(',').map(str::trim).filter(|url| !url.is_empty()) {
        if !urls.iter().any(|known| known == url) {
            urls.push(url.to_owned());
        }
    }
    if urls.is_empty() {
        return Err(Invalid(MSG_FILES_REQUIRED).into());
    }
    let filed = repo::list(db, project_id, &belongdate, unit.company_id)
        .await?
        .into_iter()
        .filter(|row| row.category == category)
        .count();
    if filed + urls.len() > MAX_FILES {
        return Err(ApiError::refused(format!("当前限制选择{MAX_FILES}个文件")));
    }
    let mut files = Vec::with_capacity(urls.len());
    for url in urls {
        let name = url.strip_prefix(URL_PREFIX).unwrap_or("");
        let plain =
            !name.is_empty() && name.len() <= 80 && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'.');
        let original = if plain { repo::voucher_upload(db, project_id, name).await? } else { None };
        files.push((url, original.ok_or_else(|| ApiError::refused(MSG_BAD_FILE))?));
    }
    let entry = oplog::Entry::by(&current.account, ip)
        .action("上传凭证")
        .on("voucher", format!("{belongdate}/{}", unit.company_id))
        .detail(format!(
            "{}（{}）{}个：{}",
            category_label(category),
            unit.name,
            files.len(),
            files.iter().map(|(_, name)| name.as_str()).collect::<Vec<_>>().join("、")
        ));
    let now = clock::now();
    let stored = async {
        let mut tx = Tx::begin(db).await?;
        let mut ids = Vec::with_capacity(files.len());
        for (url, original) in &files {
            let voucher = repo::NewVoucher {
                project_id,
                company_id: unit.company_id,
                belongdate: &belongdate,
                category,
                url,
                original_name: original,
                created_by: current.account.id,
                created_at: now,
            };
            ids.push(repo::insert(&mut tx, &voucher).await?);
        }
        oplog::record_in(&mut tx, &entry).await?;
        tx.commit().await?;
        Ok::<_, sqlx::Error>(ids)
    }
    .await;
    match stored {
        Ok(ids) => Ok(ids),
        Err(sqlx::Error::Database(error)) if error.is_unique_violation() => Err(ApiError::refused(MSG_ALREADY_FILED)),
        Err(error) => Err(error.into()),
    }
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct AffixDeleteForm {
    pub id: Option<String>,
}

/// Removes a voucher of the builder's project (the uploaded file stays, as every upload does). Logged in the
/// same transaction.
pub async fn delete(db: &Db, current: &CurrentAccount, ip: &str, form: &AffixDeleteForm) -> Result<(), ApiError> {
    let project_id = scope::write(current)?;
    let id: i64 = sent(&form.id).parse().ok().filter(|id| *id > 0).ok_or_else(|| ApiError::refused(MSG_ID))?;
    let row = repo::find(db, id)
        .await?
        .filter(|row| row.project_id == project_id)
        .ok_or_else(|| ApiError::NotFound(MSG_NO_VOUCHER.into()))?;
    let entry = oplog::Entry::by(&current.account, ip).action("删除凭证").on("voucher", row.id).detail(format!(
        "{} 单位{} {}：{}（{}）",
        row.belongdate,
        row.company_id,
        category_label(&row.category),
        row.original_name,
        row.url
    ));
    let mut tx = Tx::begin(db).await?;
    let deleted = repo::delete(&mut tx, row.id, project_id).await?;
    if deleted {
        oplog::record_in(&mut tx, &entry).await?;
    }
    tx.commit().await?;
    if deleted { Ok(()) } else { Err(ApiError::NotFound(MSG_NO_VOUCHER.into())) }
}

/// The vouchers' part of a project's export (`backup`): every voucher, and its file.
pub async fn export_tables(db: &Db, project_id: i64) -> sqlx::Result<Vec<crate::spreadsheet::Table>> {
    let vouchers = repo::export_vouchers(db, project_id).await?;
    Ok(vec![crate::spreadsheet::Table::new("支付凭证.xlsx", "支付凭证", vouchers, &["文件"])])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn months_are_real_and_not_in_the_future() {
        assert_eq!(parse_month(&Some("2026-03".into())).unwrap(), "2026-03");
        assert_eq!(parse_month(&Some("2026-13".into())).unwrap_err().to_string(), MSG_MONTH);
        assert_eq!(parse_month(&Some("2026-3".into())).unwrap_err().to_string(), MSG_MONTH);
        assert_eq!(parse_month(&None).unwrap_err().to_string(), MSG_MONTH);
        assert_eq!(parse_month(&Some("2999-01".into())).unwrap_err().to_string(), MSG_MONTH_FUTURE);
        assert_eq!(parse_month(&Some(this_month())).unwrap(), this_month());
    }
}
