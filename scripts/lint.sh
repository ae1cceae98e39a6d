#!/usr/bin/env bash
# Lints every crate of the workspace with warnings as errors: clippy over all targets, and the engine
# alone without its `serde` feature (the workspace build unifies features, and the FFI turns it on).
# The JavaScript crate is linted for its real target too (wasm32-unknown-unknown), as the package
# builds it: without the built-in field tables. Formatting is checked too. Installs clippy, rustfmt
# and the wasm32 target if the toolchain lacks them.
set -euo pipefail
cd "$(dirname "$0")/.."

for component in clippy rustfmt; do
  rustup component list --installed 2>/dev/null | grep -q "^$component" || rustup component add "$component"
done
cargo fmt --all -- --check
cargo clippy --workspace --all-targets -- -D warnings
cargo clippy -p shisanshui --all-targets -- -D warnings
rustup target list --installed | grep -qx wasm32-unknown-unknown || rustup target add wasm32-unknown-unknown
cargo clippy -p shisanshui-js --target wasm32-unknown-unknown -- -D warnings
cargo clippy -p shisanshui --no-default-features --all-targets -- -D warnings
echo "lint: clippy (workspace, the engine without serde and without its built-in fields, the wasm crate) and rustfmt clean"
