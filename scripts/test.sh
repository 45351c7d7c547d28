#!/usr/bin/env bash
# The project's one test command (README, CI): installs what is missing, then runs every
# check. Every step runs even after a failure (steps that need a missing build are
# skipped); the exit status is non-zero if any step failed.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"
export CARGO_TERM_COLOR="${CARGO_TERM_COLOR:-never}"
SHARED=../shared
start=$SECONDS
summary=()
failed=0

logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT
failures=()

# step NAME COMMAND…: runs one command (one process: `bash -c` for compound ones, as errexit
# does not apply inside an `if`), records ok/FAIL and its duration; a failed step's last
# lines are repeated under the summary, where a CI page that shows only the end finds them.
step() {
  local name=$1 t0=$SECONDS log
  shift
  printf '\n==> %s\n' "$name"
  log="$logs/${#summary[@]}.log"
  # pipefail (set above): the status is the command's, not tee's.
  if "$@" 2>&1 | tee "$log"; then
    summary+=("ok    $name ($((SECONDS - t0))s)")
  else
    summary+=("FAIL  $name ($((SECONDS - t0))s)")
    failures+=("$name" "$log")
    failed=1
    return 1
  fi
}
note() { summary+=("$1"); }

scripts/setup.sh

# --- native: format, lints, tests, the CLI on the conformance sets --------------------
step "cargo fmt --check" cargo fmt --all --check || :
step "cargo clippy (native, all targets)" cargo clippy --all-targets --quiet -- -D warnings || :
step "cargo test (native)" cargo test --quiet || :
# The crate's docs build without a warning, and its public face is the one kept in
# docs/public-api.txt (read from the docs: items with their signatures, variants, fields with
# their types, inherent methods; ~15 s); its own test shows a changed signature is caught.
step "cargo doc + public API (docs/public-api.txt, scripts/public-api.mjs)" node scripts/public-api.mjs || :
step "public API check catches changed signatures (scripts/public-api.test.mjs)" \
  node --test scripts/public-api.test.mjs || :
# Licenses, bans and sources of every dependency (deny.toml; offline: advisories need the
# network and are run by hand with `cargo deny check advisories`).
# `cargo deny` reads `cargo metadata` for every target: `cargo fetch` first brings the crates
# only other platforms build with (winapi, web-sys …), which a fresh machine has not fetched.
step "cargo deny check bans licenses sources (workspace)" \
  bash -c 'cargo fetch --quiet && cargo deny --workspace --offline check bans licenses sources' || :

# The crate's face is enough for its users: the reference server (bridge-laws without
# `internals`; `-p` builds no root dev-dependency, so nothing turns it on), and the benches and
# the CLI built with the cfg `bridge_laws_face`, under which the root's dev-dependency on itself
# with `internals` is left out (Cargo.toml): a bench that reached into `Table::state` or
# `auction::Summary` fails here. Its own target dir: the cfg changes every crate's flags.
step "the server, the benches and the CLI build without internals" \
  bash -c 'cargo check --quiet -p bridge-server --all-targets && RUSTFLAGS="--cfg bridge_laws_face" CARGO_TARGET_DIR=target/face cargo check --quiet --bench engine --bench legality --bench records --bins' || :

# --- the reference server (server/, a workspace member): lints, then its suites against
# SQLite and a throwaway PostgreSQL cluster (scripts/test-server.sh; fmt is in the step above)
step "cargo clippy (server, all targets)" cargo clippy -p bridge-server --all-targets --quiet -- -D warnings || :
step "server suites: SQLite + PostgreSQL (scripts/test-server.sh)" scripts/test-server.sh || :

# The CLI as the test profile builds it (optimized, debug assertions on): the crates are
# those `cargo test` built above, where a release build (LTO, one codegen unit) would compile
# everything again for minutes.
cli=(cargo run --quiet --profile test --bin bridge-laws --)
step "conformance: tests/scenarios, tests/scenarios-director" "${cli[@]}" conformance tests/scenarios tests/scenarios-director || :
if [ -d "$SHARED/scenarios" ]; then
  step "conformance: $SHARED/scenarios" "${cli[@]}" conformance "$SHARED/scenarios" || :
else
  note "absent $SHARED/scenarios (shared conformance set not run)"
