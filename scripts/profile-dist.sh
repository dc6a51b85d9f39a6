#!/bin/bash
# The release dist with the wasm's function names, for tests/e2e/profile.spec.ts (issue 19):
# trunk's release build strips them (wasm-opt); this runs wasm-bindgen again on the wasm cargo
# built, keeping its name section, without wasm-opt, into dist-prof/. Serve it in dist's place:
#   trunk build --release && scripts/profile-dist.sh
#   mv dist dist-real && ln -s dist-prof dist
#   (cd tests && SARISSA_PROFILE=1 E2E_PORT=<port> npx playwright test e2e/profile.spec.ts)
#   rm dist && mv dist-real dist
# Without wasm-opt the code is a little slower: good for where the time goes, not for budgets.
set -euo pipefail
cd "$(dirname "$0")/.."
base=$(basename "$(ls dist/sarissa-web-*_bg.wasm)" _bg.wasm)
out=$(mktemp -d)
wasm-bindgen --target web --no-typescript --keep-debug --out-dir "$out" --out-name "$base" \
  target/wasm32-unknown-unknown/release/sarissa-web.wasm
rm -rf dist-prof && cp -a dist dist-prof
cp "$out/$base.js" "$out/${base}_bg.wasm" dist-prof/
# The files changed, so the integrity hashes trunk wrote no longer hold.
sed -i 's/ integrity="[^"]*"//g' dist-prof/index.html
rm -rf "$out"
echo "dist-prof: $(du -h "dist-prof/${base}_bg.wasm" | cut -f1) wasm with names"
