"""Settlement and money (RULES.md §4–§6, §8, §9 ranked): `settle`, `PlayerHand`,
`Settlement` and its records, `settle_money`, `escape`. Checked three ways: the worked examples
of core/tests/settle_examples.rs (numbers computed by hand there), an independent model of the
rules written here on top of reference.py, and the shared vectors tests/vectors/settle.json made
by the Rust FFI crate.
"""

import json
import pathlib
from fractions import Fraction

import pytest

import reference as ref
import shisanshui as sss
from shisanshui import PlayerHand, Special

ROOT = pathlib.Path(__file__).resolve().parents[2]
SETTLE_VECTORS = ROOT / "tests" / "vectors" / "settle.json"


BANKER_VECTORS = ROOT / "tests" / "vectors" / "banker.json"

# Units of water in one point: totals_units, settle_many and the model count in 1/840ths.
UNITS = sss.WATER_DENOMINATOR


@pytest.fixture(scope="module")
def banker_vectors():
    assert BANKER_VECTORS.exists(), f"{BANKER_VECTORS} is missing: run the ffi test settle_vectors"
    data = json.loads(BANKER_VECTORS.read_text(encoding="utf-8"))
    assert data["version"] == 1
    return data


@pytest.fixture(scope="module")
def settle_vectors():
    assert SETTLE_VECTORS.exists(), f"{SETTLE_VECTORS} is missing: run the ffi test settle_vectors"
    data = json.loads(SETTLE_VECTORS.read_text(encoding="utf-8"))
    assert data["version"] == 1
    return data


def table(rules, *seats, pairs=None):
    """Settle and check each listed (a, b, water a receives from b) in the matrix and the pair."""
    s = sss.settle(seats, rules)
    for a, b, w in pairs or ():
        assert s.matrix[a][b] == w and s.matrix[b][a] == -w, (rules, a, b)
        assert s.pair(a, b).water == (w if a < b else -w)
    return s


# Worked examples (core/tests/settle_examples.rs).
A = ["Qs Qh 4d / 7c 7d 8s 8h Kc / 2h 3h 9h Jh Ah", "9c 5c 4c / Ts Td Tc 4s 4h / 6s 6d 6h 6c 2s"]
B = ["Ad Ac 5d / Jc Jd Js 3c 3d / 5h 6h 7h 8h 9h", "Ks Qd 2c / 4s 4d 7c 8d Ts / As Ah 2d 6s Qh"]
C = [
    "Qs Qh Qd / 2c 2d 2h 2s 9c / Tc Jc Qc Kc Ac",
    "As Ad 3c / Ks Kd 5c 5d 7s / 3s 4s 6s 8s Js",
    "Ah Kh 4c / 6c 6d 7c 8c 9d / Th Td Ts 8d 8h",
]
TIES = [
    "9s 7h 4d / Jc Jd 5c 5d 2c / Ac Ad Ah 3c 3d",
    "9d 7s 4h / Tc Td 6c 6d 2d / Kc Kd Kh 8c 7c",
    "Qs Qh 3s / 8s 8h 6s 6h Qd / Ts Js Qc Ks As",
]
F = [
    "5d 6d 8c / Kc Kd 3s 3h 9c / Ac Qd Jd 7s 4s",
    "Qs Qh 2d / Ah Kh 9d 7d 5s / Th Tc 6c 6s 2s",
    "4c 4d 4h / Jc Jh Js 8d 8s / 5h 6h 7h 8h 9h",
    "5c 2c 2h / 3c 3d Qc 9s 7c / Ad As Td Ts Ks",
]
DRAGON = "2s 3d 4c 5h 6s 7d 8c 9h Ts Jd Qc Kh As"
SIX_PAIRS = "2d 2c 3s 3c 5s 5d 7s 7c 9s 9d Js Jc 4s"
G = [
    PlayerHand.declare(Special.SIX_PAIRS, "2c 2d 5c 5d 7c 7d 9c 9d Jc Jd Kc Kd Ac"),
    "Qs Qh 3s / 8s 8h 8d 4s 4h / Ts Th Td Tc 6s",
    "As Ah Ad / Ks Kh 2s 3h 5s / Js Jh 9s 9h 6h",
]
H = [
    PlayerHand.declare(Special.DRAGON, DRAGON),
    PlayerHand.declare("SP", SIX_PAIRS),
    "Ad Ac Ah / Qs Qd Qh Td Tc / Ks Kd Kc 6d 6c",
    "4d 4h 2h / 8s 8d 8h 5c 9c / 3h 6h 7h Th Jh",
]
I = ["2s 3d 4c / 5h 6s 7d 8c 9h / Ts Jd Qc Kh As", PlayerHand.declare("六对半", SIX_PAIRS)] + H[2:]


