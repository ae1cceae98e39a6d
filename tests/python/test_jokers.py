"""Wild jokers (RULES.md §12) through the Python package, against tests/vectors/jokers.json."""

import json
import pickle
from fractions import Fraction
from pathlib import Path

import pytest

import shisanshui as sss

VECTORS = json.loads((Path(__file__).resolve().parents[2] / "tests" / "vectors" / "jokers.json").read_text("utf-8"))
RULES = {r["name"]: sss.Rules.from_json(r["json"]) for r in VECTORS["rules"]}

ERRORS = {
    "bad_card_code": sss.BadCardCodeError,
    "duplicate_card": sss.DuplicateCardError,
    "too_many_copies": sss.TooManyCopiesError,
    "joker_not_in_deck": sss.JokerNotInDeckError,
    "invalid_rules": sss.InvalidRulesError,
}


def codes(cards):
    return [c.code for c in cards]


def test_rule_sets_load_and_round_trip():
    assert VECTORS["version"] == 1
    for record in VECTORS["rules"]:
        r = RULES[record["name"]]
        assert r.to_json() == record["json"], record["name"]
        assert sss.Rules.from_json(r.to_json()) == r
        assert pickle.loads(pickle.dumps(r)) == r
    j2 = RULES["classic_j2"]
    assert j2.jokers == 2 and j2.joker_lanes == "each_best" and j2.jokers_in_specials is False
    assert RULES["classic_j2_avoid"].joker_lanes == "avoid_foul"
    assert RULES["classic"].jokers == 0
    # Rules without jokers write none of the joker fields (existing JSON is unchanged).
    assert "joker" not in sss.Rules().to_json()


def test_rules_keywords_and_properties():
    r = sss.Rules(jokers=2, joker_lanes="avoid_foul")
    assert (r.jokers, r.joker_lanes) == (2, "avoid_foul")
    assert r == sss.Rules.from_json(r.to_json())
    assert "jokers=2" in repr(r) and "joker_lanes='avoid_foul'" in repr(r)
    assert eval(repr(r), vars(sss)) == r
    r.jokers = 4
    assert r.jokers == 4 and len(sss.deck(r)) == 56
    assert codes(sss.deck(r))[52:] == [52, 53, 52, 53]
    assert r.copy(jokers=0).jokers == 0


@pytest.mark.parametrize(
    "changes, path",
    [
        ({"jokers": 7}, "jokers"),
        ({"jokers": -1}, "jokers"),
        ({"joker_lanes": "greedy"}, "joker_lanes"),
        ({"jokers": 2, "jokers_in_specials": True}, "jokers_in_specials"),
    ],
)
def test_bad_joker_rules_name_the_field(changes, path):
    with pytest.raises(sss.InvalidRulesError) as e:
        sss.Rules(**changes)
    assert e.value.path == path and e.value.kind == "invalid_rules"
    r = sss.Rules(jokers=2)
    with pytest.raises(sss.InvalidRulesError):
        for k, v in changes.items():
            setattr(r, k, v)
        r.validate()


def test_setter_leaves_rules_unchanged_on_error():
    r = sss.Rules(jokers=2)
    with pytest.raises(sss.InvalidRulesError) as e:
        r.jokers = 7
    assert e.value.path == "jokers" and r.jokers == 2
    with pytest.raises(TypeError):
        r.joker_lanes = 1
    with pytest.raises(TypeError):
        r.jokers_in_specials = "yes"


def test_cards():
    j2 = RULES["classic_j2"]
    for record in VECTORS["cards"]:
        card = sss.Card(record["text"])
        assert card.code == record["code"] and str(card) == record["display"], record
        assert codes(sss.parse_cards(record["text"], j2)) == [record["code"]]
        assert sss.format_cards([record["code"]], j2) == record["display"]
    assert sss.format_cards([52, 53, 0], j2) == "SJ BJ 2d"
    assert repr(sss.Card("SJ")) == "Card('SJ')"


def test_a_joker_under_rules_without_jokers_names_the_card():
    with pytest.raises(sss.JokerNotInDeckError) as e:
        sss.parse_cards("As SJ Kd")
    assert e.value.position == 1 and e.value.card == sss.Card("SJ") and e.value.jokers == 0
    assert e.value.kind == "joker_not_in_deck"
    assert isinstance(e.value, sss.Error)
    with pytest.raises(sss.JokerNotInDeckError) as e:
        sss.format_cards(["As", "BJ"], "classic")
    assert e.value.position == 1
    with pytest.raises(sss.JokerNotInDeckError):
        sss.evaluate("As Ah Ad Ac SJ")
    # Codes 52/53 under one deck stay bad codes.
    with pytest.raises(sss.BadCardCodeError):
        sss.format_cards([0, 52])


