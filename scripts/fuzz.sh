#!/usr/bin/env bash
# Runs every cargo-fuzz target (fuzz/) for SECONDS each (default 600), seeded from the
# conformance scenarios, the committed seeds (tests/fuzz-seeds/<target>/, a few files each) and
# the local corpus of earlier runs. Afterwards the corpus is minimized into
# tests/fuzz-corpus/<target>/ (gitignored: it is rewritten by every run) and any crash is
# copied to tests/fuzz-regressions/<target>/ (committed), where
# `cargo test --test fuzz_regressions` replays it.
# Usage: scripts/fuzz.sh [SECONDS] [TARGET…]
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"
secs=${1:-600}
shift || :
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(action snapshot options lin pbn)

rustup toolchain list | grep -q '^nightly' || rustup toolchain install nightly --profile minimal
command -v cargo-fuzz >/dev/null || cargo install cargo-fuzz --locked

dirs=(tests/scenarios)
[ -d ../shared/scenarios ] && dirs+=(../shared/scenarios)
node scripts/fuzz-seeds.mjs "${dirs[@]}"
# The record readers start from real files: the head of up to 60 LIN and 60 PBN files of the
# shared corpus, when present (-max_len below keeps each seed whole).
if [ -d ../shared/corpus/raw ]; then
  for ext in lin pbn; do
    mkdir -p "fuzz/corpus/$ext"
    # (Read whole, then cut: `head` closing a pipe early would fail the script under pipefail.)
    mapfile -d '' files < <(find ../shared/corpus/raw -iname "*.$ext" -print0 | sort -z)
    for f in "${files[@]:0:60}"; do n=${f##*/}; head -c 8000 "$f" > "fuzz/corpus/$ext/seed-${n//[^A-Za-z0-9._-]/_}"; done
  done
fi
mkdir -p fuzz/logs
for t in "${targets[@]}"; do
  mkdir -p "tests/fuzz-corpus/$t" "tests/fuzz-regressions/$t"
  mkdir -p "fuzz/corpus/$t"
  cp -n tests/fuzz-seeds/"$t"/* tests/fuzz-corpus/"$t"/* "fuzz/corpus/$t/" 2>/dev/null || :
  echo "==> fuzzing $t for ${secs}s"
  # Safe Rust needs no AddressSanitizer: -s none gives several times the executions.
  # -max_len: a session of a few dozen actions; -timeout: any input slower than 2 s is a finding.
  cargo +nightly fuzz run -s none "$t" "fuzz/corpus/$t" -- -max_total_time="$secs" -max_len=8192 \
    -timeout=2 -dict=fuzz/session.dict -print_final_stats=1 2>&1 | tee "fuzz/logs/$t.log" | grep -E '^(#[0-9]+ +DONE|stat::|==|SUMMARY|Done)' || :
  cp -n fuzz/artifacts/"$t"/* "tests/fuzz-regressions/$t/" 2>/dev/null || :
  cargo +nightly fuzz cmin -s none "$t" "fuzz/corpus/$t" -- -max_len=8192 >/dev/null 2>&1 || :
  rm -f tests/fuzz-corpus/"$t"/*
  cp fuzz/corpus/"$t"/* "tests/fuzz-corpus/$t/"
done
echo "minimized corpus (local): $(find tests/fuzz-corpus -type f | wc -l) inputs; seeds: $(find tests/fuzz-seeds -type f | wc -l); findings: $(find tests/fuzz-regressions -type f | wc -l)"
