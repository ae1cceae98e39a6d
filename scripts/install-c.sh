#!/usr/bin/env bash
# Build the C library (release) and install it into a prefix the way C and C++ users expect it,
# the layout cargo-c's `cargo cinstall` makes, plus a CMake package:
#
#   PREFIX/include/shisanshui.h              the C header (cbindgen, committed)
#   PREFIX/include/shisanshui.hpp            the header-only C++17 wrapper
#   LIBDIR/libshisanshui.so.X.Y.Z            soname libshisanshui.so.SOVER (0.2 for 0.2.z; see ffi/build.rs)
#   LIBDIR/libshisanshui.so.SOVER -> libshisanshui.so.X.Y.Z
#   LIBDIR/libshisanshui.so       -> libshisanshui.so.X.Y.Z
#   LIBDIR/libshisanshui.a                   debug info stripped
#   LIBDIR/pkgconfig/shisanshui.pc           Libs.private: what the static library needs
#   LIBDIR/pkgconfig/shisanshui-static.pc    libshisanshui.a itself and what it needs (Go's cgo reads it)
#   LIBDIR/cmake/shisanshui/shisanshuiConfig.cmake, shisanshuiConfigVersion.cmake
#
# Usage: bash scripts/install-c.sh [--prefix DIR] [--destdir DIR] [--libdir DIR]
#   --prefix   where the files will live (default: <repo>/dist/prefix). shisanshui.pc finds the
#              prefix from its own place (${pcfiledir}), so a moved prefix still works, as the
#              CMake package does
#   --destdir  stage the files under DIR/PREFIX instead (for packaging)
#   --libdir   relative to the prefix or absolute (default: lib), e.g. lib/x86_64-linux-gnu
# The templates are in ffi/pkg/. Linux (ELF) only. Running it again reinstalls the same files.
set -euo pipefail

root="$(cd -P "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

die() { echo "install-c.sh: $*" >&2; exit 1; }
usage() { sed -n '2,/^[^#]/{/^#/p}' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; }

prefix="$root/dist/prefix"
destdir=""
libdir="lib"
while [ $# -gt 0 ]; do
  case "$1" in
    --prefix) [ $# -ge 2 ] || die "--prefix needs a directory"; prefix=$2; shift 2 ;;
    --prefix=*) prefix=${1#*=}; shift ;;
    --destdir) [ $# -ge 2 ] || die "--destdir needs a directory"; destdir=$2; shift 2 ;;
    --destdir=*) destdir=${1#*=}; shift ;;
    --libdir) [ $# -ge 2 ] || die "--libdir needs a directory"; libdir=$2; shift 2 ;;
    --libdir=*) libdir=${1#*=}; shift ;;
    -h | --help) usage; exit 0 ;;
    *) usage >&2; die "unknown argument: $1" ;;
  esac
done

