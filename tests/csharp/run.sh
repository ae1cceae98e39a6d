#!/usr/bin/env bash
# The C# wrapper as Unity gets it: assemble the Unity package (scripts/package-unity.sh) into
# target/, then, from the package as laid out,
#   - compile Runtime/*.cs alone as a library (what Unity compiles) and with the tests, using Mono's
#     mcs at C# 7 with warnings as errors, and run the suite under mono with the native library
#     loaded from the package's Plugins/linux-x64;
#   - compile the sample (Samples~) against stand-in UnityEngine types and play its rounds,
#     checked against the Rust demo's;
#   - run the C# snippets of README.md and of the package manual as printed;
#   - check the layout (package.json, a .meta with a unique GUID for everything, one platform
#     per native library).
# Ends with "C#: N passed, 0 failed" (the sum of the checks above). Installs Mono from Debian when
# mcs or mono is missing. Exits non-zero on any failure.
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

target_dir="${CARGO_TARGET_DIR:-$root/target}"
case "$target_dir" in /*) ;; *) target_dir="$root/$target_dir" ;; esac
stage="$target_dir/unity-test"
bash scripts/package-unity.sh --out "$stage"
pkg="$stage/com.shisanshui.engine"
lib_dir="$pkg/Plugins/linux-x64"
[ -f "$lib_dir/libshisanshui.so" ] || { echo "missing $lib_dir/libshisanshui.so" >&2; exit 1; }

out="$root/tests/csharp/build"
rm -rf "$out"
mkdir -p "$out"
mcs_flags=(-langversion:7 -warnaserror -nologo)
# Mono prints with the locale's encoding: the outputs compared below hold Chinese.
export LC_ALL=C.UTF-8
# Only the package's copy of the library, so a stray one elsewhere cannot stand in for it.
run_mono() { LD_LIBRARY_PATH="$lib_dir" mono --debug "$@"; }

total=0
count() { # adds the N of the "...: N passed, 0 failed" line of a log, which must be there
  local n
  n="$(sed -n 's/^.*: \([0-9][0-9]*\) passed, 0 failed$/\1/p' "$1" | tail -1)"
  [ -n "$n" ] || { echo "no passing count in $1" >&2; exit 1; }
  total=$((total + n))
}

# The wrapper on its own, as a library: what a Unity project compiles from the package's Runtime/.
mcs "${mcs_flags[@]}" -target:library -out:"$out/Shisanshui.dll" "$pkg"/Runtime/*.cs
# The tests compiled with the wrapper, so they can reach its internals (raw native calls).
# Every tests/csharp/*.cs but the sample's own (its test and the stand-in UnityEngine are compiled below).
suite=()
for f in tests/csharp/*.cs; do
  case "$(basename "$f")" in SampleTests.cs | UnityEngineStub.cs) ;; *) suite+=("$f") ;; esac
done
mcs "${mcs_flags[@]}" -out:"$out/tests.exe" "$pkg"/Runtime/*.cs "${suite[@]}"
# The test program prints "C# tests: N passed, M failed" last and exits non-zero on failure.
run_mono "$out/tests.exe" "$root/tests/vectors/eval.json" | tee "$out/tests.log"
count "$out/tests.log"

# The sample as Unity compiles an imported sample: its own assembly, referencing Shisanshui and
# UnityEngine (here a stand-in with just what the sample uses).
mcs "${mcs_flags[@]}" -target:library -out:"$out/UnityEngine.dll" tests/csharp/UnityEngineStub.cs
mcs "${mcs_flags[@]}" -out:"$out/sample.exe" -r:"$out/Shisanshui.dll" -r:"$out/UnityEngine.dll" \
  "$pkg"/Samples~/PlayRound/*.cs tests/csharp/SampleTests.cs
# The Rust demo's rounds to check the sample against: a declared special (kx seed 2) and every preset.
demo_cases=("kx 42 4" "kx 2 4" "classic 7 2" "regional 5 4" "hk 3 3" "ranked 11 4")
cargo build --release -q -p shisanshui --example demo
: >"$out/demo.txt"
for c in "${demo_cases[@]}"; do
  set -- $c
  echo "### $c" >>"$out/demo.txt"
  cargo run --release -q -p shisanshui --example demo -- --preset "$1" --seed "$2" --players "$3" >>"$out/demo.txt"
done
(cd "$out" && run_mono sample.exe "$out/demo.txt") | tee "$out/sample.log"
count "$out/sample.log"

# The snippets as printed: README.md's "### C#" (a whole program) and the manual's "## Use"
# (statements, run inside a Main). Each must print what its comments say.
snippet() { # markdown heading name [references...]
  local md=$1 heading=$2 name=$3; shift 3
  python3 tests/csharp/snippets.py extract "$md" "$heading" "$out/$name.cs" "$out/$name.expected"
  mcs "${mcs_flags[@]}" -out:"$out/$name.exe" -r:"$out/Shisanshui.dll" "$@" "$out/$name.cs"
  (cd "$out" && run_mono "$name.exe") >"$out/$name.out"
  cat "$out/$name.out"
  python3 tests/csharp/snippets.py compare "$out/$name.expected" "$out/$name.out"
  total=$((total + 1))
}
snippet README.md "### C#" readme
snippet "$pkg/Documentation~/index.md" "## Use" manual -r:"$out/UnityEngine.dll"

# Outside Unity: the README's and the manual's console commands, run as printed (no
# LD_LIBRARY_PATH of ours) in a folder laid out as they assume, on the README's C# program. Each
# runs the program twice (library on the loader's path, then next to the program). Without the
# library where the loader looks, mono must fail as they say.
console() { # name markdown heading: the folder holding `dist/unity` (README) or the package (manual)
  local name=$1 md=$2 heading=$3 dir="$out/console-$1"
  mkdir -p "$dir/dist"
  ln -s "$stage" "$dir/dist/unity"
  ln -s "$pkg" "$dir/com.shisanshui.engine"
  cp "$out/readme.cs" "$dir/Round.cs"
  python3 tests/csharp/snippets.py shell "$md" "$heading" "$dir/console.sh"
  (cd "$dir" && env -u LD_LIBRARY_PATH bash console.sh) >"$out/console-$name.out" 2>"$out/console-$name.err" ||
    { cat "$out/console-$name.err" >&2; echo "FAIL: the $name's console commands" >&2; exit 1; }
  cat "$out/readme.expected" "$out/readme.expected" >"$out/console-$name.expected"
  python3 tests/csharp/snippets.py compare "$out/console-$name.expected" "$out/console-$name.out"
  rm "$dir/libshisanshui.so"
  if (cd "$dir" && env -u LD_LIBRARY_PATH mono Round.exe) >/dev/null 2>"$out/console-$name.nolib"; then
    echo "FAIL: mono Round.exe ran without the native library" >&2; exit 1
  fi
  grep -q "DllNotFoundException" "$out/console-$name.nolib" ||
    { echo "FAIL: without the library: $(head -3 "$out/console-$name.nolib")" >&2; exit 1; }
  echo "console ($name): the program ran as documented; without the library, DllNotFoundException"
  total=$((total + 2))
}
console readme README.md "Outside Unity (a game server, a console tool, the test suite), under Mono: compile the wrapper"
console manual "$pkg/Documentation~/index.md" "## Outside Unity"

# README.md prints the tarball's size with the macOS and iOS libraries (scripts/sizes.py;
# scripts/package.sh rewrites it), checked when they are in it: package-unity.sh builds them where
# scripts/build-apple.sh's tools are installed (tests/apple/run.sh installs them and checks the size).
version="$(sed -n 's/^ *"version": "\(.*\)",$/\1/p' "$pkg/package.json")"
if [ -f "$pkg/Plugins/osx/libshisanshui.dylib" ] && [ -f "$pkg/Plugins/ios/libshisanshui.a" ]; then
  python3 scripts/sizes.py check unity "$stage/com.shisanshui.engine-$version.tgz"
else
  echo "sizes: the Unity tarball not compared (no macOS and iOS libraries here: bash scripts/build-apple.sh --install)"
fi
grep -q "com.shisanshui.engine-$version.tgz" README.md || { echo "FAIL: README names no $version tarball" >&2; exit 1; }
total=$((total + 1))

python3 tests/csharp/check_unity_package.py "$root" "$pkg" | tee "$out/package.log"
count "$out/package.log"

echo "C#: $total passed, 0 failed"
