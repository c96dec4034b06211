use std::sync::Arc;

use crate::auth::sms::SmsGateway;
use crate::bank::BankGateway;
use crate::config::Config;
use crate::db::Db;
use crate::paging::CountCache;
use crate::platform::gateway::PlatformGateway;

/// What every handler may reach. Holds nothing that matters beyond the database and configuration,
/// so any number of instances can serve one PostgreSQL.
#[derive(Clone)]
pub struct AppState {
    pub db: Db,
    pub config: Arc<Config>,
    pub sms: Arc<dyn SmsGateway>,
    /// The bank: the sandbox unless configured otherwise (docs/decisions.md, "Bank verification sandbox").
    pub bank: Arc<dyn BankGateway>,
    /// The worker platforms: the built-in sandbox or a project's endpoint (docs/platform.md).
    pub platform: Arc<dyn PlatformGateway>,
    /// Recent roster totals (derived, a few seconds old at most; see `CountCache`).
    pub roster_counts: Arc<CountCache>,
}
