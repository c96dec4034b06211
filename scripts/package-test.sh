#!/usr/bin/env bash
# The Debian package's install test, on this machine's real system (as root): `dpkg -i` the package, check what
# it put where (the binary, the conffile, the units, the wageguard system user, /var/lib/wageguard), start the
# unit — with `systemctl start` where systemd runs, else its ExecStart as its User with its environment and
# working directory, as systemd would — wait for /healthz, see the embedded console at /, seed the demo data,
# log in through the API and read the session's account, stop it, `dpkg --purge` and check what purge removes
# and keeps (docs/deploy.md). Leaves nothing behind, also on failure.
#
#   bash scripts/package-test.sh [PACKAGE.deb]     (default: target/debian/wageguard_<version>_amd64.deb)
#
# The test's service listens on 127.0.0.1:$PACKAGE_TEST_PORT (default 18080), captcha off, through
# /etc/wageguard/env, which the test writes before installing. It refuses to run where wageguard is installed or
# its configuration or data directory exists: it would change a real installation.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

if [ "$(id -u)" != 0 ]; then exec sudo bash "$0" "$@"; fi

VERSION="$(sed -n 's/^version = "\(.*\)"/\1/p' "$ROOT/server/Cargo.toml" | head -n 1)"
DEB="$(realpath "${1:-$ROOT/target/debian/wageguard_${VERSION}_amd64.deb}")"
PORT="${PACKAGE_TEST_PORT:-18080}"
BASE="http://127.0.0.1:$PORT"
UNIT=wageguard.service
STARTED=$SECONDS

fail() { echo "FAIL: $*" >&2; exit 1; }
step() { echo "==> $*"; }
[ -f "$DEB" ] || fail "no package at $DEB (bash scripts/package.sh builds it)"

# --- refuse to touch a real installation -------------------------------------------------------------------
state="$(dpkg-query -W -f='${db:Status-Status}' wageguard 2>/dev/null || true)"
[ -z "$state" ] || [ "$state" = not-installed ] || fail "the wageguard package is on this machine ($state): not testing over it"
for path in /etc/wageguard /var/lib/wageguard; do
  [ ! -e "$path" ] || fail "$path exists: not testing over a real installation's files"
done
if curl -s -o /dev/null "$BASE/"; then fail "something already listens on $BASE (set PACKAGE_TEST_PORT)"; fi
USER_EXISTED=0
getent passwd wageguard >/dev/null && USER_EXISTED=1

WORK="$(mktemp -d)"
chmod 755 "$WORK"
SYSTEMD=0
[ -d /run/systemd/system ] && SYSTEMD=1
SERVER_PID=""

