#!/usr/bin/env bash
# The C library as C and C++ users get it. A fresh `scripts/install-c.sh --prefix <temp>`, then:
#  - the installed layout: header, versioned .so with its soname links, stripped .a, .pc, CMake
#    package; every function the header declares is exported; a --destdir/--libdir staging;
#  - examples/c (Makefile + pkg-config) and examples/cpp (CMake + shisanshui.hpp), each linked
#    dynamically and statically: ldd shows the static ones do not need libshisanshui.so and the
#    dynamic ones load the installed one (through the rpath, or LD_LIBRARY_PATH without it); their
#    output is checked against the test vectors, the Rust demo and known hands (check_round.py);
#  - tests/c/test_hpp.cpp, the wrapper's own tests (-Wall -Wextra -Werror -pedantic), also under
#    valgrind;
#  - README.md's "### C" program and commands run verbatim (and its "### C++" program and CMake
#    lines), their output compared with the output the README prints.
# Installs cmake, pkg-config, make and valgrind from apt when missing. Prints
#   consumers: N passed, M failed
# as its last line; exits non-zero on any failure.
set -euo pipefail
root="$(cd -P "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$root"

missing=()
for tool in cmake pkg-config make valgrind python3 readelf nm; do
  command -v "$tool" >/dev/null 2>&1 || missing+=("$tool")
done
if [ ${#missing[@]} -gt 0 ]; then
  packages=()
  for tool in "${missing[@]}"; do
    case "$tool" in readelf | nm) packages+=(binutils) ;; *) packages+=("$tool") ;; esac
  done
  echo "==> apt-get install ${packages[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -q >/dev/null
  apt-get install -y -q --no-install-recommends "${packages[@]}" >/dev/null
fi

tmp="$(mktemp -d "${TMPDIR:-/tmp}/shisanshui-consumers.XXXXXX")"
trap 'rm -rf "$tmp"' EXIT

passed=0
failed=0
pass() { passed=$((passed + 1)); }
fail() { failed=$((failed + 1)); echo "FAIL: $*" >&2; }
expect() { # expect WHAT COMMAND...: one check, passing when the command succeeds
  local what=$1
  shift
  if "$@"; then pass; else fail "$what"; fi
}
expect_eq() { # expect_eq WHAT GOT WANT
  if [ "$2" = "$3" ]; then pass; else fail "$1: got '$2', want '$3'"; fi
}
# Add the "<label>: N passed, M failed" line of a log to the totals.
count_from() {
  local line
  line=$(grep -E "^$2: [0-9]+ passed, [0-9]+ failed$" "$1" | tail -n 1 || true)
  if [ -z "$line" ]; then
    fail "$2: no result line in $1"
    return
  fi
  passed=$((passed + $(echo "$line" | sed -E 's/.*: ([0-9]+) passed.*/\1/')))
  failed=$((failed + $(echo "$line" | sed -E 's/.*passed, ([0-9]+) failed/\1/')))
}
# Run a command, keeping its output in a log shown on failure.
logged() { # logged LOG COMMAND...
  local log=$1
  shift
  if "$@" >"$log" 2>&1; then return 0; fi
  echo "---- $log" >&2
  tail -n 40 "$log" >&2
  return 1
}

# The version every artifact must carry: the workspace's.
version="$(sed -n 's/^version = "\([0-9.]*\)"$/\1/p' Cargo.toml | head -n 1)"
[[ "$version" =~ ^([0-9]+)\.([0-9]+)\.([0-9]+)$ ]] || { echo "no version in Cargo.toml" >&2; exit 1; }
# cargo-c's soname rule for 0.x: 0.0.P -> 0.0.P, 0.M.x -> 0.M, M.x -> M.
if [ "${BASH_REMATCH[1]}" -eq 0 ] && [ "${BASH_REMATCH[2]}" -eq 0 ]; then sover="$version"
elif [ "${BASH_REMATCH[1]}" -eq 0 ]; then sover="0.${BASH_REMATCH[2]}"
else sover="${BASH_REMATCH[1]}"; fi
soname="libshisanshui.so.$sover"

echo "==> install-c.sh --prefix $tmp/prefix"
prefix="$tmp/prefix"
lib="$prefix/lib"
logged "$tmp/install.log" bash scripts/install-c.sh --prefix "$prefix"
tail -n 3 "$tmp/install.log"

