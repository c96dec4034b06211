//! The e-contracts' rules (issue 16 item 4): a project's templates (the built-in 建筑施工劳动合同 and its
//! own, checked for unknown placeholders), the preview with a sample worker, a worker's contract generated
//! from a template and stored as printed (the template's name and version, the filled text, the values),
//! and the signed scan uploaded back, which marks the roster line's contract signed through
//! `worker::service`. The project writes; the regulator of its district reads; finance is refused.

use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::repo::{self, ContractRow, FileRow, NewContract, TemplateRow};
use super::template::{self, DEFAULT_BODY, PLACEHOLDERS};
use crate::clock;
use crate::config::Config;
use crate::db::{Db, Tx};
use crate::domain::Invalid;
use crate::envelope::ApiError;
use crate::extract::sent;
use crate::identity::accounts::AccountKind;
use crate::identity::sessions::CurrentAccount;
use crate::paging::{self, Page, Paged};
use crate::upload::service::URL_PREFIX;
use crate::{oplog, project, scope, team, upload, worker};

pub const MSG_NAME: &str = "请填写1-50个字的模板名称";
pub const MSG_NAME_TAKEN: &str = "已有同名的合同模板";
pub const MSG_BODY: &str = "请填写合同正文";
pub const MSG_BODY_LONG: &str = "合同正文不能超过20000个字";
pub const MSG_TEMPLATE_REQUIRED: &str = "请选择合同模板";
pub const MSG_TEMPLATE_NOT_FOUND: &str = "合同模板不存在";
pub const MSG_BUILTIN: &str = "默认范本不能修改或删除，可复制后另存为本项目的模板";
pub const MSG_WORKER_REQUIRED: &str = "请选择人员";
pub const MSG_WORKER_NOT_FOUND: &str = "人员不存在";
pub const MSG_CONTRACT_REQUIRED: &str = "请选择合同";
pub const MSG_CONTRACT_NOT_FOUND: &str = "合同不存在";
pub const MSG_FILES: &str = "请上传已签字的合同扫描件（图片或PDF，最多5个）";
pub const MSG_FILE_INVALID: &str = "合同扫描件须为本项目上传的图片或PDF文件";
pub const MSG_STATUS: &str = "请选择正确的签订状态";
pub const MSG_FILTER_LONG: &str = "查询条件过长";
pub const NAME_MAX: usize = 50;
pub const BODY_MAX: usize = 20_000;
/// Files one signed scan may hold (the upload kind `attachment`: images and pdf).
pub const FILES_MAX: usize = 5;
const SCAN_KINDS: &[&str] = &["attachment"];

/// The placeholder's text as a body writes it.
fn written(name: &str) -> String {
    format!("{{{{{name}}}}}")
}

/// A placeholder as the editor lists it.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PlaceholderLine {
    /// The text to insert, e.g. `{{工人姓名}}`.
    pub text: String,
    pub name: String,
    pub meaning: String,
}

/// `Contract/placeholders`: for the project's and the regulator's editor (finance has no contracts).
pub fn placeholders(current: &CurrentAccount) -> Result<Vec<PlaceholderLine>, ApiError> {
    refuse_finance(current)?;
    Ok(PLACEHOLDERS
        .iter()
        .map(|placeholder| PlaceholderLine {
            text: written(placeholder.name),
            name: placeholder.name.to_owned(),
            meaning: placeholder.meaning.to_owned(),
        })
        .collect())
}

/// Finance accounts have no contracts; a builder or a regulator reads (the project decided elsewhere).
fn refuse_finance(current: &CurrentAccount) -> Result<(), ApiError> {
    if current.kind() == AccountKind::Finance { Err(ApiError::Forbidden(scope::MSG_FINANCE.into())) } else { Ok(()) }
}

/// An id parameter: missing → 401 with `required`; not a positive number → 404 with `missing`.
fn id_param(text: &Option<String>, required: &'static str, missing: &'static str) -> Result<i64, ApiError> {
    match sent(text) {
        "" => Err(Invalid(required).into()),
        text => text.parse::<i64>().ok().filter(|id| *id > 0).ok_or_else(|| ApiError::NotFound(missing.into())),
    }
}

// Templates.

/// A template as the console lists it.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TemplateLine {
    pub id: i64,
    pub name: String,
    pub body: String,
    /// The built-in default every project may use (read-only).
    pub builtin: bool,
    /// Raised by every save.
    pub version: i64,
    /// China time, `YYYY-MM-DD HH:MM:SS`; '' for the built-in one.
    pub updated_at: String,
}