[ "$(uname -s)" = Linux ] || die "only Linux (ELF shared libraries) is supported, not $(uname -s)"
[ -n "$prefix" ] || die "--prefix is empty"
# Relative paths are taken from the directory the script was called from.
case "$prefix" in /*) ;; *) prefix="$PWD/$prefix" ;; esac
case "$destdir" in "" | /*) ;; *) destdir="$PWD/$destdir" ;; esac
prefix="$(realpath -m "$prefix")"
case "$libdir" in
  /*) libdir_abs="$(realpath -m "$libdir")" ;;
  *) libdir_abs="$(realpath -m "$prefix/$libdir")" ;;
esac
for p in "$prefix" "$libdir_abs"; do
  # pkg-config splits its fields at blanks; CMake lists at semicolons.
  case "$p" in *[[:space:]\;\$\\\"\']*) die "path has a blank or special character pkg-config cannot hold: $p" ;; esac
done
for tool in cargo strip readelf realpath; do
  command -v "$tool" >/dev/null || die "$tool is missing (strip and readelf come with binutils)"
done

cd "$root"
echo "==> cargo build --release -p shisanshui-ffi"
cargo build --release -p shisanshui-ffi

target_dir="${CARGO_TARGET_DIR:-$root/target}"
case "$target_dir" in /*) ;; *) target_dir="$root/$target_dir" ;; esac
built="$target_dir/release"
for f in libshisanshui.so libshisanshui.a; do
  [ -f "$built/$f" ] || die "cargo did not produce $built/$f"
done

# One version for everything: the crate's (pkgid ends in #name@X.Y.Z or #X.Y.Z).
version="$(cargo pkgid -p shisanshui-ffi)"
version="${version##*[#@]}"
[[ "$version" =~ ^([0-9]+)\.([0-9]+)\.([0-9]+)$ ]] || die "cannot read the crate version (got '$version')"
major=${BASH_REMATCH[1]} minor=${BASH_REMATCH[2]} patch=${BASH_REMATCH[3]}
# The soname's version, by the rule ffi/build.rs gives the linker (cargo-c's convention).
if [ "$major" -eq 0 ] && [ "$minor" -eq 0 ]; then sover="0.0.$patch"
elif [ "$major" -eq 0 ]; then sover="0.$minor"
else sover="$major"; fi
soname="libshisanshui.so.$sover"
shared_file="libshisanshui.so.$version"
got_soname="$(readelf -d "$built/libshisanshui.so" | sed -n 's/.*Library soname: \[\(.*\)\].*/\1/p')"
[ "$got_soname" = "$soname" ] || die "$built/libshisanshui.so has soname '$got_soname', expected '$soname' (ffi/build.rs)"

# The system libraries a program linking libshisanshui.a needs, as rustc reports them for this
# very crate. A target dir of its own: passing --print to the crate in target/ would change its
# fingerprint and rebuild it on every later `cargo build`. Cargo replays the note when fresh.
echo "==> rustc --print native-static-libs"
nsl_out="$(cargo rustc --release -p shisanshui-ffi --lib --crate-type staticlib \
  --target-dir "$target_dir/native-static-libs" -- --print native-static-libs 2>&1)" \
  || { echo "$nsl_out" >&2; die "cargo rustc --print native-static-libs failed"; }
