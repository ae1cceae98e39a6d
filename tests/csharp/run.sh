#!/usr/bin/env bash
# Build the native library (release), compile the C# wrapper alone (as Unity would) and with the
# tests using Mono's mcs at C# 7, run the tests with mono, and end with
#   C# tests: N passed, 0 failed
# Installs Mono from Debian when mcs or mono is missing. Exits non-zero on any failure.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$root"

if ! command -v mcs >/dev/null 2>&1 || ! command -v mono >/dev/null 2>&1; then
  sudo=""
  if [ "$(id -u)" -ne 0 ] && command -v sudo >/dev/null 2>&1; then sudo="sudo"; fi
  # mono-mcs brings the compiler and the class libraries it references (System, System.Core);
  # mono-runtime the VM.
  $sudo apt-get update
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y --no-install-recommends \
    mono-mcs mono-runtime libmono-system-core4.0-cil
fi

cargo build --release -p shisanshui-ffi

target_dir="${CARGO_TARGET_DIR:-$root/target}"
case "$target_dir" in /*) ;; *) target_dir="$root/$target_dir" ;; esac
lib_dir="$target_dir/release"
[ -f "$lib_dir/libshisanshui.so" ] || { echo "missing $lib_dir/libshisanshui.so" >&2; exit 1; }

out="$root/tests/csharp/build"
mkdir -p "$out"
mcs_flags=(-langversion:7 -warnaserror -nologo)

# The wrapper on its own, as a library: what a Unity project compiles from ffi/csharp.
mcs "${mcs_flags[@]}" -target:library -out:"$out/Shisanshui.dll" ffi/csharp/*.cs
# The tests compiled with the wrapper, so they can reach its internals (raw native calls).
mcs "${mcs_flags[@]}" -out:"$out/tests.exe" ffi/csharp/*.cs tests/csharp/Tests.cs tests/csharp/SettleTests.cs \
  tests/csharp/ArrangeTests.cs

# The test program prints "C# tests: N passed, M failed" last and exits non-zero on failure.
LD_LIBRARY_PATH="$lib_dir${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" \
  mono --debug "$out/tests.exe" "$root/tests/vectors/eval.json"