impl From<TemplateRow> for TemplateLine {
    fn from(row: TemplateRow) -> Self {
        TemplateLine {
            id: row.id,
            body: if row.builtin { DEFAULT_BODY.to_owned() } else { row.body },
            name: row.name,
            builtin: row.builtin,
            version: row.version,
            updated_at: if row.updated_at > 0 { clock::china_datetime(row.updated_at) } else { String::new() },
        }
    }
}

#[derive(Debug, Default, Clone, Deserialize, IntoParams, ToSchema)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct TemplateQuery {
    pub page: Option<String>,
    pub limit: Option<String>,
    /// The regulator's project; a builder's own is implied (another id → 404).
    pub project_id: Option<String>,
    /// Part of the template's name.
    pub name: Option<String>,
}

/// `Contract/template_list`: the built-in template, then the project's own, newest first.
pub async fn templates(
    db: &Db,
    current: &CurrentAccount,
    query: &TemplateQuery,
) -> Result<Paged<TemplateLine>, ApiError> {
    let project_id = scope::project(db, current, &query.project_id).await?;
    let name = sent(&query.name);
    if name.chars().count() > NAME_MAX {
        return Err(Invalid(MSG_FILTER_LONG).into());
    }
    let page = Page::parse(&query.page, &query.limit)?;
    let (rows, total) =
        repo::templates(db, project_id, &paging::contains_pattern(name), page.limit, page.offset()).await?;
    Ok(page.answer(rows.into_iter().map(TemplateLine::from).collect(), total))
}

#[derive(Debug, Default, Clone, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TemplateForm {
    /// Empty for a new template; else the project's template to save as its next version.
    pub id: Option<String>,
    pub name: Option<String>,
    /// The contract's text with placeholders such as `{{工人姓名}}` (`Contract/placeholders`).
    pub body: Option<String>,
}

/// A body's checks: present, not too long, only known placeholders, each closed.
fn checked_body(body: &str) -> Result<(), ApiError> {
    if body.trim().is_empty() {
        return Err(Invalid(MSG_BODY).into());
    }
    if body.chars().count() > BODY_MAX {
        return Err(Invalid(MSG_BODY_LONG).into());
    }
    template::placeholders_in(body).map(|_| ()).map_err(ApiError::refused)
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TemplateSaved {
    pub id: i64,
    pub version: i64,
}

/// `Contract/template_save`: a new template of the project, or the next version of one of its own.
pub async fn save_template(
    db: &Db,
    current: &CurrentAccount,
    ip: &str,
    form: &TemplateForm,
) -> Result<TemplateSaved, ApiError> {
    let project_id = scope::write(current)?;
    let id = match sent(&form.id) {
        "" => None,
        _ => Some(id_param(&form.id, MSG_TEMPLATE_REQUIRED, MSG_TEMPLATE_NOT_FOUND)?),
    };
    let name = sent(&form.name).trim();
    if name.is_empty() || name.chars().count() > NAME_MAX {
        return Err(Invalid(MSG_NAME).into());
    }
    let body = form.body.as_deref().unwrap_or_default();
    checked_body(body)?;
    if let Some(id) = id {
        match repo::find_template(db, project_id, id).await? {
            None => return Err(ApiError::NotFound(MSG_TEMPLATE_NOT_FOUND.into())),
            Some(row) if row.builtin => return Err(ApiError::refused(MSG_BUILTIN)),
            Some(_) => {}
        }
    }
    if repo::template_name_taken(db, project_id, name, id.unwrap_or(0)).await? {
        return Err(ApiError::refused(MSG_NAME_TAKEN));
    }
    let now = clock::now();
    let mut tx = Tx::begin(db).await?;
    let saved = match id {
        None => TemplateSaved { id: repo::insert_template(&mut tx, project_id, name, body, now).await?, version: 1 },
        Some(id) => {
            let version = repo::update_template(&mut tx, project_id, id, name, body, now)
                .await?
                .ok_or_else(|| ApiError::NotFound(MSG_TEMPLATE_NOT_FOUND.into()))?;
            TemplateSaved { id, version }
        }
    };
    let action = if id.is_none() { "新增合同模板" } else { "修改合同模板" };
    let entry = oplog::Entry::by(&current.account, ip)
        .action(action)
        .on("contract_template", saved.id)
        .detail(format!("{name}（第{}版）", saved.version));
    oplog::record_in(&mut tx, &entry).await?;
    tx.commit().await?;
    Ok(saved)
}

#[derive(Debug, Default, Clone, Deserialize, IntoParams, ToSchema)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct TemplateIdForm {
    pub id: Option<String>,
}