echo "==> installed layout"
for f in include/shisanshui.h include/shisanshui.hpp "lib/libshisanshui.so.$version" lib/libshisanshui.a \
  lib/pkgconfig/shisanshui.pc lib/pkgconfig/shisanshui-static.pc lib/cmake/shisanshui/shisanshuiConfig.cmake \
  lib/cmake/shisanshui/shisanshuiConfigVersion.cmake; do
  expect "$f installed" test -f "$prefix/$f"
done
expect "the installed header is include/shisanshui.h" cmp -s include/shisanshui.h "$prefix/include/shisanshui.h"
expect "the installed wrapper is include/shisanshui.hpp" cmp -s include/shisanshui.hpp "$prefix/include/shisanshui.hpp"
expect_eq "libshisanshui.so link" "$(readlink "$lib/libshisanshui.so")" "libshisanshui.so.$version"
expect_eq "$soname link" "$(readlink "$lib/$soname")" "libshisanshui.so.$version"
expect_eq "soname" "$(readelf -d "$lib/libshisanshui.so.$version" | sed -n 's/.*Library soname: \[\(.*\)\].*/\1/p')" "$soname"
expect_eq "debug sections in libshisanshui.a" "$(readelf -S -W "$lib/libshisanshui.a" | grep -c ' \.debug_' || true)" 0
expect_eq "debug sections in the .so" "$(readelf -S -W "$lib/libshisanshui.so.$version" | grep -c ' \.debug_' || true)" 0
# Every function the header declares is exported by both libraries.
grep -oE '^[A-Za-z][A-Za-z0-9_ *]* \**(sss_[a-z0-9_]+)\(' include/shisanshui.h | grep -oE 'sss_[a-z0-9_]+' | sort -u >"$tmp/declared"
nm -D --defined-only "$lib/libshisanshui.so.$version" | awk '$2 == "T" { print $3 }' | grep '^sss_' | sort -u >"$tmp/so-symbols"
nm --defined-only "$lib/libshisanshui.a" 2>/dev/null | awk '$2 == "T" { print $3 }' | grep '^sss_' | sort -u >"$tmp/a-symbols"
expect "the header declares functions ($(wc -l <"$tmp/declared"))" test "$(wc -l <"$tmp/declared")" -gt 50
expect "every declared function is in the .so" diff "$tmp/declared" "$tmp/so-symbols"
expect "every declared function is in the .a" diff "$tmp/declared" "$tmp/a-symbols"

# README.md and CHANGELOG.md print these sizes (scripts/sizes.py; scripts/package.sh rewrites them).
expect "README and CHANGELOG print the .so's size" python3 scripts/sizes.py check so "$lib/libshisanshui.so.$version"
expect "README and CHANGELOG print the .a's size" python3 scripts/sizes.py check a "$lib/libshisanshui.a"
expect "README names the .so by this version" grep -q "\`prefix/lib/libshisanshui.so.$version\`" README.md

export PKG_CONFIG_PATH="$lib/pkgconfig"
expect_eq "pkg-config --modversion" "$(pkg-config --modversion shisanshui | sed 's/ *$//')" "$version"
# The .pc finds its prefix from its own place (${pcfiledir}): paths are compared resolved.
pc_path() { realpath -m "$(pkg-config "$@" shisanshui | sed 's/ *$//; s/^-[IL]//; s/ -lshisanshui$//')"; }
expect_eq "pkg-config prefix" "$(pc_path --variable=prefix)" "$prefix"
expect_eq "pkg-config --cflags" "$(pc_path --cflags)" "$prefix/include"
expect_eq "pkg-config --libs" "$(pc_path --libs)" "$lib"
expect "pkg-config --libs ends in -lshisanshui" grep -q -- ' -lshisanshui *$' <<<" $(pkg-config --libs shisanshui)"
expect "shisanshui.pc names no absolute prefix" grep -q '^prefix=${pcfiledir}/' "$lib/pkgconfig/shisanshui.pc"
# shisanshui-static.pc (what Go's cgo reads) names the archive itself, so a program carries the engine.
expect "shisanshui-static.pc names no absolute prefix" grep -q '^prefix=${pcfiledir}/' "$lib/pkgconfig/shisanshui-static.pc"
static_pc_libs="$(pkg-config --libs shisanshui-static)"
expect_eq "pkg-config --libs shisanshui-static names libshisanshui.a" \
  "$(realpath -m "$(awk '{ print $1 }' <<<"$static_pc_libs")")" "$lib/libshisanshui.a"
