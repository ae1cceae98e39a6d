"""Big tables (RULES.md §11): extra suits, two decks, 5 to 8 seats, five of a kind.

The engine is checked against the rules text and against the independent models of the suite:
reference.py's evaluator (five of a kind, flushes holding a pair), test_deal.py's ChaCha20
shuffle (over the bigger deck), test_settle.py's settlement model (5 to 8 seats) and a money
model of §8 below. tests/vectors/big_tables.json (written by core/tests/big_tables.rs) is read
record kind by record kind when it is there.
"""

import itertools
import json
import pathlib
import pickle
import random
from collections import Counter
from fractions import Fraction

import pytest

import reference as ref
import shisanshui as sss
from shisanshui import Card, PlayerHand
from test_deal import keystream, model_shuffle
from test_settle import model_totals

ROOT = pathlib.Path(__file__).resolve().parents[2]
BIG_TABLES = ROOT / "tests" / "vectors" / "big_tables.json"

SUITS = "dchs"
# One rule set per number of extra suits, 0 to 4: its deck seats 4 + k.
EXTRA = ["", "s", "hs", "chs", "dchs"]


def codes(cards):
    return [c.code for c in cards]


def big(extra, preset="classic", **changes):
    return sss.Rules(preset, extra_suits=extra, **changes)


# ---------------------------------------------------------------------------------------------
# The option
# ---------------------------------------------------------------------------------------------


def test_extra_suits_property_and_its_forms():
    assert sss.Rules().extra_suits == []
    assert all(sss.Rules(p).extra_suits == [] for p in sss.PRESETS)
    # Letters in code order (d c h s), whatever form and order they were given in.
    for given in ("sh", "hs", "s,h", "s h", "♠♥", ["s", "h"], ("h", "s"), [sss.Suit.SPADES, sss.Suit.HEARTS], ["S", "H"]):
        assert sss.Rules(extra_suits=given).extra_suits == ["h", "s"], given
    assert sss.Rules(extra_suits="dchs").extra_suits == ["d", "c", "h", "s"]
    assert sss.Rules(extra_suits="").extra_suits == [] == sss.Rules(extra_suits=[]).extra_suits
    r = sss.Rules("kx")
    r.extra_suits = "s"
    assert r.extra_suits == ["s"] and r.max_players == 5
    r.extra_suits = []
    assert r == sss.Rules("kx")
    assert sss.Rules().copy(extra_suits="c").extra_suits == ["c"]


def test_extra_suits_round_trip_through_json_repr_and_pickle():
    for extra in EXTRA[1:]:
        for preset in sss.PRESETS:
            r = big(extra, preset)
            letters = sorted(extra, key=SUITS.index)
            assert r.to_dict()["extra_suits"] == letters
            assert json.loads(r.to_json())["extra_suits"] == letters
            assert sss.Rules.from_json(r.to_json()) == r
            assert sss.Rules.from_dict(r.to_dict()) == r
            assert pickle.loads(pickle.dumps(r)) == r
            assert eval(repr(r), {"Rules": sss.Rules}) == r
            assert f"extra_suits={letters!r}" in repr(r)
    # JSON without the field is one deck; the field sets it.
    d = sss.Rules().to_dict()
    del d["extra_suits"]
    assert sss.Rules.from_dict(d).extra_suits == []
    d["extra_suits"] = ["s", "d"]
    assert sss.Rules.from_dict(d).extra_suits == ["d", "s"]


@pytest.mark.parametrize(
    "bad, reason",
    [
        ("sx", "unknown suit 'x'"),
        ("ss", "listed twice"),
        (["s", "s"], "listed twice"),
        (["h", sss.Suit.HEARTS], "listed twice"),
        ("j", "unknown suit"),
        (["sh"], "not one suit letter"),
        ([""], "not one suit letter"),
        ([" "], "not one suit letter"),
        ([","], "not one suit letter"),
    ],
)
def test_a_bad_suit_or_a_suit_twice_is_invalid_rules_naming_extra_suits(bad, reason):
    with pytest.raises(sss.InvalidRulesError, match=reason) as e:
        sss.Rules(extra_suits=bad)
    assert e.value.path.startswith("extra_suits") and e.value.kind == "invalid_rules"
    assert "extra_suits" in str(e.value)
    # A setter that fails leaves the rules as they were.
    r = big("s")
    with pytest.raises(sss.InvalidRulesError):
        r.extra_suits = bad
    assert r.extra_suits == ["s"]


def test_bad_extra_suits_in_json_and_wrong_types():
    for bad in (["x"], ["s", "s"], ["sh"]):
        d = sss.Rules().to_dict()
        d["extra_suits"] = bad
        with pytest.raises(sss.InvalidRulesError) as e:
            sss.Rules.from_dict(d)
        assert "extra_suits" in str(e.value)
    for bad in (4, True, None, 1.5, [1.5], [None], [3], [True]):
        with pytest.raises(TypeError, match="extra_suits"):
            sss.Rules(extra_suits=bad)
    # An endless iterable stops at its first repeat.
    with pytest.raises(sss.InvalidRulesError, match="listed twice"):
        sss.Rules(extra_suits=itertools.repeat("s"))