@pytest.mark.parametrize(
    "preset, a, b",
    [("classic", -5, 8), ("regional", -6, 9), ("kx", -5, 16), ("hk", -1, 4), ("ranked", -5, 21)],
)
def test_two_players_plain_and_shot(preset, a, b):
    s = table(preset, *A, pairs=[(0, 1, a)])
    assert s.totals == (a, -a) and s.totals_units == (840 * a, -840 * a)
    assert all(isinstance(t, Fraction) for t in s.totals)
    lanes = s.pairs[0].lanes
    assert [lane.lane for lane in lanes] == ["front", "middle", "back"]
    assert [lane.winner for lane in lanes] == [0, 1, 1]
    if preset == "classic":
        assert [(lane.water, lane.hand) for lane in lanes] == [
            (1, sss.Category.ONE_PAIR),
            (2, sss.Category.FULL_HOUSE),
            (4, sss.Category.FOUR_OF_A_KIND),
        ]
        assert s.events == () and s.pairs[0].kind == "lanes" and s.mode == sss.ScoringMode.PAIRWISE
    # B: P0 wins every lane; classic and regional shoot only from 3 seats.
    s = table(preset, *B, pairs=[(0, 1, b)])
    shot = s.pairs[0].shot
    if preset in ("classic", "regional"):
        assert shot is None and s.events == ()
    else:
        assert (shot.shooter, shot.victim) == (0, 1)
        assert (s.events[0].kind, s.events[0].seat, s.events[0].victim) == ("shot", 0, 1)
    if preset == "kx":
        assert (shot.lane_water, shot.value) == (8, 16) and s.home_run_seat is None
    if preset == "ranked":
        # Shot 8 + (p − 1) = 9; a home run from 2 seats: (9 + 12) × 1 = 21.
        assert shot.value == 9 and s.pairs[0].home_run == 21 and s.home_run_seat == 0
        assert (s.events[1].kind, s.events[1].value) == ("home_run", 21)


def test_home_run_three_players():
    s = table("classic", *C, pairs=[(0, 1, 68), (0, 2, 68), (1, 2, 1)])
    assert s.totals == (136, -67, -69)
    assert [(e.kind, e.seat, e.victim, e.value) for e in s.events] == [
        ("shot", 0, 1, 17),
        ("shot", 0, 2, 17),
        ("home_run", 0, None, 136),
    ]
    p = s.pair(2, 0)
    assert (p.seats, p.lane_water, p.shot.lane_water, p.shot.value, p.home_run) == ((0, 2), 16, 16, 17, 68)
    assert s.pair(1, 2).home_run is None and s.pair(1, 1) is None
    assert table("kx", *C).totals == (64, -31, -33)
    r = table("ranked", *C, pairs=[(0, 1, 62), (0, 2, 62), (1, 2, 7)])
    assert r.totals == (124, -55, -69) and r.ranked_lane_water == (4, 8, 5) and r.mode == sss.ScoringMode.RANKED


def test_ties_and_zhanguo():
    s = table("classic", *TIES, pairs=[(0, 1, 3), (0, 2, 1), (1, 2, -1)])
    assert s.totals == (4, -4, 0)
    front = s.pair(0, 1).lanes[0]
    assert (front.winner, front.water, front.hand) == (None, 0, None)
    assert s.pair(0, 1).shot.lane_water == 2
    assert table("kx", *TIES).events == ()
    assert table("hk", *TIES).totals == (5, -5, 0)


def test_fouls():
    s = table("classic", *F, pairs=[(0, 1, 0), (0, 2, -10), (0, 3, -3), (1, 2, -10), (1, 3, -3), (2, 3, 11)])
    assert s.totals == (-13, -13, 31, -5)
    assert [(e.kind, e.seat, e.front_over_middle, e.middle_over_back) for e in s.events[:2]] == [
        ("foul", 0, False, True),
        ("foul", 1, True, False),
    ]
    assert s.pair(0, 1).kind == "both_fouled" and all(lane.winner is None for lane in s.pair(0, 1).lanes)
    assert s.pair(0, 2).kind == "one_fouled"
    assert [seat.is_foul for seat in s.seats] == [True, True, False, False]
    assert s.seats[1].eval.front_over_middle and s.seats[1].kind == "arranged"
    assert s.home_run_seat is None
    counted = table(sss.Rules("classic", foul_counts_as_shot=True), *F)
    assert counted.totals == (-48, -48, 132, -36) and counted.home_run_seat == 2
    assert table("ranked", *F).totals == (-22, -22, 36, 8)


