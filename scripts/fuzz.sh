#!/usr/bin/env bash
# Fuzzes every documented operation with schemathesis against the built debug server, first on SQLite, then
# on a fresh PostgreSQL database, with the demo clerk's session. Red on any HTTP 5xx, envelope 500, reply
# the OpenAPI document does not describe, or panic. Prints operations, requests and failures per backend.
#
# FUZZ_MAX_EXAMPLES (default 10) bounds the cases per operation; FUZZ_PORT (default 8381) is the SQLite
# server's port, the PostgreSQL server's is the next one.
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$ROOT"

SCHEMATHESIS_VERSION=4.32.5
VENV="$ROOT/target/schemathesis"
MAX_EXAMPLES="${FUZZ_MAX_EXAMPLES:-10}"
WORKERS="${FUZZ_WORKERS:-1}"
PORT="${FUZZ_PORT:-8381}"
PG_URL="${WAGEGUARD_TEST_POSTGRES:-postgres://postgres@127.0.0.1:5432/test}"
PG_BASE="${PG_URL%/*}"
PG_DB="wg_fuzz_$$"
# Operations that end or lock the fuzzing session: logout, password changes and checks, password resets.
EXCLUDE='(?i)/(Logout|Site/ajax_pwd|project/Ajax_pwd|project/Resetpassword|Public/passwordverification)$'

if ! "$VENV/bin/schemathesis" --version 2>/dev/null | grep -q "$SCHEMATHESIS_VERSION"; then
  echo "==> installing schemathesis $SCHEMATHESIS_VERSION into ${VENV#"$ROOT"/}"
  python3 -m venv "$VENV"
  "$VENV/bin/pip" install -q "schemathesis==$SCHEMATHESIS_VERSION"
fi
cargo build -q -p wageguard "${DEBUG_FEATURES[@]}"

WORK="$(mktemp -d)"
SERVER_PID=""
stop_server() {
  if [ -n "$SERVER_PID" ]; then kill "$SERVER_PID" 2>/dev/null || true; wait "$SERVER_PID" 2>/dev/null || true; fi
  SERVER_PID=""
}
cleanup() {
  stop_server
  psql -q "$PG_URL" -c "DROP DATABASE IF EXISTS $PG_DB" >/dev/null 2>&1 || true
  rm -rf "$WORK"
}
trap cleanup EXIT

FAILED=0
SUMMARY=()
# fuzz NAME DATABASE_URL PORT
fuzz() {
  local name="$1" url="$2" port="$3" base="http://127.0.0.1:$3"
  local log="$WORK/$name-server.log" report="$WORK/$name-report"
  echo "==> fuzzing the API on $name (port $port, $MAX_EXAMPLES examples per operation)"
  DATABASE_URL="$url" WAGEGUARD_ADDR="127.0.0.1:$port" WAGEGUARD_DATA_DIR="$WORK/$name-data" WAGEGUARD_CAPTCHA=off \
    RUST_LOG="info,sqlx=warn,tower_http=info" target/debug/wageguard serve --demo >"$log" 2>&1 &
  SERVER_PID=$!
  for _ in $(seq 1 120); do
    curl -sf "$base/api/openapi.json" -o /dev/null && break
    kill -0 "$SERVER_PID" 2>/dev/null || { cat "$log"; echo "the server did not start" >&2; exit 1; }
    sleep 0.5
  done
  local token
  token="$(curl -sf "$base/builder/common/v1/Public/login" --data-urlencode username=demo \
    --data-urlencode "password=$(printf '%s' 'Demo@12345' | base64)" | python3 -c 'import json, sys; print(json.load(sys.stdin)["data"]["phpsessid"])')"
  local started=$SECONDS status=0
  # Run from the scratch folder: schemathesis keeps a cache in its working directory.
  (cd "$WORK" && "$VENV/bin/schemathesis" --no-color run "$base/api/openapi.json" -H "X-Token: $token" \
    --checks not_a_server_error,response_schema_conformance --max-examples "$MAX_EXAMPLES" --workers "$WORKERS" \
    --exclude-path-regex "$EXCLUDE" --generation-database none \
    --report junit --report-junit-path "$report.xml") 2>&1 | tee "$WORK/$name-schemathesis.log" || status=$?
  stop_server
  local seconds=$((SECONDS - started))
  local operations requests internal panics failures
  operations=$(grep -oE 'Tested: [0-9]+' "$WORK/$name-schemathesis.log" | grep -oE '[0-9]+' || echo 0)
  failures=$(grep -c '<failure' "$report.xml" || true)
  requests=$(grep -c 'finished processing request' "$log" || true)
  internal=$(grep -c 'request failed' "$log" || true)
  panics=$(grep -ci 'panicked' "$log" || true)
  SUMMARY+=("$name: $operations operations, $requests requests, $failures failing, $internal internal errors, $panics panics, ${seconds}s")
  if [ "$status" != 0 ] || [ "$failures" != 0 ] || [ "$internal" != 0 ] || [ "$panics" != 0 ]; then
    grep -E 'request failed|panicked' "$log" | head -n 20 || true
    FAILED=1
  fi
}

fuzz sqlite "sqlite://$WORK/fuzz.db" "$PORT"
if psql -q "$PG_URL" -c "CREATE DATABASE $PG_DB" >/dev/null 2>&1; then
  fuzz postgres "$PG_BASE/$PG_DB" "$((PORT + 1))"
else
  echo "NOTICE: PostgreSQL at $PG_URL does not answer; the PostgreSQL fuzz run is skipped"
fi

printf '%s\n' "${SUMMARY[@]}"
exit "$FAILED"
