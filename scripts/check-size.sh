#!/usr/bin/env bash
# Fails when the gzipped .wasm of the npm package is over the budget in size-budget.json.
set -euo pipefail
cd "$(dirname "$0")/.."
wasm=${1:-pkg/bridge_laws_bg.wasm}
budget_kib=$(node -p 'require("./size-budget.json").wasm_gzip_kib')
raw=$(wc -c <"$wasm")
gz=$(gzip -9 -c "$wasm" | wc -c)
kib() { awk -v b="$1" 'BEGIN { printf "%.1f KiB", b / 1024 }'; }
echo "[size] $wasm: $(kib "$raw") raw, $(kib "$gz") gzipped; budget $budget_kib KiB gzipped"
if [ "$gz" -gt $((budget_kib * 1024)) ]; then
  echo "[size] over budget by $(kib $((gz - budget_kib * 1024)))" >&2
  exit 1
fi
