#!/usr/bin/env bash
# Builds the npm package in pkg/: the bundler build at the top (what `import "bridge-laws"`
# gives a site built with Vite, webpack, …), the Node.js build in pkg/node (picked by the
# "node" export condition) and the ES-module build for pages without a bundler in pkg/web
# (`import init, { Table } from "bridge-laws/web"; await init();`), and the custom elements
# (elements/, TypeScript) in pkg/elements ("bridge-laws/elements", docs/ELEMENTS.md).
set -euo pipefail
cd "$(dirname "$0")/.."

# How the module is built (wasm-opt passes, the pinned nightly, its flags): shared with
# scripts/size-floor.sh.
source scripts/wasm-build.sh

# --mode no-install: use the wasm-bindgen CLI on PATH (scripts/setup.sh installs it).
build() {
  local out=$2
  wasm-pack --log-level warn build --mode no-install --release --no-opt --target "$1" --out-dir "$out" "${@:3}" \
    -- --no-default-features --features wasm "${BUILD_STD[@]}"
  wasm-opt "${WASM_OPT_FLAGS[@]}" "$out/bridge_laws_bg.wasm" -o "$out/bridge_laws_bg.wasm"
}
rm -rf pkg
build bundler pkg
build nodejs pkg/node --no-pack --no-gitignore
build web pkg/web --no-pack --no-gitignore
# The custom elements (elements/, a part of its own: elements/package.json) into pkg/elements,
# then the package.json completed (scripts/package-json.mjs).
elements/build.sh
