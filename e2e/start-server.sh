#!/usr/bin/env bash
# The server the journeys drive: the debug build (console read from web/dist), a fresh SQLite database with
# the demo data and one account on its initial password, the captcha off for the automated client.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
DIR="$(mktemp -d)"
export DATABASE_URL="sqlite://$DIR/e2e.db"
export WAGEGUARD_CAPTCHA=off
export RUST_LOG="${RUST_LOG:-warn}"
export WAGEGUARD_ADDR="127.0.0.1:${E2E_PORT:-8181}"
BIN="$ROOT/target/debug/wageguard"
"$BIN" demo >/dev/null
"$BIN" user create firstlogin --kind builder --name 初次登录 --project 1 --password 'Init@12345' >/dev/null
exec "$BIN" serve