def test_max_players_is_4_to_8():
    assert [big(extra).max_players for extra in EXTRA] == [4, 5, 6, 7, 8]
    assert all(sss.Rules(p).max_players == 4 for p in sss.PRESETS)


def test_the_deck_has_52_plus_13_k_cards_with_the_right_copies():
    for k, extra in enumerate(EXTRA):
        r = big(extra)
        deck = sss.deck(r)
        assert len(deck) == 52 + 13 * k and all(isinstance(c, Card) for c in deck)
        # Deal order: codes 0..51, then one more copy of every card of the extra suits, ascending.
        assert codes(deck) == list(range(52)) + [c for c in range(52) if SUITS[c % 4] in extra]
        held = Counter(codes(deck))
        for c in range(52):
            copies = 2 if SUITS[c % 4] in extra else 1
            assert held[c] == copies == r.copies(c) == r.copies(Card.from_code(c)) == r.copies(ref.card_text(c))
    assert codes(sss.deck()) == list(range(52)) == codes(sss.deck("kx"))


# ---------------------------------------------------------------------------------------------
# Dealing
# ---------------------------------------------------------------------------------------------


def model_deck(seed, extra):
    """RULES.md §11's deal order: the deck in code order, then the extra suits' second copies;
    test_deal.py's shuffle (Fisher-Yates with the bounded draw of §10) on its ChaCha20 keystream."""
    deck = list(range(52)) + [c for c in range(52) if SUITS[c % 4] in extra]
    model_shuffle(deck, keystream(seed))
    return deck


def test_a_six_seat_deal_from_two_extra_suits():
    r = big("sh")
    hands = sss.deal(6, seed=7, rules=r)
    assert len(hands) == 6 and all(len(h) == 13 for h in hands)
    held = Counter(c.code for h in hands for c in h)
    assert all(n <= r.copies(code) for code, n in held.items())
    assert sum(held.values()) == 78 and held == Counter(codes(sss.deck(r)))
    # The same seed deals the same cards; another seed others.
    assert hands == sss.deal(6, 7, r) == sss.deal(players=6, seed=7, rules=r)
    assert hands != sss.deal(6, 8, rules=r)
    # The deal is the seed's shuffle of the 78-card deck, seat by seat, as the model shuffles it.
    deck = codes(sss.shuffled_deck(7, rules=r))
    assert deck == model_deck(7, "hs")
    assert [codes(h) for h in hands] == [deck[13 * p : 13 * p + 13] for p in range(6)]
    # Fewer seats are the first seats of the same shuffle.
    assert sss.deal(5, 7, rules=r) == hands[:5]


@pytest.mark.parametrize("seed", [0, 1, 99, 2**40 + 7, 2**64 - 1])
def test_deals_of_every_deck_follow_the_documented_shuffle(seed):
    for k, extra in enumerate(EXTRA):
        r = big(extra)
        deck = model_deck(seed, extra)
        assert codes(sss.shuffled_deck(seed, r)) == deck
        for players in range(2, 5 + k):
            hands = sss.deal(players, seed, rules=r)
            assert [codes(h) for h in hands] == [deck[13 * p : 13 * p + 13] for p in range(players)]


def test_no_extra_suit_is_the_one_deck_deal():
    for seed in (0, 5, 2**63):
        assert sss.deal(4, seed, rules="classic") == sss.deal(4, seed) == sss.deal(4, seed, rules=sss.Rules("hk"))
        assert sss.shuffled_deck(seed, rules=sss.Rules()) == sss.shuffled_deck(seed)
    assert model_deck(3, "") == codes(sss.shuffled_deck(3))


def test_unseeded_big_deals():
    r = big("dchs")
    hands = sss.deal(8, rules=r)
    assert Counter(c.code for h in hands for c in h) == Counter(codes(sss.deck(r)))
    assert hands != sss.deal(8, rules=r)


@pytest.mark.parametrize("k", range(5))
def test_invalid_seats_name_both_numbers(k):
    r = big(EXTRA[k])
    most = 4 + k
    for players in (0, 1, most + 1, 9, -1, 2**70):
        with pytest.raises(sss.InvalidTableError) as e:
            sss.deal(players, 1, rules=r)
        message = str(e.value)
        assert f"{players} player" in message and f"2 to {most}" in message, message
    # The seat count is checked before the cards: one arrangement at every seat will do.
    seat = "As Ks Qs / Jh Th 9h 8h 7h / 6d 5d 4d 3d 2d"
    for players in (1, most + 1):
        with pytest.raises(sss.InvalidTableError) as e:
            sss.settle([seat] * players, r)
        if players <= 8:
            assert f"{players} player" in str(e.value) and f"2 to {most}" in str(e.value)
    # Past the most seats any table has, the surface stops reading.
    with pytest.raises(sss.InvalidTableError, match="a table has 2 to 8 players, got 9$"):
        sss.settle([seat] * 9, r)


# ---------------------------------------------------------------------------------------------
# Evaluation
# ---------------------------------------------------------------------------------------------


