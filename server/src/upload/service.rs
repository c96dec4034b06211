//! What other areas ask of the uploads: whether a file named in a form is one the project uploaded, and the
//! address a stored file is served at.

use serde::Serialize;
use utoipa::ToSchema;

use std::sync::Arc;

use super::repo::{self, StoredUpload};
use crate::db::{Db, DbFuture};
use crate::envelope::ApiError;
use crate::identity::accounts::{self, Account, AccountKind};

/// Where uploads are served from; the names are random, the files live outside the console's.
pub const URL_PREFIX: &str = "/uploads/";

/// The port through which upload asks whether a file of no project (a regulator's own) is shared with a
/// project: an area above upload answers it from its own tables, and `lib.rs` hands it to [`super::router`].
/// The notice area answers: the attachments of a published notice, to the projects it addresses (so a
/// withdrawn notice's files are theirs no longer). Upload never imports the area that answers.
pub trait SharedFiles: Send + Sync {
    /// Whether the file `stored_name` is shared with project `project_id` now.
    fn shared_with<'a>(&'a self, db: &'a Db, project_id: i64, stored_name: &'a str) -> DbFuture<'a, bool>;
}

/// The port as the upload handlers receive it (an `axum::Extension`).
pub type Shares = Arc<dyn SharedFiles>;

/// Whether `reader` may download the upload `stored_name`:
/// - a project's file: the project's accounts, the regulators whose district holds the project;
/// - a file of no project (a regulator's own, such as a notice's attachment): the regulators whose district
///   holds the uploader's (the whole area's hold every one; a lower or another district's none), and the
///   projects `shares` shares it with (those a published notice carrying it addresses);
/// - and always whoever uploaded it.
pub async fn may_read(
    db: &Db,
    shares: &dyn SharedFiles,
    reader: &Account,
    stored_name: &str,
    upload: &StoredUpload,
) -> Result<bool, ApiError> {
    if reader.id == upload.account_id {
        return Ok(true);
    }
    match (upload.project_id, reader.kind()) {
        (Some(project_id), AccountKind::Admin) => match reader.district() {
            None => Ok(true),
            Some(district) => Ok(crate::project::service::in_district(db, project_id, district).await?),
        },
        (Some(project_id), _) => Ok(reader.project_id == Some(project_id)),
        (None, AccountKind::Admin) => {
            let uploader = accounts::find_by_id(db, upload.account_id).await?;
            let held = reader.district().unwrap_or("");
            Ok(uploader
                .is_some_and(|uploader| uploader.kind() == AccountKind::Admin && uploader.district.starts_with(held)))
        }
        (None, _) => match reader.project_id {
            Some(project_id) => Ok(shares.shared_with(db, project_id, stored_name).await?),
            None => Ok(false),
        },
    }
}

/// The kind (`avatar`, `attachment`, …) of the upload `stored_name` if this project made it.
pub async fn project_kind(db: &Db, project_id: i64, stored_name: &str) -> Result<Option<String>, ApiError> {
    Ok(repo::project_kind(db, project_id, stored_name).await?)
}

/// The original name of the upload `stored_name` if `account_id` made it with `kind`: a regulator's own
/// files, which belong to no project (a notice's attachments).
pub async fn account_upload(db: &Db, account_id: i64, stored_name: &str, kind: &str) -> sqlx::Result<Option<String>> {
    Ok(repo::find(db, stored_name)
        .await?
        .filter(|upload| upload.account_id == account_id && upload.kind == kind)
        .map(|upload| upload.original_name))
}

/// The original name of the upload `stored_name` if this project made it with one of `kinds`.
pub async fn project_upload(
    db: &Db,
    project_id: i64,
    stored_name: &str,
    kinds: &[&str],
) -> sqlx::Result<Option<String>> {
    Ok(repo::find(db, stored_name)
        .await?
        .filter(|upload| upload.project_id == Some(project_id) && kinds.contains(&upload.kind.as_str()))
        .map(|upload| upload.original_name))
}

/// An uploaded file as a page shows it: by the name it came with, never the stored one.
#[derive(Debug, Serialize, ToSchema)]
pub struct NamedFile {
    /// The name it was uploaded with.
    pub name: String,
    pub url: String,
    /// A picture to show as one; anything else (a PDF) is a file to open.
    pub image: bool,
}

impl NamedFile {
    pub fn new(name: String, url: String, content_type: &str) -> NamedFile {
        NamedFile { image: is_image(content_type, &name), name, url }
    }
}

/// Files stored before their type was kept have none: their name (then the stored one) tells.
fn is_image(content_type: &str, name: &str) -> bool {
    match content_type {
        "" => super::kind::extension(name).is_some_and(|ext| matches!(ext.as_str(), "jpg" | "jpeg" | "png" | "gif")),
        _ => content_type.starts_with("image/"),
    }
}

/// An upload as the lists that show it need it: the name it came with and its type.
pub struct UploadedFile {
    pub original_name: String,
    pub content_type: String,
}

/// The upload `stored_name` if this project made it with one of `kinds`.
pub async fn project_file(
    db: &Db,
    project_id: i64,
    stored_name: &str,
    kinds: &[&str],
) -> sqlx::Result<Option<UploadedFile>> {
    Ok(repo::find(db, stored_name)
        .await?
        .filter(|upload| upload.project_id == Some(project_id) && kinds.contains(&upload.kind.as_str()))
        .map(|upload| UploadedFile { original_name: upload.original_name, content_type: upload.content_type }))
}

/// How many of these upload names the project itself uploaded with one of `kinds`.
pub async fn count_project_uploads(db: &Db, project_id: i64, names: &[String], kinds: &[&str]) -> sqlx::Result<i64> {
    let mut total = 0;
    for name in names {
        if repo::project_kind(db, project_id, name).await?.is_some_and(|kind| kinds.contains(&kind.as_str())) {
            total += 1;
        }
    }
    Ok(total)
}
