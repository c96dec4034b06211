//! Who is acting: the accounts (their kinds, sides, regulator roles and password state) and the sessions
//! that carry them (`CurrentAccount`, `AllowInitialPassword`). Every area reads the acting account from here;
//! the login flows that open and end sessions and set passwords are `auth`'s, above it. This area imports
//! nothing of `auth`, `oplog` or `project`. A worker of the roster (the worker side, `/worker/…`) is no account:
//! his sessions are `worker_sessions`, carried by `CurrentWorker`.

pub mod accounts;
mod model;
mod repo;
pub mod sessions;
pub mod worker_sessions;
