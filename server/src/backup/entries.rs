//! What a backup to restore may hold, checked over its whole directory before anything is written (issue 29):
//! every name plainly relative — no `..`, root, drive or backslash, which only a crafted archive has — and every
//! upload no larger than an upload can be. The zip crate then refuses, while inflating, an entry that yields
//! more than it declares.

use std::io::{Read, Seek};

use anyhow::bail;
use zip::ZipArchive;

use crate::upload::kind::MAX_FILE_BYTES;

/// Refuses the archive when one entry's name could reach outside the target, or an upload is larger than
/// `MAX_FILE_BYTES`.
pub fn check<R: Read + Seek>(archive: &ZipArchive<R>, uploads_prefix: &str) -> anyhow::Result<()> {
    for index in 0..archive.len() {
        let entry = archive.by_index_data(index)?;
        let name = entry.name()?;
        if !plain(&name) {
            bail!(
                "文件内容超过限制：备份中的文件名不能含有“..”、绝对路径或反斜杠：{name}\n an entry name reaches outside the target: {name}"
            );
        }
        if name.starts_with(uploads_prefix) && entry.size() > MAX_FILE_BYTES as u64 {
            bail!(
                "文件内容超过限制：备份中的上传文件不能超过 5MB：{name}（{} 字节）\n an upload in the backup is larger than any upload can be: {name}",
                entry.size()
            );
        }
    }
    Ok(())
}

fn plain(name: &str) -> bool {
    !name.is_empty()
        && !name.starts_with('/')
        && !name.contains(['\\', ':', '\0'])
        && !name.split('/').any(|segment| segment == "..")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_plain_relative_names_pass() {
        assert!(plain("uploads/0123.png") && plain("database.sqlite") && plain("uploads/a..b.png"));
        for name in ["../evil", "uploads/../../evil", "/etc/passwd", "uploads\\..\\evil", "C:evil", "uploads/..", ""] {
            assert!(!plain(name), "{name}");
        }
    }
}