def test_special_against_normals():
    s = table("classic", *G, pairs=[(0, 1, 4), (0, 2, 4), (1, 2, 7)])
    assert s.totals == (8, 3, -11)
    assert (s.events[0].kind, s.events[0].seat, s.events[0].special) == ("special", 0, Special.SIX_PAIRS)
    assert (s.events[1].kind, s.events[1].seat) == ("foul", 2)
    p = s.pair(0, 2)
    assert p.kind == "special_vs_normal" and p.lanes is None and p.shot is None
    assert (p.special.winner, p.special.special, p.special.water) == (0, Special.SIX_PAIRS, 4)
    seat = s.seats[0]
    assert (seat.kind, seat.special, seat.special_water, seat.eval, seat.total) == ("special", "SP", 4, None, 8)
    assert table("ranked", *G).totals == (4, 5, -9)
    assert table("hk", *G).totals == (6, 0, -6)


def test_two_specials():
    s = table("classic", *H, pairs=[(0, 1, 36), (0, 2, 36), (0, 3, 36), (1, 2, 4), (1, 3, 4), (2, 3, 7)])
    assert s.totals == (108, -28, -33, -47)
    assert s.pair(0, 1).kind == "special_vs_special" and s.pair(0, 1).special.special == Special.DRAGON
    assert s.home_run_seat is None
    assert table("ranked", *H).totals == (72, -32, -12, -28)
    # Equal specials tie.
    tie = table("kx", PlayerHand.declare("SP", SIX_PAIRS), PlayerHand.declare("SP", "6d 6c 8s 8d Td Tc Qs Qd Ks Kd Ad Ac 2h"))
    assert tie.totals == (0, 0) and tie.pairs[0].special.winner is None and tie.pairs[0].special.special is None


def test_ranked_fractions():
    s = table("ranked", *I)
    third = Fraction(1, 3)
    assert s.totals == (-40 * third, 4, 50 * third, -22 * third)
    assert s.totals_units == (-11200, 3360, 14000, -6160)
    assert s.matrix[1][0] == Fraction(4, 3) and s.matrix[0][2] == -9
    assert s.pair(0, 1).special.water == Fraction(4, 3)
    assert s.ranked_lane_water == (4, 2, 1) and s.home_run_seat is None
    assert sum(s.totals) == 0
    assert table("classic", *I).totals == (-12, 12, 10, -10)


def test_json():
    s = table("ranked", *I)
    d = json.loads(s.to_json())
    assert d == s.to_dict()
    assert d["mode"] == "ranked"
    assert d["totals"][0] == {"num": -40, "den": 3}
    assert d["events"][0] == {"kind": "special", "seat": 1, "special": "SP"}
    assert d["events"][1] == {"kind": "shot", "shooter": 2, "victim": 0, "value": 9}
    assert d["seats"][1] == {"kind": "special", "special": "SP", "water": 4}
    assert d["ranked_lane_water"] == [4, 2, 1]
    d = table("classic", *A).to_dict()
    assert d["pairs"][0]["lanes"][1] == {"lane": "middle", "winner": 1, "water": 2, "hand": "full_house"}


def test_player_hands():
    a = PlayerHand.arranged(C[0])
    assert a.kind == "arranged" and a.special is None and a == PlayerHand.arranged(sss.Arrangement(C[0]))
    assert a.arrangement == sss.Arrangement(C[0]) and len(a.cards) == 13
    assert a == PlayerHand.arranged("Qs Qh Qd", "2c 2d 2h 2s 9c", "Tc Jc Qc Kc Ac")
    d = PlayerHand.declare("dragon", DRAGON)
    assert (d.kind, d.special, d.arrangement) == ("special", Special.DRAGON, None)
    assert hash(d) == hash(PlayerHand.declare(Special.DRAGON, DRAGON))
    assert "PlayerHand.declare('DR'" in repr(d)
    # Seats may be PlayerHand, Arrangement or text, from any iterable.
    s = sss.settle(iter([a, sss.Arrangement(C[1]), C[2]]))
    assert s.totals == (136, -67, -69) and s.seat_count == 3


# ---------------------------------------------------------------------------------------------
# Money
# ---------------------------------------------------------------------------------------------


def test_seed_003_money():
    # Carries 1000/500/200/500 yuan, results −200/−800/+900/+100 at 1 yuan (100 cents) a point,
    # 5% rake: −85.71, −214.28, +190.00, +95.00.
    m = sss.settle_money([-200, -800, 900, 100], 100, [100_000, 50_000, 20_000, 50_000], Fraction(5, 100))
    assert m.amounts == (-8571, -21428, 19000, 9500)
    assert [line.capped for line in m.lines] == [-20000, -50000, 20000, 10000]
    assert [line.scaled for line in m.lines] == [-8571, -21428, 20000, 10000]
    assert (m.lines[2].rake, m.lines[1].water, m.lines[1].raw) == (1000, -800, -80000)
    assert (m.rake, m.rounding, m.house, m.unclaimed) == (1500, -1, 1499, 0)
    assert sum(m.amounts) + m.house == 0


