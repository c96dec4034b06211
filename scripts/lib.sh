# Shared by scripts/start.sh and scripts/test.sh: install what a fresh Debian machine lacks.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1

# The debug build the scripts make and run (tests, fuzzing, journeys, the Debian package's test): the console
# embedded from web/dist as in release (rust-embed reads it from disk at run time otherwise), so one build
# serves them all and packaging compiles nothing again.
DEBUG_FEATURES=(--features rust-embed/debug-embed)

as_root() {
  if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi
}

APT_UPDATED=0
apt_install() {
  local missing=()
  for package in "$@"; do
    dpkg -s "$package" >/dev/null 2>&1 || missing+=("$package")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  echo "==> apt-get install ${missing[*]}"
  if [ "$APT_UPDATED" = 0 ]; then as_root apt-get update -qq; APT_UPDATED=1; fi
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
}

require_toolchains() {
  apt_install ca-certificates pkg-config build-essential
  if ! command -v node >/dev/null 2>&1; then apt_install nodejs npm; fi
  local major
  major="$(node -p 'process.versions.node.split(".")[0]')"
  if [ "$major" -lt 20 ]; then
    echo "Node.js $major found; the console needs Node.js 20 or newer." >&2
    exit 1
  fi
  if ! command -v cargo >/dev/null 2>&1; then
    echo "cargo not found: install the Rust toolchain (rustup, Rust 1.85 or newer) first." >&2
    exit 1
  fi
  # The test command checks formatting and lints.
  if ! cargo fmt --version >/dev/null 2>&1 || ! cargo clippy --version >/dev/null 2>&1; then
    if command -v rustup >/dev/null 2>&1; then
      rustup component add rustfmt clippy
    else
      echo "cargo fmt and cargo clippy are needed: install the rustfmt and clippy components." >&2
      exit 1
    fi
  fi
}

# npm ci when node_modules is missing or older than the lock file.
npm_ci() {
  local dir="$1"
  if [ ! -d "$dir/node_modules" ] || [ "$dir/package-lock.json" -nt "$dir/node_modules/.package-lock.json" ]; then
    echo "==> npm ci in ${dir#"$ROOT"/}"
    (cd "$dir" && npm ci --no-audit --no-fund --loglevel=error)
  fi
}

build_console() {
  npm_ci "$ROOT/web"
  echo "==> building the console"
  (cd "$ROOT/web" && npm run build --silent)
}
