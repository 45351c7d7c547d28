#!/usr/bin/env bash
# Builds the custom elements (TypeScript in src/) into the npm package's pkg/elements
# ("bridge-laws/elements"), against the module's declarations in pkg/ (scripts/build-pkg.sh
# builds the module first, then runs this). `npm run build` here rebuilds the elements alone.
set -euo pipefail
cd "$(dirname "$0")"
if [ ! -f ../pkg/bridge_laws.d.ts ]; then
  echo "pkg/ has no module: build it first with scripts/build-pkg.sh" >&2
  exit 2
fi
# The elements import the package's types by its name: compiled against pkg/ itself (the
# link is made here, not kept), their declarations then point at pkg/bridge_laws.d.ts.
mkdir -p node_modules && ln -sfn ../../pkg node_modules/bridge-laws
# The message formatter's types for tsc (intl-messageformat, from www's install).
ln -sfn ../../www/node_modules/intl-messageformat node_modules/intl-messageformat
ln -sfn ../../www/node_modules/@formatjs node_modules/@formatjs
rm -rf ../pkg/elements
../www/node_modules/.bin/tsc -p tsconfig.json --outDir ../pkg/elements
# The catalogs' formatter (intl-messageformat, ICU MessageFormat) bundled into one ES module
# beside the elements (~34 kB, 10 kB gzipped); package-json.mjs points their import at it.
../www/node_modules/.bin/rolldown ../www/node_modules/intl-messageformat/index.js --format esm --platform neutral \
  --minify --file ../pkg/elements/vendor/intl-messageformat.js --log-level warn
cp ../www/node_modules/intl-messageformat/LICENSE.md ../pkg/elements/vendor/intl-messageformat.LICENSE.md
node ../scripts/package-json.mjs ../pkg
