"""理牌 hints: ``combos`` and ``Arranger.complete`` against the shared vectors
tests/vectors/hints.json (written and proven by the Rust side: ffi/tests/hints_vectors.rs and
core/tests/hints.rs), a brute force over the subsets of small hands written here, and bad input."""

import itertools
import json
import pathlib
import random

import pytest

import shisanshui as sss
from shisanshui import Category

ROOT = pathlib.Path(__file__).resolve().parents[2]
VECTORS = ROOT / "tests" / "vectors" / "hints.json"
ERRORS = {
    "bad_card_code": sss.BadCardCodeError,
    "duplicate_card": sss.DuplicateCardError,
    "wrong_card_count": sss.WrongCardCountError,
    "invalid_argument": sss.InvalidArgumentError,
    "card_not_in_hand": sss.CardNotInHandError,
    "no_legal_arrangement": sss.NoLegalArrangementError,
}
_ARRANGERS = {}


@pytest.fixture(scope="module")
def vectors():
    assert VECTORS.exists(), f"{VECTORS} is missing: run the ffi test hints_vectors"
    doc = json.loads(VECTORS.read_text(encoding="utf-8"))
    assert doc["version"] == 1
    return doc


def rules_of(rec):
    r = sss.Rules.preset("classic")
    r.wheel = rec["wheel"]
    r.suit_tiebreak = rec["suit_tiebreak"]
    return r


def arranger(preset, players):
    key = (preset, players)
    if key not in _ARRANGERS:
        _ARRANGERS[key] = sss.Arranger(preset, players)
    return _ARRANGERS[key]


def codes(cards):
    return [c.code for c in cards]


def test_vector_combos(vectors):
    rows = vectors["combos"]
    assert len(rows) >= 300
    for rec in rows:
        got = sss.combos(rec["codes"], Category(rec["category"]), rules=rules_of(rec))
        assert [codes(c.cards) for c in got] == rec["combos"], rec
        for c in got:
            assert c.category == rec["category"] and len(c) == len(c.cards)
            assert c.fits_front == (c.category in (Category.ONE_PAIR, Category.THREE_OF_A_KIND))
        # The card order given changes nothing; a plain int category is accepted too.
        shuffled = list(rec["codes"])
        random.Random(len(shuffled)).shuffle(shuffled)
        assert sss.combos(shuffled, rec["category"], rules=rules_of(rec)) == got


def test_vector_completions(vectors):
    rows = vectors["complete"]
    assert len(rows) >= 20
    for rec in rows:
        a = arranger(rec["preset"], rec["players"])
        got = a.complete(rec["codes"], front=rec["fixed_front"], middle=rec["fixed_middle"], back=rec["fixed_back"])
        arr = got.arrangement
        assert (codes(arr.front), codes(arr.middle), codes(arr.back)) == (rec["front"], rec["middle"], rec["back"])
        assert [int(c) for c in got.categories] == rec["categories"]
        assert got.expected_water == pytest.approx(rec["expected_water"], abs=1e-9)
        assert not sss.check_arrangement(arr.front, arr.middle, arr.back, rules=a.rules).is_foul
        if not (rec["fixed_front"] or rec["fixed_middle"] or rec["fixed_back"]):
            assert got == a.arrange(rec["codes"])


def test_vector_errors(vectors):
    rows = vectors["errors"]
    kinds = {rec["kind"] for rec in rows}
    assert {"card_not_in_hand", "no_legal_arrangement", "invalid_argument", "duplicate_card"} <= kinds
    for rec in rows:
        cls = ERRORS[rec["kind"]]
        with pytest.raises(cls) as e:
            if rec["call"] == "combos":
                sss.combos(rec["codes"], rec["category"], rules=rules_of(rec))
            else:
                arranger(rec["preset"], rec["players"]).complete(
                    rec["codes"], front=rec["fixed_front"], middle=rec["fixed_middle"], back=rec["fixed_back"]
                )
        assert type(e.value) is cls and e.value.kind == rec["kind"], rec
        if "position" in rec:
            assert e.value.position == rec["position"], rec


