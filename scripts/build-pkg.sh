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
# The elements import the package's types by its name: compiled against pkg/ itself (the
# link is made here, not kept), their declarations then point at pkg/bridge_laws.d.ts.
mkdir -p elements/node_modules && ln -sfn ../../pkg elements/node_modules/bridge-laws
# The message formatter's types for tsc (intl-messageformat, from www's install).
ln -sfn ../../www/node_modules/intl-messageformat elements/node_modules/intl-messageformat
ln -sfn ../../www/node_modules/@formatjs elements/node_modules/@formatjs
www/node_modules/.bin/tsc -p elements/tsconfig.json --outDir pkg/elements
# The catalogs' formatter (intl-messageformat, ICU MessageFormat) bundled into one ES module
# beside the elements (~34 kB, 10 kB gzipped); package-json.mjs points their import at it.
www/node_modules/.bin/rolldown www/node_modules/intl-messageformat/index.js --format esm --platform neutral \
  --minify --file pkg/elements/vendor/intl-messageformat.js --log-level warn
cp www/node_modules/intl-messageformat/LICENSE.md pkg/elements/vendor/intl-messageformat.LICENSE.md
node scripts/package-json.mjs pkg