def test_money_from_a_settlement_and_fractions():
    s = table("ranked", *I)
    m = s.money(100)
    assert m.amounts == (-1333, 400, 1666, -733) and m == sss.settle_money(s.totals, 100)
    assert sss.settle_money(s.totals, 100, rake=0).house == 0
    assert table("classic", *C).money(250).amounts == (34000, -16750, -17250)
    assert sss.settle_money([Fraction(-3, 2), Fraction(-3, 2), 3], 1).amounts == (-1, -1, 2)
    third = sss.settle_money([-100, 100], 1, rake=Fraction(1, 3))
    assert third.amounts == (-100, 66) and third.house == 34


def test_escape():
    m = sss.escape(4, 2, 100, rake=Fraction(5, 100))
    assert m.amounts == (95, 95, -1800, 95) and (m.unclaimed, m.house) == (1500, 15)
    assert sum(m.amounts) + m.house + m.unclaimed == 0
    m = sss.escape(4, 2, 100, [1000, 1000, 100, 1000])
    assert m.amounts == (33, 33, -100, 33) and (m.rounding, m.house, m.unclaimed) == (1, 1, 0)


# ---------------------------------------------------------------------------------------------
# Bad input
# ---------------------------------------------------------------------------------------------

FULL = [
    "Ac Ad Ah / Kc Kd Kh Ks 2c / 4s 5s 6s 7s 8s",
    "Qc Qd 2d / Jc Jd Jh 3c 3d / 9c 9d 9h 9s 5c",
    "Tc Td 4c / 6c 6d 6h 3h 3s / 7c 7d 7h Th Ts",
    "Qh Qs As / 5d 5h 4d 4h Js / 8c 8d 8h 2h 2s",
]


def test_player_count():
    for seats in (FULL[:1], FULL + ["Qs Qh 4d / 7c 7d 8s 8h Kc / 2h 3h 9h Jh Ah"], []):
        # Both numbers: the seats given and the most the rule set's deck deals to.
        with pytest.raises(sss.InvalidTableError, match=f"^invalid table: {len(seats)} players?, .* 2 to 4$") as e:
            sss.settle(seats)
        assert e.value.kind == "invalid_table"


def test_lanes_of_the_wrong_size():
    with pytest.raises(sss.WrongCardCountError) as e:
        PlayerHand.arranged("As Kd", "Qh Jh Th 9h 8h", "2c 3c 4c 5c 6c")
    assert (e.value.expected, e.value.found) == (3, 2)
    with pytest.raises(sss.WrongCardCountError, match="expected 5 cards, got 6"):
        PlayerHand.arranged("As Kd Qd", "Qh Jh Th 9h 8h 7h", "2c 3c 4c 5c 6c")
    with pytest.raises(sss.WrongCardCountError):
        sss.settle(["As Kd / Qh Jh Th 9h 8h 7h / 2c 3c 4c 5c 6c", FULL[1]])
    with pytest.raises(sss.WrongCardCountError, match="expected 13 cards, got 12"):
        PlayerHand.declare("DR", DRAGON.split()[:12])


def test_a_card_used_twice():
    # Seat 1's last card is seat 0's first (Ac): position 13 + 12.
    with pytest.raises(sss.DuplicateCardError) as e:
        sss.settle([FULL[0], "Qc Qd 2d / Jc Jd Jh 3c 3d / 9c 9d 9h 9s Ac"])
    assert (str(e.value.card), e.value.position) == ("Ac", 25)
    # Across a special and an arrangement: the dragon's fifth card, 6s, is in P0's back.
    with pytest.raises(sss.DuplicateCardError) as e:
        sss.settle([FULL[0], PlayerHand.declare("DR", DRAGON)])
    assert (str(e.value.card), e.value.position) == ("6s", 17)


def test_undeclarable_specials():
    not_a_dragon = PlayerHand.declare(Special.DRAGON, FULL[1].replace("/", ""))
    with pytest.raises(sss.SpecialNotAllowedError) as e:
        sss.settle([FULL[0], not_a_dragon])
    assert e.value.special == "DR" and "do not make" in e.value.reason
    big = PlayerHand.declare(Special.ALL_BIG, "8s 9c 9d Ts Jd Qc Kh Ac Kd Qd Jc Th Ad")
    with pytest.raises(sss.SpecialNotAllowedError) as e:
        sss.settle([FULL[3], big], "hk")
    assert e.value.special == "AB" and "not enabled" in e.value.reason
    assert sss.settle([FULL[3], big], "classic").totals == (-15, 15)
    with pytest.raises(sss.UnknownSpecialError):
        PlayerHand.declare("XYZ", DRAGON)


