#!/usr/bin/env bash
# The Apple libraries, built on Linux (or anywhere) with Rust's own targets:
#   <out>/osx/libshisanshui.dylib            macOS, universal (x86_64 + arm64), macOS 11.0 or later;
#                                            linked by zig through cargo-zigbuild (universal2-apple-darwin)
#   <out>/ios/libshisanshui.a                iOS devices (aarch64-apple-ios), static, iOS 13.0 or later
#   <out>/ios-simulator/libshisanshui.a      the iOS simulator on Apple silicon (aarch64-apple-ios-sim),
#                                            static, iOS 14.0 or later (the target's floor)
# The layout is what scripts/package-unity.sh --native-dir reads (osx and ios go into the Unity
# package; the simulator slice is for Xcode projects). Static libraries need no linker; their
# debug information is stripped (llvm-strip from Rust's llvm-tools), as the Linux one's is.
#
# Usage: scripts/build-apple.sh [--out DIR] [--install] [--probe]
#   --out DIR    where to put them (default <repo>/dist/apple)
#   --install    first install what is missing: zig and cargo-zigbuild from PyPI (into the venv
#                <target>/apple-tools), Rust's apple-darwin and apple-ios targets and llvm-tools; the
#                simulator's standard library is built from source with the nightly toolchain's
#                rust-src where rustup has no aarch64-apple-ios-sim for the stable one
#   --probe      say what is missing and exit 0 when everything is there, 3 otherwise
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
out="$root/dist/apple"
install=0
probe=0
while [ $# -gt 0 ]; do
  case "$1" in
    --out) out="${2:?--out needs a folder}"; shift 2 ;;
    --install) install=1; shift ;;
    --probe) probe=1; shift ;;
    -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    *) echo "build-apple.sh: unknown argument '$1' (see --help)" >&2; exit 2 ;;
  esac
done
case "$out" in /*) ;; *) out="$PWD/$out" ;; esac

export MACOSX_DEPLOYMENT_TARGET=11.0
export IPHONEOS_DEPLOYMENT_TARGET=13.0

target_dir="$(cd "$root" && cargo metadata --format-version 1 --no-deps | python3 -c 'import json,sys; print(json.load(sys.stdin)["target_directory"])')"
tools="$target_dir/apple-tools"
# The tools venv (zig as the ziglang package, cargo-zigbuild) comes first on PATH when it exists.
[ -x "$tools/bin/cargo-zigbuild" ] && export PATH="$tools/bin:$PATH"
sysroot="$(rustc --print sysroot)"
host="$(rustc -vV | sed -n 's/^host: //p')"
llvm_bin="$sysroot/lib/rustlib/$host/bin"

has_target() { [ -d "$sysroot/lib/rustlib/$1/lib" ]; }
has_zig() { command -v zig >/dev/null 2>&1 || python3 -c 'import ziglang' >/dev/null 2>&1; }
nightly_src() { rustup run nightly rustc --version >/dev/null 2>&1 \
  && [ -f "$(rustup run nightly rustc --print sysroot)/lib/rustlib/src/rust/library/Cargo.lock" ]; }

missing() {
  local m=()
  has_zig || m+=("zig (pip install ziglang)")
  command -v cargo-zigbuild >/dev/null 2>&1 || m+=("cargo-zigbuild (pip install cargo-zigbuild)")
  local t
  for t in x86_64-apple-darwin aarch64-apple-darwin aarch64-apple-ios; do
    has_target "$t" || m+=("Rust target $t (rustup target add $t)")
  done
  has_target aarch64-apple-ios-sim || nightly_src \
    || m+=("Rust target aarch64-apple-ios-sim, or the nightly toolchain with rust-src to build its standard library")
  [ -x "$llvm_bin/llvm-strip" ] || m+=("llvm-tools (rustup component add llvm-tools)")
  printf '%s\n' "${m[@]+"${m[@]}"}"
}

if [ "$install" -eq 1 ]; then
  if ! command -v cargo-zigbuild >/dev/null 2>&1 || ! has_zig; then
    echo "build-apple.sh: installing zig and cargo-zigbuild into $tools" >&2
    python3 -m venv "$tools"
    "$tools/bin/python" -m pip install --quiet --disable-pip-version-check "ziglang==0.13.0" "cargo-zigbuild==0.24.1"
    export PATH="$tools/bin:$PATH"
  fi
  for t in x86_64-apple-darwin aarch64-apple-darwin aarch64-apple-ios; do
    has_target "$t" || rustup target add "$t"
  done
  [ -x "$llvm_bin/llvm-strip" ] || rustup component add llvm-tools
  if ! has_target aarch64-apple-ios-sim && ! rustup target add aarch64-apple-ios-sim 2>/dev/null; then
    # rustup's server may not hold this target's standard library for the stable toolchain:
    # build it from source with the nightly toolchain instead.
    rustup run nightly rustc --version >/dev/null 2>&1 || rustup toolchain install nightly --profile minimal
    nightly_src || rustup component add --toolchain nightly rust-src
  fi
fi

gaps="$(missing)"
if [ "$probe" -eq 1 ]; then
  if [ -z "$gaps" ]; then echo "build-apple.sh: everything needed is here"; exit 0; fi
  echo "build-apple.sh: missing:"; printf '  %s\n' "$gaps"; exit 3
fi
if [ -n "$gaps" ]; then
  echo "build-apple.sh: missing (run with --install):" >&2
  printf '  %s\n' "$gaps" >&2
  exit 3
fi

cd "$root"
mkdir -p "$out/osx" "$out/ios" "$out/ios-simulator"

echo "build-apple.sh: macOS, universal (cargo zigbuild --target universal2-apple-darwin)" >&2
# zig brings the macOS system libraries' stubs; without Xcode rustc notes that xcrun is missing.
cargo zigbuild --release --locked -p shisanshui-ffi --lib --target universal2-apple-darwin 2>&1 \
  | grep -v -e 'xcrun' -e 'the SDK is needed' -e 'pass the path of an Xcode' -e '^ *|$' -e '^ *= ' -e '^$' >&2 || true
cp "$target_dir/universal2-apple-darwin/release/libshisanshui.dylib" "$out/osx/libshisanshui.dylib"

# Static libraries link nothing, so only the library crate type is built (the cdylib would need
# Apple's linker).
static() { # target toolchain-args...
  local target=$1
  shift
  cargo "$@" rustc --release --locked -p shisanshui-ffi --lib --target "$target" --crate-type staticlib >&2
}
echo "build-apple.sh: iOS devices (aarch64-apple-ios)" >&2
static aarch64-apple-ios
"$llvm_bin/llvm-strip" --strip-debug -o "$out/ios/libshisanshui.a" "$target_dir/aarch64-apple-ios/release/libshisanshui.a"

echo "build-apple.sh: the iOS simulator (aarch64-apple-ios-sim)" >&2
if has_target aarch64-apple-ios-sim; then
  static aarch64-apple-ios-sim
else
  static aarch64-apple-ios-sim +nightly -Zbuild-std=std,panic_abort
fi
"$llvm_bin/llvm-strip" --strip-debug -o "$out/ios-simulator/libshisanshui.a" \
  "$target_dir/aarch64-apple-ios-sim/release/libshisanshui.a"

for f in osx/libshisanshui.dylib ios/libshisanshui.a ios-simulator/libshisanshui.a; do
  printf '  %-32s %8d KiB\n' "$f" "$(( $(wc -c <"$out/$f") / 1024 ))" >&2
done