def test_five_of_a_kind_is_category_9_and_beats_a_straight_flush():
    assert sss.Category.FIVE_OF_A_KIND == 9
    r = big("dchs")
    five = sss.evaluate("As As Ah Ah Ad", r)
    assert five.category is sss.Category.FIVE_OF_A_KIND and five.category == 9
    assert five.value >> 22 == 9 and five.top_rank is sss.Rank.ACE
    assert five > sss.evaluate("As Ks Qs Js Ts", r)
    assert sss.evaluate("2s 2s 2h 2d 2d", r) > sss.evaluate("As Ks Qs Js Ts", r)
    assert sss.evaluate("3c 3c 3h 3d 3d", r) > sss.evaluate("2s 2s 2h 2d 2d", r)
    assert "five of a kind" in five.describe()
    # One extra suit gives five of a rank too: four suits and the doubled one.
    assert sss.evaluate("Ks Ks Kh Kd Kc", big("s")).category is sss.Category.FIVE_OF_A_KIND
    # Front trips of two copies are trips.
    assert sss.evaluate("As As Ah", big("s")).category is sss.Category.THREE_OF_A_KIND


def test_a_paired_flush_is_a_flush_that_beats_a_plain_flush_of_the_same_top_card():
    r = big("s")
    paired = sss.evaluate("As As Ks 7s 2s", r)
    plain = sss.evaluate("As Ks Qs Js 9s", r)
    assert paired.category is sss.Category.FLUSH is plain.category
    assert paired > plain
    # Card by card from the highest: A Q Q 7 2 against A K Q J 9 is decided at the second card,
    # A K K 7 2 at the third.
    assert sss.evaluate("Qs Qs As 7s 2s", r) < plain < sss.evaluate("Ks Ks As 7s 2s", r)
    two_pair_flush = sss.evaluate("As As Ks Ks 2s", r)
    assert two_pair_flush.category is sss.Category.FLUSH and two_pair_flush > paired
    # Still below a full house, above a straight.
    assert sss.evaluate("2c 2d 2h 3c 3d", r) > two_pair_flush > sss.evaluate("As Kd Qh Jc Ts", r)


def test_identical_hands_tie_under_suit_tiebreak():
    r = big("dchs", suit_tiebreak=True)
    for text in ("As As Ks Qs Js", "Ah Ah Kd Kd 2c", "7s 7s 7h", "As As Ah Ah Ad"):
        a, b = sss.evaluate(text, r), sss.evaluate(" ".join(reversed(text.split())), r)
        assert a == b and not a < b and not b < a
    # Five of a kind: the same highest suit ties, a higher one wins.
    assert sss.evaluate("As As Ah Ah Ad", r) == sss.evaluate("As Ah Ah Ad Ad", r)
    assert sss.evaluate("As Ah Ah Ad Ad", r) > sss.evaluate("Ah Ah Ad Ad Ac", r)
    # Without the tie-break, suits never decide.
    plain = big("dchs")
    assert sss.evaluate("As Ah Ah Ad Ad", plain) == sss.evaluate("Ah Ah Ad Ad Ac", plain)


