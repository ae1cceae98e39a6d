"""理牌 hints with wild jokers (RULES.md §12): ``combos`` offers the combinations a joker makes
and holds the joker (``SJ``, ``BJ``) in their cards; ``Arranger.complete`` takes a joker fixed in a
lane or left free, returns it in the lanes, and never a foul under the rule set's
``joker_lanes``. Oracles: a brute force written here over every subset and every card for the
joker (the pairs and trips of a short hand), RULES.md §12's example of the two readings, and the
library's foul check (the engine is proven against a full brute force in
core/tests/joker_hints.rs)."""

import itertools

import pytest

import shisanshui as sss
from shisanshui import Category


def joker_rules(lanes="each_best", jokers=2):
    return sss.Rules(jokers=jokers, joker_lanes=lanes)


def text(cards):
    return " ".join(str(c) for c in cards)


def test_pairs_and_trips_against_brute_force():
    rules = joker_rules()
    hand = sss.parse_cards("Ks Kd Qh 9s 8s 7s 6d 3c 2h SJ", rules)
    for cat, k in ((Category.ONE_PAIR, 2), (Category.THREE_OF_A_KIND, 3)):
        want = set()
        for sub in itertools.combinations(hand, k):
            naturals = [c.code for c in sub if not c.is_joker]
            # Every card of the 52 for each joker of the subset.
            for subs in itertools.product(range(52), repeat=k - len(naturals)):
                ranks = {code // 4 for code in naturals + list(subs)}
                if len(ranks) == 1:
                    want.add(ranks.pop())
        got = sss.combos(hand, cat, rules)
        assert {c.cards[-1].code // 4 for c in got} == want, cat
        for c in got:
            assert len(c) == k
            # Cards of the hand, highest code first: a joker first.
            assert [x.code for x in c.cards] == sorted((x.code for x in c.cards), reverse=True)
            assert all(x in hand for x in c.cards)
            # Fewest jokers: the kings without it.
            jokers = sum(x.is_joker for x in c.cards)
            naturals_of_rank = sum(1 for x in hand if not x.is_joker and x.code // 4 == c.cards[-1].code // 4)
            assert jokers == max(0, k - naturals_of_rank), c


def test_combos_hold_the_joker():
    rules = joker_rules()
    hand = sss.parse_cards("Ks Kd Qh 9s 8s 7s 6d 3c 2h SJ", rules)
    pairs = sss.combos(hand, "pair", rules)
    assert text(pairs[0].cards) == "Ks Kd"
    assert text(pairs[1].cards) == "SJ Qh"
    assert pairs[1].cards[0] == sss.Card.SMALL_JOKER and pairs[1].fits_front
    trips = sss.combos(hand, Category.THREE_OF_A_KIND, rules)
    assert [text(c.cards) for c in trips] == ["SJ Ks Kd"]
    straights = sss.combos(hand, "straight", rules)
    assert [text(c.cards) for c in straights] == ["SJ 9s 8s 7s 6d"] * 2
    flushes = sss.combos(hand, "flush", rules)
    assert text(flushes[0].cards) == "SJ Ks 9s 8s 7s"
    # What the joker stands for, read as a lane: the strongest flush is A K 9 8 7 of spades.
    played, rank = sss.evaluate_played(flushes[0].cards, rules)
    assert text(played) == "As Ks 9s 8s 7s" and rank.category == Category.FLUSH
    five = sss.combos(sss.parse_cards("As Ah Ac Ad SJ 2c", rules), "five_of_a_kind", rules)
    assert [text(c.cards) for c in five] == ["SJ As Ah Ac Ad"]
    # A hand without a joker under a joker rule set holds no five of a kind; no error.
    assert sss.combos(hand[:9], "five_of_a_kind", rules) == []
    with pytest.raises(sss.JokerNotInDeckError):
        sss.combos(["SJ", "Ks", "Kd"], "pair", sss.Rules())


# RULES.md §12's example: back K K 9 9 3, middle Q Q J 5 + joker.
HAND = "Ks Kh 9s 9h 3c Qs Qh Jd 5c SJ 4d 2c 7h"
BACK = "Ks Kh 9s 9h 3c"
MIDDLE = "Qs Qh Jd 5c SJ"


@pytest.mark.parametrize("lanes", ["each_best", "avoid_foul"])
def test_complete_with_a_joker(lanes):
    rules = joker_rules(lanes)
    arranger = sss.Arranger(rules, 4)
    hand = sss.parse_cards(HAND, rules)
    if lanes == "each_best":
        with pytest.raises(sss.NoLegalArrangementError):
            arranger.complete(hand, middle=MIDDLE, back=BACK)
    else:
        best = arranger.complete(hand, middle=MIDDLE, back=BACK)
        a = best.arrangement
        assert a.middle[0] == sss.Card.SMALL_JOKER
        e = a.evaluate(rules)
        assert not e.is_foul and e.middle.category == Category.TWO_PAIR
        assert text(e.played.middle).split()[0][0] == "J"
    for fixed in ({"back": BACK}, {"front": "SJ 4d 2c"}, {"middle": MIDDLE}):
        try:
            best = arranger.complete(hand, **fixed)
        except sss.NoLegalArrangementError:
            assert lanes == "each_best" and "middle" in fixed
            continue
        a = best.arrangement
        assert sorted(c.code for c in a.front + a.middle + a.back) == sorted(c.code for c in hand)
        assert not a.evaluate(rules).is_foul
        assert sss.Card.SMALL_JOKER in a.front + a.middle + a.back
        assert best.expected_water == pytest.approx(arranger.expected_water(a))
    with pytest.raises(sss.CardNotInHandError):
        arranger.complete(hand, middle="Qs Qh Jd 5c BJ")


def test_a_combination_shows_what_its_jokers_stand_for():
    room = sss.Rules("classic", jokers=2)
    pairs = sss.combos("Ks Kd Qh 9s 8s 7s 6d 3c 2h SJ", "pair", room)
    assert not pairs[0].has_jokers and pairs[0].played == pairs[0].cards
    joker_pair = pairs[1]
    assert joker_pair.has_jokers and str(joker_pair.cards[0]) == "SJ"
    played = joker_pair.played
    assert len(played) == len(joker_pair.cards) and not any(c.is_joker for c in played)
    assert played[0].rank == joker_pair.cards[1].rank  # the joker pairs the queen
    five = sss.combos("As Ah Ac Ad SJ 2c", "five_of_a_kind", room)[0]
    assert five.has_jokers and all(c.rank == sss.Rank.ACE for c in five.played)
