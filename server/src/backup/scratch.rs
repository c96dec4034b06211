//! The scratch directory of `wageguard backup` and `restore`: it holds a copy of the database (ID and card
//! numbers in clear) and the archive being written, so it must not outlive the command. It is removed when
//! the command ends, however it ends: on success and on every error (dropped), on SIGINT or SIGTERM
//! (`remove_on_interrupt`), and after a kill that runs no code (`kill -9`, a power cut) by the next backup or
//! restore into the same directory, which removes every scratch directory whose lock no live command holds.

use std::fs::{DirBuilder, File};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use anyhow::Context;

const PREFIX: &str = ".wageguard-backup-";
/// Held locked (`flock`) by the command that made the directory; the kernel frees it when that process dies.
const LOCK: &str = "lock";

/// The scratch directories of this process that still exist, for the interrupt handler.
static LIVE: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

pub struct Scratch {
    path: PathBuf,
    _lock: File,
}

impl Scratch {
    /// A new scratch directory in `folder` (the archive's, so that the finished archive is renamed into place
    /// on the same file system), readable only by this account, after removing the ones dead commands left.
    pub fn in_folder(folder: &Path) -> anyhow::Result<Scratch> {
        remove_stale(folder);
        let path = folder.join(format!("{PREFIX}{}", uuid::Uuid::new_v4().simple()));
        let mut builder = DirBuilder::new();
        #[cfg(unix)]
        std::os::unix::fs::DirBuilderExt::mode(&mut builder, 0o700);
        builder.create(&path).with_context(|| format!("无法创建临时目录 {}", path.display()))?;
        let created = || -> std::io::Result<File> {
            let lock = File::create(path.join(LOCK))?;
            lock.lock()?;
            Ok(lock)
        };
        let lock = match created() {
            Ok(lock) => lock,
            Err(error) => {
                let _ = std::fs::remove_dir_all(&path);
                return Err(error).with_context(|| format!("无法创建临时目录 {}", path.display()));
            }
        };
        live().push(path.clone());
        Ok(Scratch { path, _lock: lock })
    }

    pub fn join(&self, name: &str) -> PathBuf {
        self.path.join(name)
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.path);
        live().retain(|path| path != &self.path);
    }
}

fn live() -> std::sync::MutexGuard<'static, Vec<PathBuf>> {
    LIVE.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// Removes the scratch directories in `folder` that no live command holds: their lock can be taken, or they
/// have none (a command killed between making the directory and locking it, or a version before the lock).
/// Two commands starting in one folder at the same instant may thus fail one of them at start; neither leaves
/// anything behind.
pub fn remove_stale(folder: &Path) {
    let Ok(entries) = std::fs::read_dir(folder) else { return };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let is_scratch = name
            .to_str()
            .and_then(|name| name.strip_prefix(PREFIX))
            .is_some_and(|id| id.len() == 32 && id.bytes().all(|b| b.is_ascii_hexdigit() && !b.is_ascii_uppercase()));
        // Never through a link: only a real directory of ours is removed.
        if !is_scratch || !entry.file_type().is_ok_and(|kind| kind.is_dir()) {
            continue;
        }
        let path = entry.path();
        let free = match File::open(path.join(LOCK)) {
            Ok(lock) => lock.try_lock().is_ok(),
            Err(_) => true,
        };
        if free {
            match std::fs::remove_dir_all(&path) {
                Ok(()) => {
                    tracing::info!(path = %path.display(), "removed the scratch directory of an interrupted backup")
                }
                Err(error) => tracing::warn!(path = %path.display(), %error, "cannot remove a stale scratch directory"),
            }
        }
    }
}

/// On SIGINT or SIGTERM, removes this process's scratch directories and exits (status 130): the command's
/// own code may be blocked in a write or in `pg_dump`, so the removal runs on a runtime thread of its own.
/// The signals are taken at once, before the command starts.
pub fn remove_on_interrupt() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        let (Ok(mut interrupt), Ok(mut terminate)) = (signal(SignalKind::interrupt()), signal(SignalKind::terminate()))
        else {
            return;
        };
        tokio::spawn(async move {
            tokio::select! {
                _ = interrupt.recv() => {}
                _ = terminate.recv() => {}
            }
            remove_live_and_exit();
        });
    }
    #[cfg(not(unix))]
    tokio::spawn(async {
        if tokio::signal::ctrl_c().await.is_ok() {
            remove_live_and_exit();
        }
    });
}

fn remove_live_and_exit() {
    for path in live().drain(..) {
        let _ = std::fs::remove_dir_all(path);
    }
    eprintln!("已中断，临时文件已删除 / interrupted; the temporary files were removed");
    std::process::exit(130);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn folder() -> PathBuf {
        let folder = std::env::temp_dir().join(format!("wg-scratch-{}", uuid::Uuid::new_v4().simple()));
        std::fs::create_dir_all(&folder).unwrap();
        folder
    }

    fn scratch_dirs(folder: &Path) -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(folder)
            .unwrap()
            .flatten()
            .map(|entry| entry.file_name().to_string_lossy().into_owned())
            .filter(|name| name.starts_with(PREFIX))
            .collect();
        names.sort();
        names
    }

    #[test]
    fn a_scratch_directory_goes_when_dropped_and_is_kept_while_held() {
        let folder = folder();
        let scratch = Scratch::in_folder(&folder).unwrap();
        std::fs::write(scratch.join("database.sqlite"), b"410105199003152013").unwrap();
        assert_eq!(scratch_dirs(&folder).len(), 1);
        // Another command starting meanwhile leaves a held directory alone.
        let other = Scratch::in_folder(&folder).unwrap();
        assert_eq!(scratch_dirs(&folder).len(), 2);
        assert!(scratch.join("database.sqlite").exists());
        drop(other);
        drop(scratch);
        assert!(scratch_dirs(&folder).is_empty());
        std::fs::remove_dir_all(&folder).unwrap();
    }

    #[test]
    fn stale_directories_go_and_nothing_else() {
        let folder = folder();
        // What a killed command leaves: its lock, no longer held, and the copy.
        let killed = folder.join(format!("{PREFIX}{}", uuid::Uuid::new_v4().simple()));
        std::fs::create_dir_all(&killed).unwrap();
        std::fs::write(killed.join(LOCK), b"").unwrap();
        std::fs::write(killed.join("database.sqlite"), b"410105199003152013").unwrap();
        // Left before the lock existed.
        let unlocked = folder.join(format!("{PREFIX}{}", uuid::Uuid::new_v4().simple()));
        std::fs::create_dir_all(&unlocked).unwrap();
        // Not ours: another name, a file of our name.
        let look_alike = folder.join(format!("{PREFIX}mine"));
        std::fs::create_dir_all(&look_alike).unwrap();
        let file = folder.join(format!("{PREFIX}{}", uuid::Uuid::new_v4().simple()));
        std::fs::write(&file, b"").unwrap();

        let scratch = Scratch::in_folder(&folder).unwrap();
        assert!(!killed.exists() && !unlocked.exists());
        assert!(look_alike.exists() && file.exists());
        drop(scratch);
        std::fs::remove_dir_all(&folder).unwrap();
    }
}