/// `Contract/template_delete`: one of the project's own templates (contracts generated from it keep their
/// text).
pub async fn delete_template(
    db: &Db,
    current: &CurrentAccount,
    ip: &str,
    form: &TemplateIdForm,
) -> Result<(), ApiError> {
    let project_id = scope::write(current)?;
    let id = id_param(&form.id, MSG_TEMPLATE_REQUIRED, MSG_TEMPLATE_NOT_FOUND)?;
    let row = repo::find_template(db, project_id, id)
        .await?
        .ok_or_else(|| ApiError::NotFound(MSG_TEMPLATE_NOT_FOUND.into()))?;
    if row.builtin {
        return Err(ApiError::refused(MSG_BUILTIN));
    }
    let mut tx = Tx::begin(db).await?;
    if !repo::delete_template(&mut tx, project_id, id).await? {
        return Err(ApiError::NotFound(MSG_TEMPLATE_NOT_FOUND.into()));
    }
    let entry =
        oplog::Entry::by(&current.account, ip).action("删除合同模板").on("contract_template", id).detail(row.name);
    oplog::record_in(&mut tx, &entry).await?;
    tx.commit().await?;
    Ok(())
}

// Filling.

/// The value of every placeholder for a worker's roster line.
fn values_of(
    party: &worker::service::ContractParty,
    project_name: &str,
    leader: (String, String),
    pay_day: &str,
    today: time::Date,
) -> Vec<(&'static str, String)> {
    let start = if party.contract_start.is_empty() { &party.entry_date } else { &party.contract_start };
    let end = if party.contract_end.is_empty() {
        "本工程完工之日".to_owned()
    } else {
        chinese_date(&party.contract_end)
    };
    vec![
        ("工人姓名", party.name.clone()),
        ("性别", party.gender.clone()),
        ("身份证号", party.id_number.clone()),
        ("联系电话", party.phone.clone()),
        ("住址", party.address.clone()),
        ("工种", party.work_type_label.clone()),
        ("班组", party.team_name.clone()),
        ("班组长", leader.0),
        ("班组长电话", leader.1),
        ("计薪方式", if party.wage_kind == "month" { "月薪" } else { "日薪" }.to_owned()),
        ("工资标准", party.wage.clone()),
        ("发薪日", pay_day.to_owned()),
        ("进场日期", chinese_date(&party.entry_date)),
        ("合同开始日期", chinese_date(start)),
        ("合同结束日期", end),
        ("项目名称", project_name.to_owned()),
        ("用工单位", party.unit_name.clone()),
        ("签订日期", chinese_date(&crate::domain::dates::format_date(today))),
    ]
}

/// `YYYY-MM-DD` as a contract writes it: `2026年3月1日` (other text unchanged).
pub fn chinese_date(date: &str) -> String {
    let parts: Vec<&str> = date.split('-').collect();
    match parts.as_slice() {
        [year, month, day] if year.len() == 4 => match (month.parse::<u32>(), day.parse::<u32>()) {
            (Ok(month), Ok(day)) => format!("{year}年{month}月{day}日"),
            _ => date.to_owned(),
        },
        _ => date.to_owned(),
    }
}

/// The sample worker a preview shows (a made-up person with a valid ID number).
fn sample_party() -> worker::service::ContractParty {
    worker::service::ContractParty {
        employment_id: 0,
        worker_id: 0,
        name: "张建国".into(),
        gender: "男".into(),
        id_number: "110101199003074514".into(),
        phone: "13800138000".into(),
        address: "河南省郑州市金水区农业路1号".into(),
        work_type_label: "钢筋工".into(),
        team_id: None,
        team_name: "钢筋班".into(),
        unit_name: "示例建筑劳务有限公司".into(),
        wage_kind: "day".into(),
        wage: "350.00".into(),
        entry_date: "2026-03-01".into(),
        contract_start: "2026-03-01".into(),
        contract_end: "2026-12-31".into(),
    }
}

#[derive(Debug, Default, Clone, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PreviewForm {
    /// The body being edited (unsaved text is previewed as it is).
    pub body: Option<String>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Preview {
    /// The body filled with the sample worker's values.
    pub text: String,
}

