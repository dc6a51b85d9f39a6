#!/usr/bin/env bash
# Sets up what is missing and runs every test: native (rules, CLI, web logic), the scenario
# files, wasm in headless Chromium, and end-to-end on the built app in Chromium.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
bash "$root/scripts/setup.sh" --test
cd "$root"
export PATH="$HOME/.cargo/bin:$root/tests/node_modules/.bin:$PATH"
step() { printf '\n\033[1m== %s\033[0m\n' "$*"; }

step "formatting and lints"
cargo fmt --all -- --check
cargo clippy --workspace --all-targets --quiet -- -D warnings

step "native tests"
cargo test --workspace --no-fail-fast

step "scenario files"
cargo run --quiet -p sarissa-cli -- validate scenarios/*.toml

step "soak: 200 random games over every battle"
cargo build --quiet --profile cli -p sarissa-cli
./target/cli/sarissa soak --games 200 --seed "${SOAK_SEED:-1}"
step "soak: 24 whole random battles, to an army's withdrawal"
whole=$(./target/cli/sarissa soak --games 24 --seed "${SOAK_SEED:-1}" --turns 200 --commands 20000) || { echo "$whole"; exit 1; }
echo "$whole"
# Random battles must be able to end: at least one reaches an army's withdrawal.
echo "$whole" | tail -1 | grep -Eq '^soak: [0-9]+ games, [1-9][0-9]* finished' || { echo "no random battle finished"; exit 1; }

step "bench: the engine's speed against its budgets (informational; README)"
./target/cli/sarissa bench --quick

step "wasm tests in headless Chromium"
# wasm-bindgen-test-runner finds chromedriver on PATH; web/webdriver.json passes Chromium's flags.
(cd web && cargo test --target wasm32-unknown-unknown)

step "release build"
trunk build --release
# The app (what every visit loads; its Web Worker, web/worker.js, runs this same wasm); sw.js is
# the service worker.
wasm=$(ls dist/sarissa-web-*.wasm) js=$(ls dist/sarissa-web-*.js)
wasm_gz=$(gzip -9 -c "$wasm" | wc -c) js_gz=$(gzip -9 -c "$js" | wc -c)
printf 'size: wasm %s bytes (%s gzip), js %s bytes (%s gzip)\n' "$(stat -c %s "$wasm")" "$wasm_gz" "$(stat -c %s "$js")" "$js_gz"
# The battles' files (issue 19): a game fetches its own battle's, the start screen none.
battles_gz=0
for f in dist/battles/*.bin; do battles_gz=$((battles_gz + $(gzip -9 -c "$f" | wc -c))); done
printf 'size: battles %s files, %s bytes (%s gzip, each fetched when a game needs it)\n' "$(ls dist/battles/*.bin | wc -l)" "$(cat dist/battles/*.bin | wc -c)" "$battles_gz"
# A player's whole first download: sw.js and every file it keeps for offline play (its FILES).
first_gz=$(gzip -9 -c dist/sw.js | wc -c) first_files=1
for f in $(sed -n "/^const FILES = \[/,/^\];/s/^  '\(.*\)',\$/\1/p" dist/sw.js); do
  first_gz=$((first_gz + $(gzip -9 -c "dist/$f" | wc -c))) first_files=$((first_files + 1))
done
printf 'size: first visit %s files, %s gzip (sw.js and every file it keeps offline)\n' "$first_files" "$first_gz"
# The app's size budget of issue 19, 450 KB gzip for wasm and JS, in bench's style. Informational
# like bench while the app is over it (README, Measurements); make it fail once the app fits.
size_budget=460800 size_total=$((wasm_gz + js_gz))
echo "size wasm+js gzip $size_total budget $size_budget $([ "$size_total" -le "$size_budget" ] && echo ok || echo over)"

step "end-to-end in Chromium"
cd tests
mkdir -p artifacts
status=0
PLAYWRIGHT_JSON_OUTPUT_NAME=artifacts/e2e-results.json npx playwright test --reporter=list,json || status=$?
node -e 'const s = require("./artifacts/e2e-results.json").stats;
  console.log(`e2e: ${s.expected + s.flaky} passed, ${s.unexpected} failed` + (s.skipped ? `, ${s.skipped} skipped` : ""));'
exit $status
