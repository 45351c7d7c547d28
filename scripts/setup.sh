#!/usr/bin/env bash
# Installs what the build and the tests need, idempotently: fast when everything is there.
#   Rust: the wasm32 target, rustfmt, clippy, wasm-pack, wasm-bindgen-cli (same version as
#         the wasm-bindgen crate in Cargo.toml), cargo-deny; the pinned nightly in scripts/wasm-nightly
#         (with rust-src) that builds the shipped module.
#   apt:  chromium, chromium-driver (headless browser tests); nodejs/npm if absent;
#         postgresql (the server suites' throwaway cluster).
#   npm:  www/ dependencies (Vite, Playwright core, TypeScript, binaryen's wasm-opt), from
#         www/package-lock.json. (Not Debian's binaryen: see scripts/build-pkg.sh.)
set -euo pipefail
cd "$(dirname "$0")/.."

# The wasm-bindgen CLI must match the crate version pinned in Cargo.toml ("=0.2.130").
WASM_BINDGEN_VERSION=$(sed -n 's/^wasm-bindgen = .*"=\([0-9.]*\)".*/\1/p' Cargo.toml)
: "${WASM_BINDGEN_VERSION:?Cargo.toml must pin wasm-bindgen with =x.y.z}"

say() { printf '[setup] %s\n' "$*"; }
die() { printf '[setup] ERROR: %s\n' "$*" >&2; exit 1; }

export PATH="$HOME/.cargo/bin:$PATH"
command -v cargo >/dev/null || die "cargo not found: install Rust (https://rustup.rs) first"
command -v rustup >/dev/null || die "rustup not found: the wasm32 target is installed with rustup"

# --- Rust toolchain pieces -------------------------------------------------------------
if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  say "adding rust target wasm32-unknown-unknown"
  rustup target add wasm32-unknown-unknown
fi
for comp in rustfmt clippy; do
  if ! rustup component list --installed | grep -q "^$comp"; then
    say "adding rust component $comp"
    rustup component add "$comp"
  fi
done

# The pinned nightly that builds the shipped wasm module (scripts/build-pkg.sh rebuilds the
# standard library with it for size): minimal, with the standard library's source and the
# wasm32 target.
WASM_NIGHTLY=$(grep -v '^#' scripts/wasm-nightly)
if ! rustup run "$WASM_NIGHTLY" rustc --version >/dev/null 2>&1 \
  || ! rustup component list --toolchain "$WASM_NIGHTLY" --installed | grep -q '^rust-src'; then
  say "installing $WASM_NIGHTLY (rust-src, wasm32 target) for the shipped module"
  rustup toolchain install "$WASM_NIGHTLY" --profile minimal --component rust-src \
    --target wasm32-unknown-unknown
fi

# cargo install with the crate's own lock file; if the registry lacks a locked version
# (it happens with yanked crates), resolve afresh.
cargo_install() {
  cargo install --quiet --locked "$@" || {
    say "cargo install --locked $* failed; retrying without --locked"
    cargo install --quiet "$@"
  }
}

if ! command -v wasm-pack >/dev/null; then
  say "installing wasm-pack"
  cargo_install wasm-pack
fi
if [ "$(wasm-bindgen --version 2>/dev/null || true)" != "wasm-bindgen $WASM_BINDGEN_VERSION" ]; then
  say "installing wasm-bindgen-cli $WASM_BINDGEN_VERSION"
  cargo_install wasm-bindgen-cli --version "$WASM_BINDGEN_VERSION" --force
fi

# cargo-deny: scripts/test.sh checks the dependencies' licenses, bans and sources (deny.toml).
# (A first install compiles it: 5–12 min on two busy cores; then it is on the path.)
if ! command -v cargo-deny >/dev/null; then
  say "installing cargo-deny"
  cargo_install cargo-deny
fi

# --- System packages -------------------------------------------------------------------
missing=()
command -v chromium >/dev/null || missing+=(chromium)
command -v chromedriver >/dev/null || missing+=(chromium-driver)
command -v node >/dev/null || missing+=(nodejs)
command -v npm >/dev/null || missing+=(npm)
# The server suites' throwaway cluster (scripts/test-server.sh).
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || missing+=(postgresql)
if [ ${#missing[@]} -gt 0 ]; then
  SUDO=""
  [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  say "apt-get install ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
node_major=$(node -p 'process.versions.node.split(".")[0]')
[ "$node_major" -ge 20 ] || die "Node.js 20 or later is needed (found $(node --version))"

# --- www/ npm dependencies -------------------------------------------------------------
# Reinstall only when package-lock.json changed since the last install.
stamp=www/node_modules/.setup-lock-sha
want=$(sha256sum www/package-lock.json | cut -d' ' -f1)
if [ "$(cat "$stamp" 2>/dev/null || true)" != "$want" ]; then
  say "npm ci in www/"
  (cd www && npm ci --no-audit --no-fund --loglevel=error)
  echo "$want" >"$stamp"
fi

say "ok: $(rustc --version | cut -d' ' -f1-2), $(wasm-pack --version), $(wasm-bindgen --version), node $(node --version), $(chromium --version 2>/dev/null | cut -d' ' -f1-2)"
