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

# Native and Node alternate, ROUNDS times (default 3), and each figure is the best of its rounds:
# on a shared machine the load changes from one minute to the next, and a figure taken while the
# other side ran quiet would say nothing about the ratio.
cargo build --quiet --release -p shisanshui-tools --example js_peer
peer="${CARGO_TARGET_DIR:-$root/target}/release/examples/js_peer"
natives=() nodes=()
for _ in $(seq "${ROUNDS:-3}"); do
  natives+=("$("$peer")")
  nodes+=("$(cd "$scratch" && node bench.mjs)")
done
printf 'native: %s\n' "${natives[@]}"
printf 'node:   %s\n' "${nodes[@]}"
NATIVE="$(printf '%s\n' "${natives[@]}")" NODE="$(printf '%s\n' "${nodes[@]}")" node -e '
  const bestOf = (lines) => {
    const runs = lines.trim().split("\n").map((l) => JSON.parse(l));
    const b = { ...runs[0] };
    for (const r of runs) {
      b.eval5_hands_per_second = Math.max(b.eval5_hands_per_second, r.eval5_hands_per_second);
      b.arrange_us_per_hand = Math.min(b.arrange_us_per_hand, r.arrange_us_per_hand);
      b.arrange_many_us_per_hand = Math.min(b.arrange_many_us_per_hand, r.arrange_many_us_per_hand);
    }
    return b;
  };
  const n = bestOf(process.env.NATIVE), j = bestOf(process.env.NODE);
  const f = (x) => x.toFixed(2);
  console.log(`evaluateMany: ${f(j.eval5_hands_per_second / 1e6)} M hands/s (native ${f(n.eval5_hands_per_second / 1e6)}, ${f(n.eval5_hands_per_second / j.eval5_hands_per_second)}x)`);
  console.log(`arrange: ${f(j.arrange_us_per_hand)} us a hand (native ${f(n.arrange_us_per_hand)}, ${f(j.arrange_us_per_hand / n.arrange_us_per_hand)}x)`);
  console.log(`arrangeMany: ${f(j.arrange_many_us_per_hand)} us a hand (native ${f(n.arrange_many_us_per_hand)}, ${f(j.arrange_many_us_per_hand / n.arrange_many_us_per_hand)}x)`);
'
