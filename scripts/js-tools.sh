#!/usr/bin/env bash
# The JavaScript package's build tools, installed into target/js-tools (idempotent):
#   - Rust's wasm32-unknown-unknown target (rustup target add);
#   - wasm-bindgen-cli at exactly the version js/Cargo.toml pins for the wasm-bindgen crate
#     (cargo install; the CLI must match the crate it post-processes);
#   - wasm-opt from the npm package `binaryen` (the whole of binaryen compiled to JavaScript and
#     WebAssembly, no download at install time; Debian's binaryen is too old to read what
#     current rustc emits).
# Prints nothing on success but what the installers print; `source` it or read the paths:
#   target/js-tools/bin/wasm-bindgen, target/js-tools/npm/node_modules/.bin/wasm-opt
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
tools="${CARGO_TARGET_DIR:-$root/target}/js-tools"
mkdir -p "$tools/npm"

# The one version of binaryen the package is built and measured with.
BINARYEN_VERSION=132.0.0

version="$(sed -n 's/^wasm-bindgen = "=\([0-9.]*\)".*/\1/p' "$root/js/Cargo.toml")"
[ -n "$version" ] || { echo "js-tools.sh: js/Cargo.toml pins no wasm-bindgen version" >&2; exit 1; }

if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  rustup target add wasm32-unknown-unknown
fi
if ! "$tools/bin/wasm-bindgen" --version 2>/dev/null | grep -qx "wasm-bindgen $version"; then
  # Not --locked: the CLI's own lock file may name patch releases the registry mirror lacks.
  cargo install --quiet --root "$tools" --force wasm-bindgen-cli --version "$version"
fi
if [ "$(node -p "require('$tools/npm/node_modules/binaryen/package.json').version" 2>/dev/null)" != "$BINARYEN_VERSION" ]; then
  (cd "$tools/npm" && npm install --silent --no-audit --no-fund --no-save "binaryen@$BINARYEN_VERSION")
fi
