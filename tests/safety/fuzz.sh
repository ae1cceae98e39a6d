#!/usr/bin/env bash
# Net 1 of tests/safety/run.sh: build the fuzz targets of fuzz/ (cargo-fuzz, nightly, ASan,
# debug assertions and overflow checks on) and run each for a fixed time from its committed seed
# corpus. Fails on any crash, escaping panic, broken invariant, leak, timeout (-timeout=10 s per
# input; 60 s for the arrange target, whose hands of three or four jokers under joker_lanes
# avoid_foul take over 20 s under this instrumentation: the suggestions and the oracle walk every
# legal split, each lane's jokers tried against the foul check) or out-of-memory
# (-rss_limit_mb=2048). Prints one line per target:
#   fuzz <target>: ok, <N> execs in <S> s (<R>/s), corpus <C>
# and writes those lines to $SSS_SAFETY_OUT/fuzz-summary.txt when SSS_SAFETY_OUT is set.
#
# Environment:
#   SSS_FUZZ_SECONDS       seconds per fast target (default 60)
#   SSS_FUZZ_SLOW_SECONDS  seconds for the arrange target (default: half of SSS_FUZZ_SECONDS)
#   SSS_FUZZ_TARGETS       targets to run (default: all of fuzz/fuzz_targets)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$root/fuzz"

secs="${SSS_FUZZ_SECONDS:-60}"
slow="${SSS_FUZZ_SLOW_SECONDS:-$(( (secs + 1) / 2 ))}"
targets="${SSS_FUZZ_TARGETS:-$(cd fuzz_targets && ls *.rs | sed 's/\.rs$//' | tr '\n' ' ')}"
summary_file="${SSS_SAFETY_OUT:+$SSS_SAFETY_OUT/fuzz-summary.txt}"
[ -n "$summary_file" ] && : > "$summary_file"

if ! cargo fuzz --version >/dev/null 2>&1; then
  echo "fuzz: installing cargo-fuzz (cargo install cargo-fuzz --locked)"
  cargo install cargo-fuzz --locked
fi
# -a: debug assertions and overflow checks (an overflow in money arithmetic is a finding).
cargo +nightly fuzz build -a
bin="$root/fuzz/target/x86_64-unknown-linux-gnu/release"

status=0
for t in $targets; do
  s=$secs limit=10
  [ "$t" = arrange ] && s=$slow limit=60
  work="$root/fuzz/work/$t"
  rm -rf "$work"
  mkdir -p "$work" "$root/fuzz/artifacts/$t"
  log="$root/fuzz/work/$t.log"
  echo "==> fuzz $t for $s s"
  rc=0
  "$bin/$t" "$work" "$root/fuzz/corpus/$t" -max_total_time="$s" -timeout="$limit" -rss_limit_mb=2048 \
    -print_final_stats=1 -artifact_prefix="$root/fuzz/artifacts/$t/" >"$log" 2>&1 || rc=$?
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
  took=$(sed -n 's/^Done [0-9]* runs in \([0-9]*\) second.*/\1/p' "$log" | tail -n 1)
  corpus=$(ls "$work" | wc -l)
  if [ "$rc" -eq 0 ] && [ -n "$execs" ]; then
    rate=$(( execs / (${took:-$s} > 0 ? ${took:-$s} : 1) ))
    line="fuzz $t: ok, $execs execs in ${took:-$s} s (${rate}/s), corpus $corpus"
  else
    status=1
    tail -n 60 "$log"
    line="fuzz $t: FAILED (exit $rc; input in fuzz/artifacts/$t/, log $log)"
  fi
  echo "$line"
  [ -n "$summary_file" ] && echo "$line" >> "$summary_file"
done
exit "$status"