def test_bad_money():
    water = [-1, 1]
    with pytest.raises(sss.InvalidMoneyError, match=r"the carry of seat 1 is negative \(-3\)"):
        sss.settle_money(water, 1, [5, -3])
    with pytest.raises(sss.InvalidMoneyError, match=r"the base stake is negative \(-1\)"):
        sss.settle_money(water, -1)
    with pytest.raises(sss.InvalidMoneyError, match="rake 101/100 is over 100%"):
        sss.settle_money(water, 1, rake=Fraction(101, 100))
    with pytest.raises(sss.InvalidMoneyError, match="is negative"):
        sss.settle_money(water, 1, rake=Fraction(-1, 20))
    with pytest.raises(sss.InvalidMoneyError, match="1 carries for 2 seats"):
        sss.settle_money(water, 1, [5])
    with pytest.raises(sss.InvalidMoneyError, match="out of range"):
        sss.settle_money(water, 2**70)
    with pytest.raises(sss.InvalidTableError):
        sss.settle_money([1], 1)
    with pytest.raises(sss.InvalidTableError):
        sss.escape(4, 4, 1)
    with pytest.raises(sss.InvalidArgumentError, match="840ths"):
        sss.settle_money([Fraction(1, 9), Fraction(-1, 9)], 1)
    with pytest.raises(sss.InvalidMoneyError):
        table("classic", *C).money(10, [1, 2, -3])
    for bad in (0.05, "5%", True):
        with pytest.raises(TypeError):
            sss.settle_money(water, 1, rake=bad)
    with pytest.raises(TypeError):
        sss.settle_money("12", 1)


def test_wrong_python_types():
    with pytest.raises(TypeError):
        sss.settle(C[0])
    with pytest.raises(TypeError):
        sss.settle([1, 2])
    with pytest.raises(TypeError):
        sss.settle(C, rules=3)
    with pytest.raises(TypeError):
        PlayerHand.declare(1, DRAGON)
    with pytest.raises(TypeError):
        PlayerHand.arranged("Qs Qh Qd", "2c 2d 2h 2s 9c")


# ---------------------------------------------------------------------------------------------
# An independent model of RULES.md §4–§6 and §9 ranked (on reference.py's evaluator)
# ---------------------------------------------------------------------------------------------


