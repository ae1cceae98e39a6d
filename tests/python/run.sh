#!/usr/bin/env bash
# Build the shisanshui Python distributions and test them the way a user gets them.
#
#   1. scripts/package-python.sh builds the manylinux2014 abi3 wheel and the sdist into a
#      scratch folder under target/ (its tools live in the reused build venv target/pybuild-venv).
#   2. A fresh venv, made anew each run, gets the pinned test tools (tests/python/requirements.txt)
#      and the wheel file, installed with pip.
#   3. pytest runs tests/python against that install: the whole suite, the README's Python
#      quick start as printed (test_readme.py), and the distributions themselves
#      (test_packaging.py: tags, glibc 2.17, strip, metadata, sdist contents, a wheel built from
#      the sdist alone, other CPythons on the machine).
#
# Needs only python3 (3.9+, with venv and pip), binutils (objdump) and a Rust toolchain. Extra
# arguments go to pytest (e.g. `tests/python/run.sh -k rules -x`). Exits non-zero when anything
# fails; pytest's own summary is the last line.
#
# Environment: PYTHON (interpreter for the venvs, default python3).
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
python="${PYTHON:-python3}"

mkdir -p "$root/target"
scratch="$(mktemp -d "$root/target/pytest-run.XXXXXX")"
trap 'rm -rf "$scratch"' EXIT

echo "run.sh: building the wheel and sdist (scripts/package-python.sh)" >&2
bash "$root/scripts/package-python.sh" --out "$scratch/dist" >&2

echo "run.sh: fresh test venv $scratch/venv" >&2
"$python" -m venv "$scratch/venv"
vpy="$scratch/venv/bin/python"
# maturin builds the sdist in test_packaging.py; auditwheel checks the wheel's tag; dask and
# distributed run shisanshui.dask on a LocalCluster (test_dask.py).
"$vpy" -m pip install --quiet --disable-pip-version-check \
    -c "$root/tests/python/requirements.txt" pytest mypy auditwheel maturin numpy matplotlib dask distributed
wheel=("$scratch/dist"/shisanshui-*.whl)
"$vpy" -m pip install --quiet --disable-pip-version-check --no-deps --no-index "${wheel[@]}"

# From the repository root (the tests read tests/vectors and README.md by path). PYTHONSAFEPATH
# (CPython 3.11+) keeps the current folder off sys.path; nothing there is named shisanshui
# anyway, and test_packaging.py checks the package comes from the venv. No `exec`: the trap
# removes the scratch folder after pytest, whose exit status is the script's.
cd "$root"
# The command line's --plot, drawn by this venv's matplotlib (test_cli_plot.py).
cargo build --release --quiet -p shisanshui-tools --bin sss
export SSS_BIN="${CARGO_TARGET_DIR:-$root/target}/release/sss"
export SSS_DIST="$scratch/dist" PYTHONSAFEPATH=1
export PATH="$scratch/venv/bin:$PATH"
"$vpy" -m pytest tests/python "$@"
