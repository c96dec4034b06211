# Shared by bench/wage_sheet.sh and bench/wage_payout.sh: a demo database with 10,000 more workers on the demo
# contractor (5.00 yuan a day so a whole month fits the demo balance) and 31 attended days each in 2025-01,
# then a release server on $PORT logged in as demo ($TOKEN) and finance ($FINANCE).
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
BACKEND="${1:-sqlite}"
WORKERS=10000
MONTH=2025-01
DIR="$(mktemp -d)"
if [ "$BACKEND" = postgres ]; then
  NAME="wg_bench_wage_$$"
  psql -q -h 127.0.0.1 -U postgres -d test -c "CREATE DATABASE $NAME" >/dev/null
  export DATABASE_URL="postgres://postgres@127.0.0.1:5432/$NAME"
  run_sql() { psql -q -tA -h 127.0.0.1 -U postgres -d "$NAME" -v ON_ERROR_STOP=1; }
  PAD="lpad(CAST(n AS TEXT), 8, '0')"
else
  export DATABASE_URL="sqlite://$DIR/bench.db"
  command -v sqlite3 >/dev/null || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq sqlite3 >/dev/null; }
  run_sql() { sqlite3 "$DIR/bench.db"; }
  PAD="printf('%08d', n)"
fi
export WAGEGUARD_CAPTCHA=off WAGEGUARD_ADDR="127.0.0.1:$PORT" RUST_LOG=warn
source "$ROOT/bench/lib.sh"
BIN="$ROOT/target/release/wageguard"
"$BIN" demo >/dev/null
echo "seeding $WORKERS workers × 31 days ($BACKEND)…"
run_sql <<SQL
INSERT INTO teams (project_id, unit_id, name, work_type, entry_date, created_at, updated_at)
SELECT 1, id, '压测班', '3', '2024-12-01', 0, 0 FROM project_units WHERE project_id = 1 AND role = 'contractor';
INSERT INTO workers (id_number, name, gender, birth_date, phone, wage_card_number, wage_card_bank, created_at, updated_at)
WITH RECURSIVE seq(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM seq WHERE n < $WORKERS)
SELECT '4101221980' || $PAD, '压测' || n, 1 + n % 2, '1980-01-01', '13900000000', '6217' || $PAD, '102', 0, 0 FROM seq;
INSERT INTO employments (project_id, worker_id, unit_id, team_id, work_type, wage_kind, wage_fen, entry_date, status, created_at, updated_at)
SELECT 1, w.id, t.unit_id, t.id, '3', 'day', 500, '2024-12-01', 1, 0, 0
FROM workers w JOIN teams t ON t.name = '压测班' WHERE w.id_number LIKE '4101221980%';
INSERT INTO attendance_days (project_id, worker_id, day, first_at, last_at, punches, minutes, attended)
WITH RECURSIVE d(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM d WHERE n < 31)
SELECT 1, w.id, '$MONTH-' || CASE WHEN d.n < 10 THEN '0' ELSE '' END || CAST(d.n AS TEXT), 0, 0, 2, 600, TRUE
FROM workers w CROSS JOIN d WHERE w.id_number LIKE '4101221980%';
SQL
if [ "$BACKEND" = postgres ]; then echo "VACUUM ANALYZE;" | run_sql; else echo "ANALYZE;" | run_sql; fi
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
for _ in $(seq 50); do curl -sf "$URL/builder/common/v1/public/Message" >/dev/null && break; sleep 0.1; done
login() { curl -s -X POST -d "username=$2&password=$(printf 'Demo@12345' | base64)" "$URL/$1" | sed -E 's/.*"phpsessid":"([0-9a-f]+)".*/\1/'; }
TOKEN="$(login builder/common/v1/Public/login demo)"
FINANCE="$(login finance/common/v1/Public/Financelogin finance)"
UNIT="$(echo "SELECT id FROM project_units WHERE project_id = 1 AND role = 'contractor';" | run_sql | tr -d ' ')"
TEAM="$(echo "SELECT id FROM teams WHERE name = '压测班';" | run_sql | tr -d ' ')"
millis() { date +%s%3N; }
# Times one POST and prints "<ms> <reply>".
timed_post() {
  local start end reply
  start=$(millis)
  reply="$(curl -s -X POST -H "X-Token: $1" -d "$3" "$URL/$2")"
  end=$(millis)
  echo "$((end - start)) $reply"
}
