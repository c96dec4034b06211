#!/usr/bin/env bash
# Runs every test: Rust unit and integration tests (SQLite and PostgreSQL), console unit tests, and the
# Playwright journeys in Debian's Chromium against the built console and a real server.
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$ROOT"
require_toolchains
apt_install chromium fonts-wqy-microhei

if ! pg_isready -q -h 127.0.0.1 -p 5432 2>/dev/null && command -v pg_ctlcluster >/dev/null 2>&1; then
  echo "==> starting PostgreSQL"
  as_root pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -n 1)" main start || true
fi

build_console
echo "==> console unit tests"
(cd web && npm test --silent)

echo "==> server tests (SQLite and PostgreSQL)"
cargo build -p wageguard
cargo test -p wageguard

echo "==> browser journeys"
npm_ci "$ROOT/e2e"
(cd e2e && npx playwright test)
