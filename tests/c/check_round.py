#!/usr/bin/env python3
"""Check the output of examples/c (or examples/cpp, which prints the same) against sources that do
not go through the C library: the shared test vectors (deal.json, arrange.json), the Rust demo
(core/examples/demo.rs, the engine called directly) and facts of the game.

    check_round.py OUTPUT DEMO_OUTPUT --preset P --seed S --players N --vectors DIR [--fixed V]

--fixed V also checks the lines the example prints before the round (evaluation, comparison,
foul check, special, error), V being the library version the first line must name. Prints one
line per failed check and ends with "checks: N passed, M failed"; exits 1 on any failure.
"""
import argparse
import json
import re
import sys
from fractions import Fraction

RANKS = "23456789TJQKA"
SUITS_LETTER = "dchs"
SUITS_SYMBOL = "\u2666\u2663\u2665\u2660"  # ♦ ♣ ♥ ♠, code % 4 order (shisanshui.h)
CATEGORIES = ["high card", "one pair", "two pair", "three of a kind", "straight", "flush",
              "full house", "four of a kind", "straight flush", "five of a kind"]

passed = 0
failed = 0


def check(ok, what):
    global passed, failed
    if ok:
        passed += 1
    else:
        failed += 1
        print(f"FAIL: {what}")