expect "pkg-config --libs shisanshui-static adds what the archive needs" grep -q -- ' -lpthread\| -lm\| -ldl\| -lc' <<<" $static_pc_libs"
# A moved prefix still works: its .pc names the new place, and a program builds and runs from it.
moved="$tmp/moved-prefix"
cp -a "$prefix" "$moved"
expect_eq "a moved prefix's pkg-config --cflags" \
  "$(PKG_CONFIG_PATH="$moved/lib/pkgconfig" pc_path --cflags)" "$(realpath -m "$moved/include")"
cat >"$tmp/moved-prefix-app.c" <<'EOF'
#include <shisanshui.h>
#include <stdio.h>
int main(void) { printf("ABI %u\n", (unsigned)sss_abi_version()); return sss_abi_version() == SSS_ABI_VERSION ? 0 : 1; }
EOF
# shellcheck disable=SC2046
if cc -std=c11 "$tmp/moved-prefix-app.c" $(PKG_CONFIG_PATH="$moved/lib/pkgconfig" pkg-config --cflags --libs shisanshui) \
  -Wl,-rpath,"$moved/lib" -o "$tmp/moved-prefix-app" && "$tmp/moved-prefix-app" >/dev/null; then pass
else fail "a program built from a moved prefix"; fi
static_libs="$(pkg-config --static --libs shisanshui)"
for l in -lpthread -lm -ldl -lc; do
  expect "pkg-config --static --libs has $l ($static_libs)" grep -qw -- "$l" <<<"$static_libs"
done
# No `grep -q` after a pipe: it exits at the first match and pipefail would see the SIGPIPE.
if pkg-config --help 2>&1 | grep -- --validate >/dev/null; then
  expect "pkg-config --validate" pkg-config --validate shisanshui
fi

# The CMake version file: the same 0.minor series as the soname, nothing newer than installed.
cmake_version_check() { # cmake_version_check REQUEST [SIZEOF_VOID_P] -> COMPATIBLE,EXACT,UNSUITABLE
  local req=$1 ptr=${2:-}
  cat >"$tmp/version-check.cmake" <<EOF
set(PACKAGE_FIND_VERSION "$req")
string(REGEX MATCHALL "[0-9]+" _parts "$req")
list(APPEND _parts 0 0 0)
list(GET _parts 0 PACKAGE_FIND_VERSION_MAJOR)
list(GET _parts 1 PACKAGE_FIND_VERSION_MINOR)
list(GET _parts 2 PACKAGE_FIND_VERSION_PATCH)
set(CMAKE_SIZEOF_VOID_P "$ptr")
include("$lib/cmake/shisanshui/shisanshuiConfigVersion.cmake")
message("\${PACKAGE_VERSION_COMPATIBLE},\${PACKAGE_VERSION_EXACT},\${PACKAGE_VERSION_UNSUITABLE}")
EOF
  cmake -P "$tmp/version-check.cmake" 2>&1
}
if [ "$sover" = "0.2" ] && [ "$version" = "0.2.0" ]; then
  expect_eq "find_package(shisanshui 0.2)" "$(cmake_version_check 0.2)" "TRUE,,"
  expect_eq "find_package(shisanshui 0.2.0)" "$(cmake_version_check 0.2.0)" "TRUE,TRUE,"
  expect_eq "find_package(shisanshui 0.2.1)" "$(cmake_version_check 0.2.1)" "FALSE,,"
  expect_eq "find_package(shisanshui 0.1)" "$(cmake_version_check 0.1)" "FALSE,,"
  expect_eq "find_package(shisanshui 0.1.9)" "$(cmake_version_check 0.1.9)" "FALSE,,"
  expect_eq "find_package(shisanshui 0.3)" "$(cmake_version_check 0.3)" "FALSE,,"
  expect_eq "find_package(shisanshui 1.0)" "$(cmake_version_check 1.0)" "FALSE,,"
  expect_eq "a 32-bit project" "$(cmake_version_check 0.2 4)" "TRUE,,TRUE"
  expect_eq "a 64-bit project" "$(cmake_version_check 0.2 8)" "TRUE,,"
