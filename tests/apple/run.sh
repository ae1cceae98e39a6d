#!/usr/bin/env bash
# The macOS and iOS libraries, built on this Linux machine and checked without running them:
#   1. scripts/build-apple.sh --install: installs what is missing (zig and cargo-zigbuild from PyPI
#      into a venv under target/, Rust's Apple targets, llvm-tools; nightly's rust-src where rustup
#      has no aarch64-apple-ios-sim standard library) and builds osx/libshisanshui.dylib
#      (universal), ios/libshisanshui.a and ios-simulator/libshisanshui.a into a scratch folder;
#   2. tests/apple/check_macho.py: architectures, Mach-O types, minimum OS versions, install name,
#      the libraries loaded, every function of include/shisanshui.h exported or defined, nothing
#      needed from outside but the system's;
#   3. the sizes README.md prints (scripts/sizes.py);
#   4. the Unity package assembled with them (scripts/package-unity.sh --native-dir): osx, ios and
#      linux-x64 in place with their import settings (tests/csharp/check_unity_package.py), and its
#      tarball's printed size.
# Exits non-zero when anything fails.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$root"
target_dir="$(cargo metadata --format-version 1 --no-deps | python3 -c 'import json,sys; print(json.load(sys.stdin)["target_directory"])')"
scratch="$target_dir/apple-test"
rm -rf "$scratch"
mkdir -p "$scratch"

bash scripts/build-apple.sh --install --out "$scratch/native"
llvm_bin="$(rustc --print sysroot)/lib/rustlib/$(rustc -vV | sed -n 's/^host: //p')/bin"
python3 tests/apple/check_macho.py include/shisanshui.h "$scratch/native" "$llvm_bin"

python3 scripts/sizes.py check osx "$scratch/native/osx/libshisanshui.dylib"
python3 scripts/sizes.py check ios "$scratch/native/ios/libshisanshui.a"
python3 scripts/sizes.py check iossim "$scratch/native/ios-simulator/libshisanshui.a"

bash scripts/package-unity.sh --out "$scratch/unity" --native-dir "$scratch/native"
pkg="$scratch/unity/com.shisanshui.engine"
for f in osx/libshisanshui.dylib ios/libshisanshui.a linux-x64/libshisanshui.so; do
  [ -f "$pkg/Plugins/$f" ] && [ -f "$pkg/Plugins/$f.meta" ] || { echo "run.sh: the Unity package lacks Plugins/$f" >&2; exit 1; }
done
python3 tests/csharp/check_unity_package.py "$root" "$pkg"
version="$(sed -n 's/^ *"version": "\(.*\)",$/\1/p' "$pkg/package.json")"
python3 scripts/sizes.py check unity "$scratch/unity/com.shisanshui.engine-$version.tgz"
echo "apple: the macOS and iOS libraries built and checked, and in the Unity package"
