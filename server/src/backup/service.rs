//! Rules of the project exports (数据导出备份, issue 16 item 5): a project's complete export as one .zip, built
//! by a background task section by section straight into a file under the data directory's `exports/`, kept
//! seven days (the `export_cleanup` job removes it), downloadable by whoever may read the project.

use std::fs::File;
use std::io::Write;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use zip::write::SimpleFileOptions;
use zip::{CompressionMethod, ZipWriter};

use super::repo::{self, ExportRow, NewExport};
use crate::clock;
use crate::db::{Db, TextRows};
use crate::domain::Invalid;
use crate::envelope::ApiError;
use crate::identity::sessions::CurrentAccount;
use crate::oplog;
use crate::paging::{Page, Paged};
use crate::project::service as projects;
use crate::scope;
use crate::spreadsheet::Table;
use crate::{account, affix, attendance, contract, faith, wage, worker};

pub const MSG_RUNNING: &str = "该项目已有导出任务正在进行，请等待完成后再导出";
pub const MSG_NO_EXPORT: &str = "导出任务不存在";
pub const MSG_NOT_READY: &str = "导出尚未完成，请稍后下载";
pub const MSG_FAILED: &str = "该导出任务失败，请重新导出";
pub const MSG_EXPIRED: &str = "导出文件已过期，请重新导出";
pub const MSG_ID: &str = "参数id格式错误";
pub const MSG_RESTARTED: &str = "服务重启，导出中断，请重新导出";
/// An export stays downloadable for seven days.
pub const KEEP_SECONDS: i64 = 7 * 86_400;
/// The folder of the data directory that holds the exports.
pub const FOLDER: &str = "exports";
/// The manifest at the top of every export.
pub const MANIFEST: &str = "README.txt";
/// The folder of the export that holds the uploaded files its tables refer to.
pub const FILES_FOLDER: &str = "附件";

/// The parts of a project's export, each produced by the service of the area that owns its rows (a new area
/// adds one arm).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Section {
    Roster,
    Attendance,
    Wages,
    Account,
    Vouchers,
    Credit,
    Contracts,
}

impl Section {
    pub const ALL: [Section; 7] = [
        Section::Roster,
        Section::Attendance,
        Section::Wages,
        Section::Account,
        Section::Vouchers,
        Section::Credit,
        Section::Contracts,
    ];

    pub async fn tables(self, db: &Db, project_id: i64) -> sqlx::Result<Vec<Table>> {
        match self {
            Section::Roster => worker::service::export_tables(db, project_id).await,
            Section::Attendance => attendance::service::export_tables(db, project_id).await,
            Section::Wages => wage::service::export_tables(db, project_id).await,
            Section::Account => account::service::export_tables(db, project_id).await,
            Section::Vouchers => affix::service::export_tables(db, project_id).await,
            Section::Credit => faith::service::export_tables(db, project_id).await,
            Section::Contracts => contract::service::export_tables(db, project_id).await,
        }
    }
}

#[derive(Debug, Deserialize, ToSchema, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ExportStartForm {
    /// The regulator's project (a builder account exports its own).
    #[serde(rename = "projectId")]
    #[param(rename = "projectId")]
    #[schema(rename = "projectId")]
    pub project_id: Option<String>,
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ExportListQuery {
    pub page: Option<String>,
    pub limit: Option<String>,
    #[serde(rename = "projectId")]
    #[param(rename = "projectId")]
    pub project_id: Option<String>,
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ExportDownloadQuery {
    /// The export's id.
    pub id: Option<String>,
    #[serde(rename = "projectId")]
    #[param(rename = "projectId")]
    pub project_id: Option<String>,
}

/// One export of a project.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ExportJob {
    pub id: i64,
    /// `queued`, `running`, `done`, `failed` or `expired` (a finished export past its seven days is `expired`
    /// even before the cleanup job removed its file).
    pub status: String,
    /// 排队中, 导出中, 已完成, 失败, 已过期.
    pub status_text: String,
    /// 0–100.
    pub progress: i64,
    pub file_name: String,
    /// Bytes.
    pub size: i64,
    pub requested_name: String,
    /// China time, `YYYY-MM-DD HH:MM:SS`.
    pub created_at: String,
    pub finished_at: String,
    pub expires_at: String,
    /// Why it failed.
    pub detail: String,
}

fn status_of(row: &ExportRow, now: i64) -> &str {
    if row.status == "done" && row.expires_at <= now { "expired" } else { &row.status }
}

fn status_text(status: &str) -> &'static str {
    match status {
        "queued" => "排队中",
        "running" => "导出中",
        "done" => "已完成",
        "failed" => "失败",
        _ => "已过期",
    }
}

