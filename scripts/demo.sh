#!/usr/bin/env bash
# Builds the npm package and serves the demo table (www/) with Vite's dev server at
# http://127.0.0.1:5173 — the page imports "bridge-laws" exactly as a site would.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
scripts/build-pkg.sh
cd www
echo
echo "  Demo table: http://127.0.0.1:5173/   (Ctrl-C stops it)"
echo
exec npx vite --host 127.0.0.1 --port 5173 --strictPort
