#!/usr/bin/env bash
# The safety nets (docs/safety.md), in one command:
#
#   fuzz        cargo-fuzz targets of fuzz/ (cards and hand text, rule-set JSON, every C entry
#               point, settlement and money invariants, auto-arrangement against the exhaustive
#               oracle), each for SSS_FUZZ_SECONDS from its committed seed corpus (tests/safety/fuzz.sh)
#   sanitizers  the C and C++ tests (tests/c/test_*.c, test_sss.cpp, test_threads.c) under
#               AddressSanitizer + UndefinedBehaviorSanitizer (gcc and clang,
#               -fno-sanitize-recover=all), linked against the Rust library built normally and
#               built with -Zsanitizer=address -Zbuild-std (nightly, target/asan)
#   valgrind    the same programs, normal build, under valgrind --leak-check=full --error-exitcode=1
#   miri        cargo +nightly miri test of the engine's and the C ABI's unit tests (the slow ones
#               skipped by name: MIRI_SKIP below)
#   threads     tests/c/test_threads.c (8 threads on shared handles) plainly and under
#               ThreadSanitizer (clang, Rust library built with -Zsanitizer=thread -Zbuild-std,
#               target/tsan). The Python counterpart, tests/python/test_threads.py, runs with the
#               Python suite.
#
# Each net that uses a sanitizer or valgrind first checks that the tool catches a deliberate bug
# (tests/safety/canary.c). Installs what it needs when missing: the nightly toolchain's rust-src
# and miri, cargo-fuzz, clang with its sanitizer runtimes, valgrind. Ends with
#   safety: N passed, M failed
# (N, M: nets) and exits non-zero when any net fails.
#
# Environment: SSS_SAFETY_NETS (nets to run, default all five, in the order above),
# SSS_FUZZ_SECONDS (per fuzz target, default 60), SSS_FUZZ_SLOW_SECONDS (the arrange target,
# default half of it). Logs and binaries go to target/safety/.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$root"

nets="${SSS_SAFETY_NETS:-fuzz sanitizers valgrind miri threads}"
out="$root/target/safety"
mkdir -p "$out"
export SSS_SAFETY_OUT="$out"
host=x86_64-unknown-linux-gnu
export CARGO_TERM_COLOR=never

die() {
  echo "safety: $*" >&2
  exit 1
}

# ---------------------------------------------------------------------------------------------
# Tools
# ---------------------------------------------------------------------------------------------

apt_updated=0
apt_install() {
  if [ "$apt_updated" -eq 0 ]; then
    apt-get update -qq || die "apt-get update failed"
    apt_updated=1
  fi
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$@" >/dev/null \
    || die "apt-get install $* failed"
}

ensure_tools() {
  command -v rustup >/dev/null || die "rustup is needed (nightly toolchain for sanitizers, fuzzing, Miri)"
  if ! rustup run nightly rustc --version >/dev/null 2>&1; then
    rustup toolchain install nightly --profile minimal || die "cannot install the nightly toolchain"
  fi
  local have
  have="$(rustup +nightly component list --installed 2>/dev/null)"
  local want=()
  echo "$have" | grep -q '^rust-src' || want+=(rust-src)
  echo "$have" | grep -q '^miri' || want+=(miri)
  if [ "${#want[@]}" -gt 0 ]; then
    rustup component add --toolchain nightly "${want[@]}" || die "cannot add nightly components: ${want[*]}"
  fi
  command -v gcc >/dev/null && command -v g++ >/dev/null || apt_install gcc g++
  command -v valgrind >/dev/null || apt_install valgrind
  command -v clang >/dev/null || apt_install clang
  # The sanitizer runtimes are a package of their own (libclang-rt-<major>-dev on Debian 12).
  local major rtdir
  major="$(clang -dumpversion | cut -d. -f1)"
  rtdir="$(clang -print-resource-dir)/lib/linux"
  if [ ! -e "$rtdir/libclang_rt.asan-x86_64.a" ]; then
    apt_install "libclang-rt-$major-dev" || true
  fi
  [ -e "$rtdir/libclang_rt.asan-x86_64.a" ] || die "clang's ASan runtime is missing ($rtdir)"
  if ! cargo fuzz --version >/dev/null 2>&1; then
    cargo install cargo-fuzz --locked || die "cannot install cargo-fuzz"
  fi
}