else
  echo "(version $version: the 0.2.0 find_package checks do not apply; update them)" >&2
  fail "CMake version checks are written for 0.2.0"
fi

echo "==> install-c.sh --destdir --libdir (staged, relocated)"
expect "a bad argument is refused" bash -c "! bash scripts/install-c.sh --bogus >/dev/null 2>&1"
expect "a prefix with a blank is refused" bash -c "! bash scripts/install-c.sh --prefix '$tmp/a b' >/dev/null 2>&1"
stage="$tmp/stage"
logged "$tmp/install-staged.log" bash scripts/install-c.sh --prefix /opt/shisanshui --destdir "$stage" \
  --libdir lib/x86_64-linux-gnu
staged_lib="$stage/opt/shisanshui/lib/x86_64-linux-gnu"
expect "staged .so" test -f "$staged_lib/libshisanshui.so.$version"
expect "staged header" test -f "$stage/opt/shisanshui/include/shisanshui.h"
# The .pc names its prefix from its own place, three folders up from lib/x86_64-linux-gnu/pkgconfig.
expect_eq "staged .pc prefix" "$(sed -n 's/^prefix=//p' "$staged_lib/pkgconfig/shisanshui.pc")" '${pcfiledir}/../../..'
expect_eq "staged .pc prefix, resolved" "$(PKG_CONFIG_PATH="$staged_lib/pkgconfig" pc_path --variable=prefix)" \
  "$(realpath -m "$stage/opt/shisanshui")"
expect_eq "staged .pc libdir" "$(sed -n 's/^libdir=//p' "$staged_lib/pkgconfig/shisanshui.pc")" \
  '${exec_prefix}/lib/x86_64-linux-gnu'
expect "staged CMake package" test -f "$staged_lib/cmake/shisanshui/shisanshuiConfig.cmake"

echo "==> examples/c (Makefile, pkg-config)"
make_c() { # make_c OUTDIR VAR=...
  local out=$1
  shift
  logged "$out.log" make -C examples/c --no-print-directory PKG_CONFIG_PATH="$PKG_CONFIG_PATH" O="$out" "$@"
}
make_c "$tmp/c-dynamic"
make_c "$tmp/c-static" STATIC=1
make_c "$tmp/c-norpath" RPATH=

# ldd_check BINARY static|dynamic
ldd_check() {
  local out
  out="$(ldd "$1")"
  if [ "$2" = static ]; then
    if grep -q libshisanshui <<<"$out"; then fail "$1 needs libshisanshui: $out"; else pass; fi
  else
    if grep -q "$soname => $lib/$soname " <<<"$out"; then pass; else fail "$1 does not load $lib/$soname: $out"; fi
  fi
}
ldd_check "$tmp/c-static/round" static
ldd_check "$tmp/c-dynamic/round" dynamic
expect "c-dynamic records the soname" bash -c "readelf -d '$tmp/c-dynamic/round' | grep -q 'NEEDED.*\[$soname\]'"
expect "c-dynamic has the install's rpath" bash -c "readelf -d '$tmp/c-dynamic/round' | grep -Eq '(RUNPATH|RPATH).*\[$lib\]'"
expect "c-norpath has no rpath" bash -c "! readelf -d '$tmp/c-norpath/round' | grep -Eq 'RUNPATH|RPATH'"
expect "c-norpath does not find the library alone" bash -c "ldd '$tmp/c-norpath/round' | grep -q '$soname => not found'"
expect "c-norpath fails to start without LD_LIBRARY_PATH" bash -c "! '$tmp/c-norpath/round' >/dev/null 2>&1"