nsl="$(printf '%s\n' "$nsl_out" | sed -n 's/.*native-static-libs: //p' | tail -n 1)"
[ -n "$nsl" ] || { echo "$nsl_out" >&2; die "rustc printed no native-static-libs line"; }
# rustc repeats libraries (-lc ... -lc); keep each one's last place, which still follows every
# library that needs it.
read -r -a nsl_words <<<"$nsl"
libs_private=()
for ((i = ${#nsl_words[@]} - 1; i >= 0; i--)); do
  w=${nsl_words[i]}
  seen=0
  for x in "${libs_private[@]}"; do [ "$x" = "$w" ] && seen=1; done
  [ "$seen" -eq 1 ] || libs_private=("$w" "${libs_private[@]}")
done
cmake_libs=()
for w in "${libs_private[@]}"; do cmake_libs+=("${w#-l}"); done
cmake_link_libs="$(IFS=';'; echo "${cmake_libs[*]}")"

pointer_bytes="$(readelf -h "$built/libshisanshui.so" | sed -n 's/.*Class:[[:space:]]*ELF\([0-9]*\).*/\1/p')"
pointer_bytes=$((pointer_bytes / 8))

# The .pc names libdir under ${exec_prefix} when it lies inside the prefix.
case "$libdir_abs" in
  "$prefix") pc_libdir='${exec_prefix}' ;;
  "$prefix"/*) pc_libdir="\${exec_prefix}/${libdir_abs#"$prefix"/}" ;;
  *) pc_libdir="$libdir_abs" ;;
esac
# The prefix as seen from the .pc file: relocatable, like the CMake package.
pc_prefix="\${pcfiledir}/$(realpath -m --relative-to="$libdir_abs/pkgconfig" "$prefix")"
cmake_dir="$libdir_abs/cmake/shisanshui"
cmake_rel_include="$(realpath -m --relative-to="$cmake_dir" "$prefix/include")"

stage() { echo "${destdir%/}$1"; }
inc_dst="$(stage "$prefix/include")"
lib_dst="$(stage "$libdir_abs")"
pc_dst="$(stage "$libdir_abs/pkgconfig")"
cmake_dst="$(stage "$cmake_dir")"
mkdir -p "$inc_dst" "$lib_dst" "$pc_dst" "$cmake_dst"

# Fill @NAME@ placeholders; the replacement is quoted so bash 5.2 does not expand & in it.
render() {
  local text
  text="$(cat "$1")"
  shift
  while [ $# -gt 0 ]; do
    text="${text//"@$1@"/"$2"}"
    shift 2
  done
  if [[ "$text" =~ @[A-Z_]+@ ]]; then die "unfilled placeholder ${BASH_REMATCH[0]} in a template"; fi
  printf '%s\n' "$text"
}

echo "==> installing into ${destdir:+$destdir (staged) }$prefix"
install -m 644 include/shisanshui.h include/shisanshui.hpp "$inc_dst/"

# Copy, strip and rename in the destination so a failed strip leaves no half file behind.
install -m 755 "$built/libshisanshui.so" "$lib_dst/.$shared_file.tmp"
strip --strip-debug "$lib_dst/.$shared_file.tmp"
mv -f "$lib_dst/.$shared_file.tmp" "$lib_dst/$shared_file"
ln -sfn "$shared_file" "$lib_dst/$soname"
ln -sfn "$shared_file" "$lib_dst/libshisanshui.so"
# The release profile has no debug info, but the standard library's objects inside the archive do.
install -m 644 "$built/libshisanshui.a" "$lib_dst/.libshisanshui.a.tmp"
strip --strip-debug "$lib_dst/.libshisanshui.a.tmp"
mv -f "$lib_dst/.libshisanshui.a.tmp" "$lib_dst/libshisanshui.a"

description="C ABI of the shisanshui Thirteen Water (十三水) rules engine"
render ffi/pkg/shisanshui.pc.in PREFIX "$pc_prefix" PC_LIBDIR "$pc_libdir" DESCRIPTION "$description" \
  VERSION "$version" LIBS_PRIVATE "${libs_private[*]}" >"$pc_dst/shisanshui.pc"
render ffi/pkg/shisanshui-static.pc.in PREFIX "$pc_prefix" PC_LIBDIR "$pc_libdir" DESCRIPTION "$description" \
  VERSION "$version" LIBS_PRIVATE "${libs_private[*]}" >"$pc_dst/shisanshui-static.pc"
render ffi/pkg/shisanshuiConfig.cmake.in VERSION "$version" SOVERSION "$sover" SONAME "$soname" \
  SHARED_FILE "$shared_file" CMAKE_REL_INCLUDEDIR "$cmake_rel_include" \
  CMAKE_LINK_LIBS "$cmake_link_libs" >"$cmake_dst/shisanshuiConfig.cmake"
render ffi/pkg/shisanshuiConfigVersion.cmake.in VERSION "$version" SOVERSION "$sover" \
  SIZEOF_VOID_P "$pointer_bytes" >"$cmake_dst/shisanshuiConfigVersion.cmake"
chmod 644 "$pc_dst/shisanshui.pc" "$pc_dst/shisanshui-static.pc" "$cmake_dst/shisanshuiConfig.cmake" "$cmake_dst/shisanshuiConfigVersion.cmake"

so_size=$(stat -c %s "$lib_dst/$shared_file")
a_size=$(stat -c %s "$lib_dst/libshisanshui.a")
echo "installed shisanshui $version: $shared_file ($so_size bytes, soname $soname), libshisanshui.a ($a_size bytes)"
echo "  pkg-config: PKG_CONFIG_PATH=$libdir_abs/pkgconfig pkg-config --cflags --libs shisanshui"
echo "  Go (cgo):   PKG_CONFIG_PATH=$libdir_abs/pkgconfig go build (links libshisanshui.a through shisanshui-static.pc)"
echo "  CMake:      -DCMAKE_PREFIX_PATH=$prefix, then find_package(shisanshui CONFIG REQUIRED)"
