"""Special hands (RULES.md §6): `detect_special`, `SpecialDetection`, the `Special` enum
and `parse_special`, checked three ways: hands worked out by hand, an independent model of §6
written here (counting, and a search of every 3/5/5 split with the reference evaluator of
reference.py), and the shared vectors tests/vectors/special.json made by the Rust core.
"""

import itertools
import json
import pathlib
import pickle
from collections import Counter

import pytest

import reference as ref
import shisanshui as sss
from shisanshui import Special

ROOT = pathlib.Path(__file__).resolve().parents[2]
SPECIAL_VECTORS = ROOT / "tests" / "vectors" / "special.json"

# RULES.md §6 in table order: the engine's (and the C ABI's) numbers.
IDS = ["SD", "DR", "TR", "TSF", "TQ", "AB", "AS", "OC", "TTQ", "FT", "FPT", "SP", "TF", "TS", "BR", "RB"]


@pytest.fixture(scope="module")
def special_vectors():
    assert SPECIAL_VECTORS.exists(), f"{SPECIAL_VECTORS} is missing: run the ffi test special_vectors"
    data = json.loads(SPECIAL_VECTORS.read_text(encoding="utf-8"))
    assert data["version"] == 1
    return data


# ---------------------------------------------------------------------------------------------
# An independent model of RULES.md §6
# ---------------------------------------------------------------------------------------------


