#!/usr/bin/env bash
# The server the journeys drive: the debug build (console read from web/dist), a fresh SQLite database with
# the demo data and one account on its initial password, the captcha off for the automated client.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
DIR="$(mktemp -d)"
export DATABASE_URL="sqlite://$DIR/e2e.db"
# Uploads of the journeys land beside the throw-away database, never in the repository.
export WAGEGUARD_DATA_DIR="$DIR/data"
export WAGEGUARD_CAPTCHA=off
export RUST_LOG="${RUST_LOG:-warn}"
export WAGEGUARD_ADDR="127.0.0.1:${E2E_PORT:-8181}"
# The roster journey's fake ID reader listens 10000 ports above the server.
export WAGEGUARD_ID_READER="http://127.0.0.1:$(( ${E2E_PORT:-8181} + 10000 ))/readcard"
# Where the database lives, for journeys that read the sandbox SMS outbox (the code sent to a phone).
echo "$DIR" > "/tmp/wageguard-e2e-${E2E_PORT:-8181}.dir"
BIN="$ROOT/target/debug/wageguard"
"$BIN" demo >/dev/null
"$BIN" user create firstlogin --kind builder --name 初次登录 --project 1 --password 'Init@12345' >/dev/null
exec "$BIN" serve
