-- Issue 12: scheduled jobs run once across instances. An instance runs a job for a period (`slot`, the
-- period's first second, unix time) only if it inserts that row first: the unique key is the lock, the row the
-- record. `slot` NULL is an instance's start-up run of a job that must not wait for the next period (payout
-- recovery after a crash); NULLs never collide, so every start is recorded. `finished_at` NULL and
-- `outcome` 'running' stay on a run whose instance died mid-run.
CREATE TABLE job_runs (
    id INTEGER PRIMARY KEY,
    job TEXT NOT NULL,
    slot BIGINT,
    instance TEXT NOT NULL,
    started_at BIGINT NOT NULL,
    finished_at BIGINT,
    outcome TEXT NOT NULL CHECK (outcome IN ('running', 'ok', 'failed')),
    detail TEXT NOT NULL DEFAULT '',
    UNIQUE (job, slot)
);
CREATE INDEX job_runs_started ON job_runs (started_at);
