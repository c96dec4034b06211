#!/usr/bin/env bash
# The data screen's one call (Screen/data) with 100,000 workers on the demo project and 5,000,000 punches:
# 2,500,000 attended days over the last 30 days (25 per worker), two punches each (DESIGN §6: < 500 ms).
# Everything is seeded with SQL; the clerk's call, then the whole area's (/admin/…), each asked 10 times.
# Usage: bash bench/screen.sh [sqlite|postgres]   (a release build: cargo build --release -p wageguard;
# WAGEGUARD_BIN another build)
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
BACKEND="${1:-sqlite}"
PORT=8193
WORKERS=100000
DIR="$(mktemp -d)"
if [ "$BACKEND" = postgres ]; then
  NAME="wg_bench_screen_$$"
  psql -q -h 127.0.0.1 -U postgres -d test -c "CREATE DATABASE $NAME" >/dev/null
  export DATABASE_URL="postgres://postgres@127.0.0.1:5432/$NAME"
  run_sql() { psql -q -tA -h 127.0.0.1 -U postgres -d "$NAME" -v ON_ERROR_STOP=1; }
  PAD="lpad(CAST(n AS TEXT), 8, '0')"
  DAY="to_char((now() AT TIME ZONE 'Asia/Shanghai')::date - d, 'YYYY-MM-DD')"
  NOW="CAST(extract(epoch FROM now()) AS BIGINT)"
else
  export DATABASE_URL="sqlite://$DIR/bench.db"
  command -v sqlite3 >/dev/null || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq sqlite3 >/dev/null; }
  run_sql() { sqlite3 "$DIR/bench.db"; }
  PAD="printf('%08d', n)"
  DAY="date('now', '+8 hours', '-' || d || ' days')"
  NOW="CAST(strftime('%s', 'now') AS INTEGER)"
fi
export WAGEGUARD_CAPTCHA=off WAGEGUARD_ADDR="127.0.0.1:$PORT" RUST_LOG=warn
source "$ROOT/bench/lib.sh"
BIN="${WAGEGUARD_BIN:-$ROOT/target/release/wageguard}"
"$BIN" demo >/dev/null
echo "seeding $WORKERS workers, their attended days and punches ($BACKEND)…"
START=$(date +%s)
run_sql <<SQL
INSERT INTO teams (project_id, unit_id, name, work_type, entry_date, created_at, updated_at)
WITH RECURSIVE seq(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM seq WHERE n < 50)
SELECT 1, (SELECT id FROM project_units WHERE project_id = 1 AND role = 'contractor'), '压测班' || n, CAST(1 + n % 8 AS TEXT), '2026-03-01', 0, 0 FROM seq;
INSERT INTO workers (id_number, name, gender, birth_date, phone, created_at, updated_at)
WITH RECURSIVE seq(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM seq WHERE n < $WORKERS)
SELECT '4101221980' || $PAD, '压测' || n, 1 + n % 2, '1980-01-01', '13900000000', 0, 0 FROM seq;
INSERT INTO employments (project_id, worker_id, unit_id, team_id, work_type, wage_kind, wage_fen, entry_date, exit_date, status, created_at, updated_at)
SELECT 1, w.id, t.unit_id, t.id, t.work_type, 'day', 35000, '2026-03-01', '', 1, 0, 0
FROM workers w JOIN teams t ON t.name = '压测班' || (1 + w.id % 50)
WHERE w.id_number LIKE '4101221980%';
INSERT INTO attendance_days (project_id, worker_id, day, first_at, last_at, punches, minutes, attended)
WITH RECURSIVE days(d) AS (SELECT 0 UNION ALL SELECT d + 1 FROM days WHERE d < 29)
SELECT 1, e.worker_id, $DAY, $NOW - d * 86400 - 36000, $NOW - d * 86400, 2, 600, TRUE
FROM employments e CROSS JOIN days WHERE e.team_id IN (SELECT id FROM teams WHERE name LIKE '压测班%') AND (e.worker_id + d) % 6 <> 0;
INSERT INTO punches (project_id, worker_id, punched_at, day, direction, source, device_id, created_at)
SELECT project_id, worker_id, first_at, day, 'in', 'import', 0, first_at FROM attendance_days WHERE punches = 2
UNION ALL
SELECT project_id, worker_id, last_at, day, 'out', 'import', 0, last_at FROM attendance_days WHERE punches = 2;
SQL
# The steady state autovacuum keeps: statistics, and (PostgreSQL) the visibility map for index-only scans.
if [ "$BACKEND" = postgres ]; then echo "VACUUM ANALYZE;" | run_sql; else echo "ANALYZE;" | run_sql; fi
echo "seeded in $(( $(date +%s) - START )) s: $(echo "SELECT COUNT(*) FROM punches;" | run_sql | tr -d ' ') punches, $(echo "SELECT COUNT(*) FROM attendance_days;" | run_sql | tr -d ' ') attended days"
skip_startup_jobs
"$BIN" serve & PID=$!
cleanup() {
  kill "$PID" 2>/dev/null || true
  wait "$PID" 2>/dev/null || true
  if [ "$BACKEND" = postgres ]; then psql -q -h 127.0.0.1 -U postgres -d test -c "DROP DATABASE IF EXISTS $NAME WITH (FORCE)" >/dev/null; fi
  rm -rf "$DIR"
}
trap cleanup EXIT
for _ in $(seq 100); do curl -sf "http://127.0.0.1:$PORT/builder/common/v1/public/Message" >/dev/null && break; sleep 0.1; done
token() {
  curl -s -X POST -d "username=$1&password=$(printf '%s' "$2" | base64)" "http://127.0.0.1:$PORT/builder/common/v1/Public/login" \
    | sed -E 's/.*"phpsessid":"([0-9a-f]+)".*/\1/'
}
measure() {
  local label="$1" url="$2" tok="$3"
  curl -s -H "X-Token: $tok" "$url" | grep -o '"onSite":[0-9]*,"attendedToday":[0-9]*' | sed "s/^/    $label: /"
  local times=()
  for _ in $(seq 10); do times+=("$(curl -s -o /dev/null -w '%{time_total}' -H "X-Token: $tok" "$url")"); done
  printf '%s\n' "${times[@]}" | sort -n | awk -v label="$label" '{t[NR]=$1} END {printf "    %s: min %.0f ms, median %.0f ms, max %.0f ms\n", label, t[1]*1000, t[int((NR+1)/2)]*1000, t[NR]*1000}'
}
echo "backend: $BACKEND"
measure "project (demo)" "http://127.0.0.1:$PORT/builder/screen/v1/Screen/data" "$(token demo Demo@12345)"
measure "whole area (admin)" "http://127.0.0.1:$PORT/admin/screen/v1/Screen/data" "$(token admin Admin@12345)"
