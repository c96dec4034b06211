# What the bench scripts share; sourced after they define run_sql (SQL on stdin into the bench's database).

# The start-up job round would run the warning engine over a bench's data (minutes; bench/warnings.sh times it)
# while the requests are timed: today's slot of every job is recorded as run, so that serve skips it, and with
# WAGEGUARD_JOB_INTERVAL=86400 (set here) no other round comes during the bench.
export WAGEGUARD_JOB_INTERVAL=86400
skip_startup_jobs() {
  local now slot
  now="$(date +%s)"
  slot=$((now - now % 86400))
  echo "INSERT INTO job_runs (job, slot, instance, started_at, finished_at, outcome) SELECT job, $slot, 'bench', $now, $now, 'ok'
FROM (SELECT 'payout_recovery' AS job UNION ALL SELECT 'session_cleanup' UNION ALL SELECT 'login_guard_cleanup'
UNION ALL SELECT 'warnings' UNION ALL SELECT 'export_cleanup') jobs;" | run_sql
}
