#!/usr/bin/env bash
# Builds the Debian package target/debian/wageguard_<version>_amd64.deb with cargo-deb: the release binary
# with the console embedded, the systemd units, /etc/wageguard/wageguard.toml and the maintainer scripts
# (packaging/, [package.metadata.deb] in server/Cargo.toml; docs/deploy.md).
#
#   bash scripts/package.sh            release build (console built first)
#   bash scripts/package.sh --debug    the debug build scripts/test.sh makes (the console embedded as in
#                                      release); → target/debian-dev/debian/wageguard_<version>_amd64.deb.
#                                      The console in web/dist is used as built (built only when missing).
#   … --test                           then runs the install test on it (scripts/package-test.sh, as root)
#
# Prints the package's path as its last line.
# shellcheck source=scripts/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$ROOT" || exit 1

# The cargo-deb the package is made and tested with; installed from crates.io when missing or different.
CARGO_DEB_VERSION=3.8.0

PROFILE=release
TEST=0
for arg in "$@"; do
  case "$arg" in
    --debug) PROFILE=dev ;;
    --test) TEST=1 ;;
    -h | --help) sed -n '2,12p' "$0"; exit 0 ;;
    *) echo "unknown option: $arg (try --help)" >&2; exit 2 ;;
  esac
done

require_toolchains
apt_install dpkg-dev
if ! cargo deb --version 2>/dev/null | grep -qF "$CARGO_DEB_VERSION"; then
  echo "==> cargo install cargo-deb $CARGO_DEB_VERSION"
  cargo install cargo-deb --version "$CARGO_DEB_VERSION" --locked --quiet
fi

started=$SECONDS
# cargo deb prints the package's path as its last line.
LISTING="$(mktemp)"
trap 'rm -f "$LISTING"' EXIT
if [ "$PROFILE" = release ]; then
  build_console
  echo "==> building the release package (cargo deb)"
  OUT="$ROOT/target/debian"
  mkdir -p "$OUT"
  # cargo deb runs `cargo build --release -p wageguard` itself.
  cargo deb -p wageguard --locked --output "$OUT" | tee "$LISTING"
else
  [ -f web/dist/index.html ] || build_console
  # The scripts' debug build (DEBUG_FEATURES, lib.sh): the console embedded as in release. Nothing is
  # compiled again when scripts/test.sh has built it.
  echo "==> building the debug binary with the console embedded"
  cargo build -p wageguard "${DEBUG_FEATURES[@]}"
  # Packed from a target directory of its own: every cargo deb run deletes the wageguard_*.deb in its target
  # directory's debian/, which would take the release package with it.
  STAGE="$ROOT/target/debian-dev"
  OUT="$STAGE/debian"
  rm -rf "$STAGE"
  mkdir -p "$STAGE/debug" "$OUT"
  cp target/debug/wageguard "$STAGE/debug/wageguard"
  echo "==> building the debug package (cargo deb --profile dev --no-build)"
  # Stripped (the dev profile keeps line tables, which cargo-deb would keep) and lightly compressed: a
  # package to test, made quickly.
  CARGO_TARGET_DIR="$STAGE" cargo deb -p wageguard --profile dev --no-build --strip --fast --output "$OUT" \
    | tee "$LISTING"
fi
DEB="$(tail -n 1 "$LISTING")"
[ -f "$DEB" ] || { echo "cargo deb did not name the package it wrote (got: $DEB)" >&2; exit 1; }
echo "==> $(basename "$DEB"): $(du -h "$DEB" | cut -f1), built in $((SECONDS - started)) s"
dpkg-deb --info "$DEB" | sed -n '/Package:/,$p'
dpkg-deb --contents "$DEB" | awk '{print "    " $1, $3, $6}'

if [ "$TEST" = 1 ]; then
  as_root bash "$ROOT/scripts/package-test.sh" "$DEB"
fi
echo "$DEB"
