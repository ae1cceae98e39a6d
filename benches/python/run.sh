#!/usr/bin/env bash
# The Python benchmark of BENCHMARKS.md: builds the shisanshui wheel (release, this machine's
# native tag) with maturin, installs it and the pinned peers (benches/python/requirements.txt)
# into a venv of its own (target/bench-python-venv, reused), and runs benches/python/bench.py.
# Extra arguments go to bench.py (e.g. --quick). Needs python3 (3.9+ with venv) and Rust.
# Environment: PYTHON (default python3), CARGO_TARGET_DIR (default target/).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
python="${PYTHON:-python3}"
target="${CARGO_TARGET_DIR:-$root/target}"
venv="$target/bench-python-venv"
mkdir -p "$target"
[ -x "$venv/bin/python" ] || "$python" -m venv "$venv"
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check -r "$root/benches/python/requirements.txt"
wheels="$(mktemp -d "$target/bench-python-wheel.XXXXXX")"
trap 'rm -rf "$wheels"' EXIT
(cd "$root/python" && "$venv/bin/maturin" build --release --quiet --out "$wheels" >&2)
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check --force-reinstall --no-deps "$wheels"/shisanshui-*.whl
cd "$root"
# The Rust side of the like-for-like arrangement row.
cargo build --release --quiet -p shisanshui-tools --example arrange_rate
"$venv/bin/python" benches/python/bench.py --rust-arrange "$target/release/examples/arrange_rate" "$@"
