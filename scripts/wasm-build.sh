#!/usr/bin/env bash
# How the shipped module is built, sourced (from the repository's root) by scripts/build-pkg.sh,
# which builds the npm package, and scripts/size-floor.sh, which builds the engine alone the
# same way: the wasm-opt passes, the pinned nightly and its flags, the tools they need.

# wasm-opt from the npm `binaryen` package (www/ devDependency, a current release):
# Debian's binaryen 108 mis-handles the reference-types module rustc emits (the externref
# table comes out funcref and the module fails to load). -Os without binaryen's inlining
# (-fimfs/-ocimfs/-aimfs 0): inlining makes the .wasm smaller but its gzip larger (measured
# on this crate, gzip -9: -O1 111.5 KiB, -Oz 121.8, -Os 121.5, -Os without inlining 110.0;
# docs/ENGINEERING.md, "The boundary and the wasm module"). Between -Os rounds, --flatten --rereloop rebuild the
# control flow, which the next round then shrinks: −0.8 KiB gzipped at the same speed in
# Chromium for the first, −0.3 KiB for the second; --converge repeats the whole pipeline while
# the module shrinks (−0.1 KiB) (docs/ENGINEERING.md, "The boundary and the wasm module").
WASM_OPT_FLAGS=(-Os --flatten --rereloop -Os --flatten --rereloop -Os --converge -fimfs 0 -ocimfs 0 -aimfs 0 --strip-producers --enable-bulk-memory --enable-nontrapping-float-to-int)
export PATH="$PWD/www/node_modules/.bin:$PATH"
command -v wasm-opt >/dev/null || { echo "wasm-opt missing: run scripts/setup.sh" >&2; exit 1; }

# The shipped module: without the default `json` feature (no serde_json: values cross as JS
# values), and panic = "abort" (no unwinding tables; a panic is a bug and traps either way).
# Set here rather than in [profile.release] so the native release build (the CLI) keeps
# unwinding.
export CARGO_PROFILE_RELEASE_PANIC=abort
# Built for size (the native release build, Cargo.toml's, is built for speed).
export CARGO_PROFILE_RELEASE_OPT_LEVEL=z

# Built with a pinned nightly that rebuilds the standard library for the module
# (-Zbuild-std): panics abort at once without formatting a message (-Cpanic=immediate-abort,
# so the panic machinery and most of core::fmt drop out) and std is built for size
# (optimize_for_size). −12.6 KiB gzipped against stable (docs/ENGINEERING.md, "The boundary
# and the wasm module": a pinned nightly). A panic's place is not kept either
# (-Zlocation-detail=none: no file names and lines, which an abort never shows): −0.3 KiB.
# scripts/setup.sh installs this toolchain; every other build and test (the CLI, the server,
# wasm-pack test) uses stable.
NIGHTLY=$(grep -v "^#" scripts/wasm-nightly)
export RUSTUP_TOOLCHAIN=$NIGHTLY
export RUSTFLAGS="-Zunstable-options -Cpanic=immediate-abort -Zlocation-detail=none"
BUILD_STD=(-Zbuild-std=std,panic_abort -Zbuild-std-features=optimize_for_size)
rustup run "$NIGHTLY" rustc --version >/dev/null 2>&1 || { echo "toolchain $NIGHTLY missing: run scripts/setup.sh" >&2; exit 1; }
