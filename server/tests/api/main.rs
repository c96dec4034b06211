//! Integration tests: the real router, against SQLite and PostgreSQL, a fresh database per test.

mod support;

mod account;
mod affix;
mod approvers;
mod accounts;
mod area;
mod audit;
mod calendar;
mod console;
mod crash;
mod faith;
mod flows;
mod orders;
mod password;
mod payout;
mod privacy;
mod project_info;
mod robustness;
mod session;
mod teams;
mod units;
mod units_info;
mod wages;
mod payroll;
mod sms;
mod special;
mod staff;
mod submit;
mod upload;
mod wizard;
mod workers;
mod attendance;
mod basis;
