#!/usr/bin/env bash
# What a call into the engine costs from Go over cgo, beside the same operation in native Rust, in
# one run (BENCHMARKS.md "Go (cgo)"): the benchmarks of go/bench_test.go, then the criterion benches
# of benches/ that time the same workloads (only those ids, by a filter), alternating ROUNDS times
# (default 3) so that both sides meet the same load on a shared machine. The table at the end gives
# each side's median over the rounds (criterion's median per element for Rust) and the difference,
# which is the cost of the way in and out: cgo, the C ABI's checks, the binding's copies.
#
#   ROUNDS=3 BENCHTIME=1s bash scripts/bench-go.sh
#
# The C library is installed into target/go-bench/prefix (scripts/install-c.sh); the logs of each
# round and criterion's files are kept in target/go-bench.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
target="${CARGO_TARGET_DIR:-$root/target}"
case "$target" in /*) ;; *) target="$root/$target" ;; esac
out="$target/go-bench"
mkdir -p "$out"
command -v python3 >/dev/null 2>&1 || { echo "python3 is needed to read criterion's results" >&2; exit 1; }

bash "$root/scripts/install-c.sh" --prefix "$out/prefix" >/dev/null
export PKG_CONFIG_PATH="$out/prefix/lib/pkgconfig" GOFLAGS=-mod=mod GOPROXY=off GOTOOLCHAIN=local CGO_ENABLED=1
export CRITERION_HOME="$out/criterion"

# Each Go benchmark and the criterion ids timing the same operation on the same workload
# (go/bench_test.go says how the workloads match), one row each; "-" for none. The C call behind
# SettleInto prepares a Settler (checking the rule set) and then settles into the reused
# settlement: between settle_into (prepared) and settle_fn (a fresh settlement too). The one
# behind DetectSpecial is detect_special (it prepares the detector); detector is the prepared one.
pairs="
CgoCall -
Evaluate5 eval5_all_2598960/shisanshui/in_order
Evaluate3 eval3_all_22100/shisanshui/in_order
Evaluate5Many batch_eval5_2598960/codes_1_thread/in_order
Arrange arrange/random/classic_4p
ArrangeMany arrange/random/classic_4p
SettleInto settle_4_players_water/settle_into/classic
SettleInto settle_4_players_water/settle_fn/classic
DetectSpecial special_random_4096/detect_special/classic
DetectSpecial special_random_4096/detector/classic
"
ids="$(echo "$pairs" | awk 'NF == 2 && $2 != "-" { print $2 }' | sort -u | paste -sd '|' -)"
filter="^($ids)\$"
benches=(--bench eval --bench batch --bench arrange --bench settle --bench special)

# Build everything before the first timed round.
cargo bench --quiet -p shisanshui-benches "${benches[@]}" --no-run
(cd "$root/go" && go test -count=1 -run '^$' -bench . -benchtime=1x . >/dev/null)

rounds="${ROUNDS:-3}"
rm -f "$out"/go-*.txt "$out"/rust-*.tsv
for round in $(seq "$rounds"); do
  echo "== round $round of $rounds: Go (go test -bench)"
  (cd "$root/go" && go test -count=1 -run '^$' -bench . -benchmem -benchtime "${BENCHTIME:-1s}" .) \
    >"$out/go-$round.txt"
  grep '^Benchmark' "$out/go-$round.txt"
  echo "== round $round of $rounds: Rust (criterion, $filter)"
  cargo bench --quiet -p shisanshui-benches "${benches[@]}" -- "$filter" --warm-up-time 1 --measurement-time 3 \
    >"$out/rust-$round.log" 2>&1 || { cat "$out/rust-$round.log" >&2; exit 1; }
  # criterion's median of this round, per element (its throughput: hands, tables, rounds).
  python3 - "$CRITERION_HOME" "$ids" >"$out/rust-$round.tsv" <<'PY'
import json, os, sys
home, wanted = sys.argv[1], set(sys.argv[2].split("|"))
for dirpath, _, files in os.walk(home):
    if not dirpath.endswith(os.sep + "new") or "benchmark.json" not in files:
        continue
    bench = json.load(open(os.path.join(dirpath, "benchmark.json")))
    if bench["full_id"] not in wanted:
        continue
    median = json.load(open(os.path.join(dirpath, "estimates.json")))["median"]["point_estimate"]
    elements = (bench.get("throughput") or {}).get("Elements", 1)
    print(f"{bench['full_id']}\t{median / elements}")
PY
  cat "$out/rust-$round.tsv"
done

python3 - "$out" "$rounds" "$pairs" <<'PY'
import re, statistics, sys
out, rounds, pairs = sys.argv[1], int(sys.argv[2]), [l.split() for l in sys.argv[3].strip().splitlines()]
go, rust = {}, {}
for r in range(1, rounds + 1):
    for line in open(f"{out}/go-{r}.txt"):
        m = re.match(r"Benchmark(\w+)-\d+\s+\d+\s+(.*)", line)
        if not m:
            continue
        fields = dict((unit, float(v)) for v, unit in re.findall(r"([\d.]+) (\S+)", m.group(2)))
        go.setdefault(m.group(1), []).append(fields)
    for line in open(f"{out}/rust-{r}.tsv"):
        bench_id, ns = line.split("\t")
        rust.setdefault(bench_id, []).append(float(ns))

def fmt(ns):
    if abs(ns) >= 10000:
        return f"{ns / 1000:,.1f} µs"
    return f"{ns:,.0f} ns" if abs(ns) >= 1000 else f"{ns:,.1f} ns" if abs(ns) >= 10 else f"{ns:.2f} ns"

print(f"\nmedians of {rounds} rounds (Go: ns/op, or ns/hand for a batch; Rust: criterion's median per element)")
print("| Go benchmark | Go | allocs/op | Rust (criterion id) | Rust | Go − Rust | Go / Rust |")
print("|---|---|---|---|---|---|---|")
for name, bench_id in pairs:
    runs = go.get(name)
    if not runs:
        print(f"| {name} | (did not run) | | | | | |")
        continue
    unit = "ns/hand" if "ns/hand" in runs[0] else "ns/op"
    g = statistics.median(x[unit] for x in runs)
    allocs = statistics.median(x.get("allocs/op", 0) for x in runs)
    if bench_id == "-" or bench_id not in rust:
        print(f"| {name} | {fmt(g)} | {allocs:g} | — | | | |")
        continue
    n = statistics.median(rust[bench_id])
    print(f"| {name} | {fmt(g)} | {allocs:g} | `{bench_id}` | {fmt(n)} | {fmt(g - n)} | {g / n:.2f}× |")
PY
