//! `wageguard backup FILE` and `wageguard restore FILE`: the whole database and the uploads directory in one
//! .zip, taken while the server runs. SQLite: `VACUUM INTO` a temporary file (a consistent snapshot under
//! WAL); PostgreSQL: `pg_dump --format=custom` (must be on PATH, no older than the server). Restore goes into
//! an empty database and uploads directory; `--force` replaces what is there.

use std::fs::File;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{Context, bail};
use zip::ZipArchive;
use zip::write::SimpleFileOptions;
use zip::{CompressionMethod, ZipWriter};

use super::repo;
use super::scratch::Scratch;
pub use super::scratch::remove_on_interrupt;
use crate::config::Config;
use crate::db::Db;

/// What a backup holds, written as `backup.txt` at its top (key=value lines).
const ABOUT: &str = "backup.txt";
const SQLITE_ENTRY: &str = "database.sqlite";
const POSTGRES_ENTRY: &str = "database.pgdump";
const UPLOADS_PREFIX: &str = "uploads/";

pub const MSG_NO_PG_DUMP: &str = "找不到 pg_dump：请安装与服务器版本相同或更新的 PostgreSQL 客户端（Debian：apt-get install postgresql-client）\n\
     pg_dump was not found on PATH: install the PostgreSQL client tools, the server's version or newer";
pub const MSG_NO_PG_RESTORE: &str = "找不到 pg_restore：请安装 PostgreSQL 客户端（Debian：apt-get install postgresql-client）\n\
     pg_restore was not found on PATH: install the PostgreSQL client tools";
pub const MSG_NOT_EMPTY: &str = "目标数据库或上传目录不是空的，恢复会覆盖现有数据；确认覆盖请加 --force\n\
     the target database or uploads directory is not empty; add --force to overwrite it";

fn options() -> SimpleFileOptions {
    SimpleFileOptions::default().compression_method(CompressionMethod::Deflated)
}

/// The file of a SQLite URL (`sqlite://path`, `sqlite:path`, with or without `?options`).
fn sqlite_file(url: &str) -> anyhow::Result<PathBuf> {
    let rest = url.strip_prefix("sqlite://").or_else(|| url.strip_prefix("sqlite:")).unwrap_or(url);
    let path = rest.split('?').next().unwrap_or("");
    if path.is_empty() || path.contains(":memory:") {
        bail!("内存数据库无法备份或恢复 / an in-memory database cannot be backed up or restored");
    }
    Ok(PathBuf::from(path))
}

fn tool_found(name: &str) -> bool {
    Command::new(name).arg("--version").output().is_ok_and(|output| output.status.success())
}

/// The files under `dir`, as paths relative to it.
fn files_under(dir: &Path) -> anyhow::Result<Vec<PathBuf>> {
    let mut found = Vec::new();
    if !dir.is_dir() {
        return Ok(found);
    }
    let mut pending = vec![dir.to_owned()];
    while let Some(folder) = pending.pop() {
        for entry in std::fs::read_dir(&folder)? {
            let path = entry?.path();
            if path.is_dir() {
                pending.push(path);
            } else if path.is_file() {
                found.push(path.strip_prefix(dir)?.to_owned());
            }
        }
    }
    found.sort();
    Ok(found)
}

/// Writes the backup of `config`'s database and uploads to `target`. Answers a line for the operator. The
/// database copy and the archive are written in a scratch directory beside `target`, which goes however the
/// command ends (`scratch.rs`); the finished archive is renamed into place.
pub async fn backup(config: &Config, target: &Path) -> anyhow::Result<String> {
    let db = Db::connect(&config.database_url).await?;
    let work = Scratch::in_folder(folder_of(target))?;
    let (entry, dump) = match &db {
        Db::Sqlite(_) => {
            let snapshot = work.join(SQLITE_ENTRY);
            repo::vacuum_into(&db, &snapshot.to_string_lossy()).await.context("VACUUM INTO 失败")?;
            (SQLITE_ENTRY, snapshot)
        }
        Db::Postgres(_) => {
            if !tool_found("pg_dump") {
                bail!(MSG_NO_PG_DUMP);
            }
            let dump = work.join(POSTGRES_ENTRY);
            let output = Command::new("pg_dump")
                .args(["--format=custom", "--no-owner", "--no-privileges", "--file"])
                .arg(&dump)
                .arg(&config.database_url)
                .output()
                .context("pg_dump 无法运行")?;
            if !output.status.success() {
                bail!("pg_dump 失败 / pg_dump failed: {}", String::from_utf8_lossy(&output.stderr).trim());
            }
            (POSTGRES_ENTRY, dump)
        }
    };
    db.close().await;
    let uploads = config.data_dir.join("uploads");
    let names = files_under(&uploads)?;
    let partial = work.join("backup.zip.part");
    let mut zip = ZipWriter::new(File::create(&partial).with_context(|| format!("无法创建 {}", partial.display()))?)
        .set_auto_large_file();
    zip.start_file(ABOUT, options())?;
    write!(
        zip,
        "wageguard={}\ndatabase={}\ncreated={}\nuploads={}\n",
        env!("CARGO_PKG_VERSION"),
        entry,
        crate::clock::china_datetime(crate::clock::now()),
        names.len()
    )?;
    zip.start_file(entry, options())?;
    std::io::copy(&mut File::open(&dump)?, &mut zip)?;
    for name in &names {
        zip.start_file(format!("{UPLOADS_PREFIX}{}", name.to_string_lossy()), options())?;
        std::io::copy(&mut File::open(uploads.join(name))?, &mut zip)?;
    }
    zip.finish()?.sync_all()?;
    std::fs::rename(&partial, target).with_context(|| format!("无法写入 {}", target.display()))?;
    drop(work);
    let size = std::fs::metadata(target)?.len();
    Ok(format!("备份完成：{}（数据库 {entry}，上传文件 {} 个，{size} 字节）", target.display(), names.len()))
}

