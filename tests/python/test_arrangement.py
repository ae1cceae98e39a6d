"""Arrangements and the foul check of RULES.md §2, against the model in reference.py."""

import itertools
import pickle
import random

import pytest

import reference as ref
import shisanshui as sss

TEXT = "Kd Kc 9h / Ks Kh 9s 5s 3h / As Ad Ah 2c 2d"


def test_equal_front_and_middle_is_legal_unless_strict():
    # K K 9 against K K 9 5 3: equal on the first three ranks, so equal (§2).
    e = sss.check_arrangement("Kd Kc 9h", "Ks Kh 9s 5s 3h", "As Ad Ah 2c 2d")
    assert (e.front_over_middle, e.middle_over_back, e.is_foul) == (False, False, False)
    strict = sss.check_arrangement("Kd Kc 9h", "Ks Kh 9s 5s 3h", "As Ad Ah 2c 2d", sss.Rules(strict_order=True))
    assert (strict.front_over_middle, strict.middle_over_back, strict.is_foul) == (True, False, True)


def test_equal_middle_and_back_is_legal_unless_strict():
    lanes = ("2d 3c 5h", "As Ks 9d 5s 3s", "Ah Kh 9c 5c 3h")
    assert not sss.check_arrangement(*lanes).is_foul
    e = sss.check_arrangement(*lanes, rules=sss.Rules(strict_order=True))
    assert (e.front_over_middle, e.middle_over_back) == (False, True)


def test_both_fouls():
    e = sss.check_arrangement("As Ad Ah", "Ks Kh 9s 5s 3h", "Qs Qd 7h 4c 3d")
    assert (e.front_over_middle, e.middle_over_back, e.is_foul) == (True, True, True)


def test_suits_never_decide_a_foul():
    # Same ranks in middle and back; with suit tie-break the middle would be "higher".
    lanes = ("2d 3c 4h", "As Qs 9s 5s 3s", "Ah Qh 9h 5h 3h")
    hk = sss.Rules.preset("hk")
    e = sss.check_arrangement(*lanes, rules=hk)
    assert e.middle > e.back  # the ranks themselves do carry the suit tie-break ...
    assert not e.is_foul  # ... but the foul check ignores it
    assert sss.check_arrangement(*lanes, rules=hk.copy(strict_order=True)).middle_over_back


def test_lane_ranks_are_the_lanes_evaluated():
    a = sss.Arrangement(TEXT)
    for rules in (None, "hk", sss.Rules(wheel="lowest")):
        e = a.evaluate(rules)
        assert e.front == sss.evaluate(a.front, rules)
        assert e.middle == sss.evaluate(a.middle, rules)
        assert e.back == sss.evaluate(a.back, rules)


def test_arrangement_forms():
    a = sss.Arrangement(TEXT)
    codes = [c.code for c in a.cards]
    forms = [
        sss.Arrangement(TEXT.replace("/", "|")),
        sss.Arrangement(TEXT.replace(" / ", " ")),  # 13 cards in lane order
        sss.Arrangement(codes),
        sss.Arrangement.from_cards(codes),
        sss.Arrangement.from_cards(TEXT.replace("/", "")),
        sss.Arrangement("Kd Kc 9h", "Ks Kh 9s 5s 3h", "As Ad Ah 2c 2d"),
        sss.Arrangement(a.front, list(a.middle), [c.code for c in a.back]),
        sss.Arrangement(a),
    ]
    for other in forms:
        assert other == a and hash(other) == hash(a)
    assert str(a) == TEXT
    assert repr(a) == f"Arrangement('{TEXT}')"
    assert eval(repr(a), {"Arrangement": sss.Arrangement}) == a
    assert pickle.loads(pickle.dumps(a)) == a
    assert a.front == tuple(sss.parse_cards("Kd Kc 9h"))
    assert len(a.middle) == len(a.back) == 5 and len(a.cards) == 13
    with pytest.raises(AttributeError):
        a.front = ()


