#!/usr/bin/env bash
# Runs every test: Rust unit and integration tests (SQLite and PostgreSQL), console unit tests, and the
# Playwright journeys in Debian's Chromium against the built console and a real server.
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$ROOT"
require_toolchains
apt_install chromium fonts-wqy-microhei sqlite3 nginx

if ! pg_isready -q -h 127.0.0.1 -p 5432 2>/dev/null && command -v pg_ctlcluster >/dev/null 2>&1; then
  echo "==> starting PostgreSQL"
  as_root pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -n 1)" main start || true
fi

# Each stage's heading says how long the run has taken so far, so a slow stage shows in CI's log.
stage() { echo "==> $* (at $((SECONDS / 60)) min $((SECONDS % 60)) s)"; }

LOGS="$(mktemp -d)"
trap 'rm -rf "$LOGS"' EXIT
# Counts passed tests in a runner's log (colour codes stripped); the runners' own exit codes decide failure.
count() { sed -E 's/\x1b\[[0-9;]*m//g' "$1" | grep -oE "$2" | grep -oE '[0-9]+' | awk '{s+=$1} END {print s+0}'; }

build_console
stage "formatting and lints (rustfmt, clippy, ESLint), the console bench's smoke run"
cargo fmt --all --check
cargo clippy -q -p wageguard --all-targets -- -D warnings
(cd web && npm run lint --silent)
cargo build -p wageguard "${DEBUG_FEATURES[@]}"
npm_ci "$ROOT/e2e"
# The first-paint bench loads one page under the server's CSP, timing asserted nowhere: a bench that no longer
# runs is a defect, and this is where it shows.
SMOKE=1 node bench/console-timing.mjs

stage "console unit tests"
(cd web && npm test --silent) 2>&1 | tee "$LOGS/web"

stage "server tests (SQLite and PostgreSQL)"
cargo test -p wageguard "${DEBUG_FEATURES[@]}" -- --skip access:: --skip twoserver 2>&1 | tee "$LOGS/server"
stage "access matrix (SQLite and PostgreSQL) and two servers behind nginx: their counts"
cargo test -p wageguard "${DEBUG_FEATURES[@]}" --test api -- access:: twoserver --nocapture 2>&1 | tee -a "$LOGS/server"

stage "Debian package: build and install test"
bash scripts/package.sh --debug
bash scripts/package-test.sh target/debian-dev/debian/wageguard_*_amd64.deb

stage "fuzzing the API with schemathesis (SQLite and PostgreSQL)"
bash scripts/fuzz.sh 2>&1 | tee "$LOGS/fuzz"

stage "browser journeys"
(cd e2e && npx playwright test) 2>&1 | tee "$LOGS/e2e"

web=$(count "$LOGS/web" 'Tests +[0-9]+ passed')
server=$(count "$LOGS/server" '[0-9]+ passed;')
e2e=$(count "$LOGS/e2e" '^ +[0-9]+ passed')
fuzzed=$(count "$LOGS/fuzz" '[0-9]+ requests')
echo "console $web, server $server, journeys $e2e, fuzzed requests $fuzzed (0 failing)"
echo "all: $((web + server + e2e)) passed, 0 failed, in $((SECONDS / 60)) min"