# ---------------------------------------------------------------------------------------------
# The C programs
# ---------------------------------------------------------------------------------------------

vectors="$root/tests/vectors"
sys_libs=(-lpthread -ldl -lm)
# name, source, compiler language, arguments (label last).
programs=(
  "test_sss|tests/c/test_sss.c|c|$vectors/eval.json"
  "test_settle|tests/c/test_settle.c|c|$vectors/settle.json"
  "test_arrange|tests/c/test_arrange.c|c|$vectors"
  "test_sss_cpp|tests/c/test_sss.cpp|cpp|"
  "test_threads|tests/c/test_threads.c|c|"
  "test_simulate|tests/c/test_simulate.c|c|$vectors"
)
# The C++ wrapper's test, where it exists.
[ -f tests/c/test_hpp.cpp ] && [ -f include/shisanshui.hpp ] && programs+=("test_hpp|tests/c/test_hpp.cpp|cpp|")

# build_programs DIR CC CXX LIB FLAGS...: every program into DIR, linked against LIB.
build_programs() {
  local dir=$1 cc=$2 cxx=$3 lib=$4
  shift 4
  mkdir -p "$dir"
  local p name src lang
  for p in "${programs[@]}"; do
    IFS='|' read -r name src lang _ <<<"$p"
    local compiler=$cc std=-std=c11
    [ "$lang" = cpp ] && compiler=$cxx std=-std=c++17
    "$compiler" "$std" -g -O1 "$@" -I"$root/include" -I"$root/tests/c" "$src" "$lib" "${sys_libs[@]}" -o "$dir/$name" \
      || { echo "  $name: does not build with $compiler" >&2; return 1; }
  done
}

# run_programs LABEL DIR [WRAPPER...]: run each, each must pass all its checks.
run_programs() {
  local label=$1 dir=$2
  shift 2
  local p name args status=0 log line
  for p in "${programs[@]}"; do
    IFS='|' read -r name _ _ args <<<"$p"
    log="$dir/$name.log"
    local argv=()
    [ -n "$args" ] && argv+=("$args")
    argv+=("$label-$name")
    # The threaded harness: fewer deals under valgrind (it runs threads one at a time).
    [ "$name" = test_threads ] && [ "$#" -gt 0 ] && argv+=(4)
    if "$@" "$dir/$name" "${argv[@]}" >"$log" 2>&1; then
      line=$(grep -E "^$label-$name: [0-9]+ passed, 0 failed$" "$log" | tail -n 1 || true)
      if [ -n "$line" ]; then
        echo "  $line"
        continue
      fi
    fi
    status=1
    echo "  $label-$name: FAILED (log $log)"
    tail -n 40 "$log" | sed 's/^/    /'
  done
  return "$status"
}

# expect_caught WHAT CMD...: the command must fail (the tool saw the canary's bug).
expect_caught() {
  local what=$1
  shift
  if "$@" >"$out/canary.log" 2>&1; then
    echo "  canary: $what went unnoticed ($*)" >&2
    return 1
  fi
  echo "  canary: $what caught"
}

build_rust_normal() {
  cargo build --release -p shisanshui-ffi
  normal_lib="$root/target/release/libshisanshui.a"
}

# A sanitizer build of the Rust library, std included (so that std's own code is instrumented),
# into target/asan or target/tsan.
build_rust_sanitized() {
  local san=$1 dir=$2
  RUSTFLAGS="-Zsanitizer=$san" cargo +nightly build -Zbuild-std --target "$host" --release \
    -p shisanshui-ffi --target-dir "$root/target/$dir"
}

