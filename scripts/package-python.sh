#!/usr/bin/env bash
# Build the shisanshui Python distributions: a stripped abi3 wheel for manylinux2014 (glibc 2.17,
# so it installs on CentOS 7 / Debian 8 era systems and later, CPython 3.9+) and the sdist.
#
#   scripts/package-python.sh [--out DIR]      (default DIR: <repo>/dist)
#
# Zig links the extension against glibc 2.17's symbol versions (maturin --zig), so no manylinux
# container is needed. The tools (maturin, ziglang, at the versions pinned in
# tests/python/requirements.txt) go into a build venv under target/pybuild-venv, made once and
# reused. Needs python3 (3.9+, with venv and pip) and a Rust toolchain. Prints the paths of what it
# built; replaces an older wheel of this package in DIR, leaves everything else there alone.
#
# Environment: PYTHON (interpreter for the build venv, default python3), SSS_PYBUILD_VENV (its path).
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
out="$root/dist"
while [ $# -gt 0 ]; do
    case "$1" in
        --out) [ $# -ge 2 ] || { echo "package-python.sh: --out needs a directory" >&2; exit 2; }
               out="$2"; shift 2 ;;
        --out=*) out="${1#--out=}"; shift ;;
        -h|--help) sed -n '2,13p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "package-python.sh: unknown argument '$1' (usage: package-python.sh [--out DIR])" >&2; exit 2 ;;
    esac
done
mkdir -p "$out"
out="$(cd "$out" && pwd)"

case "$(uname -s)-$(uname -m)" in
    Linux-x86_64|Linux-aarch64) ;;
    *) echo "package-python.sh: builds manylinux wheels on Linux x86_64/aarch64 only, not $(uname -s)-$(uname -m)" >&2
       exit 1 ;;
esac

venv="${SSS_PYBUILD_VENV:-$root/target/pybuild-venv}"
python="${PYTHON:-python3}"
if [ ! -x "$venv/bin/python" ] || ! "$venv/bin/python" -c 'import sys' 2>/dev/null; then
    echo "package-python.sh: creating build venv $venv" >&2
    rm -rf "$venv"
    "$python" -m venv "$venv"
fi
# Idempotent: pip leaves the pinned versions alone when they are already there.
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check \
    -c "$root/tests/python/requirements.txt" maturin ziglang
# maturin finds zig through `python -m ziglang` of the interpreter on PATH.
export PATH="$venv/bin:$PATH"

# Build into a private folder, then move into DIR, so DIR never holds a half-written file and a
# wheel of an older version does not linger beside the new one.
stage="$(mktemp -d "$out/.package-python.XXXXXX")"
trap 'rm -rf "$stage"' EXIT

cd "$root"
# `strip = true` is set in python/pyproject.toml's [tool.maturin].
maturin build --release --zig --compatibility manylinux2014 -m python/Cargo.toml --out "$stage"
maturin sdist -m python/Cargo.toml --out "$stage"

shopt -s nullglob
wheels=("$stage"/shisanshui-*.whl)
sdists=("$stage"/shisanshui-*.tar.gz)
if [ ${#wheels[@]} -ne 1 ] || [ ${#sdists[@]} -ne 1 ]; then
    echo "package-python.sh: expected one wheel and one sdist, got: $(ls "$stage")" >&2
    exit 1
fi
rm -f "$out"/shisanshui-*-abi3-*.whl
mv -f "${wheels[0]}" "${sdists[0]}" "$out/"
for f in "$out/$(basename "${wheels[0]}")" "$out/$(basename "${sdists[0]}")"; do
    echo "package-python.sh: built $f ($(stat -c %s "$f") bytes)"
done
