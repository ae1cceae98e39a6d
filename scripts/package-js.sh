#!/usr/bin/env bash
# Build the npm package `shisanshui` (WebAssembly + ES modules + TypeScript declarations) and
# pack it: dist/js/shisanshui-<version>.tgz, the `npm pack` tarball (or into --out DIR).
#
#   1. scripts/js-tools.sh: the wasm32 target, wasm-bindgen-cli at the crate's pinned version,
#      wasm-opt (npm binaryen);
#   2. cargo build -p shisanshui-js --target wasm32-unknown-unknown --profile wasm;
#   3. wasm-bindgen --target web (ES module glue), then wasm-opt -O3 (and names stripped);
#   4. js/package/ (the API module, entry points, declarations, errors) with the glue, the .wasm,
#      the big tables' compressed fields, README and licences in a staging folder; npm pack.
#
# The staging folder is left at target/js-package (the Node tests install the tarball, not it).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
out="$root/dist/js"
while [ $# -gt 0 ]; do
  case "$1" in
    --out) out="$2"; shift 2 ;;
    *) echo "package-js.sh: unknown argument $1 (expected --out DIR)" >&2; exit 2 ;;
  esac
done
case "$out" in /*) ;; *) out="$PWD/$out" ;; esac
target="${CARGO_TARGET_DIR:-$root/target}"
tools="$target/js-tools"

bash "$root/scripts/js-tools.sh"

version="$(sed -n 's/^version = "\(.*\)"/\1/p' "$root/Cargo.toml" | head -1)"
pkg_version="$(node -p "require('$root/js/package/package.json').version")"
if [ "$version" != "$pkg_version" ]; then
  echo "package-js.sh: js/package/package.json says $pkg_version, the workspace $version" >&2
  exit 1
fi

echo "package-js.sh: building the WebAssembly module" >&2
cargo build --quiet --locked -p shisanshui-js --target wasm32-unknown-unknown --profile wasm
stage="$target/js-package"
rm -rf "$stage"
mkdir -p "$stage/wasm"
"$tools/bin/wasm-bindgen" --target web --out-dir "$stage/wasm" --out-name shisanshui --no-typescript \
  "$target/wasm32-unknown-unknown/wasm/shisanshui_js.wasm"
# The features rustc's wasm32 target enables (and Node 18 and current browsers run); not
# --all-features, which lets wasm-opt emit proposals no engine ships (stringref).
"$tools/npm/node_modules/.bin/wasm-opt" -O3 --strip-debug --strip-producers \
  --enable-bulk-memory --enable-mutable-globals --enable-nontrapping-float-to-int --enable-sign-ext \
  --enable-reference-types --enable-multivalue \
  "$stage/wasm/shisanshui_bg.wasm" -o "$stage/wasm/shisanshui_bg.wasm"

# The download budget of a web game: the .wasm (engine and one-deck fields) at most 1.5 MiB,
# 600 KiB gzipped.
wasm="$stage/wasm/shisanshui_bg.wasm"
size=$(stat -c %s "$wasm")
gz=$(gzip -9c "$wasm" | wc -c)
echo "package-js.sh: shisanshui_bg.wasm $size bytes, $gz gzipped (budget 1572864 and 614400)" >&2
if [ "$size" -gt 1572864 ] || [ "$gz" -gt 614400 ]; then
  echo "package-js.sh: the .wasm is over its budget" >&2
  exit 1
fi

cp "$root/js/package/"{package.json,index.js,index.d.ts,manual.d.ts,node.js,browser.js,manual.js,errors.js,README.md} "$stage/"
cp "$root/js/fields/model_tables_big.bin.lzma" "$root/js/fields/model_tables_jokers.bin.lzma" "$stage/wasm/"
cp "$root/LICENSE-MIT" "$root/LICENSE-APACHE" "$stage/"

mkdir -p "$out"
rm -f "$out"/shisanshui-*.tgz
(cd "$stage" && npm pack --silent --pack-destination "$out" >/dev/null)
ls "$out"/shisanshui-"$version".tgz
