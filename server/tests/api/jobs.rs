use std::sync::atomic::{AtomicUsize, Ordering};

use axum::body::Body;
use axum::http::Request;
use wageguard::jobs::{self, Job, Turn};

use crate::both;
use crate::support::TestApp;

async fn a_slot_runs_once_however_many_instances_ask(app: &TestApp) {
    let calls = AtomicUsize::new(0);
    let work = || async {
        calls.fetch_add(1, Ordering::SeqCst);
        tokio::task::yield_now().await;
        Ok("did it".to_owned())
    };
    let turns = tokio::join!(
        jobs::run_once(&app.db, "test_job", Some(7_200), "host:1", work),
        jobs::run_once(&app.db, "test_job", Some(7_200), "host:2", work),
        jobs::run_once(&app.db, "test_job", Some(7_200), "host:3", work),
    );
    let turns = [turns.0, turns.1, turns.2];
    assert_eq!(turns.iter().filter(|t| **t == Turn::Ran).count(), 1, "{turns:?}");
    assert_eq!(turns.iter().filter(|t| **t == Turn::Skipped).count(), 2, "{turns:?}");
    assert_eq!(calls.load(Ordering::SeqCst), 1);
    assert_eq!(
        jobs::run_once(&app.db, "test_job", Some(10_800), "host:2", work).await,
        Turn::Ran,
        "the next period runs again"
    );

    let runs = jobs::recent(&app.db, 10).await.unwrap();
    assert_eq!(runs.len(), 2);
    let first = &runs[1];
    assert_eq!(
        (first.job.as_str(), first.slot, first.outcome.as_str(), first.detail.as_str()),
        ("test_job", Some(7_200), "ok", "did it")
    );
    assert!(first.finished_at.is_some_and(|finished| finished >= first.started_at));
    assert_eq!(runs[0].instance, "host:2");
}
both!(a_slot_runs_once_however_many_instances_ask);

async fn a_failed_run_is_recorded_and_start_up_runs_are_never_refused(app: &TestApp) {
    let failed = jobs::run_once(&app.db, "test_job", Some(60), "host:1", || async {
        Err(anyhow::anyhow!("the bank did not answer"))
    })
    .await;
    assert_eq!(failed, Turn::Ran);
    for instance in ["host:1", "host:2"] {
        assert_eq!(
            jobs::run_once(&app.db, "test_job", None, instance, || async { Ok(String::new()) }).await,
            Turn::Ran
        );
    }
    let runs = jobs::recent(&app.db, 10).await.unwrap();
    assert_eq!(runs.len(), 3);
    assert_eq!((runs[2].outcome.as_str(), runs[2].detail.as_str()), ("failed", "the bank did not answer"));
    assert!(runs[..2].iter().all(|run| run.slot.is_none() && run.outcome == "ok"));
}
both!(a_failed_run_is_recorded_and_start_up_runs_are_never_refused);

async fn two_instances_share_the_schedule_and_each_start_recovers_payouts(app: &TestApp) {
    let state = wageguard::state(app.db.clone(), app.config.clone());
    app.exec("INSERT INTO sessions (token_hash, account_id, created_at, expires_at) SELECT 'expired', id, 0, 1 FROM accounts WHERE username = 'demo'").await;
    app.exec("INSERT INTO login_guards (username, attempts, locked_until, last_attempt_at) VALUES ('tried-long-ago', 2, 0, 1)").await;
    let slot = jobs::slot_of(wageguard::clock::now(), 3_600);

    let first = jobs::round(&state, "host:1", slot, true).await;
    assert_eq!(
        first,
        vec![
            (Job::PayoutRecovery, Turn::Ran),
            (Job::SessionCleanup, Turn::Ran),
            (Job::LoginGuardCleanup, Turn::Ran),
            (Job::Warnings, Turn::Ran),
            (Job::ExportCleanup, Turn::Ran),
            (Job::TerminalUpkeep, Turn::Ran),
            (Job::PlatformFeed, Turn::Ran),
            (Job::DisputeLeads, Turn::Ran)
        ]
    );
    assert!(app.scalar("SELECT COUNT(*) FROM warnings").await > 0, "the engine ran on the demo data");
    assert_eq!(app.scalar("SELECT COUNT(*) FROM sessions WHERE token_hash = 'expired'").await, 0);
    let second = jobs::round(&state, "host:2", slot, true).await;
    assert_eq!(
        second,
        vec![
            (Job::PayoutRecovery, Turn::Ran),
            (Job::SessionCleanup, Turn::Skipped),
            (Job::LoginGuardCleanup, Turn::Skipped),
            (Job::Warnings, Turn::Skipped),
            (Job::ExportCleanup, Turn::Skipped),
            (Job::TerminalUpkeep, Turn::Skipped),
            (Job::PlatformFeed, Turn::Skipped),
            (Job::DisputeLeads, Turn::Skipped)
        ],
        "a start recovers payouts even in a taken slot"
    );
    let later = jobs::round(&state, "host:2", slot, false).await;
    assert_eq!(
        later,
        vec![
            (Job::PayoutRecovery, Turn::Skipped),
            (Job::SessionCleanup, Turn::Skipped),
            (Job::LoginGuardCleanup, Turn::Skipped),
            (Job::Warnings, Turn::Skipped),
            (Job::ExportCleanup, Turn::Skipped),
            (Job::TerminalUpkeep, Turn::Skipped),
            (Job::PlatformFeed, Turn::Skipped),
            (Job::DisputeLeads, Turn::Skipped)
        ]
    );

    assert_eq!(
        app.scalar("SELECT COUNT(*) FROM job_runs WHERE slot IS NOT NULL").await,
        Job::ALL.len() as i64,
        "one run per job for the slot"
    );
    assert_eq!(
        app.scalar(
            "SELECT COUNT(*) FROM job_runs WHERE slot IS NULL AND job = 'payout_recovery' AND instance = 'host:2'"
        )
        .await,
        1
    );
    let details: Vec<String> = jobs::recent(&app.db, 10).await.unwrap().into_iter().map(|run| run.detail).collect();
    assert!(details.contains(&"removed 1 sessions and 0 workers' sessions".to_owned()), "{details:?}");
    assert!(details.contains(&"forgot 1 failed-password counts".to_owned()), "{details:?}");
}
both!(two_instances_share_the_schedule_and_each_start_recovers_payouts);

async fn the_health_check_answers_when_the_database_does(app: &TestApp) {
    let (status, body) = app.send(Request::get("/healthz").body(Body::empty()).unwrap()).await;
    assert_eq!((status, body.as_str()), (200, Some("ok\n")));
    app.db.close().await;
    let (status, body) = app.send(Request::get("/healthz").body(Body::empty()).unwrap()).await;
    assert_eq!((status, body.as_str()), (503, Some("database unavailable\n")));
}
both!(the_health_check_answers_when_the_database_does);
