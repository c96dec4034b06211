//! This process among the instances sharing one database: the name it leaves on job runs and on the
//! exports it builds, so that a restart can tell its own unfinished work from another instance's.

/// Host name and process id.
pub fn name() -> String {
    let host = std::fs::read_to_string("/proc/sys/kernel/hostname").map(|h| h.trim().to_owned()).unwrap_or_default();
    let host = if host.is_empty() { "localhost".to_owned() } else { host };
    format!("{host}:{}", std::process::id())
}
