#!/usr/bin/env bash
# The npm package `shisanshui` tested the way a user gets it: from the packed tarball.
#
#   1. scripts/package-js.sh builds shisanshui-<version>.tgz (the `npm pack` tarball) into a
#      scratch folder under target/ (removed on exit);
#   2. a fresh folder gets `npm init -y` and `npm install` of that tarball FILE (no network: the
#      package has no dependencies), and the test files tests/js/*.test.mjs with their helper
#      modules (tests/js/*.mjs) are copied beside its node_modules, so that a bare
#      `import ... from 'shisanshui'` resolves to the installed package and nothing else;
#   3. `node --test` runs them there, with SSS_ROOT naming the repository (the tests read
#      tests/vectors/*.json and README.md from it);
#   4. if tests/js/browser.sh exists, it runs last with the fresh folder as its argument.
#
# Needs Node >= 18 (and npm) and a Rust toolchain. Extra arguments go to `node --test` (e.g.
# `tests/js/run.sh --test-name-pattern=settle`). Exits non-zero when anything fails.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"

if ! command -v node >/dev/null 2>&1; then
  echo "run.sh: Node.js is not installed; the JavaScript tests need Node 18 or later" >&2
  exit 1
fi
node_major="$(node -p 'process.versions.node.split(".")[0]')"
if [ "$node_major" -lt 18 ]; then
  echo "run.sh: Node $(node --version) is too old; the package and its tests need Node 18 or later" >&2
  exit 1
fi
command -v npm >/dev/null 2>&1 || { echo "run.sh: npm is not installed (it comes with Node)" >&2; exit 1; }

mkdir -p "$root/target"
scratch="$(mktemp -d "$root/target/jstest-run.XXXXXX")"
trap 'rm -rf "$scratch"' EXIT

echo "run.sh: building the npm package (scripts/package-js.sh)" >&2
bash "$root/scripts/package-js.sh" --out "$scratch/dist" >&2
tarball=("$scratch/dist"/shisanshui-*.tgz)
[ -f "${tarball[0]}" ] || { echo "run.sh: package-js.sh made no tarball in $scratch/dist" >&2; exit 1; }
# The tarball's size as README.md and CHANGELOG.md print it.
python3 "$root/scripts/sizes.py" check npm "${tarball[0]}"

fresh="$scratch/fresh"
mkdir -p "$fresh"
echo "run.sh: installing ${tarball[0]##*/} into the fresh folder $fresh" >&2
(
  cd "$fresh"
  npm init -y >/dev/null
  npm install --silent --no-audit --no-fund --offline "${tarball[0]}"
)
[ -f "$fresh/node_modules/shisanshui/package.json" ] || { echo "run.sh: npm did not install the tarball" >&2; exit 1; }
cp "$root"/tests/js/*.mjs "$fresh/"

echo "run.sh: node --test ($(node --version))" >&2
export SSS_ROOT="$root"
export SSS_COUNTS="$scratch/counts"
: >"$SSS_COUNTS"
status=0
(cd "$fresh" && node --test "$@" ./*.test.mjs) || status=$?
# Each test file appends "file assertions" to SSS_COUNTS when it exits.
if [ -s "$SSS_COUNTS" ]; then
  awk '{ n += $2 } END { printf "run.sh: %d assertions in %d test files\n", n, NR }' "$SSS_COUNTS" >&2
fi
if [ "$status" -ne 0 ]; then
  echo "run.sh: the Node tests FAILED" >&2
  exit "$status"
fi

if [ -f "$root/tests/js/browser.sh" ]; then
  echo "run.sh: tests/js/browser.sh" >&2
  bash "$root/tests/js/browser.sh" "$fresh"
fi
echo "run.sh: all JavaScript tests passed" >&2
