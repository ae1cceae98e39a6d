#!/usr/bin/env bash
# Build the shisanshui C library (release) and install it into tests/c/build/prefix with
# scripts/install-c.sh, compile the C and C++ tests against the committed include/shisanshui.h with
# -Wall -Wextra -Werror, link each statically (the installed libshisanshui.a) and dynamically (the
# installed libshisanshui.so via rpath, loaded by its soname), run them all, then the consumer tests
# (tests/c/consumers.sh: the install layout, examples/c, examples/cpp, shisanshui.hpp, the README's
# C and C++ programs), and print
#   C tests: N passed, 0 failed
# as the last line (N = checks across all of them). Exits non-zero on any failure.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$root"

out="$root/tests/c/build"
mkdir -p "$out"
bash scripts/install-c.sh --prefix "$out/prefix"

lib_dir="$out/prefix/lib"
for f in libshisanshui.a libshisanshui.so; do
  [ -f "$lib_dir/$f" ] || { echo "missing $lib_dir/$f" >&2; exit 1; }
done
# What a dynamically linked program records and the loader looks for (libshisanshui.so.0.2).
soname="$(readelf -d "$lib_dir/libshisanshui.so" | sed -n 's/.*Library soname: \[\(.*\)\].*/\1/p')"
[ -f "$lib_dir/$soname" ] || { echo "missing $lib_dir/$soname (soname '$soname')" >&2; exit 1; }
warn=(-Wall -Wextra -Werror -pedantic -g -O1 -I"$root/include" -I"$root/tests/c")
sys_libs=(-lpthread -ldl -lm)

gcc -std=c11 "${warn[@]}" tests/c/test_sss.c "$lib_dir/libshisanshui.a" "${sys_libs[@]}" -o "$out/test_sss_static"
gcc -std=c11 "${warn[@]}" tests/c/test_sss.c -L"$lib_dir" -l:libshisanshui.so -Wl,-rpath,"$lib_dir" "${sys_libs[@]}" \
  -o "$out/test_sss_dynamic"
g++ -std=c++17 "${warn[@]}" tests/c/test_sss.cpp "$lib_dir/libshisanshui.a" "${sys_libs[@]}" -o "$out/test_sss_cpp_static"
g++ -std=c++17 "${warn[@]}" tests/c/test_sss.cpp -L"$lib_dir" -l:libshisanshui.so -Wl,-rpath,"$lib_dir" "${sys_libs[@]}" \
  -o "$out/test_sss_cpp_dynamic"
# Settlement and money: its own binary, built the same two ways.
gcc -std=c11 "${warn[@]}" tests/c/test_settle.c "$lib_dir/libshisanshui.a" "${sys_libs[@]}" -o "$out/test_settle_static"
gcc -std=c11 "${warn[@]}" tests/c/test_settle.c -L"$lib_dir" -l:libshisanshui.so -Wl,-rpath,"$lib_dir" "${sys_libs[@]}" \
  -o "$out/test_settle_dynamic"
# Dealing and auto-arrangement: its own binary, built the same two ways.
gcc -std=c11 "${warn[@]}" tests/c/test_arrange.c "$lib_dir/libshisanshui.a" "${sys_libs[@]}" -o "$out/test_arrange_static"
gcc -std=c11 "${warn[@]}" tests/c/test_arrange.c -L"$lib_dir" -l:libshisanshui.so -Wl,-rpath,"$lib_dir" "${sys_libs[@]}" \
  -o "$out/test_arrange_dynamic"
# Batches (sss_*_many): its own binary, built the same two ways.
gcc -std=c11 "${warn[@]}" tests/c/test_batch.c "$lib_dir/libshisanshui.a" "${sys_libs[@]}" -o "$out/test_batch_static"
gcc -std=c11 "${warn[@]}" tests/c/test_batch.c -L"$lib_dir" -l:libshisanshui.so -Wl,-rpath,"$lib_dir" "${sys_libs[@]}" \
  -o "$out/test_batch_dynamic"
# Batches on hands with jokers (RULES.md §12): its own binary, built the same two ways.
gcc -std=c11 "${warn[@]}" tests/c/test_batch_jokers.c "$lib_dir/libshisanshui.a" "${sys_libs[@]}" -o "$out/test_batch_jokers_static"
gcc -std=c11 "${warn[@]}" tests/c/test_batch_jokers.c -L"$lib_dir" -l:libshisanshui.so -Wl,-rpath,"$lib_dir" "${sys_libs[@]}" \
  -o "$out/test_batch_jokers_dynamic"
# 理牌 hints (combinations, completing fixed lanes): its own binary, built the same two ways.
gcc -std=c11 "${warn[@]}" tests/c/test_hints.c "$lib_dir/libshisanshui.a" "${sys_libs[@]}" -o "$out/test_hints_static"
gcc -std=c11 "${warn[@]}" tests/c/test_hints.c -L"$lib_dir" -l:libshisanshui.so -Wl,-rpath,"$lib_dir" "${sys_libs[@]}" \
  -o "$out/test_hints_dynamic"
# 理牌 hints with jokers (RULES.md §12): its own binary, built the same two ways.
gcc -std=c11 "${warn[@]}" tests/c/test_hints_jokers.c "$lib_dir/libshisanshui.a" "${sys_libs[@]}" -o "$out/test_hints_jokers_static"
gcc -std=c11 "${warn[@]}" tests/c/test_hints_jokers.c -L"$lib_dir" -l:libshisanshui.so -Wl,-rpath,"$lib_dir" "${sys_libs[@]}" \
  -o "$out/test_hints_jokers_dynamic"
