#!/usr/bin/env python3
"""The artifact sizes that README.md and CHANGELOG.md print, kept equal to the built files.

    python3 scripts/sizes.py update DIST       rewrite every size from the artifacts in DIST
                                               (what scripts/package.sh builds; it runs this)
    python3 scripts/sizes.py check KEY FILE    exit 1 unless every size printed for KEY is FILE's,
                                               within the rounding of the figure (the test suites
                                               run this on what they build)

A size is printed after a marker, `<!-- size:KEY -->2.5 MB`, in MiB as `ls -lh` shows them: one
decimal below 10, whole above. KEY is one of the artifacts below; its file in DIST is found by
the pattern.
"""
import glob
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DOCS = [os.path.join(ROOT, "README.md"), os.path.join(ROOT, "CHANGELOG.md")]
ARTIFACTS = {
    "wheel": "shisanshui-*-cp39-abi3-manylinux2014_x86_64*.whl",
    "sdist": "shisanshui-*.tar.gz",
    "so": "prefix/lib/libshisanshui.so.*.*.*",
    "a": "prefix/lib/libshisanshui.a",
    "unity": "unity/com.shisanshui.engine-*.tgz",
    "osx": "apple/osx/libshisanshui.dylib",
    "ios": "apple/ios/libshisanshui.a",
    "iossim": "apple/ios-simulator/libshisanshui.a",
    "npm": "js/shisanshui-*.tgz",
}
MARK = re.compile(r"<!-- size:([a-z]+) -->([0-9]+(?:\.[0-9])?) MB")
MIB = 1024 * 1024


def shown(size):
    """The figure for a size in bytes."""
    mb = size / MIB
    return "%.1f" % mb if mb < 9.95 else "%d" % round(mb)


def within_rounding(figure, size):
    """Whether `figure` (as printed) is the size, allowing one unit of its last digit (a build
    moves a few kilobytes across a rounding boundary)."""
    unit = 0.1 if "." in figure else 1.0
    return abs(float(figure) - size / MIB) <= unit + 1e-9


def printed(key):
    """(document, figure) for every place the size of `key` is printed."""
    out = []
    for doc in DOCS:
        for k, figure in MARK.findall(open(doc, encoding="utf-8").read()):
            if k == key:
                out.append((doc, figure))
    return out


def check(key, path):
    size = os.path.getsize(path)
    places = printed(key)
    if not places:
        print("sizes.py: no size of %r is printed in README.md or CHANGELOG.md" % key, file=sys.stderr)
        return 1
    bad = [(d, f) for d, f in places if not within_rounding(f, size)]
    for d, f in bad:
        print("sizes.py: %s prints %s MB for %s, which is %s MB (%d bytes); run `bash scripts/package.sh` "
              "or `python3 scripts/sizes.py update DIST`" % (os.path.basename(d), f, key, shown(size), size),
              file=sys.stderr)
    if not bad:
        print("sizes: %s %s MB as printed (%d places)" % (key, shown(size), len(places)))
    return 1 if bad else 0


def update(dist):
    sizes = {}
    for key, pattern in ARTIFACTS.items():
        found = sorted(glob.glob(os.path.join(dist, pattern)))
        if found:
            sizes[key] = os.path.getsize(found[-1])
    for doc in DOCS:
        text = open(doc, encoding="utf-8").read()
        new = MARK.sub(lambda m: "<!-- size:%s -->%s MB" % (m.group(1), shown(sizes[m.group(1)]))
                       if m.group(1) in sizes else m.group(0), text)
        if new != text:
            open(doc, "w", encoding="utf-8").write(new)
    for key in ARTIFACTS:
        print("%-6s %s" % (key, shown(sizes[key]) + " MB" if key in sizes else "not built here (left as printed)"))
    return 0


def main(argv):
    if len(argv) == 3 and argv[1] == "update":
        return update(argv[2])
    if len(argv) == 4 and argv[1] == "check" and argv[2] in ARTIFACTS:
        return check(argv[2], argv[3])
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
