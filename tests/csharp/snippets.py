#!/usr/bin/env python3
"""The C# snippets of the docs as programs, run by tests/csharp/run.sh.

  snippets.py extract <markdown file> <heading> <out.cs> <expected.txt>
      Writes the first ```csharp block after <heading> as a program: as printed when it has a
      Main, else its statements wrapped in a Main (its using lines kept at the top). Each line
      that prints (Console.WriteLine or Debug.Log) and ends in a "// text" comment adds "text" to
      the expected output, in order.
  snippets.py compare <expected.txt> <actual output>
      The printed lines must be the expected ones (exit 1 otherwise).
  snippets.py shell <markdown file> <heading> <out.sh>
      Writes the first ```sh block after <heading> (a whole line) as a script.
"""
import re
import sys


def block(markdown, heading, fence="```csharp"):
    lines = open(markdown, encoding="utf-8").read().split("\n")
    try:
        start = lines.index(heading)
    except ValueError:
        sys.exit("%s: no heading %r" % (markdown, heading))
    # A heading ends at the next heading of its level or above; a paragraph line at any heading.
    level = len(heading) - len(heading.lstrip("#")) or 6
    code = None
    for line in lines[start + 1:]:
        if code is None:
            if re.match(r"^#{1,%d} " % level, line):
                break
            if line.strip() == fence:
                code = []
        elif line.strip() == "```":
            return code
        else:
            code.append(line)
    sys.exit("%s: no %s block under %r" % (markdown, fence, heading))


def main():
    if sys.argv[1] == "extract":
        markdown, heading, out, expected = sys.argv[2:6]
        code = block(markdown, heading)
        text = "\n".join(code) + "\n"
        if not re.search(r"\bstatic\s+(void|int)\s+Main\s*\(", text):
            usings = [l for l in code if l.startswith("using ") and l.rstrip().endswith(";") and "(" not in l]
            body = [l for l in code if l not in usings]
            text = "\n".join(usings + ["", "internal static class DocSnippet", "{",
                                        "    private static void Main()", "    {"] +
                             ["        " + l if l else "" for l in body] + ["    }", "}"]) + "\n"
        want = []
        for l in code:
            m = re.search(r"(Console\.WriteLine|Debug\.Log)\(.*\);\s*//\s*(.+?)\s*$", l)
            if m:
                want.append(m.group(2))
        if not want:
            sys.exit("%s: the snippet under %r prints nothing to check" % (markdown, heading))
        open(out, "w", encoding="utf-8").write(text)
        open(expected, "w", encoding="utf-8").write("\n".join(want) + "\n")
        print("%s %s: %d lines of code, %d printed lines to check" % (markdown, heading, len(code), len(want)))
    elif sys.argv[1] == "compare":
        want = open(sys.argv[2], encoding="utf-8").read().splitlines()
        got = open(sys.argv[3], encoding="utf-8").read().splitlines()
        if want != got:
            print("FAIL: the snippet printed %r, its comments say %r" % (got, want), file=sys.stderr)
            return 1
        print("snippet output as its comments say: %d lines" % len(want))
    elif sys.argv[1] == "shell":
        markdown, heading, out = sys.argv[2:5]
        open(out, "w", encoding="utf-8").write("set -euo pipefail\n" + "\n".join(block(markdown, heading, "```sh")) + "\n")
    else:
        sys.exit(__doc__)
    return 0


if __name__ == "__main__":
    sys.exit(main())
