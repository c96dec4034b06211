#!/usr/bin/env bash
# 统计报表 (issue 16, budget < 500 ms per report): the three reports timed for the builder on one big project and
# for a regulator of the whole area across all projects. Seeded with SQL on top of the demo data: 100,000
# workers (20,000 on the demo project, 80,000 on 80 approved projects of 1,000), 25 attended days each over the
# last five weeks (2,500,000 attendance days, i.e. 5,000,000 punches as ingest keeps them: one in, one out),
# 12 finished months of wages (1.2 M lines, each paid by a payout and its special-account flow).
# Usage: bash bench/reports.sh [sqlite|postgres]   (WAGEGUARD_BIN: another build; default the release build, else
# the debug build; RUNS: timed runs per request, default 5; PORT default 8597)
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
BACKEND="${1:-sqlite}"
RUNS="${RUNS:-5}"
PORT="${PORT:-8597}"
BIG=20000
PROJECTS=80
PER_PROJECT=1000
DIR="$(mktemp -d)"
BIN="${WAGEGUARD_BIN:-$ROOT/target/release/wageguard}"
[ -x "$BIN" ] || BIN="$ROOT/target/debug/wageguard"
if [ "$BACKEND" = postgres ]; then
  NAME="wg_bench_reports_$$"
  psql -q -h 127.0.0.1 -U postgres -d test -c "CREATE DATABASE $NAME" >/dev/null
  export DATABASE_URL="postgres://postgres@127.0.0.1:5432/$NAME"
  run_sql() { psql -q -tA -h 127.0.0.1 -U postgres -d "$NAME" -v ON_ERROR_STOP=1; }
  PAD="lpad(CAST(n AS TEXT), 8, '0')"
  EPOCH="CAST(EXTRACT(EPOCH FROM CAST(s.month || '-15 04:00:00' AS TIMESTAMP)) AS BIGINT) + 2678400"
else
  export DATABASE_URL="sqlite://$DIR/bench.db"
  command -v sqlite3 >/dev/null || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq sqlite3 >/dev/null; }
  run_sql() { sqlite3 -bail "$DIR/bench.db"; }
  PAD="printf('%08d', n)"
  EPOCH="CAST(strftime('%s', s.month || '-15 04:00:00') AS INTEGER) + 2678400"
fi
export WAGEGUARD_CAPTCHA=off WAGEGUARD_ADDR="127.0.0.1:$PORT" RUST_LOG=warn WAGEGUARD_DATA_DIR="$DIR/data"
source "$ROOT/bench/lib.sh"
"$BIN" demo >/dev/null
THIS_MONTH="$(TZ=Asia/Shanghai date +%Y-%m-01)"
MONTHS="$(for i in $(seq 1 12); do printf "('%s')," "$(date -d "$THIS_MONTH -$i month" +%Y-%m)"; done | sed 's/,$//')"
# The last 35 days: 25 of them attended (weekends left out).
DAYS="$(for i in $(seq 1 35); do d="$(TZ=Asia/Shanghai date -d "-$i day" +%F)"; [ "$(date -d "$d" +%u)" -lt 6 ] && printf "('%s')," "$d"; done | sed 's/,$//')"
WORKERS=$((BIG + PROJECTS * PER_PROJECT))
echo "seeding $WORKERS workers, 2.5 M attendance days, 12 months of paid wages ($BACKEND)…"
start=$(date +%s)
run_sql <<SQL
INSERT INTO projects (name, audit_status, district_code, start_time, created_at)
WITH RECURSIVE seq(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM seq WHERE n < $PROJECTS)
SELECT '报表压测项目' || n, '2', '4101,410105', '2024-01-01', 0 FROM seq;
INSERT INTO special_accounts (project_id, open_status, open_time, balance_fen, created_at, updated_at)
SELECT id, 1, '2024-01-10', 100000000000, 0, 0 FROM projects WHERE name LIKE '报表压测项目%';
INSERT INTO workers (id_number, name, gender, birth_date, created_at, updated_at)
WITH RECURSIVE seq(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM seq WHERE n < $WORKERS)
SELECT '4101221970' || $PAD, '报表' || n, 1 + n % 2, '1970-01-01', 0, 0 FROM seq;
INSERT INTO employments (project_id, worker_id, unit_id, work_type, wage_kind, wage_fen, entry_date, status, created_at, updated_at)
SELECT CASE WHEN n <= $BIG THEN 1 ELSE (SELECT MIN(id) FROM projects WHERE name LIKE '报表压测项目%') + (n - $BIG - 1) / $PER_PROJECT END,
  w.id, (SELECT id FROM project_units WHERE project_id = 1 AND role = 'contractor'), CAST(1 + n % 9 AS TEXT), 'day', 30000,
  '2024-01-01', 1, 0, 0