echo "==> examples/cpp (CMake, shisanshui.hpp)"
cmake_cpp() { # cmake_cpp BUILD_DIR PREFIX_PATH [-D...]
  local build=$1 pp=$2
  shift 2
  logged "$build.configure.log" cmake -S examples/cpp -B "$build" -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_PREFIX_PATH="$pp" "$@" &&
    logged "$build.build.log" cmake --build "$build"
}
cmake_cpp "$tmp/cpp-dynamic" "$prefix"
cmake_cpp "$tmp/cpp-static" "$prefix" -DSHISANSHUI_STATIC=ON
ldd_check "$tmp/cpp-static/round" static
ldd_check "$tmp/cpp-dynamic/round" dynamic
expect "the CMake build compiles with -Werror -pedantic" grep -q -- '-Werror -pedantic' "$tmp/cpp-dynamic/CMakeFiles/round.dir/flags.make"
# Relocatable: a copy of the prefix elsewhere, and the staged install (installed for /opt, found
# where it was staged).
cp -a "$prefix" "$tmp/moved"
cmake_cpp "$tmp/cpp-moved" "$tmp/moved"
expect "a moved prefix links its own copy" bash -c "ldd '$tmp/cpp-moved/round' | grep -q '$soname => $tmp/moved/lib/$soname '"
cmake_cpp "$tmp/cpp-staged" "$stage/opt/shisanshui"
expect "the staged libdir (lib/x86_64-linux-gnu) is found" \
  bash -c "ldd '$tmp/cpp-staged/round' | grep -q '$soname => $staged_lib/$soname '"

