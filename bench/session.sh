#!/usr/bin/env bash
# Session endpoints under load: user info (Public/get, one session lookup + account + project) and the
# public site configuration, with wrk on loopback (the per-address limit off); server memory idle and under load.
# Usage: bash bench/session.sh [sqlite|postgres]   (needs a release build: cargo build --release -p wageguard)
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
BACKEND="${1:-sqlite}"
PORT=8191
DIR="$(mktemp -d)"
command -v wrk >/dev/null || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk >/dev/null; }
if [ "$BACKEND" = postgres ]; then
  NAME="wg_bench_$$"
  psql -q -h 127.0.0.1 -U postgres -d test -c "CREATE DATABASE $NAME" >/dev/null
  export DATABASE_URL="postgres://postgres@127.0.0.1:5432/$NAME"
else
  export DATABASE_URL="sqlite://$DIR/bench.db"
fi
export WAGEGUARD_CAPTCHA=off WAGEGUARD_ADDR="127.0.0.1:$PORT" RUST_LOG=warn
BIN="$ROOT/target/release/wageguard"
"$BIN" demo >/dev/null
# No per-address limit: both endpoints are limited (ratelimit::Bucket::Public), and past the limit wrk would
# time the refusals, each one a counter written to the database.
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
echo "backend: $BACKEND"
echo "memory idle: $(rss)"
TOKEN="$(curl -s -X POST -d "username=demo&password=$(printf 'Demo@12345' | base64)" \
  "http://127.0.0.1:$PORT/builder/common/v1/Public/login" | sed -E 's/.*"phpsessid":"([0-9a-f]+)".*/\1/')"
echo "--- GET Public/get (user info), 4 connections, 10 s"
wrk -t2 -c4 -d10s --latency -H "X-Token: $TOKEN" "http://127.0.0.1:$PORT/builder/common/v1/Public/get" | grep -E "Requests/sec|^ +(50|99)%"
echo "memory under load: $(rss)"
echo "--- POST public/Message (site configuration), 4 connections, 10 s"
wrk -t2 -c4 -d10s --latency -s <(printf 'wrk.method = "POST"\n') "http://127.0.0.1:$PORT/builder/common/v1/public/Message" | grep -E "Requests/sec|^ +(50|99)%"
echo "memory after load: $(rss)"
