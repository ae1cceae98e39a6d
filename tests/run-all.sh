#!/usr/bin/env bash
# Every test of every language, from a fresh clone: Rust (core, FFI, header check, tools, the crate's docs and
# package, clippy with -D warnings and rustfmt), C and C++ (static and dynamic; an installed prefix through
# pkg-config and CMake), Python (the release wheel in a fresh venv), the macOS and iOS libraries (built here with
# zig, checked without running them), C# (the assembled Unity package under mcs +
# mono), JavaScript (the packed npm tarball in a fresh folder under node --test, the playground in headless
# Chromium), Go (the module in go/ over the installed static and shared libraries, go vet, the README's
# program), then the safety nets (fuzzing, sanitizers, valgrind, Miri, threads: tests/safety/run.sh,
# docs/safety.md). Installs what it needs.
set -euo pipefail
cd "$(dirname "$0")/.."

summary=()
run() {
  local name=$1; shift
  echo
  echo "==> $name"
  local start=$SECONDS
  "$@"
  summary+=("$name: ok ($((SECONDS - start)) s)")
}

# Release mode: the exhaustive checks (all 2,598,960 five-card hands, brute-force specials) need it.
run "Rust" cargo test --release --workspace --exclude shisanshui-python
run "Rust crate (docs, package)" bash scripts/check-crate.sh
run "Lint (clippy -D warnings, rustfmt)" bash scripts/lint.sh
run "C/C++" bash tests/c/run.sh
run "Python" bash tests/python/run.sh
run "macOS and iOS libraries" bash tests/apple/run.sh
run "C#" bash tests/csharp/run.sh
run "JavaScript" bash tests/js/run.sh
run "Go" bash tests/go/run.sh
run "Safety nets" bash tests/safety/run.sh

echo
echo "==> Summary"
printf '%s\n' "${summary[@]}"
echo "suites: ${#summary[@]} passed, 0 failed"
