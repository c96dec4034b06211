//! Scheduled jobs: every instance runs the schedule, and each job runs once per period across instances.
//! The period a run belongs to is its slot (the period's first second); the first instance to record
//! (job, slot) in `job_runs` runs the job, the others skip it (DESIGN §2: job locks in the database).

mod repo;

pub use repo::JobRun;

use std::future::Future;
use std::time::Duration;

use crate::clock;
use crate::db::Db;
use crate::state::AppState;
use crate::{auth, backup, clue, iclock, identity, platform, wage, warning};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Job {
    /// Wage orders left 支付中 (a crash or a bank outage) are paid on.
    PayoutRecovery,
    /// Expired sessions are removed.
    SessionCleanup,
    /// Failed-password counts of names untried for a day and not locked are forgotten.
    LoginGuardCleanup,
    /// The early-warning engine evaluates every rule.
    Warnings,
    /// Project exports past their seven days lose their file.
    ExportCleanup,
    /// Site terminals' uploads and answered commands past seven days go, and what deleted terminals left.
    TerminalUpkeep,
    /// Every project with the worker-platform feed on: what changed is queued, sent and its result asked.
    PlatformFeed,
    /// Workers' wage disputes unanswered past 3 working days become the bureau's leads.
    DisputeLeads,
}

impl Job {
    pub const ALL: [Job; 8] = [
        Job::PayoutRecovery,
        Job::SessionCleanup,
        Job::LoginGuardCleanup,
        Job::Warnings,
        Job::ExportCleanup,
        Job::TerminalUpkeep,
        Job::PlatformFeed,
        Job::DisputeLeads,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Job::PayoutRecovery => "payout_recovery",
            Job::SessionCleanup => "session_cleanup",
            Job::LoginGuardCleanup => "login_guard_cleanup",
            Job::Warnings => "warnings",
            Job::ExportCleanup => "export_cleanup",
            Job::TerminalUpkeep => "terminal_upkeep",
            Job::PlatformFeed => "platform_feed",
            Job::DisputeLeads => "dispute_leads",
        }
    }

    /// Whether an instance runs the job at start even when its slot was taken: payouts a crash of this
    /// instance interrupted must not wait a period for their workers' money.
    fn runs_at_every_start(self) -> bool {
        matches!(self, Job::PayoutRecovery)
    }

    async fn work(self, state: &AppState) -> anyhow::Result<String> {
        Ok(match self {
            Job::PayoutRecovery => {
                format!("resumed {} orders", wage::payout::recover(&state.db, state.bank.as_ref()).await?)
            }
            Job::SessionCleanup => format!(
                "removed {} sessions and {} workers' sessions",
                identity::sessions::delete_expired(&state.db).await?,
                identity::worker_sessions::delete_dead(&state.db).await?
            ),
            Job::LoginGuardCleanup => {
                format!(
                    "forgot {} failed-password counts",
                    auth::lockout::delete_stale(&state.db, clock::now() - 86_400).await?
                )
            }
            Job::Warnings => {
                warning::engine::run(&state.db, &state.config.warnings, clock::china_today()).await?.to_string()
            }
            Job::ExportCleanup => format!(
                "removed {} expired exports",
                backup::service::remove_expired(&state.db, &state.config.data_dir, clock::now()).await?
            ),
            Job::TerminalUpkeep => {
                format!("removed {} terminal rows", iclock::service::upkeep(&state.db, clock::now()).await?)
            }
            Job::PlatformFeed => {
                let (projects, queued) =
                    platform::service::run_all(&state.db, state.platform.as_ref(), clock::now()).await?;
                format!("{projects} projects, {queued} records queued")
            }
            Job::DisputeLeads => format!(
                "{} disputes filed as leads",
                clue::disputes::escalate(&state.db, state.config.warnings.dispute_answer_working_days).await?
            ),
        })
    }
}

/// What one instance did with one job in one round.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Turn {
    Ran,
    /// Another instance had recorded the slot.
    Skipped,
    /// The run record could not be written (the database did not answer); tried again next period.
    Unrecorded,
}

/// The first second of the period of `interval` seconds that `now` falls in.
pub fn slot_of(now: i64, interval: i64) -> i64 {
    now - now.rem_euclid(interval)
}

/// Runs `work` for (`job`, `slot`) unless another instance recorded that slot first, and records the outcome.
pub async fn run_once<F, Fut>(db: &Db, job: &str, slot: Option<i64>, instance: &str, work: F) -> Turn
where
    F: FnOnce() -> Fut,
    Fut: Future<Output = anyhow::Result<String>>,
{
    let id = match repo::claim(db, job, slot, instance, clock::now()).await {
        Ok(Some(id)) => id,
        Ok(None) => {
            tracing::debug!(job, slot, "job slot already run by another instance");
            return Turn::Skipped;
        }
        Err(error) => {
            tracing::warn!(job, slot, ?error, "job run could not be recorded; tried again next period");
            return Turn::Unrecorded;
        }
    };
    let (outcome, detail) = match work().await {
        Ok(detail) => {
            tracing::info!(job, slot, detail, "job ran");
            ("ok", detail)
        }
        Err(error) => {
            tracing::warn!(job, slot, ?error, "job failed; tried again next period");
            ("failed", format!("{error:#}"))
        }
    };
    if let Err(error) = repo::finish(db, id, outcome, &detail, clock::now()).await {
        tracing::warn!(job, slot, ?error, "job outcome could not be recorded");
    }
    Turn::Ran
}

/// The latest runs of every job, newest first (`wageguard jobs`).
pub async fn recent(db: &Db, limit: i64) -> sqlx::Result<Vec<JobRun>> {
    repo::recent(db, limit).await
}

/// One round of the schedule for `slot`; at start, a job that must not wait also runs when its slot was taken.
pub async fn round(state: &AppState, instance: &str, slot: i64, at_start: bool) -> Vec<(Job, Turn)> {
    let mut turns = Vec::with_capacity(Job::ALL.len());
    for job in Job::ALL {
        let mut turn = run_once(&state.db, job.name(), Some(slot), instance, || job.work(state)).await;
        if at_start && turn == Turn::Skipped && job.runs_at_every_start() {
            turn = run_once(&state.db, job.name(), None, instance, || job.work(state)).await;
        }
        turns.push((job, turn));
    }
    turns
}

/// The schedule of one instance: a round at start, then one at the beginning of every period (periods are
/// aligned to the clock, so every instance wakes for the same slot).
pub async fn schedule(state: AppState) {
    let instance = crate::instance::name();
    let interval = state.config.job_interval_seconds;
    tracing::info!(instance, interval, "job schedule started");
    let mut at_start = true;
    loop {
        let slot = slot_of(clock::now(), interval);
        round(&state, &instance, slot, at_start).await;
        at_start = false;
        let next = slot + interval;
        let wait = (next - clock::now()).max(1);
        tokio::time::sleep(Duration::from_secs(wait as u64)).await;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slots_are_periods_aligned_to_the_clock() {
        assert_eq!(slot_of(7_200, 3_600), 7_200);
        assert_eq!(slot_of(10_799, 3_600), 7_200);
        assert_eq!(slot_of(10_800, 3_600), 10_800);
        assert_eq!(slot_of(5, 2), 4);
    }
}
