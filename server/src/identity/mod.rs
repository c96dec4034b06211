//! Who is acting: the accounts (their kinds, sides, regulator roles and password state) and the sessions
//! that carry them (`CurrentAccount`, `AllowInitialPassword`). Every area reads the acting account from here;
//! the login flows that open and end sessions and set passwords are `auth`'s, above it. This area imports
//! nothing of `auth`, `oplog` or `project`.

pub mod accounts;
mod model;
mod repo;
pub mod sessions;