FROM (SELECT id, CAST(substr(id_number, 11) AS INTEGER) AS n FROM workers WHERE id_number LIKE '4101221970%') w;
INSERT INTO attendance_days (project_id, worker_id, day, first_at, last_at, punches, minutes, attended)
WITH days(d) AS (VALUES $DAYS)
SELECT e.project_id, e.worker_id, days.d, 0, 0, 2, 600, TRUE
FROM employments e JOIN workers w ON w.id = e.worker_id CROSS JOIN days WHERE w.id_number LIKE '4101221970%';
INSERT INTO wage_sheets (project_id, month, unit_id, team_id, seq, status, created_at)
WITH months(m) AS (VALUES $MONTHS)
SELECT p.id, m.m, (SELECT id FROM project_units WHERE project_id = 1 AND role = 'contractor'), 0, 7, 'paid', 0
FROM projects p CROSS JOIN months m WHERE p.id = 1 OR p.name LIKE '报表压测项目%';
INSERT INTO wage_lines (sheet_id, project_id, month, worker_id, employment_id, days, wage_kind, wage_fen, prefill_fen, payable_fen, net_fen)
SELECT s.id, s.project_id, s.month, e.worker_id, e.id, 20, 'day', 30000, 600000, 600000, 600000
FROM wage_sheets s JOIN employments e ON e.project_id = s.project_id JOIN workers w ON w.id = e.worker_id
WHERE s.seq = 7 AND w.id_number LIKE '4101221970%';
INSERT INTO wage_orders (project_id, order_no, month, status, total_fen, line_count, created_at)
SELECT project_id, 'R' || CAST(id AS TEXT), month, 'paid', 600000, 1, 0 FROM wage_sheets WHERE seq = 7;
INSERT INTO payouts (order_id, project_id, line_id, worker_id, amount_fen, card_number, card_bank, status)
SELECT o.id, l.project_id, l.id, l.worker_id, l.net_fen, '6217000000000000', '102', 'paid'
FROM wage_lines l JOIN wage_sheets s ON s.id = l.sheet_id JOIN wage_orders o ON o.order_no = 'R' || CAST(s.id AS TEXT);
INSERT INTO account_flows (project_id, direction, amount_fen, balance_after_fen, source, payout_id, occurred_at)
SELECT p.project_id, 'out', p.amount_fen, 100000000000, 'payout', p.id, $EPOCH
FROM payouts p JOIN wage_lines l ON l.id = p.line_id JOIN wage_sheets s ON s.id = l.sheet_id
JOIN wage_orders o ON o.id = p.order_id WHERE o.order_no LIKE 'R%';
SQL
if [ "$BACKEND" = postgres ]; then echo "VACUUM ANALYZE;" | run_sql; else echo "ANALYZE;" | run_sql; fi
echo "seeded in $(( $(date +%s) - start )) s: $(echo "SELECT (SELECT COUNT(*) FROM attendance_days) || ' attendance days, ' || (SELECT COUNT(*) FROM wage_lines) || ' wage lines, ' || (SELECT COUNT(*) FROM account_flows) || ' flows';" | run_sql)"
skip_startup_jobs
"$BIN" serve & PID=$!
cleanup() {
  kill "$PID" 2>/dev/null || true
  wait "$PID" 2>/dev/null || true
  if [ "$BACKEND" = postgres ]; then psql -q -h 127.0.0.1 -U postgres -d test -c "DROP DATABASE IF EXISTS $NAME WITH (FORCE)" >/dev/null; fi
  rm -rf "$DIR"
}
trap cleanup EXIT
URL="http://127.0.0.1:$PORT"
for _ in $(seq 100); do curl -sf "$URL/builder/common/v1/public/Message" >/dev/null && break; sleep 0.1; done
login() { curl -s -X POST -d "username=$1&password=$(printf '%s' "$2" | base64)" "$URL/builder/common/v1/Public/login" | sed -E 's/.*"phpsessid":"([0-9a-f]+)".*/\1/'; }
BUILDER="$(login demo Demo@12345)"
REGULATOR="$(login admin Admin@12345)"
# The timed requests, one per line: who, what, path with query (the data screen has its own, bench/screen.sh).
REQUESTS="builder 用工结构 /builder/report/v1/Report/people
builder 考勤统计 /builder/report/v1/Report/attendance
builder 工资统计 /builder/report/v1/Report/wage
regulator 用工结构 /builder/report/v1/Report/people
regulator 考勤统计 /builder/report/v1/Report/attendance
regulator 工资统计 /builder/report/v1/Report/wage"
millis() { date +%s%3N; }
echo "who        report    median  max  (ms, $RUNS runs after a warm-up; budget 500)"
while read -r who what path; do
  token="$BUILDER"; [ "$who" = regulator ] && token="$REGULATOR"
  reply="$(curl -s -H "X-Token: $token" "$URL$path")"
  case "$reply" in *'"code":201'*) ;; *) echo "$who $what: ${reply:0:200}"; exit 1 ;; esac
  times=()
  for _ in $(seq "$RUNS"); do
    t0=$(millis); curl -s -o /dev/null -H "X-Token: $token" "$URL$path"; t1=$(millis)
    times+=($((t1 - t0)))
  done
  sorted=($(printf '%s\n' "${times[@]}" | sort -n))
  printf '%-10s %-8s %6s %5s\n' "$who" "$what" "${sorted[$((RUNS / 2))]}" "${sorted[$((RUNS - 1))]}"
done <<< "$REQUESTS"
