//! Integration tests: the real router, against SQLite and PostgreSQL, a fresh database per test.

mod support;

mod account;
mod accounts;
mod area;
mod console;
mod password;
mod robustness;
mod session;
mod sms;
mod upload;
mod wizard;