/// `Contract/preview`: the body filled with a sample worker (张建国, 钢筋班, 日薪350.00元), after its checks.
pub fn preview(current: &CurrentAccount, config: &Config, form: &PreviewForm) -> Result<Preview, ApiError> {
    refuse_finance(current)?;
    let body = form.body.as_deref().unwrap_or_default();
    checked_body(body)?;
    let values = values_of(
        &sample_party(),
        "示例住宅项目",
        ("李班长".into(), "13900139000".into()),
        &config.notice_board.pay_day,
        clock::china_today(),
    );
    Ok(Preview { text: template::fill(body, &values) })
}

// Contracts.

/// A file of a signed scan.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ContractFile {
    /// `/uploads/<name>`, served to the project and the regulators of its district.
    pub url: String,
    pub name: String,
}

/// A placeholder's value as the contract was generated.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FieldValue {
    pub name: String,
    pub value: String,
}

/// A generated contract.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ContractLine {
    pub id: i64,
    /// The roster line (employment).
    pub employment_id: i64,
    pub worker_id: i64,
    pub worker_name: String,
    pub template_id: i64,
    pub template_name: String,
    pub template_version: i64,
    /// `generated` 待签 or `signed` 已签.
    pub status: String,
    pub status_label: String,
    /// China time; '' while unsigned.
    pub signed_at: String,
    pub created_at: String,
    /// The signed scan.
    pub files: Vec<ContractFile>,
}

/// A generated contract with its text and values.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ContractView {
    #[serde(flatten)]
    pub line: ContractLine,
    /// The filled text, as printed.
    pub text: String,
    pub fields: Vec<FieldValue>,
}

fn status_label(status: &str) -> &'static str {
    if status == "signed" { "已签" } else { "待签" }
}

fn line_of(row: &ContractRow, files: &[FileRow]) -> ContractLine {
    ContractLine {
        id: row.id,
        employment_id: row.employment_id,
        worker_id: row.worker_id,
        worker_name: row.worker_name.clone(),
        template_id: row.template_id,
        template_name: row.template_name.clone(),
        template_version: row.template_version,
        status: row.status.clone(),
        status_label: status_label(&row.status).to_owned(),
        signed_at: row.signed_at.map(clock::china_datetime).unwrap_or_default(),
        created_at: clock::china_datetime(row.created_at),
        files: files
            .iter()
            .filter(|file| file.contract_id == row.id)
            .map(|file| ContractFile {
                url: format!("{URL_PREFIX}{}", file.stored_name),
                name: file.original_name.clone(),
            })
            .collect(),
    }
}

fn view_of(row: ContractRow, files: &[FileRow]) -> ContractView {
    let line = line_of(&row, files);
    ContractView { line, fields: serde_json::from_str(&row.fields).unwrap_or_default(), text: row.body }
}

#[derive(Debug, Default, Clone, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GenerateForm {
    /// The roster line (employment) id.
    pub employment_id: Option<String>,
    pub template_id: Option<String>,
}

/// `Contract/generate`: the worker's contract from a template, stored as generated (a worker may have
/// several: each generation is its own, the roster's 已签 comes from the signed one).
pub async fn generate(
    db: &Db,
    config: &Config,
    current: &CurrentAccount,
    ip: &str,
    form: &GenerateForm,
) -> Result<ContractView, ApiError> {
    let project_id = scope::write(current)?;
    let employment_id = id_param(&form.employment_id, MSG_WORKER_REQUIRED, MSG_WORKER_NOT_FOUND)?;
    let template_id = id_param(&form.template_id, MSG_TEMPLATE_REQUIRED, MSG_TEMPLATE_NOT_FOUND)?;
    let template = repo::find_template(db, project_id, template_id)
        .await?
        .map(TemplateLine::from)
        .ok_or_else(|| ApiError::NotFound(MSG_TEMPLATE_NOT_FOUND.into()))?;
    let party = worker::service::contract_party(db, project_id, employment_id)
        .await?
        .ok_or_else(|| ApiError::NotFound(MSG_WORKER_NOT_FOUND.into()))?;
    let project_name =
        project::service::find_summary(db, project_id).await?.map(|project| project.name).unwrap_or_default();
    let leader = match party.team_id {
        Some(team_id) => team::service::leader(db, team_id).await?.unwrap_or_default(),
        None => Default::default(),
    };
    let values = values_of(&party, &project_name, leader, &config.notice_board.pay_day, clock::china_today());
    let text = template::fill(&template.body, &values);
    let fields: Vec<FieldValue> =
        values.iter().map(|(name, value)| FieldValue { name: (*name).to_owned(), value: value.clone() }).collect();
    let fields_json = serde_json::to_string(&fields).map_err(anyhow::Error::from)?;
    let mut tx = Tx::begin(db).await?;
    let id = repo::insert_contract(
        &mut tx,
        &NewContract {
            project_id,
            employment_id,
            worker_id: party.worker_id,
            worker_name: &party.name,
            template_id: template.id,
            template_name: &template.name,
            template_version: template.version,
            body: &text,
            fields: &fields_json,
        },
        clock::now(),
    )
    .await?;
    let entry = oplog::Entry::by(&current.account, ip)
        .action("生成劳动合同")
        .on("contract", id)
        .detail(format!("{}：{}（第{}版）", party.name, template.name, template.version));
    oplog::record_in(&mut tx, &entry).await?;
    tx.commit().await?;
    let row = repo::find_contract(db, project_id, id)
        .await?
        .ok_or_else(|| ApiError::NotFound(MSG_CONTRACT_NOT_FOUND.into()))?;
    Ok(view_of(row, &[]))
}

