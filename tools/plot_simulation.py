"""Draw the histogram of a simulation's water per seat per round as a PNG.

    python3 tools/plot_simulation.py REPORT.json OUT.png

REPORT.json is what `sss simulate --json` writes (or `shisanshui.simulate(...).to_json()`);
`sss simulate --plot OUT.png` runs this script itself. Exit codes: 0 drawn, 2 usage or
unreadable report, 3 matplotlib is not installed.
"""

import json
import sys


def main(argv):
    if len(argv) != 3:
        print("usage: plot_simulation.py REPORT.json OUT.png", file=sys.stderr)
        return 2
    try:
        with open(argv[1], encoding="utf-8") as f:
            report = json.load(f)
        bins = report["water"]["histogram"]
    except (OSError, ValueError, KeyError, TypeError) as e:
        print(f"{argv[1]}: not a simulation report ({e})", file=sys.stderr)
        return 2
    try:
        import matplotlib

        matplotlib.use("Agg")  # no display needed
        import matplotlib.pyplot as plt
    except ImportError:
        print("matplotlib is not installed (python3 -m pip install matplotlib)", file=sys.stderr)
        return 3

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
    fig.savefig(argv[2])
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
