#!/usr/bin/env bash
# The early-warning engine (issue 15, DESIGN §6 budget < 10 s): one full run over 1,000 approved projects with
# 100 workers each (100,000), 12 finished months of wages (1,200,000 wage lines, each paid by its order),
# one attended day per worker and month (1,200,000 attendance days) and a labour-cost inflow per project and
# month (the 15th, noon China time). A tenth of the projects left the month before last unpaid (overdue) and
# every project's last punch is on the 10th of last month (no attendance for 7 days), so the run raises
# warnings. Then a second run, which must write nothing. Seeded with SQL on top of the demo data.
# Usage: bash bench/warnings.sh [sqlite|postgres]   (WAGEGUARD_BIN: another build; default the release build,
# else the debug build)
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
BACKEND="${1:-sqlite}"
PROJECTS=1000
PER_PROJECT=100
DIR="$(mktemp -d)"
BIN="${WAGEGUARD_BIN:-$ROOT/target/release/wageguard}"
[ -x "$BIN" ] || BIN="$ROOT/target/debug/wageguard"
if [ "$BACKEND" = postgres ]; then
  NAME="wg_bench_warnings_$$"
  psql -q -h 127.0.0.1 -U postgres -d test -c "CREATE DATABASE $NAME" >/dev/null
  export DATABASE_URL="postgres://postgres@127.0.0.1:5432/$NAME"
  run_sql() { psql -q -tA -h 127.0.0.1 -U postgres -d "$NAME" -v ON_ERROR_STOP=1; }
  PAD="lpad(CAST(n AS TEXT), 8, '0')"
  EPOCH="CAST(EXTRACT(EPOCH FROM CAST(month || '-15 04:00:00' AS TIMESTAMP)) AS BIGINT)"
else
  export DATABASE_URL="sqlite://$DIR/bench.db"
  command -v sqlite3 >/dev/null || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq sqlite3 >/dev/null; }
  run_sql() { sqlite3 -bail "$DIR/bench.db"; }
  PAD="printf('%08d', n)"
  EPOCH="CAST(strftime('%s', month || '-15 04:00:00') AS INTEGER)"
fi
cleanup() {
  if [ "$BACKEND" = postgres ]; then psql -q -h 127.0.0.1 -U postgres -d test -c "DROP DATABASE IF EXISTS $NAME WITH (FORCE)" >/dev/null; fi
  rm -rf "$DIR"
}
trap cleanup EXIT
export RUST_LOG=warn WAGEGUARD_DATA_DIR="$DIR/data"
"$BIN" demo >/dev/null
# The 12 finished months before this one, China time.
THIS_MONTH="$(TZ=Asia/Shanghai date +%Y-%m-01)"
MONTHS="$(for i in $(seq 1 12); do printf "('%s')," "$(date -d "$THIS_MONTH -$i month" +%Y-%m)"; done | sed 's/,$//')"
OVERDUE="$(date -d "$THIS_MONTH -2 month" +%Y-%m)"
WORKERS=$((PROJECTS * PER_PROJECT))
echo "seeding $PROJECTS projects, $WORKERS workers, 12 months ($BACKEND)…"
start=$(date +%s)
run_sql <<SQL
INSERT INTO projects (name, audit_status, district_code, start_time, created_at)
WITH RECURSIVE seq(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM seq WHERE n < $PROJECTS)
SELECT '压测项目' || n, '2', '4101,410105', '2024-01-01', 0 FROM seq;
INSERT INTO special_accounts (project_id, open_status, open_time, balance_fen, created_at, updated_at)
SELECT id, 1, '2024-01-10', 100000000000, 0, 0 FROM projects WHERE name LIKE '压测项目%';
INSERT INTO workers (id_number, name, gender, created_at, updated_at)
WITH RECURSIVE seq(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM seq WHERE n < $WORKERS)
SELECT 'B1' || $PAD, '压测' || n, 1, 0, 0 FROM seq;
INSERT INTO employments (project_id, worker_id, unit_id, entry_date, contract_signed, status, created_at, updated_at)
SELECT (SELECT MIN(id) FROM projects WHERE name LIKE '压测项目%') + (CAST(substr(w.id_number, 3) AS INTEGER) - 1) / $PER_PROJECT,
  w.id, (SELECT id FROM project_units WHERE project_id = 1 AND role = 'builder'), '2024-01-01', TRUE, 1, 0, 0
FROM workers w WHERE w.id_number LIKE 'B1%';
INSERT INTO wage_sheets (project_id, month, unit_id, team_id, seq, status, created_at)
WITH months(m) AS (VALUES $MONTHS)
SELECT p.id, m.m, (SELECT id FROM project_units WHERE project_id = 1 AND role = 'builder'), 0, 1, 'paid', 0
FROM projects p CROSS JOIN months m WHERE p.name LIKE '压测项目%';
INSERT INTO wage_lines (sheet_id, project_id, month, worker_id, employment_id, days, wage_kind, wage_fen, prefill_fen, payable_fen, net_fen)
SELECT s.id, s.project_id, s.month, e.worker_id, e.id, 20, 'day', 30000, 600000, 600000, 600000
FROM wage_sheets s JOIN employments e ON e.project_id = s.project_id WHERE s.month >= '2000' AND s.project_id > 2;
INSERT INTO wage_orders (project_id, order_no, month, status, total_fen, line_count, created_at)
SELECT project_id, 'B' || CAST(id AS TEXT), month, 'paid', 60000000, 100, 0 FROM wage_sheets WHERE project_id > 2;
INSERT INTO payouts (order_id, project_id, line_id, worker_id, amount_fen, card_number, card_bank, status)
SELECT o.id, l.project_id, l.id, l.worker_id, l.net_fen, '6217000000000000', '102', 'paid'
FROM wage_lines l JOIN wage_sheets s ON s.id = l.sheet_id JOIN wage_orders o ON o.order_no = 'B' || CAST(s.id AS TEXT)
WHERE l.project_id > 2 AND NOT (s.month = '$OVERDUE' AND l.project_id % 10 = 0);
UPDATE wage_sheets SET status = 'confirmed' WHERE month = '$OVERDUE' AND project_id > 2 AND project_id % 10 = 0;
INSERT INTO attendance_days (project_id, worker_id, day, first_at, last_at, punches, minutes, attended)
SELECT project_id, worker_id, month || '-10', 0, 0, 2, 600, TRUE FROM wage_lines WHERE project_id > 2;
INSERT INTO account_flows (project_id, direction, amount_fen, balance_after_fen, source, occurred_at)
SELECT project_id, 'in', 60000000, 100000000000, 'bank', $EPOCH FROM wage_sheets WHERE project_id > 2;
SQL
if [ "$BACKEND" = postgres ]; then
  echo "VACUUM ANALYZE;" | run_sql
else
  echo "ANALYZE;" | run_sql
fi
echo "seeded in $(( $(date +%s) - start )) s"
count() { echo "SELECT (SELECT COUNT(*) FROM warnings) || ' warnings, ' || (SELECT COUNT(*) FROM messages) || ' messages, ' || (SELECT COUNT(*) FROM operation_log) || ' log lines';" | run_sql; }
echo "first run:  $("$BIN" warnings run 2>/dev/null)"
echo "            $(count)"
echo "second run: $("$BIN" warnings run 2>/dev/null)"
echo "            $(count)"
