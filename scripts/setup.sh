#!/usr/bin/env bash
# Installs whatever is missing to build (and, with `--test`, to test) Sarissa on Debian.
# Idempotent: every step checks first and skips what is already there at the right version.
# Versions and reasons: ../shared/reference/toolchain.md (nothing here downloads a prebuilt
# binary; Trunk is told never to, see Trunk.toml).
set -euo pipefail

TRUNK_VERSION=0.21.14
WASM_BINDGEN_VERSION=0.2.130   # must equal the wasm-bindgen pin in web/Cargo.toml
for_tests=false
[ "${1:-}" = "--test" ] && for_tests=true

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
export PATH="$HOME/.cargo/bin:$PATH"
say() { printf '\033[1msetup:\033[0m %s\n' "$*"; }

apt_updated=false
apt_install() {
  if ! $apt_updated; then
    say "apt-get update"
    apt-get update -qq
    apt_updated=true
  fi
  say "installing Debian packages: $*"
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
}
need_cmd_pkg() { # command package
  command -v "$1" >/dev/null 2>&1 || apt_install "$2"
}

# Compilers and tools from Debian, if the machine lacks them.
need_cmd_pkg curl curl
need_cmd_pkg cc build-essential
need_cmd_pkg node nodejs
need_cmd_pkg npm npm
if ! command -v cargo >/dev/null 2>&1; then
  say "installing the Rust toolchain (rustup, stable)"
  curl -sSf https://sh.rustup.rs | sh -s -- -y --profile minimal
  export PATH="$HOME/.cargo/bin:$PATH"
fi

if ! rustup target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown; then
  say "adding the wasm32-unknown-unknown target"
  rustup target add wasm32-unknown-unknown
fi

if [ "$(trunk --version 2>/dev/null)" != "trunk $TRUNK_VERSION" ]; then
  say "building Trunk $TRUNK_VERSION (about 9 minutes, once)"
  cargo install trunk --version "$TRUNK_VERSION" --locked --quiet
fi

if [ "$(wasm-bindgen --version 2>/dev/null)" != "wasm-bindgen $WASM_BINDGEN_VERSION" ]; then
  say "building wasm-bindgen-cli $WASM_BINDGEN_VERSION (about 2 minutes, once)"
  # Not --locked: its lockfile names a crate version the registry lacks (toolchain.md).
  cargo install wasm-bindgen-cli --version "$WASM_BINDGEN_VERSION" --quiet
fi

# npm: wasm-opt (binaryen) for Trunk, and Playwright's test runner. Reinstalled only when the
# lockfile changes.
stamp=tests/node_modules/.installed-lock
if [ ! -f "$stamp" ] || ! cmp -s tests/package-lock.json "$stamp"; then
  say "installing npm packages in tests/"
  (cd tests && npm ci --no-audit --no-fund --loglevel=error)
  cp tests/package-lock.json "$stamp"
fi

if $for_tests; then
  if ! command -v chromium >/dev/null 2>&1 || ! command -v chromedriver >/dev/null 2>&1; then
    apt_install chromium chromium-driver
  fi
fi

say "fetching crates"
cargo fetch --quiet
say "ready"