def test_arrangement_errors():
    with pytest.raises(sss.WrongCardCountError) as e:
        sss.Arrangement("As Kd / Qh Jh Th 9h 8h / 2c 3c 4c 5c 6c")
    assert (e.value.expected, e.value.found) == (3, 2)
    with pytest.raises(sss.WrongCardCountError) as e:
        sss.check_arrangement("As Kd Qh", "Jh Th 9h 8h", "2c 3c 4c 5c 6c")
    assert (e.value.expected, e.value.found) == (5, 4)
    with pytest.raises(sss.WrongCardCountError) as e:
        sss.Arrangement(range(12))
    assert (e.value.expected, e.value.found) == (13, 12)
    # Positions count across the lanes: front 0-2, middle 3-7, back 8-12.
    with pytest.raises(sss.DuplicateCardError) as e:
        sss.Arrangement("As Kd Qh / As Jh Th 9h 8h / 2c 3c 4c 5c 6c")
    assert (e.value.card, e.value.position) == (sss.Card("As"), 3)
    with pytest.raises(sss.DuplicateCardError) as e:
        sss.check_arrangement("As Kd Qh", "Jh Th 9h 8h 7h", "2c 3c 4c 5c Th")
    assert e.value.position == 12
    with pytest.raises(sss.DuplicateCardError) as e:
        sss.check_arrangement("As Kd Qh", "Jh Th 9h 8h 9h", "2c 3c 4c 5c 6c")
    assert e.value.position == 7
    for call in (
        lambda: sss.Arrangement("As Kd Qh / Jh Xh 9h 8h 7h / 2c 3c 4c 5c 6c"),
        lambda: sss.check_arrangement("As Kd Qh", "Jh Xh 9h 8h 7h", "2c 3c 4c 5c 6c"),
        lambda: sss.check_arrangement("As Kd Qh", ["Jh", "Xh", 30, 29, 28], "2c 3c 4c 5c 6c"),
    ):
        with pytest.raises(sss.UnknownRankError) as e:
            call()
        assert (e.value.token, e.value.position) == ("Xh", 4)
    with pytest.raises(sss.InvalidArgumentError):
        sss.Arrangement("As Kd Qh / Jh / Th / 2c")
    with pytest.raises(TypeError):
        sss.Arrangement("As Kd Qh", "Jh Th 9h 8h 7h")


def _random_split(rng, deal):
    cards = rng.sample(deal, 13)
    return cards[:3], cards[3:8], cards[8:]


@pytest.mark.parametrize("wheel", ["second_highest", "lowest"])
@pytest.mark.parametrize("suit_tiebreak", [False, True])
@pytest.mark.parametrize("strict_order", [False, True])
def test_random_arrangements_match_the_model(wheel, suit_tiebreak, strict_order):
    rules = sss.Rules(wheel=wheel, suit_tiebreak=suit_tiebreak, strict_order=strict_order)
    rng = random.Random(f"{wheel}{suit_tiebreak}{strict_order}")
    outcomes = set()
    for _ in range(1500):
        # Sorting the deal by rank first makes legal arrangements common, not only fouls.
        front, middle, back = _random_split(rng, list(range(52)))
        if rng.random() < 0.5:
            hand = sorted(front + middle + back)
            front, middle, back = hand[:3], hand[3:8], hand[8:]
        e = sss.check_arrangement(front, middle, back, rules)
        expected = ref.foul(front, middle, back, wheel, strict_order)
        assert (e.front_over_middle, e.middle_over_back) == expected, (front, middle, back)
        assert e.is_foul == any(expected)
        outcomes.add(expected)
    assert len(outcomes) >= 3


@pytest.mark.parametrize("strict_order", [False, True])
def test_equal_lanes_across_every_front_category(strict_order):
    # Fronts that tie the middle on their three ranks (a pair, high cards; trips cannot tie
    # with one deck), and one that loses on the third rank.
    rules = sss.Rules(strict_order=strict_order)
    cases = [
        ("Kd Kc 9h", "Ks Kh 9s 5s 3h"),
        ("Ad Jc 9h", "As Js 9s 5s 3h"),
        ("Ad Jc 8h", "As Js 9s 5s 3h"),
    ]
    back = "Ac Ah 4d 4c 4h"
    for front, middle in cases:
        f = [c.code for c in sss.parse_cards(front)]
        m = [c.code for c in sss.parse_cards(middle)]
        b = [c.code for c in sss.parse_cards(back)]
        e = sss.check_arrangement(f, m, b, rules)
        assert (e.front_over_middle, e.middle_over_back) == ref.foul(f, m, b, "second_highest", strict_order)


def test_repr_of_the_evaluation():
    e = sss.Arrangement(TEXT).evaluate()
    assert repr(e) == "<ArrangementEval legal; front one pair, K; middle one pair, K; back full house, A over 2>"
    f = sss.check_arrangement("As Ad Ah", "Ks Kh 9s 5s 3h", "Qs Qd 7h 4c 3d")
    assert repr(f).startswith("<ArrangementEval foul: front over middle, middle over back;")
    assert e == sss.Arrangement(TEXT).evaluate() and hash(e) == hash(sss.Arrangement(TEXT).evaluate())


def test_every_front_against_a_fixed_middle():
    # Exhaustive over the 3-card fronts drawn from the cards left: the model and the engine agree.
    middle, back = [51, 47, 46, 31, 15], [50, 49, 48, 1, 0]  # A K K 9 5 / A A A 2 2 (codes)
    rest = [c for c in range(52) if c not in middle + back]
    rule_sets = {False: sss.Rules(), True: sss.Rules(strict_order=True)}
    for front in itertools.combinations(rest, 3):
        for strict, rules in rule_sets.items():
            e = sss.check_arrangement(front, middle, back, rules)
            assert (e.front_over_middle, e.middle_over_back) == ref.foul(list(front), middle, back, strict_order=strict)
