#!/usr/bin/env bash
# Lints every crate of the workspace with warnings as errors: clippy over all targets, and the engine
# alone without its `serde` feature (the workspace build unifies features, and the FFI turns it on).
# Formatting is checked too. Installs clippy and rustfmt if the toolchain lacks them.
set -euo pipefail
cd "$(dirname "$0")/.."

for component in clippy rustfmt; do
  rustup component list --installed 2>/dev/null | grep -q "^$component" || rustup component add "$component"
done
cargo fmt --all -- --check
cargo clippy --workspace --all-targets -- -D warnings
cargo clippy -p shisanshui --all-targets -- -D warnings
echo "lint: clippy (workspace, and the engine without serde) and rustfmt clean"
