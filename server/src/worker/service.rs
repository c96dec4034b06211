//! The roster area's service: what handlers and other areas call. The rules live in the modules named by
//! what they are about — registration, the roster, moves, the ID supplement, training and what other areas
//! read — gathered here so that one name, `worker::service`, is the area's face. The import is in
//! `import.rs`, corrections in `corrections.rs`, SQL in `repo/`, the spreadsheets in `xlsx.rs`.

pub use super::figures::*;
pub use super::input::*;
pub use super::moves::*;
pub use super::registration::*;
pub use super::roster::*;
pub use super::supplement::*;
pub use super::training::*;
