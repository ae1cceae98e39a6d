#!/usr/bin/env bash
# Build the shisanshui Python package and run its tests.
#
# Needs only python3 (3.9+, with venv and pip) and a Rust toolchain. Creates (or reuses) a venv
# at target/pyvenv, installs the pinned tools of requirements.txt, builds an abi3 wheel with
# maturin, installs it into the venv and runs pytest on tests/python. Extra arguments go to
# pytest (e.g. `tests/python/run.sh -k rules -x`). Exits non-zero when anything fails; pytest's
# own summary is the last line.
#
# Environment: PYTHON (interpreter for the venv, default python3), SSS_PYVENV (venv path).
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
venv="${SSS_PYVENV:-$root/target/pyvenv}"
wheels="$root/target/pywheels"
python="${PYTHON:-python3}"

if [ ! -x "$venv/bin/python" ] || ! "$venv/bin/python" -c 'import sys' 2>/dev/null; then
    echo "run.sh: creating venv $venv" >&2
    rm -rf "$venv"
    "$python" -m venv "$venv"
fi
vpy="$venv/bin/python"

"$vpy" -m pip install --quiet --disable-pip-version-check -r "$root/tests/python/requirements.txt"

# Build a release wheel (stripped; the release profile keeps debug info for benchmarks) and
# install it, so the tests exercise the package exactly as users get it.
rm -rf "$wheels"
"$venv/bin/maturin" build --release --strip --quiet \
    --manifest-path "$root/python/Cargo.toml" --interpreter "$vpy" --out "$wheels" >&2
"$vpy" -m pip install --quiet --disable-pip-version-check --force-reinstall --no-deps "$wheels"/shisanshui-*.whl

cd "$root"
exec "$vpy" -m pytest tests/python "$@"