fn job(row: ExportRow, now: i64) -> ExportJob {
    let status = status_of(&row, now).to_owned();
    ExportJob {
        id: row.id,
        status_text: status_text(&status).to_owned(),
        status,
        progress: row.progress,
        file_name: row.file_name,
        size: row.size,
        requested_name: row.requested_name,
        created_at: clock::china_datetime(row.created_at),
        finished_at: row.finished_at.map(clock::china_datetime).unwrap_or_default(),
        expires_at: clock::china_datetime(row.expires_at),
        detail: row.detail,
    }
}

/// Queues an export of the project in scope (the builder's own; the regulator's `projectId` in its district;
/// finance 403) and starts building it in the background. One export per project at a time. Logged.
pub async fn start(
    db: &Db,
    data_dir: &Path,
    current: &CurrentAccount,
    ip: &str,
    form: &ExportStartForm,
) -> Result<ExportJob, ApiError> {
    let project_id = scope::project(db, current, &form.project_id).await?;
    if repo::has_unfinished(db, project_id).await? {
        return Err(ApiError::refused(MSG_RUNNING));
    }
    let now = clock::now();
    let instance = crate::instance::name();
    let id = repo::insert(
        db,
        &NewExport {
            project_id,
            requested_by: current.account.id,
            requested_name: &current.account.name,
            instance: &instance,
            created_at: now,
            expires_at: now + KEEP_SECONDS,
        },
    )
    .await?;
    oplog::record(
        db,
        oplog::Entry::by(&current.account, ip).action("数据导出").on("export_job", id).project(project_id),
    )
    .await?;
    let row = repo::find(db, id).await?.ok_or_else(|| ApiError::NotFound(MSG_NO_EXPORT.into()))?;
    tokio::spawn(run(db.clone(), data_dir.to_owned(), id));
    Ok(job(row, now))
}

/// The project's exports, newest first, paged.
pub async fn list(db: &Db, current: &CurrentAccount, query: &ExportListQuery) -> Result<Paged<ExportJob>, ApiError> {
    let project_id = scope::project(db, current, &query.project_id).await?;
    let page = Page::parse(&query.page, &query.limit)?;
    let (rows, total) = repo::page(db, project_id, page.offset(), page.limit).await?;
    let now = clock::now();
    Ok(page.answer(rows.into_iter().map(|row| job(row, now)).collect(), total))
}

/// The file of a finished export in scope and the name it downloads as. Logged.
pub async fn download(
    db: &Db,
    data_dir: &Path,
    current: &CurrentAccount,
    ip: &str,
    query: &ExportDownloadQuery,
) -> Result<(PathBuf, String), ApiError> {
    let project_id = scope::project(db, current, &query.project_id).await?;
    let id = query.id.as_deref().map(str::trim).unwrap_or("").parse::<i64>().map_err(|_| Invalid(MSG_ID))?;
    let row = repo::find(db, id)
        .await?
        .filter(|row| row.project_id == project_id)
        .ok_or_else(|| ApiError::NotFound(MSG_NO_EXPORT.into()))?;
    match status_of(&row, clock::now()) {
        "done" => {}
        "failed" => return Err(ApiError::refused(MSG_FAILED)),
        "expired" => return Err(ApiError::refused(MSG_EXPIRED)),
        _ => return Err(ApiError::refused(MSG_NOT_READY)),
    }
    let path = data_dir.join(FOLDER).join(&row.stored_name);
    if !path.is_file() {
        return Err(ApiError::refused(MSG_EXPIRED));
    }
    oplog::record(
        db,
        oplog::Entry::by(&current.account, ip)
            .action("下载数据导出")
            .on("export_job", id)
            .project(project_id)
            .detail(row.file_name.clone()),
    )
    .await?;
    Ok((path, row.file_name))
}

/// Builds export `id`: marks it running, writes the .zip (progress after each section), and records it done
/// or failed with the reason. The partial file of a failed export is removed.
pub async fn run(db: Db, data_dir: PathBuf, id: i64) {
    let folder = data_dir.join(FOLDER);
    let stored_name = format!("{}.zip", uuid::Uuid::new_v4().simple());
    let partial = folder.join(format!("{stored_name}.part"));
    let outcome = build(&db, &data_dir, id, &partial).await;
    let now = clock::now();
    let recorded = match outcome {
        Ok(file_name) => match std::fs::rename(&partial, folder.join(&stored_name)) {
            Ok(()) => {
                let size = std::fs::metadata(folder.join(&stored_name)).map(|m| m.len() as i64).unwrap_or(0);
                repo::set_done(&db, id, &file_name, &stored_name, size, now).await
            }
            Err(error) => repo::set_failed(&db, id, &format!("导出文件无法保存：{error}"), now).await,
        },
        Err(error) => {
            tracing::warn!(id, ?error, "export failed");
            let _ = std::fs::remove_file(&partial);
            repo::set_failed(&db, id, &format!("导出失败：{error:#}"), now).await
        }
    };
    if let Err(error) = recorded {
        tracing::warn!(id, ?error, "export outcome could not be recorded");
    }
}

