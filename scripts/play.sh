#!/usr/bin/env bash
# Sets up what is missing, builds the game and serves it on http://127.0.0.1:8080/
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
bash "$root/scripts/setup.sh"
cd "$root"
export PATH="$HOME/.cargo/bin:$root/tests/node_modules/.bin:$PATH"
echo
echo "Sarissa will be served at http://127.0.0.1:8080/ (Ctrl-C to stop)"
echo
exec trunk serve --release --open=false
