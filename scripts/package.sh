#!/usr/bin/env bash
# Every release artifact this machine can build, into dist/ (or the folder given):
#   dist/shisanshui-<v>-cp39-abi3-manylinux_2_17_x86_64.manylinux2014_x86_64.whl, dist/shisanshui-<v>.tar.gz
#   dist/prefix/{include,lib,lib/pkgconfig,lib/cmake/shisanshui}      the installed C library
#   dist/apple/{osx,ios,ios-simulator}/                              the macOS and iOS libraries (scripts/build-apple.sh,
#                                                                    when its tools are installed: --install installs them)
#   dist/unity/<package name>/                                       the Unity package (UPM layout)
#   dist/js/shisanshui-<v>.tgz                                       the npm package (WebAssembly)
# The platforms this machine cannot build (Windows MSVC, Android; other wheels) are built by
# .github/workflows/release.yml with the same scripts.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
out="${1:-$root/dist}"
case "$out" in /*) ;; *) out="$PWD/$out" ;; esac
mkdir -p "$out"

echo "==> Python wheel and sdist"
bash "$root/scripts/package-python.sh" --out "$out"
echo "==> C prefix"
rm -rf "$out/prefix"
bash "$root/scripts/install-c.sh" --prefix "$out/prefix"
echo "==> macOS and iOS libraries"
rm -rf "$out/apple"
apple=()
if bash "$root/scripts/build-apple.sh" --probe; then
  bash "$root/scripts/build-apple.sh" --out "$out/apple"
  apple=(--native-dir "$out/apple")
fi
echo "==> Unity package"
rm -rf "$out/unity"
bash "$root/scripts/package-unity.sh" --out "$out/unity" "${apple[@]+"${apple[@]}"}"
echo "==> npm package"
bash "$root/scripts/package-js.sh" --out "$out/js"

echo
echo "==> Sizes in README.md and CHANGELOG.md (scripts/sizes.py)"
python3 "$root/scripts/sizes.py" update "$out"

echo
echo "==> Artifacts in $out"
(cd "$out" && find . -maxdepth 1 -type f \( -name '*.whl' -o -name '*.tar.gz' \) -printf '%s\t%p\n' \
  && find prefix/lib -maxdepth 1 -type f -printf '%s\t%p\n' \
  && { [ ! -d apple ] || find apple -type f -printf '%s\t%p\n'; } \
  && find unity -path '*/Plugins/*' -type f ! -name '*.meta' -printf '%s\t%p\n' \
  && find js -maxdepth 1 -type f -printf '%s\t%p\n') | sort -k2 \
  | awk -F'\t' '{ printf "%10.1f KiB  %s\n", $1 / 1024, $2 }'