/// A zip entry's options: deflated (the writer switches an entry to ZIP64 when it grows past 4 GiB).
fn entry_options() -> SimpleFileOptions {
    SimpleFileOptions::default().compression_method(CompressionMethod::Deflated)
}

/// Runs `write` on the zip off the async threads (file I/O blocks) and hands the zip back.
async fn on_zip<F, T>(zip: ZipWriter<File>, write: F) -> anyhow::Result<(ZipWriter<File>, T)>
where
    F: FnOnce(&mut ZipWriter<File>) -> anyhow::Result<T> + Send + 'static,
    T: Send + 'static,
{
    tokio::task::spawn_blocking(move || {
        let mut zip = zip;
        let value = write(&mut zip)?;
        Ok((zip, value))
    })
    .await?
}

const SECONDS_SUFFIX: &str = "（Unix 秒）";
const FEN_SUFFIX: &str = "（分）";

/// The areas' rows as a clerk reads them: a column of instants (`…（Unix 秒）`) in Beijing time, a column of
/// fen (`…（分）`) in yuan with two decimals; the areas name those columns so, the export converts them here.
fn readable(mut data: TextRows) -> TextRows {
    let seconds: Vec<bool> = data.columns.iter().map(|name| name.ends_with(SECONDS_SUFFIX)).collect();
    let fen: Vec<bool> = data.columns.iter().map(|name| name.ends_with(FEN_SUFFIX)).collect();
    for name in &mut data.columns {
        if let Some(stem) = name.strip_suffix(SECONDS_SUFFIX) {
            *name = format!("{stem}（北京时间）");
        } else if let Some(stem) = name.strip_suffix(FEN_SUFFIX) {
            *name = format!("{stem}（元）");
        }
    }
    for row in &mut data.rows {
        for (index, cell) in row.iter_mut().enumerate() {
            let Ok(number) = cell.parse::<i64>() else { continue };
            if seconds[index] {
                *cell = if number == 0 { String::new() } else { clock::china_datetime(number) };
            } else if fen[index] {
                *cell = wage::money::yuan(number);
            }
        }
    }
    data
}

/// One line of the manifest: a file of the export and what it holds.
struct Listed {
    path: String,
    what: String,
}

async fn build(db: &Db, data_dir: &Path, id: i64, partial: &Path) -> anyhow::Result<String> {
    let row = repo::find(db, id).await?.ok_or_else(|| anyhow::anyhow!("export {id} is gone"))?;
    repo::set_running(db, id).await?;
    let project = projects::find_summary(db, row.project_id).await?;
    let project_name = project.map(|p| p.name).filter(|name| !name.is_empty()).unwrap_or_else(|| "未命名项目".into());
    std::fs::create_dir_all(partial.parent().unwrap_or(data_dir))?;
    let mut zip = ZipWriter::new(File::create(partial)?).set_auto_large_file();
    let uploads_dir = data_dir.join("uploads");
    let mut listed = Vec::new();
    let mut missing = Vec::new();
    let steps = Section::ALL.len() as i64 + 1;
    for (done, section) in Section::ALL.into_iter().enumerate() {
        for table in section.tables(db, row.project_id).await? {
            let table = Table { data: readable(table.data), ..table };
            let bytes = table.workbook()?;
            let file = table.file;
            listed
                .push(Listed {
                    path: file.to_owned(), what: format!("{}，{} 行", table.title, table.data.rows.len())
                });
            let (next, _) = on_zip(zip, move |zip| {
                zip.start_file(file, entry_options())?;
                zip.write_all(&bytes)?;
                Ok(())
            })
            .await?;
            zip = next;
            for name in table.uploads {
                let source = uploads_dir.join(&name);
                let path = format!("{FILES_FOLDER}/{}/{name}", table.title);
                if !source.is_file() {
                    missing.push(path);
                    continue;
                }
                let entry = path.clone();
                let (next, _) = on_zip(zip, move |zip| {
                    zip.start_file(entry, entry_options())?;
                    std::io::copy(&mut File::open(source)?, zip)?;
                    Ok(())
                })
                .await?;
                zip = next;
                listed.push(Listed { path, what: format!("{}的附件", table.title) });
            }
        }
        repo::set_progress(db, id, (done as i64 + 1) * 100 / steps - 1).await?;
    }
    let manifest = manifest(&project_name, row.project_id, &row.requested_name, &listed, &missing);
    let (zip, _) = on_zip(zip, move |zip| {
        zip.start_file(MANIFEST, entry_options())?;
        zip.write_all(manifest.as_bytes())?;
        Ok(())
    })
    .await?;
    tokio::task::spawn_blocking(move || -> anyhow::Result<()> {
        zip.finish()?.sync_all()?;
        Ok(())
    })
    .await??;
    let day = clock::china_datetime(clock::now()).replace(['-', ':'], "").replace(' ', "-");
    Ok(format!("{project_name}-数据导出-{day}.zip"))
}

