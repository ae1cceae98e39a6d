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
    assert j2.jokers == 2 and j2.joker_lanes is sss.JokerLanes.EACH_BEST and j2.jokers_in_specials is False
    assert RULES["classic_j2_avoid"].joker_lanes is sss.JokerLanes.AVOID_FOUL
    assert RULES["classic_j2_avoid"].to_dict()["joker_lanes"] == "avoid_foul"
    assert RULES["classic"].jokers == 0
    # Rules without jokers write none of the joker fields (existing JSON is unchanged).
    assert "joker" not in sss.Rules().to_json()


def test_rules_keywords_and_properties():
    r = sss.Rules(jokers=2, joker_lanes="avoid_foul")
    assert (r.jokers, r.joker_lanes) == (2, "avoid_foul")
    assert r.joker_lanes is sss.JokerLanes.AVOID_FOUL and str(r.joker_lanes) == "avoid_foul"
    assert sss.Rules(joker_lanes=sss.JokerLanes.AVOID_FOUL) == sss.Rules(joker_lanes="AVOID_FOUL")
    assert sss.Rules("kx", jokers=1).to_dict()["jokers"] == 1
    assert sss.Rules.from_dict({"preset": "hk", "jokers": 4, "joker_lanes": "avoid_foul"}).jokers == 4
    assert r == sss.Rules.from_json(r.to_json())
    assert "jokers=2" in repr(r) and "joker_lanes='avoid_foul'" in repr(r)
    assert eval(repr(r), vars(sss)) == r
    r.jokers = 4
    assert r.jokers == 4 and len(sss.deck(r)) == 56
    assert codes(sss.deck(r))[52:] == [52, 53, 52, 53]
    assert r.copy(jokers=0).jokers == 0
    r.joker_lanes = sss.JokerLanes.EACH_BEST
    assert r.joker_lanes is sss.JokerLanes.EACH_BEST
    # The deck of jokers = j holds SJ ceil(j/2) times and BJ floor(j/2) times (RULES.md §12).
    for j in range(7):
        rj = sss.Rules(jokers=j)
        assert (rj.copies("SJ"), rj.copies(sss.Card.BIG_JOKER)) == ((j + 1) // 2, j // 2)
        assert len(sss.deck(rj)) == 52 + j and rj.max_players == 4
    assert sss.Rules(jokers=2).copies(52) == 1
    with pytest.raises(sss.BadCardCodeError):
        sss.Rules().copies(52)


@pytest.mark.parametrize(
    "changes, path",
    [
        ({"jokers": 7}, "jokers"),
        ({"jokers": -1}, "jokers"),
        ({"joker_lanes": "greedy"}, "joker_lanes"),
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
        assert sss.Card.from_code(record["code"], rules=j2) == card
        assert card.is_joker and card.rank is None and card.suit is None and card.symbol == record["display"]
    assert sss.format_cards([52, 53, 0], j2) == "SJ BJ 2d"
    assert repr(sss.Card("SJ")) == "Card('SJ')"
    assert sss.Card.SMALL_JOKER == sss.Card("小王") == sss.Card("sj") and sss.Card.SMALL_JOKER.code == 52
    assert sss.Card.BIG_JOKER == sss.Card("大王") == sss.Card("Bj") and str(sss.Card.BIG_JOKER) == "BJ"
    assert pickle.loads(pickle.dumps(sss.Card("BJ"))) == sss.Card.BIG_JOKER
    assert sorted([sss.Card("BJ"), sss.Card("As"), sss.Card("SJ"), sss.Card("2d")]) == [
        sss.Card("2d"),
        sss.Card("As"),
        sss.Card("SJ"),
        sss.Card("BJ"),
    ]
    ace = sss.Card("As")
    assert not ace.is_joker and ace.rank is sss.Rank.ACE and ace.suit is sss.Suit.SPADES
    assert sss.Card.all()[-1] == ace and len(sss.Card.all()) == 52


def test_joker_codes_only_where_the_rules_deal_jokers():
    # A card on its own has no rule set: its text names a joker, but a bare int code is read as
    # one only with a rule set that deals jokers (as every list of codes is).
    with pytest.raises(sss.BadCardCodeError) as e:
        sss.Card.from_code(52)
    assert e.value.code == 52
    with pytest.raises(sss.BadCardCodeError):
        sss.Card.from_code(53, rules="classic")
    with pytest.raises(sss.BadCardCodeError):
        sss.Card.from_code(54, rules=sss.Rules(jokers=6))
    assert sss.Card.from_code(52, rules=sss.Rules(jokers=1)) == sss.Card.SMALL_JOKER
    with pytest.raises(sss.JokerNotInDeckError) as e:
        sss.Card.from_code(53, rules=sss.Rules(jokers=1))
    assert (e.value.card, e.value.position, e.value.jokers) == (sss.Card.BIG_JOKER, 0, 1)
    assert sss.Card.from_code(7, rules="hk") == sss.Card("3s")
    with pytest.raises(TypeError, match="from_code"):
        sss.Card(52)
    with pytest.raises(TypeError):
        sss.Card.from_code(True, rules=RULES["classic_j2"])


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
    assert e.value.card == sss.Card.SMALL_JOKER
    with pytest.raises(sss.DuplicateCardError) as e:
        sss.format_cards([52, 0, "SJ"], sss.Rules(jokers=2))
    assert e.value.position == 2
    # Two jokers are one SJ and one BJ: SJ BJ SJ has a small joker once too often.
    with pytest.raises(sss.DuplicateCardError) as e:
        sss.evaluate("SJ BJ SJ", sss.Rules(jokers=2))
    assert e.value.position == 2


def test_a_third_small_joker_under_four_jokers():
    r = sss.Rules(jokers=4)
    assert codes(sss.parse_cards("SJ SJ BJ BJ", r)) == [52, 52, 53, 53]
    with pytest.raises(sss.TooManyCopiesError) as e:
        sss.parse_cards("SJ 2c SJ SJ", r)
    assert (e.value.position, e.value.copies, e.value.card) == (3, 2, sss.Card.SMALL_JOKER)
    assert e.value.kind == "too_many_copies"
    with pytest.raises(sss.TooManyCopiesError) as e:
        sss.Arrangement("SJ SJ 2c", "3c 4c 5c 6c SJ", "8d 9d Td Jd Qd", rules=r)
    assert e.value.position == 7
    # Five jokers deal SJ three times.
    assert codes(sss.parse_cards("SJ SJ SJ", sss.Rules(jokers=5))) == [52, 52, 52]


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
        assert ev.played == p and ev.is_foul == (record["front_over_middle"] or record["middle_over_back"])
        assert a.has_jokers == any(c >= 52 for c in record["front"] + record["middle"] + record["back"])
        ev2 = sss.check_arrangement(record["front"], record["middle"], record["back"], r)
        assert ev2 == ev and ev2.played == p
        # The played lanes hold no joker, and each lane is worth its value played that way (the
        # cards a joker stands for may repeat a card: valued with every suit doubled).
        assert not p.has_jokers
        doubled = r.copy(jokers=0, extra_suits="dchs")
        for lane, value in zip((p.front, p.middle, p.back), record["values"]):
            if max(codes(lane).count(c) for c in codes(lane)) <= 2:
                assert sss.evaluate(lane, doubled).value == value, record
        # An arrangement with jokers survives repr and pickle with a deck that deals them.
        assert pickle.loads(pickle.dumps(a)) == a
        assert eval(repr(a), vars(sss)) == a
    assert readings == {"each_best", "avoid_foul"}


def test_specials():
    on = 0
    for record in VECTORS["specials"]:
        r = RULES[record["rules"]]
        d = sss.detect_special(record["codes"], r)
        best = None if d.best is None else str(d.best)
        assert best == record["best"], record
        assert [str(s) for s in d.all] == record["all"], record
        got = None if d.arrangement is None else str(d.arrangement)
        assert got == record["arrangement"], record
        on += r.jokers_in_specials and d.best is not None
    assert on > 0, "vectors of specials made with jokers"


def test_specials_with_jokers_in_specials():
    room = sss.Rules("classic", jokers=2, jokers_in_specials=True)
    assert room.jokers_in_specials is True
    # Twelve spades and two jokers: the jokers stand for the missing ranks.
    hand = "2s 3s 4s 5s 6s 7s 8s 9s Ts Js Qs SJ BJ"
    assert str(sss.detect_special(hand, room).best) == "SD"
    assert sss.detect_special(hand, room.copy(jokers_in_specials=False)).best is None
    # Three straights with a joker: the arrangement holds the joker, and the advice declares.
    hand = "As 2h SJ 4c 5d 6h 7s 8c 8d 9h Tc Js Qd"
    d = sss.detect_special(hand, room)
    assert str(d.best) == "TS" and d.arrangement.has_jokers
    assert sorted(c.code for c in d.arrangement.cards) == sorted(c.code for c in sss.parse_cards(hand, room))
    advice = sss.Arranger(room, 4).special_advice(hand)
    assert advice is not None and str(advice.special) == "TS"


def test_rounds():
    for record in VECTORS["rounds"]:
        r = RULES[record["rules"]]
        seats = [sss.Arrangement.from_cards(s, rules=r) for s in record["seats"]]
        s = sss.settle(seats, r)
        assert list(s.totals) == [Fraction(t) for t in record["totals"]], record
        assert sum(s.totals) == 0 and all(isinstance(t, Fraction) for t in s.totals)
        for seat, a in zip(s.seats, seats):
            assert seat.eval == a.evaluate(r) and seat.eval.played == a.played(r), record
        # The same round from text and from codes.
        assert sss.settle([str(a) for a in seats], r).totals == s.totals
        assert sss.settle([sss.PlayerHand.arranged(a) for a in seats], r).totals == s.totals


def test_a_round_with_a_joker_the_rules_do_not_deal():
    record = VECTORS["rounds"][0]
    r = RULES[record["rules"]]
    seats = [sss.Arrangement.from_cards(s, rules=r) for s in record["seats"]]
    joker_seat = next(i for i, a in enumerate(seats) if a.has_jokers)
    with pytest.raises(sss.JokerNotInDeckError) as e:
        sss.settle(seats, "classic")
    assert e.value.card.is_joker and e.value.position // 13 == joker_seat and e.value.jokers == 0


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


def test_joker_not_in_deck_maps_beside_duplicate_card():
    assert issubclass(sss.JokerNotInDeckError, sss.Error)
    assert sss.JokerNotInDeckError.__base__ is sss.DuplicateCardError.__base__
    with pytest.raises(sss.JokerNotInDeckError) as e:
        sss._native._raise_error("joker_not_in_deck")
    assert (e.value.kind, e.value.position, e.value.jokers, str(e.value.card)) == ("joker_not_in_deck", 4, 0, "SJ")


def test_lanes_played_against_the_played_cards():
    # A lane played as its jokers stand for is worth what the lane with jokers is worth (the
    # played cards may repeat a card: a joker stands for any of the 52, RULES.md §12).
    checked = 0
    for record in VECTORS["lanes"]:
        r = RULES[record["rules"]]
        played, rank = sss.evaluate_played(record["codes"], r)
        assert not any(c.is_joker for c in played)
        if max(codes(played).count(c) for c in codes(played)) <= 2:
            assert sss.evaluate(played, r.copy(jokers=0, extra_suits="dchs")).value == rank.value, record
            checked += 1
    assert checked > 20
    played, rank = sss.evaluate_played("As Ah Ad Ac SJ", RULES["classic_j2"])
    assert rank.category is sss.Category.FIVE_OF_A_KIND and codes(played)[:4] == [51, 50, 48, 49]
    played, rank = sss.evaluate_played("SJ BJ 7d", RULES["classic_j2"])
    assert rank.category is sss.Category.THREE_OF_A_KIND and [c.rank for c in played] == [sss.Rank.SEVEN] * 3
    # Without jokers the lane is played as given.
    assert sss.evaluate_played("As Kd Qh", RULES["classic_j2"])[0] == sss.parse_cards("As Kd Qh")


def test_the_foul_check_under_both_readings():
    # RULES.md §12's example: back K K 9 9 3, middle Q Q J 5 + joker.
    front, middle, back = "4c 3d 2h", "Qs Qh Jd 5c SJ", "Ks Kh 9s 9h 3c"
    each = sss.check_arrangement(front, middle, back, RULES["classic_j2"])
    assert each.is_foul and each.middle_over_back and each.middle.category is sss.Category.THREE_OF_A_KIND
    avoid = sss.check_arrangement(front, middle, back, RULES["classic_j2_avoid"])
    assert not avoid.is_foul and avoid.middle.category is sss.Category.TWO_PAIR
    assert [c.rank for c in avoid.played.middle].count(sss.Rank.JACK) == 2
    assert avoid.played.back == sss.Arrangement(front, middle, back, rules=RULES["classic_j2"]).back
    a = sss.Arrangement(front, middle, back, rules=RULES["classic_j2"])
    assert a.evaluate(RULES["classic_j2"]) == each and a.evaluate(RULES["classic_j2_avoid"]) == avoid
    assert a.played(RULES["classic_j2"]).middle != a.played(RULES["classic_j2_avoid"]).middle
    # Equal by value alone: the same ranks and flags compare equal whatever was played.
    assert hash(avoid) == hash(sss.check_arrangement(front, middle, back, RULES["classic_j2_avoid"]))


def test_an_arrangement_with_jokers_under_rules_without_them():
    a = sss.Arrangement("4c 3d 2h / Qs Qh Jd 5c SJ / Ks Kh 9s 9h 3c", rules=sss.Rules(jokers=1))
    for call in (a.evaluate, a.played):
        with pytest.raises(sss.JokerNotInDeckError) as e:
            call("classic")
        assert e.value.position == 7 and e.value.card == sss.Card.SMALL_JOKER
    with pytest.raises(sss.JokerNotInDeckError):
        sss.Arranger("classic", 4).expected_water(a)
    with pytest.raises(sss.JokerNotInDeckError) as e:
        sss.check_arrangement("4c 3d 2h", "Qs Qh Jd 5c BJ", "Ks Kh 9s 9h 3c", sss.Rules(jokers=1))
    assert e.value.position == 7 and e.value.jokers == 1
    with pytest.raises(sss.JokerNotInDeckError):
        sss.Arrangement("4c 3d 2h / Qs Qh Jd 5c SJ / Ks Kh 9s 9h 3c")
    # Under a rule set that deals it, all is well; an arrangement without jokers needs none.
    assert a.evaluate(sss.Rules(jokers=1)).is_foul
    assert not a.evaluate(sss.Rules(jokers=1, joker_lanes="avoid_foul")).is_foul
    plain = sss.Arrangement("4c 3d 2h / Qs Qh Jd 5c 5d / Ks Kh 9s 9h 3c")
    assert plain.played(sss.Rules(jokers=2)) == plain and plain.evaluate().played == plain
    # repr and pickle name the deck the jokers need.
    assert repr(a) == f"Arrangement('{a}', rules=Rules(jokers=1))"
    b = sss.Arrangement("SJ SJ BJ / Qs Qh Jd 5c 5d / Ks Kh 9s 9h 3c", rules=sss.Rules(jokers=4))
    assert "jokers=3" in repr(b) and eval(repr(b), vars(sss)) == b and pickle.loads(pickle.dumps(b)) == b
    hand = sss.PlayerHand.arranged(b)
    assert eval(repr(hand), vars(sss)) == hand


def test_deals_hold_jokers():
    r = sss.Rules(jokers=6)
    seen = 0
    for seed in range(20):
        deck = sss.shuffled_deck(seed, r)
        assert sorted(codes(deck)) == sorted(codes(sss.deck(r)))
        hands = sss.deal(4, seed, r)
        assert [c for h in hands for c in h] == deck[:52]
        seen += sum(c.is_joker for h in hands for c in h)
    assert seen > 0
    # Jokers add no seat.
    with pytest.raises(sss.InvalidTableError):
        sss.deal(5, 1, r)
    # Without jokers the deal is the one-deck deal, card for card.
    assert sss.deal(4, 7, sss.Rules(jokers=0)) == sss.deal(4, 7)
    assert all(not c.is_joker for h in sss.deal(4, 7) for c in h)


@pytest.mark.parametrize("name", ["classic_j2", "classic_j2_avoid"])
def test_arranger_plays_jokers_under_both_readings(name):
    r = RULES[name]
    arranger = sss.Arranger(r, 4)
    hands = [h for seed in range(6) for h in sss.deal(4, seed, r) if any(c.is_joker for c in h)][:3]
    assert hands
    for hand in hands:
        got = arranger.arrange(hand)
        a = got.arrangement
        assert sorted(codes(a.cards)) == sorted(codes(hand))
        assert not a.evaluate(r).is_foul and a.has_jokers
        assert arranger.expected_water(a) == pytest.approx(got.expected_water, abs=1e-9)
        assert sss.auto_arrange(hand, r, 4).arrangement == a
        suggestions = arranger.suggest(hand, 3)
        assert suggestions and suggestions[0].arrangement == a
        for s in suggestions:
            assert sorted(codes(s.arrangement.cards)) == sorted(codes(hand))
            assert not s.arrangement.evaluate(r).is_foul
        # A hand holding a joker makes no special (jokers_in_specials is off).
        assert sss.detect_special(hand, r).best is None
        assert arranger.special_advice(hand) is None and sss.special_advice(hand, r, 4) is None
        # Completing with no lane fixed is arranging; a pair hint may hold a joker.
        assert arranger.complete(hand).arrangement == a
        assert all(len(c.cards) == 2 for c in sss.combos(hand, sss.Category.ONE_PAIR, r))
    with pytest.raises(sss.JokerNotInDeckError):
        sss.Arranger("classic", 4).arrange(hands[0])


def test_arranged_matches_the_vectors_under_both_readings():
    names = {record["rules"] for record in VECTORS["arranged"]}
    assert {RULES[n].joker_lanes for n in names} == set(sss.JokerLanes)


def test_simulate_deals_and_plays_jokers():
    r = sss.Rules(jokers=4)
    with_jokers = sss.simulate(r, 4, 40, 3)
    assert with_jokers.fouls == 0 and with_jokers.hands == 160
    assert with_jokers.to_dict() != sss.simulate("classic", 4, 40, 3).to_dict()
    assert sss.simulate(r, 4, 40, 3).to_dict() == with_jokers.to_dict()
    avoid = sss.simulate(r.copy(joker_lanes="avoid_foul"), 4, 40, 3, policy="greedy")
    assert avoid.rounds == 40


def test_joker_not_in_deck_is_a_card_error_like_duplicate_card():
    assert sss.JokerNotInDeckError.__mro__[1:] == sss.DuplicateCardError.__mro__[1:]
    assert issubclass(sss.JokerNotInDeckError, ValueError)
    assert "JokerNotInDeckError" in sss.__all__ and "JokerLanes" in sss.__all__
    assert sss.JokerNotInDeckError.__doc__ and "joker" in sss.JokerNotInDeckError.__doc__.lower()
