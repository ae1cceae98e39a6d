#!/usr/bin/env bash
# The playground (js/playground/) in headless Chromium, against an installed npm package.
#
#   bash tests/js/browser.sh FOLDER
#
# FOLDER is a folder in which the package tarball is installed (FOLDER/node_modules/shisanshui),
# e.g. made by `npm install dist/js/shisanshui-<version>.tgz` in an empty folder. This script
# installs what the test needs: Debian's Chromium when /usr/bin/chromium is missing, a CJK font
# for the screenshots, and puppeteer-core (pinned; it downloads no browser) into
# FOLDER/browser-test; it builds the Rust demo whose round the test compares against; then runs
# tests/js/browser.mjs with node (about 10 s once the demo is built).
# The screenshot goes to $SSS_SCREENSHOT, or target/js-playground.png (and -zh.png beside it).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"

# The one puppeteer-core the test is written and run with.
PUPPETEER_CORE_VERSION=25.16.0

if [ $# -ne 1 ] || [ ! -d "$1" ]; then
  echo "usage: bash tests/js/browser.sh FOLDER (a folder with the package installed in node_modules/shisanshui)" >&2
  exit 2
fi
folder="$(cd "$1" && pwd)"
if [ ! -f "$folder/node_modules/shisanshui/package.json" ]; then
  echo "browser.sh: $folder/node_modules/shisanshui is missing: install the package tarball there first" >&2
  exit 2
fi

if [ ! -x /usr/bin/chromium ]; then
  echo "browser.sh: installing Debian's chromium" >&2
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
fi

# A CJK font, so that the Chinese labels in the screenshots are not empty boxes (best effort: the
# checks compare text, not pixels).
if command -v fc-list >/dev/null && [ -z "$(fc-list :lang=zh 2>/dev/null | head -1)" ]; then
  echo "browser.sh: installing a CJK font (fonts-wqy-microhei) for the screenshots" >&2
  { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq fonts-wqy-microhei >/dev/null; } ||
    echo "browser.sh: no CJK font installed; the screenshots show boxes for Chinese text" >&2
fi

# puppeteer-core in a folder of its own inside FOLDER (FOLDER/browser-test): an `npm install` in
# FOLDER itself would prune a package installed there with --no-save.
tools="$folder/browser-test"
mkdir -p "$tools"
[ -f "$tools/package.json" ] || echo '{"name": "shisanshui-browser-test", "private": true}' >"$tools/package.json"
installed="$(cd "$tools" && node -p "try { require('puppeteer-core/package.json').version } catch { '' }" 2>/dev/null || true)"
if [ "$installed" != "$PUPPETEER_CORE_VERSION" ]; then
  echo "browser.sh: installing puppeteer-core@$PUPPETEER_CORE_VERSION into $tools" >&2
  (cd "$tools" && PUPPETEER_SKIP_DOWNLOAD=1 npm install --silent --no-audit --no-fund --save-exact \
    "puppeteer-core@$PUPPETEER_CORE_VERSION" >/dev/null)
fi

# The demo the dealt round is compared with (built here, so the test's own time is the browser's).
(cd "$root" && CARGO_BUILD_JOBS="${CARGO_BUILD_JOBS:-2}" cargo build --release --quiet -p shisanshui --example demo)

mkdir -p "$root/target"
exec node "$root/tests/js/browser.mjs" "$folder"
