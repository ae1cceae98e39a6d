#!/usr/bin/env bash
# The Go module's speed over cgo beside the native engine's, in one run on the same workloads
# (BENCHMARKS.md "Go (cgo)"): tools/examples/js_peer.rs (every five-card hand through the batch on
# one thread; the hands of 1,000 seeded four-seat classic deals arranged one by one and as a batch)
# and go/bench_test.go (the same workloads, and single calls), alternating ROUNDS times (default
# 3) so that both see the same load; the C library is installed into target/go-bench/prefix.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
target="${CARGO_TARGET_DIR:-$root/target}"
case "$target" in /*) ;; *) target="$root/$target" ;; esac
prefix="$target/go-bench/prefix"
bash "$root/scripts/install-c.sh" --prefix "$prefix" >/dev/null
export PKG_CONFIG_PATH="$prefix/lib/pkgconfig" GOFLAGS=-mod=mod GOPROXY=off
cargo build --quiet --release -p shisanshui-tools --example js_peer
peer="$target/release/examples/js_peer"
(cd "$root/go" && go test -c -o "$target/go-bench/shisanshui.test" .)
for round in $(seq "${ROUNDS:-3}"); do
  echo "== round $round"
  echo "native: $("$peer")"
  (cd "$root/go" && "$target/go-bench/shisanshui.test" -test.run '^$' -test.bench . -test.benchmem \
    -test.benchtime "${BENCHTIME:-2s}" | grep '^Benchmark')
done