def model_totals(seats, rules, banker=None):
    """Totals in units of 1/840 (`WATER_DENOMINATOR`). `seats`: ("arranged", 13 codes) or ("special", id, 13 codes); `banker`
    the banker seat of a banker-mode round (only its pairs are settled, RULES.md §5a)."""
    majority_bonus = rules.majority_bonus

    def settled(i, j):
        return banker is None or banker in (i, j)

    wheel = str(rules.wheel)
    order = {str(s): i for i, (s, _) in enumerate(rules.specials)}
    water = {str(s): w for s, w in rules.specials}
    n = len(seats)
    ranked = rules.scoring == sss.ScoringMode.RANKED

    def bonus(lane, category):
        table = {
            (0, ref.TRIPS): rules.front_trips,
            (1, ref.FULL_HOUSE): rules.middle_full_house,
            (1, ref.QUADS): rules.middle_quads,
            (1, ref.STRAIGHT_FLUSH): rules.middle_straight_flush,
            (2, ref.QUADS): rules.back_quads,
            (2, ref.STRAIGHT_FLUSH): rules.back_straight_flush,
            # Five of a kind (RULES.md §11, a deck with extra suits): 1 where the rules list none.
            (1, ref.FIVE_OF_A_KIND): 1 if rules.middle_five_kind is None else rules.middle_five_kind,
            (2, ref.FIVE_OF_A_KIND): 1 if rules.back_five_kind is None else rules.back_five_kind,
        }
        return table.get((lane, category), 1)

    lanes, fouled, specials = {}, {}, {}
    for i, seat in enumerate(seats):
        if seat[0] == "arranged":
            c = seat[1]
            f, m, b = c[:3], c[3:8], c[8:]
            lanes[i] = [ref.value(x, wheel, rules.suit_tiebreak) for x in (f, m, b)]
            fouled[i] = any(ref.foul(f, m, b, wheel, rules.strict_order))
        else:
            specials[i] = (water[seat[1]], order[seat[1]])
    normal = sorted(lanes)
    p = len(normal)

    def cmp(i, j, lane):
        if fouled[i] or fouled[j]:
            return int(fouled[j]) - int(fouled[i])
        a, b = lanes[i][lane], lanes[j][lane]
        return (a > b) - (a < b)

    t = []
    for lane in range(3):
        legal = [lanes[i][lane] for i in normal if not fouled[i]]
        t.append(bonus(lane, max(legal) >> 22) if legal else 1)

    def won(i, j):
        """Lane water i wins from j, with the majority bonus of 2-4 scoring (§4): net of both sides."""
        lane_water = sum(
            (t[lane] if ranked else bonus(lane, lanes[i][lane] >> 22)) for lane in range(3) if cmp(i, j, lane) > 0
        )
        margin = sum(cmp(i, j, lane) for lane in range(3))
        return lane_water + (majority_bonus if margin > 0 else 0)

    total = [0] * n
    if ranked:
        for lane in range(3):
            for i in normal:
                better = sum(1 for j in normal if cmp(j, i, lane) > 0)
                tied = sum(1 for j in normal if cmp(j, i, lane) == 0)
                places = range(better + 1, better + tied + 1)
                total[i] += Fraction(sum(p + 1 - 2 * k for k in places) * t[lane] * UNITS, tied)
    else:
        for i in normal:
            for j in normal:
                if i != j and settled(i, j):
                    total[i] += (won(i, j) - won(j, i)) * UNITS

    def amount(a, players):
        return players - 1 if a == sss.PLAYERS_MINUS_ONE else a

    shooting = rules.shoot_enabled and n >= rules.shoot_min_players

    def shoots(i, j):
        if i not in lanes or j not in lanes or not shooting or fouled[i] or not settled(i, j):
            return False
        if fouled[j] and not rules.foul_counts_as_shot:
            return False
        results = [cmp(i, j, lane) for lane in range(3)]
        wins, losses = results.count(1), results.count(-1)
        return losses == 0 and (wins == 3 or (rules.shoot_allows_ties and wins > 0))

    home_run = None
    if rules.home_run_enabled and shooting and not specials and n >= rules.home_run_min_players:
        home_run = next((i for i in range(n) if all(shoots(i, j) for j in range(n) if j != i)), None)
    for i in range(n):
        for j in range(n):
            if i != j and shoots(i, j):
                lane_water = won(i, j)
                pay = lane_water * rules.shoot_multiplier + amount(rules.shoot_bonus, p if ranked else n)
                if home_run == i:
                    pay = (pay + rules.home_run_bonus) * amount(rules.home_run_multiplier, n)
                total[i] += (pay - lane_water) * UNITS
                total[j] -= (pay - lane_water) * UNITS
    top = max((w for w, _ in specials.values()), default=0)
    for s, (w, rank) in specials.items():
        for q in normal:
            if not settled(s, q):
                continue
            share = Fraction(w * UNITS, p) if ranked else w * UNITS
            total[s] += share
            total[q] -= share
        for o, (_, other) in specials.items():
            if rank < other and settled(s, o):
                paid = top if ranked and p == 0 else w
                total[s] += paid * UNITS
                total[o] -= paid * UNITS
    return total


def test_model_agrees_on_the_worked_examples():
    def seats_of(hands):
        out = []
        for h in hands:
            h = h if isinstance(h, PlayerHand) else PlayerHand.arranged(h)
            codes = [c.code for c in h.cards]
            out.append(("arranged", codes) if h.kind == "arranged" else ("special", str(h.special), codes))
        return out

    for hands in (A, B, C, TIES, F, G, H, I):
        for preset in sss.PRESETS:
            rules = sss.Rules(preset)
            declared = [str(h.special) for h in hands if isinstance(h, PlayerHand) and h.kind == "special"]
            if any(rules.special_water(s) is None for s in declared):
                # chinese_poker has no specials: declaring one is an error.
                with pytest.raises(sss.SpecialNotAllowedError):
                    sss.settle(hands, preset)
                continue
            assert list(sss.settle(hands, preset).totals_units) == model_totals(seats_of(hands), rules)


# ---------------------------------------------------------------------------------------------
# Shared vectors (tests/vectors/settle.json, made by ffi/tests/settle_vectors.rs)
# ---------------------------------------------------------------------------------------------


def vector_hand(seat):
    if seat["kind"] == "special":
        return PlayerHand.declare(seat["special"], seat["cards"])
    c = seat["cards"]
    return PlayerHand.arranged(c[:3], c[3:8], c[8:])


def vector_rake(stakes):
    return Fraction(*stakes["rake"])