def _straight(codes):
    ranks = sorted(c // 4 for c in codes)
    if len(set(ranks)) != len(ranks):
        return False
    if ranks == [0, 1, 12] or ranks == [0, 1, 2, 3, 12]:  # A-2-3, the wheel
        return True
    return ranks[-1] - ranks[0] == len(ranks) - 1


def _flush(codes):
    return len({c % 4 for c in codes}) == 1


PIECES = {
    "TSF": lambda c: _straight(c) and _flush(c),
    "TF": _flush,
    "TS": _straight,
}


_FIVE_OF_EIGHT = list(itertools.combinations(range(8), 5))


def _codes_of(mask):
    return [c for c in range(52) if mask >> c & 1]


def model_layout(codes, special, wheel="second_highest", suit_tiebreak=False, strict_order=False):
    """The preferred legal split realising TSF / TF / TS as (back, middle, front) reference
    values, or None: every 5-card piece as the middle, every piece of the other 8 cards as the
    back, the rest as the front; the strongest by (back, middle, front) that does not foul.
    Card sets are bit masks (bit = code) to keep the search quick."""
    ok = PIECES[special]
    hand = sum(1 << c for c in codes)
    pieces = {sum(1 << c for c in f) for f in itertools.combinations(codes, 5) if ok(f)}
    fronts = {sum(1 << c for c in f) for f in itertools.combinations(codes, 3) if ok(f)}
    values = {}

    def value(mask):
        if mask not in values:
            values[mask] = ref.value(_codes_of(mask), wheel, suit_tiebreak)
        return values[mask]

    candidates = []
    for middle in pieces:
        rest = [1 << c for c in _codes_of(hand & ~middle)]
        for pick in _FIVE_OF_EIGHT:
            back = rest[pick[0]] | rest[pick[1]] | rest[pick[2]] | rest[pick[3]] | rest[pick[4]]
            front = hand & ~middle & ~back
            if back in pieces and front in fronts:
                candidates.append(((value(back), value(middle), value(front)), front, middle, back))
    candidates.sort(key=lambda c: c[0], reverse=True)
    for key, front, middle, back in candidates:
        if not any(ref.foul(_codes_of(front), _codes_of(middle), _codes_of(back), wheel, strict_order)):
            return key
    return None


def model_qualifies(codes, wheel="second_highest", strict_order=False, twelve_royals_min=13, split_quads=True):
    """Ids of every special the 13 codes make under these options, enabled or not."""
    counts = Counter(c // 4 for c in codes)
    shape = Counter(counts.values())
    singles, pairs, trips, quads = shape[1], shape[2], shape[3], shape[4]
    reds = sum(1 for c in codes if c % 4 in (0, 2))
    dragon = len(counts) == 13
    found = {
        "SD": dragon and _flush(codes),
        "DR": dragon,
        "TR": sum(1 for c in codes if c // 4 >= 9) >= twelve_royals_min,
        "TQ": quads == 3,
        "AB": all(c // 4 >= 6 for c in codes),
        "AS": all(c // 4 <= 6 for c in codes),
        "OC": reds in (0, 13),
        "TTQ": quads == 1 and trips == 3,
        "FT": trips == 4 or (split_quads and quads == 1 and trips == 3),
        "FPT": trips == 1 and singles == 0 and pairs + 2 * quads == 5 and (split_quads or quads == 0),
        "SP": singles == 1 and trips == 0 and pairs + 2 * quads == 6 and (split_quads or quads == 0),
        "BR": reds == 1,
        "RB": reds == 12,
    }
    for s in PIECES:
        found[s] = model_layout(codes, s, wheel, strict_order=strict_order) is not None
    return {s for s, yes in found.items() if yes}


def check_with_model(codes, rules, got):
    """The engine's detection equals the model's, and its arrangement is the preferred one."""
    wheel, tb = rules.wheel.value, rules.suit_tiebreak
    qualifies = model_qualifies(codes, wheel, rules.strict_order, rules.twelve_royals_min, rules.split_quads)
    expected = [s for s, _ in rules.specials if s in qualifies]
    assert [s.id for s in got.all] == expected
    assert got.best == (expected[0] if expected else None)
    if got.best is None or not got.best.is_lane_split:
        assert got.arrangement is None
        return
    a = got.arrangement
    assert sorted(c.code for c in a.cards) == sorted(codes)
    lanes = [[c.code for c in lane] for lane in (a.front, a.middle, a.back)]
    assert all(PIECES[got.best.id](lane) for lane in lanes)
    assert not sss.check_arrangement(a.front, a.middle, a.back, rules).is_foul
    front, middle, back = lanes
    key = tuple(ref.value(x, wheel, tb) for x in (back, middle, front))
    assert key == model_layout(codes, got.best.id, wheel, tb, rules.strict_order)


# ---------------------------------------------------------------------------------------------
# Hands worked out by hand
# ---------------------------------------------------------------------------------------------


def _extras():
    """Regional with the two regional extras put first, through its JSON."""
    data = sss.Rules.preset("regional").to_dict()
    data["specials"] = [{"special": "BR", "water": 7}, {"special": "RB", "water": 9}] + data["specials"]
    return sss.Rules.from_json(json.dumps(data))


CASES = [
    # Supreme dragon: SD first; hk lists no SD, so there it is a dragon.
    ("classic", "2s 3s 4s 5s 6s 7s 8s 9s Ts Js Qs Ks As", "SD DR TSF OC TF TS", None),
    ("hk", "2s 3s 4s 5s 6s 7s 8s 9s Ts Js Qs Ks As", "DR TF TS", None),
    ("classic", "2s 3h 4s 5h 6d 7h 8c 9h Td Jc Qd Kd Ad", "DR TS", None),
    ("classic", "2s 3h 4s 5h 6d 7h 8c 8h Td Jc Qd Kd Ad", "", None),
    # Twelve royals: 13 royals (three quads, six pairs by split quads); 12 only under hk.
    ("classic", "Js Jh Jd Jc Qs Qh Qd Qc Ks Kh Kd Kc As", "TR TQ AB SP", None),
    ("hk", "Js Jh Jd Jc Qs Qh Qd Qc Ks Kh Kd Kc As", "TR SP", None),
    ("hk", "Js Jh Jd Qs Qh Qd Ks Kh Kd As Ah Ad 2c", "TR", None),
    ("classic", "Js Jh Jd Qs Qh Qd Ks Kh Kd As Ah Ad 2c", "FT", None),
    ("hk", "Js Jh Jd Qs Qh Qd Ks Kh Kd As Ah 3d 2c", "", None),
    # Three straight flushes; the wheel straight flush is the back only under second_highest.
    ("classic", "Ah 2h 3h 5c 6c 7c 8c 9c 9d Td Jd Qd Kd", "TSF TF TS", "Ah 3h 2h / 9c 8c 7c 6c 5c / Kd Qd Jd Td 9d"),
    ("classic", "Jh Qh Kh Ac 2c 3c 4c 5c 5d 6d 7d 8d 9d", "TSF TF TS", "Kh Qh Jh / 9d 8d 7d 6d 5d / Ac 5c 4c 3c 2c"),
    ("hk", "Jh Qh Kh Ac 2c 3c 4c 5c 5d 6d 7d 8d 9d", "TF TS", "Kh Qh Jh / Ac 5c 4c 3c 2c / 9d 8d 7d 6d 5d"),
    ("classic", "Ah 2h 3d 5c 6c 7c 8c 9c 9d Td Jd Qd Kd", "TS", "Ah 3d 2h / 9c 8c 7c 6c 5c / Kd Qd Jd Td 9d"),
    # Three quads; hk has none: six pairs.
    ("classic", "2s 2h 2d 2c 5s 5h 5d 5c 9s 9h 9d 9c Kd", "TQ SP", None),
    ("hk", "2s 2h 2d 2c 5s 5h 5d 5c 9s 9h 9d 9c Kd", "SP", None),
    # All big, all small, near misses.
    ("classic", "8s 9h Td Jc Qs Kh Ad 8d 9c Tc Js Qd 8c", "AB", None),
    ("classic", "2s 2h 2d 3c 4s 5h 6d 7c 8s 3h 4d 5c 6s", "AS", None),
    ("classic", "2s 2h 2d 3c 4s 5h 6d 7c 9s 3h 4d 5c 6s", "", None),
    # One colour.
    ("classic", "2s 3s 5s 7s 9s Js Ks 2c 4c 6c 8c Tc Qc", "OC", None),
    ("classic", "2h 3h 5h 7h 9h Jh Kh 2d 4d 6d 8d Td Qd", "OC", None),
    ("classic", "2s 3s 5s 7s 9s Js Ks 2c 4c 6c 8c Tc Qh", "", None),
    # Three trips and a quad (regional); classic splits the quad into four trips.
    ("regional", "2s 2h 2d 2c 5s 5h 5d 9s 9h 9d Ks Kh Kd", "TTQ FT", None),
    ("classic", "2s 2h 2d 2c 5s 5h 5d 9s 9h 9d Ks Kh Kd", "FT", None),
    # Four trips (none in hk), five pairs + trips, six pairs (quads as two pairs).
    ("classic", "2s 2h 2d 5s 5h 5d 9s 9h 9d Ks Kh Kd 3c", "FT", None),
    ("hk", "2s 2h 2d 5s 5h 5d 9s 9h 9d Ks Kh Kd 3c", "", None),
    ("classic", "2s 2h 2d 5s 5h 7d 7c 9s 9h Jd Jc Ks Kh", "FPT", None),
    ("classic", "2s 2h 2d 2c 5s 5h 5d 7d 7c 9s 9h Ks Kh", "FPT", None),
    ("classic", "2s 2h 4d 4c 6s 6h 8d 8c Ts Th Qd Qc As", "SP", None),
    ("classic", "2s 2h 2d 2c 4d 4c 6s 6h 8d 8c Ts Th As", "SP", None),
    ("classic", "2s 2h 4d 4c 6s 6h 8d 8c Ts Th Qd Kc As", "", None),
    # Trips never split: five pairs + trips is not six pairs.
    ("classic", "2s 2h 2d 4d 4c 6s 6h 8d 8c Ts Th Qd Qc", "FPT", None),
    # Three flushes; three straights (the worked case: 3-4-5 / 7-J / 9-K).
    ("classic", "2h 5h 9h 3c 6c 8c Tc Qc 4d 7d Jd Kd 2d", "TF", "9h 5h 2h / Qc Tc 8c 6c 3c / Kd Jd 7d 4d 2d"),
    ("classic", "3s 4d 5c 7h 8h 9d Td Jc 9s Ts Jh Qd Kc", "TS", "5c 4d 3s / Jc Td 9d 8h 7h / Kc Qd Jh Ts 9s"),
    ("classic", "3s 4d 6c 7h 8h 9d Td Jc 9s Ts Jh Qd Kc", "", None),
    # Several specials, in each preset's order.
    ("classic", "2s 3s 4s 5s 6s 7s 8s 2c 3c 4c 5c 6c 7c", "AS OC SP", None),
    ("regional", "2s 3s 4s 5s 6s 7s 8s 2c 3c 4c 5c 6c 7c", "OC AS SP", None),
    ("hk", "2s 3s 4s 5s 6s 7s 8s 2c 3c 4c 5c 6c 7c", "SP", None),
    # The regional extras, enabled (first) through JSON.
    ("extras", "2s 3s 5s 7s 9s Js Ks 2c 4c 6c 8c Tc Qh", "BR", None),
    ("extras", "2h 3h 5h 7h 9h Jh Kh 2d 4d 6d 8d Td Qs", "RB", None),
    ("extras", "2s 3s 4s 5s 6s 7s 8s 9s Ts Js Qs Ks Ah", "BR DR TS", None),
    ("classic", "As Kd Qh Js 9c 8d 7h 5s 4c 3d 2h Tc Td", "", None),
]


@pytest.mark.parametrize("rules_name, hand, expected, arrangement", CASES)
def test_hand_written(rules_name, hand, expected, arrangement):
    rules = _extras() if rules_name == "extras" else sss.Rules.preset(rules_name)
    got = sss.detect_special(hand, rules)
    assert " ".join(s.id for s in got.all) == expected
    assert got.best == (got.all[0] if got.all else None)
    assert all(isinstance(s, Special) for s in got.all)
    assert (str(got.arrangement) if got.arrangement else None) == arrangement
    if got.arrangement is not None:
        assert not got.arrangement.evaluate(rules).is_foul
    # Cards, codes and text all say the same; so does the model.
    cards = sss.parse_cards(hand)
    assert sss.detect_special(cards, rules) == got
    assert sss.detect_special([c.code for c in cards], rules) == got
    check_with_model([c.code for c in cards], rules, got)


def test_equal_flushes_foul_only_under_strict_order():
    hand = "2c 3c 5c As Qs 9s 5s 3s Ah Qh 9h 5h 3h"
    got = sss.detect_special(hand)
    assert got.all == (Special.THREE_FLUSHES,)
    assert str(got.arrangement) == "5c 3c 2c / Ah Qh 9h 5h 3h / As Qs 9s 5s 3s"
    strict = sss.detect_special(hand, sss.Rules(strict_order=True))
    assert (strict.best, strict.all, strict.arrangement) == (None, (), None)


def test_rules_argument_forms():
    hand = "2s 3s 4s 5s 6s 7s 8s 9s Ts Js Qs Ks As"
    assert sss.detect_special(hand).best is Special.SUPREME_DRAGON  # None is classic
    assert sss.detect_special(hand, "hk").best is Special.DRAGON
    assert sss.detect_special(hand, rules=sss.Rules("hk")).all == (Special.DRAGON, Special.THREE_FLUSHES,
                                                                   Special.THREE_STRAIGHTS)
    # Disabling a special in a rule set removes it; the next one becomes the best.
    rules = sss.Rules()
    rules.specials = [(s, w) for s, w in rules.specials if s not in (Special.SUPREME_DRAGON, "DR")]
    assert sss.detect_special(hand, rules).best is Special.THREE_STRAIGHT_FLUSHES
    assert sss.detect_special(hand, rules).arrangement is not None


def test_repr():
    ts = sss.detect_special("3s 4d 5c 7h 8h 9d Td Jc 9s Ts Jh Qd Kc")
    assert repr(ts) == "<SpecialDetection TS 三顺子; all TS; 5c 4d 3s / Jc Td 9d 8h 7h / Kc Qd Jh Ts 9s>"
    sd = sss.detect_special("2s 3s 4s 5s 6s 7s 8s 9s Ts Js Qs Ks As")
    assert repr(sd) == "<SpecialDetection SD 至尊清龙; all SD DR TSF OC TF TS>"
    assert repr(sss.detect_special("As Kd Qh Js 9c 8d 7h 5s 4c 3d 2h Tc Td")) == "<SpecialDetection none>"
    assert ts != sd and ts == sss.detect_special("3s 4d 5c 7h 8h 9d Td Jc 9s Ts Jh Qd Kc")


# ---------------------------------------------------------------------------------------------
# The Special enum
# ---------------------------------------------------------------------------------------------


def test_special_enum_members_and_names():
    assert [s.value for s in Special] == IDS
    assert [s.number for s in Special] == list(range(16))
    for s in Special:
        assert s == s.id and str(s) == s.id and isinstance(s, str)
        assert Special(s.id) is s and Special(s.id.lower()) is s
        assert Special(s.label) is s and Special(s.label.upper().replace(" ", "_")) is s
        assert Special(s.chinese) is s
        assert sss.parse_special(s.label) is s and sss.parse_special(s.chinese) is s
        assert pickle.loads(pickle.dumps(s)) is s
    assert Special.THREE_STRAIGHTS.label == "three straights" and Special.THREE_STRAIGHTS.chinese == "三顺子"
    assert [s.id for s in Special if s.is_lane_split] == ["TSF", "TF", "TS"]


def test_special_names_match_the_engine(special_vectors):
    for record in special_vectors["specials"]:
        s = Special(record["id"])
        assert (s.number, s.label, s.chinese) == (record["number"], record["name"], record["chinese"])


def test_rules_specials_are_enum_members():
    kx = sss.Rules.preset("kx")
    assert all(isinstance(s, Special) for s, _ in kx.specials)
    # Still equal to (id, water) tuples, as before the enum existed.
    assert kx.specials[-2:] == [("TS", 4), ("TF", 3)]
    assert [s for s, _ in sss.Rules.preset("hk").specials] == [
        Special.DRAGON, Special.TWELVE_ROYALS, Special.THREE_FLUSHES, Special.THREE_STRAIGHTS,
        Special.SIX_PAIRS, Special.FIVE_PAIRS_TRIPS,
    ]
    assert kx.special_water(Special.SUPREME_DRAGON) == 32
    assert sss.Rules.preset("hk").special_water(Special.SUPREME_DRAGON) is None
    rules = sss.Rules()
    rules.specials = {Special.DRAGON: 20, "三顺子": 2}
    assert rules.specials == [(Special.DRAGON, 20), (Special.THREE_STRAIGHTS, 2)]


# ---------------------------------------------------------------------------------------------
# Bad input
# ---------------------------------------------------------------------------------------------

DRAGON = "2s 3h 4s 5h 6d 7h 8c 9h Td Jc Qd Kd Ad"


def test_wrong_card_count():
    cards = sss.parse_cards(DRAGON)
    with pytest.raises(sss.WrongCardCountError) as e:
        sss.detect_special(cards[:12])
    assert (e.value.expected, e.value.found, str(e.value)) == (13, 12, "expected 13 cards, got 12")
    with pytest.raises(sss.WrongCardCountError, match="got 14"):
        sss.detect_special(DRAGON + " 2d")
    with pytest.raises(sss.WrongCardCountError, match="got 0"):
        sss.detect_special([])


def test_duplicates_and_bad_codes():
    codes = [c.code for c in sss.parse_cards(DRAGON)]
    dup = codes[:7] + [codes[2]] + codes[8:]
    with pytest.raises(sss.DuplicateCardError) as e:
        sss.detect_special(dup)
    assert e.value.position == 7 and str(e.value) == "duplicate card 4s at position 7 (one deck holds it once; a rule set with extra suits holds their cards twice: rule option extra_suits)"
    with pytest.raises(sss.DuplicateCardError, match="position 12"):
        sss.detect_special(DRAGON.replace("Ad", "2s"))
    # The core's order (special.json records it): codes, then the count, then copies; so a
    # short hand with a duplicate is the wrong count.
    with pytest.raises(sss.WrongCardCountError):
        sss.detect_special([5, 5])
    for bad in (52, -1, 2**70):
        with pytest.raises(sss.BadCardCodeError):
            sss.detect_special(codes[:12] + [bad])
    with pytest.raises(sss.UnknownRankError, match='"1d" at position 12'):
        sss.detect_special(DRAGON.replace("Ad", "1d"))
    with pytest.raises(TypeError):
        sss.detect_special(codes[:12] + [True])
    with pytest.raises(TypeError):
        sss.detect_special(DRAGON, rules=3)
    with pytest.raises(sss.UnknownPresetError):
        sss.detect_special(DRAGON, rules="macau")


def test_unknown_special_names():
    for text in ("XYZ", "", "dragons", "三顺", "T S"):
        with pytest.raises(sss.UnknownSpecialError) as e:
            sss.parse_special(text)
        assert e.value.name == text and str(e.value) == f"unknown special hand {json.dumps(text, ensure_ascii=False)}"
        with pytest.raises(ValueError):  # the enum's own call raises the same, a ValueError
            Special(text)
    with pytest.raises(TypeError):
        sss.parse_special(3)
    with pytest.raises(ValueError):
        Special(3)
    with pytest.raises(sss.UnknownSpecialError):
        sss.Rules().special_water("XYZ")


def test_malformed_rule_sets_name_the_path():
    data = sss.Rules().to_dict()
    for change, path in [
        (lambda d: d["specials"][3].__setitem__("special", "XYZ"), "specials[3].special"),
        (lambda d: d["specials"][3].__setitem__("special", "DR"), "specials[3].special"),
        (lambda d: d["specials"][5].__setitem__("water", 0), "specials[5].water"),
        (lambda d: d.__setitem__("twelve_royals_min", 14), "twelve_royals_min"),
    ]:
        bad = json.loads(json.dumps(data))
        change(bad)
        with pytest.raises(sss.InvalidRulesError) as e:
            sss.Rules.from_json(json.dumps(bad))
        assert e.value.path == path and path in str(e.value)


# ---------------------------------------------------------------------------------------------
# The shared vectors, and the model on them
# ---------------------------------------------------------------------------------------------


def _rule_sets(special_vectors):
    return {r["name"]: sss.Rules.from_json(r["json"]) for r in special_vectors["rule_sets"]}


def test_vectors(special_vectors):
    rule_sets = _rule_sets(special_vectors)
    hands = special_vectors["hands"]
    assert len(hands) >= 100
    seen_best = set()
    for record in hands:
        rules = rule_sets[record["rules"]]
        assert [c.code for c in sss.parse_cards(record["text"])] == record["codes"], record
        got = sss.detect_special(record["codes"], rules)
        assert [s.id for s in got.all] == record["all"], record
        assert (got.best.id if got.best else None) == record["best"], record
        if got.best is not None:
            assert rules.special_water(got.best) == record["water"], record
        a = record["arrangement"]
        if a is None:
            assert got.arrangement is None, record
        else:
            assert [[c.code for c in lane] for lane in (got.arrangement.front, got.arrangement.middle,
                                                         got.arrangement.back)] == [a["front"], a["middle"],
                                                                                    a["back"]], record
        assert sss.detect_special(record["text"], rules) == got
        seen_best.add(record["best"])
    assert seen_best >= set(IDS)


def test_vectors_against_the_model(special_vectors):
    rule_sets = _rule_sets(special_vectors)
    for record in special_vectors["hands"]:
        rules = rule_sets[record["rules"]]
        check_with_model(record["codes"], rules, sss.detect_special(record["codes"], rules))


def test_vector_names_and_errors(special_vectors):
    for record in special_vectors["names"]:
        if "special" in record:
            assert sss.parse_special(record["text"]) is Special(record["special"])
        else:
            assert record["kind"] == "unknown_special"
            with pytest.raises(sss.UnknownSpecialError):
                sss.parse_special(record["text"])
    rule_sets = _rule_sets(special_vectors)
    kinds = {
        "bad_card_code": sss.BadCardCodeError,
        "duplicate_card": sss.DuplicateCardError,
        "wrong_card_count": sss.WrongCardCountError,
        "invalid_rules": sss.InvalidRulesError,
    }
    errors = special_vectors["errors"]
    assert {e["kind"] for e in errors} == set(kinds)
    for record in errors:
        with pytest.raises(kinds[record["kind"]]) as e:
            if "rules_json" in record:
                sss.Rules.from_json(record["rules_json"])
            else:
                sss.detect_special(record["codes"], rule_sets[record["rules"]])
        assert e.value.kind == record["kind"]
        if "position" in record:
            assert e.value.position == record["position"]
        if "path" in record:
            assert e.value.path == record["path"]


def test_model_on_random_deals():
    # Random 13-card deals under presets that differ in order and options; fixed seed.
    import random

    rng = random.Random(20261129)
    deck = list(range(52))
    presets = {name: sss.Rules.preset(name) for name in ("classic", "hk", "regional")}
    for i in range(60):
        codes = rng.sample(deck, 13)
        rules = presets[("classic", "hk", "regional")[i % 3]]
        check_with_model(codes, rules, sss.detect_special(codes, rules))