#[derive(Debug, Default, Clone, Deserialize, IntoParams, ToSchema)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct ContractQuery {
    pub page: Option<String>,
    pub limit: Option<String>,
    pub project_id: Option<String>,
    /// One roster line's contracts; empty = the project's.
    pub employment_id: Option<String>,
    /// Part of the worker's name.
    pub name: Option<String>,
    /// `generated` 待签 or `signed` 已签; empty = both.
    pub status: Option<String>,
}

/// `Contract/ajax_list`: the project's generated contracts, newest first, with their signed scans.
pub async fn list(db: &Db, current: &CurrentAccount, query: &ContractQuery) -> Result<Paged<ContractLine>, ApiError> {
    let project_id = scope::project(db, current, &query.project_id).await?;
    let employment_id = match sent(&query.employment_id) {
        "" => 0,
        text => text.parse::<i64>().map_err(|_| Invalid(MSG_FILTER_LONG))?,
    };
    let status = sent(&query.status);
    if !["", "generated", "signed"].contains(&status) {
        return Err(Invalid(MSG_STATUS).into());
    }
    let name = sent(&query.name);
    if name.chars().count() > NAME_MAX {
        return Err(Invalid(MSG_FILTER_LONG).into());
    }
    let page = Page::parse(&query.page, &query.limit)?;
    let pattern = paging::contains_pattern(name);
    let (rows, total) =
        repo::contracts(db, project_id, employment_id, status, &pattern, page.limit, page.offset()).await?;
    let files = repo::files_of(db, &rows.iter().map(|row| row.id).collect::<Vec<_>>()).await?;
    Ok(page.answer(rows.iter().map(|row| line_of(row, &files)).collect(), total))
}

#[derive(Debug, Default, Clone, Deserialize, IntoParams, ToSchema)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct ContractIdQuery {
    pub id: Option<String>,
    pub project_id: Option<String>,
}

/// `Contract/detail`: one contract of the project with its text (the print page).
pub async fn detail(db: &Db, current: &CurrentAccount, query: &ContractIdQuery) -> Result<ContractView, ApiError> {
    let project_id = scope::project(db, current, &query.project_id).await?;
    let id = id_param(&query.id, MSG_CONTRACT_REQUIRED, MSG_CONTRACT_NOT_FOUND)?;
    let row = repo::find_contract(db, project_id, id)
        .await?
        .ok_or_else(|| ApiError::NotFound(MSG_CONTRACT_NOT_FOUND.into()))?;
    let files = repo::files_of(db, &[row.id]).await?;
    Ok(view_of(row, &files))
}

#[derive(Debug, Default, Clone, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SignForm {
    pub id: Option<String>,
    /// The signed scan: upload URLs (`kind=attachment`: images or pdf), comma-joined, 1 to 5.
    pub files: Option<String>,
}

