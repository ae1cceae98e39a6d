#!/usr/bin/env bash
# Assemble the Unity package (UPM layout) with the native libraries that are at hand:
#   <out>/com.shisanshui.engine/          the package: copy it into Packages/, or "Add package from disk"
#   <out>/com.shisanshui.engine-<v>.tgz   the same as an npm-style tarball: "Add package from tarball"
#
# Usage: scripts/package-unity.sh [--out DIR] [--native-dir DIR] [--no-build] [--require-all]
#   --out DIR         where to put it (default <repo>/dist/unity); only <out>/<package>* is replaced
#   --native-dir DIR  prebuilt libraries laid out as DIR/<platform>/<file> (what the release
#                     workflow downloads); they win over anything built here
#   --no-build        build nothing here; take libraries from --native-dir only
#   --require-all     fail unless every platform below has its library (the release build)
#
# Platforms (folder under Plugins/, file, how it is built):
#   linux-x64            libshisanshui.so     built here: cargo build --release -p shisanshui-ffi
#   win-x64              shisanshui.dll       built here when the x86_64-pc-windows-gnu Rust target
#                                             and MinGW-w64's gcc are installed; else --native-dir
#   osx                  libshisanshui.dylib  built here by scripts/build-apple.sh (universal: x86_64 and
#                                             arm64, linked by zig) when its tools are installed
#                                             (build-apple.sh --probe; --install installs them); else --native-dir
#   android-arm64-v8a    libshisanshui.so     --native-dir (cargo ndk -t arm64-v8a; no NDK can be had here)
#   android-armeabi-v7a  libshisanshui.so     --native-dir (cargo ndk -t armeabi-v7a)
#   ios                  libshisanshui.a      as osx (static, aarch64-apple-ios; __Internal)
#
# The package source (unity/com.shisanshui.engine) has no Plugins folder. The import settings of
# each library (PluginImporter .meta, committed with fixed GUIDs) live in unity/native-meta/ and
# are copied only beside a library that is placed: Unity complains about a .meta whose asset is
# missing, so a platform without its library gets neither folder nor .meta.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
src="$root/unity/com.shisanshui.engine"
meta_src="$root/unity/native-meta/Plugins"

out="$root/dist/unity"
native_dir=""
build=1
require_all=0
while [ $# -gt 0 ]; do
  case "$1" in
    --out) out="${2:?--out needs a folder}"; shift 2 ;;
    --native-dir) native_dir="${2:?--native-dir needs a folder}"; shift 2 ;;
    --no-build) build=0; shift ;;
    --require-all) require_all=1; shift ;;
    -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    *) echo "package-unity.sh: unknown argument '$1' (see --help)" >&2; exit 2 ;;
  esac
