#!/usr/bin/env bash
# Our auto-arranger head to head against paulhankin/cpoker (Go, MIT), the strongest published
# Chinese Poker player, in its own game (preset chinese_poker, 2-4 scoring) and again under hk,
# on duplicate deals (scripts/cpoker/main.go says how a deal is played and scored).
#
#   scripts/vs-cpoker.sh --deals 200000 --seed 1 [--cpoker DIR] [--poker DIR]
#
# Options (the harness's own in brackets):
#   --deals N        deals to play, each twice with the seats swapped (default 2000)
#   --seed S         seed of the deals: deal i is `sss deal --players 2 --seed S --round i` (default 1)
#   --first K        start at deal K (a shard of a longer run; default 0)
#   --threads T      worker goroutines (default 2; the results do not depend on it)
#   --self           symmetry self-check instead: ours v ours and cpoker v cpoker, every deal 0
#   --crosscheck N   deals whose games are scored again by cpoker.CompareHands (default 2000)
#   --checkpoints N  running means printed during the run (default 5)
#   --tsv FILE       every deal's lanes and points, one line a deal
#   --cpoker DIR     cpoker: a git directory (bare or .git) or a checkout (default: the local
#                    mirror /work/.mirror/paulhankin+cpoker/repo when present)
#   --poker DIR      github.com/paulhankin/poker, the same way (default: its mirror)
#   --cpoker-ref R   the commit of cpoker to play (default HEAD)
#   --poker-ref R    the commit of poker (default: the version cpoker's go.mod requires, v2.0.6,
#                    when the repository has its tag; else HEAD)
#   --work DIR       scratch directory (default: <target>/vs-cpoker)
#
# What it does: extracts the two repositories at their commits into DIR/src (git archive; a plain
# directory without git is copied), builds libshisanshui.a (cargo build --release -p
# shisanshui-ffi), writes a pkg-config file for the library and a go.work that uses
# scripts/cpoker, go/ and the two sources, builds the harness and runs it under `nice -n 10`. Nothing of cpoker or
# poker is kept in this repository. No network: GOPROXY=off. poker is built with `-tags gendata`
# (its lookup tables computed at start-up, about 15 s on one core), so its large data files
# (poker.dat, tables_static.go; absent from some mirrors) are not needed and may be missing.
#
# The result is the engine of the working tree as built now (uncommitted changes included; the
# run prints the commit and whether the tree differs from it). Exits non-zero on any error (an
# arrangement not holding its 13 cards among them), on a disagreement of the evaluators or of the
# scoring and on a failed self-check; fouls (expected 0) are counted, settled and reported.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
die() { echo "vs-cpoker.sh: error: $*" >&2; exit 1; }
usage() { sed -n '2,/^[^#]/{/^#/p}' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; }

deals=2000 seed=1 first=0 threads=2 self=0 crosscheck=2000 checkpoints=5 tsv=""
cpoker_dir="" poker_dir="" cpoker_ref="HEAD" poker_ref="" work=""
need() { [ "$2" -ge 2 ] || die "$1 needs a value"; }
while [ $# -gt 0 ]; do
  case "$1" in
    --deals) need "$1" $#; deals=$2; shift 2 ;;
    --seed) need "$1" $#; seed=$2; shift 2 ;;
    --first) need "$1" $#; first=$2; shift 2 ;;
    --threads) need "$1" $#; threads=$2; shift 2 ;;
    --self) self=1; shift ;;
    --crosscheck) need "$1" $#; crosscheck=$2; shift 2 ;;
    --checkpoints) need "$1" $#; checkpoints=$2; shift 2 ;;
    --tsv) need "$1" $#; tsv=$2; shift 2 ;;
    --cpoker) need "$1" $#; cpoker_dir=$2; shift 2 ;;
    --poker) need "$1" $#; poker_dir=$2; shift 2 ;;
    --cpoker-ref) need "$1" $#; cpoker_ref=$2; shift 2 ;;
    --poker-ref) need "$1" $#; poker_ref=$2; shift 2 ;;
    --work) need "$1" $#; work=$2; shift 2 ;;
    -h | --help) usage; exit 0 ;;
    *) usage >&2; die "unknown argument: $1" ;;
  esac
done
for v in deals first threads crosscheck checkpoints; do
  [[ "${!v}" =~ ^[0-9]+$ ]] || die "--$v takes a whole number, not '${!v}'"
done
[[ "$seed" =~ ^[0-9]+$|^0[xX][0-9a-fA-F]+$ ]] || die "--seed takes a whole number (decimal or 0x hexadecimal), not '$seed'"
[ "$(uname -s)" = Linux ] || die "Linux only (the pkg-config file written here names Linux's system libraries)"
for tool in cargo go git tar pkg-config sha256sum; do
  command -v "$tool" >/dev/null || die "$tool is missing"
