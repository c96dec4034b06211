//! Projects. This foundation keeps what the session needs (name, audit status, flags); the wizard and
//! project screens build on the same table.

pub mod repo;