def check_money(m, v):
    assert list(m.amounts) == v["amounts"]
    assert (m.rake, m.rounding, m.house) == (v["rake"], v["rounding"], v["house"])
    if "unclaimed" in v:
        assert m.unclaimed == v["unclaimed"]
    assert sum(m.amounts) + m.house + m.unclaimed == 0


def test_vector_tables(settle_vectors):
    rules = {rs["name"]: sss.Rules.from_json(rs["json"]) for rs in settle_vectors["rule_sets"]}
    tables = settle_vectors["tables"]
    assert len(tables) >= 50
    for k, t in enumerate(tables):
        check_vector_table(t, rules[t["rules"]], f"table {k} ({t['rules']})")


def check_vector_table(t, r, what):
    """One table of settle.json, or of banker.json (with "banker", and "majority" per pair)."""
    banker = t.get("banker")
    s = sss.settle([vector_hand(seat) for seat in t["seats"]], r, banker=banker)
    assert s.banker == banker, what
    assert [str(w) for w in s.totals] == t["totals"], what
    assert list(s.totals_units) == t["units"], what
    assert [[int(w * UNITS) for w in row] for row in s.matrix] == t["matrix"], what
    model_seats = [
        ("special", seat["special"], seat["cards"]) if seat["kind"] == "special" else ("arranged", seat["cards"])
        for seat in t["seats"]
    ]
    assert model_totals(model_seats, r, banker) == t["units"], what
    assert len(s.pairs) == len(t["pairs"]), what
    for p, v in zip(s.pairs, t["pairs"]):
        assert list(p.seats) == v["seats"] and p.kind == v["kind"] and p.lane_water == v["net"], what
        assert p.water * UNITS == v["units"], what
        if v["winners"] is None:
            assert p.lanes is None
        else:
            assert [lane.winner for lane in p.lanes] == v["winners"], what
            assert [lane.water for lane in p.lanes] == v["lane_water"], what
        shot = None if p.shot is None else {
            "shooter": p.shot.shooter, "victim": p.shot.victim, "lane_water": p.shot.lane_water, "value": p.shot.value
        }
        assert shot == v["shot"] and p.home_run == v["home_run"], what
        special = None if p.special is None else {
            "winner": p.special.winner,
            "special": None if p.special.special is None else str(p.special.special),
            "units": int(p.special.water * UNITS),
        }
        assert special == v["special"], what
        if "majority" in v:
            majority = None if v["majority"] is None else (v["majority"]["winner"], v["majority"]["water"])
            assert p.majority == majority, what
    events = []
    for e in s.events:
        d = {"kind": e.kind, "seat": e.seat}
        if e.kind == "foul":
            d["foul_bits"] = int(e.front_over_middle) | int(e.middle_over_back) << 1
        elif e.kind == "special":
            d["special"] = str(e.special)
        elif e.kind == "shot":
            d.update(victim=e.victim, value=e.value)
        elif e.kind == "home_run":
            d["value"] = e.value
        events.append(d)
    assert events == t["events"], what
    rlw = t["ranked_lane_water"]
    assert s.ranked_lane_water == (None if rlw is None else tuple(rlw)), what
    st = t["stakes"]
    check_money(s.money(st["base"], st["carries"], vector_rake(st)), t["money"])


def test_vector_money_and_escapes(settle_vectors):
    for v in settle_vectors["money"]:
        st = v["stakes"]
        water = [Fraction(x, UNITS) for x in v["units"]]
        check_money(sss.settle_money(water, st["base"], st["carries"], vector_rake(st)), v)
    for v in settle_vectors["escapes"]:
        st = v["stakes"]
        check_money(sss.escape(v["seats"], v["leaver"], st["base"], st["carries"], vector_rake(st)), v)


ERRORS = {
    "bad_card_code": sss.BadCardCodeError,
    "duplicate_card": sss.DuplicateCardError,
    "wrong_card_count": sss.WrongCardCountError,
    "special_not_allowed": sss.SpecialNotAllowedError,
    "invalid_table": sss.InvalidTableError,
    "invalid_money": sss.InvalidMoneyError,
}


