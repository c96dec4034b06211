#!/usr/bin/env bash
# The roster list (Worker/list: the session's account, a filtered COUNT kept a few seconds and a page of 20
# joined lines), after user info (the session with no roster work) as the ceiling on these cores,
# with 100,000 workers on the demo project, under wrk on loopback (DESIGN §6: ≥ 3,000 req/s, p99 < 25 ms).
# The workers are seeded with SQL (50 teams of 2,000 under the demo contractor, 90 % on site).
# Usage: bash bench/roster.sh [sqlite|postgres]   (needs a release build: cargo build --release -p wageguard)
# WORKERS (default 100000) sets the roster's size, WAGEGUARD_BIN another build.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
BACKEND="${1:-sqlite}"
PORT=8192
WORKERS="${WORKERS:-100000}"
DIR="$(mktemp -d)"
command -v wrk >/dev/null || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk >/dev/null; }
if [ "$BACKEND" = postgres ]; then
  NAME="wg_bench_roster_$$"
  psql -q -h 127.0.0.1 -U postgres -d test -c "CREATE DATABASE $NAME" >/dev/null
  export DATABASE_URL="postgres://postgres@127.0.0.1:5432/$NAME"
  run_sql() { psql -q -h 127.0.0.1 -U postgres -d "$NAME" -v ON_ERROR_STOP=1; }
  PAD="lpad(CAST(n AS TEXT), 8, '0')"
else
  export DATABASE_URL="sqlite://$DIR/bench.db"
  command -v sqlite3 >/dev/null || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq sqlite3 >/dev/null; }
  run_sql() { sqlite3 "$DIR/bench.db"; }
  PAD="printf('%08d', n)"
fi
export WAGEGUARD_CAPTCHA=off WAGEGUARD_ADDR="127.0.0.1:$PORT" RUST_LOG=warn
source "$ROOT/bench/lib.sh"
BIN="${WAGEGUARD_BIN:-$ROOT/target/release/wageguard}"
"$BIN" demo >/dev/null
echo "seeding $WORKERS workers ($BACKEND)…"
run_sql <<SQL
INSERT INTO teams (project_id, unit_id, name, work_type, entry_date, created_at, updated_at)
WITH RECURSIVE seq(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM seq WHERE n < 50)
SELECT 1, (SELECT id FROM project_units WHERE project_id = 1 AND role = 'contractor'), '压测班' || n, '3', '2026-03-01', 0, 0 FROM seq;
INSERT INTO workers (id_number, name, gender, birth_date, phone, created_at, updated_at)
WITH RECURSIVE seq(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM seq WHERE n < $WORKERS)
SELECT '4101221980' || $PAD, (CASE n % 5 WHEN 0 THEN '王' WHEN 1 THEN '李' WHEN 2 THEN '张' WHEN 3 THEN '刘' ELSE '陈' END) || '压测' || n,
  1 + n % 2, '1980-01-01', '13900000000', 0, 0 FROM seq;
INSERT INTO employments (project_id, worker_id, unit_id, team_id, work_type, wage_kind, wage_fen, entry_date, exit_date, status, created_at, updated_at)
SELECT 1, w.id, t.unit_id, t.id, '3', 'day', 35000, '2026-03-01', CASE WHEN w.id % 10 = 0 THEN '2026-06-01' ELSE '' END,
  CASE WHEN w.id % 10 = 0 THEN 2 ELSE 1 END, 0, 0
FROM workers w JOIN teams t ON t.name = '压测班' || (1 + w.id % 50)
WHERE w.id_number LIKE '4101221980%';
SQL
# The steady state autovacuum keeps: statistics, and (PostgreSQL) the visibility map for index-only scans.
if [ "$BACKEND" = postgres ]; then echo "VACUUM ANALYZE;" | run_sql; else echo "ANALYZE;" | run_sql; fi
skip_startup_jobs
# No per-address limit on user info: the ceiling is the request's own work, not the limiter's refusals.
printf '[rate_limits]\npublic_per_minute = 0\n' > "$DIR/wageguard.toml"
"$BIN" --config "$DIR/wageguard.toml" serve & PID=$!
cleanup() {
  kill "$PID" 2>/dev/null || true
  wait "$PID" 2>/dev/null || true
  if [ "$BACKEND" = postgres ]; then psql -q -h 127.0.0.1 -U postgres -d test -c "DROP DATABASE IF EXISTS $NAME WITH (FORCE)" >/dev/null; fi
  rm -rf "$DIR"
}
trap cleanup EXIT
for _ in $(seq 50); do curl -sf "http://127.0.0.1:$PORT/builder/common/v1/public/Message" >/dev/null && break; sleep 0.1; done
rss() { awk '/VmRSS/ {printf "%.1f MB", $2/1024}' "/proc/$PID/status"; }
TOKEN="$(curl -s -X POST -d "username=demo&password=$(printf 'Demo@12345' | base64)" \
  "http://127.0.0.1:$PORT/builder/common/v1/Public/login" | sed -E 's/.*"phpsessid":"([0-9a-f]+)".*/\1/')"
BASE="http://127.0.0.1:$PORT/builder/user/v1/Worker/list"
UNIT="$(curl -s -H "X-Token: $TOKEN" "http://127.0.0.1:$PORT/builder/user/v1/Worker/options" | grep -o '"units":\[{"value":[0-9]*' | grep -o '[0-9]*$')"
TEAM="$(curl -s -H "X-Token: $TOKEN" "http://127.0.0.1:$PORT/builder/user/v1/Worker/options" | grep -o '"value":[0-9]*,"label":"压测班7"' | grep -o '[0-9]*' | head -1)"
echo "backend: $BACKEND, roster lines: $(curl -s -H "X-Token: $TOKEN" "$BASE?limit=1" | grep -o '"total":[0-9]*')"
load() { wrk -t2 -c4 -d10s --latency -H "X-Token: $TOKEN" "$1" | grep -E "Requests/sec|^ +(50|99)%"; }
bench() {
  echo "--- $1"
  echo "    $(curl -s -H "X-Token: $TOKEN" "$BASE?$2" | grep -o '"total":[0-9]*')"
  load "$BASE?$2"
}
echo "--- the ceiling: user info (Public/get: the session, the account and its project; no roster work)"
load "http://127.0.0.1:$PORT/builder/common/v1/Public/get"
bench "team + on site, page 3 of 20" "teamId=$TEAM&status=1&page=3&limit=20"
bench "unit + work type + entry range + on site, page 1 of 20" "unitId=$UNIT&workType=3&status=1&entryFrom=2026-01-01&entryTo=2026-12-31&limit=20"
bench "ID number prefix, page 1 of 20" "idNumber=4101221980000123&limit=20"
bench "name contains 王压测1234, page 1 of 20" "name=%E7%8E%8B%E5%8E%8B%E6%B5%8B1234&limit=20"
bench "no filter, page 1 of 20" "limit=20"
echo "memory under load: $(rss)"