def test_a_second_small_joker_under_two_jokers():
    with pytest.raises(sss.DuplicateCardError) as e:
        sss.parse_cards("SJ 2c SJ", RULES["classic_j2"])
    assert e.value.position == 2 and not isinstance(e.value, sss.TooManyCopiesError)
    with pytest.raises(sss.DuplicateCardError) as e:
        sss.format_cards([52, 0, "SJ"], sss.Rules(jokers=2))
    assert e.value.position == 2


def test_deals():
    for record in VECTORS["deals"]:
        r = RULES[record["rules"]]
        hands = sss.deal(record["players"], record["seed"], r)
        assert [codes(h) for h in hands] == record["hands"], record
        deck = codes(sss.shuffled_deck(record["seed"], r))
        assert deck[: 13 * record["players"]] == [c for h in record["hands"] for c in h]
        assert len(deck) == 52 + 13 * len(r.extra_suits) + r.jokers


def test_lanes():
    for record in VECTORS["lanes"]:
        r = RULES[record["rules"]]
        rank = sss.evaluate(record["codes"], r)
        assert rank.value == record["value"], record
        assert int(rank.category) == record["category"], record
        played, rank2 = sss.evaluate_played(record["codes"], r)
        assert codes(played) == record["played"] and rank2 == rank, record
        if "text" in record:
            assert codes(sss.parse_cards(record["text"], r)) == record["codes"]


def test_arrangements_under_both_readings():
    readings = set()
    for record in VECTORS["arrangements"]:
        r = RULES[record["rules"]]
        readings.add(r.joker_lanes)
        a = sss.Arrangement(record["front"], record["middle"], record["back"], rules=r)
        ev = a.evaluate(r)
        assert ev.front_over_middle == record["front_over_middle"], record
        assert ev.middle_over_back == record["middle_over_back"], record
        assert [ev.front.value, ev.middle.value, ev.back.value] == record["values"], record
        p = a.played(r)
        assert [codes(p.front), codes(p.middle), codes(p.back)] == record["played"], record
        ev2 = sss.check_arrangement(record["front"], record["middle"], record["back"], r)
        assert ev2 == ev
        # An arrangement with jokers survives repr and pickle with a deck that deals them.
        assert pickle.loads(pickle.dumps(a)) == a
        assert eval(repr(a), vars(sss)) == a
    assert readings == {"each_best", "avoid_foul"}


def test_specials():
    for record in VECTORS["specials"]:
        d = sss.detect_special(record["codes"], RULES[record["rules"]])
        best = None if d.best is None else str(d.best)
        assert best == record["best"], record


def test_rounds():
    for record in VECTORS["rounds"]:
        r = RULES[record["rules"]]
        seats = [sss.Arrangement.from_cards(s, rules=r) for s in record["seats"]]
        s = sss.settle(seats, r)
        assert list(s.totals) == [Fraction(t) for t in record["totals"]], record


def test_arranged():
    for record in VECTORS["arranged"]:
        r = RULES[record["rules"]]
        got = sss.Arranger(r, record["players"]).arrange(record["codes"])
        a = got.arrangement
        assert [codes(a.front), codes(a.middle), codes(a.back)] == [
            record["front"],
            record["middle"],
            record["back"],
        ], record
        assert got.expected_water == pytest.approx(record["expected_water"], abs=1e-6), record


def test_errors():
    for record in VECTORS["errors"]:
        with pytest.raises(sss.Error) as e:
            if "rules_json" in record:
                sss.Rules.from_json(record["rules_json"])
            elif "text" in record:
                sss.parse_cards(record["text"], RULES[record["rules"]])
            else:
                sss.format_cards(record["codes"], RULES[record["rules"]])
        assert type(e.value) is ERRORS[record["kind"]], record
        assert e.value.kind == record["kind"], record
        if "position" in record:
            assert e.value.position == record["position"], record
        if "path" in record:
            assert e.value.path == record["path"], record


def test_batches_keep_refusing_jokers():
    np = pytest.importorskip("numpy")
    with pytest.raises(sss.Error):
        sss.evaluate_many(np.array([[51, 50, 48, 49, 52]], dtype=np.uint8), RULES["classic_j2"])


def test_joker_not_in_deck_maps_beside_duplicate_card():
    assert issubclass(sss.JokerNotInDeckError, sss.Error)
    assert sss.JokerNotInDeckError.__base__ is sss.DuplicateCardError.__base__
    with pytest.raises(sss.JokerNotInDeckError) as e:
        sss._native._raise_error("joker_not_in_deck")
    assert (e.value.kind, e.value.position, e.value.jokers, str(e.value.card)) == ("joker_not_in_deck", 4, 0, "SJ")