echo "==> example output (vectors, Rust demo, known hands)"
logged "$tmp/demo-build.log" cargo build --release -q -p shisanshui --example demo
target_dir="${CARGO_TARGET_DIR:-$root/target}"
case "$target_dir" in /*) ;; *) target_dir="$root/$target_dir" ;; esac
demo="$target_dir/release/examples/demo"
# The default table (deal.json has seed 42), then one table per preset that arrange.json lists.
tables=("kx 42 4")
while read -r t; do tables+=("$t"); done < <(python3 - "$root/tests/vectors/arrange.json" <<'EOF'
import json, sys
seen = {}
for h in json.load(open(sys.argv[1], encoding="utf-8"))["hands"]:
    seen.setdefault(h["preset"], f'{h["preset"]} {h["seed"]} {h["players"]}')
print("\n".join(seen.values()))
EOF
)
expect "tables to check (${#tables[@]})" test "${#tables[@]}" -ge 6
# The demo counts seats from 0 as every surface does, checks its arguments before dealing, and
# ends quietly (exit 0, no panic) when its reader closes the pipe (a pipe with no reader at all).
"$demo" --preset kx --seed 42 >"$tmp/demo-seats.out"
expect "the demo's first seat is seat 0" grep -q '^Seat 0 dealt' "$tmp/demo-seats.out"
"$demo" --table banker >"$tmp/demo-banker.out"
expect "the demo's banker mode names seat 0" grep -q 'seat 0 is the banker' "$tmp/demo-banker.out"
set +e
"$demo" --table banker --banker 5 >"$tmp/demo-banker5.out" 2>"$tmp/demo-banker5.err"
rc=$?
set -e
expect_eq "demo --banker 5 at 4 seats exits 2" "$rc" 2
expect "demo --banker 5 prints nothing to standard output (checked before dealing)" test ! -s "$tmp/demo-banker5.out"
expect "demo --banker 5 names the seats" grep -q 'seats are numbered 0 to 3' "$tmp/demo-banker5.err"
if python3 - "$demo" >"$tmp/demo-pipe.log" 2>&1 <<'EOF'
import os, subprocess, sys
r, w = os.pipe()
os.close(r)  # no reader: the first write fails with EPIPE
p = subprocess.run([sys.argv[1], "--preset", "kx", "--seed", "42"], stdout=w, stderr=subprocess.PIPE)
os.close(w)
err = p.stderr.decode()
print(p.returncode, err)
sys.exit(0 if p.returncode == 0 and "panicked" not in err else 1)
EOF
then pass; else fail "the demo on a closed pipe: $(cat "$tmp/demo-pipe.log")"; fi
for t in "${tables[@]}"; do
  read -r preset seed players <<<"$t"
  name="$preset-$seed-$players"
  "$demo" --preset "$preset" --seed "$seed" --players "$players" >"$tmp/demo-$name.out"
  fixed=()
  [ "$t" = "kx 42 4" ] && fixed=(--fixed "$version")
  for b in c-dynamic c-static cpp-dynamic cpp-static; do
    if "$tmp/$b/round" "$preset" "$seed" "$players" >"$tmp/$b-$name.out" 2>"$tmp/$b-$name.err"; then
      pass
    else
      fail "$b/round $t exited non-zero: $(cat "$tmp/$b-$name.err")"
    fi
  done
  python3 tests/c/check_round.py "$tmp/c-dynamic-$name.out" "$tmp/demo-$name.out" --preset "$preset" --seed "$seed" \
    --players "$players" --vectors tests/vectors "${fixed[@]}" >"$tmp/check-$name.log" 2>&1 || true
  cat "$tmp/check-$name.log" | grep -v '^checks:' >&2 || true
  count_from "$tmp/check-$name.log" checks
  # The other builds print the same, byte for byte.
  for b in c-static cpp-dynamic cpp-static; do
    expect "$b $t prints what c-dynamic prints" cmp -s "$tmp/c-dynamic-$name.out" "$tmp/$b-$name.out"
  done
done
expect "c-norpath with LD_LIBRARY_PATH prints the same" \
  bash -c "LD_LIBRARY_PATH='$lib' '$tmp/c-norpath/round' | cmp -s - '$tmp/c-dynamic-kx-42-4.out'"
# A bad argument is a status and a message, and exit 1.
expect "c: an unknown preset fails with its status" bash -c \
  "'$tmp/c-dynamic/round' nope >/dev/null 2>'$tmp/bad.err'; rc=\$?; grep -q unknown_preset '$tmp/bad.err' && test \$rc -eq 1"
expect "cpp: five players fail with their status" bash -c \
  "'$tmp/cpp-dynamic/round' kx 1 5 >/dev/null 2>'$tmp/bad.err'; rc=\$?; grep -q 'sss_arranger_new: .*(status 10)' '$tmp/bad.err' && test \$rc -eq 1"

echo "==> tests/c/test_hpp.cpp (-Wall -Wextra -Werror -pedantic)"
hpp_flags=(-std=c++17 -Wall -Wextra -Werror -pedantic -O1 -g)
read -r -a sss_cflags <<<"$(pkg-config --cflags shisanshui)"
read -r -a sss_libs <<<"$(pkg-config --libs shisanshui)"
read -r -a sss_private <<<"$(pkg-config --static --libs-only-l shisanshui | sed 's/-lshisanshui//')"
if logged "$tmp/hpp-build.log" g++ "${hpp_flags[@]}" "${sss_cflags[@]}" tests/c/test_hpp.cpp -o "$tmp/hpp-dynamic" \
  "${sss_libs[@]}" -Wl,-rpath,"$lib" &&
  logged "$tmp/hpp-build-static.log" g++ "${hpp_flags[@]}" "${sss_cflags[@]}" tests/c/test_hpp.cpp -o "$tmp/hpp-static" \
    "$lib/libshisanshui.a" "${sss_private[@]}"; then
  pass
  ldd_check "$tmp/hpp-static" static
  ldd_check "$tmp/hpp-dynamic" dynamic
  for b in hpp-dynamic hpp-static; do
    "$tmp/$b" "$b" >"$tmp/$b.log" 2>&1 || true
    cat "$tmp/$b.log"
    count_from "$tmp/$b.log" "$b"
  done
  # Every handle freed exactly once, nothing read out of bounds.
  expect "test_hpp is clean under valgrind" logged "$tmp/hpp-valgrind.log" \
    valgrind -q --leak-check=full --errors-for-leak-kinds=definite,indirect --error-exitcode=99 "$tmp/hpp-dynamic"
else
  fail "test_hpp.cpp does not build"
fi

echo "==> README.md: ### C and ### C++, verbatim"
python3 - "$root/README.md" "$tmp/readme" <<'EOF'
import os, re, sys
text = open(sys.argv[1], encoding="utf-8").read()
out = sys.argv[2]
os.makedirs(out, exist_ok=True)

def section(title):
    m = re.search(rf"^### {re.escape(title)}\n(.*?)(?=^##)", text, re.S | re.M)
    if not m:
        sys.exit(f"README.md has no '### {title}' section")
    return m.group(1)

def blocks(body, lang):
    return re.findall(rf"^```{lang}\n(.*?)^```$", body, re.S | re.M)

def write(name, content):
    with open(os.path.join(out, name), "w", encoding="utf-8") as f:
        f.write(content)

c = section("C")
cpp = section("C++")
for body, lang, name in ((c, "c", "quickstart.c"), (c, "sh", "commands.sh"), (c, "text", "quickstart.expected"),
                         (cpp, "cpp", "app.cpp"), (cpp, "text", "app.expected"), (cpp, "cmake", "cmake.snippet")):
    found = blocks(body, lang)
    if len(found) != 1:
        sys.exit(f"README.md's section has {len(found)} ```{lang} blocks, want 1")
    write(name, found[0])
EOF
readme="$tmp/readme"
# The commands run in a stand-in for the repository root: scripts/ is the real one (install-c.sh
# finds the repository through the link), everything they write stays in the temp dir.
ln -s "$root/scripts" "$readme/scripts"
expect "the README's commands name quickstart.c" grep -q 'quickstart\.c' "$readme/commands.sh"
if (cd "$readme" && env -u PKG_CONFIG_PATH bash -euo pipefail commands.sh >stdout.log 2>stderr.log); then
  pass
  n=$(wc -l <"$readme/quickstart.expected")
  expect "the README C program prints what the README shows" \
    cmp -s <(tail -n "$n" "$readme/stdout.log") "$readme/quickstart.expected"
  # Known hands: a royal flush is a straight flush; the lanes rise front to back.
  expect "quickstart: As Ks Qs Js Ts is a straight flush" grep -qx 'As Ks Qs Js Ts: straight flush' "$readme/stdout.log"
  expect "quickstart: the arrangement is legal" grep -qx 'Kd Kc 9h Ks Kh 9s 5s 3h As Ad Ah 2c 2d: legal' "$readme/stdout.log"
  expect "the README install went into its own dist/prefix" test -f "$readme/dist/prefix/lib/$soname"
else
  fail "README.md's C commands failed"
  tail -n 30 "$readme/stderr.log" >&2
fi
expect "the README C program compiles with -Wall -Wextra -Werror -pedantic" \
  logged "$tmp/readme-strict.log" cc -std=c11 -Wall -Wextra -Werror -pedantic -c "$readme/quickstart.c" \
  "${sss_cflags[@]}" -o "$tmp/readme-strict.o"

# The C++ program, built by a CMake project made of the README's own CMake lines.
mkdir -p "$readme/cpp"
cp "$readme/app.cpp" "$readme/cpp/app.cpp"
{
  echo 'cmake_minimum_required(VERSION 3.14)'
  echo 'project(readme_app LANGUAGES CXX)'
  echo 'set(CMAKE_CXX_STANDARD 17)'
  echo 'add_executable(app app.cpp)'
  echo 'target_compile_options(app PRIVATE -Wall -Wextra -Werror -pedantic)'
  cat "$readme/cmake.snippet"
} >"$readme/cpp/CMakeLists.txt"
if logged "$tmp/readme-cpp.log" cmake -S "$readme/cpp" -B "$readme/cpp/build" -DCMAKE_PREFIX_PATH="$prefix" &&
  logged "$tmp/readme-cpp-build.log" cmake --build "$readme/cpp/build"; then
  pass
  expect "the README C++ program prints what the README shows" \
    cmp -s <("$readme/cpp/build/app") "$readme/app.expected"
else
  fail "README.md's C++ program does not build with its CMake lines"
fi
# Its totals are the Rust demo's for the same table (kx, seed 34, where seat 1 declares six pairs).
"$demo" --preset kx --seed 34 --players 4 >"$tmp/demo-kx-34-4.out"
expect "the demo declares seat 1's six pairs at kx seed 34" grep -q 'seat 1 declared six pairs' "$tmp/demo-kx-34-4.out"
demo_totals="$(sed -n 's/^  seat [0-9]*: *\([+-]*[0-9/]*\) water.*/\1/p' "$tmp/demo-kx-34-4.out" | sed 's/^\([0-9]\)/+\1/; s/^+0$/+0/')"
expect_eq "the README C++ totals are the demo's" "$(grep '^[+-]' "$readme/app.expected")" "$demo_totals"
expect "the README C++ program says seat 1 declares" grep -q '^seat 1 declares: six pairs$' "$readme/app.expected"

echo "consumers: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
