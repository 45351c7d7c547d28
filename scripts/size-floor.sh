#!/usr/bin/env bash
# The size floor: how much of the shipped .wasm is the laws engine itself. Builds the crate's
# engine with no boundary at all (scripts/size-floor: every kind of action, a view, the
# bidding box, the state hash and a replay, reached from plain numbers; no JS values, no
# serde code, no records, no client table) exactly as scripts/build-pkg.sh builds the
# shipped module (pinned nightly, -Zbuild-std, immediate-abort, opt-level z, LTO, the same
# wasm-opt passes), and prints its size beside pkg/bridge_laws_bg.wasm when that exists.
# docs/PERFORMANCE.md, "Size and time to the first table". Needs what scripts/setup.sh installs (scripts/wasm-build.sh
# checks).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
# The shipped module's build: the pinned nightly and its flags, the wasm-opt passes.
source scripts/wasm-build.sh

# A copy of the crate, built without its bindings: the floor depends on it with no features,
# so neither the `wasm` module nor the TypeScript derives (`cfg_attr(feature = "wasm", …)`)
# nor the bindings' crates are in it. Nothing else changes: the engine's code is the
# shipped code. (The copy, in its own workspace, leaves the server out.)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir "$work/core"
cp -r Cargo.toml README.md src benches examples "$work/core/"
cp -r scripts/size-floor "$work/floor"
cp Cargo.lock "$work/floor/"   # the versions the package is built with
perl -0pi -e 's/members = \[[^\]]*\]/members = ["."]/' "$work/core/Cargo.toml"

(cd "$work/floor" && CARGO_TARGET_DIR="$root/target/size-floor" cargo build -q --release \
  --target wasm32-unknown-unknown "${BUILD_STD[@]}" 2>"$work/build.log") \
  || { cat "$work/build.log" >&2; exit 1; }  # (the copy's unused-code warnings: the bindings used that code)
wasm="$root/target/size-floor/floor.wasm"
wasm-opt "${WASM_OPT_FLAGS[@]}" "$root/target/size-floor/wasm32-unknown-unknown/release/size_floor.wasm" -o "$wasm"
if grep -q wbindgen "$wasm"; then
  echo "size-floor: the module still holds wasm-bindgen's sections" >&2; exit 1
fi

kib() { awk -v b="$1" 'BEGIN { printf "%.1f KiB", b / 1024 }'; }
report() { echo "[size-floor] $1: $(kib "$(wc -c <"$2")") raw, $(kib "$(gzip -9 -c "$2" | wc -c)") gzipped"; }
report "the engine alone ($wasm)" "$wasm"
if [ -f pkg/bridge_laws_bg.wasm ]; then report "the shipped module (pkg/bridge_laws_bg.wasm)" pkg/bridge_laws_bg.wasm; fi
