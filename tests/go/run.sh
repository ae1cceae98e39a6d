#!/usr/bin/env bash
# The Go module (go/) as a Go game server uses it: install Go from Debian when it is missing,
# install the C library into tests/go/build/prefix (scripts/install-c.sh), then with
# PKG_CONFIG_PATH pointing there
#   - gofmt and go vet must be clean;
#   - go test reads every shared vector file, linked statically (the default: shisanshui-static.pc)
#     and again dynamically (-tags shisanshui_dynamic: shisanshui.pc, libshisanshui.so);
#   - the benchmarks run once each (-benchtime=1x) so they cannot rot; scripts/bench-go.sh measures;
#   - the README's Go example runs as printed, in a module of its own that points at go/ with a
#     replace directive, and prints the README's output.
# Ends with "Go: N passed, 0 failed". Exits non-zero on any failure.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$root"

if ! command -v go >/dev/null 2>&1 || ! command -v pkg-config >/dev/null 2>&1; then
  sudo=""
  if [ "$(id -u)" -ne 0 ] && command -v sudo >/dev/null 2>&1; then sudo="sudo"; fi
  $sudo apt-get update
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y --no-install-recommends golang-go pkg-config
fi
command -v pkg-config >/dev/null 2>&1 || { echo "pkg-config is missing" >&2; exit 1; }
go version

out="$root/tests/go/build"
mkdir -p "$out"
bash scripts/install-c.sh --prefix "$out/prefix"
export PKG_CONFIG_PATH="$out/prefix/lib/pkgconfig"
# The module has no dependencies: nothing is downloaded.
export GOFLAGS=-mod=mod GOPROXY=off GOTOOLCHAIN=local
export CGO_ENABLED=1

passed=0
cd "$root/go"
echo "==> gofmt"
# The cpoker harness (scripts/cpoker, built by scripts/vs-cpoker.sh against sources fetched from
# GitHub) is held to the same format here, where Go is installed.
unformatted="$(gofmt -l . "$root/scripts/cpoker")"
[ -z "$unformatted" ] || { echo "gofmt would change: $unformatted" >&2; gofmt -d . "$root/scripts/cpoker" >&2; exit 1; }
passed=$((passed + 1))
echo "==> go vet"
go vet ./...
passed=$((passed + 1))

count_passes() { # the number of passing tests in a go test -v log
  grep -c -- '^\s*--- PASS' "$1" || true
}
echo "==> go test (static library)"
go test -count=1 -v ./... >"$out/test-static.log" 2>&1 || { tail -n 80 "$out/test-static.log" >&2; exit 1; }
n="$(count_passes "$out/test-static.log")"
echo "$n tests passed"
[ "$n" -gt 0 ] || { echo "no test ran" >&2; exit 1; }
passed=$((passed + n))

echo "==> go test -tags shisanshui_dynamic (shared library)"
LD_LIBRARY_PATH="$out/prefix/lib" go test -count=1 -v -tags shisanshui_dynamic ./... >"$out/test-dynamic.log" 2>&1 \
  || { tail -n 80 "$out/test-dynamic.log" >&2; exit 1; }
n="$(count_passes "$out/test-dynamic.log")"
echo "$n tests passed"
passed=$((passed + n))
# A dynamically linked test binary really loads the shared library.
go test -c -tags shisanshui_dynamic -o "$out/dynamic.test" . >/dev/null
readelf -d "$out/dynamic.test" | grep -q 'NEEDED.*libshisanshui\.so' \
  || { echo "the shisanshui_dynamic build does not load libshisanshui.so" >&2; exit 1; }
go test -c -o "$out/static.test" . >/dev/null
if readelf -d "$out/static.test" | grep -q 'NEEDED.*libshisanshui'; then
  echo "the default build loads libshisanshui.so instead of carrying the engine" >&2; exit 1
fi
passed=$((passed + 2))

echo "==> go test -bench (each benchmark once)"
go test -count=1 -run '^$' -bench . -benchtime=1x ./... >"$out/bench.log" 2>&1 || { cat "$out/bench.log" >&2; exit 1; }
n="$(grep -c '^Benchmark' "$out/bench.log" || true)"
echo "$n benchmarks ran"
passed=$((passed + 1))

cd "$root"
if [ -f tests/go/readme_example.sh ]; then
  echo "==> README's Go example"
  bash tests/go/readme_example.sh "$out"
  passed=$((passed + 1))
fi

echo "Go: $passed passed, 0 failed"