done
case "$out" in /*) ;; *) out="$PWD/$out" ;; esac
if [ -n "$native_dir" ]; then
  case "$native_dir" in /*) ;; *) native_dir="$PWD/$native_dir" ;; esac
  [ -d "$native_dir" ] || { echo "package-unity.sh: --native-dir $native_dir is not a folder" >&2; exit 2; }
fi

command -v python3 >/dev/null 2>&1 || { echo "package-unity.sh: python3 is needed (reads package.json)" >&2; exit 1; }
name="$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["name"])' "$src/package.json")"
version="$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["version"])' "$src/package.json")"

platforms=(
  "linux-x64 libshisanshui.so"
  "win-x64 shisanshui.dll"
  "osx libshisanshui.dylib"
  "android-arm64-v8a libshisanshui.so"
  "android-armeabi-v7a libshisanshui.so"
  "ios libshisanshui.a"
)

# Where each platform's library comes from (lib_<platform> with "-" as "_"; no associative
# arrays, so the script also runs under macOS's bash 3.2): --native-dir first, then a local build.
lib_of() { local v="lib_${1//-/_}"; printf '%s' "${!v:-}"; }
set_lib() { printf -v "lib_${1//-/_}" '%s' "$2"; }
if [ -n "$native_dir" ]; then
  for entry in "${platforms[@]}"; do
    set -- $entry
    if [ -f "$native_dir/$1/$2" ]; then set_lib "$1" "$native_dir/$1/$2"; fi
  done
fi

if command -v cargo >/dev/null 2>&1; then
  meta_json="$(cd "$root" && cargo metadata --format-version 1 --no-deps)"
  target_dir="$(python3 -c 'import json,sys; print(json.load(sys.stdin)["target_directory"])' <<<"$meta_json")"
  crate_version="$(python3 -c 'import json,sys; print([p["version"] for p in json.load(sys.stdin)["packages"] if p["name"] == "shisanshui-ffi"][0])' <<<"$meta_json")"
  # The package ships the library of the same release: its version is the crate's.
  if [ "$crate_version" != "$version" ]; then
    echo "package-unity.sh: package.json has version $version, shisanshui-ffi has $crate_version" >&2
    exit 1
  fi
elif [ "$build" -eq 1 ]; then
  echo "package-unity.sh: cargo is needed to build the native library (or pass --no-build)" >&2
  exit 1
fi

if [ "$build" -eq 1 ]; then
  if [ -z "$(lib_of linux-x64)" ] && [ "$(uname -s)-$(uname -m)" = "Linux-x86_64" ]; then
    (cd "$root" && cargo build --release -p shisanshui-ffi)
    set_lib linux-x64 "$target_dir/release/libshisanshui.so"
  fi
  # Windows from Linux: Rust's x86_64-pc-windows-gnu standard library plus MinGW-w64's gcc as the
  # linker. Neither comes with a new machine (and rustup may not reach its server), so this is
  # taken only when both are present; the release workflow builds the MSVC one on Windows.
  win_std="$(rustc --print sysroot 2>/dev/null)/lib/rustlib/x86_64-pc-windows-gnu/lib"
  if [ -z "$(lib_of win-x64)" ] && [ -d "$win_std" ] && command -v x86_64-w64-mingw32-gcc >/dev/null 2>&1; then
    (cd "$root" && cargo build --release -p shisanshui-ffi --target x86_64-pc-windows-gnu)
    set_lib win-x64 "$target_dir/x86_64-pc-windows-gnu/release/shisanshui.dll"
  fi
  # macOS and iOS from Linux: scripts/build-apple.sh, when zig, cargo-zigbuild and Rust's Apple
  # targets are installed.
  if { [ -z "$(lib_of osx)" ] || [ -z "$(lib_of ios)" ]; } && bash "$root/scripts/build-apple.sh" --probe >/dev/null 2>&1; then
    bash "$root/scripts/build-apple.sh" --out "$target_dir/apple"
    [ -n "$(lib_of osx)" ] || set_lib osx "$target_dir/apple/osx/libshisanshui.dylib"
    [ -n "$(lib_of ios)" ] || set_lib ios "$target_dir/apple/ios/libshisanshui.a"
  fi
fi

dest="$out/$name"
tarball="$out/$name-$version.tgz"
rm -rf "$dest" "$tarball"
mkdir -p "$out"
cp -R "$src" "$dest"

placed=0
missing=()
for entry in "${platforms[@]}"; do
  set -- $entry
  platform=$1 file=$2
  lib="$(lib_of "$platform")"
  if [ -z "$lib" ]; then
    missing+=("$platform")
    continue
  fi
  [ -f "$lib" ] || { echo "package-unity.sh: $lib was not built" >&2; exit 1; }
  for m in "$meta_src/$platform.meta" "$meta_src/$platform/$file.meta"; do
    [ -f "$m" ] || { echo "package-unity.sh: missing import settings $m" >&2; exit 1; }
  done
  mkdir -p "$dest/Plugins/$platform"
  cp "$lib" "$dest/Plugins/$platform/$file"
  cp "$meta_src/$platform.meta" "$dest/Plugins/$platform.meta"
  cp "$meta_src/$platform/$file.meta" "$dest/Plugins/$platform/$file.meta"
  placed=$((placed + 1))
done
if [ "$placed" -gt 0 ]; then
  cp "$root/unity/native-meta/Plugins.meta" "$dest/Plugins.meta"
fi

# npm-pack layout (one top folder named "package"), reproducible: sorted, fixed owner and time
# (GNU tar; elsewhere the folder alone is made).
if tar --version 2>/dev/null | grep -q "GNU tar"; then
  epoch="${SOURCE_DATE_EPOCH:-$(git -C "$root" log -1 --format=%ct 2>/dev/null || echo 0)}"
  tar --sort=name --owner=0 --group=0 --numeric-owner --mtime="@$epoch" \
    --transform "s,^$name,package," -C "$out" -cf - "$name" | gzip -n -9 >"$tarball"
fi

echo "Unity package $name $version in $dest"
for entry in "${platforms[@]}"; do
  set -- $entry
  if [ -f "$dest/Plugins/$1/$2" ]; then
    printf '  %-20s %-20s %8d KiB\n' "$1" "$2" "$(( $(wc -c <"$dest/Plugins/$1/$2") / 1024 ))"
  fi
done
if [ "${#missing[@]}" -gt 0 ]; then
  echo "  not included (no library here; built by .github/workflows/release.yml): ${missing[*]}"
fi
if [ -f "$tarball" ]; then echo "  tarball: $tarball ($(( $(wc -c <"$tarball") / 1024 )) KiB)"; fi
if [ "$require_all" -eq 1 ] && [ "${#missing[@]}" -gt 0 ]; then
  echo "package-unity.sh: --require-all: missing ${missing[*]}" >&2
  exit 1
fi
