"""Python speed of shisanshui against peers in the same run (BENCHMARKS.md, "Python").

Run through benches/python/run.sh, which builds the wheel and installs it with the pinned peers
(benches/python/requirements.txt) into a venv of its own. Every figure is the best of several
repeats (the machine is shared: the best is the least disturbed), and the peers are timed in the
same process between the same repeats, so the ratios are the figures to read.

    python benches/python/bench.py [--quick]
"""

import argparse
import itertools
import platform
import sys
import time
import timeit

import numpy as np

import shisanshui as sss


def best(fn, repeat):
    """The fastest of `repeat` calls of `fn`, in seconds."""
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return min(times)


def per_call(stmt, env, number, repeat=5):
    return min(timeit.repeat(stmt, globals=env, number=number, repeat=repeat)) / number


def peers_per_hand(sample, repeat):
    """Per-hand seconds of each peer on `sample` (a list of 5-code tuples), one call per hand:
    none of them has a batch form."""
    out = {}
    names = [f"{'23456789TJQKA'[c // 4]}{'dchs'[c % 4]}" for c in range(52)]
    try:
        from phevaluator import evaluate_cards

        out["phevaluator 0.6.0"] = best(lambda: [evaluate_cards(*h) for h in sample], repeat) / len(sample)
    except ImportError:
        pass
    try:
        import eval7

        cards = [eval7.Card(n) for n in names]
        hands = [[cards[c] for c in h] for h in sample]
        out["eval7 0.1.11"] = best(lambda: [eval7.evaluate(h) for h in hands], repeat) / len(sample)
    except ImportError:
        pass
    try:
        import treys

        ev = treys.Evaluator()
        cards = [treys.Card.new(n) for n in names]
        hands = [([cards[c] for c in h[:3]], [cards[c] for c in h[3:]]) for h in sample]
        out["treys 0.1.8"] = best(lambda: [ev.evaluate(b, h) for b, h in hands], repeat) / len(sample)
    except ImportError:
        pass
    try:
        from pokerkit import StandardHighHand

        few = ["".join(names[c] for c in h) for h in sample[: max(1, len(sample) // 20)]]
        out["pokerkit 0.7.7"] = best(lambda: [StandardHighHand(h) for h in few], max(1, repeat // 2)) / len(few)
    except ImportError:
        pass
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--quick", action="store_true", help="fewer repeats (a smoke run)")
    ap.add_argument("--rust-arrange", help="the arrange_rate example (tools/examples), for the like-for-like row")
    args = ap.parse_args()
    repeat = 3 if args.quick else 15

    print(f"python {platform.python_version()}, numpy {np.__version__}, shisanshui {sss.__version__}")
    hands = np.array(list(itertools.combinations(range(52), 5)), dtype=np.uint8)
    shuffled = hands[np.random.default_rng(0x5EED).permutation(len(hands))]
    masks = np.bitwise_or.reduce(np.left_shift(np.uint64(1), hands.astype(np.uint64)), axis=1)
    out = np.empty(len(hands), dtype=np.uint32)
    n = len(hands)

    print(f"\n== evaluate_many, all {n:,} five-card hands (M hands/s, best of {repeat}) ==")
    rows = [
        ("in order, out=", lambda: sss.evaluate_many(hands, out=out)),
        ("in order, new array", lambda: sss.evaluate_many(hands)),
        ("shuffled, out=", lambda: sss.evaluate_many(shuffled, out=out)),
        ("masks in order, out=", lambda: sss.evaluate_masks_many(masks, out=out)),
        ("in order, out=, threads=2", lambda: sss.evaluate_many(hands, out=out, threads=2)),
        ("shuffled, out=, threads=2", lambda: sss.evaluate_many(shuffled, out=out, threads=2)),
    ]
    for name, fn in rows:
        fn()  # warm-up: tables, page faults of `out`
        t = best(fn, repeat)
        print(f"  {name:28s} {n / t / 1e6:8.0f} M/s  ({t * 1e3:.2f} ms)")

    sample = [tuple(int(c) for c in h) for h in shuffled[:100_000]]
    print("\n== one call per hand, 100,000 shuffled hands (ns per hand) ==")
    ours_list = best(lambda: [sss.evaluate(h) for h in sample], max(3, repeat // 3)) / len(sample)
    print(f"  {'shisanshui evaluate(tuple)':28s} {ours_list * 1e9:8.0f} ns")
    for name, t in peers_per_hand(sample, max(3, repeat // 3)).items():
        print(f"  {name:28s} {t * 1e9:8.0f} ns   batch is {t * n / best(lambda: sss.evaluate_many(shuffled, out=out), 3):,.0f}x faster (shuffled)")

    env = {"sss": sss, "h": [51, 47, 43, 39, 35], "t": (51, 47, 43, 39, 35), "r": sss.Rules.preset("classic")}
    print("\n== a single evaluate call (ns) ==")
    for stmt in ("sss.evaluate(h)", "sss.evaluate(t)", "sss.evaluate(h, r)", "sss.evaluate('As Ks Qs Js Ts')"):
        print(f"  {stmt:34s} {per_call(stmt, env, 200_000) * 1e9:6.0f} ns")
    try:
        from phevaluator import evaluate_cards

        env["evaluate_cards"] = evaluate_cards
        print(f"  {'phevaluator evaluate_cards(*h)':34s} {per_call('evaluate_cards(*h)', env, 200_000) * 1e9:6.0f} ns")
    except ImportError:
        pass

    print("\n== Arranger.arrange_many, 400 random hands, classic, 4 seats (us per hand) ==")
    arranger = sss.Arranger("classic", 4)
    rng = np.random.default_rng(0xA77)
    thirteens = np.array([rng.permutation(52)[:13] for _ in range(400)], dtype=np.uint8)
    lists = [h.tolist() for h in thirteens]
    arranger.arrange_many(thirteens[:10])
    r = max(3, repeat // 3)
    one_by_one = best(lambda: [arranger.arrange(h) for h in lists], r) / len(lists)
    print(f"  {'arrange() one by one':28s} {one_by_one * 1e6:8.2f} us")
    for threads in (1, 2):
        t = best(lambda: arranger.arrange_many(thirteens, threads=threads), r) / len(lists)
        print(f"  {f'arrange_many threads={threads}':28s} {t * 1e6:8.2f} us  ({one_by_one / t:.2f}x one by one)")
    if args.rust_arrange:
        # Like for like: the Rust batch on the same hands, in turns with the Python batch, so that
        # both see the same machine state; the best of each.
        import subprocess
        import tempfile

        with tempfile.NamedTemporaryFile(suffix=".codes", delete=False) as f:
            f.write(thirteens.tobytes())
        py_best, rust_best = float("inf"), float("inf")
        for _ in range(5):
            py_best = min(py_best, best(lambda: arranger.arrange_many(thirteens, threads=1), r) / len(lists))
            out = subprocess.run([args.rust_arrange, f.name, str(r)], capture_output=True, text=True, check=True)
            rust_best = min(rust_best, float(out.stdout) * 1e-6)
        print(f"  {'Rust Batch::arrange, 1 thread':28s} {rust_best * 1e6:8.2f} us  (in turns with the line below)")
        print(f"  {'arrange_many threads=1':28s} {py_best * 1e6:8.2f} us  ({rust_best / py_best * 100:.1f}% of the Rust rate)")

    print("\n== detect_special_many and settle_many ==")
    many = np.array([rng.permutation(52)[:13] for _ in range(20_000)], dtype=np.uint8)
    t = best(lambda: sss.detect_special_many(many), r)
    print(f"  {'detect_special_many':28s} {t / len(many) * 1e9:8.0f} ns per hand")
    decks = np.array([rng.permutation(52) for _ in range(20_000)], dtype=np.uint8).reshape(20_000, 4, 13)
    t = best(lambda: sss.settle_many(decks), r)
    print(f"  {'settle_many (4 seats)':28s} {t / len(decks) * 1e9:8.0f} ns per round")
    return 0


if __name__ == "__main__":
    sys.exit(main())
