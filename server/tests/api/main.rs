//! Integration tests: the real router, against SQLite and PostgreSQL, a fresh database per test.

mod support;

mod account;
mod accounts;
mod area;
mod audit;
mod console;
mod faith;
mod password;
mod project_info;
mod robustness;
mod session;
mod teams;
mod units;
mod units_info;
mod sms;
mod staff;
mod submit;
mod upload;
mod wizard;
mod workers;