/// The folder a file is in ("." for a bare name).
fn folder_of(file: &Path) -> &Path {
    file.parent().filter(|parent| !parent.as_os_str().is_empty()).unwrap_or(Path::new("."))
}

/// Restores the backup `source` into `config`'s database and uploads directory: refused when either holds
/// data, unless `force`. Stop the servers of that database first. Answers a line for the operator.
pub async fn restore(config: &Config, source: &Path, force: bool) -> anyhow::Result<String> {
    let mut archive = ZipArchive::new(File::open(source).with_context(|| format!("无法打开 {}", source.display()))?)
        .context("不是 wageguard 备份文件 / not a wageguard backup")?;
    let has = |archive: &ZipArchive<File>, name: &str| archive.index_for_name(name).is_some();
    if !has(&archive, ABOUT) {
        bail!("不是 wageguard 备份文件（缺少 {ABOUT}）/ not a wageguard backup");
    }
    let postgres = config.database_url.starts_with("postgres");
    let entry = if postgres { POSTGRES_ENTRY } else { SQLITE_ENTRY };
    if !has(&archive, entry) {
        bail!(
            "备份的数据库类型与 DATABASE_URL 不同（需要 {entry}）/ the backup is of the other database kind than DATABASE_URL"
        );
    }
    let uploads = config.data_dir.join("uploads");
    let uploads_empty = files_under(&uploads)?.is_empty();
    let database_empty = if postgres {
        let db = Db::connect(&config.database_url).await?;
        let tables = repo::table_count(&db).await?;
        db.close().await;
        tables == 0
    } else {
        let file = sqlite_file(&config.database_url)?;
        !file.exists() || std::fs::metadata(&file)?.len() == 0
    };
    let empty = uploads_empty && database_empty;
    if !empty && !force {
        bail!(MSG_NOT_EMPTY);
    }
    std::fs::create_dir_all(&config.data_dir)?;
    let work = Scratch::in_folder(&config.data_dir)?;
    let dump = work.join(entry);
    std::io::copy(&mut archive.by_name(entry)?, &mut File::create(&dump)?)?;
    if postgres {
        if !tool_found("pg_restore") {
            bail!(MSG_NO_PG_RESTORE);
        }
        let mut command = Command::new("pg_restore");
        command.args(["--no-owner", "--no-privileges", "--exit-on-error", "--dbname"]).arg(&config.database_url);
        if force {
            command.args(["--clean", "--if-exists"]);
        }
        let output = command.arg(&dump).output().context("pg_restore 无法运行")?;
        if !output.status.success() {
            bail!("pg_restore 失败 / pg_restore failed: {}", String::from_utf8_lossy(&output.stderr).trim());
        }
    } else {
        let file = sqlite_file(&config.database_url)?;
        if let Some(parent) = file.parent().filter(|p| !p.as_os_str().is_empty()) {
            std::fs::create_dir_all(parent)?;
        }
        for suffix in ["-wal", "-shm"] {
            let _ = std::fs::remove_file(format!("{}{suffix}", file.display()));
        }
        std::fs::copy(&dump, &file).with_context(|| format!("无法写入 {}", file.display()))?;
    }
    let mut restored = 0;
    for index in 0..archive.len() {
        let mut entry = archive.by_index(index)?;
        let Some(name) = entry.name()?.strip_prefix(UPLOADS_PREFIX).map(str::to_owned) else { continue };
        // Only plain relative names: an entry may not reach outside the uploads directory.
        let Some(relative) =
            entry.enclosed_name().and_then(|path| path.strip_prefix("uploads").ok().map(Path::to_owned))
        else {
            bail!("备份中的文件名无效：{name}");
        };
        if entry.is_dir() {
            continue;
        }
        let path = uploads.join(relative);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent)?;
        }
        std::io::copy(&mut entry, &mut File::create(&path)?)?;
        restored += 1;
    }
    drop(work);
    Ok(format!("恢复完成：数据库 {entry}，上传文件 {restored} 个。请启动服务：wageguard serve"))
}