def shape(core):
    """The category a set of 2 to 5 cards makes on its own, by counting (no engine)."""
    ranks = sorted((c.code // 4 for c in core), reverse=True)
    counts = sorted((ranks.count(r) for r in set(ranks)), reverse=True)
    suited = len({c.code % 4 for c in core}) == 1
    run = len(set(ranks)) == 5 and (ranks[0] - ranks[4] == 4 or ranks == [12, 3, 2, 1, 0])
    return {
        (2, (2,)): Category.ONE_PAIR,
        (3, (3,)): Category.THREE_OF_A_KIND,
        (4, (4,)): Category.FOUR_OF_A_KIND,
        (4, (2, 2)): Category.TWO_PAIR,
        (5, (3, 2)): Category.FULL_HOUSE,
    }.get((len(core), tuple(counts))) or (
        None
        if len(core) != 5 or counts != [1] * 5
        else (Category.STRAIGHT_FLUSH if run and suited else Category.STRAIGHT if run else Category.FLUSH if suited else None)
    )


@pytest.mark.parametrize("seed", range(20))
def test_brute_force_over_subsets(seed):
    rng = random.Random(seed)
    deck = list(range(16, 44)) if seed % 2 else list(range(52))
    hand = [sss.Card.from_code(c) for c in rng.sample(deck, rng.randint(5, 13))]
    size = {Category.ONE_PAIR: 2, Category.THREE_OF_A_KIND: 3, Category.TWO_PAIR: 4, Category.FOUR_OF_A_KIND: 4}
    for cat in [c for c in Category if c not in (Category.HIGH_CARD, Category.FIVE_OF_A_KIND)]:
        got = sss.combos(hand, cat)
        # The same entries as every subset of that shape, each rank pattern (or, for flushes,
        # card set) once, from its highest cards.
        groups = {}
        for core in itertools.combinations(hand, size.get(cat, 5)):
            if shape(core) != cat:
                continue
            mask = sum(1 << c.code for c in core)
            key = mask if cat in (Category.FLUSH, Category.STRAIGHT_FLUSH) else tuple(sorted(c.code // 4 for c in core))
            groups[key] = max(groups.get(key, 0), mask)
        assert sorted(sum(1 << c.code for c in combo.cards) for combo in got) == sorted(groups.values())
        # Strongest first: a five-card combination's rank never rises down the list.
        if size.get(cat, 5) == 5:
            ranks = [sss.evaluate(list(c.cards)).value >> 2 for c in got]
            assert ranks == sorted(ranks, reverse=True)


def test_examples_and_reprs():
    hand = "Ks Kh Kd 9s 9c 5h 6h 7h 8h 4c 2d 3d Ad"
    pairs = sss.combos(hand, Category.ONE_PAIR)
    assert [str(c.cards[0]) + str(c.cards[1]) for c in pairs] == ["KsKh", "9s9c"]
    assert repr(pairs[0]) == "<Combo one pair: Ks Kh>"
    assert pairs[0] == sss.combos(hand, 1)[0] and hash(pairs[0]) == hash(sss.combos(hand, 1)[0])
    low = sss.combos(hand, Category.STRAIGHT, rules="hk")  # the wheel ranks lowest there
    assert sss.Rules.preset("hk").wheel == sss.Wheel.LOWEST
    assert [str(c) for c in low[-1].cards] == ["Ad", "5h", "4c", "3d", "2d"]
    with pytest.raises(sss.InvalidArgumentError, match="more than one deck"):
        sss.combos(hand, Category.FIVE_OF_A_KIND)

    a = arranger("classic", 4)
    full = "As Ad Kh Kc 9s 9d 7h 6c 5d 4s 3h 2c Jd"
    got = a.complete(full, front="Jd As Ad")
    assert sorted(str(c) for c in got.arrangement.front) == ["Ad", "As", "Jd"]
    assert got.expected_water == a.expected_water(got.arrangement)
    assert a.complete(full) == a.arrange(full)


def test_bad_input():
    hand = "As Ad Kh Kc 9s 9d 7h 6c 5d 4s 3h 2c Jd"
    with pytest.raises(sss.InvalidArgumentError, match="high card"):
        sss.combos(hand, Category.HIGH_CARD)
    for bad in (10, -1, 2**70):
        with pytest.raises(sss.InvalidArgumentError):
            sss.combos(hand, bad)
    for wrong_type in (True, 1.0, None, b"pair"):
        with pytest.raises(TypeError):
            sss.combos(hand, wrong_type)
    # A name is read as the command line reads it; an unknown one is an InvalidArgumentError.
    assert sss.combos(hand, "pair") == sss.combos(hand, Category.ONE_PAIR)
    with pytest.raises(sss.InvalidArgumentError, match="unknown category"):
        sss.combos(hand, "pears")
    with pytest.raises(sss.WrongCardCountError):
        sss.combos(list(range(14)), Category.ONE_PAIR)
    a = arranger("classic", 4)
    with pytest.raises(sss.CardNotInHandError) as e:
        a.complete(hand, back="Kh Kc 9s 9d Qs")
    assert (str(e.value.card), e.value.position, e.value.kind) == ("Qs", 12, "card_not_in_hand")
    assert str(e.value) == "card Qs at position 12 is not in the hand"
    with pytest.raises(sss.DuplicateCardError) as e:
        a.complete(hand, middle="Kh Kc 9s 9d Kh")  # within a lane: found while reading it
    assert e.value.position == 7
    with pytest.raises(sss.DuplicateCardError) as e:
        a.complete(hand, front="As Ad Jd", back="Ad Kh Kc 9s 9d")  # across lanes: the engine
    assert e.value.position == 8
    with pytest.raises(sss.WrongCardCountError):
        a.complete(hand, front="As Ad")
    with pytest.raises(sss.NoLegalArrangementError, match="back"):
        a.complete(hand, back="2c 3h 4s 6c 7h")
    with pytest.raises(TypeError):
        a.complete(hand, front=3)
    # The private hook maps both new kinds to their classes.
    for kind, cls in (("card_not_in_hand", sss.CardNotInHandError), ("no_legal_arrangement", sss.NoLegalArrangementError)):
        with pytest.raises(cls) as e:
            sss._native._raise_error(kind)
        assert e.value.kind == kind and issubclass(cls, sss.Error)
