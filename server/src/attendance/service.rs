//! The attendance area's service: what handlers and other areas call. The rules live in the modules named by
//! what they are about — devices, the project's rule settings, punch records, the monthly sheet and what
//! other areas read — gathered here so that one name, `attendance::service`, is the area's face. The device
//! API is `device_api.rs`, the ingest `ingest.rs`, the import `import.rs`, SQL `repo.rs`.

pub use super::devices::*;
pub use super::figures::*;
pub use super::input::*;
pub use super::records::*;
pub use super::rule_settings::*;
pub use super::sheet::*;