# Simulation (sss_simulate, the report): its own binary, built the same two ways.
gcc -std=c11 "${warn[@]}" tests/c/test_simulate.c "$lib_dir/libshisanshui.a" "${sys_libs[@]}" -o "$out/test_simulate_static"
gcc -std=c11 "${warn[@]}" tests/c/test_simulate.c -L"$lib_dir" -l:libshisanshui.so -Wl,-rpath,"$lib_dir" "${sys_libs[@]}" \
  -o "$out/test_simulate_dynamic"
# Big tables (RULES.md §11): its own binary, built the same two ways.
gcc -std=c11 "${warn[@]}" tests/c/test_big_tables.c "$lib_dir/libshisanshui.a" "${sys_libs[@]}" -o "$out/test_big_tables_static"
gcc -std=c11 "${warn[@]}" tests/c/test_big_tables.c -L"$lib_dir" -l:libshisanshui.so -Wl,-rpath,"$lib_dir" "${sys_libs[@]}" \
  -o "$out/test_big_tables_dynamic"
# Wild jokers (RULES.md §12): its own binary, built the same two ways.
gcc -std=c11 "${warn[@]}" tests/c/test_jokers.c "$lib_dir/libshisanshui.a" "${sys_libs[@]}" -o "$out/test_jokers_static"
gcc -std=c11 "${warn[@]}" tests/c/test_jokers.c -L"$lib_dir" -l:libshisanshui.so -Wl,-rpath,"$lib_dir" "${sys_libs[@]}" \
  -o "$out/test_jokers_dynamic"

# The static binaries must not need the shared library; the dynamic ones must load it.
for b in test_sss_static test_sss_cpp_static test_settle_static test_arrange_static test_batch_static test_batch_jokers_static test_hints_static test_hints_jokers_static test_simulate_static test_big_tables_static test_jokers_static; do
  if ldd "$out/$b" | grep -q libshisanshui; then echo "$b links libshisanshui dynamically" >&2; exit 1; fi
done
for b in test_sss_dynamic test_sss_cpp_dynamic test_settle_dynamic test_arrange_dynamic test_batch_dynamic test_batch_jokers_dynamic test_hints_dynamic test_hints_jokers_dynamic test_simulate_dynamic test_big_tables_dynamic test_jokers_dynamic; do
  # No `grep -q`: it exits at the first match and ldd's SIGPIPE would fail the pipeline (pipefail).
  ldd "$out/$b" | grep "$soname => $lib_dir/$soname" >/dev/null \
    || { echo "$b does not load $lib_dir/$soname" >&2; ldd "$out/$b" >&2; exit 1; }
done

vectors="$root/tests/vectors/eval.json"
total_passed=0
total_failed=0
status=0
run() {
  local label=$1; shift
  local log="$out/$label.log"
  echo "==> $label"
  if "$@" > "$log" 2>&1; then :; else status=1; fi
  cat "$log"
  # Each binary ends with "<label>: N passed, M failed".
  local line
  line=$(grep -E "^$label: [0-9]+ passed, [0-9]+ failed$" "$log" | tail -n 1 || true)
  if [ -z "$line" ]; then
    echo "$label: no result line (crashed?)" >&2
    status=1
    return
  fi
  local p f
  p=$(echo "$line" | sed -E 's/.*: ([0-9]+) passed, ([0-9]+) failed/\1/')
  f=$(echo "$line" | sed -E 's/.*: ([0-9]+) passed, ([0-9]+) failed/\2/')
  total_passed=$((total_passed + p))
  total_failed=$((total_failed + f))
}
run c-static "$out/test_sss_static" "$vectors" c-static
run c-dynamic "$out/test_sss_dynamic" "$vectors" c-dynamic
run cpp-static "$out/test_sss_cpp_static" cpp-static
run cpp-dynamic "$out/test_sss_cpp_dynamic" cpp-dynamic
run settle-static "$out/test_settle_static" "$root/tests/vectors/settle.json" settle-static
run settle-dynamic "$out/test_settle_dynamic" "$root/tests/vectors/settle.json" settle-dynamic
run arrange-static "$out/test_arrange_static" "$root/tests/vectors" arrange-static
run arrange-dynamic "$out/test_arrange_dynamic" "$root/tests/vectors" arrange-dynamic
run batch-static "$out/test_batch_static" batch-static
run batch-dynamic "$out/test_batch_dynamic" batch-dynamic
run batch-jokers-static "$out/test_batch_jokers_static" batch-jokers-static
run batch-jokers-dynamic "$out/test_batch_jokers_dynamic" batch-jokers-dynamic
run hints-static "$out/test_hints_static" "$root/tests/vectors" hints-static
run hints-dynamic "$out/test_hints_dynamic" "$root/tests/vectors" hints-dynamic
run hints-jokers-static "$out/test_hints_jokers_static" hints-jokers-static
run hints-jokers-dynamic "$out/test_hints_jokers_dynamic" hints-jokers-dynamic
run simulate-static "$out/test_simulate_static" "$root/tests/vectors" simulate-static
run simulate-dynamic "$out/test_simulate_dynamic" "$root/tests/vectors" simulate-dynamic
run big-tables-static "$out/test_big_tables_static" "$root/tests/vectors" big-tables-static
run big-tables-dynamic "$out/test_big_tables_dynamic" "$root/tests/vectors" big-tables-dynamic
run jokers-static "$out/test_jokers_static" "$root/tests/vectors" jokers-static
run jokers-dynamic "$out/test_jokers_dynamic" "$root/tests/vectors" jokers-dynamic
run consumers bash "$root/tests/c/consumers.sh"

if [ "$total_failed" -ne 0 ]; then status=1; fi
echo "C tests: $total_passed passed, $total_failed failed"
exit "$status"