san_flags=(-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer)
export ASAN_OPTIONS="detect_leaks=1:halt_on_error=1:abort_on_error=0:detect_stack_use_after_return=1"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
export TSAN_OPTIONS="halt_on_error=1:second_deadlock_stack=1"

# ---------------------------------------------------------------------------------------------
# Nets
# ---------------------------------------------------------------------------------------------

net_fuzz() {
  bash "$root/tests/safety/fuzz.sh"
}

net_sanitizers() {
  build_rust_normal
  build_rust_sanitized address asan
  local asan_lib="$root/target/asan/$host/release/libshisanshui.a"
  local status=0 cc cxx lib kind dir
  for cc in gcc clang; do
    cxx=g++
    [ "$cc" = clang ] && cxx=clang++
    mkdir -p "$out/$cc"
    "$cc" "${san_flags[@]}" -g tests/safety/canary.c -lpthread -o "$out/$cc/canary"
    expect_caught "$cc heap overflow" "$out/$cc/canary" overflow || status=1
    expect_caught "$cc leak" "$out/$cc/canary" leak || status=1
    expect_caught "$cc signed overflow" "$out/$cc/canary" ub || status=1
    for kind in normal asan; do
      lib=$normal_lib
      [ "$kind" = asan ] && lib=$asan_lib
      dir="$out/$cc-$kind"
      echo "  $cc, ASan+UBSan, Rust library built $kind:"
      build_programs "$dir" "$cc" "$cxx" "$lib" "${san_flags[@]}" || { status=1; continue; }
      run_programs "$cc-$kind" "$dir" || status=1
    done
  done
  return "$status"
}

net_valgrind() {
  build_rust_normal
  local dir="$out/valgrind" status=0
  mkdir -p "$dir"
  local vg=(valgrind -q --leak-check=full --errors-for-leak-kinds=definite,indirect --error-exitcode=1)
  gcc -g tests/safety/canary.c -lpthread -o "$dir/canary"
  expect_caught "valgrind invalid write" "${vg[@]}" "$dir/canary" overflow || status=1
  expect_caught "valgrind leak" "${vg[@]}" "$dir/canary" leak || status=1
  build_programs "$dir" gcc g++ "$normal_lib"
  run_programs valgrind "$dir" "${vg[@]}" || status=1
  return "$status"
}

# Unit tests too slow for Miri's interpreter, skipped by name (substring): whole-table and
# every-hand checks, the arrangement search and anything that builds an arranger's objective
# (the arranger and handle tests), thread pools, 10 MB texts, and rule-set JSON parsing (minutes
# each under Miri). Measured with `cargo +nightly miri test ... -- -Z unstable-options
# --report-time`; everything else runs: pointers, copy-outs, the panic guard, last errors, cards,
# evaluation, fouls, money, settlement, specials, dealing.
MIRI_SKIP_CORE=(
  arrange::search arrange::copies batch thread tables_match_generator simulate:: meaningless_input_never_panics
  counts_and_masks_match_a_naive_count
)
MIRI_SKIP_FFI=(
  arrange::tests batch:: hints:: handle_tests:: huge_bad_text json
)
net_miri() {
  cargo +nightly miri setup
  local skip=() s status=0
  # A test too heavy for the interpreter (it should be skipped above or carry
  # `#[cfg_attr(miri, ignore)]`) fails the net after MIRI_MINUTES instead of holding CI.
  local limit="${MIRI_MINUTES:-15}m"
  for s in "${MIRI_SKIP_CORE[@]}"; do skip+=(--skip "$s"); done
  timeout "$limit" cargo +nightly miri test -p shisanshui --lib -- --test-threads=1 "${skip[@]}" \
    || { status=1; echo "miri: the engine's unit tests failed or took over $limit"; }
  skip=()
  for s in "${MIRI_SKIP_FFI[@]}"; do skip+=(--skip "$s"); done
  timeout "$limit" cargo +nightly miri test -p shisanshui-ffi --lib -- --test-threads=1 "${skip[@]}" \
    || { status=1; echo "miri: the C ABI's unit tests failed or took over $limit"; }
  return "$status"
}

