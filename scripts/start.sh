#!/usr/bin/env bash
# Installs what is missing, builds console and server, and serves http://127.0.0.1:8080 on an embedded
# SQLite database (data/wageguard.db) with demo data.
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$ROOT"
require_toolchains
build_console
echo "==> building the server (release)"
cargo build --release -p wageguard
echo "==> http://127.0.0.1:8080  (demo / newsite / finance: Demo@12345, admin: Admin@12345)"
exec "$ROOT/target/release/wageguard" serve --demo
