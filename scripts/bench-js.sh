#!/usr/bin/env bash
# The npm package's speed in Node beside the native engine's, in one run on the same workloads
# (BENCHMARKS.md "JavaScript and WebAssembly"): tools/examples/js_peer.rs, then js/bench/bench.mjs
# against the packed tarball installed into a scratch folder. Prints both JSON lines and the ratios.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
scratch="$(mktemp -d "${CARGO_TARGET_DIR:-$root/target}/bench-js.XXXXXX")"
trap 'rm -rf "$scratch"' EXIT

bash "$root/scripts/package-js.sh" --out "$scratch/dist" >/dev/null
(cd "$scratch" && npm init -y >/dev/null && npm install --silent --no-audit --no-fund "$scratch"/dist/shisanshui-*.tgz)
cp "$root/js/bench/bench.mjs" "$scratch/"

native="$(cargo run --quiet --release -p shisanshui-tools --example js_peer)"
node="$(cd "$scratch" && node bench.mjs)"
echo "native: $native"
echo "node:   $node"
NATIVE="$native" NODE="$node" node -e '
  const n = JSON.parse(process.env.NATIVE), j = JSON.parse(process.env.NODE);
  const f = (x) => x.toFixed(2);
  console.log(`evaluateMany: ${f(j.eval5_hands_per_second / 1e6)} M hands/s (native ${f(n.eval5_hands_per_second / 1e6)}, ${f(n.eval5_hands_per_second / j.eval5_hands_per_second)}x)`);
  console.log(`arrange: ${f(j.arrange_us_per_hand)} us a hand (native ${f(n.arrange_us_per_hand)}, ${f(j.arrange_us_per_hand / n.arrange_us_per_hand)}x)`);
  console.log(`arrangeMany: ${f(j.arrange_many_us_per_hand)} us a hand (native ${f(n.arrange_many_us_per_hand)}, ${f(j.arrange_many_us_per_hand / n.arrange_many_us_per_hand)}x)`);
'