net_threads() {
  build_rust_normal
  build_rust_sanitized thread tsan
  local status=0 dir="$out/threads"
  mkdir -p "$dir"
  # Plain, 8 threads.
  gcc -std=c11 -g -O2 -Wall -Wextra -Werror -pedantic -I"$root/include" tests/c/test_threads.c "$normal_lib" \
    "${sys_libs[@]}" -o "$dir/test_threads"
  "$dir/test_threads" threads-plain | tail -n 1 | tee "$dir/plain.log"
  grep -qE '^threads-plain: [0-9]+ passed, 0 failed$' "$dir/plain.log" || status=1
  # ThreadSanitizer. The Rust library's instrumentation is newer than clang's runtime (it calls
  # __tsan_memset), so the program links the runtime that ships with the nightly toolchain.
  local rt
  rt="$(rustc +nightly --print sysroot)/lib/rustlib/$host/lib/librustc-nightly_rt.tsan.a"
  [ -f "$rt" ] || die "missing $rt"
  local tsan_link=(-Wl,--whole-archive "$rt" -Wl,--no-whole-archive "${sys_libs[@]}" -lrt -lstdc++)
  clang -std=c11 -g -O1 -fsanitize=thread -c tests/safety/canary.c -o "$dir/canary.o"
  clang "$dir/canary.o" "${tsan_link[@]}" -o "$dir/canary"
  expect_caught "ThreadSanitizer data race" "$dir/canary" race || status=1
  clang -std=c11 -g -O1 -fsanitize=thread -I"$root/include" -c tests/c/test_threads.c -o "$dir/test_threads_tsan.o"
  clang "$dir/test_threads_tsan.o" "$root/target/tsan/$host/release/libshisanshui.a" "${tsan_link[@]}" \
    -o "$dir/test_threads_tsan"
  if "$dir/test_threads_tsan" threads-tsan >"$dir/tsan.log" 2>&1 \
    && grep -qE '^threads-tsan: [0-9]+ passed, 0 failed$' "$dir/tsan.log" \
    && ! grep -q 'WARNING: ThreadSanitizer' "$dir/tsan.log"; then
    tail -n 1 "$dir/tsan.log"
  else
    status=1
    echo "threads-tsan: FAILED (log $dir/tsan.log)"
    tail -n 60 "$dir/tsan.log"
  fi
  return "$status"
}

# ---------------------------------------------------------------------------------------------

ensure_tools
passed=0
failed=0
summary=()
for n in $nets; do
  declare -F "net_$n" >/dev/null || die "unknown net '$n' (fuzz sanitizers valgrind miri threads)"
  echo
  echo "==> safety net: $n"
  start=$SECONDS
  # Each net in a subshell with `set -e` in force (it would not be inside an `if`); a failing
  # net is reported and the next one still runs.
  set +e
  ( set -euo pipefail; "net_$n" ) 2>&1 | tee "$out/$n.log"
  rc=${PIPESTATUS[0]}
  set -e
  if [ "$rc" -eq 0 ]; then
    passed=$((passed + 1))
    summary+=("$n: ok ($((SECONDS - start)) s)")
  else
    failed=$((failed + 1))
    summary+=("$n: FAILED ($((SECONDS - start)) s; log target/safety/$n.log)")
  fi
done

echo
echo "==> safety summary"
printf '%s\n' "${summary[@]}"
[ -f "$out/fuzz-summary.txt" ] && [[ " $nets " == *" fuzz "* ]] && cat "$out/fuzz-summary.txt"
echo "safety: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