done

target="${CARGO_TARGET_DIR:-$root/target}"
case "$target" in /*) ;; *) target="$root/$target" ;; esac
work="${work:-$target/vs-cpoker}"
case "$work" in /*) ;; *) work="$PWD/$work" ;; esac
case "$tsv" in "" | /*) ;; *) tsv="$PWD/$tsv" ;; esac
case "$(realpath -m "$work")/" in
  "$(realpath -m "$root")/target/"* | "$(realpath -m "$target")/"*) ;;
  "$(realpath -m "$root")/"*) die "--work $work is inside the repository: use a directory under target/ or outside it" ;;
esac

clone_hint="clone https://github.com/paulhankin/cpoker and https://github.com/paulhankin/poker and pass --cpoker DIR --poker DIR"
if [ -z "$cpoker_dir" ]; then
  cpoker_dir=/work/.mirror/paulhankin+cpoker/repo
  [ -e "$cpoker_dir" ] || die "no cpoker: $clone_hint"
fi
if [ -z "$poker_dir" ]; then
  poker_dir=/work/.mirror/paulhankin+poker/repo
  [ -e "$poker_dir" ] || die "no poker: $clone_hint"
fi

# The git directory of DIR (bare, a .git directory, or a checkout), or nothing for a plain directory.
git_dir_of() {
  local d=$1
  [ -d "$d" ] || die "$d is not a directory ($clone_hint)"
  if [ -e "$d/.git" ]; then
    git -C "$d" rev-parse --absolute-git-dir 2>/dev/null || die "$d/.git is not a git directory"
  elif [ -f "$d/HEAD" ] && [ -d "$d/objects" ]; then
    (cd "$d" && git --git-dir=. rev-parse --absolute-git-dir 2>/dev/null) || die "$d is not a git directory"
  fi
}

# extract NAME GITDIR-or-empty DIR REF DEST OPTIONAL: the tree of REF into DEST. Files whose blob
# a partial mirror lacks may be missing only when their path matches OPTIONAL (data files the
# gendata build does not read).
extract() {
  local name=$1 gd=$2 dir=$3 ref=$4 dest=$5 optional=$6
  rm -rf "$dest"
  mkdir -p "$dest"
  if [ -z "$gd" ]; then
    (cd "$dir" && tar --exclude=.git -cf - .) | tar -xf - -C "$dest"
    return
  fi
  if git --git-dir="$gd" archive "$ref" 2>/dev/null | tar -xf - -C "$dest" 2>/dev/null; then
    return
  fi
  # git archive stops at the first blob the repository lacks: file by file instead.
  rm -rf "$dest"
  mkdir -p "$dest"
  local mode type blob path skipped=()
  while IFS=$'\t' read -r meta path; do
    read -r mode type blob <<<"$meta"
    [ "$type" = blob ] || continue
    if ! git --git-dir="$gd" cat-file -e "$blob" 2>/dev/null; then
      [[ "$path" =~ $optional ]] || die "$name at $ref: $path is missing from $gd (its blob $blob is absent; $clone_hint)"
      skipped+=("$path")
      continue
    fi
    mkdir -p "$dest/$(dirname "$path")"
    git --git-dir="$gd" cat-file blob "$blob" >"$dest/$path"
    [ "$mode" != 100755 ] || chmod +x "$dest/$path"
  done < <(git --git-dir="$gd" ls-tree -r --full-tree "$ref")
  echo "   $name: not in this repository, not needed (-tags gendata): ${skipped[*]}"
}

describe() { # GITDIR REF: the commit, its tags and date
  local gd=$1 ref=$2 c tags
  c=$(git --git-dir="$gd" rev-parse "$ref^{commit}")
  tags=$(git --git-dir="$gd" tag --points-at "$c" | paste -sd, -)
  echo "$c${tags:+ ($tags)} of $(git --git-dir="$gd" log -1 --format=%cs "$c")"
}

echo "==> extracting cpoker and poker into $work/src"
cpoker_gd="$(git_dir_of "$cpoker_dir")"
poker_gd="$(git_dir_of "$poker_dir")"
if [ -n "$cpoker_gd" ]; then
  git --git-dir="$cpoker_gd" rev-parse -q --verify "$cpoker_ref^{commit}" >/dev/null ||
    die "cpoker has no commit $cpoker_ref in $cpoker_gd"
fi
src="$work/src"
extract cpoker "$cpoker_gd" "$cpoker_dir" "$cpoker_ref" "$src/cpoker" '^poker\.dat$'
[ -f "$src/cpoker/go.mod" ] && grep -q '^module github.com/paulhankin/cpoker$' "$src/cpoker/go.mod" ||
  die "$cpoker_dir is not github.com/paulhankin/cpoker (no such module in its go.mod)"
[ -f "$src/cpoker/coefficients.data" ] || die "cpoker has no coefficients.data"
wanted="$(sed -n 's#^[[:space:]]*\(require[[:space:]]\{1,\}\)\{0,1\}github.com/paulhankin/poker/v2[[:space:]]\{1,\}\(v[^[:space:]]*\).*#\2#p' \
  "$src/cpoker/go.mod" | head -n 1)"
poker_note=""
if [ -n "$poker_gd" ]; then
  if [ -z "$poker_ref" ]; then
    if [ -n "$wanted" ] && git --git-dir="$poker_gd" rev-parse -q --verify "$wanted^{commit}" >/dev/null; then
      poker_ref=$wanted poker_note="the version cpoker's go.mod requires"
    else
      poker_ref=HEAD poker_note="cpoker's go.mod requires ${wanted:-no version}, which this repository has no tag of"
    fi
  fi
  git --git-dir="$poker_gd" rev-parse -q --verify "$poker_ref^{commit}" >/dev/null ||
    die "poker has no commit $poker_ref in $poker_gd"
fi
extract poker "$poker_gd" "$poker_dir" "$poker_ref" "$src/poker" '^poker/(poker\.dat|tables_static\.go)$'
[ -f "$src/poker/go.mod" ] && grep -q '^module github.com/paulhankin/poker/v2$' "$src/poker/go.mod" ||
  die "$poker_dir is not github.com/paulhankin/poker/v2 (no such module in its go.mod)"

echo "==> cargo build --release -p shisanshui-ffi"
(cd "$root" && nice -n 10 cargo build --release -p shisanshui-ffi)
lib="$target/release/libshisanshui.a"
[ -f "$lib" ] || die "cargo did not produce $lib"

# pkg-config for cgo (go/link_static.go reads shisanshui-static): the library as cargo built it.
# The Cflags carry the library's hash, so a rebuilt library relinks the harness (Go's cache does
# not look inside a static library named in the flags).
stamp="$(sha256sum "$lib" | cut -c1-16)"
mkdir -p "$work/pkgconfig"
cat >"$work/pkgconfig/shisanshui-static.pc" <<EOF
includedir=$root/include
Name: shisanshui-static
Description: libshisanshui.a of $root, for scripts/vs-cpoker.sh
Version: 0
Libs: $lib -lgcc_s -lutil -lrt -lpthread -lm -ldl -lc
Cflags: -I\${includedir} -DSSS_VS_CPOKER_LIB=0x$stamp
EOF
cat >"$work/go.work" <<EOF
go 1.19

use (
	$root/scripts/cpoker
	$root/go
	$src/cpoker
	$src/poker
)
EOF

echo "==> go build (workspace $work/go.work, -tags gendata)"
export GOWORK="$work/go.work" PKG_CONFIG_PATH="$work/pkgconfig" GOFLAGS="" GOPROXY=off GOSUMDB=off \
  GOTOOLCHAIN=local CGO_ENABLED=1
(cd "$root/scripts/cpoker" && nice -n 10 go build -tags gendata -o "$work/vs-cpoker" .)

echo
echo "cpoker: $([ -n "$cpoker_gd" ] && describe "$cpoker_gd" "$cpoker_ref" || echo "a plain directory, no commit") from $cpoker_dir"
echo "poker:  $([ -n "$poker_gd" ] && describe "$poker_gd" "$poker_ref" || echo "a plain directory, no commit") from $poker_dir${poker_note:+ ($poker_note)}"
ours="$(git -C "$root" rev-parse HEAD 2>/dev/null || echo unknown)"
changed="$(git -C "$root" status --porcelain -- core ffi include Cargo.toml Cargo.lock 2>/dev/null | wc -l)"
echo "ours:   $ours$([ "$changed" -eq 0 ] || echo " with $changed uncommitted file(s) in core/, ffi/, include/ or Cargo.*"), libshisanshui.a sha256 $stamp…"
echo

args=(-deals "$deals" -seed "$seed" -first "$first" -threads "$threads" -crosscheck "$crosscheck"
  -checkpoints "$checkpoints" -coefficients "$src/cpoker/coefficients.data")
[ "$self" -eq 0 ] || args+=(-self)
[ -z "$tsv" ] || args+=(-tsv "$tsv")
start=$(date +%s)
nice -n 10 "$work/vs-cpoker" "${args[@]}"
echo "total $(($(date +%s) - start))s with start-up (poker's tables: about 15 s)"
