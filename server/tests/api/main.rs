//! Integration tests: the real router, against SQLite and PostgreSQL, a fresh database per test.

mod support;

mod account;
mod accounts;
mod area;
mod audit;
mod console;
mod password;
mod robustness;
mod session;
mod units;
mod sms;
mod submit;
mod upload;
mod wizard;
mod workers;
