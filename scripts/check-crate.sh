#!/usr/bin/env bash
# Checks that the `shisanshui` crate (core/) is publishable as it stands:
#   - its docs build without a warning, with default features and with all features
#     (RUSTDOCFLAGS=-D warnings), and, when a nightly toolchain is installed, as docs.rs builds
#     them (--cfg docsrs, which labels the `serde` feature's items);
#   - `cargo package` succeeds without a warning (it also builds the packaged crate alone, which
#     catches a file the crate needs but does not ship);
#   - the package holds the README, both licence texts, RULES.md and the field models
#     (src/arrange/model_tables.bin, model_tables_big.bin, model_tables_jokers.bin), and the .crate is under crates.io's 10 MB limit;
#   - the crate's own tests pass from the .crate alone, as a user who downloads it runs them:
#     the .crate unpacked into a temporary folder outside the repository, then
#     `cargo test --release --all-features` there (plain `cargo test --release` runs a subset:
#     the rule-set JSON tests need `serde`). The comparisons with the repository's shared
#     vectors (tests/vectors/) skip there with a note, as that folder is not in the package.
#     It builds afresh in the temporary folder (about two minutes on one core): the tests compile
#     in the path of their crate (env!("CARGO_MANIFEST_DIR")), so a build folder shared between
#     runs would run binaries that read a deleted unpack folder.
#
# Usage: scripts/check-crate.sh [--out DIR]
#   --out DIR   also copy the .crate into DIR (replacing an older copy of the same name)
#
# Works on uncommitted changes too (cargo package --allow-dirty: this is a check, not a publish).
# Needs a Rust toolchain and crates.io (cargo package resolves the crate's dependencies afresh).
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
out=""
while [ $# -gt 0 ]; do
    case "$1" in
        --out) [ $# -ge 2 ] || { echo "check-crate.sh: --out needs a directory" >&2; exit 2; }
               out="$2"; shift 2 ;;
        --out=*) out="${1#--out=}"; shift ;;
        -h|--help) sed -n '2,15p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "check-crate.sh: unknown argument '$1' (usage: check-crate.sh [--out DIR])" >&2; exit 2 ;;
    esac
done
command -v cargo >/dev/null || { echo "check-crate.sh: cargo not found (install a Rust toolchain)" >&2; exit 1; }
cd "$root"
target="${CARGO_TARGET_DIR:-$root/target}"

log="$(mktemp)"
unpacked=""
trap 'rm -f "$log"; [ -z "$unpacked" ] || rm -rf "$unpacked"' EXIT

# Runs a cargo command; fails if it fails or prints a warning.
no_warnings() {
    echo "==> $*"
    if ! "$@" >"$log" 2>&1; then
        cat "$log" >&2
        echo "check-crate.sh: failed: $*" >&2
        exit 1
    fi
    if grep -qE '^(warning|error)(\[|:)' "$log"; then
        grep -E -A8 '^(warning|error)(\[|:)' "$log" >&2
        echo "check-crate.sh: warnings from: $*" >&2
        exit 1
    fi
}

RUSTDOCFLAGS="-D warnings" no_warnings cargo doc -p shisanshui --no-deps
RUSTDOCFLAGS="-D warnings" no_warnings cargo doc -p shisanshui --no-deps --all-features
if cargo +nightly --version >/dev/null 2>&1; then
    # Its own target folder: nightly artifacts would otherwise evict stable ones.
    RUSTDOCFLAGS="--cfg docsrs -D warnings" no_warnings \
        cargo +nightly doc -p shisanshui --no-deps --all-features --target-dir "$target/docsrs-check"
else
    echo "==> (no nightly toolchain: the docs.rs build with --cfg docsrs is not checked)"
fi

no_warnings cargo package -p shisanshui --allow-dirty
version="$(sed -n 's/^version = "\(.*\)"/\1/p' Cargo.toml | head -n 1)"
crate="$target/package/shisanshui-$version.crate"
[ -f "$crate" ] || { echo "check-crate.sh: $crate was not made" >&2; exit 1; }

list="$(cargo package -p shisanshui --allow-dirty --list 2>/dev/null)"
missing=0
for f in Cargo.toml README.md LICENSE-MIT LICENSE-APACHE RULES.md src/lib.rs src/arrange/model_tables.bin src/arrange/model_tables_big.bin src/arrange/model_tables_jokers.bin; do
    grep -qxF "$f" <<<"$list" || { echo "check-crate.sh: the package lacks $f" >&2; missing=1; }
done
# The licence texts and RULES.md are symlinks in core/: the .crate must hold their contents.
for f in LICENSE-MIT LICENSE-APACHE RULES.md; do
    packed="$(tar -xzOf "$crate" "shisanshui-$version/$f")"
    [ "$packed" = "$(cat "$f")" ] || { echo "check-crate.sh: $f in the .crate differs from the repository's" >&2; missing=1; }
done
[ "$missing" = 0 ] || exit 1

bytes="$(wc -c <"$crate")"
limit=$((10 * 1024 * 1024))
[ "$bytes" -lt "$limit" ] || { echo "check-crate.sh: $crate is $bytes bytes, over crates.io's $limit" >&2; exit 1; }
echo "==> ${crate#"$root"/}: $(wc -l <<<"$list") files, $((bytes / 1024)) KiB (crates.io limit: 10240 KiB)"

# The published crate's tests, from the .crate alone. Outside the repository, so that cargo
# finds no workspace above the crate; the lock file is the one the package ships.
unpacked="$(mktemp -d)"
tar -xzf "$crate" -C "$unpacked"
echo "==> cargo test --release --all-features --locked --no-fail-fast in the unpacked ${crate#"$root"/}"
start=$SECONDS
if ! (cd "$unpacked/shisanshui-$version" &&
      CARGO_TARGET_DIR="$unpacked/target" cargo test --release --all-features --locked --no-fail-fast >"$log" 2>&1); then
    cat "$log" >&2
    echo "check-crate.sh: the unpacked crate's tests failed" >&2
    exit 1
fi
passed="$(awk '/^test result: ok\./ { n += $4 } END { print n + 0 }' "$log")"
echo "==> the unpacked crate's tests: $passed passed in $((SECONDS - start)) s (build included)"

if [ -n "$out" ]; then
    mkdir -p "$out"
    cp "$crate" "$out/"
    echo "==> copied to $out/$(basename "$crate")"
fi