stop_service() {
  if [ "$SYSTEMD" = 1 ]; then
    systemctl stop "$UNIT" 2>/dev/null || true
  elif [ -n "$SERVER_PID" ]; then
    kill -TERM "$SERVER_PID" 2>/dev/null || true
    wait "$SERVER_PID" 2>/dev/null || true
  fi
  SERVER_PID=""
}
cleanup() {
  local status=$?
  set +e
  if [ "$status" != 0 ]; then
    echo "--- the service's log" >&2
    if [ "$SYSTEMD" = 1 ]; then journalctl -u "$UNIT" --no-pager -n 80 >&2; else tail -n 80 "$WORK/service.log" >&2 2>/dev/null; fi
  fi
  stop_service
  if dpkg-query -W -f='${db:Status-Status}' wageguard 2>/dev/null | grep -qv not-installed; then
    dpkg --purge wageguard >/dev/null 2>&1 || echo "cleanup: dpkg --purge wageguard failed" >&2
  fi
  # What purge keeps by design (the data, the user) was made by this test: remove it too.
  rm -rf /etc/wageguard /var/lib/wageguard
  if [ "$USER_EXISTED" = 0 ] && getent passwd wageguard >/dev/null; then
    deluser --system --quiet wageguard >/dev/null 2>&1 || userdel wageguard
    getent group wageguard >/dev/null && groupdel wageguard 2>/dev/null
  fi
  rm -rf "$WORK"
  if [ "$status" = 0 ]; then
    echo "package install test passed in $((SECONDS - STARTED)) s"
  else
    echo "package install test FAILED (exit $status)" >&2
  fi
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# --- install ---------------------------------------------------------------------------------------------
# The test's own settings, where an admin puts secrets and overrides: read by the unit before the service
# starts (on a systemd machine the install already starts it).
install -d -m 0755 /etc/wageguard
printf 'WAGEGUARD_ADDR=127.0.0.1:%s\nWAGEGUARD_CAPTCHA=off\n' "$PORT" >/etc/wageguard/env
chmod 0600 /etc/wageguard/env

step "dpkg -i $(basename "$DEB") ($(du -h "$DEB" | cut -f1); systemd $([ "$SYSTEMD" = 1 ] && echo running || echo "not running: the unit is run by hand"))"
dpkg -i "$DEB"
[ "$(dpkg-query -W -f='${db:Status-Status}' wageguard)" = installed ] || fail "dpkg does not list wageguard as installed"

step "what the package installed"
[ -x /usr/bin/wageguard ] || fail "/usr/bin/wageguard missing"
/usr/bin/wageguard --version | grep -qF "$VERSION" || fail "wageguard --version does not say $VERSION"
UNIT_FILE="$(dpkg -L wageguard | grep "/systemd/system/$UNIT\$")" || fail "no $UNIT in the package"
dpkg -L wageguard | grep -q '/systemd/system/wageguard@\.service$' || fail "no wageguard@.service in the package"
dpkg-query -W -f='${Conffiles}\n' wageguard | grep -q '^ /etc/wageguard/wageguard.toml ' \
  || fail "/etc/wageguard/wageguard.toml is not a conffile"
getent passwd wageguard >/dev/null || fail "no wageguard user"
uid="$(id -u wageguard)"
[ "$uid" -lt 1000 ] || fail "wageguard is not a system user (uid $uid)"
[ "$(getent passwd wageguard | cut -d: -f7)" = /usr/sbin/nologin ] || fail "the wageguard user can log in"
[ "$(stat -c '%U:%G %a' /var/lib/wageguard)" = "wageguard:wageguard 750" ] \
  || fail "/var/lib/wageguard is $(stat -c '%U:%G %a' /var/lib/wageguard), not wageguard:wageguard 750"
[ -L /etc/systemd/system/multi-user.target.wants/$UNIT ] || fail "$UNIT is not enabled"

# The unit's settings, read from the installed file: what systemd would run, as whom, where, with what.
unit_value() { sed -n "s/^$1=//p" "$UNIT_FILE"; }
RUN_USER="$(unit_value User)"
RUN_GROUP="$(unit_value Group)"
WORKDIR="$(unit_value WorkingDirectory)"
UMASK="$(unit_value UMask)"
read -r -a EXEC_START <<<"$(unit_value ExecStart)"
[ "$RUN_USER:$RUN_GROUP" = wageguard:wageguard ] || fail "$UNIT runs as $RUN_USER:$RUN_GROUP"
[ "${EXEC_START[0]}" = /usr/bin/wageguard ] || fail "ExecStart is ${EXEC_START[*]}"
# systemd's environment: its Environment= lines, then its EnvironmentFile= files (which override them).
UNIT_ENV=()
while read -r line; do
  [ -n "$line" ] || continue
  case "$line" in *\"* | *\'*) fail "quoted Environment= in $UNIT is not read by this test: $line" ;; esac
  read -r -a words <<<"$line"
  UNIT_ENV+=("${words[@]}")
done < <(unit_value Environment)
while read -r file; do
  optional=0
  case "$file" in -*) optional=1; file="${file#-}" ;; esac
  if [ ! -f "$file" ]; then [ "$optional" = 1 ] && continue; fail "EnvironmentFile $file missing"; fi
  while IFS= read -r line || [ -n "$line" ]; do
    case "$line" in '' | '#'* | ';'*) continue ;; esac
    value="${line#*=}"
    value="${value#\"}"; value="${value%\"}"
    UNIT_ENV+=("${line%%=*}=$value")
  done <"$file"
done < <(unit_value EnvironmentFile)

# A command prefix that runs what follows as the unit's user and group, with the unit's environment, working
# directory and umask and no new privileges, as systemd would. setpriv rather than runuser: it execs, leaving no
# parent behind (runuser waits on a PAM session), so the test's SIGTERM reaches the server as systemd's would.
# shellcheck disable=SC2016 # the inner bash expands them
AS_UNIT=(bash -c 'cd "$1" || exit 1; umask "$2"; shift 2; exec "$@"' as-unit "$WORKDIR" "${UMASK:-0022}"
  setpriv --reuid="$RUN_USER" --regid="$RUN_GROUP" --init-groups --no-new-privs --
  env -i PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin LANG=C.UTF-8
  HOME="$(getent passwd "$RUN_USER" | cut -d: -f6)" USER="$RUN_USER" LOGNAME="$RUN_USER" "${UNIT_ENV[@]}")

step "seeding the demo data as the service's user (wageguard demo)"
if [ "$SYSTEMD" = 1 ]; then systemctl stop "$UNIT"; fi
"${AS_UNIT[@]}" /usr/bin/wageguard --config /etc/wageguard/wageguard.toml demo

step "starting $UNIT"
if [ "$SYSTEMD" = 1 ]; then
  systemctl start "$UNIT"
else
  # StateDirectory=: systemd makes the directory the user's before starting.
  install -d -o "$RUN_USER" -g "$RUN_GROUP" -m 0750 "/var/lib/$(unit_value StateDirectory)"
  "${AS_UNIT[@]}" "${EXEC_START[@]}" >"$WORK/service.log" 2>&1 &
  SERVER_PID=$!