def symbols(codes):
    return [RANKS[c // 4] + SUITS_SYMBOL[c % 4] for c in codes]


def letters(codes):
    return " ".join(RANKS[c // 4] + SUITS_LETTER[c % 4] for c in codes)


def parse_example(text):
    """seat number -> {"dealt": [...], "front": ([...], category), ..., "expected": str, "declares": id,
    "total": Fraction, "money": int}; plus "house"."""
    seats, house, fixed = {}, None, []
    for line in text.splitlines():
        m = re.fullmatch(r"seat (\d+) dealt (.+) codes ([\d ]+)", line)
        if m:
            codes = [int(x) for x in m.group(3).split()]
            seats.setdefault(int(m.group(1)), {})["dealt"] = codes
            check(m.group(2) == letters(codes), f"dealt text matches its codes: {line}")
            continue
        m = re.fullmatch(r"seat (\d+) (front|middle|back) (.+), (.+), codes ([\d ]+)", line)
        if m:
            codes = [int(x) for x in m.group(5).split()]
            seats.setdefault(int(m.group(1)), {})[m.group(2)] = (codes, m.group(4))
            check(m.group(3) == letters(codes), f"lane text matches its codes: {line}")
            continue
        m = re.fullmatch(r"seat (\d+) expected (-?\d+\.\d{9})", line)
        if m:
            seats.setdefault(int(m.group(1)), {})["expected"] = m.group(2)
            continue
        m = re.fullmatch(r"seat (\d+) declares (\w+)", line)
        if m:
            seats.setdefault(int(m.group(1)), {})["declares"] = m.group(2)
            continue
        m = re.fullmatch(r"seat (\d+) total ([+-]?\d+(?:/\d+)?) water \((-?\d+) units of 1/(\d+)\), money ([+-]?\d+) cents", line)
        if m:
            s = seats.setdefault(int(m.group(1)), {})
            s["total"] = Fraction(m.group(2))
            check(int(m.group(4)) == 840, f"units of 1/840 (SSS_WATER_DENOMINATOR): {line}")
            check(Fraction(int(m.group(3)), int(m.group(4))) == s["total"], f"units agree with the fraction: {line}")
            s["money"] = int(m.group(5))
            continue
        m = re.fullmatch(r"house ([+-]?\d+) cents", line)
        if m:
            house = int(m.group(1))
            continue
        fixed.append(line)
    return seats, house, fixed


def parse_demo(text):
    """The demo's lanes (as card symbols), totals (Fraction), money and house (cents)."""
    lanes, totals, money, house, seat = {}, {}, {}, None, None
    for line in text.splitlines():
        m = re.match(r"Seat (\d+) dealt", line)
        if m:
            seat = int(m.group(1))
            continue
        m = re.match(r"\s+(front|middle|back)\s+\S+\s+((?:\S+ )+?)\s{2,}", line)
        if m and seat is not None:
            lanes[(seat, m.group(1))] = m.group(2).split()
            continue
        m = re.match(r"\s+seat (\d+):\s+([+-]?\d+(?:/\d+)?) water\s+([+-]?)(\d+)\.(\d\d)", line)
        if m:
            n = int(m.group(1))
            totals[n] = Fraction(m.group(2))
            money[n] = (-1 if m.group(3) == "-" else 1) * (int(m.group(4)) * 100 + int(m.group(5)))
            continue
        m = re.match(r"\s+house:\s+([+-]?)(\d+)\.(\d\d)", line)
        if m:
            house = (-1 if m.group(1) == "-" else 1) * (int(m.group(2)) * 100 + int(m.group(3)))
    return lanes, totals, money, house


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("output")
    ap.add_argument("demo")
    ap.add_argument("--preset", required=True)
    ap.add_argument("--seed", type=int, required=True)
    ap.add_argument("--players", type=int, required=True)
    ap.add_argument("--vectors", required=True)
    ap.add_argument("--fixed")
    a = ap.parse_args()

    seats, house, fixed = parse_example(open(a.output, encoding="utf-8").read())
    check(sorted(seats) == list(range(a.players)), f"one block per seat, numbered from 0: {sorted(seats)}")

    if a.fixed is not None:
        # Facts of the game, not of this library: a royal flush is a straight flush (category 8 in
        # shisanshui.h's order), a flush beats a straight, trips in the front over a middle pair is a
        # foul (bit 0: front over middle), thirteen spades A to K are a supreme dragon (kx enables
        # it), X is no rank.
        want = [
            f"shisanshui {a.fixed} (ABI 2)",
            "evaluate As Ks Qs Js Ts: straight flush (category 8)",
            "compare Ah 9h 7h 4h 2h vs Ks Qd Jc Th 9s: 1",
            "check Kd Kc 9h / Ks Kh 9s 5s 3h / As Ad Ah 2c 2d: legal",
            "check As Ad Ah / Ks Kh 9s 5s 3h / Kd Kc 9h 2c 2d: foul 1",
            "special 2s..As of spades: SD supreme dragon",
        ]
        check(fixed[:len(want)] == want, f"fixed lines {fixed[:len(want)]} != {want}")
        rest = fixed[len(want):]
        check(len(rest) >= 1 and rest[0].startswith("error As Xs: unknown_rank (") and "Xs" in rest[0][27:],
              f"error line names unknown_rank and the card: {rest[:1]}")
    table = [l for l in fixed if l.startswith("table ")]
    check(table == [f"table {a.preset} seed {a.seed} players {a.players}"], f"table line: {table}")

    # The deal: tests/vectors/deal.json where it has this seed.
    deal = json.load(open(f"{a.vectors}/deal.json", encoding="utf-8"))
    for d in deal["deals"]:
        if d["seed"] == a.seed and d["players"] == a.players:
            for i, hand in enumerate(d["hands"]):
                check(seats.get(i, {}).get("dealt") == hand, f"seat {i} dealt as deal.json")

    # Every seat plays its own 13 cards: the lanes are a partition of the deal.
    for n, s in seats.items():
        if "declares" in s:
            continue
        lane_cards = s["front"][0] + s["middle"][0] + s["back"][0]
        check(sorted(lane_cards) == sorted(s.get("dealt", [])), f"seat {n} lanes use its dealt cards")
        check([len(s[l][0]) for l in ("front", "middle", "back")] == [3, 5, 5], f"seat {n} lane sizes")

    # The arrangement: tests/vectors/arrange.json for the seats it lists at this table.
    arrange = json.load(open(f"{a.vectors}/arrange.json", encoding="utf-8"))
    for h in arrange["hands"]:
        if (h["preset"], h["seed"], h["players"]) != (a.preset, a.seed, a.players):
            continue
        s = seats.get(h["seat"], {})
        check(s.get("dealt") == h["codes"], f"seat {h['seat']} dealt as arrange.json")
        if "declares" in s:
            check(False, f"seat {h['seat']} declared a special; arrange.json arranges it")
            continue
        for lane in ("front", "middle", "back"):
            check(s[lane][0] == h[lane], f"seat {h['seat']} {lane} {s[lane][0]} == arrange.json {h[lane]}")
        check([s[l][1] for l in ("front", "middle", "back")] == [CATEGORIES[c] for c in h["categories"]],
              f"seat {h['seat']} categories as arrange.json")
        check(s["expected"] == f"{h['expected_water']:.9f}",
              f"seat {h['seat']} expected water {s['expected']} == arrange.json {h['expected_water']}")

    # The settlement and money: the Rust demo plays the same round through the engine itself.
    d_lanes, d_totals, d_money, d_house = parse_demo(open(a.demo, encoding="utf-8").read())
    check(sorted(d_totals) == sorted(seats), f"demo has the same seats: {sorted(d_totals)}")
    for n, s in seats.items():
        if "declares" not in s:
            for lane in ("front", "middle", "back"):
                check(d_lanes.get((n, lane)) == symbols(s[lane][0]), f"seat {n} {lane} as the demo")
        check(s.get("total") == d_totals.get(n), f"seat {n} total {s.get('total')} == demo {d_totals.get(n)}")
        check(s.get("money") == d_money.get(n), f"seat {n} money {s.get('money')} == demo {d_money.get(n)}")
    check(house is not None and house == d_house, f"house {house} == demo {d_house}")
    check(sum(s.get("total", 0) for s in seats.values()) == 0, "totals sum to zero")

    print(f"checks: {passed} passed, {failed} failed")
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