fi
if [ -f "$SHARED/corpus/auctions.jsonl" ]; then
  step "corpus: $SHARED/corpus/auctions.jsonl" "${cli[@]}" corpus "$SHARED/corpus/auctions.jsonl" || :
else
  note "absent $SHARED/corpus/auctions.jsonl (corpus audit not run)"
fi

# --- wasm: bindings lint, npm package, size budget, wasm-bindgen tests -----------------
wasm=(--target wasm32-unknown-unknown)
step "cargo clippy (wasm32: bindings and their tests)" \
  cargo clippy "${wasm[@]}" --quiet --features wasm --lib --test web --test node -- -D warnings || :
step "cargo clippy (wasm32 as shipped: the wasm feature, no serde_json)" \
  cargo clippy "${wasm[@]}" --quiet --lib --no-default-features --features wasm -- -D warnings || :
pkg=0
step "npm package: scripts/build-pkg.sh (bundler, node, web)" scripts/build-pkg.sh && pkg=1 || :
if [ $pkg = 1 ]; then
  step "size budget (size-budget.json)" scripts/check-size.sh || :
  # Reported, not budgeted: the engine alone, built as the package is but with no boundary
  # (docs/PERFORMANCE.md, "Size and time to the first table": why a 50 KiB module cannot be met).
  step "size floor: the engine alone (scripts/size-floor.sh)" scripts/size-floor.sh || :
else
  note "skip  size budget (no package)"
fi
# The wasm-bindgen tests in Chromium run exactly as a developer runs them (the native-only
# test files are gated off wasm32; the crate's wasm32 dev-dependency on itself turns on the
# `wasm` feature); the Node.js ones through cargo with the test runner.
step "wasm-pack test --headless --chrome (tests/web.rs)" \
  env CHROMEDRIVER="${CHROMEDRIVER:-$(command -v chromedriver)}" wasm-pack test --headless --chrome || :
export CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER=wasm-bindgen-test-runner
step "wasm-bindgen tests in Node.js (tests/node.rs)" cargo test "${wasm[@]}" --test node || :

# --- elements: their own types and tests (elements/package.json), against pkg/elements ---
if [ $pkg = 1 ]; then
  step "elements: tsc --noEmit and their own tests (elements/test: vocabulary in Node, pushes in Chromium)" \
    bash -c 'cd elements && npm run --silent typecheck && npm run --silent test' || :
fi

# --- www: types, the package in Node, the demo build, browser end-to-end ---------------
npm_www() { (cd www && npm run --silent "$@"); }
if [ $pkg = 1 ]; then
  step "tsc --noEmit (demo + types-check.ts against pkg/*.d.ts)" npm_www typecheck || :
  step "npm package in Node.js (www/test)" npm_www test:node || :
  www=0
  step "vite build (www/dist)" npm_www build && www=1 || :
  if [ $www = 1 ]; then
    step "Playwright end-to-end (www/e2e, screenshots in www/test-results)" npm_www test:e2e || :
    # Online tables: the server binary (target/debug/bridge-server, in the test profile the
    # server suites built it with: nothing is compiled again), then five browser
    # contexts (N, E, S, W, Director) playing a board through it, a kill -9 and restart.
    step "Playwright online tables: 5 browsers vs bridge-server (www/e2e/online-server.test.mjs)" \
      bash -c 'cargo build --quiet --profile test -p bridge-server && cd www && npm run --silent test:e2e:server' || :
  else
    note "skip  Playwright end-to-end (no www build)"
  fi
else
  note "skip  tsc, Node package tests, vite build, Playwright (no package)"
fi

printf '\n==> Summary (%ss)\n' $((SECONDS - start))
printf '  %s\n' "${summary[@]}"
passed=0 fails=0
for line in "${summary[@]}"; do
  case $line in
    "ok  "*) passed=$((passed + 1)) ;;
    FAIL*) fails=$((fails + 1)) ;;
  esac
done
for ((i = 0; i < ${#failures[@]}; i += 2)); do
  printf '\n==> Last lines of the failed step: %s\n' "${failures[i]}"
  tail -n 80 "${failures[i + 1]}" | cut -c1-400
done
if [ $failed = 1 ]; then
  echo "FAILED"
else
  echo "All checks passed."
fi
# The closing line counts the steps above (each step is a whole suite).
echo "$passed passed, $fails failed"
[ $failed = 0 ]
