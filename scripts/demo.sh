#!/usr/bin/env bash
# Builds the npm package and serves the demo table (www/) with Vite's dev server at
# http://127.0.0.1:5173 — the page imports "bridge-laws" exactly as a site would.
#
# `scripts/demo.sh --online` builds the page and serves it from the reference server
# (server/, SQLite in bridge-tables.db) at http://127.0.0.1:8080/?online: the lobby creates a
# table and lists one link per seat, the Director and spectators (README → Online tables).
# It runs with `--demo` (anyone who reaches it may create tables: docs/SERVER.md), on
# 127.0.0.1 only.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
scripts/build-pkg.sh
if [ "${1:-}" = "--online" ]; then
  npm --prefix www run build
  cargo build --release -p bridge-server
  echo
  echo "  Online tables: http://127.0.0.1:8080/?online   (Ctrl-C stops the server)"
  echo
  exec target/release/bridge-server --listen 127.0.0.1:8080 \
    --db "sqlite:bridge-tables.db?mode=rwc" --www www/dist --demo
fi
cd www
echo
echo "  Demo table: http://127.0.0.1:5173/   (Ctrl-C stops it)"
echo
exec npx vite --host 127.0.0.1 --port 5173 --strictPort