@pytest.mark.parametrize("extra", EXTRA[1:])
def test_evaluation_agrees_with_the_reference_model(extra):
    deck = codes(sss.deck(big(extra)))
    rng = random.Random(extra)
    for wheel in ("second_highest", "lowest"):
        for tiebreak in (False, True):
            r = big(extra, wheel=wheel, suit_tiebreak=tiebreak)
            categories = set()
            for i in range(3000):
                # Half the hands from three ranks only, so that copies are common; every tenth
                # from one rank's five or more cards (five of a kind, or front trips of copies).
                ranks = rng.sample(range(13), 1 if i % 10 == 0 else 3)
                pool = [c for c in deck if c // 4 in ranks] if i % 2 == 0 else deck
                hand = rng.sample(pool, 5 if len(pool) >= 5 and i % 4 else 3)
                value = sss.evaluate(hand, r).value
                assert value == ref.value(hand, wheel, tiebreak), [ref.card_text(c) for c in hand]
                categories.add(value >> 22)
            assert {ref.FLUSH, ref.FULL_HOUSE, ref.QUADS}.issubset(categories)
            assert ref.FIVE_OF_A_KIND in categories


def test_batches_accept_copies():
    np = pytest.importorskip("numpy")
    r = big("dchs")
    hands = np.array([codes(sss.parse_cards(t, r)) for t in ("As As Ah Ah Ad", "As As Ks 7s 2s", "As Ks Qs Js 9s")], dtype=np.uint8)
    values = sss.evaluate_many(hands, r)
    assert values.tolist() == [sss.evaluate(h.tolist(), r).value for h in hands]
    assert values[0] >> 22 == 9 and values[1] > values[2]
    fronts = np.array([[51, 51, 50], [51, 50, 49]], dtype=np.uint8)
    assert sss.evaluate_many(fronts, r).tolist() == [sss.evaluate(f.tolist(), r).value for f in fronts]
    # One deck refuses the copy; a third copy is too many.
    with pytest.raises(sss.DuplicateCardError) as e:
        sss.evaluate_many(hands, "classic")
    assert e.value.row == 0 and type(e.value) is sss.DuplicateCardError
    third = np.array([[51, 51, 51, 50, 49]], dtype=np.uint8)
    with pytest.raises(sss.TooManyCopiesError) as e:
        sss.evaluate_many(third, r)
    assert e.value.row == 0 and e.value.card == Card("As") and e.value.position == 2
    # A bit mask holds each card once: the error says where hands with copies go.
    mask = np.array([(1 << 51) | (1 << 50) | (1 << 49) | (1 << 48)], dtype=np.uint64)
    with pytest.raises(sss.WrongCardCountError, match="a bit mask holds each card once") as e:
        sss.evaluate_masks_many(mask, r)
    assert e.value.row == 0
    with pytest.raises(sss.WrongCardCountError) as e:
        sss.evaluate_masks_many(mask, "classic")
    assert "bit mask" not in str(e.value)


# ---------------------------------------------------------------------------------------------
# Copies and their errors
# ---------------------------------------------------------------------------------------------


def test_parse_cards_allows_the_decks_copies():
    r = big("s")
    cards = sss.parse_cards("As As Ks", rules=r)
    assert cards == [Card("As"), Card("As"), Card("Ks")]
    assert sss.format_cards(cards, rules=r) == "As As Ks"
    with pytest.raises(sss.DuplicateCardError):
        sss.parse_cards("As As Ks")
    with pytest.raises(sss.DuplicateCardError):
        sss.format_cards(cards)
    assert len(sss.parse_cards(" ".join(c.symbol for c in sss.deck(big("dchs"))), rules=big("dchs"))) == 104


def test_a_third_copy_raises_too_many_copies_naming_the_card():
    r = big("s")
    calls = {
        "parse_cards": lambda cards: sss.parse_cards(cards, rules=r),
        "evaluate": lambda cards: sss.evaluate(cards, r),
        "format_cards": lambda cards: sss.format_cards(cards, rules=r),
    }
    forms = ("Ks As As As Qs", ["Ks", "As", "As", "As", "Qs"], [47, 51, 51, 51, 43], [Card("Ks")] + [Card("As")] * 3 + [Card("Qs")])
    for name, call in calls.items():
        for form in forms[:1] if name == "parse_cards" else forms:
            with pytest.raises(sss.TooManyCopiesError) as e:
                call(form)
            err = e.value
            assert isinstance(err, sss.DuplicateCardError) and isinstance(err, sss.Error)
            assert err.kind == "too_many_copies" and err.card == Card("As") and err.position == 3 and err.copies == 2
            assert "As" in str(err) and "position 3" in str(err), (name, form)
    # A card of a suit the deck holds once, repeated, stays a duplicate.
    with pytest.raises(sss.DuplicateCardError) as e:
        sss.evaluate("Ah Ah Ks Qs Js", r)
    assert type(e.value) is sss.DuplicateCardError and e.value.kind == "duplicate_card" and e.value.position == 1
    # The hook that raises each kind.
    with pytest.raises(sss.TooManyCopiesError) as e:
        sss._native._raise_error("too_many_copies")
    assert (e.value.card, e.value.position, e.value.copies) == (Card("As"), 7, 2)


def test_copies_in_arrangements_specials_and_lanes():
    r = big("dchs")
    text = "As As Kd / Qs Qs Qh Qh 2c / 5d 5d 5c 5c 5h"
    a = sss.Arrangement(text, rules=r)
    assert codes(a.cards).count(51) == 2
    assert a.evaluate(r).back.category is sss.Category.FIVE_OF_A_KIND and not a.evaluate(r).is_foul
    assert sss.Arrangement.from_cards(a.cards, rules=r) == a
    assert sss.Arrangement(a.front, a.middle, a.back, rules=r) == a
    assert sss.check_arrangement(a.front, a.middle, a.back, r) == a.evaluate(r)
    assert pickle.loads(pickle.dumps(a)) == a
    assert repr(a) == f"Arrangement('{a}', rules=Rules(extra_suits='dchs'))"
    names = {"Arrangement": sss.Arrangement, "PlayerHand": PlayerHand, "Rules": sss.Rules}
    assert eval(repr(a), names) == a
    with pytest.raises(sss.DuplicateCardError):
        sss.Arrangement(text)
    # Positions count across the lanes.
    with pytest.raises(sss.TooManyCopiesError) as e:
        sss.Arrangement("As As Kd / Qs Qs Qh Qh As / 5d 5d 5c 5c 5h", rules=r)
    assert e.value.position == 7 and e.value.card == Card("As")
    with pytest.raises(sss.TooManyCopiesError) as e:
        sss.check_arrangement("As As Kd", "Qs Qs Qh Qh 2c", "5d 5d 5c 5c As", r)
    assert e.value.position == 12
    # Specials under copies (RULES.md §11): 5 + 4 + 4 is three quads under split_quads only.
    hand = "As As Ah Ah Ad Ks Ks Kh Kh Qs Qs Qh Qh"
    assert sss.Special.THREE_QUADS in sss.detect_special(hand, r).all
    assert sss.Special.THREE_QUADS not in sss.detect_special(hand, r.copy(split_quads=False)).all
    with pytest.raises(sss.DuplicateCardError):
        sss.detect_special(hand)
    with pytest.raises(sss.TooManyCopiesError):
        sss.detect_special("As As As Ah Ad Ks Ks Kh Kh Qs Qs Qh Qh", r)
    declared = PlayerHand.declare("TQ", hand, rules=r)
    assert declared.special is sss.Special.THREE_QUADS and len(declared.cards) == 13
    assert eval(repr(declared), names) == declared
    assert eval(repr(PlayerHand.arranged(a)), names) == PlayerHand.arranged(a)
    assert PlayerHand.arranged(text, rules=r).arrangement == a


def test_detect_special_many_accepts_copies():
    np = pytest.importorskip("numpy")
    r = big("dchs")
    hands = np.array(
        [
            codes(sss.parse_cards("As As Ah Ah Ad Ks Ks Kh Kh Qs Qs Qh Qh", r)),
            codes(sss.parse_cards("2s 3d 4c 5h 6s 7d 8c 9h Ts Jd Qc Kh As", r)),
            codes(sss.parse_cards("2s 2s 3d 3d 4c 4c 5h 5h 6s 6s 7d 7d 8c", r)),
        ],
        dtype=np.uint8,
    )
    best, bits = sss.detect_special_many(hands, r, all=True)
    specials = list(sss.Special)
    for row, b, a in zip(hands, best, bits):
        d = sss.detect_special(row.tolist(), r)
        assert (None if b == sss.NO_SPECIAL else specials[b]) == d.best
        assert {s for s in specials if a >> s.number & 1} == set(d.all)


# ---------------------------------------------------------------------------------------------
# Settlement and money at 5 to 8 seats
# ---------------------------------------------------------------------------------------------


def sorted_lanes(hand):
    """A quick arrangement: the five highest codes at the back, the next five in the middle (it
    may foul; fouls are settled too)."""
    c = sorted(codes(hand), reverse=True)
    return c[10:] + c[5:10] + c[:5]


FIVES = list(itertools.combinations(range(13), 5))
FIVES_OF_EIGHT = list(itertools.combinations(range(8), 5))


def greedy_lanes(hand, rules):
    """A legal arrangement when the greedy one is: the strongest five cards at the back, the
    strongest five of the other eight in the middle, the rest in front; None when it fouls."""
    np = pytest.importorskip("numpy")
    c = codes(hand)
    backs = np.array([[c[i] for i in idx] for idx in FIVES], dtype=np.uint8)
    back = backs[int(np.argmax(sss.evaluate_many(backs, rules)))].tolist()
    rest = list(c)
    for x in back:
        rest.remove(x)
    middles = np.array([[rest[i] for i in idx] for idx in FIVES_OF_EIGHT], dtype=np.uint8)
    middle = middles[int(np.argmax(sss.evaluate_many(middles, rules)))].tolist()
    for x in middle:
        rest.remove(x)
    if sss.check_arrangement(rest, middle, back, rules).is_foul:
        return None
    return rest + middle + back


def big_round(rules, players, seed, declare=True):
    """A dealt round at a big table: every other seat that makes a special declares it, the
    others play greedy lanes (or, every third seat and when those foul, sorted ones). Returns
    the seats as PlayerHands and as test_settle.py's model seats."""
    seats, model = [], []
    for i, hand in enumerate(sss.deal(players, seed, rules=rules)):
        special = sss.detect_special(hand, rules).best if declare and i % 2 == 0 else None
        if special is not None:
            seats.append(PlayerHand.declare(special, hand, rules=rules))
            model.append(("special", str(special), codes(hand)))
        else:
            lanes = (None if i % 3 == 2 else greedy_lanes(hand, rules)) or sorted_lanes(hand)
            seats.append(PlayerHand.arranged(lanes, rules=rules))
            model.append(("arranged", lanes))
    return seats, model


@pytest.mark.parametrize("preset", ["classic", "regional", "kx", "hk", "ranked", "chinese_poker"])
def test_settlement_at_5_to_8_seats_sums_to_zero_and_agrees_with_the_model(preset):
    events = Counter()
    for k in range(1, 5):
        r = big(EXTRA[k], preset)
        for players in range(5, 5 + k):
            for seed in range(4):
                seats, model = big_round(r, players, seed * 31 + players, declare=preset != "chinese_poker")
                s = sss.settle(seats, r)
                assert s.seat_count == players and len(s.totals) == players
                assert sum(s.totals) == 0 and sum(s.totals_units) == 0
                assert list(s.totals_units) == [t * sss.WATER_DENOMINATOR for t in s.totals]
                assert all(sss.WATER_DENOMINATOR % t.denominator == 0 for t in s.totals)
                assert list(s.totals_units) == model_totals(model, r), (preset, k, players, seed)
                assert len(s.pairs) == players * (players - 1) // 2
                events.update(e.kind for e in s.events)
    # The rounds hold fouls, and shots where the rules pay them.
    assert events["foul"] > 0
    assert (events["shot"] > 0) == (preset != "chinese_poker")


def test_settle_many_at_5_to_8_seats_equals_settle():
    np = pytest.importorskip("numpy")
    for k in range(1, 5):
        r = big(EXTRA[k])
        for players in range(5, 5 + k):
            rounds = [big_round(r, players, seed, declare=False)[0] for seed in range(5)]
            tables = np.array([[codes(p.cards) for p in seats] for seats in rounds], dtype=np.uint8)
            units = sss.settle_many(tables, r, threads=2)
            assert units.dtype == np.int64 and units.shape == (5, players)
            assert units.tolist() == [list(sss.settle(seats, r).totals_units) for seats in rounds]


def test_ranked_shares_among_five_to_eight_players_are_exact():
    # A declared special paid by 5 to 7 normal players: w / p each, a whole number of 1/840ths.
    r = big("dchs", "ranked")
    for players in range(6, 9):
        for seed in range(200):
            seats, model = big_round(r, players, seed)
            if sum(seat.kind == "special" for seat in seats) == 1:
                break
        else:
            pytest.fail(f"no round with one special at {players} seats")
        s = sss.settle(seats, r)
        assert list(s.totals_units) == model_totals(model, r)
        assert sum(s.totals) == 0


def test_banker_mode_at_eight_seats():
    r = big("dchs", "classic", table="banker")
    seats, model = big_round(r, 8, 11, declare=False)
    for banker in (0, 7):
        s = sss.settle(seats, r, banker=banker)
        assert s.banker == banker and len(s.pairs) == 7 and sum(s.totals) == 0
        assert list(s.totals_units) == model_totals(model, r, banker)
    with pytest.raises(sss.InvalidTableError, match="not at the table"):
        sss.settle(seats, r, banker=8)


def test_a_home_run_shoots_seven_seats():
    r = big("dchs")
    strong = sss.Arrangement("Qs Qs Qh / Ks Ks Kh Kh Kd / As As Ah Ah Ad", rules=r)
    rest = codes(sss.deck(r))
    for c in codes(strong.cards):
        rest.remove(c)
    lanes = strong.evaluate(r)
    for seed in range(50):
        random.Random(seed).shuffle(rest)
        others = [greedy_lanes([Card.from_code(c) for c in rest[13 * p : 13 * p + 13]], r) for p in range(7)]
        if all(o is not None and sss.evaluate(o[:3], r) < lanes.front for o in others):
            break
    else:
        pytest.fail("no seven legal seats below the strong one")
    seats = [PlayerHand.arranged(strong)] + [PlayerHand.arranged(o, rules=r) for o in others]
    s = sss.settle(seats, r)
    assert s.home_run_seat == 0 and sum(s.totals) == 0
    assert sorted(e.victim for e in s.events if e.kind == "shot" and e.seat == 0) == list(range(1, 8))
    model = [("arranged", codes(seat.cards)) for seat in seats]
    assert list(s.totals_units) == model_totals(model, r)


def test_settle_copies_across_the_table():
    r = big("s")
    a = "As Ks Qs / Jh Th 9h 8h 7h / 6d 5d 4d 3d 2d"
    b = "As Kc Qc / Jd Td 9d 8d 6c / 5c 4c 3c 2c 7c"
    s = sss.settle([a, b], r)
    assert sum(s.totals) == 0
    with pytest.raises(sss.DuplicateCardError):
        sss.settle([a, b])
    c = "As Kh Qh / Jc Tc 9c 8c 6h / 5h 4h 3h 2h Ad"
    with pytest.raises(sss.TooManyCopiesError) as e:
        sss.settle([a, b, c], r)
    assert e.value.card == Card("As") and e.value.position == 26
    np = pytest.importorskip("numpy")
    table = np.array([[codes(sss.Arrangement(t, rules=r).cards) for t in (a, b, c)]], dtype=np.uint8)
    with pytest.raises(sss.TooManyCopiesError) as e:
        sss.settle_many(table, r)
    assert e.value.row == 0 and e.value.position == 26


def model_money(water, base, carries=None, rake=Fraction(0)):
    """RULES.md §8 from the text: raw, the carry cap, the larger side scaled to the smaller
    (truncating toward zero), the rake on positive results; what is left is the house's."""

    def trunc(x):
        return int(x)  # int() truncates a Fraction toward zero

    capped = [trunc(w * base) for w in water]
    if carries is not None:
        capped = [max(-c, min(c, x)) for x, c in zip(capped, carries)]
    wins = sum(x for x in capped if x > 0)
    losses = -sum(x for x in capped if x < 0)
    scaled = []
    for x in capped:
        if wins < losses and x < 0:
            x = trunc(Fraction(x * wins, losses))
        elif losses < wins and x > 0:
            x = trunc(Fraction(x * losses, wins))
        scaled.append(x)
    amounts = [trunc(x * (1 - rake)) if x > 0 else x for x in scaled]
    taken = sum(s - a for s, a in zip(scaled, amounts))
    return amounts, taken, taken - sum(scaled)


def test_money_at_eight_seats():
    r = big("dchs", "ranked")
    carries = [500, 2000, 100, 3000, 800, 50, 10000, 1200]
    checked = 0
    for seed in range(40):
        seats, _ = big_round(r, 8, seed)
        s = sss.settle(seats, r)
        for base, rake in ((100, Fraction(5, 100)), (7, Fraction(0)), (1000, Fraction(1, 3))):
            for cap in (None, carries):
                m = s.money(base, cap, rake)
                assert len(m.amounts) == 8 and sum(m.amounts) + m.house == 0
                assert (list(m.amounts), m.rake, m.house) == model_money(s.totals, base, cap, rake)
                assert m == sss.settle_money(s.totals, base, cap, rake)
                assert [line.water for line in m.lines] == list(s.totals)
                checked += 1
    assert checked == 240
    # Eight seats with fractions of 1/7 and 1/8 (denominators dividing 840).
    water = [Fraction(1, 7), Fraction(-1, 7), Fraction(3, 8), Fraction(-3, 8), Fraction(5, 6), Fraction(-5, 6), 4, -4]
    m = sss.settle_money(water, 840)
    assert list(m.amounts) == [120, -120, 315, -315, 700, -700, 3360, -3360] and m.house == 0
    with pytest.raises(sss.InvalidTableError, match="got 9"):
        sss.settle_money([0] * 9, 1)
    with pytest.raises(sss.InvalidArgumentError, match="840ths"):
        sss.settle_money([Fraction(1, 9), Fraction(-1, 9)], 1)
    e = sss.escape(8, 3, 100)
    assert e.amounts == (100, 100, 100, -1800, 100, 100, 100, 100) and e.unclaimed == 1100


def test_water_denominator():
    assert sss.WATER_DENOMINATOR == 840
    s = sss.settle(["As Ks Qs / Jh Th 9h 8h 7h / 6d 5d 4d 3d 2d", "Ac Kc Qc / Jd Td 9d 8d 6c / 5c 4c 3c 2c 7c"])
    assert s.totals_units == tuple(t * 840 for t in s.totals)
    assert not hasattr(s, "totals_twelfths")


# ---------------------------------------------------------------------------------------------
# The arranger and the simulation are the engine's at big tables: the surface passes them on
# ---------------------------------------------------------------------------------------------


def test_the_arranger_refuses_copies_under_one_deck():
    hand = "As As Ah Ah Ad Ks Ks Kh Kh Qs Qs Qh Qh"
    for call in (sss.auto_arrange, sss.suggest, sss.special_advice, sss.Arranger().arrange):
        with pytest.raises(sss.DuplicateCardError) as e:
            call(hand)
        assert e.value.position == 1


def test_the_arranger_plays_hands_with_copies():
    r = big("dchs")
    hand = sss.parse_cards("As As Ah Ah Ad Ks Ks Kh Kh Qs Qs Qh Qh", rules=r)
    arranged = sss.auto_arrange(hand, r, 4)
    assert sorted(codes(arranged.arrangement.cards)) == sorted(codes(hand))
    assert not arranged.arrangement.evaluate(r).is_foul
    assert sss.Arranger(r, 4).arrange(hand) == arranged
    assert sss.suggest(hand, r, players=4)[0].arrangement == arranged.arrangement


@pytest.mark.parametrize("players", [5, 8])
def test_arrangers_and_simulations_at_big_tables(players):
    r = big("dchs")
    arranger = sss.Arranger(r, players)
    assert arranger.players == players and arranger.rules == r
    for hand in sss.deal(players, players, rules=r):
        arranged = arranger.arrange(hand)
        assert sorted(codes(arranged.arrangement.cards)) == sorted(codes(hand))
        assert not arranged.arrangement.evaluate(r).is_foul
        assert sss.auto_arrange(hand, r, players) == arranged
    report = sss.simulate(r, players, rounds=2, threads=1)
    assert report.players == players and report.hands == 2 * players
    # Past the deck's seats the engine's error names both numbers.
    with pytest.raises(sss.InvalidTableError, match="2 to 5"):
        sss.Arranger(big("s"), 6)


def test_complete_keeps_fixed_lanes_with_copies():
    r = big("dchs")
    hand = "As As Ah Ah Ad Ks Ks Kh Kh Qs Qs Qh Qh"
    arranged = sss.Arranger(r, 6).complete(hand, back="As As Ah Ah Ad")
    assert sorted(codes(arranged.arrangement.back)) == sorted(codes(sss.parse_cards("As As Ah Ah Ad", r)))
    with pytest.raises(sss.CardNotInHandError):
        sss.Arranger(r, 6).complete(hand, back="As As Ah Ah Ac")


def test_combos_of_hands_with_copies():
    r = big("dchs")
    hand = "As As Ah Ah Ad Ks Ks Kh Kh Qs Qs Qh Qh"
    fives = sss.combos(hand, sss.Category.FIVE_OF_A_KIND, r)
    assert [sorted(codes(c.cards)) for c in fives] == [sorted(codes(sss.parse_cards("As As Ah Ah Ad", r)))]


# ---------------------------------------------------------------------------------------------
# The shared vectors (tests/vectors/big_tables.json, written by core/tests/big_tables.rs)
# ---------------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def big_vectors():
    if not BIG_TABLES.exists():
        pytest.skip(f"{BIG_TABLES} is not written yet (core/tests/big_tables.rs, UPDATE_VECTORS=1)")
    data = json.loads(BIG_TABLES.read_text(encoding="utf-8"))
    assert data["version"] == 1
    return data


def vector_rules(record):
    """The record's rule set: its preset (classic when it names none) with its extra suits and
    whichever options it records."""
    changes = {"extra_suits": record.get("extra_suits", "")}
    for option in ("wheel", "suit_tiebreak", "split_quads", "strict_order", "table"):
        if option in record:
            changes[option] = record[option]
    return sss.Rules(record.get("preset", "classic"), **changes)


def vector_seat(seat, rules):
    """A seat of a record; `rules` is the deck its own cards are read with (the call's rules
    check the table)."""
    if "special" in seat:
        return PlayerHand.declare(seat["special"], seat["cards"], rules=rules)
    c = seat["arranged"]
    return PlayerHand.arranged(c[:3], c[3:8], c[8:], rules=rules)


def error_class(name):
    """`too_many_copies` -> TooManyCopiesError: the CamelCase name and Error."""
    return getattr(sss, "".join(part.title() for part in name.split("_")) + "Error")


def test_vector_deals(big_vectors):
    deals = big_vectors["deals"]
    assert deals and any(d["players"] > 4 for d in deals)
    for d in deals:
        r = vector_rules(d)
        what = (d["extra_suits"], d["players"], d["seed"])
        assert codes(sss.shuffled_deck(d["seed"], r)) == d["deck"], what
        assert model_deck(d["seed"], d["extra_suits"]) == d["deck"], what
        assert [codes(h) for h in sss.deal(d["players"], d["seed"], rules=r)] == d["hands"], what
        if not d["extra_suits"]:
            assert [codes(h) for h in sss.deal(d["players"], d["seed"])] == d["hands"], what
    # The six-seat deal from "sh" and a one-deck deal are among them.
    assert any(d["players"] == 6 and sorted(d["extra_suits"]) == ["h", "s"] for d in deals)
    assert any(d["extra_suits"] == "" for d in deals)


def test_vector_evaluations(big_vectors):
    records = big_vectors["evaluations"]
    assert records and any(rec["category"] == 9 for rec in records)
    for rec in records:
        r = vector_rules(rec)
        rank = sss.evaluate(rec["cards"], r)
        assert (rank.value, int(rank.category)) == (rec["value"], rec["category"]), rec
        assert ref.value(rec["cards"], rec["wheel"], rec["suit_tiebreak"]) == rec["value"], rec
        assert sss.evaluate(sss.format_cards(rec["cards"], rules=r), r) == rank


def test_vector_specials(big_vectors):
    records = big_vectors["specials"]
    assert records
    for rec in records:
        d = sss.detect_special(rec["cards"], vector_rules(rec))
        assert (None if d.best is None else str(d.best)) == rec["best"], rec
        assert [str(s) for s in d.all] == rec["all"], rec


def test_vector_settlements(big_vectors):
    records = big_vectors["settlements"]
    assert records and any(len(rec["seats"]) > 4 for rec in records)
    for k, rec in enumerate(records):
        r = vector_rules(rec)
        seats = [vector_seat(seat, r) for seat in rec["seats"]]
        s = sss.settle(seats, r, banker=rec.get("banker"))
        what = f"settlement {k}"
        assert [{"num": t.numerator, "den": t.denominator} for t in s.totals] == rec["totals"], what
        assert list(s.totals_units) == rec["units"], what
        model = [
            ("special", seat["special"], seat["cards"]) if "special" in seat else ("arranged", seat["arranged"])
            for seat in rec["seats"]
        ]
        assert model_totals(model, r, rec.get("banker")) == rec["units"], what


def test_vector_settlements_in_a_batch(big_vectors):
    np = pytest.importorskip("numpy")
    records = [rec for rec in big_vectors["settlements"] if all("arranged" in seat for seat in rec["seats"])]
    assert records
    for k, rec in enumerate(records):
        table = np.array([[seat["arranged"] for seat in rec["seats"]]], dtype=np.uint8)
        units = sss.settle_many(table, vector_rules(rec), banker=rec.get("banker"))
        assert units.tolist() == [rec["units"]], f"settlement {k}"


def call_of(rec):
    """The call an error record names, on its inputs."""
    kind = rec["kind"]
    if kind == "rules_json":
        return lambda: sss.Rules.from_json(rec["json"])
    r = vector_rules(rec)
    if kind == "evaluate":
        return lambda: sss.evaluate(rec["cards"], r)
    if kind == "deal":
        return lambda: sss.deal(rec["players"], rec.get("seed", 0), rules=r)
    if kind == "settle":
        # The core builds these seats on two decks and lets the settlement check them against
        # the record's deck (table size first, then the cards across the table).
        two_decks = big("dchs")
        return lambda: sss.settle([vector_seat(seat, two_decks) for seat in rec["seats"]], r, banker=rec.get("banker"))
    if kind == "parse":
        return lambda: sss.parse_cards(rec["text"], rules=r)
    raise AssertionError(f"unknown error record kind {kind!r}")


def test_vector_errors(big_vectors):
    records = big_vectors["errors"]
    assert records and any(rec["error"] == "too_many_copies" for rec in records)
    for rec in records:
        with pytest.raises(sss.Error) as e:
            call_of(rec)()
        assert type(e.value) is error_class(rec["error"]), rec
        assert e.value.kind == rec["error"] and str(e.value) == rec["message"], rec
