#!/usr/bin/env bash
# Device punch ingest (DESIGN §6: ≥ 5,000 punches/s sustained, nothing lost): 10,000 workers on the demo
# roster, each in and out on each of the last 10 days (200,000 punches), pushed through /device/v1/punch in
# signed batches of 1,000 from 4 connections (bench/punch_ingest.mjs). Afterwards the stored punches and
# attendance days are counted in the database.
# Usage: bash bench/punch_ingest.sh [sqlite|postgres]   (needs a release build: cargo build --release -p wageguard)
# WORKERS, DAYS, BATCH, CONNECTIONS and WAGEGUARD_BIN (another build) override the defaults.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
BACKEND="${1:-sqlite}"
PORT=8193
WORKERS="${WORKERS:-10000}"
DAYS="${DAYS:-10}"
BATCH="${BATCH:-1000}"
CONNECTIONS="${CONNECTIONS:-4}"
DIR="$(mktemp -d)"
if [ "$BACKEND" = postgres ]; then
  NAME="wg_bench_punch_$$"
  psql -q -h 127.0.0.1 -U postgres -d test -c "CREATE DATABASE $NAME" >/dev/null
  export DATABASE_URL="postgres://postgres@127.0.0.1:5432/$NAME"
  run_sql() { psql -q -t -A -h 127.0.0.1 -U postgres -d "$NAME" -v ON_ERROR_STOP=1; }
else
  export DATABASE_URL="sqlite://$DIR/bench.db"
  command -v sqlite3 >/dev/null || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq sqlite3 >/dev/null; }
  run_sql() { sqlite3 "$DIR/bench.db"; }
fi
export WAGEGUARD_CAPTCHA=off WAGEGUARD_ADDR="127.0.0.1:$PORT" RUST_LOG=warn WAGEGUARD_DATA_DIR="$DIR/data"
BIN="${WAGEGUARD_BIN:-$ROOT/target/release/wageguard}"
"$BIN" demo >/dev/null
echo "seeding $WORKERS workers ($BACKEND)…"
node "$ROOT/bench/punch_ingest.mjs" --seed-sql "$WORKERS" | run_sql
if [ "$BACKEND" = postgres ]; then echo "VACUUM ANALYZE;" | run_sql; else echo "ANALYZE;" | run_sql; fi
"$BIN" serve & PID=$!
cleanup() {
  kill "$PID" 2>/dev/null || true
  wait "$PID" 2>/dev/null || true
  if [ "$BACKEND" = postgres ]; then psql -q -h 127.0.0.1 -U postgres -d test -c "DROP DATABASE IF EXISTS $NAME WITH (FORCE)" >/dev/null; fi
  rm -rf "$DIR"
}
trap cleanup EXIT
for _ in $(seq 50); do curl -sf "http://127.0.0.1:$PORT/builder/common/v1/public/Message" >/dev/null && break; sleep 0.1; done
OUT="$(node "$ROOT/bench/punch_ingest.mjs" "http://127.0.0.1:$PORT" "$WORKERS" "$DAYS" "$BATCH" "$CONNECTIONS")"
echo "$OUT"
SERIAL="$(echo "$OUT" | sed -n 's/^serial //p')"
echo "memory after the run: $(awk '/VmRSS/ {printf "%.1f MB", $2/1024}' "/proc/$PID/status")"
STORED="$(echo "SELECT COUNT(*) FROM punches WHERE device_id = (SELECT id FROM attendance_devices WHERE serial = '$SERIAL');" | run_sql)"
DAYS_ROWS="$(echo "SELECT COUNT(*) FROM attendance_days a JOIN workers w ON w.id = a.worker_id WHERE w.name LIKE '压测%' AND a.attended = TRUE;" | run_sql)"
EXPECTED=$(( WORKERS * DAYS * 2 ))
echo "in the database: $STORED punches of $EXPECTED sent, $DAYS_ROWS attended days of $(( WORKERS * DAYS )) expected"
[ "$STORED" -eq "$EXPECTED" ] && [ "$DAYS_ROWS" -eq $(( WORKERS * DAYS )) ] || { echo "LOST PUNCHES OR DAYS"; exit 1; }
