"""Draw the histogram of a simulation's water per seat per round as a PNG.

    python3 tools/plot_simulation.py REPORT.json OUT.png
    python3 tools/plot_simulation.py A.json B.json [C.json ...] OUT.png

REPORT.json is what `sss simulate --json` writes (or `shisanshui.simulate(...).to_json()`);
`sss simulate --plot OUT.png` runs this script itself. Given several reports, it draws their
histograms over each other (one outline each, labelled by the rule set's jokers and the
report's rounds) with each one's 99th percentile of |water| marked, to compare rooms. Exit
codes: 0 drawn, 2 usage or unreadable report, 3 matplotlib is not installed.
"""

import json
import sys


def read(path):
    with open(path, encoding="utf-8") as f:
        report = json.load(f)
    report["water"]["histogram"]  # a simulation report has one
    return report


def abs_quantile(bins, q):
    """The q-quantile of |water| from a report's exact histogram of water."""
    counts = {}
    for b in bins:
        counts[abs(b["value"])] = counts.get(abs(b["value"]), 0) + b["count"]
    total = sum(counts.values())
    seen = 0
    for value in sorted(counts):
        seen += counts[value]
        if seen >= q * total:
            return value
    return 0.0


def label(report):
    rules = report.get("rules") or {}
    jokers = rules.get("jokers", 0)
    name = f"{jokers} joker{'s' if jokers != 1 else ''}"
    if rules.get("jokers_in_specials"):
        name += ", specials with jokers"
    return name


def main(argv):
    if len(argv) < 3:
        print("usage: plot_simulation.py REPORT.json [REPORT.json ...] OUT.png", file=sys.stderr)
        return 2
    reports = []
    for path in argv[1:-1]:
        try:
            reports.append(read(path))
        except (OSError, ValueError, KeyError, TypeError) as e:
            print(f"{path}: not a simulation report ({e})", file=sys.stderr)
            return 2
    try:
        import matplotlib

        matplotlib.use("Agg")  # no display needed
        import matplotlib.pyplot as plt
    except ImportError:
        print("matplotlib is not installed (python3 -m pip install matplotlib)", file=sys.stderr)
        return 3
    if len(reports) == 1:
        return one(plt, reports[0], argv[-1])
    fig, ax = plt.subplots(figsize=(9, 4.5), dpi=100)
    for i, report in enumerate(reports):
        bins = report["water"]["histogram"]
        total = sum(b["count"] for b in bins) or 1
        colour = f"C{i}"
        # One dot per water value that occurred (the histogram is exact; a line would join values
        # that lie far apart).
        ax.plot([b["value"] for b in bins], [b["count"] / total for b in bins], ".", color=colour, markersize=3,
                label=f"{label(report)}: mean |water| {report['water']['mean_abs']:.2f}")
        p99 = abs_quantile(bins, 0.99)
        ax.axvline(p99, color=colour, linestyle="--", linewidth=0.8)
        ax.axvline(-p99, color=colour, linestyle="--", linewidth=0.8)
    ax.set_yscale("log")
    ax.set_xlabel("water per seat per round (dashed: 99th percentile of |water|)")
    ax.set_ylabel("share of seat-rounds (log scale)")
    first = reports[0]
    preset = f"{first['preset']}: " if first.get("preset") else ""
    ax.set_title(f"{preset}{first['rounds']} rounds at {first['players']} seats, seed {first['seed']}", fontsize=9)
    ax.legend(fontsize=8, markerscale=3)
    fig.tight_layout()
    fig.savefig(argv[-1])
    return 0


def one(plt, report, out):
    bins = report["water"]["histogram"]
    values = [b["value"] for b in bins]
    counts = [b["count"] for b in bins]
    total = sum(counts) or 1
    summary = report["water"]
    fig, ax = plt.subplots(figsize=(9, 4.5), dpi=100)
    # One bar per water value that occurred: the report's histogram is exact.
    width = min((b - a for a, b in zip(values, values[1:])), default=1.0)
    ax.bar(values, [c / total for c in counts], width=width * 0.9, color="#3572b0")
    ax.set_yscale("log")
    ax.set_xlabel("water per seat per round")
    ax.set_ylabel("share of seat-rounds (log scale)")
    rake = ""
    money = report.get("money")
    if money:
        share = money["stakes"]["rake"]
        percent = 100 * share["numerator"] / share["denominator"]
        rake = f", rake {percent:g}% ({money['rake']['mean']:.2f} minor units/round)"
    preset = f"{report['preset']}: " if report.get("preset") else ""
    ax.set_title(
        f"{preset}{report['rounds']} rounds at {report['players']} seats, seed {report['seed']}: "
        f"sd {summary['sd']:.2f}, mean |water| {summary['mean_abs']:.2f}{rake}",
        fontsize=9,
    )
    fig.tight_layout()
    fig.savefig(out)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
