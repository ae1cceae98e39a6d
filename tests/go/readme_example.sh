#!/usr/bin/env bash
# README.md's Go program, run as printed: the first ```go block under "### Go" becomes main.go of a
# module of its own that requires the binding and points at go/ with a replace directive (as a user's
# server does from a checkout). Each line that prints (fmt.Println / fmt.Printf) and ends in a
# "// text" comment adds "text" to the expected output; the output must be exactly those lines.
# Usage: bash tests/go/readme_example.sh BUILD_DIR   (PKG_CONFIG_PATH must name the installed prefix)
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
out="${1:?usage: readme_example.sh BUILD_DIR}/readme"
rm -rf "$out"
mkdir -p "$out"

python3 - "$root/README.md" "$out" <<'PY'
import re, sys
readme, out = sys.argv[1], sys.argv[2]
lines = open(readme, encoding="utf-8").read().split("\n")
start = lines.index("### Go")
code = None
for line in lines[start + 1:]:
    if code is None:
        if re.match(r"^#{1,3} ", line):
            sys.exit("README.md: no ```go block under ### Go")
        if line.strip() == "```go":
            code = []
    elif line.strip() == "```":
        break
    else:
        code.append(line)
want = [m.group(1) for l in code for m in [re.search(r"fmt\.Print(?:ln|f)\(.*\)\s*//\s*(.+?)\s*$", l)] if m]
if not want:
    sys.exit("README.md: the Go program prints nothing to check")
open(out + "/main.go", "w", encoding="utf-8").write("\n".join(code) + "\n")
open(out + "/expected.txt", "w", encoding="utf-8").write("\n".join(want) + "\n")
print("README.md ### Go: %d lines of code, %d printed lines to check" % (len(code), len(want)))
PY

cat >"$out/go.mod" <<EOM
module example.com/round

go 1.19

require github.com/shisanshui/shisanshui/go v0.0.0

replace github.com/shisanshui/shisanshui/go => $root/go
EOM
(cd "$out" && gofmt -l . | { ! grep .; } && go vet . && go run . >actual.txt) \
  || { echo "README's Go program failed (or is not gofmt-clean)" >&2; exit 1; }
if ! diff -u "$out/expected.txt" "$out/actual.txt"; then
  echo "README's Go program printed something else than its comments say" >&2
  exit 1
fi
echo "README's Go program: $(wc -l <"$out/expected.txt") lines as printed"