def test_vector_errors(settle_vectors):
    rules = {rs["name"]: sss.Rules.from_json(rs["json"]) for rs in settle_vectors["rule_sets"]}
    for v in settle_vectors["errors"]:
        with pytest.raises(ERRORS[v["kind"]]) as e:
            sss.settle([vector_hand(seat) for seat in v["seats"]], rules[v["rules"]])
        assert e.value.kind == v["kind"]
        if "position" in v:
            assert e.value.position == v["position"]
    for v in settle_vectors["seat_errors"]:
        with pytest.raises(ERRORS[v["kind"]]) as e:
            if "special" in v:
                PlayerHand.declare(v["special"], v["cards"])
            else:
                PlayerHand.arranged(v["front"], v["middle"], v["back"])
        if "position" in v:
            assert e.value.position == v["position"]
    for v in settle_vectors["money_errors"]:
        st = v["stakes"]
        with pytest.raises(ERRORS[v["kind"]]):
            # A 0/0 rake is no Fraction: pass it as the exact pair the engine refuses.
            rake = vector_rake(st) if st["rake"][1] != 0 else _ZeroOverZero()
            sss.settle_money([Fraction(x, UNITS) for x in v["units"]], st["base"], st["carries"], rake)


class _ZeroOverZero:
    """A rational-looking object with denominator 0 (Fraction refuses to make one)."""

    numerator = 0
    denominator = 0


# ---------------------------------------------------------------------------------------------
# Banker mode (RULES.md §5a), 2-4 scoring and "players − 1" (tests/vectors/banker.json)
# ---------------------------------------------------------------------------------------------


def test_banker_vector_tables(banker_vectors):
    rules = {rs["name"]: sss.Rules.from_json(rs["json"]) for rs in banker_vectors["rule_sets"]}
    tables = banker_vectors["tables"]
    assert len(tables) >= 60
    assert any(t["banker"] is not None for t in tables) and any(t["banker"] is None for t in tables)
    for k, t in enumerate(tables):
        check_vector_table(t, rules[t["rules"]], f"banker table {k} ({t['rules']}, banker {t['banker']})")


def test_banker_vector_errors(banker_vectors):
    rules = {rs["name"]: sss.Rules.from_json(rs["json"]) for rs in banker_vectors["rule_sets"]}
    for v in banker_vectors["errors"]:
        with pytest.raises(ERRORS[v["kind"]]) as e:
            sss.settle([vector_hand(seat) for seat in v["seats"]], rules[v["rules"]], banker=v["banker"])
        assert e.value.kind == v["kind"] and "banker" in str(e.value)
    assert len(banker_vectors["rules_errors"]) >= 5
    for v in banker_vectors["rules_errors"]:
        with pytest.raises(sss.InvalidRulesError) as e:
            sss.Rules.from_json(v["json"])
        assert f"at `{v['path']}`" in str(e.value)


def test_banker_mode():
    banker_rules = sss.Rules("classic", table="banker")
    assert banker_rules.table is sss.Table.BANKER
    # Table C, banker 1: C0 shoots the banker (3 + 8 + 5 + 1 = 17), the banker beats C2 by 1;
    # C0 and C2 settle nothing between themselves.
    s = sss.settle(C, banker_rules, banker=1)
    assert s.banker == 1
    assert list(s.totals) == [17, -16, -1]
    assert s.matrix[0][2] == 0 and [p.seats for p in s.pairs] == [(0, 1), (1, 2)]
    assert s.pair(0, 2) is None
    assert [(e.kind, e.seat) for e in s.events] == [("banker", 1), ("shot", 0)]
    assert s.to_dict()["banker"] == 1
    # Banker 0 shoots both: a home run ×4, 68 from each.
    s = sss.settle(C, banker_rules, banker=0)
    assert list(s.totals) == [136, -68, -68] and s.home_run_seat == 0
    # All pairs has no banker.
    assert sss.settle(C, "classic").banker is None


def test_banker_errors():
    banker_rules = sss.Rules("kx", table=sss.Table.BANKER)
    with pytest.raises(sss.InvalidTableError, match="banker mode"):
        sss.settle(C, banker_rules)
    for seat in (3, 99, -1, 2**70):
        with pytest.raises(sss.InvalidTableError, match="not at the table"):
            sss.settle(C, banker_rules, banker=seat)
    with pytest.raises(sss.InvalidTableError, match="all_pairs"):
        sss.settle(C, "kx", banker=0)
    for bad in ("1", 1.0, True):
        with pytest.raises(TypeError):
            sss.settle(C, banker_rules, banker=bad)


def test_two_four_scoring():
    # chinese_poker: C0 wins all three lanes against C1: 3 + 1 majority.
    s = sss.settle(C[:2], "chinese_poker")
    assert list(s.totals) == [4, -4]
    assert s.pairs[0].majority == (0, 1) and s.pairs[0].lane_water == 4 and s.pairs[0].shot is None
    # The bonus inside a shot's multiplier: kx with a majority bonus of 1, (16 + 1) × 2 per shot.
    kx24 = sss.Rules("kx", majority_bonus=1)
    assert list(sss.settle(C, kx24).totals)[0] == 68
    assert sss.settle(C, "kx").pairs[0].majority is None