fi
waited=$SECONDS
deadline=$((SECONDS + 120))
until curl -sf -o /dev/null "$BASE/healthz"; do
  if [ "$SYSTEMD" = 1 ]; then
    systemctl is-failed -q "$UNIT" && fail "$UNIT failed to start"
  else
    kill -0 "$SERVER_PID" 2>/dev/null || fail "the service exited"
  fi
  [ "$SECONDS" -lt "$deadline" ] || fail "$BASE/healthz did not answer within 120 s"
  sleep 0.2
done
if [ "$SYSTEMD" = 1 ]; then
  [ "$(systemctl is-active "$UNIT")" = active ] || fail "$UNIT is not active"
  pid="$(systemctl show -p MainPID --value "$UNIT")"
else
  pid="$SERVER_PID"
fi
[ "$(stat -c %U:%G "/proc/$pid")" = wageguard:wageguard ] || fail "the service runs as $(stat -c %U:%G "/proc/$pid")"
[ "$(tr '\0' ' ' <"/proc/$pid/cmdline")" = "${EXEC_START[*]} " ] || fail "the service's command line is not ExecStart's"
echo "    up after $((SECONDS - waited)) s: pid $pid as $(stat -c %U:%G "/proc/$pid"): $(tr '\0' ' ' <"/proc/$pid/cmdline")"

step "the embedded console at /"
curl -sf -D "$WORK/console.headers" "$BASE/" -o "$WORK/index.html" || fail "GET / failed"
grep -qi '^content-type: text/html' "$WORK/console.headers" || fail "GET / is not HTML"
grep -q '<div id="root">' "$WORK/index.html" || fail "GET / is not the console's page"
script="$(grep -o 'src="/assets/[^"]*\.js"' "$WORK/index.html" | head -n 1 | sed 's/^src="\/\(.*\)"$/\1/')"
[ -n "$script" ] || fail "the console's page names no script"
curl -sf -o /dev/null "$BASE/$script" || fail "GET /$script failed"
# Served from inside the binary, not from a web/dist on this machine: only an embedding binary holds the
# file names (rust-embed's debug mode reads the folder at run time and knows no names).
grep -qaF "$script" /usr/bin/wageguard || fail "/usr/bin/wageguard does not embed $script: the console is read from disk"
echo "    / and /$script, embedded in /usr/bin/wageguard"

step "logging in as demo through the API"
login="$(curl -sf "$BASE/builder/common/v1/Public/login" --data-urlencode username=demo \
  --data-urlencode "password=$(printf '%s' 'Demo@12345' | base64)")" || fail "the login request failed"
token="$(printf '%s' "$login" | python3 -c 'import json, sys; print(json.load(sys.stdin)["data"]["phpsessid"])')" \
  || fail "the login answered no session: $login"
[ -n "$token" ] || fail "empty session token: $login"
account="$(curl -sf -H "X-Token: $token" "$BASE/builder/common/v1/Public/get" \
  | python3 -c 'import json, sys; print(json.load(sys.stdin)["data"]["account"])')" || fail "the session is not accepted"
[ "$account" = demo ] || fail "the session belongs to $account, not demo"
echo "    session ${token:0:8}… for $account"

step "data in /var/lib/wageguard, logs"
[ "$(stat -c %U /var/lib/wageguard/wageguard.db)" = wageguard ] || fail "the database is not in /var/lib/wageguard or not the service's"
if [ "$SYSTEMD" = 1 ]; then
  journalctl -u "$UNIT" --no-pager | grep -q 'finished processing request' || fail "no request in the journal"
else
  grep -q 'finished processing request' "$WORK/service.log" || fail "no request in the service's output"
fi

step "stopping $UNIT"
if [ "$SYSTEMD" = 1 ]; then
  systemctl stop "$UNIT"
  systemctl is-active -q "$UNIT" && fail "$UNIT still active"
else
  kill -TERM "$SERVER_PID"
  code=0
  wait "$SERVER_PID" || code=$?
  SERVER_PID=""
  [ "$code" = 0 ] || fail "the service exited with $code on SIGTERM"
fi

step "dpkg --purge wageguard"
dpkg --purge wageguard
state="$(dpkg-query -W -f='${db:Status-Status}' wageguard 2>/dev/null || true)"
[ -z "$state" ] || [ "$state" = not-installed ] || fail "wageguard is still $state after purge"
[ ! -e /usr/bin/wageguard ] || fail "/usr/bin/wageguard left behind"
[ ! -e "$UNIT_FILE" ] || fail "$UNIT_FILE left behind"
[ ! -e /etc/wageguard ] || fail "purge left /etc/wageguard: $(ls -A /etc/wageguard)"
[ ! -e /etc/systemd/system/multi-user.target.wants/$UNIT ] || fail "purge left $UNIT enabled"
# Kept by design (docs/deploy.md): the records and their owner.
[ -f /var/lib/wageguard/wageguard.db ] || fail "purge removed the data in /var/lib/wageguard"
getent passwd wageguard >/dev/null || fail "purge removed the wageguard user that owns the kept data"
echo "    removed: binary, units, /etc/wageguard; kept: /var/lib/wageguard, the wageguard user (removed now by the test)"