/// `Contract/sign`: the signed scan uploaded back. The contract becomes 已签 and the roster line's contract
/// signed (through `worker::service`), in one transaction with their log lines. A new scan replaces one
/// uploaded before.
pub async fn sign(db: &Db, current: &CurrentAccount, ip: &str, form: &SignForm) -> Result<ContractView, ApiError> {
    let project_id = scope::write(current)?;
    let id = id_param(&form.id, MSG_CONTRACT_REQUIRED, MSG_CONTRACT_NOT_FOUND)?;
    let row = repo::find_contract(db, project_id, id)
        .await?
        .ok_or_else(|| ApiError::NotFound(MSG_CONTRACT_NOT_FOUND.into()))?;
    let urls: Vec<&str> = sent(&form.files).split(',').map(str::trim).filter(|url| !url.is_empty()).collect();
    if urls.is_empty() || urls.len() > FILES_MAX {
        return Err(Invalid(MSG_FILES).into());
    }
    let mut files = Vec::with_capacity(urls.len());
    for url in &urls {
        let stored = url.strip_prefix(URL_PREFIX).filter(|name| !name.is_empty() && !name.contains('/'));
        let Some(stored) = stored else { return Err(Invalid(MSG_FILE_INVALID).into()) };
        let original = upload::service::project_upload(db, project_id, stored, SCAN_KINDS)
            .await?
            .ok_or(Invalid(MSG_FILE_INVALID))?;
        files.push((stored.to_owned(), original));
    }
    let mut tx = Tx::begin(db).await?;
    if !repo::sign(&mut tx, project_id, id, &files, clock::now()).await? {
        return Err(ApiError::NotFound(MSG_CONTRACT_NOT_FOUND.into()));
    }
    worker::service::mark_contract_signed(&mut tx, &current.account, ip, project_id, row.employment_id, urls[0])
        .await?;
    let entry = oplog::Entry::by(&current.account, ip).action("上传已签合同").on("contract", id).detail(format!(
        "{}：{}个文件",
        row.worker_name,
        files.len()
    ));
    oplog::record_in(&mut tx, &entry).await?;
    tx.commit().await?;
    detail(db, current, &ContractIdQuery { id: Some(id.to_string()), project_id: None }).await
}

/// The project's contracts for its export (`backup`), oldest first: each with the text as printed and the
/// signed scan's files (no scope check: the caller decided the project).
pub async fn export_tables(db: &Db, project_id: i64) -> sqlx::Result<Vec<crate::spreadsheet::Table>> {
    let rows = repo::all_contracts(db, project_id).await?;
    let files = repo::files_of(db, &rows.iter().map(|row| row.id).collect::<Vec<_>>()).await?;
    let columns =
        ["编号", "人员编号", "姓名", "模板", "模板版本", "状态", "生成时间", "签订时间", "合同正文", "已签合同扫描件"];
    let lines = rows
        .into_iter()
        .map(|row| {
            let scans: Vec<String> = files
                .iter()
                .filter(|file| file.contract_id == row.id)
                .map(|file| format!("{URL_PREFIX}{}", file.stored_name))
                .collect();
            let view = view_of(row, &files);
            vec![
                view.line.id.to_string(),
                view.line.worker_id.to_string(),
                view.line.worker_name,
                view.line.template_name,
                view.line.template_version.to_string(),
                view.line.status_label,
                view.line.created_at,
                view.line.signed_at,
                view.text,
                scans.join(","),
            ]
        })
        .collect();
    let data = crate::db::TextRows { columns: columns.map(str::to_owned).to_vec(), rows: lines };
    Ok(vec![crate::spreadsheet::Table::new("电子合同.xlsx", "电子合同", data, &["已签合同扫描件"])])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_are_written_the_chinese_way() {
        assert_eq!(chinese_date("2026-03-01"), "2026年3月1日");
        assert_eq!(chinese_date("2026-12-31"), "2026年12月31日");
        assert_eq!(chinese_date("本工程完工之日"), "本工程完工之日");
    }

    #[test]
    fn the_sample_fills_every_placeholder_of_the_default_template() {
        let values = values_of(
            &sample_party(),
            "示例住宅项目",
            ("李班长".into(), "13900139000".into()),
            "每月15日",
            time::macros::date!(2026 - 04 - 02),
        );
        assert_eq!(values.len(), PLACEHOLDERS.len());
        let text = template::fill(DEFAULT_BODY, &values);
        assert!(!text.contains("{{"), "{text}");
        assert!(text.contains("日薪350.00元"), "{text}");
        assert!(text.contains("期限自2026年3月1日起至2026年12月31日止"), "{text}");
        assert!(text.contains("签订日期：2026年4月2日"), "{text}");
    }
}