/// README.txt: what the export is, and every file in it with its row count (CRLF, for Notepad).
fn manifest(
    project_name: &str,
    project_id: i64,
    requested_name: &str,
    listed: &[Listed],
    missing: &[String],
) -> String {
    let mut lines = vec![
        format!("项目数据导出：{project_name}（项目编号 {project_id}）"),
        format!("导出时间：{}（北京时间），导出人：{requested_name}", clock::china_datetime(clock::now())),
        String::new(),
        "表格为 .xlsx（Excel、WPS 可直接打开）；金额单位为元，时间为北京时间。".into(),
        format!("“{FILES_FOLDER}”文件夹内为表格所引用的上传文件（凭证、附件、照片、合同扫描件）。"),
        String::new(),
        format!("文件清单（共 {} 个文件，不含本说明）：", listed.len()),
    ];
    lines.extend(listed.iter().map(|file| format!("  {}  —  {}", file.path, file.what)));
    if !missing.is_empty() {
        lines.push(String::new());
        lines.push(format!("以下 {} 个文件在服务器上已不存在，未能导出：", missing.len()));
        lines.extend(missing.iter().map(|path| format!("  {path}")));
    }
    lines.push(String::new());
    lines.join("\r\n")
}

/// At start: the exports a previous process of this host left queued or running (its process is gone) are
/// recorded failed with the reason, so that nobody waits on them; another host's running exports are left
/// to that host.
pub async fn recover(db: &Db) -> sqlx::Result<u64> {
    let this = crate::instance::name();
    let (host, _) = this.rsplit_once(':').unwrap_or((&this, ""));
    let mut failed = 0;
    for row in repo::unfinished(db).await? {
        let Some((row_host, pid)) = row.instance.rsplit_once(':') else { continue };
        // This process has started none yet: its own pid in a row is a previous process's (a container's pid 1).
        let alive = pid != std::process::id().to_string() && Path::new("/proc").join(pid).exists();
        if row_host == host && !alive {
            repo::set_failed(db, row.id, MSG_RESTARTED, clock::now()).await?;
            failed += 1;
        }
    }
    Ok(failed)
}

/// Removes the files of the exports past their seven days at `now` and marks them expired (the
/// `export_cleanup` job). Answers how many.
pub async fn remove_expired(db: &Db, data_dir: &Path, now: i64) -> sqlx::Result<u64> {
    let mut removed = 0;
    for row in repo::expired(db, now).await? {
        if !row.stored_name.is_empty() {
            match std::fs::remove_file(data_dir.join(FOLDER).join(&row.stored_name)) {
                Ok(()) => {}
                Err(error) if error.kind() == std::io::ErrorKind::NotFound => {}
                Err(error) => {
                    tracing::warn!(id = row.id, ?error, "expired export could not be removed");
                    continue;
                }
            }
        }
        repo::set_expired(db, row.id).await?;
        removed += 1;
    }
    Ok(removed)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn instants_read_in_beijing_time_and_fen_in_yuan() {
        let data = TextRows {
            columns: vec!["姓名".into(), "发生时间（Unix 秒）".into(), "金额（分）".into()],
            rows: vec![
                vec!["张三".into(), "1700000000".into(), "123456".into()],
                vec!["李四".into(), "0".into(), "-5".into()],
            ],
        };
        let shown = readable(data);
        assert_eq!(shown.columns, ["姓名", "发生时间（北京时间）", "金额（元）"]);
        assert_eq!(shown.rows[0], ["张三", "2023-11-15 06:13:20", "1234.56"]);
        assert_eq!(shown.rows[1], ["李四", "", "-0.05"]);
    }
}
